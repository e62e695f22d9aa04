"""A short seeded smoke run: play a level a few dozen times to find rule errors.

A level can be valid data and still break the rules engine in play: a card
combination nobody tried, an effect on a zone that happens to be empty.  The
loader cannot see that; playing can.  ``gateruler validate`` runs
:func:`smoke_run` on every level file, the random bot with the Knight
sample deck, and turns each exception into a finding that names the card and
the ability being resolved when it happened, found from the ability frame
(gateruler/engine/frames.py) the failing code was running.  Seeds are fixed, so
validate finds the same faults every time, and ``gateruler play --level-file
... --seed N`` deals the game a finding names.
"""

from __future__ import annotations

import traceback
from pathlib import Path
from typing import Any

import attrs

from gateruler.bots import RandomBot, play_out
from gateruler.cardpool import CardPool
from gateruler.engine.abilities import Ability
from gateruler.engine.frames import Frame
from gateruler.engine.game import Game
from gateruler.engine.tasks import BY_TYPE, tag
from gateruler.errors import DataError, DataErrors, GateRulerError
from gateruler.games import new_game
from gateruler.loader import file_kind, load_deck, load_level, load_yaml_as, sample_deck_path
from gateruler.models import CardDef, DeckDef, LevelDef, SourceLocation
from gateruler.yamlsrc import Finding

SMOKE_GAMES = 24


@attrs.frozen
class Fault:
    """What was being done when a game failed, as far as the game can tell."""

    card: CardDef | None = None
    ability: Ability | None = None
    effect: Any = None
    step: str = ""  # the engine task being run ("battle", "ctl", ...) when not an effect
    last_event: str = ""

    def describe(self) -> str:
        if self.card is None:
            where = f"during the engine step {self.step!r}" if self.step else "while setting the game up"
            return where + (f" (last event: {self.last_event})" if self.last_event else "")
        text = f"card {self.card.id} ({self.card.name})"
        if self.ability is not None:
            text += f", {self.ability.trigger} ability"
        if self.effect is not None:
            text += f", {'effect' if hasattr(self.effect, 'resolve') else 'cost'} {self.effect.kind!r}"
            target = getattr(self.effect, "target", None)
            if target is not None:
                text += f" on {target.word or target.words()}"
        return text


def _frames(error: BaseException) -> list[dict[str, Any]]:
    """The local variables of every frame the error passed through, innermost first."""
    return [frame.f_locals for frame, _ in traceback.walk_tb(error.__traceback__)][::-1]


def _game_in(frames: list[dict[str, Any]]) -> Game | None:
    for local in frames:
        for value in local.values():
            if isinstance(value, Game):
                return value
    return None


def locate_fault(error: BaseException) -> Fault:
    """The card, ability and effect being resolved when `error` was raised (what is known of them)."""
    frames = _frames(error)
    game = _game_in(frames)
    last_event = ""
    if game is not None and game.log:
        last_event = game.describe_log(last=1)[0]
    for local in frames:
        task = local.get("frame", local.get("task"))
        if type(task) is Frame and game is not None:
            card = game.card(task.source)
            ability = card.abilities[task.ability]
            part = None
            if task.step >= 0:
                parts = ability.costs + ability.effects
                part = parts[task.step] if task.step < len(parts) else None
            return Fault(card, ability, part, "ability", last_event)
        if task is not None and type(task) in BY_TYPE:
            return Fault(step=tag(task), last_event=last_event)
    return Fault(last_event=last_event)


def _where(fault: Fault, level: LevelDef) -> SourceLocation:
    """The card's own definition when it has one, else the level's line that lists it, else the level."""
    if fault.card is not None:
        if fault.card.location.path:
            return fault.card.location
        for entry in level.cards:
            if entry.card == fault.card.id:
                return entry.location
    return level.location


def _short(error: BaseException) -> str:
    text = str(error).splitlines()[0] if str(error) else ""
    text = text if len(text) <= 160 else text[:157] + "..."
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def smoke_run(
    level: LevelDef,
    games: int = SMOKE_GAMES,
    seed: int = 0,
    *,
    deck: DeckDef | None = None,
    pool: CardPool | None = None,
) -> list[Finding]:
    """Play `games` seeded games of `level` (seeds seed, seed+1, ...); one error finding per distinct fault.

    The player is random and plays the Knight sample deck unless `deck` is
    given; the cards are `pool`'s (default: the shipped ones).  An empty
    list means no game raised.
    """
    deck = deck if deck is not None else load_deck(sample_deck_path("knight"))
    seen: dict[tuple[Any, ...], list[Any]] = {}  # fault key -> [fault, error, first seed, count]
    for game_seed in range(seed, seed + games):
        try:
            play_out(new_game(deck, level, game_seed, pool=pool), RandomBot(game_seed))
        except Exception as error:  # a rule error is what we are looking for
            fault = locate_fault(error)
            key = (fault.card and fault.card.id, fault.ability, fault.effect, fault.step, type(error))
            if key in seen:
                seen[key][3] += 1
            else:
                seen[key] = [fault, error, game_seed, 1]
    findings = []
    for fault, raised, first, count in seen.values():
        message = (
            f"smoke run: rule error in {count} of {games} games (first with --seed {first}): "
            f"{fault.describe()}: {_short(raised)}"
        )
        findings.append(Finding(_where(fault, level), message))
    return findings


def smoke_check_file(path: str | Path, games: int = SMOKE_GAMES, *, pool: CardPool | None = None) -> list[Finding]:
    """smoke_run on a level file with the cards of `pool`, for ``gateruler validate``; [] for other files or files with errors.

    A file that does not load has already been reported by the loader, and a
    level that cannot be loaded cannot be played.
    """
    try:
        if file_kind(load_yaml_as(Path(path), str(path))) != "level":
            return []
        level = load_level(str(path), pool)  # a str keeps the path as the user wrote it in findings
    except (DataError, DataErrors, GateRulerError):
        return []
    return smoke_run(level, games, pool=pool)
