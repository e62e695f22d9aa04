"""Zone moves: the primitives that put cards into play and take them out.

Summons (normal and special), playing events and fields, destroying,
drawing and driving, and taking a card out of a zone for an effect that
moves it.  Word code calls them through the game (`game.summon(...)`,
`game.destroy(...)`: `Game` holds these very functions); they fire the
triggers the moves are (on_enter, on_destroyed, touchdown...), log the
move, and release a host's soul when it leaves (soul.py).  A destroy, and an
effect's "leave the board", first ask the game's replacement hooks
(`Setup.destroy_replacements`, `Setup.leave_replacements`: replace.py).
"""

from __future__ import annotations

import _random
import random
from typing import TYPE_CHECKING

from gateruler.engine.actions import ATTACK_LEFT, INVADER, PLAYER, UNIT_SLOTS
from gateruler.engine.events import KINDS, Cause
from gateruler.engine.events import Destroy as DestroyEntry
from gateruler.engine.events import Event as EventEntry
from gateruler.engine.events import Summon as SummonEntry
from gateruler.engine.filters import ZONE_LISTS
from gateruler.engine.firing import fire, watch
from gateruler.engine.firing import ready as ready_abilities
from gateruler.engine.keywords import OPEN_CARD
from gateruler.engine.rules import HandlessDraw, OpenCard, PlayerWindows, TdOrder
from gateruler.engine.soul import release_soul
from gateruler.engine.state import MAIN_PHASE, START_PHASE, Unit
from gateruler.engine.tasks import RIFT_DRIVE, Draw, Drive, Open, RiftDrive, RiftPlay, window
from gateruler.engine.timings import DRIVE_SET, OPEN_PLAY
from gateruler.engine.triggers import (
    CARD_DESTROYED,
    EVENT_PLAYED,
    ON_DESTROYED,
    ON_ENTER,
    ON_PLAY,
    ON_SPECIAL_SUMMON,
    TOUCHDOWN,
)
from gateruler.errors import IllegalAction
from gateruler.vocabulary import EVENT_TYPE, FIELD_TYPE, UNIT_TYPE

if TYPE_CHECKING:
    from gateruler.engine.gamestate import GameState

NORMAL = "normal"  # how a unit entered the board (Unit.how): it was played
SPECIAL = "special"  # an effect special-summoned it


_TD_FIRST = TdOrder.TD_FIRST  # read at every play from the hand: named once (a read through the class costs more)

_WALKS: dict[int, tuple[tuple[int, int], ...]] = {}
"""A list's length -> the Fisher-Yates walk over it: (i, the bits `getrandbits` draws for a j in 0..i)."""


def _walk(size: int) -> tuple[tuple[int, int], ...]:
    walk = _WALKS[size] = tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
    return walk


_NEW_RANDOM = random.Random.__new__  # a bare generator: Random.__init__ would seed it once more
_SEED = _random.Random.seed  # the C generator's own seeding, which `Random.seed` calls for an int


def seeded(seed: int) -> random.Random:
    """`random.Random(seed)`, the very same state, for the int seed that deals a game: the generator's C seeding
    without the two Python calls around it (`Random.__init__` and `Random.seed`, whose tests of other kinds of
    seed an int passes straight on to it), a new game's one generator; any other seed is handed to `Random`."""
    if type(seed) is not int:
        return random.Random(seed)
    rng = _NEW_RANDOM(random.Random)
    _SEED(rng, seed)
    rng.gauss_next = None  # type: ignore[attr-defined]  # as `Random.seed` leaves it (typeshed does not name it)
    return rng


def shuffle_list(rng: random.Random, cards: list[int]) -> None:
    """`rng.shuffle(cards)`, move for move, without its two method calls per card.

    The same Fisher-Yates walk and the same rejection sampling of
    `getrandbits` as `random.Random.shuffle` (CPython 3.2 on), so every seed
    deals the games it always dealt (tests/test_engine_api.py holds the two
    equal); a new game's two shuffles were a third of its set-up.  The walk's
    bit counts are worked out once per length (`_WALKS`: a deck is 50 cards
    game after game), which takes a fifth off a shuffle."""
    getrandbits = rng.getrandbits
    for i, k in _WALKS.get(len(cards)) or _walk(len(cards)):
        j = getrandbits(k)
        while j > i:  # j >= i + 1: outside 0..i, drawn again
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def summon(game: GameState, side: int, iid: int, slot: int, how: str = NORMAL) -> None:
    """Put a unit onto the board; a unit already there goes to the graveyard.

    `how` is how it enters, kept on the unit (`Unit.how`, the filter word
    `entered`): NORMAL when it is played (a normal summon, a drive, an open
    card), SPECIAL (or another word for a kind of special summon) when an
    effect puts it there: its on_special_summon abilities trigger, and TD
    must not (CR 16-3).  Its on_enter abilities resolve first."""
    s = game.sides[side]
    old = s.board[slot]
    if old is not None:
        s.board[slot] = None
        s.graveyard.append(old.iid)
        game.log_event(side, "replace", old.iid, slot)
        release_soul(game, side, old.iid)
    s.board[slot] = Unit(iid, game.turn, how)
    hp_continuous = game.setup.hp_continuous
    if game.setup.base_hp[iid] <= 0 or (hp_continuous and hp_continuous[iid]):
        # it may enter at 0 HP, or change others' HP; a continuous HP change already in play keeps the mark set
        game.hp_dirty = True
    game.log.append(SummonEntry((game.turn, "summon", side, iid, slot)))  # log_event without its call
    triggers = game.setup.triggers[iid]
    if triggers:  # most units have no triggered ability: no call to find none
        if how != NORMAL:
            fire(game, side, iid, ON_SPECIAL_SUMMON)
        fire(game, side, iid, ON_ENTER)


def special_summon(game: GameState, side: int, iid: int, slot: int, from_zone: str, how: str = SPECIAL) -> bool:
    """Special-summon `side`'s card `iid` from `from_zone` (a filter zone word) into `slot`: a summon by
    an effect, outside the normal-summon count, at no cost.  False (nothing happens) when the card is
    not in that zone.  Taking a card from the deck does not shuffle it: the caller shuffles once
    it has taken all it takes (`shuffle`)."""
    if not take_card(game, side, from_zone, iid):
        return False
    game.log_event(side, "special_summon", iid, from_zone)
    summon(game, side, iid, slot, how)
    return True


def free_zones(game: GameState, side: int) -> list[int]:
    """`side`'s empty unit zones, in the rift's summon order (left attack, right attack, defense)."""
    board = game.sides[side].board
    slots = game.setup.summon_slots if side == PLAYER else UNIT_SLOTS
    return [slot for slot in slots if board[slot] is None]


def take_card(game: GameState, side: int, zone: str, iid: int) -> bool:
    """Take the card `iid` out of `side`'s `zone` (a filter zone word other than the board), for an
    effect that moves it elsewhere; False when it is not there.  A card leaving the field zone
    leaves its soul behind (it goes to the graveyard)."""
    s = game.sides[side]
    if zone == "set_zone":
        if iid not in s.set_zones:
            return False
        s.set_zones[s.set_zones.index(iid)] = None
        return True
    if zone == "soul":
        for host, cards in s.soul.items():
            if iid in cards:
                rest = tuple(c for c in cards if c != iid)
                if rest:
                    s.soul[host] = rest
                else:
                    del s.soul[host]
                return True
        return False
    cards = getattr(s, ZONE_LISTS[zone])
    if iid not in cards:
        return False
    cards.remove(iid)
    if zone == "field_zone":
        release_soul(game, side, iid)
    elif zone == "damage_zone" and iid in s.face_down:
        s.face_down = tuple(c for c in s.face_down if c != iid)  # it leaves face up: a new card (CR 3-2d)
    return True


def zone_of(game: GameState, side: int, iid: int) -> str | None:
    """The filter zone word of where `side`'s card `iid` is, off the board (None: on the board, or nowhere)."""
    s = game.sides[side]
    for zone, name in ZONE_LISTS.items():
        if zone != "soul" and iid in getattr(s, name):
            return zone
    return "soul" if any(iid in cards for cards in s.soul.values()) else None


def shuffle(game: GameState, side: int) -> None:
    """Shuffle `side`'s deck with the game's one generator (after a search): what was known of its order is gone."""
    assert game.rng is not None  # a player view is never played on
    shuffle_list(game.rng, game.sides[side].deck)
    game.log_event(side, "shuffle")


def play_event(game: GameState, side: int, iid: int) -> None:
    """Use an event: it goes to the graveyard and its effects resolve.

    Its abilities' requirements are checked as it is played, before it
    reaches the graveyard: the event is on its way (on the gate), in no
    zone, as when `legal_actions` offered it."""
    ready = ready_abilities(game, side, iid, ON_PLAY)
    game.sides[side].graveyard.append(iid)
    game.log.append(EventEntry((game.turn, "event", side, iid)))  # log_event without its call
    if ON_PLAY not in game.setup.triggers[iid]:
        game.log_event(side, "no_effect", iid, Cause.NO_ABILITIES, ON_PLAY)
    fire(game, side, iid, ON_PLAY, ready=ready)
    if game.setup.watchers:
        watch(game, EVENT_PLAYED, side, iid)  # on top: they resolve before the event's effects


def play_field(game: GameState, side: int, iid: int) -> None:
    """Put a field card (taken from where it was) into `side`'s field zone; its on_enter abilities trigger."""
    game.sides[side].field.append(iid)
    game.hp_dirty = True  # it may change HP (processing.py)
    game.log_event(side, "field", iid)
    fire(game, side, iid, ON_ENTER)


def to_graveyard(game: GameState, side: int, iid: int, from_zone: str) -> None:
    """Put `side`'s card `iid`, already taken out of `from_zone`, into its graveyard."""
    game.sides[side].graveyard.append(iid)
    game.log_event(side, "to_graveyard", iid, from_zone)


def remove_unit(game: GameState, side: int, slot: int) -> int:
    """Take a unit off the board into the graveyard without destroying it (its soul follows)."""
    u = game.sides[side].unit(slot)
    game.sides[side].board[slot] = None
    game.sides[side].graveyard.append(u.iid)
    if game.sides[side].soul:  # the test `release_soul` makes, without its call
        release_soul(game, side, u.iid)
    return u.iid


def destroy(game: GameState, side: int, slot: int, cause: str | None = None, source: int | None = None) -> bool:
    """Destroy the unit in `slot` of `side`; False when there is none.

    A replacement may keep it in play (Soul guard, a survive effect): it is
    then destroyed but not sent to the graveyard (gateruler-official.com
    posts/31): logged `not_sent`, and its on_destroyed abilities trigger as
    for any destroyed unit (docs/rulings.md G1, D7).

    `cause` and `source` are logged as the entry's reason and source
    (events.Cause): LETHAL (the damage `source` just dealt reached its
    HP) and HP (the rules: its HP is at its damage or 0) are the rules'
    own destroys; COST, its controller destroys it to pay a cost (Soul
    guard does not stop that); an effect gives its trigger and card."""
    s = game.sides[side]
    u = s.board[slot]
    if u is None:
        return False
    if game.setup.destroy_replacements:
        for survives in game.setup.destroy_replacements:
            if survives(game, side, slot, cause == Cause.LETHAL or cause == Cause.HP, cause == Cause.COST):
                game.log_event(side, "not_sent", u.iid, source, cause)
                fire(game, side, u.iid, ON_DESTROYED)
                return True
    s.board[slot] = None
    s.graveyard.append(u.iid)
    game.log.append(DestroyEntry((game.turn, "destroy", side, u.iid, source, cause)))  # log_event without its call
    if s.soul:  # the test `release_soul` makes, without its call
        release_soul(game, side, u.iid)
    if game.setup.watchers:
        watch(game, CARD_DESTROYED, side, u.iid)  # under its own on_destroyed abilities
    if ON_DESTROYED in game.setup.triggers[u.iid]:  # the test `fire` makes, without its call
        fire(game, side, u.iid, ON_DESTROYED)
    return True


def stays(game: GameState, side: int, slot: int, way: str) -> bool:
    """Whether the unit in `slot` of `side`, about to leave the board `way` (not destroyed: moved to a
    zone, removed from the game), stays instead: Soul guard.  Every effect that takes a unit off the
    board asks, except to make room for a summon or to pay a cost (docs/rulings.md G3)."""
    hooks = game.setup.leave_replacements
    return bool(hooks) and any(stays(game, side, slot, way) for stays in hooks)


def destroy_field(game: GameState, side: int, iid: int, cause: str | None = None, source: int | None = None) -> None:
    """A card in `side`'s field zone is destroyed: its continuous changes end at once (CR 2-11c)."""
    s = game.sides[side]
    if iid in s.field:
        s.field.remove(iid)
        s.graveyard.append(iid)
        game.log_event(side, "destroy", iid, source, cause)
        release_soul(game, side, iid)
        if game.setup.watchers:
            watch(game, CARD_DESTROYED, side, iid)


def destroy_set_card(game: GameState, side: int, iid: int, cause: str | None = None, source: int | None = None) -> None:
    """A card in one of `side`'s set zones is destroyed: it goes to the graveyard."""
    zones = game.sides[side].set_zones
    if iid in zones:
        zones[zones.index(iid)] = None
        game.sides[side].graveyard.append(iid)
        game.log_event(side, "set_destroyed", iid, source, cause)
        if game.setup.watchers:
            watch(game, CARD_DESTROYED, side, iid)


def take_from_hand_or_drive(game: GameState, side: int, iid: int) -> str:
    """Take the card the player plays from where it is; returns the zone ("hand", "drive", "set")."""
    s = game.sides[side]
    for name in ("hand", "drive"):
        zone = getattr(s, name)
        if iid in zone:
            zone.remove(iid)
            return name
    for i, c in enumerate(s.set_zones):
        if c == iid:
            s.set_zones[i] = None
            return "set"
    raise IllegalAction(f"card {iid} is not in hand, drive zone or set zones")


def pay_and_take(game: GameState, side: int, iid: int) -> str:
    """Pay the card's level and take it from its zone; returns the zone ("hand", "drive", "set")."""
    game.sides[side].energy_ready -= game.setup.costs[iid]
    return take_from_hand_or_drive(game, side, iid)


def play_from_hand(game: GameState, side: int, iid: int, slot: int) -> None:
    """Play a card from the hand, its cost already paid (a discount): a unit is normally summoned
    into `slot` (a summon right used), an event played, a field put into the field zone; TD triggers."""
    s = game.sides[side]
    s.hand.remove(iid)
    kind = game.setup.defs[iid].type
    if kind is EVENT_TYPE:
        play_event(game, side, iid)
        return
    mark = len(game.tasks)
    if kind is UNIT_TYPE:
        s.summons += 1
        summon(game, side, iid, slot)
    else:
        play_field(game, side, iid)
    touchdown(game, side, iid, mark)


def touchdown(game: GameState, side: int, iid: int, mark: int) -> None:
    """The card entered from the hand: its TD abilities trigger with its on_enter ones (the tasks pushed since
    `mark`).  TD resolves first, or after them under `Rules.td_order` (docs/rulings.md A6)."""
    if TOUCHDOWN not in game.setup.triggers[iid]:
        return  # nothing triggers (the test `fire` makes, without its call and the moves below)
    if game.setup.rules.td_order is _TD_FIRST:
        fire(game, side, iid, TOUCHDOWN)
        return
    tasks = game.tasks
    at = len(tasks)
    fire(game, side, iid, TOUCHDOWN)
    frames = tasks[at:]
    del tasks[at:]
    tasks[mark:mark] = frames  # the TD frames under the on_enter ones: those resolve first


def take_top(game: GameState, side: int) -> int | None:
    """The top card of `side`'s deck; taking from an empty deck loses (deck-out) [rules.md 9]."""
    s = game.sides[side]
    if not s.deck:
        s.lost = s.lost or "deck-out"
        game.hp_dirty = True  # the task loop's mark: the rules end the game
        return None
    return s.deck.pop()


def draw(game: GameState, side: int, cause: str | None = None, source: int | None = None) -> None:
    """`side` draws a card; a side without a hand drives it instead, or (`Rules.handless_draw`)
    draws nothing (docs/rulings.md 36).

    `cause`, `source`: why (events.Cause.TURN for the start phase's draws; an effect gives its trigger and card)."""
    if side == INVADER or not game.setup.ruler.has_hand:
        if game.setup.rules.handless_draw is HandlessDraw.NOTHING:
            return
        if side == INVADER:
            # The rift has no hand: it drives instead, and uses what it drives at once.
            game.tasks.append(RIFT_DRIVE if cause == Cause.TURN else RiftDrive(source, cause))
        else:
            drive(game, side, cause, source)
        return
    _take_top_into(game, side, game.sides[side].hand, "draw", cause, source)


def drive(game: GameState, side: int, cause: str | None, source: int | None) -> None:
    """`side` (a hand-less ruler's) drives its top card: into the drive zone, to play this main phase.

    Outside its own start and main phases (a draw effect in the attack phase or the rift's turn) the card may
    be set if it can be, and is otherwise revealed and its OD abilities resolve (CR 10-3: the `drive_set`
    choice, windows.py), under `Rules.player_windows` (off: the engine before, ruling 16's graveyard only)."""
    iid = _take_top_into(game, side, game.sides[side].drive, "drive", cause, source)
    if iid is not None and OPEN_CARD not in game.setup.defs[iid].keywords:
        _drive_set_window(game, side, iid)


def _drive_set_window(game: GameState, side: int, iid: int) -> None:
    """A card `side` drove outside its own start and main phases: the `drive_set` choice (CR 10-3)."""
    if (game.active != side or game.phase not in OWN_DRIVE_PHASES) and (
        game.setup.rules.player_windows is PlayerWindows.ON
    ):
        game.tasks.append(window(DRIVE_SET, iid))


OWN_DRIVE_PHASES = (START_PHASE, MAIN_PHASE)  # a drive in them puts the card face down, to play this main phase


def _take_top_into(
    game: GameState, side: int, zone: list[int], kind: str, cause: str | None, source: int | None
) -> int | None:
    """The top card of `side`'s deck goes into `zone` (logged as `kind`); an open card is then played at once."""
    deck = game.sides[side].deck
    iid = deck.pop() if deck else take_top(game, side)  # `take_top` only for an empty deck: a call saved
    if iid is None:
        return None
    zone.append(iid)
    game.log.append(KINDS[kind]((game.turn, kind, side, iid, source, cause)))  # log_event without its call
    if OPEN_CARD in game.setup.defs[iid].keywords:
        game.tasks.append(Open(side, iid))
    return iid


def drive_windows(game: GameState, iid: int) -> bool:
    """The rift is about to play its driven card `iid`: the player may answer before it resolves and once it
    has (windows.py, through `Setup.rift_drove`).  True when the card waits in the rift's drive zone, to be
    played by a `RiftPlay` step.

    Called before the card is played, so that the after-drive window waits under whatever the card starts."""
    waits = False
    for hook in game.setup.rift_drove:
        waits = hook(game, iid) or waits
    return waits


def drive_card(game: GameState, side: int, iid: int, cause: str | None, source: int | None) -> None:
    """`side` drives its card `iid` by an effect (already taken from its deck: a search's or a look's `to: drive`):
    it goes into the drive zone and is played as that side plays what it drives, not as a special summon:
    the player in the main phase, from the drive zone (paying its cost as its ruler does; an open card at
    once; outside its own start and main phases, set or revealed as CR 10-3 says), the rift at once by its
    rules (`RiftPlay`, which its `Opponent` runs), a unit after the `rift_card` window its drawn drives get."""
    game.sides[side].drive.append(iid)
    game.log_event(side, "drive", iid, source, cause)
    if side == INVADER:
        game.tasks.append(RiftPlay(iid, source, cause))
        for hook in game.setup.rift_effect_drove:
            hook(game, iid)  # a unit's rift_card window, on top of the step that plays it (windows.py)
    elif OPEN_CARD in game.setup.defs[iid].keywords:
        game.tasks.append(Open(side, iid))
    else:
        _drive_set_window(game, side, iid)


def to_hand(game: GameState, side: int, iid: int) -> None:
    """Put `side`'s card `iid` (already taken from where it was: a search, a return to the hand) into its hand.
    An open card entering the hand any way is revealed and played at once, as one drawn is [QG: "when it
    enters your hand"]: its `Open` task waits on top of what is resolving now."""
    game.sides[side].hand.append(iid)
    if OPEN_CARD in game.setup.defs[iid].keywords:
        game.tasks.append(Open(side, iid))


def end_main(game: GameState, side: int) -> None:
    """Cards left in the drive zone go to the graveyard [CR 6-3c]."""
    s = game.sides[side]
    for iid in s.drive:
        s.graveyard.append(iid)
        game.log_event(side, "to_graveyard", iid, "drive zone")
    s.drive = []


def turn_draw(game: GameState, task: Draw) -> None:
    """One of the start phase's draws."""
    draw(game, task.side, Cause.TURN)


def turn_drive(game: GameState, task: Drive) -> None:
    """One of the start phase's drives (a ruler without a hand)."""
    drive(game, task.side, Cause.TURN, None)


def play_open(game: GameState, task: Open) -> None:
    """An open card must be played at once when it enters the hand (drawn, searched, returned) or is driven [QG]:
    for free, a unit into the first empty zone, or (`Rules.open_card`) as from the hand (docs/rulings.md 3)."""
    side, iid = task
    s = game.sides[side]
    d = game.setup.defs[iid]
    if game.setup.rules.open_card is OpenCard.PLAYED:
        play_open_as_from_hand(game, side, iid)
        return
    from_hand = iid in s.hand
    if from_hand:
        s.hand.remove(iid)
    elif iid in s.drive:
        s.drive.remove(iid)
    else:
        return
    mark = len(game.tasks)
    if d.type is UNIT_TYPE:
        slot = next((sl for sl in UNIT_SLOTS if s.board[sl] is None), ATTACK_LEFT)
        summon(game, side, iid, slot)
    elif d.type is FIELD_TYPE:
        play_field(game, side, iid)
    else:
        play_event(game, side, iid)
        return
    if from_hand:
        touchdown(game, side, iid, mark)  # played from the hand, though not by a normal summon (CR 16-3b)


def play_open_as_from_hand(game: GameState, side: int, iid: int) -> None:
    """`open_card=played`: the open card is played as a card from the hand or drive zone is, its level paid; one
    that cannot be paid for stays where it is, an ordinary card.  A unit is normally summoned into the zone its
    player chooses (the `open_play` choice, answered by a `Summon`, which pays and uses a summon right)."""
    s = game.sides[side]
    if (iid not in s.hand and iid not in s.drive) or game.setup.costs[iid] > s.energy_ready:
        return
    kind = game.setup.defs[iid].type
    if kind is UNIT_TYPE:
        game.tasks.append(window(OPEN_PLAY, iid))
        return
    zone = pay_and_take(game, side, iid)
    if kind is EVENT_TYPE:
        play_event(game, side, iid)
        return
    mark = len(game.tasks)
    play_field(game, side, iid)
    if zone == "hand":
        touchdown(game, side, iid, mark)
