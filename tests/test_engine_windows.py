"""Priority windows, mostly in the rift's turn (issues 13 and 22; docs/rulings.md 13 and rows W;
CR 9-3e-2/3, rules.md 4.2b).

Whoever holds priority may play a set card or an activated ability whose
timing is not "normal" in either player's turn; "about to take damage" cards
are used whenever the player's side is about to be hit (an attack
declaration, just before battle damage, a damage effect); a sentinel unit may
be normally summoned in the opponent's turn.  Since issue 22 the windows
follow the gate (W1; engine/windows.py): the rift's start phase, before each
card and ability of the rift's resolves, after each of its drives, before
each of its attacks is chosen, at an attack declaration and just before
battle damage, before a damage effect that may hit the player's side, and
the rift's end phase; the engine waits only when the player has an answer
(W2).  These tests take the moments after a drive, at attacks and battle
damage, at damage effects and the end phase, and for sentinel summons.
Cards are written in YAML, read by the loader.
"""

from __future__ import annotations

from factories import (
    find_iid,
    game,
    iids,
    pass_until,
    restore,
    set_and_end,
    unit,
    window,
    yaml_cards,
    yaml_event,
    yaml_unit,
)

from gateruler.engine import (
    ATTACK_LEFT,
    DEFENSE,
    INVADER,
    PLAYER,
    RULER,
    Activate,
    Attack,
    EndTurn,
    GoToAttack,
    Pass,
    PlayEvent,
    SetCard,
    Summon,
)
from gateruler.engine.tasks import Window
from gateruler.engine.timings import (
    ATTACK_DECLARED,
    BEFORE_DAMAGE,
    DAMAGE_EFFECT,
    RIFT_DRIVE,
    RIFT_END,
    RIFT_START,
    WINDOWS,
)
from gateruler.engine.windows import describe
from gateruler.variants import DEFAULT

P, I = PLAYER, INVADER
BRUTE = unit("BRUTE", 2, 5, 5, 2)
SNAP = yaml_event("SNAP", "{effect: destroy, target: enemy_unit}", level=1, card="timing: quick")
GUARD = yaml_event("GUARD", "{effect: prevent_damage, target: own_side}", level=1, card="timing: damage")
PLAIN = yaml_event("PLAIN", "{effect: destroy, target: enemy_unit}", level=1)
WATCH = yaml_unit("WATCH", stats="level: 1, atk: 2, hp: 6, stk: 1, keywords: [sentinel]")
BLANK = yaml_cards("- {id: BLANK, name: blank, type: event, level: 0, provenance: provisional}")[0]
OFF = DEFAULT.with_values({"player_windows": "off"})


# ---------------------------------------------------------------------- after a drive


def test_a_set_quick_event_destroys_a_driven_unit_before_it_attacks() -> None:
    g = game(cards=[SNAP, BRUTE, BLANK], player=["SNAP"], rift=["BLANK", "BRUTE"], drives=1)
    set_and_end(g, "SNAP")
    assert window(g) == RIFT_DRIVE and g.active == I
    assert g.legal_actions() == [PlayEvent(find_iid(g, P, "set_zones", "SNAP")), Pass()]
    g.apply(PlayEvent(find_iid(g, P, "set_zones", "SNAP")))
    assert g.active == P  # nothing else to answer with: the rift's turn ran to its end
    assert iids(g, I, "graveyard") == ["BLANK", "BRUTE"]
    assert not any(e[1] == "attack" and e[0] == 3 and e[3] >= 0 for e in g.log)  # the brute never attacked
    assert len(g.sides[P].damage_zone) == 0


def test_passing_lets_the_driven_unit_attack() -> None:
    g = game(cards=[SNAP, BRUTE, BLANK], player=["SNAP"], rift=["BLANK", "BRUTE"], drives=1)
    set_and_end(g, "SNAP")
    while window(g) is not None:
        g.apply(Pass())
    assert iids(g, P, "set_zones") == ["SNAP", None]
    assert len(g.sides[P].damage_zone) == 2  # the brute's STK, through the player's empty lines


def test_an_event_without_a_timing_is_never_offered_in_the_rifts_turn() -> None:
    g = game(cards=[PLAIN, BRUTE, BLANK], player=["PLAIN"], rift=["BLANK", "BRUTE"], drives=1)
    set_and_end(g, "PLAIN")
    assert g.pending is None and g.active == P


def test_a_quick_event_in_the_hand_opens_no_window() -> None:
    g = game(cards=[SNAP, BRUTE, BLANK], player=["SNAP"], rift=["BLANK", "BRUTE"], drives=1)
    g.apply(EndTurn())
    assert g.pending is None and g.active == P


def test_under_player_windows_off_the_player_never_acts_in_the_rifts_turn() -> None:
    g = game(cards=[SNAP, BRUTE, BLANK], player=["SNAP"], rift=["BLANK", "BRUTE"], drives=1, variants=OFF)
    set_and_end(g, "SNAP")
    assert g.pending is None and g.active == P
    assert not g.setup.windows


def test_a_deck_without_answers_pushes_no_window_task() -> None:
    g = game(cards=[PLAIN, BRUTE, BLANK], player=["PLAIN"], rift=["BLANK", "BRUTE"], drives=1)
    assert not g.setup.windows
    g.apply(EndTurn())
    assert not any(type(t) is Window for t in g.tasks)


def test_a_window_no_card_of_the_game_answers_is_never_on_the_task_stack() -> None:
    """A damage-timed event answers only at the attack's two moments: the rift's start, drive, card and end windows
    would be passed over, so they are not pushed, and the game waits at the declaration as before."""
    g = game(cards=[GUARD, BRUTE, BLANK], player=["GUARD"], rift=["BLANK", "BRUTE"], drives=1)
    unanswered = g.setup.unanswered
    assert {RIFT_DRIVE, RIFT_END} <= unanswered and ATTACK_DECLARED not in unanswered
    set_and_end(g, "GUARD")
    assert window(g) == ATTACK_DECLARED
    assert not [t for t in g.tasks if type(t) is Window and t.name in unanswered]


def test_the_window_opens_again_after_an_answer_until_the_player_passes() -> None:
    g = game(cards=[SNAP, BRUTE, BLANK], player=["SNAP", "SNAP"], rift=["BRUTE", "BRUTE", "BRUTE"], drives=1)
    set_and_end(g, "SNAP", "SNAP")  # the rift's first brute stands on its board already; it drives a second
    first, second = g.sides[P].set_zones
    pass_until(g, RIFT_DRIVE)
    g.apply(PlayEvent(first))
    g.apply(g.legal_actions()[0])  # its target: the first brute
    assert window(g) == RIFT_DRIVE and g.legal_actions() == [PlayEvent(second), Pass()]
    g.apply(Pass())
    assert window(g) != RIFT_DRIVE and iids(g, P, "set_zones") == [None, "SNAP"]


# ---------------------------------------------------------------------- attacks and battle damage


def test_a_damage_timed_event_is_offered_at_the_attack_declaration_and_before_battle_damage_only() -> None:
    g = game(cards=[GUARD, BRUTE, BLANK], player=["GUARD"], rift=["BLANK", "BRUTE"], drives=1)
    set_and_end(g, "GUARD")
    assert window(g) == ATTACK_DECLARED  # not after the drive: nothing is about to take damage then
    assert describe(g, g.pending) == "brute is about to attack you."
    g.apply(Pass())
    assert window(g) == BEFORE_DAMAGE
    assert describe(g, g.pending) == "brute is about to deal battle damage to you."
    g.apply(PlayEvent(find_iid(g, P, "set_zones", "GUARD")))
    assert len(g.sides[P].damage_zone) == 0  # the prevention applied to the battle damage


def test_a_prevention_played_at_the_declaration_covers_the_battle_damage() -> None:
    g = game(cards=[GUARD, BRUTE, BLANK], player=["GUARD"], rift=["BLANK", "BRUTE"], drives=1)
    set_and_end(g, "GUARD")
    g.apply(PlayEvent(find_iid(g, P, "set_zones", "GUARD")))
    assert g.pending is None and len(g.sides[P].damage_zone) == 0


def test_a_unit_destroyed_after_its_attack_is_declared_deals_no_damage() -> None:
    g = game(cards=[SNAP, BRUTE, BLANK], player=["SNAP"], rift=["BLANK", "BRUTE"], drives=1)
    set_and_end(g, "SNAP")
    pass_until(g, ATTACK_DECLARED)
    assert (g.pending.source, g.pending.target) == (g.unit_at(I, ATTACK_LEFT).iid, RULER)
    g.apply(PlayEvent(find_iid(g, P, "set_zones", "SNAP")))
    assert len(g.sides[P].damage_zone) == 0 and iids(g, I, "graveyard") == ["BLANK", "BRUTE"]


def test_the_rifts_attack_on_a_unit_names_the_unit() -> None:
    wall = unit("WALL", 1, 1, 9, 1)
    g = game(cards=[GUARD, BRUTE, BLANK, wall], player=["GUARD", "WALL"], rift=["BLANK", "BRUTE"], drives=1)
    g.apply(Summon(find_iid(g, P, "hand", "WALL"), ATTACK_LEFT))
    set_and_end(g, "GUARD")
    assert window(g) == ATTACK_DECLARED and g.pending.target == ATTACK_LEFT
    assert describe(g, g.pending) == "brute is about to attack your wall."


# ---------------------------------------------------------------------- damage effects, the end phase


def test_a_damage_ability_of_the_rift_opens_a_window_before_it_resolves() -> None:
    (bomb,) = yaml_cards(
        "- {id: BOMB, name: bomb, type: event, level: 1, provenance: provisional,"
        " abilities: [{trigger: on_play, effects: [{effect: damage, target: enemy_ruler, amount: 2}]}]}"
    )
    g = game(cards=[GUARD, bomb, BLANK], player=["GUARD"], rift=["BLANK", "BOMB"], drives=1)
    set_and_end(g, "GUARD")
    assert window(g) == DAMAGE_EFFECT and describe(g, g.pending) == "bomb is about to deal damage."
    g.apply(PlayEvent(find_iid(g, P, "set_zones", "GUARD")))
    assert len(g.sides[P].damage_zone) == 0


def test_a_quick_activated_ability_can_be_used_in_the_rifts_end_phase() -> None:
    gun = yaml_unit(
        "GUN",
        "{trigger: activated, timing: quick, once_per_turn: true, effects: [{effect: damage, target: enemy_ruler, amount: 1}]}",
    )
    g = game(cards=[gun], player=["GUN"], drives=0)
    g.apply(Summon(find_iid(g, P, "hand", "GUN"), DEFENSE))
    g.apply(EndTurn())
    gun_iid = g.unit_at(P, DEFENSE).iid
    pass_until(g, RIFT_END)  # quick: open at the rift ruler's attack too
    assert window(g) == RIFT_END and describe(g, g.pending) == "The rift's turn is ending."
    g.apply(Activate(gun_iid, 0))
    assert g.active == P and len(g.sides[I].damage_zone) == 1  # used once: the window opened again with no answer


# ---------------------------------------------------------------------- sentinel summons


def test_a_sentinel_unit_is_summoned_from_the_hand_in_the_rifts_turn_paying_its_cost() -> None:
    g = game(cards=[WATCH, BRUTE, BLANK], player=["WATCH", "WATCH"], rift=["BLANK", "BRUTE"], drives=1)
    assert window(g) == RIFT_START and g.turn == 1  # the rift's first turn: already a sentinel could answer
    pass_until(g, None)
    watch = find_iid(g, P, "hand", "WATCH")
    g.apply(EndTurn())
    assert window(g) == RIFT_START
    assert g.legal_actions() == [Summon(watch, slot) for slot in g.setup.summon_slots] + [Pass()]
    ready = g.sides[P].energy_ready
    g.apply(Summon(watch, ATTACK_LEFT))
    assert g.unit_at(P, ATTACK_LEFT).iid == watch and g.sides[P].energy_ready == ready - 1
    assert window(g) == RIFT_START  # the other copy may still be summoned
    pass_until(g, None)
    assert len(g.sides[P].damage_zone) == 0  # the brute attacked the sentinel instead of the ruler


def test_a_sentinel_summon_is_a_normal_summon_so_it_may_replace_a_unit_in_an_occupied_zone() -> None:
    # gateruler.eu articles/31: Sentinel Summoning is a normal summon in the opponent's turn; a normal summon may go
    # into an occupied zone, the unit there going to the graveyard (rules.md 2, 12; ruling 11).
    page = unit("PAGE", 1, 1, 1, 1)
    g = game(cards=[WATCH, BRUTE, BLANK, page], player=["WATCH", "PAGE"], rift=["BLANK", "BRUTE"], drives=1)
    pass_until(g, None)
    g.apply(Summon(find_iid(g, P, "hand", "PAGE"), ATTACK_LEFT))
    page_iid = g.unit_at(P, ATTACK_LEFT).iid
    g.apply(EndTurn())
    watch = find_iid(g, P, "hand", "WATCH")
    assert Summon(watch, ATTACK_LEFT) in g.legal_actions()
    g.apply(Summon(watch, ATTACK_LEFT))
    assert g.unit_at(P, ATTACK_LEFT).iid == watch and page_iid in g.sides[P].graveyard
    assert not any(e[1] == "destroy" and e[3] == page_iid for e in g.log)  # replaced, not destroyed (ruling 11)


def test_a_unit_without_sentinel_is_never_summoned_in_the_rifts_turn() -> None:
    g = game(cards=[SNAP, BRUTE, BLANK], player=["SNAP", "BRUTE"], rift=["BLANK", "BRUTE"], drives=1)
    set_and_end(g, "SNAP")
    assert all(type(a) is not Summon for a in g.legal_actions())


def test_a_sentinel_unit_the_player_cannot_pay_for_opens_no_window() -> None:
    g = game(cards=[WATCH, BRUTE, BLANK], player=["WATCH"], rift=["BLANK", "BRUTE"], drives=1)
    pass_until(g, None)
    g.sides[P].energy_ready = 0
    g.apply(EndTurn())
    assert g.pending is None and g.active == P


# ---------------------------------------------------------------------- saving, the registry


def test_a_game_waiting_in_a_window_saves_and_resumes_exactly() -> None:
    g = game(cards=[SNAP, BRUTE, BLANK], player=["SNAP"], rift=["BLANK", "BRUTE"], drives=1)
    set_and_end(g, "SNAP")
    copy = restore(g.to_dict(), g)
    assert copy.pending == g.pending and copy.legal_actions() == g.legal_actions()
    for each in (g, copy):
        pass_until(each, None)
    assert copy.to_dict() == g.to_dict() and g.active == P


def test_every_window_of_the_rifts_turn_is_opened() -> None:
    assert all(WINDOWS[name].opened for name in (RIFT_DRIVE, ATTACK_DECLARED, BEFORE_DAMAGE, DAMAGE_EFFECT, RIFT_END))


def test_saves_and_replays_recorded_before_windows_play_without_them() -> None:
    from gateruler.engine.rules import PlayerWindows, Rules
    from gateruler.variants import from_record

    recorded = {k: v for k, v in DEFAULT.to_dict().items() if k != "player_windows"}
    assert from_record(recorded).engine.player_windows is PlayerWindows.OFF
    assert Rules.from_dict({"deck_out": "empty"}).player_windows is PlayerWindows.OFF
    assert Rules.from_dict(Rules().to_dict()).player_windows is PlayerWindows.ON


def test_a_rift_cnt_that_deals_damage_opens_a_window_in_the_players_own_turn() -> None:
    (burn,) = yaml_cards(
        "- {id: BURN, name: burn, type: unit, level: 1, atk: 1, hp: 1, stk: 1, cnt: true, provenance: provisional,"
        " abilities: [{trigger: cnt, effects: [{effect: damage, target: enemy_ruler, amount: 2}]}]}"
    )
    g = game(cards=[GUARD, burn], player=["GUARD"], rift=["BURN"], drives=0)
    g.apply(SetCard(find_iid(g, P, "hand", "GUARD"), 0))
    g.apply(GoToAttack())
    g.apply(
        Attack(RULER, RULER)
    )  # the damage check reveals BURN first: its CNT is about to deal 2 damage to the player
    assert g.active == P and window(g) == DAMAGE_EFFECT and describe(g, g.pending) == "burn is about to deal damage."
    g.apply(PlayEvent(find_iid(g, P, "set_zones", "GUARD")))
    assert len(g.sides[P].damage_zone) == 0
