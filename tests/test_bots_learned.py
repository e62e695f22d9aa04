"""The `learned` bot: its model file, where it departs from greedy, what it reads, and the fits behind it."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from factories import rich_game

from gateruler.bots import LEARNED_BASES, bot_label, make_bot, play_out, player_view, tuned_weights
from gateruler.bots.greedy import HAND_SET, GreedyPolicy
from gateruler.bots.learned import (
    CANDIDATE_NAMES,
    CONTEXT_NAMES,
    KINDS,
    LEARNED_FILE,
    LearnedBot,
    LearnedPolicy,
    Model,
    candidate,
    context,
    model_yaml,
    read_model,
)
from gateruler.bots.learned.fit import Sample, fit_ridge, fit_softmax, pick
from gateruler.bots.learned.model import BASES
from gateruler.bots.search import ordered_candidates
from gateruler.engine.actions import GO_TO_ATTACK, Action
from gateruler.engine.game import Game, Phase
from gateruler.errors import DataError, DataErrors

SHAPE = (len(CANDIDATE_NAMES), len(CONTEXT_NAMES))


def _weights(**pairs: float) -> np.ndarray:
    """A weight matrix with the named (candidate__context) pairs set."""
    out = np.zeros(SHAPE)
    for key, value in pairs.items():
        name, situation = key.split("__")
        out[CANDIDATE_NAMES.index(name), CONTEXT_NAMES.index(situation)] = value
    return out


def _file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "m.yaml"
    path.write_text(text, encoding="utf-8")
    return path


# ---------------------------------------------------------------------- the file


def test_a_model_file_round_trips_with_what_it_was_fitted_on(tmp_path: Path) -> None:
    model = Model(
        {"main": _weights(summon__turn1=0.5, go_attack__bias=-0.25), "attack": _weights(kills__level3=1.5)},
        margin=0.05,
        version=3,
        fitted_on={"decks": ["knight", "wizard"], "seed": 1001, "search_budget": 24},
        description="a test fit",
    )
    read = read_model(_file(tmp_path, model_yaml(model)))
    assert sorted(read.weights) == ["attack", "main"]
    assert np.array_equal(read.weights["main"], model.weights["main"])
    assert np.array_equal(read.weights["attack"], model.weights["attack"])
    assert (read.margin, read.version, read.description) == (0.05, 3, "a test fit")
    assert read.fitted_on == {"decks": ["knight", "wizard"], "seed": 1001, "search_budget": 24}
    assert read.label == "m.yaml v3"


def test_every_feature_pair_of_every_kind_round_trips_small_numbers_too(tmp_path: Path) -> None:
    """Every name is a key YAML reads back as written (not `yes`, which it reads as true), and a
    weight as small as the file keeps (1e-06) is written as a number, not as a string."""
    rng = np.random.default_rng(0)
    weights = {kind: np.round(rng.normal(0, 0.001, SHAPE), 6) for kind in KINDS}
    read = read_model(_file(tmp_path, model_yaml(Model(weights, margin=0.000001))))
    assert read.margin == 0.000001
    for kind in KINDS:
        assert np.allclose(read.weights[kind], weights[kind], rtol=0, atol=1e-9)


def test_the_shipped_model_file_reads_and_names_the_bot_and_the_weights_it_overrules() -> None:
    model = read_model(LEARNED_FILE)
    assert model.version >= 1
    over = f" over tuned.yaml v{tuned_weights().version}" if model.base == "tuned" else ""
    assert bot_label("learned") == f"learned (learned.yaml v{model.version}{over})"


def test_a_model_files_base_round_trips_and_is_greedy_when_absent(tmp_path: Path) -> None:
    read = read_model(_file(tmp_path, model_yaml(Model({}, margin=0.1, base="tuned"))))
    assert read.base == "tuned"
    assert read_model(_file(tmp_path, "bot: learned\nversion: 1\nmargin: 0\nweights: {}\n")).base == "greedy"


def test_a_model_file_with_an_unknown_base_is_refused_at_its_line(tmp_path: Path) -> None:
    with pytest.raises((DataError, DataErrors)) as caught:
        read_model(_file(tmp_path, "bot: learned\nversion: 1\nmargin: 0\nbase: tunned\nweights: {}\n"))
    assert "m.yaml:4:7:" in str(caught.value)
    assert "tuned" in str(caught.value)


def test_every_base_a_model_file_may_name_has_the_weights_it_plays_by() -> None:
    assert set(LEARNED_BASES) == set(BASES)
    assert LEARNED_BASES["greedy"]() == HAND_SET
    assert LEARNED_BASES["tuned"]() == tuned_weights().weights


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("weights:\n  main:\n    sumon:\n      bias: 1\n", "m.yaml:6:5: unknown key 'sumon' (did you mean summon?)"),
        ("weights:\n  main:\n    summon:\n      turn9: 1\n", "m.yaml:7:7: unknown key 'turn9'"),
        ("weights:\n  mian: {}\n", "m.yaml:5:3: unknown key 'mian' (did you mean main?)"),
        ("weights:\n  main:\n    summon:\n      bias: .nan\n", "m.yaml:7:13: 'bias' must be a finite number"),
        ("weights:\n  main:\n    summon:\n      bias: 500\n", "m.yaml:7:13: 'bias' must be at most 100.0"),
        ("weights: [1, 2]\n", "m.yaml:4:10: 'weights' must be a mapping"),
    ],
)
def test_a_broken_model_file_is_refused_naming_the_file_and_line(tmp_path: Path, text: str, message: str) -> None:
    head = "bot: learned\nversion: 1\nmargin: 0\n"
    with pytest.raises((DataError, DataErrors)) as caught:
        read_model(_file(tmp_path, head + text))
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_model_file_must_say_its_margin(tmp_path: Path) -> None:
    with pytest.raises((DataError, DataErrors), match="missing required field 'margin'"):
        read_model(_file(tmp_path, "bot: learned\nversion: 1\nweights: {}\n"))


# ---------------------------------------------------------------------- where it departs from greedy


def _main_decision() -> tuple[Game, list[Action], Action]:
    """A rich game's first main-phase decision where greedy plays a card and attacking is among the candidates."""
    for seed in range(40):
        game = rich_game(seed)
        while game.winner is None:
            legal = game.legal_actions()
            if game.pending is None and game.phase == Phase.MAIN and len(legal) > 1:
                default = GreedyPolicy().act(game, legal)
                if default != GO_TO_ATTACK and GO_TO_ATTACK in ordered_candidates(game, legal, default):
                    return game, legal, default
            game.apply(GreedyPolicy().act(game, legal))
    raise AssertionError("no such decision in 40 rich games")


def test_the_learned_bot_departs_from_greedy_where_the_model_scores_an_alternative_higher() -> None:
    game, legal, default = _main_decision()
    ahead = Model({"main": _weights(go_attack__bias=1.0)}, margin=0.5)
    assert LearnedPolicy(ahead).act(game, legal) == GO_TO_ATTACK


def test_the_learned_bot_keeps_greedys_choice_within_the_margin_or_where_the_model_has_no_weights() -> None:
    game, legal, default = _main_decision()
    within = Model({"main": _weights(go_attack__bias=1.0)}, margin=1.5)
    other_kind = Model({"attack": _weights(go_attack__bias=1.0)})
    behind = Model({"main": _weights(go_attack__bias=-1.0)})
    for model in (within, other_kind, behind, Model.zero()):
        assert LearnedPolicy(model).act(game, legal) == default


def test_greedys_own_score_counts_for_its_choice_only() -> None:
    """The `default` feature is greedy's choice's alone: weighing it keeps greedy's choice against an
    alternative that would otherwise be ahead."""
    game, legal, default = _main_decision()
    held = Model({"main": _weights(go_attack__bias=1.0, default__bias=2.0)})
    assert LearnedPolicy(held).act(game, legal) == default


def test_after_a_departure_greedy_plans_from_the_game_as_it_is() -> None:
    game, legal, _ = _main_decision()
    policy = LearnedPolicy(Model({"main": _weights(go_attack__bias=1.0)}))
    game.apply(policy.act(game, legal))
    while game.winner is None and len(game.legal_actions()) == 1:
        game.apply(game.legal_actions()[0])
    if game.winner is None:
        legal = game.legal_actions()
        assert policy.greedy.act(game.clone(), legal) == GreedyPolicy().act(game.clone(), legal)


def test_a_model_with_no_weights_plays_greedys_games() -> None:
    for seed in range(3):
        ours, theirs = rich_game(seed), rich_game(seed)
        play_out(ours, make_bot("greedy", 0))
        play_out(theirs, LearnedBot(0, Model.zero()))
        assert ours.history == theirs.history


def test_a_model_with_no_weights_over_the_tuned_weights_plays_the_tuned_bots_games() -> None:
    """The base's weights are greedy's all game long, after a departure too (a fresh plan keeps them)."""
    differ = 0
    for seed in range(6):
        tuned, greedy, ours = rich_game(seed), rich_game(seed), rich_game(seed)
        play_out(tuned, make_bot("tuned", 0))
        play_out(greedy, make_bot("greedy", 0))
        play_out(ours, LearnedBot(0, Model.zero(), tuned_weights().weights))
        assert ours.history == tuned.history
        differ += greedy.history != tuned.history
    assert differ  # the two bases play differently in these games, so the test can tell them apart


def test_after_a_departure_the_fresh_plan_keeps_the_bases_weights() -> None:
    game, legal, _ = _main_decision()
    policy = LearnedPolicy(Model({"main": _weights(go_attack__bias=1.0)}), tuned_weights().weights)
    first = policy.greedy
    assert policy.act(game, legal) == GO_TO_ATTACK
    assert policy.greedy is not first  # it departed, so greedy plans afresh ...
    assert policy.greedy.weights is tuned_weights().weights  # ... by the base's weights


# ---------------------------------------------------------------------- what it reads


def test_the_features_are_the_same_in_games_that_differ_only_in_what_the_player_cannot_see() -> None:
    """Two determinisations of one view differ only in the decks' orders; the features of every
    candidate (and the context) are read from what the player sees, so they are the same."""
    import random

    game = rich_game(5)
    game.apply(GreedyPolicy().act(game))
    view = player_view(game)
    worlds = [view.determinise(random.Random(n)) for n in (1, 2)]
    assert worlds[0].sides[0].deck != worlds[1].sides[0].deck
    for world in worlds:
        assert context(world) == context(view.game)
        for action in view.legal:
            assert candidate(world, action, False) == candidate(view.game, action, False)


# ---------------------------------------------------------------------- the fits


def _synthetic(true: np.ndarray, count: int, seed: int, kind: str = "attack") -> list[Sample]:
    """Decisions whose candidates' rollout means are exactly the true model's score differences."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(count):
        k = int(rng.integers(2, 5))
        cands = rng.integers(0, 2, size=(k, SHAPE[0])).astype(float)
        cands[:, 0] = 0.0
        cands[0, 0] = 1.0  # the `default` feature: greedy's choice's only
        ctx = np.concatenate([[1.0], rng.random(SHAPE[1] - 1)])
        scores = cands @ (true @ ctx)
        means = 0.5 + scores - scores[0]
        out.append(Sample(ctx, cands, means, np.full(k, 4), int(np.argmax(scores)), kind))
    return out


def test_the_ridge_fit_recovers_a_known_weight() -> None:
    true = _weights(summon__bias=0.3, kills__turn1=-0.2, default__level3=0.1)
    fitted = fit_ridge(_synthetic(true, 3000, 0), lam=1e-6)
    assert list(fitted) == ["attack"]
    assert np.allclose(fitted["attack"], true, atol=1e-4)


def test_the_softmax_fit_learns_to_pick_the_best_candidate() -> None:
    true = _weights(summon__bias=3.0, kills__bias=-3.0)
    train, held = _synthetic(true, 1500, 1), _synthetic(true, 300, 2)
    fitted = fit_softmax(train, lam=1e-4, steps=300, rate=0.1)
    assert np.mean([pick(fitted, s, 0.0) == s.chosen for s in held]) > 0.9


def test_the_weights_file_a_learned_bot_rests_on_follows_its_models_base(monkeypatch: pytest.MonkeyPatch) -> None:
    import attrs

    import gateruler.bots as bots

    shipped = bots.learned_model()
    for base, expected in (("tuned", tuned_weights()), ("greedy", None)):
        monkeypatch.setattr(bots, "learned_model", lambda base=base: attrs.evolve(shipped, base=base))
        assert bots.weights_file("learned") == expected
    assert bots.weights_file("tuned") == bots.weights_file("lookahead") == tuned_weights()
    assert all(bots.weights_file(name) is None for name in ("random", "greedy", "search", "focus", "focus-unwon"))
