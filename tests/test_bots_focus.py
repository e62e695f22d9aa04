"""The focus bot (gateruler/bots/focus.py): greedy's choice where a decision does not matter, search's halving
where it does.

Its rules, one test each: a decision of a kind search's departures never win at (a window answer) is greedy's
choice with no rollout at all; a decision whose probe rollouts of greedy's choice all clear, or all fail, is
greedy's choice after the probe alone; a decision in the balance runs search's halving within the budget; with
no probe, a decision that matters is exactly the search bot's; the same seed plays the same game.  `focus-unwon` searches the decisions lost on every probe as well.
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from factories import find_iid, game, pass_until, rich_game, window
from test_engine_windows import BLANK, BRUTE, GUARD, SNAP, WATCH

from gateruler.bots import SEARCHING, bot_label, greedy_action, make_bot, play_out, player_view
from gateruler.bots import focus as focus_module
from gateruler.bots import search as search_module
from gateruler.bots.focus import PROBE_ROLLOUTS, FocusBot, decision_kind_matters
from gateruler.bots.search import SearchBot, candidates
from gateruler.engine import PLAYER, EndTurn, Pass, SetCard
from gateruler.engine.game import Game
from gateruler.engine.timings import RIFT_DRIVE, RIFT_START

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import paired_games as pg  # noqa: E402


class Rollouts:
    """Counts the rollouts played, from outside the bot (both the probe's and the halving's), and may fix
    what every rollout scores."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, scores: Iterator[float] | None = None) -> None:
        self.played = 0
        real = search_module.playout

        def counting(game_: Game, policy: search_module.Policy | None = None) -> float:
            self.played += 1
            return real(game_, policy) if scores is None else next(scores)

        monkeypatch.setattr(search_module, "playout", counting)
        monkeypatch.setattr(focus_module, "playout", counting)


def _main_phase_decisions(count: int) -> list[Game]:
    """Main-phase and attack-phase decisions of rich games with more than two candidates, reached by greedy."""
    out = []
    for seed in (3, 4):
        g = rich_game(seed)
        while not g.over and len(out) < count * (seed - 2):
            legal = g.legal_actions()
            if g.pending is None and len(candidates(g, legal)) > 2:
                out.append(g.clone())
            g.apply(greedy_action(player_view(g).game))
    return out


def _window_decision() -> Game:
    """The rift's start window with an instant event set: Pass or play it, two candidates (test_bots_windows)."""
    g = game(cards=[SNAP, GUARD, WATCH, BRUTE, BLANK], player=["SNAP"], rift=["BRUTE", "BLANK"], drives=1)
    g.apply(SetCard(find_iid(g, PLAYER, "hand", "SNAP"), 0))
    g.apply(EndTurn())
    assert window(g) == RIFT_START
    return g


def test_a_window_answer_is_greedys_choice_with_no_rollout(monkeypatch: pytest.MonkeyPatch) -> None:
    g = _window_decision()
    view = player_view(g)
    assert len(candidates(g, view.legal)) == 2 and not decision_kind_matters(g)
    rollouts = Rollouts(monkeypatch)
    SearchBot(1, budget=16).choose(player_view(g))
    assert rollouts.played > 0  # the search bot does weigh this decision
    rollouts.played = 0
    bot = FocusBot(1, budget=16)
    assert bot.choose(view) == greedy_action(view.game) == Pass()
    assert rollouts.played == 0 and bot.rollouts == 0 and bot.searched == 0


def _target_decision() -> Game:
    """A target asked for by an effect (a unit to hit), with more than one unit to choose, reached by greedy."""
    for seed in range(6):
        g = rich_game(seed)
        while not g.over:
            pending = g.pending
            if pending is not None and pending.purpose == "target" and len(g.legal_actions()) > 1:
                return g
            g.apply(greedy_action(player_view(g).game))
    raise AssertionError("no target decision in the rich games")


def test_a_target_and_a_main_phase_play_matter_a_window_answer_does_not() -> None:
    """The kinds of the disagreement list (docs/bots.md "Where greedy loses"): main-phase plan, placement,
    attack order and target; a window answer is none of them."""
    g = _window_decision()
    pass_until(g, RIFT_DRIVE)
    assert g.pending is not None and g.pending.kind == "window" and not decision_kind_matters(g)
    main = _main_phase_decisions(1)[0]
    assert main.pending is None and decision_kind_matters(main)
    target = _target_decision()
    assert target.pending is not None and target.pending.kind == "unit" and decision_kind_matters(target)


@pytest.mark.parametrize("outcome", [1.0, 0.0], ids=["every probe cleared", "every probe lost"])
def test_a_decision_already_decided_is_greedys_choice_after_the_probe_alone(
    monkeypatch: pytest.MonkeyPatch, outcome: float
) -> None:
    """docs/bots.md "The focus bot": greedy's choice clears on every probe world (or on none): no halving."""
    for g in _main_phase_decisions(3):
        view = player_view(g)
        rollouts = Rollouts(monkeypatch, iter([outcome] * 1000))
        bot = FocusBot(5, budget=24)
        assert bot.choose(view) == greedy_action(view.game)
        assert rollouts.played == bot.rollouts == PROBE_ROLLOUTS and bot.searched == 0


def test_a_decision_in_the_balance_runs_the_halving_within_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    for g in _main_phase_decisions(3):
        view = player_view(g)
        rollouts = Rollouts(monkeypatch, iter([1.0, 0.0] * 1000))  # the probe: half cleared
        bot = FocusBot(5, budget=24)
        assert bot.choose(view) in view.legal
        assert bot.searched == 1
        assert PROBE_ROLLOUTS < rollouts.played == bot.rollouts <= PROBE_ROLLOUTS + 24


def test_focus_unwon_searches_a_decision_lost_on_every_probe_and_skips_one_cleared_on_every_probe(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    g = _main_phase_decisions(1)[0]
    for outcome, searched in ((0.0, 1), (1.0, 0)):
        Rollouts(monkeypatch, iter([outcome] * 1000))
        bot = make_bot("focus-unwon", 5, 24)
        assert isinstance(bot, FocusBot)
        bot.choose(player_view(g))
        assert bot.searched == searched


def test_with_no_probe_a_decision_that_matters_is_the_search_bots_own() -> None:
    """The halving is search's, unchanged: the same seed and budget choose the same and weigh the same."""
    for g in _main_phase_decisions(3):
        focus, search = FocusBot(11, budget=12, probe=0), SearchBot(11, budget=12)
        focus.trace, search.trace = [], []
        assert focus.choose(player_view(g)) == search.choose(player_view(g))
        assert focus.trace == search.trace
        assert focus.rollouts == sum(c.games for c in search.trace[0].candidates)


def test_the_same_seed_plays_the_same_game() -> None:
    histories = []
    for _ in range(2):
        g = rich_game(6)
        play_out(g, FocusBot(9, budget=6))
        histories.append((list(g.history), g.winner))
    assert histories[0] == histories[1]


def test_the_focus_bots_file_counts_for_its_games_only_and_searchs_for_its_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """benchmarks/paired_games.py: a change to focus.py leaves search's cached games valid (it is not a file
    search's games depend on); a change to search.py, whose halving focus runs, makes focus's stale too."""
    copy = tmp_path / "gateruler"
    shutil.copytree(pg.PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(pg, "PACKAGE", copy)
    bots = ("greedy", "search", "lookahead", "focus", "focus-unwon")
    before = {bot: pg.code_version(bot) for bot in bots}
    focus = copy / "bots" / "focus.py"
    focus.write_text(focus.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    after = {bot: pg.code_version(bot) for bot in bots}
    assert [bot for bot in bots if after[bot] != before[bot]] == ["focus", "focus-unwon"]
    search = copy / "bots" / "search.py"
    search.write_text(search.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    assert pg.code_version("focus") != after["focus"]


def test_focus_is_made_by_name_takes_a_budget_and_names_it() -> None:
    bot = make_bot("focus", 3, 12)
    assert isinstance(bot, FocusBot) and bot.budget == 12
    assert "focus" in SEARCHING
    assert bot_label("focus", 12) == "focus (budget 12)"
