"""Files we write are replaced in one step: a failed write keeps the previous file."""

from __future__ import annotations

import os

import pytest

from gateruler.fileio import write_text_atomic


def test_write_text_atomic_replaces_the_file(tmp_path):
    target = tmp_path / "out.json"
    target.write_text("old", encoding="utf-8")
    write_text_atomic(target, "new ✓")
    assert target.read_text(encoding="utf-8") == "new ✓"
    assert os.listdir(tmp_path) == ["out.json"]


def test_a_failed_write_keeps_the_previous_file_and_leaves_no_temporary(tmp_path):
    target = tmp_path / "out.json"
    target.write_text("old", encoding="utf-8")
    with pytest.raises(UnicodeEncodeError):
        write_text_atomic(target, "half \udcff")  # a lone surrogate cannot be written as UTF-8
    assert target.read_text(encoding="utf-8") == "old"
    assert os.listdir(tmp_path) == ["out.json"]


def test_a_new_file_gets_the_usual_permissions_and_a_replaced_one_keeps_its_own(tmp_path):
    umask = os.umask(0o022)
    try:
        write_text_atomic(tmp_path / "new.txt", "x")
        old = tmp_path / "old.txt"
        old.write_text("x")
        old.chmod(0o640)
        write_text_atomic(old, "y")
    finally:
        os.umask(umask)
    assert (tmp_path / "new.txt").stat().st_mode & 0o777 == 0o644
    assert old.stat().st_mode & 0o777 == 0o640
