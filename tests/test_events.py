"""The log's entries are typed records, one class per kind (engine/events.py), that save as the tuples they were.

A save, `play --log` and the outcome digest hold `list(entry)`: a record must
list, compare and encode exactly as the plain tuple `(turn, kind, side,
*fields)` the log always held.  Seeded games of every shipped level and of
both fixtures are read.
"""

from __future__ import annotations

import copy
import json
import pickle

import pytest
from factories import finished_random_game, finished_shipped_game, game

from gateruler.engine import PLAYER, events


def seeded_logs() -> list[list[events.Entry]]:
    games = [finished_shipped_game(level, 0) for level in range(1, 7)]
    games += [finished_random_game(fixture, seed) for fixture in ("rich", "mechanics") for seed in range(3)]
    return [g.log for g in games]


def test_every_entry_a_game_logs_is_the_record_of_its_kind_with_exactly_its_fields():
    for log in seeded_logs():
        for entry in log:
            record = events.KINDS[entry[1]]
            assert type(entry) is record, entry
            assert len(entry) == 3 + len(record.FIELDS), entry  # the class declares what log_event is given


def test_a_record_lists_compares_and_encodes_as_the_tuple_it_was():
    for log in seeded_logs():
        for entry in log:
            plain = tuple(entry)
            assert entry == plain and hash(entry) == hash(plain)
            assert json.dumps(entry) == json.dumps(list(plain))  # what a save and the digest hold


def test_a_records_fields_are_read_by_name_in_the_order_the_engine_logs_them():
    g = game()
    g.log_event(PLAYER, "damage_unit", 4, 3, 5, 7, "attack")
    entry = g.log[-1]
    assert isinstance(entry, events.DamageUnit)
    assert (entry.turn, entry.kind, entry.side) == (g.turn, "damage_unit", PLAYER)
    assert (entry.card, entry.amount, entry.total, entry.source, entry.reason) == (4, 3, 5, 7, "attack")
    assert entry.to_dict(["A"] * 8)["source"] == "A"  # a card field is named by its card id


def test_a_field_named_after_a_python_word_is_read_with_an_underscore():
    g = game()
    g.log_event(PLAYER, "remove", 2, "hand", 3, "cost")
    entry = g.log[-1]
    assert entry.from_ == "hand" and entry.to_dict(["A"] * 4)["from"] == "hand"


def test_a_kind_no_record_class_declares_cannot_be_logged():
    with pytest.raises(KeyError):
        game().log_event(PLAYER, "teleport", 3)


def test_an_older_logs_short_entry_becomes_its_record_with_none_for_the_fields_added_since():
    entry = events.padded([3, "damage_unit", 0, 7, 2, 2])
    assert type(entry) is events.DamageUnit and (entry.source, entry.reason) == (None, None)


def test_a_record_pickles_and_copies_as_its_own_kind():  # games cross processes (check --workers, dask)
    entry = finished_shipped_game(1, 0).log[-1]
    for twin in (pickle.loads(pickle.dumps(entry)), copy.deepcopy(entry)):
        assert type(twin) is type(entry) and twin == entry
