"""Prints the kiosk's attract mode over 24 simulated hours: peak memory and its growth per hour; exits 1 when
the soak test's checks fail (tests/test_kiosk.py runs it only with DICE_PARLOR_SOAK=1: 1.5-5 minutes).

The clock is fast-forwarded (coarse steps of made-up time, a frame drawn every
ten simulated seconds); the games are played at their normal pace.
Run: python benchmarks/bench_kiosk.py [--hours 24]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from tempfile import TemporaryDirectory

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hours", type=int, default=24)
    args = parser.parse_args()
    with TemporaryDirectory() as home:
        os.environ["DICE_PARLOR_HOME"] = home
        from soak import judge, soak

        start = time.perf_counter()
        result = soak(args.hours, step=1.0, draw_every=10.0)
        seconds = time.perf_counter() - start
    memory = [rss for rss, _ in result["samples"]]
    files = [n for _, n in result["samples"]]
    tail = max(1, len(memory) // 2)
    growth = (statistics.median(memory[-tail:]) - statistics.median(memory[:tail])) / tail
    print(f"{result['hours']} simulated hours in {seconds:.0f} s: {result['games']} attract games")
    print(f"peak memory {max(memory):.1f} MB, growth {growth:+.2f} MB per simulated hour (second half vs first)")
    print(f"open files: {min(files)} to {max(files)}")
    problems = judge(result)  # what tests/test_kiosk.py's soak asserts (it runs only when asked)
    for problem in problems:
        print(f"FAILED: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
