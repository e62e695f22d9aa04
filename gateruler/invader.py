"""The invader: the rift's side, played exactly as the solo-mode rules script it.

The controller makes no choices of its own: every decision follows a numbered
rule of solo-mode.md ("How the invader plays a turn"), and where the seed
leaves a choice to "the player's judgement" the default is written in
docs/rulings.md.  It is the engine's `Opponent` (gateruler/engine/gamestate.py):
the engine asks it for the rift's card definitions when a game is set up,
calls `turn_tasks` at the start of the rift's turn, `run_task` for each step,
and `decide` when one of the rift's abilities must choose.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from gateruler.cardpool import CardPool
from gateruler.engine.actions import (
    ATTACK_LEFT,
    ATTACK_RIGHT,
    DEFENSE,
    INVADER,
    PLAYER,
    RULER,
    Action,
    Choose,
    Confirm,
    Split,
)
from gateruler.engine.events import Cause
from gateruler.engine.events import DiscardLowest as DiscardLowestEntry
from gateruler.engine.events import Drive as DriveEntry
from gateruler.engine.frames import Decision
from gateruler.engine.tasks import (
    RIFT_DRIVE,
    RIFT_START_RULES,
    RiftAttack,
    RiftDrive,
    RiftPlay,
    RiftStartRules,
    Task,
    rift_attack,
)
from gateruler.engine.triggers import CNT, ON_ENTER, ON_PLAY
from gateruler.models import CardDef, LevelDef
from gateruler.special_rules import IgnoredCnt, invader_definitions
from gateruler.vocabulary import EVENT_TYPE, UNIT_TYPE, SpecialRuleKind

if TYPE_CHECKING:
    from gateruler.engine.gamestate import GameState

SUMMON_ORDER = (ATTACK_LEFT, ATTACK_RIGHT, DEFENSE)  # rule 2
EFFECT_TARGET_ORDER = (ATTACK_LEFT, DEFENSE, ATTACK_RIGHT)  # rule 4, on the player's side
ATTACKER_ORDER = (ATTACK_LEFT, ATTACK_RIGHT, RULER)  # rule 6
ATTACK_TARGET_ORDER = (ATTACK_LEFT, DEFENSE)  # rule 6, then the player's ruler
SACRIFICE_VICTIM_ORDER = (ATTACK_LEFT, ATTACK_RIGHT, DEFENSE)  # level 2, rule 1
OWN_UNIT_ORDER = (ATTACK_LEFT, ATTACK_RIGHT, DEFENSE)  # our default for the rift's own units
BOARD_ORDER = (
    ATTACK_LEFT,
    ATTACK_RIGHT,
    DEFENSE,
)  # the player's units, seen from the player: the order level 2's rule names
DRIVE_AND_CNT = frozenset(
    {ON_ENTER, ON_PLAY, CNT}
)  # what rule 4 names: effects of a drive (entering, an event used), CNT


# ---------------------------------------------------------------------- the rift's readings of open rulings
# Each is one variant of the registry (gateruler/variants.py, docs/variants.md); the first value is the default.


class FullBoardTie(enum.Enum):
    SUMMON_ORDER = (
        "summon_order"  # several board units share the lowest level: the first in summon order goes (ruling R1)
    )
    LEAST_HP_LEFT = "least_hp_left"  # ... the one with the least HP left (HP minus damage) goes, then summon order


class TargetScope(enum.Enum):
    EVERY_CHOICE = "every_choice"  # rule 4's order for every choice of the player's units the rift makes (ruling R3)
    DRIVE_AND_CNT = (
        "drive_and_cnt"  # rule 4's order for drive effects and CNT only; its other abilities take left, right, defense
    )


class EndTurns(enum.Enum):
    RIFT_TURNS = "rift_turns"  # level 2's End rule acts at the start of the rift's turns (ruling R2)
    EVERY_TURN = "every_turn"  # ... at the start phase of every turn, the player's too


class EndKnight(enum.Enum):
    RIFT = "rift"  # the Dark Knight End's rule destroys is one of the rift's own (ruling R2)
    ANY = "any"  # any Dark Knight on the field: the player's first (left, right, defense), then the rift's


class LongLists(enum.Enum):
    AS_LISTED = "as_listed"  # a level whose list is longer than its stated deck size plays the whole list (ruling R6)
    DEAL_STATED = "deal_stated"  # shuffle the whole list, deal the stated number of cards, set the rest aside unseen


class RiftSplit(enum.Enum):
    DESTROY_IN_ORDER = "destroy_in_order"  # rule 4's order, each unit taking what destroys it first (ruling D2)
    ALL_ON_FIRST = "all_on_first"  # all of it onto the first unit of rule 4's order


@attrs.frozen(cache_hash=True)  # hashed at every new game (the rift is a key of the setups' memo)
class RiftRules:
    """How the rift reads what the seed leaves to "the player's judgement" (solo rule 8); defaults: docs/rulings.md."""

    full_board_tie: FullBoardTie = FullBoardTie.SUMMON_ORDER
    ignored_cnt: IgnoredCnt = IgnoredCnt.PLAIN_CARD
    rift_target_order: TargetScope = TargetScope.EVERY_CHOICE
    end_rule_turns: EndTurns = EndTurns.RIFT_TURNS
    end_rule_knight: EndKnight = EndKnight.RIFT
    long_lists: LongLists = LongLists.AS_LISTED
    rift_split: RiftSplit = RiftSplit.DESTROY_IN_ORDER


_DEFINITIONS: dict[
    tuple, tuple[LevelDef, CardPool, Mapping[str, CardDef]]
] = {}  # (id(level), id(pool), ids) -> (level, pool, definitions)


# read at every turn, named once (a member read through its class costs four times a name's in Python 3.11)
_EVERY_TURN = EndTurns.EVERY_TURN
_SACRIFICE = SpecialRuleKind.SACRIFICE_AT_START


class InvaderController:
    """Stateless: everything it needs is in the game (and its frozen readings), so clones can share it.

    Two rifts under equal readings play alike, so they are equal (and hash
    alike): the games of a batch, each handed a new rift, share one setup
    (engine/tables.setup_for)."""

    __slots__ = ("rules",)
    name = "invader"

    def __init__(self, rules: RiftRules = RiftRules()) -> None:
        self.rules = rules

    def __eq__(self, other: object) -> bool:
        # a batch's rifts share their readings' RiftRules: the identity first, attrs' field-by-field __eq__ after
        return type(other) is type(self) and (other.rules is self.rules or other.rules == self.rules)

    def __hash__(self) -> int:
        return hash((type(self), self.rules))

    def card_definitions(self, level: LevelDef, pool: CardPool, ids: tuple[str, ...]) -> Mapping[str, CardDef]:
        """The rift's cards after the level's special rules (gateruler.special_rules).

        The same level, pool, ids and reading give the very same definitions
        (level and pool are frozen), so the games of a batch share them."""
        ignored = self.rules.ignored_cnt
        key = (id(level), id(pool), ids, ignored)
        hit = _DEFINITIONS.get(key)
        if hit is None or hit[0] is not level or hit[1] is not pool:
            if len(_DEFINITIONS) >= 64:
                _DEFINITIONS.clear()
            hit = _DEFINITIONS[key] = (level, pool, invader_definitions(level, pool, ids, ignored))
        return hit[2]

    def deck_size(self, level: LevelDef) -> int | None:
        """The whole list, or (`long_lists=deal_stated`) the stated deck size when the list is longer."""
        if (
            self.rules.long_lists is LongLists.DEAL_STATED
            and level.stated is not None
            and level.stated.deck_size < level.deck_size
        ):
            return level.stated.deck_size
        return None

    def player_turn_tasks(self, game: GameState) -> list[Task]:
        """Level 2's End rule in the player's start phase too, when it acts in every turn (`end_rule_turns`)."""
        if self.rules.end_rule_turns is _EVERY_TURN and game.setup.level.rules_of(_SACRIFICE):
            return [RIFT_START_RULES]
        return []

    def turn_tasks(self, game: GameState) -> Sequence[Task]:
        """The rift's turn after the common start phase, in order: the level's and whether it is the game's first
        turn's, the same steps every turn (`_TURNS`: worked out once per level)."""
        level = game.setup.level
        first = game.turn == 1 and game.active == game.first_player  # `first_turn_limit` without its call
        hit = _TURNS.get((id(level), first))
        if hit is None or hit[0] is not level:
            if len(_TURNS) >= 64:
                _TURNS.clear()
            hit = _TURNS[(id(level), first)] = (level, _turn_steps(level, first))
        return hit[1]

    def run_task(self, game: GameState, task: Task) -> None:
        """One step of the rift's turn (engine/tasks.py), by its kind."""
        STEPS[type(task)](self, game, task)

    def decide(self, game: GameState, decision: Decision) -> Action:
        """The rift's answer to any decision of its own (docs/rulings.md R3, R10-R14, D2).

        A unit: rule 4's order on the player's side, then its own units left
        attack -> right attack -> defense.  A zone for a unit it special-summons:
        rule 2's summon order.  A card in a zone: the first offered (zone order,
        oldest first; a look's cards top first, so the ones it puts on the
        bottom keep their order).  "You may": always yes.  Damage to split:
        `split`."""
        options = decision.options
        if decision.kind == "confirm":
            return Confirm(True)
        if decision.kind == "zone":
            offered = {a.slot: a for a in options if isinstance(a, Choose)}  # a zone is offered as a Choose
            board = game.sides[INVADER].board
            # the first free zone of rule 2's order; an occupied one only when none is (special_summon_zone=any)
            return next(
                offered[slot]
                for free in (True, False)
                for slot in SUMMON_ORDER
                if slot in offered and (board[slot] is None) == free
            )
        if decision.kind == "split":
            splits = tuple(o for o in options if isinstance(o, Split))
            order = self._player_order(game, decision)
            if self.rules.rift_split is RiftSplit.ALL_ON_FIRST:
                return self.split_on_first(splits, order)
            return self.split(game, splits, order)
        units = [(a.side, a.slot) for a in options if isinstance(a, Choose)]
        if units:
            side, slot = self.pick_unit(game, INVADER, units, self._player_order(game, decision))
            return Choose(side, slot)
        return options[0]

    @staticmethod
    def split(
        game: GameState, options: tuple[Split, ...], player_order: tuple[int, ...] = EFFECT_TARGET_ORDER
    ) -> Split:
        """Rule 4's order, each unit taking what destroys it before the next takes any (docs/rulings.md D2).

        The player's units first (left attack -> defense -> right attack, or
        `player_order`); its own only when no player unit may be hit.  What is
        left when every one is dealt with goes onto the first."""
        places = {(side, slot) for option in options for side, slot, _ in option.parts}
        left = sum(amount for _, _, amount in options[0].parts)
        order = [(PLAYER, slot) for slot in player_order if (PLAYER, slot) in places]
        order = order or [(INVADER, slot) for slot in OWN_UNIT_ORDER if (INVADER, slot) in places]
        shares = dict.fromkeys(order, 0)
        for side, slot in order:
            damage = unit.damage if (unit := game.sides[side].board[slot]) is not None else 0
            shares[(side, slot)] = share = min(left, max(1, game.hp(side, slot) - damage))
            left -= share
        shares[order[0]] += left
        wanted = {(side, slot, share) for (side, slot), share in shares.items() if share}
        return next(o for o in options if set(o.parts) == wanted)

    @staticmethod
    def split_on_first(options: tuple[Split, ...], player_order: tuple[int, ...] = EFFECT_TARGET_ORDER) -> Split:
        """`rift_split=all_on_first`: all of the damage onto the first unit of rule 4's order (the player's units
        first, its own only when it can hit none of the player's)."""
        places = {(side, slot) for option in options for side, slot, _ in option.parts}
        order = [(PLAYER, slot) for slot in player_order if (PLAYER, slot) in places]
        order = order or [(INVADER, slot) for slot in OWN_UNIT_ORDER if (INVADER, slot) in places]
        first = order[0]
        return next(o for o in options if all((side, slot) == first for side, slot, amount in o.parts if amount))

    def _player_order(self, game: GameState, decision: Decision) -> tuple[int, ...]:
        """Rule 4's order, or (`rift_target_order=drive_and_cnt`) the board order for abilities rule 4 does not name."""
        if self.rules.rift_target_order is TargetScope.EVERY_CHOICE:
            return EFFECT_TARGET_ORDER
        trigger = game.card(decision.source).abilities[decision.ability].trigger
        return EFFECT_TARGET_ORDER if trigger in DRIVE_AND_CNT else BOARD_ORDER

    def pick_unit(
        self,
        game: GameState,
        side: int,
        candidates: list[tuple[int, int]],
        player_order: tuple[int, ...] = EFFECT_TARGET_ORDER,
    ) -> tuple[int, int]:
        """Rule 4: player's left attack -> defense -> right attack (or `player_order`); then the rift's own."""
        for sd, order in ((PLAYER, player_order), (INVADER, OWN_UNIT_ORDER)):
            for slot in order:
                if (sd, slot) in candidates:
                    return (sd, slot)
        return candidates[0]

    # -------------------------------------------------------------- rule 1-3: drive, summon, events
    def _drive(self, game: GameState, step: RiftDrive) -> None:
        """Rules 1-3: drive the top card and use it at once (`step`: the turn's drive, or an effect's draw)."""
        source, cause = step
        deck = game.sides[INVADER].deck
        iid = deck.pop() if deck else game.take_top(INVADER)  # `take_top` only for an empty deck: a call saved
        if iid is None:
            return  # rule 8: a rift that must take a card from an empty deck loses
        game.log.append(DriveEntry((game.turn, "drive", INVADER, iid, source, cause)))  # log_event without its call
        if game.drive_windows(iid):
            return  # the unit waits in the drive zone while the player may answer it; a RiftPlay step plays it
        self._use(game, iid)

    def _play(self, game: GameState, step: RiftPlay) -> None:
        """Rules 2-3 for a card waiting in the drive zone: a unit it drove while the player could answer it, or a
        card an effect drove (a search's or a look's `to: drive`); it is used as a driven card is."""
        drive = game.sides[INVADER].drive
        if step.card in drive:
            drive.remove(step.card)
            self._use(game, step.card)

    def _use(self, game: GameState, iid: int) -> None:
        """Rules 2-3: a driven unit enters its board, an event is used at once, a field has nowhere to go."""
        card = game.setup.defs[iid]  # `card` without its call
        if card.type is UNIT_TYPE:
            self._place_unit(game, iid)
        elif card.type is EVENT_TYPE:
            game.play_event(INVADER, iid)  # rule 3: used at once, then the graveyard
        else:
            # The rift has no field zone: a driven field has nowhere to go (docs/rulings.md).
            game.to_graveyard(INVADER, iid, "drive")

    def _place_unit(self, game: GameState, iid: int) -> None:
        board = game.sides[INVADER].board
        for slot in SUMMON_ORDER:
            if board[slot] is None:
                game.summon(INVADER, iid, slot)
                return
        # Full board: the lowest level among the board and the driven unit goes.
        defs = game.setup.defs  # `game.card` without its calls
        level = defs[iid].level
        if self.rules.full_board_tie is FullBoardTie.LEAST_HP_LEFT:
            units = {s: u for s in SUMMON_ORDER if (u := board[s]) is not None}  # all three, the board being full
            lowest_slot = min(
                SUMMON_ORDER,
                key=lambda s: (
                    defs[units[s].iid].level,
                    game.hp(INVADER, s) - units[s].damage,
                    SUMMON_ORDER.index(s),
                ),
            )
            lowest = defs[units[lowest_slot].iid].level
        else:
            # the first in summon order of the lowest level (a loop: `min` with a key paid two calls a unit)
            lowest_slot, lowest = -1, 0
            for slot in SUMMON_ORDER:
                unit = board[slot]
                assert unit is not None  # the board is full
                unit_level = defs[unit.iid].level
                if lowest_slot < 0 or unit_level < lowest:
                    lowest_slot, lowest = slot, unit_level
        if level < lowest:
            game.sides[INVADER].graveyard.append(iid)
            game.log.append(DiscardLowestEntry((game.turn, "discard_lowest", INVADER, iid)))  # log_event, no call
            return
        # Equal or higher: the board's lowest unit (first in summon order on a tie) makes room.
        gone = game.remove_unit(INVADER, lowest_slot)
        game.log.append(DiscardLowestEntry((game.turn, "discard_lowest", INVADER, gone)))  # log_event, no call
        game.summon(INVADER, iid, lowest_slot)

    # -------------------------------------------------------------- rule 6: attacks
    def _attack(self, game: GameState, step: RiftAttack) -> None:
        attacker = step.attacker
        if not game.can_attack(INVADER, attacker):
            return
        target = self.attack_target(game)
        game.declare_attack(INVADER, attacker, target)

    @staticmethod
    def attack_target(game: GameState) -> int:
        """Player's left attack unit -> defense unit -> ruler; never the right attack unit."""
        for slot in ATTACK_TARGET_ORDER:
            if game.attackable(PLAYER, slot):
                return slot
        return RULER

    # -------------------------------------------------------------- level special rules that act in play
    def _start_rules(self, game: GameState, step: RiftStartRules) -> None:
        for rule in game.setup.level.rules_of(SpecialRuleKind.SACRIFICE_AT_START):
            self._sacrifice(game, str(rule.param("card")), str(rule.param("own_name_contains")))

    def _sacrifice(self, game: GameState, card_id: str, own_name: str) -> None:
        """Level 2's End: destroy one 'Dark Knight' unit (the rift's own, or `end_rule_knight=any`: any
        on the field, the player's first), then one player unit.

        Each time it acts (End on the board) the log says so (`special_rule`,
        with the End it acts for), and its destroys name it as their cause."""
        board = game.sides[INVADER].board
        end = next((u.iid for u in board if u is not None and game.card(u.iid).id == card_id), None)
        if end is None:
            return
        game.log_event(INVADER, "special_rule", SpecialRuleKind.SACRIFICE_AT_START.value, end)
        sides = (
            ((PLAYER, BOARD_ORDER), (INVADER, OWN_UNIT_ORDER))
            if self.rules.end_rule_knight is EndKnight.ANY
            else ((INVADER, OWN_UNIT_ORDER),)
        )
        knight = next(
            (
                (side, slot, u.iid)
                for side, order in sides
                for slot in order
                if (u := game.sides[side].board[slot]) is not None and own_name.lower() in game.card(u.iid).name.lower()
            ),
            None,
        )
        if knight is not None:
            side, slot, knight_iid = knight
            game.log_event(side, "sacrifice", knight_iid)
            game.destroy(side, slot, Cause.RULE, end)
        for slot in SACRIFICE_VICTIM_ORDER:
            if game.sides[PLAYER].board[slot] is not None:
                game.destroy(PLAYER, slot, Cause.RULE, end)
                break


def _turn_steps(level: LevelDef, first_turn: bool) -> tuple[Task, ...]:
    tasks: list[Task] = []
    if level.rules_of(_SACRIFICE):
        tasks.append(RIFT_START_RULES)
    tasks += [RIFT_DRIVE] * level.drives_per_turn
    if first_turn:
        # The first player's single first-turn attack is made by the rift itself.
        tasks.append(rift_attack(RULER))
    else:
        tasks += [rift_attack(slot) for slot in ATTACKER_ORDER]
    return tuple(tasks)


_TURNS: dict[tuple[int, bool], tuple[LevelDef, tuple[Task, ...]]] = {}
"""(id(level), the game's first turn) -> (the level, the rift's steps of such a turn): the memo keeps the level alive,
so its id is no other's."""


STEPS: dict[type, Callable[[InvaderController, GameState, Any], None]] = {
    RiftDrive: InvaderController._drive,
    RiftPlay: InvaderController._play,
    RiftAttack: InvaderController._attack,
    RiftStartRules: InvaderController._start_rules,
}
"""The rift's steps, by kind -> what plays them."""


__all__ = [
    "EndKnight",
    "EndTurns",
    "FullBoardTie",
    "InvaderController",
    "LongLists",
    "RiftRules",
    "RiftSplit",
    "TargetScope",
    "invader_definitions",
]
