"""The `gateruler` command: a thin layer over the library.

Every subcommand lives in its own module and registers itself on `main`.
Errors the user can fix (bad data, bad arguments, bad save files) become one
line on stderr and exit code 2; a traceback is never shown for them.  Any
other exception is a bug: one line saying so and where its traceback was
written, exit code 70 (``--debug`` shows the traceback instead).  Ctrl-C
exits 130 and SIGTERM 143, without a traceback.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from gateruler import __version__
from gateruler.errors import GateRulerError, capped
from gateruler.streams import is_terminal

if TYPE_CHECKING:
    from rich.console import Console


class _Main(click.Group):
    """The exit-code contract of every command (README.md, "Exit codes"):

    0 success; 1 a documented negative answer (a replay that diverges, a
    scenario whose expectation is not met); 2 bad input, one line naming
    the file and place; 70 an unexpected error, a bug: one line saying so
    and where its traceback was written; 130 Ctrl-C; 143 SIGTERM."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        debug = _debug_requested(sys.argv[1:] if args is None else list(args))
        try:
            try:
                rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
            except SystemExit as leaving:
                _check_stdout(leaving.code)
                raise
        except click.UsageError as error:  # click's own usage errors: one line and exit 2, like every other input error
            hint = f" (see '{error.ctx.command_path} --help')" if error.ctx is not None else ""
            click.echo(f"error: {error.format_message()}{hint}", err=True)
            sys.exit(2)
        except click.ClickException as error:
            error.show()
            sys.exit(error.exit_code)
        except click.Abort as error:  # click's word for Ctrl-C (and end of input at a prompt)
            if isinstance(error.__cause__, KeyboardInterrupt):
                _interrupted(error.__cause__)
            click.echo("Aborted.", err=True)
            sys.exit(1)
        except KeyboardInterrupt as interrupt:
            _interrupted(interrupt)
        except SystemExit as leaving:  # a command that finished what an interrupt promised, exiting 130 or 143
            from gateruler.interrupts import EXIT_INTERRUPTED, EXIT_TERMINATED, ignore_interrupts_at_exit

            if leaving.code in (EXIT_INTERRUPTED, EXIT_TERMINATED):
                ignore_interrupts_at_exit()
            raise
        except BrokenPipeError:  # the reader of our output went away (| head): nothing more to say
            _silence_stdout()
            sys.exit(1)
        except Exception as error:  # noqa: BLE001 - the last line of defence: a bug, said as one
            if debug:
                raise
            from gateruler.crash import EXIT_BUG, bug_message, write_crash_report

            click.echo(bug_message(error, write_crash_report(error)), err=True)
            sys.exit(EXIT_BUG)
        code = rv if isinstance(rv, int) else 0
        _check_stdout(code)
        sys.exit(code)

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except GateRulerError as error:
            for line in capped(str(error).splitlines() or [type(error).__name__]):
                click.echo(f"error: {line}" if not _located(line) else line, err=True)
            sys.exit(2)


def _check_stdout(code: object) -> None:
    """A command whose standard output could not be written (a full disk) ends in one line and exit 2.

    Its files were written all the same; an interrupt's exit code is kept."""
    from gateruler.streams import stdout_failure

    failure = stdout_failure()
    if failure is not None and code in (0, 1, None):
        click.echo(f"error: standard output: cannot write: {failure}", err=True)
        sys.exit(2)


def _debug_requested(args: list[str]) -> bool:
    """--debug among the options before the command's name."""
    for arg in args:
        if arg == "--debug":
            return True
        if not arg.startswith("-"):
            return False
    return False


def _interrupted(interrupt: BaseException) -> None:
    from gateruler.interrupts import exit_code, ignore_interrupts_at_exit

    ignore_interrupts_at_exit()
    code = exit_code(interrupt)
    try:
        click.echo("interrupted" if code == 130 else "terminated", err=True)
    except (OSError, KeyboardInterrupt):
        pass
    sys.exit(code)


def _silence_stdout() -> None:
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _located(line: str) -> bool:
    """True when the message already starts with file:line:col."""
    head = line.split(": ", 1)[0]
    return head.count(":") >= 2


@click.group(cls=_Main, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="gateruler")
@click.option(
    "--debug", is_flag=True, help="On an unexpected error (a bug), show its traceback instead of writing it to a file."
)
def main(debug: bool) -> None:
    """Practise Gateruler's solo mode against the invader dimension rifts."""


def stdout_console() -> Console:
    """A rich console on the current stdout: plain text when it is not a terminal, no colour under NO_COLOR.

    Off a terminal rich would assume 80 columns and wrap the tables, so it is
    given room instead."""
    from rich.console import Console

    out = sys.stdout
    return Console(file=out, width=None if is_terminal(out) else 200, highlight=False, markup=False, emoji=False)


def _register() -> None:
    import importlib
    import pkgutil

    for info in pkgutil.iter_modules(__path__):
        if info.name.startswith("cmd_"):
            importlib.import_module(f"{__name__}.{info.name}")


_register()
