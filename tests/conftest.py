"""Shared pytest set-up: long seeded sweeps are opt-in with --runslow; no test reads the tester's own card library."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--runslow", action="store_true", default=False, help="also run long seeded sweeps")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: long sweep, run only with --runslow")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--runslow"):
        return
    skip = pytest.mark.skip(reason="long sweep: run with --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def no_user_card_library(monkeypatch: pytest.MonkeyPatch) -> None:
    """GATERULER_CARDS set but empty: no user card library, whatever the machine's user data folder holds."""
    monkeypatch.setenv("GATERULER_CARDS", "")
