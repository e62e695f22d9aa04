"""Genesis summon (【創生召喚】): an activated ability of the material card that returns it (and other
materials, a `return_to_deck` cost) to the deck and special-summons a named unit from the deck.

Cards are written in YAML and read by the real loader; Crimson Syltis is the
shipped card.
"""

from __future__ import annotations

from factories import FILLER, game, summon, unit, yaml_cards

from gateruler import loader
from gateruler.engine import ATTACK_LEFT, ATTACK_RIGHT, DEFENSE, INVADER, PLAYER, Activate, Choose

P, I = PLAYER, INVADER
WALL = unit("WALL", 1, 1, 20, 1)
EGG, BEAST, WYRM = yaml_cards(
    """
    - id: EGG
      name: egg
      type: unit
      level: 0
      atk: 0
      hp: 2
      stk: 0
      provenance: provisional
      abilities:
        - trigger: activated
          timing: normal
          costs: [{cost: return_to_deck, count: 1, filter: {attribute: Beast}}]
          effects: [{effect: genesis_summon, card: wyrm}]
    - {id: BEAST, name: beast, type: unit, level: 0, atk: 1, hp: 1, stk: 1, attributes: [Beast], provenance: provisional}
    - id: WYRM
      name: wyrm
      type: unit
      level: 4
      atk: 5
      hp: 5
      stk: 2
      provenance: provisional
      abilities:
        - {trigger: on_genesis_summon, effects: [{effect: damage, target: enemy_unit, amount: 3}]}
        - {trigger: touchdown, effects: [{effect: draw, target: controller, amount: 1}]}
    """
)


def activations(g) -> list[Activate]:
    return [a for a in g.legal_actions() if type(a) is Activate]


def egg_game(*player: str) -> object:
    return game(cards=[EGG, BEAST, WYRM, WALL], player=list(player), rift=["WALL"], drives=1)


def test_genesis_summon_returns_the_materials_and_special_summons_the_unit_from_the_deck() -> None:
    g = egg_game("EGG", "BEAST", FILLER, FILLER, FILLER, FILLER, "WYRM")
    summon(g, "EGG", DEFENSE)
    summon(g, "BEAST", ATTACK_LEFT)
    egg = g.unit_at(P, DEFENSE).iid
    beast = g.unit_at(P, ATTACK_LEFT).iid
    g.apply(Activate(egg, 0))
    wyrm = g.unit_at(P, DEFENSE).iid
    assert g.card(wyrm).id == "WYRM"
    assert g.unit_at(P, ATTACK_LEFT) is None
    assert {egg, beast} <= set(g.sides[P].deck) and wyrm not in g.sides[P].deck
    assert g.unit_at(I, ATTACK_LEFT).damage == 3  # its "when special-summoned by genesis summon" ability
    assert g.sides[P].summons == 2  # no normal summon
    assert not any(e[1] == "ability" and e[4] == "touchdown" for e in g.log)  # not played from the hand: no TD


def test_genesis_summon_is_offered_only_with_its_materials_on_the_board_and_its_unit_in_the_deck() -> None:
    g = egg_game("EGG", "BEAST", FILLER, FILLER, FILLER, FILLER, "WYRM")
    summon(g, "EGG", DEFENSE)
    assert activations(g) == []  # no Beast to return with it
    summon(g, "BEAST", ATTACK_LEFT)
    assert len(activations(g)) == 1
    g2 = egg_game("EGG", "BEAST")
    summon(g2, "EGG", DEFENSE)
    summon(g2, "BEAST", ATTACK_LEFT)
    assert activations(g2) == []  # no wyrm in the deck


def test_the_material_unit_never_pays_for_its_own_genesis_summon() -> None:
    (beast_egg,) = yaml_cards(
        """
        - id: BEASTEGG
          name: beast egg
          type: unit
          level: 0
          atk: 0
          hp: 2
          stk: 0
          attributes: [Beast]
          provenance: provisional
          abilities:
            - {trigger: activated, timing: normal, costs: [{cost: return_to_deck, filter: {attribute: Beast}}], effects: [{effect: genesis_summon, card: WYRM}]}
        """
    )
    g = game(cards=[beast_egg, BEAST, WYRM], player=["BEASTEGG", "BEAST", "BEAST", FILLER, FILLER, FILLER, "WYRM"])
    summon(g, "BEASTEGG", DEFENSE)
    assert activations(g) == []  # it is a Beast, but it is the material already
    summon(g, "BEAST", ATTACK_LEFT)
    assert len(activations(g)) == 1


def test_choosing_which_material_returns_is_a_decision() -> None:
    g = egg_game("EGG", "BEAST", "BEAST", FILLER, FILLER, FILLER, "WYRM")
    summon(g, "BEAST", ATTACK_LEFT)
    summon(g, "BEAST", ATTACK_RIGHT)
    g.sides[P].summons = 0  # a third summon this turn, for the test
    summon(g, "EGG", DEFENSE)
    g.apply(Activate(g.unit_at(P, DEFENSE).iid, 0))
    assert g.pending.purpose == "cost" and set(g.legal_actions()) == {Choose(P, ATTACK_LEFT), Choose(P, ATTACK_RIGHT)}
    g.apply(Choose(P, ATTACK_RIGHT))
    assert g.unit_at(P, ATTACK_LEFT) is not None and g.unit_at(P, ATTACK_RIGHT) is None


def test_the_shipped_crimson_syltis_deals_3_damage_when_genesis_summoned() -> None:
    syltis = loader.load_card_pool()["PRERELEASE-CRIMSON-SYLTIS"]
    (material,) = yaml_cards(
        "- {id: SEED, name: seed, type: unit, level: 0, atk: 0, hp: 1, stk: 0, provenance: provisional,"
        ' abilities: [{trigger: activated, timing: normal, effects: [{effect: genesis_summon, card: "Crimson Syltis, red dragon"}]}]}'
    )
    g = game(
        cards=[syltis, material, WALL],
        player=["SEED", FILLER, FILLER, FILLER, FILLER, FILLER, "PRERELEASE-CRIMSON-SYLTIS"],
        rift=["WALL"],
        drives=1,
    )
    summon(g, "SEED", ATTACK_LEFT)
    g.apply(Activate(g.unit_at(P, ATTACK_LEFT).iid, 0))
    assert g.card(g.unit_at(P, ATTACK_LEFT).iid).id == "PRERELEASE-CRIMSON-SYLTIS"
    assert g.unit_at(I, ATTACK_LEFT).damage == 3
    summon_plain = game(cards=[syltis, WALL], player=["PRERELEASE-CRIMSON-SYLTIS"], rift=["WALL"], drives=1)
    summon(summon_plain, "PRERELEASE-CRIMSON-SYLTIS", ATTACK_LEFT)
    assert summon_plain.unit_at(I, ATTACK_LEFT).damage == 0  # a normal summon is no genesis summon
