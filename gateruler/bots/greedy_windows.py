"""Greedy's rules for the priority windows of the rift's turn (engine/windows.py, docs/bots.md).

Kept simple and cheap, since greedy is the search bot's playout policy:

* in its own main phase, once its plan has nothing more to play, greedy sets
  the events it can only use well in the rift's turn (a `damage` timing
  first, then `quick`) into its empty set zones;
* after a drive, it plays a removal (an answer whose effect destroys or
  damages an enemy unit) when one can kill the driven unit and the driven
  unit stands in an attack zone: it would attack this turn (its target is
  then chosen as any target of greedy's, the unit it is best to kill);
* when an attack is about to hit, or a damage ability is about to resolve, it
  prevents the damage (an answer with `prevent_damage`) when the damage would
  be lethal or destroy one of its units; at an attack declaration with no
  prevention at hand it removes the attacker instead when it can;
* before the attacks (after a drive), it makes a sentinel summon when the
  rift's next attacks would otherwise reach its ruler for lethal damage, into
  the zone that saves the most;
* otherwise it passes.

Games in which the player can never answer in the rift's turn never reach
this module (`Setup.windows`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gateruler.engine.actions import DEFENSE, INVADER, PLAYER, RULER, Action, Activate, Pass, PlayEvent, SetCard, Summon
from gateruler.engine.timings import ATTACK_DECLARED, BEFORE_DAMAGE, DAMAGE_EFFECT, RIFT_DRIVE, TIMINGS
from gateruler.engine.windows import DAMAGE_WORDS, RIFT_WINDOWS

if TYPE_CHECKING:
    from gateruler.bots.greedy import Facts
    from gateruler.engine.game import Game

REMOVAL_WORDS = frozenset({"destroy", "damage", "split_damage", "move", "remove"})
ENEMY_SHAPES = frozenset({"enemy_unit", "any_unit", "all_enemy_units", "all_units"})


# ---------------------------------------------------------------------- the main phase: setting


def set_choice(game: Game, legal: list[Action]) -> Action | None:
    """A `SetCard` of an event meant for the rift's turn, the `damage` timing first; None when there is none."""
    if not game.setup.windows:
        return None
    best: tuple | None = None
    for a in legal:
        if type(a) is SetCard:
            timing = game.setup.defs[a.card].timing
            if timing and any(name in TIMINGS[timing].windows for name in RIFT_WINDOWS):
                rank = (TIMINGS[timing].damage_only, -a.card)
                if best is None or rank > best[0]:
                    best = (rank, a)
    return best[1] if best is not None else None


# ---------------------------------------------------------------------- the windows


def _effects(game: Game, action: Action) -> tuple[Any, ...]:
    if type(action) is PlayEvent:
        return tuple(e for a in game.setup.defs[action.card].abilities if a.trigger == "on_play" for e in a.effects)
    if type(action) is Activate:
        return game.setup.defs[action.card].abilities[action.ability].effects
    return ()


def _kills(game: Game, facts: Facts, effect: Any, slot: int) -> bool:
    """Whether `effect` (a removal) would take the rift's unit in `slot` off the board."""
    from gateruler.bots.greedy import target_shape

    if effect.kind not in REMOVAL_WORDS or (
        target_shape(effect.target) not in ENEMY_SHAPES and effect.kind != "split_damage"
    ):
        return False
    if effect.kind in ("damage", "split_damage"):
        return effect.amount >= facts.remaining_hp(INVADER, slot)
    limit = getattr(effect, "max_level", None)
    return limit is None or facts.cards[game.sides[INVADER].board[slot].iid].level <= limit


def _removal(game: Game, facts: Facts, legal: list[Action], iid: int) -> Action | None:
    """An answer that kills the rift's unit `iid` in an attack zone, if it stands there."""
    slot = next((s for s in (0, 1) if game.unit_is(INVADER, s, iid)), None)
    if slot is None:
        return None
    return next((a for a in legal if any(_kills(game, facts, e, slot) for e in _effects(game, a))), None)


def _prevention(game: Game, legal: list[Action]) -> Action | None:
    return next((a for a in legal if any(e.kind == "prevent_damage" for e in _effects(game, a))), None)


def _life_left(game: Game) -> int:
    return game.life(PLAYER) - len(game.sides[PLAYER].damage_zone)


def _battle_hurts(game: Game, facts: Facts, attacker: int, target: int) -> bool:
    """Whether the rift's attacker (`attacker`: its card, -1 its ruler) would deal lethal damage or destroy a unit."""
    slot = RULER if attacker < 0 else next((s for s in (0, 1, DEFENSE) if game.unit_is(INVADER, s, attacker)), None)
    if slot is None:
        return False
    if target == RULER:
        return game.stk(INVADER, slot) >= _life_left(game)
    if game.sides[PLAYER].board[target] is None:
        return False
    return game.atk(INVADER, slot) >= facts.remaining_hp(PLAYER, target)


def _effect_hurts(game: Game, facts: Facts, source: int) -> bool:
    """Whether the rift card `source`'s damage would be lethal or destroy one of the player's units."""
    for ability in game.setup.defs[source].abilities:
        for e in ability.effects:
            if e.kind not in DAMAGE_WORDS:
                continue
            if getattr(e.target, "word", "") == "enemy_ruler" and e.amount >= _life_left(game):
                return True
            if any(
                u is not None and e.amount >= facts.remaining_hp(PLAYER, s)
                for s, u in enumerate(game.sides[PLAYER].board)
            ):
                return True
    return False


def _sentinel(game: Game, facts: Facts, legal: list[Action]) -> Action | None:
    """The sentinel summon that saves the most face damage, when the rift's next attacks would be lethal."""
    summons = [a for a in legal if type(a) is Summon]
    if not summons:
        return None
    board = facts.our_board()
    base = facts.incoming(board)
    if base < _life_left(game):
        return None

    def left_after(a: Summon) -> float:
        new_board = list(board)
        new_board[a.slot] = facts.cards[a.card].entry
        return facts.incoming(new_board)

    best = min(summons, key=lambda a: (left_after(a), a.slot))
    return best if left_after(best) < base else None


def window_answer(game: Game, facts: Facts, legal: list[Action]) -> Action:
    """Greedy's answer in an open window of the rift's turn (the rules above)."""
    decision = game.pending
    name = decision.purpose
    if name == RIFT_DRIVE:
        answer = _removal(game, facts, legal, decision.source) or _sentinel(game, facts, legal)
        if answer is not None:
            return answer
    elif name in (ATTACK_DECLARED, BEFORE_DAMAGE) and _battle_hurts(game, facts, decision.source, decision.target):
        if name == BEFORE_DAMAGE:
            answer = _prevention(game, legal)
            if answer is not None:
                return answer
        elif _prevention(game, legal) is None:  # nothing to prevent with later: remove the attacker now if we can
            answer = _removal(game, facts, legal, decision.source)
            if answer is not None:
                return answer
    elif name == DAMAGE_EFFECT and _effect_hurts(game, facts, decision.source):
        answer = _prevention(game, legal)
        if answer is not None:
            return answer
    return Pass()
