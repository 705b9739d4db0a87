"""The day, its variant and its dice: the same for everyone, from the UTC date alone (docs/daily.md).

The derivation is written down so that anyone can make the same dice: change it only with a new version
string (``VERSION``), and a new known vector in docs/daily.md and tests/test_daily.py.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from datetime import UTC, date, datetime

from game.engine.dice_source import DiceTape
from game.rules.variant import Variant

VERSION = "dice-parlor daily v1"
ROTATION = ("classic", "yatzy")  # by the day's number since 1970-01-01: even days Classic, odd days Yatzy
FACES = 6
REJECT_FROM = 252  # the largest multiple of 6 that fits a byte: bytes 252-255 are skipped, so each face is as likely


def utc_day(now: datetime | float | None = None) -> date:
    """Today as the daily game counts it: the UTC date, wherever the player is (the screen says so)."""
    if now is None:
        now = datetime.now(UTC)
    elif not isinstance(now, datetime):
        now = datetime.fromtimestamp(now, UTC)
    return now.astimezone(UTC).date()


def parse_day(text: str) -> date:
    """``YYYY-MM-DD``, strictly (ValueError otherwise, with the reason)."""
    if not isinstance(text, str) or len(text) != 10 or text[4] != "-" or text[7] != "-":
        raise ValueError("a date is written YYYY-MM-DD")
    return date.fromisoformat(text)


def day_variant_id(day: date) -> str:
    return ROTATION[(day - date(1970, 1, 1)).days % len(ROTATION)]


def seed_of(day: date, variant_id: str) -> bytes:
    return hashlib.sha256(f"{VERSION} {day.isoformat()} {variant_id}".encode("ascii")).digest()


def face_stream(seed: bytes) -> Iterator[int]:
    """Faces 1..6 without end: SHA-256(seed || counter as 8 bytes big-endian), counter from 0, each block's 32
    bytes in order; a byte below 252 gives the face ``byte % 6 + 1``, a byte from 252 up is skipped."""
    counter = 0
    while True:
        for byte in hashlib.sha256(seed + counter.to_bytes(8, "big")).digest():
            if byte < REJECT_FROM:
                yield byte % FACES + 1
        counter += 1


def day_turns(day: date, variant: Variant) -> list[list[int]]:
    """One list per turn (as many turns as the card has boxes), each with faces for every throw of the turn
    (dice x rolls a turn: 15 in Classic and Yatzy), taken from the stream in order."""
    stream = face_stream(seed_of(day, variant.id))
    per_turn = variant.dice * variant.rolls_per_turn
    return [[next(stream) for _ in range(per_turn)] for _ in variant.box_ids]


def day_tape(day: date, variant: Variant) -> DiceTape:
    return DiceTape(day_turns(day, variant))
