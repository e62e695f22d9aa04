"""Scenarios: a board position in YAML, one turn played, the result as data.

A scenario makes any rule checkable from a file: set the zones up, name whose
turn it is, and `gateruler scenario FILE --json` plays exactly that turn and
prints the state it ends in (a fixed JSON contract, see docs/scenarios.md).
An optional `expect:` block is compared with that JSON, so a scenario file
can carry its own expected outcome.

Player actions are written as (docs/scenarios.md has the full list)::

    - {summon: ID, to: attack_left}      # from hand or drive zone
    - {play: ID}                         # an event or field (hand, drive or set zone)
    - {set: ID}                          # into the first empty set zone (or `zone: 1|2`)
    - attack_phase                       # end the main phase
    - {attack: ruler, target: defense}   # attacker: attack_left | attack_right | ruler
    - {activate: ID}                     # use the card's activated ability (`ability: 2` for its second one)
    - {discount: ID, to: defense}        # play a card from the hand for its discount (`to`: units only)
    - {choose: invader.attack_left}      # answer a decision about a unit
    - {choose_card: ID}                  # answer a decision about a card in a zone (hand, graveyard...)
    - {confirm: yes}                     # answer a "you may" decision (yes or no)
    - {split: {invader.attack_left: 2, invader.defense: 1}}   # answer how to split damage
    - end_turn                           # optional: the turn ends after the last action anyway
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

from gateruler.cardpool import CardPool
from gateruler.engine.actions import (
    DONE,
    INVADER,
    PLAYER,
    RULER,
    SIDE_NAMES,
    SLOT_BY_NAME,
    SLOT_NAMES,
    Action,
    Activate,
    Attack,
    Choose,
    ChooseCard,
    Confirm,
    Discount,
    EndTurn,
    GoToAttack,
    Pass,
    PlayEvent,
    PlayField,
    SetCard,
    Split,
    Summon,
)
from gateruler.engine.game import Game, Phase
from gateruler.engine.state import Unit
from gateruler.engine.tasks import Start
from gateruler.errors import DataError, IllegalAction
from gateruler.fileio import is_missing
from gateruler.limits import MAX_SEED
from gateruler.models import LevelDef, SourceLocation
from gateruler.variants import readings_for
from gateruler.vocabulary import CardType
from gateruler.yamlsrc import (
    MISSING,
    Fields,
    LocatedList,
    LocatedMap,
    Report,
    did_you_mean,
    load_yaml,
    location_of,
    show_value,
)

ZONE_LISTS = ("deck", "hand", "graveyard", "damage_zone", "set_zones")
TURNS = ("invader", "player")


@attrs.frozen
class PlacedUnit:
    card: str
    damage: int = 0
    rested: bool = False


@attrs.frozen
class SideLayout:
    deck: tuple[str, ...] | None  # top first; None: the level's deck, shuffled by the seed
    hand: tuple[str, ...] = ()
    graveyard: tuple[str, ...] = ()
    damage_zone: tuple[str, ...] = ()
    set_zones: tuple[str, ...] = ()
    board: dict[int, PlacedUnit] = attrs.field(factory=dict)
    energy: int | None = None


@attrs.frozen
class ScriptedAction:
    spec: Any
    location: SourceLocation


@attrs.frozen
class Scenario:
    path: str
    level: LevelDef
    pool: CardPool
    ruler_id: str
    turn: str
    first_turn: bool
    seed: int
    invader: SideLayout
    player: SideLayout
    actions: tuple[ScriptedAction, ...]
    expect: Any = None
    expect_location: SourceLocation = SourceLocation()
    variants: dict[str, str] = attrs.field(factory=dict)  # rule variants (gateruler/variants.py) over the level's


# ---------------------------------------------------------------------- loading
def load_scenario(path: str | Path, pool: CardPool | None = None) -> Scenario:
    """Read and check a scenario file on `pool` (default: the shipped cards); every mistake is reported with file:line:col."""
    from gateruler import loader

    path = str(path)
    node = load_yaml(path)
    report = Report()
    f = Fields(node, report, "a scenario", at=SourceLocation(path, 1, 1))
    pool = pool if pool is not None else loader.load_card_pool()
    inline = f.optional("cards", list, default=MISSING)
    if inline is not MISSING:
        try:
            pool = pool.with_cards(loader.parse_cards(inline, path))
        except Exception as error:  # DataError / DataErrors carry their own locations
            report.add_exception(error)  # type: ignore[arg-type]
    level_ref = f.required("level", (int, str))
    turn = f.required("turn", str, choices=TURNS)
    first_turn = f.optional("first_turn", bool, default=False)
    seed = f.optional("seed", int, default=0, min=0, max=MAX_SEED)
    invader_node = f.optional("invader", dict, default=LocatedMap(f.loc))
    player_node = f.optional("player", dict, default=MISSING)
    expect = f.optional("expect", dict, default=None)
    variants = loader.read_variants(f)
    f.finish()
    report.raise_errors()

    level = _load_level(level_ref, path, f.value_loc("level"), pool)
    invader = _side(invader_node, report, "invader", pool, allow=("deck", "board", "graveyard", "damage_zone"))
    if player_node is MISSING:
        player_node = LocatedMap(f.loc)
    pf = Fields(player_node, report, "player")
    ruler_id = pf.optional("ruler", str, default="knight")
    rulers = loader.load_rulers()
    if ruler_id is not MISSING and ruler_id not in rulers:
        pf.error(pf.value_loc("ruler"), f"unknown ruler {ruler_id!r}{did_you_mean(ruler_id, rulers)}")
    actions_node = pf.raw("actions")
    player = _side(
        player_node,
        report,
        "player",
        pool,
        allow=("ruler", "deck", "hand", "set_zones", "board", "graveyard", "damage_zone", "energy", "actions"),
    )
    actions: list[ScriptedAction] = []
    if actions_node is not MISSING:
        if not isinstance(actions_node, LocatedList):
            report.error(location_of(actions_node, pf.value_loc("actions")), "player.actions must be a list")
        else:
            actions = [ScriptedAction(a, actions_node.item_loc(i)) for i, a in enumerate(actions_node)]
    if player.deck is None and turn == "player":
        report.error(
            pf.loc if "deck" not in player_node else pf.value_loc("deck"), "player.deck is required (top first)"
        )
    if len(player.set_zones) > 2:
        report.error(pf.value_loc("set_zones"), "the player has only 2 set zones in solo mode")
    report.raise_errors()
    return Scenario(
        path=path,
        level=level,
        pool=pool,
        ruler_id=ruler_id,
        turn=turn,
        first_turn=first_turn,
        seed=seed,
        invader=invader,
        player=player,
        actions=tuple(actions),
        expect=expect,
        expect_location=f.value_loc("expect") if expect is not None else SourceLocation(),
        variants=variants,
    )


def _load_level(ref: Any, path: str, loc: SourceLocation, pool: CardPool) -> LevelDef:
    from gateruler import loader

    if isinstance(ref, int):
        if not 1 <= ref <= 6:
            raise DataError(path, loc.line, loc.column, f"level must be 1-6 or a level file path, not {ref}")
        return loader.load_level(ref, pool)
    level_path = Path(ref)
    if not level_path.is_absolute():
        level_path = Path(path).parent / level_path
    if is_missing(level_path):  # anything else there (a folder, a FIFO, a name too long) is named by the reader
        raise DataError(path, loc.line, loc.column, f"level file not found: {ref}")
    return loader.load_level(level_path, pool)


def _card_list(node: Any, f: Fields, key: str, pool: CardPool) -> tuple[str, ...]:
    items = f.optional(key, list, default=MISSING)
    if items is MISSING:
        return ()
    out = []
    for i, card in enumerate(items):
        loc = items.item_loc(i)
        if not isinstance(card, str):
            f.error(loc, f"{f.what}.{key} items must be card ids, not {_short(card)}")
        elif card not in pool:
            f.error(loc, f"unknown card {card!r}{did_you_mean(card, [c.id for c in pool])}")
        else:
            out.append(card)
    return tuple(out)


def _side(node: Any, report: Report, what: str, pool: CardPool, allow: tuple[str, ...]) -> SideLayout:
    f = Fields(node, report, what)
    deck = _card_list(node, f, "deck", pool) if "deck" in f else None
    lists = {
        key: _card_list(node, f, key, pool) for key in ("hand", "graveyard", "damage_zone", "set_zones") if key in allow
    }
    energy = f.optional("energy", int, default=None, min=0) if "energy" in allow else None
    board: dict[int, PlacedUnit] = {}
    board_node = f.optional("board", dict, default=MISSING)
    if board_node is not MISSING:
        for name, value in board_node.items():
            if name not in SLOT_BY_NAME:
                f.error(board_node.key_loc(name), f"unknown zone {name!r}{did_you_mean(str(name), SLOT_NAMES)}")
                continue
            placed = _placed_unit(value, board_node.value_loc(name), f, pool)
            if placed is not None:
                board[SLOT_BY_NAME[name]] = placed
    if "actions" in allow:
        f.raw("actions")
    if "ruler" in allow:
        f.raw("ruler")
    f.finish()
    return SideLayout(deck=deck, board=board, energy=energy, **lists)


def _placed_unit(value: Any, loc: SourceLocation, parent: Fields, pool: CardPool) -> PlacedUnit | None:
    if value is None:
        return None
    if isinstance(value, str):
        card, damage, rested, at = value, 0, False, loc
    else:
        uf = Fields(value, parent.report, "a board entry", at=loc)
        card = uf.required("card", str)
        damage = uf.optional("damage", int, default=0, min=0)
        rested = uf.optional("rested", bool, default=False)
        at = uf.value_loc("card")
        if not uf.finish() or card is MISSING:
            return None
    if card not in pool:
        parent.error(at, f"unknown card {card!r}{did_you_mean(card, [c.id for c in pool])}")
        return None
    if pool[card].type is not CardType.UNIT:
        parent.error(at, f"{card} is not a unit and cannot be on the board")
        return None
    return PlacedUnit(card, damage, rested)


# ---------------------------------------------------------------------- building the game
def build_game(scenario: Scenario) -> Game:
    """A game in exactly the scenario's position, about to play its turn."""
    from gateruler import loader

    ruler = loader.load_rulers()[scenario.ruler_id]
    inv = scenario.invader
    readings = readings_for(scenario.level, scenario.variants)
    if inv.deck is not None:
        inv_deck = list(inv.deck)
    else:  # the level's list shuffled, and dealt as the rift plays it (the long_lists variant)
        inv_deck = _shuffled(scenario.level.card_ids(), scenario.seed)[
            : readings.controller().deck_size(scenario.level)
        ]
    inv_layout = _zone_order(inv, inv_deck)
    pl_deck = list(scenario.player.deck or ())
    pl_layout = _zone_order(scenario.player, pl_deck)
    game = Game.new(
        deck=[cid for _zone, cid in pl_layout],
        ruler=ruler,
        level=scenario.level,
        pool=scenario.pool,
        seed=scenario.seed,
        invader_deck=[cid for _zone, cid in inv_layout],
        start=False,
        opponent=readings.controller(),
        rules=readings.engine,
    )
    offset = len(pl_layout)
    _place(game, PLAYER, pl_layout, 0, scenario.player)
    _place(game, INVADER, inv_layout, offset, inv)
    side = game.sides[PLAYER]
    side.energy = ruler.energy
    side.energy_ready = ruler.energy if scenario.player.energy is None else scenario.player.energy
    if scenario.turn == "invader":
        game.first_player = INVADER
        game.turn = 0 if scenario.first_turn else 2
        game.tasks.append(Start(INVADER))
    else:
        game.first_player = PLAYER if scenario.first_turn else INVADER
        game.turn = 0 if scenario.first_turn else 1
        game.tasks.append(Start(PLAYER))
    game.halt_after_turn = game.turn + 1
    game.run()
    return game


def _shuffled(ids: list[str], seed: int) -> list[str]:
    ids = list(ids)
    random.Random(seed).shuffle(ids)
    return ids


def _zone_order(layout: SideLayout, deck: list[str]) -> list[tuple[str, Any]]:
    """Every card of a side as (zone, card id), deck top first, then the other zones."""
    out: list[tuple[str, Any]] = [("deck", c) for c in deck]
    for zone in ("hand", "graveyard", "damage_zone", "set_zones"):
        out += [(zone, c) for c in getattr(layout, zone)]
    for slot in sorted(layout.board):
        out.append((f"board:{slot}", layout.board[slot].card))
    return out


def _place(game: Game, side: int, layout_cards: list[tuple[str, Any]], offset: int, layout: SideLayout) -> None:
    s = game.sides[side]
    s.deck, s.hand, s.graveyard, s.damage_zone = [], [], [], []
    s.set_zones = [None] * len(s.set_zones)
    set_index = 0
    for i, (zone, _cid) in enumerate(layout_cards):
        iid = offset + i
        if zone == "deck":
            s.deck.insert(0, iid)  # given top first; the engine keeps the top at the end
        elif zone == "set_zones":
            s.set_zones[set_index] = iid
            set_index += 1
        elif zone.startswith("board:"):
            slot = int(zone.split(":")[1])
            unit = Unit(iid, 0)
            placed = layout.board[slot]
            unit.damage = placed.damage
            unit.rested = placed.rested
            s.board[slot] = unit
        else:
            getattr(s, zone).append(iid)


# ---------------------------------------------------------------------- playing
def run_scenario(scenario: Scenario) -> Game:
    """Play the scenario's turn to its end and return the game."""
    game = build_game(scenario)
    if scenario.turn == "player" or scenario.actions:
        for scripted in scenario.actions:
            if game.over:
                break
            action = _to_action(game, scripted, scenario.path)
            try:
                game.apply(action)
            except IllegalAction:
                loc = scripted.location
                legal = "; ".join(_action_words(game, a) for a in game.legal_actions())
                raise DataError(
                    scenario.path, loc.line, loc.column, f"illegal action now: {_short(scripted.spec)} (legal: {legal})"
                ) from None
        if (
            not game.over
            and game.active == PLAYER
            and game.phase in (Phase.MAIN, Phase.ATTACK)
            and game.pending is None
        ):
            game.apply(EndTurn())
    return game


PHASE_WORDS: dict[str, Callable[[], Action]] = {
    "attack_phase": GoToAttack,
    "go_to_attack": GoToAttack,
    "end_turn": EndTurn,
    "pass": Pass,
    "done": lambda: DONE,
}
"""The actions a scenario writes as a bare word."""


def _to_action(game: Game, scripted: ScriptedAction, path: str) -> Action:
    """The action a scenario's script names: a bare word, or a mapping read by its first known key."""
    spec = scripted.spec
    text = _ActionText(game, spec, path, scripted.location)
    if isinstance(spec, str) and spec in PHASE_WORDS:
        return PHASE_WORDS[spec]()
    if isinstance(spec, dict) and spec:
        for key, read in ACTION_READERS.items():
            if key in spec:
                return read(text)
    raise text.fail(f"unknown action {_short(spec)} (see docs/scenarios.md)")


@attrs.frozen
class _ActionText:
    """One scripted action being read: its mapping, where it is written and the game it is for."""

    game: Game
    spec: Any
    path: str
    location: SourceLocation

    def fail(self, message: str) -> DataError:
        return DataError(self.path, self.location.line, self.location.column, message)

    def word(self, key: str, default: str | None = None) -> str:
        """The value of `key` in the action, which must be a word (a card id, a zone name)."""
        value = self.spec.get(key, default)
        if not isinstance(value, str):
            raise self.fail(f"{key!r} in {_short(self.spec)} must be a word such as a card id or a zone name")
        return value

    def zone(self) -> int:
        """The player's board zone named by `to` (default: the left attack zone)."""
        to = self.word("to", "attack_left")
        if to not in SLOT_BY_NAME:
            raise self.fail(f"unknown zone {_short(to)}")
        return SLOT_BY_NAME[to]

    def unit(self, text: Any, what: str) -> tuple[int, int]:
        """A side.zone written in the action (`invader.attack_left`), as (side, zone)."""
        side_name, _, zone = text.partition(".") if isinstance(text, str) else ("", "", "")
        if side_name not in SIDE_NAMES or (zone not in SLOT_BY_NAME and not (what == "choose" and zone == "ruler")):
            raise self.fail(f"{what} takes side.zone, e.g. invader.attack_left, not {_short(text)}")
        return SIDE_NAMES.index(side_name), SLOT_BY_NAME.get(zone, RULER)

    def card(self, key: str, cards: list[int]) -> int:
        """The card named by `key`, one of `cards`."""
        return _find(self.game, self.word(key), cards, self.fail)


def _summon(text: _ActionText) -> Action:
    side = text.game.sides[PLAYER]
    iid = text.card("summon", side.hand + side.drive)
    return Summon(iid, text.zone())


def _play(text: _ActionText) -> Action:
    side = text.game.sides[PLAYER]
    iid = text.card("play", side.hand + side.drive + [c for c in side.set_zones if c is not None])
    return PlayField(iid) if text.game.card(iid).type is CardType.FIELD else PlayEvent(iid)


def _set(text: _ActionText) -> Action:
    side = text.game.sides[PLAYER]
    iid = text.card("set", side.hand + side.drive)
    zone = text.spec.get("zone")
    free = [i for i, c in enumerate(side.set_zones) if c is None]
    if zone is None:
        if not free:
            raise text.fail("no empty set zone")
        return SetCard(iid, free[0])
    if type(zone) is not int or not 1 <= zone <= len(side.set_zones):
        raise text.fail(f"'zone' must be a set zone number, 1 to {len(side.set_zones)} (got {_short(zone)})")
    return SetCard(iid, zone - 1)


def _attack(text: _ActionText) -> Action:
    attacker = text.word("attack")
    target = text.word("target", "ruler")
    names = {**SLOT_BY_NAME, "ruler": RULER}
    if attacker not in names or target not in names:
        raise text.fail(f"attack needs attack_left|attack_right|ruler and a target zone, not {_short(text.spec)}")
    return Attack(names[attacker], names[target])


def _activate(text: _ActionText) -> Action:
    """The `Activate` of the `ability`-th activated ability (from 1) of the card that legal_actions offers now."""
    game, card_id, number = text.game, text.word("activate"), text.spec.get("ability", 1)
    if type(number) is not int or number < 1:
        raise text.fail(f"'ability' must be a number from 1 (got {_short(number)})")
    offered = [a for a in game.legal_actions() if isinstance(a, Activate) and game.card(a.card).id == card_id]
    for action in offered:
        if game.setup.activated[action.card].index(action.ability) == number - 1:
            return action
    words = ", ".join(f"ability {game.setup.activated[a.card].index(a.ability) + 1}" for a in offered) or "none"
    raise text.fail(f"no activated ability {number} of {_short(card_id)} can be used now (offered: {words})")


def _discount(text: _ActionText) -> Action:
    iid = text.card("discount", text.game.sides[PLAYER].hand)
    if text.game.card(iid).type is not CardType.UNIT:
        return Discount(iid)
    return Discount(iid, text.zone())


def _choose(text: _ActionText) -> Action:
    return Choose(*text.unit(text.word("choose"), "choose"))


def _split(text: _ActionText) -> Action:
    parts = text.spec["split"]
    if not isinstance(parts, dict) or not all(type(n) is int and n > 0 for n in parts.values()):
        raise text.fail(
            f"split takes side.zone: amount pairs, e.g. {{invader.attack_left: 2, invader.defense: 1}}, not {_short(parts)}"
        )
    wanted = {(*text.unit(where, "split"), amount) for where, amount in parts.items()}
    for action in text.game.legal_actions():
        if isinstance(action, Split) and set(action.parts) == wanted:
            return action
    raise text.fail(f"that split is not offered now: {_short(parts)}")


def _choose_card(text: _ActionText) -> Action:
    game, wanted = text.game, text.spec["choose_card"]
    offered = [a for a in game.legal_actions() if isinstance(a, ChooseCard)]
    for action in offered:
        if game.card(action.card).id == wanted:
            return action
    named = ", ".join(game.card(a.card).id for a in offered) or "none"
    raise text.fail(f"card {_short(wanted)} is not offered now (offered: {named})")


def _confirm(text: _ActionText) -> Action:
    if not isinstance(text.spec["confirm"], bool):
        raise text.fail(f"confirm takes yes or no, not {_short(text.spec['confirm'])}")
    return Confirm(text.spec["confirm"])


ACTION_READERS: dict[str, Callable[[_ActionText], Action]] = {
    "summon": _summon,
    "play": _play,
    "set": _set,
    "attack": _attack,
    "activate": _activate,
    "discount": _discount,
    "choose": _choose,
    "split": _split,
    "choose_card": _choose_card,
    "confirm": _confirm,
}
"""A scripted action's key -> what reads it; the first key an action has (in this order) says what it is."""


def _short(value: Any) -> str:
    return show_value(value, 60)


def _find(game: Game, card_id: Any, cards: list[int], fail: Callable[[str], DataError]) -> int:
    for iid in cards:
        if game.card(iid).id == card_id:
            # legal_actions lists one copy per card id and zone: use the listed one
            for action in game.legal_actions():
                listed = getattr(action, "card", None)
                if listed is not None and game.card(listed).id == card_id:
                    return listed
            return iid
    raise fail(f"card {_short(card_id)} is not in the player's hand, drive zone or set zones")


def _action_words(game: Game, action: Action) -> str:
    card = getattr(action, "card", None)
    name = type(action).__name__
    return f"{name}({game.card(card).id})" if card is not None else repr(action)


# ---------------------------------------------------------------------- the result
def result_json(game: Game) -> dict:
    """The fixed JSON shape of `gateruler scenario --json`."""
    return {
        "winner": game.winner,
        "invader": _side_json(game, INVADER),
        "player": _side_json(game, PLAYER),
        "log": game.events(),
    }


def _side_json(game: Game, side: int) -> dict:
    s = game.sides[side]
    ids = game.setup.card_ids
    board = {}
    for slot, name in enumerate(SLOT_NAMES):
        u = s.board[slot]
        board[name] = (
            None
            if u is None
            else {"id": ids[u.iid], "damage": u.damage, "soul": [ids[i] for i in game.soul(side, u.iid)]}
        )
    return {
        "board": board,
        "graveyard": [ids[i] for i in s.graveyard],
        "damage_zone": [ids[i] for i in s.damage_zone],
        "deck": len(s.deck),
        "hand": len(s.hand),
        "set_zones": [ids[i] for i in s.set_zones if i is not None],
        "field_zone": [{"id": ids[i], "soul": [ids[c] for c in game.soul(side, i)]} for i in s.field],
        "removed": [ids[i] for i in s.removed],
        "face_down": [ids[i] for i in s.damage_zone if i in s.face_down],
    }


def expectation_mismatches(expected: Any, actual: Any, where: str = "") -> list[str]:
    """Every place `actual` differs from the (partial) `expected` structure."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{where or 'result'}: expected a mapping, got {_short(actual)}"]
        out = []
        for key, value in expected.items():
            path = f"{where}.{key}" if where else str(key)
            if key not in actual:
                out.append(f"{path}: no such field in the result")
            else:
                out += expectation_mismatches(value, actual[key], path)
        return out
    if expected != actual and not (
        isinstance(expected, list) and isinstance(actual, list) and list(expected) == actual
    ):
        return [f"{where}: expected {_short(expected)}, got {_short(actual)}"]
    return []
