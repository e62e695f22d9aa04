"""A save of a state no game can reach is refused when it is loaded, in one line; every reachable state loads.

The impossible saves are a real save, changed one field at a time as a
careless or hostile hand would; each row is `gateruler play --load` as a real
process in the long run and in-process in the normal run
(tests/processes.py).  Random legal games, checked after every action, show
that the checks never refuse a state the engine reaches.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from processes import Row, run_in_process, table_tests
from test_engine_properties import FIXTURES, RULERS, pick

from gateruler import loader
from gateruler.engine import PLAYER
from gateruler.games import new_game
from gateruler.save_checks import impossible
from gateruler.saves import GameOrigin, save_game

DECK = loader.sample_deck_path("knight")


def _player(data: dict) -> dict:
    return data["game"]["sides"][PLAYER]


def _unit(data: dict) -> dict:
    return next(u for u in _player(data)["board"] if u is not None)


def _damage_reaching_life(data: dict) -> None:
    side = _player(data)
    more = 11 - len(side["damage_zone"])  # the Knight's LIFE
    side["damage_zone"] += side["deck"][:more]
    del side["deck"][:more]


def _negative_energy(data: dict) -> None:
    _player(data).update(energy=-3, energy_ready=0)


def _set(where: Callable[[dict], dict], key: str, value: Any) -> Callable[[dict], None]:
    return lambda data: where(data).__setitem__(key, value)


def _game(data: dict) -> dict:
    return data["game"]


DAMAGED = "error: {path}: damaged save file: "
CHANGES: list[tuple[str, Callable[[dict], None], str, bool]] = [
    (
        "damage past LIFE",
        _damage_reaching_life,
        DAMAGED + "the player's damage zone has reached its LIFE (11 of 11) and the game goes on",
        True,
    ),
    ("negative energy", _negative_energy, DAMAGED + "the player has negative energy (0 ready of -3)", False),
    (
        "negative summons",
        _set(_player, "summons", -1),
        DAMAGED + "the player has a negative count of summons (-1)",
        False,
    ),
    (
        "ready energy above energy",
        _set(_player, "energy_ready", 9),
        DAMAGED + "the player has more energy ready (9) than energy (3)",
        False,
    ),
    (
        "50 set zones",
        lambda data: _player(data).__setitem__("set_zones", _player(data)["set_zones"] + [None] * 48),
        DAMAGED + "the player has 50 set zones, not 2",
        False,
    ),
    (
        "a unit's damage above its HP",
        _set(_unit, "damage", 99),
        DAMAGED + "the player's unit in the left attack zone has 99 damage and HP 3, and is still on the board",
        False,
    ),
    (
        "a unit's negative damage",
        _set(_unit, "damage", -1),
        DAMAGED + "the player's unit in the left attack zone has negative damage (-1)",
        False,
    ),
    (
        "a unit entered in a future turn",
        _set(_unit, "entered_turn", 9),
        DAMAGED + "the player's unit in the left attack zone entered on turn 9, after this turn (2)",
        False,
    ),
    (
        "a ruler that is not the deck's",
        _set(_game, "ruler", "apprentice"),
        DAMAGED + "the player has 3 energy, not the Apprentice's 0: the save's ruler is not the one it was played with",
        False,
    ),
    (
        "a ruler of the same energy and zones that is not the deck's",
        _set(_game, "ruler", "wizard"),
        DAMAGED
        + "the player drew 4 cards at set-up, not the Wizard's 2: the save's ruler is not the one it was played with",
        False,
    ),
    ("a turn past the turn cap", _set(_game, "turn", 250), DAMAGED + "it is turn 250, past the turn cap of 200", True),
    (
        "variants as a list",
        lambda data: data.__setitem__("variants", ["unit_damage"]),
        "{path}:1:{at}: variants: must be an object, not a list",
        False,
    ),
    (
        "variants as a string",
        lambda data: data.__setitem__("variants", "clears"),
        "{path}:1:{at}: variants: must be an object, not a string",
        False,
    ),
]
TEXT_CHANGES: list[tuple[str, Callable[[str], str], str]] = [
    (
        "a name given twice",
        lambda text: text.replace('"turn":', '"turn":3,"turn":', 1),
        '{path}:1:{at}: the name "turn" is given twice in one object',
    ),
    (
        "a lone surrogate in the deck name",
        lambda text: text.replace('"deck_name":"Knight sample"', '"deck_name":"Knight \\ud800"', 1),
        "{path}:1:{at}: a string holds half of a UTF-16 pair (an escape such as \\ud800 alone), which is not text",
    ),
]


def _base_save(place: Path) -> str:
    game = new_game(loader.load_deck(DECK), loader.load_level(1), seed=4)
    for _ in range(6):  # a unit summoned, a turn ended
        game.apply(game.legal_actions()[0])
    save_game(place / "base.json", game, GameOrigin(level_number=1))
    return (place / "base.json").read_text()


def _rows(place: Path | None = None) -> list[Row]:
    """One row per change; with `place`, the changed saves are written there and the messages located."""
    rows = []
    text = _base_save(place) if place is not None else ""
    for name, change, message, quick in CHANGES:
        file = f"{name.replace(' ', '-').replace(chr(39), '')}.json"
        if place is not None:
            data = json.loads(text)
            change(data)
            written = json.dumps(data, separators=(",", ":"))
            (place / file).write_text(written)
            message = message.format(path=file, at=written.find('"variants"') + 1)
        rows.append(Row(name, ("play", "--load", file, "--plain"), message=message, stdin="quit\ny\n", quick=quick))
    for name, change, message in TEXT_CHANGES:
        file = f"{name.replace(' ', '-')}.json"
        if place is not None:
            written = change(text)
            assert written != text
            (place / file).write_text(written)
            at = (
                written.find('"turn":3,"turn":') + len('"turn":3,') + 1
                if "twice" in name
                else written.find("\\ud800") + 1
            )
            message = message.format(path=file, at=at)
        rows.append(Row(name, ("play", "--load", file, "--plain"), message=message, stdin="quit\ny\n"))
    return rows


ROWS = _rows()


(
    test_an_impossible_save_is_refused_in_one_line_when_loaded,
    test_every_impossible_save_is_the_same_line_in_process,
) = table_tests(ROWS, lambda place: {row.id: row for row in _rows(place)})


def test_the_save_the_rows_change_loads_as_it_is(tmp_path: Path) -> None:
    place = tmp_path
    _base_save(place)
    ran = run_in_process(Row("as saved", ("play", "--load", "base.json", "--plain"), stdin="quit\ny\n", code=0), place)
    assert ran.code == 0, ran.err


# ---------------------------------------------------------------------- no reachable state is refused


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**31),
    choice_seed=st.integers(0, 2**31),
    ruler=st.sampled_from(sorted(RULERS)),
    fixture=st.sampled_from(sorted(FIXTURES)),
    rift=st.tuples(st.integers(2, 15), st.integers(0, 3)),
)
def test_no_state_of_a_random_legal_game_is_called_impossible(
    seed: int, choice_seed: int, ruler: str, fixture: str, rift: tuple[int, int]
) -> None:
    game = FIXTURES[fixture](seed, RULERS[ruler], max_turns=15, hp=rift[0], stk=rift[1])
    rng = random.Random(choice_seed)
    while True:
        assert impossible(game) == "", f"after {game.history[-3:]}"
        if game.over:
            break
        game.apply(pick(game.legal_actions(), rng))


@pytest.mark.parametrize("deck", ["knight", "wizard", "apprentice"])
def test_no_state_of_a_shipped_deck_against_a_shipped_level_is_called_impossible(deck: str) -> None:
    rng = random.Random(deck)
    for level in range(1, 7):
        game = new_game(
            loader.load_deck(loader.sample_deck_path(deck)), loader.load_level(level), seed=level, max_turns=30
        )
        while not game.over:
            assert impossible(game) == ""
            game.apply(pick(game.legal_actions(), rng))
        assert impossible(game) == ""
