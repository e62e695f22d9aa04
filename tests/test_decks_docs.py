"""docs/decks.md does what it says: its files are the example files, its commands run as shown, its messages are real.

As for docs/authoring.md: every ``$ command`` of its console blocks runs in
order, in a folder laid out like the checkout, and must print exactly the
lines shown ("..." stands for output not shown); every CSV or YAML block
whose caption names a file of docs/examples/my-deck/ is that whole file.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
import yaml
from test_authoring_docs import Block, blocks, matches, run
from test_authoring_docs import commands as doc_commands
from test_deck_errors import DECK_ERRORS, LIBRARY_ERRORS

from gateruler.loader import validate_file

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "decks.md"
EXAMPLES = ROOT / "docs" / "examples" / "my-deck"
DOC_BLOCKS = blocks(DOC.read_text(encoding="utf-8"))
FILE_BLOCKS = [b for b in DOC_BLOCKS if b.info in ("yaml", "csv", "text") and "docs/examples/my-deck/" in b.caption]


def shown_file(block: Block) -> Path:
    return ROOT / re.findall(r"`(docs/examples/my-deck/[^`]+)`", block.caption)[-1]


@pytest.mark.parametrize("block", FILE_BLOCKS, ids=lambda b: shown_file(b).name)
def test_every_file_block_is_the_whole_of_an_example_file(block: Block) -> None:
    assert block.text == shown_file(block).read_text(encoding="utf-8")


def test_every_example_file_is_shown() -> None:
    assert sorted(shown_file(b) for b in FILE_BLOCKS) == sorted(EXAMPLES.iterdir())


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.name)
def test_every_example_file_validates(path: Path) -> None:
    assert validate_file(path) == []


def test_the_replaces_example_is_a_card_file_that_corrects_a_shipped_card(tmp_path: Path) -> None:
    (snippet,) = [b for b in DOC_BLOCKS if b.info == "yaml" and "replaces: true" in b.text and b not in FILE_BLOCKS]
    path = tmp_path / "fix.yaml"
    path.write_text(snippet.text, encoding="utf-8")
    assert validate_file(path) == []
    assert yaml.safe_load(snippet.text)["cards"][0]["replaces"] is True


def test_every_message_in_the_problems_table_is_one_the_tests_hold() -> None:
    table = (
        DOC.read_text(encoding="utf-8").split("The problems\nmet most often read like this:", 1)[1].split("\n\n", 2)[1]
    )
    quoted = [re.search(r"\| `(.+)` \|$", row).group(1) for row in table.splitlines()[2:]]
    held = {case[-1].split(": ", 1)[1] for case in DECK_ERRORS + LIBRARY_ERRORS}
    assert quoted and [m for m in quoted if m not in held] == []


def commands() -> list[tuple[str, list[str]]]:
    return doc_commands(DOC_BLOCKS)


def test_the_walk_through_imports_validates_checks_and_plays_the_deck() -> None:
    used = [shlex.split(c)[1:3] for c, _ in commands() if c.startswith("gateruler")]
    for command in (["cards", "import"], ["new", "deck"], ["validate"], ["deck", "show"], ["check"], ["play"]):
        assert any(u[: len(command)] == command for u in used), command


@pytest.fixture
def checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty working folder with the checkout's docs and schemas where the walk-through expects them."""
    for name in ("docs", "schema"):
        (tmp_path / name).symlink_to(ROOT / name, target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_following_the_walk_through_literally_works(checkout: Path) -> None:
    for command, shown in commands():
        exit_code, output = run(command)
        assert exit_code == 0, f"{command}\n{output}"
        assert matches(output, shown), f"{command} printed:\n{output}"
    for name in ("my.cards.yaml", "my-deck.yaml"):
        assert (checkout / "my-deck" / name).read_text(encoding="utf-8") == (EXAMPLES / name).read_text(
            encoding="utf-8"
        )
