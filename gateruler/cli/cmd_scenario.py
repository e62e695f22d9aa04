"""`gateruler scenario FILE [--json]`: play one scripted turn and show the result."""

from __future__ import annotations

import json
import sys

import click

from gateruler.cli import main
from gateruler.cli.card_library import card_pool, cards_option
from gateruler.cli.cmd_variants import given_variants, variant_option


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (the fixed scenario contract).")
@cards_option
@variant_option
def scenario(file: str, as_json: bool, card_paths: tuple[str, ...], variant_texts: tuple[str, ...]) -> None:
    """Play the turn a scenario file names and print the state it ends in.

    If the file has an `expect:` block, the result is compared with it and
    the command exits 1 on any difference.  --variant plays it under
    another reading than the file's `variants:` (or the defaults).
    """
    import attrs

    from gateruler.scenario import expectation_mismatches, load_scenario, result_json, run_scenario

    variants = given_variants(variant_texts)
    spec = load_scenario(file, card_pool(card_paths))
    spec = attrs.evolve(spec, variants={**spec.variants, **variants})
    game = run_scenario(spec)
    result = result_json(game)
    if as_json:
        click.echo(json.dumps(result, ensure_ascii=False))
    else:
        click.echo(_readable(result, game.describe_log()))
    if spec.expect is not None:
        problems = expectation_mismatches(spec.expect, result)
        loc = spec.expect_location
        for problem in problems:
            click.echo(f"{file}:{loc.line}:{loc.column}: expectation not met: {problem}", err=True)
        if problems:
            sys.exit(1)


def _readable(result: dict, log_lines: list[str]) -> str:
    out = ["What happened:"]
    out += [f"  {line}" for line in log_lines]
    out.append(f"Winner: {result['winner'] or 'none yet'}")
    for side in ("invader", "player"):
        data = result[side]
        out.append(f"{'Rift' if side == 'invader' else 'Player'}:")
        for zone, unit in data["board"].items():
            shown = "-" if unit is None else f"{unit['id']} (damage {unit['damage']}{_soul(unit)})"
            out.append(f"  {zone:<13} {shown}")
        out.append(f"  deck {data['deck']}, hand {data['hand']}")
        for zone in ("graveyard", "damage_zone", "set_zones"):
            out.append(f"  {zone:<13} {', '.join(data[zone]) or '-'}")
        for zone, cards in (
            ("field_zone", [f"{c['id']}{_soul(c)}" for c in data["field_zone"]]),
            ("removed", data["removed"]),
            ("face_down", data["face_down"]),
        ):
            if cards:
                out.append(f"  {zone:<13} {', '.join(cards)}")
    return "\n".join(out)


def _soul(card: dict) -> str:
    return f"; soul {', '.join(card['soul'])}" if card["soul"] else ""
