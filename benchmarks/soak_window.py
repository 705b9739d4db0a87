"""A soak of the kiosk's attract mode in a real X window: memory and CPU sampled over hours.

Starts Xvfb (1920x1080) with openbox and the game as a kiosk whose title hands over to the attract mode
after 5 s, then samples the game's resident memory, its CPU share and the number of attract games
started, every ``--every`` seconds, for ``--hours``. Prints each sample as it comes and, at the end,
the growth per hour after the first ten minutes (goal, issue 16: under 5 MB per hour).
Run: python benchmarks/soak_window.py [--hours 2] [--every 60]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "benchmarks")]

from bench_idle import cpu_seconds, rss_mb  # noqa: E402
from xserver import Game, Screen  # noqa: E402

WARM_UP = 600.0  # seconds: caches fill (dice faces, tiles, text) before growth is judged


def memory_parts(pid: int) -> dict[str, float]:
    """Resident memory by kind of mapping, in MB: where growth comes from (the heap, anonymous maps such
    as big blocks and pygame's surfaces, shared memory such as X11's frame, files such as libraries and fonts)."""
    parts = {"heap": 0.0, "anon": 0.0, "shm": 0.0, "file": 0.0}
    kind = "anon"
    for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
        head = line.split()
        if "-" in head[0] and len(head) >= 5 and not head[0].endswith(":"):  # a mapping's first line
            name = head[5] if len(head) > 5 else ""
            kind = ("heap" if name == "[heap]" else "shm" if name.startswith("/SYSV") or "(deleted)" in line
                    else "anon" if not name or name.startswith("[") else "file")
        elif head[0] == "Rss:":
            parts[kind] += int(head[1]) / 1024
    return parts


def growth_per_hour(samples: list[tuple[float, float]]) -> float:
    """The least-squares slope of memory over time after the warm-up, in MB per hour."""
    late = [(t, m) for t, m in samples if t >= WARM_UP]
    if len(late) < 2:
        return 0.0
    return statistics.linear_regression([t for t, _ in late], [m for _, m in late]).slope * 3600


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hours", type=float, default=2.0)
    parser.add_argument("--every", type=float, default=60.0)
    args = parser.parse_args()
    screen = Screen((1920, 1080), window_manager=True)
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        (home / "config").mkdir(parents=True)
        (home / "config" / "kiosk.yaml").write_text("idle:\n  title_seconds: 5\n", encoding="utf-8")
        game = Game(screen, home, "--kiosk")
        try:
            game.wait_log("attract mode", 60)
            start = time.monotonic()
            cpu = cpu_seconds(game.process.pid)
            samples: list[tuple[float, float]] = []
            print("minute  memory MB  CPU   attract games   heap   anon    shm   file", flush=True)
            while time.monotonic() - start < args.hours * 3600:
                time.sleep(args.every)  # a soak samples on a schedule; nothing is asserted on time
                assert game.process.poll() is None, f"the game ended: {game.errors.read_text()[-2000:]}"
                now = time.monotonic() - start
                used, cpu = cpu_seconds(game.process.pid) - cpu, cpu_seconds(game.process.pid)
                memory = rss_mb(game.process.pid)
                samples.append((now, memory))
                games = game.log_text().count("attract mode:")
                parts = memory_parts(game.process.pid)
                print(f"{now / 60:6.1f}  {memory:9.1f}  {used / args.every:4.0%}  {games:13d}  "
                      + "  ".join(f"{parts[k]:5.1f}" for k in ("heap", "anon", "shm", "file")), flush=True)
            print(f"growth after the first {WARM_UP / 60:.0f} minutes: {growth_per_hour(samples):+.2f} MB per hour; "
                  f"peak {max(m for _, m in samples):.1f} MB", flush=True)
        finally:
            game.stop()
            screen.close()


if __name__ == "__main__":
    main()
