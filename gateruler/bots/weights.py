"""The numbers greedy's scoring is made of, by name, and the files that hold fitted ones.

Every value the greedy heuristic puts on a card, an attack or a placement is
a sum of terms, each multiplied by one of these weights.  `Weights()` holds
the hand-set values the `greedy` bot has always used; the `tuned` bot reads
fitted values from a data file (gateruler/data/bots/tuned.yaml), written by
benchmarks/fit_bot.py (docs/bots.md says how they are fitted, and how to
refit them when the card pool changes).  A weights file names its weights;
one it does not name keeps its hand-set value, so a file stays readable when
a weight is added.

The file is read by the project's bounded YAML reader (gateruler.yamlsrc):
a broken or hostile file is a one-line error naming the file and line.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import attrs

from gateruler.yamlsrc import Fields, Report, load_yaml

WEIGHT_BOUND = 1000.0  # no weight may be larger than this in size: a file past it is refused

DATA_DIR = Path(__file__).resolve().parent.parent / "data" / "bots"
TUNED_FILE = DATA_DIR / "tuned.yaml"


def _w(default: float, doc: str, step: float | None = None) -> Any:
    """A weight.  A fit moves it by factors (it keeps its sign), or, with `step`, by steps
    of that size (a weight whose hand-set value is or was 0, a term greedy did not use: so a fit may move
    it through 0; `kill_shield` and `lost_unit_atk` are on now and keep their steps)."""
    return attrs.field(default=default, metadata={"doc": doc, "step": step})


@attrs.frozen(kw_only=True)
class Weights:
    """Greedy's scoring weights.  Values are in expected damage-zone cards on the rift
    (docs/bots.md), each side's damage scaled by how near that side is to losing."""

    # --- effects of the player's cards
    draw: float = _w(0.7, "a card drawn by the player")
    opponent_draw: float = _w(0.3, "a card the player's effect makes the rift draw (a cost)")
    mill: float = _w(0.1, "a card milled from the rift's deck")
    self_mill: float = _w(0.1, "a card milled from the player's own deck (a cost)")
    self_damage: float = _w(1.0, "damage the player's own effect deals to the player's ruler, per expected card")
    friendly_fire: float = _w(1.5, "each own unit a board-wide harmful effect also hits (a cost)")
    buff_atk: float = _w(0.25, "a point of ATK given to a unit")
    buff_hp: float = _w(0.2, "a point of HP given to a unit")
    buff_stk: float = _w(0.6, "a point of STK given to a unit")
    buff_new_units: float = _w(
        0.0, "a team buff counts each unit the plan summons this many times (then it is played after them)", step=2.0
    )
    own_set_card: float = _w(1.0, "destroying the player's own set cards (a cost)")
    field: float = _w(0.5, "a field card in play, besides what it does on entering")
    min_play: float = _w(0.05, "the least a card must be worth to be played")
    search_to_field: float = _w(1.0, "a card a search puts onto the field")
    look_share: float = _w(0.5, "a card a look takes into the hand, as a share of a card drawn")
    look_elsewhere: float = _w(0.3, "a look that puts the card it takes anywhere but the hand (onto the field)")
    soul_card: float = _w(0.1, "a card put into a soul")
    revive_unit: float = _w(1.0, "a unit a special summon brings back, besides its numbers")
    revive_atk_hp: float = _w(0.1, "a point of ATK + HP of a unit a special summon brings back")
    revive_stk: float = _w(0.3, "a point of STK of a unit a special summon brings back")
    grant: float = _w(0.3, "a keyword granted to a unit")
    act: float = _w(0.4, "acting a unit or the ruler while an attacker of the player's is rested")
    rest: float = _w(0.1, "resting a unit")
    genesis_atk_hp: float = _w(0.25, "a point of ATK + HP a genesis-summoned unit has more than its material")
    genesis_stk: float = _w(0.5, "a point of STK a genesis-summoned unit has more than its material")
    # --- what the costs of the player's abilities give up (activated abilities, discounts)
    cost_energy: float = _w(0.3, "an energy spent on an ability (an energy the main plan cannot spend)")
    cost_discard: float = _w(0.7, "a card discarded")
    cost_destroy: float = _w(1.5, "an own unit destroyed")
    cost_return: float = _w(1.2, "an own unit returned to the hand")
    cost_return_to_deck: float = _w(1.2, "an own unit returned to the deck")
    cost_rest_unit: float = _w(0.4, "an own acted unit rested")
    cost_remove_from_graveyard: float = _w(0.05, "a card of the graveyard removed from the game")
    cost_soul: float = _w(0.5, "a soul card paid")
    cost_damage_reversal: float = _w(
        0.1, "a face-up damage-zone card turned face down (DR: it still counts towards LIFE, only its face is lost)"
    )
    cost_deck_to_damage: float = _w(1.0, "a deck card put into the damage zone, per expected damage-zone card")
    rested_attacker: float = _w(0.3, "resting an attacker that could still attack, while no line is open")
    activation_gain: float = _w(0.05, "the least an activated ability must be worth beyond its costs to be used")
    discount_most: float = _w(
        1.0, "the most a discount's other costs may give up to make an unaffordable card affordable"
    )
    # --- face damage on the rift
    lethal: float = _w(50.0, "finishing the rift, times the chance this attack does")
    backlash: float = _w(1.0, "harm the rift's CNT cards do when checked, per expected card")
    # --- the rift's units
    kill_base: float = _w(0.2, "killing any rift unit, beyond opening a line")
    kill_atk: float = _w(0.35, "killing a rift attacker, per point of ATK above an average new unit (per 3)")
    kill_stk: float = _w(0.5, "killing a rift attacker, per point of STK above an average new unit")
    kill_attacker: float = _w(0.15, "killing a rift unit in an attack zone")
    kill_sacrificer: float = _w(7.0, "killing the unit whose rule destroys a player unit each turn (level 2's End)")
    chip: float = _w(0.35, "damage that does not kill, as a share of the kill")
    wound: float = _w(
        1.0,
        "damage that does not kill a rift attacker, per expected damage-zone card its next attack no longer "
        "deals the board as it is (an intercepting unit then kills it before it strikes), times the chance "
        "the rift's drives leave it in its zone (0: not counted)",
        step=0.5,
    )
    wound_unit: float = _w(
        1.0,
        "with wound: each player unit the rift's next attacks no longer destroy once the wounded attacker "
        "is intercepted, in expected damage-zone cards",
    )
    wound_foreseen: float = _w(
        1.0,
        "1: placing units, a rift attacker one of this turn's attacks (the ready attackers' and the plan's new "
        "ones') can bring down to the ATK of the intercepting unit it meets first, without killing it, is "
        "counted as intercepted in the rift's next attacks (0: the rift's attackers as they stand)",
        step=1.0,
    )
    kill_shield: float = _w(
        1.5, "killing a rift attacker, per expected damage-zone card its next attack would deal the board", step=2.0
    )
    kill_saves_units: float = _w(
        0.0,
        "killing a rift attacker, per worth of the player's units its next attack would destroy (lost_unit...)",
        step=1.0,
    )
    kill_line: float = _w(
        0.0,
        "with a line open, a kill the attackers plan together, per expected face damage of the player's attackers "
        "next turn that the kill keeps a line open for (0: no such plans, the attacks of before)",
        step=0.5,
    )
    kill_future: float = _w(
        1.0,
        "with a line open, a kill the attackers plan together, per expected damage-zone card the rift's attacker "
        "would deal the board in its next attack and the turns after (0: not counted)",
        step=0.5,
    )
    # --- the player's units
    shield: float = _w(1.0, "an expected damage-zone card the player's board saves from the rift's next attacks")
    wipe_risk: float = _w(
        0.0,
        "how much the chance that the rift's next drives bring a unit that destroys the player's board discounts shielding and future attacks",
        step=2.0,
    )
    future_turns: float = _w(1.5, "further turns a new attacker is expected to attack in")
    lost_unit: float = _w(
        0.0, "a player unit the rift's next attacks would destroy (placing units, killing attackers)", step=0.5
    )
    lost_unit_atk: float = _w(
        0.1, "a point of ATK (per 3) of a player unit the rift's next attacks would destroy", step=0.5
    )
    lost_later: float = _w(
        0.0,
        "a player unit's worth beyond this turn (its further attacks, ATK and staying power) when the rift's next "
        "turn destroys it (End's rule at its start, or its attacks), placing units, next to the board as it is "
        "(0: not counted)",
        step=0.5,
    )
    keep_later: float = _w(
        0.5,
        "on a level with End's rule (level 2), placing units, a player unit's worth beyond this turn (as "
        "`lost_later`) when the rift's next turn destroys it (End's rule, or its attacks), next to the placement "
        "of the same units that loses least of it: a unit lost wherever it goes costs nothing (0: not counted)",
        step=0.5,
    )
    right_turns: float = _w(
        4.0,
        "on a level with End's rule (level 2), placing units, the further turns a player unit in the right attack "
        "zone that the rift's next turn does not destroy is expected to attack in, counted instead of "
        "`future_turns` when more, next to the board as it is: no attack reaches that zone and End's rule takes "
        "the left unit first, so it stands longer than a unit the attacks meet (0: not counted)",
        step=1.0,
    )
    sacrificer_killed: float = _w(
        1.0,
        "1: placing units, the rift's next turn comes without End's rule (and End's attack) when this turn's "
        "attackers, the plan's new units with them, can kill the one End on board (0: End's rule always counted)",
        step=1.0,
    )
    soul_guard_lives: float = _w(
        1.0,
        "a player unit with Soul guard meets the rift's next attacks with its HP again for each soul card it has "
        "(or its entering puts under it), times this (0: Soul guard not counted)",
        step=1.0,
    )
    lasting_stats: float = _w(
        1.0,
        "1: in the player's turn, the rift's next attacks meet the player's units without this turn's "
        "until-end-of-turn changes (Battle Cry's +2 ATK ends before they come; 0: the units as they stand)",
        step=1.0,
    )
    hold_answer: float = _w(
        1.0,
        "an expected damage-zone card that an answer kept for the rift's turn (a set prevention or quick removal, and the energy to play it) saves from the rift's next attacks",
        step=1.0,
    )
    held_unit: float = _w(
        1.0,
        "a player unit an answer kept for the rift's turn keeps alive, in expected damage-zone cards (times hold_answer)",
    )
    attack_share: float = _w(0.5, "the share of a new attacker's attacks counted")
    closed_line_atk: float = _w(0.9, "a new attacker's ATK (per 3) while no line to the rift's ruler is open")
    unit_atk: float = _w(0.35, "a point of ATK of a new unit in an attack zone")
    unit_hp: float = _w(0.05, "a point of HP of a new unit (staying power)")
    unit_on_attack: float = _w(
        0.0,
        "a new unit's own 'when it attacks' effects in an attack zone, as a share of their worth against the "
        "rift's board as it is, for each turn it attacks (0: not counted)",
        step=0.5,
    )
    replaced_hp: float = _w(0.25, "a point of HP left on a unit summoned over")
    replaced_atk: float = _w(0.1, "a point of ATK of a unit summoned over")
    replaced_unit: float = _w(0.5, "any unit summoned over")
    replaced_worth: float = _w(
        1.0,
        "the whole worth of a unit summoned over (its attack this turn if it is ready, and its worth beyond "
        "this turn, `values.unit_later`), in the share of the new unit's ATK it has (at most all of it): a "
        "summon over a unit must beat what the unit would still do (0: only the replaced_* costs)",
        step=0.5,
    )
    # --- attacks into the rift's reactions
    lost_attacker: float = _w(1.0, "an attacker lost to intercept or counterattack")
    lost_attacker_stats: float = _w(0.2, "a point of ATK + HP of an attacker lost to intercept or counterattack")
    reaction_damage: float = _w(0.1, "a point of damage an attacker takes back and survives")
    # --- targets and splits of the player's effects
    own_unit_hp: float = _w(0.3, "a point of HP left of an own unit the player's effect harms")
    own_unit_atk: float = _w(0.3, "a point of ATK of an own unit the player's effect harms")
    kill_with_attack: float = _w(0.5, "finishing a rift unit together with the attack in progress, beyond the kill")
    attack_kills_anyway: float = _w(0.3, "harming another rift unit while the attack in progress kills its own target")
    buff_worth_share: float = _w(
        0.1, "an own unit's worth, as a share, choosing which own unit a helpful effect goes to"
    )
    buff_ready_attacker: float = _w(1.0, "a helpful effect on an own attacker that has not attacked yet")
    buff_other_unit: float = _w(0.5, "a helpful effect on any other own unit")
    buff_enemy_unit: float = _w(5.0, "a helpful effect on a rift unit (a cost)")

    @classmethod
    def names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in attrs.fields(cls))

    @classmethod
    def doc(cls, name: str) -> str:
        return str(attrs.fields_dict(cls)[name].metadata["doc"])

    @classmethod
    def step(cls, name: str) -> float | None:
        """The size of a fit's steps for a weight moved by steps (None: moved by factors)."""
        return attrs.fields_dict(cls)[name].metadata["step"]

    def as_dict(self) -> dict[str, float]:
        return attrs.asdict(self)

    def changed(self) -> dict[str, float]:
        """The weights that differ from the hand-set ones."""
        base = Weights()
        return {n: v for n, v in self.as_dict().items() if v != getattr(base, n)}


@attrs.frozen
class WeightsFile:
    """A fitted set of weights and what it says about itself."""

    path: Path
    name: str  # the bot it makes
    version: int
    weights: Weights
    description: str = ""

    @property
    def label(self) -> str:
        """How results name it: the file and its version."""
        return f"{self.path.name} v{self.version}"


def read_weights(path: str | Path) -> WeightsFile:
    """A weights file, checked: a mapping with `bot`, `version`, `weights` (name: number) and
    an optional `description`; an unknown weight name or a number out of bounds is an error
    naming the line (gateruler.errors.DataError)."""
    path = Path(path)
    report = Report()
    node = load_yaml(path)
    f = Fields(node, report, "a weights file", at=None)
    name = f.required("bot", str)
    version = f.required("version", int, min=1)
    description = f.optional("description", str, default="")
    values: dict[str, float] = {}
    inner = f.nested("weights", "weights", required=True)
    if inner is not None:
        for key in Weights.names():
            value = read_weight(inner, key, WEIGHT_BOUND)
            if value is not None:
                values[key] = value
        inner.finish()
    f.finish()
    report.raise_errors()
    return WeightsFile(path, name, version, Weights(**values), description)


def read_weight(f: Fields, key: str, bound: float) -> float | None:
    """The optional number under `key` of a bot's data file: finite and at most `bound` in size, else an
    error at its line (and None, as when it is absent)."""
    value = f.optional(key, (int, float), default=None, min=-bound, max=bound)
    if value is not None and not math.isfinite(value):  # .nan passes every bound
        f.error(f.value_loc(key), f"{key!r} must be a finite number (got {value})")
        return None
    return None if value is None else float(value)


def weights_yaml(name: str, version: int, weights: Weights, description: str) -> str:
    """A weights file's text (what benchmarks/fit_bot.py writes), one weight a line with its meaning."""
    lines = [
        "# Greedy's scoring weights, fitted by benchmarks/fit_bot.py (docs/bots.md: how, and how to refit).",
        "# Weights not named here keep their hand-set values (gateruler/bots/weights.py).",
        f"bot: {name}",
        f"version: {version}",
        "description: >-",
        *(f"  {line}" for line in wrap_words(description)),
        "weights:",
    ]
    for key, value in weights.as_dict().items():
        lines.append(f"  {key}: {value!r}   # {Weights.doc(key)}")
    return "\n".join(lines) + "\n"


def wrap_words(text: str, width: int = 76) -> list[str]:
    """`text` in lines of at most `width` characters, broken between words: a data file's comment block."""
    out: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return out + ([line] if line else [])
