"""The real Gateruler rules as the engine plays them (rules.md; readings in docs/rulings.md).

Every test builds the few cards it needs (tests/factories.py) and stacks both
decks, so the position is exact.  By default the rift drives nothing and hits
for 0: what happens is only what the test sets up.
"""

from __future__ import annotations

import pytest
from factories import (
    FILLER,
    apprentice,
    event,
    field,
    find_iid,
    fx,
    game,
    iids,
    knight,
    level,
    on,
    pool,
    summon,
    unit,
    yaml_event,
)

from gateruler.engine import (
    ATTACK_LEFT,
    ATTACK_RIGHT,
    DEFENSE,
    INVADER,
    PLAYER,
    RULER,
    Attack,
    Confirm,
    EndTurn,
    Game,
    GoToAttack,
    PlayEvent,
    PlayField,
    SetCard,
    Summon,
)
from gateruler.engine.combat import check_one
from gateruler.engine.gamestate import EVENT_KIND, FIELD_KIND, UNIT_KIND, MainRow
from gateruler.engine.tasks import Check
from gateruler.invader import InvaderController
from gateruler.variants import DEFAULT, Readings

P, I = PLAYER, INVADER
TAKING = DEFAULT.with_values({"deck_out": "taking"})  # ruling 33's former reading, a variant now
DECK_OUTS = pytest.mark.parametrize("variants", [DEFAULT, TAKING], ids=["deck_out=empty", "deck_out=taking"])
SOLDIER = unit("SOLDIER", 1, 3, 3, 1)
CHEAP = unit("CHEAP", 0, 1, 1, 1)
BIG = unit("BIG", 3, 6, 6, 3)
WALL = unit("WALL", 1, 1, 20, 1)


def kinds(g: Game, kind: str, side: int | None = None) -> list[tuple]:
    return [e for e in g.log if e[1] == kind and (side is None or e[2] == side)]


def end_turn(g: Game) -> None:
    g.apply(EndTurn())


def ready_units(g: Game, side: int) -> list[int]:
    return [
        slot
        for slot in (ATTACK_LEFT, ATTACK_RIGHT, DEFENSE)
        if g.unit_at(side, slot) and not g.unit_at(side, slot).rested
    ]


# ---------------------------------------------------------------------- set-up
def test_setup_shuffles_the_player_deck_by_the_seed() -> None:
    def order(seed: int) -> list[int]:
        deck = ["SOLDIER"] * 10 + ["BIG"] * 10 + ["CHEAP"] * 10
        return (
            Game.new(
                deck=deck,
                ruler=knight(),
                level=level(drives=0),
                pool=pool([SOLDIER, BIG, CHEAP]),
                seed=seed,
                opponent=InvaderController(),
            )
            .sides[P]
            .hand
        )

    assert order(1) == order(1)
    assert len({tuple(order(s)) for s in range(5)}) > 1


def test_setup_gives_the_ruler_its_energy_ready() -> None:
    g = game(ruler=knight(energy=5))
    assert (g.sides[P].energy, g.sides[P].energy_ready) == (5, 5)


def test_setup_draws_the_opening_hand_from_the_top_before_the_first_turn() -> None:
    g = game(cards=[SOLDIER, BIG, CHEAP, WALL], player=["SOLDIER", "BIG", "CHEAP", "WALL"])
    first_turn = g.log.index(kinds(g, "turn")[0])
    opening = [g.card(e[3]).id for e in g.log[:first_turn] if e[1] == "draw"]
    assert opening == ["SOLDIER", "BIG", "CHEAP", "WALL"]


def test_the_rift_takes_the_first_turn() -> None:
    g = game()
    assert g.first_player == I
    assert kinds(g, "turn")[0][:3] == (1, "turn", I)


def test_there_is_no_mulligan_the_first_decision_is_the_players_main_phase() -> None:
    g = game(cards=[SOLDIER, BIG], player=["SOLDIER", "BIG", "SOLDIER", "BIG", "SOLDIER", "BIG"])
    assert (g.turn, g.active, g.phase) == (2, P, "main")
    assert iids(g, P, "hand") == ["SOLDIER", "BIG", "SOLDIER", "BIG", "SOLDIER", "BIG"]


def test_an_open_card_in_the_opening_hand_is_played_at_once() -> None:
    haunt = event("HAUNT", on("on_play", fx("damage", "own_ruler", amount=1)), level=-5, keywords=["open_card"])
    g = game(cards=[haunt, SOLDIER], player=["SOLDIER", "HAUNT", "SOLDIER", "SOLDIER"])
    played = g.log.index(kinds(g, "event", P)[0])
    assert played < g.log.index(kinds(g, "turn")[0])
    assert iids(g, P, "graveyard") == ["HAUNT"]
    assert len(g.sides[P].damage_zone) == 1


# ---------------------------------------------------------------------- start phase
def test_start_phase_readies_the_ruler_and_the_attack_zone_units() -> None:
    g = game(cards=[SOLDIER], player=["SOLDIER", "SOLDIER"])
    summon(g, "SOLDIER", ATTACK_LEFT)
    summon(g, "SOLDIER", ATTACK_RIGHT)
    g.apply(GoToAttack())
    for attacker in (ATTACK_LEFT, ATTACK_RIGHT, RULER):
        g.apply(Attack(attacker, RULER))
    assert g.sides[P].ruler_rested and ready_units(g, P) == []
    end_turn(g)
    assert not g.sides[P].ruler_rested
    assert ready_units(g, P) == [ATTACK_LEFT, ATTACK_RIGHT]


def test_start_phase_does_not_ready_the_defense_unit() -> None:
    g = game(cards=[WALL], player=["WALL"])
    summon(g, "WALL", DEFENSE)
    g.unit_at(P, DEFENSE).rested = True  # no rule rests it; if something did, 6-2c leaves it
    end_turn(g)
    assert g.unit_at(P, DEFENSE).rested


def test_a_hand_ruler_draws_its_count_at_the_start_of_each_turn() -> None:
    g = game(ruler=knight(turn_start_count=3))
    assert len(kinds(g, "draw", P)) == 4 + 3
    end_turn(g)
    assert len(kinds(g, "draw", P)) == 4 + 3 + 3


def test_the_player_going_second_gets_no_first_turn_reduction() -> None:
    g = game(ruler=knight(turn_start_count=2, first_turn_count=1))
    turn_two = [e for e in kinds(g, "draw", P) if e[0] == 2]
    assert len(turn_two) == 2


def test_a_drive_ruler_drives_its_count_into_the_drive_zone() -> None:
    g = game(cards=[SOLDIER, BIG], player=["SOLDIER", "BIG"], ruler=apprentice())
    assert iids(g, P, "drive") == ["SOLDIER", "BIG"]
    assert g.sides[P].hand == []


def test_the_knight_readies_all_its_energy_each_turn() -> None:
    g = game(cards=[BIG], player=["BIG"])
    summon(g, "BIG", ATTACK_LEFT)
    assert g.sides[P].energy_ready == 0
    end_turn(g)
    assert g.sides[P].energy_ready == 3


def test_a_ruler_that_readies_some_energy_readies_only_that_many() -> None:
    g = game(cards=[BIG], player=["BIG"], ruler=knight(energy_readied=2))
    summon(g, "BIG", ATTACK_LEFT)
    end_turn(g)
    assert g.sides[P].energy_ready == 2


@DECK_OUTS
def test_drawing_from_an_empty_deck_loses(variants: Readings) -> None:
    g = game(cards=[SOLDIER], player=["SOLDIER"] * 7, pad=0, variants=variants)
    end_turn(g)
    assert (g.winner, g.end_reason) == ("invader", "deck-out")


@DECK_OUTS
def test_driving_from_an_empty_deck_loses(variants: Readings) -> None:
    g = game(cards=[SOLDIER], player=["SOLDIER"] * 3, pad=0, ruler=apprentice(), variants=variants)
    end_turn(g)
    assert (g.winner, g.end_reason) == ("invader", "deck-out")


def test_a_side_whose_deck_is_empty_loses_at_the_next_rules_processing() -> None:
    # 4 cards in the opening hand and 2 drawn on turn 2 empty the deck: the game ends before the main phase
    g = game(cards=[SOLDIER], player=["SOLDIER"] * 6, pad=0)
    assert (g.winner, g.end_reason, g.turn, len(g.sides[P].hand)) == ("invader", "deck-out", 2, 6)
    assert [e[3] for e in kinds(g, "loss", P)] == ["deck-out"]


def test_under_deck_out_taking_an_empty_deck_loses_only_when_a_card_must_be_taken() -> None:
    g = game(cards=[SOLDIER], player=["SOLDIER"] * 6, pad=0, variants=TAKING)
    assert g.winner is None and g.sides[P].deck == [] and g.legal_actions()  # turn 2 is played with an empty deck
    end_turn(g)  # turn 4's draw must take a card
    assert (g.winner, g.end_reason, g.turn) == ("invader", "deck-out", 4)


def test_a_loss_a_task_marks_ends_the_game_before_the_next_task() -> None:
    """The task loop calls the rules processing only when something is marked for it: a damage check's card that
    fills the damage zone to the ruler's LIFE marks the loss, so the next cards of the check are never taken
    [rules.md 6.4, 9]."""
    g = game(cards=[SOLDIER], player=["SOLDIER"] * 20)
    side = g.sides[P]
    side.damage_zone = [side.deck.pop() for _ in range(knight().life - 1)]  # one card short of losing
    deck_before = len(side.deck)
    g.tasks.append(Check(P, 3, 3))
    g.hp_dirty = False  # nothing marked: only the loss the check marks makes the rules look
    g.run(checked=True)
    assert (g.winner, g.end_reason) == ("invader", "damage")
    assert len(side.deck) == deck_before - 1 and len(kinds(g, "check", P)) == 1


def test_a_damage_checks_cards_are_taken_at_once_until_a_cnt_card_whose_abilities_come_before_the_next() -> None:
    """Between two cards of a check that are not CNT cards nothing happens (no loss, no HP, no empty deck), so
    one task takes them; a CNT card's abilities resolve before the next card, which waits as a task under them
    [rules.md 6.4]."""
    zap = event("ZAP", on("cnt", fx("damage", "enemy_ruler", amount=1)), cnt=True)
    g = game(cards=[SOLDIER, zap], player=["SOLDIER"] * 10 + ["ZAP"])
    side = g.sides[P]
    zap_iid = find_iid(g, P, "deck", "ZAP")
    side.deck.remove(zap_iid)
    first, second, *_ = (iid for iid in reversed(side.deck))  # the top two SOLDIERs
    side.deck.insert(len(side.deck) - 2, zap_iid)  # the third card from the top
    check_one(g, Check(P, 4, 4))
    assert side.damage_zone[-2:] == [first, second] and side.graveyard[-1:] == [zap_iid]
    assert Check(P, 1, 4) in g.tasks and g.tasks[-1] != Check(P, 1, 4)  # the last card waits under ZAP's ability
    assert [e[4:6] for e in kinds(g, "check", P)] == [("damage", 1), ("damage", 2), ("cnt", 3)]


# ---------------------------------------------------------------------- main phase
def test_a_cards_main_row_says_what_the_main_phase_may_do_with_it() -> None:
    """`Setup.main_rows` sums up each card for the main phase's legal actions: its id (copies are one
    decision), its type, its cost, whether playing it needs more than its energy; the actions that play it in
    the main phase (a unit's summons into each of the player's unit zones, an event's play, a field's) and set
    it into each set zone (an open card may not be set): the very actions `legal_actions` offers."""
    opener = event("OPENER", level=1, keywords=["open_card"])
    plain = event("PLAIN", level=2)
    checked = event("CHECKED", on("on_play", fx("destroy", "enemy_unit")))
    g = game(
        cards=[SOLDIER, opener, plain, checked, field("GROUND", level=1)],
        player=["SOLDIER", "OPENER", "PLAIN", "CHECKED", "GROUND"],
    )
    rows = {g.card(iid).id: row for iid, row in enumerate(g.setup.main_rows)}
    iids = {g.card(iid).id: iid for iid in range(len(g.setup.defs))}
    summons = tuple(Summon(iids["SOLDIER"], slot) for slot in g.setup.summon_slots)
    plain_sets = tuple(SetCard(iids["PLAIN"], zone) for zone in range(len(g.sides[PLAYER].set_zones)))
    assert plain_sets  # the ruler has set zones
    assert rows["SOLDIER"] == MainRow("SOLDIER", UNIT_KIND, 1, False, summons, ())
    assert rows["OPENER"] == MainRow("OPENER", EVENT_KIND, 1, False, (PlayEvent(iids["OPENER"]),), ())
    assert rows["PLAIN"] == MainRow("PLAIN", EVENT_KIND, 2, False, (PlayEvent(iids["PLAIN"]),), plain_sets)
    assert rows["CHECKED"][:2] == ("CHECKED", EVENT_KIND) and rows["CHECKED"].checked
    assert rows["GROUND"] == MainRow("GROUND", FIELD_KIND, 1, False, (PlayField(iids["GROUND"]),), ())


def test_the_summon_cap_limits_normal_summons_per_turn() -> None:
    g = game(cards=[CHEAP], player=["CHEAP"] * 4)
    summon(g, "CHEAP", ATTACK_LEFT)
    summon(g, "CHEAP", ATTACK_RIGHT)
    assert not any(isinstance(a, Summon) for a in g.legal_actions())


def test_the_summon_count_resets_each_turn() -> None:
    g = game(cards=[CHEAP], player=["CHEAP"] * 4)
    summon(g, "CHEAP", ATTACK_LEFT)
    summon(g, "CHEAP", ATTACK_RIGHT)
    end_turn(g)
    assert any(isinstance(a, Summon) for a in g.legal_actions())


def test_an_energy_ruler_pays_the_level_by_resting_energy() -> None:
    two = unit("TWO", 2, 3, 3, 1)
    g = game(cards=[two], player=["TWO"])
    summon(g, "TWO", ATTACK_LEFT)
    assert g.sides[P].energy_ready == 1


def test_a_unit_costing_more_than_the_ready_energy_cannot_be_summoned() -> None:
    g = game(cards=[BIG], player=["BIG", "BIG"])
    summon(g, "BIG", ATTACK_LEFT)
    assert not any(isinstance(a, Summon) for a in g.legal_actions())


def test_a_negative_level_costs_no_energy_and_gives_none() -> None:
    minus = event("MINUS", on("on_play", fx("draw", "controller", amount=1)), level=-3)
    g = game(cards=[minus], player=["MINUS"])
    g.apply(PlayEvent(find_iid(g, P, "hand", "MINUS")))
    assert g.sides[P].energy_ready == 3


def test_a_drive_ruler_plays_driven_cards_free_from_the_drive_zone() -> None:
    g = game(cards=[BIG], player=["BIG", "BIG"], ruler=apprentice())
    g.apply(Summon(find_iid(g, P, "drive", "BIG"), ATTACK_LEFT))
    assert iids(g, P, "drive") == ["BIG"]
    assert g.card(g.unit_at(P, ATTACK_LEFT).iid).id == "BIG"


def test_summoning_into_an_occupied_zone_puts_the_old_unit_into_the_graveyard_without_destroying_it() -> None:
    last_words = unit("LAST", 0, 1, 1, 1, on("on_destroyed", fx("damage", "enemy_ruler", amount=1)))
    g = game(cards=[last_words, CHEAP], player=["LAST", "CHEAP"])
    summon(g, "LAST", ATTACK_LEFT)
    summon(g, "CHEAP", ATTACK_LEFT)
    assert iids(g, P, "graveyard") == ["LAST"]
    assert kinds(g, "destroy") == [] and g.sides[I].damage_zone == []


def test_setting_puts_an_event_face_down_into_a_set_zone_for_free() -> None:
    bolt = event("BOLT", on("on_play", fx("damage", "enemy_ruler", amount=1)), level=2)
    g = game(cards=[bolt], player=["BOLT"])
    g.apply(SetCard(find_iid(g, P, "hand", "BOLT"), 0))
    assert iids(g, P, "set_zones")[:1] == ["BOLT"] and g.sides[P].energy_ready == 3


def test_the_player_has_only_two_set_zones() -> None:
    g = game(ruler=knight(set_zones=3))
    assert len(g.sides[P].set_zones) == 2


def test_units_fields_and_open_cards_cannot_be_set() -> None:
    land = field("LAND")
    haunt = event("HAUNT", level=-5, keywords=["open_card"])
    g = game(cards=[SOLDIER, land, haunt], player=["SOLDIER", "LAND", FILLER, FILLER, FILLER, FILLER, "HAUNT"])
    side = g.sides[P]
    side.deck.remove(haunt_iid := find_iid(g, P, "deck", "HAUNT"))
    side.hand.append(haunt_iid)  # an open card that reached the hand without being drawn
    assert not any(isinstance(a, SetCard) for a in g.legal_actions())


def test_playing_a_set_event_pays_its_cost() -> None:
    bolt = event("BOLT", on("on_play", fx("damage", "enemy_ruler", amount=1)), level=2)
    g = game(cards=[bolt], player=["BOLT"])
    card = find_iid(g, P, "hand", "BOLT")
    g.apply(SetCard(card, 0))
    g.apply(PlayEvent(card))
    assert g.sides[P].energy_ready == 1 and len(g.sides[I].damage_zone) == 1


def test_set_events_without_a_timing_cannot_be_played_in_the_attack_phase() -> None:
    # CR 9-3e-4: no timing word is the normal timing, the turn player's main phase only (rules.md 12).
    bolt = event("BOLT", on("on_play", fx("damage", "enemy_ruler", amount=1)), level=0)
    g = game(cards=[bolt], player=["BOLT"])
    card = find_iid(g, P, "hand", "BOLT")
    g.apply(SetCard(card, 0))
    assert PlayEvent(card) in g.legal_actions()
    g.apply(GoToAttack())
    assert PlayEvent(card) not in g.legal_actions()


def test_events_in_hand_cannot_be_played_in_the_attack_phase() -> None:
    bolt = event("BOLT", on("on_play", fx("damage", "enemy_ruler", amount=1)), level=0)
    g = game(cards=[bolt], player=["BOLT"])
    g.apply(GoToAttack())
    assert not any(isinstance(a, PlayEvent) for a in g.legal_actions())


def test_set_events_cannot_be_played_in_the_rifts_turn() -> None:
    """No response windows: the player decides nothing in the rift's turn but targets."""
    bolt = event("BOLT", on("on_play", fx("damage", "enemy_ruler", amount=1)), level=0)
    g = game(cards=[bolt, SOLDIER], player=["BOLT"], rift=["SOLDIER"], drives=1, atk=3)
    g.apply(SetCard(find_iid(g, P, "hand", "BOLT"), 0))
    end_turn(g)
    assert [e for e in kinds(g, "event", P)] == []
    assert (g.active, g.phase) == (P, "main")


def test_an_event_goes_to_the_graveyard_when_played() -> None:
    bolt = event("BOLT", on("on_play", fx("damage", "enemy_ruler", amount=1)), level=0)
    g = game(cards=[bolt], player=["BOLT"])
    g.apply(PlayEvent(find_iid(g, P, "hand", "BOLT")))
    assert iids(g, P, "graveyard") == ["BOLT"]


def test_a_field_stays_in_the_field_zone() -> None:
    land = field("LAND", level=1)
    g = game(cards=[land], player=["LAND"])
    g.apply(PlayField(find_iid(g, P, "hand", "LAND")))
    end_turn(g)
    assert iids(g, P, "field") == ["LAND"] and g.sides[P].energy_ready == 3


def test_cards_left_in_the_drive_zone_go_to_the_graveyard_at_the_end_of_the_main_phase() -> None:
    g = game(cards=[SOLDIER, BIG], player=["SOLDIER", "BIG"], ruler=apprentice())
    g.apply(GoToAttack())
    assert g.sides[P].drive == []
    assert iids(g, P, "graveyard") == ["SOLDIER", "BIG"]


def test_ending_the_turn_from_the_main_phase_also_empties_the_drive_zone() -> None:
    g = game(cards=[SOLDIER, BIG], player=["SOLDIER", "BIG"], ruler=apprentice())
    end_turn(g)
    assert iids(g, P, "graveyard") == ["SOLDIER", "BIG"]


def test_cards_driven_after_the_main_phase_go_to_the_graveyard_at_the_end_of_that_turn() -> None:
    martyr = unit("MARTYR", 1, 1, 1, 1, on("on_destroyed", fx("draw", "controller", amount=1)))
    g = game(cards=[martyr, SOLDIER], player=["MARTYR", "MARTYR", "SOLDIER"], ruler=apprentice(), atk=1)
    g.apply(Summon(find_iid(g, P, "drive", "MARTYR"), ATTACK_LEFT))
    end_turn(g)  # the rift's ruler destroys MARTYR: its draw drives SOLDIER in the rift's turn
    assert "SOLDIER" in iids(g, P, "graveyard")
    assert "SOLDIER" not in iids(g, P, "drive")


# ---------------------------------------------------------------------- attack phase
def test_the_defense_unit_never_attacks() -> None:
    g = game(cards=[SOLDIER], player=["SOLDIER"])
    summon(g, "SOLDIER", DEFENSE)
    g.apply(GoToAttack())
    assert {a.attacker for a in g.legal_actions() if isinstance(a, Attack)} == {RULER}


def test_attacking_rests_the_attacker() -> None:
    g = game(cards=[SOLDIER], player=["SOLDIER"])
    summon(g, "SOLDIER", ATTACK_LEFT)
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, RULER))
    g.apply(Attack(RULER, RULER))
    assert not any(isinstance(a, Attack) for a in g.legal_actions())


def test_units_can_attack_the_turn_they_are_summoned() -> None:
    g = game(cards=[SOLDIER], player=["SOLDIER"])
    summon(g, "SOLDIER", ATTACK_RIGHT)
    g.apply(GoToAttack())
    assert Attack(ATTACK_RIGHT, RULER) in g.legal_actions()


def test_targets_are_the_frontmost_card_of_each_line() -> None:
    g = game(cards=[SOLDIER], rift=["SOLDIER"] * 3, drives=3)
    g.apply(GoToAttack())
    assert sorted({a.target for a in g.legal_actions() if isinstance(a, Attack)}) == [
        ATTACK_LEFT,
        ATTACK_RIGHT,
        DEFENSE,
    ]


def test_attacking_a_line_with_no_unit_hits_the_ruler() -> None:
    g = game(cards=[SOLDIER], rift=["SOLDIER"] * 2, drives=2)
    assert g.unit_at(I, DEFENSE) is None
    g.apply(GoToAttack())
    g.apply(Attack(RULER, RULER))
    assert len(g.sides[I].damage_zone) == knight().stk


def test_atk_damages_units_and_the_damage_stays_across_turns() -> None:
    g = game(cards=[WALL], rift=["WALL"], drives=1)
    g.apply(GoToAttack())
    g.apply(Attack(RULER, ATTACK_LEFT))
    end_turn(g)
    g.apply(GoToAttack())
    g.apply(Attack(RULER, ATTACK_LEFT))
    assert g.unit_at(I, ATTACK_LEFT).damage == 2 * knight().atk


def test_under_unit_damage_clears_the_end_phase_removes_every_units_damage() -> None:
    clears = DEFAULT.with_values({"unit_damage": "clears"})
    g = game(cards=[WALL], rift=["WALL"], drives=1, variants=clears)
    g.apply(GoToAttack())
    g.apply(Attack(RULER, ATTACK_LEFT))
    assert g.unit_at(I, ATTACK_LEFT).damage == knight().atk  # it stays for the rest of the turn
    end_turn(g)
    g.apply(GoToAttack())
    g.apply(Attack(RULER, ATTACK_LEFT))
    assert g.unit_at(I, ATTACK_LEFT).damage == knight().atk
    assert [g.card(e[3]).id for e in kinds(g, "damage_cleared", I)] == ["WALL"]


def test_a_unit_is_destroyed_when_its_damage_reaches_its_hp() -> None:
    g = game(cards=[SOLDIER], rift=["SOLDIER"], drives=1, ruler=knight(atk=3))
    g.apply(GoToAttack())
    g.apply(Attack(RULER, ATTACK_LEFT))
    assert g.unit_at(I, ATTACK_LEFT) is None and iids(g, I, "graveyard") == ["SOLDIER"]


def test_a_unit_is_destroyed_when_its_hp_drops_to_zero() -> None:
    wither = event("WITHER", on("on_play", fx("modify", "enemy_unit", hp=-3)), level=0)
    g = game(cards=[wither, SOLDIER], player=["WITHER"], rift=["SOLDIER"], drives=1)
    g.apply(PlayEvent(find_iid(g, P, "hand", "WITHER")))
    assert g.unit_at(I, ATTACK_LEFT) is None


def test_stk_damages_rulers() -> None:
    hitter = unit("HITTER", 1, 9, 3, 2)
    g = game(cards=[hitter], player=["HITTER"])
    summon(g, "HITTER", ATTACK_LEFT)
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, RULER))
    assert len(g.sides[I].damage_zone) == 2


def test_the_ruler_attacks_units_with_its_atk() -> None:
    g = game(cards=[WALL], rift=["WALL"], drives=1, ruler=knight(atk=4, stk=1))
    g.apply(GoToAttack())
    g.apply(Attack(RULER, ATTACK_LEFT))
    assert g.unit_at(I, ATTACK_LEFT).damage == 4


def test_the_first_players_first_turn_has_exactly_one_attack() -> None:
    g = game(cards=[SOLDIER], rift=["SOLDIER", "SOLDIER"], drives=2, stk=1)
    assert [e[3] for e in kinds(g, "attack", I)] == [-1]
    assert len(g.sides[P].damage_zone) == 1


def test_after_the_first_turn_the_rift_attacks_with_left_right_then_ruler() -> None:
    g = game(cards=[SOLDIER, CHEAP], rift=["SOLDIER", "SOLDIER", "CHEAP", "CHEAP"], drives=2, stk=1)
    left, right = g.unit_at(I, ATTACK_LEFT).iid, g.unit_at(I, ATTACK_RIGHT).iid
    end_turn(g)
    assert g.unit_at(I, DEFENSE) is not None
    assert [e[3] for e in kinds(g, "attack", I) if e[0] == 3] == [left, right, -1]


def test_an_attack_whose_target_left_the_board_does_nothing() -> None:
    sniper = unit("SNIPER", 1, 9, 3, 3, on("on_attack", fx("destroy", "enemy_unit")))
    g = game(cards=[sniper, WALL], player=["SNIPER"], rift=["WALL"], drives=1)
    summon(g, "SNIPER", ATTACK_LEFT)
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, ATTACK_LEFT))
    assert iids(g, I, "graveyard") == ["WALL"]
    assert kinds(g, "damage_unit") == [] and g.sides[I].damage_zone == []


# ---------------------------------------------------------------------- damage to a ruler
def test_a_damage_check_takes_one_card_per_point_from_the_top() -> None:
    g = game(cards=[SOLDIER, BIG, CHEAP], rift=["SOLDIER", "BIG", "CHEAP"])
    g.apply(GoToAttack())
    g.apply(Attack(RULER, RULER))
    assert iids(g, I, "damage_zone") == ["SOLDIER", "BIG", "CHEAP"]


def test_a_checked_card_without_cnt_goes_to_the_damage_zone() -> None:
    g = game(cards=[SOLDIER], rift=["SOLDIER"], ruler=knight(stk=1))
    g.apply(GoToAttack())
    g.apply(Attack(RULER, RULER))
    assert iids(g, I, "damage_zone") == ["SOLDIER"] and g.sides[I].graveyard == []


def test_a_checked_cnt_card_uses_its_ability_and_goes_to_the_graveyard() -> None:
    spike = unit("SPIKE", 0, 1, 1, 1, on("cnt", fx("damage", "enemy_ruler", amount=1)))
    g = game(cards=[spike], rift=["SPIKE"], ruler=knight(stk=1))
    g.apply(GoToAttack())
    g.apply(Attack(RULER, RULER))
    assert iids(g, I, "graveyard") == ["SPIKE"] and g.sides[I].damage_zone == []
    assert len(g.sides[P].damage_zone) == 1


def test_a_cnt_card_is_in_the_graveyard_while_its_ability_resolves() -> None:
    shield = unit("SHIELD", 0, 1, 1, 1, on("cnt", fx("damage", "enemy_unit", amount=1)))
    g = game(cards=[shield, WALL], player=["WALL"] * 6 + ["SHIELD"], rift=["WALL", "WALL"], drives=2)
    end_turn(g)  # turn 3: the rift's left WALL hits the player for its STK 1; the check reveals SHIELD
    assert g.pending is not None  # two rift units: the player chooses
    assert iids(g, P, "graveyard") == ["SHIELD"]


def test_a_cnt_ability_resolves_before_the_next_card_is_checked() -> None:
    grind = unit("GRIND", 0, 1, 1, 1, on("cnt", fx("mill", "controller", amount=1)))
    g = game(cards=[grind, SOLDIER, BIG], rift=["GRIND", "SOLDIER", "BIG"], ruler=knight(stk=2))
    g.apply(GoToAttack())
    g.apply(Attack(RULER, RULER))
    assert iids(g, I, "graveyard") == ["GRIND", "SOLDIER"]
    assert iids(g, I, "damage_zone") == ["BIG"]


def test_cnt_abilities_are_mandatory() -> None:
    backfire = unit("BACKFIRE", 0, 1, 1, 1, on("cnt", fx("damage", "all_own_units", amount=5)))
    g = game(cards=[backfire, WALL], rift=["WALL", "BACKFIRE"], drives=1, ruler=knight(stk=1))
    g.apply(GoToAttack())
    g.apply(Attack(RULER, RULER))
    assert g.unit_at(I, ATTACK_LEFT).damage == 5


def test_the_players_cnt_abilities_are_mandatory() -> None:
    backfire = unit("BACKFIRE", 0, 1, 1, 1, on("cnt", fx("mill", "controller", amount=3)))
    g = game(
        cards=[backfire, SOLDIER], player=["SOLDIER"] * 4 + ["BACKFIRE"], stk=1
    )  # the rift's first attack checks it
    assert g.pending is None and len(kinds(g, "mill", P)) == 3


def test_under_player_cnt_optional_the_player_may_decline_a_cnt_ability() -> None:
    backfire = unit("BACKFIRE", 0, 1, 1, 1, on("cnt", fx("mill", "controller", amount=3)))
    optional = DEFAULT.with_values({"player_cnt": "optional"})
    g = game(cards=[backfire, SOLDIER], player=["SOLDIER"] * 4 + ["BACKFIRE"], stk=1, variants=optional)
    assert (g.pending.purpose, g.card(g.pending.source).id) == ("optional", "BACKFIRE")
    assert g.legal_actions() == [Confirm(True), Confirm(False)]
    g.apply(Confirm(False))
    assert kinds(g, "mill", P) == [] and iids(g, P, "graveyard") == [
        "BACKFIRE"
    ]  # it went to the graveyard all the same
    assert [g.card(e[3]).id for e in kinds(g, "declined", P)] == ["BACKFIRE"]


def test_reaching_life_in_the_damage_zone_loses_at_once_mid_check() -> None:
    g = game(cards=[SOLDIER], rift=["SOLDIER"] * 6, hp=2, ruler=knight(stk=5))
    g.apply(GoToAttack())
    g.apply(Attack(RULER, RULER))
    assert (g.winner, g.end_reason) == ("player", "damage")
    assert len(g.sides[I].damage_zone) == 2
    assert len(kinds(g, "check")) == 2


@DECK_OUTS
def test_taking_a_damage_check_card_from_an_empty_deck_loses(variants: Readings) -> None:
    g = game(cards=[SOLDIER], rift=["SOLDIER"], rift_pad=0, ruler=knight(stk=3), variants=variants)
    g.apply(GoToAttack())
    g.apply(Attack(RULER, RULER))
    assert (g.winner, g.end_reason) == ("player", "deck-out")


def test_both_sides_losing_at_the_same_time_is_a_draw() -> None:
    g = game()
    g.sides[P].lost = "damage"  # two losses in one step: no card does this yet; the rule still stands
    g.sides[I].lost = "deck-out"
    g.hp_dirty = True  # the mark the engine sets with a loss, for the rules processing to look (processing.py)
    end_turn(g)
    assert g.winner == "draw"


# ---------------------------------------------------------------------- keywords
PIKE = unit("PIKE", 1, 5, 3, 2, keywords=["pierce"])


def test_pierce_deals_stk_to_the_ruler_when_it_destroys_the_defense_unit() -> None:
    g = game(cards=[PIKE, SOLDIER], player=["PIKE"], rift=["SOLDIER"] * 3, drives=3)
    summon(g, "PIKE", ATTACK_LEFT)
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, DEFENSE))
    assert g.unit_at(I, DEFENSE) is None
    assert len(g.sides[I].damage_zone) == 2


def test_pierce_does_nothing_when_the_defense_unit_survives() -> None:
    g = game(cards=[PIKE, WALL], player=["PIKE"], rift=["WALL"] * 3, drives=3)
    summon(g, "PIKE", ATTACK_LEFT)
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, DEFENSE))
    assert g.sides[I].damage_zone == []


def test_pierce_does_nothing_when_it_destroys_an_attack_zone_unit() -> None:
    g = game(cards=[PIKE, SOLDIER], player=["PIKE"], rift=["SOLDIER"] * 3, drives=3)
    summon(g, "PIKE", ATTACK_LEFT)
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, ATTACK_LEFT))
    assert g.unit_at(I, ATTACK_LEFT) is None and g.sides[I].damage_zone == []


def test_a_rift_with_pierce_hits_the_player_when_its_ruler_destroys_the_defense_unit() -> None:
    g = game(cards=[SOLDIER], player=["SOLDIER"], atk=5, stk=2, keywords=["pierce"])
    summon(g, "SOLDIER", DEFENSE)
    before = len(g.sides[P].damage_zone)
    end_turn(g)
    assert g.unit_at(P, DEFENSE) is None
    assert len(g.sides[P].damage_zone) - before == 2


def test_intercept_deals_its_atk_to_the_attacking_unit_before_battle_damage() -> None:
    guard = unit("GUARD", 1, 2, 10, 1, keywords=["intercept"])
    g = game(cards=[guard, WALL], player=["WALL"], rift=["GUARD"], drives=1)
    summon(g, "WALL", ATTACK_LEFT)
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, ATTACK_LEFT))
    hits = [(g.card(e[3]).id, e[2]) for e in kinds(g, "damage_unit")]
    assert hits == [("WALL", P), ("GUARD", I)]


def test_intercept_that_destroys_the_attacker_stops_the_attack() -> None:
    guard = unit("GUARD", 1, 5, 10, 1, keywords=["intercept"])
    g = game(cards=[guard, SOLDIER], player=["SOLDIER"], rift=["GUARD"], drives=1)
    summon(g, "SOLDIER", ATTACK_LEFT)
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, ATTACK_LEFT))
    assert g.unit_at(P, ATTACK_LEFT) is None
    assert g.unit_at(I, ATTACK_LEFT).damage == 0


def test_intercept_does_not_hit_an_attacking_ruler() -> None:
    guard = unit("GUARD", 1, 5, 10, 1, keywords=["intercept"])
    g = game(cards=[guard], rift=["GUARD"], drives=1)
    g.apply(GoToAttack())
    g.apply(Attack(RULER, ATTACK_LEFT))
    assert [g.card(e[3]).id for e in kinds(g, "damage_unit")] == ["GUARD"]
    assert g.sides[P].damage_zone == []


def test_counterattack_deals_its_atk_to_the_attacker_when_it_survives() -> None:
    thorn = unit("THORN", 1, 2, 10, 1, keywords=["counterattack"])
    g = game(cards=[thorn, WALL], player=["WALL"], rift=["THORN"], drives=1)
    summon(g, "WALL", ATTACK_LEFT)
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, ATTACK_LEFT))
    hits = [(g.card(e[3]).id, e[2]) for e in kinds(g, "damage_unit")]
    assert hits == [("THORN", I), ("WALL", P)]


def test_counterattack_does_nothing_when_the_unit_is_destroyed() -> None:
    thorn = unit("THORN", 1, 2, 1, 1, keywords=["counterattack"])
    g = game(cards=[thorn, WALL], player=["WALL"], rift=["THORN"], drives=1)
    summon(g, "WALL", ATTACK_LEFT)
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, ATTACK_LEFT))
    assert g.unit_at(P, ATTACK_LEFT).damage == 0


def test_counterattack_does_not_hit_an_attacking_ruler() -> None:
    thorn = unit("THORN", 1, 2, 10, 1, keywords=["counterattack"])
    g = game(cards=[thorn], rift=["THORN"], drives=1)
    g.apply(GoToAttack())
    g.apply(Attack(RULER, ATTACK_LEFT))
    assert [g.card(e[3]).id for e in kinds(g, "damage_unit")] == ["THORN"]
    assert g.sides[P].damage_zone == []


def test_an_open_card_drawn_in_the_start_phase_is_played_at_once() -> None:
    gift = unit("GIFT", 3, 3, 3, 1, keywords=["open_card"])
    g = game(cards=[gift, SOLDIER], player=["SOLDIER"] * 4 + ["GIFT"])
    assert g.card(g.unit_at(P, ATTACK_LEFT).iid).id == "GIFT"
    assert g.sides[P].energy_ready == 3 and g.sides[P].summons == 0


def test_an_open_card_driven_is_played_at_once() -> None:
    gift = event("GIFT", on("on_play", fx("damage", "enemy_ruler", amount=1)), keywords=["open_card"])
    g = game(cards=[gift, SOLDIER], player=["GIFT", "SOLDIER"], ruler=apprentice())
    assert iids(g, P, "drive") == ["SOLDIER"]
    assert len(g.sides[I].damage_zone) == 1


def test_a_dormant_unit_cannot_attack() -> None:
    sleeper = unit("SLEEPER", 0, 5, 5, 1, keywords=["dormant"])
    g = game(cards=[sleeper], player=["SLEEPER"])
    summon(g, "SLEEPER", ATTACK_LEFT)
    g.apply(GoToAttack())
    assert {a.attacker for a in g.legal_actions() if isinstance(a, Attack)} == {RULER}


def test_a_unit_that_cannot_be_attacked_is_no_target_and_closes_its_line() -> None:
    veil = unit("VEIL", 1, 1, 1, 1, keywords=["cannot_be_attacked"])
    g = game(cards=[veil, SOLDIER], rift=["VEIL", "SOLDIER", "SOLDIER"], drives=3)
    g.apply(GoToAttack())
    assert sorted({a.target for a in g.legal_actions() if isinstance(a, Attack)}) == [ATTACK_RIGHT, DEFENSE]


def test_the_rift_skips_a_unit_that_cannot_be_attacked() -> None:
    veil = unit("VEIL", 1, 1, 1, 1, keywords=["cannot_be_attacked"])
    g = game(cards=[veil, WALL], player=["VEIL", "WALL"], atk=1)
    summon(g, "VEIL", ATTACK_LEFT)
    summon(g, "WALL", DEFENSE)
    end_turn(g)
    assert g.unit_at(P, DEFENSE).damage == 1 and g.unit_at(P, ATTACK_LEFT).damage == 0


# ---------------------------------------------------------------------- end phase and turns
def test_end_of_turn_stat_changes_expire_in_the_end_phase() -> None:
    rally = event("RALLY", on("on_play", fx("modify", "all_own_units", atk=2, stk=1, duration="end_of_turn")))
    g = game(cards=[rally, SOLDIER], player=["RALLY", "SOLDIER"])
    summon(g, "SOLDIER", ATTACK_LEFT)
    g.apply(PlayEvent(find_iid(g, P, "hand", "RALLY")))
    assert (g.atk(P, ATTACK_LEFT), g.stk(P, ATTACK_LEFT)) == (5, 2)
    end_turn(g)
    assert (g.atk(P, ATTACK_LEFT), g.stk(P, ATTACK_LEFT)) == (3, 1)


def test_a_unit_whose_hp_boost_expires_below_its_damage_is_destroyed() -> None:
    brace = event("BRACE", on("on_play", fx("modify", "own_unit", hp=5)))
    g = game(cards=[brace, SOLDIER], player=["BRACE", "SOLDIER"])
    summon(g, "SOLDIER", ATTACK_LEFT)
    g.apply(PlayEvent(find_iid(g, P, "hand", "BRACE")))
    g.unit_at(P, ATTACK_LEFT).damage = 4  # took 4 while at HP 8
    end_turn(g)
    assert iids(g, P, "graveyard")[-1] == "SOLDIER"
    assert kinds(g, "destroy", P)[0][0] == 2, "destroyed in the player's own end phase"


def test_permanent_stat_changes_stay() -> None:
    train = event("TRAIN", on("on_play", fx("modify", "all_own_units", atk=2, duration="permanent")))
    g = game(cards=[train, SOLDIER], player=["TRAIN", "SOLDIER"])
    summon(g, "SOLDIER", ATTACK_LEFT)
    g.apply(PlayEvent(find_iid(g, P, "hand", "TRAIN")))
    end_turn(g)
    assert g.atk(P, ATTACK_LEFT) == 5


def test_ending_the_turn_passes_it_to_the_rift_and_back() -> None:
    g = game()
    end_turn(g)
    assert [(e[0], e[2]) for e in kinds(g, "turn")] == [(1, I), (2, P), (3, I), (4, P)]
    assert (g.active, g.phase) == (P, "main")


def test_there_is_no_hand_size_limit() -> None:
    g = game()
    for _ in range(3):
        end_turn(g)
    assert len(g.sides[P].hand) == 4 + 2 * 4


def test_reaching_the_turn_cap_is_a_draw() -> None:
    g = game(max_turns=3)
    end_turn(g)
    assert (g.winner, g.end_reason) == ("draw", "turn cap")


def test_an_open_card_searched_into_the_hand_is_played_at_once() -> None:
    """Issue 23, word 5: an open card is revealed and played whenever it enters its owner's hand, not only drawn."""
    gift = event("GIFT", on("on_play", fx("damage", "enemy_ruler", amount=1)), keywords=["open_card"])
    seek = yaml_event("SEEK", "{effect: search, filter: {name: gift}}")
    g = game(
        cards=[gift, seek, SOLDIER], player=["SEEK", "SOLDIER", "SOLDIER", "SOLDIER", "SOLDIER", "SOLDIER", "GIFT"]
    )
    mark = len(g.log)
    g.apply(PlayEvent(find_iid(g, P, "hand", "SEEK")))
    assert "GIFT" not in iids(g, P, "hand") and iids(g, P, "graveyard") == ["SEEK", "GIFT"]
    assert [e[1] for e in g.log[mark:] if e[1] in ("found", "shuffle", "event")] == [
        "event",
        "found",
        "shuffle",
        "event",
    ]
    assert len(g.sides[I].damage_zone) == 1


def test_an_open_unit_returned_to_the_hand_is_played_again_at_once() -> None:
    herald = unit("HERALD", 2, 3, 3, 1, keywords=["open_card"])
    recall = yaml_event("RECALL", "{effect: move, target: own_unit, to: hand}")
    g = game(cards=[herald, recall, SOLDIER], player=["RECALL", "SOLDIER", "SOLDIER", "SOLDIER", "HERALD"])
    herald_iid = g.unit_at(P, ATTACK_LEFT).iid  # drawn at the start of the turn: played at once
    g.apply(PlayEvent(find_iid(g, P, "hand", "RECALL")))
    assert g.unit_at(P, ATTACK_LEFT).iid == herald_iid and herald_iid not in g.sides[P].hand
    assert [e[1] for e in g.log if e[1] == "summon" and e.card == herald_iid] == ["summon", "summon"]


def test_a_unit_whose_hp_an_effect_lowers_to_its_damage_is_destroyed_by_the_rules_processing_right_after() -> None:
    """In the middle of the rift's turn: the rift's on_enter lowers every unit's HP, which leaves the player's
    soldier (HP 3, 2 damage from a counterattack) with damage >= HP; rules processing destroys it before the
    rift's attacks (rules processing after every task, which the engine skips only when no HP changed)."""
    thorn = unit("THORN", 1, 2, 10, 1, keywords=["counterattack"])
    wither = unit("WITHER", 1, 1, 5, 1, on("on_enter", fx("modify", "all_units", hp=-1, duration="permanent")))
    g = game(cards=[thorn, wither, SOLDIER], player=["SOLDIER"], rift=["THORN", "WITHER"], drives=1)
    summon(g, "SOLDIER", ATTACK_LEFT)
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, ATTACK_LEFT))
    assert g.unit_at(P, ATTACK_LEFT).damage == 2
    start = len(g.log)
    g.apply(EndTurn())
    after = [e[1] for e in g.log[start:]]
    lowered = max(i for i, kind in enumerate(after) if kind == "modify")
    assert after[lowered + 1] == "destroy" and g.log[start + lowered + 1][3:6] == (
        find_iid(g, P, "graveyard", "SOLDIER"),
        None,
        "hp",
    )
    assert "attack" not in after[:lowered]
