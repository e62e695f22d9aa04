"""`gateruler new level|card` write starting files that validate as they are, and never overwrite."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from gateruler.authoring.schema import modeline
from gateruler.cli import main
from gateruler.loader import load_level, validate_file
from gateruler.vocabulary import CardType


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_a_new_level_validates_as_written(tmp_path: Path) -> None:
    path = tmp_path / "my-rift.yaml"
    result = run("new", "level", "My: Rift", "--output", str(path))
    assert result.exit_code == 0, result.output
    assert result.output == f"wrote {path}; check it with: gateruler validate {path}\n"
    assert validate_file(path) == []
    assert load_level(path).name == "My: Rift"


def test_a_new_level_names_its_schema_for_editors(tmp_path: Path) -> None:
    path = tmp_path / "my-rift.yaml"
    run("new", "level", "My Rift", "--output", str(path))
    assert path.read_text(encoding="utf-8").splitlines()[0] == modeline("level", path)


def test_the_stated_figures_suggested_in_a_new_level_are_right(tmp_path: Path) -> None:
    path = tmp_path / "my-rift.yaml"
    run("new", "level", "My Rift", "--output", str(path))
    path.write_text(path.read_text(encoding="utf-8").replace("\n# stated:", "\nstated:"), encoding="utf-8")
    assert "stated" in yaml.safe_load(path.read_text(encoding="utf-8"))
    assert validate_file(path) == []


def test_a_new_level_is_named_after_the_level_by_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert run("new", "level", "Ember Rift!").exit_code == 0
    assert validate_file("ember-rift.yaml") == []


@pytest.mark.parametrize("card_type", [t.value for t in CardType])
def test_a_new_card_of_each_type_validates_as_written(tmp_path: Path, card_type: str) -> None:
    path = tmp_path / "mine.cards.yaml"
    result = run("new", "card", "MINE-1", "--type", card_type, "--name", "my card", "--output", str(path))
    assert result.exit_code == 0, result.output
    assert validate_file(path) == []
    card = yaml.safe_load(path.read_text(encoding="utf-8"))["cards"][0]
    assert (card["id"], card["name"], card["type"]) == ("MINE-1", "my card", card_type)


def test_a_new_card_and_a_level_that_uses_it_validate_together(tmp_path: Path) -> None:
    run("new", "card", "MINE-1", "--output", str(tmp_path / "mine.cards.yaml"))
    run("new", "level", "Mine", "--output", str(tmp_path / "mine.yaml"))
    level = tmp_path / "mine.yaml"
    text = level.read_text(encoding="utf-8")
    text = text.replace("# card_files: [my.cards.yaml]", "card_files: [mine.cards.yaml]")
    text = text.replace("{card: 2020GB01-127, count: 10}", "{card: MINE-1, count: 10}")
    level.write_text(text, encoding="utf-8")
    assert validate_file(level) == []
    assert [c.id for c in load_level(level).own_cards] == ["MINE-1"]


@pytest.mark.parametrize("kind", [["level", "Mine"], ["card", "MINE-1"]])
def test_new_refuses_to_overwrite_a_file(tmp_path: Path, kind: list[str]) -> None:
    path = tmp_path / "taken.yaml"
    path.write_text("mine\n", encoding="utf-8")
    result = run("new", *kind, "--output", str(path))
    assert result.exit_code == 2
    assert result.output == f"error: {path} already exists; not overwriting it (give another --output)\n"
    assert path.read_text(encoding="utf-8") == "mine\n"


def test_a_new_card_may_not_take_a_shipped_cards_id(tmp_path: Path) -> None:
    result = run("new", "card", "2020GB01-127", "--output", str(tmp_path / "x.yaml"))
    assert result.exit_code == 2
    assert result.output == (
        "error: card id '2020GB01-127' is already a shipped card (omen moth); choose a new id, "
        "or correct the shipped card in your card file with 'replaces: true' (docs/decks.md)\n"
    )
    assert not (tmp_path / "x.yaml").exists()


def test_a_place_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    result = run("new", "level", "Mine", "--output", str(blocker / "mine.yaml"))
    assert result.exit_code == 2
    assert result.output.startswith(f"error: {blocker / 'mine.yaml'}: cannot write: ")
    assert len(result.output.splitlines()) == 1


def test_a_new_player_card_is_one_a_deck_may_use(tmp_path: Path) -> None:
    path = tmp_path / "mine.cards.yaml"
    assert run("new", "card", "MINE-1", "--player", "--output", str(path)).exit_code == 0
    assert validate_file(path) == []
    card = yaml.safe_load(path.read_text(encoding="utf-8"))["cards"][0]
    assert "solo_only" not in card and card["provenance"] == "published"


@pytest.mark.parametrize("ruler", ["knight", "wizard", "apprentice"])
def test_a_new_deck_for_each_ruler_is_legal_as_written(tmp_path: Path, ruler: str) -> None:
    path = tmp_path / "my-deck.yaml"
    result = run("new", "deck", "My: deck", "--ruler", ruler, "--output", str(path))
    assert result.exit_code == 0, result.output
    assert result.output == f"wrote {path}; look at it with: gateruler deck show {path}\n"
    assert validate_file(path) == []
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["name"] == "My: deck"


def test_a_new_deck_needs_a_known_ruler(tmp_path: Path) -> None:
    result = run("new", "deck", "d", "--ruler", "knigt", "--output", str(tmp_path / "d.yaml"))
    assert (result.exit_code, result.output) == (
        2,
        "error: --ruler: unknown ruler 'knigt' (there are: apprentice, knight, wizard)\n",
    )
