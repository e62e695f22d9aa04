"""Priority windows that follow the gate: the moments the player may answer, in either turn.

Whoever holds priority, in either player's turn, may play a set card or use
an activated ability whose timing is not "normal" (CR 9-3e-2/3), and a unit
with Sentinel Summoning may be normally summoned in the opponent's turn
(rules.md 4.2b).  Every card or ability that is played or set off goes to
the gate, and each player may respond before it resolves (CR ch. 9, 16-4a);
gate processing comes before each attack declaration and in the start phase
(CR 8-3, 8-4, 6-2e, 6-2g).  So the engine gives the player priority
(timings.WINDOWS):

* in the rift's start phase, before its level's start rule and again
  before its first drive (`rift_start`);
* before a unit the rift drove resolves, drawn and driven or driven by an
  effect of its own (`rift_card`), and before each
  ability of the rift's resolves, in either turn (`rift_ability`, or
  `damage_effect` when it may deal damage to the player's side);
* after each drive, once the card and all it started have resolved
  (`rift_drive`);
* before the rift chooses each attacker and target (`before_attack`), at an
  attack declaration (`attack_declared`) and just before battle damage
  (`before_damage`): the rift's attacks, and the player's own attacks into
  an intercept or a counterattack, where the player's unit is about to take
  damage;
* before a damage effect of the player's own that may hit the player's
  side (`damage_effect`);
* in the rift's end phase (`rift_end`).

A window is a task, ``Window(name, source, target, target_card)`` (tasks.py):
`source` is the card the moment is about (the driven card, the attacker, the
ability's card; -1 the rift's ruler or nothing), `target` the zone an
attack is about to hit (RULER for the ruler; -1 none) and `target_card` the
card there.  The engine pushes window tasks only in games where the player
has something that could ever answer (a set-able event or an activated
ability whose timing opens outside the player's own main and attack phases,
or a sentinel unit, under `Rules.player_windows`): the hooks below (`HOOKS`)
are then `Setup`'s `attack_declared`, `rift_drove`, `rift_effect_drove`
and `rift_turn`, its
`ability_windows` table says which abilities get one, and other games pay
nothing.  When the task is reached, :func:`open_window` works out the
answers; only when there is one does the game wait, with a `Decision` of
kind ``window`` whose options are the answers and `Pass`.  Answering with
anything but `Pass` plays it and opens the window again once it has
resolved (docs/rulings.md W1-W9).

Two choices of the rules wait the same way though they are no priority
(`WindowWord.priority` False, no timing opens there): `drive_set`, whether
to set a card driven outside the player's own start and main phases
(CR 10-3), and `open_play`, the zone of an open unit under
`open_card=played`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from gateruler.engine.actions import INVADER, PLAYER, RULER, Action, Pass, PlayEvent, SetCard, Summon
from gateruler.engine.frames import Decision, DecisionKind, Frame
from gateruler.engine.keywords import COUNTERATTACK, INTERCEPT, OPEN_CARD, SENTINEL
from gateruler.engine.legal import event_playable, is_set_copy
from gateruler.engine.tasks import Battle, Overdrive, RiftAttack, RiftPlay, RiftStartRules, Task, Window, make
from gateruler.engine.tasks import window as task
from gateruler.engine.timings import (
    ATTACK,
    ATTACK_DECLARED,
    BEFORE_ATTACK,
    BEFORE_DAMAGE,
    DAMAGE_EFFECT,
    DRIVE_SET,
    MAIN,
    OPEN_PLAY,
    RIFT_ABILITY,
    RIFT_CARD,
    RIFT_DRIVE,
    RIFT_END,
    RIFT_START,
    TIMINGS,
    WINDOWS,
)
from gateruler.engine.triggers import ACTIVATED, ATTACK_COST
from gateruler.models import CardDef
from gateruler.vocabulary import EVENT_TYPE, UNIT_TYPE

if TYPE_CHECKING:
    from gateruler.engine.gamestate import GameState

WINDOW = DecisionKind.WINDOW  # the kind of the decision a window leaves (and its task's tag)
ANSWER_WINDOWS = tuple(w.name for w in WINDOWS if w.priority and w.name not in (MAIN, ATTACK))
"""The priority windows outside the player's own main and attack phases: a card whose timing opens in one of them
can answer the rift (the rift's turn, the damage windows of either turn)."""
RIFT_WINDOWS = ANSWER_WINDOWS  # the name the bots knew them by
DAMAGE_WORDS = frozenset({"damage", "split_damage"})  # the effect words that deal damage (a "damage effect")
RIFT_START_WINDOW = task(RIFT_START)
BEFORE_ATTACK_WINDOW = task(BEFORE_ATTACK)
RIFT_END_WINDOW = task(RIFT_END)
BEFORE_DAMAGE_WINDOW = task(BEFORE_DAMAGE)


# ---------------------------------------------------------------------- worked out once per game


def answering_cards(defs: Sequence[CardDef], owners: Sequence[int]) -> bool:
    """Whether some card of the player's could ever answer outside its own main and attack phases: an event whose
    timing opens there (it must be set first), an activated ability whose timing opens there, a sentinel unit."""
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


def unanswered_windows(defs: Sequence[CardDef], owners: Sequence[int], has_activated: bool) -> frozenset[str]:
    """The windows no card of the game can ever answer, which `open_window` passes over at once: a rift
    window (one at every damage moment under Absolute Bearia) is then no search of the set zones.

    None when the player has an activated ability or a sentinel unit (they may answer anywhere); else the
    priority windows that no event's timing opens (the rift's events too: any card could be set)."""
    if has_activated or has_sentinel(defs, owners):
        return frozenset()
    timings = {TIMINGS[d.timing] for d in defs if d.type is EVENT_TYPE and d.timing}
    return frozenset(
        w.name
        for w in WINDOWS
        if w.priority and w.name not in SPECIAL and not any(t.opens(w.name, w.damage) for t in timings)
    )


def has_sentinel(defs: Sequence[CardDef], owners: Sequence[int]) -> bool:
    """Whether some unit of the player's has Sentinel (printed: `answers` reads the definition), which may be
    summoned from the hand in any window of the rift's turn (`Setup.sentinels`)."""
    return any(owner == PLAYER and d.type is UNIT_TYPE and SENTINEL in d.keywords for d, owner in zip(defs, owners))


def window_answerers(defs: Sequence[CardDef]) -> dict[str, frozenset[int]]:
    """`Setup.play_answerers` and `hand_answerers`: the cards with an activated ability whose timing opens outside
    the player's own main and attack phases, and the Sentinel units (`may_answer`; the rift's too, whose cards the
    player's zones never hold, so that the test reads no owner)."""
    play: list[int] = []
    hand: list[int] = []
    for iid, d in enumerate(defs):
        if any(a.trigger == ACTIVATED and _opens_outside_own_phases(a.timing) for a in d.abilities):
            play.append(iid)
        if d.type is UNIT_TYPE and SENTINEL in d.keywords:
            hand.append(iid)
    return {"play_answerers": frozenset(play), "hand_answerers": frozenset(hand)}


_ANSWERS: dict[
    int, tuple[CardDef, bool]
] = {}  # id(definition) -> (it, whether it can answer): set-up is a short game's cost


def _answers(d: CardDef) -> bool:
    hit = _ANSWERS.get(id(d))
    if hit is None or hit[0] is not d:
        found = (
            (d.type is EVENT_TYPE and bool(d.timing) and _opens_outside_own_phases(d.timing))
            or (d.type is UNIT_TYPE and SENTINEL in d.keywords)
            or any(a.trigger == ACTIVATED and _opens_outside_own_phases(a.timing) for a in d.abilities)
        )
        if len(_ANSWERS) > 4096:
            _ANSWERS.clear()
        hit = _ANSWERS[id(d)] = (d, found)
    return hit[1]


def _opens_outside_own_phases(timing: str) -> bool:
    return any(name in TIMINGS[timing].windows for name in ANSWER_WINDOWS)


NOT_ON_THE_GATE = frozenset({ACTIVATED, ATTACK_COST})
"""Triggers whose abilities get no window of their own: an activated ability is the player's answer itself, an attack
cost is paid as the attack is declared (the other non-fired triggers never reach `fire`)."""


def ability_windows(defs: Sequence[CardDef], owners: Sequence[int]) -> Mapping[tuple[int, int], str]:
    """(card, ability) -> the window opened just before that ability resolves: every ability of the rift's
    (`damage_effect` when it may deal damage to the player's side, else `rift_ability`), and the player's own
    abilities with a damage effect that may hit the player's side (`damage_effect`)."""
    out: dict[tuple[int, int], str] = {}
    seen: dict[tuple[int, int], list[tuple[int, str]]] = {}  # (id(definition), owner) -> its windows: copies read once
    for iid, (d, owner) in enumerate(zip(defs, owners)):
        found = seen.get((id(d), owner))
        if found is None:
            found = seen[(id(d), owner)] = _card_windows(d, owner)
        for index, name in found:
            out[(iid, index)] = name
    return out


def _card_windows(d: CardDef, owner: int) -> list[tuple[int, str]]:
    out = []
    for index, ability in enumerate(d.abilities):
        if ability.trigger in NOT_ON_THE_GATE:
            continue
        if any(e.kind in DAMAGE_WORDS and _may_hit_the_player(e.target, owner) for e in ability.effects):
            out.append((index, DAMAGE_EFFECT))
        elif owner == INVADER:
            out.append((index, RIFT_ABILITY))
    return out


def _may_hit_the_player(target: Any, owner: int) -> bool:
    """Whether a damage effect of `owner`'s with this target may hit the player or a unit of theirs."""
    side = getattr(target, "side", None) or getattr(getattr(target, "filter", None), "side", None)
    return side != ("own" if owner == INVADER else "enemy")


# ---------------------------------------------------------------------- the hooks that push window tasks (Setup)


def attack_windows(game: GameState, side: int, attacker_iid: int, target: int, target_iid: int) -> None:
    """An attack was declared: after its attack abilities resolve the player may answer (`attack_declared`), and
    again just before battle damage (`before_damage`): a rift attack, or the player's own attack when its unit is
    about to take damage (an intercept or a counterattack)."""
    if side == INVADER or (attacker_iid >= 0 and target != RULER and _hits_back(game, target)):
        unanswered = game.setup.unanswered  # a window no card can answer is not pushed (`turn_windows`)
        if BEFORE_DAMAGE not in unanswered:
            game.tasks.append(BEFORE_DAMAGE_WINDOW)
        if ATTACK_DECLARED not in unanswered:
            game.tasks.append(make(Window, (ATTACK_DECLARED, attacker_iid, target, target_iid)))  # no Python call


def _hits_back(game: GameState, target: int) -> bool:
    """Whether the rift's unit in `target` deals battle damage back to an attacking unit."""
    keywords = game.keywords(INVADER, target)
    return INTERCEPT in keywords or COUNTERATTACK in keywords


def drive_windows(game: GameState, iid: int) -> bool:
    """The rift drove `iid` and is about to play it: the player may answer once it and all it started have
    resolved (`rift_drive`); a unit waits in the rift's drive zone while the player may answer it before it
    resolves (`rift_card`), and is played by a `RiftPlay` step.  True when it waits so."""
    tasks = game.tasks
    unanswered = game.setup.unanswered  # a window no card can answer is not pushed (`turn_windows`)
    if RIFT_DRIVE not in unanswered:
        tasks.append(make(Window, (RIFT_DRIVE, iid, -1, -1)))  # task(RIFT_DRIVE, iid) without its two calls
    if game.setup.defs[iid].type is not UNIT_TYPE or RIFT_CARD in unanswered:
        # an event resolves as its ability (whose own window comes with it); a field has nowhere to go; a unit
        # no card can answer before it resolves is played at once, over the drive window, as it would be next
        return False
    game.sides[INVADER].drive.append(iid)
    tasks.append(RiftPlay(iid))
    tasks.append(make(Window, (RIFT_CARD, iid, -1, -1)))
    return True


def effect_drive_windows(game: GameState, iid: int) -> None:
    """An effect of the rift's drove `iid` (a search's or a look's `to: drive`), which waits in its drive zone to be
    played by the `RiftPlay` step on top of the tasks: a unit gets the `rift_card` window before it resolves, as one
    the rift drew and drove does (an event resolves as its ability, whose own window comes with it)."""
    if game.setup.defs[iid].type is UNIT_TYPE and RIFT_CARD not in game.setup.unanswered:
        game.tasks.append(task(RIFT_CARD, iid))


def turn_windows(game: GameState, steps: Sequence[Task]) -> list[Task]:
    """The rift's turn with its windows: in its start phase (before its level's start rule and before its first
    drive), before each of its attacks is chosen, and before its end phase.

    A window no card of the game can answer (`Setup.unanswered`) would be passed over at once, so none of them is
    pushed (nor the attack and drive windows): the rules find nothing after a passed-over window that they did
    not find after the task before it (a unit a replacement kept is no longer at 0 HP or lethal damage)."""
    unanswered = game.setup.unanswered
    start = RIFT_START not in unanswered
    before_attack = BEFORE_ATTACK not in unanswered
    out: list[Task] = [RIFT_START_WINDOW] if start else []
    for step in steps:
        if before_attack and type(step) is RiftAttack:
            out.append(BEFORE_ATTACK_WINDOW)
        out.append(step)
        if start and type(step) is RiftStartRules:
            out.append(RIFT_START_WINDOW)
    if RIFT_END not in unanswered:
        out.append(RIFT_END_WINDOW)
    return out


HOOKS: dict[str, Any] = {
    "attack_declared": (attack_windows,),
    "rift_drove": (drive_windows,),
    "rift_effect_drove": (effect_drive_windows,),
    "rift_turn": (turn_windows,),
}
"""The Setup hooks of a game whose player can answer outside their own main and attack phases."""
NO_HOOKS: dict[str, Any] = dict.fromkeys(HOOKS, ())
PUSHED: dict[str, frozenset[str]] = {
    "attack_declared": frozenset({ATTACK_DECLARED, BEFORE_DAMAGE}),
    "rift_drove": frozenset({RIFT_DRIVE, RIFT_CARD}),
    "rift_effect_drove": frozenset({RIFT_CARD}),
    "rift_turn": frozenset({RIFT_START, BEFORE_ATTACK, RIFT_END}),
}
"""The windows each hook may push: it pushes none of those no card of the game can answer (`Setup.unanswered`)."""


def window_hooks(unanswered: frozenset[str]) -> dict[str, Any]:
    """`HOOKS`, without the hooks that would push no window in this game (every window they may push is one no card
    can answer): they would do nothing, at the cost of a call at every attack, drive and rift turn."""
    return {name: hooks if PUSHED[name] - unanswered else () for name, hooks in HOOKS.items()}


# ---------------------------------------------------------------------- opening and answering


def at_risk(name: str) -> bool:
    """Whether the player (or a unit of theirs) is the one about to take damage: every damage window is about the
    player's side (the rift attacks only the player; the player's own attack windows open only when its unit is
    about to take damage; `damage_effect` opens only for damage that may hit the player's side)."""
    return WINDOWS.entries[name].damage


def may_answer(game: GameState, name: str) -> bool:
    """Whether some card of the player's stands where it could answer the priority window `name` (`answers` finds
    none otherwise, so the window is passed over before its battle or attacker is looked at): a set card whose
    timing opens there and whose energy is ready, a card with an activated ability that answers outside the
    player's own phases on the board or in the field or drive zone, a Sentinel unit in the hand in the rift's turn."""
    s = game.sides[PLAYER]
    setup = game.setup
    for iid in s.set_zones:  # two at most
        if iid is not None and name in setup.set_windows[iid] and setup.costs[iid] <= s.energy_ready:
            return True
    if setup.window_plays:  # activated abilities
        cards = setup.play_answerers
        if not cards.isdisjoint(s.drive) or not cards.isdisjoint(s.field):
            return True
        for unit in s.board:
            if unit is not None and unit.iid in cards:
                return True
    # a Sentinel unit in the hand (`has_hand` without its call)
    return (
        setup.sentinels
        and game.active != PLAYER
        and setup.ruler.has_hand
        and not setup.hand_answerers.isdisjoint(s.hand)
    )


def answers(game: GameState, name: str, source: int = -1) -> list[Action]:
    """The player's answers in the window `name` (`Pass` aside): set events and activated abilities whose
    timing opens there, sentinel summons from the hand in the rift's turn; in the two choices of the rules,
    setting the driven card `source` (`drive_set`), the zones of the open unit `source` (`open_play`)."""
    special = SPECIAL.get(name)
    if special is not None:
        return special(game, source)
    risk = WINDOWS.entries[name].damage  # `at_risk` without its two calls
    timings = TIMINGS.entries
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
            and timings[timing].opens(name, risk)
            and setup.costs[iid] <= s.energy_ready
            and (not out or not is_set_copy(game, iid, out))
            and (not setup.play_checks[iid] or event_playable(game, PLAYER, iid))
        ):
            out.append(PlayEvent(iid))
    for plays in setup.window_plays:
        out += plays(game, name, risk)  # activated abilities
    if setup.sentinels and game.active != PLAYER and game.has_hand(PLAYER):  # a Sentinel unit is in the deck
        seen: set[str] = set()
        for iid in s.hand:
            d = defs[iid]
            if (
                d.type is UNIT_TYPE
                and SENTINEL in d.keywords
                and d.id not in seen
                and setup.costs[iid] <= s.energy_ready
            ):
                seen.add(d.id)
                out.extend(Summon(iid, slot) for slot in setup.summon_slots)  # a normal summon: any zone (W5)
    return out


def _drive_set(game: GameState, iid: int) -> list[Action]:
    """Setting the card driven outside the player's start and main phases, when it can be set (CR 10-3)."""
    s = game.sides[PLAYER]
    d = game.setup.defs[iid]
    if iid not in s.drive or d.type is not EVENT_TYPE or OPEN_CARD in d.keywords or None not in s.set_zones:
        return []
    return [SetCard(iid, s.set_zones.index(None))]  # the set zones are interchangeable (ruling 14)


def _open_play(game: GameState, iid: int) -> list[Action]:
    """The zones the open unit `iid` may be summoned into (`open_card=played`): any of the player's."""
    s = game.sides[PLAYER]
    if iid not in s.hand and iid not in s.drive:
        return []
    return [Summon(iid, slot) for slot in game.setup.summon_slots]


SPECIAL = {DRIVE_SET: _drive_set, OPEN_PLAY: _open_play}
"""The windows that are choices of the rules rather than priority, and their answers."""


def open_window(game: GameState, window: Window) -> None:
    """The window task was reached: wait for the player when there is an answer, else go on."""
    name, source, target, target_card = window
    setup = game.setup
    if name in setup.unanswered:
        return  # no card of this game's answers there (tables: unanswered_windows): only in a save made before such
        # windows were left off the task stack
    if name not in SPECIAL and not may_answer(game, name):
        return  # no card stands where it could answer (`answers`): no battle to look at first
    if name == BEFORE_DAMAGE:
        battle = game.pending_battle(game.active)
        if battle is None or not _battle_goes_on(game, battle):
            return  # the attack came to nothing: no battle damage is about to be dealt
        source, target, target_card = battle.attacker_iid, battle.target, battle.target_iid
    elif name == BEFORE_ATTACK:
        step = game.tasks[-1] if game.tasks else None
        if type(step) is not RiftAttack or not game.can_attack(INVADER, step.attacker):
            return  # nothing is about to attack
        unit = game.sides[INVADER].board[step.attacker] if step.attacker != RULER else None
        source = unit.iid if unit is not None else -1
    found = answers(game, name, source)
    if not found:
        if name == DRIVE_SET:
            _revealed(game, source)
        return
    options = tuple(found) if name == OPEN_PLAY else (*found, Pass())
    game.pending = Decision(WINDOW, PLAYER, source, -1, -1, name, options, target=target, target_card=target_card)


def _battle_goes_on(game: GameState, battle: Battle) -> bool:
    side, attacker, attacker_iid, target, target_iid = battle
    if attacker != RULER and not game.unit_is(side, attacker, attacker_iid):
        return False
    if target != RULER and not game.unit_is(1 - side, target, target_iid):
        return False
    return side == INVADER or _hits_back(game, target)


def _revealed(game: GameState, iid: int) -> None:
    """The card driven outside the main phase was not set: it is revealed, and its OD abilities resolve (CR 10-3)."""
    if iid in game.sides[PLAYER].drive:
        game.tasks.append(Overdrive(PLAYER, iid))


def answer(game: GameState, action: Action) -> None:
    """The player answered the open window: it closes; anything but `Pass` opens it again once resolved."""
    decision = game.pending
    assert decision is not None  # the window's decision, which `action` answers
    game.pending = None
    if type(action) is Pass:
        if decision.purpose == DRIVE_SET:
            _revealed(game, decision.source)
        return
    game.tasks.append(task(decision.purpose, decision.source, decision.target, decision.target_card))


def describe(game: GameState, decision: Decision) -> str:
    """What is about to happen, in a sentence: "Vaha is about to attack your Iron Warden."."""
    names = game.setup.names
    name = decision.purpose
    source = decision.source
    who = _whose(game, source)
    words = SENTENCES.get(name)
    if words is not None:
        return words(game, decision, who)
    if decision.target == RULER or decision.target_card < 0:
        hit = "you" if _owner(game, source) == INVADER else "the rift"
    else:
        hit = f"{'your' if _owner(game, decision.target_card) == PLAYER else 'the rift' + chr(39) + 's'} {names[decision.target_card]}"
    if name == ATTACK_DECLARED:
        return f"{who} is about to attack {hit}."
    return f"{who} is about to deal battle damage to {hit}."


def _owner(game: GameState, card: int) -> int:
    return INVADER if card < 0 else game.setup.owners[card]


def _whose(game: GameState, card: int) -> str:
    """A card as the sentence's subject: "Vaha" (the rift's), "Your Iron Warden", "The rift's ruler"."""
    if card < 0:
        return "The rift's ruler"
    name = game.setup.names[card]
    return f"Your {name}" if game.setup.owners[card] == PLAYER else name


def _ability_words(game: GameState, decision: Decision) -> str:
    """The text of the ability the window is about (its frame waits just under it), or ""."""
    frame = game.tasks[-1] if game.tasks else None
    if type(frame) is not Frame or frame.source != decision.source:
        return ""
    text = game.setup.defs[frame.source].abilities[frame.ability].text
    return f" ({text.rstrip('.')})" if text else ""


SENTENCES = {
    RIFT_START: lambda game, d, who: "The rift's turn is starting.",
    RIFT_CARD: lambda game, d, who: f"The rift is about to play {game.setup.names[d.source]}.",
    RIFT_ABILITY: lambda game, d, who: f"{who}'s ability is about to resolve{_ability_words(game, d)}.",
    RIFT_DRIVE: lambda game, d, who: f"The rift drove {who}.",
    BEFORE_ATTACK: lambda game, d, who: f"{who} is about to attack (its target is not chosen yet).",
    DAMAGE_EFFECT: lambda game, d, who: f"{who} is about to deal damage{_ability_words(game, d)}.",
    RIFT_END: lambda game, d, who: "The rift's turn is ending.",
    DRIVE_SET: lambda game, d, who: f"You drove {game.setup.names[d.source]} outside your main phase: set it?",
    OPEN_PLAY: lambda game, d, who: f"{game.setup.names[d.source]} is an open card: which zone does it go to?",
}
"""What each window is about, in words (the attack windows are worded by `describe` itself)."""
