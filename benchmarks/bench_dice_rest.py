"""Prints how dice at rest look over many seeded throws at each table layout: how many throws left a die over
a rail, a top face covered by another die, a pip under a key badge or a die under a panel, and how long the
throws took to work out (physics steps, CPU).

The layouts and checks are those of tests/test_dice_at_rest.py (the real table's felt, hold row and panels;
the renderer's projection); the suite throws a few per layout, this throws ``--throws`` (1,000 by default).

Run: python benchmarks/bench_dice_rest.py [--throws 1000] [--dice 5] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import pygame  # noqa: E402
import test_dice_at_rest as rest  # noqa: E402

KINDS = ("over a rail", "covers the top", "badge covers a pip", "under a panel")


def run(throws: int, dice: int) -> list[dict]:
    figures = []
    for (size, seats, panel) in rest.layouts().values():
        bad: dict[str, int] = {}
        started = time.process_time()
        for seed in range(throws):
            tray = rest.tray_for(size, seats, panel, dice, seed)
            rng = random.Random(seed)
            faces = tuple(rng.randint(1, 6) for _ in range(dice))
            tray.throw(faces, [True] * dice)
            rest.settle(tray)
            found = rest.problems(tray)
            kinds = {kind for kind in KINDS if any(kind in problem for problem in found)}
            for kind in kinds:
                bad[kind] = bad.get(kind, 0) + 1
        figures.append({"layout": f"{seats} seats, {panel}", "window": f"{size[0]}x{size[1]}", "dice": dice,
                        "throws": throws, "throws_with_problems": bad,
                        "cpu_ms_per_throw": round((time.process_time() - started) * 1000 / throws, 1)})
    return figures


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--throws", type=int, default=1000)
    parser.add_argument("--dice", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    figures = run(args.throws, args.dice)
    if args.json:
        print(json.dumps(figures))
        return
    for f in figures:
        print(f"{f['layout']:<20} {f['dice']} dice, {f['throws']} throws: "
              f"{f['throws_with_problems'] or 'no problems'}; {f['cpu_ms_per_throw']} ms CPU a throw")


if __name__ == "__main__":
    main()
