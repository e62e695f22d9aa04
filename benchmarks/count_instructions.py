"""Machine instructions per game of bench_engine's workloads, counted by valgrind; and old against new.

Timings on a shared machine swing by a quarter from run to run; valgrind's
instruction count of the same games barely moves (`PYTHONHASHSEED=0`; two
runs of one tree differ by well under 1%; numpy's BLAS runs on one thread,
whose idle siblings would spin otherwise), so small engine changes can be
measured with it.  The tree's path is another matter: the same code counted
in directories of other name lengths (`--compare` exports into a temporary
one) has differed by up to 2%, greedy 10.94M against 11.12-11.17M; to
measure a change smaller than that, export both trees to directories of
names of one length (say /tmp/bs-old-1, /tmp/bs-new-1) and count in each.  For each workload this runs bench_engine's maker (this
tree's benchmark, playing the code of the measured tree) under
`valgrind --tool=cachegrind --cache-sim=no` twice: one warm-up game, then
seeds 0..N-1, and one warm-up game alone; the difference over N is the
instructions a game (imports, loading the data and the warm-up's memos drop
out).  Needs valgrind on the PATH (`apt-get install valgrind`); a run takes
about a minute per workload and version.

    python benchmarks/count_instructions.py [--workloads shipped:200,fixture:20]
    python benchmarks/count_instructions.py --compare ec22012 [--workloads ...]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DEFAULT = "shipped:200,fixture:20,mechanics:10,greedy:10,learned:10"
WARM_UP_SEED = 10_000


def play(tree: Path, workload: str, games: int) -> None:
    """One warm-up game of `workload`, then seeds 0..games-1, with the code of `tree` (run under valgrind)."""
    sys.path.insert(0, str(HERE))
    import bench_engine

    make = bench_engine._makers(tree)[workload]
    for seed in (WARM_UP_SEED, *range(games)):
        game, player = make(seed)
        player(game, seed)


def instructions(tree: Path, workload: str, games: int) -> int:
    """Valgrind's instruction count of the process playing the warm-up and `games` games."""
    command = [
        "valgrind",
        "--tool=cachegrind",
        "--cache-sim=no",
        "--cachegrind-out-file=/dev/null",
        sys.executable,
        str(Path(__file__).resolve()),
        "--play",
        str(tree),
        workload,
        str(games),
    ]
    # numpy's OpenBLAS starts a thread per core at import, and idle threads spin for a while: their
    # instructions made the learned bot's count swing by a tenth from run to run; one thread starts none
    env = {**os.environ, "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1"}
    done = subprocess.run(command, capture_output=True, text=True, cwd=tree, env=env)
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"valgrind on the {workload} workload of {tree} failed:\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def per_game(tree: Path, workload: str, games: int) -> float:
    return (instructions(tree, workload, games) - instructions(tree, workload, 0)) / games


def parse_workloads(text: str) -> list[tuple[str, int]]:
    out = []
    for item in filter(None, text.split(",")):
        name, _, n = item.partition(":")
        if not n.isdigit() or int(n) < 1:
            raise SystemExit(f"--workloads: {item!r} is not NAME:GAMES with GAMES a whole number above 0")
        out.append((name, int(n)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workloads", default=DEFAULT, help=f"NAME:GAMES, comma-separated (default {DEFAULT})")
    parser.add_argument("--compare", metavar="REF", help="also count the code of this git ref (exported)")
    parser.add_argument("--play", nargs=3, metavar=("TREE", "WORKLOAD", "GAMES"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play:
        play(Path(args.play[0]), args.play[1], int(args.play[2]))
        return
    workloads = parse_workloads(args.workloads)
    with tempfile.TemporaryDirectory(prefix="count-") as tmp:
        trees = {"new": ROOT}
        if args.compare:
            sys.path.insert(0, str(HERE))
            import bench_engine

            trees["old"] = bench_engine.export(args.compare, Path(tmp))
        for name, games in workloads:
            counts = {version: per_game(tree, name, games) for version, tree in trees.items()}
            line = f"{name:>9}: new {counts['new']:,.0f} instructions a game ({games} games)"
            if "old" in counts:
                line += f", old ({args.compare}) {counts['old']:,.0f}, old/new {counts['old'] / counts['new']:.3f}x"
            print(line, flush=True)


if __name__ == "__main__":
    main()
