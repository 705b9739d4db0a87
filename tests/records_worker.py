"""Adds COUNT finished games to the records, as fast as it can (the concurrent-writers test runs several).

With ``--report`` it prints "NAME N" once the Nth game is committed (the kill test reads how far it got).
"""

from __future__ import annotations

import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.cli import play_game  # noqa: E402
from game.rules.variants import find_variant  # noqa: E402
from game.store.records import add_result  # noqa: E402


def main(name: str, count: int, report: bool = False) -> None:
    variant = find_variant("yatzy")
    for i in range(count):
        session = play_game(variant, ["random"], random.randrange(2**31))
        session.state.seats = tuple(type(s)(f"{name}", "person") for s in session.state.seats)
        add_result(session)
        if report:
            print(f"{name} {i + 1}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), "--report" in sys.argv[3:])
