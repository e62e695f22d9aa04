"""Every effect word and every trigger of the vocabulary, and how targets are chosen.

One test per word or trigger, each on the smallest position that shows it
(tests/factories.py builds the cards; both decks are stacked, top first).
"""

from __future__ import annotations

from factories import (
    FILLER,
    apprentice,
    board_ids,
    event,
    field,
    find_iid,
    fx,
    game,
    iids,
    on,
    play,
    summon,
    unit,
    yaml_cards,
    yaml_event,
    yaml_unit,
)

from gateruler.engine import (
    ATTACK_LEFT,
    ATTACK_RIGHT,
    DEFENSE,
    INVADER,
    PLAYER,
    RULER,
    Attack,
    Choose,
    ChooseCard,
    EndTurn,
    Game,
    GoToAttack,
    PlayEvent,
    PlayField,
    SetCard,
)
from gateruler.variants import DEFAULT

P, I = PLAYER, INVADER
SOLDIER = unit("SOLDIER", 1, 3, 3, 1)
WALL = unit("WALL", 1, 1, 20, 1)
TINY = unit("TINY", 0, 1, 1, 1)
HIGH = unit("HIGH", 3, 1, 20, 1)


def damage(g: Game, side: int, slot: int) -> int:
    return g.unit_at(side, slot).damage


# ---------------------------------------------------------------------- effect words
def test_damage_to_a_unit_accumulates_against_its_hp() -> None:
    bolt = event("BOLT", on("on_play", fx("damage", "enemy_unit", amount=3)))
    g = game(cards=[bolt, WALL], player=["BOLT", "BOLT"], rift=["WALL"], drives=1)
    play(g, "BOLT")
    play(g, "BOLT")
    assert damage(g, I, ATTACK_LEFT) == 6


def test_damage_to_a_ruler_is_a_damage_check_per_point() -> None:
    blast = event("BLAST", on("on_play", fx("damage", "enemy_ruler", amount=2)))
    g = game(cards=[blast, SOLDIER], player=["BLAST"], rift=["SOLDIER", "SOLDIER", "SOLDIER"])
    play(g, "BLAST")
    assert iids(g, I, "damage_zone") == ["SOLDIER", "SOLDIER"]


def test_damage_to_own_ruler_checks_the_controllers_deck() -> None:
    pact = event("PACT", on("on_play", fx("damage", "own_ruler", amount=2)))
    g = game(cards=[pact], player=["PACT"])
    play(g, "PACT")
    assert len(g.sides[P].damage_zone) == 2 and g.sides[I].damage_zone == []


def test_damage_to_all_units_hits_both_boards() -> None:
    quake = event("QUAKE", on("on_play", fx("damage", "all_units", amount=2)))
    g = game(cards=[quake, WALL], player=["QUAKE", "WALL"], rift=["WALL", "WALL"], drives=2)
    summon(g, "WALL", DEFENSE)
    play(g, "QUAKE")
    assert [damage(g, I, ATTACK_LEFT), damage(g, I, ATTACK_RIGHT), damage(g, P, DEFENSE)] == [2, 2, 2]


def test_damage_to_all_enemy_units_spares_your_own() -> None:
    storm = event("STORM", on("on_play", fx("damage", "all_enemy_units", amount=2)))
    g = game(cards=[storm, WALL], player=["STORM", "WALL"], rift=["WALL"], drives=1)
    summon(g, "WALL", DEFENSE)
    play(g, "STORM")
    assert (damage(g, I, ATTACK_LEFT), damage(g, P, DEFENSE)) == (2, 0)


def test_destroy_puts_the_unit_into_the_graveyard() -> None:
    smite = event("SMITE", on("on_play", fx("destroy", "enemy_unit")))
    g = game(cards=[smite, WALL], player=["SMITE"], rift=["WALL"], drives=1)
    play(g, "SMITE")
    assert g.unit_at(I, ATTACK_LEFT) is None and iids(g, I, "graveyard") == ["WALL"]


def test_destroy_with_max_level_spares_higher_level_units() -> None:
    purge = event("PURGE", on("on_play", fx("destroy", "all_enemy_units", max_level=1)))
    g = game(cards=[purge, TINY, SOLDIER, HIGH], player=["PURGE"], rift=["TINY", "HIGH", "SOLDIER"], drives=3)
    play(g, "PURGE")
    assert board_ids(g, I) == [None, "HIGH", None]


def test_destroy_set_cards_empties_the_enemy_set_zones() -> None:
    nyar = unit("NYAR", 2, 5, 5, 2, on("on_enter", fx("destroy_set_cards", "enemy_set_zones")))
    trap = event("TRAP")
    g = game(cards=[nyar, trap], player=["TRAP", "TRAP"], rift=[FILLER, "NYAR"], drives=1)
    g.apply(SetCard(find_iid(g, P, "hand", "TRAP"), 0))
    g.apply(SetCard(find_iid(g, P, "hand", "TRAP"), 1))
    g.apply(EndTurn())
    assert g.sides[P].set_zones == [None, None]
    assert iids(g, P, "graveyard") == ["TRAP", "TRAP"]


def test_destroy_set_cards_with_a_chosen_target_destroys_only_the_card_chosen() -> None:
    picker = yaml_unit(
        "PICKER",
        "{trigger: on_enter, effects: [{effect: destroy_set_cards,"
        " target: {choose: 1, filter: {side: enemy, zone: set_zone}}}]}",
    )
    trap, ward = event("TRAP"), event("WARD")
    g = game(cards=[picker, trap, ward], player=["TRAP", "WARD"], rift=[FILLER, "PICKER"], drives=1)
    g.apply(SetCard(find_iid(g, P, "hand", "TRAP"), 0))
    g.apply(SetCard(find_iid(g, P, "hand", "WARD"), 1))
    g.apply(EndTurn())
    assert iids(g, P, "graveyard") == ["TRAP"] and iids(g, P, "set_zones") == [None, "WARD"]


def test_modify_changes_atk_hp_and_stk_for_its_duration() -> None:
    boost = event("BOOST", on("on_play", fx("modify", "own_unit", atk=1, hp=2, stk=3)))
    g = game(cards=[boost, SOLDIER], player=["BOOST", "SOLDIER"])
    summon(g, "SOLDIER", ATTACK_LEFT)
    play(g, "BOOST")
    assert (g.atk(P, ATTACK_LEFT), g.hp(P, ATTACK_LEFT), g.stk(P, ATTACK_LEFT)) == (4, 5, 4)


def test_modify_on_a_ruler_changes_its_atk_and_stk() -> None:
    cry = event("CRY", on("on_play", fx("modify", "own_ruler", atk=2, stk=1)))
    g = game(cards=[cry], player=["CRY"])
    play(g, "CRY")
    assert (g.atk(P, RULER), g.stk(P, RULER)) == (5, 4)
    g.apply(EndTurn())
    assert (g.atk(P, RULER), g.stk(P, RULER)) == (3, 3)


def test_draw_puts_the_top_cards_into_the_hand() -> None:
    insight = event("INSIGHT", on("on_play", fx("draw", "controller", amount=2)))
    g = game(
        cards=[insight, SOLDIER, WALL], player=["INSIGHT", FILLER, FILLER, FILLER, FILLER, FILLER, "SOLDIER", "WALL"]
    )
    play(g, "INSIGHT")
    assert iids(g, P, "hand")[-2:] == ["SOLDIER", "WALL"]


def test_draw_for_a_ruler_without_a_hand_drives_instead() -> None:
    insight = event("INSIGHT", on("on_play", fx("draw", "controller", amount=1)))
    g = game(cards=[insight, SOLDIER], player=["INSIGHT", FILLER, "SOLDIER"], ruler=apprentice())
    g.apply(PlayEvent(find_iid(g, P, "drive", "INSIGHT")))
    assert iids(g, P, "drive") == [FILLER, "SOLDIER"] and g.sides[P].hand == []


def test_a_rift_draw_drives_and_uses_the_card_at_once() -> None:
    greed = event("GREED", on("on_play", fx("draw", "controller", amount=1)))
    g = game(cards=[greed, SOLDIER], rift=["GREED", "SOLDIER"], drives=1)
    assert board_ids(g, I) == ["SOLDIER", None, None]
    assert g.sides[I].hand == []


def test_draw_for_the_opponent_draws_from_their_deck() -> None:
    gift = event("GIFT", on("on_play", fx("draw", "opponent", amount=1)))
    g = game(cards=[gift, SOLDIER], rift=["GIFT", "SOLDIER"], drives=1)
    assert len([e for e in g.log if e[1] == "draw" and e[0] == 1]) == 1


def test_mill_puts_the_top_cards_into_the_graveyard() -> None:
    erode = event("ERODE", on("on_play", fx("mill", "opponent", amount=2)))
    g = game(cards=[erode, SOLDIER, WALL], player=["ERODE"], rift=["SOLDIER", "WALL", "SOLDIER"])
    play(g, "ERODE")
    assert iids(g, I, "graveyard") == ["SOLDIER", "WALL"]


def test_milling_the_last_cards_of_a_deck_loses_at_once() -> None:
    erode = event("ERODE", on("on_play", fx("mill", "opponent", amount=5)))
    g = game(cards=[erode, SOLDIER], player=["ERODE"], rift=["SOLDIER", "SOLDIER"], rift_pad=0)
    play(g, "ERODE")
    assert g.sides[I].deck == [] and len(g.sides[I].graveyard) == 2
    assert (g.winner, g.end_reason) == ("player", "deck-out")


def test_under_deck_out_taking_mill_from_an_empty_deck_stops_without_a_loss() -> None:
    erode = event("ERODE", on("on_play", fx("mill", "opponent", amount=5)))
    taking = DEFAULT.with_values({"deck_out": "taking"})
    g = game(cards=[erode, SOLDIER], player=["ERODE"], rift=["SOLDIER", "SOLDIER"], rift_pad=0, variants=taking)
    play(g, "ERODE")
    assert g.sides[I].deck == [] and len(g.sides[I].graveyard) == 2
    assert g.winner is None


def test_move_to_hand_returns_the_unit_to_its_owners_hand() -> None:
    recall = event("RECALL", on("on_play", fx("move", "own_unit", to="hand")))
    g = game(cards=[recall, SOLDIER], player=["RECALL", "SOLDIER"])
    summon(g, "SOLDIER", ATTACK_LEFT)
    play(g, "RECALL")
    assert g.unit_at(P, ATTACK_LEFT) is None and "SOLDIER" in iids(g, P, "hand")


def test_move_to_deck_puts_the_unit_on_top_of_its_owners_deck() -> None:
    sink = event("SINK", on("on_play", fx("move", "enemy_unit", to="deck")))
    g = game(cards=[sink, WALL], player=["SINK"], rift=["WALL"], drives=1)
    play(g, "SINK")
    assert g.unit_at(I, ATTACK_LEFT) is None and g.card(g.sides[I].deck[-1]).id == "WALL"


def test_move_to_graveyard_is_not_a_destroy() -> None:
    last = unit("LAST", 1, 1, 5, 1, on("on_destroyed", fx("damage", "enemy_ruler", amount=1)))
    bury = event("BURY", on("on_play", fx("move", "enemy_unit", to="graveyard")))
    g = game(cards=[bury, last], player=["BURY"], rift=["LAST"], drives=1)
    play(g, "BURY")
    assert iids(g, I, "graveyard") == ["LAST"] and g.sides[P].damage_zone == []


def test_moving_a_unit_to_a_hand_its_owner_lacks_leaves_it_on_the_board() -> None:
    bounce = event("BOUNCE", on("on_play", fx("move", "enemy_unit", to="hand")))
    g = game(cards=[bounce, WALL], player=["BOUNCE"], rift=["WALL"], drives=1)
    play(g, "BOUNCE")
    assert board_ids(g, I) == ["WALL", None, None] and g.sides[I].hand == []


def test_reuse_on_enter_uses_the_cards_on_enter_abilities_again() -> None:
    nyar = unit(
        "NYAR", 2, 5, 5, 2, on("on_enter", fx("destroy_set_cards", "enemy_set_zones")), on("cnt", fx("reuse_on_enter"))
    )
    trap = event("TRAP")
    g = game(cards=[nyar, trap], player=["TRAP"], rift=["NYAR"])
    g.apply(SetCard(find_iid(g, P, "hand", "TRAP"), 0))
    g.apply(GoToAttack())
    g.apply(Attack(RULER, RULER))
    assert iids(g, I, "graveyard")[0] == "NYAR"
    assert g.sides[P].set_zones == [None, None]


# ---------------------------------------------------------------------- triggers
def test_on_play_resolves_when_an_event_is_played() -> None:
    blast = event("BLAST", on("on_play", fx("damage", "enemy_ruler", amount=1)))
    g = game(cards=[blast], player=["BLAST"])
    assert g.sides[I].damage_zone == []
    play(g, "BLAST")
    assert len(g.sides[I].damage_zone) == 1


def test_on_enter_resolves_when_a_unit_is_summoned() -> None:
    herald = unit("HERALD", 1, 1, 1, 1, on("on_enter", fx("damage", "enemy_ruler", amount=1)))
    g = game(cards=[herald], player=["HERALD"])
    summon(g, "HERALD", DEFENSE)
    assert len(g.sides[I].damage_zone) == 1


def test_on_enter_resolves_when_a_field_is_played() -> None:
    omen = field("OMEN", on("on_enter", fx("damage", "enemy_ruler", amount=1)))
    g = game(cards=[omen], player=["OMEN"])
    g.apply(PlayField(find_iid(g, P, "hand", "OMEN")))
    assert len(g.sides[I].damage_zone) == 1


def test_on_attack_resolves_before_the_battle() -> None:
    charger = unit("CHARGER", 1, 1, 3, 1, on("on_attack", fx("modify", "self", atk=4)))
    g = game(cards=[charger, WALL], player=["CHARGER"], rift=["WALL"], drives=1)
    summon(g, "CHARGER", ATTACK_LEFT)
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, ATTACK_LEFT))
    assert damage(g, I, ATTACK_LEFT) == 5


def test_on_destroyed_resolves_when_the_unit_is_destroyed() -> None:
    martyr = unit("MARTYR", 1, 1, 1, 1, on("on_destroyed", fx("damage", "enemy_ruler", amount=2)))
    g = game(cards=[martyr], rift=["MARTYR"], drives=1)
    g.apply(GoToAttack())
    g.apply(Attack(RULER, ATTACK_LEFT))
    assert len(g.sides[P].damage_zone) == 2


def test_start_of_turn_resolves_before_the_turn_draws() -> None:
    well = field("WELL", on("start_of_turn", fx("mill", "controller", amount=1)))
    g = game(
        cards=[well, SOLDIER, WALL], player=["WELL", FILLER, FILLER, FILLER, FILLER, FILLER, "SOLDIER", "WALL", "WALL"]
    )
    g.apply(PlayField(find_iid(g, P, "hand", "WELL")))
    g.apply(EndTurn())
    assert iids(g, P, "graveyard") == ["SOLDIER"]
    assert iids(g, P, "hand")[-2:] == ["WALL", "WALL"]


def test_start_of_turn_resolves_for_units_on_the_board() -> None:
    drum = unit("DRUM", 1, 2, 3, 1, on("start_of_turn", fx("modify", "self", atk=1, duration="permanent")))
    g = game(cards=[drum], player=["DRUM"])
    summon(g, "DRUM", DEFENSE)
    g.apply(EndTurn())
    assert g.atk(P, DEFENSE) == 3


def test_continuous_changes_hold_while_the_source_is_on_the_board() -> None:
    titan = unit("TITAN", 0, 1, 5, 1, on("continuous", fx("modify", "all_own_units", hp=2)))
    hurt = event("HURT", on("on_play", fx("damage", "all_own_units", amount=4)))
    recall = event("RECALL", on("on_play", fx("move", "own_unit", to="hand")))
    g = game(cards=[titan, hurt, recall, SOLDIER], player=["TITAN", "SOLDIER", "HURT", "RECALL"])
    summon(g, "TITAN", ATTACK_LEFT)
    summon(g, "SOLDIER", ATTACK_RIGHT)
    play(g, "HURT")
    assert g.hp(P, ATTACK_RIGHT) == 5 and damage(g, P, ATTACK_RIGHT) == 4
    play(g, "RECALL")
    g.apply(Choose(P, ATTACK_LEFT))
    assert g.unit_at(P, ATTACK_RIGHT) is None, "damage 4 >= HP 3 once the source has left"


def test_continuous_changes_from_a_field_reach_the_ruler() -> None:
    banner = field("BANNER", on("continuous", fx("modify", "own_ruler", stk=2)))
    g = game(cards=[banner], player=["BANNER"])
    g.apply(PlayField(find_iid(g, P, "hand", "BANNER")))
    assert g.stk(P, RULER) == 5 and g.stk(I, RULER) == 0


def test_continuous_changes_for_enemy_units_reach_only_the_enemy() -> None:
    mist = field("MIST", on("continuous", fx("modify", "all_enemy_units", atk=-1)))
    g = game(cards=[mist, SOLDIER], player=["MIST", "SOLDIER"], rift=["SOLDIER"], drives=1)
    summon(g, "SOLDIER", ATTACK_LEFT)
    g.apply(PlayField(find_iid(g, P, "hand", "MIST")))
    assert (g.atk(P, ATTACK_LEFT), g.atk(I, ATTACK_LEFT)) == (3, 2)


# ---------------------------------------------------------------------- choosing targets
BOLT = event("BOLT", on("on_play", fx("damage", "enemy_unit", amount=3)))


def test_the_player_chooses_when_an_effect_has_several_candidates() -> None:
    g = game(cards=[BOLT, WALL], player=["BOLT"], rift=["WALL", "WALL"], drives=2)
    play(g, "BOLT")
    assert g.legal_actions() == [Choose(I, ATTACK_LEFT), Choose(I, ATTACK_RIGHT)]
    g.apply(Choose(I, ATTACK_RIGHT))
    assert (damage(g, I, ATTACK_LEFT), damage(g, I, ATTACK_RIGHT)) == (0, 3)


def test_a_single_candidate_is_chosen_automatically() -> None:
    g = game(cards=[BOLT, WALL], player=["BOLT"], rift=["WALL"], drives=1)
    play(g, "BOLT")
    assert g.pending is None and damage(g, I, ATTACK_LEFT) == 3


def test_an_event_whose_target_has_no_candidate_cannot_be_played() -> None:
    g = game(cards=[BOLT], player=["BOLT"])
    assert not any(isinstance(a, PlayEvent) for a in g.legal_actions())


def test_an_effect_whose_candidates_are_gone_has_no_effect() -> None:
    herald = unit("HERALD", 0, 1, 1, 1, on("on_enter", fx("damage", "enemy_unit", amount=1)))
    g = game(cards=[herald], player=["HERALD"])
    summon(g, "HERALD", ATTACK_LEFT)
    assert [e[1] for e in g.log[-2:]] == ["ability", "no_effect"]


def test_rift_effects_target_left_attack_then_defense_then_right() -> None:
    fang = event("FANG", on("on_play", fx("damage", "enemy_unit", amount=1)))
    g = game(cards=[fang, WALL], player=["WALL", "WALL"], rift=[FILLER] * 3 + ["FANG"] * 3, drives=3)
    summon(g, "WALL", ATTACK_RIGHT)
    summon(g, "WALL", DEFENSE)
    defense = g.unit_at(P, DEFENSE).iid
    g.apply(EndTurn())  # turn 3: three fangs, then the rift's attacks
    fang_hits = [e[3] for e in g.log if e[1] == "damage_unit" and e[0] == 3][:3]
    assert fang_hits == [defense] * 3 and damage(g, P, ATTACK_RIGHT) == 0


def test_a_rift_event_is_used_at_once_and_goes_to_the_graveyard() -> None:
    dud = event("DUD")
    g = game(cards=[dud], rift=["DUD"], drives=1)
    assert iids(g, I, "graveyard") == ["DUD"]
    assert [e[1] for e in g.log if e[2] == I and e[1] in ("event", "no_effect")] == ["event", "no_effect"]


def test_a_driven_rift_field_goes_to_the_graveyard() -> None:
    mist = field("MIST", on("continuous", fx("modify", "all_units", atk=5)))
    g = game(cards=[mist], rift=["MIST"], drives=1)
    assert iids(g, I, "graveyard") == ["MIST"] and g.sides[I].field == []


# ---------------------------------------------------------------------- one choice across zones (issue 23, word 8)


def test_a_card_in_play_is_one_choice_among_units_field_cards_and_set_cards_of_either_side() -> None:
    shatter = yaml_event("SHATTER", "{effect: destroy, target: card_in_play}")
    (mist,) = yaml_cards("- {id: MIST, name: mist, type: field, level: 0, provenance: provisional}")
    g = game(
        cards=[shatter, mist, SOLDIER], player=["SHATTER", "MIST", "SOLDIER", "SHATTER"], rift=["SOLDIER"], drives=1
    )
    g.apply(PlayField(find_iid(g, PLAYER, "hand", "MIST")))
    g.apply(SetCard(find_iid(g, PLAYER, "hand", "SHATTER"), 0))
    summon(g, "SOLDIER", DEFENSE)
    mist_iid, set_iid = g.sides[PLAYER].field[0], g.sides[PLAYER].set_zones[0]
    play(g, "SHATTER")
    assert g.pending.purpose == "target"
    assert set(g.legal_actions()) == {
        Choose(PLAYER, DEFENSE),
        Choose(INVADER, ATTACK_LEFT),
        ChooseCard(mist_iid),
        ChooseCard(set_iid),
    }
    g.apply(ChooseCard(set_iid))  # a set card, destroyed: into the graveyard
    assert g.sides[PLAYER].set_zones[0] is None and set_iid in g.sides[PLAYER].graveyard
    assert any(e[1] == "set_destroyed" and e.card == set_iid for e in g.log)


def test_your_ruler_or_a_unit_is_one_choice_and_the_ruler_gets_the_effect() -> None:
    cheer = yaml_event("CHEER", "{effect: modify, target: own_ruler_or_unit, atk: 2}")
    g = game(cards=[cheer, SOLDIER], player=["CHEER", "SOLDIER"])
    summon(g, "SOLDIER", ATTACK_LEFT)
    play(g, "CHEER")
    assert g.legal_actions() == [Choose(PLAYER, ATTACK_LEFT), Choose(PLAYER, RULER)]
    g.apply(Choose(PLAYER, RULER))
    assert g.atk(PLAYER, RULER) == g.setup.ruler.atk + 2 and g.atk(PLAYER, ATTACK_LEFT) == 3


def test_a_choice_that_offers_a_ruler_always_has_something_to_choose_so_its_card_may_be_played_with_no_unit() -> None:
    """Ruling 39 refuses a card whose choice can find nothing; "your ruler or a unit" always finds the ruler."""
    cheer = yaml_event("CHEER", "{effect: modify, target: own_ruler_or_unit, atk: 2}")
    g = game(cards=[cheer], player=["CHEER"])
    assert all(u is None for u in g.sides[PLAYER].board)
    assert PlayEvent(find_iid(g, PLAYER, "hand", "CHEER")) in g.legal_actions()
    play(g, "CHEER")  # the ruler is the only choice: taken without asking
    assert g.pending is None and g.atk(PLAYER, RULER) == g.setup.ruler.atk + 2


def test_the_rift_chooses_a_unit_before_the_ruler_in_a_choice_of_ruler_or_unit() -> None:
    blast = yaml_event("BLAST", "{effect: damage, target: enemy_ruler_or_unit, amount: 2}")
    g = game(cards=[blast, SOLDIER, WALL], player=["WALL"], rift=["BLAST", "BLAST"], drives=1)
    summon(g, "WALL", DEFENSE)
    mark = len(g.log)
    g.apply(EndTurn())  # the rift's second blast: the player's wall, not the player
    hits = [(e[1], e[3]) for e in g.log[mark:] if e[1] in ("damage_unit", "ruler_damage")]
    assert hits == [("damage_unit", g.unit_at(PLAYER, DEFENSE).iid)]
