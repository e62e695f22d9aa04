"""Rule variants: every open ruling that can change how a game ends, as a named choice with one default.

The sources leave some rules open (docs/rulings.md): a reading is a
judgement, and clear rates rest on it.  Each such judgement is a `Variant`
here, as data: its name, its values (the default first) with what each
means, the ruling it belongs to, and one line saying what is in question.
The command line (``--variant NAME=VALUE``), level and scenario files
(``variants:``), saves, replays and ``check --json`` all name variants by
these names and values; ``gateruler variants`` lists this registry, and
docs/variants.md explains every entry.

A game's variants are one `Readings` value: the engine's part is the frozen
`gateruler.engine.rules.Rules` given to `Game.new` (the engine reads it at a
few named places), and the rift's part the frozen
`gateruler.invader.RiftRules` of its `InvaderController` (the rift reads it
where it makes the choice; the engine sees it only through the opponent
interface).  Which of the two holds a variant is the variant's `part`; the
variant's name is that value's field name.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import attrs

from gateruler.cardpool import CardPool
from gateruler.engine.keywords import OPEN_CARD, SOUL_GUARD
from gateruler.engine.rules import LEGACY as LEGACY_RULES
from gateruler.engine.rules import (
    DeckOut,
    EnergyReadied,
    GuardCosts,
    HandlessDraw,
    OpenCard,
    PlayerCnt,
    PlayerWindows,
    Rules,
    SpecialSummonZone,
    TdOrder,
    UnitDamage,
    VanishedTarget,
)
from gateruler.engine.targets import Chosen, PlayerTarget
from gateruler.engine.triggers import CNT, ON_ATTACK, ON_ENTER, TOUCHDOWN
from gateruler.engine.windows import answering_cards
from gateruler.errors import GateRulerError
from gateruler.invader import (
    DRIVE_AND_CNT,
    EndKnight,
    EndTurns,
    FullBoardTie,
    InvaderController,
    LongLists,
    RiftRules,
    RiftSplit,
    TargetScope,
)
from gateruler.models import CardDef, CostModel, LevelDef, RulerDef
from gateruler.special_rules import IgnoredCnt, invader_definitions
from gateruler.vocabulary import SpecialRuleKind
from gateruler.yamlsrc import did_you_mean

ENGINE = "engine"
RIFT = "rift"


@attrs.frozen
class Matchup:
    """What a variant's reach is judged on: a deck (card ids) with its ruler, against a level, on a card pool."""

    level: LevelDef
    pool: CardPool  # already for the level
    deck: tuple[str, ...]
    ruler: RulerDef

    @property
    def player_cards(self) -> list[CardDef]:
        return [self.pool[c] for c in sorted(set(self.deck))]

    @property
    def rift_cards(self) -> list[CardDef]:
        return list(invader_definitions(self.level, self.pool).values())


Applies = Callable[[Matchup], bool]
"""Whether a variant can change any game of a matchup; False only when it provably cannot."""


@attrs.frozen
class Variant:
    """One open ruling as a choice: `values` are (value, what it means), the default first."""

    name: str
    ruling: str  # the row of docs/rulings.md it belongs to, e.g. "19" or "R4"
    doc: str  # what is in question, in one line
    values: tuple[tuple[str, str], ...]
    part: str  # ENGINE (gateruler.engine.rules.Rules) or RIFT (gateruler.invader.RiftRules)
    kind: type[enum.Enum]
    applies: Applies = attrs.field(eq=False, repr=False)

    @property
    def default(self) -> str:
        return self.values[0][0]

    @property
    def alternatives(self) -> tuple[str, ...]:
        return tuple(value for value, _ in self.values[1:])

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(value for value, _ in self.values)

    def meaning(self, value: str) -> str:
        return dict(self.values)[value]


# ---------------------------------------------------------------------- when a variant can matter


def _always(_m: Matchup) -> bool:
    return True


def _deck_has_cnt_ability(m: Matchup) -> bool:
    return any(a.trigger == CNT for card in m.player_cards for a in card.abilities)


def _a_handless_side_may_draw(m: Matchup) -> bool:
    """A draw effect that may make the rift, or a player ruler without a hand, draw."""
    handless = {"rift"} | (set() if m.ruler.has_hand else {"player"})
    for controller, cards in (("player", m.player_cards), ("rift", m.rift_cards)):
        other = "rift" if controller == "player" else "player"
        for card in cards:
            for e in (e for a in card.abilities for e in a.effects if e.kind == "draw"):
                target = e.target
                drawers = (
                    {controller if target.side == "own" else other}
                    if type(target) is PlayerTarget
                    else {controller, other}
                )
                if drawers & handless:
                    return True
    return False


def _deck_may_answer_in_rift_turn(m: Matchup) -> bool:
    """A card of the deck could be played in the rift's turn (a quick or damage timing, an activated ability
    whose timing opens there, a sentinel unit)."""
    cards = m.player_cards
    return answering_cards(cards, [0] * len(cards))


def _rift_units_may_tie(m: Matchup) -> bool:
    """Two rift units of one level can stand on its board together (then their HP left may differ)."""
    units = [c for c in m.rift_cards if c.is_unit]
    counts = {e.card: e.count for e in m.level.cards}
    levels = [c.level for c in units for _ in range(counts.get(c.id, 0))]
    return len(levels) != len(set(levels))


def _level_ignores_a_cnt(m: Matchup) -> bool:
    listed = {e.card for e in m.level.cards}
    kinds = (SpecialRuleKind.IGNORE_CNT, SpecialRuleKind.IGNORE_EFFECTS)
    return any(
        r.kind in kinds
        and r.param("card") in listed
        and str(r.param("card")) in m.pool
        and m.pool[str(r.param("card"))].has_cnt
        for r in m.level.special_rules
    )


def _rift_chooses_outside_rule_4(m: Matchup) -> bool:
    """A rift ability rule 4 does not name (not a drive's, not a CNT) that chooses a unit."""
    return any(
        a.trigger not in DRIVE_AND_CNT and any(type(e.target) is Chosen for e in a.effects)
        for card in m.rift_cards
        for a in card.abilities
    )


def _level_has_end_rule(m: Matchup) -> bool:
    return bool(m.level.rules_of(SpecialRuleKind.SACRIFICE_AT_START))


def _player_may_hold_a_knight(m: Matchup) -> bool:
    names = [str(r.param("own_name_contains")).lower() for r in m.level.rules_of(SpecialRuleKind.SACRIFICE_AT_START)]
    return any(name in card.name.lower() for card in m.player_cards if card.is_unit for name in names)


def _list_longer_than_stated(m: Matchup) -> bool:
    return m.level.stated is not None and m.level.stated.deck_size < m.level.deck_size


def _ruler_readies_unstated_energy(m: Matchup) -> bool:
    """The ruler pays energy and its text states no number of energy readied (the Knight)."""
    return m.ruler.cost_model is CostModel.ENERGY and m.ruler.energy_readied is None


def _open_card_costs_or_has_a_zone(m: Matchup) -> bool:
    """An open card of the deck is a unit (its zone, its summon right) or costs energy to play."""
    paying = m.ruler.cost_model is CostModel.ENERGY
    return any(OPEN_CARD in c.keywords and (c.is_unit or (paying and c.level > 0)) for c in m.player_cards)


def _a_target_may_leave_before_its_battle(m: Matchup) -> bool:
    """An attack ability (either side's) may take the target away before the battle, or the player may answer
    between a declaration and its battle."""
    cards = [*m.player_cards, *m.rift_cards]
    return any(a.trigger == ON_ATTACK for c in cards for a in c.abilities) or _deck_may_answer_in_rift_turn(m)


def _deck_has_td_and_on_enter_on_one_card(m: Matchup) -> bool:
    return any({TOUCHDOWN, ON_ENTER} <= {a.trigger for a in c.abilities} for c in m.player_cards)


def _soul_guard_meets_a_destroy_cost(m: Matchup) -> bool:
    """Some card may have Soul guard (printed or granted) and some card destroys its own unit as a cost."""
    cards = [*m.player_cards, *m.rift_cards]
    guarded = any(
        SOUL_GUARD in c.keywords
        or any(e.kind == "grant" and getattr(e, "keyword", "") == SOUL_GUARD for a in c.abilities for e in a.effects)
        for c in cards
    )
    return guarded and any(cost.kind == "destroy" for c in cards for a in c.abilities for cost in a.costs)


def _a_card_special_summons(m: Matchup) -> bool:
    """A special summon, or a search or look that puts a unit onto the field (they choose free zones)."""
    cards = [*m.player_cards, *m.rift_cards]
    return any(
        e.kind == "special_summon" or getattr(e, "to", "") == "field"
        for c in cards
        for a in c.abilities
        for e in a.effects
    )


def _rift_splits_damage(m: Matchup) -> bool:
    return any(e.kind == "split_damage" for c in m.rift_cards for a in c.abilities for e in a.effects)


# ---------------------------------------------------------------------- the registry

VARIANTS: tuple[Variant, ...] = (
    Variant(
        "unit_damage",
        "19",
        "Whether the damage a unit bears stays until it leaves the board, or is removed at the end of each turn.",
        (
            (UnitDamage.PERSISTS.value, "damage stays on a unit across turns (only effects remove it)"),
            (UnitDamage.CLEARS.value, "every unit's damage is removed in the end phase of every turn, both sides'"),
        ),
        ENGINE,
        UnitDamage,
        _always,
    ),
    Variant(
        "deck_out",
        "33",
        "When an empty deck loses: as soon as it is empty, or only when a card must be taken from it.",
        (
            (
                DeckOut.EMPTY.value,
                "a side whose deck has no cards left loses at the next rules processing (after every step)",
            ),
            (
                DeckOut.TAKING.value,
                "a side loses only when it must take a card from its empty deck (a draw, drive or damage check)",
            ),
        ),
        ENGINE,
        DeckOut,
        _always,
    ),
    Variant(
        "player_cnt",
        "31",
        "Whether the player's CNT abilities must be used when a damage check reveals them, or may be declined.",
        (
            (PlayerCnt.MANDATORY.value, "a CNT ability of the player's always resolves, even when it hurts its owner"),
            (
                PlayerCnt.OPTIONAL.value,
                "the player is asked (yes or no) whether to use each CNT ability; the card goes to the graveyard either way",
            ),
        ),
        ENGINE,
        PlayerCnt,
        _deck_has_cnt_ability,
    ),
    Variant(
        "handless_draw",
        "36",
        "What a side without a hand (the rift, a drive ruler such as the Apprentice) does when an effect makes it draw.",
        (
            (
                HandlessDraw.DRIVE.value,
                "it drives instead: a drive ruler puts the card into its drive zone, the rift uses it at once",
            ),
            (
                HandlessDraw.NOTHING.value,
                "it draws nothing: it has no hand to put the card into (as CR 15-3a-1 has it for other zones)",
            ),
        ),
        ENGINE,
        HandlessDraw,
        _a_handless_side_may_draw,
    ),
    Variant(
        "player_windows",
        "13",
        "Whether the player may answer in the rift's turn (set cards, activated abilities, sentinel summons), or never acts there.",
        (
            (
                PlayerWindows.ON.value,
                "after each drive, at each attack, before battle damage, before a damage ability and in the rift's end phase",
            ),
            (PlayerWindows.OFF.value, "the player acts only in their own turn (the engine before issue 13)"),
        ),
        ENGINE,
        PlayerWindows,
        _deck_may_answer_in_rift_turn,
    ),
    Variant(
        "energy_readied",
        "6",
        "How much energy a ruler whose text states no number (the Knight) readies at the start of its turn.",
        (
            (EnergyReadied.ALL.value, "all of its energy"),
            (EnergyReadied.TWO.value, "2 energy, as the Wizard's text says for the Wizard"),
        ),
        ENGINE,
        EnergyReadied,
        _ruler_readies_unstated_energy,
    ),
    Variant(
        "open_card",
        "3",
        "How an open card you draw or drive is played: for free into the first empty zone, or as from your hand.",
        (
            (OpenCard.FREE.value, "for free, with no summon right; a unit goes to the first empty zone"),
            (
                OpenCard.PLAYED.value,
                "as from your hand or drive zone: its level paid (unplayable when it cannot be), a unit normally summoned"
                " into the zone you choose",
            ),
        ),
        ENGINE,
        OpenCard,
        _open_card_costs_or_has_a_zone,
    ),
    Variant(
        "vanished_target",
        "21",
        "What an attack does when its target has left the board before the battle.",
        (
            (VanishedTarget.NOTHING.value, "nothing: the attack ends"),
            (
                VanishedTarget.RULER.value,
                "it goes on through the emptied line to the ruler behind it (the attacker's STK, battle damage)",
            ),
        ),
        ENGINE,
        VanishedTarget,
        _a_target_may_leave_before_its_battle,
    ),
    Variant(
        "td_order",
        "A6",
        "Which resolve first when a card played from the hand enters: its TD abilities or its own entering ones.",
        (
            (TdOrder.TD_FIRST.value, "its TD abilities, then its on_enter abilities"),
            (TdOrder.ON_ENTER_FIRST.value, "its on_enter abilities, then its TD abilities"),
        ),
        ENGINE,
        TdOrder,
        _deck_has_td_and_on_enter_on_one_card,
    ),
    Variant(
        "guard_costs",
        "G3",
        "Whether Soul guard keeps a unit its controller destroys to pay a cost.",
        (
            (GuardCosts.NOT_STOPPED.value, "no: the unit goes to the graveyard, the cost is paid"),
            (
                GuardCosts.STOPPED.value,
                "yes: the unit stays (a soul card goes instead) and the cost counts as paid: destroyed but not sent",
            ),
        ),
        ENGINE,
        GuardCosts,
        _soul_guard_meets_a_destroy_cost,
    ),
    Variant(
        "special_summon_zone",
        "Z5",
        "Whether a special summon may go into an occupied zone, as a normal summon may.",
        (
            (SpecialSummonZone.FREE_ONLY.value, "free zones only: with none free it does nothing"),
            (
                SpecialSummonZone.ANY.value,
                "any zone: the unit there goes to the graveyard (free zones still come first in the rift's choice)",
            ),
        ),
        ENGINE,
        SpecialSummonZone,
        _a_card_special_summons,
    ),
    Variant(
        "full_board_tie",
        "R1",
        "Which rift unit goes to the graveyard when its board is full and several units share the lowest level.",
        (
            (FullBoardTie.SUMMON_ORDER.value, "the first of them in summon order: left attack, right attack, defense"),
            (
                FullBoardTie.LEAST_HP_LEFT.value,
                "the weakest of them: the least HP left (HP minus damage), then summon order",
            ),
        ),
        RIFT,
        FullBoardTie,
        _rift_units_may_tie,
    ),
    Variant(
        "ignored_cnt",
        "R4",
        "What a rift card whose CNT a level ignores (level 2's End) is in a damage check.",
        (
            (IgnoredCnt.PLAIN_CARD.value, "a plain card: it goes to the damage zone and the point of damage counts"),
            (
                IgnoredCnt.CNT_WITHOUT_EFFECT.value,
                "still a CNT card: it goes to the graveyard, the point does not count, its CNT does nothing",
            ),
        ),
        RIFT,
        IgnoredCnt,
        _level_ignores_a_cnt,
    ),
    Variant(
        "rift_target_order",
        "R3",
        "Which of the rift's choices of your units follow solo rule 4's order (the seed names drive effects and CNT).",
        (
            (
                TargetScope.EVERY_CHOICE.value,
                "every choice of a player unit the rift makes: left attack, defense, right attack",
            ),
            (
                TargetScope.DRIVE_AND_CNT.value,
                "drive effects and CNT only; its other abilities (destroyed, attacking, turn start) take left attack, right attack, defense",
            ),
        ),
        RIFT,
        TargetScope,
        _rift_chooses_outside_rule_4,
    ),
    Variant(
        "end_rule_turns",
        "R2",
        "In which turns level 2's End rule acts: the rift's, or the start phase of every turn.",
        (
            (EndTurns.RIFT_TURNS.value, "at the start of each rift turn, before its drives"),
            (EndTurns.EVERY_TURN.value, "at the start phase of every turn, yours too (before your draws)"),
        ),
        RIFT,
        EndTurns,
        _level_has_end_rule,
    ),
    Variant(
        "end_rule_knight",
        "R2",
        'Whose "Dark Knight" level 2\'s End rule destroys.',
        (
            (EndKnight.RIFT.value, "one of the rift's own (left attack, right attack, defense)"),
            (
                EndKnight.ANY.value,
                "any on the field: yours first (left attack, right attack, defense), then the rift's",
            ),
        ),
        RIFT,
        EndKnight,
        _player_may_hold_a_knight,
    ),
    Variant(
        "long_lists",
        "R6",
        "What the rift plays with when a level lists more cards than its stated deck size (levels 5 and 6).",
        (
            (LongLists.AS_LISTED.value, "the whole list (56 cards at level 5, 52 at level 6)"),
            (
                LongLists.DEAL_STATED.value,
                "shuffle the whole list, deal the stated number (50), set the rest aside unseen",
            ),
        ),
        RIFT,
        LongLists,
        _list_longer_than_stated,
    ),
    Variant(
        "rift_split",
        "D2",
        "How the rift divides damage it splits among your units.",
        (
            (
                RiftSplit.DESTROY_IN_ORDER.value,
                "in solo rule 4's order, each unit taking what destroys it before the next takes any",
            ),
            (RiftSplit.ALL_ON_FIRST.value, "all of it onto the first unit of solo rule 4's order"),
        ),
        RIFT,
        RiftSplit,
        _rift_splits_damage,
    ),
)
BY_NAME: dict[str, Variant] = {v.name: v for v in VARIANTS}


class VariantError(GateRulerError):
    """An unknown variant name or value: `detail` says what is wrong with the variant `name`."""

    def __init__(self, name: str, detail: str, where: str = "", named: bool = True) -> None:
        self.name = name
        self.detail = detail
        super().__init__(f"{where}{name}: {detail}" if named else f"{where}{detail}")


def variant(name: str, where: str = "") -> Variant:
    """The variant of this name; a one-line error with "did you mean" otherwise."""
    found = BY_NAME.get(name)
    if found is None:
        hint = did_you_mean(name, BY_NAME) or f" (the variants are: {_listed(BY_NAME)})"
        raise VariantError(name, f"unknown variant {name!r}{hint}", where, named=False)
    return found


def _listed(words: Iterable[str]) -> str:
    return ", ".join(words)


# ---------------------------------------------------------------------- a game's readings


@attrs.frozen
class Readings:
    """The value of every variant a game is played under: the engine's `Rules` and the rift's `RiftRules`."""

    engine: Rules = Rules()
    rift: RiftRules = RiftRules()

    def value(self, name: str) -> str:
        v = BY_NAME[name]
        return str(getattr(getattr(self, v.part), name).value)

    def to_dict(self) -> dict[str, str]:
        """Every variant's value, in the registry's order: what saves, replays and results record."""
        return {v.name: self.value(v.name) for v in VARIANTS}

    def changed(self) -> list[tuple[str, str]]:
        """The variants whose value is not the default, in the registry's order."""
        return [(v.name, self.value(v.name)) for v in VARIANTS if self.value(v.name) != v.default]

    def with_values(self, values: Mapping[str, str]) -> Readings:
        """These readings with some variants set (names and values already checked)."""
        if not values:
            return self
        parts: dict[str, dict[str, Any]] = {ENGINE: {}, RIFT: {}}
        for name, value in values.items():
            v = BY_NAME[name]
            parts[v.part][name] = v.kind(value)
        return Readings(attrs.evolve(self.engine, **parts[ENGINE]), attrs.evolve(self.rift, **parts[RIFT]))

    def controller(self) -> InvaderController:
        """The rift, playing under these readings."""
        return InvaderController(self.rift)

    def words(self) -> str:
        """'defaults' or the changed variants as NAME=VALUE, for a result's header."""
        changed = self.changed()
        return ", ".join(f"{name}={value}" for name, value in changed) if changed else "defaults"


DEFAULT = Readings()
LEGACY = Readings(LEGACY_RULES)
"""What a save or replay made before variants were recorded was played under (deck-out was ruling 33's)."""


def variant_lines(readings: Readings) -> list[str]:
    """What a player is told of the variants in force: nothing under the defaults, else one line each."""
    return [
        f"Rule variant {name}={value} (not the default {BY_NAME[name].default}): {BY_NAME[name].meaning(value)}."
        for name, value in readings.changed()
    ]


def of_game(rules: Rules, opponent: object) -> Readings:
    """The readings a game runs under, from its `Setup.rules` and its opponent (the rift's when it is ours)."""
    rift = opponent.rules if isinstance(opponent, InvaderController) else RiftRules()
    return Readings(rules, rift)


def check_values(values: Mapping[str, object], where: str = "") -> dict[str, str]:
    """`values` checked name by name: an unknown name or value is a one-line `VariantError` with "did you mean"."""
    out: dict[str, str] = {}
    for name, value in values.items():
        v = variant(str(name), where)
        if not isinstance(value, str) or value not in v.names:
            hint = did_you_mean(value, v.names) if isinstance(value, str) else ""
            raise VariantError(
                v.name, f"unknown value {value!r}{hint or f' (the values are: {_listed(v.names)})'}", where
            )
        out[v.name] = value
    return out


def parse_assignments(texts: Sequence[str], option: str = "--variant") -> dict[str, str]:
    """``NAME=VALUE`` texts (a command line's) as checked values; a later one wins over an earlier one."""
    values: dict[str, str] = {}
    for text in texts:
        name, equals, value = text.partition("=")
        if not equals or not name.strip() or not value.strip():
            raise GateRulerError(
                f"{option}: {text!r} is not NAME=VALUE, e.g. {option} unit_damage=clears (gateruler variants lists them)"
            )
        values.update(check_values({name.strip(): value.strip()}, f"{option}: "))
    return values


def readings_for(level: LevelDef, given: Mapping[str, str] = {}) -> Readings:  # noqa: B006 - never changed
    """The readings a game against `level` is played under: the defaults, then the level file's
    `variants:`, then `given` (the command line's, a scenario's)."""
    return DEFAULT.with_values(level.variants).with_values(given)


def from_record(data: Mapping[str, object] | None) -> Readings:
    """The readings a save or replay recorded (`data`: its "variants" mapping, or None when it has none);
    a wrong name or value is a `VariantError`."""
    if data is None:
        return LEGACY
    values = check_values(data)
    values.setdefault("player_windows", PlayerWindows.OFF.value)  # recorded before the rift's turn had windows
    return DEFAULT.with_values(values)


def applying(level: LevelDef, pool: CardPool, deck: Sequence[str], ruler: RulerDef) -> list[Variant]:
    """The variants that can change a game of `deck` (with `ruler`) against `level`; the others provably cannot."""
    matchup = Matchup(level, pool.for_level(level), tuple(deck), ruler)
    return [v for v in VARIANTS if v.applies(matchup)]
