"""Checks that the built app gives the same advice as the source: for moments of several games, the app's
`advise` and the source's name the same best option with the same value (1e-4), and rank the same options.

Run: python packaging/check_advice.py dist/dice-parlor/dice-parlor (CI runs it after building).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MOMENTS = [
    ("classic", {"dice": [5, 5, 5, 2, 6], "rolls_left": 2}),
    ("classic", {"card": {"aces": 3, "twos": 6, "yahtzee": 50}, "upper": 9, "dice": [1, 2, 3, 4, 6],
                 "rolls_left": 1}),
    ("official", {"card": {"chance": 22, "fives": 15}, "upper": 15, "dice": [6, 6, 6, 6, 6], "rolls_left": 0}),
    ("dutch", {"dice": [2, 3, 4, 5, 5], "rolls_left": 2}),
    ("fivezee", {"dice": [1, 1, 4, 4, 4], "rolls_left": 1}),
    ("yatzy", {"card": {"ones": 2}, "upper": 2, "dice": [3, 3, 4, 4, 6], "rolls_left": 2}),
]


def advice(command: list[str], variant: str, moment: dict) -> list[dict]:
    with tempfile.TemporaryDirectory() as home:  # a home of its own: run by hand, it leaves the runner's alone
        out = subprocess.run(command + ["advise", "--variant", variant, "--state", json.dumps(moment)],
                             capture_output=True, text=True, check=True, timeout=120,
                             env=dict(os.environ, DICE_PARLOR_HOME=home)).stdout
    return json.loads(out)["options"]


def main() -> None:
    app = [str(Path(sys.argv[1]).resolve())]
    source = [sys.executable, "-m", "game"]
    for variant, moment in MOMENTS:
        built, here = advice(app, variant, moment), advice(source, variant, moment)
        same = (len(built) == len(here) and all(
            abs(a["value"] - b["value"]) <= 1e-4 and {k: v for k, v in a.items() if k not in ("value", "loss")}
            == {k: v for k, v in b.items() if k not in ("value", "loss")} for a, b in zip(built, here)))
        if not same:
            sys.exit(f"check_advice: the app and the source differ on {variant} {moment}:\n{built[:3]}\n{here[:3]}")
        print(f"{variant}: same {len(built)} options, best {built[0]['kind']} worth {built[0]['value']:.4f}")


if __name__ == "__main__":
    main()
