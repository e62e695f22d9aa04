"""Mechanic 3: costs an ability's controller pays before its effects.

Each cost word is checked before anything is paid; one that cannot be paid
makes the ability do nothing (an event with it cannot be played).  Choosing
which cards pay is a decision.  Cards are written in YAML and read by the real
loader.
"""

from __future__ import annotations

from factories import (
    FILLER,
    apprentice,
    find_iid,
    game,
    iids,
    knight,
    play,
    restore,
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
    Activate,
    Attack,
    Choose,
    ChooseCard,
    Confirm,
    Discount,
    EndTurn,
    Game,
    GoToAttack,
    PlayEvent,
)

P, I = PLAYER, INVADER
SOLDIER = unit("SOLDIER", 1, 3, 3, 1)
WALL = unit("WALL", 1, 1, 20, 1)
TINY = unit("TINY", 0, 1, 1, 1)
INSIGHT = "{effect: draw, target: controller, amount: 1}"


def kinds(g, since: int) -> list[str]:
    return [e[1] for e in g.log[since:]]


# ---------------------------------------------------------------------- paying and not paying


def test_a_discard_cost_asks_which_card_and_is_paid_before_the_effects() -> None:
    study = yaml_event("STUDY", INSIGHT, ability="costs: [{cost: discard, count: 1, filter: {type: unit}}]")
    g = game(cards=[study, SOLDIER, WALL], player=["STUDY", "SOLDIER", "WALL", "SOLDIER"])
    mark = len(g.log)
    play(g, "STUDY")
    soldier, wall = find_iid(g, P, "hand", "SOLDIER"), find_iid(g, P, "hand", "WALL")
    assert g.pending.purpose == "cost"
    assert set(g.legal_actions()) == {ChooseCard(soldier), ChooseCard(wall), ChooseCard(find_iid(g, P, "hand", FILLER))}
    g.apply(ChooseCard(wall))
    assert iids(g, P, "graveyard") == ["STUDY", "WALL"]
    assert [k for k in kinds(g, mark) if k in ("discard", "draw")] == ["discard", "draw"]


def test_copies_of_a_card_are_one_choice_and_a_choice_of_one_kind_is_not_asked() -> None:
    study = yaml_event("STUDY", INSIGHT, ability="costs: [{cost: discard, count: 2, filter: {name: soldier}}]")
    g = game(cards=[study, SOLDIER, WALL], player=["STUDY", "SOLDIER", "WALL", "SOLDIER"])
    play(g, "STUDY")  # two soldiers, two to pay: no choice
    assert g.pending is None and iids(g, P, "graveyard") == ["STUDY", "SOLDIER", "SOLDIER"]


def test_an_event_whose_cost_cannot_be_paid_cannot_be_played() -> None:
    study = yaml_event("STUDY", INSIGHT, ability="costs: [{cost: discard, count: 1, filter: {type: event}}]")
    g = game(cards=[study, SOLDIER], player=["STUDY", "SOLDIER"])
    assert not any(isinstance(a, PlayEvent) for a in g.legal_actions())  # no other event in hand


def test_a_triggered_ability_whose_cost_cannot_be_paid_does_nothing() -> None:
    scout = yaml_unit(
        "SCOUT",
        "{trigger: on_enter, costs: [{cost: discard, count: 1, filter: {type: event}}], effects: [{effect: damage, target: enemy_ruler, amount: 1}]}",
    )
    g = game(cards=[scout], player=["SCOUT"])
    summon(g, "SCOUT", ATTACK_LEFT)
    scout_iid = g.unit_at(P, ATTACK_LEFT).iid
    assert g.log[-2:] == [(2, "ability", P, scout_iid, "on_enter"), (2, "unpaid", P, scout_iid)]
    assert g.sides[I].damage_zone == []


def test_an_optional_ability_asks_whether_to_use_it_and_a_no_pays_nothing() -> None:
    scout = yaml_unit(
        "SCOUT",
        "{trigger: on_enter, optional: true, costs: [{cost: discard, count: 1}], effects: [{effect: damage, target: enemy_ruler, amount: 2}]}",
    )
    g = game(cards=[scout], player=["SCOUT", "SCOUT"])
    hand = len(g.sides[P].hand)
    summon(g, "SCOUT", ATTACK_LEFT)
    assert g.legal_actions() == [Confirm(True), Confirm(False)] and g.pending.purpose == "optional"
    g.apply(Confirm(False))
    assert (len(g.sides[P].hand), g.sides[I].damage_zone, g.log[-1][1]) == (hand - 1, [], "declined")
    summon(g, "SCOUT", ATTACK_RIGHT)
    g.apply(Confirm(True))
    g.apply(g.legal_actions()[0])  # discard the first card offered
    assert len(g.sides[I].damage_zone) == 2


# ---------------------------------------------------------------------- the words


def test_destroying_your_own_unit_as_a_cost_destroys_it_and_triggers_it() -> None:
    martyr = yaml_unit("MARTYR", "{trigger: on_destroyed, effects: [{effect: damage, target: enemy_ruler, amount: 1}]}")
    offering = yaml_event("OFFERING", INSIGHT, ability="costs: [{cost: destroy, filter: {level: 0}}]")
    g = game(cards=[offering, martyr, SOLDIER], player=["OFFERING", "MARTYR", "SOLDIER"])
    summon(g, "SOLDIER", ATTACK_LEFT)
    summon(g, "MARTYR", ATTACK_RIGHT)
    play(g, "OFFERING")  # only the level 0 martyr may pay
    assert g.unit_at(P, ATTACK_RIGHT) is None and g.unit_at(P, ATTACK_LEFT) is not None
    assert len(g.sides[I].damage_zone) == 1


def test_returning_your_own_unit_as_a_cost_puts_it_into_your_hand_and_a_ruler_without_a_hand_cannot_pay_it() -> None:
    recall = yaml_event("RECALL", INSIGHT, ability="costs: [{cost: return}]")
    g = game(cards=[recall, SOLDIER, WALL], player=["RECALL", "SOLDIER", "WALL"])
    summon(g, "SOLDIER", ATTACK_LEFT)
    summon(g, "WALL", DEFENSE)
    play(g, "RECALL")
    assert g.legal_actions() == [Choose(P, ATTACK_LEFT), Choose(P, DEFENSE)]
    g.apply(Choose(P, DEFENSE))
    assert g.unit_at(P, DEFENSE) is None and "WALL" in iids(g, P, "hand")
    g = game(cards=[recall, SOLDIER], player=["SOLDIER", "RECALL"], ruler=apprentice())
    g.apply(g.legal_actions()[0])  # summon the soldier from the drive zone
    assert not any(isinstance(a, PlayEvent) for a in g.legal_actions())


def test_resting_your_ruler_as_a_cost_leaves_it_unable_to_attack() -> None:
    rouse = yaml_event("ROUSE", INSIGHT, ability="costs: [{cost: rest_ruler}]")
    g = game(cards=[rouse], player=["ROUSE", "ROUSE"])
    play(g, "ROUSE")
    assert g.sides[P].ruler_rested and g.log[-2][1:4] == ("rest", P, -1)
    assert not any(isinstance(a, PlayEvent) for a in g.legal_actions())  # it is rested: the second cannot be paid
    g.apply(GoToAttack())
    assert not any(isinstance(a, Attack) and a.attacker == RULER for a in g.legal_actions())


def test_resting_the_unit_itself_or_an_acted_unit_as_a_cost() -> None:
    sentry = yaml_unit(
        "SENTRY",
        "{trigger: on_enter, costs: [{cost: rest_self}], effects: [{effect: damage, target: enemy_ruler, amount: 1}]}",
    )
    drill = yaml_event("DRILL", INSIGHT, ability="costs: [{cost: rest_unit}]")
    g = game(cards=[sentry, drill, SOLDIER], player=["SENTRY", "SOLDIER", "DRILL"])
    summon(g, "SENTRY", ATTACK_LEFT)
    assert g.unit_at(P, ATTACK_LEFT).rested and len(g.sides[I].damage_zone) == 1
    summon(g, "SOLDIER", ATTACK_RIGHT)
    play(g, "DRILL")  # the only acted unit is the soldier: taken without asking
    assert g.unit_at(P, ATTACK_RIGHT).rested and g.pending is None


def test_putting_deck_cards_into_the_damage_zone_is_no_damage_check() -> None:
    """No damage check: a CNT card goes to the damage zone and its CNT does not resolve."""
    (counter,) = yaml_cards(
        "- {id: COUNTER, name: counter, type: event, level: 0, cnt: true, provenance: provisional,"
        "   abilities: [{trigger: cnt, effects: [{effect: damage, target: enemy_ruler, amount: 3}]}]}"
    )
    pact = yaml_event("PACT", INSIGHT, ability="costs: [{cost: deck_to_damage, count: 2}]")
    g = game(cards=[counter, pact], player=["PACT", FILLER, FILLER, FILLER, FILLER, FILLER, "COUNTER", FILLER])
    play(g, "PACT")
    assert iids(g, P, "damage_zone") == ["COUNTER", FILLER]
    assert g.sides[I].damage_zone == [] and not any(e[1] == "check" for e in g.log)


def test_reaching_life_by_putting_deck_cards_into_the_damage_zone_loses() -> None:
    pact = yaml_event("PACT", INSIGHT, ability="costs: [{cost: deck_to_damage, count: 3}]")
    g = game(cards=[pact], player=["PACT"])
    g.sides[P].damage_zone = [g.sides[P].deck.pop() for _ in range(8)]  # LIFE 11
    play(g, "PACT")
    assert (g.winner, g.end_reason) == ("invader", "damage")


def test_removing_graveyard_cards_from_the_game_puts_them_in_their_own_zone() -> None:
    exhume = yaml_event(
        "EXHUME", INSIGHT, ability="costs: [{cost: remove_from_graveyard, count: 1, filter: {type: unit}}]"
    )
    dud = yaml_event("DUD", "{effect: mill, target: opponent, amount: 1}")
    g = game(cards=[exhume, dud, SOLDIER], player=["EXHUME", "DUD", "SOLDIER"])
    assert not any(
        a == PlayEvent(find_iid(g, P, "hand", "EXHUME")) for a in g.legal_actions()
    )  # no unit in the graveyard
    s = g.sides[P]
    soldier = find_iid(g, P, "hand", "SOLDIER")
    exhume_iid = find_iid(g, P, "hand", "EXHUME")
    s.hand.remove(soldier)
    s.graveyard.append(soldier)
    play(g, "DUD")
    play(g, "EXHUME")
    assert iids(g, P, "removed") == ["SOLDIER"] and "SOLDIER" not in iids(g, P, "graveyard")
    assert g.log[-2][1:] == ("remove", P, soldier, "graveyard", exhume_iid, "cost")  # paid for EXHUME


def test_an_energy_cost_is_paid_on_top_of_the_cards_own_cost() -> None:
    surge = yaml_event("SURGE", INSIGHT, level=1, ability="costs: [{cost: energy, amount: 2}]")
    g = game(cards=[surge, TINY], player=["SURGE", "SURGE", "TINY"])
    assert PlayEvent(find_iid(g, P, "hand", "SURGE")) in g.legal_actions()  # 1 + 2 of 3 energy
    play(g, "SURGE")
    assert g.sides[P].energy_ready == 0
    g.apply(EndTurn())
    g.sides[P].energy_ready = 2
    assert not any(isinstance(a, PlayEvent) for a in g.legal_actions())


# ---------------------------------------------------------------------- the rift


def test_the_rift_cannot_pay_a_cost_that_rests_its_ruler() -> None:
    zealot = yaml_unit(
        "ZEALOT",
        "{trigger: on_enter, costs: [{cost: rest_ruler}], effects: [{effect: damage, target: enemy_ruler, amount: 2}]}",
    )
    g = game(cards=[zealot], rift=["ZEALOT"], drives=1)
    assert g.sides[P].damage_zone == [] and any(e[1] == "unpaid" for e in g.log)


def test_the_rift_pays_with_its_own_units_left_attack_first() -> None:
    tyrant = yaml_unit(
        "TYRANT",
        "{trigger: on_enter, costs: [{cost: destroy, filter: {level: {max: 1}}}], effects: [{effect: damage, target: enemy_ruler, amount: 1}]}",
        stats="level: 3, atk: 5, hp: 5, stk: 1",
    )
    g = game(cards=[tyrant, SOLDIER, TINY], rift=["TINY", "SOLDIER", "TYRANT"], drives=3)
    assert [e[3] for e in g.log if e[1] == "destroy"] == [g.sides[I].graveyard[0]]
    assert iids(g, I, "graveyard") == ["TINY"] and len(g.sides[P].damage_zone) == 1


def test_a_card_never_pays_for_its_own_ability() -> None:
    """An event is in the graveyard while its costs are paid; it cannot remove itself from there."""
    exhume = yaml_event("EXHUME", INSIGHT, ability="costs: [{cost: remove_from_graveyard, count: 1}]")
    g = game(cards=[exhume], player=["EXHUME"])
    assert not any(isinstance(a, PlayEvent) for a in g.legal_actions())  # an empty graveyard: nothing to remove
    g.sides[P].graveyard.append(g.sides[P].deck.pop())
    play(g, "EXHUME")
    assert iids(g, P, "graveyard") == ["EXHUME"] and iids(g, P, "removed") == [FILLER]


# ---------------------------------------------------------------------- the play procedure: costs, then choices
# CR 14-1a-1 and 9-1a: a card is played by paying its cost, then waits on the gate and resolves; its effect
# chooses as it resolves, after the cost (docs/rulings.md 39, P1).

RAISE_DEAD = (
    "{effect: special_summon, target: {choose: 1, filter: {side: own, zone: damage_zone, type: unit}}}",
    "costs: [{cost: deck_to_damage, count: 3}]",
)
NOTE = yaml_event("NOTE", INSIGHT)


def test_a_card_whose_cost_puts_cards_where_its_choice_looks_can_be_played_and_chooses_after_paying() -> None:
    summoning = yaml_event("SUMMONING", RAISE_DEAD[0], ability=RAISE_DEAD[1])
    # The opening hand and the turn's draws take the first six cards; the next three are soldiers.
    g = game(cards=[summoning, SOLDIER], player=["SUMMONING", *[FILLER] * 5, "SOLDIER", "SOLDIER", "SOLDIER"])
    assert g.sides[P].damage_zone == []
    assert PlayEvent(find_iid(g, P, "hand", "SUMMONING")) in g.legal_actions()
    mark = len(g.log)
    play(g, "SUMMONING")
    assert iids(g, P, "damage_zone") == ["SOLDIER"] * 3  # the cost is paid before anything is chosen
    assert g.pending.kind == "zone"  # the three soldiers are one choice; where it goes is asked
    g.apply(Choose(P, ATTACK_LEFT))
    assert iids(g, P, "damage_zone") == ["SOLDIER"] * 2 and g.card(g.unit_at(P, ATTACK_LEFT).iid).id == "SOLDIER"
    assert kinds(g, mark).index("deck_to_damage") < kinds(g, mark).index("special_summon")


def test_a_cost_whose_cards_turn_out_not_to_fit_the_choice_leaves_the_effect_with_nothing_to_do() -> None:
    summoning = yaml_event("SUMMONING", RAISE_DEAD[0], ability=RAISE_DEAD[1])
    g = game(cards=[summoning, NOTE], player=["SUMMONING", *[FILLER] * 5, "NOTE", "NOTE", "NOTE"])
    # Whether the top three cards hold a unit is hidden: the card may be played all the same.
    assert PlayEvent(find_iid(g, P, "hand", "SUMMONING")) in g.legal_actions()
    mark = len(g.log)
    play(g, "SUMMONING")
    assert iids(g, P, "damage_zone") == ["NOTE", "NOTE", "NOTE"]
    assert "no_effect" in kinds(g, mark) and all(u is None for u in g.sides[P].board)


def test_a_cost_that_brings_no_card_where_the_choice_looks_does_not_make_a_card_playable() -> None:
    bolt = yaml_event(
        "BOLT", "{effect: damage, target: enemy_unit, amount: 2}", ability="costs: [{cost: deck_to_damage, count: 1}]"
    )
    g = game(cards=[bolt], player=["BOLT"])
    assert not any(isinstance(a, PlayEvent) for a in g.legal_actions())  # no enemy unit, and the cost brings none


def test_an_activated_ability_whose_cost_puts_cards_where_its_choice_looks_can_be_used() -> None:
    (grave_keeper,) = yaml_cards(
        """
        - id: KEEPER
          name: keeper
          type: unit
          level: 0
          atk: 1
          hp: 5
          stk: 1
          provenance: provisional
          abilities:
            - trigger: activated
              timing: normal
              costs: [{cost: discard, count: 1}]
              effects:
                - {effect: special_summon, target: {choose: 1, filter: {side: own, zone: graveyard, type: unit}}}
        """
    )
    g = game(cards=[grave_keeper, SOLDIER], player=["KEEPER", "SOLDIER"])
    summon(g, "KEEPER", DEFENSE)
    assert g.sides[P].graveyard == []
    keeper = g.unit_at(P, DEFENSE).iid
    assert any(a == Activate(keeper, 0) for a in g.legal_actions())


def test_an_effect_that_may_choose_none_never_keeps_a_card_from_being_played() -> None:
    maybe = yaml_event("MAYBE", "{effect: damage, target: enemy_unit, amount: 2, optional: true}", INSIGHT)
    g = game(cards=[maybe], player=["MAYBE"])
    assert PlayEvent(find_iid(g, P, "hand", "MAYBE")) in g.legal_actions()


# ---------------------------------------------------------------------- where paid cards go (issue 23, word 1)


def test_a_hand_card_paid_to_the_bottom_of_the_deck_goes_under_the_deck_not_into_the_graveyard() -> None:
    study = yaml_event("STUDY", INSIGHT, ability="costs: [{cost: discard, count: 1, to: deck_bottom}]")
    g = game(cards=[study, SOLDIER, WALL], player=["STUDY", "SOLDIER", "WALL", "SOLDIER"])
    bottom_before = g.sides[P].deck[0]
    mark = len(g.log)
    play(g, "STUDY")
    g.apply(ChooseCard(find_iid(g, P, "hand", "WALL")))
    deck = g.sides[P].deck
    assert g.card(deck[0]).id == "WALL" and deck[1] == bottom_before  # under the old bottom card
    assert iids(g, P, "graveyard") == ["STUDY"]  # only the event itself
    assert [k for k in kinds(g, mark) if k in ("to_bottom", "discard", "draw")] == ["to_bottom", "draw"]
    entry = next(e for e in g.log[mark:] if e[1] == "to_bottom")
    assert (entry.from_, entry.reason) == ("hand", "cost")


def test_cards_paid_to_the_bottom_go_in_the_order_chosen_the_last_one_chosen_at_the_bottom() -> None:
    study = yaml_event("STUDY", INSIGHT, ability="costs: [{cost: discard, count: 2, to: deck_bottom}]")
    g = game(cards=[study, SOLDIER, WALL, TINY], player=["STUDY", "SOLDIER", "WALL", "TINY"])
    play(g, "STUDY")
    g.apply(ChooseCard(find_iid(g, P, "hand", "SOLDIER")))
    g.apply(ChooseCard(find_iid(g, P, "hand", "WALL")))
    assert [g.card(i).id for i in g.sides[P].deck[:2]] == ["WALL", "SOLDIER"]


def test_a_discount_paid_by_putting_a_hand_card_on_the_bottom_of_the_deck() -> None:
    (dragon,) = yaml_cards("""
        - id: DRAGON
          name: dragon
          type: unit
          level: 3
          atk: 5
          hp: 5
          stk: 2
          provenance: provisional
          discount: {energy: 0, costs: [{cost: discard, count: 1, to: deck_bottom}]}
    """)
    g = game(cards=[dragon, SOLDIER], player=["DRAGON", "SOLDIER", "SOLDIER", "SOLDIER"], ruler=knight(energy=0))
    g.apply(Discount(find_iid(g, P, "hand", "DRAGON"), ATTACK_LEFT))
    g.apply(ChooseCard(find_iid(g, P, "hand", "SOLDIER")))  # the hand also holds a card drawn this turn
    assert g.card(g.unit_at(P, ATTACK_LEFT).iid).id == "DRAGON"
    assert g.card(g.sides[P].deck[0]).id == "SOLDIER" and iids(g, P, "graveyard") == []


# ---------------------------------------------------------------------- DR n: damage reversal (issue 23, word 2)

REVERSAL = yaml_event("REVERSAL", INSIGHT, ability="costs: [{cost: damage_reversal, count: 2}]")


def damage_game(damage: list[str], hand: tuple[str, ...] = ("REVERSAL",)) -> Game:
    """A game whose player has `damage` (card ids) face up in the damage zone, taken from the deck's top."""
    g = game(cards=[REVERSAL, SOLDIER, WALL, TINY], player=[*hand, *[FILLER] * (6 - len(hand)), *damage])
    s = g.sides[P]
    for card_id in damage:
        iid = find_iid(g, P, "deck", card_id)
        s.deck.remove(iid)
        s.damage_zone.append(iid)
    return g


def test_damage_reversal_turns_face_up_damage_cards_face_down_and_they_still_count_towards_life() -> None:
    g = damage_game(["SOLDIER", "WALL", "TINY"])
    play(g, "REVERSAL")
    assert g.pending.purpose == "cost"  # which 2 of the 3 is the player's choice
    wall, tiny = find_iid(g, P, "damage_zone", "WALL"), find_iid(g, P, "damage_zone", "TINY")
    g.apply(ChooseCard(wall))
    g.apply(ChooseCard(tiny))
    s = g.sides[P]
    assert set(s.face_down) == {wall, tiny} and len(s.damage_zone) == 3  # still 3 towards LIFE
    assert [e.card for e in g.log if e[1] == "face_down"] == [wall, tiny]
    assert "draw" in [e[1] for e in g.log[-3:]]


def test_damage_reversal_cannot_be_paid_with_fewer_face_up_cards_than_it_turns() -> None:
    g = damage_game(["SOLDIER", "WALL", "TINY"], hand=("REVERSAL", "REVERSAL"))
    play(g, "REVERSAL")
    g.apply(ChooseCard(find_iid(g, P, "damage_zone", "WALL")))
    g.apply(ChooseCard(find_iid(g, P, "damage_zone", "TINY")))
    assert PlayEvent(find_iid(g, P, "hand", "REVERSAL")) not in g.legal_actions()  # 1 face-up card left, DR 2


def test_a_face_down_damage_card_matches_no_filter_that_asks_a_property_but_counts_as_a_card() -> None:
    raise_ = yaml_event(
        "RAISE", "{effect: special_summon, target: {choose: 1, filter: {side: own, zone: damage_zone, type: unit}}}"
    )
    (count,) = yaml_cards("""
        - {id: COUNT, name: count, type: event, level: 0, provenance: provisional,
           abilities: [{trigger: on_play, requires: {count: {side: own, zone: damage_zone}, min: 3},
                        effects: [{effect: draw, target: controller, amount: 1}]}]}
    """)
    hand = ["REVERSAL", "RAISE", "COUNT", FILLER, FILLER, FILLER]
    g = game(cards=[REVERSAL, raise_, count, SOLDIER, WALL], player=[*hand, "SOLDIER", "WALL", "WALL"])
    s = g.sides[P]
    for card_id in ("SOLDIER", "WALL", "WALL"):
        iid = find_iid(g, P, "deck", card_id)
        s.deck.remove(iid)
        s.damage_zone.append(iid)
    play(g, "REVERSAL")
    g.apply(ChooseCard(find_iid(g, P, "damage_zone", "SOLDIER")))  # the soldier and one wall go face down
    assert PlayEvent(find_iid(g, P, "hand", "COUNT")) in g.legal_actions()  # 3 cards, face up or not
    play(g, "RAISE")  # only the face-up wall is a unit it can see
    g.apply(Choose(P, ATTACK_LEFT))
    assert g.card(g.unit_at(P, ATTACK_LEFT).iid).id == "WALL"
    assert len(s.damage_zone) == 2 and len(s.face_down) == 2


def test_face_down_damage_cards_are_saved_and_an_older_save_without_them_loads_face_up() -> None:
    g = damage_game(["SOLDIER", "WALL"])
    play(g, "REVERSAL")
    data = g.to_dict()
    assert data["sides"][P]["face_down"] == sorted(g.sides[P].face_down, key=g.sides[P].damage_zone.index)
    assert restore(data, g).sides[P].face_down == g.sides[P].face_down
    del data["sides"][P]["face_down"]
    assert restore(data, g).sides[P].face_down == ()


def test_the_board_and_the_story_show_face_down_damage_cards_as_such() -> None:
    from gateruler.render import board_lines
    from gateruler.story import narrate

    g = damage_game(["SOLDIER", "WALL"])
    mark = len(g.log)
    play(g, "REVERSAL")
    assert any(
        "damage 2/11 (2 face down)" in line or "damage zone 2/11 (2 face down)" in line for line in board_lines(g, 100)
    )
    told = [n.text for n in narrate(g, mark)]
    assert any("was turned face down" in t and "to pay for reversal" in t for t in told)
