"""Firing a trigger: which of a card's abilities it starts, queued as frames on the task stack.

The event site calls `fire(game, side, card, TRIGGER)` (through
`Game.fire`); the card's abilities with that trigger are looked up in
`Setup.triggers` (tables.py), those whose `requires` fails are dropped, the
game's fire filters run (`Setup.fire_filters`: once-per-turn abilities
already used this turn), and one `Frame` per ability is pushed, the first on
top, so they resolve in the order written (resolve.py).  In games where the
player can answer, an ability named in `Setup.ability_windows` (every
ability of the rift's, the player's own that may damage the player's side)
gets a window task just above its frame: the player may answer it before it
resolves (windows.py).

`watch` is the same for the triggers on other cards' events: the event
site names the card it happened to, and the cards in play that watch such
events (`Setup.watchers`) fire the abilities whose `card:` filter takes it in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gateruler.engine.actions import INVADER, PLAYER
from gateruler.engine.events import Ability as AbilityEntry
from gateruler.engine.frames import BEGIN, Frame
from gateruler.engine.tasks import make, window

if TYPE_CHECKING:
    from gateruler.engine.gamestate import GameState


def ready(game: GameState, side: int, iid: int, trigger: str) -> list[int]:
    """The card's abilities with `trigger` whose `requires` holds now."""
    indices = game.setup.triggers[iid].get(trigger, ())
    abilities = game.setup.defs[iid].abilities
    return [i for i in indices if abilities[i].requires is None or abilities[i].requires.holds(game, side, iid, ())]


def fire(
    game: GameState, side: int, iid: int, trigger: str, event: tuple[Any, ...] = (), ready: list[int] | None = None
) -> None:
    """A trigger happened to the card `iid` of `side`: queue its abilities for it, the first on top.

    An ability whose `requires` fails does not trigger (`ready`: the
    abilities whose requirement was already found to hold).  `event` is the
    trigger's own data, kept in the frames (on_attack: the target zone and card)."""
    setup = game.setup
    if ready is None:
        if trigger not in setup.triggers[iid]:
            return
        ready = _ready(game, side, iid, trigger)
    if not ready:
        return
    if setup.fire_filters:
        for keep in setup.fire_filters:
            ready = keep(game, iid, ready)
            if not ready:
                return
    abilities = setup.defs[iid].abilities
    own = True
    tasks = game.tasks
    windows = setup.ability_windows
    for index in reversed(ready):
        ability = abilities[index]
        tasks.append(
            make(Frame, (side, iid, index, BEGIN if ability.costs or ability.optional else 0, (), (), event, -1))
        )
        if windows:
            name = windows.get((iid, index))
            if name is not None:
                tasks.append(window(name, iid))  # the player may answer before the ability resolves (windows.py)
        if ability.rule:  # a level's rule added it: logged as the rule acting, not as an ability of the card
            game.log_event(side, "special_rule", ability.rule, iid)
            own = any(not abilities[i].rule for i in ready)
    if own:
        game.log.append(AbilityEntry((game.turn, "ability", side, iid, trigger)))  # log_event without its call


_ready = ready  # `fire`'s parameter of that name hides the function


def watch(game: GameState, trigger: str, side: int, iid: int, slot: int = -1) -> None:
    """An event happened to `side`'s card `iid` (`slot`: its board zone, -1 when it is not on the board):
    fire the abilities with `trigger` of the cards in play that watch such events, whose `card:` filter
    takes in that card and whose `requires` holds.

    The event site calls it only in games some card of which watches (`Setup.watchers`).  The watchers
    resolve the active side's first, each side's in card order: pushed the other way round."""
    watchers = game.setup.watchers.get(trigger)
    if not watchers:
        return
    setup = game.setup
    owners = setup.owners
    active = game.active
    playing: list[int] = []  # the watchers in play (their owner's board or field zone): the few cards there, looked up
    for controller in (PLAYER, INVADER):
        s = game.sides[controller]
        for u in s.board:
            if u is not None and u.iid in watchers and owners[u.iid] == controller:
                playing.append(u.iid)
        for w in s.field:
            if w in watchers and owners[w] == controller:
                playing.append(w)
    found: list[tuple[int, int, list[int]]] = []
    for w in playing:  # in any order: they are sorted below
        controller = owners[w]
        abilities = setup.defs[w].abilities
        indices = [
            i
            for i in setup.triggers[w][trigger]
            if (abilities[i].card is None or _takes_in(abilities[i].card, game, controller, side, iid, slot))
            and (abilities[i].requires is None or abilities[i].requires.holds(game, controller, w, ()))
        ]
        if indices:
            found.append((controller != active, w, indices))
    for _, w, indices in sorted(found, reverse=True):
        fire(game, owners[w], w, trigger, (side, iid), ready=indices)


def _takes_in(card: Any, game: GameState, controller: int, side: int, iid: int, slot: int) -> bool:
    """Whether the filter `card` (side relative to `controller`, and properties) takes in `side`'s card `iid`."""
    sides = card.side
    if sides != "any" and (side == controller) != (sides == "own"):
        return False
    return card.test is None or card.test(game, side, iid, slot)


def once_per_turn(game: GameState, iid: int, ready: list[int]) -> list[int]:
    """A fire filter: `ready` without the once-per-turn abilities already used this turn; those left count as used now."""
    abilities = game.setup.defs[iid].abilities
    ready = [i for i in ready if not abilities[i].once_per_turn or (iid, i) not in game.used]
    game.used += tuple((iid, i) for i in ready if abilities[i].once_per_turn)
    return ready
