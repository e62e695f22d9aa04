"""A real browser for the page tests and the README's picture: Debian's headless Chromium driven by Playwright.

Nothing downloads a browser: the Chromium is the system's (`apt-get install
chromium`, done by .ci/run), and Playwright only drives it.  The flags keep it
from reaching for the network on its own (this machine has none, and refused
connections would show up as errors), and every launch gets a new, empty
profile.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from typing import Any

CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


def chromium_path() -> str | None:
    """The system's Chromium, or None when it is not installed."""
    for candidate in ("/usr/bin/chromium", shutil.which("chromium"), shutil.which("chromium-browser")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def why_no_browser() -> str | None:
    """Why the browser cannot run here (None: it can)."""
    if chromium_path() is None:
        return "no Chromium here: install Debian's chromium package (apt-get install chromium), as .ci/run does"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed: pip install -e '.[test]'"
    return None


@contextlib.contextmanager
def chromium(viewport: tuple[int, int] = (1200, 900)) -> Iterator[Any]:
    """A browser context (Playwright's BrowserContext) on a fresh, empty profile, closed afterwards."""
    from playwright.sync_api import sync_playwright

    path = chromium_path()
    if path is None:
        raise RuntimeError(why_no_browser())
    with sync_playwright() as playwright, tempfile.TemporaryDirectory(prefix="gateruler-chromium-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile,
            executable_path=path,
            args=list(CHROMIUM_FLAGS),
            headless=True,
            viewport={"width": viewport[0], "height": viewport[1]},
        )
        try:
            yield context
        finally:
            context.close()
