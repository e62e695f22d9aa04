"""The report and the replay page in a real browser: they load clean, draw, sort and step.

Skipped, saying why, where Chromium is not installed; under CI (where .ci/run
installs it) a missing browser is a failure, so these tests cannot quietly
stop running.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser import chromium, why_no_browser
from click.testing import CliRunner
from test_batch import exploding_bot  # noqa: F401 - the fixture, shared

from gateruler import loader
from gateruler.batch import BatchSettings, GameSpec, run_batch
from gateruler.cli import main
from gateruler.engine.actions import action_from_dict
from gateruler.pages.replay_page import BOARD_WIDTH
from gateruler.render import board_lines
from gateruler.replay import record_game, replay_data, write_replay

DECK = str(loader.sample_deck_path("knight"))
_REASON = why_no_browser()
if _REASON is not None and os.environ.get("CI"):
    raise RuntimeError(f"the browser tests must run in CI: {_REASON}")
pytestmark = pytest.mark.skipif(_REASON is not None, reason=_REASON or "")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as context:
        yield context


class Watched:
    """A page with everything the browser complained about and every URL it asked for."""

    def __init__(self, context: Any, path: Path) -> None:
        self.page = context.new_page()
        self.problems: list[str] = []
        self.requests: list[str] = []
        self.page.on(
            "console",
            lambda m: self.problems.append(f"console {m.type}: {m.text}") if m.type in ("error", "warning") else None,
        )
        self.page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.goto(path.resolve().as_uri())

    def text(self, selector: str) -> str:
        return self.page.locator(selector).inner_text()


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("report") / "report.html"
    result = CliRunner().invoke(
        main, ["check", DECK, "--levels", "1-2", "--games", "24", "--workers", "1", "--report", str(path)]
    )
    assert result.exit_code == 0, result.stderr
    return path


# ---------------------------------------------------------------------- the report


def test_the_report_loads_without_a_console_error_and_asks_for_nothing_but_itself(browser: Any, report: Path) -> None:
    watched = Watched(browser, report)
    assert watched.problems == []
    assert watched.requests == [report.resolve().as_uri()]
    assert watched.page.title() == "Knight sample against the rift"


def test_the_reports_plots_are_drawn(browser: Any, report: Path) -> None:
    from PIL import Image

    watched = Watched(browser, report)
    for plot in ("plot-clear-rates", "plot-endings", "plot-loss-causes", "plot-damage", "plot-cards"):
        svg = watched.page.locator(f"svg#{plot}")
        box = svg.bounding_box()
        assert box is not None and box["width"] > 300 and box["height"] > 80, plot
        picture = Image.open(io.BytesIO(svg.screenshot())).convert("RGB")
        colours = picture.getcolors(maxcolors=1 << 16) or []
        assert len(colours) > 20, f"{plot} looks empty"
    bars = Image.open(io.BytesIO(watched.page.locator("svg#plot-clear-rates").screenshot())).convert("RGB")
    green = sum(n for n, rgb in bars.getcolors(1 << 16) if rgb[1] > 120 and rgb[0] < 80 and rgb[2] < 160)
    assert green > 500  # the clear-rate bars, in the clear colour


def _column(watched: Watched, index: int) -> list[str | None]:
    return watched.page.eval_on_selector_all(
        "#cards tbody tr",
        f"rows => rows.map(r => r.cells[{index}].dataset.v === undefined ? null : r.cells[{index}].dataset.v)",
    )


def test_the_cards_table_sorts_by_the_clicked_column_and_reverses_on_a_second_click(browser: Any, report: Path) -> None:
    watched = Watched(browser, report)
    headings = watched.page.locator("#cards thead th")
    seen = [h.strip() for h in headings.all_inner_texts()].index("seen")
    headings.nth(seen).click()
    up = [float(v) for v in _column(watched, seen) if v is not None]
    assert up == sorted(up) and len(up) == 26  # 13 cards, 2 levels
    assert watched.page.get_attribute(f"#cards thead th >> nth={seen}", "aria-sort") == "ascending"
    headings.nth(seen).click()
    down = [float(v) for v in _column(watched, seen) if v is not None]
    assert down == sorted(up, reverse=True)
    card = 1
    headings.nth(card).click()
    names = watched.page.eval_on_selector_all(
        "#cards tbody tr", "rows => rows.map(r => r.cells[1].textContent.toLowerCase())"
    )
    assert names == sorted(names)
    assert watched.problems == []


def test_the_cards_table_shows_one_level_when_asked(browser: Any, report: Path) -> None:
    watched = Watched(browser, report)
    watched.page.select_option("#card-level", "1")
    shown = watched.page.eval_on_selector_all(
        "#cards tbody tr:not([hidden])", "rows => rows.map(r => r.cells[0].textContent)"
    )
    assert shown == ["2 Black Knight Army"] * 13


# ---------------------------------------------------------------------- the replay page


def _spec(level: int = 2) -> GameSpec:
    pool = loader.load_card_pool()
    deck = loader.load_deck(DECK)
    lvl = loader.load_level(level)
    return GameSpec(deck, loader.load_rulers()["knight"], lvl, pool.for_level(lvl), 200, level, DECK)


def _expected_boards(spec: GameSpec, seed: int, actions: list[dict]) -> list[str]:
    """The board after each recorded action, worked out here without the page."""
    game = spec.start(seed)
    boards = ["\n".join(board_lines(game, BOARD_WIDTH))]
    for action in actions:
        game.apply(action_from_dict(action))
        boards.append("\n".join(board_lines(game, BOARD_WIDTH)))
    return boards


def _page_for(tmp_path: Path, data: dict) -> Path:
    replay, page = tmp_path / "game.json", tmp_path / "game.html"
    write_replay(replay, data)
    result = CliRunner().invoke(main, ["replay", str(replay), "--html", str(page)])
    assert result.exit_code == 0, result.stderr
    return page


def test_the_replay_page_steps_forward_and_back_and_shows_the_board_of_each_step(browser: Any, tmp_path: Path) -> None:
    spec = _spec()
    data = record_game(spec, 5, "greedy", 7)
    boards = _expected_boards(spec, 5, data["actions"])
    watched = Watched(browser, _page_for(tmp_path, data))
    page = watched.page
    assert watched.text("#board") == boards[0]
    assert page.locator("#prev").is_disabled()
    for _ in range(3):
        page.click("#next")
    assert watched.text("#board") == boards[3]
    assert watched.text("#action").startswith("3. ")
    page.click("#prev")
    assert watched.text("#board") == boards[2]
    page.keyboard.press("ArrowRight")
    assert watched.text("#board") == boards[3]
    page.locator("#slider").fill(str(len(boards) - 1))
    assert watched.text("#board") == boards[-1]
    assert "game over" in watched.text("#board")
    assert page.locator("#next").is_disabled() and page.locator("#ending").is_visible()
    assert watched.text("#where") == f"step {len(boards) - 1} of {len(boards) - 1}, turn {data['result']['turn']}"
    assert watched.text("#story")  # what happened on the last step is told beside the board
    assert watched.problems == [] and watched.requests == [(tmp_path / "game.html").resolve().as_uri()]


def test_the_replay_page_of_a_broken_game_ends_on_the_error(browser: Any, tmp_path: Path, exploding_bot: str) -> None:
    spec = _spec()
    record = run_batch([spec], BatchSettings(bot=exploding_bot, seed=3, games=1)).levels[0].errors[0]
    data = replay_data(
        spec,
        record.seed,
        list(record.actions),
        bot=exploding_bot,
        bot_seed=record.bot_seed,
        outcome="error",
        turn=0,
        error=record.message,
    )
    watched = Watched(browser, _page_for(tmp_path, data))
    assert not watched.page.locator("#ending").is_visible()
    watched.page.keyboard.press("End")
    assert watched.text("#board") == _expected_boards(spec, record.seed, data["actions"])[-1]
    ending = watched.page.locator("#ending")
    assert ending.is_visible() and "RuntimeError: kaboom" in ending.inner_text()
    assert watched.problems == []


# ---------------------------------------------------------------------- at a tablet's width and a laptop's
WIDTHS = [768, 1280]

LAYOUT = """() => {
  const width = window.innerWidth;
  const boxes = Array.from(document.querySelectorAll("body *")).filter(e => {
    const style = getComputedStyle(e);
    const scrolls = ["auto", "scroll"].includes(style.overflowY) || ["auto", "scroll"].includes(style.overflowX);
    return scrolls && (e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1);
  }).map(e => e.id || e.tagName);
  const tables = Array.from(document.querySelectorAll("table"))
    .filter(t => t.getBoundingClientRect().right > width + 1).map(t => t.id);
  return {page: document.documentElement.scrollWidth, width, boxes, tables};
}"""


def _at(watched: Watched, width: int) -> Watched:
    watched.page.set_viewport_size({"width": width, "height": 900})
    return watched


@pytest.mark.parametrize("width", WIDTHS)
def test_the_report_fits_the_page_and_no_table_scrolls_in_a_box_of_its_own(browser: Any, report: Path, width: int):
    watched = _at(Watched(browser, report), width)
    layout = watched.page.evaluate(LAYOUT)
    assert layout["tables"] == [], f"tables wider than the page at {width} px"
    assert layout["page"] <= width, "the page scrolls sideways"
    assert layout["boxes"] == [], "a table (or anything) scrolls inside a box of its own"


def test_differences_are_coloured_only_when_their_interval_excludes_zero(browser: Any, report: Path) -> None:
    watched = Watched(browser, report)
    cells = watched.page.eval_on_selector_all(
        "#cards tbody td:has(.ci)",
        """cells => cells.map(c => [c.firstChild.textContent, c.querySelector('.ci').textContent, c.className,
                                  getComputedStyle(c).color])""",
    )
    ink = watched.page.evaluate("getComputedStyle(document.body).color")
    assert cells
    crossing_but_positive = 0
    for value, interval, colour_class, colour in cells:
        low, high = (float(x) for x in interval.strip("()").split(", "))
        expected = "pos" if low > 0 else "neg" if high < 0 else ""
        assert colour_class == expected, (value, interval)
        if not expected:
            assert colour == ink, f"{value} {interval} is coloured though its interval holds zero"
            crossing_but_positive += float(value) > 0
    assert crossing_but_positive, "the sample has a positive difference whose interval holds zero"


def test_japanese_card_names_in_the_report_are_text_in_a_font_stack_and_print_no_warning(
    browser: Any, tmp_path: Path
) -> None:
    import subprocess
    import sys

    from japanese import NAMES, japanese_deck

    deck, page = japanese_deck(tmp_path), tmp_path / "ja.html"
    command = [sys.executable, "-m", "gateruler", "check", str(deck), "--levels", "1", "--games", "24"]
    done = subprocess.run([*command, "--workers", "1", "--report", str(page)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "Glyph" not in done.stderr and "missing from font" not in done.stderr and "Warning" not in done.stderr
    watched = Watched(browser, page)
    texts = watched.page.eval_on_selector_all(
        "svg#plot-cards text",
        """texts => texts.map(t => {
             const svg = t.closest('svg').getBoundingClientRect(), box = t.getBoundingClientRect();
             return [t.textContent, getComputedStyle(t).fontFamily, box.left >= svg.left && box.right <= svg.right];
           })""",
    )
    drawn = {text: (family, inside) for text, family, inside in texts}
    for name in NAMES:
        family, inside = drawn[name]  # SVG text, not outlined glyphs
        assert "Noto Sans CJK JP" in family and family.endswith("sans-serif"), family
        assert inside, f"{name} is cut off the plot"
    assert watched.problems == []


# ---------------------------------------------------------------------- the replay page's story
@pytest.mark.parametrize("width", WIDTHS)
def test_the_replay_pages_story_numbers_its_sentences_not_its_turn_headings(
    browser: Any, tmp_path: Path, width: int
) -> None:
    spec = _spec()
    data = record_game(spec, 1, "greedy", 7)  # its rift's first turn is told in more than ten sentences
    watched = _at(Watched(browser, _page_for(tmp_path, data)), width)
    ending_turn = next(i for i, a in enumerate(data["actions"], 1) if a["type"] == "EndTurn")
    watched.page.locator("#slider").fill(str(ending_turn))  # the step whose story holds the rift's whole turn
    items = watched.page.eval_on_selector_all(
        "#story li",
        """items => items.map(li => {
             const n = li.querySelector('.n'), list = li.parentElement.getBoundingClientRect();
             return [li.className, n ? n.textContent : null,
                     n ? n.scrollWidth <= n.clientWidth && n.getBoundingClientRect().left >= list.left : true];
           })""",
    )
    numbers = [n for kind, n, _ in items if n is not None]
    assert len(numbers) >= 10, "a step with ten sentences or more"
    assert numbers == [f"{i}." for i in range(1, len(numbers) + 1)], "numbered 1, 2, ... with no gap"
    assert all(n is None for kind, n, _ in items if kind == "turn"), "a turn's heading takes no number"
    assert any(kind == "turn" for kind, _, _ in items)
    assert all(whole for _, _, whole in items), "a number is cut"


# ---------------------------------------------------------------------- the comparison of decks
@pytest.fixture(scope="module")
def comparison(tmp_path_factory: pytest.TempPathFactory) -> Path:
    import subprocess
    import sys

    path = tmp_path_factory.mktemp("comparison") / "compare.html"
    wizard = str(loader.sample_deck_path("wizard"))
    command = [sys.executable, "-m", "gateruler", "check", DECK, wizard, DECK, "--levels", "1-2", "--games", "24"]
    done = subprocess.run([*command, "--workers", "1", "--report", str(path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return path


@pytest.mark.parametrize("width", WIDTHS)
def test_the_comparison_page_fits_and_colours_a_difference_by_its_interval(
    browser: Any, comparison: Path, width: int
) -> None:
    """check DECK_A DECK_B --report: every deck's clear rate, each difference from A coloured only when its
    interval excludes zero (the same deck twice: a difference of 0 that must stay plain)."""
    watched = _at(Watched(browser, comparison), width)
    layout = watched.page.evaluate(LAYOUT)
    assert (layout["tables"], layout["boxes"]) == ([], []) and layout["page"] <= width
    rows = watched.page.eval_on_selector_all(
        "#comparison tbody tr",
        """rows => rows.map(r => Array.from(r.cells).map(c => [c.firstChild ? c.firstChild.textContent : '',
                                 c.querySelector('.ci') ? c.querySelector('.ci').textContent : '', c.className]))""",
    )
    assert [r[1][0] for r in rows] == ["A Knight sample", "B Wizard sample", "C Knight sample"] * 2
    for row in rows:
        value, interval, colour_class = row[5]
        if row[1][0].startswith("A "):
            assert value == ""
            continue
        low, high = (float(x) for x in interval.strip("()").split(", "))
        assert colour_class == ("pos" if low > 0 else "neg" if high < 0 else ""), (value, interval)
        if row[1][0].startswith("C "):  # the same deck as A: no difference, never coloured
            assert (value, colour_class) == ("+0.0", "")
    assert watched.problems == []
