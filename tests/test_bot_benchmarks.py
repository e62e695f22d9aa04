"""The bot benchmarks' tools: games kept by code version, and the disagreement list, on small runs.

benchmarks/paired_games.py keeps each bot's games so that the search's are
played once; benchmarks/disagreements.py lists where the search's choice
differs from a fast bot's.  Both must keep working as the card pool and the
rules change, so they run here on a few games, as a user runs them.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import paired_games as pg  # noqa: E402

from gateruler.batch import BatchSettings, play_one  # noqa: E402
from gateruler.bots import player_view  # noqa: E402
from gateruler.bots.greedy import GreedyPolicy  # noqa: E402
from gateruler.bots.weights import Weights  # noqa: E402
from gateruler.engine.actions import action_from_dict  # noqa: E402


def test_a_recorded_game_is_the_game_check_plays_with_the_same_seeds() -> None:
    spec = pg.specs("knight", [2])[2]
    for index in range(3):
        record = pg.play_game(spec, "greedy", index)
        outcome, turns, _error, _reading = play_one(spec, BatchSettings(bot="greedy"), 0, index)
        assert (record.outcome, record.turns) == (outcome, turns)


def test_a_recorded_game_replays_from_its_seed_to_the_same_end() -> None:
    spec = pg.specs("wizard", [1])[1]
    record = pg.play_game(spec, "search:4", 0)
    game = spec.start(pg.game_seed(pg.SEED, 1, 0))
    for action in record.action_list():
        game.apply(action)
    assert game.over and (game.winner == "player") == record.cleared
    assert record.decisions and all(d.candidates for d in record.decisions if d.default != d.chosen)


def test_the_cache_keeps_games_and_a_second_run_plays_none(tmp_path: Path) -> None:
    spec = pg.specs("knight", [1])[1]
    cache = pg.GameCache(spec, "greedy", tmp_path)
    assert cache.missing(range(3)) == [0, 1, 2]
    cache.add(pg.play_game(spec, "greedy", i) for i in range(3))
    again = pg.GameCache(spec, "greedy", tmp_path)
    assert again.missing(range(4)) == [3]
    assert [again.records[i].to_json() for i in range(3)] == [cache.records[i].to_json() for i in range(3)]
    other_seed = pg.GameCache(spec, "greedy", tmp_path, seed=7)
    assert other_seed.missing(range(3)) == [0, 1, 2]


def test_a_bots_code_version_follows_its_own_files_and_not_another_bots(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    copy = tmp_path / "gateruler"
    shutil.copytree(pg.PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(pg, "PACKAGE", copy)
    before = {bot: pg.code_version(bot) for bot in ("greedy", "search", "tuned")}
    assert len(set(before.values())) == 3
    search = copy / "bots" / "search.py"
    search.write_text(search.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    after = {bot: pg.code_version(bot) for bot in ("greedy", "search", "tuned")}
    assert after["search"] != before["search"]
    assert after["greedy"] == before["greedy"] and after["tuned"] == before["tuned"]
    engine = copy / "engine" / "game.py"
    engine.write_text(engine.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    assert all(pg.code_version(bot) != after[bot] for bot in after)


def _disagreements(tmp_path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    command = [
        sys.executable,
        str(BENCHMARKS / "disagreements.py"),
        "--decks", "knight", "--levels", "2", "--games", "3", "--budget", "16", "--worlds", "2",
        "--workers", "1", "--cache", str(tmp_path / "cache"), *extra,
    ]  # fmt: skip
    return subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=600)


def test_the_disagreement_list_groups_each_decision_where_search_differs_and_measures_it(tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    done = _disagreements(tmp_path, "--json", str(out))
    assert done.returncode == 0, done.stderr
    assert "decisions where search (budget 16) and greedy differ, on 3 games" in done.stdout
    assert "knight             level 2: search" in done.stdout
    data = json.loads(out.read_text(encoding="utf-8"))
    rows = data["disagreements"]
    assert rows, "these seeds have disagreements"
    assert sum(g["count"] for g in data["groups"]) == len(rows)
    spec = pg.specs("knight", [2])[2]
    cache = pg.GameCache(spec, "search:16", tmp_path / "cache")
    for row in rows:
        assert row["kind"] in ("main-phase plan", "placement", "attack order", "target", "window answer",
                               "cost payment", "other decision")  # fmt: skip
        assert -1 <= row["difference"] <= 1 and row["worlds"] == 2
        # at that decision greedy would have played what the row says, and the search played something else
        record = cache.records[row["game"]]
        game = spec.start(pg.game_seed(pg.SEED, 2, row["game"]))
        greedy = GreedyPolicy()
        actions = record.action_list()
        asked = {d.at for d in record.decisions}
        for at, action in enumerate(actions[: row["at"]]):
            if at in asked:
                greedy.act(player_view(game).game)
            game.apply(action)
        view = player_view(game)
        assert action_from_dict(record.decisions[[d.at for d in record.decisions].index(row["at"])].chosen) != (
            greedy.act(view.game)
        )
    again = _disagreements(tmp_path)
    assert (
        again.returncode == 0 and again.stdout.split("\n   whole games")[1] == done.stdout.split("\n   whole games")[1]
    )


def test_games_of_an_older_code_version_are_carried_over_only_if_they_play_again_the_same(tmp_path: Path) -> None:
    """paired_games.py carry_over: a change that keeps play (a refactoring) keeps the games; any difference in a
    game played again keeps none of them."""
    import attrs

    spec = pg.specs("knight", [1])[1]
    records = [pg.play_game(spec, "greedy", i) for i in range(3)]
    pg.GameCache(spec, "greedy", tmp_path, version="older").add(records)
    assert pg.carry_over("greedy", tmp_path, sample=2) == 3
    assert pg.GameCache(spec, "greedy", tmp_path).records == {r.index: r for r in records}
    other = tmp_path / "other"
    flipped = attrs.evolve(records[0], outcome="lost" if records[0].cleared else pg.CLEARED)
    pg.GameCache(spec, "greedy", other, version="older").add([flipped, *records[1:]])
    assert pg.carry_over("greedy", other, sample=2) == 0
    assert pg.GameCache(spec, "greedy", other).records == {}


def test_bench_bots_writes_the_gaps_file_check_reads(tmp_path: Path) -> None:
    from gateruler.bots.fingerprint import play_fingerprint
    from gateruler.bots.standing import bot_version, read_gaps

    out = tmp_path / "gaps.yaml"
    command = [
        sys.executable, str(BENCHMARKS / "bench_bots.py"), "--speed-bots", "", "--strength-bots", "greedy,search:96",
        "--decks", "knight,knight-pool", "--levels", "1", "--games", "2", "--workers", "1",
        "--cache", str(tmp_path / "cache"), "--write-gaps", str(out),
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stderr
    gaps = read_gaps(out)
    assert gaps.reference == "search (budget 96)" and gaps.games == 2 and list(gaps.bots) == ["greedy"]
    greedy = gaps.bots["greedy"]
    assert greedy.version == bot_version("greedy") and set(greedy.sample_decks) == set(greedy.held_out) == {1}
    assert greedy.play == play_fingerprint("greedy") and gaps.reference_play == play_fingerprint("search")
    # paired on the same two seeds of each deck: the gap is the difference of the clears, in points
    cache = tmp_path / "cache"
    clears = {
        (deck, bot): sum(pg.GameCache(pg.specs(deck, [1])[1], bot, cache).records[i].cleared for i in range(2))
        for deck in ("knight", "knight-pool")
        for bot in ("greedy", "search:96")
    }
    assert greedy.sample_decks[1] == 100 * (clears["knight", "greedy"] - clears["knight", "search:96"]) / 2
    assert greedy.held_out[1] == 100 * (clears["knight-pool", "greedy"] - clears["knight-pool", "search:96"]) / 2


def test_the_learned_bots_code_version_follows_its_model_and_moves_no_other_bots(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    copy = tmp_path / "gateruler"
    shutil.copytree(pg.PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(pg, "PACKAGE", copy)
    before = {bot: pg.code_version(bot) for bot in ("greedy", "search", "tuned", "learned")}
    for changed in (copy / "data" / "bots" / "learned.yaml", copy / "bots" / "learned" / "features.py"):
        changed.write_text(changed.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
        after = {bot: pg.code_version(bot) for bot in before}
        assert after["learned"] != before["learned"]
        assert all(after[bot] == before[bot] for bot in ("greedy", "search", "tuned"))
        before = after


def test_the_imitation_fit_collects_fits_and_writes_a_model_the_bot_reads(tmp_path: Path) -> None:
    from gateruler.bots.learned import read_model

    out = tmp_path / "learned.yaml"
    common = ["--budget", "4", "--games", "4", "--levels", "2", "--decks", "knight", "--cache", str(tmp_path)]
    script = str(BENCHMARKS / "fit_imitation.py")
    for step in (
        ["collect", *common],
        ["accuracy", *common, "--lam", "1", "--margin", "0"],
        ["fit", *common, "--lam", "1", "--margin", "0.1", "--out", str(out), "--version", "2"],
    ):
        done = subprocess.run([sys.executable, script, *step], capture_output=True, text=True, cwd=ROOT)
        assert done.returncode == 0, done.stderr
    assert (
        "held out"
        in subprocess.run(
            [sys.executable, script, "accuracy", *common], capture_output=True, text=True, cwd=ROOT
        ).stdout
    )
    model = read_model(out)
    assert (model.version, model.margin) == (2, 0.1)
    assert model.fitted_on["seed"] == 1001 and model.fitted_on["search_budget"] == 4
    assert model.fitted_on["decks"] == ["knight"] and model.fitted_on["games"] == 4
    assert list(tmp_path.glob("imitation/*.npz")), "the samples are kept for the next fit"
    over = tmp_path / "over-tuned.yaml"
    fit = ["fit", *common, "--lam", "1", "--margin", "0.1", "--out", str(over), "--base", "tuned"]
    done = subprocess.run([sys.executable, script, *fit], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    tuned_model = read_model(over)
    assert tuned_model.base == "tuned" and model.base == "greedy"
    assert len(list(tmp_path.glob("imitation/search-4-*.npz"))) == 2, "the samples over each base are kept apart"
    assert "overrules the tuned bot's choices" in " ".join(tuned_model.description.split())
    tune = ["tune", *common, "--lam", "1", "--margin", "0.1", "--play", "2", "--base", "tuned"]
    done = subprocess.run([sys.executable, script, *tune], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert "the tuned bot" in done.stdout and "shipped learned.yaml" in done.stdout, "the refit's two rivals"


def test_the_imitation_fits_validation_games_play_over_the_base_it_names() -> None:
    import fit_imitation as fi
    import numpy as np

    from gateruler.bots import make_bot, play_out
    from gateruler.bots.learned import CANDIDATE_NAMES, CONTEXT_NAMES, Model

    spec = pg.specs("knight", [2])[2]
    won = 0
    for i in range(6):
        game = spec.start(pg.game_seed(fi.VALIDATION_SEED, 2, i))
        play_out(game, make_bot("tuned", 0))
        won += game.winner == "player"
    rate = fi.clear_rate(None, [2], ("knight",), 6, fi.VALIDATION_SEED, "tuned")
    assert rate == won / 6, "the baseline is the tuned bot"
    zero = Model({"main": np.zeros((len(CANDIDATE_NAMES), len(CONTEXT_NAMES)))}, 0.1, base="tuned")
    assert fi.clear_rate(zero, [2], ("knight",), 6, fi.VALIDATION_SEED, "tuned") == rate, (
        "a model that never departs plays its base's games"
    )


def _departing_model(tmp_path: Path) -> Path:
    """A model that takes another candidate than greedy's at every main-phase decision it weighs."""
    import numpy as np

    from gateruler.bots.learned import CANDIDATE_NAMES, CONTEXT_NAMES, Model, model_yaml

    weights = np.zeros((len(CANDIDATE_NAMES), len(CONTEXT_NAMES)))
    weights[CANDIDATE_NAMES.index("default"), CONTEXT_NAMES.index("bias")] = -1.0
    path = tmp_path / "departing.yaml"
    path.write_text(model_yaml(Model({"main": weights}, 0.1, 1, {}, "departs")), encoding="utf-8")
    return path


def test_a_search_collected_with_learned_rollouts_has_the_learned_policys_choice_as_its_default(
    tmp_path: Path,
) -> None:
    import fit_imitation as fi

    from gateruler.bots.learned import LearnedPolicy, read_model

    model_path = _departing_model(tmp_path)
    common = ["--budget", "4", "--games", "2", "--levels", "2", "--decks", "knight", "--cache", str(tmp_path)]
    fi.main(["collect", *common, "--rollouts", "learned", "--rollout-model", str(model_path)])
    spec = pg.specs("knight", [2])[2]
    rollouts = fi.Rollouts("learned", model_path)
    records = rollouts.cache(spec, 4, tmp_path).records
    assert sorted(records) == [0, 1]
    assert not pg.GameCache(spec, "search:4", tmp_path, fi.TRAIN_SEED).records, "greedy's search games stay apart"
    departures = 0
    for record in records.values():
        game = spec.start(pg.game_seed(fi.TRAIN_SEED, 2, record.index))
        policy, greedy = LearnedPolicy(read_model(model_path)), GreedyPolicy()
        asked = {d.at: d for d in record.decisions}
        for at, action in enumerate(record.action_list()):
            if at in asked:
                seen, legal = player_view(game).game, game.legal_actions()
                learned, plain = policy.act(seen, legal), greedy.act(seen, legal)
                assert action_from_dict(asked[at].default) == learned
                departures += learned != plain
                if action != plain:
                    greedy = GreedyPolicy()
            game.apply(action)
    assert departures, "the model departs from greedy, so the learned default is not greedy's"
    out = tmp_path / "fitted.yaml"
    fi.main(["fit", *common, "--data", "learned", "--rollout-model", str(model_path), "--out", str(out)])
    fitted = read_model(out).fitted_on
    assert fitted["search_rollouts"] == ["learned"] and fitted["rollout_model"] == "departing.yaml v1"
    assert fitted["games"] == 2


def _first_rows(spec: pg.GameSpec, record: pg.GameRecord, weights: Weights) -> tuple[list[float], int]:
    """The rollout mean of the choice of a greedy policy with `weights` at each decision of `record` it
    was weighed at (two or more candidates), as the learned bot's greedy has it: asked where the search
    was, afresh after every action that was not its choice; and how many of those choices are not the
    search's default."""
    import fit_imitation as fi

    game = spec.start(pg.game_seed(fi.TRAIN_SEED, spec.level.number, record.index))
    policy, expected = GreedyPolicy(weights), []
    asked = {d.at: d for d in record.decisions}
    moved = 0
    for at, action in enumerate(record.action_list()):
        if at in asked:
            choice = policy.act(player_view(game).game, game.legal_actions())
            considered = [(action_from_dict(c[0]), c[2]) for c in asked[at].candidates]
            means = [m for a, m in considered if a == choice]
            if len(considered) >= 2 and means:
                expected.append(means[0])
                moved += action_from_dict(asked[at].default) != choice
            if action != choice:
                policy = GreedyPolicy(weights)
        game.apply(action)
    return expected, moved


def test_samples_of_a_search_with_another_default_put_greedys_choice_first(tmp_path: Path) -> None:
    import fit_imitation as fi

    from gateruler.bots.greedy import HAND_SET
    from gateruler.bots.learned import CANDIDATE_NAMES

    model_path = _departing_model(tmp_path)
    spec = pg.specs("knight", [2])[2]
    rollouts = fi.Rollouts("learned", model_path)
    record = pg.play_game(spec, "search-learned:4", 0, fi.TRAIN_SEED, rollouts.bot(4))
    samples = list(fi.samples(spec, record, base=HAND_SET))
    expected, moved = _first_rows(spec, record, HAND_SET)
    assert moved, "some decision's default was not greedy's choice"
    assert [s.means[0] for s in samples] == expected
    column = CANDIDATE_NAMES.index("default")
    assert all(s.candidates[0, column] == 1 and not s.candidates[1:, column].any() for s in samples)


def test_samples_fitted_over_the_tuned_base_put_the_tuned_policys_choice_first(tmp_path: Path) -> None:
    import fit_imitation as fi

    from gateruler.bots import tuned_weights

    common = ["--budget", "4", "--games", "3", "--levels", "2", "--decks", "knight", "--cache", str(tmp_path)]
    fi.main(["collect", *common])
    spec = pg.specs("knight", [2])[2]
    records = pg.GameCache(spec, "search:4", tmp_path, fi.TRAIN_SEED).records
    data = fi.dataset(4, 3, [2], ("knight",), tmp_path, [fi.Rollouts("greedy")], "tuned")
    moved = 0
    for index, record in sorted(records.items()):
        expected, departs = _first_rows(spec, record, tuned_weights().weights)
        assert [s.means[0] for s in data.get(("greedy", index), [])] == expected
        moved += departs
    assert moved, "the tuned policy's choice is not the search's default (greedy's) somewhere"
    again = fi.dataset(4, 3, [2], ("knight",), tmp_path, [fi.Rollouts("greedy")], "tuned")
    kept = [s.means[0] for ss in again.values() for s in ss]
    assert kept == [s.means[0] for ss in data.values() for s in ss], "the kept samples are the tuned base's"
    over_greedy = fi.dataset(4, 3, [2], ("knight",), tmp_path, [fi.Rollouts("greedy")])
    assert [s.means[0] for ss in over_greedy.values() for s in ss] != kept, "each base's samples are its own"


def test_a_refit_from_a_start_keeps_the_starts_values_of_the_weights_it_does_not_fit(tmp_path: Path) -> None:
    from gateruler.bots.weights import Weights, read_weights, weights_yaml

    start = tmp_path / "start.yaml"
    start.write_text(weights_yaml("tuned", 1, Weights(mill=0.5, draw=0.9), "a start"), encoding="utf-8")
    out, log = tmp_path / "refit.yaml", tmp_path / "fit.log"
    small = ["--decks", "knight", "--levels", "2", "--games", "2", "--validation-games", "2"]
    run = [*small, "--generations", "2", "--population", "3", "--finalists", "1", "--weights", "draw"]
    done = subprocess.run(
        [
            sys.executable,
            str(BENCHMARKS / "fit_bot.py"),
            *run,
            "--start",
            str(start),
            "--out",
            str(out),
            "--log",
            str(log),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    played = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert len(played) == 6
    hand_set = [c for c in played if (c["generation"], c["candidate"]) == (0, 0)]
    assert [c["weights"]["mill"] for c in hand_set] == [0.1], "the hand-set weights compete as they are"
    assert all(c["weights"]["mill"] == 0.5 for c in played if c not in hand_set), (
        "mill is not fitted: every other candidate keeps the start's value, not greedy's 0.1"
    )
    assert read_weights(out).weights.mill in (0.1, 0.5)
    assert "validation" in done.stdout and ": start" in done.stdout, "the start competes on the validation games"
