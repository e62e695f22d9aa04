"""The effect words: importing this package registers every one of them in `EFFECTS`.

One module per kind of effect; a new module is imported here (docs/engine.md).
The import order is the registration order, which is the order of the
reference page: the most used words first.
"""

# registers the words, in this order (not sorted: the order is the reference page's)
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
)
from gateruler.engine.effects.base import COMMON_PARAMS, EFFECTS, Effect, EffectWord, effect

__all__ = ["COMMON_PARAMS", "EFFECTS", "Effect", "EffectWord", "effect"]
