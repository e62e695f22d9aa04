"""What the `learned` bot reads of a decision and of each candidate action: two named records.

A candidate's score is a sum over pairs of a `Context` number (the state of
the game at the decision, the same for every candidate: the kind of
decision, the turn, the level, both sides' damage) and a `Candidate` number
(what the action is and does: its type, the card it plays, the unit it
attacks), each pair with its weight (`Model`, gateruler/bots/learned/model.py).
So a weight says how much one property of an action is worth in one kind of
situation, e.g. attacking a unit rather than the ruler on turn 1.

Both records are read from what the player sees (the bot is handed a
`PlayerView`'s game): the board, the hand, the damage zones, the costs; never
a deck's order.  They are cheap (a few dozen reads), since the bot must stay
near greedy's speed.  Numbers are scaled to about 0..1.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from gateruler.engine.actions import (
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
    GoToAttack,
    Pass,
    PlayEvent,
    PlayField,
    SetCard,
    Split,
    Summon,
)
from gateruler.engine.frames import DecisionKind
from gateruler.engine.game import Game

STAT_SCALE = 5.0  # ATK, HP, costs and energy are divided by this


class Context(NamedTuple):
    """The decision's situation: one number each, the same for every candidate.  (The kind of
    decision is not one of them: each kind has weights of its own, `KINDS`, gateruler/bots/kinds.py.)"""

    bias: float = 1.0
    turn1: float = 0.0  # the player's first turn
    turn2: float = 0.0
    turn3: float = 0.0  # the third or later
    level1: float = 0.0
    level2: float = 0.0
    level3: float = 0.0
    level4: float = 0.0
    level5: float = 0.0  # level 5 or above
    rift_damage: float = 0.0  # the rift's damage zone as a share of its life
    own_damage: float = 0.0  # the player's, as a share of the player's life
    hand: float = 0.0  # cards in hand (scaled)
    energy: float = 0.0  # energy ready (scaled)
    own_units: float = 0.0  # the player's units on the board, as a share of three
    rift_units: float = 0.0


class Candidate(NamedTuple):
    """One candidate action: what it is (one-hots) and what it does (numbers); 0 where it does not apply."""

    default: float = 0.0  # greedy's choice
    summon: float = 0.0
    event: float = 0.0
    field: float = 0.0
    activate: float = 0.0
    discount: float = 0.0
    set_card: float = 0.0
    go_attack: float = 0.0
    end_turn: float = 0.0
    attack_ruler: float = 0.0  # an attack on the rift's ruler
    attack_unit: float = 0.0  # an attack on one of the rift's units
    by_ruler: float = 0.0  # the attacker is the player's ruler
    pass_: float = 0.0
    choose_own: float = 0.0  # a unit of the player's chosen
    choose_rift: float = 0.0  # a unit of the rift's chosen
    choose_card: float = 0.0
    confirm_yes: float = 0.0  # (not `yes`: YAML 1.1 reads that key as true)
    confirm_no: float = 0.0
    split: float = 0.0
    done: float = 0.0
    cost: float = 0.0  # the card's cost (a play)
    energy_left: float = 0.0  # the energy left after paying it
    atk: float = 0.0  # the unit played, or the attacker
    hp: float = 0.0  # the unit played
    stk: float = 0.0  # the unit played, or the attacker
    left: float = 0.0  # the slot a unit goes to (or an own unit chosen)
    right: float = 0.0
    defense: float = 0.0
    over_unit: float = 0.0  # summoned over a unit of the player's
    facing_atk: float = 0.0  # ATK of the rift's unit in the same slot as a unit played
    target_atk: float = 0.0  # the rift's (or own) unit attacked or chosen
    target_hp: float = 0.0  # its HP left
    target_stk: float = 0.0
    target_attacker: float = 0.0  # it stands in an attack zone
    kills: float = 0.0  # the attack's ATK is at least the target's HP left


CONTEXT_NAMES: tuple[str, ...] = Context._fields
CANDIDATE_NAMES: tuple[str, ...] = Candidate._fields
_SLOT_NAMES = ("left", "right", "defense")


def context(game: Game) -> Context:
    """The decision's situation, from what the player sees."""
    ours = game.sides[PLAYER]
    rift = game.sides[INVADER]
    turn = (game.turn + 1) // 2  # the player's; the first is 1 or below, the third or later 3 or above
    level = game.setup.level.number
    return Context(
        1.0,
        float(turn <= 1),
        float(turn == 2),
        float(turn >= 3),
        float(level <= 1),
        float(level == 2),
        float(level == 3),
        float(level == 4),
        float(level >= 5),
        len(rift.damage_zone) / max(1, game.life(INVADER)),
        len(ours.damage_zone) / max(1, game.life(PLAYER)),
        len(ours.hand) / STAT_SCALE,
        ours.energy_ready / STAT_SCALE,
        (3 - ours.board.count(None)) / 3,
        (3 - rift.board.count(None)) / 3,
    )


def _add_target(out: dict[str, float], game: Game, side: int, slot: int) -> None:
    """A board unit's numbers as target_atk, _hp (left), _stk and whether it stands in an attack zone."""
    unit = game.sides[side].board[slot] if slot != RULER else None
    if unit is not None:
        out["target_atk"] = game.atk(side, slot) / STAT_SCALE
        out["target_hp"] = (game.hp(side, slot) - unit.damage) / STAT_SCALE
        out["target_stk"] = float(game.stk(side, slot))
        out["target_attacker"] = float(slot != 2)


def _add_play(out: dict[str, float], game: Game, card: int) -> None:
    """A card played from wherever it is: its cost and, for a unit, its printed numbers."""
    cost = game.setup.costs[card]
    defn = game.setup.defs[card]
    out["cost"] = cost / STAT_SCALE
    out["energy_left"] = (game.sides[PLAYER].energy_ready - cost) / STAT_SCALE
    out["atk"] = (defn.atk or 0) / STAT_SCALE
    out["hp"] = (defn.hp or 0) / STAT_SCALE
    out["stk"] = float(defn.stk or 0)


def _add_placed(out: dict[str, float], game: Game, slot: int) -> None:
    """Where a unit goes: its slot, whether it replaces one, and the rift's unit across from it."""
    if 0 <= slot < 3:
        out[_SLOT_NAMES[slot]] = 1.0
        out["over_unit"] = float(game.sides[PLAYER].board[slot] is not None)
        if game.sides[INVADER].board[slot] is not None:
            out["facing_atk"] = game.atk(INVADER, slot) / STAT_SCALE


def _placed(name: str) -> Callable[[Game, Action], dict[str, float]]:
    """A unit played into a zone (a summon, or one at a discount): the card's numbers and where it goes."""

    def read(game: Game, a: Action) -> dict[str, float]:
        assert isinstance(a, (Summon, Discount))
        out = {name: 1.0}
        _add_play(out, game, a.card)
        _add_placed(out, game, a.slot)
        return out

    return read


def _attack(game: Game, a: Action) -> dict[str, float]:
    assert isinstance(a, Attack)
    atk = game.atk(PLAYER, a.attacker)
    out = {"atk": atk / STAT_SCALE, "stk": float(game.stk(PLAYER, a.attacker)), "by_ruler": float(a.attacker == RULER)}
    if a.target == RULER:
        out["attack_ruler"] = 1.0
        return out
    out["attack_unit"] = 1.0
    _add_target(out, game, INVADER, a.target)
    unit = game.sides[INVADER].board[a.target]
    if unit is not None and atk >= game.hp(INVADER, a.target) - unit.damage:
        out["kills"] = 1.0
    return out


def _choose(game: Game, a: Action) -> dict[str, float]:
    assert isinstance(a, Choose)
    out: dict[str, float] = {}
    if game.pending is not None and game.pending.kind == DecisionKind.ZONE:
        _add_placed(out, game, a.slot)
        return out
    if a.side == PLAYER:
        out["choose_own"] = 1.0
        if 0 <= a.slot < 3:
            out[_SLOT_NAMES[a.slot]] = 1.0
    else:
        out["choose_rift"] = 1.0
    _add_target(out, game, a.side, a.slot)
    return out


def _played(name: str) -> Callable[[Game, Action], dict[str, float]]:
    def read(game: Game, a: Action) -> dict[str, float]:
        out = {name: 1.0}
        card = getattr(a, "card", -1)
        if card >= 0:
            _add_play(out, game, card)
        return out

    return read


def _flag(name: str) -> Callable[[Game, Action], dict[str, float]]:
    return lambda game, a: {name: 1.0}


_READERS: dict[type, Callable[[Game, Action], dict[str, float]]] = {
    Summon: _placed("summon"),
    PlayEvent: _played("event"),
    PlayField: _played("field"),
    Discount: _placed("discount"),
    Activate: _flag("activate"),
    SetCard: _flag("set_card"),
    GoToAttack: _flag("go_attack"),
    EndTurn: _flag("end_turn"),
    Attack: _attack,
    Pass: _flag("pass_"),
    Choose: _choose,
    ChooseCard: _flag("choose_card"),
    Confirm: lambda game, a: {"confirm_yes" if getattr(a, "yes", False) else "confirm_no": 1.0},
    Split: _flag("split"),
    Done: _flag("done"),
}
READ_TYPES: tuple[type, ...] = tuple(_READERS)
"""The kinds of action read; scoring.py has a scorer for each (it adds the same terms without the dict)."""


def readings(game: Game, action: Action) -> dict[str, float]:
    """The Candidate fields of `action` that are not 0 (but `default`): what the bot scores, without
    making the whole record."""
    return _READERS[type(action)](game, action)


def candidate(game: Game, action: Action, default: bool) -> Candidate:
    """What `action` is and does at this decision; `default`: whether it is greedy's choice."""
    return Candidate(default=float(default), **readings(game, action))
