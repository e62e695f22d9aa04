"""Random legal games keep the engine's invariants after every single action.

The player picks uniformly among `legal_actions()` with a seeded RNG, over the
rich fixture (every keyword, trigger and effect word; tests/factories.py) and
the mechanics fixture (every filter, condition, cost and decision word), for
a hand ruler, a drive ruler and a ruler that readies only part of its energy.
Saves are taken at random points, so also in the middle of abilities and
while a decision waits.
"""

from __future__ import annotations

import json
import random

import pytest
from factories import apprentice, entries_without_a_cause, knight, mechanics_game, restore, rich_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gateruler.engine import INVADER, PLAYER, EndTurn, Game, GoToAttack
from gateruler.engine.actions import ATTACK_LEFT, ATTACK_RIGHT, DEFENSE

RULERS = {
    "knight": knight(),
    "apprentice": apprentice(),
    "slow-energy": knight(energy_readied=1, opening_hand=2),
    "greedy": knight(turn_start_count=6, summon_cap=None),  # decks itself out
}
MAX_TURNS = 40
MAX_ACTIONS = 3000  # far above what MAX_TURNS allows; reaching it means the game did not end


def check_invariants(game: Game) -> None:
    n = len(game.setup.player_deck)
    total = len(game.setup.defs)
    assert sorted(game.sides[PLAYER].all_iids()) == list(range(n)), "player cards not conserved"
    assert sorted(game.sides[INVADER].all_iids()) == list(range(n, total)), "rift cards not conserved"
    for side in (PLAYER, INVADER):
        s = game.sides[side]
        assert s.energy_ready >= 0 and s.summons >= 0
        assert s.energy_ready <= max(s.energy, 0)
        for slot in (ATTACK_LEFT, ATTACK_RIGHT, DEFENSE):
            u = s.board[slot]
            if u is not None:
                hp = game.hp(side, slot)
                assert hp > 0 and u.damage < hp, f"a unit with {u.damage} damage and HP {hp} is still on the board"
                assert game.setup.owners[u.iid] == side
    assert game.turn <= game.setup.max_turns + 1
    if game.over:
        assert game.legal_actions() == []
    else:
        assert game.legal_actions(), "the game waits for a decision but offers none"


def pick(legal: list, rng: random.Random) -> object:
    """Uniform, but leaving a phase only one time in four when something else is possible,
    so that games last long enough to reach deck-outs, wins and the turn cap."""
    busy = [a for a in legal if not isinstance(a, (GoToAttack, EndTurn))]
    if busy and rng.random() < 0.75:
        return rng.choice(busy)
    return rng.choice(legal)


def play(game: Game, rng: random.Random, save_at: int | None = None) -> tuple[list, dict | None]:
    """Play to the end, checking invariants; return the actions and the save taken at `save_at`."""
    actions = []
    saved = None
    check_invariants(game)
    while not game.over:
        assert len(actions) < MAX_ACTIONS, "the game did not end"
        if len(actions) == save_at:
            saved = game.to_dict()
        action = pick(game.legal_actions(), rng)
        game.apply(action)
        actions.append(action)
        check_invariants(game)
    return actions, saved


FIXTURES = {"rich": rich_game, "mechanics": mechanics_game}


def random_game_keeps_its_invariants(
    seed: int,
    choice_seed: int,
    ruler: str,
    save_fraction: float,
    rift: tuple[int, int],
    max_turns: int,
    fixture: str = "rich",
) -> None:
    hp, stk = rift
    game_keeps_its_invariants(
        FIXTURES[fixture](seed, RULERS[ruler], max_turns=max_turns, hp=hp, stk=stk), choice_seed, save_fraction
    )


def game_keeps_its_invariants(game: Game, choice_seed: int, save_fraction: float) -> None:
    start = game.clone()
    actions, _ = play(game, random.Random(choice_seed))

    json.dumps(game.events())  # every log entry has a JSON form...
    unworded = [e for e, words in zip(game.log, game.describe_log(), strict=True) if words.startswith(f"{e[1]} [")]
    assert unworded == []  # ...and words of its own (not events.describe's fallback, the kind and its fields)
    assert entries_without_a_cause(game.log) == []  # ...and names its cause where it needs one

    replay = start.clone()
    replay.apply_all(actions)
    assert replay.log == game.log, "same seed and actions gave another log"

    save_at = int(save_fraction * len(actions))
    _, saved = play(start.clone(), random.Random(choice_seed), save_at=save_at)
    if saved is None:  # the game ended before the save point
        return
    restored = restore(saved, game)
    assert restored.to_dict() == json.loads(json.dumps(saved)), "saving did not round-trip"
    restored.apply_all(actions[save_at:])
    assert restored.log == [tuple(e) for e in json.loads(json.dumps(game.log))]
    assert restored.to_dict() == game.to_dict(), "a restored game went on differently"


game_args = dict(
    seed=st.integers(0, 2**31),
    choice_seed=st.integers(0, 2**31),
    ruler=st.sampled_from(sorted(RULERS)),
    save_fraction=st.floats(0, 1),
    rift=st.tuples(st.integers(2, 15), st.integers(0, 3)),  # the rift's HP and STK
    max_turns=st.sampled_from([6, 15, MAX_TURNS]),
)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**game_args)
def test_random_games_keep_cards_damage_counts_replay_and_saves(**args: object) -> None:
    random_game_keeps_its_invariants(**args)  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**game_args)
def test_random_games_of_the_newer_mechanics_keep_cards_damage_counts_replay_and_saves(**args: object) -> None:
    random_game_keeps_its_invariants(**args, fixture="mechanics")  # type: ignore[arg-type]


@pytest.mark.slow
@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**game_args, fixture=st.sampled_from(sorted(FIXTURES)))
def test_many_random_games_keep_cards_damage_counts_replay_and_saves(**args: object) -> None:
    random_game_keeps_its_invariants(**args)  # type: ignore[arg-type]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**31),
    choice_seed=st.integers(0, 2**31),
    deck=st.sampled_from(["knight", "wizard", "apprentice"]),
    level_number=st.integers(1, 6),
    save_fraction=st.floats(0, 1),
)
def test_shipped_sample_decks_against_every_level_keep_the_invariants(
    seed: int, choice_seed: int, deck: str, level_number: int, save_fraction: float
) -> None:
    from gateruler import loader
    from gateruler.games import new_game

    game = new_game(
        loader.load_deck(loader.sample_deck_path(deck)), loader.load_level(level_number), seed, max_turns=MAX_TURNS
    )
    game_keeps_its_invariants(game, choice_seed, save_fraction)
