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

import itertools
from math import comb
from typing import Any

from gateruler.bots import greedy_abilities, greedy_windows
from gateruler.bots.cache import IdentityMemo
from gateruler.bots.view import PlayerView
from gateruler.engine.actions import (
    ATTACK_LEFT,
    ATTACK_RIGHT,
    DEFENSE,
    INVADER,
    PLAYER,
    RULER,
    Action,
    Attack,
    Choose,
    Confirm,
    Discount,
    EndTurn,
    GoToAttack,
    PlayEvent,
    PlayField,
    Split,
    Summon,
)
from gateruler.engine.abilities import Ability
from gateruler.engine.effects.split import distributions
from gateruler.engine.game import Game, Phase
from gateruler.engine.keywords import CANNOT_BE_ATTACKED, COUNTERATTACK, DORMANT, INTERCEPT, PIERCE
from gateruler.engine.targets import UNIT, Chosen, Every
from gateruler.engine.triggers import CNT, ON_ENTER, ON_PLAY
from gateruler.models import CardDef, CostModel
from gateruler.vocabulary import CardType, SpecialRuleKind

UNIT_SLOTS = (ATTACK_LEFT, ATTACK_RIGHT, DEFENSE)

# Values are in expected damage-zone cards, scaled by how near each side is to losing.
DRAW_VALUE = 0.7  # one more card in hand
LETHAL_VALUE = 50.0  # finishing the rift for certain
FUTURE_TURNS = 1.5  # further turns a new attacker is expected to attack in
CHIP_SHARE = 0.35  # damage that does not kill is worth this share of the kill
FIELD_VALUE = 0.5
MIN_PLAY_VALUE = 0.05
MAX_PLAN_ITEMS = 8  # candidate plays a main-phase plan chooses among
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
        "id", "is_unit", "is_event", "is_field", "level", "atk", "hp", "stk",
        "intercept", "counter", "attackable", "dormant", "pierce", "has_cnt", "cnt_harm",
        "on_play", "on_enter",
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

    def board_entry(self) -> tuple:
        """This card as a fresh unit in `_incoming`'s board format."""
        return (self.hp, self.atk, self.intercept, self.counter, self.attackable)


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


def _at_least(k: int, draws: int, good: int, total: int) -> float:
    """P(at least k good cards among `draws` drawn from `total`): the lethal chance."""
    draws = min(draws, total)
    if k > draws or k > good:
        return 0.0
    return sum(comb(good, i) * comb(total - good, draws - i) for i in range(k, draws + 1)) / comb(total, draws)


class Facts:
    """What one decision needs, worked out once: deck odds, race weights, the rift's attackers."""

    __slots__ = (
        "game", "cards", "rift_cards", "rift_hits", "rift_left", "our_hit_rate", "backlash",
        "off", "dfn", "new_atk", "new_stk", "attackers", "sacrifice_due", "lines_open",
        "sacrifice_ids", "_face",
    )

    def __init__(self, game: Game) -> None:
        self.game = game
        cards = self.cards = card_facts(game)
        rift = game.sides[INVADER]
        ours = game.sides[PLAYER]
        n = len(rift.deck)
        cnt = units = 0
        harm = atk_sum = stk_sum = hp_sum = 0.0
        for iid in rift.deck:  # the deck's contents are public; its order is never read
            c = cards[iid]
            if c.has_cnt:
                cnt += 1
                harm += c.cnt_harm
            if c.is_unit:
                units += 1
                atk_sum += c.atk
                stk_sum += c.stk
                hp_sum += c.hp
        self.rift_cards = n
        self.rift_hits = n - cnt
        self.rift_left = max(1, game.life(INVADER) - len(rift.damage_zone))
        our_n = len(ours.deck)
        our_cnt = sum(1 for iid in ours.deck if cards[iid].has_cnt)
        self.our_hit_rate = (our_n - our_cnt) / our_n if our_n else 1.0
        our_left = max(1, game.life(PLAYER) - len(ours.damage_zone))
        self.off = game.life(INVADER) / self.rift_left
        self.dfn = game.life(PLAYER) / our_left
        self.backlash = (harm / n if n else 0.0) * self.dfn * self.our_hit_rate
        self.new_atk = atk_sum / units if units else 0.0
        self.new_stk = stk_sum / units if units else 0.0
        new_hp = hp_sum / units if units else 0.0
        self._face: dict[int, float] = {}

        # The rift's next attackers: its left and right units (a new average unit
        # where a slot is empty: the drives fill it first), then its ruler.
        attackers = []
        for slot in (ATTACK_LEFT, ATTACK_RIGHT):
            u = rift.board[slot]
            if u is None:
                attackers.append((self.new_atk, self.new_stk, False, new_hp))
            elif not cards[u.iid].dormant:
                attackers.append(
                    (game.atk(INVADER, slot), game.stk(INVADER, slot), cards[u.iid].pierce, game.hp(INVADER, slot) - u.damage)
                )
        ruler_pierce = PIERCE in game.keywords(INVADER, RULER)
        attackers.append((game.atk(INVADER, RULER), game.stk(INVADER, RULER), ruler_pierce, 0))
        self.attackers = attackers
        rules = game.setup.level.rules_of(SpecialRuleKind.SACRIFICE_AT_START)
        self.sacrifice_ids = frozenset(str(r.param("card")) for r in rules)
        self.sacrifice_due = bool(self.sacrifice_ids) and any(
            u is not None and cards[u.iid].id in self.sacrifice_ids for u in rift.board
        )
        self.lines_open = any(u is None for u in rift.board)

    def face(self, stk: int) -> float:
        """Value of `stk` damage checks on the rift: expected hits, backlash, lethal chance."""
        cached = self._face.get(stk)
        if cached is not None:
            return cached
        value = 0.0
        if stk > 0 and self.rift_cards:
            hits = stk * self.rift_hits / self.rift_cards
            value = min(hits, self.rift_left) * self.off - stk * self.backlash
            value += LETHAL_VALUE * _at_least(self.rift_left, stk, self.rift_hits, self.rift_cards)
        self._face[stk] = value
        return value

    def remaining_hp(self, side: int, slot: int) -> int:
        return self.game.hp(side, slot) - self.game.sides[side].board[slot].damage

    def incoming(self, board: list[tuple | None]) -> float:
        """Expected damage checks on the player from the rift's next attacks.

        `board` is the player's (left, right, defense), each None or
        (hp left, atk, intercept, counterattack, attackable).  Every attack
        goes to the left unit, then the defense unit, then the ruler; a unit
        with pierce that destroys the defense unit also hits the ruler."""
        hp = [0, 0, 0]
        alive = [False, False, False]
        for slot in UNIT_SLOTS:
            b = board[slot]
            if b is not None:
                hp[slot] = b[0]
                alive[slot] = b[4]
        if self.sacrifice_due:  # End's rule destroys a player unit before the attacks
            for slot in UNIT_SLOTS:
                if board[slot] is not None:
                    alive[slot] = False
                    break
        face = 0.0
        for atk, stk, pierce, attacker_hp in self.attackers:
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
        return face * self.our_hit_rate

    def our_board(self) -> list[tuple | None]:
        game = self.game
        board: list[tuple | None] = []
        for slot in UNIT_SLOTS:
            u = game.sides[PLAYER].board[slot]
            if u is None:
                board.append(None)
            else:
                c = self.cards[u.iid]
                board.append((game.hp(PLAYER, slot) - u.damage, game.atk(PLAYER, slot), c.intercept, c.counter, c.attackable))
        return board

    def kill_value(self, slot: int) -> float:
        """What removing the rift's unit in `slot` is worth, beyond opening a line.

        An attacker is replaced by an average unit at the next drive, so a kill
        is worth the difference; End (level 2) costs the player a unit a turn."""
        game = self.game
        u = game.sides[INVADER].board[slot]
        value = 0.2
        if slot != DEFENSE:
            value += 0.35 * (game.atk(INVADER, slot) - self.new_atk) * self.dfn / 3
            value += 0.5 * (game.stk(INVADER, slot) - self.new_stk) * self.dfn
            value += 0.15 * self.dfn
        if self.cards[u.iid].id in self.sacrifice_ids:
            value += 3.0 * self.dfn
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
        """Rough worth of one effect of the player's card resolving now."""
        game = self.game
        kind, target = effect.kind, effect.target
        shape = target_shape(target)
        if kind == "draw":
            return DRAW_VALUE * effect.amount if shape == "controller" else -0.3 * effect.amount
        if kind == "mill":
            return 0.1 * effect.amount if shape == "opponent" else -0.1 * effect.amount
        if kind == "damage" and shape == "enemy_ruler":
            return self.face(effect.amount)
        if kind == "damage" and shape == "own_ruler":
            return -effect.amount * self.our_hit_rate * self.dfn
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
                    values.append(CHIP_SHARE * v * effect.amount / max(1, rem))
            if not values:
                return 0.0
            if shape == "all_enemy_units":
                return sum(values)
            if shape == "all_units":
                return sum(values) - 1.5 * sum(1 for u in game.sides[PLAYER].board if u is not None)
            return max(values)
        if kind == "split_damage":
            places = [p for p in target.filter.places(game, PLAYER) if p[0] == INVADER]
            if not places:
                return 0.0
            return max(self.split_value(option, face_ready) for option in distributions(places, effect.amount))
        if kind == "modify":
            gain = 0.25 * effect.atk + 0.2 * effect.hp + 0.6 * effect.stk
            if shape == "all_own_units":
                board = game.sides[PLAYER].board
                return gain * sum(1 for slot in UNIT_SLOTS if board[slot] is not None and _reaches(target, game, PLAYER, board[slot].iid, slot))
            if shape in ("own_unit", "self", "own_ruler"):
                return gain
            if shape in ("enemy_unit", "all_enemy_units", "enemy_ruler"):
                return -gain
            return 0.0
        if kind == "destroy_set_cards" and shape == "own_set_zones":
            return -1.0
        if kind == "search":
            return DRAW_VALUE * effect.count if effect.to == "hand" else 1.0 if effect.to == "field" else 0.0
        if kind == "look":
            return 0.5 * DRAW_VALUE * effect.take if effect.to == "hand" else 0.3
        if kind == "add_soul":
            return 0.1 * effect.count
        if kind == "special_summon":
            units = [self.cards[iid] for _, _, iid in target.filter.places(game, PLAYER) if self.cards[iid].is_unit]
            return max((1.0 + 0.1 * (c.atk + c.hp) + 0.3 * c.stk for c in units), default=0.0)
        return 0.0

    def split_value(self, option: Split, face_ready: float = 0.0, battle: tuple | None = None, carry: bool = False) -> float:
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
            target = battle[4] if battle is not None else -1
            if amount >= rem:
                value += kv + (0.0 if self.lines_open else face_ready)
                if carry and slot == target:
                    value += self.face(game.stk(PLAYER, battle[2]))
            elif slot == target and amount + game.atk(PLAYER, battle[2]) >= rem:
                value += kv + 0.5  # together with the attack it dies
            else:
                value += CHIP_SHARE * kv * amount / max(1, rem)
        return value

    def effects_value(self, effects: tuple[Any, ...], face_ready: float) -> float:
        return sum(self.effect_value(e, face_ready) for e in effects)


def _can_attack_now(game: Game, slot: int) -> bool:
    if slot == RULER:
        return game.can_attack(PLAYER, RULER)
    return slot < game.setup.ruler.attack_zones and game.sides[PLAYER].board[slot] is not None and game.can_attack(PLAYER, slot)


# ---------------------------------------------------------------------- main phase


class _Item:
    """One card the main-phase plan may play."""

    __slots__ = ("iid", "cost", "action", "value", "card")

    def __init__(self, iid: int, cost: int, action: Action | None, value: float, card: CardFacts) -> None:
        self.iid = iid
        self.cost = cost
        self.action = action  # None for a unit: its slot is chosen with the others
        self.value = value
        self.card = card


def main_plan(game: Game, facts: Facts, legal: list[Action]) -> list[Action]:
    """The best set of plays for this main phase, in the order to make them.

    Every subset of the best few playable cards that the energy and the
    summon right allow is tried; units are placed in the slots that best
    shield the player's ruler from the rift's next attacks."""
    side = game.sides[PLAYER]
    ruler = game.setup.ruler
    cards = facts.cards
    playable: dict[int, Action] = {}
    summonable: set[int] = set()
    for a in legal:
        if type(a) is Summon:
            summonable.add(a.card)
        elif type(a) is PlayEvent or type(a) is PlayField:
            playable[a.card] = a
    energy = side.energy_ready
    summons_left = 99 if ruler.summon_cap is None else ruler.summon_cap - side.summons
    free = ruler.cost_model is CostModel.FREE
    face_ready = facts.ready_face()
    offers = greedy_abilities.discount_offers(game, facts, legal, energy) if game.setup.has_discount else {}

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
                    value = FIELD_VALUE + facts.effects_value(c.on_enter, face_ready)
                if value > MIN_PLAY_VALUE:
                    items.append(_Item(rep, cost, Discount(rep) if rep in offers else playable[rep], value, c))
    if not items:
        return []
    items.sort(key=lambda it: (-(it.value if it.action is not None else it.card.atk + it.card.hp), it.cost, it.iid))
    del items[MAX_PLAN_ITEMS:]

    board = facts.our_board()
    base = facts.incoming(board)
    slots = [s for s in UNIT_SLOTS if (s == DEFENSE and ruler.defense_zones > 0) or (s != DEFENSE and s < ruler.attack_zones)]
    unit_worth = {}
    for it in items:
        if it.action is None:
            unit_worth[it.iid] = {s: _unit_slot_value(facts, it.card, s, board, face_ready) for s in slots}
    max_units = min(summons_left, len(slots))
    placements: dict[tuple[int, ...], tuple[float, list[Action]]] = {}
    best_value = 0.0
    best: list[Action] = []
    chosen: list[_Item] = []

    def consider() -> None:
        nonlocal best_value, best
        units = [it for it in chosen if it.action is None]
        key = tuple(it.iid for it in units)
        if key not in placements:
            placements[key] = _place_units(facts, board, base, units, slots, unit_worth) if units else (0.0, [])
        placed, placement = placements[key]
        value = placed + sum(it.value for it in chosen if it.action is not None)
        if value > best_value + 1e-9:
            best_value = value
            best = [it.action for it in chosen if it.action is not None] + placement

    def extend(start: int, cost: int, units: int) -> None:
        """Every affordable set of at most four plays, each set once."""
        for i in range(start, len(items)):
            it = items[i]
            if cost + it.cost > energy or units + (it.action is None) > max_units:
                continue
            chosen.append(it)
            consider()
            if len(chosen) < 4:
                extend(i + 1, cost + it.cost, units + (it.action is None))
            chosen.pop()

    extend(0, 0, 0)
    return greedy_abilities.as_discount(best, offers) if offers else best


def _unit_slot_value(facts: Facts, card: CardFacts, slot: int, board: list[tuple | None], face_ready: float) -> float:
    """A unit's worth in a slot, apart from shielding: its attacks, its entry effect, staying power."""
    value = facts.effects_value(card.on_enter, face_ready) + 0.05 * card.hp
    if slot != DEFENSE and not card.dormant:
        per_turn = facts.face(card.stk) if facts.lines_open else 0.4 * card.atk / 3
        value += per_turn * (1.0 + FUTURE_TURNS) * 0.5 + 0.1 * card.atk
    old = board[slot]
    if old is not None:
        # Summoning over a unit throws it away: only worth it for a nearly spent one.
        value -= 0.25 * old[0] + 0.1 * old[1] + 0.5
    return value


def _place_units(
    facts: Facts,
    board: list[tuple | None],
    base: float,
    units: list[_Item],
    slots: list[int],
    unit_worth: dict[int, dict[int, float]],
) -> tuple[float, list[Action]]:
    """The best slots for these units: their own worth plus the face damage they save."""
    best_value = -1e9
    best: tuple[int, ...] = ()
    for chosen in itertools.permutations(slots, len(units)):
        new_board = list(board)
        value = 0.0
        for it, slot in zip(units, chosen):
            new_board[slot] = it.card.board_entry()
            value += unit_worth[it.iid][slot]
        value += (base - facts.incoming(new_board)) * facts.dfn
        if value > best_value:
            best_value = value
            best = chosen
    return best_value, [Summon(it.iid, slot) for it, slot in zip(units, best)]


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

    def pierces(attacker: int) -> bool:
        if game.setup.has_grants:  # a keyword may be granted (a ruler's pierce, say)
            return PIERCE in game.keywords(PLAYER, attacker)
        return attacker != RULER and cards[game.sides[PLAYER].board[attacker].iid].pierce

    def reaction_loss(attacker: int, slot: int) -> float:
        """What our unit loses to intercept / counterattack (rulers take neither)."""
        if attacker == RULER:
            return 0.0
        c = cards[game.sides[INVADER].board[slot].iid]
        if not (c.intercept or c.counter):
            return 0.0
        if not c.intercept and atk_of[attacker] >= facts.remaining_hp(INVADER, slot):
            return 0.0  # killed before it can counterattack
        back = game.atk(INVADER, slot)
        if back >= facts.remaining_hp(PLAYER, attacker):
            return 1.0 + 0.2 * (atk_of[attacker] + game.hp(PLAYER, attacker))
        return 0.1 * back

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
                v = kv if kills else CHIP_SHARE * kv * atk_of[a.attacker] / max(1, rem)
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
                total = sum(atk_of[a] for a in group)
                if total < rem or total - atk_of[group[-1]] >= rem:
                    continue  # does not kill, or kills without its last member
                rest = sum(face_of[a] for a in attackers if a not in group)
                v = kv + rest - sum(reaction_loss(a, t) for a in group)
                if t == DEFENSE and pierces(group[-1]):
                    v += face_of[group[-1]]
                if v > best_plan:
                    best_plan = v
                    # strike first with the member whose face damage matters least
                    best_first = Attack(min(group, key=lambda a: (face_of[a], -atk_of[a], a)), t)
    if best_first is not None:
        return best_first

    # Nothing opens a line this turn: chip at the unit closest to dying.
    def chip(a: Attack) -> tuple:
        return (reaction_loss(a.attacker, a.target) > 0.5, facts.remaining_hp(INVADER, a.target), -facts.kill_value(a.target), a.attacker, a.target)

    return min(attacks, key=chip)


# ---------------------------------------------------------------------- choosing a target


def choose_target(game: Game, facts: Facts, options: list[Choose]) -> Choose:
    """Where the player's pending effect lands: kill what it can, help the attack in progress."""
    effect = game.pending.subject(game)
    harmful = effect.kind in HARMFUL or (effect.kind == "modify" and effect.atk + effect.hp + effect.stk < 0)
    battle = next((t for t in reversed(game.tasks) if t[0] == "battle" and t[1] == PLAYER), None)

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
        value = kv if amount >= rem else CHIP_SHARE * kv * amount / max(1, rem)
        if battle is not None:
            attacker, target = battle[2], battle[4]
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
    battle = next((t for t in reversed(game.tasks) if t[0] == "battle" and t[1] == PLAYER and t[4] != RULER), None)
    if battle is not None and game.sides[INVADER].board[battle[4]] is None:
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
        tuple((u.iid, u.damage) if u else None for u in ours.board),
        tuple((u.iid, u.damage) if u else None for u in rift.board),
        len(ours.damage_zone),
        len(rift.damage_zone),
    )


def _expected_key(key: tuple, action: Action, cost: int) -> tuple:
    """`_turn_key` after `action`, if it does nothing but what it says."""
    turn, hand, drive, set_zones, energy, summons, ours, rift, dz_p, dz_r = key
    card = action.card
    hand = tuple(c for c in hand if c != card)
    drive = tuple(c for c in drive if c != card)
    set_zones = tuple(None if c == card else c for c in set_zones)
    if type(action) is Summon:
        ours = tuple((card, 0) if i == action.slot else u for i, u in enumerate(ours))
        summons += 1
    return (turn, hand, drive, set_zones, energy - cost, summons, ours, rift, dz_p, dz_r)


class GreedyPolicy:
    """`greedy_action` with a memory of this turn's main-phase plan.

    A plan is worked out once and followed while the game goes as planned;
    anything unexpected (a card drawn, a unit damaged) makes it plan again.
    It is what the greedy bot and the search bot's playouts run."""

    __slots__ = ("_plan", "_expect")

    def __init__(self) -> None:
        self._plan: list[Action] = []
        self._expect: tuple | None = None

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
                self._plan = main_plan(game, Facts(game), legal)
            if self._plan:
                action = self._plan.pop(0)
                c = card_facts(game)[action.card]
                cost = 0 if game.setup.ruler.cost_model is CostModel.FREE else max(c.level, 0)
                self._expect = _expected_key(key, action, cost) if type(action) is not Discount else None
                return action
            self._expect = None
            return greedy_windows.set_choice(game, legal) or _leave_main(game)
        return _decide(game, legal)


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
        new_board[c.slot] = card.board_entry()
        return _unit_slot_value(facts, card, c.slot, board, 0.0) + (base - facts.incoming(new_board)) * facts.dfn

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
    choice (the order of cards put on the bottom), the first offered."""
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


def _leave_main(game: Game) -> Action:
    return GoToAttack() if any(_can_attack_now(game, s) for s in (ATTACK_LEFT, ATTACK_RIGHT, RULER)) else EndTurn()


def _decide(game: Game, legal: list[Action]) -> Action:
    facts = Facts(game)
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
        return greedy_windows.set_choice(game, legal) or _leave_main(game)
    attack = attack_choice(game, facts, legal)
    if attack is not None:
        return attack
    for a in legal:
        if type(a) is PlayEvent and facts.effects_value(facts.cards[a.card].on_play, 0.0) > MIN_PLAY_VALUE:
            return a
    return EndTurn()


def greedy_action(game: Game) -> Action:
    """The heuristic's choice in `game`, which must be at a player decision.

    Everything it reads is public except the deck orders, which it never
    reads; still, pass a view's game or a determinised copy of one."""
    legal = game.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return _decide(game, legal)


class GreedyBot:
    """The documented heuristic; deterministic, so its seed is unused."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.policy = GreedyPolicy()

    def choose(self, view: PlayerView) -> Action:
        return self.policy.act(view.game, view.legal)
