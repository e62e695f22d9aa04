"""Priority follows the gate (issue 22; rules.md 12, the readings the sources settle).

Each test is named after the rule it checks: CR chapter 9 and 16-4a (every
card or ability played or set off goes to the gate, and each player may
answer before it resolves), CR 8-3/8-4 and 6-2e/6-2g (gate processing before
each attack is chosen, and in the start phase), the January 2023 damage rules
(gaterealize.com archive info 218: "about to take damage" in either turn,
every pending prevention applies to the next damage), the Set 3 rules
(gateruler-official.com posts/31: destroyed but not sent) and CR 10-3 (a drive
outside your own start and main phases).  Cards are written in YAML, read by
the loader.
"""

from __future__ import annotations

from factories import (
    apprentice,
    board_ids,
    find_iid,
    game,
    iids,
    pass_until,
    set_and_end,
    unit,
    window,
    yaml_cards,
    yaml_event,
    yaml_unit,
)
from test_engine_windows import BLANK, BRUTE, GUARD, OFF, SNAP, WATCH

from gateruler.engine import (
    ATTACK_LEFT,
    DEFENSE,
    INVADER,
    PLAYER,
    RULER,
    Attack,
    Choose,
    EndTurn,
    GoToAttack,
    Pass,
    PlayEvent,
    SetCard,
    Summon,
)
from gateruler.engine.timings import (
    ATTACK_DECLARED,
    BEFORE_ATTACK,
    BEFORE_DAMAGE,
    DAMAGE_EFFECT,
    DRIVE_SET,
    RIFT_ABILITY,
    RIFT_CARD,
    RIFT_START,
)
from gateruler.engine.windows import describe
from gateruler.variants import DEFAULT

P, I = PLAYER, INVADER
(NYARL,) = yaml_cards(
    "- {id: NYARL, name: nyarl, type: unit, level: 2, atk: 5, hp: 5, stk: 2, cnt: true, provenance: provisional,"
    " abilities: [{trigger: on_enter, text: Destroy every card in the enemy's set zones.,"
    " effects: [{effect: destroy_set_cards, target: enemy_set_zones}]},"
    " {trigger: cnt, effects: [{effect: destroy_set_cards, target: enemy_set_zones}]}]}"
)


# ---------------------------------------------------------------------- CR 9, 16-4a: answers before a card or ability resolves


def test_cr_9_a_unit_the_rift_drove_can_be_answered_before_it_resolves() -> None:
    # Nyarlathotep destroys the set cards as it enters: the player uses the set quick card while it is on the gate.
    g = game(cards=[SNAP, BRUTE, NYARL], player=["SNAP"], rift=["BRUTE", "NYARL"], drives=1)
    set_and_end(g, "SNAP")
    assert window(g) == RIFT_START  # the brute of the rift's first turn could be destroyed already
    g.apply(Pass())
    assert window(g) == RIFT_CARD and describe(g, g.pending) == "The rift is about to play nyarl."
    g.apply(PlayEvent(find_iid(g, P, "set_zones", "SNAP")))
    assert iids(g, I, "graveyard") == ["BRUTE"]  # the set card was used, not destroyed by nyarl's entering
    assert iids(g, P, "graveyard") == ["SNAP"]


def test_cr_9_a_unit_an_effect_of_the_rift_drove_can_be_answered_before_it_resolves() -> None:
    # The seer's look drives nyarl (`to: drive`): nyarl waits on the gate as a unit the rift drew and drove does.
    seer = yaml_event("SEER", "{effect: look, count: 2, take: 1, filter: {type: unit}, to: drive}")
    g = game(cards=[SNAP, BRUTE, NYARL, seer], player=["SNAP"], rift=["BRUTE", "SEER", "NYARL"], drives=1)
    set_and_end(g, "SNAP")  # the brute of the rift's first turn is a target for the set quick card
    assert window(g) == RIFT_START
    g.apply(Pass())
    assert window(g) == RIFT_ABILITY  # the seer's look is about to resolve
    g.apply(Pass())
    assert window(g) == RIFT_CARD and describe(g, g.pending) == "The rift is about to play nyarl."
    assert iids(g, I, "drive") == ["NYARL"] and "NYARL" not in board_ids(g, I)  # on the gate, not yet entered
    g.apply(Pass())
    assert window(g) == RIFT_ABILITY and "NYARL" in board_ids(g, I)  # nyarl entered; its entering ability is next


def test_cr_9_an_entering_ability_of_the_rift_can_be_answered_before_it_resolves() -> None:
    g = game(cards=[SNAP, BLANK, NYARL], player=["SNAP"], rift=["BLANK", "NYARL"], drives=1)
    set_and_end(g, "SNAP")
    assert window(g) == RIFT_ABILITY  # nyarl is on the board; its entering ability has not resolved
    assert (
        describe(g, g.pending) == "nyarl's ability is about to resolve (Destroy every card in the enemy's set zones)."
    )
    g.apply(PlayEvent(find_iid(g, P, "set_zones", "SNAP")))
    assert iids(g, I, "graveyard") == ["BLANK", "NYARL"] and iids(g, P, "graveyard") == ["SNAP"]


def test_without_the_gate_windows_the_entering_ability_destroys_the_set_card_first() -> None:
    g = game(cards=[SNAP, BLANK, NYARL], player=["SNAP"], rift=["BLANK", "NYARL"], drives=1, variants=OFF)
    set_and_end(g, "SNAP")
    assert g.pending is None and iids(g, P, "graveyard") == ["SNAP"] and g.unit_at(I, ATTACK_LEFT) is not None


def test_cr_16_4a_a_rift_cnt_that_deals_no_damage_opens_a_window_in_the_players_own_turn() -> None:
    g = game(cards=[SNAP, BRUTE, NYARL], player=["SNAP"], rift=["BRUTE", "NYARL"], drives=1)
    pass_until(g, None)  # the rift's first turn drove the brute; nyarl is on top of its deck
    g.apply(SetCard(find_iid(g, P, "hand", "SNAP"), 0))
    g.apply(GoToAttack())
    g.apply(Attack(RULER, RULER))
    assert g.active == P and window(g) == RIFT_ABILITY  # the check revealed nyarl: its CNT is about to resolve
    g.apply(PlayEvent(find_iid(g, P, "set_zones", "SNAP")))
    assert iids(g, I, "graveyard") == ["NYARL", "BRUTE"] and iids(g, P, "graveyard") == ["SNAP"]


# ---------------------------------------------------------------------- CR 8-3, 8-4, 6-2: before each attack, the start phase


def test_cr_8_4_the_player_may_answer_before_the_rift_chooses_its_next_attacker_and_target() -> None:
    g = game(cards=[WATCH, BRUTE, BLANK], player=["WATCH"], rift=["BRUTE", "BLANK"], drives=1)
    pass_until(g, None)
    g.apply(EndTurn())
    pass_until(g, BEFORE_ATTACK)
    assert describe(g, g.pending) == "brute is about to attack (its target is not chosen yet)."
    watch = find_iid(g, P, "hand", "WATCH")
    g.apply(Summon(watch, ATTACK_LEFT))
    pass_until(g, None)
    attack = [e for e in g.log if e[1] == "attack" and e[2] == I][-1]
    assert (attack.target_zone, attack.target) == (ATTACK_LEFT, watch)  # chosen after the summon
    assert g.sides[P].damage_zone == [] and g.unit_at(P, ATTACK_LEFT).damage == 5


def test_cr_6_2_the_rifts_start_phase_has_a_window_before_its_levels_start_rule_and_another_after_it() -> None:
    end = unit("END", 1, 1, 1, 1)
    (knight_unit,) = yaml_cards(
        "- {id: DK, name: dark knight, type: unit, level: 1, atk: 1, hp: 1, stk: 1, provenance: provisional}"
    )
    page = unit("PAGE", 1, 1, 3, 1)
    rule = ("start_of_turn_sacrifice", {"card": "END", "own_name_contains": "Dark Knight"})
    g = game(
        cards=[SNAP, end, knight_unit, page, BLANK],
        player=["SNAP", "SNAP", "PAGE"],
        rift=["END", "DK", "BLANK", "BLANK"],
        drives=2,
        rules=[rule],
    )
    pass_until(g, None)
    g.apply(Summon(find_iid(g, P, "hand", "PAGE"), ATTACK_LEFT))
    set_and_end(g, "SNAP", "SNAP")
    assert window(g) == RIFT_START and describe(g, g.pending) == "The rift's turn is starting."
    g.apply(PlayEvent(find_iid(g, P, "set_zones", "SNAP")))
    g.apply(Choose(I, ATTACK_LEFT))  # destroy End before its rule acts
    pass_until(g, None)
    assert g.unit_at(P, ATTACK_LEFT) is not None  # End's rule never destroyed the player's unit


# ---------------------------------------------------------------------- "about to take damage" in the player's own turn


INTERCEPTOR = unit("INTER", 1, 3, 9, 1, keywords=["intercept"])
COUNTER = unit("COUNTER", 1, 3, 9, 1, keywords=["counterattack"])
LANCER = unit("LANCER", 1, 2, 3, 1)


def _own_attack(target_card, variants=DEFAULT):
    g = game(
        cards=[GUARD, LANCER, target_card],
        player=["GUARD", "LANCER"],
        rift=[target_card.id],
        drives=1,
        variants=variants,
    )
    pass_until(g, None)
    g.apply(Summon(find_iid(g, P, "hand", "LANCER"), ATTACK_LEFT))
    g.apply(SetCard(find_iid(g, P, "hand", "GUARD"), 0))
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, ATTACK_LEFT))
    return g


def test_info_218_the_damage_timing_opens_at_the_players_own_attack_into_an_intercept() -> None:
    g = _own_attack(INTERCEPTOR)
    assert g.active == P and window(g) == ATTACK_DECLARED
    assert describe(g, g.pending) == "Your lancer is about to attack the rift's inter."
    g.apply(PlayEvent(find_iid(g, P, "set_zones", "GUARD")))
    assert g.unit_at(P, ATTACK_LEFT).damage == 0  # the intercept's 3 damage was prevented: the lancer stays


def test_info_218_the_damage_timing_opens_just_before_battle_damage_of_an_attack_into_a_counterattack() -> None:
    g = _own_attack(COUNTER)
    g.apply(Pass())
    assert window(g) == BEFORE_DAMAGE
    g.apply(PlayEvent(find_iid(g, P, "set_zones", "GUARD")))
    assert g.unit_at(P, ATTACK_LEFT) is not None and g.unit_at(P, ATTACK_LEFT).damage == 0


def test_without_an_intercept_or_counterattack_the_players_own_attack_opens_no_damage_window() -> None:
    g = _own_attack(unit("PLAINU", 1, 3, 9, 1))
    assert g.pending is None


def test_info_218_the_damage_timing_opens_before_a_damage_effect_of_the_players_own() -> None:
    hurt = yaml_event("HURT", "{effect: damage, target: own_ruler, amount: 2}")
    g = game(cards=[GUARD, hurt], player=["GUARD", "HURT"])
    g.apply(SetCard(find_iid(g, P, "hand", "GUARD"), 0))
    g.apply(PlayEvent(find_iid(g, P, "hand", "HURT")))
    assert window(g) == DAMAGE_EFFECT and describe(g, g.pending) == "Your hurt is about to deal damage."
    g.apply(PlayEvent(find_iid(g, P, "set_zones", "GUARD")))
    assert g.sides[P].damage_zone == []


# ---------------------------------------------------------------------- destroyed but not sent (posts/31)


KEEPER = yaml_unit(
    "KEEPER",
    "{trigger: replacement, effects: [{effect: survive_destruction, target: self, reset_damage: true}]}",
    "{trigger: on_destroyed, effects: [{effect: damage, target: enemy_ruler, amount: 1}]}",
    stats="level: 0, atk: 1, hp: 2, stk: 1",
)


def test_posts_31_a_unit_kept_in_play_by_a_survive_effect_is_destroyed_so_its_on_destroyed_abilities_trigger() -> None:
    kill = yaml_event("KILL", "{effect: destroy, target: own_unit}")
    g = game(cards=[KEEPER, kill], player=["KEEPER", "KILL"])
    g.apply(Summon(find_iid(g, P, "hand", "KEEPER"), ATTACK_LEFT))
    keeper = g.unit_at(P, ATTACK_LEFT).iid
    g.apply(PlayEvent(find_iid(g, P, "hand", "KILL")))
    assert g.unit_is(P, ATTACK_LEFT, keeper)  # not sent to the graveyard
    assert any(e[1] == "not_sent" and e[3] == keeper for e in g.log)
    assert len(g.sides[I].damage_zone) == 1  # its on_destroyed ability dealt the rift 1 damage


def test_posts_31_pierce_applies_when_the_defender_is_destroyed_but_not_sent() -> None:
    pike = unit("PIKE", 1, 5, 5, 2, keywords=["pierce"])
    (keeper,) = yaml_cards(
        "- {id: RKEEP, name: rkeep, type: unit, level: 0, atk: 0, hp: 2, stk: 1, provenance: provisional,"
        " abilities: [{trigger: replacement, effects: [{effect: survive_destruction, target: self, reset_damage: true}]}]}"
    )
    g = game(cards=[pike, keeper], player=["PIKE"], rift=["RKEEP"] * 3, drives=3)
    g.apply(Summon(find_iid(g, P, "hand", "PIKE"), ATTACK_LEFT))
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, DEFENSE))
    assert g.unit_at(I, DEFENSE) is not None  # kept in play
    assert len(g.sides[I].damage_zone) == 2  # the pike's STK through the destroyed defender


def test_posts_31_an_effect_counts_a_unit_destroyed_but_not_sent_as_destroyed() -> None:
    kill = yaml_event(
        "KILL2",
        "{effect: destroy, target: own_unit, as: hit}",
        "{effect: damage, target: enemy_ruler, amount: 1, if: {destroyed: hit}}",
    )
    plain = yaml_cards(
        "- {id: KEEP2, name: keep2, type: unit, level: 0, atk: 1, hp: 2, stk: 1, provenance: provisional,"
        " abilities: [{trigger: replacement, effects: [{effect: survive_destruction, target: self}]}]}"
    )[0]
    g = game(cards=[plain, kill], player=["KEEP2", "KILL2"])
    g.apply(Summon(find_iid(g, P, "hand", "KEEP2"), ATTACK_LEFT))
    g.apply(PlayEvent(find_iid(g, P, "hand", "KILL2")))
    assert g.unit_at(P, ATTACK_LEFT) is not None and len(g.sides[I].damage_zone) == 1


# ---------------------------------------------------------------------- CR 10-3: a drive outside your own start and main phases

DRAWER = yaml_unit(
    "DRAWER",
    "{trigger: on_attack, effects: [{effect: draw, target: controller, amount: 1}]}",
    stats="level: 0, atk: 1, hp: 5, stk: 1",
)
(OD_BOLT,) = yaml_cards(
    "- {id: ODBOLT, name: od bolt, type: event, level: 0, provenance: provisional,"
    " abilities: [{trigger: activated, timing: overdrive, effects: [{effect: damage, target: enemy_ruler, amount: 1}]},"
    " {trigger: on_play, effects: [{effect: damage, target: enemy_ruler, amount: 2}]}]}"
)


def _drive_in_the_attack_phase(variants=DEFAULT):
    """The Apprentice attacks with a unit that draws as it attacks: the drive comes in the attack phase."""
    g = game(cards=[DRAWER, OD_BOLT], player=["DRAWER", "DRAWER", "ODBOLT"], ruler=apprentice(), variants=variants)
    pass_until(g, None)
    g.apply(Summon(find_iid(g, P, "drive", "DRAWER"), ATTACK_LEFT))
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, RULER))
    return g


def test_cr_10_3_a_card_driven_in_the_attack_phase_may_be_set() -> None:
    g = _drive_in_the_attack_phase()
    bolt = find_iid(g, P, "drive", "ODBOLT")
    assert window(g) == DRIVE_SET and g.legal_actions() == [SetCard(bolt, 0), Pass()]
    assert describe(g, g.pending) == "You drove od bolt outside your main phase: set it?"
    g.apply(SetCard(bolt, 0))
    assert g.sides[P].set_zones[0] == bolt and len(g.sides[I].damage_zone) == 1  # the attack's STK only: no OD


def test_cr_10_3_a_card_driven_in_the_attack_phase_and_not_set_is_revealed_and_its_od_resolves() -> None:
    g = _drive_in_the_attack_phase()
    g.apply(Pass())
    assert len(g.sides[I].damage_zone) == 2  # its OD's 1 damage and the attack's 1
    g.apply(EndTurn())
    assert "ODBOLT" in iids(g, P, "graveyard")  # never playable: it goes with the turn (ruling 16)


def test_cr_10_3_a_card_an_effect_drives_in_the_attack_phase_may_be_set_as_a_drawn_drive_may() -> None:
    """CR 10-3 speaks of a card driven, however: a search's `to: drive` in the attack phase is offered the same choice."""
    seeker = yaml_unit(
        "SEEKER",
        "{trigger: on_attack, effects: [{effect: search, filter: {name: od bolt}, to: drive}]}",
        stats="level: 0, atk: 1, hp: 5, stk: 1",
    )
    g = game(cards=[seeker, OD_BOLT], player=["SEEKER", "SEEKER", "ODBOLT"], ruler=apprentice())
    pass_until(g, None)
    g.apply(Summon(find_iid(g, P, "drive", "SEEKER"), ATTACK_LEFT))
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, RULER))
    bolt = find_iid(g, P, "drive", "ODBOLT")
    assert window(g) == DRIVE_SET and g.legal_actions() == [SetCard(bolt, 0), Pass()]


def test_under_player_windows_off_a_card_driven_in_the_attack_phase_is_neither_set_nor_overdriven() -> None:
    g = _drive_in_the_attack_phase(OFF)
    assert g.pending is None and len(g.sides[I].damage_zone) == 1
