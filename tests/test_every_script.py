"""Every name readable: letters Lato lacks come from a font that has them, right-to-left names read right to
left, emoji are drawn at the line's size, and what measures text agrees with what draws it."""

from __future__ import annotations

import pygame
import pytest
from scene_driver import Driver

from scenes.ui import assets, glyphs

NAMES = ["山田太郎", "김민", "שרה", "محمد", "Ελένη", "Иван", "😀🎲"]
STYLES = ["regular", "bold", "black", "title"]


@pytest.fixture(scope="module")
def fonts():
    driver = Driver()
    yield
    driver.close()


def alpha(image: pygame.Surface):
    return pygame.surfarray.array_alpha(image).astype(int)


def visual(text: str) -> str:
    """The characters of ``text`` left to right as displayed (the reordering alone, no shaping)."""
    return "".join(glyphs.visual_order(list(text), glyphs.levels(text)))


def test_the_coverage_check_tells_a_real_glyph_from_the_missing_box(fonts):
    lato = glyphs.own_face("regular")
    assert glyphs.covers(lato, "a") and glyphs.covers(lato, "Ж") and glyphs.covers(lato, "λ")
    assert not glyphs.covers(lato, "山") and not glyphs.covers(lato, "ש") and not glyphs.covers(lato, "😀")


def test_the_system_has_a_font_for_chinese_and_korean(fonts):
    """The one part left to the system (see assets/fonts/README.md); tests/setup-x.sh installs one."""
    for letter in "山김":
        assert glyphs.face_for(letter, "regular") is not None, \
            f"no system font has {letter!r}: run tests/setup-x.sh (it installs fonts-wqy-microhei)"


@pytest.mark.parametrize("style", STYLES)
def test_every_letter_of_every_name_is_drawn_by_a_font_that_has_it(fonts, style):
    for name in NAMES:
        runs = glyphs.runs(name, style)
        assert "".join(sorted("".join(run.text for run in runs))) == "".join(sorted(name)), (name, runs)
        for run in runs:
            assert "?" not in run.text, (name, run)
            missing = [c for c in run.text if not glyphs.covers(run.face, c)]
            assert not missing, (name, run.face, missing)
        assert assets.printable(name, style) == name


def test_no_name_is_drawn_as_question_marks_or_boxes(fonts):
    box = "\U0010fffd"  # a private-use character no font has: its glyph is the font's missing-glyph box
    for name in NAMES:
        image = alpha(assets.text(name, 32, (0, 0, 0), "bold"))
        for stand_in in ("?" * len(name), box * len(name)):
            other = alpha(assets.font("bold", 32).render(stand_in, True, (0, 0, 0)))
            assert image.shape != other.shape or (image != other).any(), (name, stand_in)
        assert image.sum() > 0, name


def test_names_in_different_scripts_look_different(fonts):
    drawn = {name: assets.text(name, 32, (0, 0, 0), "bold") for name in NAMES}
    for a in NAMES:
        for b in NAMES:
            if a < b:
                x, y = alpha(drawn[a]), alpha(drawn[b])
                assert x.shape != y.shape or (x != y).any(), (a, b)


def test_a_hebrew_name_has_its_first_letter_rightmost(fonts):
    name = "שרה"  # shin, resh, he: three distinct shapes
    [run] = glyphs.runs(name, "bold")
    assert run.rtl and run.face.endswith("NotoSansHebrew-Bold.ttf")
    image = alpha(assets.text(name, 48, (0, 0, 0), "bold"))
    width = image.shape[0]
    for k, letter in enumerate(name):
        glyph = alpha(assets.text(letter, 48, (0, 0, 0), "bold"))
        w = glyph.shape[0]
        rows = min(glyph.shape[1], image.shape[1])
        # where the letter alone matches the name best, sliding it along the name
        best = min(range(width - w + 1),
                   key=lambda x: abs(image[x:x + w, :rows] - glyph[:, :rows]).sum())
        centre = (best + w / 2) / width
        assert {0: centre > 0.6, 1: 0.3 < centre < 0.7, 2: centre < 0.4}[k], (letter, centre)


def test_an_arabic_name_is_joined_when_sdl_ttf_can_shape(fonts):
    image = alpha(assets.text("محمد", 48, (0, 0, 0), "bold"))
    inked = [x for x in range(image.shape[0]) if image[x].any()]
    gaps = sum(1 for x in range(inked[0], inked[-1]) if not image[x].any())
    if glyphs.shapes():
        assert gaps == 0  # meem, hah, meem, dal: one joined stroke
    else:
        pytest.skip("SDL_ttf without HarfBuzz: letters are reversed but not joined")


def test_the_bidirectional_order():
    assert visual("שרה") == "הרש"
    assert visual("Alice, שרה 2") == "Alice, 2 הרש"  # the number stays after the name it follows
    assert visual("محمد 12") == "12 دمحم"
    assert visual("שרה and Ann") == "הרש and Ann"  # the game's lines are left to right: the name comes first
    assert visual("שרה is playing...") == "הרש is playing..."
    assert visual("Zoë 山田") == "Zoë 山田"
    assert glyphs.reversed_clusters("אָב") == "באָ"  # without HarfBuzz: the mark stays on its letter


def test_mixed_names_are_split_into_runs_in_visual_order(fonts):
    runs = glyphs.runs("Alice, שרה 2", "regular")
    assert [run.text for run in runs] == ["Alice, ", "2", "שרה "]
    assert [run.rtl for run in runs] == [False, False, True]
    emoji = glyphs.runs("Ann 😀🎲", "bold")
    assert [run.text for run in emoji] == ["Ann ", "😀🎲"]
    assert emoji[1].face.endswith("NotoEmoji-Regular.ttf")


def test_emoji_are_the_size_of_the_line(fonts):
    for size in (16, 32, 64):
        line = assets.text("Ann", size, (0, 0, 0), "bold").get_height()
        image = assets.text("😀🎲", size, (0, 0, 0), "bold")
        assert image.get_height() <= line * 1.25
        assert image.get_bounding_rect().height >= size * 0.6


def test_measuring_agrees_with_drawing(fonts):
    for name in NAMES + ["Ann 😀", "Alice, שרה 2", "Zoë 山田太郎 and friends"]:
        for size in (14, 24, 40):
            assert assets.measure(name, size, "bold") == assets.text(name, size, (0, 0, 0), "bold").get_width()
            fitted = assets.fit(name * 3, size, 120, "bold")
            assert assets.text(fitted, size, (0, 0, 0), "bold").get_width() <= 120
        lines = assets.wrap(f"{name} {name} {name} {name}", 24, 150, "bold")
        assert all(assets.measure(line, 24, "bold") <= 150 for line in lines if " " in line)


def test_plain_latin_text_is_drawn_exactly_as_lato_draws_it(fonts):
    for words in ("Full House", "Zoë Ångström"):
        ours = assets.text(words, 30, (10, 20, 30), "bold")
        lato = assets.font("bold", 30).render(words, True, (10, 20, 30))
        assert ours.get_size() == lato.get_size()
        assert pygame.image.tobytes(ours, "RGBA") == pygame.image.tobytes(lato, "RGBA")


def test_a_character_no_font_has_is_a_question_mark(fonts):
    [run] = glyphs.runs("A\U0010fffdB", "regular")
    assert run.text == "A?B" and run.face == glyphs.own_face("regular")
    assert assets.printable("A\U0010fffdB") == "A?B"


def test_names_typed_on_the_new_game_screen_are_drawn_at_the_table(monkeypatch):
    from scenes.menus.newgame import NewGameScene
    from scenes.menus.rolloff import RollOffScene
    from scenes.scorecard.table import TableScene

    drawn: list[str] = []  # what was drawn while the table was the top scene
    real_text = assets.text
    driver = Driver()

    def spy(words, *args, **kwargs):
        if isinstance(driver.top, TableScene):
            drawn.append(words)
        return real_text(words, *args, **kwargs)

    monkeypatch.setattr(assets, "text", spy)
    try:
        scene = NewGameScene(driver.app)
        driver.start(scene)
        driver.step(0.4)
        wanted = NAMES[:min(len(NAMES), scene.seat_limits()[1])]
        while len(scene.seats) < len(wanted):
            scene._add_seat_and_build()
        for i, name in enumerate(wanted):
            field = scene._seat_rect(i)
            driver.click((field.x + 120, field.centery))
            driver.type_text(name)
            driver.key(pygame.K_RETURN)
        assert [seat.name for seat in scene.seats] == wanted
        driver.click(scene.start.rect.center)
        assert isinstance(driver.top, RollOffScene)
        driver.click((640, 400))  # skip the roll-off
        assert isinstance(driver.top, TableScene)
        assert [seat.name for seat in driver.top.session.seats] == wanted
        driver.step(0.5)
        for name in wanted:  # whole, or its start before an ellipsis where the column is narrow
            assert any(name in words or words.endswith("…") and name.startswith(words[:-1].rstrip()) and words[:-1]
                       for words in drawn), (name, drawn)
        for words in drawn:
            assert "?" not in words or words.isascii(), words
            for run in glyphs.runs(words, "bold"):
                assert all(glyphs.covers(run.face, c) for c in run.text), (words, run)
    finally:
        driver.close()
