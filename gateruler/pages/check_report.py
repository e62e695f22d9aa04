"""`check --report FILE.html`: a check's figures as one page to open in a browser or send to a friend.

The page is made from the check's JSON data alone (the dict `check --json`
writes), so what it shows is exactly what the JSON holds: clear rates with
their intervals, when and how games ended, what dealt the damage, each card's
figures in a table that sorts, and the settings, card data and rule variants
the figures rest on.  docs/check.md explains every figure.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable, Sequence

from gateruler.bots import SEARCHING
from gateruler.bots.standing import gap_cells
from gateruler.insight import difference_words, percent
from gateruler.pages import esc, page, plots

STYLE = """
.banner { background: #fff4e5; border-left: 4px solid #e69f00; padding: .5rem .8rem; }
th[data-type] { cursor: pointer; user-select: none; }
th[aria-sort="ascending"]::after { content: " \\25B2"; font-size: .7em; }
th[aria-sort="descending"]::after { content: " \\25BC"; font-size: .7em; }
th[data-type]:focus { outline: 2px solid var(--accent); }
table { max-width: 100%; }
#cards, #damage { font-size: .9rem; }
th { white-space: normal; vertical-align: bottom; max-width: 7rem; }
td.text { white-space: normal; min-width: 6rem; }
td .ci { display: block; font-size: .85em; color: var(--muted); }
.pos { color: #00734f; } .neg { color: #b34700; }
.pos .ci, .neg .ci { color: inherit; }
label.filter { display: block; margin: .5rem 0; }
#reproduce { white-space: pre-wrap; overflow-wrap: anywhere; }
@media (max-width: 60rem) {
  body { padding: 1rem .75rem; }
  th, td { padding: .2rem .35rem; }
  th { max-width: 5.5rem; }
  td.text { min-width: 4.5rem; }
  #cards, #damage { font-size: .75rem; }
}
"""

SCRIPT = r"""
"use strict";
function sortKey(cell, numeric) {
  if (!numeric) return cell.textContent.trim().toLowerCase();
  const v = cell.dataset.v;
  return v === undefined || v === "" ? null : Number(v);
}
function sortBy(table, column, th) {
  const heads = Array.from(table.tHead.rows[0].cells);
  const dir = th.getAttribute("aria-sort") === "ascending" ? "descending" : "ascending";
  heads.forEach(h => { if (h.dataset.type) h.setAttribute("aria-sort", "none"); });
  th.setAttribute("aria-sort", dir);
  const numeric = th.dataset.type === "num";
  const sign = dir === "ascending" ? 1 : -1;
  const body = table.tBodies[0];
  const rows = Array.from(body.rows);
  rows.sort((a, b) => {
    const x = sortKey(a.cells[column], numeric), y = sortKey(b.cells[column], numeric);
    if (x === null || y === null) return (x === null) - (y === null);  // no figure: always last
    return x < y ? -sign : x > y ? sign : 0;
  });
  rows.forEach(r => body.appendChild(r));
}
document.querySelectorAll("table.sortable").forEach(table => {
  Array.from(table.tHead.rows[0].cells).forEach((th, column) => {
    if (!th.dataset.type) return;
    th.tabIndex = 0;
    th.setAttribute("aria-sort", "none");
    th.addEventListener("click", () => sortBy(table, column, th));
    th.addEventListener("keydown", e => {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); sortBy(table, column, th); }
    });
  });
});
const filter = document.getElementById("card-level");
if (filter) {
  filter.addEventListener("change", () => {
    document.querySelectorAll("#cards tbody tr").forEach(row => {
      row.hidden = filter.value !== "" && row.dataset.level !== filter.value;
    });
  });
}
"""


def _num(x: float | None, digits: int = 1) -> str:
    return "-" if x is None else f"{x:.{digits}f}"


def _cell(text: str, value: float | int | None = None, cls: str = "") -> str:
    """A table cell; `value` is what the column sorts by (none: sorts last)."""
    extra = "" if value is None else f' data-v="{value!r}"'
    if cls:
        extra += f' class="{cls}"'
    return f"<td{extra}>{esc(text)}</td>"


def _text_cell(text: str) -> str:
    return f'<td class="text">{esc(text)}</td>'


def _head(columns: Iterable[tuple[str, str]]) -> str:
    """Column headings: (title, "num" | "text" | "" for not sortable)."""
    cells = []
    for title, kind in columns:
        extra = f' data-type="{kind}"' if kind else ""
        if kind == "text":
            extra += ' class="text"'
        cells.append(f"<th{extra}>{esc(title)}</th>")
    return f"<thead><tr>{''.join(cells)}</tr></thead>"


def _figure(svg: str, caption: str) -> str:
    return f"<figure>{svg}<figcaption>{esc(caption)}</figcaption></figure>"


def _clear_side(interval: Sequence[float] | None) -> str:
    """The colour of a difference: by its 95% interval, not its sign, since an interval across zero says neither.

    "pos" when the whole interval is above zero, "neg" when below, "" when it
    holds zero (or there is no figure)."""
    if interval is None:
        return ""
    low, high = interval
    return "pos" if low > 0 else "neg" if high < 0 else ""


def _difference_cell(x: float | None, interval: Sequence[float] | None) -> str:
    """A difference and, under it, its interval; coloured only when the interval excludes zero."""
    words = difference_words(x, interval)
    value, _, rest = words.partition(" ")
    extra = "" if x is None else f' data-v="{x!r}"'
    side = _clear_side(interval if x is not None else None)
    extra += f' class="{side}"' if side else ""
    return f"<td{extra}>{esc(value)}" + (f'<span class="ci">{esc(rest)}</span>' if rest else "") + "</td>"


# ---------------------------------------------------------------------- sections


def _summary_table(levels: list[dict]) -> str:
    columns = [("level", "text"), ("games", "num"), ("clear", "num"), ("95% interval", ""), ("turns to clear", "num")]
    columns += [
        (plots.OUTCOME_LABELS[o], "num")
        for o in ("lost_damage", "lost_deck_out", "draw_turn_cap", "draw_other", "error")
    ]
    rows = []
    for lv in levels:
        low, high = lv["wilson95"]
        mark = " *" if lv.get("provisional") else ""
        games = f"{lv['games']}" + ("" if lv["complete"] else " (partial)")
        cells = [_text_cell(plots.level_label(lv) + mark), _cell(games, lv["games"])]
        if lv["games"]:
            cells += [_cell(percent(lv["clear_rate"]), lv["clear_rate"]), _cell(f"{100 * low:.1f}-{100 * high:.1f}%")]
        else:
            cells += [_cell("-"), _cell("-")]
        cells.append(_cell(_num(lv["mean_clear_turns"]), lv["mean_clear_turns"]))
        cells += [
            _cell(str(lv[o]), lv[o]) for o in ("lost_damage", "lost_deck_out", "draw_turn_cap", "draw_other", "error")
        ]
        rows.append(f"<tr>{''.join(cells)}</tr>")
    return f'<table id="summary" class="sortable">{_head(columns)}<tbody>{"".join(rows)}</tbody></table>'


def _endings_table(levels: list[dict]) -> str:
    columns = [("level", "text")] + [
        (f"{plots.OUTCOME_LABELS[o]}: games, mean turn", "")
        for o in ("cleared", "lost_damage", "lost_deck_out", "draw_turn_cap")
    ]
    rows = []
    for lv in levels:
        cells = [_text_cell(plots.level_label(lv))]
        for outcome in ("cleared", "lost_damage", "lost_deck_out", "draw_turn_cap"):
            mean = lv.get("mean_end_turns", {}).get(outcome)
            cells.append(_cell(f"{lv[outcome]}" + ("" if mean is None else f", turn {mean:.1f}")))
        rows.append(f"<tr>{''.join(cells)}</tr>")
    return f'<table id="endings">{_head(columns)}<tbody>{"".join(rows)}</tbody></table>'


def _damage_table(levels: list[dict]) -> str:
    columns = [
        ("level", "text"),
        ("source", "text"),
        ("damage per game", "num"),
        ("battle", "num"),
        ("effect", "num"),
        ("games it ended", "num"),
    ]
    rows = []
    for lv in levels:
        for source in lv.get("damage_taken", []):
            name = source["name"] + ("" if source["side"] == "rift" else " (yours)")
            rows.append(
                "<tr>"
                + _text_cell(plots.level_label(lv))
                + _text_cell(name)
                + _cell(f"{source['per_game']:.2f}", source["per_game"])
                + _cell(str(source["battle"]), source["battle"])
                + _cell(str(source["effect"]), source["effect"])
                + _cell(str(source["final_blows"]), source["final_blows"])
                + "</tr>"
            )
    return f'<table id="damage" class="sortable">{_head(columns)}<tbody>{"".join(rows)}</tbody></table>'


CARD_COLUMNS = [
    ("level", "text"),
    ("card", "text"),
    ("copies", "num"),
    ("seen", "num"),
    ("clear if seen", "num"),
    ("clear if not", "num"),
    ("difference (95%)", "num"),
    ("clear if in opening hand", "num"),
    ("opening-hand difference (95%)", "num"),
    ("played if seen", "num"),
    ("first seen (turn)", "num"),
]


def _cards_table(levels: list[dict]) -> str:
    rows = []
    for index, lv in enumerate(levels):
        games = lv.get("games_read") or 0
        for c in lv.get("cards", []):
            seen = c["seen"] / games if games else None
            interval, opening = c["difference95"], c["opening_hand_difference95"]
            rows.append(
                f'<tr data-level="{index}">'
                + _text_cell(plots.level_label(lv))
                + f'<td class="text" title="{esc(c["card"])}">{esc(c["name"])}</td>'
                + _cell(str(c["copies"]), c["copies"])
                + _cell(percent(seen), seen)
                + _cell(percent(c["clear_rate_seen"]), c["clear_rate_seen"])
                + _cell(percent(c["clear_rate_not_seen"]), c["clear_rate_not_seen"])
                + _difference_cell(c["difference"], interval)
                + _cell(percent(c["clear_rate_opening_hand"]), c["clear_rate_opening_hand"])
                + _difference_cell(c["opening_hand_difference"], opening)
                + _cell(percent(c["played_when_seen"]), c["played_when_seen"])
                + _cell(_num(c["mean_first_seen_turn"]), c["mean_first_seen_turn"])
                + "</tr>"
            )
    options = '<option value="">every level</option>' + "".join(
        f'<option value="{i}">{esc(plots.level_label(lv))}</option>' for i, lv in enumerate(levels)
    )
    select = f'<label class="filter">Show <select id="card-level">{options}</select></label>' if len(levels) > 1 else ""
    table = f'<table id="cards" class="sortable">{_head(CARD_COLUMNS)}<tbody>{"".join(rows)}</tbody></table>'
    return select + table


def variants_in_force(data: dict) -> list[tuple[str, str]]:
    """The rule variants a result was played under, as (name, value); none means the default rules.

    Accepts a list of {"name", "value"} objects or of [name, value] pairs, or
    a {name: value} object, so that the report need not change with the
    form the variants take."""
    raw = data.get("settings", {}).get("variants") or []
    if isinstance(raw, dict):
        return [(str(k), str(v)) for k, v in raw.items()]
    out = []
    for item in raw:
        if isinstance(item, dict):
            out.append((str(item.get("name", "")), str(item.get("value", ""))))
        elif isinstance(item, (list, tuple)) and len(item) == 2:
            out.append((str(item[0]), str(item[1])))
        else:
            out.append((str(item), ""))
    return out


def reproduce_command(data: dict) -> str:
    """The command line that plays the same games again."""
    s = data["settings"]
    parts = ["gateruler", "check", s["deck"]["file"] or s["deck"]["name"]]
    numbers = [ref for ref in s["levels"] if isinstance(ref, int)]
    files = [ref for ref in s["levels"] if isinstance(ref, str)]
    if files:
        parts += ["--level-file", files[0]]
    else:
        parts += ["--levels", ",".join(str(n) for n in numbers)]
    parts += ["--games", str(s["games"]), "--bot", s["bot"], "--seed", str(s["seed"])]
    if s.get("budget") is not None and s["bot"] in SEARCHING:
        parts += ["--budget", str(s["budget"])]
    if s.get("precision") is not None:
        parts += ["--precision", str(s["precision"])]
    parts += ["--max-turns", str(s["max_turns"])]
    if s.get("ceiling_budget") is not None:
        parts += ["--ceiling", "--ceiling-budget", str(s["ceiling_budget"])]
    parts += [f"--variant={name}={value}" for name, value in variants_in_force(data)]
    return shlex.join(parts)


def _weights_words(settings: dict) -> str:
    """The weights file a weighted bot read, as the header says it: ' (tuned.yaml v1)'."""
    weights = settings.get("bot_weights")
    return f" ({weights['file']} v{weights['version']})" if weights else ""


def _standing_rows(settings: dict) -> list[tuple[str, str]]:
    """The bot's version and its measured gap to the search bot (results written since issue 24)."""
    info = settings.get("bot_info")
    if not info:
        return []
    gap = info["gap"]
    if gap is None and info.get("gap_status") == "stale":
        words = (
            "stale, not shown: the games it was measured on play differently now; "
            "the clear rates are a lower bound on the deck's"
        )
    elif gap is None:
        words = "none measured for this version: the clear rates are a lower bound on the deck's"
    else:
        words = (
            f"{info['name']} minus {gap['reference']}, points by level: "
            f"{gap_cells(gap['sample_decks'], gap['held_out'])} "
            f"({gap['measured']}); the clear rates are a lower bound on the deck's"
        )
        if info.get("gap_caveat"):
            words += f"; {info['gap_caveat']}"
    return [("bot version", info["version"]), ("gap to search", words)]


def _settings(data: dict) -> str:
    s = data["settings"]
    deck = s["deck"]
    items = [
        ("deck", f"{deck['name']} ({deck['ruler']})"),
        ("deck file", deck["file"] or "-"),
        ("cards", ", ".join(f"{count} {card}" for card, count in deck["cards"])),
        ("levels", ", ".join(str(ref) for ref in s["levels"])),
        (
            "bot",
            s["bot"]
            + (f" (budget {s['budget']})" if s.get("budget") is not None and s["bot"] in SEARCHING else "")
            + _weights_words(s),
        ),
        *_standing_rows(s),
        ("seed", str(s["seed"])),
        (
            "games per level",
            str(s["games"])
            + ("" if s.get("precision") is None else f", stopping once the interval is narrower than {s['precision']}"),
        ),
        ("turn cap", str(s["max_turns"])),
        ("workers, chunk", f"{s['workers']}, {s['chunk']} (the figures are the same for any number of workers)"),
        ("game seeds", s["seeds"]),
        ("gateruler", data["gateruler_version"]),
        ("card data", f"hash {data['card_data_hash']} of the whole card pool"),
    ]
    for lv in data["levels"]:
        prov = lv.get("provisional_cards", {})
        note = ""
        if prov.get("deck") or prov.get("level"):
            note = f"; provisional cards: {len(prov.get('deck', []))} of the deck's ({', '.join(prov.get('deck', []))}), {len(prov.get('level', []))} of the level's ({', '.join(prov.get('level', []))})"
        where = f", level file {lv['level_file']}" if lv.get("level_file") else ""
        items.append((f"level {plots.level_label(lv)}", f"data hash {lv['data_hash']}{where}{note}"))
    rows = "".join(f"<dt>{esc(k)}</dt><dd>{esc(v)}</dd>" for k, v in items)
    return f'<dl class="settings" id="settings">{rows}</dl><p>To play the same games again:</p><pre id="reproduce">{esc(reproduce_command(data))}</pre>'


def _variants(data: dict) -> str:
    variants = variants_in_force(data)
    if not variants:
        return '<p id="variants">defaults: the solo-mode rules as docs/rulings.md reads them, no variant.</p>'
    items = "".join(f"<li><code>{esc(name)}</code> = <code>{esc(value)}</code></li>" for name, value in variants)
    return f'<ul id="variants">{items}</ul>'


def _sensitivity(levels: list[dict]) -> str:
    """With `check --sensitivity`: per level, each other reading's clear rate and its paired change (docs/variants.md)."""
    rows = []
    for lv in levels:
        found = lv.get("sensitivity")
        if not found:
            continue
        label = plots.level_label(lv)
        rate = lv["clear_rate"]
        rows.append(
            "<tr>"
            + _text_cell(label)
            + _text_cell("in force")
            + _cell(f"{100 * rate:.1f}%", rate)
            + "<td></td><td></td></tr>"
        )
        for row in found["variants"]:
            low, high = row["difference95"]
            rows.append(
                "<tr>"
                + _text_cell(label)
                + _text_cell(f"{row['name']}={row['value']}")
                + _cell(f"{100 * row['clear_rate']:.1f}%", row["clear_rate"])
                + _cell(f"{100 * row['difference']:+.1f}", row["difference"])
                + _cell(f"{100 * low:+.1f} to {100 * high:+.1f}", low)
                + "</tr>"
            )
        span_low, span_high = found["span"]
        span = _cell(f"{100 * span_low:.1f}%-{100 * span_high:.1f}%", span_low)
        rows.append(
            "<tr>" + _text_cell(label) + _text_cell("span of the open rulings") + span + "<td></td><td></td></tr>"
        )
    if not rows:
        return ""
    head = _head(
        (("level", "text"), ("reading", "text"), ("clear", "num"), ("change (points)", "num"), ("95% interval", "num"))
    )
    return (
        '<h2 id="sensitivity-section">Sensitivity to the open rulings</h2>'
        "<p>The same games under each other reading of each rule variant, one at a time: its clear rate, its change against the "
        "readings in force on those games (paired by seed) and Newcombe's paired 95% interval.</p>"
        f'<table id="sensitivity" class="sortable">{head}<tbody>{"".join(rows)}</tbody></table>'
    )


def _ceiling(levels: list[dict], settings: dict) -> str:
    """With `check --ceiling`: per level, the bot's clear rate beside the solver's ceiling, and its verdicts."""
    shown = [lv for lv in levels if lv.get("ceiling")]
    if not shown:
        return ""
    head = _head(
        (
            ("level", "text"),
            ("clear", "num"),
            ("ceiling", "num"),
            ("95% interval", ""),
            ("winnable", "num"),
            ("unwinnable", "num"),
            ("unknown", "num"),
        )
    )
    rows = []
    for lv in shown:
        top = lv["ceiling"]
        low, high = top["wilson95"]
        cells = [
            _text_cell(plots.level_label(lv)),
            _cell(percent(lv["clear_rate"]), lv["clear_rate"]),
            _cell(percent(top["ceiling"]), top["ceiling"]),
            _cell(f"{100 * low:.1f}-{100 * high:.1f}%"),
            *(_cell(str(top[k]), top[k]) for k in ("winnable", "unwinnable")),
            _cell(str(top["unknown"] + top["error"]), top["unknown"] + top["error"]),
        ]
        rows.append(f"<tr>{''.join(cells)}</tr>")
    budget = settings.get("ceiling_budget") or 0
    return (
        '<h2 id="ceiling-section">Ceiling: what no play can beat</h2>'
        + _figure(
            plots.clear_and_ceiling(levels),
            "The bot's clear rate bounds the deck from below; the ceiling, the share of the same games a search that knows "
            f"both deck orders did not prove lost (up to {budget:,} positions a game, rollouts by "
            f"{settings.get('ceiling_rollouts')}), bounds every player from above. Unsettled games count on the ceiling's side.",
        )
        + f'<table id="ceiling" class="sortable">{head}<tbody>{"".join(rows)}</tbody></table>'
    )


def banners(interrupted: bool, provisional: bool) -> list[str]:
    """The notes at the top of a page: the games were cut short; the figures rest on provisional card data."""
    notes = []
    if interrupted:
        notes.append('<p class="banner">The check was interrupted: these are the games finished before it stopped.</p>')
    if provisional:
        notes.append(
            '<p class="banner">* These figures rest on provisional card data: numbers that are ours, not the real cards\' '
            "(the settings below name the cards).</p>"
        )
    return notes


def report_html(data: dict) -> str:
    """The whole report page for a check's JSON data."""
    levels = data["levels"]
    s = data["settings"]
    deck = s["deck"]
    title = f"{deck['name']} against the rift"
    lede = (
        f"{deck['name']} ({deck['ruler']}), bot {s['bot']}, seed {s['seed']}, up to {s['games']} games per level; "
        f"gateruler {data['gateruler_version']}."
    )
    notes = banners(bool(data.get("interrupted")), any(lv.get("provisional") for lv in levels))
    errors = [
        f"level {plots.level_label(lv)} game {e['game']}: {e['message']}" for lv in levels for e in lv.get("errors", [])
    ]
    if errors:
        notes.append('<p class="banner">Games broken off by an error: ' + esc("; ".join(errors)) + "</p>")
    body = [
        f"<h1>{esc(title)}</h1>",
        f'<p class="lede">{esc(lede)}</p>',
        *notes,
        '<h2 id="clear-rates">Clear rate per level</h2>',
        _figure(
            plots.clear_rates(levels),
            "The share of games cleared; the black bar is the Wilson 95% interval: where the true rate lies, given this many games.",
        ),
        _summary_table(levels),
        '<h2 id="turns">When games ended</h2>',
        _figure(
            plots.endings_by_turn(levels),
            "Games by the number of your turns played when they ended (a game lost in the rift's turn counts the turns you had), "
            "stacked by how they ended: the green bars are the turns to clear.",
        ),
        _endings_table(levels),
        '<h2 id="losses">How games were lost</h2>',
        _figure(plots.loss_causes(levels), "Every game of a level, by how it ended."),
        '<h2 id="damage-sources">What dealt you damage</h2>',
        _figure(
            plots.damage_sources(levels),
            "Cards put into your damage zone per game, by the card (or the rift itself) that dealt them, in battle or by an effect; "
            "'ended' counts the games lost to damage whose last point it dealt.",
        ),
        _damage_table(levels),
        '<h2 id="cards-section">Your cards</h2>',
        _figure(
            plots.card_differences(levels),
            "For each card: the clear rate in games where it was seen minus in games where it was not (light), and the same for "
            "games where it was in the opening hand (dark), with 95% intervals. Long games see more cards, so the light points lean "
            "right whatever a card does; the opening hand is dealt at random, so the dark points are the fair comparison.",
        ),
        "<p>Click a column's heading to sort by it, again to reverse.</p>",
        _cards_table(levels),
        '<h2 id="settings-section">Settings and card data</h2>',
        _settings(data),
        '<h2 id="variants-section">Rule variants</h2>',
        _variants(data),
        _sensitivity(levels),
        _ceiling(levels, s),
        '<p class="muted">docs/check.md in gateruler explains every figure on this page.</p>',
    ]
    return page(title, "\n".join(body), style=STYLE, script=SCRIPT)
