"""The variant registry: the shipped YAML files plus the user's own.

``find_variant(name)`` fails with the list of known names; ``load_all()``
returns every variant that loads and, beside them, one message per file
that does not, so a single broken file never hides the others.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from game.errors import UnknownVariant, VariantError, cause, shown
from game.kinds import parts
from game.paths import asset, user_variants_dir
from game.rules.variant import Variant, parse_variant, shows
from game.rules.yamlsource import load_file

# The order of the shipped variants on menus and in messages.
SHIPPED_ORDER = ("classic", "official", "dutch", "fivezee", "challenge", "yatzy", "jackpot")
SUFFIXES = (".yaml", ".yml")  # in any case: "Mine.YAML" is a variant file too


def is_variant_file(name: str) -> bool:
    """A YAML file by its name, not a hidden one (an editor's backup or lock file)."""
    return name.lower().endswith(SUFFIXES) and not Path(name).name.startswith(".")


def id_from_name(path: Path) -> str:
    """The id a file gives its game: its name without the suffix, in Unicode's composed form (NFC), so a "café"
    typed either way is one game, and a second file of it is refused as a duplicate. A name that would print on
    two lines, run right to left from a hidden control or hold an invisible character is refused."""
    name = unicodedata.normalize("NFC", path.stem)
    bad = next((c for c in name if unicodedata.category(c)[0] == "C" or unicodedata.category(c) in ("Zl", "Zp")),
               None)
    if bad is not None:
        raise VariantError(str(path), None, "file name", f"holds a character that cannot be shown in a game's "
                                                         f"name (U+{ord(bad):04X}): rename the file")
    if not shows(name):
        raise VariantError(str(path), None, "file name", "has no character that shows: rename the file")
    return name


def load_variant_file(path: Path | str) -> Variant:
    """Load and validate one variant file; raises VariantError with FILE:LINE: field: problem.

    Whatever the file holds, the answer is a variant or a VariantError: an error of the loader itself
    becomes a refusal too, so one file can never stop the game from starting.
    """
    path = Path(path)
    try:
        stat = path.stat()
    except OSError:
        return parse_any(load_file(path), str(path), id_from_name(path))  # reports the unreadable file
    key = (str(path), stat.st_mtime_ns, stat.st_size)  # an edited file is read again, an unchanged one is not
    if key in _refused:
        raise _refused[key]
    try:
        return _load_unchanged(*key)
    except VariantError as error:
        _refused[key] = error
        raise
    except Exception as error:  # a bug of ours (RecursionError, MemoryError too) must not cost the player the game
        refusal = VariantError(str(path), None, "file", f"could not be loaded ({cause(error)})")
        _refused[key] = refusal
        raise refusal from None


_refused: dict[tuple[str, int, int], VariantError] = {}


@lru_cache(maxsize=256)
def _load_unchanged(path: str, mtime_ns: int, size: int) -> Variant:
    return parse_any(load_file(Path(path)), path, id_from_name(Path(path)))


def parse_any(data: Any, file: str, variant_id: str) -> Variant:
    """A scorecard game or, with ``family: jackpot``, a Jackpot game: each family parses its own fields."""
    family = data.get("family") if isinstance(data, dict) else None
    # no family, or one no kind has: the scorecard's parser, which names the families there are
    parse = PARSERS.get(family, parse_variant) if isinstance(family, str) else parse_variant
    return parse(data, file, variant_id)


# Each family's parser, as game.kinds names it. A JackpotVariant goes where a Variant is named: the kinds share no
# base type yet, so the checker takes game.kinds' word for it here.
PARSERS: dict[str, Callable[[Any, str, str], Variant]] = parts("parser")


@dataclass(frozen=True)
class Catalogue:
    variants: tuple[Variant, ...]
    problems: tuple[str, ...]  # one line per file that was refused

    def names(self) -> list[str]:
        return [v.id for v in self.variants]

    def find(self, name: str) -> Variant:
        name = unicodedata.normalize("NFC", name)  # as the ids are
        for variant in self.variants:
            if variant.id == name:
                return variant
        raise UnknownVariant(f"unknown variant {shown(name)} (known: {', '.join(self.names())})")


MAX_FILES = 500  # variant files read from one folder; more are listed as refused


def _variant_files(folder: Path) -> list[Path]:
    try:
        # not only regular files: a FIFO or a device named like a variant is refused in one line (game.paths)
        return sorted(p for p in folder.iterdir() if is_variant_file(p.name) and not p.is_dir())
    except OSError:
        return []


def _rank(variant: Variant) -> tuple[int, str]:
    order = SHIPPED_ORDER.index(variant.id) if variant.id in SHIPPED_ORDER else len(SHIPPED_ORDER)
    return order, variant.id


def scan(folders: list[Path]) -> Catalogue:
    """Load every variant file in these folders; a later folder's file may not shadow an earlier id."""
    found: dict[str, Variant] = {}
    problems: list[str] = []
    for folder in folders:
        files = _variant_files(folder)
        if len(files) > MAX_FILES:
            problems.append(f"{folder}: file: holds {len(files)} variant files; the first {MAX_FILES} are read")
        for path in files[:MAX_FILES]:
            try:
                variant = load_variant_file(path)
            except VariantError as error:
                problems.append(str(error))
                continue
            if variant.id in found:
                problems.append(f"{path}: id: '{variant.id}' is already a variant ({found[variant.id].source})")
                continue
            found[variant.id] = variant
    return Catalogue(tuple(sorted(found.values(), key=_rank)), tuple(problems))


def shipped_folder() -> Path:
    return asset("variants")


@lru_cache(maxsize=1)
def _cached() -> Catalogue:
    return scan([shipped_folder(), user_variants_dir()])


def load_all(refresh: bool = False) -> Catalogue:
    """The shipped variants and the user's, cached; ``refresh`` re-reads the folders."""
    if refresh:
        _cached.cache_clear()
    return _cached()


def find_variant(name: str) -> Variant:
    """A variant by id; a path to a YAML file also works (for check-variant and tests)."""
    if name.lower().endswith(SUFFIXES) and Path(name).is_file():
        return load_variant_file(name)
    return load_all().find(name)
