"""Prints the size of the standalone app (one folder and one file) and how soon it shows its first frame.

Builds both bundles with build.spec into a temporary folder (about a minute), then
launches each with `--demo classic --exit-after 0` under the dummy video driver.
Goals: one folder under 80 MB, one file under 40 MB, first frame within 2 s.
Run: python benchmarks/bench_bundle.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def build(out: Path, onefile: bool) -> Path:
    env = dict(os.environ, DICE_PARLOR_ONEFILE="1" if onefile else "0")
    dist = out / ("onefile" if onefile else "onedir")
    subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--distpath", str(dist), "--workpath",
                    str(out / "work"), str(ROOT / "build.spec")], check=True, capture_output=True, env=env)
    return dist / "dice-parlor"


def size_mb(path: Path) -> float:
    if path.is_file():
        return path.stat().st_size / 2**20
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) / 2**20


def first_frame(executable: Path, runs: int = 3) -> float:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    times = []
    with tempfile.TemporaryDirectory() as home:
        env["DICE_PARLOR_HOME"] = home
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run([str(executable), "--demo", "classic", "--exit-after", "0"], check=True, env=env,
                           capture_output=True, cwd=home)
            times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    with tempfile.TemporaryDirectory() as out:
        out = Path(out)
        onedir = build(out, onefile=False)
        onefile = build(out, onefile=True)
        print(f"one folder: {size_mb(onedir.parent):6.1f} MB   first frame {first_frame(onedir / 'dice-parlor'):.2f} s")
        print(f"one file:   {size_mb(onefile):6.1f} MB   first frame {first_frame(onefile):.2f} s")


if __name__ == "__main__":
    main()
