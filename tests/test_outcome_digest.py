"""Speed work leaves every game as it was: the outcome digest of a fixed set of seeded games."""

from __future__ import annotations

from outcome_digest import digests, stored


def test_the_seeded_games_end_exactly_as_the_stored_outcome_digest_says() -> None:
    """Same actions, same log, same ending for every game of every group (tests/outcome_digest.py).

    When a change is meant to change games (a ruling, card data, a bot's play),
    regenerate the file deliberately: python tests/outcome_digest.py --write"""
    now = digests()
    changed = sorted(name for name in set(now) | set(stored()) if now.get(name) != stored().get(name))
    assert not changed, f"these groups of seeded games now play differently: {changed}"
