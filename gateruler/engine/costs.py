"""Costs: what an ability's controller pays before its effects.

A cost is written as a mapping naming its word, like effects:
``{cost: discard, count: 1, filter: {type: unit}}``.  Each word is a frozen
class (its parameters) with:

* ``can_pay(game, side, source)``: whether it can be paid now;
* ``choose(game, frame)``: the `Decision` still to be made before paying
  (which cards), given the answers in `frame`, or None when all is chosen;
* ``pay(game, frame)``: pay it, using those answers;
* ``words()``: how a player reads it.

An ability's costs are all checked before the first is paid; one that cannot
be paid makes the ability do nothing (an event whose on_play costs cannot be
paid cannot be played).  Each part is checked on its own, and again just
before it is paid: a part that became unpayable stops the ability, and what
was paid stays paid.  Choices of cards are decisions (frames.py), one card at
a time; a choice with a single option is taken without asking.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from gateruler.engine.actions import DONE, INVADER, ChooseCard, Done, choose_action, choose_card_action
from gateruler.engine.copies import first_copies, first_places
from gateruler.engine.events import Cause
from gateruler.engine.filters import BOARD, CardFilter, StateIs, all_of, kept_off_board
from gateruler.engine.frames import Decision, DecisionKind, Frame
from gateruler.engine.registry import PROPERTIES, Choice, Param, Registry, param, params_of

if TYPE_CHECKING:
    from gateruler.engine.gamestate import GameState


@attrs.frozen(kw_only=True)
class Cost:
    word: ClassVar[str] = ""
    bind: str = param(
        str,
        "A name for the cards this cost paid with, which the ability's effects can ask about (`per:`, `if:`).",
        "spent",
        default="",
        key="as",
    )

    @property
    def kind(self) -> str:
        return self.word

    def can_pay(self, game: GameState, side: int, source: int) -> bool:  # pragma: no cover - every word overrides
        raise NotImplementedError

    def choose(self, game: GameState, frame: Frame) -> Decision | None:
        return None

    def pay(self, game: GameState, frame: Frame) -> Sequence[int] | None:  # pragma: no cover - every word overrides
        """Pay it with the answers in `frame`; the cards it paid with, when it pays with cards (for `as:`)."""
        raise NotImplementedError

    def energy_needed(self) -> int:
        return 0

    def words(self) -> str:  # pragma: no cover - every word overrides
        return self.word


@attrs.frozen
class CostWord:
    name: str
    spec: type
    doc: str
    params: tuple[Param, ...]


COSTS: Registry[CostWord] = Registry("cost")


def cost(name: str, doc: str) -> Callable[[type[Any]], type[Any]]:
    """Register a cost class under `name` (a class decorator); its own parameters come first, then `as`."""

    def register(spec: type[Any]) -> type[Any]:
        spec.word = name
        common = {p.attr for p in COMMON_COST_PARAMS}
        params = params_of(spec)
        own = tuple(p for p in params if p.attr not in common)
        COSTS.add(name, CostWord(name, spec, doc, own + tuple(p for p in params if p.attr in common)))
        return spec

    return register


COMMON_COST_PARAMS: tuple[Param, ...] = params_of(Cost)
"""`as`: every cost word takes it."""


# ---------------------------------------------------------------------- choosing cards to pay with


def _picked(frame: Frame) -> list[Any]:
    return list(frame.answers)


def _pick_decision(frame: Frame, options: list[Any], kind: DecisionKind, count: int, picked: list[Any]) -> Decision:
    return Decision(
        kind, frame.side, frame.source, frame.ability, frame.step, "cost", tuple(options), count, tuple(picked)
    )


def choose_cards(
    game: GameState, frame: Frame, candidates: list[int], count: int, across_hosts: bool = False
) -> Decision | None:
    """The next pick of `count` cards among `candidates` (in a zone), or None when enough are picked.

    Copies of one card are one option (the first stands for all; with
    `across_hosts`, soul cards under several cards, copies under one host
    only); when no more cards remain than are still needed, they are all
    taken without asking."""
    picked = _picked(frame)
    if len(picked) >= count:
        return None
    taken = {a.card for a in picked}
    remaining = [iid for iid in candidates if iid not in taken]
    if len(remaining) <= count - len(picked):
        return None
    options = [choose_card_action(iid) for iid in _distinct(game, frame.side, remaining, across_hosts)]
    return _pick_decision(frame, options, DecisionKind.CARD, count, picked)


def _distinct(game: GameState, side: int, cards: list[int], across_hosts: bool) -> list[int]:
    if not across_hosts:
        return first_copies(game, cards)
    return [iid for _, _, iid in first_places(game, [(side, "soul", iid) for iid in cards])]


def chosen_cards(frame: Frame, candidates: list[int], count: int) -> list[int]:
    """The cards to pay with: those picked, then (when none was left to choose) the rest, up to `count`."""
    chosen = [a.card for a in frame.answers if type(a) is ChooseCard]
    if len(chosen) < count:
        chosen += [iid for iid in candidates if iid not in chosen][: count - len(chosen)]
    return chosen


def choose_more(
    game: GameState, frame: Frame, candidates: list[int], count: int, across_hosts: bool = False
) -> Decision | None:
    """As `choose_cards`, for "`count` or more": once `count` are picked, each further pick may instead be the
    last (`Done`, offered last), until the controller says so or no card is left."""
    if any(type(a) is Done for a in frame.answers):
        return None
    picked = _picked(frame)
    if len(picked) < count:
        return choose_cards(game, frame, candidates, count, across_hosts)
    taken = {a.card for a in picked}
    options: list[Any] = [
        choose_card_action(iid)
        for iid in _distinct(game, frame.side, [iid for iid in candidates if iid not in taken], across_hosts)
    ]
    if not options:
        return None
    return _pick_decision(frame, [*options, DONE], DecisionKind.CARD, count, picked)


def choose_units(game: GameState, frame: Frame, where: CardFilter, count: int, exclude: int = -1) -> Decision | None:
    """As `choose_cards`, for units on the board (answered with `Choose(side, slot)`); never the card `exclude`."""
    picked = _picked(frame)
    if len(picked) >= count:
        return None
    taken = {(a.side, a.slot) for a in picked}
    remaining = [
        choose_action(side, slot)
        for side, slot, iid in where.places(game, frame.side)
        if (side, slot) not in taken and iid != exclude
    ]
    if len(remaining) <= count - len(picked):
        return None
    return _pick_decision(frame, remaining, DecisionKind.UNIT, count, picked)


def chosen_units(
    game: GameState, frame: Frame, where: CardFilter, count: int, exclude: int = -1
) -> list[tuple[int, int, int]]:
    """(side, slot, iid) of the units to pay with, picked first; never the card `exclude`."""
    places = [p for p in where.places(game, frame.side) if p[2] != exclude]
    by_slot = {(side, slot): iid for side, slot, iid in places}
    chosen = [(a.side, a.slot, by_slot[(a.side, a.slot)]) for a in frame.answers if (a.side, a.slot) in by_slot]
    for side, slot, iid in places:
        if len(chosen) >= count:
            break
        if all((side, slot) != (s, sl) for s, sl, _ in chosen):
            chosen.append((side, slot, iid))
    return chosen[:count]


_OWN: dict[tuple[Callable[[str, Any], CardFilter], str, int], tuple[Any, CardFilter]] = {}
"""(the maker, the zone, id of a cost's filter) -> (that filter, the CardFilter made of it): a cost asks at every
check of whether it can be paid, and a CardFilter is an attrs instance, a Python call to make."""


def _kept(make: Callable[[str, Any], CardFilter], zone: str, test: Any) -> CardFilter:
    """`make(zone, test)`, the very filter every time for one cost's `test`: costs are frozen, so it is made once."""
    key = (make, zone, id(test))
    hit = _OWN.get(key)
    if hit is None or hit[0] is not test:  # the memo keeps the test alive: its id is no other's
        if len(_OWN) >= 256:
            _OWN.clear()
        hit = _OWN[key] = (test, make(zone, test))
    return hit[1]


def _own_in(zone: str, test: Any) -> CardFilter:
    return CardFilter("own", (zone,), test)


def _own(zone: str, test: Any) -> CardFilter:
    """Where a cost looks for what it is paid with: its controller's cards in `zone` that `test` takes in."""
    return _kept(_own_in, zone, test)


def _unrested_in(zone: str, test: Any) -> CardFilter:
    return CardFilter("own", (zone,), all_of([StateIs(False)] + ([test] if test is not None else [])))


def _unrested(test: Any) -> CardFilter:
    """`rest_unit`'s: its controller's units on the board that have not rested and that `test` takes in."""
    return _kept(_unrested_in, BOARD, test)


_COUNT_DOC = "How many cards."

GRAVEYARD = "graveyard"
DECK_BOTTOM = "deck_bottom"
PAID_TO = Choice(
    "where paid cards go",
    (GRAVEYARD, DECK_BOTTOM),
    {
        GRAVEYARD: "The graveyard (the default).",
        DECK_BOTTOM: "The bottom of the deck, one at a time in the order chosen: the last one chosen is the bottom card.",
    },
)
_TO_DOC = "Where the cards paid go."


def to_bottom(game: GameState, side: int, iid: int, from_zone: str, source: int) -> None:
    """Put `side`'s card `iid`, already taken out of `from_zone`, on the bottom of its deck, to pay for `source`'s
    ability: the card is seen going there, so its place is known until the deck is shuffled."""
    game.sides[side].deck.insert(0, iid)
    game.log_event(side, "to_bottom", iid, from_zone, source, Cause.COST)


def _where(to: str) -> str:
    return "into the graveyard" if to == GRAVEYARD else "on the bottom of your deck"


# ---------------------------------------------------------------------- the words


@cost("energy", "Rest `amount` of your ready energy (energy rulers only; a ruler without energy cannot pay it).")
@attrs.frozen(kw_only=True)
class Energy(Cost):
    amount: int = param(int, "How much energy.", 1, minimum=1)

    def can_pay(self, game: GameState, side: int, source: int) -> bool:
        return game.sides[side].energy_ready >= self.amount

    def energy_needed(self) -> int:
        return self.amount

    def pay(self, game: GameState, frame: Frame) -> None:
        game.sides[frame.side].energy_ready -= self.amount
        game.log_event(frame.side, "pay_energy", frame.source, self.amount)

    def words(self) -> str:
        return f"rest {self.amount} energy"


class _CardsInZone(Cost):
    """Pay with `count` of your cards in `zone` that match `filter`, chosen one at a time.

    A card never pays for its own ability: an event being played has left
    the hand, and is in the graveyard while its costs are paid."""

    zone: ClassVar[str] = ""
    count: int
    filter: Any

    def _candidates(self, game: GameState, side: int, source: int) -> list[int]:
        return [iid for _, _, iid in _own(self.zone, self.filter).places(game, side) if iid != source]

    def can_pay(self, game: GameState, side: int, source: int) -> bool:
        return len(self._candidates(game, side, source)) >= self.count

    def choose(self, game: GameState, frame: Frame) -> Decision | None:
        return choose_cards(game, frame, self._candidates(game, frame.side, frame.source), self.count)

    def pay(self, game: GameState, frame: Frame) -> Sequence[int]:
        paid = chosen_cards(frame, self._candidates(game, frame.side, frame.source), self.count)
        for iid in paid:
            self.take(game, frame.side, iid, frame.source)
        return paid

    def take(
        self, game: GameState, side: int, iid: int, source: int
    ) -> None:  # pragma: no cover - every word overrides
        raise NotImplementedError


class _OwnUnits(Cost):
    """Pay with `count` of your units on the board that match `filter`, chosen one at a time
    (`others_only`: never the unit that has the ability)."""

    others_only: ClassVar[bool] = False
    count: int
    filter: Any

    def _where(self) -> CardFilter:
        return _own(BOARD, self.filter)

    def _exclude(self, source: int) -> int:
        return source if self.others_only else -1

    def can_pay(self, game: GameState, side: int, source: int) -> bool:
        if self.others_only:
            return sum(1 for _, _, iid in self._where().places(game, side) if iid != source) >= self.count
        return self._where().count(game, side) >= self.count

    def choose(self, game: GameState, frame: Frame) -> Decision | None:
        return choose_units(game, frame, self._where(), self.count, self._exclude(frame.source))

    def pay(self, game: GameState, frame: Frame) -> Sequence[int]:
        paying = self.paying(game, frame)
        for side, slot, iid in paying:
            self.take(game, side, slot, iid, frame.source)
        return [iid for _, _, iid in paying]

    def paying(self, game: GameState, frame: Frame) -> list[tuple[int, int, int]]:
        """(side, slot, iid) of the chosen units still there to pay with."""
        chosen = chosen_units(game, frame, self._where(), self.count, self._exclude(frame.source))
        return [(side, slot, iid) for side, slot, iid in chosen if game.unit_is(side, slot, iid)]

    def take(
        self, game: GameState, side: int, slot: int, iid: int, source: int
    ) -> None:  # pragma: no cover - every word overrides
        raise NotImplementedError


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"


@cost(
    "discard",
    "Put `count` cards matching `filter` from your hand into the graveyard (you choose which), or (`to: deck_bottom`) "
    "on the bottom of your deck.",
)
@attrs.frozen(kw_only=True)
class Discard(_CardsInZone):
    zone: ClassVar[str] = "hand"
    count: int = param(int, _COUNT_DOC, 1, default=1, minimum=1)
    filter: Any = param(PROPERTIES, "Which cards may be discarded (default: any).", {"type": "unit"}, default=None)
    to: str = param(PAID_TO, _TO_DOC, DECK_BOTTOM, default=GRAVEYARD)

    def take(self, game: GameState, side: int, iid: int, source: int) -> None:
        s = game.sides[side]
        s.hand.remove(iid)
        if self.to == DECK_BOTTOM:
            to_bottom(game, side, iid, "hand", source)
            return
        s.graveyard.append(iid)
        game.log_event(side, "discard", iid, source, Cause.COST)

    def words(self) -> str:
        if self.to == DECK_BOTTOM:
            return f"put {_plural(self.count, 'card')} from your hand on the bottom of your deck"
        return f"discard {_plural(self.count, 'card')}"


@cost("destroy", "Destroy `count` of your own units matching `filter` (you choose which).")
@attrs.frozen(kw_only=True)
class DestroyOwn(_OwnUnits):
    count: int = param(int, "How many units.", 1, default=1, minimum=1)
    filter: Any = param(
        PROPERTIES, "Which units may be destroyed (default: any).", {"attribute": "Beast"}, default=None
    )

    def pay(self, game: GameState, frame: Frame) -> Sequence[int]:
        paying = self.paying(game, frame)
        for side, slot, _ in paying:
            game.destroy(side, slot, Cause.COST, frame.source)
        return [iid for _, _, iid in paying]

    def words(self) -> str:
        return f"destroy {_plural(self.count, 'unit')} of yours"


@cost(
    "return", "Return `count` of your own units matching `filter` to your hand (a ruler without a hand cannot pay it)."
)
@attrs.frozen(kw_only=True)
class ReturnOwn(_OwnUnits):
    count: int = param(int, "How many units.", 1, default=1, minimum=1)
    filter: Any = param(PROPERTIES, "Which units may be returned (default: any).", {"type": "unit"}, default=None)

    def can_pay(self, game: GameState, side: int, source: int) -> bool:
        return game.has_hand(side) and super().can_pay(game, side, source)

    def pay(self, game: GameState, frame: Frame) -> Sequence[int]:
        paying = self.paying(game, frame)
        for side, slot, iid in paying:
            s = game.sides[side]
            s.board[slot] = None
            game.to_hand(side, iid)
            game.log_event(side, "move", iid, "hand", frame.source, Cause.COST)
            game.release_soul(side, iid)
        return [iid for _, _, iid in paying]

    def words(self) -> str:
        return f"return {_plural(self.count, 'unit')} of yours to your hand"


@cost("rest_ruler", "Rest your ruler (it cannot attack this turn).  The rift has no rest state and cannot pay it.")
@attrs.frozen(kw_only=True)
class RestRuler(Cost):
    def can_pay(self, game: GameState, side: int, source: int) -> bool:
        return side != INVADER and not game.sides[side].ruler_rested

    def pay(self, game: GameState, frame: Frame) -> None:
        game.sides[frame.side].ruler_rested = True
        game.log_event(frame.side, "rest", -1)

    def words(self) -> str:
        return "rest your ruler"


@cost("rest_self", "Rest the unit that has the ability; it must be on the board and acted.")
@attrs.frozen(kw_only=True)
class RestSelf(Cost):
    def _slot(self, game: GameState, side: int, source: int) -> int:
        for slot, u in enumerate(game.sides[side].board):
            if u is not None and u.iid == source and not u.rested:
                return slot
        return -1

    def can_pay(self, game: GameState, side: int, source: int) -> bool:
        return self._slot(game, side, source) >= 0

    def pay(self, game: GameState, frame: Frame) -> None:
        game.sides[frame.side].unit(self._slot(game, frame.side, frame.source)).rested = True
        game.log_event(frame.side, "rest", frame.source)

    def words(self) -> str:
        return "rest this unit"


@cost("rest_unit", "Rest `count` of your acted units matching `filter` (you choose which).")
@attrs.frozen(kw_only=True)
class RestUnit(_OwnUnits):
    count: int = param(int, "How many units.", 1, default=1, minimum=1)
    filter: Any = param(
        PROPERTIES, "Which units may be rested (default: any).", {"attribute": "Military"}, default=None
    )

    def _where(self) -> CardFilter:
        return _unrested(self.filter)

    def take(self, game: GameState, side: int, slot: int, iid: int, source: int) -> None:
        game.sides[side].unit(slot).rested = True
        game.log_event(side, "rest", iid)

    def words(self) -> str:
        return f"rest {_plural(self.count, 'unit')} of yours"


@cost(
    "deck_to_damage",
    "Put the top `count` cards of your deck into your damage zone: no damage check, no CNT; reaching your LIFE this way loses.",
)
@attrs.frozen(kw_only=True)
class DeckToDamage(Cost):
    count: int = param(int, _COUNT_DOC, 1, default=1, minimum=1)

    def can_pay(self, game: GameState, side: int, source: int) -> bool:
        return len(game.sides[side].deck) >= self.count

    def pay(self, game: GameState, frame: Frame) -> Sequence[int]:
        s = game.sides[frame.side]
        paid = []
        for _ in range(self.count):
            iid = s.deck.pop()
            s.damage_zone.append(iid)
            paid.append(iid)
            game.log_event(frame.side, "deck_to_damage", iid, frame.source, Cause.COST)
        if len(s.damage_zone) >= game.life(frame.side):
            s.lost = s.lost or "damage"
            game.hp_dirty = True  # the task loop's mark: the rules end the game
        return paid

    def words(self) -> str:
        return f"put the top {_plural(self.count, 'card')} of your deck into your damage zone"


SOUL_HOSTS = Choice(
    "soul hosts",
    ("self", "own"),
    {
        "self": "The card that has the ability (the default).",
        "own": "Any of your cards on the board or in your field zone (you choose which soul cards, host by host).",
    },
)


@cost(
    "soul",
    "Put `count` soul cards matching `filter` into the graveyard (or `to: deck_bottom`): this card's, or (`host: own`) "
    "those of any of your cards; you choose which when they differ.",
)
@attrs.frozen(kw_only=True)
class Soul(Cost):
    count: int = param(int, _COUNT_DOC, 1, default=1, minimum=1)
    filter: Any = param(PROPERTIES, "Which soul cards may pay (default: any).", {"type": "unit"}, default=None)
    host: str = param(SOUL_HOSTS, "Whose soul cards pay: this card's, or any of yours.", "own", default="self")
    to: str = param(PAID_TO, _TO_DOC, DECK_BOTTOM, default=GRAVEYARD)
    or_more: bool = param(
        bool,
        "`count` or more: after `count`, the controller may go on paying soul cards, as many as they like (an effect's "
        "`per:` counts them; the rift pays all it can).",
        True,
        default=False,
    )

    def _candidates(self, game: GameState, side: int, source: int) -> list[int]:
        test = self.filter
        if self.host == "self":
            cards: tuple[int, ...] | list[int] = game.soul(side, source)
        else:
            cards = game.sides[side].soul_cards  # host by host, oldest first
        return kept_off_board(game, side, test, cards)

    def can_pay(self, game: GameState, side: int, source: int) -> bool:
        return len(self._candidates(game, side, source)) >= self.count

    def choose(self, game: GameState, frame: Frame) -> Decision | None:
        candidates = self._candidates(game, frame.side, frame.source)
        across_hosts = self.host != "self"
        if self.or_more:
            return choose_more(game, frame, candidates, self.count, across_hosts)
        return choose_cards(game, frame, candidates, self.count, across_hosts)

    def pay(self, game: GameState, frame: Frame) -> Sequence[int]:
        side = frame.side
        paid = chosen_cards(frame, self._candidates(game, side, frame.source), self.count)
        if self.host == "self" and self.to == GRAVEYARD:
            game.soul_to_graveyard(side, frame.source, paid)
            return paid
        hosts = game.sides[side].soul
        for iid in paid:
            host = next((h for h, cards in hosts.items() if iid in cards), None)
            if host is None:
                continue
            if self.to == GRAVEYARD:
                game.soul_to_graveyard(side, host, [iid], source=frame.source)
            elif game.take_card(side, "soul", iid):
                to_bottom(game, side, iid, "soul", frame.source)
        return paid

    def words(self) -> str:
        whose = "of this card" if self.host == "self" else "of your cards"
        more = " or more" if self.or_more else ""
        return f"put {_plural(self.count, 'soul card')}{more} {whose} {_where(self.to)}"


@cost(
    "damage_reversal",
    "DR n (damage reversal): turn `count` face-up cards in your damage zone face down (you choose which).  They still "
    "count towards your LIFE but show nothing; with fewer face-up cards it cannot be paid.",
)
@attrs.frozen(kw_only=True)
class DamageReversal(Cost):
    count: int = param(int, "How many cards (the n of DR n).", 2, default=1, minimum=1)

    def _candidates(self, game: GameState, side: int) -> list[int]:
        s = game.sides[side]
        hidden = s.face_down
        return [iid for iid in s.damage_zone if iid not in hidden] if hidden else list(s.damage_zone)

    def can_pay(self, game: GameState, side: int, source: int) -> bool:
        return len(self._candidates(game, side)) >= self.count

    def choose(self, game: GameState, frame: Frame) -> Decision | None:
        return choose_cards(game, frame, self._candidates(game, frame.side), self.count)

    def pay(self, game: GameState, frame: Frame) -> Sequence[int]:
        s = game.sides[frame.side]
        paid = chosen_cards(frame, self._candidates(game, frame.side), self.count)
        for iid in paid:
            s.face_down += (iid,)
            game.log_event(frame.side, "face_down", iid, frame.source, Cause.COST)
        return paid

    def words(self) -> str:
        return f"DR {self.count}: turn {_plural(self.count, 'face-up card')} in your damage zone face down"


@cost(
    "remove_from_graveyard",
    "Remove `count` cards matching `filter` in your graveyard from the game (you choose which).",
)
@attrs.frozen(kw_only=True)
class RemoveFromGraveyard(_CardsInZone):
    zone: ClassVar[str] = "graveyard"
    count: int = param(int, _COUNT_DOC, 1, default=1, minimum=1)
    filter: Any = param(PROPERTIES, "Which cards may be removed (default: any).", {"type": "event"}, default=None)

    def take(self, game: GameState, side: int, iid: int, source: int) -> None:
        s = game.sides[side]
        s.graveyard.remove(iid)
        s.removed.append(iid)
        game.log_event(side, "remove", iid, "graveyard", source, Cause.COST)

    def words(self) -> str:
        return f"remove {_plural(self.count, 'card')} in your graveyard from the game"


@cost(
    "return_to_deck",
    "Return `count` of your other units matching `filter` to your deck, shuffled in (you choose which): genesis summon's materials.",
)
@attrs.frozen(kw_only=True)
class ReturnToDeck(_OwnUnits):
    others_only: ClassVar[bool] = True
    count: int = param(int, "How many units.", 1, default=1, minimum=1)
    filter: Any = param(
        PROPERTIES, "Which units may be returned (default: any).", {"attribute": "Dragon"}, default=None
    )

    def pay(self, game: GameState, frame: Frame) -> Sequence[int]:
        paid = super().pay(game, frame)
        assert game.rng is not None  # a player view is never played on
        game.rng.shuffle(game.sides[frame.side].deck)
        game.log_event(frame.side, "shuffle")
        return paid

    def take(self, game: GameState, side: int, slot: int, iid: int, source: int) -> None:
        s = game.sides[side]
        s.board[slot] = None
        s.deck.append(iid)
        game.log_event(side, "to_deck", iid, source, Cause.COST)

    def words(self) -> str:
        return f"return {_plural(self.count, 'other unit')} of yours to your deck"
