"""The per-game tables: what `Setup` holds beyond the definitions, worked out once per batch.

Setting a game up is a large share of a short game's cost, and the games of
a batch differ in their seed only (which is the game's, not the setup's):
they share one `Setup` object (`setup_for`, `_SETUPS`), games that differ
in more but have the same definitions share one set of tables (`_TABLES`),
and each definition is read once across games (`_INDEXES`), so the bots'
memos keyed by the setup or the definitions hold across games too.  The
memos forget everything when they grow large.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from gateruler.engine.actions import (
    DEFENSE,
    INVADER,
    PLAYER,
    UNIT_SLOTS,
    Action,
    play_event_action,
    play_field_action,
    set_card_action,
    summon_actions,
)
from gateruler.engine.activation import ability_tables, play_hooks
from gateruler.engine.continuous import bonus, continuous_entries, expire_grants, hp_entries, with_grants
from gateruler.engine.firing import once_per_turn
from gateruler.engine.gamestate import EVENT_KIND, FIELD_KIND, OTHER_KIND, UNIT_KIND, MainRow, Opponent, Setup
from gateruler.engine.keywords import OPEN_CARD, SOUL_GUARD
from gateruler.engine.replace import DAMAGE, DESTROY, LEAVE, damage, replacement_entries, stays, survives
from gateruler.engine.rules import DEFAULT as DEFAULT_RULES
from gateruler.engine.rules import PlayerWindows, Rules
from gateruler.engine.targets import Chosen
from gateruler.engine.triggers import ON_PLAY, REPLACEMENT, WATCH_TRIGGERS
from gateruler.engine.windows import NO_HOOKS as NO_WINDOW_HOOKS
from gateruler.engine.windows import (
    ability_windows,
    answering_cards,
    has_sentinel,
    unanswered_windows,
    window_answerers,
    window_hooks,
)
from gateruler.models import NO_GROUPS, CardDef, CostModel, Groups, LevelDef, RulerDef
from gateruler.vocabulary import EVENT_TYPE, FIELD_TYPE, UNIT_TYPE

if TYPE_CHECKING:
    from gateruler.cardpool import CardPool

_SETUPS: dict[tuple[Any, ...], Setup] = {}  # setup_for's key -> the setup
_TABLES: dict[tuple[Any, ...], dict[str, Any]] = {}  # (id(ruler), owners, id(groups), id(def)...) -> the tables
_KEPT: dict[tuple[Any, ...], Groups] = {}  # the same keys -> the groups, kept alive while their id is a key


def setup_for(
    player_cards: tuple[str, ...],
    rift_cards: tuple[str, ...],
    *,
    ruler: RulerDef,
    level: LevelDef,
    pool: CardPool,
    opponent: Opponent,
    max_turns: int,
    player_deck: tuple[str, ...] | None = None,
    deck_name: str = "",
    rules: Rules = DEFAULT_RULES,
) -> Setup:
    """The setup of a game of these cards (by instance id: the player's, then the rift's), the very
    object an earlier game with the same arguments got.  `player_deck` (what a save names the deck
    list) is `player_cards` unless given.

    The definitions are the pool's of the player's cards and the opponent's
    of the rift's.  A game reuses a setup only when every argument is the
    same: the ruler, level and pool the same objects (frozen; the setup keeps
    them alive, so their ids in the key are theirs), the opponent and the
    rules equal in value (a batch makes a new rift for each game, under the
    same readings; equal opponents give equal definitions, gamestate.Opponent),
    the card ids, turn cap and names equal.  So the key is a few dozen card
    ids, never the hundred definitions they name."""
    if player_deck == player_cards:
        player_deck = None  # a loaded game's setup is a new game's
    key = (opponent, rules, id(ruler), id(level), id(pool), max_turns, deck_name, player_deck, player_cards, rift_cards)
    hit = _SETUPS.get(key)
    if hit is None:
        if len(_SETUPS) >= 64:
            _SETUPS.clear()
        rift = opponent.card_definitions(level, pool, rift_cards)
        hit = _SETUPS[key] = build_setup(
            pool.definitions(player_cards) + tuple(map(rift.__getitem__, rift_cards)),
            owners=(PLAYER,) * len(player_cards) + (INVADER,) * len(rift_cards),
            ruler=ruler,
            level=level,
            pool=pool,
            opponent=opponent,
            max_turns=max_turns,
            player_deck=player_cards if player_deck is None else player_deck,
            deck_name=deck_name,
            rules=rules,
        )
    return hit


def build_setup(defs: tuple[CardDef, ...], *, ruler: RulerDef, rules: Rules = DEFAULT_RULES, **fields: Any) -> Setup:
    """A new setup, with what is worked out once from the definitions (games call `setup_for`)."""
    owners = tuple(fields.get("owners", ()))
    defs = rules.player_definitions(defs, owners, PLAYER)
    pool = fields.get("pool")
    groups = pool.groups if pool is not None else NO_GROUPS
    key = (id(ruler), owners, id(groups), *map(id, defs))
    hit = _TABLES.get(key)
    if hit is None:
        if len(_TABLES) >= 256:
            _TABLES.clear()
            _KEPT.clear()
        # it keeps the definitions, the ruler and the groups alive (their ids are in the key)
        hit = _TABLES[key] = {**_tables(defs, owners, ruler), **group_names(defs, groups)}
        _KEPT[key] = groups
    if rules.player_windows is not PlayerWindows.ON and hit["windows"]:
        return Setup(**{**hit, "windows": False, "ability_windows": {}, **NO_WINDOW_HOOKS}, rules=rules, **fields)
    return Setup(**hit, rules=rules, **fields)


def _tables(defs: tuple[CardDef, ...], owners: tuple[int, ...], ruler: RulerDef) -> dict[str, Any]:
    """The tables of `Setup`, as its fields.

    Everything here is a function of the definitions, their owners and the
    ruler alone: a table that depends on anything else (a rule variant...)
    must be added to `build_setup`'s key or worked out there."""
    entries = continuous_entries(defs)
    triggers, hooks, play_checks = trigger_index(defs)
    free = ruler.cost_model is CostModel.FREE
    abilities = dict(ability_tables(defs, owners))  # a copy: the tables of plain games are shared
    once = abilities.pop("has_once")
    # a game with keyword grants may grant Soul guard: it asks the leave hook too (a soul test, when it has none)
    replaces = hooks - {REPLACEMENT} | ({LEAVE} if abilities["has_grants"] else frozenset())
    answering = answering_cards(defs, owners)
    unanswered = unanswered_windows(defs, owners, abilities["has_activated"]) if answering else frozenset()
    costs = tuple(0 if free else max(d.level, 0) for d in defs)
    summon_slots = tuple(
        s for s in UNIT_SLOTS if (s == DEFENSE and ruler.defense_zones > 0) or (s != DEFENSE and s < ruler.attack_zones)
    )
    return {
        "defs": defs,
        "ruler": ruler,
        "continuous": entries,
        "triggers": triggers,
        "costs": costs,
        "base_hp": tuple(d.hp or 0 for d in defs),
        "play_checks": play_checks,
        "main_rows": main_rows(
            defs, costs, play_checks, abilities["no_main_play"], summon_slots, min(ruler.set_zones, 2)
        ),
        "summon_slots": summon_slots,
        "replacements": replacement_entries(defs) if REPLACEMENT in hooks else (),
        "watchers": watchers(triggers),
        "replaces": replaces,
        # the rift-turn windows, as they are when the player_windows reading lets them open
        "windows": answering,
        # an ability's window that no card can answer is not pushed (windows.turn_windows)
        "ability_windows": (
            {key: name for key, name in ability_windows(defs, owners).items() if name not in unanswered}
            if answering
            else {}
        ),
        "unanswered": unanswered,
        "sentinels": answering and has_sentinel(defs, owners),
        **(window_answerers(defs) if answering else {}),
        **abilities,
        # hooks
        "stat_bonuses": (bonus,) if any(entries) else (),
        "hp_continuous": hp_entries(entries),
        "keyword_grants": (with_grants,) if abilities["has_grants"] else (),
        "turn_end": (expire_grants,) if abilities["has_grants"] else (),
        "fire_filters": (once_per_turn,) if once else (),
        "destroy_replacements": (survives,) if replaces & {DESTROY, LEAVE} else (),
        "leave_replacements": (stays,) if LEAVE in replaces else (),
        "damage_replacements": (damage,) if DAMAGE in replaces else (),
        **play_hooks(abilities),
        **(window_hooks(unanswered) if answering else NO_WINDOW_HOOKS),
    }


def main_rows(
    defs: Sequence[CardDef],
    costs: Sequence[int],
    play_checks: Sequence[bool],
    no_main_play: frozenset[int],
    summon_slots: tuple[int, ...],
    set_zones: int,
) -> tuple[MainRow, ...]:
    """`Setup.main_rows`: each card's `MainRow`, from the tables it sums up (a unit's summons into `summon_slots`,
    the player's unit zones; an event's sets into each of its `set_zones`)."""
    kinds = {UNIT_TYPE: UNIT_KIND, EVENT_TYPE: EVENT_KIND, FIELD_TYPE: FIELD_KIND}
    rows = []
    for iid, d in enumerate(defs):
        plays: tuple[Action, ...] = ()
        sets: tuple[Action, ...] = ()
        if d.type is UNIT_TYPE:
            plays = summon_actions(iid, summon_slots)
        elif d.type is FIELD_TYPE:
            plays = (play_field_action(iid),)
        elif d.type is EVENT_TYPE:
            plays = (play_event_action(iid),) if iid not in no_main_play else ()
            sets = tuple(set_card_action(iid, zone) for zone in range(set_zones)) if OPEN_CARD not in d.keywords else ()
        rows.append(MainRow(d.id, kinds.get(d.type, OTHER_KIND), costs[iid], play_checks[iid], plays, sets))
    return tuple(rows)


NO_NAMES: frozenset[str] = frozenset()


def group_names(defs: Sequence[CardDef], groups: Groups) -> dict[str, tuple[frozenset[str], ...]]:
    """`Setup.attribute_names` and `faction_names`: for each card, every name of its attributes and of its faction.

    Worked out once per printed combination (most cards print none), since a game's definitions may be new."""
    memo: dict[tuple[tuple[str, ...], str | None], tuple[frozenset[str], frozenset[str]]] = {}
    attribute_names = []
    faction_names = []
    for d in defs:
        key = (d.attributes, d.faction)
        hit = memo.get(key)
        if hit is None:
            names = NO_NAMES
            for attribute in d.attributes:
                names = names | groups.attribute_names(attribute)
            hit = memo[key] = (names, groups.faction_names(d.faction) if d.faction else NO_NAMES)
        attribute_names.append(hit[0])
        faction_names.append(hit[1])
    return {"attribute_names": tuple(attribute_names), "faction_names": tuple(faction_names)}


def watchers(triggers: Sequence[Mapping[str, tuple[int, ...]]]) -> dict[str, tuple[int, ...]]:
    """Each trigger on other cards' events that some card has -> those cards (empty for most games: the
    event sites then test one empty mapping)."""
    found: dict[str, list[int]] = {}
    for iid, index in enumerate(triggers):
        for trigger in WATCH_TRIGGERS.intersection(index):
            found.setdefault(trigger, []).append(iid)
    return {trigger: tuple(cards) for trigger, cards in found.items()}


# ---------------------------------------------------------------------- each card's triggers, once across games

NO_HOOKS: frozenset[str] = frozenset()
HOOK_NAMES = frozenset({DAMAGE, DESTROY, LEAVE, REPLACEMENT})
_INDEXES: dict[
    int, tuple[CardDef, dict[str, tuple[int, ...]], frozenset[str], bool]
] = {}  # id(definition) -> (it, its index, its hooks, play checks)


def trigger_index(
    defs: Sequence[CardDef],
) -> tuple[tuple[dict[str, tuple[int, ...]], ...], frozenset[str], tuple[bool, ...]]:
    """For each card, trigger word -> the indices of its abilities with that trigger; the replacement
    hooks the cards' words use (REPLACEMENT among them when a card has a standing replacement); and
    for each card whether playing it needs more than its energy (`needs_play_checks`).

    Each definition is read once, and remembered across games (definitions
    are frozen and shared by the games of a batch)."""
    indexes = []
    checks = []
    hooks: frozenset[str] = frozenset()
    hit = None
    for d in defs:
        if hit is None or hit[0] is not d:  # copies stand together in a deck list: one look-up for them
            hit = _INDEXES.get(id(d))
            if hit is None or hit[0] is not d:
                hit = _index(d)
        indexes.append(hit[1])
        checks.append(hit[3])
        if hit[2]:
            hooks |= hit[2]
    return tuple(indexes), hooks, tuple(checks)


def _index(d: CardDef) -> tuple[CardDef, dict[str, tuple[int, ...]], frozenset[str], bool]:
    found: dict[str, list[int]] = {}
    card_hooks = NO_HOOKS
    for i, ability in enumerate(d.abilities):
        found.setdefault(ability.trigger, []).append(i)
        for effect in ability.effects:
            if effect.hook:  # a replacement word: standing (REPLACEMENT) or one-shot
                card_hooks = card_hooks | {effect.hook, ability.trigger}
    if SOUL_GUARD in d.keywords:
        card_hooks = card_hooks | {LEAVE}
    if len(_INDEXES) > 4096:
        _INDEXES.clear()
    index = {trigger: tuple(indices) for trigger, indices in found.items()}
    hit = _INDEXES[id(d)] = (d, index, card_hooks & HOOK_NAMES, needs_play_checks(d, index))
    return hit


def needs_play_checks(card: CardDef, index: dict[str, tuple[int, ...]]) -> bool:
    """Whether playing the card may depend on more than its energy: on_play requirements, costs, chosen targets."""
    for i in index.get(ON_PLAY, ()):
        ability = card.abilities[i]
        if ability.requires is not None or ability.costs or any(type(e.target) is Chosen for e in ability.effects):
            return True
    return False
