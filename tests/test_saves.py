"""Saved games: a save resumes exactly, and a bad save file is a one-line error naming it."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest
from factories import event, find_iid, fx, game, knight, level, on, pool, unit, yaml_cards

from gateruler import loader
from gateruler.engine import (
    ATTACK_LEFT,
    ATTACK_RIGHT,
    INVADER,
    PLAYER,
    Attack,
    Choose,
    ChooseCard,
    EndTurn,
    Game,
    GoToAttack,
    PlayEvent,
    Summon,
    action_from_dict,
)
from gateruler.engine.events import FIRST_FIELDS, padded
from gateruler.errors import DataError, GateRulerError
from gateruler.games import new_game
from gateruler.saves import SAVE_VERSION, GameOrigin, load_game, read_save, restore_game, save_game


def cards():
    return [
        unit("WALL", 1, 2, 6, 1),
        unit("KNIGHT", 1, 6, 2, 2),
        event("BOLT", on("on_play", fx("damage", "enemy_unit", amount=3)), level=1),
        unit("R-BIG", 2, 5, 5, 2),
        unit("R-MID", 1, 4, 4, 2),
        event("SPLIT", on("on_play", fx("split_damage", "all_enemy_units", amount=3)), level=1),
        event("AEGIS", on("on_play", fx("prevent_damage", "own_side")), level=0),
    ]


def fixture_game() -> Game:
    return game(
        cards=cards(),
        player=["WALL", "KNIGHT", "BOLT", "WALL"],
        rift=["R-BIG", "R-MID", "R-MID"],
        drives=2,
        atk=4,
        stk=2,
        seed=7,
    )


def restore(path: Path, g: Game) -> Game:
    data, text = read_save(path)
    return restore_game(path, data, text, pool=pool(cards()), rulers={"knight": knight()}, level=g.setup.level)


def play_on(g: Game) -> None:
    """A turn and a half of play, the same for every game it is given."""
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT if g.sides[PLAYER].board[ATTACK_LEFT] else 3, 0))
    g.apply(EndTurn())
    g.apply(EndTurn())


def test_a_restored_game_is_the_saved_game_and_continues_the_same(tmp_path):
    g = fixture_game()
    g.apply(Summon(find_iid(g, PLAYER, "hand", "KNIGHT"), ATTACK_LEFT))
    path = tmp_path / "game.json"
    save_game(path, g, GameOrigin(level_number=1))
    loaded = restore(path, g)
    assert loaded.to_dict() == g.to_dict()
    play_on(g)
    play_on(loaded)
    assert loaded.log == g.log
    assert loaded.to_dict() == g.to_dict()


def test_a_game_waiting_for_a_target_choice_saves_and_resumes(tmp_path):
    g = fixture_game()
    g.apply(PlayEvent(find_iid(g, PLAYER, "hand", "BOLT")))
    assert g.pending is not None
    path = tmp_path / "game.json"
    save_game(path, g, GameOrigin(level_number=1))
    loaded = restore(path, g)
    assert loaded.legal_actions() == g.legal_actions()
    loaded.apply(loaded.legal_actions()[-1])
    g.apply(g.legal_actions()[-1])
    assert loaded.log == g.log


def test_a_game_with_soul_waiting_for_a_zone_and_an_order_saves_and_resumes(tmp_path):
    extra = yaml_cards(
        """
        - {id: KEEPER, name: keeper, type: unit, level: 0, atk: 1, hp: 4, stk: 1, provenance: provisional,
           abilities: [{trigger: on_enter, effects: [{effect: add_soul, target: self, from: deck, count: 2}]}]}
        - {id: RAISE, name: raise, type: event, level: 0, provenance: provisional,
           abilities: [{trigger: on_play, effects: [{effect: look, count: 3, take: 0},
                                                    {effect: special_summon, target: own_graveyard_unit}]}]}
        """
    )
    every = [*cards(), *extra]
    g = game(cards=every, player=["KEEPER", "RAISE", "WALL", "WALL", "WALL", "WALL", "KNIGHT", "BOLT", "WALL"], seed=7)
    g.apply(Summon(find_iid(g, PLAYER, "hand", "KEEPER"), ATTACK_LEFT))
    keeper = g.unit_at(PLAYER, ATTACK_LEFT).iid
    g.destroy(PLAYER, ATTACK_LEFT)
    g.apply(Summon(find_iid(g, PLAYER, "hand", "WALL"), ATTACK_LEFT))
    g.apply(PlayEvent(find_iid(g, PLAYER, "hand", "RAISE")))
    path = tmp_path / "game.json"
    for kind, answer in (("order", None), ("card", ChooseCard(keeper)), ("zone", Choose(PLAYER, ATTACK_RIGHT))):
        assert g.pending.kind == kind
        save_game(path, g, GameOrigin(level_number=1))
        data, text = read_save(path)
        loaded = restore_game(path, data, text, pool=pool(every), rulers={"knight": knight()}, level=g.setup.level)
        assert loaded.to_dict() == g.to_dict() and loaded.legal_actions() == g.legal_actions()
        g.apply(answer or g.legal_actions()[0])
        loaded.apply(answer or loaded.legal_actions()[0])
        assert loaded.to_dict() == g.to_dict()
    assert g.soul_of(PLAYER, ATTACK_RIGHT) and g.unit_at(PLAYER, ATTACK_RIGHT).how == "special"


def test_a_game_waiting_for_a_split_with_a_prevention_armed_saves_and_resumes(tmp_path):
    g = game(cards=cards(), player=["AEGIS", "SPLIT"], rift=["R-BIG", "R-MID"], drives=2, seed=7)
    g.apply(PlayEvent(find_iid(g, PLAYER, "hand", "AEGIS")))
    g.apply(PlayEvent(find_iid(g, PLAYER, "hand", "SPLIT")))
    assert g.pending.kind == "split" and g.sides[PLAYER].shields
    path = tmp_path / "game.json"
    save_game(path, g, GameOrigin(level_number=1))
    loaded = restore(path, g)
    assert loaded.to_dict() == g.to_dict()
    for each in (g, loaded):
        each.apply(each.legal_actions()[1])
        each.apply(EndTurn())
    assert loaded.log == g.log


def test_a_save_names_its_format_version_and_origin(tmp_path):
    path = tmp_path / "saves" / "game.json"
    path.parent.mkdir()
    origin = GameOrigin(level_file=str(tmp_path / "levels" / "mine.yaml"), deck_file=str(tmp_path / "d.yaml"))
    save_game(path, fixture_game(), origin)
    data = json.loads(path.read_text())
    assert data["format"] == "gateruler-save"
    assert data["version"] == SAVE_VERSION
    # files named relative to the save, never by absolute path
    assert data["origin"] == {"level_number": None, "level_file": "../levels/mine.yaml", "deck_file": "../d.yaml"}
    assert data["game"]["level_file"] == "../levels/mine.yaml"
    assert data["game"]["player_deck"][:4] == ["WALL", "KNIGHT", "BOLT", "WALL"]


def test_saving_where_no_file_can_be_written_is_an_error_naming_the_file(tmp_path):
    path = tmp_path / "no-such-folder" / "game.json"
    with pytest.raises(GateRulerError, match=r"no-such-folder/game.json: cannot write the save file"):
        save_game(path, fixture_game(), GameOrigin(level_number=1))


def test_a_shipped_level_save_loads_through_the_loader(tmp_path):
    deck = loader.load_deck(loader.sample_deck_path("knight"))
    g = new_game(deck, loader.load_level(2), seed=11)
    g.apply(g.legal_actions()[0])
    path = tmp_path / "shipped.json"
    save_game(path, g, GameOrigin(level_number=2))
    loaded, origin = load_game(path)
    assert origin == GameOrigin(level_number=2)
    assert loaded.to_dict() == g.to_dict()


# ---------------------------------------------------------------------- saves of the previous engine
V1_SAVE = Path(__file__).parent / "data" / "v1-save-mid-resolution.json"
WALL = unit("WALL", 1, 1, 20, 1)
TWIN = event(
    "TWIN",
    on(
        "on_play",
        fx("damage", "enemy_unit", amount=3),
        fx("draw", "controller", amount=1),
        fx("modify", "own_ruler", atk=1),
    ),
    level=1,
)


def test_a_game_saved_by_the_previous_engine_mid_resolution_continues_exactly(tmp_path):
    """tests/data/v1-save-mid-resolution.json was written by the engine of game state version 1
    (before frames): TWIN's damage waits for its target, its draw and modify are still to come."""
    recorded = json.loads(V1_SAVE.read_text())
    assert recorded["state"]["version"] == 1
    path = tmp_path / "old.json"
    path.write_text(
        json.dumps({"format": "gateruler-save", "version": 1, "origin": {"level_number": 1}, "game": recorded["state"]})
    )
    data, text = read_save(path)
    g = restore_game(
        path, data, text, pool=pool([TWIN, WALL]), rulers={"knight": knight()}, level=level(["WALL", "WALL"], drives=2)
    )
    assert g.legal_actions() == [Choose(INVADER, ATTACK_LEFT), Choose(INVADER, ATTACK_RIGHT)]
    g.apply_all([action_from_dict(a) for a in recorded["actions"]])
    # the same log, each entry with the fields the log has gained since (its causes) after those recorded
    assert [e[: 3 + FIRST_FIELDS[e[1]]] for e in g.log] == [tuple(e) for e in recorded["log_after"]]
    assert [_as_version_1(s.to_dict()) for s in g.sides] == recorded["sides_after"]


def _as_version_1(side: dict) -> dict:
    """A side as version 1 saved it: without the state added since (the removed zone, one-shot preventions,
    granted keywords, soul, how units entered, face-down damage cards)."""
    side = {k: v for k, v in side.items() if k not in ("removed", "shields", "ruler_gained", "soul", "face_down")}
    side["board"] = [
        None if u is None else {k: v for k, v in u.items() if k not in ("gained", "how")} for u in side["board"]
    ]
    return side


BEFORE_CAUSES = Path(__file__).parent / "data" / "save-before-causes.json"
CNT_CARDS = [
    unit("WALL", 1, 2, 6, 1),
    unit("CNTP", 0, 1, 1, 1, on("cnt", fx("damage", "enemy_unit", amount=1))),
    unit("R-MID", 1, 4, 4, 2),
]


def test_a_save_from_before_the_log_named_causes_loads_and_its_check_goes_on(tmp_path):
    """tests/data/save-before-causes.json was written by the engine before log entries had causes, in the middle
    of the player's damage check of 2: its first card's CNT waits for its target, one card is still to come."""
    recorded = json.loads(BEFORE_CAUSES.read_text())
    path = tmp_path / "old.json"
    path.write_text(
        json.dumps({"format": "gateruler-save", "version": 1, "origin": {"level_number": 1}, "game": recorded["state"]})
    )
    data, text = read_save(path)
    g = restore_game(
        path,
        data,
        text,
        pool=pool(CNT_CARDS),
        rulers={"knight": knight()},
        level=level(["R-MID"] * 4, drives=2, atk=4, stk=2),
    )
    old = len(recorded["log"])
    assert g.log[:old] == [padded(e) for e in recorded["log"]]  # the fields added since are None
    g.apply(g.legal_actions()[0])
    since = [e for e in g.log[old:] if e[1] in ("damage_unit", "check")]
    cntp = find_iid(g, PLAYER, "graveyard", "CNTP")
    assert since[0][3:] == (
        g.sides[INVADER].board[ATTACK_LEFT].iid,
        1,
        1,
        cntp,
        "cnt",
    )  # the CNT's damage names its card
    assert since[1][1] == "check" and since[1][5:] == (
        None,
        None,
    )  # its place in the old check is not known: it is not told
    from gateruler.story import narrate

    assert any(n.kind == "check" and n.text.startswith("Damage check: ") for n in narrate(g))


def test_a_previous_save_whose_card_lost_the_waiting_effect_is_refused_in_one_line(tmp_path):
    recorded = json.loads(V1_SAVE.read_text())
    path = tmp_path / "old.json"
    path.write_text(
        json.dumps({"format": "gateruler-save", "version": 1, "origin": {"level_number": 1}, "game": recorded["state"]})
    )
    data, text = read_save(path)
    changed = event("TWIN", on("on_play", fx("damage", "enemy_unit", amount=4)), level=1)
    with pytest.raises(GateRulerError) as caught:
        restore_game(
            path,
            data,
            text,
            pool=pool([changed, WALL]),
            rulers={"knight": knight()},
            level=level(["WALL", "WALL"], drives=2),
        )
    assert str(caught.value).startswith(f"{path}: damaged save file: the card TWIN has no such effect any more")
    assert "\n" not in str(caught.value)


def test_a_level_file_with_its_own_cards_saves_and_loads(tmp_path):
    (tmp_path / "imps.cards.yaml").write_text(
        "cards:\n  - {id: IMP-1, name: test imp, type: unit, level: 1, atk: 2, hp: 2, stk: 1, provenance: provisional}\n"
    )
    level_file = tmp_path / "imps.yaml"
    level_file.write_text(
        "level: 7\nname: Imps\nhp: 10\natk: 3\nstk: 2\ncard_files: [imps.cards.yaml]\n"
        "cards:\n  - {card: IMP-1, count: 50}\n"
    )
    deck = loader.load_deck(loader.sample_deck_path("knight"))
    g = new_game(deck, loader.load_level(level_file), seed=3)
    path = tmp_path / "imps.json"
    save_game(path, g, GameOrigin(level_file=str(level_file)))
    loaded, _ = load_game(path)
    assert loaded.to_dict() == g.to_dict()


def _imps_game(folder: Path):
    (folder / "imps.cards.yaml").write_text(
        "cards:\n  - {id: IMP-1, name: test imp, type: unit, level: 1, atk: 2, hp: 2, stk: 1, provenance: provisional}\n"
    )
    level_file = folder / "imps.yaml"
    level_file.write_text(
        "level: 7\nname: Imps\nhp: 10\natk: 3\nstk: 2\ncard_files: [imps.cards.yaml]\n"
        "cards:\n  - {card: IMP-1, count: 50}\n"
    )
    deck = loader.load_deck(loader.sample_deck_path("knight"))
    return new_game(deck, loader.load_level(level_file), seed=3), level_file


def test_a_save_names_its_level_file_relative_to_itself_and_loads_after_both_move(tmp_path):
    import shutil

    here = tmp_path / "here"
    (here / "saves").mkdir(parents=True)
    g, level_file = _imps_game(here)
    save_game(here / "saves" / "imps.json", g, GameOrigin(level_file=str(level_file)))
    assert str(tmp_path) not in (here / "saves" / "imps.json").read_text()  # no absolute path to this machine's files
    shutil.move(here, tmp_path / "elsewhere")
    loaded, origin = load_game(tmp_path / "elsewhere" / "saves" / "imps.json")
    assert loaded.to_dict()["sides"] == g.to_dict()["sides"]
    assert origin.level_file == str(tmp_path / "elsewhere" / "imps.yaml")


def test_an_old_save_naming_its_level_file_by_absolute_path_still_loads(tmp_path):
    g, level_file = _imps_game(tmp_path)
    path = tmp_path / "imps.json"
    save_game(path, g, GameOrigin(level_file=str(level_file)))
    data = json.loads(path.read_text())
    data["origin"]["level_file"] = str(level_file.resolve())  # as saves were written before
    path.write_text(json.dumps(data))
    loaded, _ = load_game(path)
    assert loaded.to_dict()["sides"] == g.to_dict()["sides"]


# ---------------------------------------------------------------------- bad save files
def saved(tmp_path: Path, change=None) -> Path:
    """A good save file, optionally changed by `change(data)` before it is written."""
    path = tmp_path / "game.json"
    save_game(path, fixture_game(), GameOrigin(level_number=1))
    if change is not None:
        data = json.loads(path.read_text())
        change(data)
        path.write_text(json.dumps(data, indent=1))
    return path


def load_error(path: Path) -> str:
    with pytest.raises(GateRulerError) as caught:
        restore(path, fixture_game())
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(str(path))
    return message[len(str(path)) :]


def test_a_file_that_is_not_json_is_located(tmp_path):
    path = tmp_path / "game.json"
    path.write_text('{"format": "gateruler-save",\n  "version": 1 oops}\n')
    with pytest.raises(DataError) as caught:
        read_save(path)
    assert str(caught.value) == f"{path}:2:16: not valid JSON: Expecting ',' delimiter"


def test_a_truncated_file_says_it_is_cut_short(tmp_path):
    path = saved(tmp_path)
    path.write_text(path.read_text()[:500])
    assert load_error(path) == ":1:501: the save file is cut short"


def test_an_empty_file_and_a_missing_file(tmp_path):
    empty = tmp_path / "empty.json"
    empty.write_text("")
    assert load_error(empty) == ": the save file is empty"
    assert load_error(tmp_path / "nothing.json") == ": no such save file"


def test_json_that_is_not_a_save(tmp_path):
    path = tmp_path / "deck.json"
    path.write_text('{"name": "a deck"}')
    assert load_error(path) == ': not a gateruler save file (no "format": "gateruler-save")'


def test_a_save_from_a_newer_version_is_refused(tmp_path):
    path = saved(tmp_path, lambda d: d.update(version=SAVE_VERSION + 1))
    assert (
        load_error(path)
        == f": saved by a newer gateruler (save format version {SAVE_VERSION + 1}; this one reads up to {SAVE_VERSION})"
    )


def test_an_unknown_card_is_named_with_its_line(tmp_path):
    def rename(data):
        data["game"]["cards"][1] = "KNIGTH"
        data["game"]["player_deck"][1] = "KNIGTH"

    path = saved(tmp_path, rename)
    message = load_error(path)
    line = next(n for n, text in enumerate(path.read_text().splitlines(), 1) if '"KNIGTH"' in text)
    assert message.startswith(f":{line}:")
    assert message.endswith("unknown card 'KNIGTH' (did you mean KNIGHT?)")


def test_an_unknown_ruler(tmp_path):
    path = saved(tmp_path, lambda d: d["game"].update(ruler="jester"))
    assert load_error(path) == ": unknown ruler 'jester' (known: knight)"


def test_a_missing_part_of_the_state(tmp_path):
    path = saved(tmp_path, lambda d: d["game"].pop("sides"))
    assert load_error(path).endswith(': game: missing field "sides"')


def test_a_card_in_two_places_is_damage(tmp_path):
    path = saved(tmp_path, lambda d: d["game"]["sides"][0]["hand"].append(d["game"]["sides"][0]["deck"][0]))
    assert load_error(path) == ": damaged save file: the player's cards are missing or doubled"


def test_a_log_entry_naming_no_card_is_damage(tmp_path):
    path = saved(tmp_path, lambda d: d["game"]["log"].append([2, "draw", 0, 9999]))
    assert "names no card of this game" in load_error(path)


def test_a_save_must_say_which_level(tmp_path):
    path = saved(tmp_path, lambda d: d.update(origin={}))
    with pytest.raises(GateRulerError, match="must name either a shipped level number or a level file"):
        load_game(path)


def test_a_level_number_that_is_not_shipped_is_named_with_the_file(tmp_path):
    path = saved(tmp_path, lambda d: d.update(origin={"level_number": 9}))
    with pytest.raises(GateRulerError, match=f"^{path}: origin.level_number: there is no shipped level 9"):
        load_game(path)


def test_a_missing_level_file_is_named(tmp_path):
    gone = str(tmp_path / "gone.yaml")
    path = saved(tmp_path, lambda d: d.update(origin={"level_file": gone}))
    with pytest.raises(GateRulerError, match=f"the level file it was played on is missing: {gone}"):
        load_game(path)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda g: g["sides"][0].update(energy_ready="3"),
            "game.sides[0].energy_ready: must be an integer, not a string",
        ),
        (lambda g: g["sides"][1]["deck"].append(True), "game.sides[1].deck[{n}]: names no card of this game"),
        (lambda g: g.update(turn=10**12), "game.turn: must be 0 to 2,002, not 1000000000000"),
        (
            lambda g: g.update(phase="lunch"),
            'game.phase: must be "start" or "main" or "attack" or "end" or "over", not "lunch"',
        ),
        (lambda g: g.update(active=2), "game.active: must be 0 to 1, not 2"),
        (lambda g: g.update(seed="7"), "game.seed: must be an integer, not a string"),
        (lambda g: g["rng"][1].__setitem__(5, -1), "game.rng: is not the state of a random generator"),
        (lambda g: g["tasks"].append(["start", "player"]), "game.tasks[{n}][1]: must be an integer, not a string"),
        (lambda g: g["tasks"].append(["teleport", 0]), 'game.tasks[{n}]: unknown task "teleport"'),
        (lambda g: g["tasks"].append(["ctl", "attack"]), "game.tasks[{n}]: must be a list of 3 items, not 2"),
        (lambda g: g["log"].append([1, "summon", 0, 0, 7]), "game.log[{n}][4]: must be 0 to 2, not 7"),
        (lambda g: g["log"].append([1, "destroy", 0, 0, 0, 5]), "game.log[{n}][5]: must be a string, not an integer"),
        (
            lambda g: g["log"].append([1, "damage_unit", 0, 0, 1, 1, -3, "attack"]),
            "game.log[{n}][6]: names no card of this game",
        ),
        (
            lambda g: g["log"].append([1, "destroy", 0, 0, 0, "lethal", 7]),
            "game.log[{n}]: must be a list of 6 items, not 7",
        ),
        (lambda g: g["tasks"].append(["check", 0, 2, "all"]), "game.tasks[{n}][3]: must be an integer, not a string"),
        (lambda g: g["history"].append({"type": "Summon", "card": 0}), 'game.history[{n}]: missing field "slot"'),
        (lambda g: g.update(wind="strong"), "game.wind: unknown field"),
        (
            lambda g: g["sides"][0].update(shields=[[-3, 0, "any", 0]]),
            "game.sides[0].shields[0][0]: names no card of this game",
        ),
        (
            lambda g: g["history"].append({"type": "Split", "parts": [[1, 0]]}),
            "game.history[{n}].parts[0]: must be a list of 3 items, not 2",
        ),
    ],
)
def test_a_state_field_of_the_wrong_type_is_refused_when_loaded_not_mid_game(tmp_path, change, message):
    path = tmp_path / "game.json"
    g = fixture_game()
    play_on(g)
    save_game(path, g, GameOrigin(level_number=1))
    data = json.loads(path.read_text())
    lengths = {key: len(value) for key, value in data["game"].items() if isinstance(value, list)}
    change(data["game"])
    grown = next(
        (lengths[k] for k, v in data["game"].items() if isinstance(v, list) and len(v) != lengths.get(k)), None
    )
    grown = grown if grown is not None else len(data["game"]["sides"][1]["deck"]) - 1
    path.write_text(json.dumps(data, indent=1))
    shown = load_error(path)
    assert message.replace("{n}", str(grown)) in shown, shown
    assert shown[1:].split(":")[0].isdigit(), "the line of the value at fault is named"


def _queue(tmp_path: Path, task: object) -> Path:
    """A save of the fixture game with `task` added on top of its task stack."""
    path = tmp_path / "game.json"
    save_game(path, fixture_game(), GameOrigin(level_number=1))
    data = json.loads(path.read_text())
    data["game"]["tasks"].append(task)
    path.write_text(json.dumps(data))
    return path


def _wall(g: Game) -> int:
    return next(i for i, card in enumerate(g.setup.card_ids) if card == "WALL")


def test_a_queued_ability_that_is_not_its_cards_is_refused(tmp_path):
    frame = {
        "side": 0,
        "source": _wall(fixture_game()),
        "ability": 7,
        "step": 0,
        "answers": [],
        "bound": [],
        "event": [],
        "end": -1,
    }
    assert (
        load_error(_queue(tmp_path, frame))
        == ": damaged save file: a queued ability is not an ability of its card WALL"
    )


def test_a_version_1_effect_task_in_a_version_2_save_is_refused(tmp_path):
    effect = {
        "kind": "damage",
        "target": "enemy_ruler",
        "amount": 50,
        "atk": 0,
        "hp": 0,
        "stk": 0,
        "duration": "end_of_turn",
        "max_level": None,
        "to": "",
    }
    path = _queue(tmp_path, ["fx", 0, _wall(fixture_game()), effect])
    assert (
        load_error(path)
        == ": damaged save file: an effect queued as version 1 saves queued it, in a version 2 game state"
    )


def test_every_field_a_game_saves_is_declared_in_the_save_format():
    from gateruler.saves import GameState, SideState, UnitState

    g = fixture_game()
    play_on(g)
    state = g.to_dict()
    assert set(state) == {f.name for f in attrs.fields(GameState)}
    assert set(state["sides"][0]) == {f.name for f in attrs.fields(SideState)}
    unit_state = next(u for side in state["sides"] for u in side["board"] if u is not None)
    assert set(unit_state) == {f.name for f in attrs.fields(UnitState)}


def test_every_kind_of_value_a_log_entry_holds_is_one_a_save_checks():
    """A log record's field types (engine/events.py) are what a save's entry is checked against: a new
    kind of value needs its check in saves.LOG_VALUES, or an engine number would pass unbounded."""
    import typing

    from gateruler.engine import events
    from gateruler.saves import LOG_VALUES

    checked = {*LOG_VALUES, events.Card, events.CardOrRuler, str, bool}
    for record in events.KINDS.values():
        for name, kind in zip(record.FIELDS, record.TYPES):
            if typing.get_origin(kind) is typing.Literal:
                continue
            options = set(typing.get_args(kind)) - {type(None)} if typing.get_origin(kind) else {kind}
            assert options <= checked, f"{record.KIND}.{name}: {kind}"


def test_a_game_with_an_ability_used_this_turn_and_granted_keywords_saves_and_resumes(tmp_path):
    from factories import yaml_cards

    from gateruler.engine import RULER, Activate
    from gateruler.engine.keywords import PIERCE

    (gun,) = yaml_cards(
        "- {id: GUN, name: gun, type: unit, level: 0, atk: 1, hp: 3, stk: 1, provenance: provisional, abilities:"
        " [{trigger: activated, timing: quick, once_per_turn: true, effects: [{effect: grant, target: own_ruler, keyword: pierce}, {effect: grant, target: self, keyword: intercept, duration: permanent}]}]}"
    )
    g = game(cards=[*cards(), gun], player=["GUN"])
    g.apply(Summon(find_iid(g, PLAYER, "hand", "GUN"), ATTACK_LEFT))
    g.apply(Activate(g.unit_at(PLAYER, ATTACK_LEFT).iid, 0))
    path = tmp_path / "game.json"
    save_game(path, g, GameOrigin(level_number=1))
    data, text = read_save(path)
    loaded = restore_game(
        path, data, text, pool=pool([*cards(), gun]), rulers={"knight": knight()}, level=g.setup.level
    )
    assert loaded.to_dict() == g.to_dict()
    assert loaded.used == g.used and PIERCE in loaded.keywords(PLAYER, RULER)
    assert not any(type(a) is Activate for a in loaded.legal_actions())  # used this turn, and the save knows it
    assert loaded.history[-1] == Activate(g.unit_at(PLAYER, ATTACK_LEFT).iid, 0)


def test_a_game_waiting_in_a_window_of_the_rifts_turn_saves_and_resumes(tmp_path) -> None:
    """A window about the rift's ruler has no card (-1) and no ability: the save's checks accept it (engine/windows.py)."""
    from factories import find_iid, game, yaml_event

    from gateruler.engine import EndTurn, Pass, SetCard

    guard = yaml_event("GUARD", "{effect: prevent_damage, target: own_side}", level=1, card="timing: damage")
    g = game(cards=[guard], player=["GUARD"], drives=0, atk=1, stk=1)
    g.apply(SetCard(find_iid(g, PLAYER, "hand", "GUARD"), 0))
    g.apply(EndTurn())
    assert g.pending.kind == "window" and g.pending.source == -1  # the rift itself is about to attack
    path = tmp_path / "window.json"
    save_game(str(path), g, GameOrigin(level_number=1))
    again, _ = load_game(str(path), g.setup.pool)
    assert again.pending == g.pending
    for each in (g, again):
        each.apply(Pass())
    assert again.to_dict()["sides"] == g.to_dict()["sides"]
