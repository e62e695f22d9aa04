"""Choices an effect makes besides its target: which cards it takes, where a unit goes, an order.

An effect that chooses (`Effect.chooses`) is asked `choose(game, frame,
victims)` before it resolves, with its own answers so far in
`frame.answers`, and returns the next `Decision` or None.  Its answers are
read back by position: every pick is one answer, a pick with nothing to
choose included (it is asked with a single option, which is taken without
waiting), so `resolve` finds the same picks, zones and order by reading the
answers again in the same order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gateruler.engine.actions import (
    DONE,
    PLAYER,
    UNIT_SLOTS,
    Done,
    choose_action,
    choose_card_action,
)
from gateruler.engine.copies import first_copies
from gateruler.engine.frames import Decision, DecisionKind, Frame
from gateruler.engine.rules import SpecialSummonZone
from gateruler.vocabulary import CardType

if TYPE_CHECKING:
    from gateruler.engine.gamestate import GameState

PICK = "pick"  # purpose: cards an effect takes (a search, a look, cards put into a soul)
SUMMON = "summon"  # purpose (kind "zone"): where a special-summoned unit goes
ORDER = DecisionKind.ORDER  # purpose and kind: the next card put on the bottom of the deck


def _decision(
    frame: Frame,
    side: int,
    kind: DecisionKind,
    purpose: str,
    options: list[Any],
    count: int,
    picked: list[Any],
    card: int = -1,
) -> Decision:
    return Decision(
        kind, side, frame.source, frame.ability, frame.step, purpose, tuple(options), count, tuple(picked), card
    )


def pick_cards(
    game: GameState,
    frame: Frame,
    candidates: list[int],
    count: int,
    start: int,
    purpose: str = PICK,
    kind: DecisionKind = DecisionKind.CARD,
    fewer: bool = False,
) -> tuple[list[int], int, Decision | None]:
    """Up to `count` of `candidates` (as many as there are), one answer each from `frame.answers[start:]`.

    Returns the cards picked so far, the index of the next answer, and the
    decision for the next pick (None when all are picked).  Copies of one
    card are one option (the first stands for all, copies.py), also in an
    ORDER: which of two copies goes to the bottom first is the same deck;
    when every remaining card must be taken anyway and the order of the
    picks does not matter (not an ORDER), the next is offered alone.
    `fewer`: the controller may stop at any pick (`Done`, offered last),
    none at all included."""
    answers = frame.answers
    needed = min(count, len(candidates))
    picked: list[int] = []
    at = start
    while len(picked) < needed:
        remaining = [c for c in candidates if c not in picked]
        if at < len(answers):
            answer = answers[at]
            at += 1
            if type(answer) is Done:
                break
            picked.append(answer.card)
            continue
        if len(remaining) <= needed - len(picked) and purpose != ORDER and not fewer:
            options = [choose_card_action(remaining[0])]
        else:
            options = [choose_card_action(iid) for iid in first_copies(game, remaining)]
        if fewer:
            options.append(DONE)  # type: ignore[arg-type]  # the options are answers: a card, or no more
        return (
            picked,
            at,
            _decision(frame, frame.side, kind, purpose, options, needed, [choose_card_action(c) for c in picked]),
        )
    return picked, at, None


def plan_zones(
    game: GameState, side: int, frame: Frame, cards: list[int], start: int
) -> tuple[list[tuple[int, int]], int, Decision | None]:
    """A free zone of `side` for each unit among `cards`, one answer each from `frame.answers[start:]`
    (under `special_summon_zone=any`, any of its zones: a unit there is replaced).

    Returns (card, zone) for the units placed so far, the index of the next
    answer, and the next decision ("zone": where the next unit goes; its
    options are the zones still free).  A unit for which no zone is left
    gets none (it is not summoned); other cards are skipped."""
    answers = frame.answers
    free = game.free_zones(side)
    if game.setup.rules.special_summon_zone is SpecialSummonZone.ANY:
        free = _summon_zones(game, side)  # into an occupied zone too, as a normal summon (docs/rulings.md Z5)
    placed: list[tuple[int, int]] = []
    at = start
    for iid in cards:
        if game.setup.defs[iid].type is not CardType.UNIT:
            continue
        left = [slot for slot in free if all(slot != taken for _, taken in placed)]
        if not left:
            continue
        if at < len(answers):
            placed.append((iid, answers[at].slot))
            at += 1
            continue
        options = [choose_action(side, slot) for slot in left]
        return placed, at, _decision(frame, side, DecisionKind.ZONE, SUMMON, options, 1, [], iid)
    return placed, at, None


def _summon_zones(game: GameState, side: int) -> list[int]:
    """All of `side`'s unit zones, the free ones first (in the rift's summon order), then the occupied ones."""
    slots = game.setup.summon_slots if side == PLAYER else UNIT_SLOTS
    free = game.free_zones(side)
    return free + [slot for slot in slots if slot not in free]
