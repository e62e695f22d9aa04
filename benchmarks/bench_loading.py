"""How long a command waits for its data: the loader's imports, then the shipped cards, a level and a deck.

Every command starts in a fresh process and reads the shipped card files, a
level and a deck before it plays anything, so that wait is paid by every
`play`, `check` and `validate`.  Each run is a cold process that times, in
CPU seconds:

* import: ``from gateruler import loader`` (the readers, the engine's
  registries, the field tables);
* load: ``load_card_pool()``, ``load_level(1)`` and
  ``load_deck(sample_deck_path("knight"))``, nothing read before.

On a shared machine compare versions with ``--compare REF``: the git ref is
exported into a temporary folder and both trees run alternately, in their
own processes, for several rounds; the report gives the median of each and
the ratio new/old.  Modules are imported from cached bytecode, as an
installed package's are (a first, untimed run per tree writes it), unless
``--source`` asks for every module compiled in every process (what
``PYTHONDONTWRITEBYTECODE`` does).

    python benchmarks/bench_loading.py [--runs 20] [--source]
    python benchmarks/bench_loading.py --compare main [--rounds 20] [--source]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_engine import export  # noqa: E402

# run with the tree first on sys.path, so that the measured tree's gateruler is the one imported
_PROBE = """
import sys, time, json
sys.path.insert(0, sys.argv[1])
start = time.process_time()
from gateruler import loader
imported = time.process_time()
loader.load_card_pool()
loader.load_level(1)
loader.load_deck(loader.sample_deck_path("knight"))
done = time.process_time()
assert loader.__file__.startswith(sys.argv[1]), loader.__file__
print(json.dumps({"import": imported - start, "load": done - imported}))
"""


def run_once(tree: Path, source: bool = False) -> dict[str, float]:
    """One cold process's figures for the code in `tree` (`source`: no bytecode read or written)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")}
    with tempfile.TemporaryDirectory(prefix="bench-pyc-") as empty:
        if source:  # bytecode looked for in an empty folder, and never written
            env.update(PYTHONDONTWRITEBYTECODE="1", PYTHONPYCACHEPREFIX=empty)
        command = [sys.executable, "-c", _PROBE, str(tree.resolve())]
        done = subprocess.run(command, capture_output=True, text=True, cwd=tree, env=env)
    if done.returncode != 0:
        raise SystemExit(f"loading failed in {tree}:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _median(runs: list[dict[str, float]], key: str) -> float:
    return statistics.median(r[key] for r in runs)


def _line(name: str, runs: list[dict[str, float]]) -> str:
    return f"{name}: import {_median(runs, 'import') * 1000:6.1f} ms, load {_median(runs, 'load') * 1000:6.1f} ms (CPU, median of {len(runs)})"


def compare(ref: str, rounds: int, source: bool) -> None:
    with tempfile.TemporaryDirectory(prefix="bench-") as tmp:
        trees = {"old": export(ref, Path(tmp)), "new": ROOT}
        for tree in trees.values():
            run_once(tree, source)  # writes the bytecode (unless `source`)
        runs: dict[str, list[dict[str, float]]] = {"old": [], "new": []}
        for r in range(rounds):
            for version in ("old", "new") if r % 2 == 0 else ("new", "old"):  # alternate, so drift hits both alike
                runs[version].append(run_once(trees[version], source))
    compiled = "compiled from source" if source else "from cached bytecode"
    print(f"old = {ref}, new = this tree; {rounds} cold processes each, alternating, modules {compiled}")
    for version in ("old", "new"):
        print(_line(version, runs[version]))
    for timed in runs.values():
        for run in timed:
            run["total"] = run["import"] + run["load"]
    for key in ("import", "load", "total"):
        print(f"new/old {key}: {_median(runs['new'], key) / _median(runs['old'], key):.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="cold processes to time (this tree only)")
    parser.add_argument("--compare", metavar="REF", help="also time the code of this git ref, alternating")
    parser.add_argument("--rounds", type=int, default=20, help="cold processes per version with --compare")
    parser.add_argument("--source", action="store_true", help="compile every module in every process (no bytecode)")
    args = parser.parse_args()
    if args.compare:
        compare(args.compare, args.rounds, args.source)
        return
    run_once(ROOT, args.source)
    print(_line("this tree", [run_once(ROOT, args.source) for _ in range(args.runs)]))


if __name__ == "__main__":
    main()
