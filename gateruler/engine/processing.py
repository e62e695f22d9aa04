"""Rules processing: what the rules check after every task (CR 2-11c, rules.md 9), and how it stays cheap.

Units whose damage reached their HP (or whose HP is 0) are destroyed; a side
that lost (its damage zone reached its LIFE, it took a card from an empty
deck, or its deck is empty under `Rules.deck_out`) ends the game.
`Game.run` calls it after every task but a window after a settled one; it
finds something to do about once a game, so it is kept lean (stats.hp
inlined), and the task loop calls it only when it may find something
(docs/engine.md, "How a game runs"):

* `Game.hp_dirty` marks that a unit may now be at 0 HP or below its damage, or that a side lost (where a
  loss is marked: `combat.check_one`, `zones.take_top`, the damage-zone cost), so the task loop tests one
  mark and the decks.
  The primitives set it only when that may be so: a unit put on the board
  with a printed HP of 0 or less, damage that reached a unit's HP (destroyed,
  or kept by a replacement), a change that lowered a unit's HP, the end of
  an until-end-of-turn raise; a unit left below its HP needs no look.
  `run` sets it as it starts unless the rules just looked (`checked`: after
  `Game.new`'s set-up and `apply`'s action, which asks like a task does);
* continuous effects that change HP (`Setup.hp_continuous`) may depend on
  anything (their conditions and filters read the whole game): while a card
  with one is on the board or in a field zone, every check looks at every
  unit; while none is, they add nothing, and a card with one entering play
  sets the mark (`zones.summon`, `zones.play_field`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gateruler.engine.actions import INVADER, PLAYER, UNIT_SLOTS
from gateruler.engine.continuous import hp_from
from gateruler.engine.events import Cause
from gateruler.engine.rules import DeckOut
from gateruler.engine.turns import lost

if TYPE_CHECKING:
    from gateruler.engine.gamestate import GameState


def rules_processing(game: GameState, every: bool = True) -> bool:
    """Rules processing; True when there was nothing to do (so that `run` need not ask again after a window).

    `every=False` (the task loop's): units' HP is checked only when `hp_dirty` is set; else, since the last
    check, no unit entered, took damage or had its HP changed, and no continuous HP change was in play then
    or now, so every unit is as alive as it was."""
    if game.winner is not None:
        return False
    settled, setup = True, game.setup
    if every or game.hp_dirty:
        if setup.hp_continuous:
            settled = _hp_with_continuous(game)
        else:
            base_hp = setup.base_hp
            for side in (PLAYER, INVADER):  # indexing, not enumerate(): cheaper here
                board = game.sides[side].board
                for slot in UNIT_SLOTS:
                    u = board[slot]
                    if u is not None and (u.damage >= (hp := base_hp[u.iid] + u.hp_mod + u.tmp_hp) or hp <= 0):
                        game.destroy(side, slot, Cause.HP)
                        settled = False
            game.hp_dirty = not settled  # a unit destroyed may have stayed (a replacement): look again
    player, rift = game.sides
    if (not player.deck or not rift.deck) and setup.rules.deck_out is DeckOut.EMPTY:
        # A side whose deck has no cards left loses (rules.md 9), checked as the damage zone is.
        if not player.deck and not player.lost:
            player.lost = "deck-out"
        if not rift.deck and not rift.lost:
            rift.lost = "deck-out"
    if player.lost or rift.lost:
        lost(game, player.lost, rift.lost)
        return False
    return settled


def _hp_with_continuous(game: GameState) -> bool:
    """The HP check in a game with continuous HP changes; whether no unit was destroyed."""
    settled = True
    base_hp = game.setup.base_hp
    sources = hp_sources(game)
    for side in (PLAYER, INVADER):
        board = game.sides[side].board
        for slot in UNIT_SLOTS:
            u = board[slot]
            if u is not None:
                hp = base_hp[u.iid] + u.hp_mod + u.tmp_hp
                for src_side, src, entries in sources:
                    hp += hp_from(game, entries, src_side, src, side, u.iid, slot)
                if hp <= 0 or u.damage >= hp:
                    game.destroy(side, slot, Cause.HP)
                    settled = False
                    if sources:
                        sources = hp_sources(game)  # the unit may have been one (`bonus` reads the board live)
    # a unit destroyed may have stayed (a replacement); a continuous HP change in play may change with anything
    game.hp_dirty = not settled or bool(sources)
    return settled


def hp_sources(game: GameState) -> list[tuple[int, int, Any]]:
    """The cards in play with a continuous HP change: (their side, card, those entries), in `continuous.bonus`'s
    order (each side's board, then its field zone)."""
    table = game.setup.hp_continuous
    out = []
    for src_side in (PLAYER, INVADER):
        s = game.sides[src_side]
        for u in s.board:
            if u is not None and table[u.iid]:
                out.append((src_side, u.iid, table[u.iid]))
        for src in s.field:
            if table[src]:
                out.append((src_side, src, table[src]))
    return out
