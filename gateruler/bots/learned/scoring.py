"""The `learned` bot's scores, worked out straight into one float a candidate: what the bot plays by.

A candidate's score is the sum of weight x reading over its readings
(features.readings: a dict of the Candidate fields that are not 0), in the
dict's order.  Building and walking that dict for every candidate was most
of the bot's own cost, so here each kind of action has a scorer that adds
the same products in the same order to a float.  The order matters:
floating point addition is not associative, and a score one bit off could
tip a departure.  So each scorer follows its reader in features.py term by
term, and a change to one is a change to the other:
tests/test_bots_learned_scoring.py checks every legal action of the
fixtures' games, by random weights, against the readings' sum to the bit.
What one decision's candidates share (a card's summon terms, an attacker's,
a unit's reads) is worked out once for them: the same sum, in the same order.

A term whose weight is 0, or whose reading is (a flag that is false), is
left out, and so is the work of reading it (a unit's ATK, HP or STK through
the continuous effects): weight x reading is then +0.0 or -0.0, and adding
either leaves the sum's bits as they are, since a sum begun at +0.0 is never
-0.0 (x + y is -0.0 only when both are).  A reading of 1.0 (a one-hot) adds
its weight as it is: w x 1.0 is w.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from gateruler.bots.learned.features import CANDIDATE_NAMES, CONTEXT_NAMES, READ_TYPES, STAT_SCALE, Candidate, context
from gateruler.engine import actions as act
from gateruler.engine.actions import INVADER, PLAYER, RULER, Action
from gateruler.engine.frames import DecisionKind
from gateruler.engine.game import Game
from gateruler.engine.state import Unit

_LEFT = CANDIDATE_NAMES.index("left")  # left, right and defense follow it: slot 0, 1, 2
assert CANDIDATE_NAMES[_LEFT : _LEFT + 3] == ("left", "right", "defense")


class _Decision:
    """One decision being scored: the game, each candidate feature's weight at it (`w`), and the sums and
    reads its candidates share (nine summons are three cards in three zones; six attacks, two attackers)."""

    __slots__ = ("attackers", "facing", "game", "played", "units", "w")

    def __init__(self, game: Game, w: Candidate) -> None:
        self.game = game
        self.w = w
        self.played: dict[int, float] = {}  # a card summoned -> the sum of the summon's terms up to where it goes
        self.attackers: dict[int, tuple[float, int]] = {}  # an attacker -> the sum of its terms, its ATK
        self.facing: dict[int, float] = {}  # a zone -> the reading facing_atk of a unit played there
        self.units: dict[int, tuple[float, float, float, int]] = {}  # side * 4 + slot -> `_unit`'s reads


Scorer = Callable[[_Decision, Action], float]
"""One kind of action's scorer: the decision, the action."""


def scores(game: Game, options: list[Action], weights: np.ndarray) -> list[float]:
    """Each option's score at this decision by one kind's weights (options[0] is greedy's choice)."""
    w = Candidate._make((weights @ np.fromiter(context(game), float, len(CONTEXT_NAMES))).tolist())
    decision = _Decision(game, w)
    out = [_SCORERS[type(a)](decision, a) for a in options]
    out[0] += w.default
    return out


def _play(s: float, game: Game, card: int, w: Candidate) -> float:
    """features._add_play's terms: the card's cost, the energy left, a unit's printed numbers."""
    cost = game.setup.costs[card]
    defn = game.setup.defs[card]
    s += w.cost * (cost / STAT_SCALE)
    s += w.energy_left * ((game.sides[PLAYER].energy_ready - cost) / STAT_SCALE)
    s += w.atk * ((defn.atk or 0) / STAT_SCALE)
    s += w.hp * ((defn.hp or 0) / STAT_SCALE)
    return s + w.stk * float(defn.stk or 0)


def _placed(s: float, d: _Decision, slot: int) -> float:
    """features._add_placed's terms: the slot, whether it replaces a unit, the rift's unit across."""
    if 0 <= slot < 3:
        w = d.w
        s += w[_LEFT + slot]
        if d.game.sides[PLAYER].board[slot] is not None:
            s += w.over_unit
        if w.facing_atk and d.game.sides[INVADER].board[slot] is not None:
            facing = d.facing.get(slot)
            if facing is None:
                facing = d.facing[slot] = d.game.atk(INVADER, slot) / STAT_SCALE
            s += w.facing_atk * facing
    return s


def _unit(d: _Decision, side: int, slot: int, unit: Unit) -> tuple[float, float, float, int]:
    """A board unit's readings target_atk, target_hp and target_stk (0.0 where its weight is 0: not read),
    and its HP left (for `kills`; 0 where neither weight needs it)."""
    game, w = d.game, d.w
    left = game.hp(side, slot) - unit.damage if w.target_hp or w.kills else 0
    return (
        game.atk(side, slot) / STAT_SCALE if w.target_atk else 0.0,
        left / STAT_SCALE,
        float(game.stk(side, slot)) if w.target_stk else 0.0,
        left,
    )


def _target(s: float, d: _Decision, side: int, slot: int) -> float:
    """features._add_target's terms: a board unit's ATK, HP left, STK and whether it stands in an attack zone."""
    unit = d.game.sides[side].board[slot] if slot != RULER else None
    if unit is not None:
        w = d.w
        key = side * 4 + slot
        reads = d.units.get(key)
        if reads is None:
            reads = d.units[key] = _unit(d, side, slot, unit)
        if w.target_atk:
            s += w.target_atk * reads[0]
        if w.target_hp:
            s += w.target_hp * reads[1]
        if w.target_stk:
            s += w.target_stk * reads[2]
        if slot != 2:
            s += w.target_attacker
    return s


def _summon(d: _Decision, a: Action) -> float:
    assert isinstance(a, act.Summon)
    s = d.played.get(a.card)
    if s is None:
        s = d.played[a.card] = _play(0.0 + d.w.summon, d.game, a.card, d.w)
    return _placed(s, d, a.slot)


def _discount(d: _Decision, a: Action) -> float:
    assert isinstance(a, act.Discount)
    return _placed(_play(0.0 + d.w.discount, d.game, a.card, d.w), d, a.slot)


def _event(d: _Decision, a: Action) -> float:
    assert isinstance(a, act.PlayEvent)
    return _play(0.0 + d.w.event, d.game, a.card, d.w) if a.card >= 0 else 0.0 + d.w.event


def _field(d: _Decision, a: Action) -> float:
    assert isinstance(a, act.PlayField)
    return _play(0.0 + d.w.field, d.game, a.card, d.w) if a.card >= 0 else 0.0 + d.w.field


def _attacker(d: _Decision, attacker: int) -> tuple[float, int]:
    """The sum of an attack's first terms (the attacker's ATK and STK, whether it is the ruler), and its ATK
    (0 when no term needs it)."""
    game, w = d.game, d.w
    atk = game.atk(PLAYER, attacker) if w.atk or w.kills else 0
    s = 0.0 + w.atk * (atk / STAT_SCALE)
    if w.stk:
        s += w.stk * float(game.stk(PLAYER, attacker))
    if attacker == RULER:
        s += w.by_ruler
    return s, atk


def _attack(d: _Decision, a: Action) -> float:
    """features._attack's terms: the attacker's, then the target's, then whether the attack kills it."""
    assert isinstance(a, act.Attack)
    first = d.attackers.get(a.attacker)
    if first is None:
        first = d.attackers[a.attacker] = _attacker(d, a.attacker)
    s, atk = first
    target = a.target
    if target == RULER:
        return s + d.w.attack_ruler
    s = _target(s + d.w.attack_unit, d, INVADER, target)
    if d.w.kills and d.game.sides[INVADER].board[target] is not None and atk >= d.units[INVADER * 4 + target][3]:
        s += d.w.kills
    return s


def _choose(d: _Decision, a: Action) -> float:
    """features._choose's terms: where a unit goes (a zone decision), else the unit chosen."""
    assert isinstance(a, act.Choose)
    pending = d.game.pending
    if pending is not None and pending.kind == DecisionKind.ZONE:
        return _placed(0.0, d, a.slot)
    if a.side == PLAYER:
        s = 0.0 + d.w.choose_own
        if 0 <= a.slot < 3:
            s += d.w[_LEFT + a.slot]
    else:
        s = 0.0 + d.w.choose_rift
    return _target(s, d, a.side, a.slot)


def _confirm(d: _Decision, a: Action) -> float:
    return 0.0 + (d.w.confirm_yes if getattr(a, "yes", False) else d.w.confirm_no)


def _flag(name: str) -> Scorer:
    """An action read as one one-hot: its weight alone."""
    index = CANDIDATE_NAMES.index(name)
    return lambda d, a: 0.0 + d.w[index]


_SCORERS: dict[type, Scorer] = {
    act.Summon: _summon,
    act.PlayEvent: _event,
    act.PlayField: _field,
    act.Discount: _discount,
    act.Activate: _flag("activate"),
    act.SetCard: _flag("set_card"),
    act.GoToAttack: _flag("go_attack"),
    act.EndTurn: _flag("end_turn"),
    act.Attack: _attack,
    act.Pass: _flag("pass_"),
    act.Choose: _choose,
    act.ChooseCard: _flag("choose_card"),
    act.Confirm: _confirm,
    act.Split: _flag("split"),
    act.Done: _flag("done"),
}
SCORED_TYPES: tuple[type, ...] = tuple(_SCORERS)
"""The kinds of action scored: features.READ_TYPES, which a test holds them to."""
assert set(SCORED_TYPES) == set(READ_TYPES), "every kind of action features.py reads needs a scorer here"
