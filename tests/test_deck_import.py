"""`gateruler deck import`: a deck list as players paste it becomes a deck file, or each bad line is named.

Run as a player runs it: a real process in a folder of theirs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gateruler import loader
from gateruler.yamlsrc import Report, load_yaml

ROOT = Path(__file__).resolve().parent.parent
KNIGHT_LIST = """\
# the knight sample, as pasted from a forum
Units:
4 Shield Sentry
4x Riposte Fencer
Iron Warden x4
4 vanguard squire
4 PROV-012   // scout drone
2 Paper Decoy
4 Breach Lancer
4 Honoikazuchi
4 Crimson Syltis
Events:
4 Flame Bolt
4 Field Notes
4 Battle Cry
4 Absolute Bearia
"""


def gateruler(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gateruler", *args], cwd=cwd, capture_output=True, text=True, check=False, timeout=120
    )


def test_a_pasted_list_becomes_the_deck_it_lists(tmp_path: Path) -> None:
    (tmp_path / "knight.txt").write_text(KNIGHT_LIST, encoding="utf-8")
    ran = gateruler("deck", "import", "knight.txt", "--ruler", "knight", "--output", "knight.yaml", cwd=tmp_path)
    assert (ran.returncode, ran.stderr) == (0, "")
    assert ran.stdout.splitlines() == [
        "wrote knight.yaml: knight (knight), 50 cards in 13 entries",
        "No problems: the deck is legal. Try it: gateruler check knight.yaml",
    ]
    written = loader.load_deck(tmp_path / "knight.yaml")
    sample = loader.load_deck(loader.sample_deck_path("knight"))
    assert sorted((e.card, e.count) for e in written.cards) == sorted((e.card, e.count) for e in sample.cards)


def test_each_line_that_names_no_card_is_a_located_error_and_nothing_is_written(tmp_path: Path) -> None:
    """Each at the line and column a text editor shows (docs/decks.md, "Or from a deck list")."""
    lines = KNIGHT_LIST.splitlines()
    lines[2] = "4 Shield Sentri"
    lines[4] = "Iron Warden"
    lines[5] = "  0 vanguard squire"
    (tmp_path / "bad.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    ran = gateruler("deck", "import", "bad.txt", "--ruler", "knight", "--output", "bad.yaml", cwd=tmp_path)
    assert (ran.returncode, ran.stdout) == (2, "")
    assert ran.stderr.splitlines() == [
        "bad.txt:3:3: unknown card 'Shield Sentri' (did you mean Shield Sentry [PROV-001]?)",
        "bad.txt:5:1: 'Iron Warden' is not a count and a card (write it as '4 Flame Bolt')",
        "bad.txt:6:3: a count must be at least 1",
    ]
    assert not (tmp_path / "bad.yaml").exists()


def test_an_illegal_deck_is_written_with_its_problems_at_the_lines_of_the_list(tmp_path: Path) -> None:
    (tmp_path / "short.txt").write_text("5 Shield Sentry\n4 Flame Bolt\n", encoding="utf-8")
    ran = gateruler("deck", "import", "short.txt", "--ruler", "knight", "-o", "short.yaml", cwd=tmp_path)
    assert ran.returncode == 0
    assert ran.stdout == "wrote short.yaml: short (knight), 9 cards in 2 entries\n"
    assert ran.stderr.splitlines() == [
        "The deck is not legal yet (2 problems; `gateruler deck show short.yaml` says them again):",
        "short.txt:1:3: 5 copies of 'Shield Sentry' (PROV-001): at most 4 per name under the Knight",
        "short.txt:1:1: the deck has 9 cards; a Knight deck has exactly 50",
    ]
    assert (tmp_path / "short.yaml").is_file()


def test_the_decks_own_cards_become_its_card_files(tmp_path: Path) -> None:
    mine = tmp_path / "cards" / "mine.yaml"
    mine.parent.mkdir()
    mine.write_text(
        "cards:\n  - {id: MY-1, name: ember whelp, type: unit, level: 1, atk: 3, hp: 5, stk: 1, provenance: published}\n",
        encoding="utf-8",
    )
    (tmp_path / "l.txt").write_text("4 Ember Whelp\n4 Flame Bolt\n", encoding="utf-8")
    ran = gateruler(
        "deck", "import", "l.txt", "--ruler", "knight", "--cards", "cards/mine.yaml", "-o", "decks/l.yaml", "--name",
        "Whelps", cwd=tmp_path,
    )  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    text = (tmp_path / "decks" / "l.yaml").read_text(encoding="utf-8")
    assert "name: Whelps\n" in text and "card_files: [../cards/mine.yaml]\n" in text
    written = tmp_path / "decks" / "l.yaml"
    deck = loader.read_player_deck(
        load_yaml(written), Report(), str(written), loader.load_card_pool(), loader.load_rulers()
    )
    assert deck is not None and deck.pool["MY-1"].name == "ember whelp"
    assert [(e.card, e.count) for e in deck.deck.cards] == [("MY-1", 4), ("PROV-003", 4)]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--ruler", "knite", "-o", "x.yaml"], "error: --ruler: unknown ruler 'knite' (the rulers: apprentice, knight, wizard)"),
        (["--ruler", "knight", "-o", "l.txt"], "error: l.txt: cannot write: it is the deck list this command reads; give another file"),
        (["--ruler", "knight", "-o", "old.yaml"], "error: old.yaml already exists; not overwriting it: give --force, or another --output"),
    ],
    ids=["unknown ruler", "over the list", "over a file"],
)  # fmt: skip
def test_bad_arguments_are_one_line_and_exit_code_2(tmp_path: Path, args: list[str], message: str) -> None:
    (tmp_path / "l.txt").write_text("4 Flame Bolt\n", encoding="utf-8")
    (tmp_path / "old.yaml").write_text("name: mine\n", encoding="utf-8")
    ran = gateruler("deck", "import", "l.txt", *args, cwd=tmp_path)
    assert (ran.returncode, ran.stderr.splitlines()) == (2, [message])
    assert (tmp_path / "old.yaml").read_text(encoding="utf-8") == "name: mine\n"


def ruler_option_help(command: list[str]) -> str:
    """The help text of `--ruler`, on one line however click wrapped it."""
    from click.testing import CliRunner

    from gateruler.cli import main

    out = CliRunner().invoke(main, [*command, "--help"], catch_exceptions=False).output
    lines = out[out.index("--ruler") :].splitlines()
    return " ".join(lines[0].split() + lines[1].split())


@pytest.mark.parametrize("command", [["deck", "import"], ["new", "deck"]], ids=["deck import", "new deck"])
def test_the_ruler_help_names_the_shipped_rulers(command: list[str]) -> None:
    shipped = sorted(load_yaml(p)["id"] for p in (ROOT / "gateruler" / "data" / "rulers").glob("*.yaml"))
    assert len(shipped) >= 3
    assert f"The deck's ruler: {', '.join(shipped[:-1])} or {shipped[-1]}." in ruler_option_help(command)


def test_a_ruler_the_command_accepts_is_one_its_help_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import attrs
    from click.testing import CliRunner

    from gateruler.cli import main

    rulers = loader.load_rulers()
    paladin = attrs.evolve(rulers["knight"], id="paladin", name="Paladin")
    monkeypatch.setattr(loader, "load_rulers", lambda: {**rulers, "paladin": paladin})
    assert "apprentice, knight, paladin or wizard." in ruler_option_help(["deck", "import"])
    (tmp_path / "l.txt").write_text("4 Flame Bolt\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    ran = CliRunner().invoke(main, ["deck", "import", "l.txt", "--ruler", "paladin", "-o", "p.yaml"])
    assert "unknown ruler" not in ran.output and (tmp_path / "p.yaml").exists()
