"""The effect words: importing this package registers every one of them in `EFFECTS`.

One module per kind of effect; a new module is imported here (docs/engine.md).
"""

from gateruler.engine.effects import abilities, cards, damage, stats  # noqa: F401  (registers the words)
from gateruler.engine.effects.base import COMMON_PARAMS, EFFECTS, Effect, EffectWord, effect

__all__ = ["COMMON_PARAMS", "EFFECTS", "Effect", "EffectWord", "effect"]
