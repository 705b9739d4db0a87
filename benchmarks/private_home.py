"""A benchmark's own home: the game's user folders (the saved game, settings, records, logs, solver tables built)
in a temporary folder, removed at the end, so that a benchmark never touches those of whoever runs it.

``DICE_PARLOR_BENCH_HOME=FOLDER`` is the way to tell a benchmark otherwise: it then uses that folder (and keeps
it), e.g. to time the records screen over your own records. Call ``use_private_home`` before the game is
imported; the benchmark's own processes (a game launched, a pool's workers) inherit it.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

BENCH_HOME = "DICE_PARLOR_BENCH_HOME"


def use_private_home(name: str) -> str:
    """The home folder this benchmark's game uses (DICE_PARLOR_HOME, which game.paths honours)."""
    home = os.environ.get(BENCH_HOME)
    if not home:
        home = tempfile.mkdtemp(prefix=f"{name}-home-")
        atexit.register(shutil.rmtree, home, ignore_errors=True)
        os.environ[BENCH_HOME] = home  # a worker started afresh (spawn) uses this one, and leaves it to us
    os.environ["DICE_PARLOR_HOME"] = home
    return home
