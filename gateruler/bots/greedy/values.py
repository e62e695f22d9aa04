"""Greedy's values of the words cards are written in: one function per effect word and per cost word.

`EFFECT_VALUES` and `COST_VALUES` are keyed by the engine's own word names
(gateruler.engine.effects.EFFECTS, gateruler.engine.costs.COSTS); a word is
registered here with `values_effect` / `values_cost`, which refuse a name
the engine does not know, and tests/test_bots_greedy.py checks that every
word of the engine has a value.  So a new effect or cost word is valued by
one more function here (docs/bots.md).  Every number a value is made of is a
named weight (bots/weights.py), read from `facts.w`, so the tuned bot's
fitted weights reach every value.

An effect's value is what it is worth resolving now, in expected
damage-zone cards (facts.py says how they are scaled); `face_ready` is the
face damage the player's ready attackers could deal if a line opened, and
`source` the player's card whose effect it is.  A cost's value is what
paying it gives up.

Also here: the worth of a way of splitting damage (`split_value`), and of a
unit placed in a slot apart from shielding (`unit_worth`), which the plan
and the decisions both read.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from gateruler.bots.greedy.cards import ENEMY_UNIT_TARGETS, BoardUnit, CardFacts, reaches, target_shape
from gateruler.bots.greedy.facts import UNIT_SLOTS, Facts, can_attack_now
from gateruler.bots.greedy.odds import at_least
from gateruler.engine.actions import ATTACK_LEFT, ATTACK_RIGHT, DEFENSE, INVADER, PLAYER, RULER, Split
from gateruler.engine.costs import COSTS
from gateruler.engine.effects import EFFECTS
from gateruler.engine.effects.split import distributions

if TYPE_CHECKING:
    from gateruler.bots.weights import Weights
    from gateruler.engine.effects.cards import DestroySetCards, Draw, Mill
    from gateruler.engine.effects.damage import Damage
    from gateruler.engine.effects.genesis import GenesisSummon
    from gateruler.engine.effects.search import Look, Search
    from gateruler.engine.effects.soul import AddSoul
    from gateruler.engine.effects.split import SplitDamage
    from gateruler.engine.effects.stats import Modify
    from gateruler.engine.effects.summon import SpecialSummon
    from gateruler.engine.state import Battle

EffectValue = Callable[[Facts, Any, float, int], float]  # (facts, effect, face_ready, source) -> worth
CostValue = Callable[[Facts, Any, int], float]  # (facts, cost, source) -> what paying it gives up
EFFECT_VALUES: dict[str, EffectValue] = {}
COST_VALUES: dict[str, CostValue] = {}
F = TypeVar("F", bound=Callable[..., float])


def _register(table: dict[str, Any], known: Iterable[str], family: str, words: tuple[str, ...]) -> Callable[[F], F]:
    def register(value: F) -> F:
        for word in words:
            if word not in known:
                raise ValueError(f"greedy values {family} word {word!r}, which the engine does not have")
            if word in table:
                raise ValueError(f"greedy values {family} word {word!r} twice")
            table[word] = value
        return value

    return register


def values_effect(*words: str) -> Callable[[F], F]:
    """Register the value of the effect words `words` (a decorator)."""
    return _register(EFFECT_VALUES, EFFECTS.names(), "effect", words)


def values_cost(*words: str) -> Callable[[F], F]:
    """Register the value of the cost words `words` (a decorator)."""
    return _register(COST_VALUES, COSTS.names(), "cost", words)


def effect_value(facts: Facts, effect: Any, face_ready: float, source: int) -> float:
    """Rough worth of one effect of the player's card `source` resolving now."""
    return EFFECT_VALUES[effect.kind](facts, effect, face_ready, source)


def effects_value(facts: Facts, effects: Iterable[Any], face_ready: float, source: int) -> float:
    """The worth of effects resolving one after the other: the sum of theirs."""
    total = 0.0  # as sum() adds: left to right (without a generator: this is asked often)
    values = EFFECT_VALUES
    for e in effects:
        total += values[e.kind](facts, e, face_ready, source)
    return total


def costs_value(facts: Facts, costs: Iterable[Any], source: int) -> float:
    """What paying `costs` for the player's card `source` gives up."""
    total = 0.0
    for cost in costs:
        total += COST_VALUES[cost.word](facts, cost, source)
    return total


# ---------------------------------------------------------------------- the player's cards


@values_effect("draw")
def _draw(facts: Facts, effect: Draw, face_ready: float, source: int) -> float:
    """A card drawn is worth `draw`; one the rift draws costs `opponent_draw`."""
    w = facts.w
    return w.draw * effect.amount if target_shape(effect.target) == "controller" else -w.opponent_draw * effect.amount


@values_effect("mill")
def _mill(facts: Facts, effect: Mill, face_ready: float, source: int) -> float:
    w = facts.w
    return w.mill * effect.amount if target_shape(effect.target) == "opponent" else -w.self_mill * effect.amount


@values_effect("destroy_set_cards")
def _destroy_set_cards(facts: Facts, effect: DestroySetCards, face_ready: float, source: int) -> float:
    """The rift sets no cards: only destroying the player's own is worth anything (less than nothing)."""
    return -facts.w.own_set_card if target_shape(effect.target) == "own_set_zones" else 0.0


@values_effect("search")
def _search(facts: Facts, effect: Search, face_ready: float, source: int) -> float:
    w = facts.w
    if effect.to == "hand":
        return w.draw * effect.count
    return w.search_to_field if effect.to == "field" else 0.0


@values_effect("look")
def _look(facts: Facts, effect: Look, face_ready: float, source: int) -> float:
    w = facts.w
    return w.look_share * w.draw * effect.take if effect.to == "hand" else w.look_elsewhere


@values_effect("add_soul")
def _add_soul(facts: Facts, effect: AddSoul, face_ready: float, source: int) -> float:
    return facts.w.soul_card * effect.count


@values_effect("special_summon")
def _special_summon(facts: Facts, effect: SpecialSummon, face_ready: float, source: int) -> float:
    """The best unit it could bring back."""
    w = facts.w
    cards = facts.cards
    units = [cards[iid] for _, _, iid in effect.target.filter.places(facts.game, PLAYER) if cards[iid].is_unit]
    return max((w.revive_unit + w.revive_atk_hp * (c.atk + c.hp) + w.revive_stk * c.stk for c in units), default=0.0)


@values_effect("reuse_on_enter", "carry_through", "prevent_damage", "survive_destruction")
def _worth_nothing(facts: Facts, effect: Any, face_ready: float, source: int) -> float:
    """Words greedy's plan gives no worth of their own: `reuse_on_enter` is a rift CNT's (its
    harm is the backlash, cards.cnt_harm); `carry_through` is valued with the split it follows
    (`split_value`); a one-shot prevention is kept for its CNT (docs/rulings.md D5) and played
    in the rift's turn by rule (decisions.py); `survive_destruction` replaces a destruction."""
    return 0.0


# ---------------------------------------------------------------------- damage and removal


@values_effect("damage")
def _damage(facts: Facts, effect: Damage, face_ready: float, source: int) -> float:
    """Face damage to the rift's ruler, harm to the player's own, or removal of the rift's units."""
    shape = target_shape(effect.target)
    if shape == "enemy_ruler":
        return facts.face(effect.amount)
    if shape == "own_ruler":
        return -effect.amount * facts.our_hit_rate * facts.dfn * facts.w.self_damage
    return _removal(facts, effect, shape, face_ready) if shape in ENEMY_UNIT_TARGETS else 0.0


@values_effect("destroy", "move", "remove")
def _remove(facts: Facts, effect: Any, face_ready: float, source: int) -> float:
    """Taking the rift's units off the board (destroyed, moved away, removed)."""
    shape = target_shape(effect.target)
    return _removal(facts, effect, shape, face_ready) if shape in ENEMY_UNIT_TARGETS else 0.0


def _removal(facts: Facts, effect: Any, shape: str, face_ready: float) -> float:
    """What harming the rift's units is worth: a kill its value (and the ready attackers' face
    damage when it opens a line), damage that does not kill a share of it; a board-wide
    effect counts every unit it reaches, and the player's own units it hits."""
    game = facts.game
    w = facts.w
    target = effect.target
    damage = effect.kind == "damage"
    values: list[float] = []
    for slot in UNIT_SLOTS:
        u = game.sides[INVADER].board[slot]
        if u is None or not reaches(target, game, INVADER, u.iid, slot):
            continue
        rem = facts.remaining_hp(INVADER, slot)
        if damage:
            kills = effect.amount >= rem
        else:
            max_level = getattr(effect, "max_level", None)
            kills = max_level is None or facts.cards[u.iid].level <= max_level
        v = facts.kill_value(slot)
        if kills:
            values.append(v + (0.0 if facts.lines_open else face_ready))
        elif damage:
            values.append(facts.chip_value(slot, effect.amount))
    if not values:
        return 0.0
    if shape == "all_enemy_units":
        return sum(values)
    if shape == "all_units":
        hit = len([u for u in game.sides[PLAYER].board if u is not None])  # the player's own units
        return sum(values) - w.friendly_fire * hit
    return max(values)


@values_effect("split_damage")
def _split_damage(facts: Facts, effect: SplitDamage, face_ready: float, source: int) -> float:
    """The best way of dividing it among the rift's units.  The ways share their parts (a place
    and the damage it takes), so each part's worth is worked out once and the ways add them up
    as `split_value` does, in the engine's order of ways and of parts (`_split_shapes`)."""
    places = [p for p in effect.target.filter.places(facts.game, PLAYER) if p[0] == INVADER]
    if not places:
        return 0.0
    parts: dict[tuple[int, int], float] = {}
    best: float | None = None
    for shape in _split_shapes(len(places), effect.amount):
        value = 0.0
        for part in shape:
            worth = parts.get(part)
            if worth is None:
                side, slot, _ = places[part[0]]
                worth = parts[part] = _part_value(facts, side, slot, part[1], face_ready, None)
            value += worth
        if best is None or value > best:
            best = value
    assert best is not None  # every list of places has a way of dividing the damage
    return best


@functools.cache
def _split_shapes(places: int, amount: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every way of dividing `amount` among `places` places, as the engine lists them
    (`distributions`), each as its parts (the place's index, its share): the same ways for
    every split of that size, without making the engine's `Split` of each."""
    numbered = [(INVADER, index, -1) for index in range(places)]  # the place's index where its slot goes
    return tuple(tuple((slot, share) for _, slot, share in way.parts) for way in distributions(numbered, amount))


def split_value(
    facts: Facts, option: Split, face_ready: float = 0.0, battle: Battle | None = None, carry: bool = False
) -> float:
    """Worth of one way of splitting damage: kills, chip damage, harm to our own units.

    `battle`: the player's attack waiting to be fought (the split of an
    on_attack ability); `carry`: destroying its target sends the attack on
    to the rift itself."""
    value = 0.0
    for side, slot, amount in option.parts:
        value += _part_value(facts, side, slot, amount, face_ready, battle)
        if carry and battle is not None and side == INVADER and slot == battle.target:
            if amount >= facts.remaining_hp(side, slot):  # the attack goes on to the rift itself
                value += facts.face(facts.game.stk(PLAYER, battle.attacker))
    return value


def _part_value(facts: Facts, side: int, slot: int, amount: int, face_ready: float, battle: Battle | None) -> float:
    """One part of a split (`amount` damage to the unit in `slot` of `side`), but for an attack
    carried through a kill: see `split_value`."""
    game = facts.game
    w = facts.w
    rem = facts.remaining_hp(side, slot)
    if side == PLAYER:
        return -((w.own_unit_hp * rem + w.own_unit_atk * game.atk(PLAYER, slot)) * min(amount, rem) / max(1, rem))
    kv = facts.kill_value(slot)
    target = battle.target if battle is not None else -1
    if amount >= rem:
        return kv + (0.0 if facts.lines_open else face_ready)
    if battle is not None and slot == target and amount + game.atk(PLAYER, battle.attacker) >= rem:
        return kv + w.kill_with_attack  # together with the attack it dies
    return facts.chip_value(slot, amount)


# ---------------------------------------------------------------------- stats


def _buff(w: Weights, effect: Modify) -> float:
    return w.buff_atk * effect.atk + w.buff_hp * effect.hp + w.buff_stk * effect.stk


@values_effect("modify")
def _modify(facts: Facts, effect: Modify, face_ready: float, source: int) -> float:
    """A change of numbers: a gain on the player's units, a loss on the rift's."""
    gain = _buff(facts.w, effect)
    shape = target_shape(effect.target)
    if shape == "all_own_units":
        game = facts.game
        board = game.sides[PLAYER].board
        return gain * sum(
            1
            for slot in UNIT_SLOTS
            if (u := board[slot]) is not None and reaches(effect.target, game, PLAYER, u.iid, slot)
        )
    if shape in ("own_unit", "self", "own_ruler"):
        return gain
    if shape in ("enemy_unit", "all_enemy_units", "enemy_ruler"):
        return -gain
    return 0.0


def new_units_share(facts: Facts, effects: tuple[Any, ...]) -> float:
    """What effects that change every own unit (a team buff) are worth more for each unit
    summoned before them this turn (0 unless the `buff_new_units` weight says otherwise)."""
    w = facts.w
    if not w.buff_new_units:
        return 0.0
    share = 0.0
    for e in effects:
        if e.kind == "modify" and target_shape(e.target) == "all_own_units":
            share += _buff(w, e) * w.buff_new_units
    return share


# ---------------------------------------------------------------------- keywords, states, genesis


@values_effect("grant")
def _grant(facts: Facts, effect: Any, face_ready: float, source: int) -> float:
    return facts.w.grant


@values_effect("act")
def _act(facts: Facts, effect: Any, face_ready: float, source: int) -> float:
    """Acting is worth something only while one of the player's attackers is rested."""
    ours = facts.game.sides[PLAYER]
    rested = ours.ruler_rested or any(
        (u := ours.board[s]) is not None and u.rested for s in (ATTACK_LEFT, ATTACK_RIGHT)
    )
    return facts.w.act if rested else 0.0


@values_effect("rest")
def _rest(facts: Facts, effect: Any, face_ready: float, source: int) -> float:
    return facts.w.rest


@values_effect("genesis_summon")
def _genesis_summon(facts: Facts, effect: GenesisSummon, face_ready: float, source: int) -> float:
    """The unit summoned against its material (`source`, returned), and what its genesis ability does."""
    game = facts.game
    summoned = effect._in_deck(game, PLAYER)  # the effect's own reading of which card it would summon
    if summoned < 0:
        return 0.0
    w = facts.w
    new, old = facts.cards[summoned], facts.cards[source]
    value = w.genesis_atk_hp * (new.atk + new.hp - old.atk - old.hp) + w.genesis_stk * (new.stk - old.stk)
    for ability in game.setup.defs[summoned].abilities_for("on_genesis_summon"):
        value += effects_value(facts, ability.effects, face_ready, summoned)
    return value


# ---------------------------------------------------------------------- costs


def _per_card(weight: Callable[[Weights], float]) -> CostValue:
    """A cost that gives up `count` cards or units, each worth `weight`."""

    def value(facts: Facts, cost: Any, source: int) -> float:
        return weight(facts.w) * cost.count

    return value


_PER_CARD: tuple[tuple[str, Callable[[Weights], float]], ...] = (
    ("discard", lambda w: w.cost_discard),
    ("destroy", lambda w: w.cost_destroy),
    ("return", lambda w: w.cost_return),
    ("return_to_deck", lambda w: w.cost_return_to_deck),
    ("rest_unit", lambda w: w.cost_rest_unit),
    ("remove_from_graveyard", lambda w: w.cost_remove_from_graveyard),
    ("soul", lambda w: w.cost_soul),
    ("damage_reversal", lambda w: w.cost_damage_reversal),
)
for _word, _weight in _PER_CARD:
    values_cost(_word)(_per_card(_weight))


@values_cost("energy")
def _energy(facts: Facts, cost: Any, source: int) -> float:
    return facts.w.cost_energy * cost.amount


@values_cost("deck_to_damage")
def _deck_to_damage(facts: Facts, cost: Any, source: int) -> float:
    """Each card is counted as a point of damage to the player is (in expected damage-zone cards)."""
    return cost.count * facts.dfn * facts.our_hit_rate * facts.w.cost_deck_to_damage


@values_cost("rest_self")
def _rest_self(facts: Facts, cost: Any, source: int) -> float:
    return attack_worth(facts, _slot_of(facts, source))


@values_cost("rest_ruler")
def _rest_ruler(facts: Facts, cost: Any, source: int) -> float:
    return attack_worth(facts, RULER)


def _slot_of(facts: Facts, iid: int) -> int:
    for slot, u in enumerate(facts.game.sides[PLAYER].board):
        if u is not None and u.iid == iid:
            return slot
    return -1


def attack_worth(facts: Facts, slot: int) -> float:
    """What the player's attacker in `slot` that could still attack this turn would deal (0 when it could not)."""
    game = facts.game
    if slot == RULER:
        ready = game.can_attack(PLAYER, RULER)
    else:
        ready = slot in (ATTACK_LEFT, ATTACK_RIGHT) and game.can_attack(PLAYER, slot)
    if ready and facts.lines_open:
        return facts.face(game.stk(PLAYER, slot))
    return facts.w.rested_attacker if ready else 0.0


# ---------------------------------------------------------------------- units


def unit_worth(
    facts: Facts,
    card: CardFacts,
    slots: tuple[int, ...],
    board: Sequence[BoardUnit | None],
    face_ready: float,
    source: int,
    standing: Sequence[float] | None = None,
) -> dict[int, float]:
    """A unit's worth in each slot, apart from shielding: its attacks, its entry effect, staying power;
    less, where it is summoned over a unit, what that throws away (`standing`, by slot: `standing_worth`)."""
    w = facts.w
    entering = effects_value(facts, card.on_enter, face_ready, source) + w.unit_hp * card.hp
    attacking = None
    worth = {}
    for slot in slots:
        value = entering
        if slot != DEFENSE and not card.dormant:
            if attacking is None:
                per_turn = _attack_face(facts, card)
                attacking = per_turn * (1.0 + w.future_turns * facts.keep) * w.attack_share + w.unit_atk * card.atk
                if w.unit_on_attack and card.on_attack:
                    attacking += w.unit_on_attack * _on_attack_worth(facts, card, source)
            value += attacking
        old = board[slot]
        if old is not None:
            # Summoning over a unit throws it away: only worth it for a nearly spent one.
            value -= w.replaced_hp * old[0] + w.replaced_atk * old[1] + w.replaced_unit
            if standing is not None:
                value -= w.replaced_worth * standing[slot] * _hits_as_hard(old[1], card.atk)
        worth[slot] = value
    return worth


def _hits_as_hard(old_atk: int, new_atk: int) -> float:
    """The share of a new unit's hitting power (ATK) the unit it is summoned over already has, at
    most 1: a summon over a unit that hits as hard throws its whole worth away, one over a unit with
    half its ATK half of it (the new unit's attacks are counted by face damage, the same for both,
    so what it adds by hitting harder, killing the rift's units, would be missed)."""
    return min(1.0, old_atk / new_atk) if new_atk > 0 else 1.0


def standing_worth(facts: Facts) -> list[float] | None:
    """With `replaced_worth`: by slot, the whole worth of the player's unit standing there (0 where
    none), which a summon over it throws away (`unit_worth`, as far as it hits as hard as the new
    unit: `_hits_as_hard`): its attack this turn while it can still attack, and its worth beyond
    this turn (`unit_later`, for its HP left).  None while the weight is 0."""
    if not facts.w.replaced_worth:
        return None
    game = facts.game
    w = facts.w
    units = game.sides[PLAYER].board
    worth = [0.0, 0.0, 0.0]
    for slot in UNIT_SLOTS:
        u = units[slot]
        if u is None:
            continue
        card = facts.cards[u.iid]
        value = unit_later(facts, card, slot, game.hp(PLAYER, slot) - facts.borne(u.damage), u.iid)
        if slot != DEFENSE and not card.dormant and can_attack_now(game, slot):
            value += _attack_face(facts, card) * w.attack_share
        worth[slot] = value
    return worth


def _attack_face(facts: Facts, card: CardFacts) -> float:
    """What one attack of a unit in an attack zone is worth in face damage: its strike while a line
    to the rift's ruler is open, else a share of its ATK (`closed_line_atk`)."""
    return facts.face(card.stk) if facts.lines_open else facts.w.closed_line_atk * card.atk / 3


def _on_attack_worth(facts: Facts, card: CardFacts, source: int) -> float:
    """What a new unit's own "when it attacks" effects (Honoikazuchi's split) are worth over the turns
    it attacks: their worth against the rift's board as it is (its units are replaced by the drives
    as fast as they die, so the board as it is stands for the next ones), for this turn's attack and
    the further turns, counted as the unit's face damage is (`attack_share`)."""
    w = facts.w
    return effects_value(facts, card.on_attack, 0.0, source) * (1.0 + w.future_turns * facts.keep) * w.attack_share


def _turn_attacks(facts: Facts, card: CardFacts, source: int) -> float:
    """What one of a new attacker's further turns of attacks deals (before `attack_share`): its face
    damage while a line is open, else its ATK's worth, and its own "when it attacks" effects."""
    w = facts.w
    per_turn = _attack_face(facts, card)
    if w.unit_on_attack and card.on_attack:
        per_turn += w.unit_on_attack * effects_value(facts, card.on_attack, 0.0, source)
    return per_turn


def unit_turn(facts: Facts, card: CardFacts, source: int) -> float:
    """One further turn's attacks of a unit in an attack zone, as `unit_later` counts each of its
    `future_turns` (0 for a dormant unit): what a turn more of standing there is worth."""
    if card.dormant:
        return 0.0
    return _turn_attacks(facts, card, source) * facts.keep * facts.w.attack_share


def unit_later(facts: Facts, card: CardFacts, slot: int, hp: int, source: int) -> float:
    """The part of a unit's worth in `slot` (`unit_worth`, for a unit of `hp` HP left) that lasts
    beyond this turn: its attacks in the further turns, its ATK and its staying power.  A unit the
    rift's next turn destroys (level 2's End's rule at its start, or its attacks) loses it: it
    attacks this turn only, if at all."""
    w = facts.w
    later = w.unit_hp * hp
    if slot != DEFENSE and not card.dormant:
        per_turn = _turn_attacks(facts, card, source)
        later += per_turn * w.future_turns * facts.keep * w.attack_share + w.unit_atk * card.atk
    return later


# ---------------------------------------------------------------------- kills with a line open


def closed_chance(facts: Facts, units: int) -> float:
    """The chance that the rift's next drives fill its board (no line open in the player's next
    turn) when `units` of its three unit zones are taken now: enough of the cards driven are units."""
    needed = 3 - units
    if needed <= 0:
        return 1.0
    return at_least(needed, facts.game.setup.level.drives_per_turn, facts.rift_units, facts.rift_cards)


def kill_foresight(facts: Facts, slot: int, face_next: float) -> float:
    """What killing the rift's unit in `slot` now is worth beyond `kill_value`, for a kill that
    costs face damage while a line is open: the line it keeps open for the player's attackers
    next turn (`face_next`, their face damage; `kill_line`), and the damage the unit would deal
    the player's board in its next attack and the turns after (`kill_future`).  0 while both
    weights are 0."""
    w = facts.w
    value = 0.0
    if w.kill_line:
        board = facts.game.sides[INVADER].board
        units = (board[0] is not None) + (board[1] is not None) + (board[2] is not None)
        value += w.kill_line * (closed_chance(facts, units) - closed_chance(facts, units - 1)) * face_next
    if w.kill_future and slot != DEFENSE:
        value += w.kill_future * facts.shield_from_kill(slot) * facts.dfn * (1.0 + w.future_turns * facts.keep)
    return value
