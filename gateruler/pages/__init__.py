"""Self-contained HTML pages: a check's report and a replay viewer, one file each, for a browser.

A page must open anywhere, offline, years later: everything it shows is in
the one file (styles, scripts, plots as inline SVG, data as JSON), and its
Content-Security-Policy forbids the browser to fetch anything at all, so a
page that tried would fail its browser test rather than quietly depend on a
network.  Text from files (card names, deck names, paths) is escaped.
"""

from __future__ import annotations

import html
import json
from pathlib import Path

from gateruler.fileio import Output, write_output

# Nothing may be loaded from anywhere: inline styles and scripts only, images only as data.
CSP = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"

BASE_STYLE = """
:root { --ink: #1b1b1b; --muted: #5f5f5f; --line: #d8d8d8; --band: #f4f4f1; --accent: #0072b2; }
* { box-sizing: border-box; }
body { margin: 0 auto; padding: 1.5rem; max-width: 78rem; color: var(--ink); background: #fff;
       font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
h2 { font-size: 1.2rem; margin: 2rem 0 .5rem; border-bottom: 1px solid var(--line); padding-bottom: .2rem; }
p.lede, .muted { color: var(--muted); }
table { border-collapse: collapse; margin: .5rem 0; }
th, td { padding: .25rem .6rem; border-bottom: 1px solid var(--line); text-align: right; white-space: nowrap; }
th:first-child, td:first-child, td.text, th.text { text-align: left; }
thead th { background: var(--band); position: sticky; top: 0; }
code, pre { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: .85rem; }
figure { margin: .5rem 0 1rem; }
figure svg { max-width: 100%; height: auto; }
figcaption { color: var(--muted); font-size: .9rem; max-width: 60rem; }
dl.settings { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
dl.settings dt { color: var(--muted); }
dl.settings dd { margin: 0; overflow-wrap: anywhere; }
"""


def esc(value: object) -> str:
    """Any value as HTML text."""
    return html.escape(str(value), quote=True)


def script_json(data: object) -> str:
    """JSON that is safe inside a <script type="application/json"> element whatever strings it holds."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


def page(title: str, body: str, *, style: str = "", script: str = "") -> str:
    """A whole HTML document: the base style and `style`, `body`, then `script`."""
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<link rel="icon" href="data:,">\n'
        f"<title>{esc(title)}</title>\n"
        f"<style>{BASE_STYLE}{style}</style>\n"
        f"</head>\n<body>\n{body}\n" + (f"<script>\n{script}\n</script>\n" if script else "") + "</body>\n</html>\n"
    )


def write_page(path: str | Path | Output, text: str) -> None:
    """Write a page atomically (gateruler.fileio); a path that cannot be written is one line naming it."""
    write_output(path, text)
