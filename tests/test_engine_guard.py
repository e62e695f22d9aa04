"""Soul guard (【ソウルガード】) and attack costs.

Soul guard: "if this unit would leave play, put 1 of its soul cards into the
graveyard instead; its damage becomes 0 and its limited-duration effects end"
(rules.md §keywords).  Attack costs: an ability whose costs a unit pays to be
declared as an attacker ("it may attack only if you put a soul card into the
graveyard"), with no effect of its own.  Cards are written in YAML and read by
the real loader.
"""

from __future__ import annotations

from factories import find_iid, game, play, summon, unit, yaml_cards, yaml_event, yaml_unit

from gateruler.engine import ATTACK_LEFT, DEFENSE, INVADER, PLAYER, RULER, Attack, ChooseCard, EndTurn, GoToAttack

P, I = PLAYER, INVADER
HOARD_2 = "{trigger: on_enter, effects: [{effect: add_soul, target: self, from: deck, count: 2}]}"
GUARDIAN = yaml_unit("GUARDIAN", HOARD_2, stats="level: 0, atk: 2, hp: 4, stk: 1, keywords: [soul_guard]")
PLAIN = yaml_unit("PLAIN", HOARD_2, stats="level: 0, atk: 2, hp: 4, stk: 1")
WALL = unit("WALL", 0, 1, 20, 1)
BRUTE = unit("BRUTE", 0, 9, 9, 1)


def _guardian(cards: list | None = None, hand: list[str] | None = None, **extra: object):
    """The player's Soul guard unit in the left attack zone, with 2 soul cards from the deck's top."""
    g = game(
        cards=[GUARDIAN, PLAIN, WALL, BRUTE, *(cards or [])],
        player=["GUARDIAN", *(hand or []), "WALL", "WALL"],
        **extra,
    )
    summon(g, "GUARDIAN", ATTACK_LEFT)
    return g, g.unit_at(P, ATTACK_LEFT).iid


# ---------------------------------------------------------------------- Soul guard


def test_soul_guard_puts_a_soul_card_into_the_graveyard_instead_of_the_unit_being_destroyed() -> None:
    # The unit is destroyed but not sent (gateruler-official.com posts/31): it stays, a soul card goes instead.
    kill = yaml_event("KILL", "{effect: destroy, target: own_unit}")
    g, host = _guardian([kill], ["KILL"])
    oldest, newer = g.soul(P, host)
    kill_iid = find_iid(g, P, "hand", "KILL")
    play(g, "KILL")
    assert g.unit_is(P, ATTACK_LEFT, host)
    assert g.soul(P, host) == (newer,)
    assert oldest in g.sides[P].graveyard
    assert not any(e[1] == "destroy" and e[3] == host for e in g.log)
    assert [e[1:] for e in g.log[-3:]] == [
        ("soul_guard", P, host, "destroy"),
        ("soul_to_graveyard", P, oldest, host, host, "cost"),
        ("not_sent", P, host, kill_iid, "on_play"),
    ]


def test_soul_guard_sets_the_damage_to_0_and_ends_the_units_until_end_of_turn_changes() -> None:
    boost = yaml_event("BOOST", "{effect: modify, target: own_unit, atk: 3, hp: 1, duration: end_of_turn}")
    haste = yaml_event("HASTE", "{effect: grant, target: own_unit, keyword: pierce}")
    g, host = _guardian([boost, haste], ["BOOST", "HASTE"])
    play(g, "BOOST")
    play(g, "HASTE")
    assert (g.atk(P, ATTACK_LEFT), g.hp(P, ATTACK_LEFT)) == (5, 5)
    g.damage_unit(P, ATTACK_LEFT, 5)  # reaches its HP: the rules would destroy it
    u = g.unit_at(P, ATTACK_LEFT)
    assert u.iid == host and u.damage == 0
    assert (g.atk(P, ATTACK_LEFT), g.hp(P, ATTACK_LEFT)) == (2, 4)
    assert "pierce" not in g.keywords(P, ATTACK_LEFT)


def test_the_player_chooses_which_soul_card_soul_guard_spends_when_they_differ() -> None:
    offer = yaml_event("OFFER", "{effect: add_soul, target: own_unit, from: hand, count: 1, filter: {type: unit}}")
    kill = yaml_event("KILL", "{effect: destroy, target: own_unit}")
    g, host = _guardian([offer, kill], ["OFFER", "BRUTE", "KILL"])
    play(g, "OFFER")
    brute = next(c for c in g.sides[P].hand if g.card(c).id == "BRUTE")
    g.apply(ChooseCard(brute))  # BRUTE joins the two filler cards under it
    assert brute in g.soul(P, host)
    play(g, "KILL")
    assert g.unit_is(P, ATTACK_LEFT, host) and g.unit_at(P, ATTACK_LEFT).damage == 0
    assert (g.pending.kind, g.pending.purpose, g.pending.source) == ("card", "cost", host)
    assert g.legal_actions() == [ChooseCard(g.soul(P, host)[0]), ChooseCard(brute)]  # copies are one choice
    g.apply(ChooseCard(brute))
    assert brute in g.sides[P].graveyard and len(g.soul(P, host)) == 2


def test_a_soul_card_promised_to_an_earlier_save_cannot_pay_for_another() -> None:
    g = game(cards=[GUARDIAN, BRUTE, WALL], player=["GUARDIAN", "WALL", "WALL", "WALL", "BRUTE", "BRUTE", "WALL"])
    summon(g, "GUARDIAN", ATTACK_LEFT)  # soul: a WALL and a filler, so each save asks which goes
    host = g.unit_at(P, ATTACK_LEFT).iid
    g.destroy(P, ATTACK_LEFT)  # three destroys within one step, before any payment is chosen
    g.destroy(P, ATTACK_LEFT)
    assert g.unit_is(P, ATTACK_LEFT, host)
    g.destroy(P, ATTACK_LEFT)  # both soul cards are promised: nothing is left to pay with
    assert g.unit_at(P, ATTACK_LEFT) is None and host in g.sides[P].graveyard
    assert [e[1] for e in g.log].count("soul_guard") == 2


def test_soul_guard_needs_a_soul_card_and_each_leaving_spends_one() -> None:
    kill = yaml_event("KILL", "{effect: destroy, target: own_unit}")
    g, host = _guardian([kill], ["KILL", "KILL", "KILL"])
    play(g, "KILL")
    play(g, "KILL")
    assert g.unit_is(P, ATTACK_LEFT, host) and g.soul(P, host) == ()
    play(g, "KILL")
    assert g.unit_at(P, ATTACK_LEFT) is None
    assert host in g.sides[P].graveyard


def test_without_soul_guard_a_unit_with_soul_leaves_as_usual() -> None:
    kill = yaml_event("KILL", "{effect: destroy, target: own_unit}")
    g = game(cards=[PLAIN, WALL, kill], player=["PLAIN", "KILL", "WALL", "WALL"])
    summon(g, "PLAIN", ATTACK_LEFT)
    play(g, "KILL")
    assert g.unit_at(P, ATTACK_LEFT) is None


def test_soul_guard_saves_a_unit_from_battle_damage() -> None:
    g, host = _guardian(atk=7)
    g.apply(EndTurn())  # the rift's turn: its ruler (ATK 7) attacks the player's left attack unit (HP 4)
    assert any(e[1] == "soul_guard" and e[3] == host for e in g.log)
    assert g.unit_is(P, ATTACK_LEFT, host) and g.unit_at(P, ATTACK_LEFT).damage == 0


def test_soul_guard_stops_a_unit_being_returned_to_the_hand_put_on_the_deck_or_into_the_graveyard() -> None:
    for to in ("hand", "deck", "graveyard"):
        move = yaml_event("MOVE", f"{{effect: move, target: own_unit, to: {to}}}")
        g, host = _guardian([move], ["MOVE"])
        oldest = g.soul(P, host)[0]
        play(g, "MOVE")
        assert g.unit_is(P, ATTACK_LEFT, host), to
        assert g.log[-2][1:] == ("soul_guard", P, host, to)
        assert len(g.soul(P, host)) == 1 and oldest in g.sides[P].graveyard


def test_soul_guard_stops_a_unit_being_removed_from_the_game() -> None:
    banish = yaml_event("BANISH", "{effect: remove, target: own_unit}")
    g, host = _guardian([banish], ["BANISH"])
    play(g, "BANISH")
    assert g.unit_is(P, ATTACK_LEFT, host)
    assert g.sides[P].removed == []
    assert g.log[-2][1:] == ("soul_guard", P, host, "removed")


def test_soul_guard_does_not_stop_a_unit_paid_as_a_cost() -> None:
    (pay,) = yaml_cards(
        "- {id: PAY, name: pay, type: event, level: 0, provenance: provisional, abilities: [{trigger: on_play, "
        "costs: [{cost: destroy, count: 1}], effects: [{effect: draw, target: controller, amount: 1}]}]}"
    )
    g, host = _guardian([pay], ["PAY"])
    play(g, "PAY")
    assert g.unit_at(P, ATTACK_LEFT) is None
    assert host in g.sides[P].graveyard
    assert not any(e[1] == "soul_guard" for e in g.log)


def test_soul_guard_does_not_stop_a_unit_replaced_by_a_summon_into_its_zone() -> None:
    g, host = _guardian(hand=["WALL"])
    summon(g, "WALL", ATTACK_LEFT)
    assert g.unit_at(P, ATTACK_LEFT).iid != host
    assert host in g.sides[P].graveyard


def test_soul_guard_comes_after_a_free_standing_replacement() -> None:
    angel = yaml_unit(
        "ANGEL",
        "{trigger: replacement, effects: [{effect: survive_destruction, target: {all: {side: own, type: unit}}, reset_damage: true}]}",
    )
    kill = yaml_event("KILL", "{effect: destroy, target: {choose: 1, filter: {side: own, name: guardian}}}")
    g, host = _guardian([angel, kill], ["ANGEL", "KILL"])
    summon(g, "ANGEL", DEFENSE)
    play(g, "KILL")
    assert g.unit_is(P, ATTACK_LEFT, host)
    assert len(g.soul(P, host)) == 2  # the free replacement saved it: no soul card spent
    assert any(e[1] == "survived" for e in g.log) and not any(e[1] == "soul_guard" for e in g.log)


def test_soul_guard_does_not_save_a_unit_whose_hp_stays_at_0() -> None:
    wither = yaml_event("WITHER", "{effect: modify, target: own_unit, hp: -4, duration: permanent}")
    g, host = _guardian([wither], ["WITHER"])
    soul = g.soul(P, host)
    play(g, "WITHER")
    assert g.unit_at(P, ATTACK_LEFT) is None
    assert set(soul) <= set(g.sides[P].graveyard)  # both soul cards followed it
    assert not any(e[1] == "soul_guard" for e in g.log)


def test_a_granted_soul_guard_protects_the_unit() -> None:
    ward = yaml_event("WARD", "{effect: grant, target: own_unit, keyword: soul_guard}")
    kill = yaml_event("KILL", "{effect: destroy, target: own_unit}")
    g = game(cards=[PLAIN, WALL, ward, kill], player=["PLAIN", "WARD", "KILL", "WALL", "WALL"])
    summon(g, "PLAIN", ATTACK_LEFT)
    host = g.unit_at(P, ATTACK_LEFT).iid
    play(g, "WARD")
    play(g, "KILL")
    assert g.unit_is(P, ATTACK_LEFT, host)
    assert len(g.soul(P, host)) == 1


def test_games_without_soul_guard_never_ask_the_leave_hook() -> None:
    g = game(cards=[PLAIN, WALL], player=["PLAIN", "WALL", "WALL"])
    assert "leave" not in g.setup.replaces
    g2, _ = _guardian()
    assert "leave" in g2.setup.replaces


# ---------------------------------------------------------------------- attack costs

PAY_TO_ATTACK = "{trigger: attack_cost, costs: [{cost: soul, count: 1}]}"
GOD = yaml_unit(
    "GOD",
    HOARD_2,
    PAY_TO_ATTACK,
    "{trigger: on_attack, effects: [{effect: draw, target: controller, amount: 1}]}",
    stats="level: 0, atk: 5, hp: 5, stk: 2",
)


def _god(**extra: object):
    g = game(cards=[GOD, WALL], player=["GOD", "WALL", "WALL", "WALL", "WALL", "WALL", "WALL"], **extra)
    summon(g, "GOD", ATTACK_LEFT)
    return g, g.unit_at(P, ATTACK_LEFT).iid


def test_a_unit_with_an_attack_cost_may_attack_only_while_it_can_pay() -> None:
    g, host = _god()
    g.apply(GoToAttack())
    assert g.can_attack(P, ATTACK_LEFT)
    g.soul_to_graveyard(P, host)
    assert not g.can_attack(P, ATTACK_LEFT)
    assert not any(isinstance(a, Attack) and a.attacker == ATTACK_LEFT for a in g.legal_actions())


def test_an_attack_cost_is_paid_as_the_unit_is_declared_before_its_on_attack_abilities() -> None:
    g = game(cards=[GOD, WALL], player=["GOD"] + ["WALL"] * 9, pad=0)
    summon(g, "GOD", ATTACK_LEFT)
    host = g.unit_at(P, ATTACK_LEFT).iid
    assert len(g.soul(P, host)) == 2
    g.apply(GoToAttack())
    mark = len(g.log)
    g.apply(Attack(ATTACK_LEFT, RULER))  # the soul cards are copies of one card: nothing is asked
    kinds = [e[1] for e in g.log[mark:]]
    assert kinds.index("soul_to_graveyard") < kinds.index("draw") < kinds.index("ruler_damage")
    assert len(g.soul(P, host)) == 1


def test_the_player_chooses_which_soul_card_pays_an_attack_cost_when_they_differ() -> None:
    g, host = _god()  # its soul: a WALL and a filler
    wall = next(c for c in g.soul(P, host) if g.card(c).id == "WALL")
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, RULER))
    assert (g.pending.kind, g.pending.purpose) == ("card", "cost")
    assert g.legal_actions() == [ChooseCard(c) for c in g.soul(P, host)]
    g.apply(ChooseCard(wall))
    assert wall in g.sides[P].graveyard and wall not in g.soul(P, host)


def test_the_rift_skips_an_attacker_that_cannot_pay_its_attack_cost() -> None:
    broke = yaml_unit("BROKE", PAY_TO_ATTACK, stats="level: 0, atk: 5, hp: 5, stk: 2")
    g = game(cards=[broke, WALL], player=["WALL"] * 6, rift=["BROKE", "BROKE"], drives=1)
    g.apply(EndTurn())
    assert [g.card(u.iid).id for u in g.sides[I].board if u is not None] == ["BROKE", "BROKE"]
    attackers = [e[3] for e in g.log if e[1] == "attack" and e[2] == I]
    assert attackers == [-1, -1]  # only its ruler attacked, in each of its turns


def test_the_rift_pays_an_attack_cost_with_its_oldest_soul_card() -> None:
    g = game(cards=[GOD, WALL], player=["WALL"] * 6, rift=["GOD", "WALL", "WALL", "WALL", "WALL"], drives=1)
    g.apply(EndTurn())
    host = g.unit_at(I, ATTACK_LEFT).iid
    assert host in [e[3] for e in g.log if e[1] == "attack" and e[2] == I]
    assert len(g.soul(I, host)) == 1


def test_soul_guard_does_not_stop_the_rifts_full_board_rule() -> None:
    keeper = yaml_unit("KEEPER", HOARD_2, stats="level: 0, atk: 1, hp: 9, stk: 1, keywords: [soul_guard]")
    big = unit("BIG", 3, 1, 9, 1)
    g = game(
        cards=[keeper, big, WALL], player=["WALL"] * 6, rift=["KEEPER", "WALL", "WALL", "BIG", "BIG", "BIG"], drives=2
    )
    host = g.unit_at(I, ATTACK_LEFT).iid  # the keeper, with the two WALLs as its soul; then a BIG
    assert len(g.soul(I, host)) == 2
    g.apply(EndTurn())  # the rift's second turn: its fourth unit arrives on a full board; the level-0 keeper makes room
    assert host in g.sides[I].graveyard
    assert not any(e[1] == "soul_guard" for e in g.log)
    assert host not in [u.iid for u in g.sides[I].board if u is not None]


def test_the_rift_spends_its_oldest_soul_card_on_soul_guard() -> None:
    keeper = yaml_unit("KEEPER", HOARD_2, stats="level: 0, atk: 1, hp: 9, stk: 1, keywords: [soul_guard]")
    kill = yaml_event("KILL", "{effect: destroy, target: enemy_unit}")
    g = game(
        cards=[keeper, kill, WALL, BRUTE],
        player=["KILL", "WALL", "WALL", "WALL"],
        rift=["KEEPER", "WALL", "BRUTE"],
        drives=1,
    )
    host = g.unit_at(I, ATTACK_LEFT).iid
    oldest, newer = g.soul(I, host)
    assert g.card(oldest).id != g.card(newer).id
    play(g, "KILL")
    assert g.unit_is(I, ATTACK_LEFT, host) and g.soul(I, host) == (newer,)
    assert oldest in g.sides[I].graveyard
