"""An installed gateruler, not the checkout, carries the six levels and all its data.

The test builds the wheel from a copy of the checkout, offline (no index,
no build isolation: the setuptools of the running environment builds it),
installs it into a fresh virtual environment and runs the command from a
folder that has nothing of the checkout.  The fresh environment gets the
installed wheel's declared dependencies from the running environment (a
``.pth`` line per folder they are installed in), not the checkout: an
import that fails there is a dependency the wheel does not declare, and a
level or card file missing from the wheel fails the commands.
"""

from __future__ import annotations

import importlib.metadata
import os
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterable
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent
NOT_SOURCE = shutil.ignore_patterns(
    ".git", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache", "gateruler-replays", ".venv*"
)


def run(*command: str | Path, cwd: Path | None = None, env: dict[str, str] | None = None) -> str:
    result = subprocess.run([str(c) for c in command], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, f"{command}\n{result.stdout}\n{result.stderr}"
    return result.stdout


def build_wheel(tmp_path: Path) -> Path:
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=NOT_SOURCE)
    run(
        sys.executable,
        "-m",
        "pip",
        "wheel",
        "--no-deps",
        "--no-build-isolation",
        "--no-index",
        "-q",
        "-w",
        tmp_path / "dist",
        source,
    )
    (wheel,) = (tmp_path / "dist").glob("gateruler-*.whl")
    return wheel


def dependency_folders(wheel: Path) -> set[str]:
    """Where the running environment has the wheel's declared dependencies (and theirs) installed."""
    with zipfile.ZipFile(wheel) as archive:
        metadata = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        lines = archive.read(metadata).decode().splitlines()
    wanted = _needed(line.split(": ", 1)[1] for line in lines if line.startswith("Requires-Dist: "))
    folders: set[str] = set()
    seen: set[str] = set()
    while wanted:
        name = wanted.pop()
        if name.lower() in seen:
            continue
        seen.add(name.lower())
        dist = importlib.metadata.distribution(name)
        folders.add(str(dist.locate_file("")))
        wanted += _needed(dist.requires or [])
    return folders


def _needed(requirements: Iterable[str]) -> list[str]:
    """The names of the requirements this Python needs: no extras, markers evaluated (exceptiongroup is for Python < 3.11)."""
    out = []
    for text in requirements:
        requirement = Requirement(text)
        if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
            out.append(requirement.name)
    return out


def fresh_venv(tmp_path: Path, wheel: Path) -> Path:
    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    run(sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index", "-q", wheel)
    site = Path(run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])").strip())
    (site / "gateruler-test-dependencies.pth").write_text(
        "\n".join(sorted(dependency_folders(wheel))) + "\n", encoding="utf-8"
    )
    return venv


def test_the_installed_wheel_plays_the_six_levels_from_any_folder(tmp_path: Path) -> None:
    wheel = build_wheel(tmp_path)
    venv = fresh_venv(tmp_path, wheel)
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")} | {"GATERULER_CARDS": ""}

    where = run(bin_dir / "python", "-c", "import gateruler; print(gateruler.__file__)", cwd=elsewhere, env=env)
    assert Path(where.strip()).is_relative_to(venv)
    assert (Path(where.strip()).parent / "py.typed").is_file()  # PEP 561: type checkers read its annotations

    levels = run(bin_dir / "gateruler", "levels", cwd=elsewhere, env=env)
    assert [int(row.split("│")[1]) for row in levels.splitlines() if re.match(r"│\s+\d", row)] == [1, 2, 3, 4, 5, 6]

    run(bin_dir / "gateruler", "new", "deck", "Mine", "--ruler", "knight", cwd=elsewhere, env=env)
    check = run(bin_dir / "gateruler", "check", "mine.yaml", "--games", "2", "--workers", "1", cwd=elsewhere, env=env)
    assert check.splitlines()[0] == "Mine (knight) - bot greedy, seed 0, up to 2 games per level, 1 worker"
    assert len([line for line in check.splitlines() if re.match(r"^ [1-6] \S", line)]) == 6
