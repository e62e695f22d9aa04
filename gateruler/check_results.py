"""Reading back the JSON that ``gateruler check --json`` writes, typed and checked.

Anything that reads a check result again (a report, a comparison of two
runs) reads it through :func:`read_check_result`: a result file is the
user's file by then, so every field is checked as in :mod:`gateruler.jsonsrc`
and a problem is one located line.  The classes mirror
``gateruler.cli.cmd_check.result_json`` field by field (a test writes a
result and reads it back, so the two cannot drift apart).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal, NewType

import attrs

from gateruler.insight import ENDINGS
from gateruler.jsonsrc import (
    Budget,
    CardCount,
    CeilingBudget,
    FileError,
    GameCount,
    LevelNumber,
    MaxTurns,
    Quantity,
    Seed,
    Turn,
    Workers,
    converter,
    kind_of,
    load_json,
    structure,
)

CHECK_FORMAT = "gateruler-check"
CHECK_VERSION = 1

Rate = float  # a share of games, 0 to 1
Difference = float  # a difference of two rates, -1 to 1
LevelRef = NewType("LevelRef", object)  # a shipped level's number, or a level file's path


def _level_ref(value: Any, _kind: Any) -> int | str:
    if isinstance(value, str):
        return value
    return converter.structure(value, LevelNumber)


converter.register_structure_hook(LevelRef, _level_ref)


@attrs.frozen
class DeckSettings:
    file: str
    name: str
    ruler: str
    cards: list[tuple[str, CardCount]]


@attrs.frozen
class VariantSetting:
    """A rule variant in force (docs/rulings.md), by name and value."""

    name: str
    value: str


@attrs.frozen
class BotWeights:
    """The weights file a weighted bot (`tuned`) read: its name, version and weights."""

    file: str
    version: int
    weights: dict[str, float]


@attrs.frozen
class BotGap:
    """The bot's clear rate minus the reference bot's as docs/bots.md measured it (gateruler/data/bots/gaps.yaml)."""

    reference: str
    games: GameCount
    measured: str
    sample_decks: dict[str, float]  # level number (as text) -> points
    held_out: dict[str, float]


@attrs.frozen
class BotInfo:
    """Which bot played, its version, and its measured gap to the search bot (None: none for this version)."""

    name: str
    version: str
    gap: BotGap | None
    gap_status: str | None = None  # measured, stale or none (written since the gaps carry play fingerprints)
    gap_caveat: str | None = None  # why a shown gap may not hold for this check's readings or cards (since then)


@attrs.frozen
class CheckSettings:
    deck: DeckSettings
    levels: list[LevelRef]
    bot: str
    budget: Budget | None
    seed: Seed
    games: GameCount
    precision: float | None
    max_turns: MaxTurns
    workers: Workers
    chunk: CardCount
    seeds: str
    backend: Literal["local", "dask"] = "local"
    variants: list[VariantSetting] = attrs.field(factory=list)
    sensitivity: bool = False  # --sensitivity: each level has its "sensitivity" figures
    bot_weights: BotWeights | None = None  # written since the tuned bot (absent in older files)
    ceiling_budget: CeilingBudget | None = None  # --ceiling: the solver's nodes per game (absent in older files)
    ceiling_rollouts: str | None = None  # --ceiling: the policy the solver's rollouts play
    bot_info: BotInfo | None = None  # written since issue 24 (absent in older files)


@attrs.frozen
class ProvisionalCards:
    deck: list[str]
    level: list[str]


@attrs.frozen
class LevelError:
    game: GameCount
    seed: Seed
    bot_seed: Seed
    message: str
    replay: str | None


@attrs.frozen
class CardFigures:
    """One deck card's figures at one level (docs/check.md)."""

    card: str
    name: str
    copies: CardCount
    seen: GameCount
    seen_cleared: GameCount
    not_seen: GameCount
    not_seen_cleared: GameCount
    clear_rate_seen: Rate | None
    clear_rate_not_seen: Rate | None
    difference: Difference | None
    difference95: tuple[Difference, Difference] | None
    played: GameCount
    played_when_seen: Rate | None
    mean_first_seen_turn: float | None
    opening_hand: GameCount
    opening_hand_cleared: GameCount
    clear_rate_opening_hand: Rate | None
    opening_hand_difference: Difference | None
    opening_hand_difference95: tuple[Difference, Difference] | None


@attrs.frozen
class DamageSource:
    """What put cards into the player's damage zone (docs/check.md)."""

    side: Literal["player", "rift"]
    card: str | None
    name: str
    battle: Quantity
    effect: Quantity
    total: Quantity
    per_game: float
    final_blows: GameCount


Endings = dict[Literal[ENDINGS], list[tuple[Turn, GameCount]]]  # type: ignore[valid-type]
MeanEndings = dict[Literal[ENDINGS], float | None]  # type: ignore[valid-type]


@attrs.frozen
class VariantEffect:
    """One other reading of an open ruling, on the same games as the readings in force (`check --sensitivity`)."""

    name: str
    value: str
    games: GameCount
    cleared: GameCount
    clear_rate: Rate
    difference: Difference
    difference95: tuple[Difference, Difference]
    both: GameCount
    only_default: GameCount
    only_variant: GameCount
    neither: GameCount


@attrs.frozen
class LevelSensitivity:
    variants: list[VariantEffect]
    span: tuple[Rate, Rate]


@attrs.frozen
class CeilingError:
    game: GameCount
    seed: Seed
    message: str


@attrs.frozen
class LevelCeiling:
    """The solver's verdicts on a level's games (`check --ceiling`, docs/check.md)."""

    games: GameCount
    winnable: GameCount
    unwinnable: GameCount
    unknown: GameCount
    error: GameCount
    nodes: int
    ceiling: Rate
    wilson95: tuple[Rate, Rate]
    settled: Rate
    winnable_share: Rate
    unwinnable_share: Rate
    unknown_share: Rate
    complete: bool
    cpu_seconds: float
    replays: str | None
    errors: list[CeilingError]


@attrs.frozen
class LevelFigures:
    level: LevelNumber
    name: str
    level_file: str | None
    data_hash: str
    provisional: bool
    provisional_cards: ProvisionalCards
    complete: bool
    stopped_early: bool
    games: GameCount
    cleared: GameCount
    lost_damage: GameCount
    lost_deck_out: GameCount
    draw_turn_cap: GameCount
    draw_other: GameCount
    error: GameCount
    clear_turns: GameCount
    clear_rate: float
    wilson95: tuple[float, float]
    mean_clear_turns: float | None
    errors: list[LevelError]
    games_read: GameCount = 0
    variants: dict[str, str] = attrs.field(factory=dict)  # every rule variant's value the level was played under
    sensitivity: LevelSensitivity | None = None  # with --sensitivity
    ceiling: LevelCeiling | None = None  # with --ceiling
    cards: list[CardFigures] = attrs.field(factory=list)
    end_turns: Endings = attrs.field(factory=dict)
    mean_end_turns: MeanEndings = attrs.field(factory=dict)
    damage_taken: list[DamageSource] = attrs.field(factory=list)


@attrs.frozen
class CheckResult:
    format: Literal["gateruler-check"]
    version: Literal[1]
    gateruler_version: str
    card_data_hash: str
    settings: CheckSettings
    interrupted: bool
    levels: list[LevelFigures]
    card_files: list[CardFileRecord] = attrs.field(factory=list)


@attrs.frozen
class CardFileRecord:
    """A player's card file a result rests on (gateruler/library.py)."""

    file: str
    sha256: str
    cards: list[str]
    replaces: list[str]


def read_check_result(path: str | Path) -> CheckResult:
    """A check result file, every field checked; a problem is one line naming the file (and the line)."""
    doc = load_json(path, "check result")
    data = doc.data
    if not isinstance(data, dict) or data.get("format") != CHECK_FORMAT:
        raise FileError(path, f'not a gateruler check result (no "format": "{CHECK_FORMAT}" in {kind_of(data)})')
    return structure(doc, CheckResult)
