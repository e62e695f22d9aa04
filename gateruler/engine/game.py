"""A game of Gateruler between the player and a scripted opponent.

The game is a value: `clone()` copies it cheaply (definitions are shared,
state is a few small lists), `to_dict()`/`from_dict()` round-trip it, and the
same seed and actions always give the same game and the same log.

How it runs: everything the game does by itself (start phases, drives, damage
checks one card at a time, triggered abilities, the opponent's whole turn) is
a *task* on a stack (tasks.py).  `run()` pops tasks until the player must
decide, runs each through its kind's handler (`RUNS`), and runs the rules
processing after each.  An ability in resolution is a `Frame` (frames.py)
that resolve.py runs one step at a time; a step that needs the player's
choice leaves a `Decision` in `pending` and waits.  Pushing an ability's next
step before what a step starts is what makes "fully resolve this before the
next thing" hold everywhere.

This module is the core: the state, the task loop and the rule checks.  The
primitives live in the modules named for what they do (zones.py, soul.py,
combat.py, stats.py, firing.py, legal.py, perform.py, turns.py), written
against the `GameState` Protocol (gamestate.py); `Game` implements it by
holding those very functions as its methods.  What each card word does lives
in its family's module (docs/engine.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import gateruler.engine.activation as activation
import gateruler.engine.combat as combat
import gateruler.engine.firing as firing
import gateruler.engine.legal as legal
import gateruler.engine.processing as processing
import gateruler.engine.soul as souls
import gateruler.engine.stats as stats
import gateruler.engine.turns as turns
import gateruler.engine.windows as windows
import gateruler.engine.zones as zones
from gateruler.cardpool import CardPool
from gateruler.engine.actions import (
    INVADER,
    PLAYER,
    SIDE_NAMES,
    SLOT_NAMES,
    SLOT_WORDS,
    Action,
)
from gateruler.engine.copies import offered_copy
from gateruler.engine.events import KINDS, describe, event_to_dict
from gateruler.engine.frames import Decision, Frame
from gateruler.engine.gamestate import Opponent, Setup
from gateruler.engine.perform import PERFORM
from gateruler.engine.resolve import run as run_frame
from gateruler.engine.rules import DEFAULT as DEFAULT_RULES
from gateruler.engine.rules import Rules
from gateruler.engine.serial import game_from_dict, game_to_dict
from gateruler.engine.state import START_PHASE, Phase, SideState, Unit
from gateruler.engine.tables import setup_for
from gateruler.engine.tasks import (
    RIFT_STEPS,
    Battle,
    Check,
    Draw,
    Drive,
    End,
    Main,
    Open,
    Overdrive,
    Start,
    Task,
    Window,
    start_task,
)
from gateruler.engine.windows import SPECIAL as RULES_CHOICES
from gateruler.engine.windows import WINDOW
from gateruler.engine.windows import answer as answer_window
from gateruler.engine.zones import seeded, shuffle_list
from gateruler.errors import IllegalAction
from gateruler.models import CardDef, LevelDef, RulerDef

DEFAULT_MAX_TURNS = 200


class Game:
    """One game.  Create with `Game.new`; drive with `legal_actions`/`apply`."""

    __slots__ = (
        "setup",
        "seed",
        "sides",
        "turn",
        "active",
        "first_player",
        "phase",
        "attacks",
        "rng",
        "log",
        "tasks",
        "pending",
        "winner",
        "end_reason",
        "history",
        "halt_after_turn",
        "used",
        "hp_dirty",
    )
    setup: Setup  # what is fixed for the game's life, shared by its clones and the other games of its batch
    seed: int  # what set the game up: its shuffles and its generator (HIDDEN_SEED in a view, bots/view.py)
    sides: list[SideState]  # by side: PLAYER, INVADER
    turn: int  # the turn being played (1 the first)
    active: int  # whose turn it is
    first_player: int
    phase: Phase
    attacks: int  # attacks declared this turn
    rng: random.Random | None  # the game's one generator (None: a player view's, bots/view.py)
    log: list[tuple[Any, ...]]  # the events so far (events.py)
    tasks: list[Task]  # what the game does by itself, the next on top (tasks.py)
    pending: Decision | None  # the player's decision the game waits for
    winner: str | None  # "player", "invader" or "draw" once the game is over
    end_reason: str
    history: list[Action]  # the player's actions so far (a replay)
    halt_after_turn: int | None  # stop before the turn after this one starts (scenarios)
    used: tuple[tuple[int, int], ...]  # (card, ability) used this turn: activated and once-per-turn abilities
    hp_dirty: bool  # since the rules last looked: a unit entered, its damage or HP changed, or a side lost

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(
        cls,
        *,
        deck: Sequence[str],
        ruler: RulerDef,
        level: LevelDef,
        pool: CardPool,
        seed: int,
        opponent: Opponent,
        max_turns: int = DEFAULT_MAX_TURNS,
        invader_deck: Sequence[str] | None = None,
        deck_name: str = "",
        start: bool = True,
        shuffle_deck: bool = True,
        rules: Rules = DEFAULT_RULES,
    ) -> Game:
        """A new game, set up and run until the player's first decision.

        `invader_deck` (top first) fixes the rift's deck order instead of
        shuffling the level's list; scenarios use it.  `shuffle_deck=False`
        does the same for the player: `deck` is then taken top first.
        `opponent` plays the other side and defines its cards; `rules` are
        the readings of the open rulings the game is played under.
        """
        rng = seeded(seed)
        n = len(deck)
        player_deck = list(range(n))
        if shuffle_deck:
            shuffle_list(rng, player_deck)
        else:
            player_deck.reverse()  # given top first; we keep the top at the end
        rift_ids = list(invader_deck) if invader_deck is not None else level.card_ids()
        m = len(rift_ids)  # the rift's cards follow the player's: instance ids n .. n + m - 1
        if invader_deck is not None:
            rift_deck = list(range(n + m - 1, n - 1, -1))  # given top first; we keep the top at the end
        elif (size := opponent.deck_size(level)) is None or size >= m:
            rift_deck = list(range(n, n + m))  # the whole list, numbered as dealt: a shuffle moves places, not values
            shuffle_list(rng, rift_deck)
        else:
            order = list(range(m))
            shuffle_list(rng, order)
            rift_ids, order = turns.deal(rift_ids, order, size)
            rift_deck = [n + i for i in order]
        setup = setup_for(
            tuple(deck),
            tuple(rift_ids),
            ruler=ruler,
            level=level,
            pool=pool,
            opponent=opponent,
            max_turns=max_turns,
            deck_name=deck_name,
            rules=rules,
        )
        game = cls._blank(setup, seed, rng)
        game.sides[PLAYER].deck = player_deck
        game.sides[INVADER].deck = rift_deck
        if start:
            game.tasks.append(start_task(INVADER))
            turns.set_up(game)
            game.rules_processing()
            game.run(checked=True)
        return game

    @classmethod
    def _blank(cls, setup: Setup, seed: int, rng: random.Random) -> Game:
        game = cls.__new__(cls)
        game.setup = setup
        game.seed = seed
        game.sides = [SideState(min(setup.ruler.set_zones, 2)), SideState(0)]
        game.turn = 0
        game.active = INVADER
        game.first_player = INVADER
        game.phase = START_PHASE
        game.attacks = 0
        game.rng = rng
        game.log = []
        game.tasks = []
        game.pending = None
        game.winner = None
        game.end_reason = ""
        game.history = []
        game.halt_after_turn = None
        game.used = ()  # (card, ability) pairs used this turn: activated ones, and once-per-turn triggered ones
        game.hp_dirty = True
        return game

    # ------------------------------------------------------------------ copying
    def clone(self, keep_log: bool = True, keep_rng: bool = True) -> Game:
        """An independent copy; definitions are shared, state is copied.

        `keep_rng=False` leaves the copy without a random generator (`rng` is
        None): copying the generator's state is most of a clone's cost, and a
        player view must not keep it anyway (bots/view.py)."""
        game = Game.__new__(Game)
        game.setup = self.setup
        game.seed = self.seed
        game.sides = [self.sides[0].copy(), self.sides[1].copy()]
        game.turn = self.turn
        game.active = self.active
        game.first_player = self.first_player
        game.phase = self.phase
        game.attacks = self.attacks
        if keep_rng and self.rng is not None:
            # Random() without arguments seeds itself from the OS first: make a bare
            # one, since its state is overwritten at once anyway.
            game.rng = random.Random.__new__(random.Random)
            game.rng.setstate(self.rng.getstate())
        else:
            game.rng = None
        game.log = self.log[:] if keep_log else []
        game.tasks = self.tasks[:]
        game.pending = self.pending
        game.winner = self.winner
        game.end_reason = self.end_reason
        game.history = self.history[:]
        game.halt_after_turn = self.halt_after_turn
        game.used = self.used
        game.hp_dirty = self.hp_dirty
        return game

    # ------------------------------------------------------------------ queries
    @property
    def over(self) -> bool:
        return self.winner is not None

    def card(self, iid: int) -> CardDef:
        return self.setup.defs[iid]

    def life(self, side: int) -> int:
        return self.setup.ruler.life if side == PLAYER else self.setup.level.hp

    def has_hand(self, side: int) -> bool:
        """The rift and drive rulers have no hand zone."""
        return side == PLAYER and self.setup.ruler.has_hand

    def has_field_zone(self, side: int) -> bool:
        """The rift has no field zone (solo "Invader side")."""
        return side == PLAYER

    def unit_at(self, side: int, slot: int) -> Unit | None:
        return self.sides[side].board[slot]

    # stat and keyword reads (stats.py)
    keywords = stats.keywords
    atk = stats.atk
    hp = stats.hp
    stk = stats.stk

    def unit_is(self, side: int, slot: int, iid: int) -> bool:
        """Whether the unit `iid` is still in `slot` of `side` (a destroyed unit's slot may be refilled)."""
        u = self.sides[side].board[slot]
        return u is not None and u.iid == iid

    @property
    def first_turn_limit(self) -> bool:
        """The first player's first turn has exactly one attack [CR 8-2a-2]."""
        return self.turn == 1 and self.active == self.first_player

    def events(self) -> list[dict]:
        ids = self.setup.card_ids
        return [event_to_dict(e, ids) for e in self.log]

    def describe_log(self, last: int | None = None) -> list[str]:
        names = self.setup.names
        entries = self.log if last is None else self.log[-last:]
        return [describe(e, names) for e in entries]

    # ------------------------------------------------------------------ player API
    legal_actions = legal.legal_actions

    def apply(self, action: Action) -> None:
        """Perform one legal action, then run the game to the player's next decision.  An action naming
        a copy of a card on offer is taken as that copy (copies are one choice, copies.py; saves and
        replays made before may name the second copy), and performed as recorded."""
        legal = self.legal_actions()
        if action not in legal and offered_copy(self, action, legal) is None:
            raise IllegalAction(f"illegal action now: {action!r}")
        self.apply_trusted(action)

    def apply_trusted(self, action: Action) -> None:
        """`apply` without checking the action against `legal_actions()` again, for callers that took it
        from `legal_actions()` of this very state (the bots' loop, playouts, bench_engine's random player):
        working them out twice was a sixth of a game's cost.  Others call `apply`, which refuses."""
        self.history.append(action)
        pending = self.pending
        if pending is not None and pending.kind == WINDOW:
            answer_window(self, action)  # the answer (a play, an activation, a summon) is made below
        PERFORM[type(action)](self, action)
        player, rift = self.sides
        if self.hp_dirty or not player.deck or not rift.deck:  # as after a task: most actions leave the rules nothing
            self.rules_processing(False)  # HP only when the action marked it (`hp_dirty`, processing.py)
        self.run(checked=True)

    def apply_all(self, actions: Sequence[Action]) -> None:
        for action in actions:
            self.apply(action)

    # ------------------------------------------------------------------ the primitives, where they live
    # Game holds the very functions of the modules below as its methods (no
    # extra call): word code and callers outside the engine call game.summon(...).

    # zone moves (zones.py)
    summon = zones.summon
    special_summon = zones.special_summon
    free_zones = zones.free_zones
    take_card = zones.take_card
    zone_of = zones.zone_of
    shuffle = zones.shuffle
    play_event = zones.play_event
    play_field = zones.play_field
    play_from_hand = zones.play_from_hand
    to_graveyard = zones.to_graveyard
    remove_unit = zones.remove_unit
    destroy = zones.destroy
    stays = zones.stays
    destroy_field = zones.destroy_field
    destroy_set_card = zones.destroy_set_card
    take_top = zones.take_top
    draw = zones.draw
    to_hand = zones.to_hand
    drive_card = zones.drive_card
    drive_windows = zones.drive_windows

    # soul (soul.py)
    soul = souls.soul
    soul_of = souls.soul_of
    put_soul = souls.put_soul
    soul_to_graveyard = souls.soul_to_graveyard
    release_soul = souls.release_soul

    # attacks and damage (combat.py)
    can_attack = combat.can_attack
    attackable = combat.attackable
    attack_targets = combat.attack_targets
    declare_attack = combat.declare_attack
    attack_goes_on = combat.attack_goes_on
    pending_battle = combat.pending_battle
    damage_ruler = combat.damage_ruler
    damage_unit = combat.damage_unit

    # abilities (firing.py)
    fire = firing.fire

    # ------------------------------------------------------------------ the log, the task loop, the rules
    def log_event(self, side: int | None, kind: str, *args: object) -> None:
        """Add an event to the log (engine/events.py lists the kinds and their fields)."""
        self.log.append(KINDS[kind]((self.turn, kind, side) + args))  # its kind's record, a tuple

    rules_processing = processing.rules_processing  # (processing.py)

    def run(self, checked: bool = False) -> None:
        """Run the game's tasks until the player must decide or the game is over.

        `Game.new` and `apply` run it; a caller that set a game up by hand
        (`Game.new(start=False)`, scenarios) runs it once it is ready.
        `checked`: the rules processing has just looked at every unit (`Game.new`, `apply`), so `hp_dirty`
        says all there is; otherwise what a caller changed by hand is checked after the first task."""
        tasks = self.tasks
        rules = self.rules_processing
        runs = RUNS
        player, rift = self.sides
        halt = self.halt_after_turn  # set between runs only (scenarios), never by a task
        settled = False  # the rules found nothing to do after the last task
        if not checked:
            self.hp_dirty = True
        # a window no card stands where it could answer is passed over here: `open_window`'s first test, without
        # its call (most of a game's windows); one only a set card could answer while none is set, without a call
        setup = self.setup
        set_only = not setup.window_plays and not setup.sentinels
        set_zones = player.set_zones
        no_set = len(set_zones)
        may_answer = windows.may_answer
        while self.winner is None and self.pending is None and tasks:
            task = tasks.pop()
            kind = type(task)
            if kind is Window:
                name = task.name  # type: ignore[union-attr]
                if name in RULES_CHOICES or (
                    (not set_only or set_zones.count(None) != no_set) and may_answer(self, name)
                ):
                    windows.open_window(self, task)  # type: ignore[arg-type]
                if settled:
                    continue  # a window changes nothing the rules read (at most it waits, or queues a reveal)
            elif kind is Start and halt is not None and self.turn >= halt:
                tasks.append(task)  # stop between turns (scenarios play one turn)
                break
            else:
                runs[kind](self, task)  # frames too (resolve.run)
            # what rules processing reads, tested here: most tasks leave it nothing to do (and cost no call);
            # a side that lost sets `hp_dirty` as it marks the loss, so the mark covers both
            if self.hp_dirty or not player.deck or not rift.deck:
                settled = rules(False)
            else:
                settled = True

    # ------------------------------------------------------------------ saving
    def to_dict(self) -> dict:
        """Plain JSON-able data that `from_dict` turns back into this exact game (engine/serial.py)."""
        return game_to_dict(self)

    @classmethod
    def from_dict(
        cls,
        data: dict,
        *,
        pool: CardPool,
        ruler: RulerDef,
        level: LevelDef,
        opponent: Opponent,
        rules: Rules | None = None,
    ) -> Game:
        """Rebuild a saved game (this version's or the previous one's).  The caller loads the
        definitions it names and gives the opponent; the rules are the state's own unless given."""
        player_n = len(data["player_deck"])
        setup = setup_for(
            tuple(data["cards"][:player_n]),
            tuple(data["cards"][player_n:]),
            ruler=ruler,
            level=level,
            pool=pool,
            opponent=opponent,
            max_turns=data["max_turns"],
            player_deck=tuple(data["player_deck"]),
            deck_name=data.get("deck_name", ""),
            rules=rules if rules is not None else Rules.from_dict(data.get("rules")),
        )
        game = cls._blank(setup, data["seed"], random.Random(0))
        game_from_dict(game, data)
        return game


RUNS: dict[type, Callable[[Any, Any], None]] = {
    Frame: run_frame,
    Start: turns.start_phase,
    End: turns.end_phase,
    Draw: zones.turn_draw,
    Drive: zones.turn_drive,
    Main: turns.main_phase,
    Check: combat.check_one,
    Open: zones.play_open,
    Battle: combat.battle,
    Window: windows.open_window,
    Overdrive: activation.resolve_overdrive,
    **dict.fromkeys(RIFT_STEPS, turns.rift_step),
}
"""Each kind of task (tasks.py) -> what runs it (`Game.run`; it opens windows itself)."""


__all__ = ["Decision", "Game", "Phase", "Setup", "SIDE_NAMES", "SLOT_NAMES", "SLOT_WORDS"]
