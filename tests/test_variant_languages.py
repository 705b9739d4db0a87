"""Every shipped game speaks every shipped language: no name, description, help text, box, symbol or
scoring line falls back to English, and no English sentence is left on a rules screen."""

from __future__ import annotations

import dataclasses

import pytest

from game.rules import i18n
from game.rules.explain import rules_text
from game.rules.variant import Text
from game.rules.variants import load_all, shipped_folder

SHIPPED = sorted(path.stem for path in shipped_folder().glob("*.yaml"))
LANGUAGES = [code for code in i18n.languages() if code != "en"]
# Texts that are the same word in English and in some shipped language: the games' and boxes' trade names
# and words the other languages borrow as they are ("Chance" in German, "Orange" in French).
SAME_WORD = {"Yatzy", "Yahtzee", "FiveZee", "Challenge Yahtzee", "Jackpot Yahtzee", "Full House", "Chance",
             "Orange", "Dollar"}


def texts(thing, where: str):
    """Every Text inside a variant, with where it is ("boxes[3].name")."""
    if isinstance(thing, Text):
        yield where, thing
    elif dataclasses.is_dataclass(thing):
        for item in dataclasses.fields(thing):
            yield from texts(getattr(thing, item.name), f"{where}.{item.name}".lstrip("."))
    elif isinstance(thing, tuple):
        for index, item in enumerate(thing):
            yield from texts(item, f"{where}[{index}]")


@pytest.fixture(scope="module")
def variants():
    catalogue = load_all(refresh=True)
    return {name: catalogue.find(name) for name in SHIPPED}


def test_the_walk_finds_jackpots_scoring_lines(variants):
    found = dict(texts(variants["jackpot"], ""))
    assert "lines[0].name" in found and "symbols[0].name" in found and "help" in found


@pytest.mark.parametrize("name", SHIPPED)
def test_no_text_falls_back_to_english(name, variants):
    missing = []
    for where, text in texts(variants[name], ""):
        english = text.get("en").strip()
        if not english:
            continue
        given = dict(text.values)
        for language in LANGUAGES:
            own = given.get(language, "").strip()
            if not own or (own == english and english not in SAME_WORD):
                missing.append(f"{where} {language}")
    assert not missing, f"{name}: in English only: {', '.join(missing)}"


@pytest.mark.parametrize("name", SHIPPED)
def test_no_english_sentence_on_a_rules_screen(name, variants):
    english = [line.strip() for line in rules_text(variants[name], "en").splitlines() if len(line.strip()) > 30]
    assert english
    for language in LANGUAGES:
        text = rules_text(variants[name], language)
        left = [line for line in english if line in text]
        assert not left, f"{name} in {language}: English left: {left[0]!r}"
