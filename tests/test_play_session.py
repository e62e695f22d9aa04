"""The play conversation without a terminal: numbered choices, commands, undo, save and quit."""

from __future__ import annotations

import json
import random

import pytest
from factories import event, fx, game, knight, on, rich_game, unit

from gateruler.engine import ATTACK_LEFT, DEFENSE, INVADER, PLAYER, EndTurn, Game, GoToAttack
from gateruler.play_session import Line, PlaySession, build_menu, run
from gateruler.render import board_lines
from gateruler.saves import GameOrigin, read_save, restore_game


def cards():
    return [
        unit("WALL", 1, 2, 6, 1, keywords=["intercept"]),
        unit("KNIGHT", 1, 6, 2, 2),
        event("BOLT", on("on_play", fx("damage", "enemy_unit", amount=3)), level=1),
        unit("R-BIG", 2, 5, 5, 2),
        unit("R-MID", 1, 4, 4, 2),
    ]


def fixture_game(**level_args: object) -> Game:
    """Turn 2: the rift has R-BIG (left) and R-MID (right); the hand holds WALL, KNIGHT and BOLT, twice each."""
    level_args.setdefault("drives", 2)
    return game(cards=cards(), player=["WALL", "KNIGHT", "BOLT"] * 2, rift=["R-BIG", "R-MID"], **level_args)


def session(**level_args: object) -> PlaySession:
    return PlaySession(fixture_game(**level_args), GameOrigin(level_number=1))


def texts(lines: list[Line]) -> list[str]:
    return [line.text for line in lines]


def number_of(s: PlaySession, label: str) -> str:
    """What to type for the choice whose words start with `label`: its number, or its fixed letter."""
    letters = {"go to the attack phase": "a", "end the turn": "e"}
    if label in letters:
        return letters[label]
    _, choices = build_menu(s.game)
    return str(next(i for i, c in enumerate(choices, 1) if c.label.startswith(label)))


def end_turn(s: PlaySession) -> list[Line]:
    """End the turn, saying yes if asked whether to leave attackers or energy unused."""
    out = s.handle("e")
    return out + s.handle("y") if s.confirming is not None else out


def board_ids(s: PlaySession, side: int = PLAYER) -> list[str | None]:
    return [None if u is None else s.game.card(u.iid).id for u in s.game.sides[side].board]


# ---------------------------------------------------------------------- choosing by number
def test_the_first_screen_tells_the_story_so_far_then_board_and_choices():
    out = session(atk=4, stk=3).opening("Seed 0: replay this game with --seed 0.")
    shown = texts(out)
    assert 'Level 1 "test rift": the rift has LIFE 15, ATK 4, STK 3; 2 drives a turn.' in shown
    assert "Seed 0: replay this game with --seed 0." in shown
    assert "--- Turn 1: the rift's turn ---" in shown
    assert any(line.startswith("Turn 2: your turn, main phase") for line in shown)
    assert shown[-2:] == ["  a) go to the attack phase", "  e) end the turn"]
    assert [line.kind for line in out if line.text.startswith("--- Turn 1")] == ["rift"]


def test_a_card_for_several_zones_is_one_choice_that_asks_where():
    s = session()
    out = texts(s.handle(number_of(s, "summon knight")))
    assert out == [
        "Summon knight (cost 1): to which zone?",
        "  1) your left attack zone",
        "  2) your defense zone",
        "  3) your right attack zone",
        "  0) back",
    ]
    assert s.prompt() == "[1-3, 0 back, help]> "
    out = texts(s.handle("2"))
    assert "You summoned knight to your defense zone." in out
    assert board_ids(s) == [None, None, "KNIGHT"]


def test_both_answers_may_be_typed_at_once():
    s = session()
    s.handle(f"{number_of(s, 'summon wall')} 1")
    assert board_ids(s) == ["WALL", None, None]


def test_back_returns_to_the_first_list_without_acting():
    s = session()
    s.handle(number_of(s, "summon wall"))
    out = texts(s.handle("0"))
    assert out[0] == "Your main phase: what will you do?"
    assert s.game.history == []
    assert s.prompt() == "[1-4, a, e, help]> "


def test_an_attacker_with_several_targets_asks_which():
    s = session()
    s.handle(number_of(s, "go to the attack phase"))
    out = texts(s.handle(number_of(s, "attack with your ruler")))
    assert out[:4] == [
        "Attack with your ruler: which target?",
        "  1) the rift's r-big in its left attack zone",
        "  2) the rift's r-mid in its right attack zone",
        "  3) the rift itself",
    ]


def test_an_effect_that_must_choose_asks_for_its_target_by_number():
    s = session()
    out = texts(s.handle(number_of(s, "play bolt")))
    assert "bolt: deal 3 damage to which unit?" in out
    assert "  1) the rift's r-big in its left attack zone" in out
    out = texts(s.handle("2"))
    assert "The rift's r-mid takes 3 damage from bolt (3 in all)." in out


def test_splitting_damage_lists_every_way_by_number():
    flare = event("FLARE", on("on_play", fx("split_damage", "all_enemy_units", amount=2)), level=1)
    s = PlaySession(
        game(cards=[*cards(), flare], player=["FLARE"], rift=["R-BIG", "R-MID"], drives=2), GameOrigin(level_number=1)
    )
    out = texts(s.handle(number_of(s, "play flare")))
    assert "flare: split 2 damage among every enemy unit as you choose: how?" in out
    assert out[-3:] == [
        "  2) 1 to the rift's r-big in its left attack zone, 1 to the rift's r-mid in its",
        "      right attack zone",
        "  3) 2 to the rift's r-mid in its right attack zone",
    ]
    s.handle("2")
    assert [u.damage for u in s.game.sides[INVADER].board if u] == [1, 1]


def test_a_you_may_effect_lists_yes_and_no():
    gift = event("GIFT", on("on_play", fx("draw", "controller", amount=1, optional=True)), level=1)
    s = PlaySession(game(cards=[*cards(), gift], player=["GIFT"]), GameOrigin(level_number=1))
    out = texts(s.handle(number_of(s, "play gift")))
    assert out[-2:] == ["  1) yes", "  2) no"]


@pytest.mark.parametrize("typed", ["0", "abc", "1 1 1", "-3", "2.5", "7", "b"])
def test_bad_input_asks_again_and_changes_nothing(typed):
    s = session()
    before = s.game.to_dict()
    out = s.handle(typed)
    assert len(out) == 1 and out[0].kind == "error"
    assert out[0].text.endswith("Type a number from 1 to 4, a or e, or help.")
    assert s.game.to_dict() == before
    assert not s.finished


def test_an_empty_line_shows_the_choices_again():
    s = session()
    assert texts(s.handle(""))[0] == "Your main phase: what will you do?"


# ---------------------------------------------------------------------- commands
def test_help_lists_every_command():
    shown = "\n".join(texts(session().handle("help")))
    for command in ("board", "log [N]", "card NAME", "undo", "save FILE", "quit"):
        assert command in shown


def test_board_draws_the_board_and_the_choices():
    out = texts(session().handle("board"))
    assert out[0].startswith("Turn 2: your turn, main phase")
    assert out[-1] == "  e) end the turn"


def test_log_shows_the_last_events_default_ten():
    s = session()
    assert sum(line.text.startswith("turn ") for line in s.handle("log")) == 10
    three = texts(s.handle("log 3"))
    assert three == ["turn 2: You drew knight.", "turn 2: You drew bolt.", "turn 2: Main phase."]
    assert s.handle("log many")[0].kind == "error"


def test_card_finds_a_card_by_number_or_part_of_its_name():
    s = session()
    assert texts(s.handle("card KNIGHT"))[0] == "knight  [KNIGHT]"
    assert texts(s.handle("card wal"))[0] == "wall  [WALL]"
    ambiguous = s.handle("card r-")
    assert ambiguous[0].kind == "error" and "Several cards match 'r-'" in ambiguous[0].text
    assert texts(s.handle("card dragon")) == ["No card matches 'dragon'."]


# ---------------------------------------------------------------------- undo
def test_undo_goes_back_one_decision_at_a_time_within_the_turn():
    s = session()
    start = s.game.to_dict()
    s.handle(f"{number_of(s, 'summon wall')} 1")
    after_one = s.game.to_dict()
    s.handle(f"{number_of(s, 'summon knight')} 2")
    assert texts(s.handle("undo"))[0] == "Undone: summon knight (cost 1) to your defense zone."
    assert s.game.to_dict() == after_one
    s.handle("undo")
    assert s.game.to_dict() == start
    assert s.handle("undo")[0].text.startswith("Nothing to undo: this is the start of the game")


def test_undo_takes_back_an_event_waiting_for_its_target():
    s = session()
    s.handle(number_of(s, "play bolt"))
    assert s.game.pending is not None
    s.handle("undo")
    assert s.game.pending is None and s.game.history == []


def test_undo_after_the_rifts_turn_takes_back_the_end_of_your_turn_and_the_rifts_turn():
    s = session(atk=4, stk=3)
    s.handle(f"{number_of(s, 'summon wall')} 1")
    summoned = s.game.to_dict()
    end_turn(s)
    assert s.game.turn == 4
    out = texts(s.handle("undo"))
    assert out[0] == "Undone: end the turn (and the rift's turn after it)."
    assert s.game.to_dict() == summoned
    s.handle("undo")
    assert board_ids(s) == [None, None, None]
    assert s.handle("undo")[0].kind == "error"


# ---------------------------------------------------------------------- save and quit
def test_quit_with_nothing_to_lose_leaves_at_once():
    s = session()
    assert texts(s.handle("quit")) == ["Left the game."]
    assert s.finished


def test_quit_with_unsaved_changes_asks_first():
    s = session()
    s.handle(f"{number_of(s, 'summon wall')} 1")
    s.handle("quit")
    assert s.prompt() == "Quit without saving? [y/N, s saves to gateruler-autosave.json and quits]> "
    assert texts(s.handle("n"))[0] == "Not quitting."
    assert not s.finished
    s.handle("quit")
    s.handle("y")
    assert s.finished


def test_saving_clears_the_unsaved_state_and_undo_can_make_it_unsaved_again(tmp_path):
    s = session()
    s.handle(f"{number_of(s, 'summon wall')} 1")
    path = tmp_path / "g.json"
    saved = texts(s.handle(f"save {path}"))
    assert saved[0] == f"Saved to {path}." and " ".join(saved).endswith(f"gateruler play --load {path}")
    assert json.loads(path.read_text())["game"]["history"] == [{"type": "Summon", "card": 0, "slot": ATTACK_LEFT}]
    assert not s.unsaved
    s.handle("undo")
    assert s.unsaved
    s.handle("save")  # the same file again
    assert not s.unsaved
    assert json.loads(path.read_text())["game"]["history"] == []


def test_a_save_that_fails_is_reported_and_play_goes_on(tmp_path):
    s = session()
    out = s.handle(f"save {tmp_path}/missing/g.json")
    assert out[0].kind == "error" and "cannot write the save file" in out[0].text
    assert not s.finished
    assert s.handle("save")[0].text == "save needs a file name, e.g. save mygame.json."


# ---------------------------------------------------------------------- the end
def test_winning_ends_the_session_with_the_result():
    s = session(hp=1)
    s.handle(number_of(s, "go to the attack phase"))
    out = s.handle(f"{number_of(s, 'attack with your ruler')} 3")
    assert s.finished
    assert [line.text for line in out if line.kind == "result"][0].startswith("The game ended on turn 2")
    said = [line.text for line in out if "You win!" in line.text]
    assert said == ["You win!"], "the story says who won, once; the result says how"


# ---------------------------------------------------------------------- the loop
def test_the_loop_pauses_once_per_line_of_the_rifts_turn():
    s = session(atk=4, stk=3)
    typed = iter(["e", "y", "quit", "y"])
    shown: list[Line] = []
    pauses: list[int] = []
    code = run(s, read=lambda prompt: next(typed), write=shown.append, pause=lambda: pauses.append(len(shown)))
    assert code == 0
    rift = [i + 1 for i, line in enumerate(shown) if line.kind == "rift"]
    assert rift and pauses == rift


def test_ctrl_c_while_the_rift_plays_tells_the_rest_at_once():
    s = session(atk=4, stk=3)
    typed = iter(["e", "y", "quit", "y"])
    pauses = 0

    def pause() -> None:
        nonlocal pauses
        pauses += 1
        raise KeyboardInterrupt

    shown: list[Line] = []
    assert run(s, read=lambda prompt: next(typed), write=shown.append, pause=pause) == 0
    assert pauses == 1
    assert sum(line.kind == "rift" for line in shown) > 1


def test_input_that_ends_before_the_game_leaves_with_code_1():
    s = session()

    def read(prompt: str) -> str:
        raise EOFError

    shown: list[Line] = []
    assert run(s, read=read, write=shown.append) == 1
    assert shown[-1].text == "Input ended before the game did; left without saving."


def test_ctrl_c_asks_like_quit_and_a_second_one_leaves():
    s = session()
    s.handle(f"{number_of(s, 'summon wall')} 1")
    interrupts = 0

    def read(prompt: str) -> str:
        nonlocal interrupts
        interrupts += 1
        raise KeyboardInterrupt

    shown: list[Line] = []
    assert run(s, read=read, write=shown.append) == 130  # left by Ctrl-C, and the exit code says so
    assert interrupts == 2
    assert texts(shown)[-1] == "Left the game without saving."


@pytest.mark.parametrize("seed", range(8))
def test_random_typing_never_breaks_the_game(seed, tmp_path):
    """Every keyword, trigger and effect word, typed at by a monkey that also saves and reloads."""
    rng = random.Random(seed)
    s = PlaySession(rich_game(seed, stk=0, hp=30), GameOrigin(level_number=1))  # a rift slow to kill and be killed
    s.opening()
    typing = [
        "1",
        "2",
        "3",
        "0",
        "9",
        "1 1",
        "2 3",
        "undo",
        "board",
        "log",
        "log 3",
        "card p-",
        "help",
        "",
        "zzz",
        "back",
    ]
    for _ in range(400):
        if s.finished:
            break
        s.handle(rng.choice(typing) if rng.random() < 0.3 else str(rng.randint(1, 5)))
        assert all(len(line) <= 80 for line in board_lines(s.game, 80))
    path = tmp_path / "monkey.json"
    s.handle(f"save {path}")
    data, text = read_save(path)
    restored = restore_game(
        path, data, text, pool=s.game.setup.pool, rulers={"knight": knight()}, level=s.game.setup.level
    )
    assert restored.to_dict() == s.game.to_dict()


def test_a_defense_zone_summon_keeps_the_zone_order_of_the_board():
    s = session()
    _, choices = build_menu(s.game)
    knight = next(c for c in choices if c.label.startswith("summon knight"))
    assert [a.slot for _, a in knight.options] == [ATTACK_LEFT, DEFENSE, 1]


def test_the_briefing_is_read_from_the_levels_deck_and_names_its_special_rules():
    from gateruler import loader
    from gateruler.games import new_game

    deck = loader.load_deck(loader.sample_deck_path("knight"))
    s = PlaySession(new_game(deck, loader.load_level(1), 1), GameOrigin(level_number=1))
    opening = " ".join(texts(s.opening()))
    assert "Its deck is 50 cards: 50 units (20 of level 0, 10 of level 1, 20 of level 2)" in opening
    assert "None of its cards has CNT" in opening
    assert "Special rule: The rift's blue titan has no effect at all (no abilities, no CNT)." in opening


# ---------------------------------------------------------------------- the line mode's fixes (issue 15)
def test_the_phase_commands_keep_their_letters_whatever_the_menu_holds():
    s = session()
    assert s.phases == {"a": GoToAttack(), "e": EndTurn()}
    s.handle(f"{number_of(s, 'summon wall')} 1")
    s.handle(f"{number_of(s, 'summon knight')} 2")  # the menu shrinks: numbers move, letters do not
    assert "  a) go to the attack phase" in texts(s.menu())
    s.handle("a")
    assert s.game.phase == "attack"
    assert s.prompt().endswith(", e, help]> ") and "a" not in s.phases


def test_an_events_target_can_be_chosen_with_its_number_in_one_line():
    s = session()
    s.handle(f"{number_of(s, 'play bolt')} 2")
    assert s.game.pending is None
    assert [u.damage if u else None for u in s.game.sides[INVADER].board] == [0, 3, None]


def test_a_bad_target_number_in_one_line_changes_nothing():
    s = session()
    before = s.game.to_dict()
    out = s.handle(f"{number_of(s, 'play bolt')} 9")
    assert out[0].kind == "error" and "There is no target 9" in out[0].text
    assert s.game.to_dict() == before


def test_effect_targets_are_listed_in_the_order_of_attack_targets():
    three = game(
        cards=cards(), player=["BOLT", "KNIGHT"], rift=["R-BIG", "R-MID", "R-BIG"], drives=3
    )  # left, right, defense
    s = PlaySession(three, GameOrigin(level_number=1))
    s.handle(number_of(s, "play bolt"))
    effect_targets = [c.label for c in s.choices]
    s.handle("undo")
    s.handle("a")
    attack_targets = [
        label for label, _ in next(c for c in s.choices if c.label.startswith("attack with your ruler")).options
    ]
    assert effect_targets == [t for t in attack_targets if t != "the rift itself"]
    assert [t.split(" in its ")[1] for t in effect_targets] == ["left attack zone", "defense zone", "right attack zone"]


def test_ending_the_turn_with_ready_attackers_or_unspent_energy_asks_first():
    s = session()
    out = texts(s.handle("e"))
    assert out == ["Your ruler can still attack and 3 energy is unspent."]
    assert s.prompt() == "End the turn anyway? [y/N]> "
    assert texts(s.handle("n"))[0] == "The turn goes on."
    assert s.game.turn == 2
    s.handle("e")
    s.handle("y")
    assert s.game.turn == 4


def test_ending_the_turn_with_nothing_left_to_use_does_not_ask():
    s = session()
    s.handle("a")
    s.handle(f"{number_of(s, 'attack with your ruler')} 3")
    s.handle("e")
    assert s.confirming is None and s.game.turn == 4


def test_quit_can_save_to_the_autosave_file_and_leave(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s = session()
    s.handle(f"{number_of(s, 'summon wall')} 1")
    s.handle("quit")
    out = texts(s.handle("s"))
    assert s.finished and out[-1] == "Left the game."
    assert json.loads((tmp_path / "gateruler-autosave.json").read_text())["game"]["history"] == [
        {"type": "Summon", "card": 0, "slot": ATTACK_LEFT}
    ]


def test_ctrl_d_at_a_terminal_asks_like_quit_and_a_second_one_leaves():
    s = session()
    s.handle(f"{number_of(s, 'summon wall')} 1")
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        raise EOFError

    shown: list[Line] = []
    assert run(s, read=read, write=shown.append, eof_asks=True) == 0
    assert prompts[1].startswith("Quit without saving? [y/N, s saves to")
    assert texts(shown)[-1] == "Left the game without saving."


@pytest.mark.parametrize("command", ["help", "log 30", "card wall", "board"])
def test_what_a_command_prints_fits_the_width(command):
    s = session(atk=4, stk=3)
    s.width = 60
    assert all(len(line.text) <= 60 for line in s.handle(command)), command


def test_the_summary_at_the_end_fits_the_width():
    s = session(hp=1)
    s.width = 60
    s.handle("a")
    out = s.handle(f"{number_of(s, 'attack with your ruler')} 3")
    assert any(line.kind == "result" for line in out)
    assert all(len(line.text) <= 60 for line in out)


def test_the_replay_command_writes_a_replay_that_replay_reruns(tmp_path):
    from gateruler import loader
    from gateruler.games import new_game
    from gateruler.replay import read_replay, rerun

    deck = loader.load_deck(loader.sample_deck_path("knight"))
    s = PlaySession(new_game(deck, loader.load_level(2), 7), GameOrigin(level_number=2))
    s.handle("1 1")
    s.handle("e")
    s.handle("y")
    path = tmp_path / "g.replay.json"
    assert " ".join(texts(s.handle(f"replay {path}"))).startswith(f"Replay written to {path}.")
    result = read_replay(path).result
    assert (result.outcome, result.turn, result.error) == ("unfinished", s.game.turn, None)
    check = rerun(path)
    assert check.same, check.message
    s.handle("1")  # the replay follows the game as it goes on
    assert len(read_replay(path).actions) == len(s.game.history)


# ---------------------------------------------------------------------- activated abilities and discounts in words
def _ability_session() -> PlaySession:
    from factories import yaml_cards

    gunner, clock, whelp = yaml_cards(
        """
        - id: GUNNER
          name: gunner
          type: unit
          level: 1
          atk: 2
          hp: 3
          stk: 1
          provenance: provisional
          abilities:
            - {trigger: activated, timing: quick, once_per_turn: true, costs: [{cost: rest_self}], effects: [{effect: damage, target: enemy_unit, amount: 1}]}
        - id: CLOCK
          name: mist clock
          type: unit
          level: 5
          atk: 6
          hp: 6
          stk: 2
          provenance: provisional
          discount: {energy: 2, costs: [{cost: remove_from_graveyard, count: 1}]}
        - {id: WHELP, name: whelp, type: unit, level: 0, atk: 1, hp: 1, stk: 1, provenance: provisional}
        """
    )
    g = game(cards=[gunner, clock, whelp, *cards()], player=["GUNNER", "CLOCK", "WHELP"], rift=["R-BIG"], drives=1)
    g.apply(
        next(
            a
            for a in g.legal_actions()
            if type(a).__name__ == "Summon" and g.card(a.card).id == "WHELP" and a.slot == DEFENSE
        )
    )
    s = g.sides[PLAYER]
    whelp_iid = s.board[DEFENSE].iid
    s.board[DEFENSE] = None
    s.graveyard.append(whelp_iid)
    return PlaySession(g, GameOrigin(level_number=1))


def test_an_activated_ability_is_a_choice_that_says_its_timing_cost_and_effect():
    s = _ability_session()
    s.handle(f"{number_of(s, 'summon gunner')} 1")
    _, choices = build_menu(s.game)
    labels = [c.label for c in choices]
    assert (
        "use gunner's ability (Whenever you hold priority, once per turn, pay rest this unit): deal 1 damage to an enemy unit"
        in labels
    )
    out = _words(s.handle(number_of(s, "use gunner's ability")))
    assert "You use gunner's ability: Whenever you hold priority" in out
    assert s.game.unit_at(PLAYER, ATTACK_LEFT).rested and s.game.unit_at(INVADER, ATTACK_LEFT).damage == 1


def _words(lines: list[Line]) -> str:
    """The lines as one text, however they were wrapped."""
    return " ".join(" ".join(texts(lines)).split())


def test_a_discount_is_a_choice_that_says_what_it_pays_and_asks_where():
    s = _ability_session()
    out = _words(s.handle(number_of(s, "summon mist clock for its discount")))
    assert out.startswith(
        "Summon mist clock for its discount (rest 2 energy, remove 1 card in your graveyard from the game instead of cost 5): to which zone?"
    )
    s.handle("1")
    assert board_ids(s)[ATTACK_LEFT] == "CLOCK"


def test_card_shows_an_activated_ability_with_its_timing_and_cost_and_a_discount():
    s = _ability_session()
    shown = _words(s.handle("card gunner"))
    assert "Whenever you hold priority, once per turn, pay rest this unit: deal 1 damage to an enemy unit." in shown
    shown = _words(s.handle("card mist clock"))
    assert (
        "Discount: you may play it from your hand by paying rest 2 energy, remove 1 card in your graveyard from the game instead of its level."
        in shown
    )


# ---------------------------------------------------------------------- responding in the rift's turn (engine/windows.py)


def _window_session(auto_pass: bool = False) -> PlaySession:
    """Turn 2; the hand holds a quick event that destroys an enemy unit, set by the first decision; the rift drives R-BIG next."""
    from factories import yaml_cards

    (snap,) = yaml_cards(
        "- {id: SNAP, name: Snap, type: event, level: 1, timing: quick, provenance: provisional,"
        " abilities: [{trigger: on_play, effects: [{effect: destroy, target: enemy_unit}]}]}"
    )
    blank = event("BLANK")
    return PlaySession(
        game(cards=[*cards(), snap, blank], player=["SNAP"], rift=["BLANK", "R-BIG"], drives=1),
        GameOrigin(level_number=1),
        auto_pass=auto_pass,
    )


def test_the_rifts_turn_stops_to_ask_only_when_you_can_respond_and_says_what_is_about_to_happen() -> None:
    s = _window_session()
    s.handle(number_of(s, "set Snap"))
    out = texts(end_turn(s))
    assert s.game.active == INVADER and s.question == "The rift drove r-big: respond?"
    s.handle(number_of(s, "pass"))
    assert s.question == "r-big is about to attack (its target is not chosen yet): respond?"
    s.handle(number_of(s, "pass"))
    assert s.question == "r-big is about to attack you: respond?"
    assert any("respond" in line for line in out)


def test_responding_in_the_rifts_turn_plays_the_set_card() -> None:
    s = _window_session()
    s.handle(number_of(s, "set Snap"))
    end_turn(s)
    s.handle(number_of(s, "play Snap"))
    assert s.game.active == PLAYER and [s.game.card(i).id for i in s.game.sides[INVADER].graveyard] == [
        "BLANK",
        "R-BIG",
    ]


@pytest.mark.parametrize("start_on", [True, False])
def test_auto_pass_lets_the_rifts_turn_run_without_asking(start_on: bool) -> None:
    s = _window_session(auto_pass=start_on)
    s.handle(number_of(s, "set Snap"))
    if not start_on:
        end_turn(s)
        assert s.game.active == INVADER
        out = texts(s.handle("auto"))
        assert out[0].startswith("Auto-pass is on")
    else:
        end_turn(s)
    assert s.game.active == PLAYER and [s.game.card(i).id for i in s.game.sides[PLAYER].set_zones if i is not None] == [
        "SNAP"
    ]


# ---------------------------------------------------------------------- the windows that follow the gate (issue 22)


def test_the_questions_say_what_each_new_window_is_about() -> None:
    from factories import pass_until
    from test_engine_gate import NYARL
    from test_engine_windows import BLANK, SNAP

    g = game(cards=[*cards(), SNAP, NYARL, BLANK], player=["SNAP"], rift=["R-MID", "NYARL", "BLANK"], drives=1)
    pass_until(g, None)
    s = PlaySession(g, GameOrigin(level_number=1))
    s.handle(number_of(s, "set snap"))
    end_turn(s)
    assert s.question == "The rift's turn is starting: respond?"
    s.handle(number_of(s, "pass"))
    assert s.question == "The rift is about to play nyarl: respond?"
    s.handle(number_of(s, "pass"))
    assert s.question == "nyarl's ability is about to resolve (Destroy every card in the enemy's set zones): respond?"


def test_the_choice_to_set_a_card_driven_outside_the_main_phase_is_asked_even_under_auto_pass() -> None:
    from factories import apprentice, find_iid, pass_until
    from test_engine_gate import DRAWER, OD_BOLT

    g = game(cards=[DRAWER, OD_BOLT], player=["DRAWER", "DRAWER", "ODBOLT"], ruler=apprentice())
    pass_until(g, None)
    s = PlaySession(g, GameOrigin(level_number=1), auto_pass=True)
    s.handle(number_of(s, "summon drawer"))
    s.handle("1")  # into the left attack zone
    s.handle("a")
    out = texts(s.handle(number_of(s, "attack")))
    assert s.question == "You drove od bolt outside your main phase: set it?"
    assert any(line.endswith("pass: reveal it (its OD resolves)") for line in out)
    s.handle(number_of(s, "set od bolt"))
    assert s.game.sides[PLAYER].set_zones[0] == find_iid(s.game, PLAYER, "set_zones", "ODBOLT")
