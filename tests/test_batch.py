"""Batches of games: reproducible from a seed whatever the workers, and never sunk by one bad game."""

from __future__ import annotations

import pytest

from gateruler import bots, loader
from gateruler.backends import Local
from gateruler.batch import (
    CHUNK,
    MAX_CHUNKS_PER_TASK,
    MAX_ERRORS_KEPT,
    BatchSettings,
    GameSpec,
    _Tasks,
    bot_seed,
    game_seed,
    run_batch,
    run_chunk,
)
from gateruler.bots.random_bot import RandomBot
from gateruler.games import new_game
from gateruler.stats import Tally


def spec(level: int = 1, max_turns: int = 200) -> GameSpec:
    pool = loader.load_card_pool()
    rulers = loader.load_rulers()
    deck = loader.load_deck(loader.sample_deck_path("knight"))
    lvl = loader.load_level(level)
    return GameSpec(deck, rulers[deck.ruler], lvl, pool.for_level(lvl), max_turns, level)


def test_a_spec_starts_the_same_game_as_the_rest_of_the_program() -> None:
    s = spec(3)
    for seed in (0, 7, 123456789):
        assert s.start(seed).to_dict() == new_game(s.deck, s.level, seed, pool=s.pool).to_dict()


def test_game_seeds_depend_on_the_base_seed_the_level_and_the_index_only() -> None:
    seeds = {game_seed(base, level, i) for base in (0, 1) for level in (1, 2) for i in range(50)}
    assert len(seeds) == 200
    assert game_seed(5, 3, 17) == game_seed(5, 3, 17)
    assert bot_seed(5, 3, 17) != game_seed(5, 3, 17)
    assert all(0 <= s < 2**63 for s in seeds)


def test_the_same_seed_gives_the_same_result_with_one_worker_or_two() -> None:
    specs = [spec(1), spec(3)]
    settings = BatchSettings(bot="greedy", seed=11, games=3 * CHUNK + 3)
    one = run_batch(specs, settings)
    two = run_batch(specs, BatchSettings(bot="greedy", seed=11, games=3 * CHUNK + 3, workers=2))
    assert [lv.tally for lv in one.levels] == [lv.tally for lv in two.levels]
    assert [lv.insight for lv in one.levels] == [lv.insight for lv in two.levels]
    assert all(lv.complete and lv.tally.games == 3 * CHUNK + 3 for lv in two.levels)
    assert one.levels[0].tally.cleared > 0


def test_a_different_seed_plays_different_games() -> None:
    specs = [spec(3)]
    a = run_batch(specs, BatchSettings(seed=1, games=4 * CHUNK)).levels[0].tally
    b = run_batch(specs, BatchSettings(seed=2, games=4 * CHUNK)).levels[0].tally
    assert a != b


def test_a_chunk_is_its_games_added_up() -> None:
    s = spec(2)
    settings = BatchSettings(seed=3, games=10)
    whole = run_chunk([s], settings, 0, 0, 10)
    first, second = run_chunk([s], settings, 0, 0, 4), run_chunk([s], settings, 0, 4, 10)
    assert whole.tally == Tally.total([first.tally, second.tally])
    assert whole.tally.games == 10
    first.insight.merge(second.insight)
    assert whole.insight == first.insight
    assert whole.insight.games == 10


def test_precision_stops_a_level_between_chunks_at_the_same_game_for_any_worker_count() -> None:
    specs = [spec(6)]  # the rift nearly always wins: the interval narrows fast
    results = [run_batch(specs, BatchSettings(seed=4, games=400, precision=0.2, workers=w)).levels[0] for w in (1, 2)]
    for level in results:
        low, high = level.tally.interval()
        assert level.stopped_early and level.complete
        assert high - low < 0.2
        assert level.tally.games % CHUNK == 0 and level.tally.games < 400
    assert results[0].tally == results[1].tally
    assert results[0].insight == results[1].insight and results[0].insight.games == results[0].tally.games


def test_without_precision_every_game_is_played() -> None:
    level = run_batch([spec(6)], BatchSettings(seed=4, games=20)).levels[0]
    assert level.tally.games == 20 and not level.stopped_early


def test_the_turn_cap_ends_games_as_counted_draws() -> None:
    level = run_batch([spec(1, max_turns=2)], BatchSettings(seed=0, games=5)).levels[0]
    assert level.tally.draw_turn_cap == 5
    assert level.tally.cleared == 0


class _Exploding(RandomBot):
    """Plays randomly and breaks on its fourth decision, like a bug would."""

    name = "exploding"

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.calls = 0

    def choose(self, view):  # noqa: ANN001, ANN201 - a test double
        self.calls += 1
        if self.calls == 4:
            raise RuntimeError("kaboom")
        return super().choose(view)


@pytest.fixture
def exploding_bot(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setitem(bots._FACTORIES, "exploding", lambda seed, budget: _Exploding(seed))
    return "exploding"


def test_an_error_is_counted_with_the_seeds_that_reproduce_it(exploding_bot: str) -> None:
    level = run_batch([spec(1)], BatchSettings(bot=exploding_bot, seed=9, games=3)).levels[0]
    assert level.tally.error == 3
    record = level.errors[1]
    assert record.index == 1
    assert record.seed == game_seed(9, 1, 1) and record.bot_seed == bot_seed(9, 1, 1)
    assert record.message == "RuntimeError: kaboom"
    assert len(record.actions) >= 3


def test_errors_past_the_first_few_are_counted_but_not_kept(exploding_bot: str) -> None:
    level = run_batch([spec(1)], BatchSettings(bot=exploding_bot, games=3 * CHUNK)).levels[0]
    assert level.tally.error == 3 * CHUNK
    assert [r.index for r in level.errors] == list(range(MAX_ERRORS_KEPT))


def test_progress_is_announced_for_every_level_before_any_game() -> None:
    calls = []
    run_batch([spec(1), spec(2)], BatchSettings(games=CHUNK), lambda i, level: calls.append((i, level.tally.games)))
    assert calls[:2] == [(0, 0), (1, 0)]
    assert calls[2:] == [(0, CHUNK), (1, CHUNK)]


def test_ctrl_c_returns_the_games_finished_so_far() -> None:
    def interrupt_after_two_chunks(level_index: int, level) -> None:  # noqa: ANN001
        if level.tally.games == 2 * CHUNK:
            raise KeyboardInterrupt

    result = run_batch([spec(1), spec(2)], BatchSettings(games=10 * CHUNK), interrupt_after_two_chunks)
    assert result.interrupted
    assert result.levels[0].tally.games == 2 * CHUNK
    assert not result.levels[0].complete
    assert result.levels[1].tally.games == 0


class _LongTasks(Local):
    """A backend that wants long tasks, as a cluster does: the batch sends many chunks per task."""

    task_seconds = 10.0


@pytest.mark.parametrize("workers", [1, 2])
def test_chunks_grouped_into_long_tasks_give_the_same_figures(workers: int) -> None:
    specs = [spec(1), spec(6)]
    settings = BatchSettings(seed=4, games=40 * CHUNK + 3, precision=0.2)
    grouped = run_batch(specs, settings, backend=_LongTasks(workers))
    alone = run_batch(specs, settings, backend=Local(1))
    assert [(lv.tally, lv.stopped_early) for lv in grouped.levels] == [
        (lv.tally, lv.stopped_early) for lv in alone.levels
    ]
    assert grouped.levels[1].stopped_early  # level 6 stops early: chunks past the stop in a task are dropped


def test_tasks_grow_to_the_target_time_once_chunks_are_seen_to_be_short() -> None:
    tasks = _Tasks(BatchSettings(games=100 * CHUNK), levels=1, target=0.5)
    assert tasks.chunks_per_task() == 1  # nothing measured yet
    tasks.took(0.2, 4)
    assert tasks.chunks_per_task() == 10
    tasks.took(0.001, 1)
    assert tasks.chunks_per_task() == MAX_CHUNKS_PER_TASK
    tasks.took(3.0, 1)  # slow bots: one chunk a task
    assert tasks.chunks_per_task() == 1
    assert _Tasks(BatchSettings(), levels=1, target=0.0, per_chunk=0.001).chunks_per_task() == 1
