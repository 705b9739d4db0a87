"""The string tables: English and Dutch complete, placeholders alike, every key the code asks for present."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

import pytest

from game.rules import i18n
from game.rules.i18n import t

ROOT = Path(__file__).resolve().parent.parent
LITERAL_KEY = re.compile(r"""\bt\(\s*["']([a-z_]+\.[\w.]+)["']""")
DYNAMIC_KEY = re.compile(r"""\bt\(\s*f["']([a-z_]+\.[\w.]*)\{""")


def code_files():
    return sorted([*ROOT.joinpath("game").rglob("*.py"), *ROOT.joinpath("scenes").rglob("*.py")])


def keys_in_code() -> tuple[set[str], set[str]]:
    literal, dynamic = set(), set()
    for path in code_files():
        text = path.read_text(encoding="utf-8")
        literal |= set(LITERAL_KEY.findall(text))
        dynamic |= set(DYNAMIC_KEY.findall(text))
    return literal, dynamic


@pytest.mark.parametrize("language", [code for code in i18n.languages() if code != i18n.DEFAULT])
def test_every_language_has_every_key_and_no_other(language):
    english, other = i18n.table("en"), i18n.table(language)
    assert sorted(set(english) - set(other)) == [], f"missing in {language}"
    assert sorted(set(other) - set(english)) == [], f"{language} has keys English lacks"


@pytest.mark.parametrize("language", [code for code in i18n.languages() if code != i18n.DEFAULT])
def test_placeholders_and_plural_forms_match_english(language):
    english, other = i18n.table("en"), i18n.table(language)
    wrong = [key for key in english
             if key in other and i18n.placeholders(english[key]) != i18n.placeholders(other[key])]
    assert wrong == [], f"placeholders differ in {language}: {wrong}"
    forms = [key for key in english if isinstance(english[key], dict) != isinstance(other.get(key), dict)]
    assert forms == [], f"count forms differ in {language}: {forms}"


def test_every_key_named_anywhere_in_the_code_is_in_the_table():
    """Keys kept in tuples and dicts (help key lists, level names) are checked too, not only t("...") calls."""
    english = i18n.table("en")
    areas = {key.split(".")[0] for key in english}
    named = set()
    for path in code_files():
        for key in re.findall(r"""["']([a-z_]+\.[a-z_][\w.]*)["']""", path.read_text(encoding="utf-8")):
            if key.split(".")[0] in areas and not key.endswith((".py", ".yaml", ".png", ".json", ".sqlite3")):
                named.add(key)
    assert len(named) > 100
    missing = sorted(k for k in named if k not in english and not any(e.startswith(k + ".") for e in english))
    assert missing == []


def test_no_string_is_left_unused():
    """Every English string is asked for by the code (literally, or as the start of a key it builds)."""
    code = "\n".join(path.read_text(encoding="utf-8") for path in code_files())
    built = set(re.findall(r"""f["']([a-z_]+\.[\w.]*)\{""", code))  # keys built in f-strings, t() or not
    unused = [key for key in i18n.table("en") if f'"{key}"' not in code and f"'{key}'" not in code
              and not any(key.startswith(prefix) for prefix in built)]
    assert unused == []


def test_every_key_the_code_asks_for_is_in_the_table():
    literal, dynamic = keys_in_code()
    english = i18n.table("en")
    assert len(literal) > 100  # the scan finds the code's strings (it is not silently empty)
    assert sorted(k for k in literal if k not in english) == []
    assert sorted(p for p in dynamic if not any(k.startswith(p) for k in english)) == []


def test_every_string_fills_with_its_placeholders_in_every_language():
    for language in [*i18n.languages(), i18n.PSEUDO]:
        i18n.set_language(language)
        for key, template in i18n.table(language).items():
            names = {name: 7 for name in i18n.placeholders(template) if name}
            text = t(key, **names) if "count" not in names else t(key, **{**names, "count": 7})
            assert "{" not in text.replace("{{", ""), f"{language} {key}: {text!r}"


def test_a_missing_key_falls_back_to_english_then_to_the_key(tmp_path):
    i18n.set_language("nl")
    assert t("common.back") == "Terug"
    assert t("no.such.key") == "no.such.key"


def test_counts_choose_their_words():
    i18n.set_language("en")
    assert i18n.placeholders({"one": "{count} game", "other": "{count} games"}) == {"count"}


def test_pseudo_is_forty_percent_longer_and_keeps_placeholders():
    english = i18n.table("en")
    pseudo = i18n.table(i18n.PSEUDO)
    for key, value in english.items():
        if isinstance(value, str) and len(value) >= 5:
            assert len(pseudo[key]) >= 1.4 * len(re.sub(r"\{[^{}]*\}", "", value)), key
            assert i18n.placeholders(pseudo[key]) == i18n.placeholders(value), key


def test_numbers_and_dates_follow_the_language():
    moment = datetime(2026, 11, 22, 14, 5)
    i18n.set_language("en")
    assert i18n.number(1234.5, 1) == "1,234.5" and i18n.number(254.59, 2) == "254.59"
    assert i18n.date(moment) == "22 Nov 2026, 14:05"
    i18n.set_language("nl")
    assert i18n.number(1234.5, 1) == "1.234,5" and i18n.number(254.59, 2) == "254,59"
    assert i18n.date(moment) == "22 nov 2026, 14:05"  # CLDR's Dutch medium date and time


def test_variant_texts_follow_the_language(variant):
    dutch = variant("dutch")
    i18n.set_language("nl")
    assert str(dutch.box("aces").name) == "Enen" and str(dutch.box("four_kind").name) == "Carré"
    i18n.set_language("en")
    assert str(dutch.box("aces").name) == "Aces"


def test_the_language_is_never_fixed_at_import():
    """No module keeps a translated string from the moment it was imported: the language changes at run time."""
    offenders = []
    for path in code_files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.match(r"^[A-Z_]+\s*(:[^=]+)?=.*\bt\(", line):
                offenders.append(f"{path.name}:{number}: {line.strip()}")
    assert offenders == []
