"""The bounds on every file and number gateruler accepts, in one place.

Every file a user hands us is hostile until checked.  These bounds are what
"checked" means for sizes and magnitudes: each is far above anything a real
deck, level, card file, scenario, save or replay needs, and low enough that
no file within them can make a command hang or run out of memory.  A file
past a bound is refused with a located one-line error (exit code 2), before
anything is built from it.

docs/limits.md lists them for users; readers of new file kinds (card
folders, CSV imports) should read through :func:`gateruler.yamlsrc.load_yaml`
and :func:`gateruler.jsonsrc.load_json`, which apply the file bounds, and
check their numbers against the value bounds here.
"""

from __future__ import annotations

# ------------------------------------------------------------------ files

MAX_YAML_BYTES = 1_000_000
"""A YAML data file (card, ruler, level, deck, scenario): our largest is 7 kB."""

MAX_JSON_BYTES = 8_000_000
"""A JSON file we read back (save, replay, check result): a 200-turn save is about 100 kB."""

MAX_NESTING = 32
"""Lists and mappings inside each other (our files nest at most 8 deep)."""

MAX_YAML_VALUES = 100_000
"""Values in one YAML file, counting each use of an alias as a copy of its anchor.

This is what stops an "alias bomb": a few hundred bytes whose aliases stand
for billions of values."""

MAX_INTEGER_DIGITS = 30
"""Digits in an integer as written, before its value is checked against its own range."""

# ------------------------------------------------------------------ values

MAX_NUMBER = 9_999
"""Any other integer in a data file (stats, levels, life, counts of zones, amounts) is within +-MAX_NUMBER."""

MAX_DECK_CARDS = 1_000
"""Cards in a level's, a deck's or a replay's card list, in all (so also one entry's count)."""

MAX_SEED = 2**63 - 1
"""Seeds are 0 to 2**63 - 1 (the seeds `check` derives for its games are 63-bit)."""

MAX_BUDGET = 10_000
"""The search bot's rollouts per decision (default 96): about a hundred times the default's time."""

MAX_CEILING_BUDGET = 1_000_000
"""The solver's nodes per game (`check --ceiling-budget`, default 20,000): fifty times the default's time and memory."""

MAX_TURNS = 1_000
"""The turn cap of a game (`--max-turns`, a replay's or save's max_turns; default 200)."""

MAX_WORKERS = 64
"""Worker processes (`--workers` of check and tune)."""

# ------------------------------------------------------------------ options

MAX_GAMES = 1_000_000
"""Games per level of one batch (`check --games`, tune's `--games` and `--final-games`): hours of play at most."""

MAX_CANDIDATES = 1_000
"""Swaps tune tries in one round (`--candidates`)."""

MAX_ROUNDS = 100
"""Rounds of tune's search (`--rounds`): a deck has 50 cards, so at most 50 swaps are ever worth keeping."""

MAX_PACE = 60
"""Seconds between the decisions of a watched game (`--pace`)."""

MAX_TYPED_CHARS = 1_000
"""Characters of one line typed at play's prompt; a longer line is refused as a whole."""

MAX_SHOWN_ERRORS = 100
"""Errors printed for one file (or one command): the rest are counted in one more line."""

MAX_CHOICE_DIGITS = 6
"""Digits of a number typed at play's prompt (a choice, `log N`)."""


def describe() -> list[tuple[str, str]]:
    """(name, value) of every bound, for documentation and tests."""
    return [
        (name, f"{value:,}") for name, value in globals().items() if name.startswith("MAX_") and isinstance(value, int)
    ]
