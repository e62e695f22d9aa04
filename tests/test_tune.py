"""`gateruler tune`: legal swaps from the collection, paired seeds, and a gain measured on fresh games.

The constructed case (tests/data/tune-*.yaml): an Apprentice deck at exactly
its level cap of 50 holds four level-5 units that do nothing (Dud Golem); the
collection adds four level-5 units that are strictly stronger (Champion
Golem).  Any swap bringing a level-5 card in for a lower one breaks the cap,
so the only legal swaps are Dud for Champion, and the best is all four.
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest
from click.testing import CliRunner

from gateruler import loader
from gateruler.backends import Local
from gateruler.batch import BatchSettings, run_batch
from gateruler.cli import main
from gateruler.cli.cmd_check import _specs
from gateruler.models import CollectionDef, DeckEntry
from gateruler.tune import Swap, TuneSettings, apply_swap, final_seed, legal_swaps, owned_counts, round_seed, tune
from gateruler.validation import check_deck

DATA = Path(__file__).parent / "data"
DUD_DECK = str(DATA / "tune-deck.yaml")
GOLEMS = str(DATA / "tune-collection.yaml")
KNIGHT = str(loader.sample_deck_path("knight"))
SMALL = TuneSettings(seed=0, games=64, candidates=2, rounds=1, final_games=96)  # a few seconds


@pytest.fixture(scope="module")
def pool():  # noqa: ANN201 - the shipped cards and the two golems
    return loader.load_card_pool([DATA / "tune-cards.yaml"])


@pytest.fixture
def golem_pool(pool, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN001, ANN201
    """The commands read the golems from the user's card library."""
    monkeypatch.setenv("GATERULER_CARDS", str(DATA / "tune-cards.yaml"))
    return pool


def written_comment(path: Path) -> str:
    return path.read_text(encoding="utf-8").splitlines()[0]


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


# ---------------------------------------------------------------------- swaps


def test_only_swaps_that_keep_the_deck_legal_are_tried(pool) -> None:  # noqa: ANN001
    specs = _specs(DUD_DECK, [1], None, 200, pool)
    collection = loader.load_collection(GOLEMS, pool)
    assert legal_swaps(specs[0].deck, collection, pool, specs[0].ruler) == [
        Swap("TEST-DUD", "TEST-CHAMPION", 4),
        Swap("TEST-DUD", "TEST-CHAMPION", 2),
    ]


def test_every_swap_offered_leaves_a_deck_the_deck_rules_accept() -> None:
    shipped = loader.load_card_pool()
    rulers = loader.load_rulers()
    for ruler in ("knight", "wizard", "apprentice"):
        deck = loader.load_deck(loader.sample_deck_path(ruler))
        everything = CollectionDef(tuple(DeckEntry(c.id, 4) for c in shipped if not c.solo_only))
        swaps = legal_swaps(deck, everything, shipped, rulers[ruler])
        assert swaps
        for swap in swaps:
            assert [f for f in check_deck(apply_swap(deck, swap), shipped, rulers) if f.is_error] == [], swap


def test_a_banned_card_is_owned_but_never_swapped_in() -> None:
    shipped = loader.load_card_pool().with_cards(loader.load_card_pool([DATA / "extra-cards.yaml"]))
    deck = loader.load_deck(KNIGHT)
    banned = CollectionDef((DeckEntry("2021GB02-092", 4),))  # Holy Grail Goddess, on the ban list
    assert legal_swaps(deck, banned, shipped, loader.load_rulers()["knight"]) == []


def test_a_swap_puts_the_new_card_in_the_old_cards_places() -> None:
    deck = loader.load_deck(KNIGHT)
    before = deck.card_ids()
    after = apply_swap(deck, Swap("PROV-005", "PROV-010", 2)).card_ids()
    assert len(after) == len(before)
    assert [i for i, (a, b) in enumerate(zip(before, after)) if a != b] == [
        i for i, c in enumerate(before) if c == "PROV-005"
    ]
    assert {after[i] for i, c in enumerate(before) if c == "PROV-005"} == {"PROV-010"}


def test_the_decks_own_cards_count_as_owned() -> None:
    deck = loader.load_deck(KNIGHT)
    owned = owned_counts(deck, CollectionDef((DeckEntry("PROV-001", 1), DeckEntry("PROV-010", 3))))
    assert owned["PROV-001"] == 4 and owned["PROV-010"] == 3 and owned["TD01-013"] == 4


# ---------------------------------------------------------------------- the search


def test_tune_finds_the_better_swap_and_measures_the_gain_on_fresh_seeds(pool) -> None:  # noqa: ANN001
    specs = _specs(DUD_DECK, [1, 2], None, 200, pool)
    collection = loader.load_collection(GOLEMS, pool)
    with Local(2) as backend:
        result = tune(specs, collection, SMALL, pool, backend)
    assert result.swaps == [Swap("TEST-DUD", "TEST-CHAMPION", 4)]
    [chosen] = result.rounds
    assert chosen.accepted is not None and chosen.accepted.p_value < chosen.threshold
    final = result.final
    assert final is not None and final.seed == final_seed(0) != chosen.seed == round_seed(0, 1)
    assert final.overall_interval()[0] > 0  # better beyond the noise, on games no choice was made on
    assert final.after.total.clear_rate > final.before.total.clear_rate
    # The before column is exactly a check of the original deck with the printed seed.
    check = run_batch(specs, BatchSettings(seed=final.seed, games=SMALL.final_games))
    assert [lv.tally for lv in check.levels] == final.before.tallies


def test_a_round_that_finds_nothing_better_keeps_the_deck(pool) -> None:  # noqa: ANN001
    specs = _specs(DUD_DECK, [1], None, 200, pool)
    champions = apply_swap(specs[0].deck, Swap("TEST-DUD", "TEST-CHAMPION", 4))
    specs = [attrs.evolve(s, deck=champions) for s in specs]
    duds = CollectionDef((DeckEntry("TEST-DUD", 4),))  # the only swaps make it worse
    with Local(1) as backend:
        result = tune(specs, duds, attrs.evolve(SMALL, games=32, rounds=2), pool, backend)
    assert result.swaps == [] and result.final is None and result.tuned == champions
    assert all(t.dropped or t.wins <= t.losses for r in result.rounds for t in r.trials)
    assert result.stopped == "no legal swap is left to try"


def test_ctrl_c_stops_the_search_without_a_verdict(pool) -> None:  # noqa: ANN001
    def interrupt(label: str, done: int, planned: int) -> None:
        if done >= 16:
            raise KeyboardInterrupt

    specs = _specs(DUD_DECK, [1], None, 200, pool)
    with Local(1) as backend:
        result = tune(specs, loader.load_collection(GOLEMS, pool), SMALL, pool, backend, interrupt)
    assert result.interrupted and result.final is None


# ---------------------------------------------------------------------- the command


def test_tune_prints_the_swap_and_the_before_and_after_rates_and_writes_a_deck_check_agrees_with(
    golem_pool,
    tmp_path: Path,  # noqa: ANN001
) -> None:
    out_path = tmp_path / "better.yaml"
    code, out, err = run(
        "tune", DUD_DECK, "--collection", GOLEMS, "--levels", "1-2", "--games", "64", "--candidates", "1",
        "--rounds", "1", "--final-games", "64", "--workers", "1", "--output", str(out_path),
    )  # fmt: skip
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == f"tuning Dud deck (apprentice) within {GOLEMS} - bot greedy, seed 0, levels 1, 2, 1 worker"
    assert written_comment(out_path) == (
        f"# Tuned by `gateruler tune {DUD_DECK} --collection {GOLEMS}` (bot greedy, seed 0, levels 1, 2)."
    )
    assert lines[1].startswith("card data ") and lines[1].endswith("; rule variants: defaults")
    assert "kept -4 Dud Golem (TEST-DUD), +4 Champion Golem (TEST-CHAMPION)" in out
    assert f"fresh games per level (seed {final_seed(0)})" in out
    assert any(line.split()[:2] == ["all", "levels"] for line in lines)
    assert f"wrote {out_path}" in out
    written = loader.load_deck(out_path, golem_pool)
    assert {e.card: e.count for e in written.cards}.get("TEST-CHAMPION") == 4 and "TEST-DUD" not in written.card_ids()
    # check of the written deck on the printed seed gives the after column
    result = tmp_path / "after.json"
    code, _, err = run(
        "check",
        str(out_path),
        "--levels",
        "1-2",
        "--games",
        "64",
        "--seed",
        str(final_seed(0)),
        "--workers",
        "1",
        "--json",
        str(result),
    )
    assert code == 0, err
    after = [f"{100 * lv['clear_rate']:.1f}%" for lv in json.loads(result.read_text())["levels"]]
    rows = [line.split() for line in lines if line.strip()[:1] in ("1", "2") and "%" in line]
    rates = [[x for x in row if x.endswith("%") and not x.startswith("(")] for row in rows]  # before, after
    assert [after_rate for _, after_rate in rates] == after


def test_tune_plays_under_the_rule_variants_given_and_says_so(golem_pool, tmp_path: Path) -> None:  # noqa: ANN001
    out_path = tmp_path / "t.yaml"
    code, out, err = run(
        "tune", DUD_DECK, "--collection", GOLEMS, "--levels", "1", "--games", "64", "--candidates", "1", "--rounds", "1",
        "--final-games", "64", "--workers", "1", "--output", str(out_path), "--variant", "unit_damage=clears",
    )  # fmt: skip
    assert code == 0, err
    assert out.splitlines()[1].endswith("; rule variants: unit_damage=clears")
    assert written_comment(out_path) == (
        f"# Tuned by `gateruler tune {DUD_DECK} --collection {GOLEMS} --variant unit_damage=clears` (bot greedy, seed 0, levels 1)."
    )


def test_the_tune_program_refuses_an_unknown_variant_value_in_one_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "gateruler", "tune", KNIGHT, "--collection", GOLEMS, "--variant", "deck_out=emtpy"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.splitlines() == ["error: --variant: deck_out: unknown value 'emtpy' (did you mean empty?)"]


def test_the_comparison_table_fits_a_narrow_terminal(pool) -> None:  # noqa: ANN001
    from rich.console import Console

    from gateruler.cli.cmd_tune import _comparison_table
    from gateruler.stats import Tally
    from gateruler.tune import Comparison, Side

    deck = loader.load_deck(KNIGHT)
    sides = [
        Side(deck, [Tally(cleared=c, lost_damage=400 - c) for c in rates])
        for rates in ((366, 244, 258), (370, 260, 270))
    ]
    comparison = Comparison(1, 400, *sides, [(360, 6, 10, 24), (230, 14, 30, 126), (250, 8, 20, 122)])
    console = Console(width=80, record=True, file=io.StringIO())
    console.print(_comparison_table(comparison, ["1", "2", "3"], wide=False))
    lines = console.export_text().splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 80 and "…" not in "".join(lines)
    assert lines[-2].split()[:3] == ["all", "72.3%", "(69.7-74.8%)"]


def test_tune_never_writes_over_the_deck_unless_asked(tmp_path: Path) -> None:
    deck = tmp_path / "mine.yaml"
    deck.write_text(Path(KNIGHT).read_text())
    code, _, err = run("tune", str(deck), "--collection", GOLEMS, "--output", str(deck))
    assert code == 2 and err == f"error: --output: {deck} is the deck itself; add --overwrite to replace it\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "0"], "error: --games: must be at least 1"),
        (["--candidates", "0"], "error: --candidates: must be at least 1"),
        (["--rounds", "0"], "error: --rounds: must be at least 1"),
        (["--final-games", "0"], "error: --final-games: must be at least 1"),
        (["--levels", "9"], "error: --levels: there is no level 9"),
        (["--scheduler", "tcp://127.0.0.1:8786"], "error: --scheduler: only with --backend dask"),
        (
            ["--output", "/no/such/dir/x.yaml"],
            "error: /no/such/dir/x.yaml: cannot write: there is no folder /no/such/dir",
        ),
        (["--variant", "deck_out=emtpy"], "error: --variant: deck_out: unknown value 'emtpy'"),
    ],
)
def test_bad_tune_arguments_are_one_line_and_exit_code_2(args: list[str], message: str) -> None:
    code, out, err = run("tune", KNIGHT, "--collection", GOLEMS, *args)
    assert code == 2 and len(err.splitlines()) == 1 and err.startswith(message)
    assert "Traceback" not in out + err


def test_a_bad_collection_file_is_located(tmp_path: Path) -> None:
    collection = tmp_path / "binder.yaml"
    collection.write_text("owned:\n  - {card: PROV-001, count: 2}\n  - {card: NOT-A-CARD, count: 1}\n")
    code, _, err = run("tune", KNIGHT, "--collection", str(collection), "--output", str(tmp_path / "t.yaml"))
    assert code == 2
    assert err.splitlines() == [f"{collection}:3:12: unknown card 'NOT-A-CARD'"]


def test_a_missing_collection_file_is_one_line_naming_it(tmp_path: Path) -> None:
    code, _, err = run("tune", KNIGHT, "--collection", "no-such-binder.yaml", "--output", str(tmp_path / "t.yaml"))
    assert code == 2 and err.splitlines() == ["no-such-binder.yaml:1:1: no such file"]


def test_tune_reads_the_decks_own_card_files_and_a_collection_by_names(tmp_path: Path) -> None:
    """As check reads them: the deck's `card_files:`; a collection names cards as a deck does (issue 26)."""
    (tmp_path / "golems.yaml").write_text((DATA / "tune-cards.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    deck = tmp_path / "dud.yaml"
    deck.write_text(
        Path(DUD_DECK).read_text(encoding="utf-8").replace("cards:\n", "card_files: [golems.yaml]\ncards:\n", 1),
        encoding="utf-8",
    )
    names = {"TEST-CHAMPION": "champion golem", "TEST-DUD": "Dud Golem", "PROV-003": "Flame Bolt"}
    binder = tmp_path / "binder.yaml"
    text = Path(GOLEMS).read_text(encoding="utf-8")
    for card_id, name in names.items():
        text = text.replace(f"{{card: {card_id},", f"{{card: {name},")
    binder.write_text(text, encoding="utf-8")
    code, out, err = run(
        "tune", str(deck), "--collection", str(binder), "--levels", "1", "--games", "8", "--candidates", "1",
        "--rounds", "1", "--final-games", "8", "--workers", "1", "--output", str(tmp_path / "t.yaml"),
    )  # fmt: skip
    assert code == 0, err
    assert "-4 Dud Golem (TEST-DUD), +4 Champion Golem (TEST-CHAMPION)" in out


def test_a_collection_name_that_names_no_card_is_located_with_a_suggestion(tmp_path: Path) -> None:
    collection = tmp_path / "binder.yaml"
    collection.write_text("owned:\n  - {card: Flame Bolt, count: 2}\n  - {card: Flame Blot, count: 1}\n")
    code, _, err = run("tune", KNIGHT, "--collection", str(collection), "--output", str(tmp_path / "t.yaml"))
    assert code == 2
    assert err.splitlines() == [f"{collection}:3:12: unknown card 'Flame Blot' (did you mean Flame Bolt [PROV-003]?)"]


def test_a_search_that_keeps_nothing_says_what_its_figures_mean_and_what_to_try(tmp_path: Path) -> None:
    """ "14 against 6" in words, the bar it had to pass, and the levers (issue 26)."""
    (tmp_path / "golems.yaml").write_text((DATA / "tune-cards.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    deck = tmp_path / "champions.yaml"
    deck.write_text(
        Path(DUD_DECK)
        .read_text(encoding="utf-8")
        .replace("cards:\n", "card_files: [golems.yaml]\ncards:\n", 1)
        .replace("{card: TEST-DUD,", "{card: TEST-CHAMPION,"),
        encoding="utf-8",
    )
    binder = tmp_path / "duds.yaml"
    binder.write_text("owned:\n  - {card: Dud Golem, count: 4}\n", encoding="utf-8")  # every swap makes it worse
    code, out, err = run(
        "tune", str(deck), "--collection", str(binder), "--levels", "1", "--games", "16", "--candidates", "1",
        "--rounds", "1", "--workers", "1", "--output", str(tmp_path / "t.yaml"),
    )  # fmt: skip
    assert code == 0, err
    said = " ".join(out.split())
    assert re.search(
        r"none kept: the best, -\d Champion Golem \(TEST-CHAMPION\), \+\d Dud Golem \(TEST-DUD\), alone cleared \d+ "
        r"of them and the deck alone \d+ \(p = [0-9.e-]+; with 1 swap tried it needed p < 0.05\)",
        said,
    ), said
    assert "no swap beat the deck on the games played: it is unchanged and no file is written" in said
    assert "What this means: only the games exactly one of the two decks clears tell them apart" in said
    assert "(--games 48), try fewer swaps at once (--candidates 1: a lower bar)" in said
    assert not (tmp_path / "t.yaml").exists()


def test_tune_reads_the_deck_file_once(golem_pool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    """The deck is read once for its games and its own card files: a file changed between two reads could
    make the games and the swaps rest on two different decks."""
    from gateruler.reading import decks

    read: list[str] = []
    load_yaml = decks.load_yaml

    def counting(path, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        read.append(str(path))
        return load_yaml(path, *args, **kwargs)

    monkeypatch.setattr(decks, "load_yaml", counting)
    code, _out, err = run(
        "tune", DUD_DECK, "--collection", GOLEMS, "--levels", "1", "--games", "4", "--candidates", "1",
        "--rounds", "1", "--final-games", "4", "--workers", "1", "--output", str(tmp_path / "t.yaml"),
    )  # fmt: skip
    assert code == 0, err
    assert read.count(str(DUD_DECK)) == 1
