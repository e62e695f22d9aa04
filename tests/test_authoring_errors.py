"""The mistakes authors really make, each answered by `gateruler validate` in one located line.

Each row is a small file with one mistake (tabs are written as \\t), the file
given to `gateruler validate`, and the exact line it must print; the command
then sums up and exits 2.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from gateruler.cli import main

LEVEL = """\
level: 7
name: Test Rift
hp: 12
atk: 3
stk: 2
cards:
  - {card: 2020GB01-127, count: 30}
  - {card: 2020GB01-126, count: 20}
"""

CARD = """\
cards:
  - id: MINE-001
    name: test imp
    type: unit
    level: 1
    atk: 2
    hp: 2
    stk: 1
    provenance: provisional
    abilities:
      - trigger: on_enter
        effects:
          - {effect: damage, target: enemy_unit, amount: 1}
"""

LEVEL_WITH_CARDS = LEVEL.replace(
    "cards:\n", "card_files: [mine.cards.yaml]\ncards:\n  - {card: MINE-001, count: 10}\n"
).replace("count: 30", "count: 20")

MISTAKES = [
    # (mistake, {file name: text}, file validated, the line printed)
    (
        "a misspelt level key",
        {"rift.yaml": LEVEL.replace("stk: 2", "stk: 2\ndrive_per_turn: 3")},
        "rift.yaml",
        "rift.yaml:6:1: unknown key 'drive_per_turn' (did you mean drives_per_turn?)",
    ),
    (
        "a misspelt card key",
        {"mine.cards.yaml": CARD.replace("atk: 2", "atack: 2")},
        "mine.cards.yaml",
        "mine.cards.yaml:6:5: unknown key 'atack' (did you mean atk?)",
    ),
    (
        "a card id that does not exist",
        {"rift.yaml": LEVEL.replace("2020GB01-126", "2020GB1-126")},
        "rift.yaml",
        "rift.yaml:8:12: unknown card '2020GB1-126' (did you mean 2020GB01-126?)",
    ),
    (
        "a level that uses its new card without naming the card file",
        {"rift.yaml": LEVEL.replace("2020GB01-126", "MINE-001"), "mine.cards.yaml": CARD},
        "rift.yaml",
        "rift.yaml:8:12: unknown card 'MINE-001'",
    ),
    (
        "a card file that is not there",
        {"rift.yaml": LEVEL_WITH_CARDS},
        "rift.yaml",
        "rift.yaml:6:14: card file 'mine.cards.yaml' not found (looked for mine.cards.yaml)",
    ),
    (
        "an effect missing a parameter",
        {"mine.cards.yaml": CARD.replace(", amount: 1", "")},
        "mine.cards.yaml",
        "mine.cards.yaml:13:13: missing required field 'amount'",
    ),
    (
        "a misspelt effect",
        {"mine.cards.yaml": CARD.replace("effect: damage", "effect: dammage")},
        "mine.cards.yaml",
        "mine.cards.yaml:13:22: unknown effect 'dammage' (did you mean damage?)",
    ),
    (
        "a misspelt trigger",
        {"mine.cards.yaml": CARD.replace("on_enter", "on_enters")},
        "mine.cards.yaml",
        "mine.cards.yaml:11:18: unknown trigger 'on_enters' (did you mean on_enter?)",
    ),
    (
        "a target the effect does not accept",
        {"mine.cards.yaml": CARD.replace("target: enemy_unit", "target: opponent")},
        "mine.cards.yaml",
        "mine.cards.yaml:13:38: effect 'damage' does not accept target 'opponent' (it accepts: all_enemy_units, all_own_units, all_units, any_unit, enemy_ruler, enemy_ruler_or_unit, enemy_unit, own_ruler, own_ruler_or_unit, own_unit, self)",
    ),
    (
        "a CNT ability on a card without the CNT icon",
        {"mine.cards.yaml": CARD.replace("trigger: on_enter", "trigger: cnt")},
        "mine.cards.yaml",
        "mine.cards.yaml:11:18: a card with a CNT ability must say 'cnt: true'",
    ),
    (
        "a count that is not a number",
        {"rift.yaml": LEVEL.replace("count: 20", "count: twenty")},
        "rift.yaml",
        "rift.yaml:8:33: 'count' must be an integer (got a string 'twenty')",
    ),
    (
        "a count written as a quoted number",
        {"rift.yaml": LEVEL.replace("count: 20", 'count: "20"')},
        "rift.yaml",
        "rift.yaml:8:33: 'count' must be an integer (got a string '20')",
    ),
    (
        "a tab in the indentation",
        {"rift.yaml": LEVEL.replace("  - {card: 2020GB01-126", "\t- {card: 2020GB01-126")},
        "rift.yaml",
        "rift.yaml:8:1: tab character in indentation; use spaces",
    ),
    (
        "a key written twice",
        {"rift.yaml": LEVEL.replace("stk: 2", "stk: 2\nhp: 15")},
        "rift.yaml",
        "rift.yaml:6:1: duplicate key 'hp' (first at line 3)",
    ),
    (
        "a card listed twice",
        {"rift.yaml": LEVEL.replace("2020GB01-126", "2020GB01-127")},
        "rift.yaml",
        "rift.yaml:8:12: card '2020GB01-127' listed twice (first at line 7)",
    ),
    (
        "a mistake inside a level's card file is reported where it is",
        {"rift.yaml": LEVEL_WITH_CARDS, "mine.cards.yaml": CARD.replace("hp: 2", "hp: -2")},
        "rift.yaml",
        "mine.cards.yaml:7:9: 'hp' must not be negative (got -2)",
    ),
    (
        "a new card that takes a shipped card's id",
        {"mine.cards.yaml": CARD.replace("MINE-001", "2020GB01-127")},
        "mine.cards.yaml",
        "mine.cards.yaml:2:5: duplicate card id '2020GB01-127' (also in gateruler/data/cards/invader.yaml:18); to correct the shipped card, say 'replaces: true'",
    ),
    (
        "a misspelt special rule",
        {"rift.yaml": LEVEL + "special_rules:\n  - {rule: set_stat, card: 2020GB01-127, atk: 5}\n"},
        "rift.yaml",
        "rift.yaml:10:12: unknown rule 'set_stat' (did you mean set_stats?)",
    ),
]


@pytest.mark.parametrize(("mistake", "files", "validated", "line"), MISTAKES, ids=[m[0] for m in MISTAKES])
def test_validate_answers_each_mistake_with_one_located_line(
    mistake: str, files: dict[str, str], validated: str, line: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gateruler.loader import CARDS_DIR

    monkeypatch.chdir(tmp_path)
    for name, text in files.items():
        Path(name).write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", validated])
    assert result.exit_code == 2, result.output
    assert result.output.splitlines() == [
        line.format(shipped=CARDS_DIR / "invader.yaml"),
        "checked 1 file: 1 error, 0 warnings",
    ]


def test_every_file_in_the_table_is_right_once_the_mistake_is_undone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rows differ from a valid file by their mistake only, so each line above is about that mistake."""
    monkeypatch.chdir(tmp_path)
    Path("rift.yaml").write_text(LEVEL_WITH_CARDS, encoding="utf-8")
    Path("mine.cards.yaml").write_text(CARD, encoding="utf-8")
    Path("plain.yaml").write_text(LEVEL, encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", "--no-smoke", "rift.yaml", "mine.cards.yaml", "plain.yaml"])
    assert (result.exit_code, result.output) == (0, "checked 3 files: 0 errors, 0 warnings\n")
