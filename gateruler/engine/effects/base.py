"""The effect family: what an ability does, one word per class.

An effect word is an attrs class (its parameters, made with
`registry.param`) with a `resolve` method (what it does) and a `words`
method (how a player reads it), registered with :func:`effect`.  The frame
runner (gateruler/engine/resolve.py) does what every effect shares before
calling `resolve`: the `if:` condition, "you may" (`optional`), and finding
the targets (asking for a choice when the target is chosen).  So `resolve`
receives the victims already found, each as ``(side, where, iid)``: `where`
is a board slot for a unit, `RULER` for a ruler, -1 for a player, or the
zone word for a card elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from gateruler.engine.registry import CONDITION, Param, Registry, param, params_of

if TYPE_CHECKING:
    from gateruler.engine.frames import Frame
    from gateruler.engine.gamestate import GameState

Victim = tuple[int, Any, int]


@attrs.frozen(kw_only=True)
class Effect:
    """What every effect has besides its own parameters."""

    word: ClassVar[str] = ""
    hook: ClassVar[str] = ""  # a replacement word: the hook it replaces at (replace.py); its EffectWord's `replaces`
    chooses: ClassVar[bool] = False  # it makes choices of its own before resolving (`choose`)
    scaled: ClassVar[tuple[str, ...]] = ()  # its numbers (attributes) that `per:` multiplies
    target: Any = None  # a compiled target (targets.py); the loader reads it by the word's categories
    condition: Any = param(
        CONDITION,
        "Resolve this effect only if this condition holds now (else it is skipped).",
        {"turn": "own"},
        default=None,
        key="if",
    )
    bind: str = param(
        str, "A name for what this effect did, which later effects' `if:` can ask about.", "hits", default="", key="as"
    )
    optional: bool = param(
        bool, '"You may": the controller decides when it resolves whether to use it.', True, default=False
    )
    per: str = param(  # a parameter of the words with numbers to multiply only (`scaled`)
        str,
        "Multiply this effect's numbers by how many cards the earlier cost or effect bound `as:` this name took "
        '("for each soul card spent"); with none, it does nothing.',
        "spent",
        default="",
    )

    @property
    def kind(self) -> str:
        return self.word

    def resolve(
        self, game: GameState, frame: Frame, victims: list[Victim]
    ) -> None:  # pragma: no cover - every word overrides
        raise NotImplementedError

    def words(self, who: str) -> str:  # pragma: no cover - every word overrides
        return self.word

    def choose(self, game: GameState, frame: Frame, victims: list[Victim]) -> Any:
        """The next `Decision` this effect needs before it resolves (which cards it takes, where a unit
        goes, an order), or None when all is chosen.  `frame.answers` holds the answers to its own
        decisions so far (its target's are not among them); `resolve` reads them the same way.
        Most effects choose nothing beyond their target."""
        return None

    def usable(self, game: GameState, side: int, source: int) -> bool:
        """Whether an activated ability with this effect may be used now, beyond its requirement and costs
        (genesis summon needs its unit in the deck).  Most effects need nothing."""
        return True


@attrs.frozen
class EffectWord:
    name: str
    spec: type
    doc: str
    targets: frozenset[str]  # target categories it accepts (targets.py); empty: it takes no target
    params: tuple[Param, ...]  # its own parameters, without the common ones
    check: Callable[[Any], str | None] | None = None  # a rule across parameters, for the loader
    continuous: bool = False  # a continuous ability may use it
    replaces: str = ""  # a replacement word: the hook it replaces at (replace.py); it leads a `replacement` ability
    standing: bool = False  # only as a standing replacement (a `replacement` ability), never armed by a one-shot effect
    reads_bound: str = ""  # the parameter (attribute) naming an earlier effect's `as:` result, checked by the loader
    triggers: frozenset[str] = frozenset()  # only in abilities with these triggers (empty: any)


EFFECTS: Registry[EffectWord] = Registry("effect")
COMMON_PARAMS: tuple[Param, ...] = tuple(p for p in params_of(Effect) if p.attr != "per")
"""`if`, `as` and `optional`: every effect word takes them (`per` only the words with numbers, `Effect.scaled`)."""


def effect(
    name: str,
    doc: str,
    *,
    targets: frozenset[str] | set[str] = frozenset(),
    check: Callable[[Any], str | None] | None = None,
    continuous: bool = False,
    replaces: str = "",
    standing: bool = False,
    reads_bound: str = "",
    triggers: frozenset[str] | set[str] = frozenset(),
) -> Callable[[type[Any]], type[Any]]:
    """Register an effect class under `name` (a class decorator)."""

    def register(spec: type[Any]) -> type[Any]:
        spec.word = name
        spec.hook = replaces
        common = {p.attr for p in COMMON_PARAMS}
        own = tuple(p for p in params_of(spec) if p.attr not in common and (p.attr != "per" or spec.scaled))
        EFFECTS.add(
            name,
            EffectWord(
                name,
                spec,
                doc,
                frozenset(targets),
                own,
                check,
                continuous,
                replaces,
                standing,
                reads_bound,
                frozenset(triggers),
            ),
        )
        return spec

    return register


def unit_still_there(game: GameState, side: int, slot: Any, iid: int) -> bool:
    """Whether the unit a victim names is still in its slot (a destroyed unit's slot may be refilled mid-effect).

    False for a victim that is no unit (`self` on a card in the field zone)."""
    if type(slot) is not int:
        return False
    u = game.sides[side].board[slot]
    return u is not None and u.iid == iid
