"""What the command line's options take, checked as argparse reads them: a wrong value is the parser's one
line (``dice-parlor: argument --exit-after: ...``), exit status 2, never a game that does not end."""

from __future__ import annotations

import argparse
import math

from game.errors import shown


def seconds(text: str) -> float:
    """A time from 0 up: "nan" and "inf" read as floats too, and a game told to stop after them never stops."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value >= 0):
        raise argparse.ArgumentTypeError(f"must be seconds from 0 up, not {shown(text)}")
    return value
