"""The greedy bot: a fast, documented heuristic (docs/bots.md has the reasoning).

It looks only at public information (its own hand, both boards, the
composition of both decks, never their order) and plans one player turn at a
time:

* main phase: the best set of plays the energy and summon right allow,
  valued by how much face damage the rift's next attacks would do against the
  resulting board (the rift always hits the left attack unit, then the defense
  unit, then the ruler, never the right attack unit) plus what the new units
  add to this turn's attacks;
* attack phase: go for the rift's ruler whenever a line is open; when none is,
  open one as cheaply as possible, then go face; a kill is preferred to face
  damage only when the unit is worth more than the damage;
* face damage is counted in expected damage-zone cards: the rift's CNT cards
  cancel a point and may hurt back (CNT-aware risk), and each side's damage is
  weighted by how close that side is to losing.

It is also the playout policy of the search bot, so `greedy_action` takes any
game in which everything it reads is the player's to know (a view's game, or
a determinised copy of one) and is kept cheap: card facts are tabulated once
per game, and the rift's next attackers once per decision.
"""

from __future__ import annotations

import functools
import itertools
from math import comb
from typing import Any

from gateruler.bots import greedy_abilities, greedy_windows
from gateruler.bots.cache import IdentityMemo
from gateruler.bots.view import PlayerView
from gateruler.bots.weights import Weights
from gateruler.engine.abilities import Ability
from gateruler.engine.actions import (
    ATTACK_LEFT,
    ATTACK_RIGHT,
    DEFENSE,
    END_TURN,
    GO_TO_ATTACK,
    INVADER,
    PLAYER,
    RULER,
    Action,
    Attack,
    Choose,
    Confirm,
    Discount,
    PlayEvent,
    PlayField,
    Split,
    Summon,
    attack_action,
    summon_action,
)
from gateruler.engine.effects.split import distributions
from gateruler.engine.game import Game, Phase
from gateruler.engine.keywords import CANNOT_BE_ATTACKED, COUNTERATTACK, DORMANT, INTERCEPT, PIERCE
from gateruler.engine.state import Battle
from gateruler.engine.targets import UNIT, Chosen, Every
from gateruler.engine.triggers import CNT, ON_ENTER, ON_PLAY
from gateruler.models import CardDef, CostModel
from gateruler.vocabulary import CardType, SpecialRuleKind

UNIT_SLOTS = (ATTACK_LEFT, ATTACK_RIGHT, DEFENSE)

# Values are in expected damage-zone cards, scaled by how near each side is to losing;
# the numbers they are made of are named in bots/weights.py.
HAND_SET = Weights()  # the greedy bot's own weights
MAX_PLAN_ITEMS = 8  # candidate plays a main-phase plan chooses among
MAX_PLAN_SIZE = 4  # plays in one plan
PLAYS = (Summon, PlayEvent, PlayField, Discount)  # the actions a main-phase plan is made of
ENEMY_UNIT_TARGETS = frozenset({"enemy_unit", "any_unit", "all_enemy_units", "all_units"})
HARMFUL = frozenset({"damage", "destroy", "move", "remove"})
_SHAPES = {
    (Chosen, "enemy"): "enemy_unit",
    (Chosen, "own"): "own_unit",
    (Chosen, "any"): "any_unit",
    (Every, "enemy"): "all_enemy_units",
    (Every, "own"): "all_own_units",
    (Every, "any"): "all_units",
}


def target_shape(target: object) -> str:
    """The target word a target acts like, for the heuristic: its own word, or the word a filter
    mapping on the board resembles ("all_own_units" for `{all: {side: own, attribute: Beast}}`)."""
    if target is None:
        return ""
    word = getattr(target, "word", "")
    if word:
        return word
    if type(target) in (Chosen, Every) and target.category == UNIT:
        return _SHAPES[(type(target), target.filter.side)]
    return ""


def _reaches(target: object, game: Game, side: int, iid: int, slot: int) -> bool:
    """Whether a unit target's filter takes in the unit in `slot` of `side` (for the player's card)."""
    f = getattr(target, "filter", None)
    return f is None or f.matches(game, PLAYER, side, iid, slot)


class CardFacts:
    """The numbers and flags of one card the heuristic reads, without enum look-ups."""

    __slots__ = (
        "id",
        "is_unit",
        "is_event",
        "is_field",
        "level",
        "atk",
        "hp",
        "stk",
        "intercept",
        "counter",
        "attackable",
        "dormant",
        "pierce",
        "has_cnt",
        "cnt_harm",
        "on_play",
        "on_enter",
        "entry",
        "wipes",
    )

    def __init__(self, card: CardDef) -> None:
        kw = card.keywords
        self.id = card.id
        self.is_unit = card.type is CardType.UNIT
        self.is_event = card.type is CardType.EVENT
        self.is_field = card.type is CardType.FIELD
        self.level = card.level
        self.atk = card.atk or 0
        self.hp = card.hp or 0
        self.stk = card.stk or 0
        self.intercept = INTERCEPT in kw
        self.counter = COUNTERATTACK in kw
        self.attackable = CANNOT_BE_ATTACKED not in kw
        self.dormant = DORMANT in kw
        self.pierce = PIERCE in kw
        self.has_cnt = card.has_cnt
        self.cnt_harm = _cnt_harm(card)
        self.on_play = tuple(e for a in card.abilities_for(ON_PLAY) for e in a.effects)
        self.on_enter = tuple(e for a in card.abilities_for(ON_ENTER) for e in a.effects)
        self.entry = (
            self.hp,
            self.atk,
            self.intercept,
            self.counter,
            self.attackable,
        )  # as a fresh unit on a board (`rift_attacks`)
        # entering, it destroys every unit of the other side (levels 4 and 5's dragons)
        self.wipes = self.is_unit and any(
            e.kind == "destroy" and target_shape(e.target) == "all_enemy_units" for e in self.on_enter
        )


_tables: IdentityMemo[tuple, list[CardFacts]] = IdentityMemo(32)
_by_card: IdentityMemo[CardDef, CardFacts] = IdentityMemo(4096)


def card_facts(game: Game) -> list[CardFacts]:
    """Facts for every instance id of the game (shared by all its copies and views)."""
    return _tables.get(game.setup.defs, lambda defs: [_by_card.get(d, CardFacts) for d in defs])


def _cnt_harm(card: CardDef) -> float:
    """How much this card's CNT hurts the enemy when it is checked (the rift's backlash)."""
    harm = 0.0
    for ability in card.abilities_for(CNT):
        effects = list(ability.effects)
        if any(e.kind == "reuse_on_enter" for e in effects):
            effects += [e for a in card.abilities_for(ON_ENTER) for e in a.effects]
        for e in effects:
            shape = target_shape(e.target)
            if e.kind == "damage" and shape == "enemy_ruler":
                harm += e.amount
            elif e.kind in ("damage", "destroy") and shape in ENEMY_UNIT_TARGETS:
                harm += 1.0
    return harm


@functools.lru_cache(maxsize=8192)
def _at_least(k: int, draws: int, good: int, total: int) -> float:
    """P(at least k good cards among `draws` drawn from `total`): the lethal chance."""
    draws = min(draws, total)
    if k > draws or k > good:
        return 0.0
    return sum(comb(good, i) * comb(total - good, draws - i) for i in range(k, draws + 1)) / comb(total, draws)


class DeckSums:
    """Sums over a deck's cards (integers, so they add and subtract exactly)."""

    __slots__ = ("cards", "cnt", "harm", "units", "atk", "stk", "hp", "wipers")

    def __init__(self) -> None:
        self.cards = self.cnt = self.units = self.wipers = 0
        self.harm = self.atk = self.stk = self.hp = 0.0

    def add(self, facts: list[CardFacts], iids: object, sign: int = 1) -> None:
        for iid in iids:  # type: ignore[attr-defined]
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


_packs: IdentityMemo[list, list[int] | None] = IdentityMemo(32)


def _packed_cards(cards: list[CardFacts]) -> list[int] | None:
    """Every card's packed share (`_pack`), or None if some card's cannot be packed."""
    packs = [_pack(c) for c in cards]
    return None if None in packs else packs  # type: ignore[return-value]


def _deck_sums(cards: list[CardFacts], deck: list[int]) -> DeckSums:
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


class DeckOdds:
    """What the contents of both decks say (never their order): the rift's CNT share and
    backlash, its average new unit, and the player's own CNT share."""

    __slots__ = ("rift_cards", "rift_hits", "harm_rate", "new_atk", "new_stk", "new_hp", "our_hit_rate", "rift_wipers")

    def __init__(self, rift: DeckSums, ours: DeckSums) -> None:
        n = rift.cards
        units = rift.units
        self.rift_cards = n
        self.rift_hits = n - rift.cnt
        self.harm_rate = rift.harm / n if n else 0.0
        self.new_atk = rift.atk / units if units else 0.0
        self.new_stk = rift.stk / units if units else 0.0
        self.new_hp = rift.hp / units if units else 0.0
        self.rift_wipers = rift.wipers
        our_n = ours.cards
        self.our_hit_rate = (our_n - ours.cnt) / our_n if our_n else 1.0


# id(defs) -> (defs, rift deck, its sums, our deck, its sums, odds): the last decks seen in each game
_ODDS: dict[int, tuple[tuple, list[int], DeckSums, list[int], DeckSums, DeckOdds]] = {}


def deck_odds(game: Game, cards: list[CardFacts]) -> DeckOdds:
    """The decks' odds: those of the last decks seen in this game while they are unchanged
    (most decisions), else from the sums of the deck that changed (`_deck_sums`: one C-level
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
            rift_sums = _deck_sums(cards, rift_deck)
            rift_before = rift_deck[:]
        if not our_same:
            our_sums = _deck_sums(cards, our_deck)
            our_before = our_deck[:]
    else:
        rift_sums, rift_before = _deck_sums(cards, rift_deck), rift_deck[:]
        our_sums, our_before = _deck_sums(cards, our_deck), our_deck[:]
    odds = DeckOdds(rift_sums, our_sums)
    if len(_ODDS) >= 64:
        _ODDS.clear()
    _ODDS[id(defs)] = (defs, rift_before, rift_sums, our_before, our_sums, odds)
    return odds


_sacrificers: IdentityMemo[object, frozenset[str]] = IdentityMemo()


def _sacrifice_ids(level: object) -> frozenset[str]:
    """The rift cards whose rule destroys a player unit at the start of the rift's turn (level 2's End)."""
    return _sacrificers.get(
        level, lambda lv: frozenset(str(r.param("card")) for r in lv.rules_of(SpecialRuleKind.SACRIFICE_AT_START))
    )


_ATTACKS: dict[tuple, float] = {}  # rift_attacks' answers: it is a pure function, asked the same again and again


def rift_attacks(
    attackers: tuple[tuple, ...], sacrifice: bool, left: tuple | None, right_there: bool, defense: tuple | None
) -> float:
    """Damage checks the rift's next attacks deal the player's ruler (before the player's CNT).

    `attackers` are (atk, stk, pierce, hp left or 0 for a ruler) in the order
    they attack; the player's units are (hp left, atk, intercept,
    counterattack, attackable) or None.  Every attack goes to the left unit,
    then the defense unit, then the ruler, never the right attack unit; a
    unit with pierce that destroys the defense unit also hits the ruler; an
    intercepting unit kills a weak attacker before it deals damage.  With
    `sacrifice` (level 2's End), the player's first unit (left, right,
    defense) is destroyed before the attacks: the right unit matters only then."""
    board = (left, None, defense)
    hp = [left[0] if left else 0, 0, defense[0] if defense else 0]
    alive = [left[4] if left else False, False, defense[4] if defense else False]
    if sacrifice:  # End's rule destroys a player unit before the attacks
        if left is not None:
            alive[ATTACK_LEFT] = False
        elif not right_there and defense is not None:
            alive[DEFENSE] = False
    face = 0.0
    for atk, stk, pierce, attacker_hp in attackers:
        target = ATTACK_LEFT if alive[ATTACK_LEFT] else DEFENSE if alive[DEFENSE] else RULER
        if target == RULER:
            face += stk
            continue
        b = board[target]
        if b[2] and attacker_hp and b[1] >= attacker_hp:
            continue  # intercepted: the attacking unit dies before it deals damage
        hp[target] -= atk
        if hp[target] <= 0:
            alive[target] = False
            if target == DEFENSE and pierce:
                face += stk
    return face


def _remembered_attacks(
    attackers: tuple[tuple, ...], sacrifice: bool, left: tuple | None, right: tuple | None, defense: tuple | None
) -> float:
    """`rift_attacks`, remembered (the right unit is part of the question only with `sacrifice`)."""
    key = (attackers, sacrifice, left, sacrifice and right is not None, defense)
    face = _ATTACKS.get(key)
    if face is None:
        if len(_ATTACKS) >= 100_000:
            _ATTACKS.clear()
        face = _ATTACKS[key] = rift_attacks(attackers, sacrifice, left, right is not None, defense)
    return face


class Facts:
    """What one decision needs: deck odds, race weights, the rift's attackers (worked out when first asked)."""

    __slots__ = (
        "game",
        "w",
        "cards",
        "rift_cards",
        "rift_hits",
        "rift_left",
        "our_hit_rate",
        "backlash",
        "off",
        "dfn",
        "new_atk",
        "new_stk",
        "new_hp",
        "_attackers",
        "_sacrifice_due",
        "lines_open",
        "sacrifice_ids",
        "_face",
        "_kill",
        "keep",
    )

    def __init__(self, game: Game, weights: Weights = HAND_SET) -> None:
        self.game = game
        self.w = weights
        cards = self.cards = card_facts(game)
        odds = deck_odds(game, cards)
        rift = game.sides[INVADER]
        ours = game.sides[PLAYER]
        rift_life = game.life(INVADER)
        our_life = game.life(PLAYER)
        self.rift_cards = odds.rift_cards
        self.rift_hits = odds.rift_hits
        self.rift_left = max(1, rift_life - len(rift.damage_zone))
        self.our_hit_rate = odds.our_hit_rate
        our_left = max(1, our_life - len(ours.damage_zone))
        self.off = rift_life / self.rift_left
        self.dfn = our_life / our_left
        self.backlash = odds.harm_rate * self.dfn * self.our_hit_rate * weights.backlash
        self.new_atk = odds.new_atk
        self.new_stk = odds.new_stk
        self.new_hp = odds.new_hp
        self.keep = 1.0  # the chance the player's units survive until the rift's attacks, as far as a weight counts it
        if weights.wipe_risk and odds.rift_wipers:
            chance = _at_least(1, game.setup.level.drives_per_turn, odds.rift_wipers, odds.rift_cards)
            self.keep = 1.0 - weights.wipe_risk * chance
        self._face: dict[int, float] = {}
        self._kill: dict[int, float] = {}  # a Facts is made for one decision: the rift's board does not change under it
        self._attackers: tuple[tuple, ...] | None = None
        self._sacrifice_due: bool | None = None
        self.sacrifice_ids = _sacrifice_ids(game.setup.level)
        board = rift.board
        self.lines_open = board[0] is None or board[1] is None or board[2] is None

    @property
    def attackers(self) -> tuple[tuple, ...]:
        """The rift's next attackers: its left and right units (a new average unit where a
        slot is empty: the drives fill it first), then its ruler."""
        if self._attackers is None:
            self._attackers = self._attackers_with(None)
        return self._attackers

    def _attackers_with(self, killed: int | None) -> tuple[tuple, ...]:
        """The rift's next attackers if its unit in `killed` were gone (None: as they are)."""
        game = self.game
        rift = game.sides[INVADER]
        cards = self.cards
        attackers = []
        for slot in (ATTACK_LEFT, ATTACK_RIGHT):
            u = rift.board[slot]
            if u is None or slot == killed:
                attackers.append((self.new_atk, self.new_stk, False, self.new_hp))
            elif not cards[u.iid].dormant:
                attackers.append(
                    (
                        game.atk(INVADER, slot),
                        game.stk(INVADER, slot),
                        cards[u.iid].pierce,
                        game.hp(INVADER, slot) - u.damage,
                    )
                )
        ruler_pierce = PIERCE in game.keywords(INVADER, RULER)
        attackers.append((game.atk(INVADER, RULER), game.stk(INVADER, RULER), ruler_pierce, 0))
        return tuple(attackers)

    def shield_from_kill(self, slot: int) -> float:
        """How many fewer expected damage-zone cards the rift's next attacks deal the player's
        board as it is if its attacker in `slot` is killed now (an average unit takes its place)."""
        left, right, defense = self.our_board()
        sacrifice = self.sacrifice_due
        now = _remembered_attacks(self.attackers, sacrifice, left, right, defense)
        after = _remembered_attacks(self._attackers_with(slot), sacrifice, left, right, defense)
        return (now - after) * self.our_hit_rate

    @property
    def sacrifice_due(self) -> bool:
        """Whether the rift's rule will destroy a player unit before its next attacks."""
        if self._sacrifice_due is None:
            cards = self.cards
            self._sacrifice_due = bool(self.sacrifice_ids) and any(
                u is not None and cards[u.iid].id in self.sacrifice_ids for u in self.game.sides[INVADER].board
            )
        return self._sacrifice_due

    def face(self, stk: int) -> float:
        """Value of `stk` damage checks on the rift: expected hits, backlash, lethal chance."""
        cached = self._face.get(stk)
        if cached is not None:
            return cached
        value = 0.0
        if stk > 0 and self.rift_cards:
            hits = stk * self.rift_hits / self.rift_cards
            value = min(hits, self.rift_left) * self.off - stk * self.backlash
            value += self.w.lethal * _at_least(self.rift_left, stk, self.rift_hits, self.rift_cards)
        self._face[stk] = value
        return value

    def remaining_hp(self, side: int, slot: int) -> int:
        return self.game.hp(side, slot) - self.game.sides[side].board[slot].damage

    def incoming(self, board: list[tuple | None]) -> float:
        """Expected damage checks on the player from the rift's next attacks against `board`,
        the player's (left, right, defense), each None or (hp left, atk, intercept,
        counterattack, attackable) (see `rift_attacks`)."""
        return self.incoming_at(board[ATTACK_LEFT], board[ATTACK_RIGHT], board[DEFENSE])

    def incoming_at(self, left: tuple | None, right: tuple | None, defense: tuple | None) -> float:
        """`incoming` with the board's three slots given one by one."""
        attackers = self._attackers
        if attackers is None:
            attackers = self.attackers
        return _remembered_attacks(attackers, self.sacrifice_due, left, right, defense) * self.our_hit_rate

    def our_board(self) -> list[tuple | None]:
        game = self.game
        board: list[tuple | None] = []
        for slot in UNIT_SLOTS:
            u = game.sides[PLAYER].board[slot]
            if u is None:
                board.append(None)
            else:
                c = self.cards[u.iid]
                board.append(
                    (game.hp(PLAYER, slot) - u.damage, game.atk(PLAYER, slot), c.intercept, c.counter, c.attackable)
                )
        return board

    def kill_value(self, slot: int) -> float:
        """What removing the rift's unit in `slot` is worth, beyond opening a line.

        An attacker is replaced by an average unit at the next drive, so a kill
        is worth the difference; End (level 2) costs the player a unit a turn."""
        cached = self._kill.get(slot)
        if cached is not None:
            return cached
        game = self.game
        w = self.w
        u = game.sides[INVADER].board[slot]
        value = w.kill_base
        if slot != DEFENSE:
            value += w.kill_atk * (game.atk(INVADER, slot) - self.new_atk) * self.dfn / 3
            value += w.kill_stk * (game.stk(INVADER, slot) - self.new_stk) * self.dfn
            value += w.kill_attacker * self.dfn
            if w.kill_shield:
                value += w.kill_shield * self.shield_from_kill(slot) * self.dfn
        if self.cards[u.iid].id in self.sacrifice_ids:
            value += w.kill_sacrificer * self.dfn
        self._kill[slot] = value
        return value

    def ready_face(self) -> float:
        """Face damage the player's ready attackers could deal this turn through an open line."""
        game = self.game
        total = 0.0
        for slot in (ATTACK_LEFT, ATTACK_RIGHT, RULER):
            if _can_attack_now(game, slot):
                total += self.face(game.stk(PLAYER, slot))
        return total

    # -------------------------------------------------------------- effects of the player's cards
    def effect_value(self, effect: Any, face_ready: float) -> float:
        """Rough worth of one effect of the player's card resolving now.

        A new effect word is valued here, in one more branch (or is worth 0)."""
        game = self.game
        w = self.w
        kind, target = effect.kind, effect.target
        shape = target_shape(target)
        if kind == "draw":
            return w.draw * effect.amount if shape == "controller" else -w.opponent_draw * effect.amount
        if kind == "mill":
            return w.mill * effect.amount if shape == "opponent" else -w.self_mill * effect.amount
        if kind == "damage" and shape == "enemy_ruler":
            return self.face(effect.amount)
        if kind == "damage" and shape == "own_ruler":
            return -effect.amount * self.our_hit_rate * self.dfn * w.self_damage
        if kind in HARMFUL and shape in ENEMY_UNIT_TARGETS:
            values = []
            for slot in UNIT_SLOTS:
                u = game.sides[INVADER].board[slot]
                if u is None or not _reaches(target, game, INVADER, u.iid, slot):
                    continue
                rem = self.remaining_hp(INVADER, slot)
                if kind == "damage":
                    kills = effect.amount >= rem
                else:
                    max_level = getattr(effect, "max_level", None)
                    kills = max_level is None or self.cards[u.iid].level <= max_level
                v = self.kill_value(slot)
                if kills:
                    values.append(v + (0.0 if self.lines_open else face_ready))
                elif kind == "damage":
                    values.append(w.chip * v * effect.amount / max(1, rem))
            if not values:
                return 0.0
            if shape == "all_enemy_units":
                return sum(values)
            if shape == "all_units":
                return sum(values) - w.friendly_fire * sum(1 for u in game.sides[PLAYER].board if u is not None)
            return max(values)
        if kind == "split_damage":
            places = [p for p in target.filter.places(game, PLAYER) if p[0] == INVADER]
            if not places:
                return 0.0
            return max(self.split_value(option, face_ready) for option in distributions(places, effect.amount))
        if kind == "modify":
            gain = w.buff_atk * effect.atk + w.buff_hp * effect.hp + w.buff_stk * effect.stk
            if shape == "all_own_units":
                board = game.sides[PLAYER].board
                return gain * sum(
                    1
                    for slot in UNIT_SLOTS
                    if board[slot] is not None and _reaches(target, game, PLAYER, board[slot].iid, slot)
                )
            if shape in ("own_unit", "self", "own_ruler"):
                return gain
            if shape in ("enemy_unit", "all_enemy_units", "enemy_ruler"):
                return -gain
            return 0.0
        if kind == "destroy_set_cards" and shape == "own_set_zones":
            return -w.own_set_card
        if kind == "search":
            return w.draw * effect.count if effect.to == "hand" else 1.0 if effect.to == "field" else 0.0
        if kind == "look":
            return 0.5 * w.draw * effect.take if effect.to == "hand" else 0.3
        if kind == "add_soul":
            return 0.1 * effect.count
        if kind == "special_summon":
            units = [self.cards[iid] for _, _, iid in target.filter.places(game, PLAYER) if self.cards[iid].is_unit]
            return max((1.0 + 0.1 * (c.atk + c.hp) + 0.3 * c.stk for c in units), default=0.0)
        return 0.0

    def split_value(
        self, option: Split, face_ready: float = 0.0, battle: Battle | None = None, carry: bool = False
    ) -> float:
        """Worth of one way of splitting damage: kills, chip damage, harm to our own units.

        `battle`: the player's attack waiting to be fought (the split of an
        on_attack ability); `carry`: destroying its target sends the attack on
        to the rift itself."""
        game = self.game
        value = 0.0
        for side, slot, amount in option.parts:
            rem = self.remaining_hp(side, slot)
            if side == PLAYER:
                value -= (0.3 * rem + 0.3 * game.atk(PLAYER, slot)) * min(amount, rem) / max(1, rem)
                continue
            kv = self.kill_value(slot)
            target = battle.target if battle is not None else -1
            if amount >= rem:
                value += kv + (0.0 if self.lines_open else face_ready)
                if carry and slot == target:
                    value += self.face(game.stk(PLAYER, battle.attacker))
            elif slot == target and amount + game.atk(PLAYER, battle.attacker) >= rem:
                value += kv + 0.5  # together with the attack it dies
            else:
                value += self.w.chip * kv * amount / max(1, rem)
        return value

    def effects_value(self, effects: tuple[Any, ...], face_ready: float) -> float:
        total = 0  # as sum() adds: from 0, left to right (without a generator: this is asked often)
        for e in effects:
            total += self.effect_value(e, face_ready)
        return total

    def new_units_share(self, effects: tuple[Any, ...]) -> float:
        """What effects that change every own unit (a team buff) are worth more for each unit
        summoned before them this turn (0 unless the `buff_new_units` weight says otherwise)."""
        w = self.w
        if not w.buff_new_units:
            return 0.0
        share = 0.0
        for e in effects:
            if e.kind == "modify" and target_shape(e.target) == "all_own_units":
                share += (w.buff_atk * e.atk + w.buff_hp * e.hp + w.buff_stk * e.stk) * w.buff_new_units
        return share


def _can_attack_now(game: Game, slot: int) -> bool:
    if slot == RULER:
        return game.can_attack(PLAYER, RULER)
    return (
        slot < game.setup.ruler.attack_zones
        and game.sides[PLAYER].board[slot] is not None
        and game.can_attack(PLAYER, slot)
    )


# ---------------------------------------------------------------------- main phase


class _Item:
    """One card the main-phase plan may play."""

    __slots__ = ("iid", "cost", "action", "value", "card", "per_unit")

    def __init__(
        self, iid: int, cost: int, action: Action | None, value: float, card: CardFacts, per_unit: float = 0.0
    ) -> None:
        self.iid = iid
        self.cost = cost
        self.action = action  # None for a unit: its slot is chosen with the others
        self.value = value
        self.card = card
        self.per_unit = per_unit  # what it is worth more for each unit the plan summons (a buff played after them)


def _plan_items(
    game: Game,
    facts: Facts,
    legal: list[Action],
    energy: int,
    summons_left: int,
    face_ready: float,
    offers: dict[int, int],
) -> list[_Item]:
    """What a main-phase plan chooses among: each playable card once (copies of a card in a
    zone are one choice), with its energy cost and, for a card that needs no slot, its value.

    A new kind of play (an `Activate` action, an alternative cost...) is one
    more branch here: an `_Item` with its energy cost, the action and what it
    is worth; the plan's search does the rest."""
    side = game.sides[PLAYER]
    cards = facts.cards
    w = facts.w
    free = game.setup.ruler.cost_model is CostModel.FREE
    playable: dict[int, Action] = {}
    summonable: set[int] = set()
    for a in legal:
        if type(a) is Summon:
            summonable.add(a.card)
        elif type(a) is PlayEvent or type(a) is PlayField:
            playable[a.card] = a
    items: list[_Item] = []
    seen_units: set[str] = set()
    for zone in (side.hand, side.drive, side.set_zones):
        first_of: dict[str, int] = {}  # legal_actions names the first copy of a card in a zone
        for iid in zone:
            if iid is None:
                continue
            c = cards[iid]
            rep = first_of.setdefault(c.id, iid) if zone is not side.set_zones else iid
            cost = offers.get(rep, 0 if free else max(c.level, 0))
            if cost > energy:
                continue
            if c.is_unit:
                # Copies are interchangeable and one plan summons one of them: the next plan sees the rest.
                if (rep in summonable or rep in offers) and summons_left > 0 and c.id not in seen_units:
                    seen_units.add(c.id)
                    items.append(_Item(rep, cost, None, 0.0, c))
            elif rep in playable or rep in offers:
                if c.is_event:
                    value = facts.effects_value(c.on_play, face_ready)
                else:
                    value = w.field + facts.effects_value(c.on_enter, face_ready)
                per_unit = facts.new_units_share(c.on_play) if c.is_event else 0.0
                if value > w.min_play or per_unit > 0:
                    items.append(
                        _Item(rep, cost, Discount(rep) if rep in offers else playable[rep], value, c, per_unit)
                    )
    return items


def main_plan(game: Game, facts: Facts, legal: list[Action]) -> list[Action]:
    """The best set of plays for this main phase, in the order to make them.

    Every subset of the best few playable cards that the energy and the
    summon right allow is tried; units are placed in the slots that best
    shield the player's ruler from the rift's next attacks."""
    side = game.sides[PLAYER]
    ruler = game.setup.ruler
    energy = side.energy_ready
    summons_left = 99 if ruler.summon_cap is None else ruler.summon_cap - side.summons
    face_ready = facts.ready_face()
    offers = greedy_abilities.discount_offers(game, facts, legal, energy) if game.setup.has_discount else {}
    items = _plan_items(game, facts, legal, energy, summons_left, face_ready, offers)
    if not items:
        return []
    items.sort(key=lambda it: (-(it.value if it.action is not None else it.card.atk + it.card.hp), it.cost, it.iid))
    del items[MAX_PLAN_ITEMS:]

    board = facts.our_board()
    base = facts.incoming(board)
    slots = game.setup.summon_slots
    unit_worth = {it.iid: _unit_worth(facts, it.card, slots, board, face_ready) for it in items if it.action is None}
    max_units = min(summons_left, len(slots))
    n = len(items)
    # the cheapest play from each index on: a set that cannot afford it stops growing there
    cheapest = [0] * (n + 1)
    cheapest[n] = energy + 1
    for i in range(n - 1, -1, -1):
        cheapest[i] = min(items[i].cost, cheapest[i + 1])
    placer = _Placer(facts, board, base, slots, unit_worth)
    best_value = 0.0
    best: tuple[tuple[_Item, ...], tuple[_Item, ...]] | None = None  # the best set so far and its units
    chosen: list[_Item] = []

    def extend(start: int, cost: int, units: tuple[_Item, ...], placed: float, events: float, per_unit: float) -> None:
        """Every affordable set of at most MAX_PLAN_SIZE plays, each set once; `events` is what
        the chosen events are worth, `per_unit` what they add per unit summoned, `units` the
        chosen units and `placed` what their best placement is worth."""
        nonlocal best_value, best
        for i in range(start, n):
            it = items[i]
            total = cost + it.cost
            if total > energy:
                continue
            if it.action is None:
                if len(units) >= max_units:
                    continue
                now_units = units + (it,)
                now_events = events
                now_per_unit = per_unit
                now_placed = placer.best(now_units)
                value = now_placed + events
            else:
                now_units = units
                now_placed = placed
                now_events = events + it.value
                now_per_unit = per_unit + it.per_unit
                value = placed + now_events
            if now_per_unit:
                value += now_per_unit * len(now_units)
            chosen.append(it)
            if value > best_value + 1e-9:
                best_value = value
                best = (tuple(chosen), now_units)
            if len(chosen) < MAX_PLAN_SIZE and total + cheapest[i + 1] <= energy:
                extend(i + 1, total, now_units, now_placed, now_events, now_per_unit)
            chosen.pop()

    extend(0, 0, (), 0.0, 0, 0.0)
    if best is None:
        return []
    plays, units = best
    # buffs that count the new units come after them; every other event first
    plan = [c.action for c in plays if c.action is not None and not c.per_unit]
    plan += placer.placement(units)
    plan += [c.action for c in plays if c.action is not None and c.per_unit]
    return greedy_abilities.as_discount(plan, offers) if offers else plan


class _Placer:
    """The best slots for each set of units a plan tries (each set worked out once): their own
    worth plus the face damage they save the player's ruler from the rift's next attacks."""

    __slots__ = ("facts", "board", "base", "slots", "worth", "_best", "_where", "shield", "_saved")

    def __init__(
        self,
        facts: Facts,
        board: list[tuple | None],
        base: float,
        slots: tuple[int, ...],
        worth: dict[int, dict[int, float]],
    ) -> None:
        self.facts = facts
        self.board = board
        self.base = base
        self.slots = slots
        self.worth = worth
        self._best: dict[tuple[_Item, ...], float] = {}
        self._where: dict[tuple[_Item, ...], tuple[int, ...]] = {}
        self.shield = facts.dfn * facts.w.shield * facts.keep
        self._saved: dict[tuple[int, int, int], float] = {}  # ids of a board's (left, right, defense) -> `_saving`

    def best(self, units: tuple[_Item, ...]) -> float:
        """The value of the best placement of `units` (at least one)."""
        value = self._best.get(units)
        if value is not None:
            return value
        best_value = -1e9
        best: tuple[int, ...] = ()
        saved_by = self._saved
        b0, b1, b2 = self.board
        if len(units) == 1:  # the common case, without the permutations' bookkeeping (the same sums in the same order)
            entry = units[0].card.entry
            worth = self.worth[units[0].iid]
            for slot in self.slots:
                if slot == ATTACK_LEFT:
                    left, right, defense = entry, b1, b2
                elif slot == DEFENSE:
                    left, right, defense = b0, b1, entry
                else:
                    left, right, defense = b0, entry, b2
                saved = saved_by.get((id(left), id(right), id(defense)))
                if saved is None:
                    saved = self._saving(left, right, defense)
                value = 0.0 + worth[slot]
                value += saved
                if value > best_value:
                    best_value = value
                    best = (slot,)
        else:
            entries = [it.card.entry for it in units]
            worths = [self.worth[it.iid] for it in units]
            for chosen in _permutations(self.slots, len(units)):
                board = [b0, b1, b2]
                value = 0.0
                for entry, worth, slot in zip(entries, worths, chosen):
                    board[slot] = entry
                    value += worth[slot]
                left, right, defense = board
                saved = saved_by.get((id(left), id(right), id(defense)))
                if saved is None:
                    saved = self._saving(left, right, defense)
                value += saved
                if value > best_value:
                    best_value = value
                    best = chosen
        self._best[units] = best_value
        self._where[units] = best
        return best_value

    def _saving(self, left: tuple | None, right: tuple | None, defense: tuple | None) -> float:
        """What the board (`left`, `right`, `defense`) is worth in face damage saved against the
        rift's next attacks, next to the board as it is; remembered by the identities of its
        parts (the board's and the cards' tuples outlive the placer)."""
        facts = self.facts
        face = _remembered_attacks(facts.attackers, facts.sacrifice_due, left, right, defense)
        saved = self._saved[id(left), id(right), id(defense)] = (self.base - face * facts.our_hit_rate) * self.shield
        return saved

    def placement(self, units: tuple[_Item, ...]) -> list[Action]:
        """The summons of the best placement of `units` (after `best`)."""
        if not units:
            return []
        return [summon_action(it.iid, slot) for it, slot in zip(units, self._where[units])]


def _unit_worth(
    facts: Facts, card: CardFacts, slots: tuple[int, ...], board: list[tuple | None], face_ready: float
) -> dict[int, float]:
    """A unit's worth in each slot, apart from shielding: its attacks, its entry effect, staying power."""
    w = facts.w
    entering = facts.effects_value(card.on_enter, face_ready) + w.unit_hp * card.hp
    attacking = None
    worth = {}
    for slot in slots:
        value = entering
        if slot != DEFENSE and not card.dormant:
            if attacking is None:
                per_turn = facts.face(card.stk) if facts.lines_open else w.closed_line_atk * card.atk / 3
                attacking = per_turn * (1.0 + w.future_turns * facts.keep) * w.attack_share + w.unit_atk * card.atk
            value += attacking
        old = board[slot]
        if old is not None:
            # Summoning over a unit throws it away: only worth it for a nearly spent one.
            value -= w.replaced_hp * old[0] + w.replaced_atk * old[1] + w.replaced_unit
        worth[slot] = value
    return worth


@functools.cache
def _permutations(slots: tuple[int, ...], k: int) -> tuple[tuple[int, ...], ...]:
    return tuple(itertools.permutations(slots, k))


# ---------------------------------------------------------------------- attack phase


def attack_choice(game: Game, facts: Facts, legal: list[Action]) -> Action | None:
    """The next attack, or None to stop attacking."""
    attacks = [a for a in legal if type(a) is Attack]
    if not attacks:
        return None
    attackers = sorted({a.attacker for a in attacks})
    targets = sorted({a.target for a in attacks})
    face_of = {a: facts.face(game.stk(PLAYER, a)) for a in attackers}
    atk_of = {a: game.atk(PLAYER, a) for a in attackers}
    cards = facts.cards
    w = facts.w

    def pierces(attacker: int) -> bool:
        if game.setup.has_grants:  # a keyword may be granted (a ruler's pierce, say)
            return PIERCE in game.keywords(PLAYER, attacker)
        return attacker != RULER and cards[game.sides[PLAYER].board[attacker].iid].pierce

    losses: dict[tuple[int, int], float] = {}

    def reaction_loss(attacker: int, slot: int) -> float:
        """What our unit loses to intercept / counterattack (rulers take neither), remembered."""
        loss = losses.get((attacker, slot))
        if loss is None:
            loss = losses[attacker, slot] = _reaction_loss(attacker, slot)
        return loss

    def _reaction_loss(attacker: int, slot: int) -> float:
        if attacker == RULER:
            return 0.0
        c = cards[game.sides[INVADER].board[slot].iid]
        if not (c.intercept or c.counter):
            return 0.0
        if not c.intercept and atk_of[attacker] >= facts.remaining_hp(INVADER, slot):
            return 0.0  # killed before it can counterattack
        back = game.atk(INVADER, slot)
        if back >= facts.remaining_hp(PLAYER, attacker):
            return w.lost_attacker + w.lost_attacker_stats * (atk_of[attacker] + game.hp(PLAYER, attacker))
        return w.reaction_damage * back

    if RULER in targets:
        # A line is open: face damage, unless a kill is worth more than the attacker's face.
        best_value = 0.0
        best: Action | None = None
        for a in attacks:
            if a.target == RULER:
                v = face_of[a.attacker]
            else:
                rem = facts.remaining_hp(INVADER, a.target)
                kv = facts.kill_value(a.target)
                kills = atk_of[a.attacker] >= rem
                v = kv if kills else w.chip * kv * atk_of[a.attacker] / max(1, rem)
                if kills and a.target == DEFENSE and pierces(a.attacker):
                    v += face_of[a.attacker]
                v -= reaction_loss(a.attacker, a.target)
            if v > best_value + 1e-9:
                best_value, best = v, a
        return best
    # No open line: open one as cheaply as possible, then the rest go face.
    best_plan = -1e9
    best_first: Action | None = None
    for t in targets:
        rem = facts.remaining_hp(INVADER, t)
        kv = facts.kill_value(t)
        for size in range(1, len(attackers) + 1):
            for group in itertools.permutations(attackers, size):
                total = sum([atk_of[a] for a in group])
                if total < rem or total - atk_of[group[-1]] >= rem:
                    continue  # does not kill, or kills without its last member
                rest = sum([face_of[a] for a in attackers if a not in group])
                v = kv + rest - sum([reaction_loss(a, t) for a in group])
                if t == DEFENSE and pierces(group[-1]):
                    v += face_of[group[-1]]
                if v > best_plan:
                    best_plan = v
                    # strike first with the member whose face damage matters least
                    best_first = attack_action(min(group, key=lambda a: (face_of[a], -atk_of[a], a)), t)
    if best_first is not None:
        return best_first

    # Nothing opens a line this turn: chip at the unit closest to dying.
    def chip(a: Attack) -> tuple:
        return (
            reaction_loss(a.attacker, a.target) > 0.5,
            facts.remaining_hp(INVADER, a.target),
            -facts.kill_value(a.target),
            a.attacker,
            a.target,
        )

    return min(attacks, key=chip)


# ---------------------------------------------------------------------- choosing a target


def choose_target(game: Game, facts: Facts, options: list[Choose]) -> Choose:
    """Where the player's pending effect lands: kill what it can, help the attack in progress."""
    effect = game.pending.subject(game)
    harmful = effect.kind in HARMFUL or (effect.kind == "modify" and effect.atk + effect.hp + effect.stk < 0)
    battle = game.pending_battle(PLAYER)

    def score(c: Choose) -> float:
        if c.side == PLAYER:
            u = game.sides[PLAYER].board[c.slot]
            worth = 0.3 * facts.remaining_hp(PLAYER, c.slot) + 0.3 * game.atk(PLAYER, c.slot)
            if harmful:
                return -worth
            return 0.1 * worth + (1.0 if c.slot != DEFENSE and not u.rested else 0.5)
        if not harmful:
            return -5.0
        rem = facts.remaining_hp(INVADER, c.slot)
        amount = effect.amount if effect.kind == "damage" else rem
        kv = facts.kill_value(c.slot)
        value = kv if amount >= rem else facts.w.chip * kv * amount / max(1, rem)
        if battle is not None:
            attacker, target = battle.attacker, battle.target
            if target != RULER and game.sides[INVADER].board[target] is not None:
                atk = game.atk(PLAYER, attacker)
                if c.slot == target and amount < rem <= amount + atk:
                    value = kv + 0.5  # together with the attack it dies
                elif c.slot != target and atk >= facts.remaining_hp(INVADER, target):
                    value += 0.3  # the attack kills its own target anyway
        return value

    return max(options, key=lambda c: (score(c), -c.side, -c.slot))


def choose_split(game: Game, facts: Facts, options: list[Split]) -> Split:
    """How the player divides damage: kill what it can, else the biggest threat; with an attack waiting,
    finish its target together with it, or destroy it outright when that carries the attack on to the rift."""
    battle = game.pending_battle(PLAYER)
    if battle is not None and (battle.target == RULER or game.sides[INVADER].board[battle.target] is None):
        battle = None
    ability = game.setup.defs[game.pending.source].abilities[game.pending.ability]
    carry = any(e.kind == "carry_through" for e in ability.effects)
    return max(options, key=lambda o: facts.split_value(o, 0.0, battle, carry))


# ---------------------------------------------------------------------- the bot


def _turn_key(game: Game) -> tuple:
    """What a main-phase plan depends on; when it is unchanged but for the plan's own step, the plan stands."""
    ours = game.sides[PLAYER]
    rift = game.sides[INVADER]
    return (
        game.turn,
        tuple(ours.hand),
        tuple(ours.drive),
        tuple(ours.set_zones),
        ours.energy_ready,
        ours.summons,
        tuple([(u.iid, u.damage) if u else None for u in ours.board]),
        tuple([(u.iid, u.damage) if u else None for u in rift.board]),
        len(ours.damage_zone),
        len(rift.damage_zone),
    )


def _expected_key(key: tuple, action: Action, cost: int) -> tuple:
    """`_turn_key` after `action`, if it does nothing but what it says."""
    turn, hand, drive, set_zones, energy, summons, ours, rift, dz_p, dz_r = key
    card = action.card
    if card in hand:
        hand = tuple([c for c in hand if c != card])
    elif card in drive:
        drive = tuple([c for c in drive if c != card])
    elif card in set_zones:
        set_zones = tuple([None if c == card else c for c in set_zones])
    if type(action) is Summon:
        ours = tuple([(card, 0) if i == action.slot else u for i, u in enumerate(ours)])
        summons += 1
    return (turn, hand, drive, set_zones, energy - cost, summons, ours, rift, dz_p, dz_r)


class GreedyPolicy:
    """`greedy_action` with a memory of this turn's main-phase plan.

    A plan is worked out once and followed while the game goes as planned;
    anything unexpected (a card drawn, a unit damaged) makes it plan again,
    unless nothing can be played at all.  It is what the greedy and tuned bots
    and the search bot's playouts run; `weights` are its scoring's numbers."""

    __slots__ = ("_plan", "_expect", "weights")

    def __init__(self, weights: Weights = HAND_SET) -> None:
        self._plan: list[Action] = []
        self._expect: tuple | None = None
        self.weights = weights

    def act(self, game: Game, legal: list[Action] | None = None) -> Action:
        """The choice in `game`; `legal` saves working out its legal actions again."""
        if legal is None:
            legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if game.pending is None and game.phase == Phase.MAIN:
            if game.setup.has_activated:
                activation = greedy_abilities.activation_choice(game, Facts(game), legal)
                if activation is not None:
                    self._expect = None
                    return activation
            key = _turn_key(game)
            if key != self._expect or not self._plan or self._plan[0] not in legal:
                # Nothing to play (the common case once the energy is spent): no plan to make.
                can_play = any(type(a) in PLAYS for a in legal)
                self._plan = main_plan(game, Facts(game, self.weights), legal) if can_play else []
            if self._plan:
                action = self._plan.pop(0)
                self._expect = (
                    _expected_key(key, action, game.setup.costs[action.card]) if type(action) is not Discount else None
                )
                return action
            self._expect = None
            return greedy_windows.set_choice(game, legal) or _end_main(game)
        return _decide(game, legal, self.weights)


def _end_main(game: Game) -> Action:
    """With nothing (more) to play: attack if anything can, else end the turn."""
    return GO_TO_ATTACK if any(_can_attack_now(game, s) for s in (ATTACK_LEFT, ATTACK_RIGHT, RULER)) else END_TURN


def _card_worth(game: Game, facts: Facts, action: Action) -> tuple:
    """How much a card offered as payment is worth keeping (lowest pays first)."""
    if type(action) is Choose:
        u = game.sides[action.side].board[action.slot]
        return (1, facts.remaining_hp(action.side, action.slot) + game.atk(action.side, action.slot), u.iid)
    card = facts.cards[action.card]
    return (0, card.level, card.atk + card.hp, action.card)


def choose_zone(game: Game, facts: Facts, legal: list[Choose]) -> Choose:
    """Where a unit the player special-summons goes: as the main phase places units (its attacks
    and staying power where it stands, plus the face damage it saves against the rift's next
    attacks, which never go to the right attack zone)."""
    card = facts.cards[game.pending.card]
    board = facts.our_board()
    base = facts.incoming(board)

    def value(c: Choose) -> float:
        new_board = list(board)
        new_board[c.slot] = card.entry
        return _unit_worth(facts, card, (c.slot,), board, 0.0)[c.slot] + (base - facts.incoming(new_board)) * facts.dfn

    return max(legal, key=lambda c: (value(c), -c.slot))


def _pick_worth(game: Game, facts: Facts, action: Action) -> tuple:
    """How much a card a search or a look may take is worth having: one the ruler can pay for, then the biggest."""
    card = facts.cards[action.card]
    affordable = game.setup.ruler.cost_model is CostModel.FREE or max(card.level, 0) <= game.setup.ruler.energy
    return (affordable, card.level, card.atk + card.hp + card.stk, -action.card)


def answer_decision(game: Game, facts: Facts, legal: list[Action]) -> Action:
    """Greedy's answer to a pending decision, kept simple (it is also the search's playout policy):
    a unit target as `choose_target`; paying a cost, or cards put into a soul, the least valuable
    card or unit; a card a search or look takes, the most useful (`_pick_worth`); a zone, as
    `choose_zone`; "you may", yes unless what it does is worth less than nothing; any other card
    choice (the order of cards put on the bottom), the first offered.

    A new kind of decision is answered here, in one more branch."""
    decision = game.pending
    if decision.kind == "window":
        return greedy_windows.window_answer(game, facts, legal)
    if decision.purpose == "optional":
        subject = decision.subject(game)
        effects = subject.effects if isinstance(subject, Ability) else (subject,)
        return Confirm(facts.effects_value(tuple(effects), 0.0) >= 0.0)
    if decision.purpose == "cost" or (decision.purpose == "pick" and decision.subject(game).kind == "add_soul"):
        return min(legal, key=lambda a: _card_worth(game, facts, a))
    if decision.kind == "split":
        return choose_split(game, facts, legal)
    if decision.purpose == "pick":
        return max(legal, key=lambda a: _pick_worth(game, facts, a))
    if decision.kind == "zone":
        return choose_zone(game, facts, legal)
    if decision.kind == "card" and decision.subject(game).kind == "special_summon":
        return max(legal, key=lambda a: _pick_worth(game, facts, a))
    if decision.kind == "unit":
        return choose_target(game, facts, legal)
    return legal[0]


def _decide(game: Game, legal: list[Action], weights: Weights = HAND_SET) -> Action:
    facts = Facts(game, weights)
    if game.pending is not None:
        return answer_decision(game, facts, legal)
    if game.setup.has_activated:
        activation = greedy_abilities.activation_choice(game, facts, legal)
        if activation is not None:
            return activation
    if game.phase == Phase.MAIN:
        plan = main_plan(game, facts, legal)
        if plan:
            return plan[0]
        return greedy_windows.set_choice(game, legal) or _end_main(game)
    attack = attack_choice(game, facts, legal)
    if attack is not None:
        return attack
    for a in legal:
        if type(a) is PlayEvent and facts.effects_value(facts.cards[a.card].on_play, 0.0) > weights.min_play:
            return a
    return END_TURN


def greedy_action(game: Game, weights: Weights = HAND_SET) -> Action:
    """The heuristic's choice in `game`, which must be at a player decision.

    Everything it reads is public except the deck orders, which it never
    reads; still, pass a view's game or a determinised copy of one."""
    legal = game.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return _decide(game, legal, weights)


class GreedyBot:
    """The documented heuristic; deterministic, so its seed is unused.

    `name` and `weights` make the `greedy` bot (the hand-set weights) or the
    `tuned` bot (weights fitted offline, read from a data file)."""

    def __init__(self, seed: int = 0, weights: Weights = HAND_SET, name: str = "greedy") -> None:
        self.seed = seed
        self.name = name
        self.policy = GreedyPolicy(weights)

    def choose(self, view: PlayerView) -> Action:
        return self.policy.act(view.game, view.legal)
