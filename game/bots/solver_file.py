"""The solver's table files: what a table holds, how it is stored, and where it is found (standard library only).

A table holds, for every state *between* turns of a scorecard variant, the
expected score of the rest of the game under optimal solitaire play. A state
is three numbers: ``mask`` (which boxes are filled, one bit per box),
``upper`` (the upper total, capped at the bonus threshold) and ``five``
(whether the five-alike box holds points, when a five-alike bonus makes it
matter); its value sits at ``(mask * U + upper) * F + five`` of one flat
``array`` of floats, NaN where the state cannot occur.

The file (``VARIANT.table``), readable without numpy:

- ``MAGIC`` (8 bytes), then the header's length (4 bytes, little-endian), then
  the header: UTF-8 JSON with the format, the variant, its ``rules_hash``, the
  scoring code's fingerprint, the shape, the float type (``f`` or ``d``), the
  codec (``lzma`` or ``zlib``) and the start value as built;
- the values, little-endian, split into byte planes (every value's first
  byte, then every second byte...: the exponents compress well together),
  compressed by the codec (which checks its own integrity).

A table for other rules (``rules_hash``) or other scoring code is refused.
The shipped tables are in ``assets/solver/``; a user's variant's table is
built (numpy, :mod:`game.bots.solver_tables`) and cached in
``user_data_dir()/solver`` (a long id cut and hashed in the file name: ``file_stem``).
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import struct
import sys
import tempfile
import zlib
from array import array
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.bots.solver_turn import SolverTableError, card_of, rules
from game.errors import json_from
from game.paths import asset, user_data_dir
from game.rules.scoring import box_options, hand_scores
from game.rules.variant import Variant

TABLE_FORMAT = 2
MAGIC = b"DPTABLE\n"
SUFFIX = ".table"
SHIPPED = ("classic", "official", "dutch", "fivezee", "yatzy", "challenge")
_HEADER_MAX = 1 << 16


@dataclass(eq=False)
class SolverTable:
    """Expected rest-of-game score for every between-turn state of one variant."""

    variant_id: str
    rules_hash: str
    data: array  # flat, (mask * U + upper) * F + five; NaN for unreachable states
    shape: tuple[int, int, int]  # (2**boxes, U, F)
    build_seconds: float = 0.0
    start64: float | None = None  # the start value as built, before any float32 rounding
    scoring: str = ""  # scoring_fingerprint() of the code that built it

    @property
    def start_value(self) -> float:
        return float(self.data[0])

    def value(self, mask: int, upper: int, five: int) -> float:
        _, U, F = self.shape
        value = self.data[(mask * U + min(upper, U - 1)) * F + (five if F == 2 else 0)]
        if math.isnan(value):
            raise SolverTableError(f"state (filled {mask:b}, upper {upper}, five {five}) cannot occur in a game")
        return value


def shape_of(variant: Variant) -> tuple[int, int, int]:
    r = rules(variant)
    return 1 << r.n_boxes, r.U, r.F


# ------------------------------------------------------------ the files --

def scoring_fingerprint(variant: Variant) -> str:
    """A hash of what the scoring code *does* for this variant, beside the YAML's ``rules_hash``.

    ``rules_hash`` covers the YAML; this covers :mod:`game.rules.scoring`: every
    hand's scores (ordinary and joker) and ``box_options`` for the five-alike
    hands on a fixed sample of cards. A table built before a change to the
    scoring code is refused like one built for other rules. About 10 ms.
    """
    import random

    r = rules(variant)
    digest = hashlib.sha256()
    for hand in r.geo.hands:
        for joker in (False, True):
            digest.update(repr(sorted(hand_scores(variant, hand, joker).items())).encode())
    n = r.n_boxes
    full = (1 << n) - 1
    rng = random.Random(20240601)
    masks = {0, full ^ r.five_bit} | {full ^ (1 << b) for b in range(n)}
    masks |= {full ^ (1 << b) ^ r.five_bit for b in range(n)}
    masks |= {rng.randrange(1 << n) | r.five_bit for _ in range(96)}
    for mask in sorted(masks - {full}):
        for five in range(2):
            card = card_of(variant, mask, five)
            for row in r.five_rows:
                found = box_options(variant, card, r.geo.hands[row])
                digest.update(repr((mask, five, sorted(found.scores.items()), found.joker,
                                    found.five_alike_bonus)).encode())
    return digest.hexdigest()[:16]


NAME_BYTES = 100  # the most of a variant's id a table's file name holds: file systems allow 255 bytes a name


def file_stem(variant_id: str) -> str:
    """The variant's id as a table's file name starts: the id itself, or when it is long (a variant file may be
    named with up to 250 characters, each up to 4 bytes) its start and a hash of the whole, so two long ids
    that start alike still get two files."""
    if len(os.fsencode(variant_id)) <= NAME_BYTES:
        return variant_id
    digest = hashlib.sha256(os.fsencode(variant_id)).hexdigest()[:16]
    start = variant_id[:NAME_BYTES]
    while len(os.fsencode(start)) > NAME_BYTES - len(digest) - 1:
        start = start[:-1]
    return f"{start}~{digest}"


def shipped_path(variant: Variant) -> Path:
    return asset("solver", f"{file_stem(variant.id)}{SUFFIX}")


def user_path(variant: Variant) -> Path:
    return user_data_dir() / "solver" / f"{file_stem(variant.id)}-{variant.rules_hash}{SUFFIX}"


def _is_file(path: Path) -> bool:
    """Whether the file is there; a folder that cannot be looked into (or any odd name) is as good as none."""
    try:
        return path.is_file()
    except OSError:
        return False


def _planes(raw: bytes, width: int) -> bytes:
    return b"".join(raw[i::width] for i in range(width))


def _unplanes(planes: bytes, width: int) -> bytes:
    raw = bytearray(len(planes))
    step = len(planes) // width
    for i in range(width):
        raw[i::width] = planes[i * step:(i + 1) * step]
    return bytes(raw)


def save_table(table: SolverTable, path: Path, typecode: str = "f", codec: str = "lzma") -> Path:
    """Write the table compressed (``typecode`` ``f``: float32, ``d``: float64), atomically."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    values = table.data if table.data.typecode == typecode else array(typecode, table.data)
    if sys.byteorder == "big":
        values = array(typecode, values)
        values.byteswap()
    raw = _planes(values.tobytes(), values.itemsize)
    if codec == "lzma":
        import lzma

        payload = lzma.compress(raw, preset=9 | lzma.PRESET_EXTREME)
    elif codec == "zlib":
        payload = zlib.compress(raw, 9)
    else:
        raise ValueError(f"unknown codec {codec!r} (lzma or zlib)")
    header = json.dumps({
        "format": TABLE_FORMAT, "variant": table.variant_id, "rules_hash": table.rules_hash,
        "scoring": table.scoring, "shape": list(table.shape), "type": typecode, "codec": codec,
        "start64": table.start_value if table.start64 is None else table.start64,
        "build_seconds": table.build_seconds,
    }, sort_keys=True).encode()
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=SUFFIX + ".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(MAGIC + struct.pack("<I", len(header)) + header + payload)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes it private; a table is an ordinary file
        os.replace(tmp, path)
    except BaseException:  # a full disk, a name refused, Ctrl+C: no half-written copy of ~1 MB left behind
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return path


def read_header(path: Path, stream=None) -> dict[str, Any]:
    """The header of a table file (no values read); :class:`SolverTableError` if it is not one."""
    try:
        with (stream or open(path, "rb")) as data:
            start = data.read(len(MAGIC) + 4)
            if len(start) < len(MAGIC) + 4 or start[:len(MAGIC)] != MAGIC:
                raise SolverTableError(f"{path}: not a solver table (no table header)")
            (size,) = struct.unpack("<I", start[len(MAGIC):])
            if size > _HEADER_MAX:
                raise SolverTableError(f"{path}: not a solver table (a header of {size} bytes)")
            header = json_from(data.read(size))  # a hand-made header nested too deep is not a table either
            if stream is not None:
                header["_payload"] = data.read()
    except SolverTableError:
        raise
    except (OSError, ValueError) as error:
        raise SolverTableError(f"{path}: not a solver table ({type(error).__name__}: {error})") from None
    if not isinstance(header, dict) or header.get("format") != TABLE_FORMAT:
        found = header.get("format") if isinstance(header, dict) else None
        raise SolverTableError(f"{path}: table format {found}, expected {TABLE_FORMAT}")
    return header


def fits(header: dict, variant: Variant) -> bool:
    """Whether a header is for this variant's current rules (the scoring code is checked on loading)."""
    return header.get("rules_hash") == variant.rules_hash


def load_table(path: Path, variant: Variant) -> SolverTable:
    """Read a table file; refuses one built for other rules (the variant's ``rules_hash``) or other scoring code."""
    path = Path(path)
    try:
        stream = open(path, "rb")
    except OSError as error:
        raise SolverTableError(f"{path}: not a solver table ({type(error).__name__}: {error})") from None
    header = read_header(path, stream)
    stored_hash = header.get("rules_hash")
    if stored_hash != variant.rules_hash:
        raise SolverTableError(f"{path} was built for other rules of {variant.id} "
                               f"(hash {stored_hash}, the variant's is now {variant.rules_hash})")
    scoring = header.get("scoring")
    if scoring != scoring_fingerprint(variant):
        raise SolverTableError(f"{path} was built by other scoring code than this version's "
                               f"(rebuild it: python -m game.bots.solver build {variant.id})")
    shape = shape_of(variant)
    if tuple(header.get("shape", ())) != shape:
        raise SolverTableError(f"{path}: table shape {header.get('shape')} does not fit {variant.id}")
    typecode, codec = header.get("type"), header.get("codec")
    if typecode not in ("f", "d") or codec not in ("lzma", "zlib"):
        raise SolverTableError(f"{path}: not a solver table (type {typecode!r}, codec {codec!r})")
    try:
        if codec == "lzma":
            import lzma

            raw = lzma.decompress(header["_payload"])
        else:
            raw = zlib.decompress(header["_payload"])
        values = array(typecode)
        if len(raw) != shape[0] * shape[1] * shape[2] * values.itemsize:
            raise ValueError(f"{len(raw)} bytes of values for a shape of {shape}")
        values.frombytes(_unplanes(raw, values.itemsize))
    except Exception as error:  # a damaged file: the codec's check or the size says so
        raise SolverTableError(f"{path}: a damaged solver table ({type(error).__name__}: {error})") from None
    if sys.byteorder == "big":
        values.byteswap()
    return SolverTable(variant.id, stored_hash, values, shape, float(header.get("build_seconds", 0.0)),
                       float(header.get("start64", values[0])), scoring)


def has_table(variant: Variant) -> bool:
    """Whether a table file for the variant's current rules is there (shipped or cached); reads headers only."""
    for path in (shipped_path(variant), user_path(variant)):
        try:
            if _is_file(path) and fits(read_header(path), variant):
                return True
        except SolverTableError:
            continue
    return False


_LOADED: dict[str, SolverTable] = {}


def find_table(variant: Variant) -> SolverTable:
    """The variant's table from its file (shipped, then the user's cache), kept in memory once read."""
    key = variant.rules_hash
    if key in _LOADED:
        return _LOADED[key]
    problems = []
    for path in (shipped_path(variant), user_path(variant)):
        if _is_file(path):
            try:
                table = load_table(path, variant)
            except SolverTableError as error:
                problems.append(str(error))
                continue
            _LOADED[key] = table
            return table
    why = "; ".join(problems) if problems else "no table has been built"
    raise SolverTableError(f"no solver table for {variant.id} with its current rules: {why}")


def remember(table: SolverTable) -> None:
    _LOADED[table.rules_hash] = table


def forget_loaded() -> None:
    """Drop the tables kept in memory (tests, or after a rebuild)."""
    _LOADED.clear()
