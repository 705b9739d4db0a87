"""Prints the size of the standalone app (one folder and one file), how soon it shows its first frame, and
how fast its optimal solver is, measured by running the built app itself.

Builds both bundles with build.spec into a temporary folder (about two minutes), then launches each with
`--demo classic --exit-after 0` under the dummy video driver, and with the hidden `--bench-solver VARIANT`
(the solver's table loaded, advice on 300 random decisions, the same decisions with every hold's odds and every
option's line of why as the coach's panel gives them, 100 optimal games, from the app's own tables and without numpy).
Goals (issue 17): one folder at most 80 MB and one file at most 40 MB, solver tables included; first frame
within 1 s; advice under 50 ms per decision (issue 28: with odds and reasons too); the optimal player at 20 games/s
or more.
Run: python benchmarks/bench_bundle.py [--keep DIR] [--variants official,yatzy]
     python benchmarks/bench_bundle.py --dist dist   (the one folder already built in dist/ by build.spec: no build)
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def build(out: Path, onefile: bool) -> Path:
    env = dict(os.environ, DICE_PARLOR_ONEFILE="1" if onefile else "0")
    dist = out / ("onefile" if onefile else "onedir")
    subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--distpath", str(dist), "--workpath",
                    str(out / "work"), str(ROOT / "build.spec")], check=True, capture_output=True, env=env)
    return dist / "dice-parlor"


def size_mb(path: Path) -> float:
    """MiB on disk; the one folder's symbolic links (26 libraries linked into _internal/) are not counted twice."""
    if path.is_file():
        return path.stat().st_size / 2**20
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink()) / 2**20


def first_frame(executable: Path, runs: int = 3) -> float:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    times = []
    with tempfile.TemporaryDirectory() as home:
        env["DICE_PARLOR_HOME"] = home
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run([str(executable), "--demo", "classic", "--exit-after", "0"], check=True, env=env,
                           capture_output=True, cwd=home)
            times.append(time.perf_counter() - start)
    return min(times)


def solver_figures(executable: Path, variant: str) -> dict:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    with tempfile.TemporaryDirectory() as home:
        env["DICE_PARLOR_HOME"] = home
        out = subprocess.run([str(executable), "--bench-solver", variant], check=True, env=env, capture_output=True,
                             text=True, cwd=home)
    return json.loads(out.stdout.strip().splitlines()[-1])


def report(label: str, executable: Path, size: float, limit: float, variants: list[str]) -> None:
    frame = first_frame(executable)
    print(f"{label}: {size:6.1f} MiB (goal <= {limit:.0f}: {'ok' if size <= limit else 'MISSED'})   "
          f"first frame {frame:.2f} s (goal <= 1 s: {'ok' if frame <= 1.0 else 'MISSED'})")
    for variant in variants:
        f = solver_figures(executable, variant)
        ok = (f["advice_ms_max"] < 50 and f["reasons_ms_max"] < 50 and f["games_per_s"] >= 20
              and not f["numpy"])
        print(f"  {variant:<10} table loaded in {f['load_ms']:.0f} ms; advice {f['advice_ms_median']:.2f} ms per "
              f"decision (p95 {f['advice_ms_p95']:.2f}, max {f['advice_ms_max']:.2f}); with odds and reasons "
              f"{f['reasons_ms_median']:.2f} ms (p95 {f['reasons_ms_p95']:.2f}, max {f['reasons_ms_max']:.2f}; odds' "
              f"tables built once in {f['odds_tables_ms']:.0f} ms); optimal "
              f"{f['games_per_s']:.1f} games/s (mean {f['mean']:.1f} of {f['games']}); numpy "
              f"{'loaded' if f['numpy'] else 'absent'}  [{'ok' if ok else 'MISSED'}]")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--keep", help="build into this folder and keep the bundles")
    parser.add_argument("--variants", default="official,yatzy")
    parser.add_argument("--dist", help="measure the one folder already built here (DIST/dice-parlor), no build")
    args = parser.parse_args()
    variants = [v for v in args.variants.split(",") if v]
    if args.dist:
        folder = Path(args.dist).resolve() / "dice-parlor"
        report("one folder", folder / "dice-parlor", size_mb(folder), 80, variants)
        return
    with tempfile.TemporaryDirectory() as temp:
        out = Path(args.keep or temp)
        if args.keep:
            shutil.rmtree(out, ignore_errors=True)
        onedir = build(out, onefile=False)
        onefile = build(out, onefile=True)
        report("one folder", onedir / "dice-parlor", size_mb(onedir.parent), 80, variants)
        report("one file  ", onefile, size_mb(onefile), 40, variants)


if __name__ == "__main__":
    main()
