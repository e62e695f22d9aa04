"""Run every `$ gateruler ...` line of a page's console blocks again and write what it prints now.

Pages such as docs/variants.md show commands with their output, and a test
holds each page to what the commands print.  When the engine, the bots or
the card data change on purpose, the figures change with them: this
rewrites the outputs in place (prose that quotes a figure is the writer's to
update).  Commands run in-process from the repository root, as the tests run
them; `--slow` includes the long ones the tests run only with --runslow.

    python tools/refresh_docs.py docs/variants.md [--skip TEXT ...]
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from click.testing import CliRunner  # noqa: E402

from gateruler.cli import main  # noqa: E402


def run(command: str) -> list[str]:
    words = shlex.split(command)
    if words[0] != "gateruler":
        raise SystemExit(f"only gateruler commands are run again: {command}")
    result = CliRunner().invoke(main, words[1:], input="quit\n" if words[1] == "play" else None)
    if result.exit_code not in (0, 1, 2):
        raise SystemExit(f"{command}: exit {result.exit_code}\n{result.output}")
    return [line.rstrip() for line in result.output.splitlines()]


def refresh(page: Path, skip: list[str]) -> int:
    lines = page.read_text(encoding="utf-8").splitlines()
    out: list[str] = []
    in_console = False
    changed = 0
    index = 0
    while index < len(lines):
        line = lines[index]
        if line.startswith("```"):
            in_console = not in_console and line[3:].strip() == "console"
            out.append(line)
            index += 1
            continue
        if in_console and line.startswith("$ ") and not any(s in line for s in skip):
            out.append(line)
            index += 1
            old = []
            while index < len(lines) and not lines[index].startswith(("$ ", "```")):
                old.append(lines[index])
                index += 1
            new = run(line[2:])
            changed += new != old
            out.extend(new)
            continue
        out.append(line)
        index += 1
    page.write_text("\n".join(out) + "\n", encoding="utf-8")
    return changed


def main_() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pages", nargs="+", type=Path)
    parser.add_argument("--skip", action="append", default=[], help="Leave commands containing this text as they are.")
    args = parser.parse_args()
    os.chdir(ROOT)
    for page in args.pages:
        print(f"{page}: {refresh(page, args.skip)} outputs changed")


if __name__ == "__main__":
    main_()
