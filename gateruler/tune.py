"""Improving a deck within a player's collection, without fooling ourselves about the gain.

``gateruler tune`` is a local search over swaps ("-k copies of card A, +k of
card B").  Every swap it tries keeps the deck legal (size, copies per name,
legendary limits, the ruler's level and CNT caps, the ban list: exactly
:func:`gateruler.validation.check_deck`) and uses only cards the collection
owns.  Three ideas keep the answer honest:

* **Common seeds.**  In a round every candidate deck and the current deck
  play the *same* games: game *i* of level *L* has the same seeds for all of
  them (:func:`gateruler.batch.game_seed`), and a swap puts the new card in
  the list places of the old one, so the shuffle puts it where the old card
  would have been.  Two decks then differ only in the games where the
  swapped cards matter, and only the games exactly one of them cleared say
  anything (McNemar's pairing).
* **A sequential test drops losers early.**  Games are played in blocks; after
  each block, a candidate whose record on the games only one side cleared
  favours "no better" over "wins 65% of those games" by Wald's sequential
  probability ratio (boundary log(beta / (1 - alpha)), alpha 0.05, beta 0.2)
  is dropped and plays no more.  At the end of the round the survivor with
  the best record is accepted only if the one-sided exact sign test on its
  games says it is better at level alpha divided by the number of candidates
  (Bonferroni: the best of many is otherwise often just the luckiest).
* **Fresh seeds for the verdict.**  Each round plays new seeds, and the
  reported before/after clear rates come from a last set of seeds that no
  choice was made on: the swaps were picked as the best of many on other
  games, so their gain on those games overstates the truth (the winner's
  curse); on fresh games it does not.  The "before" column is exactly what
  ``gateruler check DECK --seed S`` gives for the printed seed S.

Everything follows from the seed, so the same seed gives the same swaps and
figures on any backend and any number of workers.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Sequence

import attrs
import yaml

from gateruler.backends import Backend, Session, in_order
from gateruler.batch import CHUNK, BatchSettings, GameSpec, derive_seed, play_one
from gateruler.cardpool import CardPool
from gateruler.models import CollectionDef, DeckDef, DeckEntry, RulerDef
from gateruler.stats import CLEARED, ERROR, Tally, paired_difference_interval, sign_test_p
from gateruler.validation import check_deck

BLOCK = 2 * CHUNK  # games per level between two looks of the sequential test
ALPHA = 0.05  # per round, shared among its candidates (Bonferroni)
BETA = 0.2
P_BETTER = 0.65  # "better": wins this share of the games only one of the two decks cleared
DROP_BELOW = math.log(BETA / (1 - ALPHA))  # Wald's lower boundary: the evidence says "no better"
WIN_STEP = math.log(P_BETTER / 0.5)
LOSS_STEP = math.log((1 - P_BETTER) / 0.5)


# The default budget: about a minute for six levels on two cores with the greedy bot.
DEFAULT_GAMES = 96  # per level, the most paired games a candidate plays in a round
DEFAULT_CANDIDATES = 12  # swaps tried per round
DEFAULT_ROUNDS = 3  # rounds of search: at most this many swaps
DEFAULT_FINAL_GAMES = 400  # per level, fresh games for the before/after comparison


@attrs.frozen
class TuneSettings:
    bot: str = "greedy"
    budget: int | None = None  # the search bot's rollouts per decision
    seed: int = 0
    games: int = DEFAULT_GAMES
    candidates: int = DEFAULT_CANDIDATES
    rounds: int = DEFAULT_ROUNDS
    final_games: int = DEFAULT_FINAL_GAMES


def round_seed(seed: int, number: int) -> int:
    """The base seed of round `number`'s games (never the final comparison's)."""
    return derive_seed(seed, "tune", "round", number)


def final_seed(seed: int) -> int:
    """The base seed of the before/after comparison: seeds no swap was chosen on."""
    return derive_seed(seed, "tune", "final")


# ------------------------------------------------------------------ swaps


@attrs.frozen
class Swap:
    """Take `copies` of card `out` from the deck and put as many of card `into` in."""

    out: str
    into: str
    copies: int

    def describe(self, pool: CardPool) -> str:
        return f"-{self.copies} {pool[self.out].name} ({self.out}), +{self.copies} {pool[self.into].name} ({self.into})"


def apply_swap(deck: DeckDef, swap: Swap) -> DeckDef:
    """The deck after `swap`, the new card listed where the old one was.

    Listing it in the same place keeps the other cards' places in the
    shuffled deck, so that common seeds compare the two cards and not two
    shuffles."""
    entries: list[DeckEntry] = []
    for entry in deck.cards:
        if entry.card == swap.out:
            if entry.count > swap.copies:
                entries.append(DeckEntry(entry.card, entry.count - swap.copies))
            entries.append(DeckEntry(swap.into, swap.copies))
        else:
            entries.append(DeckEntry(entry.card, entry.count))
    merged: dict[str, int] = {}
    for entry in entries:  # a card already in the deck gains copies where it is first listed
        merged[entry.card] = merged.get(entry.card, 0) + entry.count
    return attrs.evolve(deck, cards=tuple(DeckEntry(card, count) for card, count in merged.items()))


def owned_counts(deck: DeckDef, collection: CollectionDef) -> dict[str, int]:
    """Copies owned per card: the collection's, and never fewer than the deck holds."""
    owned = collection.owned()
    for entry in deck.cards:
        owned[entry.card] = max(owned.get(entry.card, 0), entry.count)
    return owned


def legal_swaps(deck: DeckDef, collection: CollectionDef, pool: CardPool, ruler: RulerDef) -> list[Swap]:
    """Every swap the collection allows that leaves a legal deck, in a fixed order.

    For each pair of cards the largest legal number of copies is offered, and
    half of it (rounded up) when that differs: a whole card for another, or a
    mix of the two."""
    rules = {ruler.id: ruler}
    in_deck = {e.card: e.count for e in deck.cards}
    owned = owned_counts(deck, collection)
    swaps = []
    for out, have in in_deck.items():
        for into, count in owned.items():
            spare = count - in_deck.get(into, 0)
            if into == out or spare <= 0 or into not in pool:
                continue
            largest = next(
                (
                    k
                    for k in range(min(have, spare), 0, -1)
                    if _legal(apply_swap(deck, Swap(out, into, k)), pool, rules)
                ),
                0,
            )
            for k in sorted({largest, (largest + 1) // 2} - {0}, reverse=True):
                if k == largest or _legal(apply_swap(deck, Swap(out, into, k)), pool, rules):
                    swaps.append(Swap(out, into, k))
    return swaps


def _legal(deck: DeckDef, pool: CardPool, rulers: dict[str, RulerDef]) -> bool:
    return not any(f.is_error for f in check_deck(deck, pool, rulers))


# ------------------------------------------------------------------ playing paired games

Outcome = tuple[str, int]  # how a game ended, and the player's turns when it was a clear


def _paired_chunk(
    shared: tuple[list[GameSpec], BatchSettings], deck: DeckDef, level_index: int, base_seed: int, start: int, stop: int
) -> tuple[Outcome, ...]:
    """Games start..stop-1 of a level with `deck` on the seeds of `base_seed`, each game's outcome.

    Played by :func:`gateruler.batch.play_one`, so game i is the very game a
    check of this deck with seed `base_seed` plays."""
    specs, settings = shared
    spec = attrs.evolve(specs[level_index], deck=deck)
    seeded = attrs.evolve(settings, seed=base_seed)
    return tuple(play_one(spec, seeded, level_index, index)[:2] for index in range(start, stop))


Progress = Callable[[str, int, int], None]  # (what, games done, games planned)


@attrs.define
class _Games:
    """Runs paired games on a backend session and reports progress."""

    session: Session
    levels: int
    on_progress: Progress | None
    label: str = ""
    done: int = 0
    planned: int = 0

    def play(self, decks: list[DeckDef], base_seed: int, start: int, stop: int) -> list[list[Outcome]]:
        """outcomes[d]: deck d's games start..stop-1 of every level, level after level."""
        tasks = [  # a block of games per task: enough to be worth a cluster's overhead
            (deck, level, base_seed, first, min(first + BLOCK, stop))
            for deck in decks
            for level in range(self.levels)
            for first in range(start, stop, BLOCK)
        ]
        per_deck = len(tasks) // len(decks)
        outcomes: list[list[Outcome]] = [[] for _ in decks]
        for number, (task, value) in enumerate(in_order(self.session, tasks)):
            outcomes[number // per_deck].extend(value)
            self.done += task[4] - task[3]
            if self.on_progress is not None:
                self.on_progress(self.label, self.done, self.planned)
        return outcomes


# ------------------------------------------------------------------ the search


@attrs.define
class Trial:
    """One candidate swap in one round, against the current deck on the same games."""

    swap: Swap
    deck: DeckDef
    wins: int = 0  # games only the candidate cleared
    losses: int = 0  # games only the current deck cleared
    games: int = 0  # paired games played (all levels)
    dropped: bool = False

    @property
    def evidence(self) -> float:
        """Wald's log likelihood ratio, "wins P_BETTER of the split games" against "no better"."""
        return self.wins * WIN_STEP + self.losses * LOSS_STEP

    @property
    def p_value(self) -> float:
        return sign_test_p(self.wins, self.losses)

    def add(self, mine: list[Outcome], theirs: list[Outcome]) -> None:
        for (a, _), (b, _) in zip(mine, theirs):
            self.wins += a == CLEARED and b != CLEARED
            self.losses += b == CLEARED and a != CLEARED
        self.games += len(mine)


@attrs.define
class Round:
    number: int
    seed: int
    trials: list[Trial]
    accepted: Trial | None = None
    level_games: int = 0  # paired games per level the current deck played this round
    threshold: float = 0.0  # the p-value a swap had to beat
    finished: bool = False  # False when Ctrl-C broke it off


@attrs.define
class Side:
    """One deck's fresh games: a tally per level."""

    deck: DeckDef
    tallies: list[Tally]

    @property
    def total(self) -> Tally:
        return Tally.total(self.tallies)


@attrs.define
class Comparison:
    """The original and the tuned deck on fresh seeds, game for game."""

    seed: int
    games: int  # per level
    before: Side
    after: Side
    pairs: list[tuple[int, int, int, int]]  # per level: both cleared, only before, only after, neither

    def level_interval(self, level_index: int) -> tuple[float, float]:
        """The paired 95% interval of after - before on one level."""
        both, before, after, neither = self.pairs[level_index]
        return paired_difference_interval(both, after, before, neither)

    def overall(self) -> tuple[int, int, int, int]:
        return tuple(sum(p[i] for p in self.pairs) for i in range(4))  # type: ignore[return-value]

    def overall_interval(self) -> tuple[float, float]:
        both, before, after, neither = self.overall()
        return paired_difference_interval(both, after, before, neither)


@attrs.define
class TuneResult:
    settings: TuneSettings
    pool: CardPool  # the card data it rests on
    original: DeckDef
    tuned: DeckDef
    swaps: list[Swap] = attrs.field(factory=list)
    rounds: list[Round] = attrs.field(factory=list)
    final: Comparison | None = None
    stopped: str = ""  # why the search ended
    errors: int = 0  # games that raised (counted as not cleared)
    interrupted: bool = False
    interrupt: KeyboardInterrupt | None = attrs.field(default=None, eq=False)  # what stopped it: Ctrl-C or SIGTERM


def tune(
    specs: list[GameSpec],
    collection: CollectionDef,
    settings: TuneSettings,
    pool: CardPool,
    backend: Backend,
    on_progress: Progress | None = None,
) -> TuneResult:
    """Search for better swaps of `specs`' deck within `collection`, then measure the result on fresh seeds.

    `specs` are the original deck against each level (as a check makes them);
    `backend` is entered already.  Ctrl-C returns what was found so far,
    marked interrupted, without the final comparison."""
    original = specs[0].deck
    ruler = specs[0].ruler
    result = TuneResult(settings, pool, original, original)
    shared = ([attrs.evolve(s, deck=original) for s in specs], BatchSettings(bot=settings.bot, budget=settings.budget))
    try:
        with backend.session(_paired_chunk, shared) as session:
            games = _Games(session, len(specs), on_progress)
            _search(result, games, collection, pool, ruler)
            if result.swaps:
                result.final = _compare(result, games)
    except KeyboardInterrupt as caught:
        result.interrupted = True
        result.interrupt = caught
    return result


def _search(result: TuneResult, games: _Games, collection: CollectionDef, pool: CardPool, ruler: RulerDef) -> None:
    settings = result.settings
    tried: set[Swap] = set()  # swaps already rejected against the current deck
    for number in range(1, settings.rounds + 1):
        swaps = [s for s in legal_swaps(result.tuned, collection, pool, ruler) if s not in tried]
        if not swaps:
            result.stopped = "no legal swap is left to try" if tried else "the collection allows no legal swap"
            return
        random.Random(derive_seed(settings.seed, "tune", "candidates", number)).shuffle(swaps)
        chosen = swaps[: settings.candidates]
        current = _play_round(result, games, number, chosen)
        if current.accepted is None:
            tried.update(chosen)
            continue
        tried.clear()
        result.swaps.append(current.accepted.swap)
        result.tuned = current.accepted.deck
    result.stopped = f"{settings.rounds} round{'s' if settings.rounds != 1 else ''} played (--rounds)"


def _play_round(result: TuneResult, games: _Games, number: int, swaps: list[Swap]) -> Round:
    settings = result.settings
    trials = [Trial(s, apply_swap(result.tuned, s)) for s in swaps]
    current = Round(number, round_seed(settings.seed, number), trials, threshold=ALPHA / len(swaps))
    result.rounds.append(current)
    games.label, games.done = f"round {number}", 0
    games.planned = (1 + len(swaps)) * games.levels * settings.games
    for start in range(0, settings.games, BLOCK):
        alive = [t for t in current.trials if not t.dropped]
        if not alive:
            break
        stop = min(start + BLOCK, settings.games)
        outcomes = games.play([result.tuned] + [t.deck for t in alive], current.seed, start, stop)
        result.errors += sum(o == ERROR for deck in outcomes for o, _ in deck)
        for trial, mine in zip(alive, outcomes[1:]):
            trial.add(mine, outcomes[0])
            trial.dropped = trial.evidence <= DROP_BELOW
        current.level_games = stop
        still = sum(not t.dropped for t in current.trials)
        games.planned = games.done + (1 + still) * games.levels * (settings.games - stop) if still else games.done
    current.finished = True
    survivors = [t for t in current.trials if not t.dropped and t.wins > t.losses]
    if survivors:
        best = max(survivors, key=lambda t: t.wins - t.losses)  # the first of equals: the order is the seed's
        if best.p_value < current.threshold:
            current.accepted = best
    return current


def _compare(result: TuneResult, games: _Games) -> Comparison:
    settings = result.settings
    seed = final_seed(settings.seed)
    games.label, games.done, games.planned = "fresh games", 0, 2 * games.levels * settings.final_games
    before, after = games.play([result.original, result.tuned], seed, 0, settings.final_games)
    per_level = settings.final_games
    sides = []
    for outcomes in (before, after):
        tallies = []
        for level in range(games.levels):
            tally = Tally()
            for outcome, turns in outcomes[level * per_level : (level + 1) * per_level]:
                tally.add(outcome, turns if outcome == CLEARED else 0)
            tallies.append(tally)
        sides.append(tallies)
    pairs = [
        _pairs(before[i * per_level : (i + 1) * per_level], after[i * per_level : (i + 1) * per_level])
        for i in range(games.levels)
    ]
    result.errors += sum(t.error for tallies in sides for t in tallies)
    return Comparison(seed, per_level, Side(result.original, sides[0]), Side(result.tuned, sides[1]), pairs)


def _pairs(before: list[Outcome], after: list[Outcome]) -> tuple[int, int, int, int]:
    counts = [0, 0, 0, 0]
    for (b, _), (a, _) in zip(before, after):
        b_won, a_won = b == CLEARED, a == CLEARED
        counts[0 if b_won and a_won else 1 if b_won else 2 if a_won else 3] += 1
    return (counts[0], counts[1], counts[2], counts[3])


# ------------------------------------------------------------------ the new deck file


def _scalar(text: str) -> str:
    """`text` as a YAML scalar: bare when YAML reads it back as the same string, quoted otherwise."""
    bare = text and not any(c in text for c in ":{}[],#&*!|>'\"%@`\n") and text == text.strip()
    if bare:
        try:
            bare = yaml.safe_load(text) == text
        except yaml.YAMLError:
            bare = False
    return text if bare else json.dumps(text, ensure_ascii=False)


def deck_yaml(
    deck: DeckDef, pool: CardPool, description: str, comments: list[str], card_files: Sequence[str] = ()
) -> str:
    """A deck file for `deck`, in the shipped decks' layout, each card named in a comment (and its
    `card_files`, as written: relative to the deck file)."""
    lines = [f"# {' '.join(line.splitlines())}" for line in comments]
    lines += [
        f"name: {_scalar(deck.name)}",
        f"ruler: {_scalar(deck.ruler)}",
        f"description: {_scalar(description)}",
    ]
    if card_files:
        lines.append("card_files: [" + ", ".join(_scalar(f) for f in card_files) + "]")
    lines.append("cards:")
    width = max(len(f"  - {{card: {_scalar(e.card)}, count: {e.count}}}") for e in deck.cards)
    for entry in deck.cards:
        item = f"  - {{card: {_scalar(entry.card)}, count: {entry.count}}}"
        name = " ".join(pool[entry.card].name.split())
        lines.append(f"{item.ljust(width)}   # {name}")
    return "\n".join(lines) + "\n"
