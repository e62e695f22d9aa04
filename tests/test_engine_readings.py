"""The readings of issue 22's judgements (docs/rulings.md 3, 6, 21, A6, D2, G3, Z5): each variant's two readings.

Every test plays the same position under the default reading and under the
other one, and checks what each reading says happens: the two differ.  Cards
are written in YAML, read by the loader.
"""

from __future__ import annotations

from factories import FILLER, find_iid, game, iids, knight, unit, yaml_cards, yaml_event, yaml_unit

from gateruler.engine import ATTACK_LEFT, DEFENSE, INVADER, PLAYER, Attack, EndTurn, GoToAttack, PlayEvent, Summon
from gateruler.engine.timings import OPEN_PLAY
from gateruler.variants import DEFAULT

P, I = PLAYER, INVADER
BLANK = yaml_cards("- {id: BLANK, name: blank, type: event, level: 0, provenance: provisional}")[0]


def under(name: str, value: str):
    return DEFAULT.with_values({name: value})


# ---------------------------------------------------------------------- ruling 6: energy readied


def test_ruling_6_the_knight_readies_all_its_energy_and_under_energy_readied_two_only_2() -> None:
    for variants, ready in ((DEFAULT, 3), (under("energy_readied", "two"), 2)):
        g = game(ruler=knight(), variants=variants)
        g.sides[P].energy_ready = 0
        g.apply(EndTurn())  # the rift's turn, then the Knight's start phase readies its energy
        assert g.sides[P].energy_ready == ready


def test_ruling_6_a_ruler_that_states_its_number_readies_it_under_either_reading() -> None:
    for variants in (DEFAULT, under("energy_readied", "two")):
        g = game(ruler=knight(energy_readied=1), variants=variants)
        g.sides[P].energy_ready = 0
        g.apply(EndTurn())
        assert g.sides[P].energy_ready == 1


# ---------------------------------------------------------------------- ruling 3: open cards

(HERALD,) = yaml_cards(
    "- {id: HERALD, name: herald, type: unit, level: 2, atk: 2, hp: 3, stk: 1, keywords: [open_card],"
    " provenance: provisional}"
)


OPENING = [FILLER] * 6  # the Knight's opening hand and its turn-2 draws: the next card comes in turn 4


def test_ruling_3_an_open_unit_drawn_is_played_free_into_the_first_empty_zone() -> None:
    g = game(cards=[HERALD], player=[*OPENING, "HERALD"])
    g.apply(EndTurn())  # the Knight draws the herald in its next start phase
    assert g.card(g.unit_at(P, ATTACK_LEFT).iid).id == "HERALD"
    assert g.sides[P].energy_ready == 3 and g.sides[P].summons == 0


def test_ruling_3_under_open_card_played_an_open_unit_is_summoned_where_the_player_chooses_paying_its_level() -> None:
    g = game(cards=[HERALD], player=[*OPENING, "HERALD"], variants=under("open_card", "played"))
    g.apply(EndTurn())
    herald = find_iid(g, P, "hand", "HERALD")
    assert g.pending.purpose == OPEN_PLAY and g.legal_actions() == [Summon(herald, s) for s in g.setup.summon_slots]
    g.apply(Summon(herald, DEFENSE))
    assert g.unit_at(P, DEFENSE).iid == herald
    assert g.sides[P].energy_ready == 1 and g.sides[P].summons == 1


def test_ruling_3_under_open_card_played_an_open_card_that_cannot_be_paid_for_stays_in_the_hand() -> None:
    (tall,) = yaml_cards(
        "- {id: TALL, name: tall, type: unit, level: 4, atk: 2, hp: 3, stk: 1, keywords: [open_card],"
        " provenance: provisional}"
    )
    g = game(cards=[tall], player=[*OPENING, "TALL"], variants=under("open_card", "played"))
    g.apply(EndTurn())  # 4 levels, 3 energy
    assert g.pending is None and "TALL" in iids(g, P, "hand") and g.unit_at(P, ATTACK_LEFT) is None


# ---------------------------------------------------------------------- ruling 21: an attack whose target left

HUNTER = yaml_unit(
    "HUNTER",
    "{trigger: on_attack, effects: [{effect: destroy, target: enemy_unit}]}",
    stats="level: 1, atk: 2, hp: 3, stk: 2",
)
PREY = unit("PREY", 1, 1, 3, 1)


def _hunt(variants):
    g = game(cards=[HUNTER, PREY], player=["HUNTER"], rift=["PREY"], drives=1, variants=variants)
    g.apply(Summon(find_iid(g, P, "hand", "HUNTER"), ATTACK_LEFT))
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, ATTACK_LEFT))  # its attack ability destroys the prey before the battle
    return g


def test_ruling_21_an_attack_whose_target_left_does_nothing_and_under_vanished_target_ruler_hits_the_ruler() -> None:
    assert len(_hunt(DEFAULT).sides[I].damage_zone) == 0
    assert len(_hunt(under("vanished_target", "ruler")).sides[I].damage_zone) == 2  # the hunter's STK


# ---------------------------------------------------------------------- ruling A6: TD and on_enter

HERALD_TD = yaml_unit(
    "TDH",
    "{trigger: touchdown, effects: [{effect: destroy, target: enemy_unit}]}",
    "{trigger: on_enter, effects: [{effect: damage, target: enemy_ruler, amount: 2, if: {exists: {side: enemy, type: unit}}}]}",
    stats="level: 1, atk: 1, hp: 3, stk: 1",
)


def _herald(variants):
    g = game(cards=[HERALD_TD, PREY], player=["TDH"], rift=["PREY"], drives=1, variants=variants)
    g.apply(Summon(find_iid(g, P, "hand", "TDH"), DEFENSE))
    return g


def test_ruling_a6_td_resolves_before_on_enter_and_under_td_order_on_enter_first_after_it() -> None:
    first = _herald(DEFAULT)
    assert iids(first, I, "graveyard") == ["PREY"] and first.sides[I].damage_zone == []
    later = _herald(under("td_order", "on_enter_first"))
    assert iids(later, I, "graveyard") == ["PREY"] and len(later.sides[I].damage_zone) == 2


# ---------------------------------------------------------------------- ruling G3: Soul guard and costs

GUARDIAN = yaml_unit(
    "GUARDIAN",
    "{trigger: on_enter, effects: [{effect: add_soul, target: self, from: deck, count: 1}]}",
    stats="level: 0, atk: 1, hp: 4, stk: 1, keywords: [soul_guard]",
)
SACRIFICE = yaml_event(
    "SAC", "{effect: damage, target: enemy_ruler, amount: 2}", ability="costs: [{cost: destroy, count: 1}]"
)


def _sacrifice(variants):
    g = game(cards=[GUARDIAN, SACRIFICE], player=["GUARDIAN", "SAC"], variants=variants)
    g.apply(Summon(find_iid(g, P, "hand", "GUARDIAN"), DEFENSE))
    g.apply(PlayEvent(find_iid(g, P, "hand", "SAC")))
    return g


def test_ruling_g3_soul_guard_does_not_stop_a_destroy_cost_and_under_guard_costs_stopped_it_does() -> None:
    paid = _sacrifice(DEFAULT)
    assert paid.unit_at(P, DEFENSE) is None and len(paid.sides[I].damage_zone) == 2
    kept = _sacrifice(under("guard_costs", "stopped"))
    assert kept.unit_at(P, DEFENSE) is not None and kept.soul(P, kept.unit_at(P, DEFENSE).iid) == ()
    assert len(kept.sides[I].damage_zone) == 2  # the cost counts as paid: the unit was destroyed but not sent
    assert any(e[1] == "not_sent" for e in kept.log)


# ---------------------------------------------------------------------- ruling Z5: special summons and occupied zones

REVIVE = yaml_event("REVIVE", "{effect: special_summon, target: own_graveyard_unit}")
PAWN = unit("PAWN", 0, 1, 1, 1)


def test_ruling_z5_a_special_summon_needs_a_free_zone_and_under_special_summon_zone_any_replaces_a_unit() -> None:
    (titan,) = yaml_cards(
        "- {id: TITAN2, name: titan, type: unit, level: 5, atk: 5, hp: 9, stk: 1, provenance: provisional}"
    )
    for variants, replaced in ((DEFAULT, False), (under("special_summon_zone", "any"), True)):
        g = game(cards=[REVIVE, PAWN, titan], player=["REVIVE", "PAWN", "PAWN", "PAWN", "TITAN2"], variants=variants)
        g.sides[P].energy_ready = 9
        for slot in g.setup.summon_slots:
            g.sides[P].summons = 0
            g.apply(Summon(find_iid(g, P, "hand", "PAWN"), slot))
        big = find_iid(g, P, "hand", "TITAN2")
        g.sides[P].hand.remove(big)
        g.sides[P].graveyard.append(big)
        g.apply(PlayEvent(find_iid(g, P, "hand", "REVIVE")))
        if replaced:
            assert g.pending is not None and {a.slot for a in g.legal_actions()} == set(g.setup.summon_slots)
            g.apply(g.legal_actions()[0])
            assert big in [u.iid for u in g.sides[P].board if u is not None]
        else:
            assert g.pending is None and big in g.sides[P].graveyard


# ---------------------------------------------------------------------- ruling D2: how the rift splits

(SPLITTER,) = yaml_cards(
    "- {id: SPLITTER, name: splitter, type: unit, level: 1, atk: 0, hp: 5, stk: 0, provenance: provisional,"
    " abilities: [{trigger: on_enter, effects: [{effect: split_damage, target: all_enemy_units, amount: 4}]}]}"
)
FRAIL = unit("FRAIL", 1, 1, 2, 1)
WALL = unit("WALL", 1, 1, 20, 1)


def _split(variants):
    g = game(
        cards=[SPLITTER, FRAIL, WALL, BLANK],
        player=["FRAIL", "WALL"],
        rift=["BLANK", "SPLITTER"],
        drives=1,
        variants=variants,
    )
    g.apply(Summon(find_iid(g, P, "hand", "FRAIL"), ATTACK_LEFT))
    g.apply(Summon(find_iid(g, P, "hand", "WALL"), DEFENSE))
    g.apply(EndTurn())  # the rift drives the splitter: 4 damage split among the player's units
    return g


def test_ruling_d2_the_rift_destroys_in_rule_4s_order_and_under_rift_split_all_on_first_puts_it_all_on_one() -> None:
    ordered = _split(DEFAULT)
    assert ordered.unit_at(P, ATTACK_LEFT) is None and ordered.unit_at(P, DEFENSE).damage == 2
    first = _split(under("rift_split", "all_on_first"))
    assert first.unit_at(P, ATTACK_LEFT) is None and first.unit_at(P, DEFENSE).damage == 0
