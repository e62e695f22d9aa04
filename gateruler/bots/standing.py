"""How far a bot's clear rate is from the search bot's: the gaps docs/bots.md measured, and the bot's version.

A check's clear rate is the deck's played by one bot: a lower bound on
what the deck can do.  So every result names the bot, its version (the
gateruler version for a bot whose play is all code, the data file and its
version for a fitted one) and the gap to the search bot at budget 96 that
`benchmarks/bench_bots.py` measured for it on paired seeds
(gateruler/data/bots/gaps.yaml, written by `bench_bots.py --write-gaps`
from the table docs/bots.md shows).  The file is read by the bounded YAML
reader: a broken one is a one-line error naming its line.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import attrs

from gateruler import __version__
from gateruler.bots import learned_label, tuned_weights
from gateruler.bots.fingerprint import play_fingerprint
from gateruler.bots.weights import DATA_DIR
from gateruler.yamlsrc import MISSING, Fields, Report, load_yaml

GAPS_FILE = DATA_DIR / "gaps.yaml"
REFERENCE_BOT = "search"  # the reference's name: its play fingerprint is play_fingerprint(REFERENCE_BOT)
REMEASURE = (
    "python benchmarks/bench_bots.py --speed-bots '' --strength-bots greedy,tuned,learned,focus:96,search:96 --games 40 "
    "--levels 1,2,3,4 --workers 2 --write-gaps gateruler/data/bots/gaps.yaml"
)  # the command that measures the shipped gaps again (docs/check.md)
MEASURED, STALE, NONE = "measured", "stale", "none"  # a bot's gap status


@attrs.frozen
class Gap:
    """One bot's measured clear rate minus the reference bot's, in points, per level."""

    bot: str
    version: str  # the bot's version when it was measured
    play: str  # the bot's play fingerprint when it was measured ('' in a file written before there were any)
    sample_decks: dict[int, float]  # level -> the mean over the sample decks
    held_out: dict[int, float]  # level -> the mean over the held-out decks (no bot was fitted on them)
    held_out_play: str = ""  # its play fingerprint on the held-out decks (play_fingerprint_on; '' if not taken)


@attrs.frozen
class Gaps:
    reference: str  # the bot the gaps are measured against, as results name it
    games: int  # games per deck and level
    measured: str  # how and on what
    bots: dict[str, Gap]
    reference_play: str = ""  # the reference's play fingerprint when the gaps were measured
    reference_held_out_play: str = ""  # ... and on the held-out decks


DATA_LABELS: dict[str, Callable[[], str]] = {
    "tuned": lambda: tuned_weights().label,
    "lookahead": lambda: tuned_weights().label,
    "learned": learned_label,
}  # the bots whose play rests on a data file -> its file and version (each file read once per process)


def bot_version(name: str) -> str:
    """A bot's version: its data file and version where its play rests on one (the tuned weights, the
    learned model), else gateruler's."""
    label = DATA_LABELS.get(name)
    return label() if label is not None else f"gateruler {__version__}"


def read_gaps(path: str | Path) -> Gaps:
    """The measured gaps file, checked (a mapping: reference, games, measured, and per bot its version
    and per level the mean gap over the sample decks and over the held-out ones)."""
    report = Report()
    f = Fields(load_yaml(path), report, "a gaps file", at=None)
    reference = f.required("reference", str)
    games = f.required("games", int, min=1)
    measured = f.required("measured", str)
    reference_play = f.optional("reference_play", str, "")
    reference_held_out_play = f.optional("reference_held_out_play", str, "")
    bots: dict[str, Gap] = {}
    inner = f.nested("bots", "bots", required=True)
    if inner is not None:
        for name in list(inner.node or ()):
            entry = inner.nested(name, f"bot {name}", required=True)
            if entry is None:
                continue
            version = entry.required("version", str)
            play = entry.optional("play", str, "")
            held_out_play = entry.optional("held_out_play", str, "")
            levels = {}
            for part in ("sample_decks", "held_out"):
                by_level = entry.nested(part, part, required=True)
                values: dict[int, float] = {}
                if by_level is not None:
                    for level in list(by_level.node or ()):
                        if not isinstance(level, int) or isinstance(level, bool):
                            by_level.error(by_level.key_loc(level), f"{part}: {level!r} is not a level number")
                            by_level.raw(level)  # type: ignore[arg-type]  # a YAML key of any type
                            continue
                        # level numbers are the YAML keys here (Fields reads any key; its type says str)
                        value = by_level.required(level, (int, float), min=-100, max=100)  # type: ignore[arg-type]
                        if value is not MISSING:
                            values[level] = float(value)
                    by_level.finish()
                levels[part] = values
            entry.finish()
            bots[str(name)] = Gap(
                str(name), version or "", play or "", levels["sample_decks"], levels["held_out"], held_out_play or ""
            )
            del entry
        inner.finish()
    f.finish()
    report.raise_errors()
    return Gaps(reference or "", games or 0, measured or "", bots, reference_play or "", reference_held_out_play or "")


@functools.cache
def measured_gaps() -> Gaps:
    """The shipped gaps file, read once per process."""
    return read_gaps(GAPS_FILE)


def gap_status(name: str, gaps: Gaps | None = None) -> str:
    """Whether bot `name` has a gap to show (MEASURED), one measured on play that has changed since
    (STALE: its version, its play or the reference's differ from today's), or none (NONE)."""
    gaps = gaps or measured_gaps()
    gap = gaps.bots.get(name)
    if gap is None:
        return NONE
    current = (
        gap.version == bot_version(name)
        and gap.play == play_fingerprint(name)
        and gaps.reference_play == play_fingerprint(REFERENCE_BOT)
    )
    return MEASURED if current else STALE


def played_otherwise(gaps: Gaps, held_out: tuple[Path, ...]) -> list[str]:
    """The bots (and the reference) whose play today differs from the play `gaps` was measured on, on the
    sample decks or on the `held_out` deck files: the repository's check that the shipped gaps are current.
    A check sees only the sample decks (gap_status), so a change that moves only the held-out decks' games
    is caught here, where they are."""
    from gateruler.bots.fingerprint import play_fingerprint_on

    stale = [
        name
        for name, gap in gaps.bots.items()
        if gap.play != play_fingerprint(name) or gap.held_out_play != play_fingerprint_on(name, held_out)
    ]
    if gaps.reference_play != play_fingerprint(REFERENCE_BOT) or gaps.reference_held_out_play != (
        play_fingerprint_on(REFERENCE_BOT, held_out)
    ):
        stale.append(f"{REFERENCE_BOT} (the reference)")
    return stale


def bot_gap(name: str, gaps: Gaps | None = None) -> Gap | None:
    """The measured gap of bot `name` to the reference (in `gaps`, else the shipped file), if one was
    measured on today's play: a gap measured on other play says nothing about this one."""
    gaps = gaps or measured_gaps()
    return gaps.bots[name] if gap_status(name, gaps) == MEASURED else None


def gap_words(gap: Gap | None, reference: str, status: str = NONE) -> str:
    """A measured gap in words ('greedy minus search (budget 96) ...'), or why there is none."""
    if gap is None:
        if status == STALE:
            return (
                f"the gap to {reference} measured for this bot is stale, not shown: the games it was measured "
                "on play differently now (the rules, the card data or a bot changed; docs/check.md)"
            )
        return f"no gap to {reference} measured for this bot's version"
    return f"{gap.bot} minus {reference} in points by level, as docs/bots.md measured it: " + (
        gap_cells(dict(sorted(gap.sample_decks.items())), dict(sorted(gap.held_out.items())))
    )


def gap_cells(sample_decks: Mapping[Any, float], held_out: Mapping[Any, float]) -> str:
    """'sample decks 1 -4.0, 2 -25.0; held-out decks 1 -3.0, ...' (levels in the order given)."""
    parts = []
    for label, by_level in (("sample decks", sample_decks), ("held-out decks", held_out)):
        if by_level:
            parts.append(f"{label} " + ", ".join(f"{level} {value:+.1f}" for level, value in by_level.items()))
    return "; ".join(parts)


UNMEASURED_CONDITIONS = "measured under the default rule readings and the shipped card data only, not under this check's {what}"  # what a shown gap adds when the check plays under conditions it was not measured on


def gap_caveat(variants: bool, own_cards: bool, budget: int | None = None) -> str | None:
    """Why a measured gap may not hold for this check: it was measured under the default readings on the
    shipped cards, and a searching bot at check's default budget, so a check under other rule variants,
    with the user's own card files or at another `budget` (None: the default) says so."""
    from gateruler.bots.search import DEFAULT_BUDGET  # the budget check plays a searching bot at, and measured

    what = [w for w, on in (("rule variants", variants), ("card files", own_cards)) if on]
    parts = [UNMEASURED_CONDITIONS.format(what=" and ".join(what))] if what else []
    if budget is not None and budget != DEFAULT_BUDGET:
        parts.append(f"measured at budget {DEFAULT_BUDGET}, not at this check's budget {budget}")
    return "; ".join(parts) or None


def gap_line(name: str, caveat: str | None = None) -> str:
    """What a result says about its bot: its version, and how far it is from the search bot (a sentence),
    with `caveat` (gap_caveat) after a shown gap measured under other conditions than the check's."""
    gap = bot_gap(name)
    words = gap_words(gap, measured_gaps().reference, gap_status(name))
    if gap is not None and caveat:
        words += f" ({caveat})"
    return f"bot {name} ({bot_version(name)}): the clear rates are this bot's, a lower bound on the deck's (docs/check.md); {words}"


def standing_json(name: str, caveat: str | None = None) -> dict:
    """The bot, its version and its measured gap, for a result's JSON (`settings.bot_info`); `gap_caveat`
    is gap_caveat's sentence when a gap is shown for a check played under conditions it was not measured on."""
    gaps = measured_gaps()
    gap = bot_gap(name)
    return {
        "name": name,
        "version": bot_version(name),
        "gap": None
        if gap is None
        else {
            "reference": gaps.reference,
            "games": gaps.games,
            "measured": gaps.measured,
            "sample_decks": {str(k): v for k, v in sorted(gap.sample_decks.items())},
            "held_out": {str(k): v for k, v in sorted(gap.held_out.items())},
        },
        "gap_status": gap_status(name),  # measured, stale (measured on other play: gap is null) or none
        "gap_caveat": caveat if gap is not None else None,
    }
