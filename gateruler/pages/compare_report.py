"""`check DECK_A DECK_B ... --report FILE.html`: a comparison of decks on the same games, as one page.

Made from the comparison's JSON alone (what ``check DECK_A DECK_B --json``
writes, gateruler/cli/check_compare.py): per level each deck's clear rate
with its interval, and each deck's paired difference from the first with
Newcombe's paired interval, coloured by whether that interval excludes zero
(never by the sign of the middle figure alone); then each deck's settings
and card data, as the single-deck report shows them (and, at the top, whether the
figures rest on provisional card data).
"""

from __future__ import annotations

from gateruler.insight import percent
from gateruler.pages import esc, page, plots
from gateruler.pages.check_report import STYLE, _cell, _difference_cell, _head, _settings, _text_cell, banners

__all__ = ["compare_html"]


def _table(data: dict) -> str:
    first = data["decks"][0]["deck"]
    head = _head(
        [("level", ""), ("deck", ""), ("games", ""), ("clear", ""), ("95% interval", ""), (f"minus {first} (95%)", "")]
    )
    names = {d["deck"]: f"{d['deck']} {d['name']}" for d in data["decks"]}
    rows = []
    for lv in data["levels"]:
        differences = {d["deck"]: d for d in lv["differences"]}
        for index, deck in enumerate(lv["decks"]):
            cells = [_text_cell(plots.level_label(lv) if index == 0 else ""), _text_cell(names[deck["deck"]])]
            cells.append(_cell(str(deck["games"]), deck["games"]))
            if deck["games"]:
                low, high = deck["wilson95"]
                cells += [
                    _cell(percent(deck["clear_rate"]), deck["clear_rate"]),
                    _cell(f"{100 * low:.1f}-{100 * high:.1f}%"),
                ]
            else:
                cells += [_cell("-"), _cell("-")]
            diff = differences.get(deck["deck"])
            if diff is None:
                cells.append(_cell(""))
            elif diff["games"]:
                cells.append(_difference_cell(diff["difference"], diff["difference95"]))
            else:
                cells.append(_cell("-"))
            rows.append(f"<tr>{''.join(cells)}</tr>")
    return f'<table id="comparison">{head}<tbody>{"".join(rows)}</tbody></table>'


def compare_html(data: dict) -> str:
    """The whole comparison page for the JSON of `check DECK_A DECK_B ...`."""
    decks = data["decks"]
    first = decks[0]
    title = " against ".join(d["name"] for d in decks) + ": the same games"
    s = first["check"]["settings"]
    lede = (
        f"{len(decks)} decks on the same games: bot {s['bot']}, seed {s['seed']}, up to {s['games']} games per level; "
        f"gateruler {data['gateruler_version']}."
    )
    provisional = any(lv.get("provisional") for d in decks for lv in d["check"]["levels"])
    notes = banners(bool(data.get("interrupted")), provisional)
    body = [
        f"<h1>{esc(title)}</h1>",
        f'<p class="lede">{esc(lede)}</p>',
        *notes,
        '<h2 id="comparison-section">Clear rate per level, deck by deck</h2>',
        f"<p>Each deck after the first: its clear rate minus {esc(first['deck'])}'s, in points, on the same games (the same "
        "seeds, game by game; games that raised an error left out), with Newcombe's paired 95% interval under it. "
        "Green: the whole interval is above zero (better); orange: below (worse); plain: it holds zero, and the games "
        "do not tell the decks apart, whatever the sign of the middle figure.</p>",
        _table(data),
    ]
    for deck in decks:
        body += [
            f'<h2 id="deck-{esc(deck["deck"])}">{esc(deck["deck"])}: {esc(deck["name"])}</h2>',
            _settings(deck["check"]),
        ]
    body.append('<p class="muted">docs/check.md in gateruler explains every figure on this page.</p>')
    return page(title, "\n".join(body), style=STYLE)
