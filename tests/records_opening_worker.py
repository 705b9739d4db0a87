"""Opens the records as a start does (checked, brought up to date, records.json taken over), printing how far
it is ("taking_over 0.41"). With a share (0 to 1) it stops still once the work is that far, inside its
transaction, so that a kill test can stop it there for certain.
"""

from __future__ import annotations

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.store.records import bring_up_to_date  # noqa: E402


def main(stop_at: float | None) -> None:
    def noting(task: str):
        def note(done: float) -> None:
            print(task, done, flush=True)
            if stop_at is not None and done >= stop_at:
                time.sleep(60)  # killed here
        return note

    message = bring_up_to_date(updating=noting("updating"), taking_over=noting("taking_over"))
    print("done", message, flush=True)


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else None)
