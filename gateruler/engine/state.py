"""Mutable game state: units on the board and each side's zones.

Kept deliberately small (lists of integer card instance ids) so that copying a
game for a lookahead costs a few list copies, never a deep copy of card data.
"""

from __future__ import annotations

import enum

from gateruler.engine.tasks import Battle as Battle  # the battle task lived here once; the bots import it from here


class Phase(enum.StrEnum):
    """The phase of the turn (`Game.phase`); its text is what saves and the log hold."""

    START = "start"
    MAIN = "main"
    ATTACK = "attack"
    END = "end"
    OVER = "over"


# The members under names of their own: a read of `Phase.MAIN` goes through EnumType.__getattr__ (Python
# 3.11), five times a plain attribute, and the engine reads the phase at every legal_actions().
START_PHASE, MAIN_PHASE, ATTACK_PHASE, END_PHASE, GAME_OVER = Phase


class Unit:
    """A unit on the board: which card it is, the damage it bears, and its state."""

    __slots__ = (
        "iid",
        "damage",
        "rested",
        "atk_mod",
        "hp_mod",
        "stk_mod",
        "tmp_atk",
        "tmp_hp",
        "tmp_stk",
        "entered_turn",
        "gained",
        "how",
    )

    def __init__(self, iid: int, entered_turn: int = 0, how: str = "normal") -> None:
        self.iid = iid
        self.damage = 0
        self.rested = False
        self.atk_mod = 0  # permanent modifiers
        self.hp_mod = 0
        self.stk_mod = 0
        self.tmp_atk = 0  # until end of turn
        self.tmp_hp = 0
        self.tmp_stk = 0
        self.entered_turn = entered_turn
        self.gained: tuple[tuple[str, bool], ...] = ()  # keywords granted: (keyword, for good) (effects/status.py)
        self.how = how  # how it entered the board: "normal" (played), "special" (by an effect)

    def copy(self) -> Unit:
        u = Unit.__new__(Unit)
        u.iid = self.iid
        u.damage = self.damage
        u.rested = self.rested
        u.atk_mod = self.atk_mod
        u.hp_mod = self.hp_mod
        u.stk_mod = self.stk_mod
        u.tmp_atk = self.tmp_atk
        u.tmp_hp = self.tmp_hp
        u.tmp_stk = self.tmp_stk
        u.entered_turn = self.entered_turn
        u.gained = self.gained
        u.how = self.how
        return u

    def to_dict(self) -> dict:
        data = {name: getattr(self, name) for name in self.__slots__}
        data["gained"] = [list(g) for g in self.gained]
        return data

    @classmethod
    def from_dict(cls, data: dict) -> Unit:
        u = cls(data["iid"])
        for name in cls.__slots__:
            if name == "gained":
                u.gained = tuple((k, bool(kept)) for k, kept in data.get("gained", ()))  # older saves have none
            elif name == "how":
                u.how = data.get("how", "normal")  # older saves have no "how"
            else:
                setattr(u, name, data[name])
        return u


_ADDED_LISTS = frozenset(
    {"removed", "shields", "ruler_gained", "soul", "face_down"}
)  # state saved before these existed has none


class SideState:
    """One side's zones.  The deck keeps its top at the END of the list."""

    __slots__ = (
        "deck",
        "hand",
        "drive",
        "graveyard",
        "damage_zone",
        "set_zones",
        "field",
        "removed",
        "soul",
        "board",
        "energy",
        "energy_ready",
        "ruler_rested",
        "summons",
        "ruler_tmp_atk",
        "ruler_tmp_stk",
        "ruler_atk_mod",
        "ruler_stk_mod",
        "lost",
        "shields",
        "ruler_gained",
        "face_down",
    )

    def __init__(self, set_zone_count: int = 0) -> None:
        self.deck: list[int] = []
        self.hand: list[int] = []
        self.drive: list[int] = []
        self.graveyard: list[int] = []
        self.damage_zone: list[int] = []
        self.set_zones: list[int | None] = [None] * set_zone_count
        self.field: list[int] = []
        self.removed: list[int] = []  # removed from the game (a zone of its own)
        # host card (a unit on the board, a card in the field zone) -> its soul cards, oldest first;
        # tuples, so a copy of the game shares them safely
        self.soul: dict[int, tuple[int, ...]] = {}
        self.board: list[Unit | None] = [None, None, None]
        self.energy = 0
        self.energy_ready = 0
        self.ruler_rested = False
        self.summons = 0
        self.ruler_tmp_atk = 0
        self.ruler_tmp_stk = 0
        self.ruler_atk_mod = 0
        self.ruler_stk_mod = 0
        self.lost = ""  # why this side lost ("damage", "deck-out"), or ""
        # one-shot damage preventions waiting for the next damage this turn (engine/replace.py):
        # (protected unit, -1 the ruler or -2 both; amount, 0 for all; "any"/"battle"/"effect"; the card that armed it)
        self.shields: list[tuple[int, int, str, int]] = []
        self.ruler_gained: tuple[tuple[str, bool], ...] = ()  # keywords granted to the ruler: (keyword, for good)
        # damage-zone cards turned face down (DR, costs.py): they still count towards LIFE but show nothing;
        # a tuple, so a copy of the game shares it
        self.face_down: tuple[int, ...] = ()

    def copy(self) -> SideState:
        s = SideState.__new__(SideState)
        s.deck = self.deck[:]
        s.hand = self.hand[:]
        s.drive = self.drive[:]
        s.graveyard = self.graveyard[:]
        s.damage_zone = self.damage_zone[:]
        s.set_zones = self.set_zones[:]
        s.field = self.field[:]
        s.removed = self.removed[:]
        s.soul = self.soul.copy()
        s.board = [u.copy() if u is not None else None for u in self.board]
        s.energy = self.energy
        s.energy_ready = self.energy_ready
        s.ruler_rested = self.ruler_rested
        s.summons = self.summons
        s.ruler_tmp_atk = self.ruler_tmp_atk
        s.ruler_tmp_stk = self.ruler_tmp_stk
        s.ruler_atk_mod = self.ruler_atk_mod
        s.ruler_stk_mod = self.ruler_stk_mod
        s.lost = self.lost
        s.shields = self.shields[:]
        s.ruler_gained = self.ruler_gained
        s.face_down = self.face_down
        return s

    def unit(self, slot: int) -> Unit:
        """The unit in `slot`, which must hold one (an attacker just declared, a unit a cost rests)."""
        u = self.board[slot]
        if u is None:
            raise LookupError(f"no unit in zone {slot}")
        return u

    @property
    def soul_cards(self) -> list[int]:
        """Every soul card of this side, host by host (the filter zone `soul`)."""
        return [iid for cards in self.soul.values() for iid in cards]

    def units(self) -> list[Unit]:
        return [u for u in self.board if u is not None]

    def all_iids(self) -> list[int]:
        """Every card of this side, wherever it is (for conservation checks)."""
        out = self.deck + self.hand + self.drive + self.graveyard + self.damage_zone + self.field + self.removed
        for cards in self.soul.values():
            out += cards
        out += [c for c in self.set_zones if c is not None]
        out += [u.iid for u in self.board if u is not None]
        return out

    def to_dict(self) -> dict:
        data = {}
        for name in self.__slots__:
            value = getattr(self, name)
            if name == "board":
                value = [u.to_dict() if u is not None else None for u in value]
            elif name == "shields":
                value = [list(shield) for shield in value]
            elif name == "ruler_gained":
                value = [list(g) for g in value]
            elif name == "face_down":
                value = list(value)
            elif name == "soul":
                value = [[host, list(cards)] for host, cards in value.items()]  # JSON keys would be strings
            elif isinstance(value, list):
                value = list(value)
            data[name] = value
        return data

    @classmethod
    def from_dict(cls, data: dict) -> SideState:
        s = cls.__new__(cls)
        for name in cls.__slots__:
            value = data.get(name, []) if name in _ADDED_LISTS else data[name]
            if name == "ruler_gained":
                value = tuple((k, bool(kept)) for k, kept in value)
            elif name == "face_down":
                value = tuple(value)
            elif name == "board":
                value = [Unit.from_dict(u) if u is not None else None for u in value]
            elif name == "shields":
                value = [tuple(shield) for shield in value]
            elif name == "soul":
                value = {host: tuple(cards) for host, cards in value}
            elif isinstance(value, list):
                value = list(value)
            setattr(s, name, value)
        return s
