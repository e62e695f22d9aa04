"""The full-screen board of `gateruler play` (and `watch`), built with Textual.

A thin face on gateruler.play_session: every decision goes through the same
`PlaySession` the line mode uses (choices, phase letters, confirmations,
undo, save, replay), and the board only draws the game and turns keys and
clicks into those calls.  Layout, top to bottom: the rift's side and yours,
pinned (units with ATK/HP/STK and damage, LIFE, damage zone, deck and
graveyard counts, set and field zones, the rift's next attacks during your
main phase); in the middle the story pane (scrolling) beside the current
question with its choices and the card pane (the card under the cursor, in
full); at the bottom your hand or drive zone and the keys.

Whatever the session asks (a choice of yours now, and later a response in a
priority window of the rift's turn) is shown as "the question" with its
choices: the board never needs to know whose turn asked it.

Watching: a `Watcher` supplies the decisions instead of the player (a bot,
or the actions of a replay), step by step or at a pace.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from gateruler.engine import (
    INVADER,
    PLAYER,
    RULER,
    Action,
    Activate,
    Attack,
    Choose,
    Discount,
    Game,
    PlayEvent,
    PlayField,
    SetCard,
    Summon,
)
from gateruler.play_session import HELP, Line, PlaySession, full_card_lines
from gateruler.render import (
    COLUMN_TITLES,
    COLUMNS,
    action_words,
    fit,
    header,
    keyword_words,
    rift_attack_preview,
    ruler_status,
    set_and_field_words,
    side_summary,
    unit_cell,
)
from gateruler.variants import of_game

ROOMY_HEIGHT = 34  # rows from which units get three lines
STORY_KINDS = {"story": "", "rift": "red", "info": "", "error": "yellow", "result": "bold green"}

KEYS_HELP = """\
Keys: a attack phase · e end the turn · 1-9 a choice (type 10 and up, then Enter) · 0 back
      u undo · s save · r replay file · w auto-pass in the rift's turn · ? this help · q quit
Mouse: click a choice to take it; point at a unit or a card to see it in full.
Arrows move through the choices; the card pane shows the card of the highlighted one."""


# ---------------------------------------------------------------------- small widgets
class UnitCell(Static):
    """One zone of the table: its unit's name, numbers, damage and keywords; hover or click shows the card."""

    def __init__(self, side: int, slot: int, **kwargs: object) -> None:
        super().__init__("", **kwargs)  # type: ignore[arg-type]
        self.side = side
        self.slot = slot
        self.iid: int | None = None

    def show(self, game: Game, width: int, roomy: bool) -> None:
        """Name, then numbers, then damage, rest and keywords: on their own line when there is room, else after the numbers."""
        unit = game.unit_at(self.side, self.slot)
        self.iid = None if unit is None else unit.iid
        lines = unit_cell(game, self.side, self.slot, width)
        if not roomy and len(lines) > 2:
            lines = [lines[0], fit(f"{lines[1]}  {lines[2]}", width)]
        text = Text(lines[0], style="bold" if unit is not None else "dim")
        for line in lines[1:]:
            text.append("\n" + line)
        self.update(text)

    def on_enter(self, event: events.Enter) -> None:
        if self.iid is not None:
            self.app.show_card(self.iid)  # type: ignore[attr-defined]

    def on_click(self, event: events.Click) -> None:
        self.on_enter(None)  # type: ignore[arg-type]


class HandCard(Static):
    """A card in the hand or drive zone."""

    def __init__(self, iid: int, label: str, **kwargs: object) -> None:
        super().__init__(label, **kwargs)  # type: ignore[arg-type]
        self.iid = iid

    def on_enter(self, event: events.Enter) -> None:
        self.app.show_card(self.iid)  # type: ignore[attr-defined]

    def on_click(self, event: events.Click) -> None:
        self.app.pick_card(self.iid)  # type: ignore[attr-defined]


class Confirm(ModalScreen[str]):
    """A question with a few lettered answers, e.g. y / n; the answers are clickable, Escape says n."""

    def __init__(self, question: str, answers: Sequence[tuple[str, str]]) -> None:
        super().__init__()
        self.question = question
        self.answers = list(answers)  # (key, words)

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.question, id="question")
            with Horizontal(id="buttons"):
                for key, words in self.answers:
                    yield Static(f" {key} {words} ", id=f"answer-{key}", classes="button")

    def on_key(self, event: events.Key) -> None:
        event.stop()
        keys = [key for key, _ in self.answers]
        if event.character in keys:
            self.dismiss(event.character)
        elif event.key == "escape":
            self.dismiss("n")

    def on_click(self, event: events.Click) -> None:
        widget = event.widget
        if widget is not None and widget.id and widget.id.startswith("answer-"):
            self.dismiss(widget.id.removeprefix("answer-"))


class AskPath(ModalScreen[str]):
    """A file name for save or replay, prefilled with the last one."""

    BINDINGS = [Binding("escape", "cancel", "cancel")]

    def __init__(self, question: str, value: str) -> None:
        super().__init__()
        self.question = question
        self.value = value

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.question, id="question")
            yield Input(value=self.value, id="path")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip())

    def action_cancel(self) -> None:
        self.dismiss("")


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,question_mark,q,enter", "close", "close")]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(KEYS_HELP + "\n\n" + HELP, id="question")

    def action_close(self) -> None:
        self.dismiss(None)

    def on_click(self, event: events.Click) -> None:
        self.dismiss(None)


# ---------------------------------------------------------------------- watching
class Watcher:
    """Who decides when the board is watched: `next(game)` gives the next action, or None when there is none."""

    def __init__(self, decide: Callable[[Game], Action | None], title: str) -> None:
        self.decide = decide
        self.title = title

    def next(self, game: Game) -> Action | None:
        return self.decide(game)


# ---------------------------------------------------------------------- the app
class BoardApp(App[int]):
    """The board.  `code` is the exit code: 0 when the game ended or the player left."""

    ENABLE_COMMAND_PALETTE = False

    CSS = """
    Screen { layout: vertical; }
    #rift-head { height: 1; padding: 0 1; }
    #you-head { height: 2; padding: 0 1; }
    #preview { height: 1; padding: 0 1; color: $warning; }
    .row { height: 2; padding: 0 1; }
    UnitCell { width: 1fr; height: 2; }
    .roomy .row, .roomy UnitCell { height: 3; }
    .roomy #rift-head { height: 2; }
    .roomy #you-head { height: 3; }
    #titles { height: 1; padding: 0 1; color: $text-muted; }
    #middle { height: 1fr; }
    #story { width: 1fr; border: round $primary; }
    #side { width: 50%; }
    #choices { height: auto; max-height: 75%; border: round $accent; }
    #card { height: 1fr; min-height: 3; border: round $secondary; padding: 0 1; }
    #hand { height: 1; padding: 0 1; }
    .roomy #hand { height: 2; }
    .hand-title { width: auto; }
    HandCard { width: auto; padding: 0 1; }
    #dialog { width: 70; height: auto; max-height: 90%; border: thick $accent; background: $surface; padding: 1 2; }
    ModalScreen { align: center middle; }
    #buttons { height: 1; margin-top: 1; }
    .button { width: auto; margin-right: 2; background: $accent; }
    """

    BINDINGS = [
        Binding("a", "phase('a')", "attack"),
        Binding("e", "phase('e')", "end turn"),
        Binding("u", "undo", "undo"),
        Binding("w", "auto_pass", "auto-pass", show=False),  # listed by ? (the footer keeps to 80 columns)
        Binding("s", "save", "save"),
        Binding("question_mark", "help", "help"),
        Binding("q", "quit_game", "quit"),
        Binding("ctrl+c", "quit_game", "quit", show=False, priority=True),
        Binding("r", "replay", "replay", show=False),
        Binding("space", "step", "step", show=False),
        Binding("p", "pause", "pause", show=False),
    ]

    def __init__(
        self,
        session: PlaySession,
        opening: Sequence[Line] = (),
        *,
        watcher: Watcher | None = None,
        pace: float | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        self.opening_lines = list(opening)
        self.watcher = watcher
        self.pace = pace
        self.paused = pace is None
        self.code = 0
        self.digits = ""
        self.card_iid: int | None = None
        self.watch_ended = False
        self._hand_shown: tuple | None = None

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Static(id="rift-head")
        with Horizontal(classes="row", id="rift-row"):
            for slot in COLUMNS:
                yield UnitCell(INVADER, slot)
        yield Static(id="titles")
        with Horizontal(classes="row", id="you-row"):
            for slot in COLUMNS:
                yield UnitCell(PLAYER, slot)
        yield Static(id="you-head")
        yield Static(id="preview")
        with Horizontal(id="middle"):
            yield RichLog(id="story", wrap=True, min_width=20, markup=False)
            with Vertical(id="side"):
                yield OptionList(id="choices")
                yield Static(id="card")
        yield Horizontal(id="hand")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "gateruler"
        self.session.width = 10_000  # the story pane wraps to its own width
        self.query_one("#story", RichLog).border_title = "story"
        self.query_one("#card", Static).border_title = "card"
        self.tell(self.opening_lines)
        self.refresh_board()
        if self.watcher is not None and self.pace is not None:
            self.set_interval(self.pace, self._tick)

    # ------------------------------------------------------------------ drawing
    def tell(self, lines: Sequence[Line]) -> None:
        """Story, notes and errors go to the story pane; the board and the menu are drawn by their widgets."""
        log = self.query_one("#story", RichLog)
        for line in lines:
            if line.kind in STORY_KINDS:
                log.write(Text(line.text, style=STORY_KINDS[line.kind]))

    @property
    def roomy(self) -> bool:
        """A tall terminal: three lines a unit and the rift's ATK on its own line."""
        return (self.size.height or 24) >= ROOMY_HEIGHT

    def on_resize(self, event: events.Resize) -> None:
        self.screen.set_class(self.roomy, "roomy")
        self.refresh_board()

    def refresh_board(self) -> None:
        game = self.session.game
        width = self.size.width or 80
        roomy = self.roomy
        self.screen.set_class(roomy, "roomy")
        level = game.setup.level
        rift_words = f'THE RIFT  L{level.number} "{level.name}"  ' + (
            side_summary(game, INVADER) if roomy else _short_summary(game, INVADER)
        )
        rift_ruler = f"the rift itself: ATK {game.atk(INVADER, RULER)} STK {game.stk(INVADER, RULER)}" + "".join(
            f", {k}" for k in keyword_words(game.keywords(INVADER, RULER))
        )
        readings = of_game(game.setup.rules, game.setup.opponent)
        variants = (
            f"rule variants: {readings.words()}" if readings.changed() else ""
        )  # not the defaults: always in sight
        if roomy:
            rift = Text(header(game, width - 2), style="bold")
            rift.append(f"\n{rift_words}   {rift_ruler}" + (f"   {variants}" if variants else ""), style="red")
        else:
            rift = Text(
                fit(f"{_turn_words(game)} | {rift_words}" + (f" | {variants}" if variants else ""), width - 2),
                style="bold red",
            )
        self.query_one("#rift-head", Static).update(rift)
        col = max((width - 2) // 3, 10)
        titles = "".join(f"-- {COLUMN_TITLES[slot]} ".ljust(col - 1, "-") + " " for slot in COLUMNS)
        self.query_one("#titles", Static).update(titles)
        for cell in self.query(UnitCell):
            cell.show(game, col - 2, roomy)
        you = Text(fit(f"YOU  {game.setup.ruler.name}  " + side_summary(game, PLAYER), width - 2), style="bold cyan")
        if not roomy:
            you = Text(
                fit(f"YOU  {game.setup.ruler.name}  " + _short_summary(game, PLAYER), width - 2), style="bold cyan"
            )
        if roomy:
            you.append("\n" + fit(ruler_status(game), width - 2) + "\n" + fit(set_and_field_words(game), width - 2))
        else:
            you.append("\n" + fit(ruler_status(game) + "   " + set_and_field_words(game), width - 2))
        self.query_one("#you-head", Static).update(you)
        preview = ""
        if game.active == PLAYER and game.phase == "main" and not game.over:
            preview = rift_attack_preview(game)
            if not roomy:
                preview = preview.replace("Next rift turn, as the board stands: ", "Rift next: ")
        elif not roomy:
            preview = rift_ruler
        self.query_one("#preview", Static).update(fit(preview, width - 2))
        self._refresh_hand(game)
        self._refresh_choices()

    def _refresh_hand(self, game: Game) -> None:
        """The hand (a hand ruler) and the drive zone (a drive ruler, or any ruler with cards driven there)."""
        s = game.sides[PLAYER]
        zones = [("hand", tuple(s.hand))] if game.setup.ruler.has_hand else []
        if s.drive or not game.setup.ruler.has_hand:
            zones.append(("drive zone", tuple(s.drive)))
        shown = (tuple(zones), self.size.width)
        if shown == self._hand_shown:
            return
        self._hand_shown = shown
        hand = self.query_one("#hand", Horizontal)
        hand.remove_children()
        count = sum(len(cards) for _, cards in zones)
        room = max(((self.size.width or 80) - 16 * len(zones)) // max(count, 1) - 5, 6)
        widgets: list[Static] = []
        for zone, cards in zones:
            widgets.append(Static(f"{zone} ({len(cards)}):", classes="hand-title"))
            widgets += [
                HandCard(iid, f"{fit(game.card(iid).name, min(room, 24))} L{game.card(iid).level}") for iid in cards
            ]
        hand.mount_all(widgets)

    def _refresh_choices(self) -> None:
        s = self.session
        choices = self.query_one("#choices", OptionList)
        choices.clear_options()
        if s.game.over:
            choices.border_title = "the game is over: q leaves"
            return
        if self.watcher is not None:
            choices.border_title = f"watching {self.watcher.title}: space steps, p plays/pauses, q leaves"
            return
        if s.open is not None:
            choices.border_title = s.open.question
            options = [Option(f"{i}) {label}", id=str(i)) for i, (label, _) in enumerate(s.open.options, 1)]
            options.append(Option("0) back", id="0"))
        else:
            choices.border_title = s.question + (f"  [{self.digits}]" if self.digits else "")
            options = [Option(f"{i}) {c.label}", id=str(i)) for i, c in enumerate(s.choices, 1)]
            options += [Option(f"{key}) {_phase_label(s, key)}", id=key) for key in s.phases]
        choices.add_options(options)
        if options:
            choices.highlighted = 0

    def show_card(self, iid: int) -> None:
        """The card pane: a card in full, as it is in this game."""
        self.card_iid = iid
        game = self.session.game
        pane = self.query_one("#card", Static)
        width = max(pane.size.width - 2, 30)
        pane.update("\n".join(full_card_lines(game, game.card(iid), width)))
        pane.border_title = game.card(iid).name

    # ------------------------------------------------------------------ the session's answers
    def apply(self, lines: Sequence[Line]) -> None:
        self.tell(lines)
        s = self.session
        if s.confirming is not None:
            if s.confirming.what == "end":
                answers = [("y", "end the turn"), ("n", "keep playing")]
                question = f"{s.confirming.question}  End the turn anyway?"
            else:
                answers = [
                    ("s", f"save to {s.quit_save_path} and quit"),
                    ("y", "quit without saving"),
                    ("n", "keep playing"),
                ]
                question = s.confirming.question
            self.push_screen(Confirm(question, answers), self._answered)
        self.refresh_board()
        if s.left:
            self.exit(0)

    def _answered(self, answer: str | None) -> None:
        self.apply(self.session.answer(answer or "n"))

    def pick_card(self, iid: int) -> None:
        """A click on a card in the hand: show it, and highlight the first choice that uses it."""
        self.show_card(iid)
        choices = self.query_one("#choices", OptionList)
        for index, choice in enumerate(self.session.choices):
            action = choice.action or (choice.options[0][1] if choice.options else None)
            if action is not None and getattr(action, "card", None) == iid:
                choices.highlighted = index
                choices.focus()
                return

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        iid = self._card_of(event.option.id or "")
        if iid is not None:
            self.show_card(iid)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        key = event.option.id or ""
        if key in ("a", "e"):
            self.action_phase(key)
        elif key.isdigit():
            self.apply(self.session.choose([int(key)]))

    def _card_of(self, key: str) -> int | None:
        """The card a choice is about: the card played, the attacker, or the target."""
        s = self.session
        if not key.isdigit() or key == "0":
            return None
        number = int(key)
        if s.open is not None:
            action: Action | None = s.open.options[number - 1][1] if number <= len(s.open.options) else None
        else:
            choice = s.choices[number - 1] if number <= len(s.choices) else None
            action = None if choice is None else choice.action or choice.options[0][1]
        game = s.game
        if isinstance(action, (Summon, PlayEvent, PlayField, SetCard, Activate, Discount)):
            return action.card
        if isinstance(action, Attack):
            side, slot = (INVADER, action.target) if s.open is not None else (PLAYER, action.attacker)
            unit = None if slot == RULER else game.unit_at(side, slot)
            return None if unit is None else unit.iid
        if isinstance(action, Choose):
            unit = game.unit_at(action.side, action.slot)
            return None if unit is None else unit.iid
        return None

    # ------------------------------------------------------------------ keys
    def on_key(self, event: events.Key) -> None:
        if self.watcher is not None or isinstance(self.screen, ModalScreen):
            return
        if event.character is not None and event.character.isdigit():
            event.stop()
            self._digit(event.character)
        elif event.key == "enter" and self.digits:
            event.stop()
            self._choose_digits()

    def _digit(self, digit: str) -> None:
        s = self.session
        if s.open is not None or digit == "0" and not self.digits:
            self.digits = ""
            self.apply(s.choose([int(digit)]))
            return
        self.digits += digit
        if int(self.digits) * 10 > len(s.choices):  # no longer number starts so: take it now
            self._choose_digits()
        else:
            self._refresh_choices()

    def _choose_digits(self) -> None:
        number, self.digits = int(self.digits), ""
        self.apply(self.session.choose([number]))

    def action_phase(self, key: str) -> None:
        if self.watcher is None:
            self.digits = ""
            self.apply(self.session.phase(key))

    def action_undo(self) -> None:
        if self.watcher is None:
            self.apply(self.session.undo())

    def action_auto_pass(self) -> None:
        """w: pass at the rift's windows without asking, or ask again (the line mode's `auto`)."""
        if self.watcher is None:
            self.apply(self.session.toggle_auto_pass())

    def action_save(self) -> None:
        if self.watcher is None:
            self.push_screen(
                AskPath("Save the game to (Enter saves, Escape cancels):", self.session.quit_save_path), self._save_to
            )

    def _save_to(self, path: str | None) -> None:
        if path:
            self.apply(self.session.save(path))

    def action_replay(self) -> None:
        if self.watcher is None:
            value = self.session.replay_path or "gateruler-game.replay.json"
            self.push_screen(AskPath("Write a replay of this game to:", value), self._replay_to)

    def _replay_to(self, path: str | None) -> None:
        if path:
            self.apply(self.session.write_replay(path))

    def action_help(self) -> None:
        self.push_screen(HelpScreen())

    def action_quit_game(self) -> None:
        """q or Ctrl-C: quit, asking first about unsaved changes; a second Ctrl-C at that question leaves."""
        if self.watcher is not None or self.session.game.over:
            self.exit(0)
            return
        if isinstance(self.screen, Confirm):
            confirming = self.session.confirming
            self.screen.dismiss("y" if confirming is not None and confirming.what == "quit" else "n")
            return
        self.apply(self.session.quit())

    # ------------------------------------------------------------------ watching
    def action_step(self) -> None:
        if self.watcher is not None:
            self._step()

    def action_pause(self) -> None:
        self.paused = not self.paused

    def _tick(self) -> None:
        if not self.paused:
            self._step()

    def _step(self) -> None:
        game = self.session.game
        if game.over or self.watch_ended:
            return
        try:
            action = self.watcher.next(game)  # type: ignore[union-attr]
        except Exception as error:  # noqa: BLE001 - a bot's or replay's failure is shown, not raised
            self.watch_ended = True
            self.tell([Line("error", f"The game cannot go on: {type(error).__name__}: {error}")])
            return
        if action is None:
            self.watch_ended = True
            self.tell([Line("info", "No more recorded actions.")])
            return
        try:
            self.apply(self.session.watch(action))
        except Exception as error:  # noqa: BLE001 - an engine error in a replay is what the user came to see
            self.watch_ended = True
            self.tell([Line("error", f"The engine raised {type(error).__name__}: {error}")])


def _short_summary(game: Game, side: int) -> str:
    s = game.sides[side]
    life = game.life(side)
    return f"LIFE {life}  damage {len(s.damage_zone)}/{life}  deck {len(s.deck)}  grave {len(s.graveyard)}"


def _turn_words(game: Game) -> str:
    if game.over:
        return f"Turn {game.turn}: game over"
    whose_turn = "your" if game.active == PLAYER else "the rift's"
    return f"Turn {game.turn}: {whose_turn} {game.phase} phase"


def _phase_label(session: PlaySession, key: str) -> str:
    return action_words(session.game, session.phases[key])


def play_on_board(session: PlaySession, note: str = "", story: bool = True) -> int:
    """Play a game on the full-screen board; the exit code, like the line mode's."""
    session.width = 10_000  # the story pane wraps to its own width
    opening = [Line("info", text) for text in session.briefing_texts(note)]
    if story:
        opening += session.story(0)
    app = BoardApp(session, opening)
    code = app.run()
    return code if isinstance(code, int) else 0


def watch_on_board(session: PlaySession, watcher: Watcher, pace: float | None, note: str = "") -> int:
    """Watch a bot or a replay play on the board: space steps, or every `pace` seconds."""
    session.width = 10_000
    opening = [Line("info", text) for text in session.briefing_texts(note)] + session.story(0)
    app = BoardApp(session, opening, watcher=watcher, pace=pace)
    app.run()
    return 0
