"""Running abilities: one frame step at a time, and the decisions steps open.

`Game.run` pops a `Frame` and calls :func:`run`, which does exactly one
step: the ability's beginning (an unpayable cost stops it, an optional
ability asks), one cost, or one effect.  Before a step does anything that can
start other things (a destroy that triggers, damage that starts a check), it
pushes the frame of the next step, so whatever the step starts lands on top
and resolves first: each effect fully resolves, consequences included,
before the next (rules processing runs between steps, as between any tasks).

A step that needs a choice calls :func:`ask`: the player's decisions wait in
`Game.pending` with the frame left on the stack; the rift's are answered at
once by its `Opponent`; a decision with a single option is taken at once.
The answer joins `frame.answers` and the step runs again, so a step is a
plain function of the game and the frame, with nothing in flight.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from gateruler.engine.actions import (
    DONE,
    INVADER,
    RULER,
    Choose,
    ChooseCard,
    Confirm,
    Done,
    choose_action,
    choose_card_action,
)
from gateruler.engine.candidates import does_nothing, finds_nothing
from gateruler.engine.copies import first_places
from gateruler.engine.events import Cause
from gateruler.engine.frames import BEGIN, Decision, DecisionKind, Frame, Result, log_no_effect, next_step, with_answers
from gateruler.engine.targets import Chosen, Every, PlayerTarget, RulerTarget, SelfTarget, SideTarget

if TYPE_CHECKING:
    from gateruler.engine.gamestate import GameState

YES_NO = (Confirm(True), Confirm(False))


def run(game: GameState, frame: Frame) -> None:
    """Do the frame's next step."""
    ability = game.setup.defs[frame.source].abilities[frame.ability]
    step = frame.step
    if step < 0:
        _begin(game, frame, ability)
        return
    costs = ability.costs
    if step < len(costs):
        _pay(game, frame, costs[step])
    elif ability.effects:  # an attack cost has costs only
        _effect(game, frame, ability, step - len(costs))


def ask(game: GameState, frame: Frame, decision: Decision) -> None:
    """Get `decision` answered: at once when it has one option or is the rift's, else by the player (it waits)."""
    if len(decision.options) == 1:
        answer = decision.options[0]
    elif decision.side == INVADER:
        answer = game.setup.opponent.decide(game, decision)
        if answer not in decision.options:  # a programming error in the opponent, not a game state
            raise RuntimeError(
                f"{game.setup.opponent.name} answered {answer!r}, which is not one of {decision.options!r}"
            )
    else:
        game.tasks.append(frame)
        game.pending = decision
        return
    run(game, with_answers(frame, frame.answers + (answer,)))


def _confirm(frame: Frame, step: int, purpose: str = "optional") -> Decision:
    return Decision(DecisionKind.CONFIRM, frame.side, frame.source, frame.ability, step, purpose, YES_NO)


def _begin(game: GameState, frame: Frame, ability: Any) -> None:
    side, source = frame.side, frame.source
    if ability.costs and not all(c.can_pay(game, side, source) for c in ability.costs):
        game.log_event(side, "unpaid", source)
        return
    if ability.optional:
        if not frame.answers:
            if does_nothing(game, side, source, frame.ability):  # "you may" with nothing to choose is not asked
                log_no_effect(game, frame, Cause.NO_TARGET)
                return
            ask(game, frame, _confirm(frame, BEGIN))
            return
        if not frame.answers[0].yes:
            game.log_event(side, "declined", source)
            return
    run(game, frame._replace(step=0, answers=()))


def _pay(game: GameState, frame: Frame, cost: Any) -> None:
    if not cost.can_pay(game, frame.side, frame.source):
        game.log_event(frame.side, "unpaid", frame.source)
        return
    decision = cost.choose(game, frame)
    if decision is not None:
        ask(game, frame, decision)
        return
    tasks = game.tasks
    at = len(tasks)
    after = next_step(frame)
    tasks.append(after)
    paid = cost.pay(game, frame)
    if cost.bind and game.tasks is tasks and at < len(tasks) and tasks[at] is after:
        # `as: name`: what the cost paid with, for the effects' `per:` and `if:` (the next step, reserved above)
        tasks[at] = after._replace(bound=frame.bound + ((cost.bind, Result(tuple(paid or ()))),))


def _effect(game: GameState, frame: Frame, ability: Any, index: int) -> None:
    effect = ability.effects[index]
    side, source, step = frame.side, frame.source, frame.step
    last = index + 1 == len(ability.effects) or 0 <= frame.end <= step + 1
    tasks = game.tasks
    if effect.condition is not None and not effect.condition.holds(game, side, source, frame.bound):
        if not last:
            tasks.append(next_step(frame))
        return
    answers = frame.answers
    if effect.optional:
        if not answers:
            if finds_nothing(game, side, effect):  # "you may" with nothing to choose is not asked
                log_no_effect(game, frame, Cause.NO_TARGET)
                if not last:
                    tasks.append(next_step(frame))
                return
            ask(game, frame, _confirm(frame, step))
            return
        if not answers[0].yes:
            game.log_event(side, "declined", source)
            if not last:
                tasks.append(next_step(frame))
            return
        answers = answers[1:]
    found = _victims(game, frame, effect, answers)
    if found is None:
        return  # a decision is pending
    victims, used = found
    own = frame
    if effect.chooses:  # the effect's own choices (cards it takes, zones, an order) follow its target's
        own = with_answers(frame, answers[used:])
        decision = effect.choose(game, own, victims)
        if decision is not None:
            ask(game, frame, decision)
            return
    if effect.per:  # its numbers count what an earlier cost or effect took
        times = _bound_count(frame.bound, effect.per)
        if times == 0:
            log_no_effect(game, frame, Cause.NOTHING_TO_COUNT)
            if not last:
                tasks.append(next_step(frame))
            return
        effect = attrs.evolve(effect, **{name: getattr(effect, name) * times for name in effect.scaled})
    if not effect.bind:
        if not last:
            tasks.append(next_step(frame))
        effect.resolve(game, own, victims)
        return
    # Bind what the effect did: the next step is reserved below whatever the effect starts.
    at = len(tasks)
    if not last:
        tasks.append(frame)
    mark = len(game.log)
    effect.resolve(game, own, victims)
    destroyed = tuple(e[3] for e in game.log[mark:] if e[1] in DESTROYED)
    result = Result(tuple(iid for _, where, iid in victims if where != -1), destroyed)
    if not last and game.tasks is tasks and at < len(tasks):
        tasks[at] = frame._replace(step=step + 1, answers=(), bound=frame.bound + ((effect.bind, result),))


DESTROYED = frozenset({"destroy", "not_sent"})
"""The log kinds of a destroyed unit: sent to the graveyard, or destroyed but kept in play (zones.destroy)."""


def _victims(game: GameState, frame: Frame, effect: Any, answers: tuple) -> tuple[list, int] | None:
    """What the effect acts on, as (side, where, iid), and how many of `answers` chose it; None when a
    choice is asked for.  `where` is a board slot, RULER, -1 for a player, or a zone word."""
    target = effect.target
    kind = type(target)
    side = frame.side
    if target is None:
        return [], 0
    if kind is RulerTarget:
        return [(side if target.side == "own" else 1 - side, RULER, -1)], 0
    if kind is PlayerTarget:
        return [(side if target.side == "own" else 1 - side, -1, -1)], 0
    if kind is SideTarget:
        return [(side if target.side == "own" else 1 - side, "side", -1)], 0
    if kind is SelfTarget:
        s = game.sides[side]
        board = s.board
        found: list[tuple[int, Any, int]] = [
            (side, slot, frame.source) for slot in range(3) if (u := board[slot]) is not None and u.iid == frame.source
        ]
        if not found and frame.source in s.field:
            found = [(side, "field_zone", frame.source)]  # a field card's own ability
        return found, 0
    if kind is Every:
        return target.filter.places(game, side), 0
    assert kind is Chosen
    places = target.places(game, side)
    if not places:
        log_no_effect(game, frame, Cause.NO_TARGET)
        return [], 0
    by_answer = {_named(p): p for p in places}  # by what its answer names: no answer made, no attrs hash
    needed = min(target.count, len(places))
    fewer = target.fewer  # up to N: every pick may be the last (Done), none at all included
    chosen: list = []
    used = 0  # the answers that are this target's: the first ones, one per pick that was asked
    while len(chosen) < needed:
        remaining = [p for p in places if p not in chosen]
        if not fewer and len(remaining) <= needed - len(chosen):
            chosen += remaining
            break
        if used < len(answers):
            answer = answers[used]
            used += 1
            if type(answer) is Done:
                break
            picked = by_answer.get(_answered(answer))
            if picked is not None and picked not in chosen:
                chosen.append(picked)  # in the order they were chosen
            continue
        options = tuple(_answer_for(p) for p in first_places(game, remaining)) + (
            (DONE,) if fewer else ()
        )  # copies: one
        kind_of = DecisionKind.UNIT if isinstance(options[0], Choose) else DecisionKind.CARD
        ask(
            game,
            frame,
            Decision(
                kind_of, side, frame.source, frame.ability, frame.step, "target", options, needed, tuple(answers[:used])
            ),
        )
        return None
    if not chosen:
        log_no_effect(game, frame, Cause.NONE_CHOSEN)  # up to N, and none chosen
    return chosen, used


def _bound_count(bound: tuple, name: str) -> int:
    """How many cards the cost or effect bound `as: name` took (0 when it did not resolve)."""
    return next((len(result.affected) for bound_name, result in bound if bound_name == name), 0)


def resolve_at_once(game: GameState, frame: Frame, effect: Any) -> None:
    """Resolve `effect` now, within whatever the game is doing: what a replacement does instead (replace.py).

    Nothing may be asked (the loader allows no chosen target and no "you
    may" here), so it needs no step of its own; its `if:` is still checked."""
    if effect.condition is not None and not effect.condition.holds(game, frame.side, frame.source, frame.bound):
        return
    found = _victims(game, frame, effect, ())
    if found is not None:
        effect.resolve(game, frame, found[0])


def _answered(answer: Any) -> Any:
    """What an answer names, as `_victims`' places are keyed: (side, slot) for a unit, the card for a card."""
    kind = type(answer)
    return (answer.side, answer.slot) if kind is Choose else answer.card if kind is ChooseCard else None


def _named(place: tuple) -> Any:
    """What the answer `_answer_for` makes for `place` names, as `_answered` reads it from an answer."""
    side, where, iid = place
    return (side, where) if isinstance(where, int) else iid


def _answer_for(place: tuple) -> Any:
    side, where, iid = place
    return choose_action(side, where) if isinstance(where, int) else choose_card_action(iid)
