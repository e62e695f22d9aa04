"""The `gateruler` command: a thin layer over the library.

Every subcommand lives in its own module and registers itself on `main`.
Errors the user can fix (bad data, bad arguments, bad save files) become one
line on stderr and exit code 2; a traceback is never shown for them.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from gateruler import __version__
from gateruler.errors import GateRulerError

if TYPE_CHECKING:
    from rich.console import Console


class _Main(click.Group):
    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):  # type: ignore[override]
        """Click's own usage errors as one line and exit 2, like every other input error."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.UsageError as error:
            hint = f" (see '{error.ctx.command_path} --help')" if error.ctx is not None else ""
            click.echo(f"error: {error.format_message()}{hint}", err=True)
            sys.exit(2)
        except click.ClickException as error:
            error.show()
            sys.exit(error.exit_code)
        except click.Abort:
            click.echo("Aborted.", err=True)
            sys.exit(1)
        sys.exit(rv if isinstance(rv, int) else 0)

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except GateRulerError as error:
            for line in str(error).splitlines() or [type(error).__name__]:
                click.echo(f"error: {line}" if not _located(line) else line, err=True)
            sys.exit(2)


def _located(line: str) -> bool:
    """True when the message already starts with file:line:col."""
    head = line.split(": ", 1)[0]
    return head.count(":") >= 2


@click.group(cls=_Main, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="gateruler")
def main() -> None:
    """Practise Gateruler's solo mode against the invader dimension rifts."""


def stdout_console() -> "Console":
    """A rich console on the current stdout: plain text when it is not a terminal, no colour under NO_COLOR.

    Off a terminal rich would assume 80 columns and wrap the tables, so it is
    given room instead."""
    from rich.console import Console

    out = sys.stdout
    return Console(file=out, width=None if out.isatty() else 200, highlight=False, markup=False, emoji=False)


def _register() -> None:
    import importlib
    import pkgutil

    for info in pkgutil.iter_modules(__path__):
        if info.name.startswith("cmd_"):
            importlib.import_module(f"{__name__}.{info.name}")


_register()
