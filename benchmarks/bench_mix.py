"""Prints the mix's peaks and clipped samples, as heard: SDL's disk audio driver writes what the mixer plays.

Three measurements, each through the game's own ``Sounds`` and a real SDL mixer writing a raw file:
  1. each sound alone at the default volume (70%), its peak: the fanfare should sit above a die landing;
  2. the busiest moment at full volume: six dice landing on the felt as hard as they can in one frame, the cup
     rattling and the fanfare on top: its peak and clipped samples (goal: none);
  3. with ``--demo SECONDS``, a classic demo played for that long (its own private home, never the
     runner's): the whole track's peak, clipped samples (goal: none) and the loudest moments.
The raw file's format is the mixer's (asked of pygame with the disk driver, as the game opens it): typically
44100 Hz, 16-bit signed, stereo.
Run: python benchmarks/bench_mix.py [--demo 120] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from array import array
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

os.environ["SDL_AUDIODRIVER"] = "disk"
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

HIT_NAMES = ("hit_felt", "hit_rail", "hit_die")


def read_raw(path: Path, size: int, channels: int) -> array:
    """The file's samples as numbers, full scale 1.0 for floats and 2**(bits-1) for integers."""
    data = path.read_bytes()
    code = {8: "b", 16: "h", 32: "f" if size == 32 else "i"}[abs(size)]
    samples = array(code)
    samples.frombytes(data[:len(data) - len(data) % samples.itemsize])
    return samples


def full_scale(size: int) -> float:
    return 1.0 if size == 32 else float(2 ** (abs(size) - 1))


def stats(samples: array, size: int, rate: int, channels: int) -> dict:
    scale = full_scale(size)
    top = scale - 1 if size != 32 else 1.0  # a 16-bit sample at 32767 or -32768 is clipped
    clipped = sum(1 for v in samples if v >= top or v <= -scale)
    peak = max((abs(v) for v in samples), default=0) / scale
    # Loudest moments: the peak of each tenth of a second, the five highest, with when.
    block = max(1, rate // 10) * channels
    blocks = [(max((abs(v) for v in samples[i:i + block]), default=0) / scale, i // channels / rate)
              for i in range(0, len(samples), block)]
    loudest = sorted(blocks, reverse=True)[:5]
    return {"seconds": round(len(samples) / channels / rate, 1), "peak": round(peak, 3), "clipped": clipped,
            "loudest": [[round(p, 3), round(t, 1)] for p, t in loudest]}


class Recording:
    """A mixer writing to a raw file of its own for as long as the ``with`` lasts."""

    def __init__(self, path: Path):
        self.path = path

    def __enter__(self):
        import pygame

        os.environ["SDL_DISKAUDIOFILE"] = str(self.path)
        pygame.mixer.quit()
        pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)  # as scenes.ui.sound opens it
        self.spec = pygame.mixer.get_init()
        return self

    def __exit__(self, *exc):
        import pygame

        time.sleep(0.15)  # the last buffers out
        pygame.mixer.quit()


def alone(folder: Path) -> tuple[dict, tuple]:
    """Each sound played alone at the default volume, at full strength: its peak as heard."""
    import pygame

    from scenes.ui.sound import NAMES, Sounds

    peaks = {}
    for name in NAMES:
        with Recording(folder / f"{name}.raw") as rec:
            sounds = Sounds(volume=0.7)
            length = max(s.get_length() for s in sounds._bank[name])
            if name in HIT_NAMES:
                sounds.play_hit(name.split("_")[1], 1.0)
            else:
                sounds.play(name)
            time.sleep(length + 0.05)
        spec = rec.spec
        peaks[name] = stats(read_raw(rec.path, spec[1], spec[2]), spec[1], spec[0], spec[2])["peak"]
    pygame.mixer.quit()
    return peaks, spec


def busiest(folder: Path) -> dict:
    """Six dice landing at their hardest in one frame with the cup and the fanfare, at full volume."""
    from scenes.ui.sound import Sounds

    with Recording(folder / "busiest.raw") as rec:
        sounds = Sounds(volume=1.0)
        sounds.play("fanfare")
        sounds.start_rattle(1.0)
        for _ in range(6):  # the loudest material, its thumps in phase: the worst a landing can be
            sounds.play_hit("felt", 1.0)
        time.sleep(0.4)
    spec = rec.spec
    return stats(read_raw(rec.path, spec[1], spec[2]), spec[1], spec[0], spec[2])


def demo(folder: Path, seconds: float, spec: tuple) -> dict:
    """A classic demo played for ``seconds`` with its own home; its whole track read back."""
    raw = folder / "demo.raw"
    env = dict(os.environ, SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=str(raw), SDL_VIDEODRIVER="dummy",
               DICE_PARLOR_HOME=str(folder / "home"))
    subprocess.run([sys.executable, "-m", "game", "--demo", "classic", "--exit-after", str(seconds)], cwd=ROOT,
                   env=env, check=True, capture_output=True, timeout=seconds * 3 + 120)
    return stats(read_raw(raw, spec[1], spec[2]), spec[1], spec[0], spec[2])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--demo", type=float, default=0.0, help="seconds of a classic demo to measure (0: none)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench_mix_") as tmp:
        folder = Path(tmp)
        peaks, spec = alone(folder)
        result = {"format": {"rate": spec[0], "size": spec[1], "channels": spec[2]}, "alone_at_70": peaks,
                  "busiest_at_100": busiest(folder)}
        if args.demo > 0:
            result["demo"] = demo(folder, args.demo, spec)
    if args.json:
        print(json.dumps(result))
        return
    print(f"format: {spec[0]} Hz, {'float32' if spec[1] == 32 else f'{abs(spec[1])}-bit'}, {spec[2]} channels")
    print("each alone at 70% volume, peak:")
    for name, value in sorted(peaks.items(), key=lambda item: -item[1]):
        print(f"  {name:9} {value:.3f}")
    b = result["busiest_at_100"]
    print(f"6 dice + cup + fanfare at 100%: peak {b['peak']}, clipped samples {b['clipped']}")
    if "demo" in result:
        d = result["demo"]
        print(f"demo {d['seconds']} s: peak {d['peak']}, clipped samples {d['clipped']}, loudest {d['loudest']}")


if __name__ == "__main__":
    main()
