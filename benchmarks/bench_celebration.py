"""Prints what the big celebration (five alike scored as a Yahtzee) costs a frame, in a 1920x1080 window.

A one-seat classic table rolls five sixes (scripted dice), scores them in the Yahtzee box, and every frame of
the celebration is timed: update and render (the canvas drawn, scaled to the window and presented), uncapped.
The same number of frames with the dice at rest and no celebration is the baseline. Times are the main
thread's CPU time (time.thread_time), as a frame's own work: on a machine shared with other jobs, wall time
mostly measures the others. Goal: the celebration's
frames stay within the 16 ms budget on the 2-core machine (max included).
Run: python benchmarks/bench_celebration.py [--window 1920x1080] [--moment yahtzee|straight] [--json] [--shots DIR]
(``--shots DIR`` saves the window at a few moments of it, for looking at; use a real display for those.)
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from private_home import use_private_home  # noqa: E402

use_private_home("bench_celebration")  # never the runner's saved game, settings or records
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

SHOTS = (0.05, 0.25, 0.6, 1.0, 1.6, 2.4)  # seconds into the celebration


class Scripted(random.Random):
    """The dice the benchmark needs, drawn from a script."""

    def __init__(self, faces):
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, low, high):
        return self.faces.pop(0)


def _summary(times: list[float]) -> dict:
    ms = sorted(t * 1000 for t in times)
    return {"frames": len(ms), "median_ms": round(statistics.median(ms), 2),
            "p99_ms": round(statistics.quantiles(ms, n=100)[98], 2), "max_ms": round(ms[-1], 2)}


MOMENTS = {"yahtzee": ([6] * 5, "yahtzee", True), "straight": ([2, 3, 4, 5, 6], "large_straight", False)}


def measure(size: tuple[int, int], shots: Path | None = None, moment: str = "yahtzee") -> dict:
    import pygame

    from game.engine.actions import Roll, Score
    from game.engine.session import Session
    from game.engine.state import Seat
    from game.rules.variants import find_variant
    from game.store.settings import Settings
    from scenes.app import STEP, App
    from scenes.scorecard.table import TableScene

    app = App(size, settings=Settings(sound=False, language="en"))
    session = Session(find_variant("classic"), [Seat("Ann")], seed=7, rolloff=False)
    table = TableScene(app, session)
    app.stack.push(table)
    table.enter()

    def frame() -> float:
        start = time.thread_time()
        pygame.event.pump()
        app.stack.update(STEP)
        app.render()
        return time.thread_time() - start

    for _ in range(30):
        frame()
    faces, box, big = MOMENTS[moment]
    session.rng = Scripted(faces)
    table.act(Roll())
    while table.throwing or table.tray.busy():
        frame()
    for _ in range(20):
        frame()
    baseline = [frame() for _ in range(150)]
    table.act(Score(box))
    cheer = table.moments.celebration
    assert cheer is not None and cheer.big == big, f"the {moment} was not cheered"
    times, own, pieces, due = [], [], 0, list(SHOTS)
    scratch, banner = app.canvas.copy(), table.painter.banner_rect()
    while table.moments.celebration is cheer:
        times.append(frame())
        start = time.thread_time()  # the celebration's own drawing, alone, onto a copy of the canvas
        cheer.draw(scratch, banner)
        own.append(time.thread_time() - start)
        pieces = max(pieces, cheer.pieces())
        if shots is not None and due and cheer.age >= due[0]:
            shots.mkdir(parents=True, exist_ok=True)
            pygame.image.save(app.window, str(shots / f"{moment}-{due.pop(0):.2f}s.png"))
    pygame.quit()
    return {"moment": moment, "window": f"{size[0]}x{size[1]}", "baseline": _summary(baseline),
            "celebration": _summary(times), "celebration_draw_only": _summary(own), "most_pieces": pieces}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--window", default="1920x1080")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--shots", type=Path, default=None)
    parser.add_argument("--moment", choices=sorted(MOMENTS), default="yahtzee")
    args = parser.parse_args()
    width, height = (int(v) for v in args.window.lower().split("x"))
    result = measure((width, height), args.shots, args.moment)
    if args.json:
        print(json.dumps(result))
        return
    for part in ("baseline", "celebration", "celebration_draw_only"):
        r = result[part]
        print(f"{part:22} {result['window']}: {r['frames']} frames, median {r['median_ms']} ms, "
              f"p99 {r['p99_ms']} ms, max {r['max_ms']} ms")
    print(f"most pieces at once: {result['most_pieces']}")


if __name__ == "__main__":
    main()
