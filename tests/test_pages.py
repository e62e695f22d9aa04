"""The report and the replay page as files: self-contained, escaped, saying what they rest on (no browser needed)."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from gateruler import loader
from gateruler.batch import GameSpec
from gateruler.cli import main
from gateruler.engine.actions import action_from_dict
from gateruler.pages import CSP, script_json
from gateruler.pages.check_report import report_html, reproduce_command, variants_in_force
from gateruler.pages.replay_page import BOARD_WIDTH, walk
from gateruler.render import board_lines
from gateruler.replay import record_game, write_replay

DECK = str(loader.sample_deck_path("knight"))
PLOTS = ("plot-clear-rates", "plot-endings", "plot-loss-causes", "plot-damage", "plot-cards")


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def checked(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, str]:
    """A small check's JSON data and its report, made by the command."""
    where = tmp_path_factory.mktemp("check")
    code, _, err = run(
        "check",
        DECK,
        "--levels",
        "1,3",
        "--games",
        "16",
        "--workers",
        "1",
        "--seed",
        "4",
        "--json",
        str(where / "r.json"),
        "--report",
        str(where / "r.html"),
    )
    assert code == 0, err
    return json.loads((where / "r.json").read_text()), (where / "r.html").read_text()


def _outside_references(text: str) -> list[str]:
    """Every src, href or url() of a page that would make the browser fetch something."""
    refs = re.findall(r'(?:src|href)\s*=\s*"([^"]*)"', text) + re.findall(r"url\(([^)]*)\)", text)
    return [r for r in refs if not r.startswith(("#", "data:"))]


def test_the_report_is_one_file_that_fetches_nothing(checked: tuple[dict, str]) -> None:
    _, text = checked
    assert f'<meta http-equiv="Content-Security-Policy" content="{CSP}">' in text
    assert _outside_references(text) == []
    assert "<script src" not in text and '<link rel="stylesheet"' not in text
    for plot in PLOTS:
        assert text.count(f'<svg id="{plot}"') == 1


def test_the_plots_ids_do_not_clash_in_one_page(checked: tuple[dict, str]) -> None:
    _, text = checked
    ids = re.findall(r'\bid="([^"]+)"', text)
    assert len(ids) == len(set(ids))


def test_the_report_shows_every_level_card_and_the_settings_it_rests_on(checked: tuple[dict, str]) -> None:
    data, text = checked
    assert "1 Vanguard" in text and "3 Regular Army" in text
    assert "Shield Sentry" in text and "the rift itself" in text
    assert data["card_data_hash"] in text and all(lv["data_hash"] in text for lv in data["levels"])
    assert "rest on provisional card data" in text
    assert '<p id="variants">defaults' in text


def test_the_reports_command_plays_the_same_games_again(checked: tuple[dict, str], tmp_path: Path) -> None:
    data, _ = checked
    args = shlex.split(reproduce_command(data))
    assert args[:2] == ["gateruler", "check"]
    code, _, err = run(*args[1:], "--workers", "1", "--json", str(tmp_path / "again.json"))
    assert code == 0, err
    assert json.loads((tmp_path / "again.json").read_text())["levels"] == data["levels"]


def test_the_same_result_gives_the_same_report(checked: tuple[dict, str]) -> None:
    data, text = checked
    assert report_html(data) == text


VARIANTS = [{"name": "first-player", "value": "you"}, {"name": "life", "value": "20"}]


@pytest.mark.parametrize(
    "variants", [VARIANTS, [["first-player", "you"], ["life", "20"]], {"first-player": "you", "life": "20"}]
)
def test_the_variants_in_force_are_read_whatever_their_form(checked: tuple[dict, str], variants: object) -> None:
    data, _ = checked
    with_variants = {**data, "settings": {**data["settings"], "variants": variants}}
    assert variants_in_force(with_variants) == [("first-player", "you"), ("life", "20")]
    assert "--variant=first-player=you --variant=life=20" in reproduce_command(with_variants)


def test_the_report_lists_the_variants_in_force(checked: tuple[dict, str]) -> None:
    data, _ = checked
    text = report_html({**data, "settings": {**data["settings"], "variants": VARIANTS}})
    section = text.split('id="variants"')[1]
    assert "<li><code>first-player</code> = <code>you</code></li>" in section and "defaults" not in section[:80]


def test_names_from_files_are_escaped_in_the_report(checked: tuple[dict, str]) -> None:
    data, _ = checked
    hostile = {
        **data,
        "settings": {**data["settings"], "deck": {**data["settings"]["deck"], "name": "<script>alert(1)</script>"}},
    }
    text = report_html(hostile)
    assert "<script>alert(1)" not in text and "&lt;script&gt;alert(1)&lt;/script&gt;" in text


def test_data_in_a_page_cannot_end_its_script_element() -> None:
    text = script_json({"name": "</script><script>alert(1)</script> & more"})
    assert "</script" not in text and "<" not in text
    assert json.loads(text) == {"name": "</script><script>alert(1)</script> & more"}


def test_a_report_that_cannot_be_written_is_one_line_and_exit_code_2(tmp_path: Path) -> None:
    target = tmp_path / "no-such-dir" / "r.html"
    code, _, err = run("check", DECK, "--levels", "1", "--games", "1", "--workers", "1", "--report", str(target))
    assert code == 2
    assert err.splitlines() == [f"error: {target}: cannot write: there is no folder {target.parent}"]


# ---------------------------------------------------------------------- the replay page


def spec(level: int = 2) -> GameSpec:
    pool = loader.load_card_pool()
    deck = loader.load_deck(DECK)
    lvl = loader.load_level(level)
    return GameSpec(deck, loader.load_rulers()["knight"], lvl, pool.for_level(lvl), 200, level, DECK)


def test_a_walk_has_a_step_per_action_each_with_the_board_after_it() -> None:
    s = spec()
    data = record_game(s, 5, "greedy", 7)
    actions = [action_from_dict(a) for a in data["actions"]]
    walked = walk(s, 5, actions)
    assert len(walked.steps) == len(actions) + 1 and not walked.broken
    game = s.start(5)
    for step, action in zip(walked.steps[1:], actions):
        game.apply(action)
        assert step.board == tuple(board_lines(game, BOARD_WIDTH))
        assert step.turn == game.turn
    assert walked.outcome == data["result"]["outcome"] and walked.turn == data["result"]["turn"]
    first = [text for text, _ in walked.steps[0].story]
    assert (
        first[0].startswith("You drew ") and "--- Turn 1: the rift's turn ---" in first
    )  # the opening hand, the rift's first turn


def test_a_walk_stops_at_an_action_that_is_not_legal_and_says_which() -> None:
    s = spec()
    data = record_game(s, 5, "greedy", 7)
    actions = [action_from_dict(a) for a in data["actions"]]
    actions[2] = action_from_dict({"type": "Summon", "card": 0, "slot": 0})
    walked = walk(s, 5, actions)
    assert walked.broken and len(walked.steps) == 3
    assert walked.ending.startswith("Recorded action 3 (")


def test_replay_html_writes_the_page_and_says_how_the_game_ended(tmp_path: Path) -> None:
    replay, page = tmp_path / "game.json", tmp_path / "game.html"
    data = record_game(spec(), 3, "greedy", 7)  # a game the rift wins
    write_replay(replay, data)
    code, out, err = run("replay", str(replay), "--html", str(page))
    assert code == 0, err
    assert out.startswith(f"{page}: {len(data['actions']) + 1} steps of {replay}. The rift wins.")
    text = page.read_text()
    assert _outside_references(text) == [] and 'id="steps"' in text


def test_replay_html_takes_variant_like_replay_and_the_page_says_which(tmp_path: Path) -> None:
    replay, page = tmp_path / "game.json", tmp_path / "game.html"
    write_replay(replay, record_game(spec(), 5, "greedy", 7))
    code, out, err = run("replay", str(replay), "--html", str(page), "--variant", "unit_damage=clears")
    assert code == 0, err
    assert out.startswith(f"{page}: ")
    assert "unit_damage=clears; the recording has unit_damage=persists" in page.read_text()
    code, _, err = run("replay", str(replay), "--html", str(page), "--variant", "unit_damage=sometimes")
    assert code == 2 and len(err.splitlines()) == 1 and "unit_damage" in err


def test_replay_html_of_a_bad_replay_is_one_line_and_exit_code_2(tmp_path: Path) -> None:
    replay = tmp_path / "x.json"
    replay.write_text('{"format": "something"}')
    code, _, err = run("replay", str(replay), "--html", str(tmp_path / "x.html"))
    assert code == 2
    assert len(err.splitlines()) == 1 and "not a gateruler replay" in err
    assert not (tmp_path / "x.html").exists()


# ---------------------------------------------------------------------- docs/check.md keeps up


CHECK_DOC = Path(__file__).resolve().parent.parent / "docs" / "check.md"


def test_docs_check_md_has_a_section_for_every_section_of_the_report(checked: tuple[dict, str]) -> None:
    _, text = checked
    report_sections = re.findall(r"<h2[^>]*>([^<]+)</h2>", text)
    doc_sections = re.findall(r"^### (.+)$", CHECK_DOC.read_text(encoding="utf-8"), re.MULTILINE)
    assert report_sections and set(report_sections) <= set(doc_sections)


def test_docs_check_md_explains_every_column_of_the_cards_table() -> None:
    from gateruler.pages.check_report import CARD_COLUMNS

    rows = re.findall(r"^\| ([^|]+?) \|", CHECK_DOC.read_text(encoding="utf-8"), re.MULTILINE)
    assert {title for title, _ in CARD_COLUMNS if title not in ("level", "card")} <= set(rows)


def test_docs_check_md_names_every_new_json_field(checked: tuple[dict, str]) -> None:
    data, _ = checked
    doc = CHECK_DOC.read_text(encoding="utf-8")
    level = data["levels"][0]
    fields = {"games_read", "cards", "end_turns", "mean_end_turns", "damage_taken", "settings.variants"}
    fields |= set(level["cards"][0]) | set(level["damage_taken"][0])
    assert sorted(f for f in fields if f"`{f}`" not in doc and f'"{f}"' not in doc) == []


def test_the_readme_shows_the_reports_picture() -> None:
    root = CHECK_DOC.parent.parent
    pictures = re.findall(r"!\[[^\]]*\]\(([^)]+\.png)\)", (root / "README.md").read_text(encoding="utf-8"))
    assert "docs/report-top.png" in pictures
    assert all((root / p).is_file() for p in pictures)
    assert all(
        (CHECK_DOC.parent / p).is_file()
        for p in re.findall(r"!\[[^\]]*\]\(([^)]+\.png)\)", CHECK_DOC.read_text(encoding="utf-8"))
    )


def test_a_check_interrupted_before_any_game_still_makes_a_report_that_says_so(tmp_path: Path) -> None:
    from gateruler.batch import BatchResult, BatchSettings, LevelResult
    from gateruler.cli.cmd_check import result_json
    from gateruler.pages.check_report import report_html

    result = BatchResult(BatchSettings(games=10), [LevelResult(spec(1)), LevelResult(spec(6))], interrupted=True)
    text = report_html(result_json(result, {}))
    assert "The check was interrupted" in text
    assert text.count('class="plot"') == len(PLOTS)
    assert "0 (partial)" in text
