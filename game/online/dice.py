"""Dice nobody can choose: commit-reveal over hash chains.

Each seat makes a chain from a secret seed: ``L[N] = seed``, ``L[k-1] = SHA-256(L[k])``, and publishes its
anchor ``L[0]`` at setup. For the game's throw number ``r`` (from 0) every seat reveals ``L[r+1]``, which
anyone checks with one hash against the link before it. No seat can change a link once its anchor is out,
and no seat knows another's next link before it is revealed: the faces, derived from all of them, are
nobody's choice. ``faces`` is the derivation (docs/online.md says it in full).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterator

DOMAIN = b"diceparlor-dice-v1"
UNIT = 2**32  # the faces are drawn from 4-byte units


def sha(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


class Chain:
    """One seat's chain, from its seed: ``link(k)`` is L[k], ``anchor`` L[0]."""

    def __init__(self, seed: bytes, length: int):
        links = [seed]
        for _ in range(length):
            links.append(sha(links[-1]))
        self.links = links[::-1]  # links[k] is L[k]; links[length] is the seed
        self.length = length

    @classmethod
    def new(cls, length: int) -> Chain:
        return cls(secrets.token_bytes(32), length)

    @property
    def seed(self) -> bytes:
        return self.links[-1]

    @property
    def anchor(self) -> bytes:
        return self.links[0]

    def link(self, k: int) -> bytes:
        if not 1 <= k <= self.length:
            raise IndexError(f"the chain has links 1 to {self.length}, not {k}")
        return self.links[k]


def follows(link: bytes, before: bytes) -> bool:
    """``link`` is the link after ``before`` in its chain."""
    return sha(link) == before


def faces(game: str, step: int, links: list[bytes], dice: list[int]) -> tuple[int, ...]:
    """The faces of throw ``step`` of game ``game``: die ``i`` shows 1 to ``dice[i]``.

    A stream of 4-byte big-endian units is read from SHA-256(seed || block number), block by block, where the
    seed is SHA-256 of the domain, the game's id, the step and every seat's link in seat order. Each die takes
    units until one falls below the largest multiple of its faces under 2**32 (rejection sampling: every face
    equally likely), and shows that unit modulo its faces, plus one."""
    seed = sha(DOMAIN + b"\0" + game.encode() + b"\0" + step.to_bytes(8, "big") + b"".join(links))
    units = _units(seed)
    shown = []
    for top in dice:
        limit = UNIT - UNIT % top
        unit = next(units)
        while unit >= limit:
            unit = next(units)
        shown.append(unit % top + 1)
    return tuple(shown)


def _units(seed: bytes) -> Iterator[int]:
    block = 0
    while True:
        data = sha(seed + block.to_bytes(8, "big"))
        for at in range(0, 32, 4):
            yield int.from_bytes(data[at:at + 4], "big")
        block += 1
