"""How long a kiosk takes to stop after a long run: the attract mode in a real X window, then SIGTERM.

Starts Xvfb (1920x1080) with openbox and the game as a kiosk whose title hands over to the attract mode
after 5 s, lets it play for ``--minutes``, sends SIGTERM (systemd's stop) and measures the time to the
process's end (goal, issue 26: within a second however long it ran; the unit allows 5 s). Repeats
``--rounds`` times, each with a new kiosk, and prints each time and the worst.
Run: python benchmarks/soak_kiosk_stop.py [--minutes 60] [--rounds 1]
"""

from __future__ import annotations

import argparse
import signal
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from xserver import Game, Screen, wait_for  # noqa: E402


def one_round(minutes: float) -> float:
    with tempfile.TemporaryDirectory(prefix="dice-parlor-stop-") as folder:
        home = Path(folder)
        (home / "config").mkdir(parents=True)
        (home / "config" / "kiosk.yaml").write_text('admin_pin: "432109"\nidle: {title_seconds: 5}\n')
        screen = Screen((1920, 1080), window_manager=True)
        game = Game(screen, home, "--kiosk")
        try:
            game.wait_log("attract mode", seconds=60)
            until = time.monotonic() + minutes * 60
            while time.monotonic() < until:
                assert game.process.poll() is None, f"the kiosk ended ({game.process.returncode})"
                time.sleep(min(10.0, max(0.0, until - time.monotonic())))
            asked = time.monotonic()
            game.process.send_signal(signal.SIGTERM)
            status = game.process.wait(timeout=30)
            took = time.monotonic() - asked
            wait_for(lambda: "exit status" in game.log_text(), 5, what="the exit status in the log")
            games = game.log_text().count("attract mode: ")
            print(f"after {minutes:g} min ({games} attract games): SIGTERM to exit {took:.2f} s, status {status}",
                  flush=True)
            return took
        finally:
            game.stop()
            screen.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    times = [one_round(args.minutes) for _ in range(args.rounds)]
    print(f"worst: {max(times):.2f} s (goal: under 1 s)")


if __name__ == "__main__":
    main()
