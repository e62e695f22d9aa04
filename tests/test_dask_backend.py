"""On a Dask cluster a check gives exactly the figures it gives locally.

One local cluster (two worker processes) serves the whole module: starting
one costs seconds.
"""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path

import attrs
import pytest
from click.testing import CliRunner

from gateruler import loader
from gateruler.backends import Dask, Local
from gateruler.batch import CHUNK, BatchSettings, GameSpec, run_batch
from gateruler.cli import main
from gateruler.models import CardDef, DeckEntry
from gateruler.vocabulary import CardType, Provenance

distributed = pytest.importorskip("distributed")

DECK = str(loader.sample_deck_path("knight"))


@pytest.fixture(scope="module")
def cluster():  # noqa: ANN201 - a distributed.LocalCluster
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0", silence_logs=logging.ERROR
    ) as local_cluster:
        yield local_cluster


def spec(level: int) -> GameSpec:
    pool = loader.load_card_pool()
    deck = loader.load_deck(DECK)
    lvl = loader.load_level(level)
    return GameSpec(deck, loader.load_rulers()["knight"], lvl, pool.for_level(lvl), 200, level, DECK)


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_check_on_a_dask_cluster_prints_and_writes_every_figure_the_local_backend_does(cluster, tmp_path: Path) -> None:  # noqa: ANN001
    outputs = {}
    for name, options in {
        "local": ["--workers", "1"],
        "dask": ["--backend", "dask", "--scheduler", cluster.scheduler_address],
    }.items():
        path = tmp_path / f"{name}.json"
        code, out, err = run(
            "check", DECK, "--levels", "1,3", "--games", "21", "--seed", "7", *options, "--json", str(path)
        )
        assert code == 0, err
        outputs[name] = (out, json.loads(path.read_text()))
    (local_out, local_json), (dask_out, dask_json) = outputs["local"], outputs["dask"]
    assert dask_out.splitlines()[0].endswith(f"dask cluster {cluster.scheduler_address}, 2 workers")
    assert dask_out.splitlines()[1:] == local_out.splitlines()[1:]  # the table and every footnote
    assert dask_json["levels"] == local_json["levels"]
    assert dask_json["settings"]["backend"] == "dask" and dask_json["settings"]["workers"] == 2
    assert [lv["games"] for lv in dask_json["levels"]] == [21, 21]


def test_dask_without_a_scheduler_starts_a_local_cluster_of_the_workers_asked_for(tmp_path: Path) -> None:
    code, out, err = run(
        "check",
        DECK,
        "--levels",
        "2",
        "--games",
        "16",
        "--backend",
        "dask",
        "--workers",
        "2",
        "--json",
        str(tmp_path / "r.json"),
    )
    assert code == 0, err
    assert out.splitlines()[0].endswith("up to 16 games per level, local dask cluster, 2 workers")
    code, _, err = run(
        "check", DECK, "--levels", "2", "--games", "16", "--workers", "1", "--json", str(tmp_path / "l.json")
    )
    assert (
        json.loads((tmp_path / "r.json").read_text())["levels"]
        == json.loads((tmp_path / "l.json").read_text())["levels"]
    )


def _scheduler_tasks(address: str) -> int:
    """How many tasks the scheduler holds, once the cancellations sent to it have landed (at most 10 s)."""
    with distributed.Client(address, set_as_default=False) as client:
        deadline = time.monotonic() + 10
        while client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)) and time.monotonic() < deadline:
            time.sleep(0.05)
        return client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks))


def test_on_a_terminal_ctrl_c_prints_the_partial_result_and_cancels_the_clusters_tasks(cluster) -> None:  # noqa: ANN001
    from test_cli_check import interrupt_a_long_check

    interrupt_a_long_check(f"--backend dask --scheduler {cluster.scheduler_address}")
    assert _scheduler_tasks(cluster.scheduler_address) == 0


def test_precision_stops_at_the_same_game_on_a_cluster(cluster) -> None:  # noqa: ANN001
    settings = BatchSettings(seed=4, games=400, precision=0.2)
    local = run_batch([spec(6)], settings).levels[0]
    with Dask(cluster.scheduler_address) as backend:
        remote = run_batch([spec(6)], settings, backend=backend).levels[0]
    assert remote.stopped_early and remote.tally == local.tally


def test_the_definitions_travel_as_data_not_as_paths(cluster) -> None:  # noqa: ANN001
    """A card made in memory and a level file that is not on any disk: the workers still play them."""
    ghost = CardDef(
        "TEST-GHOST", "Ghost Knight", CardType.UNIT, 1, atk=5, hp=5, stk=2, provenance=Provenance.PROVISIONAL
    )
    base = spec(1)
    deck = attrs.evolve(base.deck, cards=(DeckEntry("TEST-GHOST", 4), *base.deck.cards[1:]))
    level = attrs.evolve(base.level, own_cards=(ghost,))
    ghostly = attrs.evolve(
        base, deck=deck, level=level, pool=base.pool.with_cards([ghost]), level_ref="/nowhere/ghost-level.yaml"
    )
    settings = BatchSettings(seed=2, games=2 * CHUNK)
    with Dask(cluster.scheduler_address) as backend:
        remote = run_batch([ghostly], settings, backend=backend).levels[0]
    assert remote.tally.error == 0
    assert remote.tally == run_batch([ghostly], settings).levels[0].tally


def test_a_game_that_raises_on_a_worker_is_recorded_as_it_is_locally(cluster) -> None:  # noqa: ANN001
    base = spec(1)
    broken = attrs.evolve(
        base, deck=attrs.evolve(base.deck, cards=(DeckEntry("NO-SUCH-CARD", 4), *base.deck.cards[1:]))
    )
    settings = BatchSettings(seed=1, games=CHUNK + 2)
    with Dask(cluster.scheduler_address) as backend:
        remote = run_batch([broken], settings, backend=backend).levels[0]
    local = run_batch([broken], settings, backend=Local(1)).levels[0]
    assert remote.tally.error == CHUNK + 2
    assert remote.errors == local.errors and remote.errors[0].message == "KeyError: 'NO-SUCH-CARD'"


def test_ctrl_c_keeps_the_chunks_folded_so_far_and_leaves_nothing_running_on_the_cluster(cluster) -> None:  # noqa: ANN001
    def interrupt_after_two_chunks(level_index: int, level) -> None:  # noqa: ANN001
        if level.tally.games == 2 * CHUNK:
            raise KeyboardInterrupt

    settings = BatchSettings(seed=3, games=500 * CHUNK)
    with Dask(cluster.scheduler_address) as backend:
        result = run_batch([spec(1)], settings, interrupt_after_two_chunks, backend)
    assert result.interrupted and result.levels[0].tally.games == 2 * CHUNK
    assert result.levels[0].tally == run_batch([spec(1)], attrs.evolve(settings, games=2 * CHUNK)).levels[0].tally
    assert _scheduler_tasks(cluster.scheduler_address) == 0


def test_tune_on_a_cluster_makes_the_same_choices_and_measures_the_same_figures(cluster) -> None:  # noqa: ANN001
    from gateruler.cli.cmd_check import _specs
    from gateruler.tune import TuneSettings, tune

    data = Path(__file__).parent / "data"
    pool = loader.load_card_pool([data / "tune-cards.yaml"])  # in memory only: the workers get them as data
    specs = _specs(str(data / "tune-deck.yaml"), [1, 2], None, 200, pool)
    collection = loader.load_collection(data / "tune-collection.yaml", pool)
    settings = TuneSettings(seed=4, games=32, candidates=2, rounds=1, final_games=32)
    with Dask(cluster.scheduler_address) as backend:
        remote = tune(specs, collection, settings, pool, backend)
    local = tune(specs, collection, settings, pool, Local(1))
    assert remote.rounds == local.rounds and remote.swaps == local.swaps and remote.final == local.final
    assert remote.swaps and remote.final is not None  # a swap was kept and measured: every step ran on the cluster


def test_check_sensitivity_on_a_dask_cluster_gives_the_local_figures(cluster, tmp_path: Path) -> None:  # noqa: ANN001
    found = {}
    for name, options in {
        "local": ["--workers", "1"],
        "dask": ["--backend", "dask", "--scheduler", cluster.scheduler_address],
    }.items():
        path = tmp_path / f"{name}.json"
        code, _out, err = run(
            "check", DECK, "--levels", "2", "--games", "16", "--sensitivity", *options, "--json", str(path)
        )
        assert code == 0, err
        found[name] = json.loads(path.read_text())["levels"]
    assert found["dask"] == found["local"] and found["dask"][0]["sensitivity"]["variants"]


def test_the_ceiling_on_a_dask_cluster_has_the_verdicts_it_has_locally(cluster, tmp_path: Path) -> None:  # noqa: ANN001
    found = {}
    for name, options in {
        "local": ["--workers", "1"],
        "dask": ["--backend", "dask", "--scheduler", cluster.scheduler_address],
    }.items():
        path = tmp_path / f"{name}.json"
        code, _, err = run(
            "check", DECK, "--levels", "1", "--games", "3", *options, "--ceiling", "--ceiling-budget", "500",
            "--json", str(path), "--replay-dir", str(tmp_path / name),
        )  # fmt: skip
        assert code == 0, err
        ceiling = json.loads(path.read_text())["levels"][0]["ceiling"]
        found[name] = {k: v for k, v in ceiling.items() if k not in ("cpu_seconds", "replays")}  # the clock, the folder
    assert found["dask"] == found["local"] and found["local"]["games"] == 3
