"""The speed layer: what greedy works out once and remembers, so a decision costs microseconds.

Everything here is a pure function of what it is asked about, so remembering
an answer can never change one (the outcome digest, tests/outcome_digest.py,
holds the games that show it):

* the card facts of a game's instance ids, by the identity of the game's
  (frozen, shared) tuple of definitions (`card_facts`);
* the decks' odds (`deck_odds`): the rift's CNT share and backlash, its
  average new unit, the player's CNT share; worked out again only for a deck
  that changed since the last decision, as one C-level sum of each card's
  numbers packed into one integer (`_pack`: integer sums, so exactly those
  of the decks as they are);
* the hypergeometric chance of enough hits (`at_least`);
* the rift's next attacks against a board (`rift_battle`, remembered by
  `battle_in` across plans and games, by the attackers and then the board);
* the rift cards whose rule destroys a player unit each turn, by level.

Every memo forgets everything when it grows past its bound, so a long batch
never piles up memos of finished games.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from math import comb
from typing import TYPE_CHECKING, cast

from gateruler.bots.cache import IdentityMemo
from gateruler.bots.greedy.cards import BoardUnit, CardFacts
from gateruler.engine.actions import ATTACK_LEFT, ATTACK_RIGHT, DEFENSE, INVADER, PLAYER, RULER
from gateruler.vocabulary import SpecialRuleKind

if TYPE_CHECKING:
    from gateruler.engine.game import Game
    from gateruler.models import CardDef, LevelDef


# One of the rift's next attacks, in the order they come (`rift_attacks`): (ATK, STK, pierce,
# HP left, 0 for its ruler, which nothing intercepts).  A plain tuple, as `cards.BoardUnit` is.
RiftAttacker = tuple[float, float, bool, float]
# What the rift's next attacks do to a board (`rift_battle`): (damage checks on the ruler, the
# player's units destroyed, their ATK, the zones they stood in as bits `1 << slot`).
BattleOutcome = tuple[float, int, int, int]


# ---------------------------------------------------------------------- card facts

_tables: IdentityMemo[tuple[CardDef, ...], list[CardFacts]] = IdentityMemo(32)
_by_card: IdentityMemo[CardDef, CardFacts] = IdentityMemo(4096)


def card_facts(game: Game) -> list[CardFacts]:
    """Facts for every instance id of the game (shared by all its copies and views)."""
    return _tables.get(game.setup.defs, lambda defs: [_by_card.get(d, CardFacts) for d in defs])


# ---------------------------------------------------------------------- chances


@functools.lru_cache(maxsize=8192)
def at_least(k: int, draws: int, good: int, total: int) -> float:
    """P(at least k good cards among `draws` drawn from `total`): the lethal chance."""
    draws = min(draws, total)
    if k > draws or k > good:
        return 0.0
    return sum(comb(good, i) * comb(total - good, draws - i) for i in range(k, draws + 1)) / comb(total, draws)


# ---------------------------------------------------------------------- the decks' sums


class DeckSums:
    """Sums over a deck's cards (integers, so they add and subtract exactly)."""

    __slots__ = ("cards", "cnt", "harm", "units", "atk", "stk", "hp", "wipers")
    cards: int
    cnt: int
    harm: float
    units: int
    atk: float
    stk: float
    hp: float
    wipers: int

    def __init__(self) -> None:
        self.cards = self.cnt = self.units = self.wipers = 0
        self.harm = self.atk = self.stk = self.hp = 0.0

    def add(self, facts: list[CardFacts], iids: Iterable[int], sign: int = 1) -> None:
        for iid in iids:
            c = facts[iid]
            self.cards += sign
            if c.has_cnt:
                self.cnt += sign
                self.harm += sign * c.cnt_harm
            if c.is_unit:
                self.units += sign
                self.atk += sign * c.atk
                self.stk += sign * c.stk
                self.hp += sign * c.hp
                if c.wipes:
                    self.wipers += sign


_FIELD_BITS = 24  # each sum of a packed deck in its own bits
_FIELD_MASK = (1 << _FIELD_BITS) - 1


def _pack(c: CardFacts) -> int | None:
    """The card's share of each `DeckSums` field as one integer (cards, cnt, harm, units, atk,
    stk, hp, wipers, lowest bits first), or None when one is not a small whole number >= 0."""
    unit = c.is_unit
    fields = (
        1,
        c.has_cnt,
        c.cnt_harm if c.has_cnt else 0,
        unit,
        c.atk if unit else 0,
        c.stk if unit else 0,
        c.hp if unit else 0,
        unit and c.wipes,
    )
    packed = 0
    for shift, value in enumerate(fields):
        if value != int(value) or not 0 <= value < 1 << 12:  # so 4096 cards could not spill over
            return None
        packed |= int(value) << (shift * _FIELD_BITS)
    return packed


_packs: IdentityMemo[list[CardFacts], list[int] | None] = IdentityMemo(32)


def _packed_cards(cards: list[CardFacts]) -> list[int] | None:
    """Every card's packed share (`_pack`), or None if some card's cannot be packed."""
    packs = [_pack(c) for c in cards]
    return None if None in packs else cast("list[int]", packs)


def deck_sums(cards: list[CardFacts], deck: list[int]) -> DeckSums:
    """The sums over `deck`: one C-level sum of the cards' packed shares, unpacked (the same
    integers as adding the cards one by one; a card pool with a share that cannot be packed does that)."""
    packs = _packs.get(cards, _packed_cards)
    if packs is None:
        sums = DeckSums()
        sums.add(cards, deck)
        return sums
    sums = DeckSums.__new__(DeckSums)
    total = sum(map(packs.__getitem__, deck))
    mask, bits = _FIELD_MASK, _FIELD_BITS
    sums.cards = total & mask
    sums.cnt = (total >> bits) & mask
    sums.harm = float((total >> 2 * bits) & mask)
    sums.units = (total >> 3 * bits) & mask
    sums.atk = float((total >> 4 * bits) & mask)
    sums.stk = float((total >> 5 * bits) & mask)
    sums.hp = float((total >> 6 * bits) & mask)
    sums.wipers = (total >> 7 * bits) & mask
    return sums


# ---------------------------------------------------------------------- the decks' odds


class DeckOdds:
    """What the contents of both decks say (never their order): the rift's CNT share and
    backlash, its average new unit, and the player's own CNT share."""

    __slots__ = (
        "rift_cards",
        "rift_hits",
        "rift_units",
        "harm_rate",
        "new_atk",
        "new_stk",
        "new_hp",
        "our_hit_rate",
        "rift_wipers",
    )
    rift_cards: int
    rift_hits: int
    rift_units: int  # the units among the rift's cards: what its drives summon
    harm_rate: float
    new_atk: float
    new_stk: float
    new_hp: float
    our_hit_rate: float
    rift_wipers: int

    def __init__(self, rift: DeckSums, ours: DeckSums) -> None:
        n = rift.cards
        units = rift.units
        self.rift_cards = n
        self.rift_hits = n - rift.cnt
        self.rift_units = units
        self.harm_rate = rift.harm / n if n else 0.0
        self.new_atk = rift.atk / units if units else 0.0
        self.new_stk = rift.stk / units if units else 0.0
        self.new_hp = rift.hp / units if units else 0.0
        self.rift_wipers = rift.wipers
        our_n = ours.cards
        self.our_hit_rate = (our_n - ours.cnt) / our_n if our_n else 1.0


# The last decks a game showed, their sums and their odds: (defs, rift deck, its sums, our deck, its sums, odds)
_SeenDecks = tuple[tuple["CardDef", ...], list[int], DeckSums, list[int], DeckSums, DeckOdds]
_ODDS: dict[int, _SeenDecks] = {}  # id(defs) -> the last decks seen in each game


def deck_odds(game: Game, cards: list[CardFacts]) -> DeckOdds:
    """The decks' odds: those of the last decks seen in this game while they are unchanged
    (most decisions), else from the sums of the deck that changed (`deck_sums`: one C-level
    sum) and those kept of the other.

    Every sum is of integers, so the odds are exactly those of the decks as they are."""
    defs = game.setup.defs
    rift_deck = game.sides[INVADER].deck
    our_deck = game.sides[PLAYER].deck
    last = _ODDS.get(id(defs))
    if last is not None and last[0] is defs:
        _, rift_before, rift_sums, our_before, our_sums, odds = last
        rift_same = rift_deck == rift_before
        our_same = our_deck == our_before
        if rift_same and our_same:
            return odds
        if not rift_same:
            rift_sums = deck_sums(cards, rift_deck)
            rift_before = rift_deck[:]
        if not our_same:
            our_sums = deck_sums(cards, our_deck)
            our_before = our_deck[:]
    else:
        rift_sums, rift_before = deck_sums(cards, rift_deck), rift_deck[:]
        our_sums, our_before = deck_sums(cards, our_deck), our_deck[:]
    odds = DeckOdds(rift_sums, our_sums)
    if len(_ODDS) >= 64:
        _ODDS.clear()
    _ODDS[id(defs)] = (defs, rift_before, rift_sums, our_before, our_sums, odds)
    return odds


# ---------------------------------------------------------------------- the rift's script

_sacrificers: IdentityMemo[LevelDef, frozenset[str]] = IdentityMemo()


def sacrifice_ids(level: LevelDef) -> frozenset[str]:
    """The rift cards whose rule destroys a player unit at the start of the rift's turn (level 2's End)."""
    return _sacrificers.get(
        level, lambda lv: frozenset(str(r.param("card")) for r in lv.rules_of(SpecialRuleKind.SACRIFICE_AT_START))
    )


def rift_attacks(
    attackers: tuple[RiftAttacker, ...],
    sacrifice: bool,
    left: BoardUnit | None,
    right_there: bool,
    defense: BoardUnit | None,
) -> float:
    """Damage checks the rift's next attacks deal the player's ruler (before the player's CNT).

    `attackers` attack in their order; the player's units are `BoardUnit`s or
    None.  Every attack goes to the left unit, then the defense unit, then the
    ruler, never the right attack unit; a unit with pierce that destroys the
    defense unit also hits the ruler; an intercepting unit kills a weak
    attacker before it deals damage.  With `sacrifice` (level 2's End), the
    player's first unit (left, right, defense) is destroyed before the
    attacks: the right unit matters only then."""
    return rift_battle(attackers, sacrifice, left, right_there, defense)[0]


def rift_battle(
    attackers: tuple[RiftAttacker, ...],
    sacrifice: bool,
    left: BoardUnit | None,
    right_there: bool,
    defense: BoardUnit | None,
    answers: tuple[int, ...] = (),
    life_left: float = 0.0,
    hit_rate: float = 0.0,
) -> BattleOutcome:
    """`rift_attacks` and what the attacks destroy: (damage checks on the ruler, the player's units
    destroyed (End's included), their ATK, the zones they stood in as bits `1 << slot`).

    With `answers` the player keeps for the rift's turn, they are used as greedy's windows use them
    (decisions.window_answer): an attack that would destroy the player's unit, or deal the ruler at
    least the `life_left` it has (in damage-zone cards; a check deals one `hit_rate` times), is
    stopped by a prevention (an answer of 0) if one is left, else by a removal whose reach (an
    answer above 0) takes in the attacker's HP (never the ruler's).  End's rule is not stopped."""
    board = (left, None, defense)
    hp: list[float] = [left[0] if left else 0, 0, defense[0] if defense else 0]
    alive = [left[4] if left else False, False, defense[4] if defense else False]
    kept = _Kept(answers) if answers else None
    lost = lost_atk = lost_slots = 0
    if sacrifice:  # End's rule destroys a player unit before the attacks
        if left is not None:
            alive[ATTACK_LEFT] = False
            lost, lost_atk, lost_slots = 1, left[1], 1 << ATTACK_LEFT
        elif not right_there and defense is not None:
            alive[DEFENSE] = False
            lost, lost_atk, lost_slots = 1, defense[1], 1 << DEFENSE
        elif right_there:
            lost, lost_slots = 1, 1 << ATTACK_RIGHT  # the right unit goes: its ATK is not part of the question
    face = 0.0
    for atk, stk, pierce, attacker_hp in attackers:
        target = ATTACK_LEFT if alive[ATTACK_LEFT] else DEFENSE if alive[DEFENSE] else RULER
        if target == RULER:
            if kept is not None and stk >= life_left - face * hit_rate and kept.stops(attacker_hp):
                continue
            face += stk
            continue
        b = board[target]
        assert b is not None  # a live unit stands there
        if b[2] and attacker_hp and b[1] >= attacker_hp:
            continue  # intercepted: the attacking unit dies before it deals damage
        if kept is not None and hp[target] - atk <= 0 and kept.stops(attacker_hp):
            continue
        hp[target] -= atk
        if hp[target] <= 0:
            alive[target] = False
            lost += 1
            lost_atk += b[1]
            lost_slots |= 1 << target
            if target == DEFENSE and pierce:
                face += stk
    return face, lost, lost_atk, lost_slots


class _Kept:
    """The answers left of those kept for the rift's turn, as `rift_battle` spends them."""

    __slots__ = ("preventions", "removals")

    def __init__(self, answers: tuple[int, ...]) -> None:
        self.preventions = answers.count(0)
        self.removals = sorted(a for a in answers if a > 0)

    def stops(self, attacker_hp: float) -> bool:
        """Whether an answer left stops an attack that hurts: a prevention first, else the removal of
        least reach that takes in the attacker's HP (a ruler, of no HP here, only a prevention)."""
        if self.preventions:
            self.preventions -= 1
            return True
        if attacker_hp:
            reach = next((r for r in self.removals if r >= attacker_hp), 0)
            if reach:
                self.removals.remove(reach)
                return True
        return False


# rift_battle's answers, asked the same again and again: by the attackers (and End's rule), then by the board
BattleBoard = tuple[BoardUnit | None, bool, BoardUnit | None]  # (left, a right unit that End's rule takes, defense)
Battles = dict[BattleBoard, BattleOutcome]
_BATTLES: dict[tuple[tuple[RiftAttacker, ...], bool], Battles] = {}
MAX_BATTLES = 100_000  # answers remembered in all before every one is forgotten
_remembered = [0]  # answers remembered since the last time every one was forgotten


def battles_of(attackers: tuple[RiftAttacker, ...], sacrifice: bool) -> Battles:
    """The remembered battles of `attackers` (with End's rule or not), to ask `battle_in` about
    board after board: a decision asks a few hundred times of the same attackers, so their
    part of the question is looked up once, not hashed again with every board."""
    key = (attackers, sacrifice)
    battles = _BATTLES.get(key)
    if battles is None:
        if _remembered[0] >= MAX_BATTLES:
            _BATTLES.clear()  # a `Battles` still held stays right: its answers never change
            _remembered[0] = 0
        battles = _BATTLES[key] = {}
    return battles


def battle_in(
    battles: Battles,
    attackers: tuple[RiftAttacker, ...],
    sacrifice: bool,
    left: BoardUnit | None,
    right: BoardUnit | None,
    defense: BoardUnit | None,
) -> BattleOutcome:
    """`rift_battle` of the board (`left`, `right`, `defense`) against `attackers`, remembered in
    `battles` (theirs, `battles_of`; the right unit is part of the question only with `sacrifice`)."""
    key = (left, sacrifice and right is not None, defense)
    battle = battles.get(key)
    if battle is None:
        if len(battles) >= MAX_BATTLES:
            battles.clear()
        _remembered[0] += 1
        battle = battles[key] = rift_battle(attackers, sacrifice, left, right is not None, defense)
    return battle


def remembered_battle(
    attackers: tuple[RiftAttacker, ...],
    sacrifice: bool,
    left: BoardUnit | None,
    right: BoardUnit | None,
    defense: BoardUnit | None,
) -> BattleOutcome:
    """`rift_battle`, remembered (`battle_in` of the attackers' `battles_of`)."""
    return battle_in(battles_of(attackers, sacrifice), attackers, sacrifice, left, right, defense)
