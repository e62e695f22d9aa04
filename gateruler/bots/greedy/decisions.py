"""Greedy's answers to the decisions the engine asks (docs/engine.md), and to the windows of the rift's turn.

Kept simple and cheap, since greedy is also the search bot's playout policy:

* a unit target of the player's own effect: the unit whose death is worth
  most, helping the attack in progress (`choose_target`); a split of damage:
  its best way by `values.split_value` (`choose_split`);
* paying a cost, or cards put into a soul: the least valuable card or unit;
  a card a search or a look takes, or a unit a special summon brings back:
  the most useful one; a zone for a special summon: as the main phase would
  place the unit (`choose_zone`); "you may": yes unless it is worth less than
  nothing; any other card choice (the order of cards put on the bottom): the
  first offered;
* an "up to" choice (it may stop, `Done`): an "or more" cost pays the least it
  may; a target is chosen only where the effect does good (a harmful one on
  the rift's cards, a helpful one on the player's), else none; a search's or
  a look's cards are all taken;
* the priority windows of the rift's turn (engine/windows.py): in its own main
  phase, once its plan has nothing more to play, greedy sets the events meant
  for the rift's turn (a `damage` timing first, then `quick`; `set_choice`),
  with `hold_answer` only those the energy left can pay for (the plan keeps
  that energy when the rift's next attacks call for them, plan.py);
  after a drive, it plays a removal that kills the driven unit standing in an
  attack zone, or a sentinel summon when the rift's next attacks would be
  lethal; just before battle damage, or before a damage ability, a prevention
  when the damage would be lethal or destroy one of its units; at an attack
  declaration with no prevention at hand it removes the attacker instead;
  otherwise it passes (`window_answer`).  Games in which the player can never
  answer in the rift's turn never reach the windows (`Setup.windows`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from gateruler.bots.greedy.cards import REMOVAL_WORDS, target_shape
from gateruler.bots.greedy.facts import HAND_SET
from gateruler.bots.greedy.values import effects_value, split_value, standing_worth, unit_worth
from gateruler.bots.weights import Weights
from gateruler.engine.abilities import Ability
from gateruler.engine.actions import (
    DEFENSE,
    DONE,
    INVADER,
    PLAYER,
    RULER,
    Action,
    Activate,
    Choose,
    ChooseCard,
    Confirm,
    Done,
    Pass,
    PlayEvent,
    SetCard,
    Split,
    Summon,
)
from gateruler.engine.frames import Decision
from gateruler.engine.timings import ATTACK_DECLARED, BEFORE_DAMAGE, DAMAGE_EFFECT, RIFT_DRIVE, TIMINGS
from gateruler.engine.windows import DAMAGE_WORDS, RIFT_WINDOWS
from gateruler.models import CostModel

if TYPE_CHECKING:
    from gateruler.bots.greedy.facts import Facts
    from gateruler.engine.game import Game

HARMFUL = frozenset({"damage", "destroy", "move", "remove"})
ENEMY_SHAPES = frozenset({"enemy_unit", "any_unit", "all_enemy_units", "all_units"})


def _pending(facts: Facts) -> Decision:
    decision = facts.game.pending
    assert decision is not None  # asked only at a decision
    return decision


def answer_decision(game: Game, facts: Facts, legal: list[Action]) -> Action:
    """Greedy's answer to a pending decision (the rules above).

    A new kind of decision is answered here, in one more branch."""
    decision = _pending(facts)
    if decision.kind == "window":
        return window_answer(facts, legal)
    if decision.purpose == "optional":
        subject = decision.subject(game)
        effects = subject.effects if isinstance(subject, Ability) else (subject,)
        return Confirm(effects_value(facts, tuple(effects), 0.0, decision.source) >= 0.0)
    if DONE in legal:
        return _up_to(game, facts, decision, legal)
    if decision.purpose == "cost" or (decision.purpose == "pick" and decision.subject(game).kind == "add_soul"):
        return min(legal, key=lambda a: _card_worth(facts, a))
    if decision.kind == "split":
        return choose_split(game, facts, cast("list[Split]", legal))  # a split decision offers splits
    if decision.purpose == "pick":
        return max(legal, key=lambda a: _pick_worth(facts, a))
    if decision.kind == "zone":
        return choose_zone(game, facts, cast("list[Choose]", legal))  # a zone decision offers zones
    if decision.kind == "card" and decision.subject(game).kind == "special_summon":
        return max(legal, key=lambda a: _pick_worth(facts, a))
    if decision.kind == "unit":
        units = [a for a in legal if type(a) is Choose]  # a choice across zones offers cards in play too
        return choose_target(game, facts, units) if units else legal[0]
    return legal[0]


def _up_to(game: Game, facts: Facts, decision: Decision, legal: list[Action]) -> Action:
    """An "up to" choice: pay the least an "or more" cost allows; choose a target only where the effect does
    good (a harmful one on the rift's cards, a helpful one on the player's); take what a search or a look offers."""
    picks = [a for a in legal if type(a) is not Done]
    if decision.purpose == "cost":
        return DONE
    if decision.purpose == "target":
        effect = decision.subject(game)
        harmful = effect.kind in HARMFUL or (effect.kind == "modify" and effect.atk + effect.hp + effect.stk < 0)
        owners = game.setup.owners
        sides = {a.side for a in picks if isinstance(a, Choose)}
        sides |= {owners[a.card] for a in picks if isinstance(a, ChooseCard)}
        if (INVADER if harmful else PLAYER) not in sides:
            return DONE
    return answer_decision(game, facts, picks)


# ---------------------------------------------------------------------- targets and splits


def choose_target(game: Game, facts: Facts, options: list[Choose]) -> Choose:
    """Where the player's pending effect lands: kill what it can, help the attack in progress."""
    w = facts.w
    effect = _pending(facts).subject(game)
    harmful = effect.kind in HARMFUL or (effect.kind == "modify" and effect.atk + effect.hp + effect.stk < 0)
    battle = game.pending_battle(PLAYER)

    def score(c: Choose) -> float:
        if c.slot == RULER:  # "your ruler or a unit": the ruler is one of the choices
            return _ruler_score(facts, effect, c.side, harmful)
        if c.side == PLAYER:
            u = game.sides[PLAYER].board[c.slot]
            assert u is not None
            worth = w.own_unit_hp * facts.remaining_hp(PLAYER, c.slot) + w.own_unit_atk * game.atk(PLAYER, c.slot)
            if harmful:
                return -worth
            return w.buff_worth_share * worth + (
                w.buff_ready_attacker if c.slot != DEFENSE and not u.rested else w.buff_other_unit
            )
        if not harmful:
            return -w.buff_enemy_unit
        rem = facts.remaining_hp(INVADER, c.slot)
        amount = effect.amount if effect.kind == "damage" else rem
        kv = facts.kill_value(c.slot)
        value = kv if amount >= rem else facts.chip_value(c.slot, amount)
        if battle is not None:
            attacker, target = battle.attacker, battle.target
            if target != RULER and game.sides[INVADER].board[target] is not None:
                atk = game.atk(PLAYER, attacker)
                if c.slot == target and amount < rem <= amount + atk:
                    value = kv + w.kill_with_attack  # together with the attack it dies
                elif c.slot != target and atk >= facts.remaining_hp(INVADER, target):
                    value += w.attack_kills_anyway  # the attack kills its own target anyway
        return value

    return max(options, key=lambda c: (score(c), -c.side, -c.slot))


def _ruler_score(facts: Facts, effect: Any, side: int, harmful: bool) -> float:
    """A ruler as the target of the player's effect: damage to the rift's is face damage, to the player's the
    same against it; a helpful effect is worth a buff on a unit that can still attack (or one that cannot)."""
    w = facts.w
    amount = getattr(effect, "amount", 0)
    if harmful:
        face = facts.face(amount) if effect.kind == "damage" else 0.0
        return face if side == INVADER else -face - w.buff_enemy_unit
    if side == INVADER:
        return -w.buff_enemy_unit
    return w.buff_ready_attacker if facts.game.can_attack(PLAYER, RULER) else w.buff_other_unit


def choose_split(game: Game, facts: Facts, options: list[Split]) -> Split:
    """How the player divides damage: kill what it can, else the biggest threat; with an attack waiting,
    finish its target together with it, or destroy it outright when that carries the attack on to the rift."""
    decision = _pending(facts)
    battle = game.pending_battle(PLAYER)
    if battle is not None and (battle.target == RULER or game.sides[INVADER].board[battle.target] is None):
        battle = None
    ability = game.setup.defs[decision.source].abilities[decision.ability]
    carry = any(e.kind == "carry_through" for e in ability.effects)
    return max(options, key=lambda o: split_value(facts, o, 0.0, battle, carry))


# ---------------------------------------------------------------------- cards and zones


def _card_worth(facts: Facts, action: Action) -> tuple[int, ...]:
    """How much a card offered as payment is worth keeping (lowest pays first)."""
    game = facts.game
    if type(action) is Choose:
        u = game.sides[action.side].board[action.slot]
        assert u is not None
        return (1, facts.remaining_hp(action.side, action.slot) + game.atk(action.side, action.slot), u.iid)
    assert type(action) is ChooseCard
    card = facts.cards[action.card]
    return (0, card.level, card.atk + card.hp, action.card)


def _pick_worth(facts: Facts, action: Action) -> tuple[bool, int, int, int]:
    """How much a card a search or a look may take is worth having: one the ruler can pay for, then the biggest."""
    assert type(action) is ChooseCard
    ruler = facts.game.setup.ruler
    card = facts.cards[action.card]
    affordable = ruler.cost_model is CostModel.FREE or max(card.level, 0) <= ruler.energy
    return (affordable, card.level, card.atk + card.hp + card.stk, -action.card)


def choose_zone(game: Game, facts: Facts, legal: list[Choose]) -> Choose:
    """Where a unit the player special-summons goes: as the main phase places units (its attacks
    and staying power where it stands, plus the face damage it saves against the rift's next
    attacks, which never go to the right attack zone)."""
    iid = _pending(facts).card
    card = facts.cards[iid]
    board = facts.our_board()
    base = facts.incoming(board)
    standing = standing_worth(facts)

    def value(c: Choose) -> float:
        new_board = list(board)
        new_board[c.slot] = facts.entry(card)
        worth = unit_worth(facts, card, (c.slot,), board, 0.0, iid, standing)[c.slot]
        return worth + (base - facts.incoming(new_board)) * facts.dfn

    return max(legal, key=lambda c: (value(c), -c.slot))


# ---------------------------------------------------------------------- the windows of the rift's turn


def set_choice(game: Game, legal: list[Action], weights: Weights = HAND_SET) -> Action | None:
    """A `SetCard` of an event meant for the rift's turn, the `damage` timing first; None when there is none.

    With `hold_answer` (the main plan keeps answers and their energy for the rift's turn), only an
    event the energy left can pay for is set: one that cannot answer in the rift's coming turn stays
    in the hand, out of reach of what destroys set cards (level 5's Nyarlathotep)."""
    setup = game.setup
    if not setup.windows:
        return None
    energy = game.sides[PLAYER].energy_ready if weights.hold_answer else None
    best: tuple[tuple[bool, int], Action] | None = None
    for a in legal:
        if type(a) is SetCard:
            timing = setup.defs[a.card].timing
            if timing and any(name in TIMINGS[timing].windows for name in RIFT_WINDOWS):
                if energy is not None and setup.costs[a.card] > energy:
                    continue
                rank = (TIMINGS[timing].damage_only, -a.card)
                if best is None or rank > best[0]:
                    best = (rank, a)
    return best[1] if best is not None else None


def window_answer(facts: Facts, legal: list[Action]) -> Action:
    """Greedy's answer in an open window of the rift's turn (the rules above)."""
    decision = _pending(facts)
    name = decision.purpose
    if name == RIFT_DRIVE:
        answer = _removal(facts, legal, decision.source) or _sentinel(facts, legal)
        if answer is not None:
            return answer
    elif name in (ATTACK_DECLARED, BEFORE_DAMAGE) and _battle_hurts(facts, decision.source, decision.target):
        if name == BEFORE_DAMAGE:
            answer = _prevention(facts, legal)
            if answer is not None:
                return answer
        elif _prevention(facts, legal) is None:  # nothing to prevent with later: remove the attacker now if we can
            answer = _removal(facts, legal, decision.source)
            if answer is not None:
                return answer
    elif name == DAMAGE_EFFECT and _effect_hurts(facts, decision.source):
        answer = _prevention(facts, legal)
        if answer is not None:
            return answer
    return Pass()


def _effects(facts: Facts, action: Action) -> tuple[Any, ...]:
    defs = facts.game.setup.defs
    if type(action) is PlayEvent:
        return tuple(e for a in defs[action.card].abilities if a.trigger == "on_play" for e in a.effects)
    if type(action) is Activate:
        return defs[action.card].abilities[action.ability].effects
    return ()


def _kills(facts: Facts, effect: Any, slot: int) -> bool:
    """Whether `effect` (a removal) would take the rift's unit in `slot` off the board."""
    if effect.kind not in REMOVAL_WORDS or (
        target_shape(effect.target) not in ENEMY_SHAPES and effect.kind != "split_damage"
    ):
        return False
    if effect.kind in DAMAGE_WORDS:
        return effect.amount >= facts.remaining_hp(INVADER, slot)
    unit = facts.game.sides[INVADER].board[slot]
    assert unit is not None
    limit = getattr(effect, "max_level", None)
    return limit is None or facts.cards[unit.iid].level <= limit


def _removal(facts: Facts, legal: list[Action], iid: int) -> Action | None:
    """An answer that kills the rift's unit `iid` in an attack zone, if it stands there."""
    slot = next((s for s in (0, 1) if facts.game.unit_is(INVADER, s, iid)), None)
    if slot is None:
        return None
    return next((a for a in legal if any(_kills(facts, e, slot) for e in _effects(facts, a))), None)


def _prevention(facts: Facts, legal: list[Action]) -> Action | None:
    return next((a for a in legal if any(e.kind == "prevent_damage" for e in _effects(facts, a))), None)


def _life_left(facts: Facts) -> int:
    game = facts.game
    return game.life(PLAYER) - len(game.sides[PLAYER].damage_zone)


def _battle_hurts(facts: Facts, attacker: int, target: int) -> bool:
    """Whether the rift's attacker (`attacker`: its card, -1 its ruler) would deal lethal damage or destroy a unit."""
    game = facts.game
    slot = RULER if attacker < 0 else next((s for s in (0, 1, DEFENSE) if game.unit_is(INVADER, s, attacker)), None)
    if slot is None:
        return False
    if target == RULER:
        return game.stk(INVADER, slot) >= _life_left(facts)
    if game.sides[PLAYER].board[target] is None:
        return False
    return game.atk(INVADER, slot) >= facts.remaining_hp(PLAYER, target)


def _effect_hurts(facts: Facts, source: int) -> bool:
    """Whether the rift card `source`'s damage would be lethal or destroy one of the player's units."""
    game = facts.game
    for ability in game.setup.defs[source].abilities:
        for e in ability.effects:
            if e.kind not in DAMAGE_WORDS:
                continue
            amount = e.amount
            if getattr(e.target, "word", "") == "enemy_ruler" and amount >= _life_left(facts):
                return True
            if any(
                u is not None and amount >= facts.remaining_hp(PLAYER, s)
                for s, u in enumerate(game.sides[PLAYER].board)
            ):
                return True
    return False


def _sentinel(facts: Facts, legal: list[Action]) -> Action | None:
    """The sentinel summon that saves the most face damage, when the rift's next attacks would be lethal."""
    summons = [a for a in legal if type(a) is Summon]
    if not summons:
        return None
    board = facts.our_board()
    base = facts.incoming(board)
    if base < _life_left(facts):
        return None

    def left_after(a: Summon) -> float:
        new_board = list(board)
        new_board[a.slot] = facts.entry(facts.cards[a.card])
        return facts.incoming(new_board)

    best = min(summons, key=lambda a: (left_after(a), a.slot))
    return best if left_after(best) < base else None
