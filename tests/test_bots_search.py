"""The search bot: rollouts within its budget, greedy's choice on a tie, and more clears than greedy."""

from __future__ import annotations

import pytest
from factories import find_iid, rich_cards, rich_game, unit
from factories import game as make_game

from gateruler import loader
from gateruler.batch import BatchSettings, GameSpec, run_batch
from gateruler.bots import greedy_action, player_view
from gateruler.bots import search as search_module
from gateruler.bots.search import DEFAULT_BUDGET, SearchBot, candidates, outcome_score
from gateruler.engine import ATTACK_LEFT, INVADER, PLAYER, EndTurn, GoToAttack, SetCard, Summon
from gateruler.engine.game import Game


def _decisions(count: int) -> list[Game]:
    out = []
    game = rich_game(3)
    while not game.over and len(out) < count:
        legal = game.legal_actions()
        if len(candidates(game, legal)) > 2:
            out.append(game.clone())
        game.apply(greedy_action(player_view(game).game))
    return out


def test_the_search_never_plays_more_rollouts_than_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    played = []
    real = search_module.playout

    def counting(game: Game, policy: search_module.Policy | None = None) -> float:
        played.append(1)
        return real(game, policy)

    monkeypatch.setattr(search_module, "playout", counting)
    for game in _decisions(4):
        played.clear()
        SearchBot(1, budget=20).choose(player_view(game))
        assert 0 < len(played) <= 20


def test_with_a_budget_too_small_to_compare_it_plays_greedys_choice() -> None:
    for game in _decisions(6):
        view = player_view(game)
        assert SearchBot(7, budget=1).choose(view) == greedy_action(view.game)


def test_the_default_budget_is_used_when_none_is_given() -> None:
    assert SearchBot(0).budget == DEFAULT_BUDGET
    assert SearchBot(0, budget=5).budget == 5


def test_setting_a_card_and_skipping_free_attacks_are_not_searched() -> None:
    cards = [*rich_cards(), unit("P-MARKED", 0, 1, 9, 1)]
    game = make_game(cards=cards, player=["P-BOLT", "P-MARKED"], seed=1)
    game.apply(Summon(find_iid(game, PLAYER, "hand", "P-MARKED"), ATTACK_LEFT))
    legal = game.legal_actions()
    assert any(type(a) is SetCard for a in legal) and EndTurn() in legal
    kept = candidates(game, legal)
    assert not any(type(a) is SetCard for a in kept)
    assert EndTurn() not in kept and GoToAttack() in kept


def test_a_clear_always_scores_above_a_draw_and_a_draw_above_a_loss() -> None:
    def ended(winner: str, player_damage: int, rift_damage: int) -> Game:
        game = rich_game(1)
        game.sides[PLAYER].damage_zone = list(game.sides[PLAYER].deck[:player_damage])
        game.sides[INVADER].damage_zone = list(game.sides[INVADER].deck[:rift_damage])
        game.winner = winner
        return game

    worst_clear = outcome_score(ended("player", 10, 12))
    best_loss = outcome_score(ended("invader", 11, 11))
    draw = outcome_score(ended("draw", 0, 0))
    assert worst_clear > draw > best_loss
    assert outcome_score(ended("player", 0, 12)) > worst_clear
    assert outcome_score(ended("invader", 11, 11)) > outcome_score(ended("invader", 11, 0))


@pytest.mark.slow
@pytest.mark.parametrize("level", [2, 3, 5])
def test_search_clears_the_middle_levels_more_often_than_greedy(level: int) -> None:
    """On the same 160 game seeds, with the default budget (a few minutes a level).

    Level 4 is left out: there the search's lead (7 points in 200 games) is
    within the noise; see docs/bots.md."""
    pool = loader.load_card_pool()
    deck = loader.load_deck(loader.sample_deck_path("knight"))
    lvl = loader.load_level(level)
    spec = GameSpec(deck, loader.load_rulers()[deck.ruler], lvl, pool.for_level(lvl), level_ref=level)
    cleared = {
        bot: run_batch([spec], BatchSettings(bot=bot, seed=0, games=160, workers=2)).levels[0].tally.cleared
        for bot in ("greedy", "search")
    }
    assert cleared["search"] > cleared["greedy"]


def _paired(
    wins_only_challenger: int, wins_only_default: int, games: int = 16
) -> tuple[dict[int, float], dict[int, float]]:
    challenger = {w: 0.0 for w in range(games)}
    default = {w: 0.0 for w in range(games)}
    for w in range(wins_only_challenger):
        challenger[w] = 1.0
    for w in range(wins_only_challenger, wins_only_challenger + wins_only_default):
        default[w] = 1.0
    return challenger, default


@pytest.mark.parametrize(
    ("only_challenger", "only_default", "replaces"),
    [(0, 0, False), (1, 0, False), (4, 0, True), (3, 2, False), (6, 1, True), (0, 3, False)],
)
def test_an_alternative_replaces_greedys_choice_only_when_clearly_better_on_the_same_games(
    only_challenger: int, only_default: int, replaces: bool
) -> None:
    from gateruler.bots.search import _clearly_better

    assert _clearly_better(*_paired(only_challenger, only_default)) is replaces


def test_games_only_one_candidate_was_played_on_do_not_count() -> None:
    from gateruler.bots.search import _clearly_better

    assert not _clearly_better({1: 1.0, 2: 1.0}, {3: 0.0, 4: 0.0})


def test_one_or_two_shared_games_never_replace_greedys_choice() -> None:
    from gateruler.bots.search import _clearly_better

    assert not _clearly_better({1: 1.0}, {1: 0.0})
    assert not _clearly_better({1: 1.0, 2: 1.0}, {1: 0.0, 2: 0.0})
    assert _clearly_better({1: 1.0, 2: 1.0, 3: 1.0}, {1: 0.0, 2: 0.0, 3: 0.0})


def test_an_alternative_behind_greedys_choice_by_more_than_the_noise_gets_no_more_games() -> None:
    from gateruler.bots.search import _hopeless

    assert _hopeless(*_paired(0, 4))  # lost every game greedy's choice won
    assert _hopeless(*_paired(0, 0))  # tied on every game: it can never be clearly better
    assert not _hopeless(*_paired(2, 1))
    assert not _hopeless({1: 0.0, 2: 0.0}, {1: 1.0, 2: 1.0})  # too few games to judge


def test_the_search_stops_early_when_every_alternative_is_hopeless(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where greedy's choice is as good as anything on every game, most of the budget is saved."""
    played = []
    monkeypatch.setattr(search_module, "playout", lambda game, policy=None: played.append(1) or 0.5)  # every game a tie
    for game in _decisions(3):
        played.clear()
        view = player_view(game)
        assert SearchBot(1, budget=60).choose(view) == greedy_action(view.game)
        assert 0 < len(played) < 60


def test_the_lookahead_bot_keeps_the_tuned_bots_choice_when_no_alternative_is_better(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """docs/bots.md `lookahead`: the search over the tuned policy, whose choice is its default; on decisions where
    the tuned and greedy bots differ, a search where every game is a tie plays the tuned bot's choice, and the
    search bot greedy's."""
    from gateruler.bots import make_bot, tuned_weights
    from gateruler.bots.greedy import GreedyPolicy

    monkeypatch.setattr(search_module, "playout", lambda game, policy=None: 0.5)  # every game a tie
    differing = 0
    for seed in range(6):
        game = rich_game(seed)
        while not game.over and differing < 3:
            view = player_view(game)
            greedy_choice = greedy_action(view.game)
            tuned_choice = GreedyPolicy(tuned_weights().weights).act(view.game)
            if tuned_choice != greedy_choice and len(candidates(game, game.legal_actions())) > 1:
                differing += 1
                assert make_bot("lookahead", 1, 16).choose(view) == tuned_choice
                assert make_bot("search", 1, 16).choose(view) == greedy_choice
            game.apply(greedy_choice)
    assert differing == 3, "these games have decisions where the tuned and greedy bots differ"


def test_the_lookahead_bot_plays_its_rollouts_with_the_tuned_policy(monkeypatch: pytest.MonkeyPatch) -> None:
    from gateruler.bots import make_bot, tuned_weights

    policies = []
    real = search_module.playout

    def recording(game: Game, policy: search_module.Policy | None = None) -> float:
        policies.append(policy)
        return real(game, policy)

    monkeypatch.setattr(search_module, "playout", recording)
    view = player_view(_decisions(1)[0])
    make_bot("lookahead", 1, 8).choose(view)
    assert policies and all(p is not None and p.weights == tuned_weights().weights for p in policies)
