"""The effect words: importing this package registers every one of them in `EFFECTS`.

One module per kind of effect; a new module is imported here (docs/engine.md).
The import order is the registration order, which is the order of the
reference page: the most used words first.
"""

from gateruler.engine.effects import (
    damage,
    stats,
    cards,
    abilities,
    split,
    protect,
    status,
    genesis,
    soul,
    summon,
    search,
)  # noqa: F401,I001  (registers the words, in this order)
from gateruler.engine.effects.base import COMMON_PARAMS, EFFECTS, Effect, EffectWord, effect

__all__ = ["COMMON_PARAMS", "EFFECTS", "Effect", "EffectWord", "effect"]
