"""Sound bounds: positions the solver may refute without searching them.

A bound says "no line from here can clear the level" only when the rules
prove it; a position it cannot judge is searched.  It must never refute a
position that can be won (tests/test_solver_bounds.py holds each bound to
an exhaustive search of small positions, and tests/test_solver.py to every
bot's wins on seeded games).

**The damage race** (`DamageRace`).  The player clears a level in one of
two ways only: the rift's damage zone reaches its HP (a card per point of
damage dealt to the rift's ruler, CNT cards cancelling theirs), or the
rift's deck runs out (each drive and each point of damage takes its top
card).  So a position is lost if, in every turn the player can still play,
the damage they could deal at most does neither.  What bounds the turns:

* the player's deck: every turn starts by taking `turn_start_count` cards
  from it, and a side whose deck is empty loses (`Rules.deck_out`: at once,
  or when it must take a card from an empty deck); damage checks and card
  draws only take more;
* the turn cap (`Game.setup.max_turns`): a game still going then is drawn.

What bounds the damage of one turn: each attack deals its attacker's STK to
the rift's ruler at most (an attack on the ruler, pierce through the
defense zone and a carry-through each deal the attacker's STK), and each
attacker attacks once a turn (attacking rests it; only the main phase
summons, before any attack), so a turn deals at most the ruler's STK plus,
for each attack zone, the highest STK of a unit of the player's.  In the
player's own turn the bound is the attacks still to come: the ruler if it
is ready, each ready unit in an attack zone (and, in the main phase, a new
unit in each zone while summons are left), the attacks declared and not
yet fought, and the damage-check cards still to turn.

It honestly never decides a real game early: a Knight can play some twenty
more turns before its deck runs out, ample time to deal 15 damage, and no
bound on the player's *survival* follows from the rules (any unit the
player summons to the left attack or defense zone takes the rift's attacks
in its place, however strong they are).  It settles the ends of games:
small positions, a deck nearly out, the last turns before the cap.

**Applicability.**  The bound's arithmetic holds only for the words it
knows.  `bounds_for` reads every ability of the game's cards and keeps the
bound only when none can deal damage to the rift's ruler other than by an
attack, raise a STK, attack twice, add an attacker during the attack phase
(special and genesis summons), or take cards from the rift's deck other
than its drives and damage checks (mill, search and look on it, making it
draw).  A word it does not know turns the bound off: a new word added to
the engine can make the solver slower, never wrong.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

import attrs

from gateruler.engine.actions import INVADER, PLAYER, RULER
from gateruler.engine.game import Game, Phase
from gateruler.engine.rules import DeckOut
from gateruler.engine.targets import PLAYER as PLAYER_CATEGORY
from gateruler.engine.targets import RULER as RULER_CATEGORY
from gateruler.engine.tasks import Battle, Check, RiftDrive
from gateruler.vocabulary import UNIT_TYPE


class Bound(Protocol):
    """A proof that a position cannot be cleared, when it holds."""

    @property
    def name(self) -> str:
        """How results and tests name it."""
        ...  # pragma: no cover

    def refutes(self, game: Game) -> bool:
        """True only if no line of play from `game` clears the level."""
        ...  # pragma: no cover


@attrs.frozen
class Bounds:
    """The bounds that hold for one game's cards and rules."""

    bounds: tuple[Bound, ...] = ()

    def refute(self, game: Game) -> bool:
        return any(bound.refutes(game) for bound in self.bounds)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(bound.name for bound in self.bounds)


# ---------------------------------------------------------------------- which words the damage race knows

# Effect words that take nothing from the rift's deck, deal the rift's ruler no damage and give no extra
# attack, whoever plays them (a `damage` or `modify` word is also checked for its target and numbers).
_HARMLESS = frozenset(
    {
        "damage",
        "destroy",
        "modify",
        "move",
        "remove",
        "destroy_set_cards",
        "reuse_on_enter",
        "split_damage",
        "carry_through",
        "prevent_damage",
        "survive_destruction",
        "grant",
        "rest",
    }
)
# ...and those that are harmless when the player plays them: they take from the player's own deck or
# zones, which only brings the player's deck-out nearer.
_PLAYERS_OWN = frozenset({"draw", "mill", "search", "look", "add_soul"})


def _effect_known(effect: Any, side: int) -> bool:
    """Whether the damage race's arithmetic holds with this effect in the game (played by `side`)."""
    word = getattr(effect, "word", "")
    target = getattr(effect, "target", None)
    category = getattr(target, "category", None)
    target_side = getattr(target, "side", None)
    if word == "damage" and category == RULER_CATEGORY:
        # damage to the rift's ruler beyond the attacks: the player's at the enemy, the rift's at itself
        return (side == PLAYER) == (target_side == "own")
    if word == "modify" and getattr(effect, "stk", 0) > 0:
        return False  # a STK raised: more damage per attack than the printed numbers say
    if word in _HARMLESS:
        return True
    if word in _PLAYERS_OWN and side == PLAYER:
        # the player's own deck, not the rift's (a mill or draw aimed at the rift would take its cards)
        return not (category == PLAYER_CATEGORY and target_side == "enemy")
    return False


# Cost words that put no card of the rift's into its damage zone (deck_to_damage would, paid by the rift).
_COSTS = frozenset(
    {
        "energy",
        "discard",
        "destroy",
        "return",
        "rest_ruler",
        "rest_self",
        "rest_unit",
        "soul",
        "remove_from_graveyard",
        "return_to_deck",
    }
)


def _cost_known(cost: Any, side: int) -> bool:
    word = getattr(cost, "word", "")
    return word in _COSTS or (word == "deck_to_damage" and side == PLAYER)


def _abilities_known(game: Game) -> bool:
    """Whether every effect and cost of every card of the game is one the damage race's arithmetic holds with."""
    defs = game.setup.defs
    owners = game.setup.owners
    for iid, card in enumerate(defs):
        side = owners[iid]
        for ability in card.abilities:
            if not all(_effect_known(effect, side) for effect in ability.effects):
                return False
            if not all(_cost_known(cost, side) for cost in ability.costs):
                return False
    return True


# ---------------------------------------------------------------------- the damage race


@attrs.frozen
class DamageRace:
    """No line clears the level if the most damage the player can still deal empties neither the rift's
    damage-zone room nor its deck before the player's deck or the turn cap ends the game."""

    ruler_stk: int  # the player's ruler's STK (printed, and any permanent change at the start)
    unit_stk: int  # the highest STK of any unit of the player's
    attack_zones: int  # the player's attack zones (each holds one attacker)
    take_per_turn: int  # cards the player takes from its deck at the start of each turn
    deck_out: DeckOut
    rift_drives: int  # cards the rift drives each turn
    name: str = "damage race"

    @classmethod
    def of(cls, game: Game) -> DamageRace | None:
        """The bound for this game, or None where its arithmetic does not hold."""
        setup = game.setup
        if setup.ruler.turn_start_count < 1 or not _abilities_known(game):
            return None
        units = [
            card.stk or 0
            for iid, card in enumerate(setup.defs)
            if setup.owners[iid] == PLAYER and card.type is UNIT_TYPE
        ]
        return cls(
            ruler_stk=max(setup.ruler.stk, game.stk(PLAYER, RULER)),
            unit_stk=max(units, default=0),
            attack_zones=setup.ruler.attack_zones,
            take_per_turn=setup.ruler.turn_start_count,
            deck_out=setup.rules.deck_out,
            rift_drives=setup.level.drives_per_turn,
        )

    def refutes(self, game: Game) -> bool:
        rift = game.sides[INVADER]
        room = game.life(INVADER) - len(rift.damage_zone)  # damage-zone cards the rift can still take
        turns = self.turns_left(game)
        damage = self.this_turn(game) + turns * self.per_turn
        if damage >= room:
            return False
        # the rift's deck: a card per damage, and its drives: those left in this turn, and its whole turns
        # before each of the player's and after the player's last (its deck may run out then, first)
        rift_turns = turns + (1 if game.active == PLAYER else 0)
        drives = self.drives_left(game) + rift_turns * self.rift_drives
        return len(rift.deck) > drives + damage

    @property
    def per_turn(self) -> int:
        """The most damage one whole turn of the player's can deal."""
        return self.ruler_stk + self.attack_zones * self.unit_stk

    def turns_left(self, game: Game) -> int:
        """The player's turns after this one in which they can still act: before their deck runs out
        (the cards each turn takes from it) and before the turn cap."""
        deck = len(game.sides[PLAYER].deck)
        spare = 1 if self.deck_out is DeckOut.EMPTY else 0  # EMPTY: the turn's last take must leave a card
        by_deck = max(0, (deck - spare) // self.take_per_turn)
        # the player's turns still to start: every other turn from the next one that is the player's
        next_turn = game.turn + (2 if game.active == PLAYER else 1)
        by_cap = max(0, (game.setup.max_turns - next_turn) // 2 + 1)
        return min(by_deck, by_cap)

    def this_turn(self, game: Game) -> int:
        """The most damage still to come in the turn being played: attacks declared and checks queued, and
        in the player's own turn the attacks its ready attackers (and, in the main phase, new units) can make."""
        damage = 0
        for task in game.tasks:
            if type(task) is Battle and task.side == PLAYER:
                if task.attacker == RULER or game.unit_is(PLAYER, task.attacker, task.attacker_iid):
                    damage += max(self.unit_stk, self.ruler_stk, game.stk(PLAYER, task.attacker))
            elif type(task) is Check and task.side == INVADER:
                damage += task.remaining
        if game.active != PLAYER or game.phase not in (Phase.MAIN, Phase.ATTACK):
            return damage
        side = game.sides[PLAYER]
        if not side.ruler_rested:
            damage += max(self.ruler_stk, game.stk(PLAYER, RULER))
        cap = game.setup.ruler.summon_cap
        summons = self.attack_zones if cap is None else max(0, cap - side.summons)
        for slot in range(self.attack_zones):
            unit = side.board[slot]
            ready = unit is not None and not unit.rested
            if game.phase == Phase.MAIN and summons > 0 and not ready:
                summons -= 1
                damage += self.unit_stk
            elif ready:
                damage += max(self.unit_stk, game.stk(PLAYER, slot))
        return damage

    @staticmethod
    def drives_left(game: Game) -> int:
        """The rift's drives still waiting in the turn being played (a window in its drive phase)."""
        return sum(1 for task in game.tasks if type(task) is RiftDrive)


def bounds_for(game: Game) -> Bounds:
    """The bounds that hold for `game`'s cards and rules."""
    found: Iterable[Bound | None] = (DamageRace.of(game),)
    return Bounds(tuple(bound for bound in found if bound is not None))
