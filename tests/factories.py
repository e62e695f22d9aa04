"""Builders for engine tests: cards, rulers, levels and games made from the models.

Rule tests state the exact cards and deck order they need, so they build them
here rather than load shipped data: a test then fails only when the rule it
names breaks, never because a data file changed.  The "rich" fixture at the end
covers the ability vocabulary for random play (property tests, benchmark).
"""

from __future__ import annotations

import functools
import json
import re
import textwrap
from collections.abc import Iterable, Sequence
from pathlib import Path

from gateruler.cardpool import CardPool
from gateruler.engine import INVADER, PLAYER, EndTurn, Game, Pass, PlayEvent, SetCard, Summon
from gateruler.engine.abilities import Ability
from gateruler.engine.effects import EFFECTS
from gateruler.engine.targets import word_target
from gateruler.engine.triggers import CNT
from gateruler.invader import InvaderController
from gateruler.models import CardDef, CostModel, DeckEntry, Groups, LevelDef, RulerDef, SpecialRule, TurnStartKind
from gateruler.variants import DEFAULT as DEFAULT_READINGS
from gateruler.variants import Readings
from gateruler.vocabulary import CardType, Duration, SpecialRuleKind

FILLER = "FILLER"  # a vanilla unit too expensive for a Knight to summon, padding decks
PAD = 20  # filler cards put under every deck so that no test decks out by accident


def fx(kind: str, target: object = None, **params: object) -> object:
    """An effect in the data's own words: fx("damage", "enemy_unit", amount=3).

    `target` is a target word or an already built target (targets.Chosen, Every...)."""
    if "duration" in params:
        params["duration"] = Duration(params["duration"])
    if isinstance(target, str):
        target = word_target(target)
    return EFFECTS[kind].spec(target=target, **params)


def on(trigger: str, *effects: object, **options: object) -> Ability:
    """An ability; `options` are Ability's other fields (costs, requires, optional, text)."""
    return Ability(trigger, tuple(effects), **options)  # type: ignore[arg-type]


def unit(
    card_id: str,
    level: int = 1,
    atk: int = 3,
    hp: int = 3,
    stk: int = 1,
    *abilities: Ability,
    keywords: Iterable[str] = (),
    cnt: bool = False,
) -> CardDef:
    return CardDef(
        id=card_id,
        name=card_id.lower(),
        type=CardType.UNIT,
        level=level,
        atk=atk,
        hp=hp,
        stk=stk,
        keywords=frozenset(keywords),
        abilities=tuple(abilities),
        has_cnt=cnt or any(a.trigger == CNT for a in abilities),
    )


def event(
    card_id: str, *abilities: Ability, level: int = 0, keywords: Iterable[str] = (), cnt: bool = False
) -> CardDef:
    return CardDef(
        id=card_id,
        name=card_id.lower(),
        type=CardType.EVENT,
        level=level,
        keywords=frozenset(keywords),
        abilities=tuple(abilities),
        has_cnt=cnt or any(a.trigger == CNT for a in abilities),
    )


def field(card_id: str, *abilities: Ability, level: int = 0) -> CardDef:
    return CardDef(id=card_id, name=card_id.lower(), type=CardType.FIELD, level=level, abilities=tuple(abilities))


def yaml_cards(text: str) -> list[CardDef]:
    """Cards written as an author writes them (a YAML list of card mappings), read by the real loader.

    Rule tests of the newer mechanics state their cards in the data's own
    words, so that the test also shows how the rule is written."""
    from gateruler.loader import parse_cards
    from gateruler.yamlsrc import parse_yaml

    return parse_cards(parse_yaml(textwrap.dedent(text).strip("\n") + "\n", "<test cards>"), "<test cards>")


def yaml_event(card_id: str, *effects: str, ability: str = "", level: int = 0, card: str = "") -> CardDef:
    """An event whose on_play ability has `effects` (YAML flow mappings); `ability` adds keys to the
    ability (``costs: [...]``, ``requires: {...}``), `card` to the card."""
    extra = f", {ability}" if ability else ""
    more = f", {card}" if card else ""
    (made,) = yaml_cards(
        f"- {{id: {card_id}, name: {card_id.lower()}, type: event, level: {level}, provenance: provisional{more},"
        f" abilities: [{{trigger: on_play, effects: [{', '.join(effects)}]{extra}}}]}}"
    )
    return made


def yaml_unit(card_id: str, *abilities: str, stats: str = "level: 0, atk: 1, hp: 1, stk: 1", card: str = "") -> CardDef:
    """A unit with `abilities` (YAML flow mappings), written in YAML and read by the loader."""
    more = f", {card}" if card else ""
    (made,) = yaml_cards(
        f"- {{id: {card_id}, name: {card_id.lower()}, type: unit, {stats}, provenance: provisional{more},"
        f" abilities: [{', '.join(abilities)}]}}"
    )
    return made


def knight(**changes: object) -> RulerDef:
    """K-11 as cards.md states it: a hand ruler paying energy."""
    values: dict = dict(
        id="knight",
        name="Knight",
        life=11,
        atk=3,
        stk=3,
        energy=3,
        opening_hand=4,
        turn_start=TurnStartKind.DRAW,
        turn_start_count=2,
        first_turn_count=1,
        cost_model=CostModel.ENERGY,
        summon_cap=2,
    )
    values.update(changes)
    return RulerDef(**values)


def apprentice(**changes: object) -> RulerDef:
    """A-1: a drive ruler with no hand that plays driven cards for free."""
    values: dict = dict(
        id="apprentice",
        name="Apprentice",
        life=12,
        atk=4,
        stk=3,
        energy=0,
        opening_hand=0,
        turn_start=TurnStartKind.DRIVE,
        turn_start_count=2,
        cost_model=CostModel.FREE,
        summon_cap=None,
        has_hand=False,
    )
    values.update(changes)
    return RulerDef(**values)


def level(
    cards: Sequence[str] = (),
    *,
    hp: int = 15,
    atk: int = 0,
    stk: int = 0,
    keywords: Iterable[str] = (),
    drives: int = 2,
    rules: Iterable[tuple[str, dict]] = (),
) -> LevelDef:
    """A rift level; by default a harmless one (ATK and STK 0) so tests see only what they set up."""
    counts: dict[str, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return LevelDef(
        number=1,
        name="test rift",
        hp=hp,
        atk=atk,
        stk=stk,
        keywords=frozenset(keywords),
        drives_per_turn=drives,
        cards=tuple(DeckEntry(c, n) for c, n in counts.items()),
        special_rules=tuple(SpecialRule(SpecialRuleKind(kind), dict(params)) for kind, params in rules),
    )


def filler() -> CardDef:
    return unit(FILLER, 9, 1, 1, 1)


def pool(cards: Iterable[CardDef], groups: Groups | None = None) -> CardPool:
    """The test's cards, with the shipped attribute and faction names (gateruler/data/cards/groups.yaml) or `groups`."""
    from gateruler.reading.cards import shipped_groups

    return CardPool([filler(), *cards], groups=shipped_groups() if groups is None else groups)


def game(
    *,
    cards: Iterable[CardDef] = (),
    player: Sequence[str] = (),
    rift: Sequence[str] = (),
    ruler: RulerDef | None = None,
    pad: int = PAD,
    rift_pad: int = PAD,
    seed: int = 0,
    max_turns: int = 200,
    variants: Readings = DEFAULT_READINGS,
    groups: Groups | None = None,
    **level_args: object,
) -> Game:
    """A game at the player's first decision with both decks in the given order, top first.

    The rift's level is `level(**level_args)`: by default it drives nothing
    and hits for 0, so the player's turn 2 starts from an untouched board.
    `variants` are the rule variants it is played under (gateruler/variants.py).
    """
    ruler = ruler or knight()
    level_args.setdefault("drives", 0)
    lvl = level(list(rift), **level_args)  # type: ignore[arg-type]
    return Game.new(
        deck=list(player) + [FILLER] * pad,
        ruler=ruler,
        level=lvl,
        pool=pool(cards, groups),
        seed=seed,
        invader_deck=list(rift) + [FILLER] * rift_pad,
        shuffle_deck=False,
        max_turns=max_turns,
        opponent=variants.controller(),
        rules=variants.engine,
    )


def iids(game_: Game, side: int, zone: str) -> list[str | None]:
    """The card ids in a zone (None for an empty set zone), for readable assertions."""
    return [None if i is None else game_.card(i).id for i in getattr(game_.sides[side], zone)]


def board_ids(game_: Game, side: int) -> list[str | None]:
    return [None if u is None else game_.card(u.iid).id for u in game_.sides[side].board]


def find_iid(game_: Game, side: int, zone: str, card_id: str) -> int:
    """The first instance of `card_id` in a zone (hand, drive, set_zones, ...)."""
    for i in getattr(game_.sides[side], zone):
        if i is not None and game_.card(i).id == card_id:
            return i
    raise LookupError(f"{card_id} not in {zone}")


def summon(game_: Game, card_id: str, slot: int) -> None:
    """The player summons a copy of `card_id` from the hand."""
    game_.apply(Summon(find_iid(game_, PLAYER, "hand", card_id), slot))


def window(game_: Game) -> str | None:
    """The name of the window the game waits in (engine/windows.py), or None."""
    pending = game_.pending
    return pending.purpose if pending is not None and pending.kind == "window" else None


def pass_until(game_: Game, name: str | None) -> None:
    """Let the windows go by until the window `name` (None: until none is open)."""
    while window(game_) not in (name, None):
        game_.apply(Pass())


def set_and_end(game_: Game, *card_ids: str) -> None:
    """The player sets the named events (from the hand, zone by zone) and ends the turn."""
    for zone, card_id in enumerate(card_ids):
        game_.apply(SetCard(find_iid(game_, PLAYER, "hand", card_id), zone))
    game_.apply(EndTurn())


def play(game_: Game, card_id: str) -> None:
    """The player plays a copy of the event `card_id` from the hand."""
    game_.apply(PlayEvent(find_iid(game_, PLAYER, "hand", card_id)))


def restore(data: dict, like: Game) -> Game:
    """`data` (a saved game) rebuilt after a trip through JSON text, with `like`'s definitions."""
    return Game.from_dict(
        json.loads(json.dumps(data)),
        pool=like.setup.pool,
        ruler=like.setup.ruler,
        level=like.setup.level,
        opponent=like.setup.opponent,
    )


# ---------------------------------------------------------------------- the rich fixture
def rich_cards() -> list[CardDef]:
    """Cards using every keyword, trigger and effect word, for random play."""
    return [
        unit("P-SOLDIER", 1, 3, 3, 1),
        unit("P-PIKE", 2, 4, 4, 2, keywords=["pierce"]),
        unit("P-WALL", 1, 2, 6, 1, keywords=["intercept"]),
        unit("P-THORN", 2, 3, 5, 1, keywords=["counterattack"]),
        unit("P-GHOST", 1, 2, 2, 1, keywords=["cannot_be_attacked"]),
        unit("P-SLEEPER", 0, 5, 5, 3, keywords=["dormant"]),
        unit("P-HERALD", 2, 3, 3, 2, on("on_enter", fx("damage", "enemy_unit", amount=2))),
        unit("P-CHARGER", 2, 3, 3, 2, on("on_attack", fx("modify", "self", atk=2, stk=1))),
        unit("P-MARTYR", 1, 2, 2, 1, on("on_destroyed", fx("draw", "controller", amount=1))),
        unit("P-SHIELD", 1, 1, 3, 1, on("cnt", fx("damage", "enemy_unit", amount=2))),
        unit("P-DRUM", 1, 2, 3, 1, on("start_of_turn", fx("modify", "all_own_units", atk=1))),
        unit("P-TITAN", 3, 6, 6, 3, on("continuous", fx("modify", "all_own_units", hp=1))),
        event("P-BOLT", on("on_play", fx("damage", "enemy_unit", amount=3)), level=1),
        event("P-QUAKE", on("on_play", fx("damage", "all_units", amount=1)), level=2),
        event("P-BLAST", on("on_play", fx("damage", "enemy_ruler", amount=1)), level=1),
        event("P-SMITE", on("on_play", fx("destroy", "any_unit", max_level=1)), level=1),
        event("P-RALLY", on("on_play", fx("modify", "all_own_units", atk=2, duration="end_of_turn")), level=0),
        event("P-BLESS", on("on_play", fx("modify", "own_unit", hp=2, duration="permanent")), level=1),
        event("P-INSIGHT", on("on_play", fx("draw", "controller", amount=2)), level=1),
        event("P-ERODE", on("on_play", fx("mill", "opponent", amount=2)), level=0),
        event("P-BOUNCE", on("on_play", fx("move", "enemy_unit", to="hand")), level=1),
        event("P-RECALL", on("on_play", fx("move", "own_unit", to="deck")), level=0),
        event("P-SWEEP", on("on_play", fx("destroy_set_cards", "enemy_set_zones")), level=0),
        event("P-HAUNT", on("cnt", fx("damage", "own_ruler", amount=1)), level=-5, keywords=["open_card"]),
        event("P-CRY", on("on_play", fx("modify", "own_ruler", atk=1, stk=1)), level=0),
        field("P-BANNER", on("continuous", fx("modify", "all_own_units", atk=1)), level=1),
        field("P-WELL", on("start_of_turn", fx("draw", "controller", amount=1)), level=2),
        unit("R-GRUNT", 1, 4, 4, 2),
        unit("R-BRUTE", 2, 5, 5, 2, keywords=["intercept"]),
        unit("R-SPIKE", 0, 3, 3, 1, on("cnt", fx("damage", "enemy_ruler", amount=1))),
        unit(
            "R-NYAR",
            2,
            5,
            5,
            2,
            on("on_enter", fx("destroy_set_cards", "enemy_set_zones")),
            on("cnt", fx("reuse_on_enter")),
        ),
        unit("R-MEGIDDO", 4, 7, 6, 3, on("on_enter", fx("damage", "enemy_ruler", amount=1))),
        unit("R-THORN", 1, 2, 5, 1, keywords=["counterattack"]),
        unit("R-VEIL", 1, 2, 4, 1, keywords=["cannot_be_attacked"]),
        unit("R-SLEEPER", 2, 6, 6, 2, keywords=["dormant"]),
        event("R-FANG", on("on_play", fx("damage", "enemy_unit", amount=3)), level=1, cnt=True),
        event("R-DRAIN", on("on_play", fx("mill", "opponent", amount=1), fx("draw", "controller", amount=1)), level=1),
        field("R-MIST", on("continuous", fx("modify", "all_units", atk=1)), level=1),
    ]


RICH_PLAYER_DECK: tuple[str, ...] = tuple(
    c for c in (d.id for d in rich_cards()) if c.startswith("P-") for _ in range(2)
)
RICH_RIFT_DECK: tuple[str, ...] = tuple(c for c in (d.id for d in rich_cards()) if c.startswith("R-") for _ in range(4))


def rich_level(hp: int = 12, atk: int = 4, stk: int = 2) -> LevelDef:
    return level(RICH_RIFT_DECK, hp=hp, atk=atk, stk=stk, keywords=["pierce"])


def rich_game(seed: int, ruler: RulerDef | None = None, max_turns: int = 60, **level_args: int) -> Game:
    """A shuffled game of the rich fixture; `seed` fixes both shuffles."""
    return Game.new(
        deck=RICH_PLAYER_DECK,
        ruler=ruler or knight(),
        level=rich_level(**level_args),
        pool=pool(rich_cards()),
        seed=seed,
        max_turns=max_turns,
        opponent=InvaderController(),
    )


# ---------------------------------------------------------------------- the fixture of the newer mechanics
MECHANICS_FILE = Path(__file__).parent / "data" / "mechanics.cards.yaml"


@functools.lru_cache(maxsize=1)
def mechanics_cards() -> tuple[CardDef, ...]:
    """Cards using every filter, condition, cost and decision word, from tests/data/mechanics.cards.yaml
    (read once: they are frozen)."""
    from gateruler.loader import read_card_file
    from gateruler.yamlsrc import Report, load_yaml

    report = Report()
    cards = read_card_file(load_yaml(MECHANICS_FILE), report, str(MECHANICS_FILE))
    report.raise_errors()
    return tuple(cards)


def mechanics_decks() -> tuple[tuple[str, ...], tuple[str, ...]]:
    ids = [c.id for c in mechanics_cards()]
    player = tuple(c for c in ids if c.startswith("M-") for _ in range(2)) + rich_player_ids()
    rift = tuple(c for c in ids if c.startswith("R-") for _ in range(4)) + ("R-FANG", "R-NYAR") * 2
    return player, rift


def rich_player_ids() -> tuple[str, ...]:
    return ("P-SOLDIER", "P-WALL", "P-THORN", "P-BOLT", "P-INSIGHT", "P-BANNER")


def mechanics_fixture_cards() -> list[CardDef]:
    """The cards the mechanics fixture's two decks hold: its own and the few of the rich fixture's."""
    player, rift = mechanics_decks()
    return [*mechanics_cards(), *(c for c in rich_cards() if c.id in set(player) | set(rift))]


def mechanics_level(hp: int = 12, stk: int = 2) -> LevelDef:
    """The mechanics fixture's rift: its R- cards (and two of the rich fixture's) hitting with pierce."""
    _, rift = mechanics_decks()
    return level(rift, hp=hp, atk=4, stk=stk, keywords=["pierce"])


def mechanics_game(seed: int, ruler: RulerDef | None = None, max_turns: int = 60, hp: int = 12, stk: int = 2) -> Game:
    """A shuffled game of the mechanics fixture (with a few of the rich fixture's cards); `seed` fixes both shuffles."""
    player, _ = mechanics_decks()
    return Game.new(
        deck=player,
        ruler=ruler or knight(),
        level=mechanics_level(hp, stk),
        pool=pool(mechanics_fixture_cards()),
        seed=seed,
        max_turns=max_turns,
        opponent=InvaderController(),
    )


@functools.cache
def finished_shipped_game(level_number: int, seed: int) -> Game:
    """The Knight sample deck's game against a shipped level, played out by the greedy bot (seeded).

    Cached: the sweeps that read finished games (the story, the log's causes)
    share them.  Read it; never change it."""
    from gateruler import loader
    from gateruler.bots import make_bot, play_out
    from gateruler.games import new_game

    g = new_game(loader.load_deck(loader.sample_deck_path("knight")), loader.load_level(level_number), seed)
    play_out(g, make_bot("greedy", seed))
    return g


@functools.cache
def finished_random_game(fixture: str, seed: int) -> Game:
    """A game of the rich or the mechanics fixture (`fixture`: "rich" or "mechanics"), played out choosing
    uniformly with `seed`.  Cached like `finished_shipped_game`: read it, never change it."""
    import random

    g = {"rich": rich_game, "mechanics": mechanics_game}[fixture](seed)
    rng = random.Random(seed)
    while not g.over:
        g.apply(rng.choice(g.legal_actions()))
    return g


CAUSE_FIELDS = {  # kind -> the places (in the entry) of the fields that say its cause
    "damage_unit": (7,),
    "destroy": (5,),
    "ruler_damage": (6,),
    "damage_prevented": (8,),
    "check": (5, 6),
    "check_deck_out": (3, 4),
    "mill": (4, 5),
    "move": (5, 6),
    "set_destroyed": (4, 5),
    "modify": (7, 8),
    "draw": (5,),
    "drive": (5,),
    "no_effect": (4, 5),
    "discard": (5,),
    "deck_to_damage": (5,),
    "remove": (6,),
    "to_deck": (5,),
    "soul_to_graveyard": (6,),
    "to_bottom": (5, 6),
}


def entries_without_a_cause(log: Sequence[tuple]) -> list[tuple]:
    """The log entries that need a cause (engine/events.py) and lack it: a short entry, or None where it goes."""
    return [e for e in log if any(i >= len(e) or e[i] is None for i in CAUSE_FIELDS.get(e[1], ()))]


# ---------------------------------------------------------------------- how a game ends, by the rules
LOSSES = ("damage", "deck-out")
SIDE_WORDS = {PLAYER: "the player", INVADER: "the rift"}


def shows_a_loss(state: dict, game: Game, side: int, why: str) -> bool:
    """Whether a game's state (`state`: its `to_dict()`) shows `side` meeting the loss condition `why`:
    "damage", its damage zone holds as many cards as its LIFE (the rift's HP), or "deck-out", its deck has
    no cards left (rules.md 6.4 point 4 and 9; 10 for the rift)."""
    zones = state["sides"][side]
    if why == "damage":
        return len(zones["damage_zone"]) >= game.life(side)
    return why == "deck-out" and not zones["deck"]


def losses_shown(game: Game, state: dict | None = None) -> list[tuple[int, str]]:
    """The loss conditions a game's state shows met, side by side.  An empty deck counts only under the
    reading that a side with no cards left loses at once (variant deck_out=empty, ruling 33); under
    deck_out=taking a side plays on with an empty deck until it must take a card."""
    state = state if state is not None else game.to_dict()
    whys = LOSSES if state["rules"]["deck_out"] == "empty" else ("damage",)
    return [(side, why) for side in (PLAYER, INVADER) for why in whys if shows_a_loss(state, game, side, why)]


def end_mismatches(game: Game) -> list[str]:
    """How a finished game's stated end disagrees with its state, by the rules: the loser meets the loss
    condition the game names; a winner meets none (else both lost: a draw, CR 1-4b-1); a draw is both sides'
    losses, each shown, or our turn cap, reached.  Empty: the end is the one the rules give."""
    state = game.to_dict()
    if game.winner is None:
        return ["the game is not over"]
    reason = game.end_reason
    if game.winner == "draw" and reason == "turn cap":
        return [] if state["turn"] > state["max_turns"] else [f"a turn-cap draw at turn {state['turn']}"]
    if game.winner == "draw":
        both = re.fullmatch(r"both sides lost \((.+), (.+)\)", reason)
        if both is None:
            return [f"a draw for the unknown reason {reason!r}"]
        stated = [(PLAYER, both[1]), (INVADER, both[2])]
    elif game.winner in ("player", "invader"):
        loser = INVADER if game.winner == "player" else PLAYER
        stated = [(loser, reason)]
        winner = 1 - loser
        beaten = [why for side, why in losses_shown(game, state) if side == winner]
        if beaten:
            return [f"{SIDE_WORDS[winner]} won, though its state shows it lost by {beaten[0]!r} too: a draw"]
    else:
        return [f"an unknown winner {game.winner!r}"]
    return [
        f"{SIDE_WORDS[side]} lost by {why!r}, which its state does not show"
        for side, why in stated
        if why not in LOSSES or not shows_a_loss(state, game, side, why)
    ]
