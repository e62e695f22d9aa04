"""The conversation of `gateruler play`: what the player types and what comes back.

Kept apart from the terminal so that tests can hold a whole game's
conversation without a process: `PlaySession.handle` takes one typed line
and returns the lines to show; `run` is the loop that connects a session to
real input and output (and the pace of the rift's turn).

Choices are numbered.  A card that can be summoned into several zones, or an
attacker with several targets, is one numbered choice that then asks where
(or whom), so the first list stays short enough to read next to the board.
Undo keeps a clone of the game from before each decision of the player's
turn; the rift's turn ends what can be undone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from gateruler.engine import INVADER, Action, Attack, Choose, ChooseCard, Confirm, EndTurn, Game, GoToAttack, PlayEvent, PlayField, SetCard, Summon
from gateruler.errors import GateRulerError
from gateruler.models import CardDef
from gateruler.render import (
    COLUMNS,
    action_words,
    attacker_words,
    board_lines,
    card_lines,
    narrate,
    pending_question,
    result_lines,
    summon_label,
    unit_words,
    wrap,
    zone_words,
)
from gateruler.saves import GameOrigin, save_game

DEFAULT_LOG_LINES = 10


@attrs.frozen
class Line:
    """One line of output.  `kind` lets the terminal colour it and pace the rift's turn."""

    kind: str  # "board", "menu", "story", "rift", "info", "error", "result"
    text: str


@attrs.frozen
class Choice:
    """A numbered entry: one action, or a group that asks a second question."""

    label: str
    action: Action | None = None
    question: str = ""
    options: tuple[tuple[str, Action], ...] = ()


HELP = """\
Type the number of a choice.  Where a choice asks a second question you may
answer both at once, e.g. "3 1".  Commands, at any prompt:
  help          this text
  board         draw the board again
  log [N]       the last N events (default 10)
  card NAME     a card in full: numbers, keywords, abilities, where they come from
                (a card number such as PROV-001, or part of a name)
  undo          take back your last decision this turn (as often as you like)
  save FILE     save the game; resume later with: gateruler play --load FILE
  quit          leave the game (asks first if there are unsaved changes)"""

KIND_ORDER = (Summon, PlayEvent, PlayField, SetCard, Attack, GoToAttack, EndTurn, Choose, ChooseCard, Confirm)


def build_menu(game: Game) -> tuple[str, list[Choice]]:
    """The question of the player's current decision and its numbered choices."""
    actions = game.legal_actions()
    if game.pending is not None:
        return pending_question(game), [Choice(action_words(game, a), a) for a in actions]
    question = f"Your {game.phase} phase: what will you do?"
    groups: dict[object, list[Action]] = {}  # one numbered choice per group, in first-seen order
    for action in sorted(actions, key=lambda a: KIND_ORDER.index(type(a))):
        if isinstance(action, Summon):
            key: object = ("summon", action.card)
        elif isinstance(action, Attack):
            key = ("attack", action.attacker)
        else:
            key = action
        groups.setdefault(key, []).append(action)
    choices = []
    for group in groups.values():
        if isinstance(group[0], Summon):
            choices.append(_summon_choice(game, group))
        elif isinstance(group[0], Attack):
            choices.append(_attack_choice(game, group))
        else:
            choices.append(Choice(action_words(game, group[0]), group[0]))
    return question, choices


def _summon_choice(game: Game, actions: list[Summon]) -> Choice:
    if len(actions) == 1:
        return Choice(action_words(game, actions[0]), actions[0])
    ordered = sorted(actions, key=lambda a: COLUMNS.index(a.slot))
    label = summon_label(game, actions[0].card)
    options = tuple((zone_words(game, a.slot), a) for a in ordered)
    return Choice(label, question=f"{label[0].upper()}{label[1:]}: to which zone?", options=options)


def _attack_choice(game: Game, actions: list[Attack]) -> Choice:
    if len(actions) == 1:
        return Choice(action_words(game, actions[0]), actions[0])
    who = attacker_words(game, actions[0].attacker)
    options = tuple((unit_words(game, INVADER, a.target), a) for a in actions)
    return Choice(f"attack with {who}", question=f"Attack with {who}: which target?", options=options)


class PlaySession:
    """One player's game at the terminal, input line by input line."""

    def __init__(self, game: Game, origin: GameOrigin, *, width: int = 80) -> None:
        self.game = game
        self.origin = origin
        self.width = width
        self._left = False
        self._undo: list[tuple[Game, str]] = []  # (game before the decision, what the decision was)
        self._saved_history = list(game.history)
        self._save_path: str | None = None
        self._question = ""
        self._choices: list[Choice] = []
        self._open: Choice | None = None  # a group choice waiting for its second answer
        self._confirming_quit = False
        self._refresh_menu()

    # ------------------------------------------------------------------ state
    @property
    def finished(self) -> bool:
        """The game is over, or the player has left it."""
        return self._left or self.game.over

    @property
    def unsaved(self) -> bool:
        """True when the game differs from the last save (or load, or a fresh start)."""
        return self.game.history != self._saved_history

    def prompt(self) -> str:
        if self._confirming_quit:
            return "Quit without saving? [y/N]> "
        if self._open is not None:
            return f"[{_numbers_up_to(len(self._open.options))}, 0 back, help]> "
        return f"[{_numbers_up_to(len(self._choices))}, help]> "

    # ------------------------------------------------------------------ output pieces
    def opening(self, note: str = "", story: bool = True) -> list[Line]:
        """The first screen: the level, the deck, the story so far, the board and the choices."""
        setup = self.game.setup
        level = setup.level
        keywords = "".join(f", {k.replace('_', ' ')}" for k in sorted(level.keywords))
        texts = [
            f'Level {level.number} "{level.name}": the rift has LIFE {level.hp}, ATK {level.atk}, STK {level.stk}'
            f"{keywords}; {level.drives_per_turn} drives a turn.",
            level.briefing,
            f"You play {setup.deck_name or 'your deck'} with the {setup.ruler.name}; the rift goes first.",
        ]
        provisional = {d.id for d in setup.defs if d.is_provisional}
        if provisional:
            texts.append(
                f"{len(provisional)} cards in this game have provisional numbers (ours, not the real cards'): "
                "type card NAME to see where a card's numbers come from."
            )
        texts += [note, "Type a number to choose; help lists the commands."]
        out = [Line("info", line) for text in texts if text for line in wrap(text, self.width)]
        if story:
            out += self._story(0)
        return out + self._screen()

    def _story(self, start: int) -> list[Line]:
        return [
            Line("rift" if n.rift_turn else "story", text)
            for n in narrate(self.game, start)
            for text in wrap(n.text, self.width, hang="    ")
        ]

    def _board(self) -> list[Line]:
        return [Line("board", text) for text in board_lines(self.game, self.width)]

    def _menu(self) -> list[Line]:
        if self._open is not None:
            question, labels = self._open.question, [label for label, _ in self._open.options]
            labels_out = [f"{i:>3}) {label}" for i, label in enumerate(labels, 1)] + ["  0) back"]
        else:
            question = self._question
            labels_out = [f"{i:>3}) {c.label}" for i, c in enumerate(self._choices, 1)]
        out = [Line("menu", t) for t in wrap(question, self.width, hang="  ")]
        for text in labels_out:
            out += [Line("menu", t) for t in wrap(text, self.width, hang="      ")]
        return out

    def _screen(self) -> list[Line]:
        if self.game.over:
            return self._board() + [Line("result", t) for t in result_lines(self.game)]
        return self._board() + self._menu()

    def _refresh_menu(self) -> None:
        self._open = None
        if not self.game.over:
            self._question, self._choices = build_menu(self.game)

    # ------------------------------------------------------------------ input
    def handle(self, text: str) -> list[Line]:
        """React to one typed line."""
        text = text.strip()
        if self._confirming_quit:
            self._confirming_quit = False
            if text.lower() in ("y", "yes"):
                self._left = True
                return [Line("info", "Left the game without saving.")]
            return [Line("info", "Not quitting.")] + self._menu()
        if not text:
            return self._menu()
        words = text.split()
        if all(w.isdigit() for w in words):
            return self._numbers([int(w) for w in words])
        command, rest = words[0].lower(), text[len(words[0]):].strip()
        handler = self._commands().get(command)
        if handler is None:
            return [self._retry(f"'{words[0]}' is neither a choice nor a command.")]
        return handler(rest)

    def interrupt(self) -> list[Line]:
        """Ctrl-C: a second one while asked to confirm quits; otherwise it is `quit`."""
        if self._confirming_quit:
            return self.handle("y")
        return self._quit("")

    def _commands(self) -> dict[str, Callable[[str], list[Line]]]:
        return {
            "help": self._help,
            "?": self._help,
            "board": lambda rest: self._board() + self._menu(),
            "log": self._log,
            "card": self._card,
            "undo": self._undo_last,
            "back": lambda rest: self._numbers([0]),
            "save": self._save,
            "quit": self._quit,
            "exit": self._quit,
        }

    def _retry(self, why: str, group: Choice | None = None) -> Line:
        group = group or self._open
        count = len(group.options) if group else len(self._choices)
        expected = f"a number from {0 if group else 1} to {count}" if group or count > 1 else "1"
        return Line("error", f"{why} Type {expected}, or help.")

    def _numbers(self, numbers: Sequence[int]) -> list[Line]:
        """One choice, or a group choice and its answer; nothing changes unless all of it is valid."""
        rest = list(numbers)
        group = self._open
        if group is None:
            number = rest.pop(0)
            if not 1 <= number <= len(self._choices):
                return [self._retry(f"There is no choice {number}.")]
            choice = self._choices[number - 1]
            if choice.action is not None:
                return [self._retry("That choice asks no second question.")] if rest else self._decide(choice.action)
            if not rest:
                self._open = choice
                return self._menu()
            group = choice
        answer = rest.pop(0)
        if rest:
            return [self._retry("Too many numbers.")]
        if answer == 0:
            self._open = None
            return self._menu()
        if not 1 <= answer <= len(group.options):
            return [self._retry(f"There is no choice {answer} here.", group)]
        return self._decide(group.options[answer - 1][1])

    def _decide(self, action: Action) -> list[Line]:
        before = self.game.clone()
        label = action_words(before, action)
        start, turn = len(self.game.log), self.game.turn
        self.game.apply(action)
        if self.game.turn == turn:
            self._undo.append((before, label))
        else:
            self._undo.clear()  # the rift has played: that cannot be taken back
        self._refresh_menu()
        return self._story(start) + self._screen()

    # ------------------------------------------------------------------ commands
    def _help(self, rest: str) -> list[Line]:
        return [Line("info", text) for text in HELP.splitlines()]

    def _log(self, rest: str) -> list[Line]:
        count = DEFAULT_LOG_LINES
        if rest:
            if not rest.isdigit() or int(rest) < 1:
                return [Line("error", f"log takes a number of events, e.g. log 20 (not '{rest}').")]
            count = int(rest)
        lines = narrate(self.game)[-count:]
        return [Line("info", f"turn {n.turn}: {n.text}") for n in lines]

    def _card(self, rest: str) -> list[Line]:
        if not rest:
            return [Line("error", "card needs a card number or part of a name, e.g. card PROV-001.")]
        found = find_cards(self.game, rest)
        if not found:
            return [Line("error", f"No card matches '{rest}'.")]
        if len(found) > 1:
            names = "; ".join(f"{c.name} [{c.id}]" for c in found)
            return [Line("error", t) for t in wrap(f"Several cards match '{rest}': {names}. Type more of the name, or the number.", self.width)]
        card = found[0]
        rift = next((d for d, owner in zip(self.game.setup.defs, self.game.setup.owners) if owner == INVADER and d.id == card.id), None)
        return [Line("info", t) for t in card_lines(card, rift, self.width)]

    def _undo_last(self, rest: str) -> list[Line]:
        if not self._undo:
            return [Line("error", "Nothing to undo: this is the start of your turn (the rift's turn cannot be taken back).")]
        self.game, label = self._undo.pop()
        self._refresh_menu()
        return [Line("info", f"Undone: {label}.")] + self._screen()

    def _save(self, rest: str) -> list[Line]:
        path = rest or self._save_path
        if not path:
            return [Line("error", "save needs a file name, e.g. save mygame.json.")]
        try:
            save_game(path, self.game, self.origin)
        except GateRulerError as error:
            return [Line("error", str(error))]
        self._save_path = path
        self._saved_history = list(self.game.history)
        return [Line("info", f"Saved to {path}.  Resume with: gateruler play --load {path}")]

    def _quit(self, rest: str) -> list[Line]:
        if self.unsaved:
            self._confirming_quit = True
            return [Line("info", "You have unsaved changes (save FILE keeps them).")]
        self._left = True
        return [Line("info", "Left the game.")]


def _numbers_up_to(count: int) -> str:
    return "1" if count == 1 else f"1-{count}"


def find_cards(game: Game, query: str) -> list[CardDef]:
    """Cards by number (exact, any case) or by part of the name; the player's versions first."""
    known: dict[str, CardDef] = {}
    for card in list(game.setup.pool) + list(game.setup.defs):
        known.setdefault(card.id, game.setup.pool.get(card.id) or card)
    wanted = query.strip().lower()
    exact = [c for c in known.values() if c.id.lower() == wanted or c.name.lower() == wanted]
    if exact:
        return exact[:1]
    return sorted((c for c in known.values() if wanted in c.name.lower() or wanted in c.id.lower()), key=lambda c: c.id)


def run(
    session: PlaySession,
    *,
    read: Callable[[str], str],
    write: Callable[[Line], None],
    pause: Callable[[], None] | None = None,
    opening: Sequence[Line] = (),
) -> int:
    """Play until the game ends or the player quits; 1 when the input ran out first.

    `pause` is called after each line of the rift's turn, so that a person
    can follow it (Ctrl-C during a pause prints the rest at once); leave it
    out to print everything at once.
    """

    def show(lines: Sequence[Line]) -> None:
        paced = pause is not None
        for line in lines:
            write(line)
            if paced and line.kind == "rift":
                try:
                    pause()  # type: ignore[misc]
                except KeyboardInterrupt:
                    paced = False  # Ctrl-C while the rift plays: tell the rest at once

    show(opening)
    while not session.finished:
        try:
            text = read(session.prompt())
        except EOFError:
            write(Line("error", "Input ended before the game did; left without saving."))
            return 1
        except KeyboardInterrupt:
            write(Line("info", ""))
            show(session.interrupt())
            continue
        show(session.handle(text))
    return 0

