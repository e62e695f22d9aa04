"""Attacks, battles and damage: who may attack what, the fight itself, and damage to units and rulers.

An attack is declared (`declare_attack`: the attacker rests, its
on_attack and attack_cost abilities trigger, and a `Battle` task waits under
them), then fought when the task is reached (`battle`).  Damage to a unit
(`damage_unit`) is checked against its HP at once; damage to a ruler
(`damage_ruler`) queues a damage check, its cards turned one at a time
(`check_one`: a task takes the next card, and the cards after it while
nothing may happen between them; the rest waits as a task).  Both ask the game's damage replacements
first (`Setup.damage_replacements`: replace.py), and an attack declared
runs `Setup.attack_declared` (the attack windows, windows.py).  A unit
destroyed is destroyed even when a replacement keeps it in play
("destroyed but not sent"): pierce sees its defender destroyed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gateruler.engine.actions import ATTACK_LEFT, ATTACK_RIGHT, DEFENSE, INVADER, PLAYER, RULER
from gateruler.engine.events import Attack as AttackEntry
from gateruler.engine.events import Cause
from gateruler.engine.events import Check as CheckEntry
from gateruler.engine.events import DamageUnit as DamageUnitEntry
from gateruler.engine.events import RulerDamage as RulerDamageEntry
from gateruler.engine.firing import fire, watch
from gateruler.engine.keywords import CANNOT_BE_ATTACKED, COUNTERATTACK, DORMANT, INTERCEPT, PIERCE
from gateruler.engine.rules import VanishedTarget
from gateruler.engine.stats import hp
from gateruler.engine.tasks import Battle, Check, check_task, make
from gateruler.engine.triggers import ATTACK_COST, CNT, ON_ATTACK, UNIT_ATTACKS
from gateruler.engine.zones import destroy, take_top

if TYPE_CHECKING:
    from gateruler.engine.gamestate import GameState


def can_attack(game: GameState, side: int, slot: int) -> bool:
    """Whether the unit in `slot` of `side` (RULER: its ruler) may attack now: not rested, not dormant, not
    in the defense zone, and its attack costs can be paid; the rift's ruler always may."""
    if slot == RULER:
        return side == INVADER or not game.sides[side].ruler_rested
    if slot == DEFENSE:
        return False
    u = game.sides[side].board[slot]
    if u is None or u.rested:
        return False
    setup = game.setup
    if ATTACK_COST in setup.triggers[u.iid] and not can_pay_to_attack(game, side, u.iid):
        return False
    if setup.keyword_grants:
        return DORMANT not in game.keywords(side, slot)
    return DORMANT not in setup.defs[u.iid].keywords  # `keywords` without its call: nothing grants any


def can_pay_to_attack(game: GameState, side: int, iid: int) -> bool:
    """Whether every cost of the unit's attack_cost abilities can be paid now (it may attack only then)."""
    abilities = game.setup.defs[iid].abilities
    return all(c.can_pay(game, side, iid) for i in game.setup.triggers[iid][ATTACK_COST] for c in abilities[i].costs)


def attackable(game: GameState, side: int, slot: int) -> bool:
    """Whether there is a unit in `slot` of `side` that may be attacked."""
    u = game.sides[side].board[slot]
    if u is None:
        return False
    setup = game.setup
    if setup.keyword_grants:
        return CANNOT_BE_ATTACKED not in game.keywords(side, slot)
    return CANNOT_BE_ATTACKED not in setup.defs[u.iid].keywords  # `keywords` without its call: nothing grants any


def attack_targets(game: GameState, side: int) -> list[int]:
    """Legal targets on `side` for an attack by the other side (real rules).

    The frontmost card of each line, or the ruler through a line with no
    unit in it (docs/rulings.md, CR 8-4c-1)."""
    board = game.sides[side].board
    setup = game.setup
    defs = None if setup.keyword_grants else setup.defs  # nothing grants keywords: `attackable` without its call
    targets: list[int] = []
    open_line = False
    for slot in (ATTACK_LEFT, DEFENSE, ATTACK_RIGHT):
        u = board[slot]
        if u is None:
            open_line = True
        elif CANNOT_BE_ATTACKED not in defs[u.iid].keywords if defs is not None else attackable(game, side, slot):
            targets.append(slot)
    if open_line:
        targets.append(RULER)
    return targets


def declare_attack(game: GameState, side: int, attacker: int, target: int) -> None:
    """Rest the attacker, trigger its attack abilities, then fight."""
    s = game.sides[side]
    foe = 1 - side
    if attacker == RULER:
        if side == PLAYER:
            s.ruler_rested = True
        attacker_iid = -1
    else:
        unit = s.board[attacker]
        assert unit is not None  # a declared attacker is on the board
        unit.rested = True
        attacker_iid = unit.iid
    if target == RULER:
        target_iid = -1
    else:
        defender = game.sides[foe].board[target]
        assert defender is not None  # a declared target is on the board
        target_iid = defender.iid
    game.attacks += 1
    game.log.append(AttackEntry((game.turn, "attack", side, attacker_iid, target, target_iid)))  # log_event, no call
    game.tasks.append(make(Battle, (side, attacker, attacker_iid, target, target_iid)))
    if game.setup.attack_declared:
        for hook in game.setup.attack_declared:
            hook(game, side, attacker_iid, target, target_iid)  # the rift's attack windows, under its attack abilities
    if attacker_iid >= 0:
        if game.setup.watchers:
            watch(game, UNIT_ATTACKS, side, attacker_iid, attacker)  # under the attacker's own on_attack abilities
        triggers = game.setup.triggers[attacker_iid]
        if ON_ATTACK in triggers:
            fire(game, side, attacker_iid, ON_ATTACK, (target, target_iid))
        if ATTACK_COST in triggers:
            fire(game, side, attacker_iid, ATTACK_COST)  # on top: the costs of attacking are paid first


def damage_ruler(
    game: GameState, side: int, amount: int, battle: bool, cause: str | None = None, source: int | None = None
) -> None:
    """Queue a damage check of `amount` cards, one at a time (what replacements leave of it).

    `cause`, `source`: what dealt it (events.Cause; an effect gives its trigger and card)."""
    if amount <= 0:
        return
    if game.setup.damage_replacements:
        for replacement in game.setup.damage_replacements:
            amount = replacement(game, side, -1, RULER, amount, battle, cause, source)
            if amount <= 0:
                return
    game.log.append(RulerDamageEntry((game.turn, "ruler_damage", side, amount, battle, source, cause)))  # log_event
    game.tasks.append(check_task(side, amount, amount))


def damage_unit(
    game: GameState,
    side: int,
    slot: int,
    amount: int,
    battle: bool = False,
    cause: str | None = None,
    source: int | None = None,
) -> bool:
    """Deal `amount` damage to the unit in `slot` of `side` (what replacements leave of it); `battle`: battle damage.
    Whether it destroyed the unit (sent to the graveyard, or kept in play by a replacement: destroyed but not sent).

    `cause`, `source`: what dealt it (events.Cause; an effect gives its trigger and card)."""
    board = game.sides[side].board
    u = board[slot]
    if u is None or amount <= 0:
        return False
    if game.setup.damage_replacements:
        for replacement in game.setup.damage_replacements:
            amount = replacement(game, side, u.iid, slot, amount, battle, cause, source)
            if amount <= 0 or board[slot] is not u:
                return False
    u.damage += amount
    game.log.append(DamageUnitEntry((game.turn, "damage_unit", side, u.iid, amount, u.damage, source, cause)))
    if u.damage >= hp(game, side, slot):
        game.hp_dirty = True  # a replacement may keep it at lethal damage: the rules look again
        return destroy(game, side, slot, Cause.LETHAL, source)
    return False  # below its HP, which is all the rules would ask of it


def pending_battle(game: GameState, side: int) -> Battle | None:
    """The latest attack `side` declared whose battle is still to be fought (None: no such attack).

    Bots and windows ask this instead of reading the task stack: what a
    waiting battle is made of is the engine's business."""
    for task in reversed(game.tasks):
        if type(task) is Battle and task.side == side:
            return task
    return None


def attack_goes_on(game: GameState, side: int, attacker_iid: int) -> bool:
    """The declared attack of `side`'s unit `attacker_iid`, not yet fought, goes on to the enemy ruler.

    Its battle task is rewritten in place: the battle then deals the
    attacker's STK to the ruler as battle damage.  The task keeps the card
    the attack was declared against, which tells the battle that the
    attack went on (Cause.CARRY_THROUGH).  False when no such attack is
    waiting."""
    tasks = game.tasks
    for i in range(len(tasks) - 1, -1, -1):
        task = tasks[i]
        if type(task) is Battle and task.side == side and task.attacker_iid == attacker_iid:
            tasks[i] = task._replace(target=RULER)  # a ruler target with a card: gone on
            game.log_event(side, "carry_through", attacker_iid, task.target, task.target_iid)
            return True
    return False


def battle(game: GameState, task: Battle) -> None:
    """Fight a declared attack: battle damage both ways (intercept first, then the attack, pierce through the
    defense zone, counterattack), or the attacker's STK to the ruler; nothing when either has left."""
    side, attacker, attacker_iid, target, target_iid = task
    foe = 1 - side
    s = game.sides[side]
    if attacker != RULER:
        u = s.board[attacker]
        if u is None or u.iid != attacker_iid:
            return  # the attacker left the board before the battle
    if target == RULER:
        # a ruler target with a card: the attack went on to the ruler (attack_goes_on)
        game.damage_ruler(
            foe,
            game.stk(side, attacker),
            True,
            Cause.ATTACK if target_iid < 0 else Cause.CARRY_THROUGH,
            attacker_iid,
        )
        return
    t = game.sides[foe].board[target]
    if t is None or t.iid != target_iid:
        # The target left the board: the attack does nothing, or (`Rules.vanished_target`) it goes on through the
        # emptied line to the ruler behind it, as an attack on an empty line does (docs/rulings.md 17, 21).
        if game.setup.rules.vanished_target is VanishedTarget.RULER:
            game.damage_ruler(foe, game.stk(side, attacker), True, Cause.ATTACK, attacker_iid)
        return
    setup = game.setup
    plain = not setup.keyword_grants  # nothing grants keywords: a unit's are its card's (`keywords` without its call)
    target_kw = setup.defs[target_iid].keywords if plain else game.keywords(foe, target)
    if attacker != RULER and INTERCEPT in target_kw:
        game.damage_unit(side, attacker, game.atk(foe, target), True, Cause.INTERCEPT, target_iid)
        u = s.board[attacker]
        if u is None or u.iid != attacker_iid:
            return
    pierce = PIERCE in (
        setup.defs[attacker_iid].keywords if plain and attacker != RULER else game.keywords(side, attacker)
    )
    stk = game.stk(side, attacker)
    destroyed = game.damage_unit(foe, target, game.atk(side, attacker), True, Cause.ATTACK, attacker_iid)
    if destroyed and target == DEFENSE and pierce:
        game.damage_ruler(foe, stk, True, Cause.PIERCE, attacker_iid)  # also when it was destroyed but not sent
    t = game.sides[foe].board[target]
    if t is None or t.iid != target_iid:
        return
    if attacker != RULER and COUNTERATTACK in target_kw:
        u = s.board[attacker]
        if u is not None and u.iid == attacker_iid:
            game.damage_unit(side, attacker, game.atk(foe, target), True, Cause.COUNTERATTACK, target_iid)


def check_one(game: GameState, task: Check) -> None:
    """The next card of a damage check of `total` cards, `remaining` of them still to come [rules.md 6.4], and
    the cards after it while nothing may happen between them.

    The rest of the check is queued as a task, as each card's rules processing and abilities come before the
    next card; but after a card that is not a CNT card, when the task loop's test of the rules finds nothing
    marked (no loss, no unit's HP, no empty deck: `Game.run`), nothing happens before the next card, which is
    then taken here at once: the same game, a task fewer a card.
    `total` is None for a check queued by a save from before the log
    numbered checks (its cards then log no place)."""
    side, remaining, total = task
    s = game.sides[side]
    deck, other_deck = s.deck, game.sides[1 - side].deck
    setup = game.setup
    life = game.life(side)
    while True:
        index = None if total is None else total - remaining + 1
        iid = deck.pop() if deck else take_top(game, side)  # `take_top` only for an empty deck: a call saved
        if iid is None:
            game.log_event(side, "check_deck_out", index, total)
            return
        if setup.defs[iid].has_cnt:
            if remaining > 1:
                game.tasks.append(check_task(side, remaining - 1, total))  # under the CNT abilities
            s.graveyard.append(iid)
            game.log.append(CheckEntry((game.turn, "check", side, iid, "cnt", index, total)))  # log_event, no call
            fire(game, side, iid, CNT)
            return
        s.damage_zone.append(iid)
        game.log.append(CheckEntry((game.turn, "check", side, iid, "damage", index, total)))  # log_event, no call
        if len(s.damage_zone) >= life:
            s.lost = s.lost or "damage"
            game.hp_dirty = True  # the task loop's mark: the rules end the game
        remaining -= 1
        if remaining <= 0:
            return
        if game.hp_dirty or not deck or not other_deck:  # what the task loop tests before the rules processing
            game.tasks.append(check_task(side, remaining, total))
            return
