"""The report's plots, drawn by matplotlib as SVG text to inline in the page.

Why matplotlib and SVG: the page must open offline with nothing fetched, so a
plot is either inline SVG or a charting script inlined whole.  Matplotlib's
SVG for these small figures is tens of kilobytes in all and needs no script;
plotly would inline about 3.5 MB of JavaScript to draw the same bars.  Text
stays text (svg.fonttype "none"): smaller, searchable, and the browser draws
it in its own sans-serif.  A fixed hash salt and no date make the same data
give the same file.

Every function takes the levels of a check's JSON (`check --json`'s
"levels") and returns one <svg> element; `svg_id` names it in the page and
prefixes its internal ids, so several plots can share one document.
"""

from __future__ import annotations

import html
import io
import math
import re
import unicodedata
from collections.abc import Sequence

OUTCOME_COLOURS = {  # Okabe-Ito: told apart by colour-blind readers too
    "cleared": "#009E73",
    "lost_damage": "#D55E00",
    "lost_deck_out": "#E69F00",
    "draw_turn_cap": "#999999",
    "draw_other": "#CCCCCC",
    "error": "#000000",
}
OUTCOME_LABELS = {
    "cleared": "cleared",
    "lost_damage": "lost to damage",
    "lost_deck_out": "lost by deck-out",
    "draw_turn_cap": "drawn at the turn cap",
    "draw_other": "drawn otherwise",
    "error": "error",
}
SEEN_COLOUR = "#56B4E9"
OPENING_COLOUR = "#0072B2"
BATTLE_COLOUR = "#D55E00"
EFFECT_COLOUR = "#CC79A7"
WIDTH = 9.0  # inches: about the page's text width at 100 dpi
MAX_SOURCES = 8  # damage sources drawn per level; the table has them all


def level_label(level: dict) -> str:
    if level.get("level_file"):
        return f"{level['name']} (file)"
    return f"{level['level']} {level['name']}"


def _figure(height: float):  # noqa: ANN202 - a matplotlib Figure, imported lazily
    from matplotlib.figure import Figure

    return Figure(figsize=(WIDTH, height), dpi=100, layout="constrained")


def _grid(figure, count: int, columns: int = 3, sharex: bool = False):  # noqa: ANN001, ANN202
    """`count` axes in rows of `columns`; the spare ones hidden.  `sharex`: one scale for all, to compare levels."""
    columns = max(1, min(columns, count))
    rows = math.ceil(count / columns)
    axes = figure.subplots(rows, columns, squeeze=False, sharex="all" if sharex else "none")
    flat = [ax for row in axes for ax in row]
    for ax in flat[count:]:
        ax.set_visible(False)
    return flat[:count]


# Fonts the browser may draw Japanese and Chinese card names with, before its own sans-serif: the page's
# text is SVG text, so a reader's installed fonts draw it (nothing is outlined from ours, which have no CJK).
CJK_FONTS = (
    "'Noto Sans CJK JP', 'Noto Sans JP', 'Hiragino Sans', 'Hiragino Kaku Gothic ProN', 'Yu Gothic', 'Meiryo', "
    "'Source Han Sans JP', 'Noto Sans CJK SC', 'PingFang SC', 'Microsoft YaHei', 'Droid Sans Fallback'"
)


class Names:
    """Text from the data (card and level names) that the plot's own font cannot draw, such as Japanese names.

    Matplotlib lays text out with its font (DejaVu Sans) and warns of every
    glyph missing from it; a Japanese name would also be measured too short
    and its label cut.  So such a text goes into the figure as a stand-in of
    the same width (a wide character as an em space, any other missing one as
    an en space), its artist tagged with an id, and `restore` writes the real
    text back into the SVG, where the browser draws it with a font it has
    (CJK_FONTS)."""

    def __init__(self) -> None:
        self.real: list[str] = []

    def put(self, text: str) -> tuple[str, str | None]:
        """The text to lay out, and the id its artist takes (None: the plot's font draws it as it is)."""
        font = _plot_font()
        if all(font.get_char_index(ord(c)) for c in text if not c.isspace()):
            return text, None
        self.real.append(text)
        return "".join(_stand_in(c, font) for c in text), f"names-{len(self.real) - 1}"

    def yticks(self, ax, ys: Sequence[float], labels: Sequence[str]) -> None:  # noqa: ANN001 - matplotlib Axes
        """`ax.set_yticks(ys, labels)`, with the labels the plot's font cannot draw stood in for."""
        shown = [self.put(label) for label in labels]
        ax.set_yticks(ys, [text for text, _ in shown])
        for tick, (_, gid) in zip(ax.yaxis.get_major_ticks(), shown):
            if gid is not None:
                tick.label1.set_gid(gid)

    def title(self, ax, text: str, **options: object) -> None:  # noqa: ANN001 - matplotlib Axes
        """`ax.set_title(text)`, stood in for if it must be."""
        shown, gid = self.put(text)
        artist = ax.set_title(shown, **options)
        if gid is not None:
            artist.set_gid(gid)

    def restore(self, svg: str, svg_id: str) -> str:
        """The SVG with every stand-in replaced by its real text (escaped)."""

        def real(match: re.Match[str]) -> str:
            text = self.real[int(match.group(2))]
            return match.group(1) + html.escape(text, quote=False) + match.group(3)

        return re.sub(rf'(<g id="{svg_id}-names-(\d+)">\s*<text[^>]*>)[^<]*(</text>)', real, svg)


def _plot_font():  # noqa: ANN202 - matplotlib's FT2Font of the plots' text
    from matplotlib.font_manager import FontProperties, findfont, get_font

    return get_font(findfont(FontProperties(family=["sans-serif"])))


def _stand_in(char: str, font) -> str:  # noqa: ANN001
    if char.isspace() or font.get_char_index(ord(char)):
        return char
    return "\u2003" if unicodedata.east_asian_width(char) in ("W", "F") else "\u2002"


def to_svg(figure, svg_id: str, label: str, names: Names | None = None) -> str:  # noqa: ANN001
    """The figure as an inline <svg> with its ids prefixed by `svg_id`, an accessible label, and its text in a
    font stack that reaches Japanese and Chinese fonts (with `names`' real texts back in place)."""
    import matplotlib

    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "gateruler"}):
        figure.savefig(buffer, format="svg", metadata={"Date": None})
    text = buffer.getvalue()
    text = text[text.index("<svg") :]
    text = re.sub(r'\bid="', f'id="{svg_id}-', text)
    text = text.replace("url(#", f"url(#{svg_id}-").replace('xlink:href="#', f'xlink:href="#{svg_id}-')
    text = re.sub(r"(font-family: [^;\"]*?)sans-serif", rf"\1{CJK_FONTS}, sans-serif", text)
    if names is not None:
        text = names.restore(text, svg_id)
    label = label.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")
    return text.replace("<svg", f'<svg id="{svg_id}" class="plot" role="img" aria-label="{label}"', 1)


def _short(name: str, most: int = 30) -> str:
    """A name short enough for an axis label (the tables have it whole)."""
    return name if len(name) <= most else name[: most - 1] + "…"


def _style(ax) -> None:  # noqa: ANN001
    ax.spines[["top", "right"]].set_visible(False)
    ax.tick_params(labelsize=8)


# ---------------------------------------------------------------------- the plots


def clear_rates(levels: Sequence[dict]) -> str:
    """Clear rate per level with its Wilson 95% interval as a bar."""
    figure = _figure(0.5 + 0.45 * len(levels))
    names = Names()
    ax = figure.subplots()
    labels = [level_label(lv) for lv in levels]
    ys = list(range(len(levels)))[::-1]
    rates = [100 * lv["clear_rate"] for lv in levels]
    lows = [100 * (lv["clear_rate"] - lv["wilson95"][0]) for lv in levels]
    highs = [100 * (lv["wilson95"][1] - lv["clear_rate"]) for lv in levels]
    ax.barh(ys, rates, color=OUTCOME_COLOURS["cleared"], alpha=0.85, height=0.6)
    ax.errorbar(rates, ys, xerr=[lows, highs], fmt="none", ecolor="#1b1b1b", elinewidth=1.2, capsize=4)
    for y, lv in zip(ys, levels):
        low, high = lv["wilson95"]
        partial = "" if lv["complete"] else ", partial"
        ax.text(
            101,
            y,
            f"{100 * lv['clear_rate']:.1f}%  [{100 * low:.1f}-{100 * high:.1f}]  of {lv['games']}{partial}",
            va="center",
            fontsize=8,
        )
    names.yticks(ax, ys, labels)
    ax.set_xlim(0, 135)
    ax.set_xticks(range(0, 101, 20), [f"{x}%" for x in range(0, 101, 20)])
    ax.set_xlabel("clear rate, with its 95% interval", fontsize=9)
    _style(ax)
    return to_svg(figure, "plot-clear-rates", "Clear rate per level with 95% intervals", names)


CEILING_COLOUR = "#0072B2"
UNSETTLED_COLOUR = "#CCCCCC"


def clear_and_ceiling(levels: Sequence[dict]) -> str:
    """Per level (those with a ceiling): the bot's clear rate and the solver's ceiling side by side, each with its
    Wilson 95% interval; the truth lies between them.  The ceiling's bar is split into the proven winnable share
    and the unsettled one, which the ceiling counts but no search has decided."""
    shown = [lv for lv in levels if lv.get("ceiling")]
    figure = _figure(0.6 + 0.8 * len(shown))
    names = Names()
    ax = figure.subplots()
    ys = [2 * i for i in range(len(shown))][::-1]
    for y, lv in zip(ys, shown):
        top = lv["ceiling"]
        bars = (
            (y + 0.4, lv["clear_rate"], lv["wilson95"], OUTCOME_COLOURS["cleared"], "clear"),
            (y - 0.4, top["ceiling"], top["wilson95"], CEILING_COLOUR, "ceiling"),
        )
        for at, rate, (low, high), colour, word in bars:
            ax.barh([at], [100 * rate], color=colour, alpha=0.85, height=0.7)
            ax.errorbar(
                [100 * rate],
                [at],
                xerr=[[100 * (rate - low)], [100 * (high - rate)]],
                fmt="none",
                ecolor="#1b1b1b",
                elinewidth=1.2,
                capsize=3,
            )
            ax.text(101, at, f"{word} {100 * rate:.1f}%  [{100 * low:.1f}-{100 * high:.1f}]", va="center", fontsize=8)
        unsettled = 100 * top["unknown_share"]
        if unsettled:
            ax.barh([y - 0.4], [unsettled], left=[100 * top["ceiling"] - unsettled], color=UNSETTLED_COLOUR, height=0.7)
    names.yticks(ax, ys, [level_label(lv) for lv in shown])
    ax.set_xlim(0, 140)
    ax.set_xticks(range(0, 101, 20), [f"{x}%" for x in range(0, 101, 20)])
    ax.set_xlabel(
        "the bot's clear rate (green) and no play's more (blue; grey: unsettled), with 95% intervals", fontsize=9
    )
    _style(ax)
    return to_svg(figure, "plot-ceiling", "Clear rate and ceiling per level with 95% intervals", names)


def endings_by_turn(levels: Sequence[dict]) -> str:
    """Per level: the games that ended on each of your turns, stacked by how they ended."""
    figure = _figure(2.4 * math.ceil(len(levels) / 3) + 0.5)
    names = Names()
    axes = _grid(figure, len(levels))
    shown = ("cleared", "lost_damage", "lost_deck_out", "draw_other")
    for ax, lv in zip(axes, levels):
        ends = lv.get("end_turns", {})
        turns = sorted({t for outcome in shown for t, _ in ends.get(outcome, [])})
        bottom = {t: 0 for t in turns}
        for outcome in shown:
            counts = dict(ends.get(outcome, []))
            if not counts:
                continue
            heights = [counts.get(t, 0) for t in turns]
            ax.bar(
                turns,
                heights,
                bottom=[bottom[t] for t in turns],
                color=OUTCOME_COLOURS[outcome],
                label=OUTCOME_LABELS[outcome],
                width=0.8,
            )
            for t, h in zip(turns, heights):
                bottom[t] += h
        capped = lv.get("draw_turn_cap", 0)
        title = level_label(lv) + (f"\n(+{capped} at the turn cap)" if capped else "")
        names.title(ax, title, fontsize=9)
        ax.set_xlabel("your turns played", fontsize=8)
        if turns:
            step = max(1, math.ceil((turns[-1] - turns[0] + 1) / 10))
            ax.set_xticks(range(turns[0], turns[-1] + 1, step))
        _style(ax)
    axes[0].set_ylabel("games", fontsize=8)
    from matplotlib.patches import Patch

    handles = [Patch(color=OUTCOME_COLOURS[o], label=OUTCOME_LABELS[o]) for o in shown]
    figure.legend(handles=handles, loc="outside lower center", ncols=len(shown), fontsize=8, frameon=False)
    return to_svg(figure, "plot-endings", "Games ended on each turn, per level, by how they ended", names)


def loss_causes(levels: Sequence[dict]) -> str:
    """Per level: the share of games by how they ended."""
    from matplotlib.patches import Patch

    figure = _figure(0.8 + 0.45 * len(levels))
    names = Names()
    ax = figure.subplots()
    ys = list(range(len(levels)))[::-1]
    outcomes = tuple(OUTCOME_COLOURS)
    for y, lv in zip(ys, levels):
        left = 0.0
        games = lv["games"] or 1
        for outcome in outcomes:
            n = lv.get(outcome, 0)
            if not n:
                continue
            width = 100 * n / games
            ax.barh(y, width, left=left, color=OUTCOME_COLOURS[outcome], height=0.6)
            if width >= 6:
                ink = "white" if outcome in ("cleared", "lost_damage", "error") else "#1b1b1b"
                ax.text(left + width / 2, y, str(n), ha="center", va="center", fontsize=8, color=ink)
            left += width
    names.yticks(ax, ys, [level_label(lv) for lv in levels])
    ax.set_xlim(0, 100)
    ax.set_xticks(range(0, 101, 20), [f"{x}%" for x in range(0, 101, 20)])
    ax.set_xlabel("share of games (the numbers are games)", fontsize=9)
    handles = [Patch(color=OUTCOME_COLOURS[o], label=OUTCOME_LABELS[o]) for o in outcomes]
    figure.legend(handles=handles, loc="outside lower center", ncols=len(outcomes), fontsize=8, frameon=False)
    _style(ax)
    return to_svg(figure, "plot-loss-causes", "How the games of each level ended", names)


def damage_sources(levels: Sequence[dict]) -> str:
    """Per level: the damage each source put into your damage zone per game, battle and effect."""
    figure = _figure(2.6 * math.ceil(len(levels) / 2) + 0.5)
    names = Names()
    axes = _grid(figure, len(levels), columns=2, sharex=True)
    for ax, lv in zip(axes, levels):
        ax.xaxis.set_tick_params(labelbottom=True)
        sources = lv.get("damage_taken", [])[:MAX_SOURCES]
        games = lv.get("games_read") or 1
        ys = list(range(len(sources)))[::-1]
        battle = [s["battle"] / games for s in sources]
        effect = [s["effect"] / games for s in sources]
        ax.barh(ys, battle, color=BATTLE_COLOUR, height=0.6, label="battle")
        ax.barh(ys, effect, left=battle, color=EFFECT_COLOUR, height=0.6, label="effect")
        for y, s, b, e in zip(ys, sources, battle, effect):
            if s["final_blows"]:
                ax.text(b + e, y, f"  ended {s['final_blows']}", va="center", fontsize=7)
        labels = [s["name"] + ("" if s["side"] == "rift" else " (yours)") for s in sources]
        names.yticks(ax, ys, [_short(n) for n in labels])
        names.title(ax, level_label(lv), fontsize=9)
        ax.set_xlabel("damage per game", fontsize=8)
        ax.margins(x=0.25)
        _style(ax)
    from matplotlib.patches import Patch

    handles = [Patch(color=BATTLE_COLOUR, label="battle damage"), Patch(color=EFFECT_COLOUR, label="effect damage")]
    figure.legend(handles=handles, loc="outside lower center", ncols=2, fontsize=8, frameon=False)
    return to_svg(figure, "plot-damage", "Damage to you per game by source, per level", names)


def card_differences(levels: Sequence[dict]) -> str:
    """Per level and card: the clear-rate difference when seen and when in the opening hand, with intervals."""
    cards_per_level = max((len(lv.get("cards", [])) for lv in levels), default=1)
    rows = math.ceil(len(levels) / 2)
    figure = _figure(rows * (0.8 + 0.28 * cards_per_level) + 0.5)
    names = Names()
    axes = _grid(figure, len(levels), columns=2, sharex=True)
    for index, (ax, lv) in enumerate(zip(axes, levels)):
        ax.xaxis.set_tick_params(labelbottom=True)
        cards = lv.get("cards", [])
        ys = list(range(len(cards)))[::-1]
        for offset, key, colour, label in (
            (0.17, "difference", SEEN_COLOUR, "seen at all"),
            (-0.17, "opening_hand_difference", OPENING_COLOUR, "in the opening hand"),
        ):
            points = [(y + offset, c[key], c[key + "95"]) for y, c in zip(ys, cards) if c[key] is not None]
            if not points:
                continue
            yy = [p[0] for p in points]
            xx = [100 * p[1] for p in points]
            err = [[100 * (p[1] - p[2][0]) for p in points], [100 * (p[2][1] - p[1]) for p in points]]
            ax.errorbar(xx, yy, xerr=err, fmt="o", color=colour, markersize=4, elinewidth=1, capsize=2, label=label)
        ax.axvline(0, color="#1b1b1b", linewidth=0.8)
        names.yticks(ax, ys, [_short(c["name"]) for c in cards] if index % 2 == 0 else [""] * len(cards))
        ax.set_ylim(-0.6, len(cards) - 0.4)
        names.title(ax, level_label(lv), fontsize=9)
        ax.set_xlabel("clear rate with it minus without, points", fontsize=8)
        _style(ax)
    from matplotlib.lines import Line2D

    handles = [
        Line2D([], [], marker="o", color=SEEN_COLOUR, linestyle="", label="seen at all (biased towards long games)"),
        Line2D([], [], marker="o", color=OPENING_COLOUR, linestyle="", label="in the opening hand (dealt at random)"),
    ]
    figure.legend(handles=handles, loc="outside lower center", ncols=2, fontsize=8, frameon=False)
    return to_svg(figure, "plot-cards", "Clear-rate difference by card, per level, with 95% intervals", names)
