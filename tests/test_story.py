"""The story names every cause: the keyword that dealt damage, the rule that destroyed, whether a check counted."""

from __future__ import annotations

import attrs
import pytest
from factories import (
    FILLER,
    event,
    finished_random_game,
    finished_shipped_game,
    fx,
    game,
    on,
    play,
    summon,
    unit,
    yaml_cards,
)

from gateruler.engine import ATTACK_LEFT, ATTACK_RIGHT, DEFENSE, INVADER, RULER, Attack, EndTurn, GoToAttack, Split
from gateruler.story import NEEDS_CAUSE, UNTOLD, narrate


def cards():
    return [
        unit("WALL", 1, 2, 6, 1, keywords=["intercept"]),
        unit("THORN", 1, 3, 5, 1, keywords=["counterattack"]),
        unit("KNIGHT", 1, 6, 2, 2),
        event("BOLT", on("on_play", fx("damage", "enemy_unit", amount=3)), level=1),
        unit("R-MID", 1, 4, 4, 2),
        unit("R-LOW", 0, 3, 3, 1),
        unit("END", 1, 1, 9, 1),
        attrs.evolve(unit("KNIGHT-R", 0, 1, 1, 1), name="Dark Knight test"),
        unit("DRAGON", 1, 1, 9, 1),
        unit("CNT-NONE", 0, 1, 1, 1, cnt=True),
        unit("CNT-HIT", 0, 1, 1, 1, on("cnt", fx("damage", "enemy_ruler", amount=1))),
    ]


def story_after(g, *actions) -> list[str]:
    start = len(g.log)
    for action in actions:
        g.apply(action)
    return [n.text for n in narrate(g, start)]


def line_with(story: list[str], words: str) -> str:
    found = [line for line in story if words in line]
    assert found, f"no line with {words!r} in:\n" + "\n".join(story)
    return found[0]


# ---------------------------------------------------------------------- battle keywords
def test_intercept_damage_is_named_as_intercept():
    g = game(cards=cards(), player=["WALL"], rift=["R-MID"], drives=1)
    summon(g, "WALL", ATTACK_LEFT)
    story = story_after(g, EndTurn())
    assert line_with(story, "Intercept") == (
        "Intercept: your wall deals its ATK to the attacker first: the rift's r-mid takes 2 damage (2 in all)."
    )
    assert "Your wall takes 4 damage from the rift's r-mid's attack (4 in all)." in story


def test_counterattack_damage_is_named_as_counterattack():
    g = game(cards=cards(), player=["THORN"], rift=["R-MID"], drives=1)
    summon(g, "THORN", ATTACK_LEFT)
    story = story_after(g, EndTurn())
    assert "Your thorn takes 4 damage from the rift's r-mid's attack (4 in all)." in story
    assert line_with(story, "Counterattack").startswith(
        "Counterattack: your thorn survives and strikes back with its ATK: the rift's r-mid takes 3 damage"
    )


def test_pierce_is_named_when_a_destroyed_defense_unit_lets_the_strike_through():
    g = game(cards=cards(), player=["KNIGHT"], atk=5, stk=2, keywords=["pierce"])
    summon(g, "KNIGHT", DEFENSE)
    story = story_after(g, EndTurn())
    i = story.index("Your knight was destroyed: its 5 damage reached its HP.")
    assert story[i + 1] == (
        "Pierce: the rift itself destroyed your defense unit, and its STK 2 carries through. "
        "You take 2 battle damage: 2 damage checks."
    )


def test_a_direct_attack_names_the_attacker_and_its_stk():
    g = game(cards=cards(), atk=4, stk=3)
    story = [n.text for n in narrate(g)]
    assert "You take 3 battle damage from the rift's own attack (STK 3): 3 damage checks." in story


def test_effect_damage_names_the_card():
    g = game(cards=cards(), player=["BOLT"], rift=["R-MID"], drives=1)
    start = len(g.log)
    play(g, "BOLT")  # the only enemy unit: no choice to make
    story = [n.text for n in narrate(g, start)]
    assert "The rift's r-mid takes 3 damage from bolt (3 in all)." in story


# ---------------------------------------------------------------------- split damage and replacements
DAMAGE_WORDS = yaml_cards(
    """
    - id: HONO
      name: hono
      type: unit
      level: 0
      atk: 5
      hp: 4
      stk: 2
      provenance: provisional
      abilities:
        - trigger: on_attack
          effects:
            - {effect: split_damage, target: all_enemy_units, amount: 3, as: fire}
            - {effect: carry_through, destroyed_by: fire}
    - {id: SMALL, name: small, type: unit, level: 0, atk: 1, hp: 2, stk: 1, provenance: provisional}
    - {id: BITER, name: biter, type: unit, level: 0, atk: 6, hp: 9, stk: 1, keywords: [intercept], provenance: provisional}
    - {id: AEGIS, name: aegis, type: event, level: 0, provenance: provisional,
       abilities: [{trigger: on_play, effects: [{effect: prevent_damage, target: own_side}]}]}
    - id: STUBBORN
      name: stubborn
      type: unit
      level: 0
      atk: 1
      hp: 9
      stk: 1
      provenance: provisional
      abilities: [{trigger: replacement, effects: [{effect: survive_destruction, target: self}, {effect: mill, target: controller, amount: 1}]}]
    - {id: CULL, name: cull, type: event, level: 0, provenance: provisional,
       abilities: [{trigger: on_play, effects: [{effect: destroy, target: enemy_unit}]}]}
    """
)


def test_an_attack_that_goes_on_to_the_ruler_is_told_so_and_its_damage_is_not_pierce():
    g = game(cards=[*DAMAGE_WORDS, *cards()], player=["HONO"], rift=["SMALL", "R-MID"], drives=2)
    summon(g, "HONO", ATTACK_LEFT)
    story = story_after(
        g,
        GoToAttack(),
        Attack(ATTACK_LEFT, ATTACK_LEFT),
        Split(((INVADER, ATTACK_LEFT, 2), (INVADER, ATTACK_RIGHT, 1))),
    )
    assert (
        "Your hono's attack goes on to the rift itself: its ability destroyed the rift's small in the attacked line."
        in story
    )
    assert line_with(story, "battle damage") == (
        "The rift takes 2 battle damage from your hono's attack, gone on to the rift itself (STK 2): 2 damage checks."
    )


def test_prevented_damage_names_the_card_that_prevented_it_and_the_damage_it_answered():
    g = game(cards=[*DAMAGE_WORDS, *cards()], player=["AEGIS", "WALL"], rift=["BITER"], drives=1)
    play(g, "AEGIS")
    summon(g, "WALL", ATTACK_LEFT)
    story = story_after(g, GoToAttack(), Attack(ATTACK_LEFT, ATTACK_LEFT))
    assert "Prevented by aegis: 6 of the 6 damage the strike back would deal to your wall (none is dealt)." in story


def test_a_unit_that_survives_destruction_names_what_kept_it():
    g = game(cards=[*DAMAGE_WORDS, *cards()], player=["CULL"], rift=["STUBBORN"], drives=1)
    start = len(g.log)
    play(g, "CULL")
    story = [n.text for n in narrate(g, start)]
    i = story.index(
        "The rift's stubborn would have been destroyed, but its own ability keeps it on the board (its damage is now 0)."
    )
    assert story[i + 1] == "Instead (stubborn's replacement): put the top 1 cards of your deck into the graveyard."
    assert story[i + 2].endswith("went from the rift's deck to the graveyard (by stubborn's replacement).")


# ---------------------------------------------------------------------- level rules
def end_rule(**extra):
    return dict(rules=[("start_of_turn_sacrifice", {"card": "END", "own_name_contains": "Dark Knight"})], **extra)


def test_ends_rule_names_itself_when_there_is_no_dark_knight_to_destroy():
    g = game(cards=cards(), player=["KNIGHT"], rift=["END"], **end_rule(drives=1))
    summon(g, "KNIGHT", ATTACK_LEFT)
    story = story_after(g, EndTurn())
    assert story[1] == (
        "Level 1's start-of-turn rule: your knight in your left attack zone was destroyed (while end is on the rift's "
        'board, every rift turn begins with one of its "Dark Knight" units and one of yours destroyed; it had no '
        '"Dark Knight" unit on its board, and yours is destroyed anyway).'
    )


def test_ends_rule_destroys_a_dark_knight_first_then_your_unit():
    g = game(cards=cards(), player=["KNIGHT"], rift=["END", "KNIGHT-R"], **end_rule(drives=2))
    summon(g, "KNIGHT", ATTACK_LEFT)
    story = story_after(g, EndTurn())
    assert story[1] == (
        "Level 1's start-of-turn rule (while end is on the rift's board, every rift turn begins so): "
        'the rift destroyed its own Dark Knight test in its right attack zone, a "Dark Knight" unit.'
    )
    assert (
        story[2]
        == "Level 1's start-of-turn rule: your knight in your left attack zone was destroyed too (your left attack zone first, then right attack, then defense)."
    )


def test_a_destroy_all_on_enter_rule_names_the_level_and_the_card():
    # turn 1 drives filler; turn 3 drives the dragon onto the full player board
    g = game(
        cards=cards(),
        player=["KNIGHT", "WALL"],
        rift=[FILLER, "DRAGON"],
        drives=1,
        rules=[("destroy_all_player_units_on_enter", {"card": "DRAGON"})],
    )
    summon(g, "KNIGHT", ATTACK_LEFT)
    summon(g, "WALL", DEFENSE)
    story = story_after(g, EndTurn())
    assert "Your knight in your left attack zone was destroyed by level 1's rule for dragon." in story
    assert "Your wall in your defense zone was destroyed by level 1's rule for dragon." in story


# ---------------------------------------------------------------------- damage checks
def test_each_check_says_whether_it_counted_and_each_cnt_says_its_effect_or_no_effect():
    g = game(cards=cards(), rift=["CNT-NONE", "CNT-HIT", "R-LOW"])
    story = story_after(g, GoToAttack(), Attack(RULER, RULER))
    assert story[
        story.index("The rift takes 3 battle damage from your ruler's attack (STK 3): 3 damage checks.") + 1 :
    ] == [
        "Damage check 1 of 3: cnt-none goes to the rift's graveyard: it has CNT, so this check does not count; "
        "its CNT has no effect (the card's CNT effect is unknown, so none is simulated).",
        "Damage check 2 of 3: cnt-hit goes to the rift's graveyard: it has CNT, so this check does not count; its CNT takes effect.",
        "cnt-hit (CNT): CNT (when revealed by a damage check): deal 1 damage to the enemy ruler.",
        "You take 1 damage from cnt-hit's CNT: 1 damage check.",
        "Damage check 1 of 1: filler goes to your damage zone: it counts (1 of 11).",
        "Damage check 3 of 3: r-low goes to the rift's damage zone: it counts (1 of 15).",
    ]


def test_a_check_on_a_card_whose_cnt_the_level_ignores_says_so():
    printed = unit("END", 1, 1, 9, 1, on("cnt", fx("damage", "enemy_ruler", amount=1)))
    others = [c for c in cards() if c.id != "END"]
    g = game(cards=[*others, printed], rift=["END"], rules=[("ignore_cnt", {"card": "END"})])
    story = story_after(g, GoToAttack(), Attack(RULER, RULER))
    assert (
        "Damage check 1 of 3: end goes to the rift's damage zone: it counts (1 of 15); its CNT is ignored by level 1's rule."
        in story
    )


# ---------------------------------------------------------------------- every cause, in seeded games
def causeless(story) -> list[str]:
    return [
        f"{n.kind}: {n.text}"
        for n in story
        if n.kind in NEEDS_CAUSE and (n.cause is None or n.cause.lower() not in n.text.lower())
    ]


def untold(story) -> list[str]:
    return [f"{n.kind}: {n.text}" for n in story if n.kind in NEEDS_CAUSE and n.cause == UNTOLD]


@pytest.mark.parametrize("level", range(1, 7))
def test_every_removal_damage_and_check_in_a_seeded_shipped_game_names_its_cause(level):
    for seed in range(2):
        g = finished_shipped_game(level, seed)
        story = narrate(g)
        assert causeless(story) == []
        # every cause is read from the entry itself: an entry that lost its cause would be told as untold
        assert untold(story) == []
        told = {n.index for n in story}
        for index, entry in enumerate(g.log):
            if entry[1] in NEEDS_CAUSE:
                assert index in told, f"log entry {entry} is not told"


@pytest.mark.parametrize("fixture, seed", [("rich", s) for s in range(6)] + [("mechanics", s) for s in range(6)])
def test_every_cause_is_named_in_random_games_of_every_keyword_and_effect(fixture, seed):
    story = narrate(finished_random_game(fixture, seed))
    assert causeless(story) == []
    assert untold(story) == []


def test_a_cause_is_read_from_its_entry_and_an_entry_without_one_is_told_as_untold():
    g = game(cards=cards(), player=["KNIGHT"], atk=5, stk=2, keywords=["pierce"])
    summon(g, "KNIGHT", DEFENSE)
    g.apply(EndTurn())
    told = {n.kind: n for n in narrate(g)}
    assert told["destroy"].cause == "its 5 damage reached its HP" and told["ruler_damage"].cause.startswith("pierce")
    g.log = [e[:-2] + (None, None) if e[1] in ("destroy", "ruler_damage") else e for e in g.log]
    assert untold(narrate(g)) == [
        "ruler_damage: You take 2 battle damage (cause not in the log): 2 damage checks.",
        "destroy: Your knight in your defense zone was destroyed (cause not in the log).",
        "ruler_damage: You take 2 battle damage (cause not in the log): 2 damage checks.",
    ]
