"""The conversation of `gateruler play`: what the player decides and what comes back.

Kept apart from the terminal so that both faces of play share one logic and
tests can hold a whole game's conversation without a process:
`PlaySession.handle` takes one typed line (the line mode) and returns the
lines to show; the full-screen board (gateruler.board) calls the same
methods (`choose`, `phase`, `answer`, `undo`, `save`) from keys and clicks.
`run` is the loop that connects a session to real input and output (and the
pace of the rift's turn).

Choices of cards, attacks and targets are numbered; the two phase commands
have fixed letters, `a` (go to the attack phase) and `e` (end the turn), so
that a number never changes its meaning between "summon" and "end the turn".
A card that can be summoned into several zones, or an attacker with several
targets, is one numbered choice that then asks where (or whom); every
second question, including an effect's target, may be answered at once
("3 1").  Ending the turn with attackers still ready or energy unspent asks
first.  Undo keeps a clone of the game from before each decision, across
the rift's turn too: undoing "end the turn" takes back the rift's turn
that followed it.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Sequence
from pathlib import Path

import attrs

from gateruler.engine import (
    INVADER,
    PLAYER,
    RULER,
    Action,
    Activate,
    Attack,
    Choose,
    ChooseCard,
    Confirm,
    Discount,
    Done,
    EndTurn,
    Game,
    GoToAttack,
    Pass,
    PlayEvent,
    PlayField,
    SetCard,
    Summon,
)
from gateruler.engine.timings import WINDOWS
from gateruler.engine.windows import WINDOW
from gateruler.errors import GateRulerError, IllegalAction
from gateruler.fileio import Input, check_output
from gateruler.interrupts import EXIT_INTERRUPTED, Terminated
from gateruler.level_words import briefing, card_changes, level_rule_lines, rift_version
from gateruler.limits import MAX_CHOICE_DIGITS, MAX_TYPED_CHARS
from gateruler.models import CardDef, CostModel
from gateruler.render import (
    COLUMNS,
    action_words,
    attacker_words,
    board_lines,
    card_lines,
    discount_words,
    pending_question,
    result_lines,
    summon_label,
    unit_name,
    unit_words,
    wrap,
    zone_words,
)
from gateruler.saves import GameOrigin, save_game
from gateruler.story import narrate
from gateruler.variants import of_game, variant_lines

DEFAULT_LOG_LINES = 10
AUTOSAVE = "gateruler-autosave.json"
PHASE_KEYS: dict[str, type[GoToAttack] | type[EndTurn]] = {
    "a": GoToAttack,
    "e": EndTurn,
}  # fixed letters, the same in the line mode and on the board


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


@attrs.frozen
class Face:
    """Where the game is shown, for the words that tell the player how to act there.

    The line mode is typed at (`card NAME`, `help`); the board is pressed and
    pointed at (its card pane, `?`); a watched game is only stepped through."""

    look_up: str  # how to see where a card's numbers come from
    act: str  # how to decide, and where the help is ("" when the player does not decide)


LINE_FACE = Face(
    "type card NAME to see where a card's numbers come from", "Type a number to choose; help lists the commands."
)
BOARD_FACE = Face(
    "point at a card, or highlight its choice, and the card pane says where its numbers come from",
    "Press a number to choose; ? lists the keys.",
)
WATCH_FACE = Face(
    "point at a card and the card pane says where its numbers come from",
    "Space plays the next decision, p plays and pauses; ? lists the keys.",
)
PRINTED_FACE = Face("gateruler card NAME shows where a card's numbers come from", "")


@attrs.frozen
class Confirmation:
    """A yes/no question the session waits for: leaving the game, or ending the turn with something left."""

    what: str  # "quit" or "end"
    question: str


HELP = """\
Type the number of a choice, or a letter: a goes to the attack phase, e ends
the turn.  Where a choice asks a second question (a zone, a target, an
effect's target) you may answer both at once, e.g. "3 1".  Commands, at any
prompt:
  help          this text
  board         draw the board again
  log [N]       the last N events (default 10)
  card NAME     a card in full: numbers, keywords, abilities, where they come from (a card number such as PROV-001, or part of a name)
  undo          take back your last decision (again and again; undoing the end of your turn takes back the rift's turn too)
  auto          pass automatically, or ask again, when you could respond in the rift's turn (play --auto-pass starts with it on)
  save FILE     save the game; resume later with: gateruler play --load FILE
  replay FILE   write a replay of this game so far; gateruler replay FILE re-runs it
  quit          leave the game (asks first if there are unsaved changes; so do Ctrl-C and Ctrl-D)"""

KIND_ORDER = (Summon, Discount, PlayEvent, PlayField, SetCard, Activate, Attack, Choose, ChooseCard, Confirm, Done)


def target_order(action: Choose) -> tuple[int, int]:
    """Targets in the order attacks list them: the rift's units left, defense, right, then yours."""
    return (0 if action.side == INVADER else 1, COLUMNS.index(action.slot) if action.slot in COLUMNS else len(COLUMNS))


def build_menu(game: Game) -> tuple[str, list[Choice]]:
    """The question of the player's current decision and its numbered choices (the phase letters apart)."""
    actions = game.legal_actions()
    if game.pending is not None:
        units = sorted((a for a in actions if isinstance(a, Choose)), key=target_order)
        others = [a for a in actions if not isinstance(a, Choose)]  # cards to pay with, yes/no, ways to split damage
        ordered: list[Action] = [*units, *others]
        return pending_question(game), [Choice(action_words(game, a), a) for a in ordered]
    question = f"Your {game.phase} phase: what will you do?"
    groups: dict[object, list[Action]] = {}  # one numbered choice per group, in first-seen order
    numbered = [a for a in actions if not isinstance(a, (GoToAttack, EndTurn))]
    for action in sorted(numbered, key=lambda a: KIND_ORDER.index(type(a))):
        if isinstance(action, Summon):
            key: object = ("summon", action.card)
        elif isinstance(action, Discount) and action.slot >= 0:
            key = ("discount", action.card)
        elif isinstance(action, Attack):
            key = ("attack", action.attacker)
        else:
            key = action
        groups.setdefault(key, []).append(action)
    choices = []
    for group in groups.values():
        if isinstance(group[0], (Summon, Discount)) and len(group) > 1:  # a group holds one kind of action
            choices.append(_summon_choice(game, [a for a in group if isinstance(a, (Summon, Discount))]))
        elif isinstance(group[0], Attack):
            choices.append(_attack_choice(game, [a for a in group if isinstance(a, Attack)]))
        else:
            choices.append(Choice(action_words(game, group[0]), group[0]))
    return question, choices


def phase_choices(game: Game) -> dict[str, Action]:
    """The phase commands open now, by their fixed letter."""
    legal = game.legal_actions()
    return {key: kind() for key, kind in PHASE_KEYS.items() if kind() in legal}


def _summon_choice(game: Game, actions: list[Summon | Discount]) -> Choice:
    if len(actions) == 1:
        return Choice(action_words(game, actions[0]), actions[0])
    ordered = sorted(actions, key=lambda a: COLUMNS.index(a.slot))
    label = (
        summon_label(game, actions[0].card)
        if isinstance(actions[0], Summon)
        else discount_words(game, Discount(actions[0].card))
    )
    options = tuple((zone_words(game, a.slot), a) for a in ordered)
    return Choice(label, question=f"{label[0].upper()}{label[1:]}: to which zone?", options=options)


def _attack_choice(game: Game, actions: list[Attack]) -> Choice:
    if len(actions) == 1:
        return Choice(action_words(game, actions[0]), actions[0])
    who = attacker_words(game, actions[0].attacker)
    options = tuple((unit_words(game, INVADER, a.target), a) for a in actions)
    return Choice(f"attack with {who}", question=f"Attack with {who}: which target?", options=options)


def leftover_words(game: Game) -> str:
    """What the player would leave unused by ending the turn now: ready attackers, unspent energy; "" when nothing."""
    if game.pending is not None or game.active != PLAYER or game.over:
        return ""
    legal = game.legal_actions()
    parts = []
    ready = sorted({a.attacker for a in legal if isinstance(a, Attack)})
    if game.phase == "main" and game.attack_targets(INVADER):
        slots = [slot for slot in (0, 1) if slot < game.setup.ruler.attack_zones] + [RULER]
        ready = [
            slot
            for slot in slots
            if game.can_attack(PLAYER, slot) and (slot == RULER or game.unit_at(PLAYER, slot) is not None)
        ]
    if ready:
        names = ["your ruler" if s == RULER else unit_name(game, PLAYER, s) for s in ready]
        parts.append(f"{_and(names)} can still attack")
    s = game.sides[PLAYER]
    playable = any(isinstance(a, (Summon, PlayEvent, PlayField, Discount, Activate)) for a in legal)
    if game.setup.ruler.cost_model is CostModel.ENERGY and s.energy_ready > 0 and playable:
        parts.append(f"{s.energy_ready} energy is unspent")
    return _and(parts)


def _and(items: Sequence[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


class PlaySession:
    """One player's game, decision by decision, for the line mode and the board alike."""

    def __init__(
        self,
        game: Game,
        origin: GameOrigin,
        *,
        width: int = 80,
        deck_path: str | None = None,
        auto_pass: bool = False,
        loaded_from: str | None = None,
    ) -> None:
        """`loaded_from`: the save file the game was resumed from, which counts as its last save."""
        self.auto_pass = auto_pass  # let every window of the rift's turn go by without asking (engine/windows.py)
        self.game = game
        self.origin = origin
        self.width = width
        self.deck_path = deck_path
        self.replay_path: str | None = None  # written again whenever the game changes
        self.inputs: list[Input] = []  # the files the game was made from: never overwritten by save or replay
        self._left = False
        self._undo: list[tuple[Game, str]] = []  # (game before the decision, what the decision was)
        self._saved_history = list(game.history)
        self._save_path: str | None = loaded_from
        self.question = ""
        self.choices: list[Choice] = []
        self.phases: dict[str, Action] = {}
        self.open: Choice | None = None  # a group choice waiting for its second answer
        self.confirming: Confirmation | None = None
        self._pass_windows(self.game)
        self._refresh_menu()

    # ------------------------------------------------------------------ state
    @property
    def finished(self) -> bool:
        """The game is over, or the player has left it."""
        return self._left or self.game.over

    @property
    def left(self) -> bool:
        return self._left

    @property
    def unsaved(self) -> bool:
        """True when the game differs from the last save (or load, or a fresh start)."""
        return self.game.history != self._saved_history

    @property
    def quit_save_path(self) -> str:
        """Where `s` at the quit question saves: the last save file, else the autosave file."""
        return self._save_path or AUTOSAVE

    def prompt(self) -> str:
        if self.confirming is not None:
            if self.confirming.what == "quit":
                return f"Quit without saving? [y/N, s saves to {self.quit_save_path} and quits]> "
            return "End the turn anyway? [y/N]> "
        if self.open is not None:
            return f"[{_numbers_up_to(len(self.open.options))}, 0 back, help]> "
        parts = [_numbers_up_to(len(self.choices))] if self.choices else []
        parts += list(self.phases)
        return f"[{', '.join(parts + ['help'])}]> "

    # ------------------------------------------------------------------ output pieces
    def opening(self, note: str = "", story: bool = True) -> list[Line]:
        """The first screen: the level, the deck, the story so far, the board and the choices."""
        out = [Line("info", line) for text in self.briefing_texts(note) for line in wrap(text, self.width)]
        if story:
            out += self.story(0)
        return out + self._screen()

    def briefing_texts(self, note: str = "", face: Face = LINE_FACE) -> list[str]:
        """The level, its own briefing, what its deck brings and its rules; then the player's deck.

        The level's `briefing:` is its author's words; the rest is read from
        its data, so that the numbers cannot drift from what the rift plays."""
        setup = self.game.setup
        level = setup.level
        readings = of_game(setup.rules, setup.opponent)
        keywords = "".join(f", {k.replace('_', ' ')}" for k in sorted(level.keywords))
        texts = [
            f'Level {level.number} "{level.name}": the rift has LIFE {level.hp}, ATK {level.atk}, STK {level.stk}'
            f"{keywords}; {level.drives_per_turn} drives a turn.",
            " ".join(level.briefing.split()),
            briefing(level, setup.pool, readings.rift),
            *(f"Special rule: {rule}" for rule in level_rule_lines(level, setup.pool, readings.rift)),
            f"You play {setup.deck_name or 'your deck'} with the {setup.ruler.name}; the rift goes first.",
            *variant_lines(readings),
        ]
        provisional = {d.id for d in setup.defs if d.is_provisional}
        if provisional:
            texts.append(
                f"{len(provisional)} cards in this game have provisional numbers (ours, not the real cards'): "
                f"{face.look_up}."
            )
        return [t for t in texts + [note, face.act] if t]

    def story(self, start: int) -> list[Line]:
        return [
            Line("rift" if n.rift_turn else "story", text)
            for n in narrate(self.game, start)
            for text in wrap(n.text, self.width, hang="    ")
        ]

    def _board(self) -> list[Line]:
        return [Line("board", text) for text in board_lines(self.game, self.width)]

    def menu(self) -> list[Line]:
        """The question and its choices, numbered, then the phase letters."""
        if self.open is not None:
            question = self.open.question
            labels_out = [f"{i:>3}) {label}" for i, (label, _) in enumerate(self.open.options, 1)] + ["  0) back"]
        else:
            question = self.question
            labels_out = [f"{i:>3}) {c.label}" for i, c in enumerate(self.choices, 1)]
            labels_out += [f"  {key}) {action_words(self.game, action)}" for key, action in self.phases.items()]
        out = [Line("menu", t) for t in wrap(question, self.width, hang="  ")]
        for text in labels_out:
            out += [Line("menu", t) for t in wrap(text, self.width, hang="      ")]
        return out

    def _screen(self) -> list[Line]:
        if self.game.over:
            # the story has just said who won ("The rift wins."): the result says how
            return self._board() + self._info([Line("result", t) for t in result_lines(self.game, headline=False)])
        return self._board() + self.menu()

    def _info(self, lines: Sequence[Line]) -> list[Line]:
        """Lines wrapped to the width, each keeping its indent (two more on a continuation)."""
        out = []
        for line in lines:
            indent = line.text[: len(line.text) - len(line.text.lstrip())]
            out += [Line(line.kind, t) for t in wrap(line.text.strip(), self.width, indent, indent + "    ")]
        return out

    def _refresh_menu(self) -> None:
        self.open = None
        self.confirming = None
        if self.game.over:
            self.question, self.choices, self.phases = "", [], {}
        else:
            self.question, self.choices = build_menu(self.game)
            self.phases = phase_choices(self.game)

    # ------------------------------------------------------------------ input
    def handle(self, text: str) -> list[Line]:
        """React to one typed line."""
        text = text.strip()
        if len(text) > MAX_TYPED_CHARS:
            self.confirming = None
            return [self._retry(f"That line is too long (more than {MAX_TYPED_CHARS:,} characters).")]
        if self.confirming is not None:
            return self.answer(text.lower())
        if not text:
            return self.menu()
        words = text.split()
        if all(w.isascii() and w.isdigit() for w in words):
            if any(len(w.lstrip("0")) > MAX_CHOICE_DIGITS for w in words):
                return [self._retry("There is no such choice: the numbers are far smaller.")]
            return self.choose([int(w) for w in words])
        command, rest = words[0].lower(), text[len(words[0]) :].strip()
        if command in PHASE_KEYS and not rest:
            return self.phase(command)
        handler = self._commands().get(command)
        if handler is None:
            return [self._retry(f"'{words[0]}' is neither a choice nor a command.")]
        return handler(rest)

    def interrupt(self) -> list[Line]:
        """Ctrl-C or Ctrl-D: a second one while asked to quit leaves; otherwise it is `quit`."""
        if self.confirming is not None and self.confirming.what == "quit":
            return self.answer("y")
        self.confirming = None
        return self.quit()

    def _commands(self) -> dict[str, Callable[[str], list[Line]]]:
        return {
            "help": self._help,
            "?": self._help,
            "board": lambda rest: self._board() + self.menu(),
            "log": self._log,
            "card": self._card,
            "undo": lambda rest: self.undo(),
            "auto": lambda rest: self.toggle_auto_pass(),
            "back": lambda rest: self.choose([0]),
            "save": self.save,
            "replay": self.write_replay,
            "quit": lambda rest: self.quit(),
            "exit": lambda rest: self.quit(),
        }

    def _retry(self, why: str, group: Choice | None = None) -> Line:
        group = group or self.open
        if group is not None:
            options = [f"a number from 0 to {len(group.options)}"]
        else:
            count = len(self.choices)
            options = ([f"a number from 1 to {count}"] if count > 1 else ["1"] if count else []) + list(self.phases)
        expected = " or ".join([", ".join(options[:-1]), options[-1]]) if len(options) > 1 else "".join(options)
        return Line("error", f"{why} Type {expected}, or help." if expected else f"{why} Type help.")

    def choose(self, numbers: Sequence[int]) -> list[Line]:
        """A choice and its answers, one number a question; nothing changes unless all of it is valid.

        The numbers are tried on a copy of the game, so "3 1" can play an
        event and choose its target in one step, and a bad second number
        leaves the game as it was."""
        rest = list(numbers)
        if not rest:
            return self.menu()
        group = self.open
        if group is None:
            number = rest.pop(0)
            if not 1 <= number <= len(self.choices):
                return [self._retry(f"There is no choice {number}.")]
            choice = self.choices[number - 1]
            if choice.action is None:
                if not rest:
                    self.open = choice
                    return self.menu()
                group = choice
        if group is not None:
            answer = rest.pop(0)
            if answer == 0:
                self.open = None
                return self.menu()
            if not 1 <= answer <= len(group.options):
                return [self._retry(f"There is no choice {answer} here.", group)]
            action = group.options[answer - 1][1]
        else:
            action = choice.action  # type: ignore[assignment]
        return self._decide_all([action], rest)

    def _decide_all(self, actions: list[Action], answers: list[int]) -> list[Line]:
        """Apply `actions`, then answer each following question (a target to choose) with the next number."""
        trial = self.game.clone()
        labels = []
        for action in actions:
            labels.append(action_words(trial, action))
            trial.apply(action)
        for answer in answers:
            if trial.pending is None or trial.turn != self.game.turn:
                return [
                    self._retry("That choice asks no second question." if len(labels) == 1 else "Too many numbers.")
                ]
            _, targets = build_menu(trial)
            if not 1 <= answer <= len(targets):
                return [
                    Line(
                        "error",
                        f"There is no target {answer} for {labels[-1]}: type a number from 1 to {len(targets)}, or help.",
                    )
                ]
            labels.append(targets[answer - 1].label)
            trial.apply(targets[answer - 1].action)  # type: ignore[arg-type]
        return self._commit(trial, "; ".join(labels))

    def _pass_windows(self, game: Game) -> None:
        """Under auto-pass, answer every priority window the game waits in with a pass (a choice of the rules
        asked as a window is, such as setting a card driven outside the main phase, is still asked)."""
        while self.auto_pass and _in_priority_window(game):
            game.apply(Pass())

    def toggle_auto_pass(self) -> list[Line]:
        """The `auto` command (and the board's key): pass at the rift's windows without asking, or ask again."""
        self.auto_pass = not self.auto_pass
        state = (
            "on: the rift's turn goes on without asking you to respond"
            if self.auto_pass
            else "off: you are asked when you could respond in the rift's turn"
        )
        lines = [Line("info", f"Auto-pass is {state}.")]
        if self.auto_pass and _in_priority_window(self.game):
            after = self.game.clone()
            self._pass_windows(after)
            return lines + self._commit(after, "pass")
        return lines + self.menu()

    def _commit(self, after: Game, label: str) -> list[Line]:
        start = len(self.game.log)
        self._undo.append((self.game, label))
        self._pass_windows(after)
        self.game = after
        self._refresh_menu()
        self._after_change()
        return self.story(start) + self._screen()

    def decide(self, action: Action) -> list[Line]:
        """Take one legal action (the board's clicks and the phase letters come here)."""
        try:
            return self._decide_all([action], [])
        except IllegalAction:
            return [Line("error", f"That cannot be done now: {action_words(self.game, action)}.")]

    def watch(self, action: Action) -> list[Line]:
        """A decision made by a bot or a replay while a person watches: the story it adds.

        An illegal action or an engine error is raised for the watcher to show."""
        start = len(self.game.log)
        self.game.apply(action)
        self._refresh_menu()
        return self.story(start)

    def phase(self, key: str) -> list[Line]:
        """`a` or `e`; ending the turn with attackers ready or energy unspent asks first."""
        action = self.phases.get(key)
        if action is None:
            if self.game.pending is not None:
                return [self._retry("Choose the target first.")]
            what = "go to the attack phase" if key == "a" else "end the turn"
            return [self._retry(f"You cannot {what} now.")]
        self.open = None
        if isinstance(action, EndTurn):
            left = leftover_words(self.game)
            if left:
                self.confirming = Confirmation("end", f"{left[0].upper()}{left[1:]}.")
                return [Line("info", t) for t in wrap(self.confirming.question, self.width)]
        return self.decide(action)

    def answer(self, text: str) -> list[Line]:
        """The answer to the open yes/no question."""
        confirming, self.confirming = self.confirming, None
        if confirming is None:
            return self.menu()
        if confirming.what == "end":
            if text in ("y", "yes"):
                return self.decide(EndTurn())
            return [Line("info", "The turn goes on.")] + self.menu()
        if text in ("y", "yes"):
            self._left = True
            return [Line("info", "Left the game without saving.")]
        if text == "s":
            saved = self.save(self.quit_save_path)
            if not self.unsaved:
                self._left = True
                return saved + [Line("info", "Left the game.")]
            return saved + self.menu()
        return [Line("info", "Not quitting.")] + self.menu()

    # ------------------------------------------------------------------ commands
    def _help(self, rest: str) -> list[Line]:
        return self._info([Line("info", text) for text in HELP.splitlines()])

    def _log(self, rest: str) -> list[Line]:
        count = DEFAULT_LOG_LINES
        if rest:
            if not (rest.isascii() and rest.isdigit()) or len(rest) > MAX_CHOICE_DIGITS or int(rest) < 1:
                shown = rest if len(rest) <= 20 else rest[:17] + "..."
                return [Line("error", f"log takes a number of events, e.g. log 20 (not '{shown}').")]
            count = int(rest)
        lines = narrate(self.game)[-count:]
        return self._info([Line("info", f"turn {n.turn}: {n.text}") for n in lines])

    def _card(self, rest: str) -> list[Line]:
        if not rest:
            return [Line("error", "card needs a card number or part of a name, e.g. card PROV-001.")]
        found = find_cards(self.game, rest)
        if not found:
            return [Line("error", f"No card matches '{rest}'.")]
        if len(found) > 1:
            names = "; ".join(f"{c.name} [{c.id}]" for c in found)
            return [
                Line("error", t)
                for t in wrap(
                    f"Several cards match '{rest}': {names}. Type more of the name, or the number.", self.width
                )
            ]
        return self._info([Line("info", t) for t in full_card_lines(self.game, found[0], self.width)])

    def undo(self) -> list[Line]:
        if not self._undo:
            return [Line("error", "Nothing to undo: this is the start of the game (or of where it was loaded).")]
        before, label = self._undo.pop()
        rift_turns = self.game.turn - before.turn
        self.game = before
        self._refresh_menu()
        self._after_change()
        note = " (and the rift's turn after it)" if rift_turns else ""
        # a label may end in its card's own sentence ("... this turn."): one full stop
        return [Line("info", t) for t in wrap(f"Undone: {label.rstrip('.')}{note}.", self.width)] + self._screen()

    def save(self, rest: str) -> list[Line]:
        path = rest or self._save_path
        if not path:
            return [Line("error", "save needs a file name, e.g. save mygame.json.")]
        try:
            protected = [item for item in self.inputs if item.label != "the saved game"]  # saving over it is fine
            save_game(check_output(path, what="the save file", inputs=protected), self.game, self.origin)
        except GateRulerError as error:
            return [Line("error", str(error))]
        self._save_path = path
        self._saved_history = list(self.game.history)
        return [
            Line("info", t) for t in wrap(f"Saved to {path}.  Resume with: gateruler play --load {path}", self.width)
        ]

    def write_replay(self, rest: str) -> list[Line]:
        """Write the game so far as a replay (and again after every decision while playing on)."""
        path = rest or self.replay_path
        if not path:
            return [Line("error", "replay needs a file name, e.g. replay mygame.replay.json.")]
        from gateruler.play_replay import write_play_replay

        try:
            target = check_output(path, what="the replay", inputs=self.inputs)
            write_play_replay(target, self.game, self.origin, self.deck_path)
        except GateRulerError as error:
            return [Line("error", str(error))]
        self.replay_path = path
        return [
            Line("info", t)
            for t in wrap(f"Replay written to {path}.  Re-run it with: gateruler replay {path}", self.width)
        ]

    def _after_change(self) -> None:
        if self.replay_path is not None:
            self.write_replay(self.replay_path)

    def leaving_lines(self) -> list[str]:
        """What the terminal keeps when the board closes: the result, or where the game stands and how to go on.

        The board's screen is gone once it closes, so these lines are all the
        player has left of the game: who won, or how to resume it; how to play
        the same game again; where its replay is."""
        game = self.game
        if game.over:
            out = result_lines(game)
        else:
            out = [f"You left the game on turn {game.turn}."]
            if self._save_path is not None and not self.unsaved:
                out.append(f"Resume it with: gateruler play --load {shlex.quote(self._save_path)}")
            elif self._save_path is not None:
                out.append(
                    f"Its last save, {self._save_path}, is from before your last decisions; "
                    f"resume from there with: gateruler play --load {shlex.quote(self._save_path)}"
                )
            else:
                out.append("It was not saved.")
        out.append(f"Play the same game again with: {play_command(game, self.origin)}")
        if self.replay_path is not None:
            out.append(
                f"Its replay is in {self.replay_path}: gateruler replay {shlex.quote(self.replay_path)} re-runs it."
            )
        return out

    def quit(self) -> list[Line]:
        if self.unsaved:
            self.confirming = Confirmation("quit", "You have unsaved changes.")
            return [
                Line("info", t)
                for t in wrap(f"You have unsaved changes (s saves them to {self.quit_save_path}).", self.width)
            ]
        self._left = True
        return [Line("info", "Left the game.")]


def play_command(game: Game, origin: GameOrigin) -> str:
    """The command line that deals the same game again: its level, deck, seed and rule variants."""
    from gateruler.loader import sample_deck_path

    parts = ["gateruler", "play"]
    if origin.level_file is not None:
        parts += ["--level-file", origin.level_file]
    elif game.setup.level.number != 1:
        parts += ["--level", str(game.setup.level.number)]
    if origin.deck_file is not None and Path(origin.deck_file) != sample_deck_path("knight").resolve():
        parts += ["--deck", origin.deck_file]
    parts += ["--seed", str(game.seed)]
    parts += [f"--variant={name}={value}" for name, value in of_game(game.setup.rules, game.setup.opponent).changed()]
    return shlex.join(parts)


def _numbers_up_to(count: int) -> str:
    return "1" if count == 1 else f"1-{count}"


def full_card_lines(game: Game, card: CardDef, width: int) -> list[str]:
    """A card in full as it is in this game: the rift's copies as the level's rules change them, and why."""
    setup = game.setup
    rift = next((d for d, owner in zip(setup.defs, setup.owners) if owner == INVADER and d.id == card.id), None)
    readings = of_game(setup.rules, setup.opponent)
    if rift is None:
        rift = rift_version(setup.level, setup.pool, card.id, readings.rift)
    players = any(d.id == card.id for d, owner in zip(setup.defs, setup.owners) if owner == PLAYER)
    changes = card_changes(setup.level, card, setup.pool, readings.rift) if rift is not None else []
    return card_lines(card, rift, width, changes, players_too=players)


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
    eof_asks: bool = False,
) -> int:
    """Play until the game ends or the player quits (0); 1 when the input ran out first; 130 when the
    player left by Ctrl-C.  SIGTERM (interrupts.Terminated) is raised to the caller, who keeps the game.

    `pause` is called after each line of the rift's turn, so that a person
    can follow it (Ctrl-C during a pause prints the rest at once); leave it
    out to print everything at once.  With `eof_asks` (a terminal) Ctrl-D is
    `quit`, like Ctrl-C; otherwise the end of the input ends the game.
    """

    def show(lines: Sequence[Line]) -> None:
        paced = pause is not None
        for line in lines:
            write(line)
            if paced and line.kind == "rift":
                try:
                    pause()  # type: ignore[misc]
                except Terminated:
                    raise
                except KeyboardInterrupt:
                    paced = False  # Ctrl-C while the rift plays: tell the rest at once

    show(opening)
    while not session.finished:
        try:
            text = read(session.prompt())
        except EOFError:
            if not eof_asks:
                write(Line("error", "Input ended before the game did; left without saving."))
                return 1
            write(Line("info", ""))
            show(session.interrupt())
            continue
        except Terminated:
            raise  # SIGTERM stops the game at once: the command line keeps it and exits 143
        except KeyboardInterrupt:
            write(Line("info", ""))
            show(session.interrupt())
            if session.left:
                return EXIT_INTERRUPTED  # left by Ctrl-C: the exit code says so (130)
            continue
        show(session.handle(text))
    return 0


def _in_priority_window(game: Game) -> bool:
    """Whether the game waits in a priority window (engine/windows.py), which a pass lets go by."""
    pending = game.pending
    return pending is not None and pending.kind == WINDOW and WINDOWS[pending.purpose].priority
