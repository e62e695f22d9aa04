"""The clairvoyant solver: its verdicts hold against a brute-force enumeration and against the games it clears.

The two puzzles in tests/data/solver/ are positions worked out by hand (their
comments say why): the player's last turn (one card is left in the deck after
the turn's draw, so the next turn's draw loses the game), with the rift 3
damage from its HP behind a full board of 5-HP units.  Their game trees are
small enough to enumerate whole with nothing but `legal_actions` and
`apply`, which is the solver's check: no table, no bound, no ordering.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from gateruler import loader
from gateruler.batch import GameSpec, game_seed
from gateruler.engine.actions import Choose, EndTurn, GoToAttack, PlayEvent, Summon
from gateruler.engine.game import Game
from gateruler.scenario import build_game, load_scenario
from gateruler.solver import Solver, Verdict, solve
from gateruler.solver.key import SKIPPED, state_key
from gateruler.solver.ordering import PLAYER_WINS, copy
from gateruler.solver.rng import SharedRandom, rng_token, shared

PUZZLES = Path(__file__).parent / "data" / "solver"


def puzzle(name: str) -> Game:
    """The puzzle's position: its scenario set up and played to the player's first decision."""
    game = build_game(load_scenario(PUZZLES / name))
    game.halt_after_turn = None
    game.run()
    return game


def every_ending(game: Game) -> list[str | None]:
    """Brute force: the winner of every line of play from `game`, one entry per line."""
    if game.winner is not None:
        return [game.winner]
    endings: list[str | None] = []
    for action in game.legal_actions():
        child = game.clone()
        child.apply(action)
        endings += every_ending(child)
    return endings


def knight_spec(level: int) -> GameSpec:
    pool = loader.load_card_pool()
    rulers = loader.load_rulers()
    deck = loader.load_deck(loader.sample_deck_path("knight"))
    lvl = loader.load_level(level)
    return GameSpec(deck, rulers[deck.ruler], lvl, pool.for_level(lvl), 200, level)


def replayed(game: Game, line: tuple) -> Game:
    """`game` from its start with `line` applied, each action checked as legal."""
    fresh = game.clone()
    for action in line[len(game.history) :]:
        assert fresh.winner is None
        fresh.apply(action)
    return fresh


# ---------------------------------------------------------------------- the hand-made puzzles


def test_no_line_opens_is_lost_on_every_line_of_the_brute_force_enumeration() -> None:
    endings = every_ending(puzzle("no-line-opens.yaml"))
    assert endings and PLAYER_WINS not in endings


def test_the_solver_proves_no_line_opens_unwinnable() -> None:
    assert solve(puzzle("no-line-opens.yaml")).verdict is Verdict.UNWINNABLE


def test_a_flame_bolt_opens_a_line_some_line_of_the_brute_force_enumeration_clears() -> None:
    assert PLAYER_WINS in every_ending(puzzle("bolt-opens-a-line.yaml"))


def test_the_solver_proves_bolt_opens_a_line_winnable_with_a_line_that_clears_it() -> None:
    game = puzzle("bolt-opens-a-line.yaml")
    solution = solve(game)
    assert solution.verdict is Verdict.WINNABLE
    assert replayed(game, solution.line).winner == PLAYER_WINS


def test_the_winning_line_of_bolt_opens_a_line_bolts_one_unit_and_attacks_through_its_line() -> None:
    """The hand-worked win: the Bolt and the Squire kill one unit, the ruler attacks the rift's ruler through the gap."""
    game = puzzle("bolt-opens-a-line.yaml")
    line = solve(game).line[len(game.history) :]
    kinds = [type(action).__name__ for action in line]
    assert "PlayEvent" in kinds and kinds.count("Attack") >= 2
    assert line[-1].target == 3  # type: ignore[union-attr]  # the last attack is on the rift's ruler


def test_a_search_leaves_the_game_it_was_given_as_it_was() -> None:
    game = puzzle("bolt-opens-a-line.yaml")
    before = game.to_dict()
    solve(game)
    assert game.to_dict() == before


def test_a_budget_spent_before_a_verdict_is_unknown_and_never_exceeded() -> None:
    solution = Solver(budget=3).solve(puzzle("no-line-opens.yaml"))
    assert solution.verdict is Verdict.UNKNOWN and not solution.settled
    assert solution.nodes == 3


def test_a_budget_below_one_node_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        Solver(budget=0)


# ---------------------------------------------------------------------- seeded games of the Knight sample


@pytest.fixture(scope="module")
def level_one_games() -> list[Game]:
    spec = knight_spec(1)
    return [spec.start(game_seed(0, 1, index)) for index in range(4)]


def test_the_same_game_and_budget_give_the_same_verdict_nodes_and_line(level_one_games: list[Game]) -> None:
    game = level_one_games[0]
    first, second = solve(game, 3_000), solve(game, 3_000)
    assert (first.verdict, first.nodes, first.line) == (second.verdict, second.nodes, second.line)


def test_every_winning_line_found_on_a_seeded_game_clears_that_game(level_one_games: list[Game]) -> None:
    won = 0
    for game in level_one_games:
        solution = solve(game, 3_000)
        assert solution.verdict is not Verdict.UNWINNABLE
        if solution.verdict is Verdict.WINNABLE:
            end = replayed(game, solution.line)
            assert end.winner == PLAYER_WINS and end.turn == solution.turn
            won += 1
    assert won  # the sample deck clears level 1 most of the time: some line is found


# ---------------------------------------------------------------------- the position key


def test_the_same_plays_in_either_order_reach_one_position() -> None:
    """Summoning the Squire, then bolting the rift's defender, ends where bolting first and summoning after does."""
    game = puzzle("bolt-opens-a-line.yaml")
    hand = game.sides[0].hand
    squire = next(iid for iid in hand if game.setup.defs[iid].id == "PROV-007")
    bolt = next(iid for iid in hand if game.setup.defs[iid].id == "PROV-003")
    root = copy(game)  # as the solver does: its copies of one root share the root's generator
    summon_first, bolt_first = copy(root), copy(root)
    for action in (Summon(squire, 0), PlayEvent(bolt), Choose(1, 2)):
        summon_first.apply(action)
    for action in (PlayEvent(bolt), Choose(1, 2), Summon(squire, 0)):
        bolt_first.apply(action)
    assert state_key(summon_first) == state_key(bolt_first)
    assert state_key(summon_first) != state_key(root)


def test_a_copy_has_the_key_of_its_original_and_an_action_changes_it() -> None:
    game = copy(puzzle("no-line-opens.yaml"))
    assert state_key(copy(game)) == state_key(game)
    moved = copy(game)
    moved.apply(GoToAttack())
    assert state_key(moved) != state_key(game)


def test_two_attack_phases_reached_by_ending_the_main_phase_at_once_meet() -> None:
    game = copy(puzzle("no-line-opens.yaml"))
    one, two = copy(game), copy(game)
    one.apply(GoToAttack())
    two.apply(GoToAttack())
    assert state_key(one) == state_key(two)
    one.apply(EndTurn())
    assert state_key(one) != state_key(two)


def _changed(value: object) -> object:
    """Another value of the same kind, for any slot of the engine's state."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, list):
        return [*value, 999]
    if isinstance(value, tuple):
        return (*value, ("x", True))
    if isinstance(value, dict):
        return {**value, 998: [999]}
    return "changed" if value is None or isinstance(value, str) else None


def test_every_slot_of_a_side_and_of_a_unit_is_part_of_the_position() -> None:
    """A zone, counter or unit field the key did not read would let two different positions look the same."""
    base = copy(puzzle("bolt-opens-a-line.yaml"))
    base.apply(Summon(base.sides[0].hand[0], 0))  # a unit on the board, so its slots are read too
    key = state_key(base)
    side = base.sides[0]
    unit = side.board[0]
    assert unit is not None
    for owner in (side, unit):
        for name in type(owner).__slots__:
            if name == "board":
                continue
            changed = copy(base)
            target = changed.sides[0] if owner is side else changed.sides[0].board[0]
            setattr(target, name, _changed(getattr(owner, name)))
            assert state_key(changed) != key, f"{type(owner).__name__}.{name} is not in the key"


def test_the_key_leaves_out_only_the_log_the_history_the_shared_definitions_the_seed_and_the_hp_check_mark() -> None:
    """The HP check mark (Game.hp_dirty) says whether rules processing looks again, which finds nothing
    when it is clear: two positions that differ in it alone have one future.  The seed dealt the game
    and is never read after (what the generator draws next is its state's, in the key)."""
    game = copy(puzzle("no-line-opens.yaml"))
    other = copy(game)
    other.log.append(("a line of the log",))  # type: ignore[arg-type]
    other.history.append(GoToAttack())
    other.hp_dirty = not game.hp_dirty
    other.seed = game.seed + 1
    assert state_key(other) == state_key(game)
    assert set(SKIPPED) == {"setup", "seed", "log", "history", "rng", "hp_dirty"}


# ---------------------------------------------------------------------- the shared generator


def test_a_shared_generator_draws_what_the_generator_it_was_taken_from_would() -> None:
    original = random.Random(12345)
    snapshot = shared(random.Random(12345))
    assert snapshot is not None
    assert [snapshot.getrandbits(32) for _ in range(5)] == [original.getrandbits(32) for _ in range(5)]


def test_forks_share_a_token_until_one_draws_and_then_neither_changes_the_other() -> None:
    first = SharedRandom.of(random.Random(7).getstate())
    second = first.fork()
    assert rng_token(first) == rng_token(second)
    drawn = first.getrandbits(16)
    assert rng_token(first) != rng_token(second)
    assert second.getrandbits(16) == drawn  # the fork still stood where the first one was


def test_a_shuffle_on_a_fork_is_the_original_generators_shuffle() -> None:
    cards, expected = list(range(20)), list(range(20))
    random.Random(99).shuffle(expected)
    fork = SharedRandom.of(random.Random(99).getstate()).fork()
    fork.shuffle(cards)
    assert cards == expected
