"""Prints each screen's CPU share at rest, and the attract mode's, measured in a real X window.

It starts Xvfb (and openbox, as a desktop would have), then for each screen a game process that builds the
screen (with the layout check's builders, tests/screens.py), lets it settle, and runs the real loop. The
CPU time of that process (and of the X server) over the measuring window is read from /proc.
Goals (issue 16): at most 2% of a core at rest on every screen; the attract mode at most 30 fps and 25%.
Run: python benchmarks/bench_idle.py [--seconds 20] [--size 1920x1080] [SCREEN ...]
Needs tests/setup-x.sh (Xvfb, openbox).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

SCREENS = ["title", "newgame-six", "records", "rules-classic", "settings", "table-classic-solo",
           "table-official-two", "table-fivezee-six", "challenge", "jackpot", "gameover", "pause", "help-table",
           "kiosk-pin", "kiosk-admin"]
SETTLE = 16.0  # seconds before measuring: the longest animation (the game-over confetti) has ended


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def child(screen: str, seconds: float, size: tuple[int, int]) -> None:
    """In the game's process: build the screen, then the real loop until the measuring is over."""
    from scene_driver import Driver

    driver = Driver(animation="normal", size=size)
    app = driver.app
    if screen == "attract":
        from game.store.kiosk import KioskConfig
        from scenes.kiosk.controller import KioskController

        app.kiosk = KioskController(app, KioskConfig())
        app.kiosk.start_attract()
    else:
        from screens import SCREENS as BUILDERS

        dict(BUILDERS)[screen](driver)
    app.redraw()
    print("ready", flush=True)
    started = app.frames
    app.run(None, exit_after=SETTLE + seconds + 1)
    print(json.dumps({"frames": app.frames - started}), flush=True)


def measure(screen: str, seconds: float, size: tuple[int, int], x_server: int, env: dict) -> dict:
    with tempfile.TemporaryDirectory() as home:
        process = subprocess.Popen([sys.executable, __file__, "--child", screen, "--seconds", str(seconds),
                                    "--size", f"{size[0]}x{size[1]}"], cwd=ROOT, env=dict(env, DICE_PARLOR_HOME=home),
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        assert process.stdout.readline().strip() == "ready", f"{screen}: the game did not start"
        time.sleep(SETTLE)  # a benchmark waits for the screen to settle; the figures are what it prints
        cpu, x_cpu, wall = cpu_seconds(process.pid), cpu_seconds(x_server), time.perf_counter()
        time.sleep(seconds)
        cpu, x_cpu = cpu_seconds(process.pid) - cpu, cpu_seconds(x_server) - x_cpu
        wall = time.perf_counter() - wall
        memory = rss_mb(process.pid)
        out, _ = process.communicate(timeout=60)
    frames = json.loads(out.strip().splitlines()[-1])["frames"]
    return {"screen": screen, "cpu": cpu / wall, "x": x_cpu / wall, "fps": frames / (SETTLE + seconds + 1),
            "rss": memory}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("screens", nargs="*")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--child")
    args = parser.parse_args()
    size = tuple(int(n) for n in args.size.split("x"))
    if args.child:
        child(args.child, args.seconds, size)
        return
    from xserver import Screen

    screen = Screen(size, window_manager=True)
    env = screen.env(SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    print(f"{'screen':22} {'CPU':>6} {'X server':>9} {'frames/s':>9} {'memory':>8}   ({args.size}, openbox)")
    try:
        for name in args.screens or SCREENS + ["attract"]:
            row = measure(name, args.seconds, size, screen.xvfb.pid, env)
            print(f"{name:22} {row['cpu']:6.1%} {row['x']:9.1%} {row['fps']:9.1f} {row['rss']:6.0f} MB", flush=True)
    finally:
        screen.close()


if __name__ == "__main__":
    main()
