"""Line-aware YAML: safe_load values, plus where everything was written."""

from __future__ import annotations

import enum

import pytest
import yaml

from gateruler.errors import DataError, DataErrors
from gateruler.models import SourceLocation
from gateruler.yamlsrc import MISSING, Fields, LocatedList, LocatedMap, Report, Severity, load_yaml, parse_yaml


def loc(line: int, column: int, path: str = "f.yaml") -> SourceLocation:
    return SourceLocation(path, line, column)


def messages(error: DataError | DataErrors) -> list[str]:
    errors = error.errors if isinstance(error, DataErrors) else [error]
    return [str(e) for e in errors]


def test_values_are_those_of_safe_load():
    text = "a: 1\nb: [x, 2.5, true, null]\nc: {d: e}\nwhen: 2020-01-01\n"
    assert parse_yaml(text, "f.yaml") == yaml.safe_load(text)


def test_mappings_and_lists_are_located_containers():
    value = parse_yaml("a:\n  - x\n  - {c: 2}\n", "f.yaml")
    assert isinstance(value, LocatedMap)
    assert isinstance(value["a"], LocatedList)
    assert isinstance(value["a"][1], LocatedMap)


def test_keys_and_values_remember_line_and_column_one_based():
    value = parse_yaml("a: 1\nb:\n  - x\n  - {c: 2}\n", "f.yaml")
    assert value.loc == loc(1, 1)
    assert value.key_loc("b") == loc(2, 1)
    assert value.value_loc("a") == loc(1, 4)
    assert value["b"].item_loc(1) == loc(4, 5)
    assert value["b"][1].value_loc("c") == loc(4, 9)


def test_an_absent_key_is_located_at_its_mapping():
    value = parse_yaml("x:\n  a: 1\n", "f.yaml")
    assert value["x"].value_loc("missing") == loc(2, 3)


def test_an_empty_document_reads_as_none():
    assert parse_yaml("# only a comment\n", "f.yaml") is None


def test_duplicate_key_is_reported_at_the_second_occurrence():
    with pytest.raises(DataErrors) as caught:
        parse_yaml("name: x\nhp: 2\nhp: 3\n", "f.yaml")
    assert messages(caught.value) == ["f.yaml:3:1: duplicate key 'hp' (first at line 2)"]


def test_every_duplicate_key_in_a_file_is_reported():
    with pytest.raises(DataErrors) as caught:
        parse_yaml("- a: 1\n  a: 2\n- b: 1\n  b: 2\n", "f.yaml")
    assert messages(caught.value) == [
        "f.yaml:2:3: duplicate key 'a' (first at line 1)",
        "f.yaml:4:3: duplicate key 'b' (first at line 3)",
    ]


def test_merge_keys_work_and_may_be_overridden():
    value = parse_yaml("base: &b {x: 1, y: 2}\nc:\n  <<: *b\n  x: 3\n", "f.yaml")
    assert value["c"] == {"x": 3, "y": 2}


def test_tab_in_indentation_is_reported():
    with pytest.raises(DataErrors) as caught:
        parse_yaml("cards:\n\t- id: x\n", "f.yaml")
    assert messages(caught.value) == ["f.yaml:2:1: tab character in indentation; use spaces"]


def test_a_tab_inside_a_value_is_not_indentation():
    assert parse_yaml('a: "x\ty"\n', "f.yaml") == {"a": "x\ty"}


def test_syntax_error_carries_pyyamls_position_made_one_based():
    with pytest.raises(DataError) as caught:
        parse_yaml("a: 1\nb: [1, 2\nc: 3\n", "f.yaml")
    assert str(caught.value).startswith("f.yaml:3:2: YAML syntax error: ")


def test_a_forbidden_character_is_a_located_error():
    with pytest.raises(DataError) as caught:
        parse_yaml("a: 1\nb: \x07\n", "f.yaml")
    assert str(caught.value) == "f.yaml:2:4: YAML error: character U+0007 is not allowed"


def test_unsafe_tags_are_refused():
    with pytest.raises(DataError) as caught:
        parse_yaml("a: !!python/object/apply:os.system ['true']\n", "f.yaml")
    assert str(caught.value).startswith("f.yaml:1:4: YAML error: could not determine a constructor")


def test_a_missing_file_is_one_located_line(tmp_path):
    path = tmp_path / "nope.yaml"
    with pytest.raises(DataError) as caught:
        load_yaml(path)
    assert str(caught.value) == f"{path}:1:1: no such file"


def test_a_directory_is_not_a_file(tmp_path):
    with pytest.raises(DataError) as caught:
        load_yaml(tmp_path)
    assert str(caught.value) == f"{tmp_path}:1:1: is a directory, not a file"


def test_non_utf8_text_is_located_at_the_bad_byte(tmp_path):
    path = tmp_path / "latin1.yaml"
    path.write_bytes("a: 1\nname: caf\xe9\n".encode("latin-1"))
    with pytest.raises(DataError) as caught:
        load_yaml(path)
    assert str(caught.value) == f"{path}:2:10: not UTF-8 text (byte 0xe9)"


# -- Fields


class Colour(enum.Enum):
    RED = "red"
    GREEN = "green"


def read(text: str) -> tuple[Fields, Report]:
    report = Report()
    return Fields(parse_yaml(text, "f.yaml"), report, "thing"), report


def test_fields_reads_required_and_optional_values():
    fields, report = read("hp: 3\ncolour: red\n")
    assert fields.required("hp", int) == 3
    assert fields.required("colour", Colour) is Colour.RED
    assert fields.optional("stk", int, default=1) == 1
    assert fields.finish()
    assert report.findings == []


def test_fields_reports_a_missing_required_field_at_the_mapping():
    fields, report = read("a: 1\nb: 2\n")
    assert fields.required("hp", int) is MISSING
    fields.finish(known=["a", "b"])
    assert [str(f) for f in report.findings] == ["f.yaml:1:1: missing required field 'hp'"]


def test_fields_reports_a_wrong_type_at_the_value():
    fields, report = read("name: x\nhp: five\n")
    fields.required("hp", int)
    assert [str(f) for f in report.findings] == ["f.yaml:2:5: 'hp' must be an integer (got a string 'five')"]


def test_fields_does_not_take_a_boolean_for_an_integer():
    fields, report = read("hp: true\n")
    assert fields.required("hp", int) is MISSING
    assert "'hp' must be an integer (got a boolean true)" in str(report.findings[0])


def test_fields_reports_a_value_below_its_minimum():
    fields, report = read("hp: -3\n")
    fields.required("hp", int, min=0)
    assert [str(f) for f in report.findings] == ["f.yaml:1:5: 'hp' must not be negative (got -3)"]


def test_fields_accepts_null_only_when_nullable():
    fields, report = read("cap: null\nsize: null\n")
    assert fields.required("cap", int, nullable=True) is None
    assert fields.required("size", int) is MISSING
    assert [str(f) for f in report.findings] == ["f.yaml:2:7: 'size' must be an integer (got null)"]


def test_fields_suggests_the_enum_value_meant():
    fields, report = read("colour: gren\n")
    fields.required("colour", Colour)
    assert [str(f) for f in report.findings] == ["f.yaml:1:9: unknown colour 'gren' (did you mean green?)"]


def test_fields_lists_the_enum_values_when_nothing_is_close():
    fields, report = read("colour: 7\n")
    fields.required("colour", Colour)
    assert str(report.findings[0]) == "f.yaml:1:9: unknown colour 7 (expected one of: red, green)"


def test_fields_checks_each_item_of_an_enum_list():
    fields, report = read("colours: [red, blu, green]\n")
    assert fields.enum_list("colours", Colour, "colour") == [Colour.RED, Colour.GREEN]
    assert [str(f) for f in report.findings] == ["f.yaml:1:16: unknown colour 'blu' (expected one of: red, green)"]


def test_finish_reports_unknown_keys_with_a_suggestion():
    fields, report = read("hp: 1\nhpp: 2\n")
    fields.required("hp", int)
    assert not fields.finish()
    assert [str(f) for f in report.findings] == ["f.yaml:2:1: unknown key 'hpp' (did you mean hp?)"]


def test_a_non_mapping_is_reported_once():
    report = Report()
    fields = Fields(parse_yaml("[1, 2]\n", "f.yaml"), report, "a card")
    assert fields.required("id", str) is MISSING
    assert not fields.finish()
    assert [str(f) for f in report.findings] == ["f.yaml:1:1: a card must be a mapping, not a list"]


def test_report_raises_only_its_errors():
    report = Report()
    report.warning(loc(1, 1), "just so you know")
    report.raise_errors()  # warnings alone do not raise
    report.error(loc(2, 3), "bad")
    with pytest.raises(DataErrors) as caught:
        report.raise_errors()
    assert messages(caught.value) == ["f.yaml:2:3: bad"]
    assert [f.severity for f in report.findings] == [Severity.WARNING, Severity.ERROR]
    assert str(report.findings[0]) == "f.yaml:1:1: warning: just so you know"
