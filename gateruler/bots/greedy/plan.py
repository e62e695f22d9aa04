"""Greedy's main-phase plan: the best set of plays the energy and the summon right allow.

Among the playable cards (the best `MAX_PLAN_ITEMS`), every set of at most
`MAX_PLAN_SIZE` that the energy and the summon right allow is tried; its
value is what its events are worth (values.py) plus, for its units, the best
placement of them together (`_Placer`): their own worth in each slot
(`values.unit_worth`) plus the face damage they save the player's ruler from
the rift's next attacks.  The search carries each set's placement value down
instead of asking for it again, and stops growing a set that cannot afford
the cheapest play left.  With the `hold_answer` weight a set may also keep
answers for the rift's turn (`_answer_items`): their energy stays unspent, and
they are worth what they would save in the rift's next attacks (`_Placer.held`).
"""

from __future__ import annotations

import functools
import itertools
from typing import TYPE_CHECKING

from gateruler.bots.greedy.abilities import as_discount, discount_offers
from gateruler.bots.greedy.cards import BoardUnit, CardFacts
from gateruler.bots.greedy.facts import can_attack_now
from gateruler.bots.greedy.odds import BattleOutcome, Battles, RiftAttacker, battle_in, battles_of
from gateruler.bots.greedy.values import (
    effects_value,
    new_units_share,
    standing_worth,
    unit_later,
    unit_turn,
    unit_worth,
)
from gateruler.engine.actions import (
    ATTACK_LEFT,
    ATTACK_RIGHT,
    DEFENSE,
    INVADER,
    PLAYER,
    RULER,
    UNIT_SLOTS,
    Action,
    Discount,
    PlayEvent,
    PlayField,
    Summon,
    summon_action,
)
from gateruler.models import CostModel

if TYPE_CHECKING:
    from gateruler.bots.greedy.facts import Facts, OurBoard
    from gateruler.engine.game import Game

MAX_PLAN_ITEMS = 8  # candidate plays a main-phase plan chooses among
MAX_PLAN_SIZE = 4  # plays in one plan
PLAYS = (Summon, PlayEvent, PlayField, Discount)  # the actions a main-phase plan is made of


class _Item:
    """One card the main-phase plan may play."""

    __slots__ = ("iid", "cost", "action", "value", "card", "per_unit", "answer")
    iid: int
    cost: int
    action: Action | None  # None for a unit (its slot is chosen with the others) and for an answer kept
    value: float
    card: CardFacts
    per_unit: float  # what it is worth more for each unit the plan summons (a buff played after them)
    answer: int | None  # a card kept for the rift's turn with its energy: 0 a prevention, else a removal's reach

    def __init__(
        self,
        iid: int,
        cost: int,
        action: Action | None,
        value: float,
        card: CardFacts,
        per_unit: float = 0.0,
        answer: int | None = None,
    ) -> None:
        self.iid = iid
        self.cost = cost
        self.action = action
        self.value = value
        self.card = card
        self.per_unit = per_unit
        self.answer = answer


def _plan_items(
    facts: Facts, legal: list[Action], energy: int, summons_left: int, face_ready: float, offers: dict[int, int]
) -> list[_Item]:
    """What a main-phase plan chooses among: each playable card once (copies of a card in a
    zone are one choice), with its energy cost and, for a card that needs no slot, its value.

    A new kind of play (an `Activate` action, an alternative cost...) is one
    more branch here: an `_Item` with its energy cost, the action and what it
    is worth; the plan's search does the rest."""
    game = facts.game
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
                    value = effects_value(facts, c.on_play, face_ready, rep)
                else:
                    value = w.field + effects_value(facts, c.on_enter, face_ready, rep)
                per_unit = new_units_share(facts, c.on_play) if c.is_event else 0.0
                if value > w.min_play or per_unit > 0:
                    items.append(
                        _Item(rep, cost, Discount(rep) if rep in offers else playable[rep], value, c, per_unit)
                    )
    return items


def _answer_items(facts: Facts, energy: int) -> list[_Item]:
    """The answers the player may keep for the rift's turn instead of spending their energy now: each
    set event meant for it (cards.CardFacts.prevents, .removes), and each such card in the hand or
    drive zone while a set zone is free for it (set_choice sets it once the plan is played).  Kept,
    an answer plays nothing: its energy is left unspent and it is worth what it saves
    (`_Placer.held`).  A free answer is left out: keeping it costs the plan nothing."""
    game = facts.game
    side = game.sides[PLAYER]
    costs = game.setup.costs
    free_zones = side.set_zones.count(None)
    items: list[_Item] = []
    for zone in (side.set_zones, side.hand, side.drive):
        for iid in zone:
            if iid is None:
                continue
            c = facts.cards[iid]
            cost = costs[iid]
            if not (c.prevents or c.removes) or cost <= 0 or cost > energy:
                continue
            if zone is not side.set_zones:
                if not free_zones:
                    continue
                free_zones -= 1
            items.append(_Item(iid, cost, None, 0.0, c, answer=0 if c.prevents else c.removes))
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
    offers = discount_offers(game, facts, legal, energy) if game.setup.has_discount else {}
    items = _plan_items(facts, legal, energy, summons_left, face_ready, offers)
    if not items:
        return []
    items.sort(key=lambda it: (-(it.value if it.action is not None else it.card.atk + it.card.hp), it.cost, it.iid))
    del items[MAX_PLAN_ITEMS:]

    board = facts.our_board()
    slots = game.setup.summon_slots
    standing = standing_worth(facts)
    worth = {
        it.iid: unit_worth(facts, it.card, slots, board, face_ready, it.iid, standing)
        for it in items
        if it.action is None
    }
    later = (
        {
            it.iid: {s: unit_later(facts, it.card, s, it.card.hp, it.iid) for s in slots}
            for it in items
            if it.action is None
        }
        if facts.w.lost_later or (facts.w.keep_later and facts.sacrifice_ids)
        else {}
    )
    turns = (
        {it.iid: unit_turn(facts, it.card, it.iid) for it in items if it.action is None}
        if facts.w.right_turns > facts.w.future_turns and facts.sacrifice_ids
        else {}
    )
    placer = _Placer(facts, slots, worth, later, turns)
    if facts.w.hold_answer and game.setup.windows:
        items += _answer_items(facts, energy)  # after the plays: a set grows into what it keeps
    best = _best_set(items, energy, min(summons_left, len(slots)), placer)
    if best is None:
        return []
    plays, units = best
    # buffs that count the new units come after them; every other event first
    plan = [c.action for c in plays if c.action is not None and not c.per_unit]  # answers kept play nothing
    plan += placer.placement(units)
    plan += [c.action for c in plays if c.action is not None and c.per_unit]
    return as_discount(plan, offers) if offers else plan


def _best_set(
    items: list[_Item], energy: int, max_units: int, placer: _Placer
) -> tuple[tuple[_Item, ...], tuple[_Item, ...]] | None:
    """The most valuable affordable set of at most MAX_PLAN_SIZE plays of `items` (and any answers
    kept for the rift's turn, which come last) and its units (None: no set is worth more than nothing)."""
    n = len(items)
    # the cheapest play from each index on: a set that cannot afford it stops growing there
    cheapest = [0] * (n + 1)
    cheapest[n] = energy + 1
    for i in range(n - 1, -1, -1):
        cheapest[i] = min(items[i].cost, cheapest[i + 1])
    answers = items[-1].answer is not None  # a set of MAX_PLAN_SIZE plays may still keep answers
    best_value = 0.0
    best: tuple[tuple[_Item, ...], tuple[_Item, ...]] | None = None  # the best set so far and its units
    chosen: list[_Item] = []

    def extend(
        start: int,
        cost: int,
        units: tuple[_Item, ...],
        placed: float,
        events: float,
        per_unit: float,
        kept: tuple[_Item, ...],
    ) -> None:
        """Every affordable set of at most MAX_PLAN_SIZE plays, each set once; `events` is what
        the chosen events are worth, `per_unit` what they add per unit summoned, `units` the
        chosen units and `placed` what their best placement is worth, `kept` the answers kept."""
        nonlocal best_value, best
        for i in range(start, n):
            it = items[i]
            total = cost + it.cost
            if total > energy:
                continue
            now_kept = kept
            if it.answer is not None:
                if any(c.iid == it.iid for c in chosen):
                    continue  # a card the set plays is not kept as well
                now_kept = kept + (it,)
                now_units, now_placed, now_events, now_per_unit = units, placed, events, per_unit
                value = placed + events
            elif len(chosen) - len(kept) >= MAX_PLAN_SIZE:
                continue
            elif it.action is None:
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
            if now_kept:
                value += placer.held(now_units, now_kept)
            chosen.append(it)
            if value > best_value + 1e-9:
                best_value = value
                best = (tuple(chosen), now_units)
            if (answers or len(chosen) < MAX_PLAN_SIZE) and total + cheapest[i + 1] <= energy:
                extend(i + 1, total, now_units, now_placed, now_events, now_per_unit, now_kept)
            chosen.pop()

    extend(0, 0, (), 0.0, 0, 0.0, ())
    return best


class _Placer:
    """The best slots for each set of units a plan tries (each set worked out once): their own
    worth plus the face damage they save the player's ruler from the rift's next attacks."""

    __slots__ = (
        "facts",
        "board",
        "base",
        "slots",
        "worth",
        "_best",
        "_where",
        "shield",
        "_attackers",
        "_battles",
        "_sacrifice",
        "_hit_rate",
        "_losses",
        "_base_losses",
        "_held",
        "later",
        "_board_later",
        "_base_later",
        "_end_need",
        "_end_world",
        "_keeps",
        "_lost_later",
        "turns",
        "_board_turn",
        "_base_turn",
        "_ready",
        "_woundable",
    )
    facts: Facts
    board: OurBoard  # the player's board as it is (`Facts.our_board`)
    base: float  # the face damage the rift's next attacks deal it (`Facts.incoming_now`)
    slots: tuple[int, ...]
    worth: dict[int, dict[int, float]]
    _best: dict[tuple[_Item, ...], float]
    _where: dict[tuple[_Item, ...], tuple[int, ...]]
    shield: float
    _attackers: tuple[RiftAttacker, ...]  # the facts' own, read once (`_saving` is asked in the search's inner loop)
    _battles: Battles  # their remembered battles (`odds.battles_of`)
    _sacrifice: bool
    _hit_rate: float
    _losses: bool  # the weights count the player's units the rift's attacks destroy
    _base_losses: float  # what the board as it is loses
    _held: dict[tuple[tuple[_Item, ...], tuple[int, ...]], float]  # (units, answers kept) -> `held`
    later: dict[int, dict[int, float]]  # each new unit's worth beyond this turn in each slot (empty: not counted)
    _board_later: list[float]  # the same of the player's units as they stand, by slot (0 where none)
    _base_later: float  # what the board as it is loses of it to the rift's next turn
    _end_need: int  # the ATK the plan's new attackers must add to kill End this turn (`sacrificer_killed`)
    _end_world: tuple[tuple[RiftAttacker, ...], Battles] | None  # the rift's next attackers with End killed
    _keeps: bool  # `keep_later` counts (a level with End's rule): placements lose what the rift's next turn destroys
    _lost_later: float  # the `lost_later` weight, read once
    turns: dict[int, float]  # each new unit's worth of one further turn's attacks (`right_turns`; empty: not counted)
    _board_turn: float  # the same of the player's unit in the right attack zone as it stands (0: none)
    _base_turn: float  # what the board as it is keeps of it through the rift's next turn
    _ready: tuple[tuple[int, int], ...] | None  # (slot, ATK) of the player's attackers ready now (None: off)
    _woundable: tuple[RiftAttacker | None, ...]  # by place in the rift's attackers: the one on board to wound, or None

    def __init__(
        self,
        facts: Facts,
        slots: tuple[int, ...],
        worth: dict[int, dict[int, float]],
        later: dict[int, dict[int, float]] | None = None,
        turns: dict[int, float] | None = None,
    ) -> None:
        self.facts = facts
        self.board = facts.our_board()
        self.base = facts.incoming_now()
        self.slots = slots
        self.worth = worth
        self._best = {}
        self._where = {}
        self.shield = facts.dfn * facts.w.shield * facts.keep
        self._attackers = facts.attackers
        self._battles = facts.battles
        self._sacrifice = facts.sacrifice_due
        self._hit_rate = facts.our_hit_rate
        self._losses = facts.counts_losses
        self._base_losses = facts.loss_worth(facts.board_battle()) if self._losses else 0.0
        self._held = {}
        self.later = later or {}
        self._board_later = [0.0, 0.0, 0.0]
        self._base_later = 0.0
        self._end_need = 0
        self._end_world = None
        self._ready = None
        self._woundable = ()
        end_killed = bool(facts.w.sacrificer_killed and self._sacrifice) and self._foresee_end_killed()
        self._keeps = bool(facts.w.keep_later and self.later and facts.sacrifice_ids)
        self._lost_later = facts.w.lost_later
        self.turns = turns or {}
        self._board_turn = 0.0
        self._base_turn = 0.0
        if facts.w.wound_foreseen and not facts.damage_clears:  # a wound cleared at the end of the turn saves nothing
            self._foresee_wounds()
        base = self._battle(*self.board, ())  # the rift's next turn against the board as it is, as placements meet it
        if end_killed or self._ready is not None:  # the board as it is meets another rift turn
            self.base = base[0] * self._hit_rate
            self._base_losses = facts.loss_worth(base) if self._losses else 0.0
        if self.later:
            game = facts.game
            units = game.sides[PLAYER].board
            for slot in UNIT_SLOTS:
                u = units[slot]
                if u is not None:
                    hp = game.hp(PLAYER, slot) - facts.borne(u.damage)
                    self._board_later[slot] = unit_later(facts, facts.cards[u.iid], slot, hp, u.iid)
            if self._lost_later:  # what `_later_lost` takes its placements' losses next to
                self._base_later = _lost_later(base[3], self._board_later)
        if self.turns:
            right = facts.game.sides[PLAYER].board[ATTACK_RIGHT]
            if right is not None:
                self._board_turn = unit_turn(facts, facts.cards[right.iid], right.iid)
                self._base_turn = _kept_right(base[3], self._board_turn)

    def _foresee_end_killed(self) -> bool:
        """With `sacrificer_killed`: when this turn's attacks can kill the one End on the rift's board
        (the ATK of the player's ready attackers, its ruler's included, with the plan's new units in
        its attack zones, reaches End's HP left; greedy's attacks then kill it, `kill_sacrificer`),
        End's rule does not come at the rift's next start and End does not attack: an average new
        unit stands in its place (the drives fill it).  A board that kills End this way meets that
        turn (`_battle`); when the ready attackers kill it alone, so does the board as it is (True)."""
        facts = self.facts
        game = facts.game
        rift = game.sides[INVADER].board
        ends = [s for s, u in enumerate(rift) if u is not None and facts.cards[u.iid].id in facts.sacrifice_ids]
        if len(ends) != 1:
            return False  # none, or several: killing one does not stop the rule
        end = ends[0]
        ready = sum([atk for _slot, atk in _ready_attackers(game)])
        attackers = facts.attackers_if_killed(end)
        world = (attackers, battles_of(attackers, False))
        self._end_need = facts.remaining_hp(INVADER, end) - ready
        if self._end_need > 0:
            self._end_world = world
            return False
        self._attackers, self._battles = world  # killed whatever the plan: the board as it is meets that turn
        self._sacrifice = False
        return True

    def _foresee_wounds(self) -> None:
        """With `wound_foreseen`: the ATK of the player's attackers ready now, its ruler's included, which
        with the plan's new attackers may wound the rift's attackers down to an interceptor's reach this
        turn (`_wounded`; greedy's attacks then wound them when the wound is worth more than going face,
        `Facts.chip_value`).  The board as it is meets the rift's turn with the wounds its own attackers
        can make (`__init__`)."""
        facts = self.facts
        game = facts.game
        self._ready = _ready_attackers(game)
        rift = game.sides[INVADER].board
        cards = facts.cards
        woundable: list[RiftAttacker | None] = []  # an empty zone's attacker is an average unit, driven later
        attackers = facts.attackers
        for slot in (ATTACK_LEFT, ATTACK_RIGHT):
            u = rift[slot]
            if u is not None and cards[u.iid].dormant:
                continue  # a dormant unit does not attack: it is not one of the attackers
            woundable.append(attackers[len(woundable)] if u is not None else None)
        self._woundable = tuple(woundable)

    def _wounded(
        self,
        attackers: tuple[RiftAttacker, ...],
        sacrifice: bool,
        left: BoardUnit | None,
        right: BoardUnit | None,
        defense: BoardUnit | None,
        new: tuple[int, ...],
    ) -> tuple[RiftAttacker, ...]:
        """The rift's next `attackers` after this turn's attacks wound them for the interceptor they meet
        first (the left unit, else the defense unit, as the rift attacks them: solo 6; with End's rule due,
        `sacrifice`, after the unit it destroys first, as `odds.rift_battle` has it): the damage of one
        attack each, the ready attackers' and the plan's new ones' (`new`, their ATK), that leaves an
        attacker on the board now no more HP than the interceptor's ATK and does not kill it; it then dies
        before it strikes (`odds.rift_battle`).  The smallest attack that does it goes to the first
        attacker that meets the interceptor, then the next."""
        if sacrifice:  # End's rule takes the left unit, else the defense unit while no right one stands
            if left is not None:
                left = None
            elif right is None:
                defense = None
        first = left if left is not None and left[4] else defense if defense is not None and defense[4] else None
        ready = self._ready
        if first is None or not first[2] or ready is None:
            return attackers
        reach = first[1]
        board = self.board
        atks = sorted(
            [a for s, a in ready if s == RULER or (left if s == ATTACK_LEFT else right) is board[s]] + list(new)
        )  # a unit the plan summons over attacks no more
        wounded: list[RiftAttacker] = []
        woundable = self._woundable
        for place, attacker in enumerate(attackers):
            atk, stk, pierce, hp = attacker
            if hp > reach and place < len(woundable) and woundable[place] == attacker:
                use = next((a for a in atks if hp - reach <= a < hp), 0)
                if use:
                    atks.remove(use)
                    attacker = (atk, stk, pierce, hp - use)
            wounded.append(attacker)
        return tuple(wounded)

    def _battle(
        self, left: BoardUnit | None, right: BoardUnit | None, defense: BoardUnit | None, new: tuple[int, ...]
    ) -> BattleOutcome:
        """The rift's next turn against the board (`left`, `right`, `defense`), whose new units in the
        attack zones have ATK `new`: with End killed this turn if they can kill it (`_foresee_end_killed`),
        and with `wound_foreseen` the rift's attackers wounded for the interceptor (`_wounded`)."""
        world = self._end_world
        if world is not None and sum(new) >= self._end_need:
            attackers, battles = world[0], world[1]
            sacrifice = False
        else:
            attackers, battles, sacrifice = self._attackers, self._battles, self._sacrifice
        if self._ready is not None:
            wounded = self._wounded(attackers, sacrifice, left, right, defense, new)
            if wounded != attackers:
                return battle_in(battles_of(wounded, sacrifice), wounded, sacrifice, left, right, defense)
        return battle_in(battles, attackers, sacrifice, left, right, defense)

    def best(self, units: tuple[_Item, ...]) -> float:
        """The value of the best placement of `units` (at least one)."""
        value = self._best.get(units)
        if value is not None:
            return value
        if len(units) == 1:
            best_value, best = self._best_one(units[0])
        else:
            best_value, best = self._best_many(units)
        self._best[units] = best_value
        self._where[units] = best
        return best_value

    def _best_one(self, unit: _Item) -> tuple[float, tuple[int, ...]]:
        """The common case, without the permutations' bookkeeping (the same sums in the same order)."""
        best_value = -1e9
        best: tuple[int, ...] = ()
        b0, b1, b2 = self.board
        entry = self.facts.entry(unit.card)
        worth = self.worth[unit.iid]
        left: BoardUnit | None
        right: BoardUnit | None
        defense: BoardUnit | None
        tried: list[tuple[float, float, tuple[int, ...]]] | None = [] if self._keeps else None
        for slot in self.slots:
            if slot == ATTACK_LEFT:
                left, right, defense = entry, b1, b2
            elif slot == DEFENSE:
                left, right, defense = b0, b1, entry
            else:
                left, right, defense = b0, entry, b2
            battle = self._battle(left, right, defense, (unit.card.atk,) if slot != DEFENSE else ())
            saved = self._saving(battle)
            value = 0.0 + worth[slot]
            value += saved
            if self.turns:
                value += self._stand_right(battle, self.turns[unit.iid] if slot == ATTACK_RIGHT else self._board_turn)
            if self.later:
                later = list(self._board_later)
                later[slot] = self.later[unit.iid][slot]
                lost, penalty = self._later_lost(battle, later)
                value -= penalty
                if tried is not None:
                    tried.append((value, lost, (slot,)))
                    continue
            if value > best_value:
                best_value = value
                best = (slot,)
        if tried:
            return self._kept_best(tried)
        return best_value, best

    def _best_many(self, units: tuple[_Item, ...]) -> tuple[float, tuple[int, ...]]:
        best_value = -1e9
        best: tuple[int, ...] = ()
        b0, b1, b2 = self.board
        entries = [self.facts.entry(it.card) for it in units]
        worths = [self.worth[it.iid] for it in units]
        laters = [self.later[it.iid] for it in units] if self.later else None
        atks = [it.card.atk for it in units]
        tried: list[tuple[float, float, tuple[int, ...]]] | None = [] if self._keeps else None
        for chosen in _permutations(self.slots, len(units)):
            board = [b0, b1, b2]
            value = 0.0
            new: tuple[int, ...] = ()
            for entry, worth, atk, slot in zip(entries, worths, atks, chosen):
                board[slot] = entry
                value += worth[slot]
                if slot != DEFENSE:
                    new += (atk,)
            left, right, defense = board
            battle = self._battle(left, right, defense, new)
            value += self._saving(battle)
            if self.turns:
                turn = self._board_turn
                for it, slot in zip(units, chosen):
                    if slot == ATTACK_RIGHT:
                        turn = self.turns[it.iid]
                value += self._stand_right(battle, turn)
            if laters is not None:
                later = list(self._board_later)
                for unit_later_, slot in zip(laters, chosen):
                    later[slot] = unit_later_[slot]
                lost, penalty = self._later_lost(battle, later)
                value -= penalty
                if tried is not None:
                    tried.append((value, lost, chosen))
                    continue
            if value > best_value:
                best_value = value
                best = chosen
        if tried:
            return self._kept_best(tried)
        return best_value, best

    def _kept_best(self, tried: list[tuple[float, float, tuple[int, ...]]]) -> tuple[float, tuple[int, ...]]:
        """With `keep_later`: the best of the placements `tried` (each its value, the later worth of
        the player's units the rift's next turn destroys, and its slots) once each loses `keep_later`
        times what it loses more than the placement of the same units that loses least.  A unit lost
        wherever it goes costs nothing here: the term chooses where units go, not whether to summon them."""
        least = min([lost for _value, lost, _slots in tried])
        w = self.facts.w.keep_later
        best_value = -1e9
        best: tuple[int, ...] = ()
        for value, lost, slots in tried:
            value -= w * (lost - least)
            if value > best_value:
                best_value = value
                best = slots
        return best_value, best

    def _saving(self, battle: BattleOutcome) -> float:
        """What a board is worth in face damage saved against the rift's next attacks (`battle`,
        theirs against it: `_battle`), next to the board as it is.  Each placement the search tries
        is a board of its own (the rift's battle against it is remembered: `odds.battle_in`)."""
        saved = (self.base - battle[0] * self._hit_rate) * self.shield
        if self._losses:  # the units the attacks would destroy, next to those of the board as it is
            saved -= self.facts.loss_worth(battle) - self._base_losses
        return saved

    def _stand_right(self, battle: BattleOutcome, turn: float) -> float:
        """With `right_turns`: the turns of attacks (`turn` each) that the player's unit in the right attack
        zone makes beyond `future_turns` when the rift's next turn (`battle`) does not destroy it, next to
        what the board as it is keeps there.  No attack reaches that zone and End's rule takes the left
        unit first: a unit that stands there through one rift turn stands through more, where one the
        attacks meet does not."""
        w = self.facts.w
        return (w.right_turns - w.future_turns) * (_kept_right(battle[3], turn) - self._base_turn)

    def _later_lost(self, battle: BattleOutcome, later: list[float]) -> tuple[float, float]:
        """The worth beyond this turn (`values.unit_later`, `later` by slot) of the player's units the
        rift's next turn (`battle`) destroys, for `keep_later`; and what `lost_later` takes off the
        placement for it, next to what the board as it is loses (a unit End's rule or the attacks take
        attacks this turn only)."""
        lost = _lost_later(battle[3], later)
        return lost, self._lost_later * (lost - self._base_later) if self._lost_later else 0.0

    def held(self, units: tuple[_Item, ...], kept: tuple[_Item, ...]) -> float:
        """What the answers `kept` for the rift's turn save the board `units` make in their best
        placement (`Facts.answers_saving`)."""
        answers = tuple(sorted([it.answer for it in kept if it.answer is not None]))
        value = self._held.get((units, answers))
        if value is None:
            board = list(self.board)
            if units:
                self.best(units)
                for it, slot in zip(units, self._where[units]):
                    board[slot] = self.facts.entry(it.card)
            value = self._held[units, answers] = self.facts.answers_saving(board[0], board[1], board[2], answers)
        return value

    def placement(self, units: tuple[_Item, ...]) -> list[Action]:
        """The summons of the best placement of `units` (after `best`)."""
        if not units:
            return []
        return [summon_action(it.iid, slot) for it, slot in zip(units, self._where[units])]


def _ready_attackers(game: Game) -> tuple[tuple[int, int], ...]:
    """(slot, ATK) of the player's units, its ruler's included, that can attack now: what this turn's
    attacks can add to the plan's new attackers (End's kill, the wounds for an interceptor)."""
    return tuple([(s, game.atk(PLAYER, s)) for s in (ATTACK_LEFT, ATTACK_RIGHT, RULER) if can_attack_now(game, s)])


def _lost_later(lost_slots: int, later: list[float]) -> float:
    """The worth beyond this turn of the units in the zones `lost_slots` (bits `1 << slot`, as
    `odds.rift_battle` names the zones whose units it destroys).  Asked for every placement the
    plan tries: a loop, not a generator."""
    total = 0.0
    if lost_slots:
        for slot in UNIT_SLOTS:
            if lost_slots >> slot & 1:
                total += later[slot]
    return total


def _kept_right(lost_slots: int, worth: float) -> float:
    """`worth`, the right attack zone unit's, when the rift's next turn does not destroy it (`lost_slots`,
    bits `1 << slot` as `odds.rift_battle` names the zones whose units it destroys), else 0."""
    return 0.0 if lost_slots >> ATTACK_RIGHT & 1 else worth


@functools.cache
def _permutations(slots: tuple[int, ...], k: int) -> tuple[tuple[int, ...], ...]:
    return tuple(itertools.permutations(slots, k))
