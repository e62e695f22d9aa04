"""The engine's rule readings that are judgements, not quoted rules: one frozen value per game.

Where the sources leave a rule open and the reading can change how a game
ends, the engine does not hard-code one answer: it reads this `Rules` value,
given to `Game.new` and kept on `Setup`, at the one place each reading acts:

* `unit_damage`: the end phase (`turns.end_phase`) clears the damage units
  bear, or leaves it (docs/rulings.md 19);
* `deck_out`: rules processing (`Game.rules_processing`) ends the game for a side whose
  deck is empty, or only taking a card from an empty deck loses (ruling 33);
* `player_cnt`: the player's CNT abilities are mandatory, or "you may"
  (ruling 31): the player's card definitions are set up with optional CNT
  abilities, so the CNT step asks a `Confirm` decision;
* `handless_draw`: a side without a hand (the rift, a drive ruler) that must
  draw drives instead, or draws nothing (`zones.draw`, ruling 36);
* `player_windows`: the player holds priority in the rift's turn (engine/windows.py,
  rulings 13 and W1-W9), or never acts there (`tables.build_setup` leaves the window hooks empty);
* `energy_readied`: a ruler whose text states no number readies all its energy, or 2
  (`turns.start_phase`, ruling 6);
* `open_card`: an open card is played for free into the first empty zone, or as from the hand
  (`zones.play_open`, ruling 3);
* `vanished_target`: an attack whose target left does nothing, or goes on to the ruler
  (`combat.battle`, ruling 21);
* `td_order`: TD before the card's own on_enter abilities, or after (`zones.touchdown`, ruling A6);
* `guard_costs`: Soul guard does not stop a unit destroyed to pay a cost, or does
  (`replace.survives`, ruling G3);
* `special_summon_zone`: a special summon into a free zone only, or into any
  (`effects/choosing.plan_zones`, ruling Z5).

A state written before a reading was recorded was played under its default,
which is the engine's reading of its time (`from_dict`), but for the two
older ones `LEGACY` names.

The names, the other values, their documentation and the rulings they belong
to are in the variant registry above the engine (gateruler/variants.py),
which also holds the rift's own readings (gateruler/invader.py).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from gateruler.engine.triggers import CNT
from gateruler.models import CardDef


class UnitDamage(enum.Enum):
    PERSISTS = "persists"  # damage stays on a unit until it leaves the board (ruling 19)
    CLEARS = "clears"  # every unit's damage is removed in the end phase of each turn


class DeckOut(enum.Enum):
    EMPTY = "empty"  # a side whose deck has no cards left loses, at rules processing (rules.md 9)
    TAKING = "taking"  # a side loses only when it must take a card from an empty deck


class PlayerCnt(enum.Enum):
    MANDATORY = "mandatory"  # the player's CNT abilities always resolve (ruling 31)
    OPTIONAL = "optional"  # the player may decline each one (a Confirm decision)


class HandlessDraw(enum.Enum):
    DRIVE = "drive"  # a side without a hand that must draw drives instead (ruling 36)
    NOTHING = "nothing"  # it draws nothing: there is no hand to put the card into (as CR 15-3a-1 for other zones)


class PlayerWindows(enum.Enum):
    ON = "on"  # the player may answer in the rift's turn: set cards, activated abilities, sentinel summons (ruling 13)
    OFF = "off"  # the player never acts in the rift's turn (the engine before issue 13)


class EnergyReadied(enum.Enum):
    ALL = "all"  # a ruler whose text states no number readies all its energy each turn (ruling 6)
    TWO = "two"  # ... readies 2 a turn, as the Wizard's text has it


class OpenCard(enum.Enum):
    FREE = "free"  # an open card is played for free, no summon right, a unit into the first empty zone (ruling 3)
    PLAYED = "played"  # it is played as from the hand: its level paid, a summon right used, the zone chosen


class VanishedTarget(enum.Enum):
    NOTHING = "nothing"  # an attack whose target left the board before the battle does nothing (ruling 21)
    RULER = "ruler"  # it goes on through the emptied line to the ruler behind it (its STK, battle damage)


class TdOrder(enum.Enum):
    TD_FIRST = "td_first"  # a card's TD abilities resolve before its own on_enter abilities (ruling A6)
    ON_ENTER_FIRST = "on_enter_first"  # its on_enter abilities resolve first


class GuardCosts(enum.Enum):
    NOT_STOPPED = "not_stopped"  # Soul guard does not stop a unit its controller destroys to pay a cost (ruling G3)
    STOPPED = "stopped"  # it keeps that unit too; the cost counts as paid (destroyed but not sent)


class SpecialSummonZone(enum.Enum):
    FREE_ONLY = "free_only"  # a special summon goes into a free zone only; with none, nothing (ruling Z5)
    ANY = "any"  # it may go into an occupied zone, the unit there going to the graveyard (as ruling 11)


@attrs.frozen(cache_hash=True)  # a key of tables.setup_for's memo, hashed at every new game
class Rules:
    """The engine's readings for one game; the defaults are docs/rulings.md's."""

    unit_damage: UnitDamage = UnitDamage.PERSISTS
    deck_out: DeckOut = DeckOut.EMPTY
    player_cnt: PlayerCnt = PlayerCnt.MANDATORY
    handless_draw: HandlessDraw = HandlessDraw.DRIVE
    player_windows: PlayerWindows = PlayerWindows.ON
    energy_readied: EnergyReadied = EnergyReadied.ALL
    open_card: OpenCard = OpenCard.FREE
    vanished_target: VanishedTarget = VanishedTarget.NOTHING
    td_order: TdOrder = TdOrder.TD_FIRST
    guard_costs: GuardCosts = GuardCosts.NOT_STOPPED
    special_summon_zone: SpecialSummonZone = SpecialSummonZone.FREE_ONLY

    def to_dict(self) -> dict[str, str]:
        return {f.name: getattr(self, f.name).value for f in attrs.fields(Rules)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> Rules:
        """The rules a game state names; a state written before rule readings were recorded
        was played under the readings of its time (`LEGACY`)."""
        if data is None:
            return LEGACY
        values: dict[str, Any] = {name: kind(data[name]) for name, kind in _KINDS.items() if name in data}
        values.setdefault("player_windows", PlayerWindows.OFF)  # recorded before the rift's turn had windows
        return cls(**values)

    def player_definitions(self, defs: Sequence[CardDef], owners: Sequence[int], player: int) -> tuple[CardDef, ...]:
        """The definitions a game uses: under optional CNT, the player's CNT abilities are "you may"."""
        if self.player_cnt is PlayerCnt.MANDATORY:
            return tuple(defs)
        return tuple(_optional_cnt(d) if owner == player else d for d, owner in zip(defs, owners))


_KINDS: dict[str, type[enum.Enum]] = {
    "unit_damage": UnitDamage,
    "deck_out": DeckOut,
    "player_cnt": PlayerCnt,
    "handless_draw": HandlessDraw,
    "player_windows": PlayerWindows,
    "energy_readied": EnergyReadied,
    "open_card": OpenCard,
    "vanished_target": VanishedTarget,
    "td_order": TdOrder,
    "guard_costs": GuardCosts,
    "special_summon_zone": SpecialSummonZone,
}
DEFAULT = Rules()
LEGACY = Rules(deck_out=DeckOut.TAKING, player_windows=PlayerWindows.OFF)
"""The readings of games saved or recorded before they were recorded (deck-out was ruling 33's then, and the player never
acted in the rift's turn)."""

_OPTIONAL: dict[int, tuple[CardDef, CardDef]] = {}  # id(definition) -> (it, its optional-CNT version)


def _optional_cnt(card: CardDef) -> CardDef:
    """The card with its CNT abilities made "you may"; remembered, so a batch's games share one copy."""
    if not any(a.trigger == CNT and not a.optional for a in card.abilities):
        return card
    hit = _OPTIONAL.get(id(card))
    if hit is None or hit[0] is not card:
        if len(_OPTIONAL) > 1024:
            _OPTIONAL.clear()
        abilities = tuple(attrs.evolve(a, optional=True) if a.trigger == CNT else a for a in card.abilities)
        hit = _OPTIONAL[id(card)] = (card, attrs.evolve(card, abilities=abilities))
    return hit[1]
