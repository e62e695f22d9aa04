"""Rule variants: the registry, its readings, and that each variant's readings play differently.

Every variant has a scenario per value (tests/scenarios/variant-NAME-VALUE.yaml,
picking the value with `variants:`) whose expectation holds under that value
and fails under every other: the two readings differ on that position.
"""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest
from click.testing import CliRunner

from gateruler import loader
from gateruler.cli import main
from gateruler.engine.rules import Rules
from gateruler.errors import DataError, DataErrors, GateRulerError
from gateruler.invader import RiftRules
from gateruler.scenario import expectation_mismatches, load_scenario, result_json, run_scenario
from gateruler.variants import (
    DEFAULT,
    LEGACY,
    VARIANTS,
    Readings,
    applying,
    from_record,
    parse_assignments,
    readings_for,
)

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "tests" / "scenarios"
RULINGS = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
CASES = [(v.name, value) for v in VARIANTS for value in v.names]


def scenario_of(name: str, value: str) -> Path:
    return SCENARIOS / f"variant-{name}-{value}.yaml"


@pytest.mark.parametrize(("name", "value"), CASES, ids=[f"{n}={v}" for n, v in CASES])
def test_each_reading_of_each_variant_has_a_scenario_that_picks_it_and_holds(name: str, value: str) -> None:
    spec = load_scenario(scenario_of(name, value))
    assert spec.variants == {name: value}
    assert expectation_mismatches(spec.expect, result_json(run_scenario(spec))) == []


@pytest.mark.parametrize(("name", "value"), CASES, ids=[f"{n}={v}" for n, v in CASES])
def test_the_other_readings_of_a_variant_fail_that_scenario(name: str, value: str) -> None:
    spec = load_scenario(scenario_of(name, value))
    for other in (v for v in next(x for x in VARIANTS if x.name == name).names if v != value):
        changed = attrs.evolve(spec, variants={name: other})
        try:
            mismatches = expectation_mismatches(spec.expect, result_json(run_scenario(changed)))
        except DataError as refused:  # an answer the other reading never asks for (a "you may" declined, a zone)
            assert "illegal action now" in str(refused) or "is not in the player's hand" in str(refused)
            continue
        assert mismatches, f"{name}={other} plays {scenario_of(name, value).name} the same way"


def test_every_variant_names_a_ruling_of_docs_rulings_and_marks_its_default_there() -> None:
    for v in VARIANTS:
        assert f"| {v.ruling} |" in RULINGS, v.ruling
        assert f"`{v.name}`" in RULINGS and f"`{v.name}={v.alternatives[0]}`" in RULINGS, v.name


def test_a_variants_values_are_its_readings_values_the_default_first() -> None:
    defaults = Readings()
    for v in VARIANTS:
        assert v.names == tuple(m.value for m in v.kind)
        assert defaults.value(v.name) == v.default
    assert [f.name for f in attrs.fields(Rules)] + [f.name for f in attrs.fields(RiftRules)] == [
        v.name for v in VARIANTS
    ]


def test_readings_record_every_variant_and_read_back_the_same() -> None:
    changed = DEFAULT.with_values({"unit_damage": "clears", "end_rule_knight": "any"})
    assert changed.changed() == [("unit_damage", "clears"), ("end_rule_knight", "any")]
    assert from_record(changed.to_dict()) == changed
    assert changed.words() == "unit_damage=clears, end_rule_knight=any" and DEFAULT.words() == "defaults"


def test_a_save_or_replay_without_variants_was_played_with_deck_out_taking() -> None:
    assert from_record(None) == LEGACY and LEGACY.changed() == [
        ("deck_out", "taking"),
        ("player_windows", "off"),
    ]  # and no windows (W7)


@pytest.mark.parametrize(
    ("texts", "message"),
    [
        (["unit_damag=clears"], "--variant: unknown variant 'unit_damag' (did you mean unit_damage?)"),
        (["unit_damage=clear"], "--variant: unit_damage: unknown value 'clear' (did you mean clears?)"),
        (["unit_damage=zzz"], "--variant: unit_damage: unknown value 'zzz' (the values are: persists, clears)"),
        (
            ["unit_damage"],
            "--variant: 'unit_damage' is not NAME=VALUE, e.g. --variant unit_damage=clears (gateruler variants lists them)",
        ),
    ],
)
def test_a_wrong_variant_is_one_line_with_did_you_mean(texts: list[str], message: str) -> None:
    with pytest.raises(GateRulerError) as error:
        parse_assignments(texts)
    assert str(error.value) == message


def test_a_later_variant_wins_over_an_earlier_one() -> None:
    assert parse_assignments(["unit_damage=clears", "unit_damage=persists"]) == {"unit_damage": "persists"}


@pytest.mark.parametrize("command", ["check", "play", "watch", "scenario", "replay"])
def test_every_game_command_refuses_a_wrong_variant_with_exit_code_2(command: str) -> None:
    args = {
        "check": ["check", "gateruler/data/decks/knight-sample.yaml"],
        "play": ["play", "--plain"],
        "watch": ["watch", "--plain"],
        "scenario": ["scenario", str(scenario_of("unit_damage", "clears"))],
        "replay": ["replay", "no-such-replay.json"],
    }[command]
    result = CliRunner().invoke(main, [*args, "--variant", "deck_out=emtpy"], catch_exceptions=False)
    assert (result.exit_code, result.output.strip()) == (
        2,
        "error: --variant: deck_out: unknown value 'emtpy' (did you mean empty?)",
    )


def test_gateruler_variants_lists_each_with_its_default_alternatives_and_ruling() -> None:
    out = CliRunner().invoke(main, ["variants"]).output
    for v in VARIANTS:
        assert f"{v.name} (docs/rulings.md {v.ruling}): {v.doc}" in out
        assert f"  default  {v.default}: {v.meaning(v.default)}" in out
        for alt in v.alternatives:
            assert f"           {alt}: {v.meaning(alt)}" in out


def test_a_level_file_sets_variants_and_the_command_line_wins(tmp_path: Path) -> None:
    text = loader.INVADER_DECKS_DIR.joinpath("level-1.yaml").read_text(encoding="utf-8")
    path = tmp_path / "level.yaml"
    path.write_text(text + "variants: {unit_damage: clears, deck_out: taking}\n", encoding="utf-8")
    level = loader.load_level(path)
    assert level.variants == {"unit_damage": "clears", "deck_out": "taking"}
    assert readings_for(level, {"deck_out": "empty"}).changed() == [("unit_damage", "clears")]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("variants: {unit_damag: clears}\n", "unknown key 'unit_damag' (did you mean unit_damage?)"),
        ("variants: {unit_damage: clear}\n", "unknown unit_damage 'clear' (did you mean clears?)"),
    ],
)
def test_a_wrong_variant_in_a_level_file_is_located(tmp_path: Path, line: str, message: str) -> None:
    text = loader.INVADER_DECKS_DIR.joinpath("level-1.yaml").read_text(encoding="utf-8")
    path = tmp_path / "level.yaml"
    path.write_text(text + line, encoding="utf-8")
    row = text.count("\n") + 1
    with pytest.raises((DataError, DataErrors)) as error:
        loader.load_level(path)
    assert f"{path}:{row}:" in str(error.value) and message in str(error.value)


def test_the_variants_that_can_matter_for_the_knight_sample() -> None:
    pool = loader.load_card_pool()
    player = loader.load_player_deck(loader.sample_deck_path("knight"), pool)
    ruler = loader.load_rulers()["knight"]

    def names(number: int) -> list[str]:
        return [v.name for v in applying(loader.load_level(number), player.pool, player.deck.card_ids(), ruler)]

    common = ["unit_damage", "deck_out", "player_windows", "energy_readied", "vanished_target", "full_board_tie"]
    # a hand ruler, no draw for the rift, no level rule in question; no card of the deck has a CNT ability of its own;
    # Absolute Bearia's damage timing answers in the rift's turn; the Knight's text states no energy readied;
    # Honoikazuchi's attack ability may destroy the attacked unit
    assert names(1) == common
    assert names(2) == [
        *common,
        "ignored_cnt",
        "end_rule_turns",
    ]  # no Dark Knight in the deck: whose knight cannot matter
    assert names(5) == [*common, "long_lists"]


def test_a_replay_records_its_variants_and_re_runs_under_them(tmp_path: Path) -> None:
    from gateruler.batch import GameSpec
    from gateruler.replay import record_game, rerun, write_replay

    pool = loader.load_card_pool()
    deck = loader.load_deck(loader.sample_deck_path("knight"))
    level = loader.load_level(3)
    spec = GameSpec(
        deck,
        loader.load_rulers()["knight"],
        level,
        pool.for_level(level),
        200,
        3,
        "",
        DEFAULT.with_values({"unit_damage": "clears"}),
    )
    data = record_game(spec, 5, "greedy", 5)
    assert data["variants"]["unit_damage"] == "clears"
    path = tmp_path / "r.json"
    write_replay(path, data)
    assert rerun(path).same
    data["variants"]["unit_damage"] = "clearz"
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert (
        result.exit_code == 2 and "variants.unit_damage: unknown value 'clearz' (did you mean clears?)" in result.output
    )


# ---------------------------------------------------------------------- saves, the briefing, the board and the story


def _game(level: int, variants: Readings = DEFAULT, seed: int = 3):  # noqa: ANN202 - a Game
    from gateruler.games import new_game

    return new_game(
        loader.load_deck(loader.sample_deck_path("knight")), loader.load_level(level), seed, readings=variants
    )


def test_a_save_records_its_variants_and_loads_under_them(tmp_path: Path) -> None:
    from gateruler.saves import GameOrigin, load_game, save_game
    from gateruler.variants import of_game

    readings = DEFAULT.with_values({"unit_damage": "clears", "ignored_cnt": "cnt_without_effect"})
    path = tmp_path / "s.json"
    save_game(path, _game(2, readings), GameOrigin(level_number=2))
    assert json.loads(path.read_text(encoding="utf-8"))["variants"] == readings.to_dict()
    loaded, _ = load_game(path)
    assert of_game(loaded.setup.rules, loaded.setup.opponent) == readings


def test_a_save_without_variants_loads_with_the_readings_of_its_time_and_a_wrong_one_is_located(tmp_path: Path) -> None:
    from gateruler.saves import GameOrigin, load_game, save_game
    from gateruler.variants import of_game

    path = tmp_path / "s.json"
    save_game(path, _game(1), GameOrigin(level_number=1))
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["variants"]
    path.write_text(json.dumps(data), encoding="utf-8")
    loaded, _ = load_game(path)
    assert of_game(loaded.setup.rules, loaded.setup.opponent) == LEGACY
    data["variants"] = {"deck_out": "emtpy"}
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    with pytest.raises(GateRulerError) as error:
        load_game(path)
    assert "variants.deck_out: unknown value 'emtpy' (did you mean empty?)" in str(error.value) and f"{path}:" in str(
        error.value
    )


def test_the_briefing_names_the_variants_that_are_not_the_defaults_and_words_the_rules_as_played() -> None:
    from gateruler.play_session import PlaySession
    from gateruler.saves import GameOrigin

    plain = PlaySession(_game(2), GameOrigin(level_number=2)).briefing_texts()
    assert not any("Rule variant" in t for t in plain)
    readings = DEFAULT.with_values({"end_rule_turns": "every_turn", "ignored_cnt": "cnt_without_effect"})
    texts = PlaySession(_game(2, readings), GameOrigin(level_number=2)).briefing_texts()
    assert (
        "Rule variant end_rule_turns=every_turn (not the default rift_turns): at the start phase of every turn, yours too (before your draws)."
        in texts
    )
    assert any("every turn (yours too, before you draw) begins with the rift destroying" in t for t in texts)
    assert any("keeps its CNT icon but its CNT does nothing" in t for t in texts)


def test_the_board_header_lists_the_variants_in_force() -> None:
    import asyncio

    from textual.widgets import Static

    from gateruler.board import BoardApp
    from gateruler.play_session import PlaySession
    from gateruler.saves import GameOrigin

    headers = []
    for readings in (DEFAULT, DEFAULT.with_values({"unit_damage": "clears"})):
        app = BoardApp(PlaySession(_game(1, readings), GameOrigin(level_number=1)), [])

        async def main() -> None:
            async with app.run_test(size=(120, 40)) as pilot:  # noqa: B023 - run at once
                await pilot.pause()
                headers.append(str(app.query_one("#rift-head", Static).render()))  # noqa: B023

        asyncio.run(main())
    assert "rule variants" not in headers[0] and "rule variants: unit_damage=clears" in headers[1]


def test_the_story_says_whose_knight_and_in_which_turn_end_rule_acted_and_why_a_kept_cnt_does_not_count() -> None:
    from factories import game, summon, unit

    from gateruler.engine import RULER, Attack, EndTurn, GoToAttack
    from gateruler.story import narrate

    end, rift_knight, my_knight, counter = (
        unit("END", 1, 1, 9, 1),
        attrs.evolve(unit("KNIGHT-R", 0, 1, 1, 1), name="Dark Knight test"),
        attrs.evolve(unit("KNIGHT-P", 0, 1, 1, 1), name="Dark Knight mine"),
        unit("CNT-HIT", 0, 1, 1, 1, cnt=True),
    )
    end_rule = [("start_of_turn_sacrifice", {"card": "END", "own_name_contains": "Dark Knight"})]

    def told(g: object) -> list[str]:
        return [n.text for n in narrate(g)]

    anyone = DEFAULT.with_values({"end_rule_knight": "any"})
    g = game(cards=[end, my_knight], player=["KNIGHT-P"], rift=["END"], drives=1, rules=end_rule, variants=anyone)
    summon(g, "KNIGHT-P", 0)
    g.apply(EndTurn())
    assert (
        "Level 1's start-of-turn rule (while end is on the rift's board, every rift turn begins so): "
        'the rift destroyed your Dark Knight mine in your left attack zone, a "Dark Knight" unit.'
    ) in told(g)

    every = DEFAULT.with_values({"end_rule_turns": "every_turn"})
    g = game(cards=[end, rift_knight], rift=["END", "KNIGHT-R"], drives=2, rules=end_rule, variants=every)
    assert (
        "Level 1's start-of-turn rule (while end is on the rift's board, every turn begins so): "
        'the rift destroyed its own Dark Knight test in its right attack zone, a "Dark Knight" unit.'
    ) in told(g)  # in the player's first start phase

    kept = DEFAULT.with_values({"ignored_cnt": "cnt_without_effect"})
    g = game(cards=[counter], rift=["CNT-HIT"], rules=[("ignore_cnt", {"card": "CNT-HIT"})], variants=kept)
    g.apply(GoToAttack())
    g.apply(Attack(RULER, RULER))
    assert any(
        "cnt-hit goes to the rift's graveyard" in t
        and "its CNT effect is ignored by level 1's rule (variant ignored_cnt=cnt_without_effect)" in t
        for t in told(g)
    )


def test_watch_and_play_tell_the_variant_in_force_in_the_briefing() -> None:
    for command in (
        ["watch", "--plain", "--level", "1", "--seed", "2"],
        ["play", "--plain", "--level", "1", "--seed", "2"],
    ):
        result = CliRunner().invoke(main, [*command, "--variant", "unit_damage=clears"], input="quit\n")
        assert "Rule variant unit_damage=clears (not the default persists)" in result.output, command


ALTERNATIVES = [(v.name, alt) for v in VARIANTS for alt in v.alternatives]
PLAYED_AT = {"ignored_cnt": 2, "end_rule_turns": 2, "end_rule_knight": 2, "long_lists": 6}  # where each can act


@pytest.mark.parametrize(("name", "value"), ALTERNATIVES, ids=[f"{n}={v}" for n, v in ALTERNATIVES])
def test_random_games_under_each_other_reading_keep_the_invariants_and_restore_exactly(name: str, value: str) -> None:
    import random

    from factories import restore
    from test_engine_properties import play

    from gateruler.games import new_game

    ruler = "apprentice" if name == "handless_draw" else "knight"  # the Apprentice draws with no hand
    deck = loader.load_deck(loader.sample_deck_path(ruler))
    level = loader.load_level(PLAYED_AT.get(name, 3))
    readings = DEFAULT.with_values({name: value})
    for seed in range(3):
        game = new_game(deck, level, seed, readings=readings)
        actions, saved = play(game, random.Random(seed), save_at=6)
        if saved is None:
            continue
        again = restore(saved, game)
        for action in actions[6:]:
            again.apply(action)
        assert (again.winner, again.log) == (game.winner, game.log)
        assert again.setup.rules == readings.engine
