"""The solver's bounds refute only positions no line of play clears.

Each expectation is worked out by hand from the rules (the puzzle files say
how) and held to a brute-force enumeration; the positions of games the bot
clears are held to the bound too: a position on a winning line must never be
refuted.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_solver import every_ending, knight_spec, puzzle

from gateruler.batch import game_seed
from gateruler.bots.greedy import GreedyPolicy
from gateruler.engine.game import Game
from gateruler.scenario import build_game, load_scenario
from gateruler.solver import Verdict, solve
from gateruler.solver.bounds import DamageRace, bounds_for
from gateruler.solver.ordering import PLAYER_WINS

OUT_OF_REACH = "rift-out-of-reach.yaml"


def race(game: Game) -> DamageRace:
    bound = DamageRace.of(game)
    assert bound is not None, "the race holds for the puzzles' cards"
    return bound


def test_this_turn_the_knight_deals_at_most_its_stk_and_a_squires_from_each_attack_zone() -> None:
    """3 (the Knight's STK) + 2 + 2 (the Squire's STK, the highest of the player's units, in two attack zones)."""
    assert race(puzzle(OUT_OF_REACH)).this_turn(puzzle(OUT_OF_REACH)) == 7


def test_in_its_last_turn_the_player_has_no_turn_left_after_this_one() -> None:
    """One card is left after the draw: the next turn's draw of 2 would empty the deck, and an empty deck loses."""
    game = puzzle(OUT_OF_REACH)
    assert race(game).turns_left(game) == 0


def test_a_rift_out_of_reach_in_the_last_turn_is_refuted() -> None:
    game = puzzle(OUT_OF_REACH)
    assert race(game).refutes(game)


def test_the_brute_force_enumeration_finds_no_line_that_reaches_the_rift_out_of_reach() -> None:
    endings = every_ending(puzzle(OUT_OF_REACH))
    assert endings and PLAYER_WINS not in endings


def test_the_solver_settles_the_rift_out_of_reach_at_its_first_position() -> None:
    solution = solve(puzzle(OUT_OF_REACH))
    assert solution.verdict is Verdict.UNWINNABLE and solution.nodes == 0


def test_the_race_does_not_refute_the_puzzle_a_flame_bolt_clears() -> None:
    game = puzzle("bolt-opens-a-line.yaml")
    assert not race(game).refutes(game)


def _with_hand_card(tmp_path: Path, card: str) -> Game:
    """The out-of-reach puzzle with one more card, defined inline, in the player's hand."""
    text = (Path(__file__).parent / "data" / "solver" / OUT_OF_REACH).read_text(encoding="utf-8")
    text = f"cards:\n  - {card}\n" + text.replace("hand: [PROV-007]", "hand: [PROV-007, T-1]")
    path = tmp_path / "puzzle.yaml"
    path.write_text(text, encoding="utf-8")
    game = build_game(load_scenario(path))
    game.halt_after_turn = None
    game.run()
    return game


@pytest.mark.parametrize(
    ("what", "effect"),
    [
        ("damage to the rift's ruler", "{effect: damage, target: enemy_ruler, amount: 9}"),
        ("a STK raised", "{effect: modify, target: own_unit, stk: 9}"),
    ],
)
def test_a_card_the_race_cannot_count_turns_it_off(tmp_path: Path, what: str, effect: str) -> None:
    card = (
        "{id: T-1, name: test event, type: event, level: 0, provenance: provisional, "
        f"abilities: [{{trigger: on_play, effects: [{effect}]}}]}}"
    )
    game = _with_hand_card(tmp_path, card)
    assert DamageRace.of(game) is None, what
    assert bounds_for(game).names == ()


def test_a_card_the_race_counts_keeps_it_on(tmp_path: Path) -> None:
    card = "{id: T-1, name: test unit, type: unit, level: 0, atk: 1, hp: 1, stk: 1, provenance: provisional}"
    assert bounds_for(_with_hand_card(tmp_path, card)).names == ("damage race",)


def _positions_of_a_greedy_game(game: Game) -> tuple[list[Game], str | None]:
    """Every position at which the greedy policy decided, and who won."""
    policy = GreedyPolicy()
    seen = []
    while game.winner is None:
        legal = game.legal_actions()
        seen.append(game.clone())
        game.apply(legal[0] if len(legal) == 1 else policy.act(game, legal))
    return seen, game.winner


@pytest.mark.parametrize("level", [1, 2])
def test_no_position_of_a_game_the_greedy_bot_clears_is_refuted(level: int) -> None:
    spec = knight_spec(level)
    cleared = 0
    for index in range(6):
        positions, winner = _positions_of_a_greedy_game(spec.start(game_seed(0, level, index)))
        if winner != PLAYER_WINS:
            continue
        cleared += 1
        bounds = bounds_for(positions[0])
        assert bounds.names == ("damage race",)
        assert not [p.turn for p in positions if bounds.refute(p)]
    assert cleared
