"""`check --ceiling`: the solver's upper bound beside the bot's clear rate, in words, JSON and replays.

Kept apart from cmd_check so that the command module stays about running
the batch: this names the figures for people (`ceiling_lines`), writes the
winning lines as replays (`save_win_replays`) and gives the JSON fields
(`ceiling_json`).  docs/check.md explains the figures.
"""

from __future__ import annotations

from pathlib import Path

from gateruler.batch import BatchResult, BatchSettings, GameSpec
from gateruler.ceiling import CeilingLevel, CeilingResult, Win, contradictions
from gateruler.replay import replay_data, write_replay
from gateruler.stats import CLEARED

CEILING_FOLDER = "ceiling"  # under --replay-dir: one replay per proven win


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def level_line(bot_rate: float, level: CeilingLevel) -> str:
    """'clear 77.0%; no play clears more than 86.0% of these games [80.5-90.1%]; 3.0% unsettled (...)'."""
    t = level.tally
    if t.games == 0:
        return "no game searched"
    low, high = t.interval()
    partial = "" if level.complete else f" (partial: {t.games} of {level.games} games)"
    return (
        f"clear {_pct(bot_rate)}; no play clears more than {_pct(t.ceiling)} of these games "
        f"[{_pct(low)}-{_pct(high)}]; {_pct(t.unsettled)} unsettled "
        f"(winnable {_pct(t.share(t.winnable))}, unwinnable {_pct(t.share(t.unwinnable))}, "
        f"unknown {_pct(t.share(t.unknown + t.error))}){partial}"
    )


def ceiling_lines(
    batch: BatchResult, ceiling: CeilingResult, label: dict[int, str], replays: dict[int, str] | None = None
) -> list[str]:
    """The ceiling section of check's output: a heading, a line per level, and the notes."""
    lines = [
        f"Ceiling: the clairvoyant solver on the same games, up to {ceiling.budget:,} nodes a game, "
        f"rollouts by {ceiling.policy} (winnable + unknown = the ceiling; docs/check.md)"
    ]
    if ceiling.interrupted:
        lines.append("ceiling interrupted: partial result")
    for index, (bot, level) in enumerate(zip(batch.levels, ceiling.levels)):
        lines.append(f"  {label[index]}: {level_line(bot.tally.clear_rate, level)}")
    for index, level in enumerate(ceiling.levels):
        number = level.spec.level.number
        for error in level.errors:
            lines.append(
                f"level {number} game {error.index}: the search raised {error.message} (seed {error.seed}); "
                "counted as unknown"
            )
        if replays and index in replays and level.wins:
            lines.append(
                f"level {number}: {len(level.wins)} winning lines saved as replays in {replays[index]} "
                "(gateruler replay FILE plays one again)"
            )
    for number, game in contradictions(batch, ceiling):
        lines.append(
            f"BUG: level {number} game {game} was cleared by the bot but refuted by the solver "
            "(please report it: the ceiling is not to be trusted)"
        )
    return lines


def save_win_replays(ceiling: CeilingResult, settings: BatchSettings, directory: Path) -> dict[int, str]:
    """Every proven win as a replay file (no bot: its actions are applied as they are); level index -> folder."""
    folders: dict[int, str] = {}
    for index, level in enumerate(ceiling.levels):
        if not level.wins:
            continue
        folder = directory / CEILING_FOLDER
        folder.mkdir(parents=True, exist_ok=True)
        template = replay_data(level.spec, 0, [], bot=None, outcome=CLEARED, turn=0)  # the level's, written once
        for win in level.wins:
            write_replay(folder / win_file_name(level.spec, win), win_replay(template, win))
        folders[index] = str(folder)
    return folders


def win_file_name(spec: GameSpec, win: Win) -> str:
    return f"level{spec.level.number}-game{win.index}-seed{win.seed}.json"


def win_replay(template: dict, win: Win) -> dict:
    """The replay of one proven win: the level's replay data with the game's seed, line and ending."""
    return {
        **template,
        "seed": win.seed,
        "actions": list(win.actions),
        "result": {"outcome": CLEARED, "turn": win.turn, "error": None},
    }


def ceiling_json(level: CeilingLevel, replays: str | None) -> dict:
    """A level's ceiling for `check --json`: the tally and its shares, and where its proofs are."""
    return {
        **level.tally.to_dict(),
        "complete": level.complete,
        "cpu_seconds": level.seconds,
        "replays": replays,
        "errors": [{"game": e.index, "seed": e.seed, "message": e.message} for e in level.errors],
    }
