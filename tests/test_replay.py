"""Replays: any game as a small file that re-runs to the same end, or says where it does not."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import attrs
import pytest
from test_batch import exploding_bot  # noqa: F401 - the fixture, shared

from gateruler import loader
from gateruler.batch import BatchSettings, GameSpec, run_batch
from gateruler.cardpool import CardPool
from gateruler.errors import DataError, GateRulerError
from gateruler.jsonsrc import FileError
from gateruler.replay import (
    REPLAY_FORMAT,
    card_data_hash,
    game_data_hash,
    read_replay,
    record_game,
    replay_data,
    rerun,
    spec_from_replay,
    write_replay,
)


def spec(level: int | str = 2) -> GameSpec:
    pool = loader.load_card_pool()
    rulers = loader.load_rulers()
    deck = loader.load_deck(loader.sample_deck_path("knight"))
    lvl = loader.load_level(Path(level) if isinstance(level, str) else level)
    return GameSpec(deck, rulers[deck.ruler], lvl, pool.for_level(lvl), 200, level, "decks/mine.yaml")


def saved(tmp_path: Path, data: dict, name: str = "game.json") -> Path:
    path = tmp_path / name
    write_replay(path, data)
    return path


@pytest.mark.parametrize("bot", ["greedy", "random", "search"])
def test_a_recorded_game_re_runs_to_the_same_end(tmp_path: Path, bot: str) -> None:
    data = record_game(spec(), seed=5, bot=bot, bot_seed=7, budget=3)
    check = rerun(saved(tmp_path, data))
    assert check.same, check.message
    assert check.message.startswith("ends the same way")
    assert check.notes == ()


def test_a_replay_is_small_and_says_what_made_the_game() -> None:
    data = record_game(spec(), seed=5, bot="greedy", bot_seed=7)
    assert len(json.dumps(data)) < 4000
    assert data["format"] == REPLAY_FORMAT
    assert data["seed"] == 5 and data["max_turns"] == 200
    assert data["bot"] == {"name": "greedy", "seed": 7, "budget": None}
    assert data["level"]["number"] == 2 and data["level"]["file"] is None
    assert data["deck"]["ruler"] == "knight" and data["deck"]["file"] == "decks/mine.yaml"
    assert sum(count for _, count in data["deck"]["cards"]) == 50
    assert data["engine_version"] and data["data_hash"] == game_data_hash(spec())
    assert data["result"]["outcome"] in ("cleared", "lost_damage", "lost_deck_out")


def test_a_game_on_an_authored_level_re_runs_from_its_level_file(tmp_path: Path) -> None:
    level_file = tmp_path / "my-level.yaml"
    shutil.copy(Path(loader.load_level(3).location.path), level_file)
    data = record_game(spec(str(level_file)), seed=1, bot="greedy", bot_seed=1)
    assert data["level"]["file"] == str(level_file.resolve())
    assert rerun(saved(tmp_path, data)).same


def test_a_changed_action_is_named_where_it_diverges(tmp_path: Path) -> None:
    data = record_game(spec(), seed=5, bot="greedy", bot_seed=7)
    data["actions"][2] = {"type": "EndTurn"}
    check = rerun(saved(tmp_path, data))
    assert not check.same
    assert check.message.startswith("diverges: action 3 (turn ")
    assert '{"type":"EndTurn"}' in check.message


def test_without_a_bot_an_illegal_recorded_action_is_where_it_diverges(tmp_path: Path) -> None:
    data = record_game(spec(), seed=5, bot="greedy", bot_seed=7)
    data["bot"] = None
    data["actions"][0] = {"type": "Summon", "card": 0, "slot": 0}
    check = rerun(saved(tmp_path, data))
    assert not check.same
    assert "diverges at action 1 (turn 2)" in check.message and "illegal action" in check.message


def test_without_a_bot_the_recorded_actions_alone_replay_the_game(tmp_path: Path) -> None:
    data = record_game(spec(), seed=5, bot="greedy", bot_seed=7)
    data["bot"] = None
    assert rerun(saved(tmp_path, data)).same


def test_missing_actions_at_the_end_are_a_divergence(tmp_path: Path) -> None:
    data = record_game(spec(), seed=3, bot="greedy", bot_seed=7)  # a game whose last action ends it (the rift wins)
    data["bot"] = None
    del data["actions"][-1]
    check = rerun(saved(tmp_path, data))
    assert not check.same and f"past the {len(data['actions'])} recorded actions" in check.message


def test_a_different_recorded_ending_is_a_divergence(tmp_path: Path) -> None:
    data = record_game(spec(), seed=5, bot="greedy", bot_seed=7)
    data["result"]["turn"] += 2
    check = rerun(saved(tmp_path, data))
    assert not check.same and "the recording ended" in check.message


def test_changed_card_data_is_noted(tmp_path: Path) -> None:
    data = record_game(spec(), seed=5, bot="greedy", bot_seed=7)
    data["data_hash"] = "0" * 16
    data["engine_version"] = "0.0.1"
    notes = rerun(saved(tmp_path, data)).notes
    assert "the card, ruler or level data differ from the recording" in notes
    assert any("recorded with gateruler 0.0.1" in n for n in notes)


def test_a_game_that_raised_replays_to_the_same_error(tmp_path: Path, exploding_bot: str) -> None:
    s = spec()
    record = run_batch([s], BatchSettings(bot=exploding_bot, seed=3, games=1)).levels[0].errors[0]
    data = replay_data(
        s,
        record.seed,
        list(record.actions),
        bot=exploding_bot,
        bot_seed=record.bot_seed,
        outcome="error",
        turn=0,
        error=record.message,
    )
    check = rerun(saved(tmp_path, data))
    assert check.same
    assert "the same error" in check.message and "RuntimeError: kaboom" in check.message


def test_a_recorded_error_that_no_longer_happens_is_a_divergence(tmp_path: Path) -> None:
    data = record_game(spec(), seed=5, bot="greedy", bot_seed=7)
    data["result"] = {"outcome": "error", "turn": 0, "error": "RuntimeError: kaboom"}
    check = rerun(saved(tmp_path, data))
    assert not check.same and "the recording raised RuntimeError: kaboom" in check.message


# ---------------------------------------------------------------------- hashes


def test_the_data_hash_changes_with_any_number_that_plays_and_nothing_else() -> None:
    s = spec()
    card = s.pool[s.deck.cards[0].card]
    stronger = attrs.evolve(card, atk=(card.atk or 0) + 1)
    renamed = attrs.evolve(card, names={"zh": "x"}, source="another source")
    assert game_data_hash(attrs.evolve(s, pool=s.pool.with_cards([stronger]))) != game_data_hash(s)
    assert game_data_hash(attrs.evolve(s, pool=s.pool.with_cards([renamed]))) == game_data_hash(s)
    assert card_data_hash(s.pool.with_cards([stronger])) != card_data_hash(s.pool)
    assert card_data_hash(CardPool(list(s.pool))) == card_data_hash(s.pool)


# ---------------------------------------------------------------------- bad replay files


def test_a_file_that_is_not_json_is_located(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "gateruler-replay",\n  "seed": oops}\n')
    with pytest.raises(DataError) as error:
        read_replay(path)
    assert str(error.value).startswith(f"{path}:2:")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="something-else"), ': not a gateruler replay (no "format": "gateruler-replay")'),
        (lambda d: d.update(version=99), ": unknown replay version 99"),
        (lambda d: d.update(seed="five"), ":{line}:{column}: seed: must be an integer, not a string"),
        (lambda d: d.update(seed=-1), ":{line}:{column}: seed: must be 0 to 9,223,372,036,854,775,807, not -1"),
        (lambda d: d.update(max_turns=10**9), ":{line}:{column}: max_turns: must be 1 to 1,000, not 1000000000"),
        (
            lambda d: d.update(bot={"name": "greedy", "seed": 1, "budget": 10**12}),
            ":{line}:{column}: bot.budget: must be 1 to 10,000",
        ),
        (
            lambda d: d["deck"].update(cards=[["PROV-001", 10**9]]),
            ":{line}:{column}: deck.cards[0][1]: must be 1 to 1,000",
        ),
        (
            lambda d: d["deck"].update(cards=[["PROV-001", 1000], ["PROV-002", 1]]),
            ":{line}:{column}: deck.cards: the deck has 1,001 cards",
        ),
        (lambda d: d.pop("actions"), ': missing field "actions"'),
        (lambda d: d["actions"].insert(0, {"type": "Fly"}), ':{line}:{column}: actions[0]: unknown action type "Fly"'),
        (
            lambda d: d["actions"].insert(0, {"type": "Summon", "card": 0, "slot": 0, "wings": 2}),
            ":{line}:{column}: actions[0].wings: unknown field (the fields are: card, slot)",
        ),
        (
            lambda d: d["actions"].insert(0, {"type": "Summon", "card": "0", "slot": 0}),
            ":{line}:{column}: actions[0].card: must be an integer",
        ),
    ],
)
def test_a_malformed_replay_is_one_line_naming_the_file_and_where_it_can_the_line(
    tmp_path: Path, change, message: str
) -> None:  # noqa: ANN001
    data = record_game(spec(), seed=5, bot="greedy", bot_seed=7)
    change(data)
    path = saved(tmp_path, data)
    with pytest.raises(GateRulerError) as error:
        read_replay(path)
    text = str(error.value)
    assert "\n" not in text
    assert text.startswith(str(path))
    shown = text[len(str(path)) :]
    if "{line}" in message:
        head, rest = shown[1:].split(":", 1)[0], shown[1:].split(":", 2)
        assert head.isdigit() and rest[1].isdigit(), shown
        message = message.replace("{line}", rest[0]).replace("{column}", rest[1])
    assert shown.startswith(message), shown


def test_a_replay_error_names_the_line_of_the_value_at_fault(tmp_path: Path) -> None:
    data = record_game(spec(), seed=5, bot="greedy", bot_seed=7)
    index = next(i for i, action in enumerate(data["actions"]) if "slot" in action)
    data["actions"][index]["slot"] = "left"
    path = saved(tmp_path, data)
    line = next(n for n, text in enumerate(path.read_text().splitlines(), 1) if '"left"' in text)
    with pytest.raises(DataError) as error:
        read_replay(path)
    assert (error.value.line, error.value.message) == (line, f"actions[{index}].slot: must be an integer, not a string")


def test_a_replay_budget_of_ten_to_the_twelve_is_refused_when_read(tmp_path: Path) -> None:
    data = record_game(spec(), seed=5, bot="greedy", bot_seed=7)
    data["bot"]["budget"] = 10**12
    with pytest.raises(DataError, match="bot.budget: must be 1 to 10,000, not 1000000000000"):
        rerun(saved(tmp_path, data))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["deck"].update(ruler="emperor"), "unknown ruler 'emperor'"),
        (lambda d: d["deck"]["cards"].append(["NOT-A-CARD", 1]), "a card this gateruler does not know: NOT-A-CARD"),
        (lambda d: d["deck"].update(cards=[["PROV-001"]]), "deck.cards[0]: must be a list of 2 items, not 1"),
        (lambda d: d.update(level={"number": None, "file": None}), "names no level"),
        (lambda d: d.update(level={"number": 9}), "level.number: there is no shipped level 9 (the levels are 1 to 6)"),
        (
            lambda d: d.update(level={"number": None, "file": "/no/such/level.yaml"}),
            "level file it was played on is missing",
        ),
    ],
)
def test_a_replay_naming_things_that_do_not_exist_is_one_line(tmp_path: Path, change, message: str) -> None:  # noqa: ANN001
    data = record_game(spec(), seed=5, bot="greedy", bot_seed=7)
    change(data)
    path = saved(tmp_path, data)
    with pytest.raises(GateRulerError) as error:
        spec_from_replay(path, read_replay(path))
    assert "\n" not in str(error.value) and str(error.value).startswith(str(path))
    assert message in str(error.value)


def test_a_missing_replay_file_is_said_so(tmp_path: Path) -> None:
    with pytest.raises(FileError, match="no such replay file"):
        read_replay(tmp_path / "none.json")


def test_a_replay_names_its_level_file_relative_to_itself_and_re_runs_after_both_move(tmp_path: Path) -> None:
    import subprocess
    import sys

    here = tmp_path / "here"
    (here / "replays").mkdir(parents=True)
    shutil.copy(Path(loader.load_level(3).location.path), here / "my-level.yaml")
    data = record_game(spec(str(here / "my-level.yaml")), seed=1, bot="greedy", bot_seed=1)
    write_replay(here / "replays" / "game.json", data)
    assert json.loads((here / "replays" / "game.json").read_text())["level"]["file"] == "../my-level.yaml"
    moved = tmp_path / "elsewhere"
    shutil.move(here, moved)
    done = subprocess.run(
        [sys.executable, "-m", "gateruler", "replay", str(moved / "replays" / "game.json")],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ends the same way" in done.stdout


def test_a_replay_naming_its_level_file_by_absolute_path_still_re_runs(tmp_path: Path) -> None:
    level_file = tmp_path / "my-level.yaml"
    shutil.copy(Path(loader.load_level(3).location.path), level_file)
    path = saved(tmp_path, record_game(spec(str(level_file)), seed=1, bot="greedy", bot_seed=1))
    data = json.loads(path.read_text())
    data["level"]["file"] = str(level_file.resolve())  # as replays were written before
    path.write_text(json.dumps(data))
    assert rerun(path).same
