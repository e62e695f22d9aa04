"""``gateruler check --csv FILE``: the per-level figures (and with ``--cards-stats`` the card figures) as one
table for spreadsheets.

One header row, then a row per deck and level (``row`` = ``level``) and,
with ``--cards-stats``, a row per deck, level and card (``row`` = ``card``):
one sheet to sort and filter, the columns that do not apply to a row left
empty.  Rates are fractions (0.645), not percentages, so that a spreadsheet
computes with them; an interval is two columns, its low and high ends.
docs/check.md lists the columns.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from gateruler.cli.check_cards import deck_list, source_namer
from gateruler.cli.check_compare import Compared
from gateruler.insight import card_figures

__all__ = ["CSV_COLUMNS", "csv_text"]

CSV_COLUMNS = (
    "row",
    "deck",
    "deck_name",
    "level",
    "level_name",
    "games",
    "cleared",
    "clear_rate",
    "clear_low",
    "clear_high",
    "mean_clear_turns",
    "lost_damage",
    "lost_deck_out",
    "draw_turn_cap",
    "draw_other",
    "error",
    "minus_first",
    "minus_first_low",
    "minus_first_high",
    "card",
    "card_name",
    "copies",
    "seen",
    "clear_if_seen",
    "clear_if_not_seen",
    "seen_difference",
    "seen_difference_low",
    "seen_difference_high",
    "opening_difference",
    "opening_difference_low",
    "opening_difference_high",
    "played_if_seen",
    "first_seen_turn",
)


def _number(x: float | int | None) -> str:
    if x is None:
        return ""
    return str(x) if isinstance(x, int) else f"{x:.6g}"


def _ends(interval: Sequence[float] | None) -> tuple[str, str]:
    return ("", "") if interval is None else (_number(interval[0]), _number(interval[1]))


def _rows(compared: Compared, cards: bool) -> list[dict[str, str]]:
    rows = []
    for deck_index, result in enumerate(compared.results):
        letter = compared.letters[deck_index]
        for level_index, level in enumerate(result.levels):
            spec, tally = level.spec, level.tally
            head = {
                "deck": letter,
                "deck_name": spec.deck.name,
                "level": str(spec.level.number),
                "level_name": spec.level.name,
            }
            row = {"row": "level", **head, "games": str(tally.games), "cleared": str(tally.cleared)}
            if tally.games:
                row["clear_rate"] = _number(tally.clear_rate)
                row["clear_low"], row["clear_high"] = _ends(tally.interval())
                row["mean_clear_turns"] = _number(tally.mean_clear_turns)
            for outcome in ("lost_damage", "lost_deck_out", "draw_turn_cap", "draw_other", "error"):
                row[outcome] = str(getattr(tally, outcome))
            if deck_index:
                effect = compared.difference(deck_index, level_index)
                if effect.games:
                    row["minus_first"] = _number(effect.difference)
                    row["minus_first_low"], row["minus_first_high"] = _ends(effect.interval())
            rows.append(row)
            if not cards:
                continue
            name = source_namer(spec)
            for f in card_figures(level.insight, deck_list(spec)):
                seen = f.seen / f.games if f.games else None
                card_row = {
                    "row": "card",
                    **head,
                    "games": str(f.games),
                    "card": f.card,
                    "card_name": name((0, f.card)),
                }
                card_row |= {"copies": str(f.copies), "seen": _number(seen)}
                card_row |= {
                    "clear_if_seen": _number(f.clear_rate_seen),
                    "clear_if_not_seen": _number(f.clear_rate_not_seen),
                }
                card_row["seen_difference"] = _number(f.difference)
                card_row["seen_difference_low"], card_row["seen_difference_high"] = _ends(f.difference95)
                card_row["opening_difference"] = _number(f.opening_difference)
                card_row["opening_difference_low"], card_row["opening_difference_high"] = _ends(f.opening_difference95)
                card_row["played_if_seen"] = _number(f.played_rate)
                card_row["first_seen_turn"] = _number(f.mean_first_seen_turn)
                rows.append(card_row)
    return rows


def csv_text(compared: Compared, cards: bool) -> str:
    """The whole CSV file: the header and every row (comma-separated, quoted where a cell needs it), after a
    byte-order mark: without one, Excel reads UTF-8 as the system's code page and garbles Japanese names."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, restval="", lineterminator="\n")
    writer.writeheader()
    writer.writerows(_rows(compared, cards))
    return out.getvalue()
