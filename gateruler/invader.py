"""The invader: the rift's side, played exactly as the solo-mode rules script it.

The controller makes no choices of its own: every decision follows a numbered
rule of solo-mode.md ("How the invader plays a turn"), and where the seed
leaves a choice to "the player's judgement" the default is written in
docs/rulings.md.  It is the engine's `Opponent` (gateruler/engine/opponent.py):
the engine asks it for the rift's card definitions when a game is set up,
calls `turn_tasks` at the start of the rift's turn, `run_task` for each step,
and `decide` when one of the rift's abilities must choose.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from gateruler.cardpool import CardPool
from gateruler.engine.actions import ATTACK_LEFT, ATTACK_RIGHT, DEFENSE, INVADER, PLAYER, RULER, Action, Choose, Confirm
from gateruler.engine.frames import Decision
from gateruler.models import CardDef, LevelDef
from gateruler.special_rules import invader_definitions
from gateruler.vocabulary import CardType, SpecialRuleKind

if TYPE_CHECKING:
    from gateruler.engine.game import Game

SUMMON_ORDER = (ATTACK_LEFT, ATTACK_RIGHT, DEFENSE)  # rule 2
EFFECT_TARGET_ORDER = (ATTACK_LEFT, DEFENSE, ATTACK_RIGHT)  # rule 4, on the player's side
ATTACKER_ORDER = (ATTACK_LEFT, ATTACK_RIGHT, RULER)  # rule 6
ATTACK_TARGET_ORDER = (ATTACK_LEFT, DEFENSE)  # rule 6, then the player's ruler
SACRIFICE_VICTIM_ORDER = (ATTACK_LEFT, ATTACK_RIGHT, DEFENSE)  # level 2, rule 1
OWN_UNIT_ORDER = (ATTACK_LEFT, ATTACK_RIGHT, DEFENSE)  # our default for the rift's own units


_DEFINITIONS: dict[tuple, tuple[LevelDef, CardPool, Mapping[str, CardDef]]] = {}  # (id(level), id(pool), ids) -> (level, pool, definitions)


class InvaderController:
    """Stateless: everything it needs is in the game, so clones can share it."""

    name = "invader"

    def card_definitions(self, level: LevelDef, pool: CardPool, ids: tuple[str, ...]) -> Mapping[str, CardDef]:
        """The rift's cards after the level's special rules (gateruler.special_rules).

        The same level, pool and ids give the very same definitions (level and
        pool are frozen), so the games of a batch share them."""
        key = (id(level), id(pool), ids)
        hit = _DEFINITIONS.get(key)
        if hit is None or hit[0] is not level or hit[1] is not pool:
            if len(_DEFINITIONS) >= 64:
                _DEFINITIONS.clear()
            hit = _DEFINITIONS[key] = (level, pool, invader_definitions(level, pool, ids))
        return hit[2]

    def turn_tasks(self, game: "Game") -> list[tuple]:
        """The rift's turn after the common start phase, in order."""
        level = game.setup.level
        tasks: list[tuple] = []
        if level.rules_of(SpecialRuleKind.SACRIFICE_AT_START):
            tasks.append(("ctl", "start_rules"))
        tasks += [("ctl", "drive")] * level.drives_per_turn
        if game.first_turn_limit:
            # The first player's single first-turn attack is made by the rift itself.
            tasks.append(("ctl", "attack", RULER))
        else:
            tasks += [("ctl", "attack", slot) for slot in ATTACKER_ORDER]
        return tasks

    def run_task(self, game: "Game", task: tuple) -> None:
        step = task[1]
        if step == "drive":
            self._drive(game)
        elif step == "attack":
            self._attack(game, task[2])
        elif step == "start_rules":
            self._start_rules(game)
        else:  # pragma: no cover
            raise RuntimeError(f"unknown invader step {task!r}")

    def decide(self, game: "Game", decision: Decision) -> Action:
        """The rift's answer to any decision of its own (docs/rulings.md R3, R10-R12).

        A unit: rule 4's order on the player's side, then its own units left
        attack -> right attack -> defense.  A card in a zone: the first offered
        (zone order, oldest first).  "You may": always yes."""
        options = decision.options
        if decision.kind == "confirm":
            return Confirm(True)
        units = [(a.side, a.slot) for a in options if isinstance(a, Choose)]
        if units:
            side, slot = self.pick_unit(game, INVADER, units)
            return Choose(side, slot)
        return options[0]

    def pick_unit(self, game: "Game", side: int, candidates: list[tuple[int, int]]) -> tuple[int, int]:
        """Rule 4: player's left attack -> defense -> right attack; then the rift's own."""
        for sd, order in ((PLAYER, EFFECT_TARGET_ORDER), (INVADER, OWN_UNIT_ORDER)):
            for slot in order:
                if (sd, slot) in candidates:
                    return (sd, slot)
        return candidates[0]

    # -------------------------------------------------------------- rule 1-3: drive, summon, events
    def _drive(self, game: "Game") -> None:
        iid = game.take_top(INVADER)
        if iid is None:
            return  # rule 8: a rift that must take a card from an empty deck loses
        card = game.card(iid)
        game._log(INVADER, "drive", iid)
        if card.type is CardType.UNIT:
            self._place_unit(game, iid)
        elif card.type is CardType.EVENT:
            game.play_event(INVADER, iid)  # rule 3: used at once, then the graveyard
        else:
            # The rift has no field zone: a driven field has nowhere to go (docs/rulings.md).
            game.to_graveyard(INVADER, iid, "drive")

    def _place_unit(self, game: "Game", iid: int) -> None:
        board = game.sides[INVADER].board
        for slot in SUMMON_ORDER:
            if board[slot] is None:
                game.summon(INVADER, iid, slot)
                return
        # Full board: the lowest level among the board and the driven unit goes.
        level = game.card(iid).level
        lowest_slot = min(SUMMON_ORDER, key=lambda s: (game.card(board[s].iid).level, SUMMON_ORDER.index(s)))
        lowest = game.card(board[lowest_slot].iid).level
        if level < lowest:
            game.sides[INVADER].graveyard.append(iid)
            game._log(INVADER, "discard_lowest", iid)
            return
        # Equal or higher: the board's lowest unit (first in summon order on a tie) makes room.
        gone = game.remove_unit(INVADER, lowest_slot)
        game._log(INVADER, "discard_lowest", gone)
        game.summon(INVADER, iid, lowest_slot)

    # -------------------------------------------------------------- rule 6: attacks
    def _attack(self, game: "Game", attacker: int) -> None:
        if not game.can_attack(INVADER, attacker):
            return
        target = self.attack_target(game)
        game.declare_attack(INVADER, attacker, target)

    @staticmethod
    def attack_target(game: "Game") -> int:
        """Player's left attack unit -> defense unit -> ruler; never the right attack unit."""
        for slot in ATTACK_TARGET_ORDER:
            if game.attackable(PLAYER, slot):
                return slot
        return RULER

    # -------------------------------------------------------------- level special rules that act in play
    def _start_rules(self, game: "Game") -> None:
        for rule in game.setup.level.rules_of(SpecialRuleKind.SACRIFICE_AT_START):
            self._sacrifice(game, str(rule.param("card")), str(rule.param("own_name_contains")))

    @staticmethod
    def _sacrifice(game: "Game", card_id: str, own_name: str) -> None:
        """Level 2's End: destroy one own 'Dark Knight' unit, then one player unit."""
        board = game.sides[INVADER].board
        if not any(u is not None and game.card(u.iid).id == card_id for u in board):
            return
        for slot in OWN_UNIT_ORDER:
            u = board[slot]
            if u is not None and own_name.lower() in game.card(u.iid).name.lower():
                game._log(INVADER, "sacrifice", u.iid)
                game.destroy(INVADER, slot)
                break
        for slot in SACRIFICE_VICTIM_ORDER:
            if game.sides[PLAYER].board[slot] is not None:
                game.destroy(PLAYER, slot)
                break


__all__ = ["InvaderController", "invader_definitions"]
