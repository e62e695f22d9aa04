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
from typing import Any

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
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
from gateruler.interrupts import EXIT_INTERRUPTED
from gateruler.play_session import BOARD_FACE, WATCH_FACE, Line, PlaySession, full_card_lines
from gateruler.render import (
    COLUMN_TITLES,
    COLUMNS,
    action_words,
    cells,
    damage_count,
    fit,
    header,
    keyword_words,
    result_lines,
    rift_attack_preview,
    ruler_status,
    set_and_field_words,
    short_name,
    side_summary,
    unit_cell,
    without_note,
    wrap,
)
from gateruler.variants import of_game

ROOMY_HEIGHT = 34  # rows from which units get three lines and each side's figures their own lines
RIFT_LINE_DELAY = 0.5  # seconds a line of the rift's turn, as the board tells it
WATCH_PACE = 1.0  # seconds a decision when a watched game plays on (p) without --pace
STORY_KINDS = {"story": "", "rift": "red", "info": "", "error": "yellow", "result": "bold green"}

# The board's own help (the line mode's commands are typed, not pressed: they are not here).
PLAY_KEYS = (
    ("1-9", "Take that choice. For choice 10 and up type the digits, then Enter."),
    ("0", "Back from a second question (a zone or a target)."),
    ("↑ ↓ Enter", "Move through the choices; Enter takes the highlighted one."),
    ("a", "Go to the attack phase."),
    ("e", "End the turn (it asks first if attackers are ready or energy is unspent: y ends it, n keeps playing)."),
    ("u", "Undo your last decision, again and again; undoing the end of your turn takes back the rift's turn too."),
    ("w", "Auto-pass on or off: pass, without asking, whenever you could respond in the rift's turn."),
    ("s", "Save the game (it asks for a file name); resume it later with gateruler play --load FILE."),
    ("r", "Write a replay of the game so far; gateruler replay FILE re-runs it."),
    ("space", "In the rift's turn: tell its next line now. Enter tells the rest of the turn at once."),
    ("PgUp PgDn", "Scroll the story (so does the mouse wheel over it): it holds the whole game."),
    ("?", "This help."),
    ("q, Ctrl-C", "Quit; with unsaved changes it asks: s saves and quits, y quits without saving, n keeps playing."),
)
WATCH_KEYS = (
    ("space", "Play the next decision."),
    ("p", "Play on by itself, a decision every --pace SECONDS (a second without it), or pause."),
    ("PgUp PgDn", "Scroll the story (so does the mouse wheel over it): it holds the whole game."),
    ("?", "This help."),
    ("q", "Stop watching."),
)
PLAY_NOTES = (
    "The mouse: click a choice to take it, or the answer of a question; point at a unit or a card in your hand "
    "to see it in full in the card pane (a click on a card in your hand also highlights its choice).",
    "At the top, the rift's side and yours: LIFE, damage zone, deck and graveyard, each unit with ATK, HP, STK "
    "and its damage, your ruler, energy, summons, set and field zones; in your turn, the rift's next attacks "
    "as the board stands. At the bottom, your hand.",
    "The rift's turn is told line by line in the story; the board shows where things stand once it is told.",
)
WATCH_NOTES = (
    "A bot or a replay makes every decision; you only watch. Point at a unit or a card in the hand to see it in "
    "full in the card pane.",
)


def help_text(keys: Sequence[tuple[str, str]], notes: Sequence[str]) -> Table:
    """The board's help: its keys beside what they do, then a few words on the screen; wrapped by the terminal."""
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for key, words in keys:
        table.add_row(key, words)
    for note in notes:
        table.add_row("", "")
        table.add_row("", note)
    table.add_row("", "")
    table.add_row("", "Escape, ? or q closes this help; ↑ ↓ PgUp PgDn scroll it.")
    return table


def parts_join(parts: Sequence[tuple[int, str, str]], width: int, sep: str = "  ") -> str:
    """The parts in their order, shortened or left out, the least needed first, until they fit `width` columns.

    Each part is (rank, text, shorter form or ""); the highest rank goes first
    (the last of them first): to its shorter form if it has one, else out. A
    part of rank 0 is what a player decides on (LIFE, damage): it may take its
    shorter form, never leave.  The result may still be too long."""
    kept = [(rank, text, short) for rank, text, short in parts if text]

    def joined() -> str:
        return sep.join(text for _, text, _ in kept)

    while cells(joined()) > width:
        open_ = [i for i, (rank, _, short) in enumerate(kept) if rank or short]
        if not open_:
            break
        worst = max(kept[i][0] for i in open_)
        index = max(i for i in open_ if kept[i][0] == worst)
        rank, _, short = kept[index]
        if short:
            kept[index] = (rank, short, "")
        else:
            del kept[index]
    return joined()


def parts_fit(parts: Sequence[tuple[int, str, str]], width: int, sep: str = "  ") -> str:
    """`parts_join` in one line of `width` columns, cut if it must be."""
    return fit(parts_join(parts, width, sep), width)


def rift_head(game: Game, width: int, roomy: bool) -> list[str]:
    """The rift's side in words: a line of figures (roomy: the turn first, and everything in full)."""
    level = game.setup.level
    s = game.sides[INVADER]
    life = game.life(INVADER)
    ruler = f"ATK {game.atk(INVADER, RULER)} STK {game.stk(INVADER, RULER)}" + "".join(
        f", {k}" for k in keyword_words(game.keywords(INVADER, RULER))
    )
    readings = of_game(game.setup.rules, game.setup.opponent)
    variants = f"rule variants: {readings.words()}" if readings.changed() else ""  # not the defaults: in sight
    if roomy:
        words = f'THE RIFT  L{level.number} "{level.name}"  {side_summary(game, INVADER)}   the rift itself: {ruler}'
        return [
            header(game, width),
            *wrap(words, width, hang="  "),
            *(wrap(variants, width, hang="  ") if variants else []),
        ]
    return [
        parts_fit(
            [
                (4, f'THE RIFT L{level.number} "{level.name}"', f"THE RIFT L{level.number}"),
                (0, f"LIFE {life}", ""),
                (0, f"damage {damage_count(game, INVADER)}", ""),
                (2, f"deck {len(s.deck)}", ""),
                (3, f"grave {len(s.graveyard)}", ""),
                (1, ruler, ""),
                (1, variants, "variants: see ?" if variants else ""),
            ],
            width,
        )
    ]


def you_head(game: Game, width: int, roomy: bool) -> list[str]:
    """Your side in words: LIFE, damage, deck, graveyard, your ruler; then energy, summons, set and field zones."""
    s = game.sides[PLAYER]
    ruler = game.setup.ruler
    if roomy:
        return [
            fit(f"YOU  {ruler.name}  " + side_summary(game, PLAYER), width),
            fit(ruler_status(game), width),
            *wrap(set_and_field_words(game), width, hang="  "),
        ]
    life = game.life(PLAYER)
    ruler_words, _, rest = ruler_status(game).partition("   ")
    first = parts_fit(
        [
            (3, f"YOU {ruler.name}", "YOU"),
            (0, f"LIFE {life}", ""),
            (0, f"damage {damage_count(game, PLAYER)}", ""),
            (2, f"deck {len(s.deck)}", ""),
            (3, f"grave {len(s.graveyard)}", ""),
            (1, ruler_words.replace("your ruler: ", "ruler "), ""),
        ],
        width,
    )
    names = game.setup.names
    sets = ", ".join(f"{i + 1} {'empty' if c is None else names[c]}" for i, c in enumerate(s.set_zones))
    short_sets = ", ".join(
        f"{i + 1} {'empty' if c is None else without_note(names[c])}" for i, c in enumerate(s.set_zones)
    )
    fields = set_and_field_words(game).partition("field zone: ")[2]
    energy = f"energy {s.energy_ready} of {s.energy} ready" if "energy" in rest else ""
    summons = f"summons {s.summons} of {ruler.summon_cap}" if ruler.summon_cap is not None else ""
    second = parts_join(
        [
            (0, energy, energy and f"energy {s.energy_ready}/{s.energy}"),
            (0, summons, summons and f"summons {s.summons}/{ruler.summon_cap}"),
            (0, f"set: {sets}" if s.set_zones else "", f"set: {short_sets}" if s.set_zones else ""),
            (0, f"field: {fields}", f"field: {without_note(fields)}"),
        ],
        width,
    )
    return [first, *wrap(second, width, hang="  ")]


def card_pane_lines(game: Game, iid: int, width: int) -> list[str]:
    """A card in full for the card pane: the pane's title names it, so the lines start at its kind and numbers."""
    lines = [line.removeprefix("  ") for line in full_card_lines(game, game.card(iid), width + 2)[1:]]
    if len(lines) > 1 and lines[1].startswith("ATK ") and cells(lines[0]) + cells(lines[1]) + 3 <= width:
        lines[:2] = [f"{lines[0]} · {lines[1]}"]
    return lines


def hand_rows(labels: Sequence[str], width: int, title: str) -> list[list[int]]:
    """Which cards go on which line of the hand: in order, as many a line as fit whole (each after a space)."""
    rows: list[list[int]] = [[]]
    used = cells(title) + 1
    for index, label in enumerate(labels):
        size = cells(label) + 1
        if rows[-1] and used + size > width:
            rows.append([])
            used = 0
        rows[-1].append(index)
        used += size
    return rows


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
        if not roomy and len(lines) > 2:  # two lines: the numbers, then as much of the rest as fits
            stats = lines[1]
            short = stats.replace("ATK ", "ATK").replace("HP ", "HP").replace("STK ", "STK")
            notes = lines[2].split(", ")
            rank = {"rested": 1}
            parts = [(0, stats, short)] + [
                (0 if note.startswith("dmg ") else rank.get(note, 2), note, note.replace(" ", "")) for note in notes
            ]
            lines = [lines[0], parts_fit(parts, width, sep=" ")]
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

    def __init__(self, iid: int, label: str | Text, **kwargs: Any) -> None:
        super().__init__(label, **kwargs)
        self.iid = iid

    def on_enter(self, event: events.Enter) -> None:
        self.app.show_card(self.iid)  # type: ignore[attr-defined]

    def on_click(self, event: events.Click) -> None:
        self.app.pick_card(self.iid)  # type: ignore[attr-defined]


class Confirm(ModalScreen[str]):
    """A question with a few lettered answers, e.g. y / n, one a line; the answers are clickable, Escape says n."""

    def __init__(self, question: str, answers: Sequence[tuple[str, str]]) -> None:
        super().__init__()
        self.question = question
        self.answers = list(answers)  # (key, words)

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.question, id="question")
            with Vertical(id="buttons"):
                for key, words in self.answers:
                    yield Static(f" {key}  {words} ", id=f"answer-{key}", classes="button")

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
    """A page over the board (its keys; a level's briefing), wrapped to the terminal and scrolled with the arrows."""

    BINDINGS = [Binding("escape,question_mark,q,enter", "close", "close")]

    def __init__(self, title: str, text: Table | Text) -> None:
        super().__init__()
        self.title_words = title
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Static(self.text, id="help-text")

    def on_mount(self) -> None:
        scroll = self.query_one("#help", VerticalScroll)
        scroll.border_title = self.title_words
        scroll.focus()

    def action_close(self) -> None:
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
PLAY_ACTIONS = {"phase", "undo", "auto_pass", "save", "replay"}  # what a player does, not a watcher


class BoardApp(App[int]):
    """The board.  `code` is the exit code: 0 when the game ended or the player left.

    `rift_pace` is the seconds between lines of the rift's turn (0: told at
    once, as `play --fast` asks); the board is drawn again once it is told."""

    ENABLE_COMMAND_PALETTE = False

    CSS = """
    Screen { layout: vertical; }
    #rift-head { height: auto; padding: 0 1; }
    #you-head { height: auto; padding: 0 1; }
    #preview { height: auto; max-height: 2; padding: 0 1; color: $warning; }
    .row { height: 2; padding: 0 1; }
    UnitCell { width: 1fr; height: 2; }
    .roomy .row, .roomy UnitCell { height: 3; }
    #titles { height: 1; padding: 0 1; color: $text-muted; }
    #middle { height: 1fr; }
    #story { width: 1fr; border-top: solid $primary; }
    #side { width: 50%; }
    #choices { height: auto; max-height: 60%; border: none; border-top: solid $accent; padding: 0 1 0 0; }
    #card-pane { height: 1fr; min-height: 4; border-top: solid $secondary; padding: 0 1; }
    .roomy #story, .roomy #choices, .roomy #card-pane { border: round $primary; }
    .roomy #choices { border: round $accent; max-height: 50%; }
    .roomy #card-pane { border: round $secondary; }
    #hand { height: auto; padding: 0 1; }
    .hand-row { height: 1; }
    .hand-title { width: auto; }
    HandCard { width: auto; padding: 0 0 0 1; }
    HandCard:hover { background: $boost; }
    #dialog { width: 72; max-width: 100%; height: auto; max-height: 100%; border: thick $accent;
              background: $surface; padding: 0 1; }
    #help { width: 100; max-width: 100%; height: auto; max-height: 100%; border: thick $accent;
            background: $surface; padding: 0 1; }
    ModalScreen { align: center middle; }
    #buttons { height: auto; margin-top: 1; }
    .button { width: auto; margin-bottom: 0; background: $accent; }
    """

    BINDINGS = [
        Binding("a", "phase('a')", "attack"),
        Binding("e", "phase('e')", "end turn"),
        Binding("u", "undo", "undo"),
        Binding("w", "auto_pass", "auto-pass", show=False),  # listed by ? (the footer keeps to 80 columns)
        Binding("s", "save", "save"),
        Binding("r", "replay", "replay", show=False),
        Binding("space", "step", "step"),
        Binding("space", "tell_next", "next line"),
        Binding("p", "pause", "play/pause"),
        Binding("enter", "tell_all", "the rest", key_display="Enter", priority=True),
        Binding("pageup", "scroll_story(-1)", "story", key_display="PgUp/PgDn", priority=True),
        Binding("pagedown", "scroll_story(1)", "story", show=False, priority=True),
        Binding("question_mark", "help", "help"),
        Binding("q", "quit_game", "quit"),
        Binding("ctrl+c", "interrupt", "quit", show=False, priority=True),
    ]

    def __init__(
        self,
        session: PlaySession,
        opening: Sequence[Line] = (),
        *,
        watcher: Watcher | None = None,
        pace: float | None = None,
        rift_pace: float = 0.0,
    ) -> None:
        super().__init__()
        self.session = session
        self.opening_lines = list(opening)
        self.watcher = watcher
        self.pace = pace
        self.rift_pace = rift_pace
        self.interrupted = False  # left by Ctrl-C: the board exits 130, as the line mode does
        self.paused = pace is None
        self.code = 0
        self.digits = ""
        self.card_iid: int | None = None
        self.watch_ended = False
        self.telling: list[Line] = []  # the rift's turn, still to be told
        self.first_sheet: HelpScreen | None = None  # shown over the board when it opens (a level's briefing)
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
                with VerticalScroll(id="card-pane"):
                    yield Static(id="card")
        yield Vertical(id="hand")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "gateruler"
        self.session.width = 10_000  # the story pane wraps to its own width
        story = self.query_one("#story", RichLog)
        story.can_focus = False  # PgUp and PgDn scroll it wherever the focus is
        self.query_one("#card-pane", VerticalScroll).can_focus = False
        self.query_one("#card-pane", VerticalScroll).border_title = "card"
        self.tell(self.opening_lines)
        self.refresh_board()
        self.query_one("#choices", OptionList).focus()
        if self.first_sheet is not None:
            self.push_screen(self.first_sheet)
        if self.watcher is not None:  # p plays on at the pace (a second a decision when none was given)
            self.set_interval(self.pace or WATCH_PACE, self._tick)
        if self.rift_pace > 0:
            self.set_interval(self.rift_pace, self._tell_next)

    # ------------------------------------------------------------------ drawing
    def tell(self, lines: Sequence[Line]) -> None:
        """Story, notes and errors go to the story pane; the board and the menu are drawn by their widgets."""
        log = self.query_one("#story", RichLog)
        for line in lines:
            if line.kind in STORY_KINDS:
                log.write(Text(line.text, style=STORY_KINDS[line.kind]))

    @property
    def roomy(self) -> bool:
        """A tall terminal: three lines a unit, and each side's figures on lines of their own."""
        return (self.size.height or 24) >= ROOMY_HEIGHT

    def on_resize(self, event: events.Resize) -> None:
        self.screen.set_class(self.roomy, "roomy")
        if not self.telling:
            self.refresh_board()

    def refresh_board(self) -> None:
        game = self.session.game
        width = (self.size.width or 80) - 2
        roomy = self.roomy
        self.screen.set_class(roomy, "roomy")
        self.query_one("#rift-head", Static).update(Text("\n".join(rift_head(game, width, roomy)), style="bold red"))
        col = max(width // 3, 10)
        titles = "".join(f"-- {COLUMN_TITLES[slot]} ".ljust(col - 1, "-") + " " for slot in COLUMNS)
        self.query_one("#titles", Static).update(titles)
        for cell in self.query(UnitCell):
            cell.show(game, col - 2, roomy)
        self.query_one("#you-head", Static).update(Text("\n".join(you_head(game, width, roomy)), style="bold cyan"))
        preview = ""
        if game.active == PLAYER and game.phase in ("main", "attack") and not game.over:
            preview = rift_attack_preview(game)
            if not roomy:
                preview = preview.replace("Next rift turn, as the board stands: ", "Rift next: ")
        widget = self.query_one("#preview", Static)
        widget.display = bool(preview)
        widget.update("\n".join(wrap(preview, width, hang="  ")[:2]))
        story = self.query_one("#story", RichLog)
        whose_turn = "game over" if game.over else "your turn" if game.active == PLAYER else "the rift's turn"
        story.border_title = f"story: turn {game.turn}, {whose_turn}"
        story.border_subtitle = "PgUp/PgDn scroll" if roomy else ""
        self._refresh_hand(game)
        self._refresh_choices()

    def _refresh_hand(self, game: Game) -> None:
        """The hand (a hand ruler) and the drive zone (a drive ruler, or any ruler with cards driven there).

        Every card by its whole name (a "(...)" note left out when it does
        not fit), on as many lines as that takes."""
        s = game.sides[PLAYER]
        zones = [("hand", tuple(s.hand))] if game.setup.ruler.has_hand else []
        if s.drive or not game.setup.ruler.has_hand:
            zones.append(("drive zone", tuple(s.drive)))
        width = (self.size.width or 80) - 2
        shown = (tuple(zones), width)
        if shown == self._hand_shown:
            return
        self._hand_shown = shown
        hand = self.query_one("#hand", Vertical)
        hand.remove_children()
        rows: list[Horizontal] = []
        for zone, cards in zones:
            title = f"{zone} ({len(cards)}):" + ("" if cards else " empty")
            names = [game.card(iid).name for iid in cards]
            levels = [f" L{game.card(iid).level}" for iid in cards]
            ladder = [[fit(name, width - 10) for name in names], [without_note(name) for name in names]]
            ladder += [[short_name(name, most) for name in names] for most in (30, 24, 18, 14)]
            for shown_names in ladder:  # shorter names, until the hand takes two lines at most
                labels = [name + level for name, level in zip(shown_names, levels)]
                if len(hand_rows(labels, width, title)) <= 2:
                    break
            for number, row in enumerate(hand_rows(labels, width, title)):
                widgets: list[Static] = [Static(title, classes="hand-title")] if number == 0 else []
                widgets += [HandCard(cards[i], _hand_label(labels[i])) for i in row]
                rows.append(Horizontal(*widgets, classes="hand-row"))
        hand.mount_all(rows)

    def _refresh_choices(self) -> None:
        s = self.session
        choices = self.query_one("#choices", OptionList)
        choices.clear_options()
        if self.telling:  # the footer says the keys: space, Enter
            waiting = sum(1 for line in self.telling if line.kind == "rift")
            choices.border_title = f"The rift's turn: {waiting} more line{'s' if waiting != 1 else ''} to tell"
            return
        if s.game.over:
            choices.border_title = "The game is over: q leaves"
            return
        if self.watcher is not None:
            choices.border_title = f"Watching {self.watcher.title}"
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
        pane = self.query_one("#card-pane", VerticalScroll)
        width = max(pane.size.width - 2, 30)
        self.query_one("#card", Static).update("\n".join(card_pane_lines(game, iid, width)))
        card = game.card(iid)
        pane.border_title = card.name
        pane.scroll_home(animate=False)

    # ------------------------------------------------------------------ the session's answers
    def apply(self, lines: Sequence[Line]) -> None:
        """Show what the session answered; the rift's turn is told a line at a time at `rift_pace`."""
        lines = list(lines)
        first_rift = next((i for i, line in enumerate(lines) if line.kind == "rift"), None)
        if self.rift_pace > 0 and self.watcher is None and first_rift is not None:
            self.tell(lines[:first_rift])
            self.telling = lines[first_rift:]
            self.query_one("#story", RichLog).border_title = "story: the rift's turn"
            self._tell_next()
            self.refresh_bindings()
            self._refresh_choices()
            return
        self.tell(lines)
        self._after_telling()

    def _after_telling(self) -> None:
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
            self.exit(self._leaving_code())

    def _tell_next(self) -> None:
        """One more line of the rift's turn (and the lines after it that are not the rift's)."""
        if not self.telling:
            return
        self.tell(self.telling[:1])
        del self.telling[:1]
        while self.telling and self.telling[0].kind != "rift":
            self.tell(self.telling[:1])
            del self.telling[:1]
        if not self.telling:
            self.refresh_bindings()
            self._after_telling()
        else:
            self._refresh_choices()

    def action_tell_all(self) -> None:
        while self.telling:
            self._tell_next()

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
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Which keys are live (and in the footer): a player's or a watcher's, and space and Enter in the rift's turn."""
        watching = self.watcher is not None
        if action in PLAY_ACTIONS:
            return not watching and not self.telling
        if action == "step":
            return watching and not self.telling
        if action == "tell_next":
            return bool(self.telling)
        if action == "pause":
            return watching
        if action == "tell_all":
            return bool(self.telling) and not isinstance(self.screen, ModalScreen)
        return True

    def on_key(self, event: events.Key) -> None:
        if self.watcher is not None or self.telling or isinstance(self.screen, ModalScreen):
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
        if self.watcher is None and not self.telling:
            self.digits = ""
            self.apply(self.session.phase(key))

    def action_undo(self) -> None:
        self.apply(self.session.undo())

    def action_auto_pass(self) -> None:
        """w: pass at the rift's windows without asking, or ask again (the line mode's `auto`)."""
        self.apply(self.session.toggle_auto_pass())

    def action_save(self) -> None:
        self.push_screen(
            AskPath("Save the game to (Enter saves, Escape cancels):", self.session.quit_save_path), self._save_to
        )

    def _save_to(self, path: str | None) -> None:
        if path:
            self.apply(self.session.save(path))

    def action_replay(self) -> None:
        value = self.session.replay_path or "gateruler-game.replay.json"
        self.push_screen(AskPath("Write a replay of this game to:", value), self._replay_to)

    def _replay_to(self, path: str | None) -> None:
        if path:
            self.apply(self.session.write_replay(path))

    def action_scroll_story(self, direction: int) -> None:
        """PgUp and PgDn: the story, wherever the focus is (in the help, the help)."""
        scroll: Widget
        if isinstance(self.screen, HelpScreen):
            scroll = self.screen.query_one("#help", VerticalScroll)
        else:
            scroll = self.query_one("#story", RichLog)
        (scroll.scroll_page_down if direction > 0 else scroll.scroll_page_up)(animate=False)

    def action_help(self) -> None:
        if self.watcher is not None:
            self.push_screen(HelpScreen("Watching: keys", help_text(WATCH_KEYS, WATCH_NOTES)))
        else:
            self.push_screen(HelpScreen("The board: keys", help_text(PLAY_KEYS, PLAY_NOTES)))

    def _leaving_code(self) -> int:
        return EXIT_INTERRUPTED if self.interrupted else 0

    def action_interrupt(self) -> None:
        """Ctrl-C: quit as q does (asking first about unsaved changes), and the exit code says so (130)."""
        self.interrupted = True
        self._quit()

    def action_quit_game(self) -> None:
        """q: quit, asking first about unsaved changes."""
        self.interrupted = False
        self._quit()

    def _quit(self) -> None:
        """Leave, asking first about unsaved changes; a second Ctrl-C (or q) at that question leaves."""
        if self.watcher is not None or self.session.game.over:
            self.exit(self._leaving_code())
            return
        if isinstance(self.screen, Confirm):
            confirming = self.session.confirming
            self.screen.dismiss("y" if confirming is not None and confirming.what == "quit" else "n")
            return
        if isinstance(self.screen, ModalScreen):
            return
        self.telling.clear()
        self.apply(self.session.quit())

    # ------------------------------------------------------------------ watching
    def action_step(self) -> None:
        if self.watcher is not None:
            self._step()

    def action_tell_next(self) -> None:
        self._tell_next()

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
        if self.session.game.over:
            self.tell([Line("result", t) for t in result_lines(self.session.game, headline=False)])


def briefing_sheet(session: PlaySession, note: str) -> HelpScreen:
    """The level's briefing before the first turn: its numbers, its author's words, its rules, your deck."""
    level = session.game.setup.level
    texts = session.briefing_texts(note, BOARD_FACE)[:-1] + ["Enter (or Escape) begins the game; ? shows the keys."]
    return HelpScreen(f'Level {level.number} "{level.name}"', Text("\n\n".join(texts)))


def _hand_label(label: str) -> Text:
    """A card in the hand: its name, then its level dimmed ("L3"), so that names stand apart."""
    name, _, level = label.rpartition(" ")
    text = Text(name, style="bold")
    text.append(f" {level}", style="dim")
    return text


def _phase_label(session: PlaySession, key: str) -> str:
    return action_words(session.game, session.phases[key])


def opening_lines(session: PlaySession, note: str = "", watching: bool = False) -> list[Line]:
    """The story pane's first lines: the briefing in the board's words, then the whole story so far."""
    session.width = 10_000  # the story pane wraps to its own width
    opening = [Line("info", text) for text in session.briefing_texts(note, WATCH_FACE if watching else BOARD_FACE)]
    opening += session.story(0)
    if session.game.over:
        opening += [Line("result", t) for t in result_lines(session.game, headline=False)]
    return opening


def play_on_board(
    session: PlaySession, note: str = "", rift_pace: float = RIFT_LINE_DELAY, briefing: bool = True
) -> int:
    """Play a game on the full-screen board; the exit code, like the line mode's.

    A new game (`briefing`) opens on the level's briefing.  When the board
    closes, its screen goes: what the terminal keeps is the game's result, or
    where it stands and how to resume it (`session.leaving_lines`)."""
    app = BoardApp(session, opening_lines(session, note), rift_pace=rift_pace)
    if briefing:
        app.first_sheet = briefing_sheet(session, note)
    code = app.run()
    return code if isinstance(code, int) else 0


def watch_on_board(session: PlaySession, watcher: Watcher, pace: float | None, note: str = "") -> int:
    """Watch a bot or a replay play on the board: space steps, or every `pace` seconds."""
    app = BoardApp(session, opening_lines(session, note, watching=True), watcher=watcher, pace=pace)
    code = app.run()
    return code if isinstance(code, int) else 0
