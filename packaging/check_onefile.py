"""Checks the one-file app as a task manager meets it: its launcher killed outright (SIGKILL) takes the game
with it, and the folder the launcher could no longer remove is removed at the next start.

Run: python packaging/check_onefile.py dist/onefile/dice-parlor (Linux; CI runs it after building).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MARK = "dice-parlor.launcher"  # game.bundle.MARK


def wait_for(condition, seconds: float, what: str):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)  # polling; the deadline is what is checked
    sys.exit(f"check_onefile: waited {seconds} s for {what}")


def children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def ended(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] in "ZX"
    except OSError:
        return True


def main() -> None:
    app = Path(sys.argv[1]).resolve()
    with tempfile.TemporaryDirectory() as folder:
        temp, home = Path(folder) / "tmp", Path(folder) / "home"
        temp.mkdir()
        env = dict(os.environ, TMPDIR=str(temp), DICE_PARLOR_HOME=str(home), SDL_VIDEODRIVER="dummy",
                   SDL_AUDIODRIVER="dummy")
        launcher = subprocess.Popen([str(app), "--demo", "classic"], env=env, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL)
        unpacked = wait_for(lambda: [p.parent for p in temp.glob(f"_MEI*/{MARK}")], 60, "the game to start")[0]
        game = wait_for(lambda: children(launcher.pid), 10, "the game's process")[0]
        launcher.kill()
        launcher.wait()
        wait_for(lambda: ended(game), 10, "the game to end with its killed launcher")
        print(f"launcher killed: the game ended with it; {unpacked.name} left behind, as expected")
        assert unpacked.exists()
        subprocess.run([str(app), "--demo", "classic", "--exit-after", "1"], env=env, check=True, timeout=120,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        left = list(temp.glob("_MEI*"))
        if left:
            sys.exit(f"check_onefile: the next start left {[p.name for p in left]}")
        print("the next start removed it: no unpacked folder left")


if __name__ == "__main__":
    if not sys.platform.startswith("linux"):
        sys.exit("check_onefile: Linux only (the parent-death signal)")
    main()
