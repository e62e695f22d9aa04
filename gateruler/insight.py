"""What finished games say about a deck's cards and about how they were lost, read from their event logs.

A check answers "how often does this deck clear the level"; the next question
is "what should I change", and for that the games are read again, cheaply,
from the log every game keeps (`game.log`, kinds in gateruler/engine/events.py).
Only the log is read, never the engine's internals, so this survives changes
to the engine that keep the log's kinds:

* a card of yours is **seen** in a game when a copy is drawn or driven (side 0
  `draw`/`drive`), and **played** when a copy is summoned, used, set or put in
  the field zone (`summon`/`event`/`set`/`field`);
* damage to a ruler is a `ruler_damage` entry followed by its damage checks
  (`check`, one card each; only a card that goes to the damage zone hurts, a
  CNT card does not).  The entry names what dealt it (`source`: the attacker,
  -1 for a ruler, or the card whose ability did it; `reason`: an attack,
  pierce, an attack gone on to the ruler, or the ability's trigger).  Checks
  are matched to their damage last-in first-out per side, as the engine runs
  them: a CNT ability revealed in a check resolves, with any damage it deals,
  before the rest of that check.

Everything is summed (`Insight`), never kept per game, so a batch's memory
stays flat and chunk sums fold in any order to the same total.  Turns are the
player's turns (`game.turn // 2`: the rift goes first), 0 being the opening
hand (and the rift's first turn), the same count as the check's "turns to
clear".  The opening hand is what was drawn before the first turn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import cast

import attrs

from gateruler.engine import events
from gateruler.engine.events import BATTLE_CAUSES, padded
from gateruler.stats import CLEARED, ERROR, LOST_DAMAGE, OUTCOMES, difference_interval

PLAYER_SIDE = 0
RIFT_SIDE = 1
SEEN_KINDS = frozenset({events.Draw, events.Drive, events.Found})  # found: taken from the deck by a search or a look
PLAYED_KINDS = frozenset({events.Summon, events.Event, events.Set, events.Field})
ENDINGS = tuple(o for o in OUTCOMES if o != ERROR)  # an error ends no game that can be read

# A damage source: the side whose card dealt it, and the card's id (None: that side's ruler itself).
Source = tuple[int, "str | None"]


def player_turns(turn: int) -> int:
    """The player's turns played by game turn `turn` (the rift's turns are the odd ones)."""
    return turn // 2


@attrs.frozen
class GameReading:
    """One finished game's log, read: what the check needs of it and nothing else."""

    first_seen: dict[str, int]  # card id -> the player turn a copy was first drawn, driven or found (a search, a look)
    played: frozenset[str]  # card ids of which a copy was played
    damage: dict[Source, tuple[int, int]]  # damage to the player: source -> (battle, effect) cards to the damage zone
    last_damage: Source | None  # the source of the last card put into the player's damage zone
    opening: frozenset[str] = frozenset()  # card ids of which a copy was in the opening hand (drawn before turn 1)


def read_log(log: Iterable[Sequence], card_ids: Sequence[str], owners: Sequence[int]) -> GameReading:
    """Read a game's log (entries `(turn, kind, side, *fields)`, engine/events.py's records or plain tuples,
    cards as instance ids into `card_ids`, whose sides `owners` gives)."""
    first_seen: dict[str, int] = {}
    opening: set[str] = set()
    played: set[str] = set()
    damage: dict[Source, list[int]] = {}
    last_damage: Source | None = None
    pending: tuple[list[list], list[list]] = ([], [])  # by damaged side: [source, battle, checks left], newest last
    for entry in log:
        kind = type(entry)  # its record class (a check reads thousands of logs: one look-up an entry)
        if kind is tuple:  # a plain tuple (a test's, a log older than the records): read as its record
            entry = padded(entry)
            kind = type(entry)
        # The kind was read by one set look-up, which the type checker cannot narrow by: each branch
        # says which records it reads.
        if kind in SEEN_KINDS:
            seen = cast("events.Draw | events.Drive | events.Found", entry)
            if seen.side == PLAYER_SIDE:
                card = card_ids[seen.card]
                if card not in first_seen:
                    first_seen[card] = player_turns(seen.turn)
                    if seen.turn == 0:
                        opening.add(card)
        elif kind in PLAYED_KINDS:
            use = cast("events.Summon | events.Event | events.Set | events.Field", entry)
            if use.side == PLAYER_SIDE:
                played.add(card_ids[use.card])
        elif kind is events.RulerDamage:
            hit = cast(events.RulerDamage, entry)
            pending[hit.side].append([_source(hit, card_ids, owners), bool(hit.battle), hit.amount])
        elif kind is events.Check:
            check = cast(events.Check, entry)
            side = check.side
            stack = pending[side]
            if not stack:
                continue
            top = stack[-1]
            top[2] -= 1
            if top[2] <= 0:
                stack.pop()
            if side == PLAYER_SIDE and check.result == "damage" and top[0] is not None:
                counts = damage.setdefault(top[0], [0, 0])
                counts[0 if top[1] else 1] += 1
                last_damage = top[0]
    damage_pairs = {k: (v[0], v[1]) for k, v in damage.items()}
    return GameReading(first_seen, frozenset(played), damage_pairs, last_damage, frozenset(opening))


def _source(entry: events.RulerDamage, card_ids: Sequence[str], owners: Sequence[int]) -> Source | None:
    """What a `ruler_damage` entry names as the dealer of its damage to its side: an attacker (the other
    side's ruler when -1), or the card whose ability dealt it; None when the entry names none."""
    card, reason = entry.source, entry.reason
    if card is None or reason is None:
        return None
    if card < 0:
        return (1 - entry.side, None) if reason in BATTLE_CAUSES else None
    return (owners[card], card_ids[card])


# ---------------------------------------------------------------------- sums


@attrs.define
class CardCounts:
    """One card of the deck over a set of games (copies count together)."""

    seen: int = 0  # games in which a copy was drawn or driven
    seen_cleared: int = 0  # of those, the games cleared
    played: int = 0  # of those, the games in which a copy was played
    first_seen_turns: int = 0  # summed over the seen games: the player turn of the first sight
    opening: int = 0  # games in which a copy was in the opening hand
    opening_cleared: int = 0  # of those, the games cleared


@attrs.define
class SourceDamage:
    """What one card (or ruler) did to the player's damage zone over a set of games."""

    battle: int = 0  # cards put into the player's damage zone by its attacks
    effect: int = 0  # ... by its abilities
    final_blows: int = 0  # games lost to damage whose last damage it dealt

    @property
    def total(self) -> int:
        return self.battle + self.effect


@attrs.define
class Insight:
    """Sums over a set of finished games of one deck against one level: add games, merge sets."""

    games: int = 0  # games read (a game that raised has no log to read and is not among them)
    cleared: int = 0
    cards: dict[str, CardCounts] = attrs.field(factory=dict)
    end_turns: dict[str, dict[int, int]] = attrs.field(factory=dict)  # outcome -> player turn -> games ending then
    damage: dict[Source, SourceDamage] = attrs.field(factory=dict)

    def add(self, reading: GameReading, outcome: str, turns: int) -> None:
        """Count one finished game: its reading, its outcome (stats.classify) and the player turns it lasted."""
        if outcome not in ENDINGS:
            raise ValueError(f"not the outcome of a finished game: {outcome!r}")
        won = outcome == CLEARED
        self.games += 1
        self.cleared += won
        for card, turn in reading.first_seen.items():
            counts = self.cards.get(card)
            if counts is None:
                counts = self.cards[card] = CardCounts()
            counts.seen += 1
            counts.seen_cleared += won
            counts.played += card in reading.played
            counts.first_seen_turns += turn
            if card in reading.opening:
                counts.opening += 1
                counts.opening_cleared += won
        by_turn = self.end_turns.setdefault(outcome, {})
        by_turn[turns] = by_turn.get(turns, 0) + 1
        for source, (battle, effect) in reading.damage.items():
            dealt = self.damage.get(source)
            if dealt is None:
                dealt = self.damage[source] = SourceDamage()
            dealt.battle += battle
            dealt.effect += effect
        if outcome == LOST_DAMAGE and reading.last_damage is not None:
            self.damage.setdefault(reading.last_damage, SourceDamage()).final_blows += 1

    def merge(self, other: Insight) -> None:
        self.games += other.games
        self.cleared += other.cleared
        for card, counts in other.cards.items():
            _add_counts(self.cards.setdefault(card, CardCounts()), counts)
        for source, dealt in other.damage.items():
            _add_counts(self.damage.setdefault(source, SourceDamage()), dealt)
        for outcome, by_turn in other.end_turns.items():
            mine = self.end_turns.setdefault(outcome, {})
            for turn, games in by_turn.items():
                mine[turn] = mine.get(turn, 0) + games


def _add_counts(mine: attrs.AttrsInstance, other: attrs.AttrsInstance) -> None:
    """Add every count of `other` to `mine`, two attrs instances of one class of counts."""
    for field in attrs.fields(type(mine)):
        setattr(mine, field.name, getattr(mine, field.name) + getattr(other, field.name))


# ---------------------------------------------------------------------- figures


@attrs.frozen
class CardFigures:
    """A card's figures over a level's games: does the deck clear more often when it shows up?"""

    card: str
    copies: int
    games: int  # every game read, the card seen or not
    cleared: int
    counts: CardCounts

    @property
    def seen(self) -> int:
        return self.counts.seen

    @property
    def seen_cleared(self) -> int:
        return self.counts.seen_cleared

    @property
    def not_seen(self) -> int:
        return self.games - self.counts.seen

    @property
    def not_seen_cleared(self) -> int:
        return self.cleared - self.counts.seen_cleared

    @property
    def played(self) -> int:
        return self.counts.played

    @property
    def opening(self) -> int:
        return self.counts.opening

    @property
    def opening_cleared(self) -> int:
        return self.counts.opening_cleared

    @property
    def clear_rate_seen(self) -> float | None:
        return _ratio(self.seen_cleared, self.seen)

    @property
    def clear_rate_not_seen(self) -> float | None:
        return _ratio(self.not_seen_cleared, self.not_seen)

    @property
    def difference(self) -> float | None:
        """Clear rate when seen minus when not seen; None when either kind of game is missing."""
        return _difference(self.seen_cleared, self.seen, self.not_seen_cleared, self.not_seen)

    @property
    def difference95(self) -> tuple[float, float] | None:
        """Newcombe's 95% interval for the difference (stats.difference_interval)."""
        return _difference95(self.seen_cleared, self.seen, self.not_seen_cleared, self.not_seen)

    @property
    def clear_rate_opening(self) -> float | None:
        return _ratio(self.opening_cleared, self.opening)

    @property
    def opening_difference(self) -> float | None:
        """Clear rate with a copy in the opening hand minus without.

        The opening hand is dealt before anything is played, so unlike
        `difference` this one is not biased by how long games last: it says
        what having the card from the start is worth."""
        return _difference(
            self.opening_cleared, self.opening, self.cleared - self.opening_cleared, self.games - self.opening
        )

    @property
    def opening_difference95(self) -> tuple[float, float] | None:
        return _difference95(
            self.opening_cleared, self.opening, self.cleared - self.opening_cleared, self.games - self.opening
        )

    @property
    def played_rate(self) -> float | None:
        return _ratio(self.played, self.seen)

    @property
    def mean_first_seen_turn(self) -> float | None:
        return _ratio(self.counts.first_seen_turns, self.seen)


def _ratio(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def _difference(s1: int, n1: int, s2: int, n2: int) -> float | None:
    return s1 / n1 - s2 / n2 if n1 and n2 else None


def _difference95(s1: int, n1: int, s2: int, n2: int) -> tuple[float, float] | None:
    return difference_interval(s1, n1, s2, n2) if n1 and n2 else None


def card_figures(insight: Insight, deck: Sequence[tuple[str, int]]) -> list[CardFigures]:
    """Every card of the deck (card id, copies), in deck-list order, a card never seen included."""
    out = []
    copies: dict[str, int] = {}
    for card, count in deck:
        copies[card] = copies.get(card, 0) + count
    for card, count in copies.items():
        out.append(CardFigures(card, count, insight.games, insight.cleared, insight.cards.get(card, CardCounts())))
    return out


def damage_ranking(insight: Insight) -> list[tuple[Source, SourceDamage]]:
    """Damage sources, most damage first (then most final blows, then the rift's before yours, then by id)."""
    return sorted(
        insight.damage.items(),
        key=lambda item: (-item[1].total, -item[1].final_blows, -item[0][0], item[0][1] or ""),
    )


def mean_turn(by_turn: dict[int, int]) -> float | None:
    games = sum(by_turn.values())
    return sum(turn * n for turn, n in by_turn.items()) / games if games else None


# ---------------------------------------------------------------------- as JSON

SIDE_WORDS = {PLAYER_SIDE: "player", RIFT_SIDE: "rift"}


def figures_json(insight: Insight, deck: Sequence[tuple[str, int]], name_of: Callable[[Source], str]) -> dict:
    """A level's per-card figures, endings by turn and damage sources, as `check --json` writes them.

    `name_of` names a damage source (a card, or a side's ruler itself) for people."""
    cards = []
    for f in card_figures(insight, deck):
        interval, opening = f.difference95, f.opening_difference95
        cards.append(
            {
                "card": f.card,
                "name": name_of((PLAYER_SIDE, f.card)),
                "copies": f.copies,
                "seen": f.seen,
                "seen_cleared": f.seen_cleared,
                "not_seen": f.not_seen,
                "not_seen_cleared": f.not_seen_cleared,
                "clear_rate_seen": f.clear_rate_seen,
                "clear_rate_not_seen": f.clear_rate_not_seen,
                "difference": f.difference,
                "difference95": None if interval is None else list(interval),
                "played": f.played,
                "played_when_seen": f.played_rate,
                "mean_first_seen_turn": f.mean_first_seen_turn,
                "opening_hand": f.opening,
                "opening_hand_cleared": f.opening_cleared,
                "clear_rate_opening_hand": f.clear_rate_opening,
                "opening_hand_difference": f.opening_difference,
                "opening_hand_difference95": None if opening is None else list(opening),
            }
        )
    end_turns = {outcome: sorted(insight.end_turns.get(outcome, {}).items()) for outcome in ENDINGS}
    return {
        "games_read": insight.games,
        "cards": cards,
        "end_turns": {outcome: [list(pair) for pair in pairs] for outcome, pairs in end_turns.items()},
        "mean_end_turns": {outcome: mean_turn(insight.end_turns.get(outcome, {})) for outcome in ENDINGS},
        "damage_taken": [
            {
                "side": SIDE_WORDS[side],
                "card": card,
                "name": name_of((side, card)),
                "battle": dealt.battle,
                "effect": dealt.effect,
                "total": dealt.total,
                "per_game": dealt.total / insight.games if insight.games else 0.0,
                "final_blows": dealt.final_blows,
            }
            for (side, card), dealt in damage_ranking(insight)
        ],
    }


# ---------------------------------------------------------------------- in words, for tables


def percent(x: float | None) -> str:
    """A rate as "61.0%", or "-" when there is none."""
    return "-" if x is None else f"{100 * x:.1f}%"


def points_words(x: float | None) -> str:
    """A difference of rates in percentage points: "+12.1"."""
    return "-" if x is None else f"{100 * x:+.1f}"


def difference_words(x: float | None, interval: Sequence[float] | None) -> str:
    """A difference with its interval: "+12.1 (+1.8, +20.6)", or "-" when there is none."""
    if x is None or interval is None:
        return "-"
    return f"{points_words(x)} ({points_words(interval[0])}, {points_words(interval[1])})"
