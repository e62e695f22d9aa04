"""Mechanic 11: discount (【コスト軽減】), an alternative cost for playing a card from the hand.

`discount: {energy: N, costs: [...]}` is a second play of the card: an energy
ruler pays N and the costs instead of the level.  Cards are written in YAML
and read by the real loader.
"""

from __future__ import annotations

from factories import find_iid, game, iids, knight, unit, yaml_cards

from gateruler.engine import (
    ATTACK_LEFT,
    DEFENSE,
    INVADER,
    PLAYER,
    ChooseCard,
    Discount,
    PlayEvent,
    Summon,
    action_from_dict,
    action_to_dict,
)
from gateruler.models import CostModel

P, I = PLAYER, INVADER
CHEAP = unit("CHEAP", 0, 1, 1, 1)
DRAGON_CHEAP, DRAKE = yaml_cards(
    """
    - {id: WHELP, name: whelp, type: unit, level: 0, atk: 1, hp: 1, stk: 1, attributes: [Dragon], provenance: provisional}
    - {id: DRAKE, name: drake, type: unit, level: 1, atk: 2, hp: 2, stk: 1, attributes: [Dragon], provenance: provisional}
    """
)
(CLOCK,) = yaml_cards(
    """
    - id: CLOCK
      name: mist clock
      type: unit
      level: 5
      atk: 6
      hp: 6
      stk: 2
      provenance: provisional
      discount: {energy: 2, costs: [{cost: remove_from_graveyard, count: 2, filter: {attribute: Dragon}}]}
      abilities:
        - {trigger: touchdown, effects: [{effect: draw, target: controller, amount: 1}]}
    """
)
(SURGE,) = yaml_cards(
    """
    - {id: SURGE, name: surge, type: event, level: 4, provenance: provisional, discount: {energy: 0, costs: [{cost: discard, count: 1}]},
       abilities: [{trigger: on_play, effects: [{effect: damage, target: enemy_ruler, amount: 2}]}]}
    """
)


def discounts(g) -> list[Discount]:
    return [a for a in g.legal_actions() if type(a) is Discount]


def bin_dragons(g, count: int, card_id: str = "WHELP") -> None:
    """Put `count` copies of a Dragon from the hand into the graveyard (as if they had died)."""
    s = g.sides[P]
    for _ in range(count):
        iid = find_iid(g, P, "hand", card_id)
        s.hand.remove(iid)
        s.graveyard.append(iid)


def test_a_discount_is_offered_only_while_its_costs_can_be_paid() -> None:
    g = game(cards=[CLOCK, DRAGON_CHEAP], player=["CLOCK", "WHELP", "WHELP", "WHELP"])
    assert discounts(g) == []  # no Dragon in the graveyard
    assert not any(
        type(a) is Summon and g.card(a.card).id == "CLOCK" for a in g.legal_actions()
    )  # level 5: unaffordable
    bin_dragons(g, 2)
    clock = find_iid(g, P, "hand", "CLOCK")
    assert discounts(g) == [Discount(clock, slot) for slot in g.setup.summon_slots]


def test_a_discount_play_pays_the_alternative_cost_and_is_a_normal_summon_from_the_hand() -> None:
    g = game(cards=[CLOCK, DRAGON_CHEAP, DRAKE], player=["CLOCK", "WHELP", "WHELP", "DRAKE"])
    bin_dragons(g, 2)
    bin_dragons(g, 1, "DRAKE")
    clock = find_iid(g, P, "hand", "CLOCK")
    g.apply(Discount(clock, DEFENSE))
    assert g.pending is not None and g.pending.purpose == "cost"  # which 2 of the 3 Dragons
    assert clock in g.sides[P].hand  # the card waits in the hand while it is paid for
    g.apply(ChooseCard(find_iid(g, P, "graveyard", "DRAKE")))
    assert g.unit_at(P, DEFENSE).iid == clock
    assert g.sides[P].energy_ready == 1 and g.sides[P].summons == 1
    assert iids(g, P, "removed") == ["DRAKE", "WHELP"]
    assert any(e[1] == "ability" and e[4] == "touchdown" for e in g.log)  # played from the hand: TD


def test_an_events_discount_is_judged_with_its_own_requirements_and_plays_it() -> None:
    g = game(cards=[SURGE, CHEAP], player=["SURGE", "CHEAP"])
    surge = find_iid(g, P, "hand", "SURGE")
    assert discounts(g) == [Discount(surge)]
    assert not any(type(a) is PlayEvent and a.card == surge for a in g.legal_actions())  # level 4 > 3 energy
    g.apply(Discount(surge))
    assert g.pending.purpose == "cost"  # which card to discard
    g.apply(ChooseCard(find_iid(g, P, "hand", "CHEAP")))
    assert len(g.sides[I].damage_zone) == 2
    assert g.sides[P].energy_ready == 3
    assert iids(g, P, "graveyard")[-1] == "SURGE"


def test_a_ruler_that_pays_no_energy_is_offered_no_discount() -> None:
    g = game(cards=[SURGE, CHEAP], player=["SURGE", "CHEAP"], ruler=knight(cost_model=CostModel.FREE))
    assert discounts(g) == []
    assert any(type(a) is PlayEvent and g.card(a.card).id == "SURGE" for a in g.legal_actions())


def test_a_discount_action_round_trips_through_its_dict_form() -> None:
    for action in (Discount(3, ATTACK_LEFT), Discount(4)):
        assert action_from_dict(action_to_dict(action)) == action


def test_a_discount_uses_the_summon_right() -> None:
    g = game(cards=[CLOCK, DRAGON_CHEAP, CHEAP], player=["CLOCK", "WHELP", "WHELP", "CHEAP", "CHEAP"])
    bin_dragons(g, 2)
    for _ in range(2):
        g.apply(Summon(find_iid(g, P, "hand", "CHEAP"), ATTACK_LEFT if not g.sides[P].summons else DEFENSE))
    assert discounts(g) == []  # two normal summons already: none left


# ---------------------------------------------------------------------- a discount with a condition (issue 23, word 3)

(PACK_LORD,) = yaml_cards(
    """
    - id: PACK-LORD
      name: pack lord
      type: unit
      level: 4
      atk: 6
      hp: 6
      stk: 2
      provenance: provisional
      discount:
        energy: 2
        requires: {exists: {side: own, attribute: Beast}}
    """
)
BEAST = yaml_cards(
    "- {id: BEAST, name: beast, type: unit, level: 0, atk: 1, hp: 1, stk: 1, attributes: [Beast], provenance: provisional}"
)[0]


def test_a_discount_with_a_condition_is_offered_only_while_the_condition_holds() -> None:
    g = game(cards=[PACK_LORD, BEAST, CHEAP], player=["PACK-LORD", "BEAST", "CHEAP"])
    lord = find_iid(g, P, "hand", "PACK-LORD")
    assert not any(isinstance(a, Discount) for a in g.legal_actions())  # no Beast of yours yet
    g.apply(Summon(find_iid(g, P, "hand", "BEAST"), DEFENSE))  # the Beast costs 0
    assert Discount(lord, ATTACK_LEFT) in g.legal_actions()  # "costs 2 less if you control a Beast"
    g.apply(Discount(lord, ATTACK_LEFT))
    assert g.card(g.unit_at(P, ATTACK_LEFT).iid).id == "PACK-LORD"
    assert g.sides[P].energy_ready == 1  # 3 energy, 2 paid instead of its level 4


def test_a_discounts_condition_is_any_condition_an_ability_takes() -> None:
    (lord,) = yaml_cards(
        """
        - id: LORD
          name: lord
          type: unit
          level: 4
          atk: 6
          hp: 6
          stk: 2
          provenance: provisional
          discount: {energy: 1, requires: {count: {side: own, zone: graveyard}, min: 2}}
        """
    )
    g = game(cards=[lord, CHEAP], player=["LORD", "CHEAP"])
    s = g.sides[P]
    assert not any(isinstance(a, Discount) for a in g.legal_actions())
    s.graveyard.append(s.deck.pop())
    assert not any(isinstance(a, Discount) for a in g.legal_actions())  # one card in the graveyard
    s.graveyard.append(s.deck.pop())
    assert any(isinstance(a, Discount) for a in g.legal_actions())
