"""Greedy's attack phase: which attack next, or none.

* With a line open (the rift has an empty slot) every attacker goes for the
  rift's ruler unless killing a unit is worth more than its face damage; with
  `kill_future` or `kill_line` a group of attackers may plan a kill together,
  weighed against all of them going face, the kill also worth the attacks of
  the rift's unit that never come (values.kill_foresight).
* With no line open, it opens one as cheaply as possible: the unit that the
  smallest group of attackers can destroy, striking first with the attacker
  whose face damage matters least; the rest then go face.
* When nothing can open a line, it chips at the unit closest to dying.
* Attacks into intercept or counterattack that would lose the attacker are
  avoided.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import TYPE_CHECKING

from gateruler.bots.greedy.values import kill_foresight
from gateruler.engine.actions import (
    ATTACK_LEFT,
    ATTACK_RIGHT,
    DEFENSE,
    INVADER,
    PLAYER,
    RULER,
    Action,
    Attack,
    attack_action,
)
from gateruler.engine.keywords import PIERCE

if TYPE_CHECKING:
    from gateruler.bots.greedy.facts import Facts
    from gateruler.engine.game import Game

RISKY_LOSS = 0.5  # a chip attack whose reaction loss is above this goes last: it would lose the attacker


class _Attackers:
    """What the attack choice reads of the player's attackers, worked out once per decision."""

    __slots__ = ("facts", "attackers", "face_of", "atk_of", "_losses", "_groups")
    facts: Facts
    attackers: list[int]  # the zones that can attack
    face_of: dict[int, float]  # each attacker's face damage
    atk_of: dict[int, int]
    _losses: dict[tuple[int, int], float]
    _groups: list[tuple[tuple[int, ...], int, int]] | None

    def __init__(self, facts: Facts, attacks: list[Attack]) -> None:
        game = facts.game
        self.facts = facts
        self.attackers = sorted({a.attacker for a in attacks})
        self.face_of = {a: facts.face(game.stk(PLAYER, a)) for a in self.attackers}
        self.atk_of = {a: game.atk(PLAYER, a) for a in self.attackers}
        self._losses = {}
        self._groups = None

    def groups(self) -> list[tuple[tuple[int, ...], int, int]]:
        """Every ordered group of the attackers (the smallest first), with its members' ATK in all and
        without its last member's: what `_killing_groups` asks of them against each target, summed once."""
        if self._groups is None:
            atk_of = self.atk_of
            self._groups = []
            for size in range(1, len(self.attackers) + 1):
                for group in itertools.permutations(self.attackers, size):
                    total = sum([atk_of[a] for a in group])
                    self._groups.append((group, total, total - atk_of[group[-1]]))
        return self._groups

    def pierces(self, attacker: int) -> bool:
        game = self.facts.game
        if game.setup.has_grants:  # a keyword may be granted (a ruler's pierce, say)
            return PIERCE in game.keywords(PLAYER, attacker)
        if attacker == RULER:
            return False
        unit = game.sides[PLAYER].board[attacker]
        return unit is not None and self.facts.cards[unit.iid].pierce

    def reaction_loss(self, attacker: int, slot: int) -> float:
        """What our unit loses to intercept / counterattack (rulers take neither), remembered."""
        loss = self._losses.get((attacker, slot))
        if loss is None:
            loss = self._losses[attacker, slot] = self._reaction_loss(attacker, slot)
        return loss

    def _reaction_loss(self, attacker: int, slot: int) -> float:
        if attacker == RULER:
            return 0.0
        facts = self.facts
        game = facts.game
        w = facts.w
        unit = game.sides[INVADER].board[slot]
        assert unit is not None
        c = facts.cards[unit.iid]
        if not (c.intercept or c.counter):
            return 0.0
        if not c.intercept and self.atk_of[attacker] >= facts.remaining_hp(INVADER, slot):
            return 0.0  # killed before it can counterattack
        back = game.atk(INVADER, slot)
        if back >= facts.remaining_hp(PLAYER, attacker):
            return w.lost_attacker + w.lost_attacker_stats * (self.atk_of[attacker] + game.hp(PLAYER, attacker))
        return w.reaction_damage * back


def attack_choice(game: Game, facts: Facts, legal: list[Action]) -> Action | None:
    """The next attack, or None to stop attacking."""
    attacks = [a for a in legal if type(a) is Attack]
    if not attacks:
        return None
    ours = _Attackers(facts, attacks)
    targets = sorted({a.target for a in attacks})
    if RULER in targets:
        return _with_a_line_open(ours, attacks)
    opening = _opening(ours, targets)
    if opening is not None:
        return opening
    return _chip(ours, attacks)


def _with_a_line_open(ours: _Attackers, attacks: list[Attack]) -> Action | None:
    """Face damage, unless a kill (planned together, with `kill_line` / `kill_future`) is worth
    more than the face damage it costs."""
    facts = ours.facts
    if facts.w.kill_line or facts.w.kill_future:
        planned = _kill_plan(ours, sorted({a.target for a in attacks if a.target != RULER}))
        if planned is not None:
            return planned
    best_value = 0.0
    best: Action | None = None
    for a in attacks:
        if a.target == RULER:
            v = ours.face_of[a.attacker]
        else:
            atk = ours.atk_of[a.attacker]
            rem = facts.remaining_hp(INVADER, a.target)
            kv = facts.kill_value(a.target)
            kills = atk >= rem
            v = kv if kills else facts.chip_value(a.target, atk)
            if kills and a.target == DEFENSE and ours.pierces(a.attacker):
                v += ours.face_of[a.attacker]
            v -= ours.reaction_loss(a.attacker, a.target)
        if v > best_value + 1e-9:
            best_value, best = v, a
    return best


def _kill_plan(ours: _Attackers, targets: list[int]) -> Action | None:
    """With a line open: the first attack of the group that kills a rift unit (the rest going
    face), when that is worth more than every attacker going face; the kill is worth its
    `kill_value` and its `kill_foresight` (the line it keeps open next turn, the attacks of the
    unit's that never come).  None: no kill is worth its face damage."""
    facts = ours.facts
    game = facts.game
    attackers, face_of, atk_of = ours.attackers, ours.face_of, ours.atk_of
    faces = [face_of[a] for a in attackers]
    all_face = sum(faces)
    # No group gives up less face damage than this: a target whose kill is worth no more is not planned.
    floor = min(min(faces), sum([f for f in faces if f < 0]))
    strength = sum([atk_of[a] for a in attackers])
    face_next = 0.0
    if facts.w.kill_line:
        face_next = sum([facts.face(game.stk(PLAYER, s)) for s in _OUR_ATTACKERS if _stands(game, s)])
    best_plan = all_face
    best_first: Action | None = None
    for t in targets:
        rem = facts.remaining_hp(INVADER, t)
        if strength < rem:
            continue  # all the attackers together do not kill it
        kv = facts.kill_value(t) + kill_foresight(facts, t, face_next)
        if kv - floor <= 1e-9 and not (t == DEFENSE and any(ours.pierces(a) for a in attackers)):
            continue  # every plan against it is worth less than going face
        for v, group in _killing_groups(ours, t, rem, kv):
            if v > best_plan + 1e-9:
                best_plan, best_first = v, _first_attack(ours, group, t)
    return best_first


def _killing_groups(ours: _Attackers, t: int, rem: int, kv: float) -> Iterator[tuple[float, tuple[int, ...]]]:
    """Each ordered group of attackers that destroys the rift's unit in `t` with its last member (the
    rest going face): what the plan is worth (`kv` for the kill, the rest's face damage, minus the
    reactions the group takes, plus a piercing last member's face damage through the defense zone)
    and the group."""
    attackers, face_of = ours.attackers, ours.face_of
    for group, total, before_last in ours.groups():
        if total < rem or before_last >= rem:
            continue  # does not kill, or kills without its last member
        rest = sum([face_of[a] for a in attackers if a not in group])
        v = kv + rest - sum([ours.reaction_loss(a, t) for a in group])
        if t == DEFENSE and ours.pierces(group[-1]):
            v += face_of[group[-1]]
        yield v, group


def _first_attack(ours: _Attackers, group: tuple[int, ...], t: int) -> Action:
    """A group's first attack: its member whose face damage matters least strikes first."""
    return attack_action(min(group, key=lambda a: (ours.face_of[a], -ours.atk_of[a], a)), t)


_OUR_ATTACKERS = (ATTACK_LEFT, ATTACK_RIGHT, RULER)


def _stands(game: Game, slot: int) -> bool:
    """Whether the player has an attacker in `slot` (the ruler always): it attacks next turn."""
    return slot == RULER or game.sides[PLAYER].board[slot] is not None


def _opening(ours: _Attackers, targets: list[int]) -> Action | None:
    """No open line: the first attack of the cheapest group that opens one (the rest then go face)."""
    facts = ours.facts
    best_plan = -1e9
    best_first: Action | None = None
    for t in targets:
        rem = facts.remaining_hp(INVADER, t)
        kv = facts.kill_value(t)
        for v, group in _killing_groups(ours, t, rem, kv):
            if v > best_plan:
                best_plan, best_first = v, _first_attack(ours, group, t)
    return best_first


def _chip(ours: _Attackers, attacks: list[Attack]) -> Action:
    """Nothing opens a line this turn: chip at the unit closest to dying."""
    facts = ours.facts

    def rank(a: Attack) -> tuple[bool, int, float, int, int]:
        return (
            ours.reaction_loss(a.attacker, a.target) > RISKY_LOSS,
            facts.remaining_hp(INVADER, a.target),
            -facts.kill_value(a.target),
            a.attacker,
            a.target,
        )

    return min(attacks, key=rank)
