"""How long a refusal takes: every hostile variant file, the worst inputs just under the size cap, and a
folder holding the whole corpus (what the game scans at start).

    python benchmarks/bench_hostile.py

Goals (issue 14): each refusal within 1 s for any input under the 256 KB cap; a folder of 150 hostile files
scanned within 2 s.
"""

from __future__ import annotations

import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["DICE_PARLOR_HOME"] = tempfile.mkdtemp(prefix="bench-hostile-")

from game.errors import VariantError  # noqa: E402
from game.rules.variants import load_all, load_variant_file, user_variants_dir  # noqa: E402
from game.rules.yamlsource import MAX_BYTES  # noqa: E402

CORPUS = ROOT / "tests" / "data" / "hostile"


def _worst_under_the_cap(folder: Path) -> list[Path]:
    """Inputs just under the cap that make a parser work hardest: many keys, many boxes, deep flow lists."""
    made = {
        "keys": "".join(f"k{i}: {i}\n" for i in range(30000)),
        "boxes": "boxes:\n" + "".join(f"  - {{id: b{i}, name: B, kind: chance}}\n" for i in range(8000)),
        "flow": "a: [" + ", ".join(["[1, [2, [3]]]"] * 20000) + "]\n",
        "anchors": "a: &a [1, 2, 3]\nb: [" + ", ".join(["*a"] * 40000) + "]\n",
    }
    paths = []
    for name, text in made.items():
        text = text[:MAX_BYTES - 64].rsplit("\n", 1)[0] + "\n" if len(text) > MAX_BYTES - 64 else text
        path = folder / f"worst-{name}.yaml"
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def _time_refusal(path: Path) -> float:
    start = time.perf_counter()
    try:
        load_variant_file(path)
    except VariantError:
        pass
    return time.perf_counter() - start


def main() -> None:
    scratch = Path(tempfile.mkdtemp(prefix="bench-hostile-files-"))
    files = sorted(CORPUS.glob("*.yaml")) + _worst_under_the_cap(scratch)
    times = {path.name: _time_refusal(path) for path in files}
    slowest = sorted(times.items(), key=lambda item: -item[1])[:5]
    print(f"{len(times)} hostile files: median {statistics.median(times.values()) * 1000:.1f} ms, "
          f"max {max(times.values()) * 1000:.1f} ms")
    for name, seconds in slowest:
        print(f"  {seconds * 1000:7.1f} ms  {name}")
    folder = user_variants_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for path in files:
        shutil.copy(path, folder / path.name)
    start = time.perf_counter()
    catalogue = load_all(refresh=True)
    first = time.perf_counter() - start
    start = time.perf_counter()
    load_all(refresh=True)
    again = time.perf_counter() - start
    print(f"scanning a folder of {len(files)} hostile files: {first:.2f} s the first time, {again:.3f} s again "
          f"(refusals remembered by size and time); {len(catalogue.problems)} refused, "
          f"{len(catalogue.variants)} games still offered")


if __name__ == "__main__":
    main()
