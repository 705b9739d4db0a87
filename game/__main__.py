"""``python -m game``: the same entry point as the ``dice-parlor`` command (and the bundle's)."""

import sys

from game.cli import main

sys.exit(main())
