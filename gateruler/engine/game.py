"""A game of Gateruler between the player and a scripted opponent.

The game is a value: `clone()` copies it cheaply (definitions are shared,
state is a few small lists), `to_dict()`/`from_dict()` round-trip it, and the
same seed and actions always give the same game and the same log.

How it runs: everything the game does by itself (start phases, drives, damage
checks one card at a time, triggered abilities, the opponent's whole turn) is
a *task* on a stack.  `_run()` pops tasks until the player must decide.  An
ability in resolution is a `Frame` (frames.py) that resolve.py runs one step
at a time; a step that needs the player's choice leaves a `Decision` in
`pending` and waits.  Pushing an ability's next step before what a step
starts is what makes "fully resolve this before the next thing" hold
everywhere.  What each word does lives in its family's module (effects/,
costs.py, conditions.py, filters.py, targets.py, triggers.py, keywords.py);
this module keeps the state, the task loop and the rules (docs/engine.md).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import gateruler.engine.activation as activation
import gateruler.engine.replace as replace
import gateruler.engine.resolve as resolve
import gateruler.engine.stats as stats
import gateruler.engine.windows as windows
from gateruler.cardpool import CardPool
from gateruler.engine.actions import (
    ANSWERS,
    ATTACK_LEFT,
    ATTACK_RIGHT,
    DEFENSE,
    END_TURN,
    GO_TO_ATTACK,
    INVADER,
    PLAYER,
    RULER,
    SIDE_NAMES,
    SLOT_NAMES,
    SLOT_WORDS,
    UNIT_SLOTS,
    Action,
    Activate,
    Attack,
    Discount,
    EndTurn,
    GoToAttack,
    PlayEvent,
    PlayField,
    SetCard,
    Summon,
    attack_action,
    play_event_action,
    play_field_action,
    set_card_action,
    summon_action,
)
from gateruler.engine.events import Cause, describe, event_to_dict
from gateruler.engine.filters import ZONE_LISTS
from gateruler.engine.frames import BEGIN, Decision, Frame
from gateruler.engine.gamestate import Opponent, Setup
from gateruler.engine.keywords import (
    CANNOT_BE_ATTACKED,
    COUNTERATTACK,
    DORMANT,
    INTERCEPT,
    OPEN_CARD,
    PIERCE,
)
from gateruler.engine.rules import DEFAULT as DEFAULT_RULES
from gateruler.engine.rules import DeckOut, HandlessDraw, Rules, UnitDamage
from gateruler.engine.serial import game_from_dict, game_to_dict
from gateruler.engine.state import Battle, SideState, Unit
from gateruler.engine.tables import build_setup
from gateruler.engine.targets import Chosen
from gateruler.engine.timings import ATTACK, ATTACK_DECLARED, BEFORE_DAMAGE, DAMAGE_EFFECT, MAIN, RIFT_DRIVE, RIFT_END
from gateruler.engine.triggers import (
    ATTACK_COST,
    CNT,
    ON_ATTACK,
    ON_DESTROYED,
    ON_ENTER,
    ON_PLAY,
    ON_SPECIAL_SUMMON,
    START_OF_TURN,
    TOUCHDOWN,
)
from gateruler.errors import IllegalAction
from gateruler.models import CardDef, LevelDef, RulerDef, TurnStartKind
from gateruler.vocabulary import CardType

DEFAULT_MAX_TURNS = 200
NORMAL = "normal"  # how a unit entered the board (Unit.how): it was played
SPECIAL = "special"  # an effect special-summoned it


def shuffle_list(rng: random.Random, cards: list) -> None:
    """`rng.shuffle(cards)`, move for move, without its two method calls per card.

    The same Fisher-Yates walk and the same rejection sampling of
    `getrandbits` as `random.Random.shuffle` (CPython 3.2 on), so every seed
    deals the games it always dealt (tests/test_engine_api.py holds the two
    equal); a new game's two shuffles were a third of its set-up."""
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


class Phase:
    START = "start"
    MAIN = "main"
    ATTACK = "attack"
    END = "end"
    OVER = "over"


class Game:
    """One game.  Create with `Game.new`; drive with `legal_actions`/`apply`."""

    __slots__ = (
        "setup",
        "sides",
        "turn",
        "active",
        "first_player",
        "phase",
        "attacks",
        "rng",
        "log",
        "tasks",
        "pending",
        "winner",
        "end_reason",
        "history",
        "halt_after_turn",
        "used",
    )

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(
        cls,
        *,
        deck: Sequence[str],
        ruler: RulerDef,
        level: LevelDef,
        pool: CardPool,
        seed: int,
        opponent: Opponent,
        max_turns: int = DEFAULT_MAX_TURNS,
        invader_deck: Sequence[str] | None = None,
        deck_name: str = "",
        start: bool = True,
        shuffle_deck: bool = True,
        rules: Rules = DEFAULT_RULES,
    ) -> Game:
        """A new game, set up and run until the player's first decision.

        `invader_deck` (top first) fixes the rift's deck order instead of
        shuffling the level's list; scenarios use it.  `shuffle_deck=False`
        does the same for the player: `deck` is then taken top first.
        `opponent` plays the other side and defines its cards; `rules` are
        the readings of the open rulings the game is played under.
        """
        rng = random.Random(seed)
        n = len(deck)
        player_deck = list(range(n))
        if shuffle_deck:
            shuffle_list(rng, player_deck)
        else:
            player_deck.reverse()  # given top first; we keep the top at the end
        rift_ids = list(invader_deck) if invader_deck is not None else level.card_ids()
        rift_deck = list(range(len(rift_ids)))
        if invader_deck is None:
            shuffle_list(rng, rift_deck)
            rift_ids, rift_deck = _deal(rift_ids, rift_deck, opponent.deck_size(level))
        else:
            rift_deck.reverse()  # given top first; we keep the top at the end
        player_defs = [pool[c] for c in deck]
        invader_defs = opponent.card_definitions(level, pool, tuple(rift_ids))
        defs = tuple(player_defs) + tuple(invader_defs[c] for c in rift_ids)
        owners = tuple([PLAYER] * n + [INVADER] * len(rift_ids))
        setup = build_setup(
            defs,
            owners=owners,
            ruler=ruler,
            level=level,
            pool=pool,
            opponent=opponent,
            seed=seed,
            max_turns=max_turns,
            player_deck=tuple(deck),
            deck_name=deck_name,
            rules=rules,
        )
        game = cls._blank(setup, rng)
        game.sides[PLAYER].deck = player_deck
        game.sides[INVADER].deck = [n + i for i in rift_deck]
        if start:
            game.tasks.append(("start", INVADER))
            game._set_up_player()  # open cards in the opening hand go on top: played at once
            game._rules()
            game._run()
        return game

    @classmethod
    def _blank(cls, setup: Setup, rng: random.Random) -> Game:
        game = cls.__new__(cls)
        game.setup = setup
        game.sides = [SideState(min(setup.ruler.set_zones, 2)), SideState(0)]
        game.turn = 0
        game.active = INVADER
        game.first_player = INVADER
        game.phase = Phase.START
        game.attacks = 0
        game.rng = rng
        game.log = []
        game.tasks = []
        game.pending = None
        game.winner = None
        game.end_reason = ""
        game.history = []
        game.halt_after_turn = None
        game.used = ()  # (card, ability) pairs used this turn: activated ones, and once-per-turn triggered ones
        return game

    def _set_up_player(self) -> None:
        side = self.sides[PLAYER]
        ruler = self.setup.ruler
        side.energy = ruler.energy
        side.energy_ready = ruler.energy
        self.log_event(PLAYER, "setup")
        self.log_event(INVADER, "setup")
        for _ in range(ruler.opening_hand):
            self.draw(PLAYER, Cause.OPENING)

    # ------------------------------------------------------------------ copying
    def clone(self, keep_log: bool = True, keep_rng: bool = True) -> Game:
        """An independent copy; definitions are shared, state is copied.

        `keep_rng=False` leaves the copy without a random generator (`rng` is
        None): copying the generator's state is most of a clone's cost, and a
        player view must not keep it anyway (bots/view.py)."""
        game = Game.__new__(Game)
        game.setup = self.setup
        game.sides = [self.sides[0].copy(), self.sides[1].copy()]
        game.turn = self.turn
        game.active = self.active
        game.first_player = self.first_player
        game.phase = self.phase
        game.attacks = self.attacks
        if keep_rng and self.rng is not None:
            # Random() without arguments seeds itself from the OS first: make a bare
            # one, since its state is overwritten at once anyway.
            game.rng = random.Random.__new__(random.Random)
            game.rng.setstate(self.rng.getstate())
        else:
            game.rng = None
        game.log = self.log[:] if keep_log else []
        game.tasks = self.tasks[:]
        game.pending = self.pending
        game.winner = self.winner
        game.end_reason = self.end_reason
        game.history = self.history[:]
        game.halt_after_turn = self.halt_after_turn
        game.used = self.used
        return game

    # ------------------------------------------------------------------ queries
    @property
    def over(self) -> bool:
        return self.winner is not None

    def card(self, iid: int) -> CardDef:
        return self.setup.defs[iid]

    def life(self, side: int) -> int:
        return self.setup.ruler.life if side == PLAYER else self.setup.level.hp

    def has_hand(self, side: int) -> bool:
        """The rift and drive rulers have no hand zone."""
        return side == PLAYER and self.setup.ruler.has_hand

    def has_field_zone(self, side: int) -> bool:
        """The rift has no field zone (solo "Invader side")."""
        return side == PLAYER

    def unit_at(self, side: int, slot: int) -> Unit | None:
        return self.sides[side].board[slot]

    keywords = stats.keywords
    atk = stats.atk
    hp = stats.hp
    stk = stats.stk

    def unit_is(self, side: int, slot: int, iid: int) -> bool:
        """Whether the unit `iid` is still in `slot` of `side` (a destroyed unit's slot may be refilled)."""
        u = self.sides[side].board[slot]
        return u is not None and u.iid == iid

    def can_attack(self, side: int, slot: int) -> bool:
        if slot == RULER:
            return side == INVADER or not self.sides[side].ruler_rested
        if slot == DEFENSE:
            return False
        u = self.sides[side].board[slot]
        if u is None or u.rested:
            return False
        if (
            self.setup.has_attack_costs
            and ATTACK_COST in self.setup.triggers[u.iid]
            and not self._can_pay_to_attack(side, u.iid)
        ):
            return False
        return DORMANT not in self.keywords(side, slot)

    def _can_pay_to_attack(self, side: int, iid: int) -> bool:
        """Whether every cost of the unit's attack_cost abilities can be paid now (it may attack only then)."""
        abilities = self.setup.defs[iid].abilities
        return all(
            c.can_pay(self, side, iid) for i in self.setup.triggers[iid][ATTACK_COST] for c in abilities[i].costs
        )

    def attackable(self, side: int, slot: int) -> bool:
        u = self.sides[side].board[slot]
        return u is not None and CANNOT_BE_ATTACKED not in self.keywords(side, slot)

    def attack_targets(self, side: int) -> list[int]:
        """Legal targets on `side` for an attack by the other side (real rules).

        The frontmost card of each line, or the ruler through a line with no
        unit in it (docs/rulings.md, CR 8-4c-1)."""
        board = self.sides[side].board
        targets: list[int] = []
        open_line = False
        for slot in (ATTACK_LEFT, DEFENSE, ATTACK_RIGHT):
            if board[slot] is None:
                open_line = True
            elif self.attackable(side, slot):
                targets.append(slot)
        if open_line:
            targets.append(RULER)
        return targets

    @property
    def first_turn_limit(self) -> bool:
        """The first player's first turn has exactly one attack [CR 8-2a-2]."""
        return self.turn == 1 and self.active == self.first_player

    def events(self) -> list[dict]:
        ids = self.setup.card_ids
        return [event_to_dict(e, ids) for e in self.log]

    def describe_log(self, last: int | None = None) -> list[str]:
        names = self.setup.names
        entries = self.log if last is None else self.log[-last:]
        return [describe(e, names) for e in entries]

    # ------------------------------------------------------------------ player API
    def legal_actions(self) -> list[Action]:
        """Every decision the player may take now (empty when the game is over)."""
        if self.winner is not None:
            return []
        if self.pending is not None:
            return list(self.pending.options)
        if self.active != PLAYER:
            return []
        if self.phase == Phase.MAIN:
            actions = self._main_actions() + self._set_card_plays(MAIN)
            if self.setup.has_discount:
                actions += activation.discount_plays(self)
            if self.setup.has_activated:
                actions += activation.activations(self, MAIN)
            actions.append(GO_TO_ATTACK)
            actions.append(END_TURN)
            return actions
        if self.phase == Phase.ATTACK:
            actions = self._attack_actions() + self._set_card_plays(ATTACK)
            if self.setup.has_activated:
                actions += activation.activations(self, ATTACK)
            actions.append(END_TURN)
            return actions
        return []

    def apply(self, action: Action) -> None:
        """Perform one legal action, then run the game to the player's next decision."""
        if action not in self.legal_actions():
            raise IllegalAction(f"illegal action now: {action!r}")
        self._apply_trusted(action)

    def _apply_trusted(self, action: Action) -> None:
        """`apply` without checking the action against `legal_actions()` again.

        For callers that took `action` from `legal_actions()` of this very
        state (the bots' game loop, the search's playouts): working the legal
        actions out a second time was a sixth of a game's cost.  Everything
        else calls `apply`, which refuses an illegal action."""
        self.history.append(action)
        if self.pending is not None and self.pending.kind == windows.WINDOW:
            windows.answer(self, action)  # the answer (a play, an activation, a summon) is made below
        if isinstance(action, ANSWERS):
            # The waiting frame is on top of the stack: it runs again with the answer.
            frame = self.tasks.pop()
            self.pending = None
            self.tasks.append(frame._replace(answers=frame.answers + (action,)))
        elif isinstance(action, Summon):
            zone = self._pay_and_take(PLAYER, action.card)
            self.sides[PLAYER].summons += 1
            self.summon(PLAYER, action.card, action.slot)
            if zone == "hand":
                self.fire(PLAYER, action.card, TOUCHDOWN)
        elif isinstance(action, PlayEvent):
            self._pay_and_take(PLAYER, action.card)
            self.play_event(PLAYER, action.card)
        elif isinstance(action, PlayField):
            zone = self._pay_and_take(PLAYER, action.card)
            self.play_field(PLAYER, action.card)
            if zone == "hand":
                self.fire(PLAYER, action.card, TOUCHDOWN)
        elif isinstance(action, Activate):
            activation.activate(self, action)
        elif isinstance(action, Discount):
            activation.play_discounted(self, action)
        elif isinstance(action, SetCard):
            self._take_from_hand_or_drive(PLAYER, action.card)
            self.sides[PLAYER].set_zones[action.zone] = action.card
            self.log_event(PLAYER, "set", action.card, action.zone)
        elif isinstance(action, GoToAttack):
            self._end_main(PLAYER)
            self.phase = Phase.ATTACK
            self.log_event(PLAYER, "phase", Phase.ATTACK)
        elif isinstance(action, Attack):
            self.declare_attack(PLAYER, action.attacker, action.target)
        elif isinstance(action, EndTurn):
            if self.phase == Phase.MAIN:
                self._end_main(PLAYER)
            self.tasks.append(("end", PLAYER))
        self._rules()
        self._run()

    def apply_all(self, actions: Sequence[Action]) -> None:
        for action in actions:
            self.apply(action)

    # ------------------------------------------------------------------ legal action helpers
    def _cost(self, iid: int) -> int:
        return self.setup.costs[iid]

    def _playable_sources(self) -> list[int]:
        side = self.sides[PLAYER]
        return side.hand + side.drive

    def _main_actions(self) -> list[Action]:
        side = self.sides[PLAYER]
        ruler = self.setup.ruler
        actions: list[Action] = []
        seen: set[tuple[str, int]] = set()
        can_summon = ruler.summon_cap is None or side.summons < ruler.summon_cap
        slots = self.setup.summon_slots
        costs = self.setup.costs
        defs = self.setup.defs
        no_main_play = self.setup.no_main_play  # events whose timing keeps them out of the hand's plays (timings.py)
        free_set = [i for i, c in enumerate(side.set_zones) if c is None]
        for where, cards in ((0, side.hand), (1, side.drive)):
            for iid in cards:
                d = defs[iid]
                key = (d.id, where)
                if key in seen:
                    continue  # copies of one card in one zone are the same decision
                seen.add(key)
                affordable = costs[iid] <= side.energy_ready
                if d.type is CardType.UNIT:
                    if can_summon and affordable:
                        actions.extend([summon_action(iid, slot) for slot in slots])
                elif d.type is CardType.EVENT:
                    if (
                        affordable
                        and iid not in no_main_play
                        and (not self.setup.play_checks[iid] or self._event_playable(PLAYER, iid))
                    ):
                        actions.append(play_event_action(iid))
                    if free_set and OPEN_CARD not in d.keywords:
                        actions.append(set_card_action(iid, free_set[0]))
                elif d.type is CardType.FIELD and affordable:
                    actions.append(play_field_action(iid))
        return actions

    def _set_card_plays(self, window: str) -> list[Action]:
        """The set events the player may play in `window` (their timing: timings.event_windows)."""
        side = self.sides[PLAYER]
        windows = self.setup.set_windows
        out = []
        for iid in side.set_zones:
            if (
                iid is not None
                and window in windows[iid]
                and self._cost(iid) <= side.energy_ready
                and (not self.setup.play_checks[iid] or self._event_playable(PLAYER, iid))
            ):
                out.append(play_event_action(iid))
        return out

    def _event_playable(self, side: int, iid: int, energy: int | None = None) -> bool:
        """Whether the event `iid` can be played now, its level aside: its on_play abilities
        may be used (`requires`), their costs can be paid (with the level's energy), and
        every effect that must choose a target has one to choose.

        All is judged as when it is played: the event has left its zone (the
        hand, drive zone or set zone it is in is looked at without it).
        `energy`: what it costs when not its level (a discount)."""
        s = self.sides[side]
        zone = s.hand if iid in s.hand else s.drive if iid in s.drive else None
        at = zone.index(iid) if zone is not None else s.set_zones.index(iid)
        if zone is not None:
            zone.pop(at)
        else:
            s.set_zones[at] = None
        try:
            return self._playable_now(side, iid, energy)
        finally:
            if zone is not None:
                zone.insert(at, iid)
            else:
                s.set_zones[at] = iid

    def _playable_now(self, side: int, iid: int, energy: int | None = None) -> bool:
        d = self.setup.defs[iid]
        if energy is None:
            energy = self._cost(iid)
        for index in self.setup.triggers[iid].get(ON_PLAY, ()):
            ability = d.abilities[index]
            if ability.requires is not None and not ability.requires.holds(self, side, iid, ()):
                return False
            for cost in ability.costs:
                energy += cost.energy_needed()
                if not cost.energy_needed() and not cost.can_pay(self, side, iid):
                    return False
            for effect in ability.effects:
                if (
                    type(effect.target) is Chosen
                    and not effect.optional
                    and not effect.target.filter.places(self, side)
                ):
                    return False
        return energy <= self.sides[side].energy_ready

    def _attack_actions(self) -> list[Action]:
        if self.first_turn_limit and self.attacks >= 1:
            return []
        targets = self.attack_targets(INVADER)
        out = []
        for attacker in (ATTACK_LEFT, ATTACK_RIGHT, RULER):
            if attacker != RULER and attacker >= self.setup.ruler.attack_zones:
                continue
            if self.can_attack(PLAYER, attacker):
                out.extend([attack_action(attacker, t) for t in targets])
        return out

    # ------------------------------------------------------------------ primitives (also used by controllers)
    def summon(self, side: int, iid: int, slot: int, how: str = NORMAL) -> None:
        """Put a unit onto the board; a unit already there goes to the graveyard.

        `how` is how it enters, kept on the unit (`Unit.how`, the filter word
        `entered`): NORMAL when it is played (a normal summon, a drive, an open
        card), SPECIAL (or another word for a kind of special summon) when an
        effect puts it there: its on_special_summon abilities trigger, and TD
        must not (CR 16-3).  Its on_enter abilities resolve first."""
        s = self.sides[side]
        old = s.board[slot]
        if old is not None:
            s.board[slot] = None
            s.graveyard.append(old.iid)
            self.log_event(side, "replace", old.iid, slot)
            self.release_soul(side, old.iid)
        s.board[slot] = Unit(iid, self.turn, how)
        self.log_event(side, "summon", iid, slot)
        if how != NORMAL:
            self.fire(side, iid, ON_SPECIAL_SUMMON)
        self.fire(side, iid, ON_ENTER)

    def special_summon(self, side: int, iid: int, slot: int, from_zone: str, how: str = SPECIAL) -> bool:
        """Special-summon `side`'s card `iid` from `from_zone` (a filter zone word) into `slot`: a summon by
        an effect, outside the normal-summon count, at no cost.  False (nothing happens) when the card is
        not in that zone.  Taking a card from the deck does not shuffle it: the caller shuffles once
        it has taken all it takes (`shuffle`)."""
        if not self.take_card(side, from_zone, iid):
            return False
        self.log_event(side, "special_summon", iid, from_zone)
        self.summon(side, iid, slot, how)
        return True

    def free_zones(self, side: int) -> list[int]:
        """`side`'s empty unit zones, in the rift's summon order (left attack, right attack, defense)."""
        board = self.sides[side].board
        slots = self.setup.summon_slots if side == PLAYER else UNIT_SLOTS
        return [slot for slot in slots if board[slot] is None]

    def take_card(self, side: int, zone: str, iid: int) -> bool:
        """Take the card `iid` out of `side`'s `zone` (a filter zone word other than the board), for an
        effect that moves it elsewhere; False when it is not there.  A card leaving the field zone
        leaves its soul behind (it goes to the graveyard)."""
        s = self.sides[side]
        if zone == "set_zone":
            if iid not in s.set_zones:
                return False
            s.set_zones[s.set_zones.index(iid)] = None
            return True
        if zone == "soul":
            for host, cards in s.soul.items():
                if iid in cards:
                    rest = tuple(c for c in cards if c != iid)
                    if rest:
                        s.soul[host] = rest
                    else:
                        del s.soul[host]
                    return True
            return False
        cards = getattr(s, ZONE_LISTS[zone])
        if iid not in cards:
            return False
        cards.remove(iid)
        if zone == "field_zone":
            self.release_soul(side, iid)
        return True

    def zone_of(self, side: int, iid: int) -> str | None:
        """The filter zone word of where `side`'s card `iid` is, off the board (None: on the board, or nowhere)."""
        s = self.sides[side]
        for zone, name in ZONE_LISTS.items():
            if zone != "soul" and iid in getattr(s, name):
                return zone
        return "soul" if any(iid in cards for cards in s.soul.values()) else None

    def shuffle(self, side: int) -> None:
        """Shuffle `side`'s deck with the game's one generator (after a search): what was known of its order is gone."""
        shuffle_list(self.rng, self.sides[side].deck)
        self.log_event(side, "shuffle")

    # ------------------------------------------------------------------ soul
    # A card on the board or in the field zone may hold cards under it as its
    # soul (SideState.soul: host -> cards).  Soul is public.  When the host
    # leaves, it becomes a new card (CR 3-2d) and its soul goes to the
    # graveyard: every primitive that takes a unit off the board or a card out
    # of the field zone calls `release_soul`.  Replacement effects (Soul guard:
    # "put 1 soul card into the graveyard instead") use `soul_of` and
    # `soul_to_graveyard`.
    def soul(self, side: int, host: int) -> tuple[int, ...]:
        """The soul cards under `side`'s card `host`, oldest first (none for a card that holds none)."""
        return self.sides[side].soul.get(host, ())

    def soul_of(self, side: int, slot: int) -> tuple[int, ...]:
        """The soul cards under the unit in `slot` of `side`."""
        u = self.sides[side].board[slot]
        return self.sides[side].soul.get(u.iid, ()) if u is not None else ()

    def put_soul(self, side: int, host: int, iid: int, from_zone: str) -> None:
        """Put the card `iid`, already taken out of `from_zone`, under `side`'s card `host` as its soul."""
        s = self.sides[side]
        s.soul[host] = s.soul.get(host, ()) + (iid,)
        self.log_event(side, "soul", iid, host, from_zone)

    def soul_to_graveyard(
        self, side: int, host: int, cards: Sequence[int] | None = None, cause: str = Cause.COST
    ) -> None:
        """Put soul cards of `host` into the graveyard, in the order given: `cards` (those of them it holds),
        or all of them (None).  Paying a cost of `host`'s (its soul pays only for it), or `host` leaving
        (Cause.HOST_LEFT): either way `host` is the entry's source."""
        s = self.sides[side]
        have = s.soul.get(host)
        if not have:
            return
        gone = have if cards is None else tuple(c for c in cards if c in have)
        rest = tuple(c for c in have if c not in gone)
        if rest:
            s.soul[host] = rest
        else:
            del s.soul[host]
        for iid in gone:
            s.graveyard.append(iid)
            self.log_event(side, "soul_to_graveyard", iid, host, host, cause)

    def release_soul(self, side: int, host: int) -> None:
        """`host` left the board or the field zone: its soul goes to the graveyard (CR 3-2d)."""
        if self.sides[side].soul:
            self.soul_to_graveyard(side, host, None, Cause.HOST_LEFT)

    def play_event(self, side: int, iid: int) -> None:
        """Use an event: it goes to the graveyard and its effects resolve.

        Its abilities' requirements are checked as it is played, before it
        reaches the graveyard: the event is on its way (on the gate), in no
        zone, as when `legal_actions` offered it."""
        ready = self._ready(side, iid, ON_PLAY)
        self.sides[side].graveyard.append(iid)
        self.log_event(side, "event", iid)
        if ON_PLAY not in self.setup.triggers[iid]:
            self.log_event(side, "no_effect", iid, Cause.NO_ABILITIES, ON_PLAY)
        self.fire(side, iid, ON_PLAY, ready=ready)

    def play_field(self, side: int, iid: int) -> None:
        """Put a field card (taken from where it was) into `side`'s field zone; its on_enter abilities trigger."""
        self.sides[side].field.append(iid)
        self.log_event(side, "field", iid)
        self.fire(side, iid, ON_ENTER)

    def to_graveyard(self, side: int, iid: int, from_zone: str) -> None:
        self.sides[side].graveyard.append(iid)
        self.log_event(side, "to_graveyard", iid, from_zone)

    def remove_unit(self, side: int, slot: int) -> int:
        """Take a unit off the board into the graveyard without destroying it (its soul follows)."""
        u = self.sides[side].board[slot]
        self.sides[side].board[slot] = None
        self.sides[side].graveyard.append(u.iid)
        self.release_soul(side, u.iid)
        return u.iid

    def destroy(self, side: int, slot: int, cause: str | None = None, source: int | None = None) -> None:
        """Destroy the unit in `slot` of `side`, unless a replacement saves it.

        `cause` and `source` are logged as the entry's reason and source
        (events.Cause): LETHAL (the damage `source` just dealt reached its
        HP) and HP (the rules: its HP is at its damage or 0) are the rules'
        own destroys; COST, its controller destroys it to pay a cost (Soul
        guard does not stop that); an effect gives its trigger and card."""
        s = self.sides[side]
        u = s.board[slot]
        if u is None:
            return
        if self.setup.replaces and replace.survives(
            self, side, slot, cause == Cause.LETHAL or cause == Cause.HP, cause == Cause.COST
        ):
            return
        s.board[slot] = None
        s.graveyard.append(u.iid)
        self.log_event(side, "destroy", u.iid, source, cause)
        self.release_soul(side, u.iid)
        self.fire(side, u.iid, ON_DESTROYED)

    def stays(self, side: int, slot: int, way: str) -> bool:
        """Whether the unit in `slot` of `side`, about to leave the board `way` (not destroyed: moved to a
        zone, removed from the game), stays instead: Soul guard.  Every effect that takes a unit off the
        board asks, except to make room for a summon or to pay a cost (docs/rulings.md G3)."""
        return replace.LEAVE in self.setup.replaces and replace.guard(self, side, slot, False, way)

    def destroy_field(self, side: int, iid: int, cause: str | None = None, source: int | None = None) -> None:
        """A card in `side`'s field zone is destroyed: its continuous changes end at once (CR 2-11c)."""
        s = self.sides[side]
        if iid in s.field:
            s.field.remove(iid)
            s.graveyard.append(iid)
            self.log_event(side, "destroy", iid, source, cause)
            self.release_soul(side, iid)

    def declare_attack(self, side: int, attacker: int, target: int) -> None:
        """Rest the attacker, trigger its attack abilities, then fight."""
        s = self.sides[side]
        foe = 1 - side
        if attacker == RULER:
            if side == PLAYER:
                s.ruler_rested = True
            attacker_iid = -1
        else:
            s.board[attacker].rested = True
            attacker_iid = s.board[attacker].iid
        target_iid = -1 if target == RULER else self.sides[foe].board[target].iid
        self.attacks += 1
        self.log_event(side, "attack", attacker_iid, target, target_iid)
        self.tasks.append(("battle", side, attacker, attacker_iid, target, target_iid))
        if self.setup.windows and side == INVADER:
            # After its attack abilities resolve, the player may answer; again just before battle damage.
            self.tasks.append(windows.task(BEFORE_DAMAGE))
            self.tasks.append(windows.task(ATTACK_DECLARED, attacker_iid, target, target_iid))
        if attacker_iid >= 0:
            self.fire(side, attacker_iid, ON_ATTACK, (target, target_iid))
            if self.setup.has_attack_costs:
                self.fire(side, attacker_iid, ATTACK_COST)  # on top: the costs of attacking are paid first

    def window_after_drive(self, iid: int) -> None:
        """The rift is about to play its driven card `iid`: once it has resolved, the player may answer (windows.py).

        Called before the card is played, so that the window waits under whatever the card starts."""
        if self.setup.windows:
            self.tasks.append(windows.task(RIFT_DRIVE, iid))

    def damage_ruler(
        self, side: int, amount: int, battle: bool, cause: str | None = None, source: int | None = None
    ) -> None:
        """Queue a damage check of `amount` cards, one at a time (what replacements leave of it).

        `cause`, `source`: what dealt it (events.Cause; an effect gives its trigger and card)."""
        if amount <= 0:
            return
        if self.setup.replaces:
            amount = replace.damage(self, side, -1, RULER, amount, battle, cause, source)
            if amount <= 0:
                return
        self.log_event(side, "ruler_damage", amount, battle, source, cause)
        self.tasks.append(("check", side, amount, amount))

    def damage_unit(
        self,
        side: int,
        slot: int,
        amount: int,
        battle: bool = False,
        cause: str | None = None,
        source: int | None = None,
    ) -> None:
        """Deal `amount` damage to the unit in `slot` of `side` (what replacements leave of it); `battle`: battle damage.

        `cause`, `source`: what dealt it (events.Cause; an effect gives its trigger and card)."""
        board = self.sides[side].board
        u = board[slot]
        if u is None or amount <= 0:
            return
        if self.setup.replaces:
            amount = replace.damage(self, side, u.iid, slot, amount, battle, cause, source)
            if amount <= 0 or board[slot] is not u:
                return
        u.damage += amount
        self.log_event(side, "damage_unit", u.iid, amount, u.damage, source, cause)
        if u.damage >= self.hp(side, slot):
            self.destroy(side, slot, Cause.LETHAL, source)

    def pending_battle(self, side: int) -> Battle | None:
        """The latest attack `side` declared whose battle is still to be fought (None: no such attack).

        Bots and windows ask this instead of reading the task stack: what a
        waiting battle is made of is the engine's business."""
        for task in reversed(self.tasks):
            if type(task) is tuple and task[0] == "battle" and task[1] == side:
                return Battle(*task[1:])
        return None

    def attack_goes_on(self, side: int, attacker_iid: int) -> bool:
        """The declared attack of `side`'s unit `attacker_iid`, not yet fought, goes on to the enemy ruler.

        Its battle task is rewritten in place: the battle then deals the
        attacker's STK to the ruler as battle damage.  The task keeps the card
        the attack was declared against, which tells the battle that the
        attack went on (Cause.CARRY_THROUGH).  False when no such attack is
        waiting."""
        tasks = self.tasks
        for i in range(len(tasks) - 1, -1, -1):
            task = tasks[i]
            if type(task) is tuple and task[0] == "battle" and task[1] == side and task[3] == attacker_iid:
                _, _, attacker, _, target, target_iid = task
                tasks[i] = (
                    "battle",
                    side,
                    attacker,
                    attacker_iid,
                    RULER,
                    target_iid,
                )  # a ruler target with a card: gone on
                self.log_event(side, "carry_through", attacker_iid, target, target_iid)
                return True
        return False

    # ------------------------------------------------------------------ internals
    def log_event(self, side: int | None, kind: str, *args: object) -> None:
        """Add an event to the log (engine/events.py lists the kinds and their fields)."""
        self.log.append((self.turn, kind, side, *args))

    _log = log_event  # the name the rift's controller has always used

    def _take_from_hand_or_drive(self, side: int, iid: int) -> str:
        s = self.sides[side]
        for name in ("hand", "drive"):
            zone = getattr(s, name)
            if iid in zone:
                zone.remove(iid)
                return name
        for i, c in enumerate(s.set_zones):
            if c == iid:
                s.set_zones[i] = None
                return "set"
        raise IllegalAction(f"card {iid} is not in hand, drive zone or set zones")

    def _pay_and_take(self, side: int, iid: int) -> str:
        """Pay the card's level and take it from its zone; returns the zone ("hand", "drive", "set")."""
        self.sides[side].energy_ready -= self._cost(iid)
        return self._take_from_hand_or_drive(side, iid)

    def play_from_hand(self, side: int, iid: int, slot: int) -> None:
        """Play a card from the hand, its cost already paid (a discount): a unit is normally summoned
        into `slot` (a summon right used), an event played, a field put into the field zone; TD triggers."""
        s = self.sides[side]
        s.hand.remove(iid)
        kind = self.setup.defs[iid].type
        if kind is CardType.EVENT:
            self.play_event(side, iid)
            return
        if kind is CardType.UNIT:
            s.summons += 1
            self.summon(side, iid, slot)
        else:
            self.play_field(side, iid)
        self.fire(side, iid, TOUCHDOWN)

    def take_top(self, side: int) -> int | None:
        """The top card of `side`'s deck; taking from an empty deck loses (deck-out) [rules.md 9]."""
        s = self.sides[side]
        if not s.deck:
            s.lost = s.lost or "deck-out"
            return None
        return s.deck.pop()

    def draw(self, side: int, cause: str | None = None, source: int | None = None) -> None:
        """`side` draws a card; a side without a hand drives it instead, or (`Rules.handless_draw`)
        draws nothing (docs/rulings.md 36).

        `cause`, `source`: why (events.Cause.TURN for the start phase's draws; an effect gives its trigger and card)."""
        if side == INVADER or not self.setup.ruler.has_hand:
            if self.setup.rules.handless_draw is HandlessDraw.NOTHING:
                return
            if side == INVADER:
                # The rift has no hand: it drives instead, and uses what it drives at once.
                self.tasks.append(("ctl", "drive") if cause == Cause.TURN else ("ctl", "drive", source, cause))
            else:
                self._drive(side, cause, source)
            return
        iid = self.take_top(side)
        if iid is None:
            return
        self.sides[side].hand.append(iid)
        self.log_event(side, "draw", iid, source, cause)
        if OPEN_CARD in self.setup.defs[iid].keywords:
            self.tasks.append(("open", side, iid))

    def _drive(self, side: int, cause: str | None, source: int | None) -> None:
        iid = self.take_top(side)
        if iid is None:
            return
        self.sides[side].drive.append(iid)
        self.log_event(side, "drive", iid, source, cause)
        if OPEN_CARD in self.setup.defs[iid].keywords:
            self.tasks.append(("open", side, iid))

    def _end_main(self, side: int) -> None:
        """Cards left in the drive zone go to the graveyard [CR 6-3c]."""
        s = self.sides[side]
        for iid in s.drive:
            s.graveyard.append(iid)
            self.log_event(side, "to_graveyard", iid, "drive zone")
        s.drive = []

    def _ready(self, side: int, iid: int, trigger: str) -> list[int]:
        """The card's abilities with `trigger` whose `requires` holds now."""
        indices = self.setup.triggers[iid].get(trigger, ())
        abilities = self.setup.defs[iid].abilities
        return [i for i in indices if abilities[i].requires is None or abilities[i].requires.holds(self, side, iid, ())]

    def fire(self, side: int, iid: int, trigger: str, event: tuple = (), ready: list[int] | None = None) -> None:
        """A trigger happened to the card `iid` of `side`: queue its abilities for it, the first on top.

        An ability whose `requires` fails does not trigger (`ready`: the
        abilities whose requirement was already found to hold).  `event` is the
        trigger's own data, kept in the frames (on_attack: the target zone and card)."""
        if ready is None:
            if trigger not in self.setup.triggers[iid]:
                return
            ready = self._ready(side, iid, trigger)
        abilities = self.setup.defs[iid].abilities
        if not ready:
            return
        if self.setup.has_once:
            ready = self._not_used(iid, ready, abilities)
            if not ready:
                return
        own = True
        tasks = self.tasks
        for index in reversed(ready):
            ability = abilities[index]
            tasks.append(Frame(side, iid, index, BEGIN if ability.costs or ability.optional else 0, (), (), event))
            if ability.rule:  # a level's rule added it: logged as the rule acting, not as an ability of the card
                self.log_event(side, "special_rule", ability.rule, iid)
                own = any(not abilities[i].rule for i in ready)
        if self.setup.damage_windows and any((iid, index) in self.setup.damage_windows for index in ready):
            tasks.append(windows.task(DAMAGE_EFFECT, iid))  # the player may answer before the damage ability resolves
        if own:
            self.log_event(side, "ability", iid, trigger)

    def _not_used(self, iid: int, ready: list[int], abilities: tuple) -> list[int]:
        """`ready` without the once-per-turn abilities already used this turn; those left count as used now."""
        ready = [i for i in ready if not abilities[i].once_per_turn or (iid, i) not in self.used]
        self.used += tuple((iid, i) for i in ready if abilities[i].once_per_turn)
        return ready

    def _battle(self, side: int, attacker: int, attacker_iid: int, target: int, target_iid: int) -> None:
        foe = 1 - side
        s = self.sides[side]
        if attacker != RULER:
            u = s.board[attacker]
            if u is None or u.iid != attacker_iid:
                return  # the attacker left the board before the battle
        if target == RULER:
            # a ruler target with a card: the attack went on to the ruler (attack_goes_on)
            self.damage_ruler(
                foe,
                self.stk(side, attacker),
                True,
                Cause.ATTACK if target_iid < 0 else Cause.CARRY_THROUGH,
                attacker_iid,
            )
            return
        t = self.sides[foe].board[target]
        if t is None or t.iid != target_iid:
            return  # the target left the board: the attack does nothing
        target_kw = self.keywords(foe, target)
        if attacker != RULER and INTERCEPT in target_kw:
            self.damage_unit(side, attacker, self.atk(foe, target), True, Cause.INTERCEPT, target_iid)
            u = s.board[attacker]
            if u is None or u.iid != attacker_iid:
                return
        pierce = PIERCE in self.keywords(side, attacker)
        stk = self.stk(side, attacker)
        self.damage_unit(foe, target, self.atk(side, attacker), True, Cause.ATTACK, attacker_iid)
        t = self.sides[foe].board[target]
        if t is None or t.iid != target_iid:
            if target == DEFENSE and pierce:
                self.damage_ruler(foe, stk, True, Cause.PIERCE, attacker_iid)
            return
        if attacker != RULER and COUNTERATTACK in target_kw:
            u = s.board[attacker]
            if u is not None and u.iid == attacker_iid:
                self.damage_unit(side, attacker, self.atk(foe, target), True, Cause.COUNTERATTACK, target_iid)

    def _check_one(self, side: int, remaining: int, total: int | None) -> None:
        """One card of a damage check of `total` cards, `remaining` of them still to come [rules.md 6.4].

        `total` is None for a check queued by a save from before the log
        numbered checks (its cards then log no place)."""
        index = None if total is None else total - remaining + 1
        iid = self.take_top(side)
        if iid is None:
            self.log_event(side, "check_deck_out", index, total)
            return
        s = self.sides[side]
        d = self.setup.defs[iid]
        if remaining > 1:
            self.tasks.append(("check", side, remaining - 1, total))
        if d.has_cnt:
            s.graveyard.append(iid)
            self.log_event(side, "check", iid, "cnt", index, total)
            self.fire(side, iid, CNT)
        else:
            s.damage_zone.append(iid)
            self.log_event(side, "check", iid, "damage", index, total)
            if len(s.damage_zone) >= self.life(side):
                s.lost = s.lost or "damage"

    def _start_phase(self, side: int) -> None:
        self.turn += 1
        self.active = side
        self.attacks = 0
        self.phase = Phase.START
        self.used = ()
        self.log_event(side, "turn")
        if self.turn > self.setup.max_turns:
            self._finish("draw", "turn cap")
            return
        s = self.sides[side]
        s.summons = 0
        s.ruler_rested = False
        for slot in (ATTACK_LEFT, ATTACK_RIGHT):
            if s.board[slot] is not None:
                s.board[slot].rested = False
        later: list[tuple] = []
        if side == PLAYER:
            ruler = self.setup.ruler
            s.energy_ready = (
                s.energy if ruler.energy_readied is None else min(s.energy, s.energy_ready + ruler.energy_readied)
            )
            count = ruler.turn_start_count
            if self.turn == 1 and ruler.first_turn_count is not None:
                count = ruler.first_turn_count
            kind = "draw" if ruler.turn_start is TurnStartKind.DRAW else "drive"
            later = list(self.setup.opponent.player_turn_tasks(self)) + [(kind, PLAYER)] * count + [("main", PLAYER)]
        else:
            later = list(self.setup.opponent.turn_tasks(self)) + [("end", INVADER)]
            if self.setup.windows:
                later.insert(-1, windows.task(RIFT_END))
        for task in reversed(later):
            self.tasks.append(task)
        for slot in UNIT_SLOTS:
            u = s.board[slot]
            if u is not None:
                self.fire(side, u.iid, START_OF_TURN)
        for iid in s.field:
            self.fire(side, iid, START_OF_TURN)

    def _end_phase(self, side: int) -> None:
        self.phase = Phase.END
        if self.sides[PLAYER].drive:
            # Driven after the main phase (a draw effect of a hand-less ruler): never
            # playable, so it goes the way of undriven cards (docs/rulings.md).
            self._end_main(PLAYER)
        clear = self.setup.rules.unit_damage is UnitDamage.CLEARS
        for who, s in enumerate(self.sides):
            if s.shields:
                s.shields = []  # one-shot preventions last until the end of the turn (replace.py)
            s.ruler_tmp_atk = s.ruler_tmp_stk = 0
            for u in s.board:
                if u is not None:
                    u.tmp_atk = u.tmp_hp = u.tmp_stk = 0
                    if clear and u.damage:
                        u.damage = 0  # Rules.unit_damage: damage ends with the turn, with the changes above
                        self.log_event(who, "damage_cleared", u.iid)
        for hook in self.setup.turn_end:
            hook(self)
        self.tasks.append(("start", 1 - side))

    def _finish(self, winner: str, reason: str) -> None:
        self.winner = winner
        self.end_reason = reason
        self.phase = Phase.OVER
        self.pending = None
        self.tasks = []
        self.log_event(None, "game_over", winner)

    def _rules(self) -> None:
        """Rules processing: units at 0 HP are destroyed; a side that lost (its damage zone reached
        its LIFE, it took a card from an empty deck, or its deck is empty: `Rules.deck_out`) ends the game."""
        if self.winner is not None:
            return
        defs = self.setup.defs
        bonuses = self.setup.stat_bonuses
        for side in (PLAYER, INVADER):
            board = self.sides[side].board
            for slot in UNIT_SLOTS:
                u = board[slot]
                if u is not None:
                    # hp() inlined: this runs after every task of every game
                    hp = self.hp(side, slot) if bonuses else (defs[u.iid].hp or 0) + u.hp_mod + u.tmp_hp
                    if hp <= 0 or u.damage >= hp:
                        self.destroy(side, slot, Cause.HP)
        player, rift = self.sides
        if (not player.deck or not rift.deck) and self.setup.rules.deck_out is DeckOut.EMPTY:
            # A side whose deck has no cards left loses (rules.md 9), checked as the damage zone is.
            if not player.deck and not player.lost:
                player.lost = "deck-out"
            if not rift.deck and not rift.lost:
                rift.lost = "deck-out"
        p_lost = player.lost
        i_lost = rift.lost
        if p_lost or i_lost:
            for side, why in ((PLAYER, p_lost), (INVADER, i_lost)):
                if why:
                    self.log_event(side, "loss", why)
            if p_lost and i_lost:
                self._finish("draw", f"both sides lost ({p_lost}, {i_lost})")
            elif p_lost:
                self._finish("invader", p_lost)
            else:
                self._finish("player", i_lost)

    def _run(self) -> None:
        """Pop tasks until the player must decide or the game is over."""
        tasks = self.tasks
        while self.winner is None and self.pending is None and tasks:
            task = tasks.pop()
            if type(task) is Frame:
                resolve.run(self, task)
                self._rules()
                continue
            kind = task[0]
            if kind == "check":
                self._check_one(task[1], task[2], task[3])
            elif kind == "battle":
                self._battle(*task[1:])
            elif kind == "draw":
                self.draw(task[1], Cause.TURN)
            elif kind == "drive":
                self._drive(task[1], Cause.TURN, None)
            elif kind == "open":
                self._play_open(task[1], task[2])
            elif kind == "main":
                self.phase = Phase.MAIN
                self.log_event(PLAYER, "phase", Phase.MAIN)
            elif kind == "start":
                if self.halt_after_turn is not None and self.turn >= self.halt_after_turn:
                    tasks.append(task)  # stop between turns (scenarios play one turn)
                    break
                self._start_phase(task[1])
            elif kind == "end":
                self._end_phase(task[1])
            elif kind == "ctl":
                self.setup.opponent.run_task(self, task)
            elif kind == windows.WINDOW:
                windows.open_window(self, task)
            else:  # pragma: no cover - a programming error, not a game state
                raise RuntimeError(f"unknown task {task!r}")
            self._rules()

    def _play_open(self, side: int, iid: int) -> None:
        """An open card must be played at once when drawn or driven [QG]."""
        s = self.sides[side]
        d = self.setup.defs[iid]
        from_hand = iid in s.hand
        if from_hand:
            s.hand.remove(iid)
        elif iid in s.drive:
            s.drive.remove(iid)
        else:
            return
        if d.type is CardType.UNIT:
            slot = next((sl for sl in UNIT_SLOTS if s.board[sl] is None), ATTACK_LEFT)
            self.summon(side, iid, slot)
        elif d.type is CardType.FIELD:
            self.play_field(side, iid)
        else:
            self.play_event(side, iid)
            return
        if from_hand:
            self.fire(side, iid, TOUCHDOWN)  # played from the hand, though not by a normal summon (CR 16-3b)

    # ------------------------------------------------------------------ saving
    def to_dict(self) -> dict:
        """Plain JSON-able data that `from_dict` turns back into this exact game (engine/serial.py)."""
        return game_to_dict(self)

    @classmethod
    def from_dict(
        cls,
        data: dict,
        *,
        pool: CardPool,
        ruler: RulerDef,
        level: LevelDef,
        opponent: Opponent,
        rules: Rules | None = None,
    ) -> Game:
        """Rebuild a saved game (this version's or the previous one's).  The caller loads the
        definitions it names and gives the opponent; the rules are the state's own unless given."""
        player_n = len(data["player_deck"])
        ids = data["cards"]
        invader_defs = opponent.card_definitions(level, pool, tuple(ids[player_n:]))
        defs = tuple(pool[c] for c in ids[:player_n]) + tuple(invader_defs[c] for c in ids[player_n:])
        setup = build_setup(
            defs,
            owners=tuple([PLAYER] * player_n + [INVADER] * (len(ids) - player_n)),
            ruler=ruler,
            level=level,
            pool=pool,
            opponent=opponent,
            seed=data["seed"],
            max_turns=data["max_turns"],
            player_deck=tuple(data["player_deck"]),
            deck_name=data.get("deck_name", ""),
            rules=rules if rules is not None else Rules.from_dict(data.get("rules")),
        )
        game = cls._blank(setup, random.Random(0))
        game_from_dict(game, data)
        return game


def _deal(ids: list[str], order: list[int], size: int | None) -> tuple[list[str], list[int]]:
    """The rift's cards when it plays with only the top `size` of its shuffled list (the rest are set
    aside unseen, out of the game): the kept card ids in list order, and the deck order renumbered
    to them.  The kept cards lie in the same order as in the game with the whole list."""
    if size is None or size >= len(order):
        return ids, order
    kept = order[len(order) - size :]  # the top of the deck is the end of the list
    ranked = sorted(kept)
    rank = {index: r for r, index in enumerate(ranked)}
    return [ids[i] for i in ranked], [rank[i] for i in kept]


__all__ = ["Decision", "Game", "Phase", "Setup", "SIDE_NAMES", "SLOT_NAMES", "SLOT_WORDS"]
