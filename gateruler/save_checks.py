"""What a loaded game must be to be one the engine could have reached: the invariants of a saved state.

A save's fields are each checked for their type and range when it is read
(gateruler.saves); here the restored game is checked as a whole, through
its public attributes only (``game.sides``, ``game.setup``, ``game.turn``,
``game.hp()``, ``game.life()``, ``game.legal_actions()``), for what no game
played by the rules can come to: the invariants the random-game property
tests assert after every action (tests/test_engine_properties.py), which a
save is taken between, and what follows from the rules of the game's own
ruler and level:

* every card of each side once, in one of that side's zones (the board's
  units the side's own);
* energy and summons never negative, ready energy never above energy, and
  energy the ruler's own (no card changes a ruler's energy);
* as many cards drawn at set-up as the ruler's opening hand (where the log
  names its opening draws), so a ruler of the same energy and zones (the
  Knight for the Wizard) is not taken for the one the game was played with;
* a side that has not lost has a damage zone short of its LIFE;
* as many set zones as the ruler has (at most 2), and none for the rift;
* no hand for a ruler or side that has none;
* each unit's damage from 0 to below its HP, its HP above 0, entered on a
  turn that has come;
* the turn within the turn cap (one past it: the turn that ends the game);
* a game not over waits for a decision it offers, and a game over offers none.

:func:`impossible` says the first of these a game breaks, in words for the
one-line error "damaged save file: ...".
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from gateruler.engine import INVADER, PLAYER, Game

SIDE_NAMES = {PLAYER: "the player", INVADER: "the rift"}
SLOT_NAMES = ("left attack", "right attack", "defense")


def impossible(game: Game) -> str:
    """The first invariant `game` breaks, in words; "" when it is a state the engine can reach."""
    for check in CHECKS:
        for problem in check(game):
            return problem
    return ""


def _cards(game: Game) -> Iterator[str]:
    owners = game.setup.owners
    for side, name in SIDE_NAMES.items():
        found = game.sides[side].all_iids()
        expected = [i for i, owner in enumerate(owners) if owner == side]
        if sorted(found) != expected:
            yield f"{name}'s cards are missing or doubled"


def _counts(game: Game) -> Iterator[str]:
    ruler = game.setup.ruler
    for side, name in SIDE_NAMES.items():
        s = game.sides[side]
        if s.energy < 0 or s.energy_ready < 0:
            yield f"{name} has negative energy ({s.energy_ready} ready of {s.energy})"
        elif s.energy_ready > s.energy:
            yield f"{name} has more energy ready ({s.energy_ready}) than energy ({s.energy})"
        elif s.energy != (ruler.energy if side == PLAYER else 0):
            own = f"the {ruler.name}'s {ruler.energy}" if side == PLAYER else "none"
            yield f"{name} has {s.energy} energy, not {own}: the save's ruler is not the one it was played with"
        if s.summons < 0:
            yield f"{name} has a negative count of summons ({s.summons})"


def _opening(game: Game) -> Iterator[str]:
    """The opening hand the log records is the ruler's: a save whose ruler was swapped for one of the same energy
    and zones (the Knight for the Wizard) is told apart by the cards drawn at set-up (a save without its log, or
    from before the log named why a card was drawn, is not judged here)."""
    drawn = sum(1 for e in game.log if e[0] == 0 and e[1] == "draw" and e[2] == PLAYER and e[-1] == "opening")
    hand = game.setup.ruler.opening_hand
    if drawn and drawn != hand:
        ruler = game.setup.ruler.name
        yield f"the player drew {drawn} cards at set-up, not the {ruler}'s {hand}: the save's ruler is not the one it was played with"


def _zones(game: Game) -> Iterator[str]:
    ruler = game.setup.ruler
    for side, name in SIDE_NAMES.items():
        s = game.sides[side]
        life = game.life(side)
        if len(s.damage_zone) >= life and not s.lost and not game.over:
            yield f"{name}'s damage zone has reached its LIFE ({len(s.damage_zone)} of {life}) and the game goes on"
        zones = min(ruler.set_zones, 2) if side == PLAYER else 0
        if len(s.set_zones) != zones:
            yield f"{name} has {len(s.set_zones)} set zones, not {zones}"
        if s.hand and not game.has_hand(side):
            whose = f"the {ruler.name}" if side == PLAYER else "the rift"
            yield f"{name} holds cards in hand, but {whose} has no hand: the save's ruler is not the one it was played with"


def _units(game: Game) -> Iterator[str]:
    for side, name in SIDE_NAMES.items():
        for slot, unit in enumerate(game.sides[side].board):
            if unit is None:
                continue
            where = f"{name}'s unit in the {SLOT_NAMES[slot]} zone"
            hp = game.hp(side, slot)
            if unit.damage < 0:
                yield f"{where} has negative damage ({unit.damage})"
            elif hp <= 0 or unit.damage >= hp:
                yield f"{where} has {unit.damage} damage and HP {hp}, and is still on the board"
            if unit.entered_turn > game.turn:
                yield f"{where} entered on turn {unit.entered_turn}, after this turn ({game.turn})"


def _turn(game: Game) -> Iterator[str]:
    cap = game.setup.max_turns
    if game.turn > cap + 1:
        yield f"it is turn {game.turn}, past the turn cap of {cap}"
    if game.over and game.legal_actions():
        yield "the game is over and still offers decisions"
    elif not game.over and not game.legal_actions():
        yield "the game waits for a decision but offers none"


CHECKS: tuple[Callable[[Game], Iterator[str]], ...] = (_cards, _counts, _opening, _zones, _units, _turn)
"""In order: the later checks read what the earlier ones vouch for (each card on its side, its zones)."""
