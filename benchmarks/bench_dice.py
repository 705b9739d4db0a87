"""Prints frames per second for update + draw of five tumbling dice on the 1280x800 canvas.

Headless (SDL's dummy video driver). Only frames where dice are still moving
count, throw after throw, so the turned-frame cache is exercised the way a
real game does: cold on the first throws, warm later. Each frame clears the
canvas, updates the tray by 1/120 s and draws it.
Run: python benchmarks/bench_dice.py [--seconds 3] [--size 72]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from scenes.tables import die_art
from scenes.ui import theme  # noqa: E402
from scenes.tables.dice_tray import DiceTray  # noqa: E402


def frames_per_second(seconds: float, size: int, cold: bool) -> tuple[float, int]:
    """Tumbling frames per second, and how many throws that took."""
    canvas = pygame.Surface((theme.WIDTH, theme.HEIGHT)).convert()
    tray = DiceTray(pygame.Rect(60, 150, 760, 450), pygame.Rect(60, 640, 760, 100), size=size, seed=1)
    rng = random.Random(1)
    frames = throws = 0
    spent = 0.0
    while spent < seconds:
        if cold:
            die_art.clear_caches()
        tray.throw(tuple(rng.randint(1, 6) for _ in range(5)), [True] * 5)
        throws += 1
        start = time.perf_counter()
        while tray.busy():
            canvas.fill(theme.FELT)
            tray.update(1 / 120)
            tray.draw(canvas)
            frames += 1
        spent += time.perf_counter() - start
    return frames / spent, throws


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--size", type=int, default=72)
    args = parser.parse_args()
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    for label, cold in (("cold cache (cleared every throw)", True), ("warm cache", False)):
        rate, throws = frames_per_second(args.seconds, args.size, cold)
        print(f"5 tumbling dice, {args.size} px, {label:<34} {rate:8.0f} frames/s  ({throws} throws)")


if __name__ == "__main__":
    main()
