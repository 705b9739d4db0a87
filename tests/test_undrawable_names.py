"""A name no font can draw never stops the game (issue 33): U+FDFD, which Noto Sans Arabic Bold lists but SDL_ttf
cannot draw ("Couldn't find glyph"), passed every check and then crashed the demo and the Rules screen.

The whole range a name may hold is checked against the shipped fonts in one pass (assets/fonts/cannot-draw.txt
is what packaging/make_font_coverage.py finds now); every character found is refused when a file is read, and
the table draws it anyway without a crash."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
import yaml
from scene_driver import Driver

from game.engine.session import Session
from game.engine.state import Seat
from game.errors import VariantError
from game.paths import user_variants_dir
from game.rules import drawable
from game.rules.schema import Fields
from game.rules.variant import read_text
from game.rules.variants import find_variant, load_all, load_variant_file

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("make_font_coverage", ROOT / "packaging" / "make_font_coverage.py")
make_font_coverage = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_font_coverage)
STYLES = ("regular", "bold", "black", "title")


@pytest.fixture(scope="module")
def fonts():
    driver = Driver()
    yield
    driver.close()


@pytest.fixture(scope="module")
def scanned(fonts):
    """What the shipped fonts fail on, asked of them now: every character a name may hold, every font."""
    chars = make_font_coverage.candidates()
    failing = {path.name: make_font_coverage.failures(path, chars) for path in make_font_coverage.font_files()}
    return chars, failing


def _accepted_as_a_name(char: str) -> bool:
    """Whether a variant file may name a box ``char`` (the very check a file's names go through)."""
    try:
        read_text(Fields("t.yaml", "", {"name": char}, 1), "name")
    except VariantError:
        return False
    return True


def test_the_list_of_characters_the_fonts_cannot_draw_is_what_the_fonts_say(scanned):
    chars, failing = scanned
    assert len(chars) > 100_000  # every letter, digit, mark of punctuation and symbol of Unicode
    listed = (ROOT / "assets" / "fonts" / "cannot-draw.txt").read_text(encoding="utf-8")
    assert listed == make_font_coverage.listing(failing), "run packaging/make_font_coverage.py after changing a font"
    found = {char for failures in failing.values() for char, _ in failures}
    assert "\ufdfd" in found and ("\ufdfd", "Couldn't find glyph") in failing["NotoSansArabic-Bold.ttf"]
    assert drawable.cannot_draw() == found


def test_no_character_a_name_may_hold_is_one_a_shipped_font_fails_on(scanned):
    """The whole range the checks allow, against every shipped font: whatever a font has, it draws."""
    chars, failing = scanned
    for font, failures in failing.items():
        for char, why in failures:
            assert not _accepted_as_a_name(char), f"U+{ord(char):04X} is accepted, and {font} says {why!r}"
    for char in drawable.BLANK:
        assert not _accepted_as_a_name(char), f"U+{ord(char):04X} draws nothing"
    sample = chars[::997]  # and the check itself is no wider than that: the others pass
    assert all(_accepted_as_a_name(char) for char in sample if char not in drawable.cannot_draw()
               and not drawable.blank(char))


def _yatzy_with(tmp_path: Path, change) -> Path:
    data = yaml.safe_load((ROOT / "assets" / "variants" / "yatzy.yaml").read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "mine.yaml"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("field,change", [
    ("name", lambda d: d.update(name="Bismillah \ufdfd")),
    ("boxes[3].name", lambda d: d["boxes"][3].update(name="\ufdfd")),
    ("boxes[3].name.nl", lambda d: d["boxes"][3].update(name={"en": "Fours", "nl": "\ufdfd"})),
    ("description", lambda d: d.update(description="A game \ufdfd")),
])
def test_a_text_the_fonts_cannot_draw_is_refused_in_one_line(tmp_path, field, change):
    with pytest.raises(VariantError) as refused:
        load_variant_file(_yatzy_with(tmp_path, change))
    said = str(refused.value)
    assert refused.value.field == field and "cannot draw (U+FDFD)" in said and said.splitlines() == [said]


@pytest.mark.parametrize("style", STYLES)
def test_every_character_the_fonts_fail_on_is_drawn_without_a_crash(scanned, style):
    from scenes.ui import assets, glyphs

    for char in drawable.cannot_draw():
        for words in (char, f"Ann {char}"):
            image = assets.text(words, 24, (0, 0, 0), style)  # "Couldn't find glyph" in bold, black, title
            assert image.get_bounding_rect().width > 0, (words, style)
            assert assets.measure(words, 24, style) > 0
        for run in glyphs.runs(char, style):
            assert char not in run.text or glyphs.covers(run.face, char)


def test_a_glyph_that_fails_after_all_is_drawn_as_a_question_mark(fonts, monkeypatch):
    """The last guard: a font picked for a character it then cannot draw (as before the check in covers)."""
    from scenes.ui import assets, glyphs

    arabic = next(face for face in glyphs.faces("bold") if "Arabic" in face)
    real = glyphs.covers
    caches = (glyphs.face_for, glyphs.runs, assets.measure)
    try:
        with monkeypatch.context() as patch:  # not monkeypatch.undo(): that would drop DICE_PARLOR_HOME too
            patch.setattr(glyphs, "covers", lambda face, char: face == arabic and char == "\ufdfd" or real(face, char))
            for cache in caches:
                cache.cache_clear()
            assert any(run.face == arabic for run in glyphs.runs("A\ufdfd", "bold"))
            image = assets.text("A\ufdfd", 24, (0, 0, 0), "bold")
            assert image.get_bounding_rect().width > 0
            expected = assets.text("A?", 24, (0, 0, 0), "bold")
            assert image.get_size() == expected.get_size()
    finally:
        for cache in caches:
            cache.cache_clear()
        assets.reset()


def test_a_seat_named_with_a_glyph_the_fonts_fail_on_plays_at_the_table():
    from scenes.registry import table_for

    driver = Driver(animation="instant")
    try:
        session = Session(find_variant("yatzy"), [Seat("\ufdfd"), Seat("Ann \ufdfd")], seed=2, rolloff=False)
        driver.start(table_for(driver.app, session))
        driver.step(0.5)
        driver.app.render()
    finally:
        driver.close()


def test_the_game_starts_with_such_a_file_in_the_variants_folder_and_lists_it_as_refused(tmp_path):
    folder = user_variants_dir()
    folder.mkdir(parents=True, exist_ok=True)
    _yatzy_with(folder, lambda d: d.update(name="\ufdfd")).rename(folder / "bismillah.yaml")
    catalogue = load_all(refresh=True)
    try:
        assert "bismillah" not in catalogue.names()
        assert any("bismillah.yaml" in line and "U+FDFD" in line for line in catalogue.problems)
    finally:
        load_all(refresh=True)
