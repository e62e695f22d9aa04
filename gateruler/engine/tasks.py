"""The game's tasks: what it does by itself, on its task stack."""

from __future__ import annotations

WINDOW = "window"  # the task kind, and the kind of the decision it leaves


def window_task(name: str, source: int = -1, target: int = -1, target_card: int = -1) -> tuple:
    """A priority window of the rift's turn (windows.py)."""
    return (WINDOW, name, source, target, target_card)
