"""One conformance harness for every registered ruler, level, fixture deck, rule variant and bot.

In the manner of OpenSpiel's games_sim_test, every combination the
registries make plays a seeded game, and at every step of it:

* a clone given the same action stays equal to the game;
* every legal action on offer is a different one, and each can be applied
  (on a clone of its own);
* asking the game (its legal actions, a player view, a bot's choice, the
  clones above) leaves it as it was;
* at the start and at steps that are powers of two the game is saved to JSON
  text and restored as a save file is (saves.restore_game); the restored game
  is equal, and is taken on with the same actions to the next such step,
  where it must still be equal;
* while the game is not over it offers a legal action and no side meets a
  loss condition of the rules; once it is over it ended as the rules end a
  game (factories.end_mismatches: rules.md 6.4 and 9), offers no action and
  refuses one; no game takes more than ACTION_CAP decisions;
* at the end, every log entry has words of its own, and a new game of the
  same seed given the same actions is the same game.

Two games are equal when the public API says so: `to_dict()`, the log
(`events()`) and `legal_actions()`.

The combinations come from the registries, never from a list here:

* rulers: the shipped ones (`loader.load_rulers`);
* decks: every deck file in gateruler/data/decks, with the ruler it names,
  and the mechanics and rich fixtures' player decks (tests/factories.py),
  which name no ruler, with each ruler;
* levels: the shipped ones (`loader.shipped_levels`) and the two fixtures'
  rifts;
* variants (`gateruler.variants.VARIANTS`): the level's own readings, then each
  variant's every other value, one at a time;
* bots: `gateruler.bots.BOT_NAMES`, made by `make_bot`.

The ordinary run plays a covering sample (`sampled`: every ruler, deck and
level together once, with the variants and bots dealt round so that each is
played); ``--runslow`` plays the whole product.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter

import attrs
import pytest
from factories import (
    RICH_PLAYER_DECK,
    end_mismatches,
    losses_shown,
    mechanics_decks,
    mechanics_fixture_cards,
    mechanics_level,
    rich_cards,
    rich_level,
)

from gateruler import loader, saves
from gateruler.bots import BOT_NAMES, make_bot, player_view
from gateruler.cardpool import CardPool
from gateruler.engine import Action, EndTurn, Game
from gateruler.errors import IllegalAction
from gateruler.games import new_game
from gateruler.models import CardDef, DeckDef, DeckEntry, LevelDef, RulerDef
from gateruler.variants import VARIANTS, Readings, readings_for

ACTION_CAP = 1000  # player decisions in one game: real games take a few dozen, so reaching it means a loop
SEARCH_BUDGET = 4  # the search bot's rollouts per decision: its strength is not what is checked here
SEED = 0  # the ordinary run's game of each sampled combination
SLOW_SEED = 1  # the whole product's: other games than the ordinary run's
SWEEP_GAMES = 20  # random games of each ruler, deck and level in the ordinary run's sweep
SLOW_SWEEP_GAMES = 400
SWEEP_BOT = "random"  # the sweep plays as games_sim_test does: uniformly among the legal actions


# ---------------------------------------------------------------------- what the registries hold


@attrs.frozen
class FixtureDeck:
    """A player deck the harness plays, the pool it comes from, and the ruler it is for (None: any ruler)."""

    name: str
    deck: DeckDef
    pool: CardPool
    ruler: str | None


@attrs.frozen
class FixtureLevel:
    """A rift level, and the cards its games need beyond the shipped ones (a fixture's rift cards)."""

    name: str
    level: LevelDef
    cards: tuple[CardDef, ...] = ()


@attrs.frozen
class Combination:
    ruler: RulerDef
    deck: FixtureDeck | None  # None: no sample deck names the ruler (the test says so and skips)
    fixture_level: FixtureLevel
    variant: tuple[str, str] | None  # (name, value) set over the level's readings; None: the level's readings
    bot: str
    pool: CardPool = attrs.field(eq=False)  # the deck's pool with the level's cards

    @property
    def level(self) -> LevelDef:
        return self.fixture_level.level

    @property
    def readings(self) -> Readings:
        return readings_for(self.level, dict([self.variant]) if self.variant else {})

    @property
    def label(self) -> str:
        deck = self.deck.name if self.deck else "no sample deck"
        variant = "=".join(self.variant) if self.variant else "defaults"
        return f"{self.ruler.id}/{deck}/{self.fixture_level.name}/{variant}/{self.bot}"


def combination(
    ruler: RulerDef, deck: FixtureDeck | None, level: FixtureLevel, variant: tuple[str, str] | None, bot: str
) -> Combination:
    pool = CardPool() if deck is None else deck.pool.with_cards(level.cards) if level.cards else deck.pool
    return Combination(ruler, deck, level, variant, bot, pool)


def _deck(name: str, cards: tuple[str, ...]) -> DeckDef:
    return DeckDef(name, "", tuple(DeckEntry(card, count) for card, count in Counter(cards).items()))


def fixture_decks() -> list[FixtureDeck]:
    """Every deck file shipped (for the ruler it names), and the mechanics and rich fixtures' player decks
    (tests/factories.py; they name no ruler, so they are played with each)."""
    shipped = loader.load_card_pool()
    decks = []
    for path in sorted(loader.DECKS_DIR.glob("*.yaml")):
        player_deck = loader.load_player_deck(path, shipped)
        decks.append(FixtureDeck(path.stem, player_deck.deck, player_deck.pool, player_deck.deck.ruler))
    mechanics, _ = mechanics_decks()
    for name, cards, own in (
        ("mechanics fixture", mechanics, mechanics_fixture_cards()),
        ("rich fixture", RICH_PLAYER_DECK, rich_cards()),
    ):
        decks.append(FixtureDeck(name, _deck(name, cards), shipped.with_cards(own), None))
    return decks


def fixture_levels() -> list[FixtureLevel]:
    """The shipped levels, and the mechanics and rich fixtures' rifts (their cards use every filter, condition,
    cost, keyword, trigger and effect word between them)."""
    shipped = [FixtureLevel(f"level {level.number}", level) for level in loader.shipped_levels()]
    return [
        *shipped,
        FixtureLevel("mechanics fixture rift", mechanics_level(), tuple(mechanics_fixture_cards())),
        FixtureLevel("rich fixture rift", rich_level(), tuple(rich_cards())),
    ]


def variant_choices() -> list[tuple[str, str] | None]:
    return [None, *((v.name, value) for v in VARIANTS for value in v.alternatives)]


def decks_for(ruler: RulerDef, decks: list[FixtureDeck]) -> list[FixtureDeck | None]:
    """The ruler's own decks (None when there is none), then the decks for any ruler."""
    own = [d for d in decks if d.ruler == ruler.id]
    return [*(own or [None]), *(d for d in decks if d.ruler is None)]


def matchups() -> list[tuple[RulerDef, FixtureDeck | None, FixtureLevel]]:
    decks, levels = fixture_decks(), fixture_levels()
    return [
        (ruler, deck, level)
        for ruler in loader.load_rulers().values()
        for deck, level in itertools.product(decks_for(ruler, decks), levels)
    ]


def combinations() -> list[Combination]:
    """The whole product, in a fixed order."""
    return [
        combination(ruler, deck, level, variant, bot)
        for (ruler, deck, level), variant, bot in itertools.product(matchups(), variant_choices(), BOT_NAMES)
    ]


def sampled() -> list[Combination]:
    """Every (ruler, deck, level) once, the variants dealt round and the bots dealt round a step further each round
    of the variants, so that every variant and every bot is played, each bot under several variants."""
    variants, bots = variant_choices(), BOT_NAMES
    games = matchups()
    while games and len(games) < len(
        variants
    ):  # fewer matchups than variants: play some again, so that each variant is played
        games += games
    return [
        combination(ruler, deck, level, variants[i % len(variants)], bots[(i + i // len(variants)) % len(bots)])
        for i, (ruler, deck, level) in enumerate(games)
    ]


# ---------------------------------------------------------------------- the checks


@attrs.frozen
class Snapshot:
    """A game as the public API shows it: what equality of two games means here."""

    state: dict
    log: list
    legal: list[Action]


def snapshot(game: Game) -> Snapshot:
    return Snapshot(json.loads(json.dumps(game.to_dict())), game.events(), game.legal_actions())


def start(c: Combination, seed: int) -> Game:
    assert c.deck is not None
    return new_game(c.deck.deck, c.level, seed, pool=c.pool, ruler=c.ruler, readings=c.readings)


def saved_and_restored(game: Game, c: Combination) -> Game:
    """`game` written as a save's JSON text and read back as a save file is, on the combination's definitions."""
    assert c.deck is not None
    text = json.dumps({"game": game.to_dict(), "variants": c.readings.to_dict()})
    rulers = {c.ruler.id: c.ruler}
    return saves.restore_game("<harness save>", json.loads(text), text, pool=c.pool, rulers=rulers, level=c.level)


def is_power_of_two(n: int) -> bool:
    return n > 0 and n & (n - 1) == 0


def play_checked(c: Combination, seed: int) -> None:
    """One seeded game of the combination with every check at every step (the module docstring lists them)."""
    game = start(c, seed)
    bot = make_bot(c.bot, seed, SEARCH_BUDGET)
    taken: list[Action] = []
    now = snapshot(game)
    restored = saved_and_restored(game, c)
    assert snapshot(restored) == now, "a game saved and restored at its start differs from it"
    while not game.over:
        step = f"step {len(taken) + 1}"
        legal = now.legal
        assert legal, f"{step}: the game is not over but offers no legal action"
        assert losses_shown(game, now.state) == [], f"{step}: a side has lost by the rules, yet the game goes on"
        assert len(set(legal)) == len(legal), f"{step}: an action is offered twice: {legal}"
        assert len(taken) < ACTION_CAP, f"more than {ACTION_CAP} decisions: the game does not end"
        for offered in legal:
            after = game.clone()
            after.apply(offered)  # raises if an action on offer cannot be taken
            assert after.over or after.legal_actions(), f"{step}: after {offered!r} the game waits with no action"
        action = legal[0] if len(legal) == 1 else bot.choose(player_view(game, legal))
        assert action in legal, f"{step}: the {c.bot} bot chose {action!r}, which is not on offer"
        assert snapshot(game) == now, f"{step}: asking the game (its actions, a view, a bot, clones) changed it"
        twin = game.clone()
        for copy in (game, twin, restored):
            copy.apply(action)
        taken.append(action)
        now = snapshot(game)
        assert snapshot(twin) == now, f"{step}: a clone given the same action ({action!r}) differs from the game"
        if is_power_of_two(len(taken)) or game.over:
            assert snapshot(restored) == now, f"{step}: a restored game went on differently from the game"
            restored = saved_and_restored(game, c)
            assert snapshot(restored) == now, f"{step}: a game saved and restored differs from it"
    assert end_mismatches(game) == [], "the game did not end the way the rules end one"
    assert game.legal_actions() == [], "a game that is over offers legal actions"
    unworded = [e for e, words in zip(now.log, game.describe_log(), strict=True) if words.startswith(f"{e['kind']} [")]
    assert unworded == [], "log entries without words of their own (events.describe's fallback)"
    with pytest.raises(IllegalAction):
        game.apply(taken[-1] if taken else EndTurn())
    again = start(c, seed)
    again.apply_all(taken)
    assert snapshot(again) == now, "a new game of the same seed given the same actions went otherwise"


def play_swept(c: Combination, seed: int) -> None:
    """One seeded game with the checks that cost little: while it goes on it offers an action and no side has
    lost, it ends within ACTION_CAP decisions, and it ends as the rules end a game."""
    game = start(c, seed)
    bot = make_bot(c.bot, seed, SEARCH_BUDGET)
    which = f"{c.label}, seed {seed}"
    for taken in range(ACTION_CAP + 1):
        if game.over:
            break
        legal = game.legal_actions()
        assert legal, f"{which}, step {taken + 1}: the game is not over but offers no legal action"
        assert losses_shown(game) == [], f"{which}, step {taken + 1}: a side has lost, yet the game goes on"
        game.apply(legal[0] if len(legal) == 1 else bot.choose(player_view(game, legal)))
    assert game.over, f"{which}: more than {ACTION_CAP} decisions: the game does not end"
    assert end_mismatches(game) == [], f"{which}: the game did not end the way the rules end one"
    assert game.legal_actions() == [], f"{which}: a game that is over offers legal actions"


def check(c: Combination, seed: int) -> None:
    if c.deck is None:
        pytest.skip(f"no deck in gateruler/data/decks names the ruler {c.ruler.id!r}: its own cards are not played")
    play_checked(c, seed)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """The whole product is made only when it is to be played (--runslow): it is thousands of games."""
    if "whole_product" in metafunc.fixturenames:
        if metafunc.config.getoption("--runslow"):
            metafunc.parametrize("whole_product", combinations(), ids=lambda c: c.label)
        else:
            metafunc.parametrize("whole_product", [None], ids=["not made without --runslow"])


def sweep(games: int) -> None:
    """`games` random games of every ruler, deck and level, each game under the next variant in turn."""
    variants = variant_choices()
    for ruler, deck, level in matchups():
        if deck is None:
            continue  # the harness's test above says why
        for seed in range(games):
            play_swept(combination(ruler, deck, level, variants[seed % len(variants)], SWEEP_BOT), seed)


@pytest.mark.parametrize("sampled_combination", sampled(), ids=lambda c: c.label)
def test_every_registered_combination_plays_conformant_games(sampled_combination: Combination) -> None:
    check(sampled_combination, SEED)


@pytest.mark.slow
def test_the_whole_product_of_the_registries_plays_conformant_games(whole_product: Combination) -> None:
    check(whole_product, SLOW_SEED)


def test_many_random_games_of_every_ruler_deck_and_level_end_as_the_rules_end_a_game() -> None:
    sweep(SWEEP_GAMES)


@pytest.mark.slow
def test_thousands_of_random_games_of_every_ruler_deck_and_level_end_as_the_rules_end_a_game() -> None:
    sweep(SLOW_SWEEP_GAMES)


def test_the_end_check_would_catch_a_game_that_ends_for_a_reason_its_state_does_not_show() -> None:
    """The checks above are not vacuous: a finished game whose loser's damage zone is emptied, or whose winner's
    is filled to its LIFE, is reported, and so is a side at its LIFE in a game that goes on."""
    from factories import game, knight, unit

    from gateruler.engine import INVADER, PLAYER, RULER, Attack, GoToAttack

    ended = game(cards=[unit("SOLDIER", 1, 3, 3, 1)], rift=["SOLDIER"], hp=1, ruler=knight(stk=1))
    ended.apply(GoToAttack())
    ended.apply(Attack(RULER, RULER))  # one point of damage to a rift of HP 1
    assert (ended.winner, ended.end_reason) == ("player", "damage") and end_mismatches(ended) == []
    unhurt = ended.clone()
    unhurt.sides[INVADER].damage_zone = []
    assert end_mismatches(unhurt) == ["the rift lost by 'damage', which its state does not show"]
    beaten = ended.clone()
    beaten.sides[PLAYER].damage_zone = list(beaten.sides[PLAYER].deck[: ended.life(PLAYER)])
    assert end_mismatches(beaten) == ["the player won, though its state shows it lost by 'damage' too: a draw"]
    going_on = game()
    going_on.sides[PLAYER].damage_zone = list(going_on.sides[PLAYER].deck[: going_on.life(PLAYER)])
    assert losses_shown(going_on) == [(PLAYER, "damage")]
