"""`replay FILE --html OUT.html`: a page that steps through a replayed game, board and story side by side.

For sharing a game, or for looking at a game that broke: the page is built by
applying the replay's recorded actions to the game its seed makes (no bot is
asked), keeping after each action the board as `play` draws it and the
story of what happened since the action before.  An action that is not legal
any more, or one that makes the engine raise, ends the steps there and the
page says so; so does a recording that ended with an error.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

import attrs

from gateruler import __version__
from gateruler.batch import GameSpec, describe_error
from gateruler.cardpool import CardPool
from gateruler.engine import Choose, Game
from gateruler.engine.actions import Action, action_to_dict
from gateruler.errors import IllegalAction
from gateruler.pages import esc, page, script_json
from gateruler.render import action_words, board_lines, result_lines
from gateruler.replay import ReplayBot, ReplayFile, game_data_hash, read_replay, spec_from_replay, variant_change
from gateruler.stats import OUTCOME_WORDS, classify
from gateruler.story import narrate

BOARD_WIDTH = 88  # the board's columns: room for card names, and beside it the story


@attrs.frozen
class Step:
    """The game after one of the player's actions (step 0: before the first)."""

    action: str  # what the player did, in words
    turn: int
    board: tuple[str, ...]
    story: tuple[tuple[str, bool], ...]  # (sentence, told in the rift's turn)


@attrs.frozen
class Walkthrough:
    steps: tuple[Step, ...]
    ending: str  # how the steps end: the result, or why they stop
    broken: bool  # the steps stop on an illegal action or an error
    outcome: str | None = None  # how the game ended (stats.classify), when it did
    turn: int = 0


def _step(game: Game, action: str, start: int) -> Step:
    story = tuple((n.text, n.rift_turn) for n in narrate(game, start))
    return Step(action, game.turn, tuple(board_lines(game, BOARD_WIDTH)), story)


def _words(game: Game, action: Action) -> str:
    try:
        words = action_words(game, action)
    except Exception:  # noqa: BLE001 - an action that no longer fits the game is shown as recorded
        return json.dumps(action_to_dict(action))
    return f"choose {words}" if isinstance(action, Choose) else words


def walk(spec: GameSpec, seed: int, actions: list[Action], recorded_error: str | None = None) -> Walkthrough:
    """Apply `actions` one by one to the game of `seed`, keeping every step."""
    try:
        game = spec.start(seed)
    except Exception as error:  # noqa: BLE001 - a game that breaks at once is still shown
        return Walkthrough((), f"The engine raised an error setting up the game: {describe_error(error)}", True)
    steps = [_step(game, "The game begins: your first decision.", 0)]
    for number, action in enumerate(actions, 1):
        start = len(game.log)
        words = _words(game, action)
        try:
            game.apply(action)
        except IllegalAction as illegal:
            return Walkthrough(tuple(steps), f"Recorded action {number} ({words}) is not legal here: {illegal}.", True)
        except Exception as error:  # noqa: BLE001 - the page shows where the engine broke
            steps.append(_step(game, f"{number}. {words}", start))
            return Walkthrough(
                tuple(steps), f"The engine raised an error on action {number}: {describe_error(error)}", True
            )
        steps.append(_step(game, f"{number}. {words}", start))
    if game.over:
        return Walkthrough(
            tuple(steps), " ".join(result_lines(game)), False, classify(game.winner, game.end_reason), game.turn
        )
    if recorded_error:
        return Walkthrough(
            tuple(steps), f"The recording ended here with an error at the next decision: {recorded_error}", True
        )
    return Walkthrough(tuple(steps), "The recorded actions end here, and the game is not over.", True)


STYLE = """
.controls { display: flex; align-items: center; gap: .6rem; flex-wrap: wrap; position: sticky; top: 0;
            background: #fff; padding: .5rem 0; border-bottom: 1px solid var(--line); z-index: 1; }
.controls input[type=range] { flex: 1 1 20rem; }
button { font: inherit; padding: .3rem .9rem; }
#where { min-width: 12rem; font-variant-numeric: tabular-nums; }
#action { font-weight: 600; margin: .6rem 0; }
.panes { display: grid; grid-template-columns: max-content minmax(14rem, 1fr); gap: 1.2rem; align-items: start; }
.panes h2 { margin-top: 0; }
#board { margin: 0; padding: .6rem; background: var(--band); border: 1px solid var(--line); overflow-x: auto; line-height: 1.3;
         font-size: .8rem; max-width: 100%; }
#story { margin: 0; padding: 0; list-style: none; max-height: 36rem; overflow-y: auto; }
#story li { display: grid; grid-template-columns: 2.2rem minmax(0, 1fr); column-gap: .4rem; }
#story li .n { text-align: right; font-variant-numeric: tabular-nums; color: var(--muted); white-space: nowrap; }
#story li.rift { color: #8a3b00; }
#story li.turn { display: block; font-weight: 600; margin-top: .3rem; }
.ending { margin-top: 1rem; padding: .5rem .8rem; border-left: 4px solid var(--accent); background: var(--band); }
.ending.broken { border-color: #d55e00; }
@media (max-width: 70rem) { .panes { grid-template-columns: minmax(0, 1fr); } }
"""

SCRIPT = r"""
"use strict";
const steps = JSON.parse(document.getElementById("steps").textContent);
const slider = document.getElementById("slider");
const prev = document.getElementById("prev");
const next = document.getElementById("next");
let current = 0;
function show(i) {
  current = Math.max(0, Math.min(steps.length - 1, i));
  const step = steps[current];
  document.getElementById("board").textContent = step.board.join("\n");
  document.getElementById("action").textContent = step.action;
  document.getElementById("where").textContent = "step " + current + " of " + (steps.length - 1) + ", turn " + step.turn;
  // Each sentence numbered, its number in a column of its own; a turn's heading is a heading, not a sentence.
  const story = document.getElementById("story");
  let number = 0;
  story.replaceChildren(...step.story.map(([text, rift]) => {
    const li = document.createElement("li");
    if (text.startsWith("---")) {
      li.className = "turn";
      li.textContent = text;
      return li;
    }
    number += 1;
    const n = document.createElement("span");
    n.className = "n";
    n.textContent = number + ".";
    const words = document.createElement("span");
    words.textContent = text;
    li.append(n, words);
    if (rift) li.className = "rift";
    return li;
  }));
  slider.value = String(current);
  prev.disabled = current === 0;
  next.disabled = current === steps.length - 1;
  document.getElementById("ending").hidden = current !== steps.length - 1;
}
prev.addEventListener("click", () => show(current - 1));
next.addEventListener("click", () => show(current + 1));
slider.addEventListener("input", () => show(Number(slider.value)));
document.addEventListener("keydown", e => {
  if (e.target === slider) return;  // the slider moves itself with the arrow keys
  if (e.key === "ArrowLeft") show(current - 1);
  else if (e.key === "ArrowRight") show(current + 1);
  else if (e.key === "Home") show(0);
  else if (e.key === "End") show(steps.length - 1);
});
show(0);
"""


def _bot_words(bot: ReplayBot | None) -> str:
    if bot is None:
        return "none recorded: the actions alone"
    budget = f", budget {bot.budget}" if bot.budget is not None else ""
    return f"{bot.name} (seed {bot.seed}{budget})"


def _facts(
    path: str | Path, replay: ReplayFile, spec: GameSpec, variants: Mapping[str, str] | None = None
) -> list[tuple[str, str]]:
    result = replay.result
    recorded = OUTCOME_WORDS.get(result.outcome, result.outcome)
    if result.error:
        recorded += f": {result.error}"
    else:
        recorded += f" on turn {result.turn}"
    facts = [
        ("replay file", str(path)),
        ("deck", f"{spec.deck.name} ({spec.deck.ruler})" + (f", {replay.deck.file}" if replay.deck.file else "")),
        ("level", f"{spec.level.number} {spec.level.name}" + (f", {replay.level.file}" if replay.level.file else "")),
        ("seed", str(replay.seed)),
        ("bot", _bot_words(replay.bot)),
        ("recorded ending", recorded),
        ("recorded with", f"gateruler {replay.engine_version}; shown with {__version__}"),
    ]
    if variants:
        facts.append(
            ("rule variants", f"shown with {variant_change(replay, variants)}: the game may not go as it went")
        )
    if replay.data_hash != game_data_hash(spec):
        facts.append(("card data", "differ from the recording: the game may not go as it went"))
    return facts


def replay_page_html(
    path: str | Path, pool: CardPool | None = None, variants: Mapping[str, str] | None = None
) -> tuple[str, Walkthrough]:
    """The page for replay file `path`, and the walk it shows (a bad file is a ReplayFileError or DataError).

    `pool` supplies the cards the replay does not carry itself (default: the shipped cards); `variants`
    (checked names and values) replace rule variants it recorded, as `replay --variant` does, and the page
    says so."""
    replay = read_replay(path)
    spec = spec_from_replay(path, replay, pool, variants)
    walkthrough = walk(spec, replay.seed, list(replay.actions), replay.result.error)
    result = replay.result
    if walkthrough.outcome is not None and (walkthrough.outcome, walkthrough.turn) != (result.outcome, result.turn):
        was = OUTCOME_WORDS.get(result.outcome, result.outcome)
        walkthrough = attrs.evolve(
            walkthrough, ending=f"{walkthrough.ending} (The recording ended {was} on turn {result.turn}.)", broken=True
        )
    steps = [
        {"action": s.action, "turn": s.turn, "board": list(s.board), "story": [[text, rift] for text, rift in s.story]}
        for s in walkthrough.steps
    ]
    if not steps:
        steps = [{"action": "The game could not be set up.", "turn": 0, "board": [], "story": []}]
    title = f"Replay: {spec.deck.name} against level {spec.level.number} {spec.level.name}, seed {replay.seed}"
    facts = "".join(f"<dt>{esc(k)}</dt><dd>{esc(v)}</dd>" for k, v in _facts(path, replay, spec, variants))
    last = len(steps) - 1
    body = f"""<h1>{esc(title)}</h1>
<dl class="settings" id="facts">{facts}</dl>
<div class="controls">
<button id="prev" type="button" aria-label="previous step">&larr; previous</button>
<input id="slider" type="range" min="0" max="{last}" value="0" step="1" aria-label="step">
<button id="next" type="button" aria-label="next step">next &rarr;</button>
<span id="where"></span>
</div>
<p id="action"></p>
<div class="panes">
<pre id="board" aria-label="the board after this step"></pre>
<div><h2>What happened</h2><ol id="story" aria-label="what happened, sentence by sentence"></ol></div>
</div>
<p id="ending" class="ending{" broken" if walkthrough.broken else ""}" hidden>{esc(walkthrough.ending)}</p>
<p class="muted">Keys: left and right arrows step, Home and End jump. Made by gateruler {esc(__version__)}.</p>
<script type="application/json" id="steps">{script_json(steps)}</script>"""
    return page(title, body, style=STYLE, script=SCRIPT), walkthrough
