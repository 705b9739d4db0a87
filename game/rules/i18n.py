"""Every word on screen, in the player's language.

Strings live in ``assets/strings/<language>/<area>.yaml``; a key is
``<area>.<name>`` (nested mappings add dots). A value is a ``str.format``
template with named placeholders (``"{name} to play"``) or, where the count
decides the words, a mapping ``{one: ..., other: ...}`` chosen by ``count``.
English is complete by definition and the fallback for anything missing.

``pseudo`` is a test language made from English: accented and 40% longer,
placeholders kept, so a layout that only just fits English shows up.
"""

from __future__ import annotations

import locale
import os
import re
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from game.paths import asset
from game.rules.yamlsource import load_file

DEFAULT = "en"
PSEUDO = "pseudo"
_PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")
_current = DEFAULT


class Tr(str):
    """A string that came from the string table (the layout check tells them from names and numbers)."""


def strings_dir() -> Path:
    return asset("strings")


def _flatten(prefix: str, value: Any, out: dict[str, Any]) -> None:
    if isinstance(value, dict) and not _is_plural(value):
        for key, inner in value.items():
            if not isinstance(key, str):  # YAML reads a bare on/off/yes/no key as a boolean
                raise ValueError(f"string table {prefix}: key {key!r} must be quoted text")
            _flatten(f"{prefix}.{key}", inner, out)
    else:
        out[prefix] = value


def _is_plural(value: dict) -> bool:
    return set(value) >= {"other"} and set(value) <= {"zero", "one", "other"}


@lru_cache(maxsize=1)
def languages() -> dict[str, str]:
    """The one list of languages: every folder of string tables, by code, with the language's own name.

    English comes first; ``pseudo`` is made from English for tests and is not listed.
    """
    codes = sorted(path.name for path in strings_dir().iterdir() if path.is_dir() and any(path.glob("*.yaml")))
    codes.sort(key=lambda code: code != DEFAULT)
    return {code: str(table(code).get("common.language_name", code)) for code in codes}


@lru_cache(maxsize=8)
def table(language: str) -> dict[str, Any]:
    """Every key of one language, flattened; a broken file is a bug in the product, so it raises."""
    if language == PSEUDO:
        return {key: _pseudo(value) for key, value in table(DEFAULT).items()}
    folder = strings_dir() / language
    out: dict[str, Any] = {}
    for path in sorted(folder.glob("*.yaml")):
        data = load_file(path) or {}  # the same capped, checked reader as every other YAML file
        _flatten(path.stem, data, out)
    return out


def set_language(language: str | None) -> str:
    """Choose the language (unknown ones fall back to the system's, then English); returns it."""
    global _current
    if language not in languages() and language != PSEUDO:
        language = system_language()
    _current = language
    return _current


def language() -> str:
    return _current


def system_language() -> str:
    """The desktop's language if we have it, else English."""
    candidates = [os.environ.get(name, "") for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    try:
        candidates.append(locale.getlocale()[0] or "")
    except ValueError:
        pass
    for candidate in candidates:
        for part in candidate.split(":"):
            code = part.split("_")[0].split(".")[0].split("-")[0].lower()
            if code in languages():
                return code
            if code and code not in ("c", "posix"):
                return DEFAULT
    return DEFAULT


def t(key: str, /, count: int | None = None, **values: Any) -> Tr:
    """The text for ``key`` in the current language, placeholders filled."""
    template = table(_current).get(key)
    if template is None:
        template = table(DEFAULT).get(key, key)
    if isinstance(template, dict):
        form = "zero" if count == 0 and "zero" in template else ("one" if count == 1 else "other")
        template = template.get(form, template["other"])
    if count is not None:
        values["count"] = number(count)
    try:
        return Tr(str(template).format(**values))
    except (KeyError, IndexError, ValueError):
        return Tr(str(template))


def placeholders(template: Any) -> set[str]:
    forms = template.values() if isinstance(template, dict) else [template]
    return {name for form in forms for name in _PLACEHOLDER.findall(str(form))}


# ---------------------------------------------------------------- numbers --
_SEPARATORS = {"en": (".", ","), "nl": (",", "."), PSEUDO: (",", ".")}


def number(value: float, decimals: int = 0) -> str:
    """A number as the language writes it: 1,234.5 in English, 1.234,5 in Dutch."""
    point, thousands = _SEPARATORS.get(_current, _SEPARATORS[DEFAULT])
    text = f"{value:,.{decimals}f}"
    return text.replace(",", "\0").replace(".", point).replace("\0", thousands)


def names(found: list[str]) -> str:
    """Names as the language lists them: "Ann", "Ann and Ben", "Ann, Ben and Cas" ("Ann, Ben en Cas")."""
    if len(found) <= 1:
        return "".join(found)
    return t("common.names_and", names=", ".join(found[:-1]), last=found[-1])


_MONTHS = {
    "en": "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(),
    "nl": "jan feb mrt apr mei jun jul aug sep okt nov dec".split(),
}


def date(moment: datetime | float, with_time: bool = True) -> str:
    """A date as the language writes it: "22 Nov 2026, 14:05" or "22 nov 2026 14:05"."""
    if not isinstance(moment, datetime):
        moment = datetime.fromtimestamp(moment)
    months = _MONTHS.get(_current, _MONTHS[DEFAULT])
    day = f"{moment.day} {months[moment.month - 1]} {moment.year}"
    if not with_time:
        return day
    joiner = ", " if _current == "en" else " "
    return f"{day}{joiner}{moment:%H:%M}"


# ----------------------------------------------------------------- pseudo --
_ACCENTS = str.maketrans("aeiouAEIOUcnyCNY", "àéîõüÀÉÎÕÜçñýÇÑÝ")


def _pseudo(value: Any) -> Any:
    if isinstance(value, dict):
        return {form: _pseudo(text) for form, text in value.items()}
    text = str(value)
    parts = re.split(r"(\{[^{}]*\})", text)
    body = "".join(part if part.startswith("{") else part.translate(_ACCENTS) for part in parts)
    visible = len(_PLACEHOLDER.sub("", text))
    pad = "~" * max(1, round(visible * 0.4))
    return f"[{body}{pad}]"
