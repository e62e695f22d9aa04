"""The outcome digest: a fingerprint of how a fixed set of seeded games end.

Speed work on the engine, the player view and the bots must leave every game
exactly as it was: same actions, same log, same ending.  This module plays a
fixed set of seeded games (the three sample decks against every level with
the random and greedy bots, the mechanics fixture, a few games of the
search bot with a small budget, and of the learned bot at Knight's levels 2
and 3, where it departs from greedy) and hashes, per group of games, each game's
actions, log and ending.  tests/test_outcome_digest.py compares the result
with tests/data/outcome-digest.json.

A change that is *meant* to change games (a new ruling, a card's data, a bot
that plays differently, new cards in the mechanics fixture) changes the
digest too.  Then regenerate the file deliberately, in one command, and say
so in the commit:

    python tests/outcome_digest.py --write

`python tests/outcome_digest.py` alone prints which groups differ from the file.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
DIGEST_FILE = HERE / "data" / "outcome-digest.json"
if str(HERE) not in sys.path:  # run as a script: factories sits next to this file
    sys.path.insert(0, str(HERE))

from gateruler import loader  # noqa: E402
from gateruler.batch import bot_seed, game_seed  # noqa: E402
from gateruler.bots import make_bot, play_out  # noqa: E402
from gateruler.bots.fingerprint import game_text  # noqa: E402
from gateruler.engine.game import Game  # noqa: E402
from gateruler.games import new_game  # noqa: E402

LEVELS = (1, 2, 3, 4, 5, 6)
SEARCH_BUDGET = 4

# (group name, game maker (index -> game), bot, games, bot seed maker)
Group = tuple[str, Callable[[int], Game], str, int, Callable[[int], int]]


def _groups() -> Iterator[Group]:
    from factories import mechanics_game

    pool = loader.load_card_pool()
    rulers = loader.load_rulers()
    for deck_name in ("knight", "wizard", "apprentice"):
        deck = loader.load_deck(loader.sample_deck_path(deck_name))
        for number in LEVELS:
            level = loader.load_level(number)
            level_pool = pool.for_level(level)

            def start(i: int, deck=deck, level=level, level_pool=level_pool, number=number) -> Game:  # noqa: ANN001
                return new_game(deck, level, game_seed(0, number, i), pool=level_pool, ruler=rulers[deck.ruler])

            def b_seed(i: int, number: int = number) -> int:
                return bot_seed(0, number, i)

            bots = (("random", 6), ("greedy", 8)) if deck_name == "knight" else (("greedy", 4),)
            for bot, games in bots:
                yield f"{deck_name}/level {number}/{bot}", start, bot, games, b_seed
            if deck_name == "knight" and number in (2, 3):
                yield f"{deck_name}/level {number}/search", start, "search", 2, b_seed
                yield f"{deck_name}/level {number}/learned", start, "learned", 8, b_seed
    for bot, games in (("random", 6), ("greedy", 6), ("search", 1)):
        yield f"mechanics fixture/{bot}", lambda i: mechanics_game(i, max_turns=60), bot, games, lambda i: i


def digests() -> dict[str, str]:
    """Group name -> SHA-256 of its games' fingerprints, played now."""
    out = {}
    for name, start, bot, games, b_seed in _groups():
        h = hashlib.sha256()
        for i in range(games):
            game = start(i)
            play_out(game, make_bot(bot, b_seed(i), SEARCH_BUDGET))
            h.update(game_text(game, log=True).encode())  # actions, log and ending
        out[name] = h.hexdigest()
    return out


def stored() -> dict[str, str]:
    return json.loads(DIGEST_FILE.read_text(encoding="utf-8"))["groups"]


def write(values: dict[str, str]) -> None:
    data = {
        "note": (
            "Outcome digest of a fixed set of seeded games (tests/outcome_digest.py). "
            "Speed work must leave it unchanged; a change meant to change games "
            "(a ruling, card data, a bot's play) regenerates it with: python tests/outcome_digest.py --write"
        ),
        "search_budget": SEARCH_BUDGET,
        "groups": values,
    }
    tmp = DIGEST_FILE.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    tmp.replace(DIGEST_FILE)


def main() -> None:
    values = digests()
    if "--write" in sys.argv[1:]:
        write(values)
        print(f"wrote {len(values)} group digests to {DIGEST_FILE}")
        return
    old = stored()
    changed = [name for name in values if old.get(name) != values[name]]
    changed += [name for name in old if name not in values]
    for name in changed:
        print(f"differs: {name}")
    print(f"{len(changed)} of {len(values)} groups differ from {DIGEST_FILE.name}")
    sys.exit(1 if changed else 0)


if __name__ == "__main__":
    main()
