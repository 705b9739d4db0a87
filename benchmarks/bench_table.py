"""Prints how fast the busiest table draws, and how long the game takes to show its first frame.

The busiest tables: six seats on a well-filled scorecard and five dice in the
air; and Jackpot with four racks, symbol dice in the air and tiles falling;
at 1280x800 under the dummy video driver, uncapped; then the scorecard table in windows of
1024x600, 1920x1080 and 3840x2160 (the canvas scaled, its text drawn at the window's resolution). Goals on a 2-core
machine: at least 200 frames per second, and the first frame within 1.5 s.
Run: python benchmarks/bench_table.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from private_home import use_private_home  # noqa: E402

use_private_home("bench_table")  # never the runner's saved game, settings or records
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def busiest_table(seconds: float, size: tuple[int, int] = (1280, 800)) -> tuple[float, float, int]:

    from game.bots.levels import make_player
    from game.engine.session import Session
    from game.engine.state import Seat
    from game.rules.variants import find_variant
    from game.store.settings import Settings
    from scenes.app import App
    from scenes.scorecard.table import TableScene

    app = App(size, settings=Settings(sound=False, language="en"))
    seats = [Seat(f"Player {i + 1}", "computer", "greedy") for i in range(6)]
    session = Session(find_variant("classic"), seats, seed=3, rolloff=False)
    players = [make_player("greedy", random.Random(i)) for i in range(6)]
    while session.state.cards[0][5].filled() < 8:
        session.act(players[session.state.current_player()].choose(session.state))
    table = TableScene(app, session)
    app.stack.push(table)

    def keep_busy() -> None:
        if not table.tray.busy():  # keep five dice in the air
            table.tray.throw((1, 2, 3, 4, 5), [True] * 5)

    return _frames(app, seconds, keep_busy)


def busiest_jackpot(seconds: float) -> tuple[float, float, int]:
    """Four racks, symbol dice in the air and tiles falling into the big rack."""

    from game.bots.levels import make_player
    from game.engine.session import Session
    from game.engine.state import Seat
    from game.rules.variants import find_variant
    from game.store.settings import Settings
    from scenes.app import App
    from scenes.jackpot.jackpot_table import JackpotTableScene

    app = App(settings=Settings(sound=False))
    seats = [Seat(f"Player {i + 1}", "computer", "heuristic") for i in range(4)]
    session = Session(find_variant("jackpot"), seats, seed=3, rolloff=False)
    bots = [make_player("heuristic", random.Random(i), "jackpot") for i in range(4)]
    while len(session.state.racks[3]) < 6:
        session.act(bots[session.state.current_player()].choose(session.state))
    table = JackpotTableScene(app, session)
    app.stack.push(table)
    big = table.racks[table.shown_seat]

    def keep_busy() -> None:
        if not table.tray.busy():
            table.tray.throw(("orange", "bell", "cherry", "dollar"), [True] * 4)
        if not big.busy():  # keep tiles falling: empty the rack and drop two
            big.set_tiles({}, None)
            big.drop("bell", 0)
            big.drop("dollar", 2)

    return _frames(app, seconds, keep_busy)


def _frames(app, seconds: float, keep_busy) -> tuple[float, float, int]:
    """Update and draw uncapped for ``seconds``: frames per second, 99th-percentile frame (ms), frames."""
    import pygame

    from scenes.app import STEP

    times = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end or len(times) < 2:  # a percentile needs two frames, however short the run
        keep_busy()
        start = time.perf_counter()
        pygame.event.pump()
        app.stack.update(STEP)
        app.render()
        times.append(time.perf_counter() - start)
    pygame.quit()
    return len(times) / sum(times), statistics.quantiles(times, n=100)[98] * 1000, len(times)


def first_frame(runs: int = 3) -> float:
    """Seconds from launching the game to its first frame drawn (it exits right after it)."""
    best = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "game", "--demo", "classic", "--exit-after", "0"], cwd=ROOT,
                       check=True, capture_output=True)
        best.append(time.perf_counter() - start)
    return min(best)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    fps, p99, frames = busiest_table(args.seconds)
    print(f"busiest table: {fps:.0f} frames/s over {frames} frames, 99th percentile frame {p99:.2f} ms")
    for size in ((1024, 600), (1920, 1080), (3840, 2160)):  # scaled, with text drawn at the window's resolution
        fps, p99, frames = busiest_table(args.seconds, size)
        print(f"busiest table at {size[0]}x{size[1]}: {fps:.0f} frames/s, 99th percentile frame {p99:.2f} ms")
    fps, p99, frames = busiest_jackpot(args.seconds)
    print(f"busiest Jackpot table: {fps:.0f} frames/s over {frames} frames, 99th percentile frame {p99:.2f} ms")
    print(f"launch to first frame: {first_frame():.2f} s")


if __name__ == "__main__":
    main()
