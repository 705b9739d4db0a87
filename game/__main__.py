"""``python -m game``: the same entry point as the ``dice-parlor`` command."""

import sys

from .cli import main

sys.exit(main())
