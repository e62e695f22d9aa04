"""The full-screen board, driven through Textual's own test harness (App.run_test and its pilot).

Few and focused: each test plays what a person does with keys and clicks and
checks the game (the session's state), not pixels; the two snapshot tests pin
what the board looks like at 80x24 and 120x40 on fixed seeds.
"""

from __future__ import annotations

import asyncio
import json

from textual.widgets import OptionList, RichLog, Static

from gateruler import loader
from gateruler.board import BoardApp, Confirm, UnitCell, Watcher
from gateruler.bots import make_bot
from gateruler.engine import PLAYER
from gateruler.games import new_game
from gateruler.play_session import Line, PlaySession
from gateruler.saves import GameOrigin, load_game
from gateruler.watching import bot_decider


def board(level: int = 1, seed: int = 8) -> BoardApp:
    deck = loader.load_deck(loader.sample_deck_path("knight"))
    session = PlaySession(new_game(deck, loader.load_level(level), seed), GameOrigin(level_number=level))
    session.width = 10_000
    opening = [Line("info", t) for t in session.briefing_texts(f"Seed {seed}")] + session.story(0)
    return BoardApp(session, opening)


def drive(app: BoardApp, steps, size=(80, 24)):
    """Run the app under the pilot; `steps(pilot)` is an async function of the test."""

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await steps(pilot)

    asyncio.run(main())


def story_text(app: BoardApp) -> str:
    return "\n".join(line.text for line in app.query_one("#story", RichLog).lines)


def test_a_whole_game_is_played_with_keys_numbers_and_confirmations():
    app = board(seed=8)

    async def steps(pilot) -> None:
        s = app.session
        for _ in range(400):
            if s.game.over:
                break
            if isinstance(app.screen, Confirm):
                await pilot.press("y")
            elif s.choices and s.game.pending is None and any(c.label.startswith("attack") for c in s.choices):
                await pilot.press("1", "1")
            elif s.choices and s.game.pending is None and s.game.phase == "main" and s.game.sides[PLAYER].summons == 0:
                await pilot.press("1", "1")
            elif s.game.pending is not None:
                await pilot.press("1")
            elif "a" in s.phases:
                await pilot.press("a")
            else:
                await pilot.press("e")
            await pilot.pause()
        assert s.game.over
        assert "Summary:" in story_text(app)

    drive(app, steps)
    assert app.session.game.over


def test_ending_the_turn_with_a_ready_ruler_asks_and_no_keeps_the_turn():
    app = board(seed=8)

    async def steps(pilot) -> None:
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        assert "Your ruler can still attack" in str(app.screen.query_one("#question", Static).render())
        await pilot.press("n")
        await pilot.pause()
        assert app.session.game.turn == 2 and not isinstance(app.screen, Confirm)
        await pilot.press("e")
        await pilot.pause()
        await pilot.click("#answer-y")
        await pilot.pause()
        assert app.session.game.turn == 4, "the click on yes ended the turn and the rift played"

    drive(app, steps)


def test_undo_takes_back_a_summon_and_across_the_rifts_turn():
    app = board(seed=8)

    async def steps(pilot) -> None:
        s = app.session
        start = s.game.to_dict()
        await pilot.press("1", "1")  # summon the first card to the left attack zone
        await pilot.pause()
        assert s.game.sides[PLAYER].board[0] is not None
        summoned = s.game.to_dict()
        await pilot.press("e")
        await pilot.press("y")
        await pilot.pause()
        assert s.game.turn == 4
        await pilot.press("u")
        await pilot.pause()
        assert s.game.to_dict() == summoned, "undo went back to before the end of the turn"
        await pilot.press("u")
        await pilot.pause()
        assert s.game.to_dict() == start
        assert "Undone:" in story_text(app)

    drive(app, steps)


def test_save_with_s_and_load_the_same_game(tmp_path):
    app = board(seed=8)
    path = tmp_path / "board.json"

    async def steps(pilot) -> None:
        await pilot.press("1", "2")
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        field = app.screen.query_one("#path")
        field.value = str(path)
        await pilot.press("enter")
        await pilot.pause()
        assert not app.session.unsaved

    drive(app, steps)
    loaded, _ = load_game(path)
    assert loaded.to_dict() == app.session.game.to_dict()
    assert json.loads(path.read_text())["game"]["history"] == [
        {"type": "Summon", "card": loaded.history[0].card, "slot": 2}
    ]


def test_the_card_pane_shows_the_card_under_the_pointer_and_the_highlighted_choice():
    app = board(level=2, seed=3)

    async def steps(pilot) -> None:
        cell = next(c for c in app.query(UnitCell) if c.side == 1 and c.iid is not None)
        await pilot.hover(cell)
        await pilot.pause()
        name = app.session.game.card(cell.iid).name
        assert app.query_one("#card", Static).border_title == name
        choices = app.query_one("#choices", OptionList)
        choices.focus()
        await pilot.press("down")
        await pilot.pause()
        second = app.session.choices[1]
        assert app.query_one("#card", Static).border_title in second.label

    drive(app, steps)


def test_watching_a_bot_steps_through_its_game():
    deck = loader.load_deck(loader.sample_deck_path("knight"))
    session = PlaySession(new_game(deck, loader.load_level(1), 4), GameOrigin(level_number=1))
    app = BoardApp(session, watcher=Watcher(bot_decider(make_bot("greedy", 4)), "the greedy bot"))

    async def steps(pilot) -> None:
        for _ in range(5):
            await pilot.press("space")
        await pilot.pause()
        assert len(session.game.history) == 5
        await pilot.press("e")  # the player's keys do nothing while watching
        await pilot.pause()
        assert len(session.game.history) == 5

    drive(app, steps)


# ---------------------------------------------------------------------- snapshots
def test_the_board_at_80_by_24(snap_compare):
    assert snap_compare(board(seed=8), terminal_size=(80, 24))


def test_the_board_at_120_by_40_with_a_zone_question_open(snap_compare):
    assert snap_compare(board(level=3, seed=2), terminal_size=(120, 40), press=["1"])


def test_quit_with_unsaved_changes_asks_and_a_second_ctrl_c_leaves():
    app = board(seed=8)

    async def steps(pilot) -> None:
        await pilot.press("1", "1")
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        await pilot.press("n")
        await pilot.pause()
        assert not app.session.left
        await pilot.press("ctrl+c")
        await pilot.pause()
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert app.session.left

    drive(app, steps)


def test_an_activated_ability_is_a_choice_on_the_board_and_its_card_shows_in_the_pane():
    from factories import game, summon, yaml_unit

    from gateruler.engine import ATTACK_LEFT, Activate

    gun = yaml_unit(
        "GUN",
        "{trigger: activated, timing: quick, effects: [{effect: damage, target: enemy_ruler, amount: 1}]}",
        stats="level: 0, atk: 1, hp: 3, stk: 1",
    )
    g = game(cards=[gun], player=["GUN"])
    summon(g, "GUN", ATTACK_LEFT)
    session = PlaySession(g, GameOrigin(level_number=1))
    session.width = 10_000
    app = BoardApp(session, session.story(0))

    async def steps(pilot) -> None:
        s = app.session
        number = next(i for i, c in enumerate(s.choices, 1) if c.label.startswith("use gun's ability"))
        choices = app.query_one("#choices", OptionList)
        choices.focus()
        for _ in range(number - 1):
            await pilot.press("down")
        await pilot.pause()
        assert app.query_one("#card", Static).border_title == "gun"
        await pilot.press(str(number))
        await pilot.pause()
        assert type(s.game.history[-1]) is Activate
        assert len(s.game.sides[1].damage_zone) == 1

    drive(app, steps)
