"""Games brought to a position worth looking at, for the tests of what the board and the line mode show.

Played by the greedy bot from a fixed seed, so the same position every time,
then one decision of ours: a card set face down, so that a set zone holds a
card too.
"""

from __future__ import annotations

import re

from gateruler import loader
from gateruler.bots import make_bot, player_view
from gateruler.engine import INVADER, PLAYER, Game, SetCard
from gateruler.games import new_game


def crowded(level: int, seed: int) -> Game:
    """The first main phase of ours where both sides have damage, the rift two units, we six cards in hand and one set."""
    deck = loader.load_deck(loader.sample_deck_path("knight"))
    game = new_game(deck, loader.load_level(level), seed)
    bot = make_bot("greedy", seed)
    while not game.over:
        actions = game.legal_actions()
        sides = game.sides
        if (
            game.pending is None
            and game.active == PLAYER
            and game.phase == "main"
            and sides[INVADER].damage_zone
            and sides[PLAYER].damage_zone
            and len(sides[PLAYER].hand) >= 6
            and sum(game.unit_at(INVADER, slot) is not None for slot in (0, 1, 2)) >= 2
        ):
            setting = [a for a in actions if isinstance(a, SetCard)]
            if setting:
                game.apply(setting[0])
                return game
        game.apply(actions[0] if len(actions) == 1 else bot.choose(player_view(game, actions)))
    raise AssertionError(f"level {level} seed {seed} never reached a crowded position")


# ---------------------------------------------------------------------- what a screen must show
def readable_names(name: str) -> set[str]:
    """The forms of a card's name a player still reads as that card: whole, without its "(...)" note, or the
    part before its comma (the short name decks may use too)."""
    bare = re.sub(r" \([^()]*\)$", "", name)
    return {name, bare, bare.split(", ")[0]}


def shows_name(text: str, name: str) -> bool:
    return any(form in text for form in readable_names(name))


def decision_figures_missing(screen: str, game: Game) -> list[str]:
    """What a player decides on that `screen` (the terminal's text) does not show, worked out from the game itself:
    both sides' LIFE and damage zone, your set cards, the rift's next attackers and every card in your hand."""
    lines = screen.splitlines()
    missing = []
    for side, marker in ((INVADER, "THE RIFT"), (PLAYER, "YOU")):
        life, damage = game.life(side), len(game.sides[side].damage_zone)
        found = [line for line in lines if marker in line]
        if not any(f"LIFE {life}" in line and re.search(rf"damage( zone)? {damage}/{life}\b", line) for line in found):
            missing.append(f"{marker}: LIFE {life}, damage {damage}/{life}")
    for zone, iid in enumerate(game.sides[PLAYER].set_zones, 1):
        name = "empty" if iid is None else game.card(iid).name
        shown = [f"{zone} {form}" for form in readable_names(name)]
        if not any(re.search(r"\bset\b", line) and any(s in line for s in shown) for line in lines):
            missing.append(f"set zone {zone}: {name}")
    preview_at = next((i for i, line in enumerate(lines) if "Rift next:" in line or "Next rift turn" in line), None)
    if preview_at is None:
        missing.append("the rift's next attacks")
    else:
        preview = " ".join(line.strip() for line in lines[preview_at : preview_at + 2])
        for slot in (0, 1):  # the rift's attack zones: the units that attack next
            unit = game.unit_at(INVADER, slot)
            if unit is not None and not shows_name(preview, game.card(unit.iid).name):
                missing.append(f"next attacker {game.card(unit.iid).name}")
    hand_at = next((i for i, line in enumerate(lines) if re.search(r"\bhand \(\d+\):", line)), None)
    if hand_at is None:
        missing.append("the hand")
    else:
        hand = " ".join(line.strip() for line in lines[hand_at : hand_at + 3])
        for iid in game.sides[PLAYER].hand:
            card = game.card(iid)
            if not any(f"{form} L{card.level}" in hand for form in readable_names(card.name)):
                missing.append(f"hand card {card.name}")
    return missing
