"""What one decision of greedy's needs to know: `Facts`, made afresh at every decision.

Greedy's currency is expected damage-zone cards, weighted by how near each
side is to losing (docs/bots.md): `off` scales a point of damage to the
rift, `dfn` a point to the player.  A `Facts` holds those scales, the decks'
odds, the rift's next attackers and the player's board, and answers the
questions every part of greedy asks: what face damage is worth (`face`),
what killing a rift unit is worth (`kill_value`), how much the rift's next
attacks would deal against a board (`incoming`).  A Facts is made for one
decision: nothing it reads changes under it, so it remembers its answers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from gateruler.bots.greedy.cards import BoardUnit, CardFacts
from gateruler.bots.greedy.drives import drive_levels, stay_chances
from gateruler.bots.greedy.odds import (
    BattleOutcome,
    Battles,
    RiftAttacker,
    at_least,
    battle_in,
    battles_of,
    card_facts,
    deck_odds,
    remembered_battle,
    rift_battle,
    sacrifice_ids,
)
from gateruler.bots.weights import Weights
from gateruler.engine.actions import ATTACK_LEFT, ATTACK_RIGHT, DEFENSE, INVADER, PLAYER, RULER
from gateruler.engine.keywords import PIERCE, SOUL_GUARD
from gateruler.engine.rules import UnitDamage

if TYPE_CHECKING:
    from gateruler.engine.game import Game

UNIT_SLOTS = (ATTACK_LEFT, ATTACK_RIGHT, DEFENSE)
OurBoard = tuple[BoardUnit | None, BoardUnit | None, BoardUnit | None]  # the player's (left, right, defense)
HAND_SET = Weights()  # the greedy bot's own weights


def can_attack_now(game: Game, slot: int) -> bool:
    """Whether the player's unit in `slot` (or the ruler) can attack this turn."""
    if slot == RULER:
        return game.can_attack(PLAYER, RULER)
    return (
        slot < game.setup.ruler.attack_zones
        and game.sides[PLAYER].board[slot] is not None
        and game.can_attack(PLAYER, slot)
    )


class Facts:
    """What one decision needs: deck odds, race weights, the rift's attackers (worked out when first asked)."""

    __slots__ = (
        "game",
        "w",
        "cards",
        "rift_cards",
        "rift_hits",
        "rift_units",
        "rift_left",
        "our_hit_rate",
        "backlash",
        "off",
        "dfn",
        "new_atk",
        "new_stk",
        "new_hp",
        "_attackers",
        "_lines",
        "_board",
        "_kill_battles",
        "_now",
        "_battles",
        "_sacrifice_due",
        "lines_open",
        "sacrifice_ids",
        "_face",
        "_kill",
        "_wound",
        "damage_clears",
        "keep",
    )
    game: Game
    w: Weights
    cards: list[CardFacts]
    rift_cards: int
    rift_hits: int
    rift_units: int  # the units among the rift's cards: what its drives summon
    rift_left: int
    our_hit_rate: float
    backlash: float
    off: float  # what a point of damage to the rift is worth: its HP over the HP it has left
    dfn: float  # what a point of damage to the player is worth
    new_atk: float  # the rift's average new unit
    new_stk: float
    new_hp: float
    _attackers: tuple[RiftAttacker, ...] | None
    _lines: tuple[RiftAttacker | None, RiftAttacker | None, RiftAttacker] | None  # `_rift_lines`, read once
    _board: OurBoard | None  # `our_board`, read once
    _kill_battles: dict[int, tuple[BattleOutcome, BattleOutcome]]  # `_kill_battles_of`'s answers by slot
    _now: BattleOutcome | None  # `board_battle`
    _battles: Battles | None  # `battles`
    _sacrifice_due: bool | None
    lines_open: bool  # the rift has an empty unit slot: attacks may go to its ruler
    sacrifice_ids: frozenset[str]
    _face: dict[int, float]
    _kill: dict[int, float]
    _wound: dict[tuple[int, int], float]  # `wound_saving`'s answers by (slot, damage)
    keep: float  # the chance the player's units survive until the rift's attacks, as far as a weight counts it
    # `Rules.unit_damage` CLEARS in the player's turn: no unit bears this turn's damage into the rift's
    damage_clears: bool

    def __init__(self, game: Game, weights: Weights = HAND_SET) -> None:
        self.game = game
        self.w = weights
        cards = self.cards = card_facts(game)
        odds = deck_odds(game, cards)
        rift = game.sides[INVADER]
        ours = game.sides[PLAYER]
        rift_life = game.life(INVADER)
        our_life = game.life(PLAYER)
        self.rift_cards = odds.rift_cards
        self.rift_hits = odds.rift_hits
        self.rift_units = odds.rift_units
        self.rift_left = max(1, rift_life - len(rift.damage_zone))
        self.our_hit_rate = odds.our_hit_rate
        our_left = max(1, our_life - len(ours.damage_zone))
        self.off = rift_life / self.rift_left
        self.dfn = our_life / our_left
        self.backlash = odds.harm_rate * self.dfn * self.our_hit_rate * weights.backlash
        self.new_atk = odds.new_atk
        self.new_stk = odds.new_stk
        self.new_hp = odds.new_hp
        self.keep = 1.0
        self.damage_clears = game.setup.rules.unit_damage is UnitDamage.CLEARS and game.active == PLAYER
        if weights.wipe_risk and odds.rift_wipers:
            chance = at_least(1, game.setup.level.drives_per_turn, odds.rift_wipers, odds.rift_cards)
            self.keep = 1.0 - weights.wipe_risk * chance
        self._face = {}
        self._kill = {}
        self._wound = {}
        self._attackers = None
        self._lines = None
        self._board = None
        self._kill_battles = {}
        self._now = None
        self._battles = None
        self._sacrifice_due = None
        self.sacrifice_ids = sacrifice_ids(game.setup.level)
        board = rift.board
        self.lines_open = board[0] is None or board[1] is None or board[2] is None

    @property
    def attackers(self) -> tuple[RiftAttacker, ...]:
        """The rift's next attackers: its left and right units (a new average unit where a
        slot is empty: the drives fill it first), then its ruler."""
        if self._attackers is None:
            self._attackers = self._attackers_with(None)
        return self._attackers

    @property
    def battles(self) -> Battles:
        """The remembered battles of the rift's next attackers (`odds.battles_of`), found once."""
        battles = self._battles
        if battles is None:
            battles = self._battles = battles_of(self.attackers, self.sacrifice_due)
        return battles

    def _attackers_with(self, killed: int | None, wounded: int = -1, amount: int = 0) -> tuple[RiftAttacker, ...]:
        """The rift's next attackers if its unit in `killed` were gone (None: as they are), and the
        one in `wounded` (if any) had taken `amount` more damage."""
        lines = self._lines
        if lines is None:
            lines = self._lines = self._rift_lines()
        left, right, ruler = lines
        attackers: list[RiftAttacker] = []
        for slot, attacker in ((ATTACK_LEFT, left), (ATTACK_RIGHT, right)):
            if slot == killed:
                attackers.append((self.new_atk, self.new_stk, False, self.new_hp))
            elif attacker is not None:
                if slot == wounded:
                    atk, stk, pierce, hp = attacker
                    attacker = (atk, stk, pierce, hp - amount)
                attackers.append(attacker)
        attackers.append(ruler)
        return tuple(attackers)

    def attackers_if_killed(self, slot: int) -> tuple[RiftAttacker, ...]:
        """The rift's next attackers if its unit in `slot` were killed now (an average new unit in
        its place, the drives fill it; a unit in the defense zone does not attack)."""
        return self._attackers_with(slot) if slot != DEFENSE else self.attackers

    def _rift_lines(self) -> tuple[RiftAttacker | None, RiftAttacker | None, RiftAttacker]:
        """The rift's left and right attackers as they stand (a new average unit where a slot is empty,
        None for a dormant unit) and its ruler: read from the game once, whatever kill is asked about."""
        game = self.game
        rift = game.sides[INVADER]
        cards = self.cards
        lines: list[RiftAttacker | None] = []
        for slot in (ATTACK_LEFT, ATTACK_RIGHT):
            u = rift.board[slot]
            if u is None:
                lines.append((self.new_atk, self.new_stk, False, self.new_hp))
            elif cards[u.iid].dormant:
                lines.append(None)
            else:
                lines.append(
                    (
                        game.atk(INVADER, slot),
                        game.stk(INVADER, slot),
                        cards[u.iid].pierce,
                        game.hp(INVADER, slot) - self.borne(u.damage),
                    )
                )
        ruler_pierce = PIERCE in game.keywords(INVADER, RULER)
        return lines[0], lines[1], (game.atk(INVADER, RULER), game.stk(INVADER, RULER), ruler_pierce, 0)

    @property
    def counts_losses(self) -> bool:
        """Whether these weights value the player's units the rift's next attacks destroy."""
        return bool(self.w.lost_unit or self.w.lost_unit_atk)

    def loss_worth(self, battle: BattleOutcome) -> float:
        """What the player's units a battle of the rift's next attacks destroys (`odds.rift_battle`'s
        answer) are worth (`lost_unit` each, `lost_unit_atk` a third of a point of ATK), `keep` times
        (0 unless the weights count losses: ask `counts_losses`)."""
        _face, lost, lost_atk, _slots = battle
        return (self.w.lost_unit * lost + self.w.lost_unit_atk * lost_atk / 3) * self.keep

    def _kill_battles_of(self, slot: int) -> tuple[BattleOutcome, BattleOutcome]:
        """The rift's next attacks against the player's board as it is, and with its attacker in
        `slot` killed now (an average unit in its place): what a kill's value weighs, remembered."""
        battles = self._kill_battles.get(slot)
        if battles is None:
            left, right, defense = self.our_board()
            after = remembered_battle(self._attackers_with(slot), self.sacrifice_due, left, right, defense)
            battles = self._kill_battles[slot] = (self.board_battle(), after)
        return battles

    def board_battle(self) -> BattleOutcome:
        """The rift's next attacks against the player's board as it is (`our_board`), fought once: the
        plan's base and every kill's value start from it."""
        battle = self._now
        if battle is None:
            left, right, defense = self.our_board()
            battle = self._now = battle_in(self.battles, self.attackers, self.sacrifice_due, left, right, defense)
        return battle

    def incoming_now(self) -> float:
        """`incoming` of the player's board as it is (`our_board`)."""
        return self.board_battle()[0] * self.our_hit_rate

    def units_saved_by_kill(self, slot: int) -> float:
        """The worth of the player's units the rift's next attacks would no longer destroy if its
        attacker in `slot` were killed now (an average unit takes its place)."""
        now, after = self._kill_battles_of(slot)
        return self.loss_worth(now) - self.loss_worth(after)

    def shield_from_kill(self, slot: int) -> float:
        """How many fewer expected damage-zone cards the rift's next attacks deal the player's
        board as it is if its attacker in `slot` is killed now (an average unit takes its place)."""
        now, after = self._kill_battles_of(slot)
        return (now[0] - after[0]) * self.our_hit_rate

    def answers_saving(
        self, left: BoardUnit | None, right: BoardUnit | None, defense: BoardUnit | None, answers: tuple[int, ...]
    ) -> float:
        """What answers kept for the rift's turn (`odds.rift_battle`'s: 0 a prevention, else a removal's
        reach) save the board (`left`, `right`, `defense`) from the rift's next attacks: `hold_answer`
        times the expected damage-zone cards they save (scaled by the player's danger, `dfn`) plus
        `held_unit` for each player unit they keep alive."""
        game = self.game
        life_left = game.life(PLAYER) - len(game.sides[PLAYER].damage_zone)
        attackers = self.attackers
        sacrifice = self.sacrifice_due
        right_there = right is not None
        rate = self.our_hit_rate
        face, lost, _, _ = battle_in(self.battles, attackers, sacrifice, left, right, defense)
        kept_face, kept_lost, _, _ = rift_battle(
            attackers, sacrifice, left, right_there, defense, answers, life_left, rate
        )
        w = self.w
        return w.hold_answer * ((face - kept_face) * rate * self.dfn + w.held_unit * (lost - kept_lost))

    @property
    def sacrifice_due(self) -> bool:
        """Whether the rift's rule will destroy a player unit before its next attacks."""
        if self._sacrifice_due is None:
            cards = self.cards
            self._sacrifice_due = bool(self.sacrifice_ids) and any(
                u is not None and cards[u.iid].id in self.sacrifice_ids for u in self.game.sides[INVADER].board
            )
        return self._sacrifice_due

    def face(self, stk: int) -> float:
        """Value of `stk` damage checks on the rift: expected hits, backlash, lethal chance."""
        cached = self._face.get(stk)
        if cached is not None:
            return cached
        value = 0.0
        if stk > 0 and self.rift_cards:
            hits = stk * self.rift_hits / self.rift_cards
            value = min(hits, self.rift_left) * self.off - stk * self.backlash
            value += self.w.lethal * at_least(self.rift_left, stk, self.rift_hits, self.rift_cards)
        self._face[stk] = value
        return value

    def borne(self, damage: int) -> int:
        """The part of a unit's `damage` it still bears when the rift attacks: all of it, or under
        `Rules.unit_damage` CLEARS, in the player's turn, none (the end phase removes it, with the
        until-end-of-turn changes: `turns.end_phase`)."""
        return 0 if self.damage_clears else damage

    def remaining_hp(self, side: int, slot: int) -> int:
        """The HP left of the unit in `slot` of `side` (there must be one)."""
        game = self.game
        unit = game.sides[side].board[slot]
        assert unit is not None
        return game.hp(side, slot) - unit.damage

    def entry(self, card: CardFacts) -> BoardUnit:
        """A new unit as the rift's attacks meet it (`CardFacts.entry`); with `soul_guard_lives`, a
        unit with Soul guard has its HP again for each soul card its entering puts under it: each
        attack that would destroy it spends one instead, and its damage goes back to 0 (rulings G1),
        so in the left attack zone it takes the rift's next attacks again (solo 6)."""
        lives = card.guard_souls and round(self.w.soul_guard_lives * card.guard_souls)
        if not lives:
            return card.entry
        hp, atk, intercept, counter, attackable = card.entry
        return (hp * (1 + lives), atk, intercept, counter, attackable)

    def incoming(self, board: Sequence[BoardUnit | None]) -> float:
        """Expected damage checks on the player from the rift's next attacks against `board`,
        the player's (left, right, defense) (see `odds.rift_attacks`)."""
        return self.incoming_at(board[ATTACK_LEFT], board[ATTACK_RIGHT], board[DEFENSE])

    def incoming_at(self, left: BoardUnit | None, right: BoardUnit | None, defense: BoardUnit | None) -> float:
        """`incoming` with the board's three slots given one by one."""
        battles = self._battles
        if battles is None:
            battles = self.battles
        return battle_in(battles, self.attackers, self.sacrifice_due, left, right, defense)[0] * self.our_hit_rate

    def our_board(self) -> OurBoard:
        """The player's (left, right, defense) units as the rift's attacks meet them (read once: the
        plan and a kill's value both ask)."""
        board = self._board
        if board is None:
            game = self.game
            units = game.sides[PLAYER].board
            cards = self.cards
            lasting = bool(self.w.lasting_stats) and game.active == PLAYER
            read: list[BoardUnit | None] = []
            for slot in UNIT_SLOTS:
                u = units[slot]
                if u is None:
                    read.append(None)
                else:
                    c = cards[u.iid]
                    hp = game.hp(PLAYER, slot)
                    atk = game.atk(PLAYER, slot)
                    if lasting:  # this turn's changes end before the rift's turn (turns.end_phase)
                        hp -= u.tmp_hp
                        atk -= u.tmp_atk
                    left = hp - self.borne(u.damage)
                    if left <= 0:  # destroyed as its HP falls at the end of the turn
                        read.append(None)
                        continue
                    if self.w.soul_guard_lives and SOUL_GUARD in game.keywords(PLAYER, slot):
                        left += hp * round(self.w.soul_guard_lives * len(game.soul(PLAYER, u.iid)))
                    read.append((left, atk, c.intercept, c.counter, c.attackable))
            board = self._board = (read[0], read[1], read[2])
        return board

    def kill_value(self, slot: int) -> float:
        """What removing the rift's unit in `slot` is worth, beyond opening a line.

        An attacker is replaced by an average unit at the next drive, so a kill
        is worth the difference; End (level 2) costs the player a unit a turn."""
        cached = self._kill.get(slot)
        if cached is not None:
            return cached
        game = self.game
        w = self.w
        u = game.sides[INVADER].board[slot]
        assert u is not None
        value = w.kill_base
        if slot != DEFENSE:
            value += w.kill_atk * (game.atk(INVADER, slot) - self.new_atk) * self.dfn / 3
            value += w.kill_stk * (game.stk(INVADER, slot) - self.new_stk) * self.dfn
            value += w.kill_attacker * self.dfn
            if w.kill_shield:
                value += w.kill_shield * self.shield_from_kill(slot) * self.dfn
            if w.kill_saves_units and self.counts_losses:
                value += w.kill_saves_units * self.units_saved_by_kill(slot)
        if self.cards[u.iid].id in self.sacrifice_ids:
            value += w.kill_sacrificer * self.dfn
        self._kill[slot] = value
        return value

    def chip_value(self, slot: int, amount: int) -> float:
        """What `amount` damage that does not kill the rift's unit in `slot` is worth: a share of
        its kill (`chip`), and with `wound` what the wound saves the player's board from the
        rift's next attacks (`wound_saving`); nothing under `Rules.unit_damage` CLEARS."""
        w = self.w
        if self.damage_clears:
            return 0.0  # under unit_damage=clears it is gone at the end of the turn, before it could count
        value = w.chip * self.kill_value(slot) * amount / max(1, self.remaining_hp(INVADER, slot))
        if w.wound:
            value += w.wound * self.wound_saving(slot, amount)
        return value

    def wound_saving(self, slot: int, amount: int) -> float:
        """What `amount` more damage that does not kill the rift's attacker in `slot` saves the
        player's board as it is from the rift's next attacks: an intercepting unit whose ATK
        reaches the HP the attacker has left kills it before it strikes (`odds.rift_battle`).
        In expected damage-zone cards (scaled by the player's danger, `dfn`), plus `wound_unit`
        for each player unit those attacks no longer destroy; times the chance the wounded unit
        still stands in its zone when the rift attacks (`drives.stay_chances`: on a full board
        the rift's drives throw out its lowest-level unit).  A defense unit does not attack; under
        `Rules.unit_damage` CLEARS a wound saves nothing (`borne`)."""
        key = (slot, amount)
        saving = self._wound.get(key)
        if saving is not None:
            return saving
        saving = 0.0
        if self.damage_clears:
            return saving  # the wound ends with this turn, before the rift attacks
        game = self.game
        board = game.sides[INVADER].board
        if slot != DEFENSE and board[slot] is not None:
            now = self.board_battle()
            after = remembered_battle(self._attackers_with(None, slot, amount), self.sacrifice_due, *self.our_board())
            saving = (now[0] - after[0]) * self.our_hit_rate * self.dfn + self.w.wound_unit * (now[1] - after[1])
            if saving:
                cards = self.cards
                levels = tuple(None if u is None else cards[u.iid].level for u in board)
                stays = stay_chances(
                    (levels[0], levels[1], levels[2]), drive_levels(game, cards), game.setup.level.drives_per_turn
                )
                saving *= stays[0 if slot == ATTACK_LEFT else 1]
        self._wound[key] = saving
        return saving

    def ready_face(self) -> float:
        """Face damage the player's ready attackers could deal this turn through an open line."""
        game = self.game
        total = 0.0
        for slot in (ATTACK_LEFT, ATTACK_RIGHT, RULER):
            if can_attack_now(game, slot):
                total += self.face(game.stk(PLAYER, slot))
        return total
