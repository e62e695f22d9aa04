"""What the engine's modules see of a game: `GameState`, its `Setup`, and the `Opponent`.

Every engine module but game.py is written against the `GameState` Protocol,
never against `Game` itself: game.py imports them all (it delegates its
primitives to them), so none may import it back, not even for a type hint,
and the engine's import graph stays one-way (tests/test_engine_imports.py
fails on a cycle).  `Game` is the one implementation; a type checker holds it
to the Protocol wherever a `Game` is passed to an engine function.

The three types live in one module because they refer to each other: a game
has a setup, the setup holds the opponent, and the opponent is handed the
game.  This module imports only the engine's data modules (state, tasks,
frames, actions, rules), which import nothing that imports it.

`Setup` is everything fixed for a game's life, shared by all its clones and
by every game set up from the same definitions, ruler, level, pool, opponent
and rules (a batch's games: `tables.setup_for` hands them one object; the
seed, the one thing that differs between them, is the game's own,
`GameState.seed`): the definitions, the tables worked out from them once
(tables.py), and
the *hooks*: what the core runs at a moment of the game only when some card
of the game needs it (continuous stat changes at every stat read, keyword
grants at every keyword read, activated abilities among the legal actions,
replacements at a damage or a destroy, priority windows at the rift's
attacks).  A hook list is empty in a game whose cards need none of it, so
such a game pays one empty loop where a mechanic would act.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

import attrs

from gateruler.engine.rules import DEFAULT as DEFAULT_RULES
from gateruler.engine.rules import Rules

if TYPE_CHECKING:
    from gateruler.cardpool import CardPool
    from gateruler.engine.actions import Action
    from gateruler.engine.frames import Decision
    from gateruler.engine.state import Phase, SideState, Unit
    from gateruler.engine.tasks import Battle, RiftStep, Task
    from gateruler.models import CardDef, LevelDef, RulerDef

# What a card in the hand or drive zone may be in the main phase (`MainRow.kind`)
OTHER_KIND, UNIT_KIND, EVENT_KIND, FIELD_KIND = range(4)


class MainRow(NamedTuple):
    """What the main phase's legal actions (legal.main_actions) read of a card in the hand or drive zone, worked
    out once per definition set (`Setup.main_rows` by instance id, tables.main_rows): one row read per card
    instead of its definition and four tables."""

    card_id: str  # copies of one card in one zone are one decision
    kind: int  # UNIT_KIND, EVENT_KIND, FIELD_KIND or OTHER_KIND
    cost: int  # Setup.costs
    checked: bool  # playing it needs more than its energy (Setup.play_checks: legal.event_playable)
    # the actions that play it from the hand or drive zone in the main phase, interned (actions.py): a unit's summons
    # into each of the player's unit zones, a field's play, an event's when its timing opens there (Setup.no_main_play)
    plays: tuple[Action, ...]
    sets: tuple[Action, ...]  # an event that may be set (not an open card): setting it, by set zone; () for others


# ---------------------------------------------------------------------- the hooks' shapes

StatBonus = Callable[["GameState", int, int, int, str], int]
"""(game, side, card, slot, stat) -> what continuous effects add to the stat of that unit (card -1: the ruler)."""
KeywordGrants = Callable[["GameState", int, int, frozenset[str]], frozenset[str]]
"""(game, side, slot, printed keywords) -> the keywords with those granted to it."""
Plays = Callable[["GameState"], list["Action"]]
"""(game) -> the player's actions a mechanic adds to those of the rules (a discount play, an activated ability)."""
WindowPlays = Callable[["GameState", str, bool], list["Action"]]
"""(game, window, the player's side at risk) -> the actions a mechanic adds to the answers in a window."""
FireFilter = Callable[["GameState", int, list[int]], list[int]]
"""(game, card, indices of its abilities about to trigger) -> those that do (once per turn)."""
DamageReplacement = Callable[["GameState", int, int, int, int, bool, "str | None", "int | None"], int]
"""(game, side, card, slot, amount, battle, cause, source) -> what is left of the damage (card -1: the ruler)."""
DestroyReplacement = Callable[["GameState", int, int, bool, bool], bool]
"""(game, side, slot, lethal, to pay a cost) -> whether the unit survives being destroyed."""
LeaveReplacement = Callable[["GameState", int, int, str], bool]
"""(game, side, slot, way) -> whether the unit stays instead of leaving the board that way."""
AttackDeclared = Callable[["GameState", int, int, int, int], None]
"""(game, side, attacking card, target zone, target card) -> None: an attack was declared, its abilities not yet fired."""
DriveHook = Callable[["GameState", int], bool]
"""(game, card) -> whether the card waits to be played by a later step: the rift is about to play the card it drove."""
EffectDriveHook = Callable[["GameState", int], None]
"""(game, card) -> None: an effect of the rift's drove the card, which a `RiftPlay` step on top of the tasks plays."""
TurnHook = Callable[["GameState"], None]
"""(game) -> None: a moment of the turn (its end)."""
TurnSteps = Callable[["GameState", Sequence["Task"]], list["Task"]]
"""(game, the rift's steps of its turn) -> the turn's tasks with what the hook adds among them (its windows)."""


@attrs.frozen(eq=False)
class Setup:
    """Everything fixed for a game's life, shared by all its clones and by the games of a batch
    (tables.setup_for hands out one per distinct reading of its fields).  No field may depend on the seed."""

    defs: tuple[CardDef, ...]  # by instance id
    owners: tuple[int, ...]  # by instance id
    ruler: RulerDef
    level: LevelDef
    pool: CardPool
    opponent: Opponent  # the scripted side (gateruler.invader in solo mode)
    max_turns: int
    player_deck: tuple[str, ...]  # card ids in deck-list order, for saving
    deck_name: str = ""
    rules: Rules = DEFAULT_RULES  # the readings of open rulings this game is played under (engine/rules.py)
    # ------------------------------------------------------------------ tables, by instance id (tables.py)
    continuous: tuple = ()  # its continuous stat changes (continuous.py); () when no card has any
    triggers: tuple[Mapping[str, tuple[int, ...]], ...] = ()  # trigger word -> indices of its abilities with it
    costs: tuple[int, ...] = ()  # the energy the player pays to play it (0 for rulers that pay none)
    base_hp: tuple[int, ...] = ()  # its printed HP (0 for none): rules processing reads it after every task
    play_checks: tuple[bool, ...] = ()  # whether playing it needs more than its energy (legal.event_playable)
    summon_slots: tuple[int, ...] = ()  # the player's unit zones, for summons
    replacements: tuple = ()  # its standing replacements (replace.py); () when no card has one
    replaces: frozenset[str] = frozenset()  # the replacement hooks some card of the game can answer
    activated: tuple[tuple[int, ...], ...] = ()  # the indices of its activated abilities (activation.py)
    set_windows: tuple[frozenset[str], ...] = ()  # the windows it may be played from a set zone in
    no_main_play: frozenset[int] = frozenset()  # events whose timing does not open the main window
    main_rows: tuple[MainRow, ...] = ()  # what the main phase's legal actions read of it (legal.main_actions)
    discounts: tuple[int, ...] = ()  # the index of its discount ability, or -1 (discount.py)
    grants: tuple = ()  # its continuous keyword grants (continuous.py); () when no card has any
    hp_continuous: tuple = ()  # its continuous HP changes (processing.py); () when no card has any
    ability_windows: Mapping[tuple[int, int], str] = attrs.field(
        factory=dict
    )  # (card, ability) -> its window (windows.py)
    # every name (folded, in every language the pool's card files give) of its attributes, of its faction (filters.py)
    attribute_names: tuple[frozenset[str], ...] = ()
    faction_names: tuple[frozenset[str], ...] = ()
    watchers: Mapping[str, tuple[int, ...]] = attrs.field(factory=dict)  # a trigger on others' events -> cards with it
    # id of a filter's predicate -> (it, whether it takes in each card off the board, or None): a memo (filters.py)
    printed: dict[int, tuple[Any, list[bool | None] | None]] = attrs.field(factory=dict)
    # ------------------------------------------------------------------ facts about the cards, for callers (the bots)
    has_activated: bool = False  # some player card has an activated ability
    has_discount: bool = False  # some player card has a discount
    has_grants: bool = False  # some card grants keywords
    windows: bool = False  # the player may answer in the rift's turn (windows.py)
    unanswered: frozenset[str] = frozenset()  # the windows no card of the game can answer (windows.py)
    sentinels: bool = False  # some unit of the player's has Sentinel: it may answer the rift's windows from the hand
    # the player's cards that may answer a window from where they stand (windows.may_answer): with an activated ability
    # whose timing opens outside the player's own phases (in play or the drive zone), a Sentinel unit (the hand)
    play_answerers: frozenset[int] = frozenset()
    hand_answerers: frozenset[int] = frozenset()
    # ------------------------------------------------------------------ hooks: what the core runs, and when
    stat_bonuses: tuple[StatBonus, ...] = ()  # at every stat read (continuous stat changes)
    keyword_grants: tuple[KeywordGrants, ...] = ()  # at every keyword read (granted keywords)
    main_plays: tuple[Plays, ...] = ()  # the main phase's legal actions (discount plays, activated abilities)
    attack_plays: tuple[Plays, ...] = ()  # the attack phase's legal actions (activated abilities)
    window_plays: tuple[WindowPlays, ...] = ()  # the answers in a rift window (activated abilities)
    fire_filters: tuple[FireFilter, ...] = ()  # as abilities trigger (once per turn)
    damage_replacements: tuple[DamageReplacement, ...] = ()  # as damage is about to be dealt (replace.py)
    destroy_replacements: tuple[DestroyReplacement, ...] = ()  # as a unit is about to be destroyed
    leave_replacements: tuple[LeaveReplacement, ...] = ()  # as a unit is about to leave the board otherwise
    attack_declared: tuple[AttackDeclared, ...] = ()  # at an attack declaration (the rift's attack windows)
    rift_drove: tuple[DriveHook, ...] = ()  # before the rift plays a driven card (the rift_card and rift_drive windows)
    rift_effect_drove: tuple[EffectDriveHook, ...] = ()  # before the rift plays a card its effect drove (rift_card)
    rift_turn: tuple[TurnSteps, ...] = ()  # the rift's turn's steps (its start, attack and end windows among them)
    turn_end: tuple[TurnHook, ...] = ()  # at every end phase (granted keywords expire)

    @property
    def card_ids(self) -> tuple[str, ...]:
        return tuple(d.id for d in self.defs)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(d.name for d in self.defs)


class Opponent(Protocol):
    """The scripted side: its card definitions, its turn, and its answers to decisions.

    The engine plays the player's side by asking (`legal_actions`/`apply`);
    the other side is a script, handed to the engine when a game is set up
    (`Game.new`, `Game.from_dict`).  The solo mode's rift
    (`gateruler.invader.InvaderController`) is the one we ship; tests may pass
    their own.  Keeping this a Protocol keeps the import graph one-way: the
    rift imports the engine, never the reverse.

    Implementations must be stateless (everything they need is in the game),
    because every clone of a game shares the one opponent object; and two
    that compare equal (and hash alike) must play alike and define the same
    cards (`card_definitions` a function of its arguments), because games set
    up with equal opponents share one `Setup` (tables.setup_for), and so the
    first game's opponent and definitions.
    """

    name: str

    def card_definitions(self, level: LevelDef, pool: CardPool, ids: tuple[str, ...]) -> Mapping[str, CardDef]:
        """The opponent's version of every card in `ids` (and of the level's list)."""
        ...  # pragma: no cover

    def deck_size(self, level: LevelDef) -> int | None:
        """How many cards of the level's shuffled list it plays with (the top ones; the rest are set
        aside unseen); None: the whole list."""
        ...  # pragma: no cover

    def turn_tasks(self, game: GameState) -> Sequence[Task]:
        """The opponent's turn after the common start phase, as engine tasks (its steps: tasks.RIFT_STEPS); only
        read (the same sequence may be handed out every turn)."""
        ...  # pragma: no cover

    def player_turn_tasks(self, game: GameState) -> list[Task]:
        """Its steps in the player's start phase, before the player's draws (a level rule that acts
        in every turn's start phase); usually none."""
        ...  # pragma: no cover

    def run_task(self, game: GameState, task: RiftStep) -> None:
        """Perform one step of its turn (a task of tasks.RIFT_STEPS)."""
        ...  # pragma: no cover

    def decide(self, game: GameState, decision: Decision) -> Action:
        """Its answer to a decision of its own (a target, the cards a cost takes, "you may"):
        one of `decision.options`.  The engine asks only when there are two or more."""
        ...  # pragma: no cover


class GameState(Protocol):
    """A game as the engine's modules see it: its state, and the primitives word code calls.

    `Game` (game.py) is the implementation; docs/engine.md lists what each
    primitive does.  Everything here is public: code outside the engine may
    use it too."""

    setup: Setup
    seed: int  # what set the game up (HIDDEN_SEED in a player's view, bots/view.py)
    sides: list[SideState]
    turn: int
    active: int
    first_player: int
    phase: Phase
    attacks: int
    rng: random.Random | None
    log: list[tuple[Any, ...]]
    tasks: list[Task]
    pending: Decision | None
    winner: str | None
    end_reason: str
    history: list[Action]
    halt_after_turn: int | None
    used: tuple[tuple[int, int], ...]
    hp_dirty: bool  # a unit entered, its damage or HP changed, or a side lost: rules processing looks again

    # ------------------------------------------------------------------ queries
    @property
    def over(self) -> bool: ...
    @property
    def first_turn_limit(self) -> bool: ...
    def card(self, iid: int) -> CardDef: ...
    def life(self, side: int) -> int: ...
    def has_hand(self, side: int) -> bool: ...
    def has_field_zone(self, side: int) -> bool: ...
    def unit_at(self, side: int, slot: int) -> Unit | None: ...
    def unit_is(self, side: int, slot: int, iid: int) -> bool: ...
    def keywords(self, side: int, slot: int) -> frozenset[str]: ...
    def atk(self, side: int, slot: int) -> int: ...
    def hp(self, side: int, slot: int) -> int: ...
    def stk(self, side: int, slot: int) -> int: ...
    def can_attack(self, side: int, slot: int) -> bool: ...
    def attackable(self, side: int, slot: int) -> bool: ...
    def attack_targets(self, side: int) -> list[int]: ...
    def pending_battle(self, side: int) -> Battle | None: ...
    def legal_actions(self) -> list[Action]: ...
    def clone(self, keep_log: bool = True, keep_rng: bool = True) -> GameState: ...

    # ------------------------------------------------------------------ the log
    def log_event(self, side: int | None, kind: str, *args: object) -> None: ...

    # ------------------------------------------------------------------ zones
    def summon(self, side: int, iid: int, slot: int, how: str = ...) -> None: ...
    def special_summon(self, side: int, iid: int, slot: int, from_zone: str, how: str = ...) -> bool: ...
    def free_zones(self, side: int) -> list[int]: ...
    def take_card(self, side: int, zone: str, iid: int) -> bool: ...
    def zone_of(self, side: int, iid: int) -> str | None: ...
    def shuffle(self, side: int) -> None: ...
    def play_event(self, side: int, iid: int) -> None: ...
    def play_field(self, side: int, iid: int) -> None: ...
    def play_from_hand(self, side: int, iid: int, slot: int) -> None: ...
    def to_graveyard(self, side: int, iid: int, from_zone: str) -> None: ...
    def remove_unit(self, side: int, slot: int) -> int: ...
    def destroy(self, side: int, slot: int, cause: str | None = None, source: int | None = None) -> bool: ...
    def stays(self, side: int, slot: int, way: str) -> bool: ...
    def destroy_field(self, side: int, iid: int, cause: str | None = None, source: int | None = None) -> None: ...
    def destroy_set_card(self, side: int, iid: int, cause: str | None = None, source: int | None = None) -> None: ...
    def take_top(self, side: int) -> int | None: ...
    def draw(self, side: int, cause: str | None = None, source: int | None = None) -> None: ...
    def to_hand(self, side: int, iid: int) -> None: ...
    def drive_card(self, side: int, iid: int, cause: str | None, source: int | None) -> None: ...

    # ------------------------------------------------------------------ soul
    def soul(self, side: int, host: int) -> tuple[int, ...]: ...
    def soul_of(self, side: int, slot: int) -> tuple[int, ...]: ...
    def put_soul(self, side: int, host: int, iid: int, from_zone: str) -> None: ...
    def soul_to_graveyard(
        self,
        side: int,
        host: int,
        cards: Sequence[int] | None = None,
        cause: str = ...,
        source: int | None = None,
    ) -> None: ...
    def release_soul(self, side: int, host: int) -> None: ...

    # ------------------------------------------------------------------ attacks and damage
    def declare_attack(self, side: int, attacker: int, target: int) -> None: ...
    def drive_windows(self, iid: int) -> bool: ...
    def attack_goes_on(self, side: int, attacker_iid: int) -> bool: ...
    def damage_ruler(
        self, side: int, amount: int, battle: bool, cause: str | None = None, source: int | None = None
    ) -> None: ...
    def damage_unit(
        self,
        side: int,
        slot: int,
        amount: int,
        battle: bool = False,
        cause: str | None = None,
        source: int | None = None,
    ) -> bool: ...

    # ------------------------------------------------------------------ abilities
    def fire(
        self, side: int, iid: int, trigger: str, event: tuple[Any, ...] = (), ready: list[int] | None = None
    ) -> None: ...
