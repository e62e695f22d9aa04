"""Greedy's main-phase plan counts a new unit's own "when it attacks" effects (issue 24; docs/bots.md).

A unit's worth in an attack zone is its attacks (face damage through an open
line, or its ATK while none is open), its entering effect and its staying
power; its on_attack effects (Honoikazuchi's split of 3 damage among the
rift's units) had no worth.  With the `unit_on_attack` weight they are worth
what they would do against the rift's board as it is, for this attack and
the further turns the unit is expected to attack, counted as its face damage
is.  In the right attack zone (never attacked by the rift, solo-mode.md step
6) the unit keeps attacking; in the defense zone it never attacks, so its
on_attack effects are worth nothing there.  With the weight 0 it plays as
before.
"""

from __future__ import annotations

from factories import event, game, unit, yaml_unit

from gateruler.bots.greedy import Facts, main_plan
from gateruler.bots.greedy.cards import CardFacts
from gateruler.bots.greedy.values import unit_worth
from gateruler.bots.view import player_view
from gateruler.bots.weights import Weights
from gateruler.engine import ATTACK_LEFT, ATTACK_RIGHT, DEFENSE, PLAYER, Summon

SPLIT = "{effect: split_damage, target: all_enemy_units, amount: 3, as: fire}"
# the same numbers but one HP less than PLAIN (so without the term PLAIN is worth more), and Honoikazuchi's split
SPLITTER = yaml_unit("SPLITTER", f"{{trigger: on_attack, effects: [{SPLIT}]}}", stats="level: 3, atk: 5, hp: 4, stk: 2")
PLAIN = unit("PLAIN", 3, 5, 5, 2)  # level 3: the Knight's 3 energy pays for one of them
PAWN = unit("PAWN", 0, 1, 3, 1)  # HP 3: the split destroys one
NOTHING = event("NOTHING")
COUNTS = Weights(unit_on_attack=1.0)
BEFORE = Weights(unit_on_attack=0.0)


def _splitter_or_plain(rift: list[str]):  # noqa: ANN202
    """The Knight's first main phase, 3 energy, SPLITTER and PLAIN in the hand; the rift drove `rift` (two cards)."""
    return game(
        cards=[SPLITTER, PLAIN, PAWN, NOTHING],
        player=["SPLITTER", "PLAIN"],
        rift=[*rift, *["NOTHING"] * 20],
        rift_pad=0,
        drives=2,
    )


def _summoned(g, weights: Weights) -> str:  # noqa: ANN001
    view = player_view(g).game
    plan = main_plan(view, Facts(view, weights), view.legal_actions())
    (play,) = plan
    assert type(play) is Summon
    return g.card(play.card).id


def test_with_unit_on_attack_greedy_summons_the_unit_whose_attack_splits_damage_that_destroys_a_rift_unit() -> None:
    """Two PAWNs (HP 3) on the rift's board: SPLITTER's split of 3 destroys one each time it attacks.  Without
    the term PLAIN (one HP more, the same attacks) is summoned, as greedy did before."""
    g = _splitter_or_plain(["PAWN", "PAWN"])
    assert _summoned(g, BEFORE) == "PLAIN" == _summoned(g, Weights())  # the hand-set weight is 0
    assert _summoned(g, COUNTS) == "SPLITTER"


def test_with_unit_on_attack_a_split_with_no_rift_unit_to_hit_is_worth_nothing() -> None:
    """The rift drove no unit: SPLITTER's split finds no target, so PLAIN's extra HP decides."""
    g = _splitter_or_plain(["NOTHING", "NOTHING"])
    assert _summoned(g, COUNTS) == "PLAIN"


def test_a_units_on_attack_effects_count_in_the_attack_zones_only() -> None:
    """The defense zone's unit does not attack: its worth there is the same with or without the term; in either
    attack zone the split adds the same amount (the board's shielding is not part of `unit_worth`)."""
    g = _splitter_or_plain(["PAWN", "PAWN"])
    view = player_view(g).game
    board = Facts(view).our_board()
    slots = view.setup.summon_slots
    card = CardFacts(SPLITTER)

    def worth(weights: Weights) -> dict[int, float]:
        return unit_worth(Facts(view, weights), card, slots, board, 0.0, -1)

    with_term, without = worth(COUNTS), worth(BEFORE)
    assert with_term[DEFENSE] == without[DEFENSE]
    gain = with_term[ATTACK_LEFT] - without[ATTACK_LEFT]
    assert gain > 0
    assert abs(with_term[ATTACK_RIGHT] - without[ATTACK_RIGHT] - gain) < 1e-9
    assert view.sides[PLAYER].energy_ready == 3
