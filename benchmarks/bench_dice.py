"""Prints how long a frame of thrown dice takes: five solid dice thrown again and again, headless.

A frame is what the table spends on the dice each frame of a throw, from the throw's call to the dice at
rest: the tray's update (the throw's physics, worked out a share a frame while the dice are in the cup, then
the recorded flight played back) and the drawing of the dice, their shadows and the cup. The tray is laid out
as the scorecard table lays it out on the 1280x800 canvas, and with ``--window`` the dice are drawn at that
window's scale (1920x1080: the canvas is scaled 1.35 times, so a 78-pixel die is 105 pixels on the screen),
onto a surface of the window's size.

Run: python benchmarks/bench_dice.py [--seconds 3] [--window 1920x1080] [--json] [--hold 0.6 | --flick]
Goal on the 2-core machine: dice at least 90 px at 1080p, frame median at most 4 ms, p95 at most 8 ms, and
no frame over 16 ms (``frame_ms_max``), the throw's own work included.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from private_home import use_private_home  # noqa: E402

use_private_home("bench_dice")  # never the runner's saved game, settings or records

import pygame  # noqa: E402

from scenes.dice.dice_tray import DiceTray  # noqa: E402
from scenes.dice.physics.dice_throw import Toss  # noqa: E402
from scenes.dice.physics.throw_gesture import ThrowGesture  # noqa: E402
from scenes.ui import theme  # noqa: E402

TRAY = pygame.Rect(54, 150, 760, 450)  # about where the scorecard table's felt lies on the canvas
HOLD = pygame.Rect(54, 640, 760, 100)
CANVAS_DIE = 78  # the scorecard table's die, in canvas pixels


def frames(seconds: float, window: tuple[int, int], clock=time.thread_time,
           hold: float = 0.0, flick: bool = False) -> tuple[list[float], int, int]:
    """Frame times (ms) over throws for ``seconds``, the throws made, and the die's size on screen; each throw
    follows ``hold`` seconds of a shaken cup (0: thrown at once, as a computer does), and ``frames.waits``
    has how long after it (ms) the dice stayed in the cup. ``flick``: each throw is a quick drag instead, after
    a second and a half of looking at the dice at rest (see :func:`_flick`). Timed by ``clock``: by default
    the main thread's CPU time, as the frame budget counts it (a machine shared with other work stretches the
    wall clock, not the work)."""
    scale = min(window[0] / theme.WIDTH, window[1] / theme.HEIGHT)
    size = round(CANVAS_DIE * scale)
    surface = pygame.Surface(window).convert()
    tray = DiceTray(_scaled(TRAY, scale), _scaled(HOLD, scale), size=size, seed=1)
    tray.stock_wanted = True  # as the table sets it while a person may throw next
    rng = random.Random(1)
    times: list[float] = []
    throws = 0
    spent = 0.0
    waits: list[float] = []
    while spent < seconds:
        throws += 1
        faces = tuple(rng.randint(1, 6) for _ in range(5))
        if flick:
            took, waited = _flick(tray, surface, faces, rng, clock, times)
            spent += took
            waits.append(waited / 60 * 1000)
            continue
        shaken = 0.0
        while shaken < hold:  # a person holds the cup and shakes: the flight is worked out meanwhile
            surface.fill(theme.FELT)
            start = clock()
            tray.cup.shake()
            tray.take_up([True] * 5, Toss(None, None, tray.cup.strength()))
            tray.update(1 / 60)
            tray.draw(surface)
            took = clock() - start
            times.append(took * 1000)
            spent += took
            shaken += 1 / 60
        first, waited = True, 0
        while first or tray.busy():
            surface.fill(theme.FELT)
            start = clock()
            if first:
                tray.cup.shake()  # as the table does: the dice wait in the cup while their throw is worked out
                tray.throw(faces, [True] * 5, Toss(None, None, tray.cup.strength()) if hold else None)
                first = False
            tray.update(1 / 60)
            tray.draw(surface)
            took = clock() - start
            times.append(took * 1000)
            spent += took
            if tray.cup.dice:
                waited += 1
        waits.append(waited / 60 * 1000)
    frames.waits = waits
    return times, throws, size


def _flick(tray: DiceTray, surface: pygame.Surface, faces, rng: random.Random, clock,
           times: list[float]) -> tuple[float, int]:
    """A person looks at the dice 1.5 s, then flicks them: a press on the felt near their edge, a drag of some 2
    dice up and a little aside over 0.13 s, let go. The frames are timed into ``times``; returns the CPU seconds
    spent and the frames the dice stayed in the cup after the hand let go."""
    gesture, spent = ThrowGesture(), 0.0
    size = tray.size
    x, y = tray.tray.centerx + rng.uniform(-2, 2) * size, tray.tray.bottom - size * 0.9
    angle = math.radians(rng.uniform(-25, 25))
    dx, dy = math.sin(angle) * size * 2 / 8, -math.cos(angle) * size * 2 / 8
    steps = [None] * 90 + ["press"] + ["move"] * 8 + ["release"]
    waited, left = 0, False
    for what in steps + [None] * 600:
        if what is None and left and not tray.busy():
            break
        surface.fill(theme.FELT)
        start = clock()
        gesture.update(1 / 60)
        if what == "press":
            gesture.start_drag((x, y))
            tray.cup.shake((x, y))
        elif what == "move":
            x, y = x + dx, y + dy
            gesture.move((x, y))
            tray.cup.shake(gesture.where)
        if what in ("press", "move"):
            tray.take_up([True] * 5, gesture.aim_now())
        elif what == "release":
            tray.throw(faces, [True] * 5, gesture.release((x, y)))
            left = True
        tray.update(1 / 60)
        tray.draw(surface)
        took = clock() - start
        times.append(took * 1000)
        spent += took
        if left and tray.cup.dice:
            waited += 1
    return spent, waited


def _scaled(rect: pygame.Rect, scale: float) -> pygame.Rect:
    return pygame.Rect(round(rect.x * scale), round(rect.y * scale), round(rect.width * scale),
                       round(rect.height * scale))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--window", default="1280x800", help="WIDTHxHEIGHT the dice are drawn for")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--hold", type=float, default=0.6, help="seconds the cup is shaken before each throw")
    parser.add_argument("--flick", action="store_true", help="each throw a quick drag-and-release, no shake")
    parser.add_argument("--wall", action="store_true", help="time frames by the wall clock, not CPU time")
    args = parser.parse_args()
    window = tuple(int(v) for v in args.window.lower().split("x"))
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    clock = time.perf_counter if args.wall else time.thread_time
    times, throws, size = frames(args.seconds, window, clock, args.hold, args.flick)  # type: ignore[arg-type]
    waits = sorted(frames.waits)
    ordered = sorted(times)
    median = statistics.median(ordered)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    if args.json:
        print(json.dumps({"dice": 5, "die_px": size, "frame_ms_median": round(median, 3),
                          "frame_ms_p95": round(p95, 3), "frame_ms_p99": round(p99, 3),
                          "frame_ms_max": round(ordered[-1], 3), "frames": len(times), "throws": throws,
                          "hold_s": args.hold, "flick": args.flick,
                          "in_cup_after_release_ms_median": round(statistics.median(waits)),
                          "in_cup_after_release_ms_max": round(waits[-1])}))
        return
    print(f"5 dice thrown at {args.window} ({size} px dice), {throws} throws, {len(times)} frames:")
    print(f"  frame median {median:.2f} ms, p95 {p95:.2f} ms, p99 {p99:.2f} ms, slowest {ordered[-1]:.1f} ms "
          f"(the throw's physics included, wherever it runs)")
    print(f"  {1000 / median:.0f} frames per second at the median")
    print(f"  after {args.hold} s of shaking, the dice stayed in the cup {statistics.median(waits):.0f} ms "
          f"(median), {waits[-1]:.0f} ms at most, after release")


if __name__ == "__main__":
    main()
