"""Priority windows in the rift's turn (issue 13): the moments the player may answer the rift.

Whoever holds priority, in either player's turn, may play a set card or use
an activated ability whose timing is not "normal" (CR 9-3e-2/3), and a unit
with Sentinel Summoning may be normally summoned in the opponent's turn
(rules.md 4.2b).  In the rift's turn the engine gives the player priority at
five moments (timings.WINDOWS): after each driven card resolves
(`rift_drive`), when an attack is declared (`attack_declared`), just before
battle damage (`before_damage`), when one of the rift's damage abilities is
about to resolve (`damage_effect`) and in the rift's end phase (`rift_end`).

A window is a task, ``Window(name, source, target, target_card)`` (tasks.py):
`source` is the card the moment is about (the driven card, the attacker, the
damage ability's card; -1 the rift's ruler or nothing), `target` the zone an
attack is about to hit (RULER for the ruler; -1 none) and `target_card` the
card there.  The engine pushes window tasks only in games where the player
has something that could ever answer (a set-able event or an activated
ability whose timing opens in the rift's turn, or a sentinel unit, under
`Rules.player_windows`): the hooks below (`HOOKS`) are then `Setup`'s
`attack_declared`, `rift_drove` and `rift_turn_end`, and other games pay
nothing.  When the
task is reached, :func:`open_window` works out the answers; only when there
is one does the game wait, with a `Decision` of kind ``window`` whose options
are the answers and `Pass`.  Answering with anything but `Pass` plays it and
opens the window again once it has resolved (docs/rulings.md W1-W6).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from gateruler.engine.actions import INVADER, PLAYER, RULER, Action, Pass, PlayEvent, Summon
from gateruler.engine.frames import Decision, DecisionKind
from gateruler.engine.keywords import SENTINEL
from gateruler.engine.legal import event_playable, is_set_copy
from gateruler.engine.tasks import Battle, Task, Window
from gateruler.engine.tasks import window as task
from gateruler.engine.timings import (
    ATTACK_DECLARED,
    BEFORE_DAMAGE,
    DAMAGE_EFFECT,
    RIFT_DRIVE,
    RIFT_END,
    TIMINGS,
    WINDOWS,
)
from gateruler.engine.triggers import ACTIVATED
from gateruler.models import CardDef
from gateruler.vocabulary import EVENT_TYPE, UNIT_TYPE

if TYPE_CHECKING:
    from gateruler.engine.gamestate import GameState

WINDOW = DecisionKind.WINDOW  # the kind of the decision a window leaves (and its task's tag)
RIFT_WINDOWS = (RIFT_DRIVE, ATTACK_DECLARED, BEFORE_DAMAGE, DAMAGE_EFFECT, RIFT_END)
DAMAGE_WORDS = frozenset({"damage", "split_damage"})  # the effect words that deal damage (a "damage effect")


# ---------------------------------------------------------------------- worked out once per game


def answering_cards(defs: Sequence[CardDef], owners: Sequence[int]) -> bool:
    """Whether some card of the player's could ever answer in a rift window: an event whose timing opens
    there (it must be set first), an activated ability whose timing opens there, a sentinel unit."""
    last = None
    for d, owner in zip(defs, owners):
        if owner != PLAYER:
            break  # the player's cards come first
        if d is last:
            continue  # copies stand together in a deck list
        last = d
        if _answers(d):
            return True
    return False


_ANSWERS: dict[
    int, tuple[CardDef, bool]
] = {}  # id(definition) -> (it, whether it can answer): set-up is a short game's cost


def _answers(d: CardDef) -> bool:
    hit = _ANSWERS.get(id(d))
    if hit is None or hit[0] is not d:
        found = (
            (d.type is EVENT_TYPE and bool(d.timing) and _opens_in_rift_turn(d.timing))
            or (d.type is UNIT_TYPE and SENTINEL in d.keywords)
            or any(a.trigger == ACTIVATED and _opens_in_rift_turn(a.timing) for a in d.abilities)
        )
        if len(_ANSWERS) > 4096:
            _ANSWERS.clear()
        hit = _ANSWERS[id(d)] = (d, found)
    return hit[1]


def _opens_in_rift_turn(timing: str) -> bool:
    return any(name in TIMINGS[timing].windows for name in RIFT_WINDOWS)


def damage_abilities(defs: Sequence[CardDef], owners: Sequence[int]) -> frozenset[tuple[int, int]]:
    """(card, ability) of the rift's abilities with a damage effect that may hit the player's side:
    the `damage_effect` window opens when one of them is about to resolve."""
    out = set()
    for iid, (d, owner) in enumerate(zip(defs, owners)):
        if owner != INVADER:
            continue
        for index, ability in enumerate(d.abilities):
            if any(e.kind in DAMAGE_WORDS and _may_hit_enemy(e.target) for e in ability.effects):
                out.add((iid, index))
    return frozenset(out)


def _may_hit_enemy(target: Any) -> bool:
    side = getattr(target, "side", None) or getattr(getattr(target, "filter", None), "side", None)
    return side != "own"


# ---------------------------------------------------------------------- the hooks that push window tasks (Setup)


def attack_windows(game: GameState, side: int, attacker_iid: int, target: int, target_iid: int) -> None:
    """An attack was declared: after its attack abilities resolve, the player may answer a rift attack; again
    just before battle damage (`attack_declared`)."""
    if side == INVADER:
        game.tasks.append(task(BEFORE_DAMAGE))
        game.tasks.append(task(ATTACK_DECLARED, attacker_iid, target, target_iid))


def drive_window(game: GameState, iid: int) -> None:
    """The rift is about to play the card `iid` it drove: the player may answer once it has resolved (`rift_drove`)."""
    game.tasks.append(task(RIFT_DRIVE, iid))


def end_window(game: GameState) -> list[Task]:
    """The window before the rift's end phase (`rift_turn_end`)."""
    return [task(RIFT_END)]


HOOKS: dict[str, Any] = {
    "attack_declared": (attack_windows,),
    "rift_drove": (drive_window,),
    "rift_turn_end": (end_window,),
}
"""The Setup hooks of a game whose player can answer in the rift's turn."""
NO_HOOKS: dict[str, Any] = dict.fromkeys(HOOKS, ())


# ---------------------------------------------------------------------- opening and answering


def at_risk(name: str) -> bool:
    """Whether the player (or a unit of theirs) is the one about to take damage: every damage window of
    the rift's turn is about the player's side (the rift attacks only the player; `damage_effect` opens
    only for damage that may hit the player's side)."""
    return WINDOWS[name].damage


def answers(game: GameState, name: str) -> list[Action]:
    """The player's answers in the window `name` (`Pass` aside): set events and activated abilities whose
    timing opens there, sentinel summons from the hand into an empty zone."""
    risk = at_risk(name)
    s = game.sides[PLAYER]
    setup = game.setup
    defs = setup.defs
    out: list[Action] = []
    for iid in s.set_zones:
        if iid is None:
            continue
        timing = defs[iid].timing
        if (
            timing
            and TIMINGS[timing].opens(name, risk)
            and setup.costs[iid] <= s.energy_ready
            and (not out or not is_set_copy(game, iid, out))
            and (not setup.play_checks[iid] or event_playable(game, PLAYER, iid))
        ):
            out.append(PlayEvent(iid))
    for plays in setup.window_plays:
        out += plays(game, name, risk)  # activated abilities
    if game.has_hand(PLAYER):
        free = game.free_zones(PLAYER)
        seen: set[str] = set()
        for iid in s.hand:
            d = defs[iid]
            if (
                free
                and d.type is UNIT_TYPE
                and SENTINEL in d.keywords
                and d.id not in seen
                and setup.costs[iid] <= s.energy_ready
            ):
                seen.add(d.id)
                out.extend(Summon(iid, slot) for slot in free)
    return out


def open_window(game: GameState, window: Window) -> None:
    """The window task was reached: wait for the player when there is an answer, else go on."""
    name, source, target, target_card = window
    if name == BEFORE_DAMAGE:
        battle = game.pending_battle(INVADER)
        if battle is None or not _battle_goes_on(game, battle):
            return  # the attack came to nothing: no battle damage is about to be dealt
        source, target, target_card = battle.attacker_iid, battle.target, battle.target_iid
    found = answers(game, name)
    if not found:
        return
    game.pending = Decision(
        WINDOW, PLAYER, source, -1, -1, name, tuple(found) + (Pass(),), target=target, target_card=target_card
    )


def _battle_goes_on(game: GameState, battle: Battle) -> bool:
    side, attacker, attacker_iid, target, target_iid = battle
    if attacker != RULER and not game.unit_is(side, attacker, attacker_iid):
        return False
    return target == RULER or game.unit_is(1 - side, target, target_iid)


def answer(game: GameState, action: Action) -> None:
    """The player answered the open window: it closes; anything but `Pass` opens it again once resolved."""
    decision = game.pending
    assert decision is not None  # the window's decision, which `action` answers
    game.pending = None
    if type(action) is Pass:
        return
    game.tasks.append(task(decision.purpose, decision.source, decision.target, decision.target_card))


def describe(game: GameState, decision: Decision) -> str:
    """What is about to happen, in a sentence: "Vaha is about to attack your Iron Warden."."""
    names = game.setup.names
    name = decision.purpose
    who = names[decision.source] if decision.source >= 0 else "The rift's ruler"
    if name == RIFT_DRIVE:
        return f"The rift drove {who}."
    if name == RIFT_END:
        return "The rift's turn is ending."
    if name == DAMAGE_EFFECT:
        return f"{who} is about to deal damage."
    hit = (
        "you"
        if decision.target == RULER
        else f"your {names[decision.target_card]}"
        if decision.target_card >= 0
        else "you"
    )
    if name == ATTACK_DECLARED:
        return f"{who} is about to attack {hit}."
    return f"{who} is about to deal battle damage to {hit}."
