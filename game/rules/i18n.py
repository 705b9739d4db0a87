"""Every word on screen, in the player's language.

Strings live in gettext catalogues, ``assets/locale/<language>/LC_MESSAGES/dice-parlor.po``, one per
language, English the source. Each entry's ``msgctxt`` is the key the code asks for (``t("common.back")``),
its ``msgid`` the English text: a ``str.format`` template with named placeholders (``"{name} to play"``);
where the count decides the words the entry is a gettext plural, chosen by ``count`` with CLDR's rule.
English is complete by definition and the fallback for anything missing. ``packaging/strings_to_po.py``
writes the catalogues (see docs/translating.md).

The ``.po`` files are compiled to ``.mo`` at first use and kept in the user's cache folder, named by the
``.po``'s hash so an edited catalogue is never read stale; the built app ships them compiled.

Numbers, percentages, lists and dates come from Babel (CLDR), not from tables of our own.

``pseudo`` is a test language made from English: accented and 40% longer,
placeholders kept, so a layout that only just fits English shows up.
"""

from __future__ import annotations

import gettext
import hashlib
import io
import os
import re
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from game.paths import asset, user_cache_dir
from game.rules.desktop_language import preferred

DEFAULT = "en"
PSEUDO = "pseudo"
DOMAIN = "dice-parlor"
_PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")
_current = DEFAULT
# The CLDR locale whose numbers, dates and lists each language uses: the game's English is British.
_BABEL_LOCALE = {"en": "en_GB", PSEUDO: "en_GB"}
_NARROW_NBSP = "\u202f"  # French groups with it; the game's fonts may lack it, and a no-break space is right too


class Tr(str):
    """A string that came from the string table (the layout check tells them from names and numbers)."""


def N_(key: str) -> str:
    """Marks a key chosen at run time so ``pybabel extract`` finds it; returns it unchanged."""
    return key


def locale_dir() -> Path:
    return asset("locale")


def catalogue_path(language: str) -> Path:
    return locale_dir() / language / "LC_MESSAGES" / f"{DOMAIN}.po"


# ------------------------------------------------------------- catalogues --
def _compiled(po: Path) -> bytes:
    """The ``.mo`` bytes of one catalogue: shipped beside it, cached, or compiled now (and cached)."""
    shipped = po.with_suffix(".mo")
    if shipped.is_file():  # the built app: compiled by build.spec
        return shipped.read_bytes()
    source = po.read_bytes()
    digest = hashlib.sha256(source).hexdigest()[:20]
    cached = user_cache_dir() / "locale" / f"{po.parent.parent.name}-{digest}.mo"
    try:
        return cached.read_bytes()
    except OSError:
        pass
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    out = io.BytesIO()
    write_mo(out, read_po(io.BytesIO(source)), use_fuzzy=False)
    data = out.getvalue()
    try:  # a cache that cannot be written only costs the compile next time
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = cached.with_suffix(f".{os.getpid()}.part")
        partial.write_bytes(data)
        os.replace(partial, cached)
    except OSError:
        pass
    return data


@lru_cache(maxsize=16)
def catalogue(language: str) -> gettext.GNUTranslations:
    """One language's compiled catalogue; a broken file is a bug in the product, so it raises."""
    return gettext.GNUTranslations(io.BytesIO(_compiled(catalogue_path(language))))


@lru_cache(maxsize=1)
def _source() -> dict[str, tuple[str, str | None]]:
    """Every key with its English text (and English plural, for counted entries)."""
    found: dict[str, tuple[str, str | None]] = {}
    entries = catalogue(DEFAULT)._catalog  # type: ignore[attr-defined]
    for entry in entries:
        if isinstance(entry, tuple):
            entry, index = entry
            if index != 0 or "\x04" not in entry:
                continue
            key, msgid = entry.split("\x04", 1)
            found[key] = (msgid, entries.get((entry, 1), msgid))
        elif "\x04" in entry:
            key, msgid = entry.split("\x04", 1)
            found[key] = (msgid, None)
    return found


@lru_cache(maxsize=1)
def languages() -> dict[str, str]:
    """The one list of languages: every catalogue, by code, with the language's own name.

    English comes first; ``pseudo`` is made from English for tests and is not listed.
    """
    folder = locale_dir()
    codes = sorted(path.name for path in folder.iterdir() if catalogue_path(path.name).is_file())
    codes.sort(key=lambda code: code != DEFAULT)
    return {code: _lookup(code, "common.language_name") or code for code in codes}


def plural_tags(language: str) -> list[str]:
    """The CLDR plural categories of a language, in the order of its catalogue's forms."""
    from babel import Locale

    rule = Locale.parse(_babel_locale(language)).plural_form
    return [tag for tag in ("zero", "one", "two", "few", "many", "other") if tag in rule.tags or tag == "other"]


def _lookup(language: str, key: str, count: int | None = None) -> str | None:
    """The translation of ``key`` in one language, or None where it has none."""
    source = _source().get(key)
    if source is None:
        return None
    msgid, plural = source
    entries = catalogue(language)._catalog  # type: ignore[attr-defined]
    if plural is None:
        found = entries.get(f"{key}\x04{msgid}")
    else:
        index = catalogue(language).plural(abs(int(count or 0)))  # type: ignore[attr-defined]
        found = entries.get((f"{key}\x04{msgid}", index))
    return found or None


def table(language: str) -> dict[str, Any]:
    """Every key a language translates: text, or for counted entries a mapping of CLDR category to text."""
    return dict(_table(language))


@lru_cache(maxsize=16)
def _table(language: str) -> tuple[tuple[str, Any], ...]:
    if language == PSEUDO:
        return tuple((key, _pseudo(value)) for key, value in _table(DEFAULT))
    entries = catalogue(language)._catalog  # type: ignore[attr-defined]
    tags = plural_tags(language)
    out = []
    for key, (msgid, plural) in _source().items():
        if plural is None:
            value = entries.get(f"{key}\x04{msgid}")
        else:
            forms = {tag: entries.get((f"{key}\x04{msgid}", index)) for index, tag in enumerate(tags)}
            value = forms if all(forms.values()) else None
        if value:
            out.append((key, value))
    return tuple(out)


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
    """The desktop's language if we have it, else English.

    The desktop's languages come in order of preference (game.rules.desktop_language: the environment, and
    the display language on Windows and macOS); the first we have wins. A region ("nb_NO", "sv-SE") or
    script is dropped, and "no" (Norwegian) and "nn" are taken as Bokmål.
    """
    for candidate in preferred():
        code = candidate.split("_")[0].split(".")[0].split("-")[0].split("@")[0].lower()
        code = {"no": "nb", "nn": "nb"}.get(code, code)
        if code in languages():
            return code
    return DEFAULT


def t(key: str, /, count: int | None = None, **values: Any) -> Tr:
    """The text for ``key`` in the current language, placeholders filled."""
    template: str | None
    if _current == PSEUDO:
        template = _pseudo_text(key, count)
    else:
        template = _lookup(_current, key, count)
        if template is None and _current != DEFAULT:
            template = _lookup(DEFAULT, key, count)
        if template is None:
            template = key
    if count is not None:
        values["count"] = number(count)
    try:
        return Tr(template.format(**values))
    except (KeyError, IndexError, ValueError):
        return Tr(template)


def _pseudo_text(key: str, count: int | None) -> str:
    english = _lookup(DEFAULT, key, count)
    return key if english is None else _pseudo(english)


def placeholders(template: Any) -> set[str]:
    forms = template.values() if isinstance(template, dict) else [template]
    return {name for form in forms for name in _PLACEHOLDER.findall(str(form))}


# ------------------------------------------------- numbers, lists, dates --
def _babel_locale(language: str | None = None) -> str:
    language = language or _current
    return _BABEL_LOCALE.get(language, language)


def _drawable(text: str) -> str:
    return text.replace(_NARROW_NBSP, "\u00a0")


def number(value: float, decimals: int = 0) -> str:
    """A number as the language writes it: 1,234.5 in English, 1.234,5 in Dutch, 1 234,5 in Swedish."""
    from babel.numbers import format_decimal

    pattern = "#,##0" + ("." + "0" * decimals if decimals > 0 else "")
    return _drawable(format_decimal(value, format=pattern, locale=_babel_locale(), decimal_quantization=True))


def percent(fraction: float, decimals: int = 0) -> str:
    """A share as the language writes it: "9%" in English, "9 %" in Swedish and German."""
    from babel.numbers import format_percent

    pattern = None if decimals <= 0 else "#,##0." + "0" * decimals + "%"
    return _drawable(format_percent(fraction, format=pattern, locale=_babel_locale(), decimal_quantization=True))


def names(found: list[str]) -> str:
    """Names as the language lists them: "Ann", "Ann and Ben", "Ann, Ben and Cas" ("Ann, Ben och Cas")."""
    from babel.lists import format_list

    found = list(found)
    if len(found) <= 1:
        return "".join(found)
    return format_list(found, locale=_babel_locale())


def date(moment: datetime | float, with_time: bool = True) -> str:
    """A date as the language writes it: "22 Nov 2026, 14:05", "22 nov. 2026 14:05", "22.11.2026, 14:05"."""
    from babel import Locale
    from babel.dates import format_date, format_time

    if not isinstance(moment, datetime):
        moment = datetime.fromtimestamp(moment)
    where = _babel_locale()
    day = format_date(moment, "medium", locale=where)
    if not with_time:
        return _drawable(day)
    joined = Locale.parse(where).datetime_formats["medium"].format(format_time(moment, "short", locale=where), day)
    return _drawable(joined)


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
