"""docs/authoring.md does what it says: its files are the example files, and its commands run as shown.

The walk-through is followed literally: every ``$ command`` of its console
blocks runs in order, in a folder laid out like the checkout, and must print
exactly the lines shown ("..." stands for output not shown).  Every YAML
block is a whole file of docs/examples/, and every example file validates.
"""

from __future__ import annotations

import glob
import re
import shlex
import shutil
from pathlib import Path

import attrs
import jsonschema
import pytest
import yaml
from click.testing import CliRunner
from test_authoring_errors import MISTAKES

from gateruler.authoring.schema import json_schemas, schema_file_name
from gateruler.cli import main
from gateruler.loader import file_kind

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "authoring.md"
EXAMPLES = ROOT / "docs" / "examples"
KIND_OF_FILE = {"level": "level", "cards": "card", "ruler": "ruler", "deck": "deck"}


@attrs.frozen
class Block:
    info: str
    text: str
    caption: str  # the last non-empty line before the block


def blocks(markdown: str) -> list[Block]:
    found = []
    lines = markdown.splitlines(keepends=True)
    index = 0
    while index < len(lines):
        line = lines[index]
        if line.startswith("```"):
            caption = next((p.strip() for p in reversed(lines[:index]) if p.strip()), "")
            end = next(i for i in range(index + 1, len(lines)) if lines[i].startswith("```"))
            found.append(Block(line[3:].strip(), "".join(lines[index + 1 : end]), caption))
            index = end
        index += 1
    return found


DOC_BLOCKS = blocks(DOC.read_text(encoding="utf-8"))
YAML_BLOCKS = [b for b in DOC_BLOCKS if b.info == "yaml"]
EXAMPLE_FILES = sorted(Path(p) for p in glob.glob(str(EXAMPLES / "*.yaml")))


def shown_file(block: Block) -> Path:
    paths = re.findall(r"`(docs/examples/[^`]+\.yaml)`", block.caption)
    assert paths, f"the YAML block after {block.caption!r} does not say which example file it is"
    return ROOT / paths[-1]


@pytest.mark.parametrize("block", YAML_BLOCKS, ids=lambda b: shown_file(b).name)
def test_every_yaml_block_is_the_whole_of_an_example_file(block: Block) -> None:
    assert block.text == shown_file(block).read_text(encoding="utf-8")


def test_every_example_file_is_shown_in_the_walk_through() -> None:
    assert sorted(shown_file(b) for b in YAML_BLOCKS) == EXAMPLE_FILES


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.name)
def test_every_example_file_validates(path: Path) -> None:
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert (result.exit_code, result.output) == (0, "checked 1 file: 0 errors, 0 warnings\n")


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.name)
def test_every_example_file_follows_its_json_schema(path: Path) -> None:
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    schema = json_schemas()[schema_file_name(KIND_OF_FILE[file_kind(document)])]
    assert [e.message for e in jsonschema.Draft7Validator(schema).iter_errors(document)] == []


def test_every_message_in_the_mistakes_table_is_one_validate_prints() -> None:
    table = DOC.read_text(encoding="utf-8").split("The mistakes authors make most often", 1)[1].split("\n\n", 2)[1]
    quoted = [re.search(r"\| `(.+)` \|$", row).group(1) for row in table.splitlines()[2:]]
    printed = {line.split(": ", 1)[1] for _, _, _, line in MISTAKES}
    assert quoted and [m for m in quoted if m not in printed] == []


# ---------------------------------------------------------------------------
# Following the walk-through


def commands(doc_blocks: list[Block] = DOC_BLOCKS) -> list[tuple[str, list[str]]]:
    """Every `$ command` of the console blocks (of docs/authoring.md by default), in order, with the lines shown after it."""
    found: list[tuple[str, list[str]]] = []
    for block in doc_blocks:
        if block.info != "console":
            continue
        for line in block.text.splitlines():
            if line.startswith("$ "):
                found.append((line[2:], []))
            else:
                found[-1][1].append(line)
    return found


def run(command: str) -> tuple[int, str]:
    """Run one documented command: `gateruler ...` in-process, or `cp FILE... DIR/`."""
    words = shlex.split(command)
    if words[0] == "cp":
        for source in words[1:-1]:
            shutil.copy(source, words[-1])
        return 0, ""
    assert words[0] == "gateruler", f"the walk-through may only run gateruler and cp: {command}"
    # `play` reads its moves from the terminal; the reader plays, the test leaves at once
    result = CliRunner().invoke(main, words[1:], input="quit\n" if words[1] == "play" else None)
    return result.exit_code, result.output


def matches(output: str, shown: list[str]) -> bool:
    lines = output.splitlines()
    if "..." in shown:
        head = shown[: shown.index("...")]
        return lines[: len(head)] == head
    return lines == shown


@pytest.fixture
def checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty working folder that has the checkout's data and docs where the walk-through expects them."""
    for name in ("gateruler", "docs", "schema"):
        (tmp_path / name).symlink_to(ROOT / name, target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_walk_through_uses_validate_play_and_check_on_the_new_level() -> None:
    used = [shlex.split(c)[:2] for c, _ in commands()]
    for command in (["gateruler", "new"], ["gateruler", "validate"], ["gateruler", "play"], ["gateruler", "check"]):
        assert command in used
    check = next(c for c, _ in commands() if c.startswith("gateruler check"))
    assert "--level-file my-rift/ember-rift.yaml" in check and "--games 20" in check


def test_following_the_walk_through_literally_works(checkout: Path) -> None:
    for command, shown in commands():
        exit_code, output = run(command)
        assert exit_code == 0, f"{command}\n{output}"
        assert matches(output, shown), f"{command} printed:\n{output}"
    assert (checkout / "my-rift" / "ember-rift.yaml").read_text(encoding="utf-8") == (
        EXAMPLES / "ember-rift.yaml"
    ).read_text(encoding="utf-8")
