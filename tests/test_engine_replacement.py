"""Mechanic 8: replacement effects (CR 14-13) at the engine's hooks: damage, destruction.

A standing replacement is an ability with the trigger `replacement`: its first
effect changes what would happen to the cards it names, its other effects
happen instead.  A one-shot `prevent_damage` protects from the next damage
this turn (the January 2023 rule, rules.md §6.3).  docs/rulings.md D5-D9.
"""

from __future__ import annotations

from factories import game, play, restore, summon, yaml_cards, yaml_event, yaml_unit

from gateruler.engine import ATTACK_LEFT, DEFENSE, INVADER, PLAYER, Attack, EndTurn, GoToAttack

P, I = PLAYER, INVADER
BASICS = yaml_cards(
    """
    - {id: WALL, name: wall, type: unit, level: 0, atk: 1, hp: 9, stk: 1, provenance: provisional}
    - {id: SMALL, name: small, type: unit, level: 0, atk: 1, hp: 2, stk: 1, provenance: provisional}
    - {id: BITER, name: biter, type: unit, level: 0, atk: 3, hp: 9, stk: 1, keywords: [intercept], provenance: provisional}
    - {id: NOTHING, name: nothing, type: event, level: 0, provenance: provisional}
    """
)
BOLT = yaml_event("BOLT", "{effect: damage, target: enemy_unit, amount: 3}")
ZAP = yaml_event("ZAP", "{effect: damage, target: enemy_ruler, amount: 2}")
CULL = yaml_event("CULL", "{effect: destroy, target: enemy_unit}")
AEGIS = yaml_event("AEGIS", "{effect: prevent_damage, target: own_side}")
PARTIAL = yaml_event("PARTIAL", "{effect: prevent_damage, target: own_side, amount: 1}")


def standing(card_id: str, *effects: str, stats: str = "level: 0, atk: 1, hp: 4, stk: 1", requires: str = "") -> object:
    extra = f", requires: {requires}" if requires else ""
    return yaml_unit(card_id, f"{{trigger: replacement, effects: [{', '.join(effects)}]{extra}}}", stats=stats)


def kinds(g, kind: str) -> list[tuple]:
    return [e[3:] for e in g.log if e[1] == kind]


def iid(g, card_id: str) -> int:
    return next(i for i, d in enumerate(g.setup.defs) if d.id == card_id)


# ---------------------------------------------------------------------- preventing damage
def test_a_standing_prevention_prevents_all_damage_to_what_it_names() -> None:
    shell = standing("SHELL", "{effect: prevent_damage, target: self}")
    g = game(cards=[shell, BOLT, *BASICS], player=["BOLT"], rift=["SHELL"], drives=1)
    play(g, "BOLT")
    assert g.unit_at(I, ATTACK_LEFT).damage == 0 and kinds(g, "damage_unit") == []
    assert kinds(g, "damage_prevented") == [
        (iid(g, "SHELL"), 3, 0, iid(g, "SHELL"), iid(g, "BOLT"), "on_play")
    ]  # and the damage's cause


def test_a_reduction_prevents_only_its_amount() -> None:
    hide = standing("HIDE", "{effect: prevent_damage, target: self, amount: 1}")
    g = game(cards=[hide, BOLT, *BASICS], player=["BOLT"], rift=["HIDE"], drives=1)
    play(g, "BOLT")
    assert g.unit_at(I, ATTACK_LEFT).damage == 2


def test_a_battle_damage_prevention_leaves_effect_damage() -> None:
    mist = standing(
        "MIST", "{effect: prevent_damage, target: all_own_units, only: battle}", stats="level: 0, atk: 1, hp: 9, stk: 1"
    )
    g = game(cards=[mist, BOLT, *BASICS], player=["BOLT", "WALL"], rift=["MIST"], drives=1)
    play(g, "BOLT")
    summon(g, "WALL", ATTACK_LEFT)
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, ATTACK_LEFT))
    assert g.unit_at(I, ATTACK_LEFT).damage == 3  # the bolt's 3; the wall's battle damage is prevented


def test_a_prevention_can_protect_a_ruler_from_damage_checks() -> None:
    ward = standing("WARD", "{effect: prevent_damage, target: own_ruler, amount: 1}")
    g = game(cards=[ward, ZAP, *BASICS], player=["ZAP"], rift=["WARD"], drives=1)
    play(g, "ZAP")
    assert len(g.sides[I].damage_zone) == 1
    assert kinds(g, "ruler_damage") == [(1, False, iid(g, "ZAP"), "on_play")]


def test_what_a_replacement_does_instead_happens_at_once() -> None:
    toll = standing("TOLL", "{effect: prevent_damage, target: self}", "{effect: mill, target: controller, amount: 2}")
    g = game(cards=[toll, BOLT, *BASICS], player=["BOLT"], rift=["TOLL"], drives=1)
    deck = len(g.sides[I].deck)
    play(g, "BOLT")
    assert g.unit_at(I, ATTACK_LEFT).damage == 0 and len(g.sides[I].deck) == deck - 2
    assert kinds(g, "ability")[-1] == (iid(g, "TOLL"), "replacement")


def test_a_replacement_does_not_apply_to_what_it_does_instead() -> None:
    penance = standing(
        "PENANCE",
        "{effect: survive_destruction, target: self, reset_damage: true}",
        "{effect: damage, target: self, amount: 9}",
    )
    g = game(cards=[penance, CULL, *BASICS], player=["CULL"], rift=["PENANCE"], drives=1)
    play(g, "CULL")  # it survives the cull, then its own 9 damage destroys it: it does not save itself again
    assert g.sides[I].board[ATTACK_LEFT] is None and len(kinds(g, "survived")) == 1


def test_a_replacement_applies_only_while_its_requirement_holds() -> None:
    shy = standing("SHY", "{effect: prevent_damage, target: self}", requires="{turn: own}")
    g = game(cards=[shy, BOLT, *BASICS], player=["BOLT"], rift=["SHY"], drives=1)
    play(g, "BOLT")
    assert g.unit_at(I, ATTACK_LEFT).damage == 3


def test_free_replacements_apply_before_those_that_do_something_instead_and_each_only_if_it_changes_something() -> None:
    toll = standing(
        "TOLL", "{effect: prevent_damage, target: all_own_units}", "{effect: mill, target: controller, amount: 2}"
    )
    shell = standing("SHELL", "{effect: prevent_damage, target: self}")
    g = game(cards=[toll, shell, BOLT, *BASICS], player=["BOLT"], rift=["TOLL", "SHELL"], drives=2)
    deck = len(g.sides[I].deck)
    play(g, "BOLT")  # toll stands first on the board; the shell's free prevention is used, the toll's not needed
    assert g.pending is not None
    g.apply(g.legal_actions()[1])  # the shell, in the right attack zone
    assert kinds(g, "damage_prevented") == [
        (iid(g, "SHELL"), 3, 0, iid(g, "SHELL"), iid(g, "BOLT"), "on_play")
    ]  # and the damage's cause
    assert len(g.sides[I].deck) == deck


# ---------------------------------------------------------------------- one-shot preventions (the 2023 rule)
def test_a_one_shot_prevention_covers_the_next_damage_this_turn_only() -> None:
    g = game(cards=[AEGIS, *BASICS], player=["AEGIS", "WALL"], rift=["BITER"], drives=1)
    play(g, "AEGIS")
    summon(g, "WALL", ATTACK_LEFT)
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, ATTACK_LEFT))  # the biter intercepts: 3 damage to the wall, prevented
    assert g.unit_at(P, ATTACK_LEFT).damage == 0 and g.sides[P].shields == []
    assert kinds(g, "shield") == [(-1, "side", 0, iid(g, "AEGIS"))]


def test_every_pending_prevention_applies_to_the_next_damage_even_past_0() -> None:
    # gaterealize.com archive info 218 (rules.md 12): every pending "next damage" reduction applies to the next
    # damage, "even if that damage will be excessively reduced".
    g = game(cards=[PARTIAL, AEGIS, BOLT, *BASICS], player=["PARTIAL", "AEGIS", "WALL"], rift=["BITER"], drives=1)
    g.sides[P].energy_ready = 9
    play(g, "PARTIAL")
    play(g, "AEGIS")
    summon(g, "WALL", ATTACK_LEFT)
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, ATTACK_LEFT))  # 3 intercept damage: 1 by the partial one, 2 by the other
    assert [e[1:3] for e in kinds(g, "damage_prevented")] == [(1, 2), (2, 0)]
    assert g.sides[P].shields == []
    g2 = game(cards=[PARTIAL, AEGIS, *BASICS], player=["AEGIS", "PARTIAL", "WALL"], rift=["BITER"], drives=1)
    g2.sides[P].energy_ready = 9
    play(g2, "AEGIS")
    play(g2, "PARTIAL")
    summon(g2, "WALL", ATTACK_LEFT)
    g2.apply(GoToAttack())
    g2.apply(Attack(ATTACK_LEFT, ATTACK_LEFT))  # the older one prevents all of it: the partial one applies too
    assert [e[1:3] for e in kinds(g2, "damage_prevented")] == [(3, 0), (0, 0)]
    assert g2.sides[P].shields == []  # none waits for the next damage


def test_one_shot_preventions_end_with_the_turn() -> None:
    g = game(cards=[AEGIS, *BASICS], player=["AEGIS", "WALL"], rift=["NOTHING", "BITER"], drives=1, atk=2)
    play(g, "AEGIS")
    summon(g, "WALL", ATTACK_LEFT)
    g.apply(EndTurn())
    assert g.sides[P].shields == [] and g.unit_at(P, ATTACK_LEFT).damage == 3 + 2


def test_a_waiting_prevention_saves_and_restores() -> None:
    g = game(cards=[AEGIS, *BASICS], player=["AEGIS"])
    play(g, "AEGIS")
    assert restore(g.to_dict(), g).sides[P].shields == g.sides[P].shields == [(-2, 0, "any", iid(g, "AEGIS"))]


# ---------------------------------------------------------------------- surviving destruction
def test_a_unit_survives_a_destroy_effect_and_keeps_its_damage() -> None:
    stubborn = standing("STUBBORN", "{effect: survive_destruction, target: self}")
    g = game(cards=[stubborn, CULL, BOLT, *BASICS], player=["BOLT", "CULL"], rift=["STUBBORN"], drives=1)
    g.sides[P].energy_ready = 9
    play(g, "BOLT")
    play(g, "CULL")
    assert g.unit_at(I, ATTACK_LEFT).damage == 3
    assert kinds(g, "survived") == [(iid(g, "STUBBORN"), iid(g, "STUBBORN"), 3)] and kinds(g, "destroy") == []


def test_a_survival_that_keeps_the_damage_cannot_save_a_unit_whose_damage_reached_its_hp() -> None:
    stubborn = standing(
        "STUBBORN", "{effect: survive_destruction, target: self}", stats="level: 0, atk: 1, hp: 3, stk: 1"
    )
    g = game(cards=[stubborn, BOLT, *BASICS], player=["BOLT"], rift=["STUBBORN"], drives=1)
    play(g, "BOLT")
    assert g.unit_at(I, ATTACK_LEFT) is None and kinds(g, "survived") == []


def test_a_survival_that_resets_the_damage_saves_a_unit_whose_damage_reached_its_hp() -> None:
    guard = standing(
        "GUARD",
        "{effect: survive_destruction, target: all_own_units, reset_damage: true}",
        stats="level: 0, atk: 1, hp: 3, stk: 1",
    )
    g = game(cards=[guard, BOLT, *BASICS], player=["BOLT"], rift=["GUARD"], drives=1)
    play(g, "BOLT")
    assert g.unit_at(I, ATTACK_LEFT).damage == 0 and kinds(g, "survived") == [(iid(g, "GUARD"), iid(g, "GUARD"), 0)]


def test_a_survival_cannot_save_a_unit_whose_hp_is_0() -> None:
    guard = standing(
        "GUARD",
        "{effect: survive_destruction, target: self, reset_damage: true}",
        stats="level: 0, atk: 1, hp: 3, stk: 1",
    )
    shrink = yaml_event("SHRINK", "{effect: modify, target: enemy_unit, hp: -3}")
    g = game(cards=[guard, shrink, *BASICS], player=["SHRINK"], rift=["GUARD"], drives=1)
    play(g, "SHRINK")
    assert g.unit_at(I, ATTACK_LEFT) is None


def test_the_players_replacements_protect_the_player_from_the_rift() -> None:
    guard = standing(
        "GUARD", "{effect: prevent_damage, target: self, only: battle}", stats="level: 0, atk: 1, hp: 3, stk: 1"
    )
    g = game(cards=[guard, *BASICS], player=["GUARD"], rift=["NOTHING"], drives=1, atk=5)
    summon(g, "GUARD", DEFENSE)
    g.apply(EndTurn())
    # the rift's filler (ATK 1) and then the rift itself (ATK 5) attack the guard: nothing gets through
    assert g.unit_at(P, DEFENSE).damage == 0 and [e[1] for e in kinds(g, "damage_prevented")] == [1, 5]


# ---------------------------------------------------------------------- cost
def test_a_game_without_replacement_words_has_no_hooks_to_call() -> None:
    g = game(cards=[BOLT, *BASICS], player=["BOLT"], rift=["WALL"], drives=1)
    assert (g.setup.replacements, g.setup.replaces) == ((), frozenset())
    g2 = game(cards=[AEGIS, *BASICS], player=["AEGIS"])
    assert (g2.setup.replacements, g2.setup.replaces) == ((), frozenset({"damage"}))
