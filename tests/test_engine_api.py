"""The engine's contract with its callers: legal actions, illegal ones, copies, saves, replays."""

from __future__ import annotations

import json
import random

import pytest
from factories import event, find_iid, fx, game, knight, on, restore, rich_game, summon, unit

from gateruler.engine import (
    ATTACK_LEFT,
    ATTACK_RIGHT,
    DEFENSE,
    INVADER,
    PLAYER,
    RULER,
    Attack,
    Choose,
    EndTurn,
    Game,
    GoToAttack,
    PlayEvent,
    SetCard,
    Summon,
    action_from_dict,
    action_to_dict,
)
from gateruler.engine.game import shuffle_list
from gateruler.engine.zones import seeded
from gateruler.errors import IllegalAction

P, I = PLAYER, INVADER
SOLDIER = unit("SOLDIER", 1, 3, 3, 1)
WALL = unit("WALL", 1, 1, 20, 1)
BIG = unit("BIG", 5, 6, 6, 3)
BOLT = event("BOLT", on("on_play", fx("damage", "enemy_unit", amount=3)))


def saved(g: Game) -> dict:
    return json.loads(json.dumps(g.to_dict()))


def pending_game() -> Game:
    """A game waiting for the player to choose the target of BOLT."""
    g = game(cards=[BOLT, WALL, SOLDIER], player=["BOLT", "SOLDIER", "WALL"], rift=["WALL", "WALL"], drives=2)
    g.apply(PlayEvent(find_iid(g, P, "hand", "BOLT")))
    assert g.pending is not None
    return g


def test_copies_of_a_card_in_the_same_zone_are_one_decision() -> None:
    g = game(cards=[SOLDIER], player=["SOLDIER", "SOLDIER", "SOLDIER"])
    summons = [a for a in g.legal_actions() if isinstance(a, Summon)]
    assert len({a.card for a in summons}) == 1
    assert {a.slot for a in summons} == {ATTACK_LEFT, ATTACK_RIGHT, DEFENSE}


def test_set_zones_are_interchangeable_so_only_the_first_free_one_is_offered() -> None:
    trap = event("TRAP")
    g = game(cards=[trap], player=["TRAP", "TRAP"])
    g.apply(SetCard(find_iid(g, P, "hand", "TRAP"), 0))
    assert [a for a in g.legal_actions() if isinstance(a, SetCard)] == [SetCard(find_iid(g, P, "hand", "TRAP"), 1)]


def test_the_main_phase_offers_going_to_attack_and_ending_the_turn() -> None:
    g = game()
    assert g.legal_actions()[-2:] == [GoToAttack(), EndTurn()]


def test_attack_actions_name_every_ready_attacker_and_target() -> None:
    g = game(cards=[SOLDIER], player=["SOLDIER"], rift=["SOLDIER"], drives=1)
    summon(g, "SOLDIER", ATTACK_RIGHT)
    g.apply(GoToAttack())
    attacks = {(a.attacker, a.target) for a in g.legal_actions() if isinstance(a, Attack)}
    assert attacks == {(x, t) for x in (ATTACK_RIGHT, RULER) for t in (ATTACK_LEFT, RULER)}


@pytest.mark.parametrize(
    "action",
    [
        Summon(999, ATTACK_LEFT),  # no such card
        Attack(RULER, RULER),  # not in the attack phase
        Choose(I, ATTACK_LEFT),  # nothing to choose
        SetCard(0, 0),  # a unit cannot be set
    ],
    ids=["unknown-card", "attack-in-main", "choose-unasked", "set-a-unit"],
)
def test_an_illegal_action_raises_and_changes_nothing(action: object) -> None:
    g = game(cards=[SOLDIER], player=["SOLDIER"])
    before = g.to_dict()
    with pytest.raises(IllegalAction):
        g.apply(action)  # type: ignore[arg-type]
    assert g.to_dict() == before


def test_an_unaffordable_summon_is_illegal() -> None:
    g = game(cards=[BIG], player=["BIG"])
    before = g.to_dict()
    with pytest.raises(IllegalAction):
        g.apply(Summon(find_iid(g, P, "hand", "BIG"), ATTACK_LEFT))
    assert g.to_dict() == before


def test_only_the_choice_is_legal_while_one_is_pending() -> None:
    g = pending_game()
    before = g.to_dict()
    with pytest.raises(IllegalAction):
        g.apply(EndTurn())
    assert g.to_dict() == before
    assert all(isinstance(a, Choose) for a in g.legal_actions())


def test_nothing_is_legal_once_the_game_is_over() -> None:
    g = game(cards=[SOLDIER], rift=["SOLDIER"], hp=1, ruler=knight(stk=1))
    g.apply(GoToAttack())
    g.apply(Attack(RULER, RULER))
    assert g.winner == "player"
    assert g.legal_actions() == []
    with pytest.raises(IllegalAction):
        g.apply(EndTurn())


def test_a_clone_is_independent_of_its_original() -> None:
    g = game(cards=[SOLDIER], player=["SOLDIER"], rift=["SOLDIER"], drives=1)
    before = g.to_dict()
    copy = g.clone()
    summon(copy, "SOLDIER", ATTACK_LEFT)
    copy.apply(GoToAttack())
    copy.apply(Attack(ATTACK_LEFT, ATTACK_LEFT))
    copy.apply(EndTurn())
    assert g.to_dict() == before


def test_saving_round_trips_a_pending_choice() -> None:
    g = pending_game()
    data = saved(g)
    back = restore(data, g)
    assert back.to_dict() == data and back.legal_actions() == g.legal_actions()


def test_a_restored_game_continues_identically() -> None:
    g = pending_game()
    back = restore(saved(g), g)
    for x in (g, back):
        x.apply(Choose(I, ATTACK_RIGHT))
        x.apply(EndTurn())
        x.apply(EndTurn())
    assert back.to_dict() == saved(g)


def test_the_same_seed_and_actions_give_the_same_log() -> None:
    def run(seed: int) -> list:
        g = rich_game(seed)
        for _ in range(10):
            if g.over:
                break
            g.apply(g.legal_actions()[0])
        return g.log

    assert run(11) == run(11)
    assert run(11) != run(12)


def test_actions_survive_their_dict_form() -> None:
    for action in (
        Summon(3, DEFENSE),
        PlayEvent(4),
        SetCard(5, 1),
        GoToAttack(),
        Attack(RULER, ATTACK_LEFT),
        EndTurn(),
        Choose(I, DEFENSE),
    ):
        assert action_from_dict(json.loads(json.dumps(action_to_dict(action)))) == action


def test_events_name_cards_by_id_and_zones_by_name() -> None:
    g = game(cards=[SOLDIER], player=["SOLDIER"])
    summon(g, "SOLDIER", DEFENSE)
    assert g.events()[-1] == {"turn": 2, "kind": "summon", "side": "player", "card": "SOLDIER", "zone": "defense"}
    assert g.describe_log(1) == ["You summoned soldier to your defense zone."]


def test_games_with_the_same_cards_share_their_definitions_and_tables() -> None:
    """A batch's games are set up from one set of definitions: what is worked out from them is shared."""
    from gateruler import loader
    from gateruler.games import new_game

    pool_ = loader.load_card_pool()
    deck = loader.load_deck(loader.sample_deck_path("knight"))
    level = loader.load_level(3)
    first, second = new_game(deck, level, 1, pool=pool_), new_game(deck, level, 2, pool=pool_)
    assert first.setup.defs is second.setup.defs
    assert first.setup.triggers is second.setup.triggers and first.setup.costs is second.setup.costs
    assert first.seed == 1 and second.seed == 2


def test_two_games_of_one_batch_share_one_setup_and_keep_their_own_seeds() -> None:
    """The setup holds nothing that depends on the seed, so a batch's games are handed one object
    (a new rift each, under the same readings, as `new_game` makes them)."""
    from gateruler import loader
    from gateruler.games import new_game

    pool_ = loader.load_card_pool()
    deck = loader.load_deck(loader.sample_deck_path("knight"))
    level = loader.load_level(3)
    first, second = new_game(deck, level, 1, pool=pool_), new_game(deck, level, 2, pool=pool_)
    assert first.setup is second.setup
    assert first.seed == 1 and second.seed == 2
    assert first.sides[PLAYER].deck != second.sides[PLAYER].deck  # the seed still deals each game


def test_a_different_reading_deck_or_turn_cap_never_reuses_another_games_setup() -> None:
    from gateruler import loader
    from gateruler.games import new_game
    from gateruler.variants import readings_for

    pool_ = loader.load_card_pool()
    knight_deck = loader.load_deck(loader.sample_deck_path("knight"))
    level = loader.load_level(3)
    plain = new_game(knight_deck, level, 1, pool=pool_)
    others = {
        "engine reading": new_game(
            knight_deck, level, 1, pool=pool_, readings=readings_for(level, {"unit_damage": "clears"})
        ),
        "rift reading": new_game(
            knight_deck, level, 1, pool=pool_, readings=readings_for(level, {"full_board_tie": "least_hp_left"})
        ),
        "turn cap": new_game(knight_deck, level, 1, pool=pool_, max_turns=7),
        "deck": new_game(loader.load_deck(loader.sample_deck_path("wizard")), level, 1, pool=pool_),
        "level": new_game(knight_deck, loader.load_level(1), 1, pool=pool_),
    }
    for what, other in others.items():
        assert other.setup is not plain.setup, what
    assert others["engine reading"].setup.rules != plain.setup.rules
    assert others["rift reading"].setup.opponent != plain.setup.opponent
    assert others["turn cap"].setup.max_turns == 7


def test_rifts_under_equal_readings_are_equal_and_under_others_are_not() -> None:
    """Games share a setup only with an equal opponent: two rifts are equal when they play alike."""
    from gateruler.invader import FullBoardTie, InvaderController, RiftRules

    assert InvaderController() == InvaderController(RiftRules())
    assert hash(InvaderController()) == hash(InvaderController(RiftRules()))
    assert InvaderController() != InvaderController(RiftRules(full_board_tie=FullBoardTie.LEAST_HP_LEFT))


def test_a_saved_game_loads_with_its_seed() -> None:
    g = rich_game(11)
    data = g.to_dict()
    assert data["seed"] == 11
    back = restore(data, g)
    assert back.seed == 11 and back.to_dict() == data


def test_a_clone_keeps_the_seed() -> None:
    g = rich_game(13)
    assert g.clone().seed == 13 and g.clone(keep_log=False, keep_rng=False).seed == 13


def test_a_ruler_that_pays_no_energy_gets_its_own_cost_table() -> None:
    from factories import apprentice

    paying, free = rich_game(1), rich_game(1, ruler=apprentice())
    assert [d.id for d in paying.setup.defs] == [d.id for d in free.setup.defs]
    assert any(paying.setup.costs) and not any(free.setup.costs)


def test_a_clone_without_its_generator_has_none_and_saves_without_one() -> None:
    g = rich_game(3)
    copy = g.clone(keep_log=False, keep_rng=False)
    assert copy.rng is None and copy.log == []
    assert copy.to_dict()["rng"] is None
    assert {k: v for k, v in copy.to_dict().items() if k not in ("rng", "log")} == {
        k: v for k, v in g.to_dict().items() if k not in ("rng", "log")
    }


@pytest.mark.parametrize("size", [0, 1, 2, 7, 40, 129])
def test_the_engines_shuffle_deals_exactly_as_randoms_shuffle(size: int) -> None:
    """Same seed, same game: the engine's inlined shuffle must move cards as `random.shuffle` does."""
    for seed in range(20):
        ours, theirs = list(range(size)), list(range(size))
        a, b = random.Random(seed), random.Random(seed)
        shuffle_list(a, ours)
        b.shuffle(theirs)
        assert ours == theirs
        assert a.getstate() == b.getstate()


@pytest.mark.parametrize("seed", [0, 1, 7, -3, 2**40 + 5, 2**63 - 1, True])
def test_a_new_games_generator_is_randoms_for_its_seed(seed: int) -> None:
    """Same seed, same game: the generator `Game.new` seeds (zones.seeded) is in the state `random.Random(seed)`
    starts in, and draws as it does (the seeds a game's are: ints, a derived seed's 63 bits included; not an
    int itself, a bool is handed to `Random`)."""
    ours, theirs = seeded(seed), random.Random(seed)
    assert ours.getstate() == theirs.getstate()
    assert [ours.random() for _ in range(3)] == [theirs.random() for _ in range(3)]
    assert ours.gauss(0, 1) == theirs.gauss(0, 1)


def test_copies_of_a_card_in_the_set_zones_are_one_play() -> None:
    trap = event("TRAP")
    g = game(cards=[trap], player=["TRAP", "TRAP"])
    for zone in (0, 1):
        g.apply(SetCard(find_iid(g, P, "hand", "TRAP"), zone))
    plays = [a for a in g.legal_actions() if isinstance(a, PlayEvent)]
    assert plays == [PlayEvent(g.sides[P].set_zones[0])]  # the set zones are interchangeable (ruling 14)
