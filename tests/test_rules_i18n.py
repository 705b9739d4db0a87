"""The rules in Dutch: every shipped variant speaks it, and the generated rules text has no English left."""

from __future__ import annotations

import re

import pygame
import pytest

from game.rules import i18n
from game.rules.explain import box_rule, rules_text
from game.rules.variants import load_all, shipped_folder

SHIPPED = sorted(path.stem for path in shipped_folder().glob("*.yaml"))
# Whole sentences of the English table that must not turn up in the Dutch rules (spot checks).
SPOT_KEYS = ["rules.turn", "rules.who_starts", "rules.upper", "rules.lower", "rules.score_total",
             "rules.box.chance", "rules.joker.none", "rules.jackpot.runs", "rules.jackpot.colour.white"]
UNFILLED = re.compile(r"\{\w*\}")


def _shipped():
    catalogue = load_all(refresh=True)
    return [catalogue.find(name) for name in SHIPPED]


def _dutch(text) -> str:
    return dict(text.values).get("nl", "")


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_variant_has_dutch_texts(name):
    variant = load_all(refresh=True).find(name)
    for field in ("name", "description", "help"):
        assert _dutch(getattr(variant, field)).strip(), f"{name}: no Dutch {field}"
    for box in getattr(variant, "boxes", ()):
        assert _dutch(box.name).strip(), f"{name}: box {box.id} has no Dutch name"
        if box.help is not None:
            assert _dutch(box.help).strip(), f"{name}: box {box.id} has no Dutch help"
    for symbol in getattr(variant, "symbols", ()):
        assert _dutch(symbol.name).strip(), f"{name}: symbol {symbol.id} has no Dutch name"


def test_the_1982_sheet_box_names():
    dutch = load_all(refresh=True).find("dutch")
    names = [b.name.get("nl") for b in dutch.boxes]
    assert names == ["Enen", "Tweeën", "Drieën", "Vieren", "Vijven", "Zessen", "Three of a kind", "Carré",
                     "Full House", "Kleine Straat", "Grote Straat", "Yahtzee", "Chance"]


def test_the_rules_area_is_complete_in_dutch():
    english, dutch = i18n.table("en"), i18n.table("nl")
    keys = [key for key in english if key.startswith("rules.")]
    assert keys
    for key in keys:
        assert key in dutch, key
        assert i18n.placeholders(dutch[key]) <= i18n.placeholders(english[key]) | {"count"}, key


@pytest.mark.parametrize("name", SHIPPED)
def test_dutch_rules_have_no_english_and_no_open_placeholder(name):
    variant = load_all(refresh=True).find(name)
    text = rules_text(variant, "nl")
    assert i18n.language() == "en"  # asking for Dutch leaves the screen's language alone
    assert not UNFILLED.search(text), UNFILLED.search(text)
    english = i18n.table("en")
    for key in SPOT_KEYS:
        template = english[key]
        for piece in re.split(r"\{[^{}]*\}", template):  # the words between the placeholders
            piece = piece.strip(" :.")
            if len(piece) >= 8:
                assert piece not in text, f"{name}: English '{piece}' ({key}) in the Dutch rules"
    for line in rules_text(variant, "en").splitlines():  # the English sentences of the YAML too
        if len(line) > 30:
            assert line.strip() not in text, f"{name}: English line in the Dutch rules: {line!r}"


@pytest.mark.parametrize("name", SHIPPED)
def test_english_rules_have_no_open_placeholder(name):
    variant = load_all(refresh=True).find(name)
    for language in ("en", "pseudo"):
        text = rules_text(variant, language)
        assert not UNFILLED.search(text), (language, UNFILLED.search(text))
    for box in getattr(variant, "boxes", ()):
        assert box_rule(box, variant, "nl") != box_rule(box, variant, "en"), box.id


def test_rules_follow_the_language_on_screen():
    classic = load_all(refresh=True).find("classic")
    assert "Upper section:" in rules_text(classic)
    i18n.set_language("nl")
    assert "Bovenste deel:" in rules_text(classic)
    assert "Enen:" in rules_text(classic)


@pytest.mark.parametrize("language", ["nl", "pseudo"])
def test_rules_screen_by_keyboard(language):
    from scene_driver import Driver

    from scenes.menus.rules import MARGIN, SIZE, RulesScene
    from scenes.ui import assets

    driver = Driver(language=language, text_size="large")
    try:
        title = driver.top
        scene = RulesScene(driver.app)
        driver.start(scene)
        driver.step(0.5)
        assert scene.lines and all(line == "" or not UNFILLED.search(line) for line, _, _ in scene.lines)
        right = scene.page.right - 10
        for words, indent, style in scene.lines:  # every line fits the page at large text
            width = assets.font(style, round(SIZE * assets.text_scale())).size(words)[0]
            assert scene.page.x + MARGIN + indent + width <= right, words
        driver.key(pygame.K_TAB)
        assert scene.index == 1
        driver.key(pygame.K_RIGHT)
        assert scene.index == 2
        driver.key(pygame.K_TAB, pygame.KMOD_SHIFT)
        driver.key(pygame.K_LEFT)
        assert scene.index == 0
        driver.key(pygame.K_LEFT)
        assert scene.index == len(scene.variants) - 1  # wraps round
        assert scene.scroll == 0
        driver.key(pygame.K_PAGEDOWN)
        paged = scene.scroll
        assert paged > 0
        driver.key(pygame.K_DOWN)
        assert scene.scroll > paged or scene.scroll == scene.max_scroll()
        driver.key(pygame.K_PAGEUP)
        driver.key(pygame.K_PAGEUP)
        driver.key(pygame.K_UP)
        assert scene.scroll == 0
        driver.key(pygame.K_ESCAPE)
        assert driver.top is title
    finally:
        driver.close()


def test_rules_of_one_game_by_keyboard():
    from scene_driver import Driver

    from scenes.menus.rules import RulesScene

    driver = Driver(language="nl")
    try:
        title = driver.top
        scene = RulesScene(driver.app, load_all(refresh=True).find("yatzy"))
        driver.start(scene)
        driver.step(0.5)
        driver.key(pygame.K_TAB)
        assert scene.index == 0 and scene.back.focus  # Tab finds the Back button
        driver.key(pygame.K_RETURN)
        assert driver.top is title
    finally:
        driver.close()


def test_f1_lists_the_rules_screen_keys():
    from scene_driver import Driver

    from scenes.menus.help_overlay import keys_for
    from scenes.menus.rules import RulesScene

    driver = Driver(language="nl")
    try:
        everything = dict(keys_for(RulesScene(driver.app)))
        assert everything["Links / Rechts, Tab"] == "ander spel" and "Omhoog / Omlaag" in everything
        one = dict(keys_for(RulesScene(driver.app, load_all(refresh=True).find("yatzy"))))
        assert "Links / Rechts, Tab" not in one and one["Tab, Enter"] == "de knop Terug"
    finally:
        driver.close()
