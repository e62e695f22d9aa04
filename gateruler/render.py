"""How a game looks to a person at a terminal: the board, actions, cards and the story.

Everything here returns plain text (lists of lines, no colour codes), so it
reads the same in a pipe, a log file or a test, and a terminal that cannot
show colour loses nothing.  The terminal layer may colour whole lines by kind.

The board is drawn as three columns, one per line of the table (left attack,
defense, right attack), the rift's row above the player's, because attack
targets are chosen by line: what stands in a column is what an attacker down
that line meets first.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len, set_cell_size

from gateruler.engine import (
    ATTACK_LEFT,
    ATTACK_RIGHT,
    DEFENSE,
    DONE,
    INVADER,
    PLAYER,
    RULER,
    Action,
    Activate,
    Attack,
    Choose,
    ChooseCard,
    Confirm,
    Discount,
    Done,
    EndTurn,
    Game,
    GoToAttack,
    Pass,
    PlayEvent,
    PlayField,
    SetCard,
    Split,
    Summon,
    events,
)
from gateruler.engine.abilities import Ability
from gateruler.engine.actions import SLOT_WORDS
from gateruler.engine.discount import DISCOUNT
from gateruler.engine.keywords import DORMANT, KEYWORDS
from gateruler.engine.rules import DeckOut
from gateruler.engine.timings import DRIVE_SET, OPEN_PLAY, TIMINGS, WINDOWS
from gateruler.engine.triggers import ACTIVATED, ATTACK_COST, ON_PLAY, REPLACEMENT, TRIGGERS
from gateruler.engine.windows import WINDOW
from gateruler.engine.windows import describe as window_words
from gateruler.models import CardDef, CostModel
from gateruler.vocabulary import CardType

MIN_WIDTH = 60
MAX_WIDTH = 120
COLUMNS = (ATTACK_LEFT, DEFENSE, ATTACK_RIGHT)  # left to right, as the player sees the table
COLUMN_TITLES = {ATTACK_LEFT: "left attack", DEFENSE: "defense", ATTACK_RIGHT: "right attack"}


# ---------------------------------------------------------------------- small words
def side_name(side: int) -> str:
    return "you" if side == PLAYER else "the rift"


def whose(side: int) -> str:
    return "your" if side == PLAYER else "the rift's"


def its(side: int) -> str:
    """The possessive for a side's own zones when the side was just named."""
    return "your" if side == PLAYER else "its"


def cost_words(game: Game, iid: int) -> str:
    if game.setup.ruler.cost_model is CostModel.FREE:
        return "free"
    return f"cost {max(game.card(iid).level, 0)}"


def cells(text: str) -> int:
    """How many terminal columns `text` takes: a Japanese or Chinese character takes two."""
    return cell_len(text)


def pad(text: str, width: int) -> str:
    """`text` padded with spaces to `width` columns (by display width, so columns line up with wide names)."""
    return text + " " * max(width - cell_len(text), 0)


def pad_left(text: str, width: int) -> str:
    """`text` right-aligned in `width` columns."""
    return " " * max(width - cell_len(text), 0) + text


def without_note(text: str) -> str:
    """`text` without a trailing "(...)" note: "Iron Warden (provisional)" is "Iron Warden"."""
    return text[: text.rindex(" (")] if text.endswith(")") and " (" in text else text


def short_name(name: str, width: int) -> str:
    """A card's name in `width` columns, as readable as it can be: whole; without its "(...)" note; the part
    before its comma ("Honoikazuchi", as decks may name it too); else cut."""
    for shorter in (name, without_note(name), without_note(name).partition(", ")[0]):
        if cell_len(shorter) <= width:
            return shorter
    return fit(without_note(name).partition(", ")[0], width)


def fit(text: str, width: int) -> str:
    """`text` in at most `width` columns: first drop a trailing "(...)" note, then cut."""
    if cell_len(text) <= width:
        return text
    text = without_note(text)
    if cell_len(text) <= width:
        return text
    return set_cell_size(text, max(width - 2, 1)).rstrip() + ".."


def wrap(text: str, width: int, indent: str = "", hang: str = "") -> list[str]:
    """`text` in lines of at most `width` columns; paths, card numbers and other hyphenated words are never split."""
    hang = hang or indent
    if cell_len(text) != len(text):
        return _wrap_cells(text, width, indent, hang)
    lines = textwrap.wrap(
        text,
        width,
        initial_indent=indent,
        subsequent_indent=hang,
        break_on_hyphens=False,
        break_long_words=False,
    )
    return lines or [indent.rstrip()]


def _wrap_cells(text: str, width: int, indent: str, hang: str) -> list[str]:
    """`wrap` for text with wide characters, measured in columns (textwrap counts characters)."""
    lines: list[str] = []
    line = ""
    for space, word in re.findall(r"(\s*)(\S+)", text):
        if not line:
            line = (hang if lines else indent) + word
        elif cell_len(line) + len(space) + cell_len(word) <= width:
            line += space + word
        else:
            lines.append(line)
            line = hang + word
    if line:
        lines.append(line)
    return lines or [indent.rstrip()]


# ---------------------------------------------------------------------- effects and abilities in words
def effect_words(effect: Any, target: str | None = None) -> str:
    """One effect as a short imperative phrase (its word's own `words`); `target` replaces the target's words."""
    who = target if target is not None else (effect.target.words() if effect.target is not None else "")
    return effect.words(who)


def ability_words(ability: Ability) -> str:
    """The data's own wording when it has one, else words built from its requirement, costs and effects.

    An activated ability and a discount always say when and at what cost
    they are used (the player decides to use them), before the data's own text."""
    if ability.trigger == DISCOUNT:
        pay = ", ".join(c.words() for c in ability.costs) or "nothing"
        when = f" if {ability.requires.words()}" if ability.requires is not None else ""
        return f"Discount: you may play it from your hand by paying {pay} instead of its level{when}" + (
            f" ({ability.text})" if ability.text else "."
        )
    if ability.trigger == ATTACK_COST and not ability.text:
        return f"It may attack only if you {', '.join(c.words() for c in ability.costs)}."
    if ability.trigger == ACTIVATED:
        prefix = activated_prefix(ability)
        return f"{prefix}: {ability.text}" if ability.text else f"{prefix}: {_effects_words(ability)}."
    if ability.text:
        return ability.text
    when = TRIGGERS[ability.trigger].words + (" (once per turn)" if ability.once_per_turn else "")
    if ability.card is not None:
        whose = {"own": "a card of yours", "enemy": "your opponent's card", "any": "any card"}[ability.card.side]
        when += f" ({whose}{' that matches a filter' if ability.card.test is not None else ''})"
    when += f", if {ability.requires.words()}" if ability.requires is not None else ""
    effects = _effects_words(ability)
    if ability.trigger == REPLACEMENT and len(ability.effects) > 1:
        first, _, rest = effects.partition("; ")
        effects = f"{first}; instead, {rest}"
    if ability.costs:
        effects = f"pay {', '.join(c.words() for c in ability.costs)} to {effects}"
    return f"{when}: {'you may ' if ability.optional else ''}{effects}."


def _effects_words(ability: Ability) -> str:
    return "; ".join(
        effect_words(e) + (f" if {e.condition.words()}" if e.condition is not None else "") for e in ability.effects
    )


def activated_prefix(ability: Ability) -> str:
    """When and for what an activated ability is used: "In your main phase, once per turn, rest this unit"."""
    timing = TIMINGS[ability.timing]
    parts = [timing.words]
    if ability.once_per_turn or timing.once:
        parts.append("once per turn")
    if ability.requires is not None:
        parts.append(f"if {ability.requires.words()}")
    parts.append("pay " + ", ".join(c.words() for c in ability.costs) if ability.costs else "no cost")
    return ", ".join(parts)


def _play_words(card: CardDef) -> str:
    """What playing an event does ("When played" goes without saying in a play action)."""
    texts = []
    for ability in card.abilities_for(ON_PLAY):
        words = ability.text or "; ".join(effect_words(e) for e in ability.effects) + "."
        texts.append(words[0].upper() + words[1:])
    return " ".join(texts)


# ---------------------------------------------------------------------- the board
def board_lines(game: Game, width: int = 80) -> list[str]:
    """The whole table in `width` columns (clamped to 60..120)."""
    width = max(MIN_WIDTH, min(width, MAX_WIDTH))
    out = [header(game, width)]
    out += _rift_lines(game, width)
    out += _unit_row(game, INVADER, width)
    out.append(_zone_titles(width))
    out += _unit_row(game, PLAYER, width)
    out += _player_lines(game, width)
    return out


def header(game: Game, width: int) -> str:
    if game.over:
        state = "game over"
    else:
        turn = "your turn" if game.active == PLAYER else "the rift's turn"
        phase = f"choosing {_choosing(game.pending)}" if game.pending is not None else f"{game.phase} phase"
        state = f"{turn}, {phase}"
    left = f"Turn {game.turn}: {state}"
    right = f"seed {game.seed}"
    return left + pad_left(right, width - cells(left)) if cells(left) + len(right) < width else left


def damage_count(game: Game, side: int) -> str:
    """How full a damage zone is, "5/11", and how many of its cards are face down (DR), "5/11 (2 face down)"."""
    s = game.sides[side]
    down = len(s.face_down)
    return f"{len(s.damage_zone)}/{game.life(side)}" + (f" ({down} face down)" if down else "")


def side_summary(game: Game, side: int) -> str:
    s = game.sides[side]
    return (
        f"LIFE {game.life(side)}  damage zone {damage_count(game, side)}"
        f"  deck {len(s.deck)}  graveyard {len(s.graveyard)}"
    )


def _choosing(decision: Any) -> str:
    if decision.kind == "split":
        return "how to split damage"
    if decision.kind == WINDOW:
        return WINDOW_CHOICES.get(decision.purpose, "whether to respond")
    return {
        "target": "a target",
        "cost": "how to pay",
        "optional": "whether to use an ability",
        "pick": "which cards to take",
        "summon": "a zone",
        "order": "an order",
    }.get(decision.purpose, "")


WINDOW_CHOICES = {DRIVE_SET: "whether to set a driven card", OPEN_PLAY: "a zone for an open card"}
"""What the player is choosing at the choices of the rules asked as windows are (the priority windows: whether to respond)."""


def keyword_words(keywords: frozenset[str]) -> list[str]:
    return [k.replace("_", " ") for k in sorted(keywords)]


def _rift_lines(game: Game, width: int) -> list[str]:
    level = game.setup.level
    title = f'THE RIFT  level {level.number} "{level.name}"  ' + side_summary(game, INVADER)
    ruler = f"ATK {game.atk(INVADER, RULER)} STK {game.stk(INVADER, RULER)}"
    keywords = keyword_words(game.keywords(INVADER, RULER))
    detail = f"  the rift itself: {ruler}" + (f", {', '.join(keywords)}" if keywords else "")
    return wrap(title, width, hang="  ") + [fit(detail, width)]


def _player_lines(game: Game, width: int) -> list[str]:
    s = game.sides[PLAYER]
    ruler = game.setup.ruler
    out = wrap(f"YOU  {ruler.name}  " + side_summary(game, PLAYER), width, hang="  ")
    out.append(fit(f"  {ruler_status(game)}", width))
    out += wrap(set_and_field_words(game), width, "  ", "    ")
    if ruler.has_hand:
        out += _card_grid(game, f"hand ({len(s.hand)})", s.hand, width)
    if s.drive or not ruler.has_hand:
        out += _card_grid(game, f"drive zone ({len(s.drive)})", s.drive, width)
    return out


def ruler_status(game: Game) -> str:
    """ "your ruler: ATK 3 STK 3, ready   energy 2 of 3 ready   summons 1 of 2"."""
    s = game.sides[PLAYER]
    ruler = game.setup.ruler
    state = "rested" if s.ruler_rested else "ready"
    line = f"your ruler: ATK {game.atk(PLAYER, RULER)} STK {game.stk(PLAYER, RULER)}, {state}"
    if ruler.cost_model is CostModel.ENERGY:
        line += f"   energy {s.energy_ready} of {s.energy} ready"
    if ruler.summon_cap is not None:
        line += f"   summons {s.summons} of {ruler.summon_cap}"
    return line


def set_and_field_words(game: Game) -> str:
    """The player's set zones (own set cards shown by name) and field zone."""
    s = game.sides[PLAYER]
    names = game.setup.names
    sets = ", ".join(f"{i + 1} {names[c] if c is not None else 'empty'}" for i, c in enumerate(s.set_zones))
    fields = (
        ", ".join(names[c] + (f" (soul {len(game.soul(PLAYER, c))})" if game.soul(PLAYER, c) else "") for c in s.field)
        or "empty"
    )
    return (f"set zones (face down): {sets}   " if s.set_zones else "") + f"field zone: {fields}"


def rift_attack_preview(game: Game) -> str:
    """The rift's attacks next turn if the board stays as it is (before its drives), in the order it makes them."""
    from gateruler.invader import ATTACKER_ORDER, InvaderController

    target = InvaderController.attack_target(game)
    what = "you" if target == RULER else f"your {unit_name(game, PLAYER, target)}"
    attackers = []
    for slot in ATTACKER_ORDER:
        if slot == RULER:
            attackers.append("the rift itself")
        elif game.unit_at(INVADER, slot) is not None and DORMANT not in game.keywords(INVADER, slot):
            attackers.append(unit_name(game, INVADER, slot))
    return f"Next rift turn, as the board stands: {', '.join(attackers)} attack {what} first."


def _card_grid(game: Game, title: str, iids: Sequence[int], width: int) -> list[str]:
    """Cards in the board's three columns, so names line up and never break."""
    if not iids:
        return [f"  {title}: empty"]
    col = _column_width(width)
    names = []
    for iid in iids:
        card = game.card(iid)
        level = f" L{card.level}"
        names.append(short_name(card.name, col - 2 - len(level)) + level)
    rows = [names[i : i + 3] for i in range(0, len(names), 3)]
    return [f"  {title}:"] + [("  " + "".join(pad(c, col) for c in row)).rstrip() for row in rows]


def _column_width(width: int) -> int:
    return (width - 2) // 3


def _unit_row(game: Game, side: int, width: int) -> list[str]:
    col = _column_width(width)
    row_cells = [unit_cell(game, side, slot, col - 2) for slot in COLUMNS]
    height = max(len(c) for c in row_cells)
    rows = []
    for i in range(height):
        parts = [pad(cell[i] if i < len(cell) else "", col) for cell in row_cells]
        rows.append(("  " + "".join(parts)).rstrip())
    return rows


def _zone_titles(width: int) -> str:
    col = _column_width(width)
    return "  " + "".join(f"-- {COLUMN_TITLES[slot]} ".ljust(col - 1, "-") + " " for slot in COLUMNS).rstrip()


def _has_zone(game: Game, side: int, slot: int) -> bool:
    if side == INVADER:
        return True
    ruler = game.setup.ruler
    return ruler.defense_zones > 0 if slot == DEFENSE else slot < ruler.attack_zones


def unit_cell(game: Game, side: int, slot: int, width: int) -> list[str]:
    if not _has_zone(game, side, slot):
        return ["(no such zone)"]
    unit = game.unit_at(side, slot)
    if unit is None:
        return ["(empty)"]
    card = game.card(unit.iid)
    stats = f"ATK {game.atk(side, slot)} HP {game.hp(side, slot)} STK {game.stk(side, slot)}"
    notes = ([f"dmg {unit.damage}"] if unit.damage else []) + (["rested"] if unit.rested else [])
    soul = game.soul(side, unit.iid)
    notes += [f"soul {len(soul)}"] if soul else []
    notes += keyword_words(card.keywords)
    lines = [short_name(card.name, width), fit(stats, width)]
    if notes:
        lines.append(fit(", ".join(notes), width))
    return lines


# ---------------------------------------------------------------------- actions and choices
def unit_name(game: Game, side: int, slot: int) -> str:
    """The name of the unit in a zone the caller knows holds one (an attacker, an attack's target)."""
    unit = game.unit_at(side, slot)
    if unit is None:
        raise ValueError(f"no unit in zone {slot} of side {side}")
    return game.card(unit.iid).name


def unit_words(game: Game, side: int, slot: int) -> str:
    """ "the rift's Vaha in its left attack zone", "the rift itself", "your ruler"."""
    if slot == RULER:
        return "the rift itself" if side == INVADER else "your ruler"
    unit = game.unit_at(side, slot)
    if unit is None:  # a zone a special summon may go to
        return f"{whose(side)} empty {SLOT_WORDS[slot]}"
    return f"{whose(side)} {game.card(unit.iid).name} in {its(side)} {SLOT_WORDS[slot]}"


def attacker_words(game: Game, slot: int) -> str:
    if slot == RULER:
        return "your ruler"
    return f"your {unit_name(game, PLAYER, slot)} from your {SLOT_WORDS[slot]}"


def _where(game: Game, iid: int) -> str:
    s = game.sides[PLAYER]
    if iid in s.drive:
        return " from the drive zone"
    if iid in s.set_zones:
        return f" from set zone {s.set_zones.index(iid) + 1}"
    return ""


def discount_words(game: Game, action: Discount) -> str:
    """A discount play in words: what it pays instead of the level, and where a unit goes."""
    card = game.card(action.card)
    ability = card.abilities[game.setup.discounts[action.card]]
    pay = ", ".join(c.words() for c in ability.costs) or "nothing"
    where = f" to {zone_words(game, action.slot)}" if action.slot >= 0 else ""
    return f"{'summon' if card.type is CardType.UNIT else 'play'} {card.name} for its discount ({pay} instead of {cost_words(game, action.card)}){where}"


def summon_label(game: Game, iid: int) -> str:
    return f"summon {game.card(iid).name}{_where(game, iid)} ({cost_words(game, iid)})"


def zone_words(game: Game, slot: int) -> str:
    """A zone the player may summon into, saying what it would replace."""
    words = f"your {SLOT_WORDS[slot]}"
    unit = game.unit_at(PLAYER, slot)
    if unit is not None:
        words += f" (replacing {game.card(unit.iid).name}, which goes to the graveyard)"
    return words


def action_words(game: Game, action: Action) -> str:
    """A player's action in plain words, as the list of choices shows it."""
    if isinstance(action, Summon):
        return f"{summon_label(game, action.card)} to {zone_words(game, action.slot)}"
    if isinstance(action, PlayEvent):
        card = game.card(action.card)
        text = _play_words(card)
        return f"play {card.name}{_where(game, action.card)} ({cost_words(game, action.card)})" + (
            f": {text}" if text else ""
        )
    if isinstance(action, PlayField):
        card = game.card(action.card)
        return f"play the field {card.name} ({cost_words(game, action.card)})"
    if isinstance(action, SetCard):
        return f"set {game.card(action.card).name}{_where(game, action.card)} face down in set zone {action.zone + 1}"
    if isinstance(action, Activate):
        card = game.card(action.card)
        ability = card.abilities[action.ability]
        what = ability.text or _effects_words(ability)
        return f"use {card.name}'s ability{_where(game, action.card)} ({activated_prefix(ability)}): {what.rstrip('.')}"
    if isinstance(action, Discount):
        return discount_words(game, action)
    if isinstance(action, GoToAttack):
        drive = len(game.sides[PLAYER].drive)
        left = (
            f" (the {drive} card{'s' if drive != 1 else ''} left in your drive zone go to the graveyard)"
            if drive
            else ""
        )
        return "go to the attack phase" + left
    if isinstance(action, Attack):
        return f"attack {unit_words(game, INVADER, action.target)} with {attacker_words(game, action.attacker)}"
    if isinstance(action, EndTurn):
        return "end the turn"
    if isinstance(action, Choose):
        return unit_words(game, action.side, action.slot)
    if isinstance(action, ChooseCard):
        return game.card(action.card).name
    if isinstance(action, Confirm):
        return "yes" if action.yes else "no"
    if isinstance(action, Split):
        return ", ".join(f"{amount} to {unit_words(game, side, slot)}" for side, slot, amount in action.parts)
    if isinstance(action, Pass):
        pending = game.pending
        if pending is not None and pending.purpose == DRIVE_SET:
            return "pass: reveal it (its OD resolves)"
        return "pass: let it happen"
    if isinstance(action, Done):
        return "no more" if game.pending is not None and game.pending.picked else "none"
    return repr(action)


def pending_question(game: Game) -> str:
    """What a pending decision is for: "Flame Bolt: deal 3 damage to which unit?"; an "up to" choice says
    that it may stop there."""
    question = _question(game)
    decision = game.pending
    if decision is not None and DONE in decision.options:
        return question.rstrip("?") + (" (or no more)?" if decision.picked else " (or none)?")
    return question


def _question(game: Game) -> str:
    decision = game.pending
    if decision is None:
        raise ValueError("no decision is pending")
    if decision.kind == WINDOW:  # "Vaha is about to attack your Iron Warden: respond?"
        words = window_words(game, decision)
        if not WINDOWS[decision.purpose].priority:
            return words  # a choice of the rules, asked as a window is: "You drove Flame Bolt ...: set it?"
        return f"{words.rstrip('.')}: respond?"
    name = game.card(decision.source).name
    subject = decision.subject(game)
    if decision.purpose == "optional":
        what = ability_words(subject) if isinstance(subject, Ability) else effect_words(subject)
        return f"{name}: use it? ({what.rstrip('.')})"
    if decision.purpose == "cost":
        if len(decision.picked) >= decision.count:  # "or more": paid enough, it may go on
            return f'{name}: to pay "{subject.words()}", one more?'
        progress = f" ({len(decision.picked) + 1} of {decision.count})" if decision.count > 1 else ""
        return f'{name}: to pay "{subject.words()}", which one{progress}?'
    if decision.kind == "split":
        return f"{name}: {effect_words(subject)}: how?"
    if decision.kind == "zone":
        return f"{name}: which zone does {game.card(decision.card).name} go to?"
    if decision.kind == "order":
        return f"{name}: which card goes to the bottom of the deck next (the last one you choose is the bottom card)?"
    if decision.purpose == "pick":
        progress = f" ({len(decision.picked) + 1} of {decision.count})" if decision.count > 1 else ""
        return f"{name}: {effect_words(subject)}: which card{progress}?"
    return f"{name}: {effect_words(subject, 'which unit' if decision.kind == 'unit' else 'which card')}?"


# ---------------------------------------------------------------------- a card in full
def card_lines(
    card: CardDef,
    rift_version: CardDef | None = None,
    width: int = 80,
    changes: Sequence[str] = (),
    players_too: bool = False,
) -> list[str]:
    """Everything known about a card, including where its numbers come from.

    When the level's rules change the rift's copies (`rift_version`, with the
    rules that did it in `changes`), the card is shown as the rift plays it
    and the printed numbers follow, so what the player reads is what the
    rift's units do; `players_too` keeps the printed card first when the
    player's deck holds it as well."""
    changed = rift_version is not None and rift_version != card
    shown = rift_version if rift_version is not None and changed and not players_too else card
    out = [f"{card.name}  [{card.id}]"]
    out.append(f"  {_kind_words(shown)}" + ("  (as the rift plays it in this level)" if shown is not card else ""))
    out += _card_body(shown, width)
    for change in changes:
        out += wrap(change, width, "  ", "    ")
    if changed:
        if shown is card:
            out.append("  The rift's copies in this level:")
            out += [f"  {line}" for line in [f"  {_kind_words(rift_version)}", *_card_body(rift_version, width - 2)]]  # type: ignore[arg-type]
        else:
            out += wrap("Printed: " + _printed_differences(card, rift_version), width, "  ", "    ")  # type: ignore[arg-type]
    stats = f", ATK/HP/STK {card.stats_provenance.value}" if card.stats_provenance else ""
    out += wrap(
        f"provenance: {card.provenance.value}{stats}"
        + ("  (provisional numbers: ours, not the real card's)" if card.is_provisional else ""),
        width,
        "  ",
        "    ",
    )
    if card.source:
        out += wrap(f"source: {card.source}", width, "  ", "    ")
    if card.names:
        out += wrap(
            "other names: " + ", ".join(f"{lang} {name}" for lang, name in sorted(card.names.items())),
            width,
            "  ",
            "    ",
        )
    return out


def _kind_words(card: CardDef) -> str:
    kind = card.type.value + (", legendary" if card.legendary else "") + (", solo mode only" if card.solo_only else "")
    timing = f", timing: {TIMINGS[card.timing].words.lower()}" if card.timing else ""
    return f"{kind}, level {card.level}" + (", CNT icon" if card.has_cnt else "") + timing


def _printed_differences(printed: CardDef, rift: CardDef) -> str:
    """What the printed card has that the rift's copy does not: "STK 3; CNT icon; 1 ability"."""
    out = [
        f"{label} {a}"
        for label, a, b in (("ATK", printed.atk, rift.atk), ("HP", printed.hp, rift.hp), ("STK", printed.stk, rift.stk))
        if a != b
    ]
    if printed.has_cnt != rift.has_cnt:
        out.append("CNT icon" if printed.has_cnt else "no CNT icon")
    lost = keyword_words(printed.keywords - rift.keywords)
    if lost:
        out.append(", ".join(lost))
    if printed.abilities != rift.abilities:
        out += [ability_words(ab) for ab in printed.abilities] or ["no abilities"]
    return "; ".join(out) + "."


def _card_body(card: CardDef, width: int) -> list[str]:
    out = []
    if card.type is CardType.UNIT:
        out.append(f"  ATK {card.atk}  HP {card.hp}  STK {card.stk}")
    for keyword in sorted(card.keywords):
        out += wrap(f"{keyword.replace('_', ' ')}: {KEYWORDS[keyword].doc}", width, "  ", "    ")
    if not card.keywords:
        out.append("  keywords: none")
    if card.markers:
        out += wrap(
            f"markers (no rule of their own; other cards refer to them): {', '.join(sorted(card.markers))}",
            width,
            "  ",
            "    ",
        )
    if card.abilities:
        for ability in card.abilities:
            out += wrap(ability_words(ability), width, "  - ", "    ")
    else:
        out.append("  abilities: none")
    return out


# ---------------------------------------------------------------------- the end
def loss_words(game: Game, side: int, why: str) -> str:
    """Why `side` lost, in words: "its damage zone reached its LIFE of 15"."""
    if why == "damage":
        return f"{whose(side)} damage zone reached {its(side)} LIFE of {game.life(side)}"
    if why == "deck-out":
        if game.setup.rules.deck_out is DeckOut.EMPTY:
            return f"{whose(side)} deck ran out (it had no cards left)"
        return f"{whose(side)} deck ran out (a card had to be taken from it, and there was none)"
    return why


def player_turns(game: Game) -> int:
    return sum(1 for entry in game.log if isinstance(entry, events.Turn) and entry.side == PLAYER)


def result_lines(game: Game, headline: bool = True) -> list[str]:
    """Who won, how, after how many turns, and the one-line summary.

    Without `headline` the first line leaves out who won: for where the story
    has just told it ("The rift wins."), so that it is not said twice."""
    winner = {"player": "You win!", "invader": "The rift wins.", "draw": "The game is a draw."}.get(
        game.winner or "", "The game is over."
    )
    loser = {"player": INVADER, "invader": PLAYER}.get(game.winner or "")
    if loser is not None:
        reason = loss_words(game, loser, game.end_reason)
    elif game.end_reason == "turn cap":
        reason = f"the turn limit ({game.setup.max_turns}) was reached"
    else:
        reason = game.end_reason
    ended = f"ended on turn {game.turn} ({player_turns(game)} of them yours): {reason}."
    out = [f"{winner} It {ended}" if headline else f"The game {ended}"]
    out.append("Summary: " + summary_line(game))
    return out


def summary_line(game: Game) -> str:
    result = {"player": "win", "invader": "loss", "draw": "draw"}.get(game.winner or "", "unfinished")
    level = game.setup.level
    you, rift = (len(game.sides[s].damage_zone) for s in (PLAYER, INVADER))
    deck = game.setup.deck_name or game.setup.ruler.name
    return (
        f'{result} vs level {level.number} "{level.name}" with {deck}, seed {game.seed}, '
        f"{game.turn} turns; damage zones: you {you}/{game.life(PLAYER)}, rift {rift}/{game.life(INVADER)}"
    )
