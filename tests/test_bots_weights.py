"""Greedy's scoring weights by name, the files that hold fitted ones, and the `tuned` bot that reads one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from factories import rich_game

from gateruler import loader
from gateruler.bots import bot_label, make_bot, play_out, player_view, tuned_weights
from gateruler.bots.greedy import GreedyBot, GreedyPolicy
from gateruler.bots.weights import TUNED_FILE, Weights, read_weights, weights_yaml
from gateruler.cli import main
from gateruler.errors import DataError, DataErrors

DECK = str(loader.sample_deck_path("knight"))


def _file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "w.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_every_weight_has_a_name_and_a_meaning() -> None:
    assert len(Weights.names()) == len(set(Weights.names())) >= 20
    assert all(Weights.doc(name) for name in Weights.names())


def test_a_weights_file_round_trips_and_names_its_weights_one_a_line(tmp_path: Path) -> None:
    weights = Weights(shield=1.25, chip=0.5)
    path = _file(tmp_path, weights_yaml("tuned", 3, weights, "a test fit"))
    read = read_weights(path)
    assert (read.name, read.version, read.weights, read.description) == ("tuned", 3, weights, "a test fit")
    assert read.label == "w.yaml v3"
    assert read.weights.changed() == {"shield": 1.25, "chip": 0.5}


def test_a_weight_the_file_does_not_name_keeps_its_hand_set_value(tmp_path: Path) -> None:
    read = read_weights(_file(tmp_path, "bot: tuned\nversion: 1\nweights:\n  shield: 2\n"))
    assert read.weights == Weights(shield=2.0)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("bot: tuned\nversion: 1\nweights:\n  sheild: 2\n", "w.yaml:4:3: unknown key 'sheild' (did you mean shield?)"),
        ("bot: tuned\nversion: 1\nweights:\n  shield: 5000.0\n", "w.yaml:4:11: 'shield' must be at most 1000.0"),
        ("bot: tuned\nversion: 1\nweights:\n  shield: .nan\n", "w.yaml:4:11: 'shield' must be a finite number"),
        ("bot: tuned\nversion: 1\nweights:\n  shield: lots\n", "w.yaml:4:11: 'shield' must be"),
        ("bot: tuned\nweights: {}\n", "missing required field 'version'"),
    ],
)
def test_a_broken_weights_file_is_refused_naming_the_line(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises((DataError, DataErrors)) as caught:
        read_weights(_file(tmp_path, text))
    assert message in str(caught.value)


def test_the_shipped_tuned_weights_read_and_name_themselves() -> None:
    tuned = tuned_weights()
    assert tuned.path == TUNED_FILE and tuned.name == "tuned" and tuned.version >= 1
    assert bot_label("tuned") == f"tuned (tuned.yaml v{tuned.version})"
    assert bot_label("search", 24) == "search (budget 24)" and bot_label("greedy") == "greedy"


def test_the_tuned_bot_plays_greedy_with_the_files_weights() -> None:
    weights = tuned_weights().weights
    for seed in range(3):
        a, b = rich_game(seed), rich_game(seed)
        play_out(a, make_bot("tuned", 0))
        play_out(b, GreedyBot(0, weights, "tuned"))
        assert a.history == b.history


def test_weights_change_what_greedy_chooses() -> None:
    """The weights are read: scaling the shield to nothing changes some choice in a few games."""
    careless = Weights(shield=0.0, unit_hp=0.0)
    differs = 0
    for seed in range(6):
        game = rich_game(seed)
        mine, other = GreedyPolicy(), GreedyPolicy(careless)
        while not game.over:
            legal = game.legal_actions()
            view = player_view(game, legal)
            action = mine.act(view.game, legal)
            differs += action != other.act(view.game, legal)
            game.apply(action)
    assert differs > 0


def test_check_names_the_tuned_bots_weights_file_in_its_header_and_json(tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    result = CliRunner().invoke(
        main, ["check", DECK, "--levels", "1", "--games", "8", "--workers", "1", "--bot", "tuned", "--json", str(out)]
    )
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[0].startswith(
        f"Knight sample (knight) - bot tuned (tuned.yaml v{tuned_weights().version}), seed 0"
    )
    settings = json.loads(out.read_text())["settings"]
    assert settings["bot"] == "tuned"
    assert settings["bot_weights"] == {
        "file": "tuned.yaml",
        "version": tuned_weights().version,
        "weights": tuned_weights().weights.as_dict(),
    }


def test_check_json_of_an_unweighted_bot_says_it_has_no_weights(tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    result = CliRunner().invoke(
        main, ["check", DECK, "--levels", "1", "--games", "8", "--workers", "1", "--bot", "random", "--json", str(out)]
    )
    assert result.exit_code == 0, result.stderr
    assert json.loads(out.read_text())["settings"]["bot_weights"] is None


def test_the_tuned_bot_judges_activated_abilities_by_its_own_weights() -> None:
    """A bot whose weights give a drawn card no worth does not use an ability that only draws;
    with the hand-set weights greedy uses it (the main phase once judged it by those alone)."""
    from factories import game, summon, yaml_unit

    from gateruler.engine import ATTACK_LEFT, PLAYER, Activate

    well = yaml_unit(
        "WELL",
        "{trigger: activated, timing: normal, effects: [{effect: draw, target: controller, amount: 1}]}",
        stats="level: 1, atk: 1, hp: 4, stk: 1",
    )
    g = game(cards=[well], player=["WELL"])
    summon(g, "WELL", ATTACK_LEFT)
    draw = Activate(next(u.iid for u in g.sides[PLAYER].board if u is not None), 0)
    assert draw in g.legal_actions()
    assert GreedyPolicy().act(g) == draw
    assert GreedyPolicy(Weights(draw=0.0)).act(g) != draw
