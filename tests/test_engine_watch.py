"""Issue 23, word 4: triggers on other cards' events.

"When your opponent plays an event", "when a unit of yours attacks", "when a
card of yours is destroyed": abilities of cards in play whose trigger
watches another card's event, with a filter (`card:`) on the card the event
happened to.  Cards are written in YAML and read by the real loader.
"""

from __future__ import annotations

from factories import find_iid, game, play, summon, unit, yaml_cards, yaml_event, yaml_unit

from gateruler.engine import (
    ATTACK_LEFT,
    ATTACK_RIGHT,
    DEFENSE,
    INVADER,
    PLAYER,
    RULER,
    Attack,
    Choose,
    ChooseCard,
    EndTurn,
    GoToAttack,
    PlayField,
)

P, I = PLAYER, INVADER
WALL = unit("WALL", 0, 1, 20, 1)
SOLDIER = unit("SOLDIER", 0, 3, 3, 1)
PING = "{effect: damage, target: enemy_ruler, amount: 1}"
SPARK = yaml_event("SPARK", "{effect: damage, target: enemy_ruler, amount: 1}")
(HUNTER,) = yaml_cards(
    "- {id: HUNTER, name: hunter, type: unit, level: 0, atk: 1, hp: 5, stk: 0, attributes: [Beast], provenance: provisional}"
)


def watcher(trigger: str, card: str = "", effect: str = PING) -> object:
    extra = f", card: {card}" if card else ""
    return yaml_unit(
        "WATCHER", f"{{trigger: {trigger}{extra}, effects: [{effect}]}}", stats="level: 0, atk: 0, hp: 9, stk: 0"
    )


def abilities_of(g, card_id: str, trigger: str) -> int:
    return sum(1 for e in g.log if e[1] == "ability" and g.card(e.card).id == card_id and e.trigger == trigger)


def test_when_your_opponent_plays_an_event_the_watching_card_triggers_and_not_for_your_own() -> None:
    study = yaml_event("STUDY", "{effect: draw, target: controller, amount: 1}")
    g = game(
        cards=[watcher("event_played", "{side: enemy}"), SPARK, WALL, study],
        player=["WATCHER", "STUDY"],
        rift=["WALL", "SPARK"],
        drives=1,
    )
    summon(g, "WATCHER", DEFENSE)
    play(g, "STUDY")  # the player's own event: not the opponent's
    assert abilities_of(g, "WATCHER", "event_played") == 0
    g.apply(EndTurn())  # the rift's turn 3 drives and plays its spark
    assert abilities_of(g, "WATCHER", "event_played") == 1


def test_an_ability_watching_events_resolves_before_the_events_own_effects() -> None:
    g = game(cards=[watcher("event_played", "{side: own}"), SPARK], player=["WATCHER", "SPARK"])
    summon(g, "WATCHER", DEFENSE)
    mark = len(g.log)
    play(g, "SPARK")
    sources = [g.card(e.source).id for e in g.log[mark:] if e[1] == "ruler_damage"]
    assert sources == ["WATCHER", "SPARK"]


def test_when_a_unit_of_yours_attacks_the_watcher_triggers_with_a_filter_on_the_attacker() -> None:
    beasts = watcher("unit_attacks", "{side: own, attribute: Beast}")
    g = game(cards=[beasts, HUNTER, SOLDIER], player=["WATCHER", "HUNTER", "SOLDIER"])
    summon(g, "WATCHER", DEFENSE)
    g.sides[P].summons = 0  # a third summon this turn
    summon(g, "HUNTER", ATTACK_LEFT)
    summon(g, "SOLDIER", ATTACK_RIGHT)
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_RIGHT, RULER))  # not a Beast
    assert abilities_of(g, "WATCHER", "unit_attacks") == 0
    g.apply(Attack(ATTACK_LEFT, RULER))  # a Beast of yours
    assert abilities_of(g, "WATCHER", "unit_attacks") == 1


def test_a_watcher_must_be_in_play_when_the_event_happens() -> None:
    g = game(cards=[watcher("unit_attacks", "{side: own}"), SOLDIER], player=["WATCHER", "SOLDIER"])
    summon(g, "SOLDIER", ATTACK_LEFT)  # the watcher stays in the hand
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, RULER))
    assert abilities_of(g, "WATCHER", "unit_attacks") == 0


def test_when_a_card_of_yours_is_destroyed_the_watcher_triggers_for_units_fields_and_set_cards() -> None:
    smash = yaml_event("SMASH", "{effect: destroy, target: card_in_play}")
    (mist,) = yaml_cards("- {id: MIST, name: mist, type: field, level: 0, provenance: provisional}")
    g = game(
        cards=[watcher("card_destroyed", "{side: own}"), smash, mist, SOLDIER, SPARK],
        player=["WATCHER", "SMASH", "SMASH", "SMASH", "MIST", "SOLDIER", "SPARK"],
    )
    summon(g, "WATCHER", DEFENSE)
    summon(g, "SOLDIER", ATTACK_LEFT)
    g.apply(PlayField(find_iid(g, P, "hand", "MIST")))
    s = g.sides[P]
    s.set_zones[0] = s.deck.pop()  # the spark, set
    for choice in (Choose(P, ATTACK_LEFT), ChooseCard(g.sides[P].field[0]), ChooseCard(g.sides[P].set_zones[0])):
        play(g, "SMASH")
        g.apply(choice)
    assert abilities_of(g, "WATCHER", "card_destroyed") == 3


def test_a_card_destroyed_does_not_trigger_its_own_watching_ability_it_has_left_play() -> None:
    smash = yaml_event("SMASH", "{effect: destroy, target: own_unit}")
    g = game(cards=[watcher("card_destroyed", "{side: own}"), smash], player=["WATCHER", "SMASH"])
    summon(g, "WATCHER", DEFENSE)
    play(g, "SMASH")
    assert abilities_of(g, "WATCHER", "card_destroyed") == 0


def test_a_destroyed_units_own_ability_resolves_before_the_watchers() -> None:
    (martyr,) = yaml_cards(
        "- {id: MARTYR, name: martyr, type: unit, level: 0, atk: 1, hp: 1, stk: 0, provenance: provisional,"
        "   abilities: [{trigger: on_destroyed, effects: [{effect: damage, target: enemy_ruler, amount: 1}]}]}"
    )
    smash = yaml_event("SMASH", "{effect: destroy, target: own_unit}")
    g = game(cards=[watcher("card_destroyed"), martyr, smash], player=["WATCHER", "MARTYR", "SMASH"])
    summon(g, "WATCHER", DEFENSE)
    summon(g, "MARTYR", ATTACK_LEFT)
    play(g, "SMASH")
    g.apply(Choose(P, ATTACK_LEFT))
    sources = [g.card(e.source).id for e in g.log if e[1] == "ruler_damage"]
    assert sources == ["MARTYR", "WATCHER"]


def test_games_without_watching_cards_index_none() -> None:
    g = game(cards=[SOLDIER], player=["SOLDIER"])
    assert g.setup.watchers == {}
    g = game(cards=[watcher("unit_attacks"), SOLDIER], player=["WATCHER"])
    assert g.setup.watchers == {"unit_attacks": (find_iid(g, P, "hand", "WATCHER"),)}


def test_the_rift_s_watching_cards_trigger_too() -> None:
    g = game(
        cards=[watcher("event_played", "{side: enemy}"), SPARK, WALL],
        player=["SPARK"],
        rift=["WATCHER"],
        drives=1,
    )
    play(g, "SPARK")  # the rift's watcher is on its board since its first turn
    assert abilities_of(g, "WATCHER", "event_played") == 1
    assert len(g.sides[P].damage_zone) == 1  # it hits the player
