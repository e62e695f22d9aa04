"""Greedy's plan counts Soul guard against the rift's next attacks (issue 24, level 1; docs/bots.md).

Soul guard (docs/rulings.md G1): a unit that would be destroyed puts one of
its soul cards into the graveyard instead, stays in its zone and its damage
becomes 0.  The rift attacks the player's left attack unit, then the defense
unit, then the ruler, and attacks a unit that is still there again (solo 6).
So a unit with Soul guard and two soul cards in the left attack zone takes
three of the rift's attacks that would each destroy it.  With
`soul_guard_lives` greedy's plan meets the rift's attacks with such a unit's
HP again for each soul card it has or its entering puts under it.
"""

from __future__ import annotations

from factories import event, game, unit, yaml_cards

from gateruler.bots.greedy import Facts, GreedyBot, main_plan
from gateruler.bots.view import player_view
from gateruler.bots.weights import Weights
from gateruler.engine import ATTACK_LEFT, ATTACK_RIGHT, DEFENSE, PLAYER, Summon
from gateruler.engine.game import Game

NOTHING = event("NOTHING")
RAIDER = unit("RAIDER", 1, 3, 3, 2)  # ATK 3, HP 3, STK 2
BRUTE = unit("BRUTE", 1, 4, 9, 1)  # the rift's: ATK 4, HP 9
(WARDEN,) = yaml_cards(
    """
    - id: WARDEN
      name: warden
      type: unit
      level: 1
      atk: 2
      hp: 4
      stk: 1
      keywords: [soul_guard]
      provenance: provisional
      abilities:
        - trigger: on_enter
          text: Put the top 2 cards of your deck under this card as its soul.
          effects:
            - {effect: add_soul, target: self, from: deck, count: 2}
    """
)


CARDS = [BRUTE, WARDEN, RAIDER, NOTHING]
RIFT = ["BRUTE"] + ["NOTHING"] * 20  # no other unit comes


def _game(hand: list[str]) -> Game:
    """The Knight's first main phase with `hand`, against BRUTE (ATK 4) in the rift's left attack zone and the
    rift's ruler (ATK 4, STK 3)."""
    return game(cards=CARDS, player=hand, rift=RIFT, rift_pad=0, drives=1, atk=4, stk=3)


def _plan(g: Game, weights: Weights) -> dict[str, int]:
    """Greedy's main-phase plan: where it summons each unit, by card id."""
    view = player_view(g).game
    summons = [a for a in main_plan(view, Facts(view, weights), view.legal_actions()) if type(a) is Summon]
    return {view.card(a.card).id: a.slot for a in summons}


def test_with_soul_guard_lives_a_new_unit_with_soul_guard_meets_the_attacks_with_its_hp_for_each_soul_card() -> None:
    """WARDEN (HP 4) puts two soul cards under itself on entering: against the rift's attacks it stands as HP 12."""
    g = _game(["WARDEN"])
    facts = Facts(player_view(g).game, Weights(soul_guard_lives=1.0))
    assert facts.entry(facts.cards[g.sides[PLAYER].hand[0]])[0] == 12
    plain = Facts(player_view(g).game, Weights(soul_guard_lives=0.0))
    assert plain.entry(plain.cards[g.sides[PLAYER].hand[0]])[0] == 4


def test_with_soul_guard_lives_the_unit_with_soul_guard_takes_the_left_attack_zone_and_the_other_attacks_right() -> (
    None
):
    """BRUTE's attack (ATK 4) destroys WARDEN (HP 4) or RAIDER (HP 3) wherever the rift's attacks reach, and the
    ruler's attack then goes on.  Without Soul guard counted greedy blocks BRUTE with RAIDER in the left attack
    zone and the ruler with WARDEN in the defense zone, losing both; with it, WARDEN in the left attack zone takes
    both attacks (each spends a soul card) and RAIDER keeps attacking from the right attack zone, which the rift
    never attacks: both units are on the board in the player's next turn."""
    g = _game(["WARDEN", "RAIDER"])
    assert _plan(g, Weights(soul_guard_lives=0.0)) == {"WARDEN": DEFENSE, "RAIDER": ATTACK_LEFT}
    assert _plan(g, Weights(soul_guard_lives=1.0)) == {"WARDEN": ATTACK_LEFT, "RAIDER": ATTACK_RIGHT}
    bot = GreedyBot(0, Weights(soul_guard_lives=1.0))
    while g.winner is None and g.turn < 3:
        g.apply(bot.choose(player_view(g)))
    assert g.turn == 4  # the rift's turn 3 has been played
    assert [g.card(u.iid).id if u else None for u in g.sides[PLAYER].board] == ["WARDEN", "RAIDER", None]


def test_with_soul_guard_lives_a_unit_with_soul_guard_on_the_board_counts_the_soul_cards_it_has_now() -> None:
    """On the board, the soul cards WARDEN has now count: summoned (two soul cards) it stands as HP 12; after the
    rift's turn has spent both it stands as its HP alone, as without the term."""
    g = _game(["WARDEN", "RAIDER"])
    bot = GreedyBot(0, Weights(soul_guard_lives=1.0))
    while g.sides[PLAYER].board[ATTACK_LEFT] is None:
        g.apply(bot.choose(player_view(g)))
    assert Facts(player_view(g).game, Weights(soul_guard_lives=1.0)).our_board()[ATTACK_LEFT][0] == 12  # type: ignore[index]
    while g.winner is None and g.turn < 3:
        g.apply(bot.choose(player_view(g)))
    warden = g.sides[PLAYER].board[ATTACK_LEFT]
    assert warden is not None and not g.soul(PLAYER, warden.iid)
    with_term = Facts(player_view(g).game, Weights(soul_guard_lives=1.0)).our_board()[ATTACK_LEFT]
    assert with_term == Facts(player_view(g).game, Weights(soul_guard_lives=0.0)).our_board()[ATTACK_LEFT]
