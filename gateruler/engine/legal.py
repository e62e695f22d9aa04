"""The player's legal actions: what `Game.legal_actions()` offers.

In the main phase: summons, plays from the hand and the drive zone, sets,
the set events whose timing opens there, then what the game's mechanics add
(`Setup.main_plays`: discount plays, activated abilities), then going to
attack and ending the turn.  In the attack phase: each ready attacker
against each legal target, set events, `Setup.attack_plays`, ending the
turn.  A decision waiting (`Game.pending`) offers exactly its options.
Copies of a card in one zone, or in the set zones, are one decision
(docs/rulings.md 15; engine/copies.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gateruler.engine.actions import (
    ATTACK_LEFT,
    ATTACK_RIGHT,
    ATTACKS,
    END_TURN,
    GO_TO_ATTACK,
    INVADER,
    PLAYER,
    RULER,
    Action,
    PlayEvent,
    play_event_action,
)
from gateruler.engine.candidates import choices_possible
from gateruler.engine.combat import attack_targets, can_attack
from gateruler.engine.gamestate import EVENT_KIND, FIELD_KIND, UNIT_KIND
from gateruler.engine.state import ATTACK_PHASE, MAIN_PHASE
from gateruler.engine.timings import ATTACK, MAIN
from gateruler.engine.triggers import ON_PLAY

if TYPE_CHECKING:
    from gateruler.engine.gamestate import GameState


def legal_actions(game: GameState) -> list[Action]:
    """Every decision the player may take now (empty when the game is over)."""
    if game.winner is not None:
        return []
    if game.pending is not None:
        return list(game.pending.options)
    if game.active != PLAYER:
        return []
    set_zones = game.sides[PLAYER].set_zones
    some_set = set_zones.count(None) < len(set_zones)  # `set_card_plays` is called only then
    if game.phase == MAIN_PHASE:
        actions = main_actions(game)
        if some_set:
            actions += set_card_plays(game, MAIN)
        if game.setup.main_plays:
            for plays in game.setup.main_plays:
                actions += plays(game)  # discount plays, activated abilities
        actions.append(GO_TO_ATTACK)
        actions.append(END_TURN)
        return actions
    if game.phase == ATTACK_PHASE:
        actions = attack_actions(game)
        if some_set:
            actions += set_card_plays(game, ATTACK)
        if game.setup.attack_plays:
            for plays in game.setup.attack_plays:
                actions += plays(game)  # activated abilities
        actions.append(END_TURN)
        return actions
    return []


def main_actions(game: GameState) -> list[Action]:
    """The rules' own plays of the main phase: summons, events and fields from the hand and the drive zone, sets."""
    side = game.sides[PLAYER]
    ruler = game.setup.ruler
    actions: list[Action] = []
    can_summon = ruler.summon_cap is None or side.summons < ruler.summon_cap
    rows = game.setup.main_rows
    energy = side.energy_ready
    free_set = side.set_zones.index(None) if None in side.set_zones else -1  # the first free set zone
    for cards in (side.hand, side.drive):
        if not cards:
            continue  # (the drive zone of a ruler with a hand)
        seen: set[str] = set()
        for iid in cards:
            card_id, kind, cost, checked, plays, sets = rows[iid]  # its plays and sets interned (`MainRow`)
            if card_id in seen:
                continue  # copies of one card in one zone are the same decision
            seen.add(card_id)
            if kind == UNIT_KIND:
                if can_summon and cost <= energy:
                    actions += plays  # its summons into each unit zone
            elif kind == EVENT_KIND:
                if plays and cost <= energy and (not checked or event_playable(game, PLAYER, iid)):
                    actions += plays
                if free_set >= 0 and sets:
                    actions.append(sets[free_set])
            elif kind == FIELD_KIND and cost <= energy:
                actions += plays
    return actions


def set_card_plays(game: GameState, window: str) -> list[Action]:
    """The set events the player may play in `window` (their timing: timings.event_windows)."""
    side = game.sides[PLAYER]
    windows = game.setup.set_windows
    out: list[Action] = []
    for iid in side.set_zones:
        if (
            iid is not None
            and window in windows[iid]
            and game.setup.costs[iid] <= side.energy_ready
            and (not out or not is_set_copy(game, iid, out))
            and (not game.setup.play_checks[iid] or event_playable(game, PLAYER, iid))
        ):
            out.append(play_event_action(iid))
    return out


def is_set_copy(game: GameState, iid: int, offered: list[Action]) -> bool:
    """Whether the set card `iid` is a copy of one already `offered` (PlayEvent actions): the set zones are
    interchangeable (rulings 14, 15), so copies set in two of them are one play.  A copy is as playable as
    the card it copies, so asking after the other checks is the same as asking before."""
    defs = game.setup.defs
    card_id = defs[iid].id
    return any(isinstance(a, PlayEvent) and defs[a.card].id == card_id for a in offered)


def event_playable(game: GameState, side: int, iid: int, energy: int | None = None) -> bool:
    """Whether the event `iid` can be played now, its level aside: its on_play abilities
    may be used (`requires`), their costs can be paid (with the level's energy), and
    every effect that must choose a target can have one to choose once those costs
    are paid (candidates.py: the CR pays costs as the card is played, effects choose
    as they resolve).

    All is judged as when it is played: the event has left its zone (the
    hand, drive zone or set zone it is in is looked at without it).
    `energy`: what it costs when not its level (a discount)."""
    s = game.sides[side]
    zone = s.hand if iid in s.hand else s.drive if iid in s.drive else None
    at = zone.index(iid) if zone is not None else s.set_zones.index(iid)
    if zone is not None:
        zone.pop(at)
    else:
        s.set_zones[at] = None
    try:
        return playable_now(game, side, iid, energy)
    finally:
        if zone is not None:
            zone.insert(at, iid)
        else:
            s.set_zones[at] = iid


def playable_now(game: GameState, side: int, iid: int, energy: int | None = None) -> bool:
    """`event_playable`, the event already out of its zone."""
    d = game.setup.defs[iid]
    if energy is None:
        energy = game.setup.costs[iid]
    for index in game.setup.triggers[iid].get(ON_PLAY, ()):
        ability = d.abilities[index]
        if ability.requires is not None and not ability.requires.holds(game, side, iid, ()):
            return False
        for cost in ability.costs:
            energy += cost.energy_needed()
            if not cost.energy_needed() and not cost.can_pay(game, side, iid):
                return False
        if not choices_possible(game, side, iid, index):
            return False
    return energy <= game.sides[side].energy_ready


def attack_actions(game: GameState) -> list[Action]:
    """Each attacker that may attack against each legal target (the first player's first turn: one attack)."""
    if game.attacks >= 1 and game.first_turn_limit:  # the property only when an attack was made
        return []
    targets = attack_targets(game, INVADER)
    out: list[Action] = []
    zones = game.setup.ruler.attack_zones
    board = game.sides[PLAYER].board
    for attacker in (ATTACK_LEFT, ATTACK_RIGHT, RULER):
        if attacker != RULER and (attacker >= zones or board[attacker] is None):
            continue  # no attack zone, or an empty one (`can_attack`'s first test, without its call)
        if can_attack(game, PLAYER, attacker):
            out.extend(map(ATTACKS[attacker].__getitem__, targets))  # no comprehension's frame, no cached call
    return out
