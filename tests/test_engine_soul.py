"""Mechanic 4: soul, the cards put under a card on the board (or in a field zone).

Effects put cards into a soul (`add_soul`: from the deck's top, the hand, the
graveyard, or the card itself), filters and conditions count it (`soul`,
`{self: ...}`), the `soul` cost spends it, and it goes to the graveyard when
its card leaves (CR 3-2d: a card that leaves becomes a new card).  Cards are
written in YAML and read by the real loader.
"""

from __future__ import annotations

import json

from factories import FILLER, find_iid, game, iids, play, restore, summon, unit, yaml_cards, yaml_event, yaml_unit

from gateruler.engine import (
    ATTACK_LEFT,
    DEFENSE,
    DONE,
    INVADER,
    PLAYER,
    Attack,
    Choose,
    ChooseCard,
    EndTurn,
    GoToAttack,
    PlayEvent,
    Summon,
)
from gateruler.story import narrate

P, I = PLAYER, INVADER
HOARD_2 = "{trigger: on_enter, effects: [{effect: add_soul, target: self, from: deck, count: 2}]}"
SPEND_1 = (
    "{trigger: on_attack, costs: [{cost: soul, count: 1}], effects: [{effect: damage, target: enemy_ruler, amount: 1}]}"
)
HOARDER = yaml_unit("HOARDER", HOARD_2, SPEND_1, stats="level: 0, atk: 1, hp: 3, stk: 0")
SOLDIER = unit("SOLDIER", 0, 3, 3, 1)
WALL = unit("WALL", 0, 1, 20, 1)


def soul_ids(g, side: int, host: int) -> list[str]:
    return [g.card(i).id for i in g.soul(side, host)]


def kinds(g, since: int) -> list[str]:
    return [e[1] for e in g.log[since:]]


# ---------------------------------------------------------------------- putting cards into a soul


def test_add_soul_puts_the_top_cards_of_the_deck_under_the_unit_top_card_first() -> None:
    g = game(
        cards=[HOARDER, SOLDIER, WALL],
        player=["HOARDER", "SOLDIER", "SOLDIER", "WALL", "SOLDIER", "WALL", "WALL", "SOLDIER"],
    )
    summon(g, "HOARDER", ATTACK_LEFT)
    host = g.unit_at(P, ATTACK_LEFT).iid
    assert soul_ids(g, P, host) == ["WALL", "SOLDIER"]
    assert g.soul_of(P, ATTACK_LEFT) == g.soul(P, host)
    assert [e[1:] for e in g.log[-2:]] == [("soul", P, i, host, "deck") for i in g.soul(P, host)]


def test_add_soul_from_the_hand_asks_which_card_and_copies_are_one_choice() -> None:
    offer = yaml_event("OFFER", "{effect: add_soul, target: own_unit, from: hand, count: 1, filter: {type: unit}}")
    g = game(cards=[offer, SOLDIER, WALL], player=["OFFER", "SOLDIER", "SOLDIER", "WALL", "WALL"])
    summon(g, "WALL", DEFENSE)
    play(g, "OFFER")  # one unit on the board: its target is not asked; the card is
    assert (g.pending.purpose, g.pending.kind) == ("pick", "card")
    soldier = find_iid(g, P, "hand", "SOLDIER")
    assert g.legal_actions() == [
        ChooseCard(soldier),
        ChooseCard(find_iid(g, P, "hand", "WALL")),
        ChooseCard(find_iid(g, P, "hand", FILLER)),
    ]
    g.apply(ChooseCard(soldier))
    assert soul_ids(g, P, g.unit_at(P, DEFENSE).iid) == ["SOLDIER"]
    assert iids(g, P, "hand").count("SOLDIER") == 1


def test_add_soul_from_the_graveyard_takes_only_cards_matching_the_filter_as_many_as_there_are() -> None:
    grave = yaml_event("GRAVE", "{effect: add_soul, target: own_unit, from: graveyard, count: 3, filter: {type: unit}}")
    g = game(cards=[grave, SOLDIER, WALL], player=["GRAVE", "SOLDIER", "WALL", "WALL", "SOLDIER"])
    summon(g, "WALL", DEFENSE)
    summon(g, "SOLDIER", ATTACK_LEFT)
    g.destroy(P, ATTACK_LEFT)  # one unit in the graveyard, and then the grave event itself
    play(g, "GRAVE")
    assert soul_ids(g, P, g.unit_at(P, DEFENSE).iid) == ["SOLDIER"]
    assert iids(g, P, "graveyard") == ["GRAVE"]


def test_an_event_can_put_itself_under_a_unit_as_its_soul() -> None:
    vow = yaml_event("VOW", "{effect: add_soul, target: own_unit, from: this_card}")
    g = game(cards=[vow, WALL], player=["VOW", "WALL"])
    summon(g, "WALL", DEFENSE)
    play(g, "VOW")
    assert soul_ids(g, P, g.unit_at(P, DEFENSE).iid) == ["VOW"]
    assert iids(g, P, "graveyard") == []
    assert g.log[-1][1:] == ("soul", P, find_iid_in_soul(g, "VOW"), g.unit_at(P, DEFENSE).iid, "this_card")


def find_iid_in_soul(g, card_id: str) -> int:
    return next(i for cards in g.sides[P].soul.values() for i in cards if g.card(i).id == card_id)


def test_a_field_card_in_the_field_zone_builds_up_soul_from_the_turn_after_it_arrives() -> None:
    (rift_field,) = yaml_cards(
        """
        - {id: SHRINE, name: shrine, type: field, level: 0, provenance: provisional,
           abilities: [{trigger: start_of_turn, effects: [{effect: add_soul, target: self, from: deck}]}]}
        """
    )
    g = game(cards=[rift_field, SOLDIER], player=["SHRINE", "SOLDIER", "SOLDIER", "SOLDIER", "SOLDIER", "SOLDIER"])
    play_field = next(a for a in g.legal_actions() if type(a).__name__ == "PlayField")
    g.apply(play_field)
    shrine = play_field.card
    assert g.soul(P, shrine) == ()  # none on the turn it arrives
    g.apply(EndTurn())
    assert soul_ids(g, P, shrine) == ["FILLER"]
    assert g.sides[P].field == [shrine]


def test_soul_is_counted_by_the_soul_filter_and_the_self_condition() -> None:
    (relic,) = yaml_cards(
        """
        - id: RELIC
          name: relic
          type: unit
          level: 0
          atk: 1
          hp: 3
          stk: 1
          provenance: provisional
          abilities:
            - {trigger: on_enter, effects: [{effect: add_soul, target: self, from: deck, count: 2}]}
            - {trigger: on_attack, requires: {self: {soul: {min: 2}}}, effects: [{effect: draw, target: controller, amount: 1}]}
        """
    )
    count = yaml_event("COUNT", "{effect: damage, target: {all: {side: own, soul: {min: 2}}}, amount: 1}")
    g = game(cards=[relic, count, WALL], player=["RELIC", "WALL", "COUNT", "WALL"])
    summon(g, "RELIC", ATTACK_LEFT)
    summon(g, "WALL", DEFENSE)
    play(g, "COUNT")  # only the relic holds 2 soul cards
    assert (g.unit_at(P, ATTACK_LEFT).damage, g.unit_at(P, DEFENSE).damage) == (1, 0)
    hand = len(g.sides[P].hand)
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, 3))
    assert len(g.sides[P].hand) == hand + 1


# ---------------------------------------------------------------------- spending soul


def test_a_soul_cost_puts_soul_cards_into_the_graveyard_before_the_effects() -> None:
    g = game(
        cards=[HOARDER, SOLDIER, WALL], player=["HOARDER", "WALL", "WALL", "WALL", "WALL", "WALL", "SOLDIER", "WALL"]
    )
    summon(g, "HOARDER", ATTACK_LEFT)  # six cards in hand: the soul is the soldier and a wall
    host = g.unit_at(P, ATTACK_LEFT).iid
    g.apply(GoToAttack())
    mark = len(g.log)
    g.apply(Attack(ATTACK_LEFT, 3))  # two different soul cards: which one pays is asked
    assert (g.pending.purpose, g.pending.kind) == ("cost", "card")
    soldier = next(i for i in g.soul(P, host) if g.card(i).id == "SOLDIER")
    g.apply(ChooseCard(soldier))
    assert soul_ids(g, P, host) == ["WALL"]
    assert iids(g, P, "graveyard") == ["SOLDIER"]
    assert [k for k in kinds(g, mark) if k in ("soul_to_graveyard", "ruler_damage")] == [
        "soul_to_graveyard",
        "ruler_damage",
    ]


def test_an_ability_whose_soul_cost_cannot_be_paid_does_nothing() -> None:
    spender = yaml_unit("SPENDER", SPEND_1, stats="level: 0, atk: 1, hp: 3, stk: 0")
    g = game(cards=[spender], player=["SPENDER"])
    summon(g, "SPENDER", ATTACK_LEFT)
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, 3))
    assert "unpaid" in kinds(g, len(g.log) - 6)
    assert g.sides[I].damage_zone == []


def test_the_rift_pays_soul_costs_of_its_own_units() -> None:
    g = game(cards=[HOARDER], rift=["HOARDER"], drives=1)
    g.apply(EndTurn())
    host = g.unit_at(I, ATTACK_LEFT).iid
    # It entered with 2 soul cards and attacked once (rift attacks: left, right, ruler), paying one.
    assert len(g.soul(I, host)) == 1
    assert [e[1] for e in g.log if e[1] in ("soul_to_graveyard",)] == ["soul_to_graveyard"]


# ---------------------------------------------------------------------- soul and leaving the board


def _hoarder_game(**extra: object):
    g = game(
        cards=[HOARDER, SOLDIER, WALL, *extra.pop("cards", [])],
        player=["HOARDER", *extra.pop("hand", ["WALL", "WALL", "WALL"])],
        **extra,
    )
    summon(g, "HOARDER", ATTACK_LEFT)
    return g, g.unit_at(P, ATTACK_LEFT).iid


def test_soul_goes_to_the_graveyard_when_its_unit_is_destroyed() -> None:
    g, host = _hoarder_game()
    soul = g.soul(P, host)
    g.destroy(P, ATTACK_LEFT)
    assert g.sides[P].graveyard == [host, *soul]
    assert g.sides[P].soul == {}


def test_a_soul_card_sent_away_by_its_units_leaving_names_the_unit_as_its_cause() -> None:
    g, host = _hoarder_game()
    soul = g.soul(P, host)
    g.destroy(P, ATTACK_LEFT)
    assert [e[3:] for e in g.log if e[1] == "soul_to_graveyard"] == [(card, host, host, "host_left") for card in soul]
    told = [n.text for n in narrate(g) if n.kind == "soul_to_graveyard"]
    assert told and all(t.endswith(f"({g.setup.names[host]} left play).") for t in told)


def test_soul_goes_to_the_graveyard_when_its_unit_is_moved_to_the_hand() -> None:
    bounce = yaml_event("BOUNCE", "{effect: move, target: own_unit, to: hand}")
    g, host = _hoarder_game(cards=[bounce], hand=["BOUNCE", "WALL", "WALL"])
    soul = g.soul(P, host)
    play(g, "BOUNCE")
    assert host in g.sides[P].hand
    assert g.sides[P].graveyard[-2:] == list(soul) and g.sides[P].soul == {}


def test_soul_goes_to_the_graveyard_when_its_unit_is_returned_to_pay_a_cost() -> None:
    recall = yaml_event("RECALL", "{effect: draw, target: controller, amount: 1}", ability="costs: [{cost: return}]")
    g, host = _hoarder_game(cards=[recall], hand=["RECALL", "WALL", "WALL"])
    soul = g.soul(P, host)
    play(g, "RECALL")
    assert host in g.sides[P].hand and g.sides[P].soul == {}
    assert set(soul) <= set(g.sides[P].graveyard)


def test_soul_goes_to_the_graveyard_when_a_summon_replaces_its_unit() -> None:
    g, host = _hoarder_game(hand=["SOLDIER", "WALL", "WALL"])
    soul = g.soul(P, host)
    g.apply(Summon(find_iid(g, P, "hand", "SOLDIER"), ATTACK_LEFT))
    assert g.sides[P].graveyard == [host, *soul] and g.sides[P].soul == {}


def test_soul_goes_to_the_graveyard_when_the_rifts_full_board_discards_its_unit() -> None:
    keeper = yaml_unit("KEEPER", HOARD_2, stats="level: 0, atk: 1, hp: 3, stk: 0")
    big = unit("BIG", 3, 1, 9, 0)
    # Turn 1: the keeper (two soldiers into its soul), a soldier.  Turn 3: BIG, then a filler (level 9) makes room.
    g = game(cards=[keeper, big, SOLDIER], rift=["KEEPER", "SOLDIER", "SOLDIER", "SOLDIER", "BIG"], drives=2)
    host = g.unit_at(I, ATTACK_LEFT).iid
    soul = g.soul(I, host)
    assert len(soul) == 2
    g.apply(EndTurn())
    assert g.card(g.unit_at(I, ATTACK_LEFT).iid).id == FILLER
    assert g.sides[I].graveyard == [host, *soul] and g.sides[I].soul == {}


def test_soul_goes_to_the_graveyard_when_its_field_is_destroyed() -> None:
    (shrine,) = yaml_cards(
        """
        - {id: SHRINE, name: shrine, type: field, level: 0, provenance: provisional,
           abilities: [{trigger: on_enter, effects: [{effect: add_soul, target: self, from: deck}]}]}
        """
    )
    g = game(cards=[shrine], player=["SHRINE"])
    g.apply(next(a for a in g.legal_actions() if type(a).__name__ == "PlayField"))
    field = g.sides[P].field[0]
    soul = g.soul(P, field)
    assert len(soul) == 1
    g.destroy_field(P, field)
    assert g.sides[P].graveyard == [field, *soul] and g.sides[P].soul == {}


def test_a_unit_that_leaves_and_comes_back_is_a_new_card_without_its_old_soul() -> None:
    raise_ = yaml_event("RAISE", "{effect: special_summon, target: own_graveyard_unit}")
    g, host = _hoarder_game(cards=[raise_], hand=["RAISE", "WALL", "WALL"])
    old_soul = g.soul(P, host)
    g.destroy(P, ATTACK_LEFT)
    play(g, "RAISE")
    g.apply(ChooseCard(host))  # the unit to revive, then its zone
    g.apply(Choose(P, DEFENSE))
    assert g.unit_at(P, DEFENSE).iid == host
    assert len(g.soul_of(P, DEFENSE)) == 2  # its on_enter fills a new soul from the deck
    assert not set(g.soul_of(P, DEFENSE)) & set(old_soul)


def test_soul_survives_cloning_and_saving() -> None:
    g, host = _hoarder_game()
    copy = g.clone()
    copy.destroy(P, ATTACK_LEFT)
    assert len(g.soul(P, host)) == 2  # the original keeps its soul
    again = restore(json.loads(json.dumps(g.to_dict())), g)
    assert again.soul(P, host) == g.soul(P, host)
    assert again.to_dict() == g.to_dict()
    assert sorted(g.sides[P].all_iids()) == sorted(i for i, owner in enumerate(g.setup.owners) if owner == P)


# ---------------------------------------------------------------------- whose soul a cost takes, and where it goes (issue 23, word 1)


def test_a_soul_cost_of_any_of_your_cards_takes_soul_from_another_host() -> None:
    (keeper, spender) = yaml_cards("""
        - {id: KEEPER, name: keeper, type: unit, level: 0, atk: 1, hp: 3, stk: 0, provenance: provisional,
           abilities: [{trigger: on_enter, effects: [{effect: add_soul, target: self, from: deck, count: 2}]}]}
        - {id: SPENDER, name: spender, type: event, level: 0, provenance: provisional,
           abilities: [{trigger: on_play, costs: [{cost: soul, count: 1, host: own}],
                        effects: [{effect: damage, target: enemy_ruler, amount: 1}]}]}
    """)
    g = game(cards=[keeper, spender, WALL], player=["KEEPER", "SPENDER", "WALL", "WALL", "WALL", "WALL", "WALL"])
    summon(g, "KEEPER", ATTACK_LEFT)
    host = g.unit_at(P, ATTACK_LEFT).iid
    assert len(g.soul(P, host)) == 2
    mark = len(g.log)
    play(g, "SPENDER")  # the event has no soul of its own: it spends the keeper's, one of two
    assert g.pending.purpose == "cost"
    g.apply(g.legal_actions()[0])
    assert len(g.soul(P, host)) == 1
    spent = next(e for e in g.log[mark:] if e[1] == "soul_to_graveyard")
    assert (spent.host, g.card(spent.source).id, spent.reason) == (host, "SPENDER", "cost")
    assert "ruler_damage" in kinds(g, mark)


def test_soul_cards_of_one_card_under_two_hosts_are_two_choices_for_a_cost_of_any_of_your_cards() -> None:
    """Copies are one choice only where nothing tells them apart (copies.py): a soul card goes with its host."""
    (keeper, spender) = yaml_cards("""
        - {id: KEEPER, name: keeper, type: unit, level: 0, atk: 1, hp: 3, stk: 0, provenance: provisional,
           abilities: [{trigger: on_enter, effects: [{effect: add_soul, target: self, from: deck, count: 2}]}]}
        - {id: SPENDER, name: spender, type: event, level: 0, provenance: provisional,
           abilities: [{trigger: on_play, costs: [{cost: soul, count: 1, host: own}],
                        effects: [{effect: damage, target: enemy_ruler, amount: 1}]}]}
    """)
    g = game(cards=[keeper, spender, WALL], player=["KEEPER", "KEEPER", "SPENDER", *["WALL"] * 8])
    summon(g, "KEEPER", ATTACK_LEFT)
    summon(g, "KEEPER", DEFENSE)
    left, right = g.unit_at(P, ATTACK_LEFT).iid, g.unit_at(P, DEFENSE).iid
    play(g, "SPENDER")
    offered = g.legal_actions()
    hosts = sorted(next(h for h in (left, right) if a.card in g.soul(P, h)) for a in offered)
    assert hosts == sorted([left, right])  # four walls of soul: one choice per host, not one, not four


def test_a_soul_cost_of_this_card_alone_cannot_be_paid_with_another_cards_soul() -> None:
    (keeper, spender) = yaml_cards("""
        - {id: KEEPER, name: keeper, type: unit, level: 0, atk: 1, hp: 3, stk: 0, provenance: provisional,
           abilities: [{trigger: on_enter, effects: [{effect: add_soul, target: self, from: deck, count: 2}]}]}
        - {id: SPENDER, name: spender, type: event, level: 0, provenance: provisional,
           abilities: [{trigger: on_play, costs: [{cost: soul, count: 1}],
                        effects: [{effect: damage, target: enemy_ruler, amount: 1}]}]}
    """)
    g = game(cards=[keeper, spender, WALL], player=["KEEPER", "SPENDER", "WALL", "WALL", "WALL", "WALL", "WALL"])
    summon(g, "KEEPER", ATTACK_LEFT)
    spender_iid = find_iid(g, P, "hand", "SPENDER")
    assert PlayEvent(spender_iid) not in g.legal_actions()


def test_soul_paid_to_the_bottom_of_the_deck_goes_there_not_to_the_graveyard() -> None:
    spend = (
        "{trigger: on_attack, costs: [{cost: soul, count: 1, to: deck_bottom}],"
        " effects: [{effect: damage, target: enemy_ruler, amount: 1}]}"
    )
    hoarder = yaml_unit("HOARDER", HOARD_2, spend, stats="level: 0, atk: 1, hp: 3, stk: 0")
    g = game(cards=[hoarder, WALL], player=["HOARDER", "WALL", "WALL", "WALL", "WALL", "WALL", "WALL", "WALL"])
    summon(g, "HOARDER", ATTACK_LEFT)
    host = g.unit_at(P, ATTACK_LEFT).iid
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, 3))  # two walls: copies, no choice
    assert len(g.soul(P, host)) == 1 and iids(g, P, "graveyard") == []
    assert g.card(g.sides[P].deck[0]).id == "WALL"
    assert any(e[1] == "to_bottom" and e.from_ == "soul" for e in g.log)


# ---------------------------------------------------------------------- a soul cost of any size, and effects per card spent (issue 23, word 9)

SACRIFICE = (
    "{trigger: on_attack, optional: true, costs: [{cost: soul, count: 1, or_more: true, as: spent}],"
    " effects: [{effect: modify, target: self, atk: 1, stk: 1, per: spent}]}"
)
HOARD_3 = "{trigger: on_enter, effects: [{effect: add_soul, target: self, from: deck, count: 3}]}"


def test_a_soul_cost_of_one_or_more_pays_as_many_as_its_controller_likes_and_per_counts_them() -> None:
    god = yaml_unit("GOD", HOARD_3, SACRIFICE, stats="level: 0, atk: 2, hp: 9, stk: 1")
    g = game(
        cards=[god, SOLDIER, WALL], player=["GOD", "WALL", "WALL", "WALL", "WALL", "WALL", "SOLDIER", "WALL", "SOLDIER"]
    )
    summon(g, "GOD", ATTACK_LEFT)
    host = g.unit_at(P, ATTACK_LEFT).iid
    assert len(g.soul(P, host)) == 3
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, 3))
    g.apply(g.legal_actions()[0])  # "you may": yes
    assert DONE not in g.legal_actions()  # the first soul card is owed
    g.apply(g.legal_actions()[0])
    assert DONE in g.legal_actions() and g.pending.purpose == "cost"  # then as many more as it likes
    g.apply(next(a for a in g.legal_actions() if a != DONE))
    g.apply(DONE)
    assert len(g.soul(P, host)) == 1
    assert (g.atk(P, ATTACK_LEFT), g.stk(P, ATTACK_LEFT)) == (4, 3)  # +1/+1 for each of the 2 spent


def test_the_rift_spends_every_soul_card_it_can_on_a_soul_cost_of_one_or_more() -> None:
    god = yaml_unit("GOD", HOARD_3, SACRIFICE, stats="level: 0, atk: 2, hp: 9, stk: 1")
    g = game(cards=[god, WALL], rift=["GOD"], drives=1, pad=20)  # turn 1: the god enters with 3 soul cards
    host = g.unit_at(I, ATTACK_LEFT).iid
    g.apply(EndTurn())  # turn 3: it attacks and spends them all
    assert [(e.atk, e.stk) for e in g.log if e[1] == "modify"] == [(3, 3)]
    assert g.soul(I, host) == ()


def test_per_counts_the_cards_an_earlier_effect_acted_on() -> None:
    purge = yaml_event(
        "PURGE",
        "{effect: damage, target: all_enemy_units, amount: 9, as: hit}",
        "{effect: draw, target: controller, amount: 1, per: hit}",
    )
    g = game(cards=[purge, WALL], player=["PURGE"], rift=["WALL", "WALL"], drives=2)
    hand = len(g.sides[P].hand)
    play(g, "PURGE")
    assert len(g.sides[P].hand) == hand - 1 + 2  # the event left, and a card for each of the 2 units hit
