"""Make the README's pictures of the check report, with the browser the page tests use.

Runs `gateruler check` on the Knight sample deck (all six levels, 200 games,
seed 0), writes its report, opens it in Debian's headless Chromium (see
tests/browser.py) and saves two screenshots under docs/: the top of the
report (clear rates and when games ended) and the cards section.

    python tools/report_picture.py [--games 200]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests")]

from browser import chromium, why_no_browser  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--out", default=str(ROOT / "docs"), help="folder for report-top.png and report-cards.png")
    args = parser.parse_args()
    if why_no_browser():
        sys.exit(f"report_picture: {why_no_browser()}")
    deck = ROOT / "gateruler" / "data" / "decks" / "knight-sample.yaml"
    with tempfile.TemporaryDirectory() as work:
        report = Path(work) / "report.html"
        command = [
            sys.executable,
            "-c",
            "from gateruler.cli import main; main()",
            "check",
            str(deck),
            "--games",
            str(args.games),
            "--report",
            str(report),
        ]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
        with chromium(viewport=(1200, 900)) as browser:
            page = browser.new_page()
            page.goto(report.as_uri())
            out = Path(args.out)
            _shot(page, out / "report-top.png", "h1", "#losses")
            _shot(page, out / "report-cards.png", "#cards-section", "#settings-section", extra_rows=14)


def _shot(page, path: Path, first: str, stop: str, extra_rows: int = 0) -> None:  # noqa: ANN001 - a Playwright page
    """A full-width picture from `first`'s top to just above `stop`."""
    top = page.locator(first).bounding_box()["y"] - 16
    bottom = page.locator(stop).bounding_box()["y"] - 8
    if extra_rows:  # the cards table scrolls in its own box: show its first rows only
        table = page.locator("#cards").bounding_box()
        bottom = min(bottom, table["y"] + 30 * extra_rows)
    width = page.viewport_size["width"]
    page.screenshot(path=str(path), full_page=True, clip={"x": 0, "y": top, "width": width, "height": bottom - top})
    print(f"{path}: {width}x{int(bottom - top)}")


if __name__ == "__main__":
    main()
