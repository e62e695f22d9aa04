"""The bots' interface and the player view: no bot sees what the player cannot."""

from __future__ import annotations

import functools
import random
from collections import Counter

import attrs
import pytest
from factories import end_mismatches, find_iid, mechanics_game, rich_cards, rich_game, unit, yaml_cards
from factories import game as make_game

from gateruler import loader
from gateruler.bots import BOT_NAMES, SEARCHING, ActionCapExceeded, PlayerView, make_bot, play_out, player_view
from gateruler.bots.view import HIDDEN_SEED
from gateruler.engine import ATTACK_LEFT, INVADER, PLAYER, Game, PlayEvent, Summon
from gateruler.engine.gamestate import Setup
from gateruler.engine.tasks import End
from gateruler.errors import GateRulerError, IllegalAction
from gateruler.invader import InvaderController


def _hide_differently(game: Game, seed: int) -> Game:
    """The same game as the player knows it, with every hidden thing changed.

    Both decks' unknown parts are re-shuffled (the cards between those the
    player saw go to the bottom or onto the top, which the view keeps: see
    the view's own tests below), and the generator and the seed are replaced."""
    other = game.clone()
    rng = random.Random(seed)
    view = player_view(game)
    for side in (PLAYER, INVADER):
        low, n = view.bottom[side], view.unknown[side]
        deck = other.sides[side].deck
        hidden = deck[low : low + n]
        rng.shuffle(hidden)
        deck[low : low + n] = hidden
    other.rng = random.Random(seed)
    return other


def _decision_points(game_factory, seeds, per_game: int = 12):
    """Games at a series of player decisions, reached by the greedy bot."""
    for seed in seeds:
        game = game_factory(seed)
        bot = make_bot("greedy", 0)
        taken = 0
        while not game.over and taken < per_game:
            actions = game.legal_actions()
            if len(actions) > 1:
                yield game
            game.apply(actions[0] if len(actions) == 1 else bot.choose(player_view(game)))
            taken += 1


def _shipped_game(seed: int, level: int = 3) -> Game:
    pool_ = loader.load_card_pool()
    rulers = loader.load_rulers()
    deck = loader.load_deck(loader.sample_deck_path("knight"))
    return Game.new(
        deck=deck.card_ids(),
        ruler=rulers[deck.ruler],
        level=loader.load_level(level),
        pool=pool_,
        seed=seed,
        opponent=InvaderController(),
    )


# ---------------------------------------------------------------------- the view


def test_the_view_is_the_same_whatever_the_hidden_deck_orders() -> None:
    for game in _decision_points(rich_game, range(4)):
        twin = _hide_differently(game, 99)
        assert twin.sides[INVADER].deck != game.sides[INVADER].deck
        assert player_view(game).game.to_dict() == player_view(twin).game.to_dict()


NEW_DECISIONS = {("pick", "card"), ("summon", "zone"), ("order", "order"), ("target", "card")}


def test_the_view_is_the_same_whatever_the_hidden_deck_orders_at_searches_looks_and_summons() -> None:
    found = _pending_decisions(400)
    games = [g for kind in sorted(NEW_DECISIONS) for g in found.get(kind, [])[:6]]
    assert len(games) >= 20
    for game in games:
        for variant in range(3):
            twin = _hide_differently(game, 500 + variant)
            assert player_view(game).game.to_dict() == player_view(twin).game.to_dict()


@pytest.mark.parametrize("name", BOT_NAMES)
def test_no_bot_choice_at_a_search_look_or_summon_depends_on_hidden_deck_orders(name: str) -> None:
    found = _pending_decisions(400)
    for kind in sorted(NEW_DECISIONS):
        for game in found[kind][:3]:
            choices = {
                make_bot(name, 42, 4).choose(player_view(g))
                for g in (game, *(_hide_differently(game, 700 + v) for v in range(2)))
            }
            assert len(choices) == 1, f"{name} changed its mind with the deck orders at a {kind} decision"


WINDOW_NAMES = (
    "rift_start",
    "rift_card",
    "rift_ability",
    "rift_drive",
    "attack_declared",
    "before_damage",
    "damage_effect",
)
WINDOW_DECISIONS = {(name, "window") for name in WINDOW_NAMES}


@pytest.mark.parametrize("name", BOT_NAMES)
def test_no_bot_choice_in_a_window_of_the_rifts_turn_depends_on_hidden_deck_orders(name: str) -> None:
    found = _pending_decisions(400)
    checked = 0
    for kind in sorted(WINDOW_DECISIONS):
        for game in found[kind][:3]:
            choices = {
                make_bot(name, 42, 4).choose(player_view(g))
                for g in (game, *(_hide_differently(game, 700 + v) for v in range(2)))
            }
            assert len(choices) == 1, f"{name} changed its mind with the deck orders at a {kind} decision"
            checked += 1
    assert checked >= 8


def test_the_view_keeps_no_seed_no_generator_state_and_no_deck_order() -> None:
    game = rich_game(5)
    view = player_view(game)
    assert view.game.seed == HIDDEN_SEED
    assert "seed" not in attrs.fields_dict(Setup)  # the setup a view shares holds no seed to read
    assert view.game.rng is None
    for side in (PLAYER, INVADER):
        assert view.game.sides[side].deck == sorted(game.sides[side].deck)
        assert view.unknown[side] == len(game.sides[side].deck)
    assert view.game.log == []


def test_the_view_shows_all_public_zones_and_the_players_hand() -> None:
    game = rich_game(6)
    view = player_view(game).game
    for side in (PLAYER, INVADER):
        real, seen = game.sides[side], view.sides[side]
        assert (seen.hand, seen.graveyard, seen.damage_zone, seen.set_zones) == (
            real.hand,
            real.graveyard,
            real.damage_zone,
            real.set_zones,
        )
        assert [u and u.to_dict() for u in seen.board] == [u and u.to_dict() for u in real.board]
        assert sorted(seen.deck) == sorted(real.deck)
    assert view.legal_actions() == game.legal_actions()


def test_a_view_cannot_be_played_on() -> None:
    game = rich_game(7)
    legal = game.legal_actions()
    view = player_view(game, legal)
    before = game.to_dict()
    for step in (view.game.apply, view.game.apply_trusted):
        with pytest.raises(IllegalAction, match="determinise"):
            step(legal[0])
    with pytest.raises(IllegalAction):
        view.game.apply_all(legal[:1])
    assert game.to_dict() == before


def test_a_view_reads_every_part_of_the_game_but_the_hidden_ones() -> None:
    """The view names every slot of the game and of each side (a slot added to the
    engine and not to the view would be missing here)."""
    game = rich_game(7)
    view = player_view(game).game
    hidden = {"seed", "rng", "log", "sides"}  # the setup is shown as it is: it holds no seed
    for name in Game.__slots__:
        if name not in hidden:
            assert getattr(view, name) == getattr(game, name), name
    for side in (PLAYER, INVADER):
        for name in type(game.sides[side]).__slots__:
            if name != "deck":
                assert getattr(view.sides[side], name) == getattr(game.sides[side], name), name


def test_a_determinised_world_shares_no_state_with_the_game() -> None:
    game = rich_game(7)
    before = game.to_dict()
    world = player_view(game).determinise(random.Random(1))
    for side in world.sides:
        for zone in (side.hand, side.deck, side.graveyard, side.damage_zone, side.board):
            zone.clear()
    world.tasks.append(End(PLAYER))
    world.history.clear()
    assert game.to_dict() == before


def test_determinising_samples_deck_orders_and_keeps_everything_else() -> None:
    game = rich_game(8)
    view = player_view(game)
    worlds = [view.determinise(random.Random(s)) for s in range(5)]
    orders = {tuple(w.sides[INVADER].deck) for w in worlds}
    assert len(orders) == 5
    for world in worlds:
        for side in (PLAYER, INVADER):
            assert sorted(world.sides[side].deck) == sorted(game.sides[side].deck)
            assert world.sides[side].hand == game.sides[side].hand
        assert world.legal_actions() == game.legal_actions()


def test_determinising_with_the_same_generator_state_gives_the_same_world() -> None:
    view = player_view(rich_game(9))
    a = view.determinise(random.Random(3))
    b = view.determinise(random.Random(3))
    assert a.to_dict() == b.to_dict()


def test_a_determinised_world_plays_on_to_an_end() -> None:
    world = player_view(rich_game(10)).determinise(random.Random(1))
    play_out(world, make_bot("greedy", 0))
    assert end_mismatches(world) == []  # it ends as the rules end a game: its deck orders are possible ones


def test_a_card_the_player_watched_go_on_top_of_a_deck_stays_there() -> None:
    recall = "P-RECALL"
    cards = [*rich_cards(), unit("P-MARKED", 0, 1, 9, 1)]
    game = make_game(cards=cards, player=["P-MARKED", recall], seed=1)
    summon_iid = find_iid(game, PLAYER, "hand", "P-MARKED")
    game.apply(Summon(summon_iid, ATTACK_LEFT))
    game.apply(PlayEvent(find_iid(game, PLAYER, "hand", recall)))
    assert game.sides[PLAYER].deck[-1] == summon_iid
    view = player_view(game)
    assert view.unknown[PLAYER] == len(game.sides[PLAYER].deck) - 1
    assert view.game.sides[PLAYER].deck[-1] == summon_iid
    for s in range(5):
        assert view.determinise(random.Random(s)).sides[PLAYER].deck[-1] == summon_iid


def test_cards_a_look_sees_and_puts_on_the_bottom_stay_known_in_the_view_until_a_search_shuffles() -> None:
    looking = yaml_cards(
        """
        - {id: PEEK, name: peek, type: event, level: 0, provenance: provisional,
           abilities: [{trigger: on_play, effects: [{effect: look, count: 3, take: 0}]}]}
        - {id: SEEK, name: seek, type: event, level: 0, provenance: provisional,
           abilities: [{trigger: on_play, effects: [{effect: search, filter: {type: unit}}]}]}
        """
    )
    hand = ["PEEK", "SEEK", "P-SOLDIER", "P-SOLDIER", "P-SOLDIER", "P-SOLDIER"]
    game = make_game(cards=[*rich_cards(), *looking], player=[*hand, "P-WALL", "P-BOLT", "P-PIKE"], seed=1)
    top3 = game.sides[PLAYER].deck[-3:]
    game.apply(PlayEvent(find_iid(game, PLAYER, "hand", "PEEK")))
    assert game.pending.kind == "order"
    view = player_view(game)
    assert (view.bottom[PLAYER], view.unknown[PLAYER]) == (0, len(game.sides[PLAYER].deck) - 3)  # seen on top
    assert view.game.sides[PLAYER].deck[-3:] == top3
    for card in ("P-BOLT", "P-PIKE"):
        game.apply(next(a for a in game.legal_actions() if game.card(a.card).id == card))
    deck = game.sides[PLAYER].deck
    assert [game.card(i).id for i in deck[:3]] == [
        "P-WALL",
        "P-PIKE",
        "P-BOLT",
    ]  # the last one placed is the bottom card
    view = player_view(game)
    assert (view.bottom[PLAYER], view.unknown[PLAYER]) == (3, len(deck) - 3)
    for s in range(3):
        assert view.determinise(random.Random(s)).sides[PLAYER].deck[:3] == deck[:3]
    game.apply(PlayEvent(find_iid(game, PLAYER, "hand", "SEEK")))
    game.apply(next(a for a in game.legal_actions() if game.card(a.card).id == "P-WALL"))
    assert game.log[-1][1] == "shuffle"
    view = player_view(game)
    assert (view.bottom[PLAYER], view.unknown[PLAYER]) == (0, len(game.sides[PLAYER].deck))


# ---------------------------------------------------------------------- no peeking


@pytest.mark.parametrize("name", BOT_NAMES)
def test_no_bot_choice_depends_on_hidden_deck_orders(name: str) -> None:
    """Permuting what the player cannot know never changes what a bot picks."""
    budget = 4 if name in SEARCHING else None
    checked = 0
    for factory, seeds in ((rich_game, range(3)), (mechanics_game, range(2)), (_shipped_game, range(2))):
        for game in _decision_points(factory, seeds, per_game=8 if name in SEARCHING else 14):
            choices = set()
            for variant in range(3):
                seen = game if variant == 0 else _hide_differently(game, 1000 + variant)
                bot = make_bot(name, 42, budget)
                choices.add(bot.choose(player_view(seen)))
            assert len(choices) == 1, f"{name} changed its mind with the deck orders at turn {game.turn}"
            checked += 1
    assert checked > 20


def test_the_no_peeking_check_would_catch_a_bot_that_sees_the_real_decks() -> None:
    """The check above is not vacuous: hand a peeking bot the real game and it fails."""

    class Peeker:
        name = "peeker"

        def choose(self, view):  # noqa: ANN001, ANN201 - a test double
            return view.legal[view.game.sides[INVADER].deck[-1] % len(view.legal)]

    game = next(iter(_decision_points(rich_game, [0])))
    leaky = {
        Peeker().choose(PlayerView(seen, (0, 0))) for seen in (game, *(_hide_differently(game, s) for s in range(6)))
    }
    honest = {Peeker().choose(player_view(seen)) for seen in (game, *(_hide_differently(game, s) for s in range(6)))}
    assert len(leaky) > 1
    assert len(honest) == 1


def test_bots_with_the_same_seed_choose_the_same_and_bots_with_others_may_not() -> None:
    game = rich_game(11)
    view = player_view(game)
    first = [make_bot("random", 1).choose(view) for _ in range(3)]
    assert len(set(first)) == 1
    assert len({make_bot("random", s).choose(view) for s in range(40)}) > 1


# ---------------------------------------------------------------------- interface and loop


def test_make_bot_knows_every_name_and_refuses_others() -> None:
    for name in BOT_NAMES:
        assert make_bot(name, 0).name == name
    with pytest.raises(GateRulerError, match="unknown bot 'nope'"):
        make_bot("nope", 0)


def test_the_random_bot_picks_uniformly_among_the_legal_actions() -> None:
    game = rich_game(12)
    view = player_view(game)
    bot = make_bot("random", 5)
    counts = Counter(bot.choose(view) for _ in range(4000))
    assert set(counts) == set(view.legal)
    expected = 4000 / len(view.legal)
    assert all(abs(n - expected) < 0.25 * expected for n in counts.values())


@pytest.mark.parametrize("name", ["random", "greedy"])
def test_bots_play_whole_games_with_legal_actions_only(name: str) -> None:
    for seed in range(15):
        game = rich_game(seed)
        seen = []
        play_out(game, make_bot(name, seed), on_action=seen.append)
        assert game.over
        assert seen == game.history


DECISION_KINDS = {
    ("target", "unit"),
    ("target", "card"),
    ("cost", "card"),
    ("cost", "unit"),
    ("optional", "confirm"),
    ("pick", "card"),
    ("summon", "zone"),
    ("order", "order"),
    ("target", "split"),
    *WINDOW_DECISIONS,  # the priority windows that follow the gate (engine/windows.py)
}  # the rift_end and before_attack windows are rare in these short games: tests/test_bots_windows.py puts every bot in each


@functools.lru_cache(maxsize=1)
def _pending_decisions(most_seeds: int) -> dict[tuple[str, str], list[Game]]:
    """Games of the mechanics fixture waiting for each kind of decision (with two or more answers):
    random games, seed after seed, until every kind has turned up six times (or `most_seeds` were played)."""
    found: dict[tuple[str, str], list[Game]] = {}
    for seed in range(most_seeds):
        game = mechanics_game(seed, max_turns=200)
        rng = random.Random(seed)
        while not game.over:
            legal = game.legal_actions()
            if game.pending is not None and len(legal) > 1:
                found.setdefault((game.pending.purpose, game.pending.kind), []).append(game.clone())
            game.apply(rng.choice(legal))
        if seed >= 40 and all(len(found.get(kind, ())) >= 6 for kind in DECISION_KINDS):
            break
    return found


@pytest.mark.parametrize("name", BOT_NAMES)
def test_every_bot_answers_every_kind_of_decision_with_a_legal_answer(name: str) -> None:
    found = _pending_decisions(400)
    assert set(found) == DECISION_KINDS
    for kind, games in found.items():
        for game in games[:3]:
            assert make_bot(name, 1, 4).choose(player_view(game)) in game.legal_actions(), kind


@pytest.mark.slow
@pytest.mark.parametrize("name", BOT_NAMES)
def test_every_bot_plays_thousands_of_seeded_games_of_the_mechanics_fixture(name: str) -> None:
    """Through the bots' own game loop (`play_out`), which the conformance harness (tests/test_conformance.py)
    does not use; the harness plays every bot in every fixture's games with its checks at every step."""
    for seed in range(40 if name in SEARCHING else 3000):
        game = mechanics_game(seed, max_turns=200)
        play_out(game, make_bot(name, seed, 8))
        assert end_mismatches(game) == [], f"seed {seed}"


def test_the_game_loop_refuses_an_illegal_action_from_a_bot() -> None:
    """The loop applies a bot's choice without the engine checking it again, so it checks it itself."""

    class Cheat:
        name = "cheat"

        def choose(self, view):  # noqa: ANN001, ANN201 - a test double
            return Summon(10_000, ATTACK_LEFT)

    game = rich_game(1)
    before = game.to_dict()
    with pytest.raises(IllegalAction, match="illegal action now"):
        play_out(game, Cheat())
    assert game.to_dict() == before


def test_a_game_that_never_ends_is_stopped_by_the_action_cap() -> None:
    class Dawdler:
        name = "dawdler"

        def choose(self, view):  # noqa: ANN001, ANN201 - a test double
            return next(a for a in view.legal if type(a).__name__ == "EndTurn")

    game = make_game(pad=300, max_turns=10_000)  # a rift that does nothing
    with pytest.raises(ActionCapExceeded, match="more than 20 player decisions"):
        play_out(game, Dawdler(), action_cap=20)


def test_greedy_clears_the_first_level_far_more_often_than_random() -> None:
    def clears(name: str) -> int:
        won = 0
        for seed in range(30):
            game = _shipped_game(seed, level=1)
            play_out(game, make_bot(name, seed))
            won += game.winner == "player"
        return won

    assert clears("greedy") >= 20
    assert clears("random") <= 3


# ---------------------------------------------------------------------- greedy: activated abilities and discounts
def _greedy_choice(g: Game):
    return make_bot("greedy", 0).choose(player_view(g))


def test_greedy_uses_an_activated_ability_worth_more_than_its_cost_once_a_turn() -> None:
    from factories import summon, yaml_unit

    from gateruler.engine import Activate

    gun = yaml_unit(
        "GUN",
        "{trigger: activated, timing: quick, costs: [{cost: energy, amount: 1}], effects: [{effect: damage, target: enemy_ruler, amount: 2}]}",
    )
    g = make_game(cards=[gun], player=["GUN"])
    summon(g, "GUN", ATTACK_LEFT)
    choice = _greedy_choice(g)
    assert type(choice) is Activate
    g.apply(choice)
    assert type(_greedy_choice(g)) is not Activate  # once a turn, though it could pay again


def test_greedy_does_not_pay_more_for_an_ability_than_it_gives() -> None:
    from factories import summon, yaml_unit

    from gateruler.engine import Activate

    waste = yaml_unit(
        "WASTE",
        "{trigger: activated, timing: normal, costs: [{cost: deck_to_damage, count: 2}], effects: [{effect: mill, target: opponent, amount: 1}]}",
    )
    g = make_game(cards=[waste], player=["WASTE"])
    summon(g, "WASTE", ATTACK_LEFT)
    assert Activate(g.unit_at(PLAYER, ATTACK_LEFT).iid, 0) in g.legal_actions()
    assert type(_greedy_choice(g)) is not Activate


def test_greedy_plays_a_card_it_cannot_afford_for_its_discount() -> None:
    from factories import yaml_cards

    from gateruler.engine import Discount

    big, small = yaml_cards(
        """
        - {id: BIG, name: big, type: unit, level: 6, atk: 7, hp: 7, stk: 3, provenance: provisional,
           discount: {energy: 1, costs: [{cost: remove_from_graveyard, count: 1}]}}
        - {id: SMALL, name: small, type: event, level: 0, provenance: provisional, abilities: [{trigger: on_play, effects: [{effect: draw, target: controller, amount: 1}]}]}
        """
    )
    g = make_game(cards=[big, small], player=["BIG", "SMALL"])
    g.apply(PlayEvent(find_iid(g, PLAYER, "hand", "SMALL")))  # one card in the graveyard to pay with
    choice = _greedy_choice(g)
    assert type(choice) is Discount and g.card(choice.card).id == "BIG"
