"""What greedy works out about a game, and that working it out faster gives the same answers."""

from __future__ import annotations

import random

import pytest
from factories import mechanics_game, rich_game

from gateruler.bots import make_bot, player_view
from gateruler.bots.greedy import CardFacts, DeckOdds, DeckSums, Facts, _deck_sums, card_facts, deck_odds, rift_attacks
from gateruler.engine import ATTACK_LEFT, DEFENSE, INVADER, PLAYER


def _fresh_odds(game) -> DeckOdds:  # noqa: ANN001
    cards = card_facts(game)
    rift, ours = DeckSums(), DeckSums()
    rift.add(cards, game.sides[INVADER].deck)
    ours.add(cards, game.sides[PLAYER].deck)
    return DeckOdds(rift, ours)


def test_deck_odds_kept_up_to_date_are_those_of_the_decks_as_they_are() -> None:
    """Cards leave the decks and come back in any order: the odds kept up to date never drift."""
    game = mechanics_game(4)
    rng = random.Random(4)
    out_of_deck: list[tuple[int, int]] = []
    for _ in range(300):
        side = rng.choice((PLAYER, INVADER))
        deck = game.sides[side].deck
        if deck and (not out_of_deck or rng.random() < 0.6):
            out_of_deck.append((side, deck.pop(rng.randrange(len(deck)))))
        elif out_of_deck:
            back_side, iid = out_of_deck.pop(rng.randrange(len(out_of_deck)))
            game.sides[back_side].deck.insert(rng.randrange(len(game.sides[back_side].deck) + 1), iid)
        kept, fresh = deck_odds(game, card_facts(game)), _fresh_odds(game)
        assert [getattr(kept, n) for n in DeckOdds.__slots__] == [getattr(fresh, n) for n in DeckOdds.__slots__]


def test_deck_sums_of_a_card_that_cannot_be_packed_are_added_card_by_card() -> None:
    """A card whose numbers do not fit the packed sum (a negative ATK here) is summed one by one, exactly."""
    game = mechanics_game(5)
    cards = list(card_facts(game))
    odd = CardFacts.__new__(CardFacts)
    for name in CardFacts.__slots__:
        setattr(odd, name, getattr(cards[0], name))
    odd.is_unit, odd.atk, odd.hp = True, -2, 3
    cards[0] = odd
    deck = [0, *game.sides[PLAYER].deck]
    fresh = DeckSums()
    fresh.add(cards, deck)
    packed = _deck_sums(cards, deck)
    assert [getattr(packed, n) for n in DeckSums.__slots__] == [getattr(fresh, n) for n in DeckSums.__slots__]
    assert packed.atk == fresh.atk and fresh.units >= 1


def test_the_rifts_attacks_go_left_then_defense_then_face() -> None:
    attackers = ((5, 2, False, 4), (5, 2, False, 4), (3, 3, False, 0))
    sturdy = (20, 1, False, False, True)
    assert rift_attacks(attackers, False, None, False, None) == 7  # every attack reaches the ruler
    assert rift_attacks(attackers, False, sturdy, False, None) == 0  # the left unit takes them all
    assert rift_attacks(attackers, False, (5, 1, False, False, True), False, sturdy) == 0  # then the defense unit
    assert rift_attacks(attackers, True, sturdy, False, None) == 7  # End destroys it first


def test_an_intercepting_unit_stops_an_attacker_it_can_kill() -> None:
    attackers = ((5, 2, False, 3), (3, 3, False, 0))
    interceptor = (20, 3, True, False, True)
    assert rift_attacks(attackers, False, interceptor, False, None) == 0
    assert rift_attacks(((5, 2, False, 4),), False, interceptor, False, None) == 0  # it survives, the unit absorbs


def test_a_pierce_attacker_that_destroys_the_defense_unit_hits_the_ruler_too() -> None:
    attackers = ((5, 2, True, 9),)
    assert rift_attacks(attackers, False, None, False, (3, 1, False, False, True)) == 2
    assert rift_attacks(attackers, False, None, False, (9, 1, False, False, True)) == 0


def test_remembered_battles_past_their_bound_are_forgotten_and_fought_again_alike(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """odds.battles_of / battle_in remember rift_battle's answers by the attackers, then the board; past
    MAX_BATTLES answers in all every one is forgotten, and a battle asked again is fought again, the same."""
    from gateruler.bots.greedy import odds

    monkeypatch.setattr(odds, "MAX_BATTLES", 2)
    monkeypatch.setattr(odds, "_BATTLES", {})
    monkeypatch.setattr(odds, "_remembered", [0])
    fought: list[object] = []
    real = odds.rift_battle

    def counted(*question: object) -> tuple[float, int, int]:
        fought.append(question)
        return real(*question)  # type: ignore[arg-type]

    monkeypatch.setattr(odds, "rift_battle", counted)
    attackers = ((5, 2, False, 4), (3, 3, False, 0))
    sturdy, weak = (20, 1, False, False, True), (3, 1, False, False, True)
    first = odds.remembered_battle(attackers, False, sturdy, None, None)
    assert odds.remembered_battle(attackers, False, sturdy, None, None) == first and len(fought) == 1
    odds.remembered_battle(attackers, False, weak, None, None)
    others = ((1, 1, False, 1),)
    odds.remembered_battle(others, False, sturdy, None, None)  # two answers remembered: every one is forgotten
    assert odds._BATTLES == {(others, False): {(sturdy, False, None): real(others, False, sturdy, False, None)}}
    assert odds.remembered_battle(attackers, False, sturdy, None, None) == first and len(fought) == 4
    assert first == real(attackers, False, sturdy, False, None)


def _share_without_cnt(game) -> float:  # noqa: ANN001
    """The chance that a damage check takes a card without CNT from the player's deck: such a card goes to
    the damage zone, a CNT card cancels its point (rules.md 6.4)."""
    deck = game.sides[PLAYER].deck
    return sum(not game.card(i).has_cnt for i in deck) / len(deck)


def test_the_remembered_incoming_damage_is_the_damage_worked_out_afresh() -> None:
    """The expected damage-zone cards of the rift's next attacks: their damage checks, each a card without CNT
    at the share of those in the player's deck."""
    for seed in range(3):
        game = rich_game(seed)
        for _ in range(12):
            if game.over:
                break
            view = player_view(game).game
            facts = Facts(view)
            board = facts.our_board()
            fresh = rift_attacks(
                facts.attackers, facts.sacrifice_due, board[ATTACK_LEFT], board[1] is not None, board[DEFENSE]
            )
            assert facts.incoming(board) == pytest.approx(fresh * _share_without_cnt(view))
            legal = game.legal_actions()
            game.apply(legal[0] if len(legal) == 1 else make_bot("greedy", 0).choose(player_view(game, legal)))


def _buff_game():  # noqa: ANN202
    from factories import game, unit, yaml_event

    cry = yaml_event("CRY", "{effect: modify, target: all_own_units, atk: 2, duration: end_of_turn}", level=1)
    return game(
        cards=[cry, unit("SOLDIER", 1, 3, 4, 1)], player=["CRY", "SOLDIER", "SOLDIER"], rift=["SOLDIER"], drives=1
    )


def test_greedy_plays_a_team_buff_before_its_summons_and_counts_only_units_on_the_board() -> None:
    from gateruler.bots.greedy import main_plan
    from gateruler.engine import PlayEvent, Summon

    g = _buff_game()
    plan = main_plan(g, Facts(g), g.legal_actions())
    assert not any(type(a) is PlayEvent for a in plan)  # no unit on the board yet: the buff is worth nothing
    assert any(type(a) is Summon for a in plan)


def test_with_buff_new_units_a_team_buff_counts_the_units_summoned_and_comes_after_them() -> None:
    from gateruler.bots.greedy import main_plan
    from gateruler.bots.weights import Weights
    from gateruler.engine import PlayEvent, Summon

    g = _buff_game()
    plan = main_plan(g, Facts(g, Weights(buff_new_units=2.0)), g.legal_actions())
    kinds = [type(a) for a in plan]
    assert PlayEvent in kinds and Summon in kinds
    assert kinds.index(PlayEvent) > max(i for i, k in enumerate(kinds) if k is Summon)


def _lone_attacker_game():  # noqa: ANN202
    """The player's turn 2: the rift's left attack zone holds BRUTE (STK 3), which has not attacked yet, and its
    deck holds no unit to take BRUTE's place; the player has taken no damage, holds WALL (HP 20) and has no CNT
    card in their deck."""
    from factories import event, game, unit

    brute, wall, nothing = unit("BRUTE", 1, 6, 4, 3), unit("WALL", 1, 1, 20, 1), event("NOTHING")
    return game(cards=[brute, wall, nothing], player=["WALL"], rift=["BRUTE"] + ["NOTHING"] * 20, rift_pad=0, drives=1)


def test_with_kill_shield_killing_an_attacker_is_worth_the_cards_its_next_attack_would_deal() -> None:
    """docs/bots.md: with `kill_shield` a kill is also worth the damage the killed attacker would deal the board
    next turn.  BRUTE's next attack finds the player's board empty and hits the ruler (solo-mode.md step 6: the left
    attack unit, the defense unit, then the ruler): 3 damage checks, 3 damage-zone cards with no CNT card to
    cancel one (rules.md 6.4); nothing of the rift's deck takes its place."""
    from gateruler.bots.weights import Weights

    game = _lone_attacker_game()
    assert game.unit_at(INVADER, ATTACK_LEFT) is not None and game.sides[PLAYER].damage_zone == []
    view = player_view(game).game
    plain, shielding = Facts(view, Weights(kill_shield=0.0)), Facts(view, Weights(kill_shield=1.0))
    assert shielding.kill_value(ATTACK_LEFT) - plain.kill_value(ATTACK_LEFT) == pytest.approx(3.0)


def test_with_kill_shield_killing_an_attacker_the_board_stops_is_worth_no_more() -> None:
    """WALL (HP 20) in the left attack zone takes BRUTE's attack (6 ATK) and survives: the kill saves no card."""
    from factories import summon

    from gateruler.bots.weights import Weights

    game = _lone_attacker_game()
    summon(game, "WALL", ATTACK_LEFT)
    view = player_view(game).game
    plain, shielding = Facts(view, Weights(kill_shield=0.0)), Facts(view, Weights(kill_shield=1.0))
    assert shielding.kill_value(ATTACK_LEFT) == pytest.approx(plain.kill_value(ATTACK_LEFT))


def _lone_attacker_and(card_id: str, hp: int, atk: int = 4):  # noqa: ANN202
    """The lone-attacker game with a player unit `card_id` (HP `hp`, ATK `atk`) in the left attack zone."""
    from factories import event, game, summon, unit

    brute, ours, nothing = unit("BRUTE", 1, 6, 4, 3), unit(card_id, 1, atk, hp, 1), event("NOTHING")
    g = game(cards=[brute, ours, nothing], player=[card_id], rift=["BRUTE"] + ["NOTHING"] * 20, rift_pad=0, drives=1)
    summon(g, card_id, ATTACK_LEFT)
    return g


def test_with_lost_units_killing_an_attacker_is_worth_the_player_unit_its_next_attack_would_destroy() -> None:
    """docs/bots.md: with `kill_saves_units` (and `lost_unit`, `lost_unit_atk` saying what a lost unit is worth) a
    kill is also worth the units the killed attacker's next attack would destroy.  BRUTE (ATK 6) attacks the left
    attack unit first (solo-mode.md step 6): FRAIL (HP 2, ATK 3) is destroyed, one unit and 3 ATK; nothing of the
    rift's deck takes BRUTE's place."""
    from gateruler.bots.weights import Weights

    view = player_view(_lone_attacker_and("FRAIL", hp=2, atk=3)).game
    plain = Facts(view)
    counting = Facts(view, Weights(kill_saves_units=1.0, lost_unit=2.0, lost_unit_atk=1.0))
    assert counting.units_saved_by_kill(ATTACK_LEFT) == pytest.approx(2.0 + 3 / 3)
    assert counting.kill_value(ATTACK_LEFT) - plain.kill_value(ATTACK_LEFT) == pytest.approx(3.0)


def test_with_lost_units_killing_an_attacker_the_board_survives_is_worth_no_more() -> None:
    """WALL (HP 20) survives BRUTE's 6 ATK: killing BRUTE saves no unit."""
    from gateruler.bots.weights import Weights

    view = player_view(_lone_attacker_and("WALL", hp=20)).game
    plain = Facts(view)
    counting = Facts(view, Weights(kill_saves_units=1.0, lost_unit=2.0, lost_unit_atk=1.0))
    assert counting.units_saved_by_kill(ATTACK_LEFT) == pytest.approx(0.0)
    assert counting.kill_value(ATTACK_LEFT) == pytest.approx(plain.kill_value(ATTACK_LEFT))


def test_an_identity_memo_makes_each_value_once_per_object_and_never_mixes_equal_objects() -> None:
    from gateruler.bots.cache import IdentityMemo

    made: list[object] = []
    memo: IdentityMemo[tuple, int] = IdentityMemo(2)

    def make(key: tuple) -> int:
        made.append(key)
        return len(made)

    a, b = (1, [2]), (1, [2])  # equal, not the same object
    assert [memo.get(a, make), memo.get(a, make), memo.get(b, make), memo.get(a, make)] == [1, 1, 2, 1]
    assert made == [a, b]
    c = (3,)
    memo.get(c, make)  # past its bound: it forgets, and makes again when asked
    assert memo.get(b, make) == 4 and memo.get(a, make) == 5


def test_every_effect_and_cost_word_of_the_engine_has_a_value_in_greedy() -> None:
    """A card may use any registered word: greedy must know what each is worth (bots/greedy/values.py)."""
    from gateruler.bots.greedy.values import COST_VALUES, EFFECT_VALUES
    from gateruler.engine.costs import COSTS
    from gateruler.engine.effects import EFFECTS

    assert [w for w in EFFECTS.names() if w not in EFFECT_VALUES] == []
    assert [w for w in COSTS.names() if w not in COST_VALUES] == []


def test_greedy_refuses_to_value_a_word_the_engine_does_not_have() -> None:
    """A misspelt word in greedy's registry is caught when greedy is imported, not ignored."""
    from gateruler.bots.greedy.values import values_cost, values_effect

    with pytest.raises(ValueError, match="'drawe', which the engine does not have"):
        values_effect("drawe")(lambda facts, effect, face_ready, source: 0.0)
    with pytest.raises(ValueError, match="'draw' twice"):
        values_effect("draw")(lambda facts, effect, face_ready, source: 0.0)
    with pytest.raises(ValueError, match="'discard_all', which the engine does not have"):
        values_cost("discard_all")(lambda facts, cost, source: 0.0)


def test_a_granted_keyword_is_worth_as_much_on_a_played_card_as_on_an_activated_ability() -> None:
    """One value per word: a played card's grant was worth nothing to greedy, an activated ability's `grant`."""
    from factories import find_iid, game, summon, unit, yaml_event

    from gateruler.bots.greedy import main_plan
    from gateruler.bots.greedy.values import effect_value
    from gateruler.engine import PlayEvent

    ward = yaml_event("WARD", "{effect: grant, target: own_unit, keyword: intercept}")
    g = game(cards=[ward, unit("SOLDIER", 1, 3, 4, 1)], player=["SOLDIER", "WARD"])
    summon(g, "SOLDIER", ATTACK_LEFT)
    iid = find_iid(g, PLAYER, "hand", "WARD")
    facts = Facts(g)
    (grant,) = g.card(iid).abilities[0].effects
    assert effect_value(facts, grant, 0.0, iid) == facts.w.grant > facts.w.min_play
    assert PlayEvent(iid) in main_plan(g, facts, g.legal_actions())


def _brute_to_kill_or_face(*player_units: tuple[str, int, int]):  # noqa: ANN202
    """The player's attack phase of turn 2: the rift's left attack zone holds BRUTE (ATK 6, HP 3, STK 3), a line is
    open (its right and defense zones are empty) and nothing of the rift's deck can take BRUTE's place; the
    player's ruler (the Knight: ATK 3, STK 3) can attack; `player_units` (id, HP, slot) stand on the player's board."""
    from factories import event, game, summon, unit

    from gateruler.engine import GoToAttack

    ours = [unit(card_id, 1, 1, hp, 1) for card_id, hp, _ in player_units]
    brute, nothing = unit("BRUTE", 1, 6, 3, 3), event("NOTHING")
    ids = [card_id for card_id, _, _ in player_units]
    g = game(cards=[brute, nothing, *ours], player=ids, rift=["BRUTE"] + ["NOTHING"] * 20, rift_pad=0, drives=1)
    for card_id, _, slot in player_units:
        summon(g, card_id, slot)
    g.apply(GoToAttack())
    return g


def _greedy_attack(g, **weights: float):  # noqa: ANN001, ANN202
    from gateruler.bots.greedy import GreedyBot
    from gateruler.bots.weights import Weights

    return GreedyBot(0, Weights(**weights)).choose(player_view(g))


def test_with_kill_future_greedy_kills_the_rifts_attacker_when_its_attacks_would_deal_more_than_the_face_damage() -> (
    None
):
    """docs/bots.md (the attack phase): with a line open, a kill is weighed against the face damage it costs, and
    with `kill_future` it is also worth the damage-zone cards the rift's attacker would deal in its next attack
    and the turns after.  BRUTE's next attack finds the player's board empty and hits the ruler: 3 damage checks
    (solo-mode.md step 6), 3 cards with no CNT card in the player's deck, counted for 1 + `future_turns` (1.5)
    turns; the Knight's face damage is at most 3 cards.  Without the term (weight 0, the hand-set greedy's; and
    without `kill_shield`, which counts the next attack alone and is on in the hand-set weights since stop 38)
    the ruler goes face as before."""
    from gateruler.engine import RULER, Attack

    g = _brute_to_kill_or_face()
    assert Attack(RULER, ATTACK_LEFT) in g.legal_actions() and Attack(RULER, RULER) in g.legal_actions()
    assert _greedy_attack(g, kill_future=0.0, kill_shield=0.0) == Attack(RULER, RULER)
    assert _greedy_attack(g, kill_future=1.0, kill_shield=0.0) == Attack(RULER, ATTACK_LEFT)


def test_with_kill_future_greedy_goes_face_when_the_board_stops_the_rifts_attacker() -> None:
    """WALL (HP 20) in the player's left attack zone takes BRUTE's attack (ATK 6) and survives (solo-mode.md step 6:
    the left attack unit is attacked first): killing BRUTE saves no card, so the ruler's face damage is worth more."""
    from gateruler.engine import RULER, Attack

    g = _brute_to_kill_or_face(("WALL", 20, ATTACK_LEFT))
    assert _greedy_attack(g, kill_future=1.0) == Attack(RULER, RULER)


def test_with_kill_future_two_attackers_kill_the_rifts_attacker_together_and_the_weaker_strikes_first() -> None:
    """docs/bots.md (the attack phase): a kill with a line open may be planned by a group of attackers.  BRUTE
    has HP 4: neither the Knight (ATK 3) nor POKE (ATK 1, in the right attack zone, which the rift never attacks:
    solo-mode.md step 6) kills it alone, both together do; its next attack would hit the player's ruler for 3
    damage checks.  The group strikes first with the attacker whose face damage matters least (POKE, STK 1).
    Without the term greedy weighs one attack at a time and a lone attack kills nothing: the ruler goes face."""
    from factories import event, game, summon, unit

    from gateruler.engine import ATTACK_RIGHT, RULER, Attack, GoToAttack

    brute, poke, nothing = unit("BRUTE", 1, 6, 4, 3), unit("POKE", 1, 1, 20, 1), event("NOTHING")
    g = game(cards=[brute, poke, nothing], player=["POKE"], rift=["BRUTE"] + ["NOTHING"] * 20, rift_pad=0, drives=1)
    summon(g, "POKE", ATTACK_RIGHT)
    g.apply(GoToAttack())
    assert Attack(ATTACK_RIGHT, ATTACK_LEFT) in g.legal_actions()
    assert _greedy_attack(g, kill_future=1.0) == Attack(ATTACK_RIGHT, ATTACK_LEFT)
    assert _greedy_attack(g, kill_future=0.0) == Attack(RULER, RULER)


def test_greedy_counts_what_a_kill_spares_the_board_by_default() -> None:
    """Issue 24, stop 38 (docs/bots.md): the hand-set weights count a kill's shield, so killing BRUTE, whose next
    attack would deal the empty board's ruler 3 damage-zone cards, is worth more than the same kill without it."""
    from gateruler.bots.weights import Weights

    view = player_view(_lone_attacker_game()).game
    assert Weights().kill_shield > 0
    assert Facts(view).kill_value(ATTACK_LEFT) > Facts(view, Weights(kill_shield=0.0)).kill_value(ATTACK_LEFT)
