"""A text that draws nothing (U+200B, a soft hyphen, U+2060 alone) never stops the game: a variant's names
need a character that shows, and drawing any other such text gives an empty line instead of an error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from scene_driver import Driver

from game.engine.session import Session
from game.engine.state import Seat
from game.errors import VariantError
from game.rules.variants import find_variant, load_variant_file

ROOT = Path(__file__).resolve().parent.parent
INVISIBLE = ["\u200b", "\u00ad", "\u2060", "\u200b\u2060\u00ad", "\ufeff"]


def _yatzy_with(tmp_path, change) -> Path:
    data = yaml.safe_load((ROOT / "assets" / "variants" / "yatzy.yaml").read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "mine.yaml"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("name", INVISIBLE, ids=[ascii(n) for n in INVISIBLE])
def test_a_name_that_shows_nothing_is_refused_with_one_line(tmp_path, name):
    for field, change in (("name", lambda d: d.update(name=name)),
                          ("name.en", lambda d: d.update(name={"en": name})),
                          ("boxes[3].name", lambda d: d["boxes"][3].update(name=name)),
                          ("boxes[3].name.nl", lambda d: d["boxes"][3].update(name={"en": "Fours", "nl": name}))):
        with pytest.raises(VariantError) as refused:
            load_variant_file(_yatzy_with(tmp_path, change))
        said = str(refused.value)
        assert refused.value.field == field and "has no character that shows" in said
        assert said.splitlines() == [said] and said.isprintable()


def test_a_name_on_two_lines_is_refused(tmp_path):
    with pytest.raises(VariantError) as refused:
        load_variant_file(_yatzy_with(tmp_path, lambda d: d["boxes"][0].update(name="On\nes")))
    assert str(refused.value).endswith("boxes[0].name: 'On\\nes' must be one line")


@pytest.mark.parametrize("words", INVISIBLE + [""], ids=[ascii(n) for n in INVISIBLE + [""]])
def test_drawing_a_text_that_shows_nothing_gives_an_empty_line(words):
    import pygame

    from scenes.ui import assets
    from scenes.ui.widgets import draw_text

    driver = Driver()
    try:
        image = assets.text(words, 20)  # SDL_ttf said "Text has zero width"
        assert image.get_width() == 0 and image.get_height() > 0
        surface = pygame.Surface((200, 100))
        draw_text(surface, words, 20, (0, 0, 0), (10, 10), width=150)
    finally:
        driver.close()


def test_a_seat_named_with_an_invisible_character_plays_at_the_table():
    from scenes.registry import table_for

    driver = Driver(animation="instant")
    try:
        session = Session(find_variant("yatzy"), [Seat("\u200b"), Seat("\u00ad\u2060")], seed=2, rolloff=False)
        driver.start(table_for(driver.app, session))
        driver.step(0.5)
        driver.app.render()
    finally:
        driver.close()
