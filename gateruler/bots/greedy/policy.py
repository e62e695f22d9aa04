"""The greedy bot: the heuristic's choice at each decision, and the memory of this turn's plan.

`greedy_action` takes any game in which everything it reads is the
player's to know (a view's game, or a determinised copy of one).
`GreedyPolicy` is what the greedy and tuned bots and the search bot's
playouts run: a main-phase plan is made once and followed while the game
goes as planned.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gateruler.bots.greedy.abilities import activation_choice
from gateruler.bots.greedy.attack import attack_choice
from gateruler.bots.greedy.decisions import answer_decision, set_choice
from gateruler.bots.greedy.facts import HAND_SET, Facts, can_attack_now
from gateruler.bots.greedy.plan import PLAYS, main_plan
from gateruler.bots.greedy.values import effects_value
from gateruler.bots.weights import Weights
from gateruler.engine.actions import (
    ATTACK_LEFT,
    ATTACK_RIGHT,
    END_TURN,
    GO_TO_ATTACK,
    INVADER,
    PLAYER,
    RULER,
    Action,
    PlayEvent,
    PlayField,
    Summon,
)
from gateruler.engine.game import Phase

if TYPE_CHECKING:
    from gateruler.bots.view import PlayerView
    from gateruler.engine.game import Game

# what a main-phase plan depends on (`_turn_key`): turn, hand, drive, set zones, energy, summons,
# both boards' (card, damage) and both damage zones' sizes
TurnKey = tuple[
    int,
    tuple[int, ...],
    tuple[int, ...],
    tuple[int | None, ...],
    int,
    int,
    tuple[tuple[int, int] | None, ...],
    tuple[tuple[int, int] | None, ...],
    int,
    int,
]


def _turn_key(game: Game) -> TurnKey:
    """What a main-phase plan depends on; when it is unchanged but for the plan's own step, the plan stands."""
    ours = game.sides[PLAYER]
    rift = game.sides[INVADER]
    return (
        game.turn,
        tuple(ours.hand),
        tuple(ours.drive),
        tuple(ours.set_zones),
        ours.energy_ready,
        ours.summons,
        tuple([(u.iid, u.damage) if u else None for u in ours.board]),
        tuple([(u.iid, u.damage) if u else None for u in rift.board]),
        len(ours.damage_zone),
        len(rift.damage_zone),
    )


def _expected_key(key: TurnKey, action: Summon | PlayEvent | PlayField, cost: int) -> TurnKey:
    """`_turn_key` after `action` (a play of the plan), if it does nothing but what it says."""
    turn, hand, drive, set_zones, energy, summons, ours, rift, dz_p, dz_r = key
    card = action.card
    if card in hand:
        hand = tuple([c for c in hand if c != card])
    elif card in drive:
        drive = tuple([c for c in drive if c != card])
    elif card in set_zones:
        set_zones = tuple([None if c == card else c for c in set_zones])
    if type(action) is Summon:
        ours = tuple([(card, 0) if i == action.slot else u for i, u in enumerate(ours)])
        summons += 1
    return (turn, hand, drive, set_zones, energy - cost, summons, ours, rift, dz_p, dz_r)


class GreedyPolicy:
    """`greedy_action` with a memory of this turn's main-phase plan.

    A plan is worked out once and followed while the game goes as planned;
    anything unexpected (a card drawn, a unit damaged) makes it plan again,
    unless nothing can be played at all.  It is what the greedy and tuned bots
    and the search bot's playouts run; `weights` are its scoring's numbers."""

    __slots__ = ("_plan", "_expect", "weights")
    _plan: list[Action]
    _expect: TurnKey | None
    weights: Weights

    def __init__(self, weights: Weights = HAND_SET) -> None:
        self._plan = []
        self._expect = None
        self.weights = weights

    def act(self, game: Game, legal: list[Action] | None = None) -> Action:
        """The choice in `game`; `legal` saves working out its legal actions again."""
        if legal is None:
            legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if game.pending is None and game.phase == Phase.MAIN:
            return self._main_phase(game, legal)
        return _decide(game, legal, self.weights)

    def _main_phase(self, game: Game, legal: list[Action]) -> Action:
        facts = None  # made when first needed: most decisions here follow the plan
        if game.setup.has_activated:
            facts = Facts(game, self.weights)
            activation = activation_choice(game, facts, legal)
            if activation is not None:
                self._expect = None
                return activation
        key = _turn_key(game)
        if key != self._expect or not self._plan or self._plan[0] not in legal:
            # Nothing to play (the common case once the energy is spent): no plan to make.
            can_play = any(type(a) in PLAYS for a in legal)
            self._plan = main_plan(game, facts or Facts(game, self.weights), legal) if can_play else []
        if self._plan:
            action = self._plan.pop(0)
            if isinstance(action, (Summon, PlayEvent, PlayField)):
                self._expect = _expected_key(key, action, game.setup.costs[action.card])
            else:  # a discount's energy is its own
                self._expect = None
            return action
        self._expect = None
        return _nothing_to_play(game, legal, self.weights)


def _nothing_to_play(game: Game, legal: list[Action], weights: Weights = HAND_SET) -> Action:
    """With nothing (more) to play: set an event for the rift's turn, else attack if anything can,
    else end the turn."""
    setting = set_choice(game, legal, weights)
    if setting is not None:
        return setting
    return GO_TO_ATTACK if any(can_attack_now(game, s) for s in (ATTACK_LEFT, ATTACK_RIGHT, RULER)) else END_TURN


def _decide(game: Game, legal: list[Action], weights: Weights = HAND_SET) -> Action:
    facts = Facts(game, weights)
    if game.pending is not None:
        return answer_decision(game, facts, legal)
    if game.setup.has_activated:
        activation = activation_choice(game, facts, legal)
        if activation is not None:
            return activation
    if game.phase == Phase.MAIN:
        plan = main_plan(game, facts, legal)
        if plan:
            return plan[0]
        return _nothing_to_play(game, legal, weights)
    attack = attack_choice(game, facts, legal)
    if attack is not None:
        return attack
    for a in legal:
        if type(a) is PlayEvent and effects_value(facts, facts.cards[a.card].on_play, 0.0, a.card) > weights.min_play:
            return a
    return END_TURN


def greedy_action(game: Game, weights: Weights = HAND_SET) -> Action:
    """The heuristic's choice in `game`, which must be at a player decision.

    Everything it reads is public except the deck orders, which it never
    reads; still, pass a view's game or a determinised copy of one."""
    legal = game.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return _decide(game, legal, weights)


class GreedyBot:
    """The documented heuristic; deterministic, so its seed is unused.

    `name` and `weights` make the `greedy` bot (the hand-set weights) or the
    `tuned` bot (weights fitted offline, read from a data file)."""

    def __init__(self, seed: int = 0, weights: Weights = HAND_SET, name: str = "greedy") -> None:
        self.seed = seed
        self.name = name
        self.policy = GreedyPolicy(weights)

    def choose(self, view: PlayerView) -> Action:
        return self.policy.act(view.game, view.legal)
