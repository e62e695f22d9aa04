"""Files past the bounds of gateruler.limits are refused, located, before anything is built from them."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from gateruler.cli import main
from gateruler.errors import DataError, DataErrors, GateRulerError
from gateruler.limits import MAX_DECK_CARDS, MAX_NESTING, MAX_NUMBER, MAX_YAML_BYTES, MAX_YAML_VALUES
from gateruler.loader import INVADER_DECKS_DIR, validate_file
from gateruler.yamlsrc import Fields, Report, _show, load_yaml, parse_yaml

LEVEL_1 = (INVADER_DECKS_DIR / "level-1.yaml").read_text(encoding="utf-8")


def alias_bomb(levels: int = 10) -> str:
    """Each anchor is ten copies of the one before: 10**levels values in a few hundred bytes."""
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    lines += [f"level: *a{levels - 1}", "hp: 3", "name: boom"]
    return "\n".join(lines) + "\n"


def errors_of(text: str, tmp_path: Path, name: str = "f.yaml") -> list[str]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return [str(f) for f in validate_file(path) if f.is_error]


def test_an_alias_bomb_is_refused_at_the_list_that_expands_too_far(tmp_path: Path) -> None:
    text = alias_bomb()
    assert len(text.encode()) < 700
    errors = errors_of(text, tmp_path)
    # a0 holds 10 values, a4 holds 10**5: the first list past the bound is a4, on line 5
    assert errors == [
        f"{tmp_path / 'f.yaml'}:5:5: too many values: this list holds more than {MAX_YAML_VALUES:,}, "
        "each use of an alias counted as a copy of its anchor (see docs/limits.md)"
    ]


def test_validate_and_check_refuse_an_alias_bomb_in_one_line_with_exit_2(tmp_path: Path) -> None:
    level = tmp_path / "bomb.yaml"
    level.write_text(alias_bomb(), encoding="utf-8")
    deck = Path(__file__).parent.parent / "gateruler" / "data" / "decks" / "knight-sample.yaml"
    for args in (
        ["validate", str(level)],
        ["check", str(deck), "--level-file", str(level), "--workers", "1", "--games", "1"],
    ):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 2, result.output
        assert f"{level}:5:5: too many values" in result.output


def test_an_alias_inside_its_own_anchor_is_refused() -> None:
    with pytest.raises(DataError, match=r"f:1:4: an alias refers to a list or mapping that contains it"):
        parse_yaml("a: &a [1, *a]\n", "f")


def test_nesting_deeper_than_the_bound_is_refused_where_it_goes_too_deep() -> None:
    text = "level: " + "[" * 500 + "]" * 500 + "\n"
    with pytest.raises(DataError) as caught:
        parse_yaml(text, "f")
    assert (
        str(caught.value)
        == f"f:1:{7 + MAX_NESTING}: lists and mappings nested more than {MAX_NESTING} deep (see docs/limits.md)"
    )


def test_nesting_up_to_the_bound_is_read() -> None:
    depth = MAX_NESTING - 1  # the document's own mapping is one level
    value = parse_yaml("a: " + "[" * depth + "1" + "]" * depth + "\n", "f")
    for _ in range(depth):
        value = value[0] if isinstance(value, list) else value["a"]
    assert value == [1] or value == 1


def test_an_integer_of_five_thousand_digits_is_refused_before_it_is_converted() -> None:
    with pytest.raises(DataError, match=r"^f:1:5: an integer of 5000 digits is too large \(at most 30 digits\)$"):
        parse_yaml("hp: " + "9" * 5000 + "\n", "f")


@pytest.mark.parametrize("value", ["!!int xyz", "!!bool apprentice", "!!float 1e", "!!timestamp 2020-13-45"])
def test_a_value_its_tag_cannot_read_is_a_located_yaml_error(value: str) -> None:
    with pytest.raises(DataError, match=r"^f:2:4: YAML error: cannot read this value as !!"):
        parse_yaml(f"a: 1\nb: {value}\n", "f")


def test_a_file_larger_than_the_bound_is_refused_without_reading_it_all(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_bytes(b"# " + b"x" * MAX_YAML_BYTES + b"\n")
    with pytest.raises(DataError, match=rf"big.yaml:1:1: the file is too large: more than {MAX_YAML_BYTES:,} bytes"):
        load_yaml(path)


def test_a_huge_count_in_a_level_is_refused_at_the_count(tmp_path: Path) -> None:
    text = LEVEL_1.replace("count: 10", "count: 1000000000", 1)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "1000000000" in row)
    errors = errors_of(text, tmp_path)
    assert len(errors) == 1
    assert errors[0].startswith(f"{tmp_path / 'f.yaml'}:{line}:")
    assert errors[0].endswith(f"'count' must be at most {MAX_DECK_CARDS} (got 1000000000)")


def test_a_list_of_more_cards_than_the_bound_is_refused_at_its_key(tmp_path: Path) -> None:
    text = LEVEL_1.replace("count: 10", f"count: {MAX_DECK_CARDS}")
    line = next(i for i, row in enumerate(text.splitlines(), 1) if row.startswith("cards:"))
    errors = errors_of(text, tmp_path)
    assert (
        f"{tmp_path / 'f.yaml'}:{line}:1: the list has {5 * MAX_DECK_CARDS:,} cards; a list holds at most {MAX_DECK_CARDS:,} (see docs/limits.md)"
        in errors
    )


def test_a_huge_count_in_a_deck_is_refused_by_check(tmp_path: Path) -> None:
    deck = Path(__file__).parent.parent / "gateruler" / "data" / "decks" / "knight-sample.yaml"
    path = tmp_path / "deck.yaml"
    path.write_text(deck.read_text(encoding="utf-8").replace("count: 4", "count: 1000000000", 1), encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(path), "--workers", "1", "--games", "1", "--levels", "1"])
    assert result.exit_code == 2
    assert "'count' must be at most 1000 (got 1000000000)" in result.stderr


def test_every_number_in_a_data_file_is_bounded() -> None:
    report = Report()
    fields = Fields(parse_yaml(f"atk: {MAX_NUMBER + 1}\nlevel: {-MAX_NUMBER - 1}\nhp: {MAX_NUMBER}\n", "f"), report)
    assert fields.required("atk", int) is not None and not fields.ok
    fields.required("level", int)
    assert fields.required("hp", int) == MAX_NUMBER
    assert [str(f) for f in report.findings] == [
        f"f:1:6: 'atk' must be at most {MAX_NUMBER} (got {MAX_NUMBER + 1})",
        f"f:2:8: 'level' must be at least {-MAX_NUMBER} (got {-MAX_NUMBER - 1})",
    ]


def test_a_preview_of_a_huge_shared_value_costs_only_its_first_items() -> None:
    value: list = ["x"]
    for _ in range(100):
        value = [value] * 10  # 10**100 items once expanded
    assert _show(value) == "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[..."
    assert _show("y" * 10**7) == "'" + "y" * 36 + "..."


def test_a_withdrawn_finding_is_neither_listed_nor_counted() -> None:
    report = Report()
    first = report.error(parse_yaml("a: 1\n", "f").loc, "first")
    report.error(first.location, "second")
    report.withdraw(first)
    report.withdraw(first)
    assert report.error_count == 1
    assert [f.message for f in report.findings] == ["second"]
    with pytest.raises(DataErrors):
        report.raise_errors()


def test_docs_limits_states_every_bound_with_its_value() -> None:
    from gateruler import limits

    text = (Path(__file__).parent.parent / "docs" / "limits.md").read_text(encoding="utf-8")
    for name, value in limits.describe():
        row = next((line for line in text.splitlines() if line.startswith(f"| `{name}` |")), None)
        assert row is not None, f"docs/limits.md has no row for {name}"
        assert value in row, f"docs/limits.md states another value for {name} than {value}"


def test_a_card_file_listed_many_times_by_a_level_is_read_once_and_refused_as_listed_twice(tmp_path: Path) -> None:
    cards = tmp_path / "imps.cards.yaml"
    cards.write_text(
        "cards:\n  - {id: IMP-1, name: imp, type: unit, level: 1, atk: 1, hp: 1, stk: 1, provenance: provisional}\n"
    )
    level = LEVEL_1 + "card_files: [" + ", ".join(["imps.cards.yaml"] * 5000) + "]\n"
    errors = errors_of(level, tmp_path)
    assert len(errors) == 4999 and errors[0].endswith("card file 'imps.cards.yaml' listed twice")


def test_an_empty_scenario_is_refused_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.yaml"
    path.write_text("")
    result = CliRunner().invoke(main, ["scenario", str(path)])
    assert result.exit_code == 2
    assert result.stderr.strip() == f"{path}:1:1: a scenario must be a mapping, not null"


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("{attack: {x: 1}}", "'attack' in {'attack': {'x': 1}} must be a word such as a card id or a zone name"),
        ("{set: PROV-001, zone: x}", "'zone' must be a set zone number, 1 to 2 (got 'x')"),
        (
            "{summon: [PROV-001]}",
            "'summon' in {'summon': ['PROV-001']} must be a word such as a card id or a zone name",
        ),
    ],
)
def test_a_scripted_action_of_the_wrong_shape_is_refused_at_its_line(tmp_path: Path, action: str, message: str) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(
        f"level: 1\nturn: player\nplayer:\n  deck: [PROV-001, PROV-001, PROV-001, PROV-001, PROV-001]\n  actions:\n    - {action}\n"
    )
    result = CliRunner().invoke(main, ["scenario", str(path)])
    assert result.exit_code == 2, result.output
    assert result.stderr.strip() == f"{path}:6:7: {message}"


def test_a_save_without_its_card_list_is_refused_naming_the_field(tmp_path: Path) -> None:
    from gateruler.jsonsrc import JsonDoc, structure

    with pytest.raises(GateRulerError, match=r'^f:1:2: game: missing field "cards"$'):
        structure(JsonDoc("f", '{"game": {}}', {"game": {}}), list, at=("game", "cards"))
