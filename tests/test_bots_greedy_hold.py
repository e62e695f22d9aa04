"""Greedy keeps answers for the rift's turn (issue 22, item 7; docs/bots.md).

A set event meant for the rift's turn is played from its set zone with the
energy left (rules.md section 12, CR 9-3e: a set card is played whenever its
timing opens, paying its cost then): energy spent in the main phase is not
there for it.  With the `hold_answer` weight greedy's main plan counts an
answer kept, with its energy, as worth the damage it would stop in the
rift's next attacks (greedy's windows play a prevention on an attack that is
lethal or destroys a unit, a removal on such an attacker), and spends the
energy only when spending it gains more.  With the weight 0 it plays as
before.
"""

from __future__ import annotations

from factories import event, find_iid, game, unit, yaml_event

from gateruler.bots.greedy import Facts, GreedyBot, main_plan
from gateruler.bots.greedy.decisions import set_choice
from gateruler.bots.greedy.odds import rift_battle
from gateruler.bots.view import player_view
from gateruler.bots.weights import Weights
from gateruler.engine import INVADER, PLAYER, PlayEvent, SetCard

P = PLAYER
BRUTE = unit("BRUTE", 1, 6, 4, 3)  # ATK 6, HP 4, STK 3
GUARD = yaml_event("GUARD", "{effect: prevent_damage, target: own_side}", level=1, card="timing: damage")
SNAP = yaml_event("SNAP", "{effect: destroy, target: enemy_unit}", level=1, card="timing: quick")
LOOT = yaml_event("LOOT", "{effect: draw, target: controller, amount: 3}", level=3)  # spends all of the Knight's 3
NOTHING = event("NOTHING")
HOLD = Weights(hold_answer=1.0)
BEFORE = Weights(hold_answer=0.0)  # greedy before item 7


def _loot_or_guard(life_left: int, rift: list[str]):  # noqa: ANN202
    """The Knight's first main phase with 3 energy: GUARD set (1 energy to play in the rift's turn), LOOT in the
    hand (3 energy), `life_left` damage-zone cards from losing (LIFE 11), the rift's deck `rift` then blanks."""
    g = game(
        cards=[BRUTE, GUARD, SNAP, LOOT, NOTHING],
        player=["GUARD", "LOOT"],
        rift=[*rift, *["NOTHING"] * 20],
        rift_pad=0,
        drives=1,
    )
    g.apply(SetCard(find_iid(g, P, "hand", "GUARD"), 0))
    ours = g.sides[P]
    taken = 11 - life_left
    ours.damage_zone, ours.deck = list(ours.deck[:taken]), ours.deck[taken:]
    return g


def _plan(g, weights: Weights) -> list:  # noqa: ANN001
    view = player_view(g).game
    return main_plan(view, Facts(view, weights), view.legal_actions())


def _play_to_turn_4(g, weights: Weights):  # noqa: ANN001, ANN202
    """Greedy plays on through the rift's turn 3 (BRUTE attacks) to the player's turn 4, or to the game's end."""
    bot = GreedyBot(0, weights)
    while g.winner is None and g.turn < 4:
        g.apply(bot.choose(player_view(g)))
    return g


def test_greedy_keeps_the_energy_for_its_set_prevention_when_the_rifts_next_attack_would_kill_the_player() -> None:
    """BRUTE (STK 3) attacks an empty board: it hits the ruler, 3 checks against 2 cards of life left (no CNT in
    the player's deck): lethal.  Playing LOOT would leave no energy for GUARD; keeping it, GUARD stops the attack."""
    g = _loot_or_guard(2, ["BRUTE"])
    assert _plan(g, BEFORE) == [PlayEvent(find_iid(g, P, "hand", "LOOT"))]  # weight 0: as before
    assert _plan(g, HOLD) == [] == _plan(g, Weights())  # the hand-set weights keep answers
    assert _play_to_turn_4(_loot_or_guard(2, ["BRUTE"]), BEFORE).winner == "invader"
    kept = _play_to_turn_4(_loot_or_guard(2, ["BRUTE"]), HOLD)
    assert kept.winner is None and kept.sides[P].set_zones[0] is None  # GUARD was played: the attack was stopped


def test_greedy_keeps_the_energy_for_a_prevention_still_in_its_hand_while_a_set_zone_is_free() -> None:
    """GUARD in the hand can be set once the plan is played (a set zone is free) and played in the rift's turn: the
    same lethal BRUTE attack makes greedy keep its energy.  With both set zones taken GUARD cannot be set, so it
    cannot answer, and LOOT is played."""
    g = _loot_or_guard(2, ["BRUTE"])
    ours = g.sides[P]
    ours.hand.append(ours.set_zones[0])  # GUARD back in the hand, as if never set
    ours.set_zones[0] = None
    assert _plan(g, HOLD) == []
    fillers = [iid for iid in ours.deck if g.card(iid).id == "FILLER"][:2]
    for iid in fillers:
        ours.deck.remove(iid)
    ours.set_zones[:] = fillers
    assert _plan(g, HOLD) == [PlayEvent(find_iid(g, P, "hand", "LOOT"))]


def test_greedy_keeps_the_energy_for_a_set_quick_removal_when_the_rifts_next_drive_brings_a_lethal_attacker() -> None:
    """The rift's board is empty and its deck's units are all BRUTEs: its next drive puts one in an attack zone
    (drives fill empty zones first), whose 3 checks would be lethal with 2 cards of life left.  SNAP, set, destroys
    it before it deals damage (greedy's windows remove an attacker that would be lethal) if its energy is kept."""
    g = game(
        cards=[BRUTE, SNAP, LOOT, NOTHING],
        player=["SNAP", "LOOT"],
        rift=["NOTHING", "BRUTE", "BRUTE", "BRUTE"],
        rift_pad=0,
        drives=1,
    )
    g.apply(SetCard(find_iid(g, P, "hand", "SNAP"), 0))
    assert g.sides[INVADER].board == [None, None, None]
    ours = g.sides[P]
    ours.damage_zone, ours.deck = list(ours.deck[:9]), ours.deck[9:]
    assert _plan(g, BEFORE) == [PlayEvent(find_iid(g, P, "hand", "LOOT"))]
    assert _plan(g, HOLD) == []


def test_greedy_spends_the_energy_when_nothing_threatens() -> None:
    """11 cards of life left: BRUTE's 3 checks are not lethal, and no unit of the player's stands in its way, so
    greedy's windows would not play GUARD: LOOT is played as it was without the weight."""
    g = _loot_or_guard(11, ["BRUTE"])
    assert PlayEvent(find_iid(g, P, "hand", "LOOT")) in _plan(g, HOLD)


def test_greedy_sets_a_prevention_only_when_the_energy_left_can_play_it_in_the_rifts_turn() -> None:
    """With no energy left GUARD could not be played in the rift's turn: greedy keeps it in the hand (out of reach
    of what destroys set cards) and sets it once the energy is there; with the weight 0 it sets it either way."""
    g = game(cards=[GUARD, NOTHING], player=["GUARD"], rift=["NOTHING"] * 20, rift_pad=0)
    setting = SetCard(find_iid(g, P, "hand", "GUARD"), 0)
    assert set_choice(g, g.legal_actions(), HOLD) == setting
    g.sides[P].energy_ready = 0
    legal = g.legal_actions()
    assert setting in legal
    assert set_choice(g, legal, HOLD) is None
    assert set_choice(g, legal, BEFORE) == setting


def test_a_kept_prevention_stops_the_first_attack_that_would_destroy_a_unit_and_the_unit_takes_the_next() -> None:
    """The rift's two attackers (ATK 6) go for the player's left unit (HP 5), then, once it is destroyed, the
    ruler (solo-mode.md step 6).  A prevention kept stops the first (it would destroy the unit); the second then
    destroys the unit instead of hitting the ruler: 3 checks saved, no unit."""
    attackers = ((6.0, 3.0, False, 4.0), (6.0, 3.0, False, 4.0), (0, 0, False, 0))
    wall = (5, 1, False, False, True)
    assert rift_battle(attackers, False, wall, False, None, (), 11, 1.0)[:2] == (3.0, 1)
    assert rift_battle(attackers, False, wall, False, None, (0,), 11, 1.0)[:2] == (0.0, 1)
    assert rift_battle(attackers, False, wall, False, None, (0, 0), 11, 1.0)[:2] == (0.0, 0)
