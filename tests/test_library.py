"""A player's card libraries: files and folders of their own cards join the shipped ones, and say so in results."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from gateruler.errors import DataErrors, GateRulerError
from gateruler.library import (
    ENV_VAR,
    MAX_FOLDER_FILES,
    embedded_cards,
    embedded_groups,
    library_paths,
    load_library,
    user_library_folder,
    user_library_paths,
    with_embedded,
    with_embedded_groups,
)
from gateruler.loader import load_card_pool

MINE = """\
cards:
  - id: MY-001
    name: ember whelp
    names: {ja: 残り火の仔竜}
    type: unit
    level: 1
    atk: 3
    hp: 3
    stk: 1
    provenance: published
    source: my own copy
"""

CORRECTED = """\
cards:
  - id: PROV-001
    replaces: true
    name: Shield Sentry
    type: unit
    level: 1
    atk: 3
    hp: 7
    stk: 1
    provenance: published
    source: the printed card
"""


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_a_players_card_file_adds_its_cards_to_the_shipped_ones(tmp_path: Path) -> None:
    pool = load_library([write(tmp_path, "mine.yaml", MINE)])
    assert pool["MY-001"].name == "ember whelp" and "PROV-001" in pool
    assert "MY-001" not in load_card_pool()


def test_the_pool_remembers_the_file_and_the_definition_as_written(tmp_path: Path) -> None:
    path = write(tmp_path, "mine.yaml", MINE)
    pool = load_library([path])
    (record,) = pool.library_files
    assert (record.path, record.cards, record.replaces) == (str(path), ("MY-001",), ())
    assert len(record.sha256) == 64
    assert pool.user_card("MY-001").definition["names"] == {"ja": "残り火の仔竜"}
    assert pool.user_card("PROV-001") is None


def test_a_folder_means_every_card_file_under_it_in_sorted_order(tmp_path: Path) -> None:
    write(tmp_path / "lib", "b/second.yaml", MINE.replace("MY-001", "MY-002"))
    write(tmp_path / "lib", "a.yml", MINE)
    write(tmp_path / "lib", ".hidden.yaml", "not: cards\n")
    write(tmp_path / "lib", "notes.txt", "anything")
    write(tmp_path / "lib", "my-deck.yaml", "name: d\nruler: knight\ncards: []\n")  # decks may sit beside cards
    pool = load_library([tmp_path / "lib"])
    assert [Path(f.path).name for f in pool.library_files] == ["a.yml", "second.yaml"]


def test_a_card_whose_id_is_not_a_string_is_a_located_error_not_a_crash(tmp_path: Path) -> None:
    path = write(tmp_path, "odd.yaml", MINE.replace("id: MY-001", "id: [MY, 1]"))
    with pytest.raises(DataErrors) as caught:
        load_library([path])
    assert [str(e) for e in caught.value.errors] == [f"{path}:2:9: 'id' must be a string (got a list ['MY', 1])"]


def test_a_file_named_twice_is_read_once(tmp_path: Path) -> None:
    path = write(tmp_path / "lib", "mine.yaml", MINE)
    pool = load_library([tmp_path / "lib", path, Path(os.path.relpath(path))])
    assert len(pool.library_files) == 1


def test_replaces_puts_the_players_card_in_place_of_the_shipped_one(tmp_path: Path) -> None:
    pool = load_library([write(tmp_path, "fix.yaml", CORRECTED)])
    card = pool["PROV-001"]
    assert (card.hp, card.is_provisional) == (7, False)
    assert pool.user_card("PROV-001").replaced == load_card_pool()["PROV-001"]
    assert pool.library_files[0].replaces == ("PROV-001",)


def test_a_replaced_rift_card_becomes_playable(tmp_path: Path) -> None:
    assert not load_card_pool()["2020GB01-127"].player_may_use
    text = CORRECTED.replace("PROV-001", "2020GB01-127").replace("Shield Sentry", "omen moth")
    assert load_library([write(tmp_path, "moth.yaml", text)])["2020GB01-127"].player_may_use


def test_embedded_cards_carry_the_players_cards_to_another_pool(tmp_path: Path) -> None:
    pool = load_library([write(tmp_path, "mine.yaml", MINE), write(tmp_path, "fix.yaml", CORRECTED)])
    carried = json.loads(json.dumps(embedded_cards(pool, ["MY-001", "PROV-001", "PROV-002"])))
    assert [d["id"] for d in carried] == ["MY-001", "PROV-001"]
    elsewhere = with_embedded(load_card_pool(), carried, "game.json")
    assert elsewhere["MY-001"] == pool["MY-001"] and elsewhere["PROV-001"].hp == 7
    assert [u.card.id for u in elsewhere.user_cards()] == ["MY-001", "PROV-001"]


def test_a_bad_embedded_card_is_a_located_error() -> None:
    with pytest.raises(DataErrors) as caught:
        with_embedded(
            load_card_pool(),
            [{"id": "X", "name": "x", "type": "unit", "level": 1, "provenance": "published"}],
            "game.json",
        )
    assert [str(e) for e in caught.value.errors][
        0
    ] == "game.json (its embedded cards):2:2: missing required field 'atk'"


NAMES = """\
cards:
  - id: MY-GOLEM
    name: clay golem
    type: unit
    level: 1
    atk: 1
    hp: 4
    stk: 1
    attributes: [ゴーレム]
    provenance: published
attributes:
  - name: Golem
    names: {ja: ゴーレム}
  - name: Military
    names: {fr: Militaire}
"""


def test_a_players_card_file_gives_attributes_names_of_its_own_and_adds_to_the_shipped_ones(tmp_path: Path) -> None:
    pool = load_library([write(tmp_path, "names.yaml", NAMES)])
    assert pool.groups.attribute_names("Golem") == {"golem", "ゴーレム"}
    assert pool.groups.attribute_names("ミリタリー") == {"military", "ミリタリー", "militaire"}
    assert load_card_pool().groups.attribute_names("Golem") == {"golem"}  # the shipped pool is untouched


def test_a_filter_matches_a_card_by_an_attribute_name_the_players_file_gives(tmp_path: Path) -> None:
    from factories import game, play, summon, yaml_event

    from gateruler.engine import ATTACK_LEFT, PLAYER

    pool = load_library([write(tmp_path, "names.yaml", NAMES)])
    rally = yaml_event("RALLY", "{effect: modify, target: {all: {side: own, attribute: Golem}}, atk: 1}")
    g = game(cards=[rally, pool["MY-GOLEM"]], player=["MY-GOLEM", "RALLY"], groups=pool.groups)
    summon(g, "MY-GOLEM", ATTACK_LEFT)
    play(g, "RALLY")
    assert g.atk(PLAYER, ATTACK_LEFT) == 2


def test_an_entry_naming_two_known_attributes_is_a_located_error(tmp_path: Path) -> None:
    path = write(tmp_path, "bad.yaml", "cards: []\nattributes:\n  - name: Beast\n    names: {ja: ドラゴン}\n")
    with pytest.raises(DataErrors) as caught:
        load_library([path])
    assert [str(e) for e in caught.value.errors] == [
        f"{path}:3:5: attribute 'Beast' has names of 2 different attributes ('Beast', 'Dragon'); "
        "give each attribute its own entry"
    ]


def test_embedded_names_carry_the_players_attribute_names_to_another_pool(tmp_path: Path) -> None:
    pool = load_library([write(tmp_path, "names.yaml", NAMES)])
    carried = json.loads(json.dumps(embedded_groups(pool)))
    assert carried == {
        "attributes": [
            {"name": "Golem", "names": {"ja": "ゴーレム"}},
            {"name": "Military", "names": {"fr": "Militaire"}},
        ],
        "factions": [],
    }
    elsewhere = with_embedded_groups(load_card_pool(), carried, "game.json")
    assert elsewhere.groups.attribute_names("Militaire") == {"military", "ミリタリー", "militaire"}
    assert embedded_groups(load_card_pool()) is None


def test_the_user_library_is_the_folder_gateruler_cards_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, f"{tmp_path / 'a'}{os.pathsep}{tmp_path / 'b.yaml'}")
    (tmp_path / "a").mkdir()
    write(tmp_path, "b.yaml", MINE)
    assert user_library_paths() == [tmp_path / "a", tmp_path / "b.yaml"]
    assert library_paths([str(tmp_path / "b.yaml")]) == [tmp_path / "a", tmp_path / "b.yaml", tmp_path / "b.yaml"]


def test_an_empty_gateruler_cards_means_no_user_library() -> None:
    assert os.environ[ENV_VAR] == "" and user_library_paths() == []


def test_without_gateruler_cards_the_platforms_user_data_folder_is_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(ENV_VAR)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))  # platformdirs' user data folder on Linux
    if user_library_folder() != tmp_path / "gateruler" / "cards":
        pytest.skip("the user data folder is not set by XDG_DATA_HOME on this platform")
    assert user_library_paths() == []  # absent: nothing to read
    (tmp_path / "gateruler" / "cards").mkdir(parents=True)
    assert user_library_paths() == [tmp_path / "gateruler" / "cards"]


@pytest.mark.parametrize(
    ("env", "options", "message"),
    [
        ("{tmp}/nowhere", [], "GATERULER_CARDS: no such file or folder: {tmp}/nowhere"),
        ("", ["nowhere.yaml"], "--cards: no such file or folder: nowhere.yaml"),
    ],
    ids=["gateruler-cards", "option"],
)
def test_a_library_path_that_does_not_exist_is_an_error(
    env: str, options: list[str], message: str, tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.setenv(ENV_VAR, env.format(tmp=tmp_path))
    monkeypatch.chdir(tmp_path)
    with pytest.raises(GateRulerError) as caught:
        library_paths(options)
    assert str(caught.value) == message.format(tmp=tmp_path)


def test_a_folder_of_too_many_files_is_an_error(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr("gateruler.library.MAX_FOLDER_FILES", 2)
    for n in range(3):
        write(tmp_path / "lib", f"{n}.yaml", "cards: []\n")
    with pytest.raises(GateRulerError, match=r"lib: more than 2 card files in one folder; name fewer with --cards$"):
        load_library([tmp_path / "lib"])
    assert MAX_FOLDER_FILES == 1000


def test_validating_a_file_of_the_library_does_not_clash_with_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from click.testing import CliRunner

    from gateruler.cli import main

    write(tmp_path / "lib", "fix.yaml", CORRECTED)
    write(tmp_path / "lib", "mine.yaml", MINE)
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "lib"))
    result = CliRunner().invoke(
        main, ["validate", str(tmp_path / "lib" / "fix.yaml"), str(tmp_path / "lib" / "mine.yaml")]
    )
    assert (result.exit_code, result.output) == (0, "checked 2 files: 0 errors, 0 warnings\n")


def test_a_shipped_card_file_named_as_a_library_is_the_shipped_cards_not_a_clash(tmp_path: Path) -> None:
    """--cards gateruler/data/cards (or one of its files) names the shipped cards themselves."""
    import subprocess
    import sys

    from gateruler.reading.sources import CARDS_DIR

    for named in (CARDS_DIR, CARDS_DIR / "player-provisional.yaml"):
        ran = subprocess.run(
            [sys.executable, "-m", "gateruler", "card", "Flame Bolt", "--cards", str(named)],
            capture_output=True,
            text=True,
            check=False,
            timeout=120,
        )
        assert (ran.returncode, ran.stderr) == (0, "")
        assert ran.stdout.startswith("Flame Bolt  [PROV-003]")
    assert load_library([CARDS_DIR]).library_files == ()


def test_a_file_reached_through_a_symlink_is_read_once(tmp_path: Path) -> None:
    path = write(tmp_path / "lib", "mine.yaml", MINE)
    (tmp_path / "also.yaml").symlink_to(path)
    pool = load_library([path, tmp_path / "also.yaml"])
    assert len(pool.library_files) == 1 and "MY-001" in pool


def test_a_folder_that_cannot_be_listed_is_an_error_not_an_empty_library(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As a user without the right to read it meets it (faked: the tests may run as root, who reads anything)."""
    locked = tmp_path / "locked"
    write(locked, "mine.yaml", MINE)
    listing = os.scandir

    def scandir(path):  # noqa: ANN001, ANN202
        if Path(path) == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return listing(path)

    monkeypatch.setattr(os, "scandir", scandir)
    with pytest.raises(GateRulerError) as caught:
        load_library([locked])
    assert str(caught.value) == f"{locked}: cannot read this folder of card files: Permission denied"
