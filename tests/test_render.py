"""What the player reads: the board, the actions, a card in full, the story of the game, the end."""

from __future__ import annotations

import re

import attrs
from factories import FILLER, apprentice, event, field, find_iid, fx, game, on, unit

from gateruler.engine import (
    ATTACK_LEFT,
    ATTACK_RIGHT,
    DEFENSE,
    INVADER,
    PLAYER,
    RULER,
    Attack,
    EndTurn,
    GoToAttack,
    PlayEvent,
    PlayField,
    SetCard,
    Summon,
)
from gateruler.models import CardDef
from gateruler.render import action_words, board_lines, card_lines, result_lines
from gateruler.story import narrate
from gateruler.vocabulary import Provenance

LONG = "Crimson Syltis, red dragon"


def cards() -> list[CardDef]:
    return [
        unit("WALL", 1, 2, 6, 1, keywords=["intercept"]),
        unit("KNIGHT", 1, 6, 2, 2),
        attrs.evolve(unit("LONG", 3, 5, 4, 2), name=LONG),
        event("BOLT", on("on_play", fx("damage", "enemy_unit", amount=3)), level=1),
        event("NOTES", on("on_play", fx("draw", "controller", amount=2)), level=1),
        unit("R-BIG", 2, 5, 5, 2),
        unit("R-MID", 1, 4, 4, 2),
        unit("R-LOW", 0, 3, 3, 1),
        unit("R-HIGH", 3, 6, 6, 2),
    ]


def table(**level_args: object):
    """Turn 2: the rift has driven R-BIG and R-MID; the player holds six cards."""
    level_args.setdefault("drives", 2)
    return game(
        cards=cards(),
        player=["WALL", "KNIGHT", "LONG", "BOLT", "NOTES", "WALL"],
        rift=["R-BIG", "R-MID", "R-LOW", "R-HIGH"],
        **level_args,
    )


def text(lines: list[str]) -> str:
    return "\n".join(lines)


# ---------------------------------------------------------------------- the board
def test_the_board_fits_an_80_by_24_terminal_with_room_for_the_choices():
    g = table()
    g.apply(Summon(find_iid(g, PLAYER, "hand", "LONG"), ATTACK_LEFT))
    g.apply(SetCard(find_iid(g, PLAYER, "hand", "BOLT"), 0))
    lines = board_lines(g, 80)
    assert all(len(line) <= 80 for line in lines), [line for line in lines if len(line) > 80]
    assert len(lines) <= 15


def test_the_board_shows_both_sides_zones_units_rulers_and_counts():
    g = table(hp=15, atk=4, stk=3, keywords=["pierce"])
    g.apply(Summon(find_iid(g, PLAYER, "hand", "WALL"), ATTACK_LEFT))
    board = text(board_lines(g, 80))
    assert "Turn 2: your turn, main phase" in board
    assert 'THE RIFT  level 1 "test rift"  LIFE 15  damage zone 0/15' in board
    assert "the rift itself: ATK 4 STK 3, pierce" in board
    assert re.search(r"r-big\s+\(empty\)\s+r-mid", board), (
        "the rift's units stand in their columns: left, defense, right"
    )
    assert "ATK 5 HP 5 STK 2" in board
    assert re.search(r"wall\s+\(empty\)\s+\(empty\)", board)
    assert "intercept" in board
    assert "YOU  Knight  LIFE 11  damage zone 3/11" in board  # the rift's first attack: 3 damage checks
    assert "your ruler: ATK 3 STK 3, ready   energy 2 of 3 ready   summons 1 of 2" in board
    assert "set zones (face down): 1 empty, 2 empty   field zone: empty" in board
    assert "hand (5):" in board and "bolt L1" in board
    deck = len(g.sides[PLAYER].deck)
    assert f"deck {deck}  graveyard 0" in board


def test_damage_taken_and_resting_are_shown_on_the_unit():
    g = table()
    g.apply(Summon(find_iid(g, PLAYER, "hand", "KNIGHT"), ATTACK_LEFT))
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, ATTACK_LEFT))  # KNIGHT (ATK 6) hits R-BIG (HP 5): destroyed
    g.apply(Attack(RULER, ATTACK_RIGHT))  # the ruler (ATK 3) hits R-MID (HP 4)
    board = text(board_lines(g, 80))
    assert "dmg 3" in board
    assert "rested" in board
    assert "your ruler: ATK 3 STK 3, rested" in board
    assert "graveyard 1" in board


def test_fields_in_play_are_listed_in_the_field_zone():
    banner = field("BANNER", on("continuous", fx("modify", "all_own_units", atk=1)), level=1)
    g = game(cards=[*cards(), banner], player=["BANNER"])
    g.apply(PlayField(find_iid(g, PLAYER, "hand", "BANNER")))
    assert "field zone: banner" in text(board_lines(g, 80))


def test_own_set_cards_are_shown_to_the_player_by_name():
    g = table()
    g.apply(SetCard(find_iid(g, PLAYER, "hand", "BOLT"), 0))
    assert "set zones (face down): 1 bolt, 2 empty" in text(board_lines(g, 80))


def test_long_names_are_shortened_at_80_columns_and_whole_when_wider():
    g = table()
    g.apply(Summon(find_iid(g, PLAYER, "hand", "LONG"), DEFENSE))
    assert LONG not in text(board_lines(g, 80))
    assert "  Crimson Syltis  " in text(board_lines(g, 80))  # the part of the name before its comma
    wide = board_lines(g, 120)
    assert LONG in text(wide)
    assert all(len(line) <= 120 for line in wide)


def test_a_drive_ruler_shows_its_drive_zone_and_no_energy_or_hand():
    g = game(cards=cards(), player=["WALL", "KNIGHT"], ruler=apprentice())
    board = text(board_lines(g, 80))
    assert "drive zone (2):" in board and "wall L1" in board
    assert "energy" not in board
    assert "hand" not in board


def test_the_board_is_plain_text():
    assert not any("\x1b" in line for line in board_lines(table(), 80))


# ---------------------------------------------------------------------- actions in words
def test_actions_read_as_plain_words():
    g = table()
    knight = find_iid(g, PLAYER, "hand", "KNIGHT")
    bolt = find_iid(g, PLAYER, "hand", "BOLT")
    assert action_words(g, Summon(knight, ATTACK_LEFT)) == "summon knight (cost 1) to your left attack zone"
    assert action_words(g, PlayEvent(bolt)) == "play bolt (cost 1): Deal 3 damage to an enemy unit."
    assert action_words(g, SetCard(bolt, 0)) == "set bolt face down in set zone 1"
    assert action_words(g, EndTurn()) == "end the turn"
    assert action_words(g, GoToAttack()) == "go to the attack phase"
    g.apply(Summon(knight, ATTACK_LEFT))
    g.apply(GoToAttack())
    assert (
        action_words(g, Attack(RULER, ATTACK_LEFT)) == "attack the rift's r-big in its left attack zone with your ruler"
    )
    assert (
        action_words(g, Attack(ATTACK_LEFT, RULER))
        == "attack the rift itself with your knight from your left attack zone"
    )


def test_summoning_over_a_unit_says_what_it_replaces():
    g = table()
    g.apply(Summon(find_iid(g, PLAYER, "hand", "WALL"), ATTACK_LEFT))
    words = action_words(g, Summon(find_iid(g, PLAYER, "hand", "KNIGHT"), ATTACK_LEFT))
    assert words == "summon knight (cost 1) to your left attack zone (replacing wall, which goes to the graveyard)"


def test_a_set_event_is_played_from_its_set_zone():
    g = table()
    bolt = find_iid(g, PLAYER, "hand", "BOLT")
    g.apply(SetCard(bolt, 0))
    assert action_words(g, PlayEvent(bolt)) == "play bolt from set zone 1 (cost 1): Deal 3 damage to an enemy unit."


def test_a_drive_ruler_plays_for_free_from_the_drive_zone():
    g = game(cards=cards(), player=["WALL"], ruler=apprentice())
    wall = find_iid(g, PLAYER, "drive", "WALL")
    assert action_words(g, Summon(wall, DEFENSE)) == "summon wall from the drive zone (free) to your defense zone"


# ---------------------------------------------------------------------- a card in full
def test_a_card_in_full_gives_numbers_keywords_abilities_and_provenance():
    card = attrs.evolve(
        unit("WALL", 1, 2, 6, 1, on("on_enter", fx("damage", "enemy_unit", amount=2)), keywords=["intercept"]),
        provenance=Provenance.PROVISIONAL,
        source="A sturdy defender, chosen by us.",
    )
    shown = text(card_lines(card))
    assert "wall  [WALL]" in shown
    assert "unit, level 1" in shown
    assert "ATK 2  HP 6  STK 1" in shown
    assert "intercept: When this unit is attacked by a unit" in shown
    assert "When it enters the board: deal 2 damage to an enemy unit." in shown
    assert "provenance: provisional" in shown and "not the real card's" in shown
    assert "source: A sturdy defender, chosen by us." in shown


def test_a_card_changed_by_the_level_is_shown_as_the_rift_plays_it_with_the_rule_and_the_printed_numbers():
    printed = unit("TITAN", 0, 3, 3, 3, on("on_enter", fx("damage", "enemy_ruler", amount=1)), cnt=True)
    rift = attrs.evolve(printed, abilities=(), stk=2, has_cnt=False)
    shown = card_lines(printed, rift, changes=["Level 5's rule: The rift's titan has STK 2."])
    assert shown[1] == "  unit, level 0  (as the rift plays it in this level)"
    assert "  ATK 3  HP 3  STK 2" in shown
    assert "  abilities: none" in shown
    assert "  Level 5's rule: The rift's titan has STK 2." in shown
    assert "Printed: STK 3; CNT icon; When it enters the board: deal 1 damage to the enemy ruler." in " ".join(
        line.strip() for line in shown
    )


def test_a_card_in_both_decks_shows_the_printed_card_first_and_the_rifts_copies_after():
    printed = unit("TITAN", 0, 3, 3, 3)
    rift = attrs.evolve(printed, stk=2)
    shown = card_lines(printed, rift, players_too=True)
    assert shown[2] == "  ATK 3  HP 3  STK 3"
    assert shown[shown.index("  The rift's copies in this level:") + 2] == "    ATK 3  HP 3  STK 2"


# ---------------------------------------------------------------------- the story
def rift_turn_story(g) -> list[str]:
    start = len(g.log)
    g.apply(EndTurn())
    return [n.text for n in narrate(g, start) if n.rift_turn]


def test_the_rift_summons_into_the_first_empty_zone_and_says_so():
    g = table()
    story = [n.text for n in narrate(g)]
    assert "The rift drove r-big (a level 2 unit)." in story
    assert (
        "The rift summoned r-big to its left attack zone (first empty zone of left attack, right attack, defense)."
        in story
    )
    assert (
        "The rift summoned r-mid to its right attack zone (first empty zone of left attack, right attack, defense)."
        in story
    )


def test_a_full_rift_board_sends_the_driven_unit_to_the_graveyard_when_it_is_lowest():
    g = game(cards=cards(), rift=["R-BIG", "R-MID", "R-MID", "R-LOW"], drives=2)
    story = rift_turn_story(g)
    assert (
        "Its board was full and r-low (level 0) is lower than every unit there: it went straight to the graveyard."
        in story
    )


def test_a_full_rift_board_makes_room_by_its_lowest_unit():
    g = game(cards=cards(), rift=["R-BIG", "R-MID", "R-BIG", "R-HIGH"], drives=2)
    story = rift_turn_story(g)
    i = story.index("Its board was full: r-mid (level 1), the lowest level there, went to the graveyard to make room.")
    assert story[i + 1] == "The rift summoned r-high to its right attack zone (into the zone that was freed)."


def test_the_rifts_attacks_name_their_target_and_the_reason():
    g = table(atk=4, stk=3)
    g.apply(Summon(find_iid(g, PLAYER, "hand", "WALL"), ATTACK_LEFT))
    story = rift_turn_story(g)
    reason = "(it attacks your left attack unit, else your defense unit, else you)"
    assert f"The rift's r-big attacks your wall in your left attack zone {reason}." in story


def test_the_rifts_single_first_turn_attack_is_explained():
    story = [n.text for n in narrate(table(atk=4, stk=3))]
    assert "The rift itself attacks you (going first, it has one attack on turn 1 and makes it itself)." in story
    assert "You take 3 battle damage from the rift's own attack (STK 3): 3 damage checks." in story


def test_damage_checks_count_the_damage_zone_and_announce_cnt():
    cnt_card = unit("CNT-UNIT", 0, 1, 1, 1, on("cnt", fx("damage", "enemy_unit", amount=1)))
    g = game(cards=[*cards(), cnt_card], player=["WALL"] * 4 + ["CNT-UNIT", "WALL", FILLER], stk=3)
    story = [n.text for n in narrate(g)]
    assert (
        "Damage check 1 of 3: cnt-unit goes to your graveyard: it has CNT, so this check does not count; its CNT takes effect."
        in story
    )
    assert "Cnt-unit's CNT has no effect: there is no unit it could choose." in story
    assert "Damage check 2 of 3: wall goes to your damage zone: it counts (1 of 11)." in story
    assert "Damage check 3 of 3: filler goes to your damage zone: it counts (2 of 11)." in story


def test_the_rifts_turn_is_marked_for_pacing_and_the_players_is_not():
    g = table(atk=4, stk=3)
    marks = {n.text: n.rift_turn for n in narrate(g)}
    assert marks["--- Turn 1: the rift's turn ---"] is True
    assert marks["--- Turn 2: your turn ---"] is False


def test_narrating_from_the_middle_keeps_the_damage_count():
    g = table(atk=4, stk=3)
    start = len(g.log)
    g.apply(EndTurn())
    checks = [n.text for n in narrate(g, start) if n.text.startswith("Damage check")]
    assert checks[0].endswith("it counts (4 of 11).")


# ---------------------------------------------------------------------- the end
def test_the_end_says_who_won_how_and_in_how_many_turns():
    g = table(hp=1)
    g.apply(GoToAttack())
    g.apply(Attack(RULER, RULER))
    lines = result_lines(g)
    assert lines[0] == "You win! It ended on turn 2 (1 of them yours): the rift's damage zone reached its LIFE of 1."
    assert (
        lines[1] == 'Summary: win vs level 1 "test rift" with Knight, seed 0, 2 turns; damage zones: you 0/11, rift 1/1'
    )


def test_a_loss_names_the_players_damage_zone():
    g = table(atk=4, stk=11)
    lines = result_lines(g)
    assert lines[0] == "The rift wins. It ended on turn 1 (0 of them yours): your damage zone reached your LIFE of 11."
    assert lines[1].startswith("Summary: loss vs level 1")
    assert g.winner == "invader" and g.sides[INVADER].damage_zone == []
