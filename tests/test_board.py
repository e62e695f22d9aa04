"""The full-screen board, driven through Textual's own test harness (App.run_test and its pilot).

Few and focused: each test plays what a person does with keys and clicks and
checks the game (the session's state), not pixels; the two snapshot tests pin
what the board looks like at 80x24 and 120x40 on fixed seeds.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable

import pytest
from positions import crowded, decision_figures_missing
from textual.widgets import OptionList, RichLog, Static

from gateruler import loader
from gateruler.board import BoardApp, Confirm, HelpScreen, UnitCell, Watcher, opening_lines
from gateruler.bots import make_bot
from gateruler.engine import PLAYER
from gateruler.games import new_game
from gateruler.play_session import PlaySession
from gateruler.saves import GameOrigin, load_game
from gateruler.watching import bot_decider


def board(level: int = 1, seed: int = 8, rift_pace: float = 0.0) -> BoardApp:
    deck = loader.load_deck(loader.sample_deck_path("knight"))
    session = PlaySession(new_game(deck, loader.load_level(level), seed), GameOrigin(level_number=level))
    return BoardApp(session, opening_lines(session, f"Seed {seed}"), rift_pace=rift_pace)


def watching(pace: float | None = None) -> BoardApp:
    """The board watching the greedy bot play level 1, seed 4."""
    deck = loader.load_deck(loader.sample_deck_path("knight"))
    session = PlaySession(new_game(deck, loader.load_level(1), 4), GameOrigin(level_number=1))
    return BoardApp(session, watcher=Watcher(bot_decider(make_bot("greedy", 4)), "the greedy bot"), pace=pace)


def screen_text(app: BoardApp) -> str:
    """What the terminal shows now, line by line: the screen as Textual's compositor draws it."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def footer_line(app: BoardApp) -> str:
    """The screen's last line: the footer's keys."""
    return screen_text(app).splitlines()[-1]


async def until(pilot, ready: Callable[[], bool], what: str, timeout: float = 60.0) -> None:
    """Pause until `ready()`, not for a time: a pause returns once the machine looks idle, and on a loaded
    one that can be before the board is drawn (the footer's keys come a refresh or two after the board)."""
    deadline = time.monotonic() + timeout
    while not ready():
        assert time.monotonic() < deadline, f"not within {timeout:.0f}s: {what}"
        await pilot.pause()


def drive(app: BoardApp, steps, size=(80, 24)):
    """Run the app under the pilot; `steps(pilot)` is an async function of the test."""

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await steps(pilot)

    asyncio.run(main())


def story_text(app: BoardApp) -> str:
    return "\n".join(line.text for line in app.query_one("#story", RichLog).lines)


def story_words(app: BoardApp) -> str:
    """The story as one line of words: what it says, however the pane wrapped it."""
    return " ".join(story_text(app).split())


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
        assert app.query_one("#card-pane").border_title == name
        choices = app.query_one("#choices", OptionList)
        choices.focus()
        await until(pilot, lambda: choices.has_focus, "the choices have the focus")
        await pilot.press("down")
        pane = app.query_one("#card-pane")
        await until(pilot, lambda: pane.border_title != name, "the card pane follows the highlight")
        second = app.session.choices[1]
        assert pane.border_title in second.label

    drive(app, steps)


def test_watching_a_bot_steps_through_its_game():
    app = watching()
    session = app.session

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
    assert app.return_value == 130  # what play_on_board exits with: left by Ctrl-C, as in the line mode


def test_quit_by_q_exits_0():
    app = board(seed=8)

    async def steps(pilot) -> None:
        await pilot.press("q")
        await pilot.pause()

    drive(app, steps)
    assert app.session.left and app.return_value == 0


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
        assert app.query_one("#card-pane").border_title == "gun"
        await pilot.press(str(number))
        await pilot.pause()
        assert type(s.game.history[-1]) is Activate
        assert len(s.game.sides[1].damage_zone) == 1

    drive(app, steps)


# ---------------------------------------------------------------------- what a player decides on, at 80x24 and 120x40
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("level, seed", [(6, 1), (2, 2)], ids=["level6", "level2"])
def test_every_figure_a_player_decides_on_is_on_screen(size, level, seed):
    game = crowded(level, seed)
    session = PlaySession(game, GameOrigin(level_number=level))
    app = BoardApp(session, opening_lines(session))

    async def steps(pilot) -> None:
        screen = screen_text(app)
        assert decision_figures_missing(screen, game) == [], screen
        pane = app.query_one("#card-pane")
        assert pane.content_region.height >= (4 if size[1] < 30 else 9), "the card pane shows a card, not two lines"
        assert all(len(line.rstrip()) <= size[0] for line in screen.splitlines())

    drive(app, steps, size)


def test_the_rifts_turn_is_told_a_line_at_a_time_and_space_or_enter_go_on():
    app = board(seed=8, rift_pace=3600)  # no line comes by itself during the test: the keys tell them

    async def steps(pilot) -> None:
        s = app.session
        before = screen_text(app)
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, Confirm), "the board asks before the turn ends")
        await pilot.press("y")
        await pilot.pause()
        assert s.game.turn == 4 and app.telling, "the rift has played its turn; the story tells it line by line"
        told = story_text(app)
        assert "--- Turn 3: the rift's turn ---" in told and "--- Turn 4: your turn ---" not in told
        assert app.query_one("#choices", OptionList).option_count == 0
        assert "YOU Knight  LIFE 11  damage 3/11" in before and "damage 3/11" in screen_text(app)
        waiting = sum(1 for line in app.telling if line.kind == "rift")
        await pilot.press("space")
        await pilot.pause()
        assert sum(1 for line in app.telling if line.kind == "rift") == waiting - 1
        decided = len(s.game.history)
        await pilot.press("a", "1")  # no decision while the rift's turn is told
        await pilot.pause()
        assert s.game.phase == "main" and len(s.game.history) == decided
        await pilot.press("enter")
        await pilot.pause()
        assert not app.telling and "--- Turn 4: your turn ---" in story_text(app)
        assert app.query_one("#choices", OptionList).option_count > 0
        damage = len(s.game.sides[PLAYER].damage_zone)
        assert f"damage {damage}/11" in screen_text(app), "the board is drawn once the turn is told"

    drive(app, steps)


def test_at_its_pace_the_rifts_turn_tells_itself_to_the_end():
    app = board(seed=8, rift_pace=0.02)

    async def steps(pilot) -> None:
        await pilot.press("e", "y")
        await pilot.pause(2.0)
        assert not app.telling and app.query_one("#choices", OptionList).option_count > 0

    drive(app, steps)


def test_pgup_and_pgdn_scroll_the_story_without_a_tab_first():
    app = board(seed=8)

    async def steps(pilot) -> None:
        story = app.query_one("#story", RichLog)
        await until(
            pilot, lambda: story.max_scroll_y > 0 and story.scroll_y == story.max_scroll_y, "the story opens at its end"
        )
        await pilot.press("pageup")
        await pilot.pause()
        assert story.scroll_y < story.max_scroll_y
        await pilot.press("pagedown", "pagedown")
        await pilot.pause()
        assert story.scroll_y == story.max_scroll_y
        await until(pilot, lambda: footer_line(app).strip() != "", "the footer is drawn")
        assert "PgUp/PgDn" in footer_line(app), "the footer says how"

    drive(app, steps)


def test_help_is_the_boards_own_fits_80_by_24_and_scrolls_to_its_end():
    app = board(seed=8)

    async def steps(pilot) -> None:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        assert "The board: keys" in text and "Go to the attack phase." in text
        for line_mode in ("card NAME", "log [N]", "help          this text"):
            assert line_mode not in text
        box = app.screen.query_one("#help")
        assert box.region.right <= 80 and box.region.bottom <= 24
        assert box.max_scroll_y > 0, "at 80x24 the help is taller than the screen: it scrolls"
        for _ in range(4):
            await pilot.press("pagedown")
        await pilot.pause()
        assert "Escape, ? or q closes this help" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)

    drive(app, steps)


def test_the_boards_story_speaks_of_keys_not_of_typed_commands():
    app = board(seed=8)

    async def steps(pilot) -> None:
        told = story_words(app)
        assert "provisional numbers" in told and "the card pane says where its numbers come from" in told
        for typed in ("type card NAME", "type log", "help lists the commands"):
            assert typed not in told

    drive(app, steps)


def test_the_quit_question_fits_80_columns_with_every_answer_whole():
    app = board(seed=8)

    async def steps(pilot) -> None:
        await pilot.press("1", "1", "q")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        assert app.screen.query_one("#dialog").region.right <= 80
        text = screen_text(app)
        for answer in ("s  save to gateruler-autosave.json and quit", "y  quit without saving", "n  keep playing"):
            assert answer in text

    drive(app, steps)


def test_undo_of_an_event_says_what_was_undone_with_one_full_stop():
    app = board(seed=12)  # Battle Cry in the opening hand (Absolute Bearia is set, not played, since issue 22)

    async def steps(pilot) -> None:
        s = app.session
        number = next(i for i, c in enumerate(s.choices, 1) if c.label.startswith("play Battle Cry"))
        await pilot.press(str(number))
        await pilot.pause()
        while s.game.pending is not None:
            await pilot.press("1")
            await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        told = story_words(app)
        said = "Undone: play Battle Cry (cost 1): Your units get +2 ATK until end of turn."
        assert said in told and said + "." not in told

    drive(app, steps)


def test_watching_shows_the_watchers_keys_and_help_not_the_players():
    app = watching()

    async def steps(pilot) -> None:
        await until(pilot, lambda: footer_line(app).strip() != "", "the footer is drawn")
        footer = footer_line(app)
        assert "space step" in footer and "p play/pause" in footer and "? help" in footer
        for key in ("a attack", "e end turn", "u undo", "s save"):
            assert key not in footer
        await pilot.press("question_mark")
        await until(pilot, lambda: "Play the next decision." in screen_text(app), "the help lists the watcher's keys")
        text = screen_text(app)
        assert "Watching: keys" in text and "Play the next decision." in text
        assert "Go to the attack phase." not in text

    drive(app, steps)


def test_a_watched_game_plays_on_at_its_pace_and_p_pauses_and_resumes_it():
    app = watching(pace=0.05)
    session = app.session

    async def steps(pilot) -> None:
        await pilot.pause(0.6)
        assert len(session.game.history) > 2, "with a pace, it plays on from the start"
        await pilot.press("p")
        await pilot.pause()
        paused = len(session.game.history)
        await pilot.pause(0.4)
        assert len(session.game.history) == paused
        await pilot.press("p")
        await pilot.pause(0.4)
        assert len(session.game.history) > paused or session.game.over

    drive(app, steps)


def test_a_new_game_opens_on_the_levels_briefing():
    from gateruler.board import briefing_sheet

    app = board(level=3, seed=2)
    app.first_sheet = briefing_sheet(app.session, "Seed 2")
    briefing = " ".join(loader.load_level(3).briefing.split())

    async def steps(pilot) -> None:
        assert isinstance(app.screen, HelpScreen)
        assert briefing[:40] in " ".join(screen_text(app).replace("█", " ").split())
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen) and app.session.game.turn == 2

    drive(app, steps, size=(120, 40))


def test_japanese_card_names_are_whole_in_the_hand_and_on_the_table(tmp_path):
    from japanese import NAMES, japanese_deck

    from gateruler.engine import ATTACK_LEFT, Summon

    deck = loader.load_player_deck(japanese_deck(tmp_path))
    game = new_game(deck.deck, loader.load_level(1), 5, pool=deck.pool)
    first = next(iid for iid in game.sides[PLAYER].hand if game.card(iid).name in NAMES)
    game.apply(next(a for a in game.legal_actions() if a == Summon(first, ATTACK_LEFT)))
    session = PlaySession(game, GameOrigin(level_number=1))
    app = BoardApp(session, opening_lines(session))

    async def steps(pilot) -> None:
        screen = screen_text(app)
        assert decision_figures_missing(screen, game) == [], screen
        row = next(line for line in screen.splitlines() if game.card(first).name in line)
        assert row.index(game.card(first).name) == 1, "the left attack zone's unit, at the table's left edge"

    drive(app, steps)
