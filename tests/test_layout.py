"""Every screen, in every language, at the small kiosk panel's size and the usual one: no text out of its box.

The pseudo language is English made 40% longer (and accented), so a layout that only just fits English
fails here before a translation does. Each screen is drawn with every text noted (``widgets.record_text``):
- a translated text drawn into a box of limited width must fit it, shrunk at most to 70% (never "…");
- every text lies inside the surface it is drawn on (or wholly outside it: parked out of sight);
- two different translated texts never overlap (unless a panel or a veil was drawn over one);
- every text not drawn over keeps a contrast of at least 4.5:1 with what lies under it (WCAG AA);
- at 1024x600 every text is at least 11 pixels tall on the screen.
TV text (the "tv" text size) is checked too: in English everywhere (and on the six-seat card), in Dutch on the
tightest screens.
"""

from __future__ import annotations

import pytest
from scene_driver import Driver
from screens import SCREENS

from game.rules import i18n
from scenes.ui import theme
from scenes.ui.widgets import record_text

SIZES = [(1024, 600), (1280, 800)]
MIN_PIXELS = 11  # the smallest font size, in window pixels, that stays readable on a small panel
MIN_CONTRAST = 4.5


def luminance(colour) -> float:
    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def drawn_texts(name, build, language, size, text_size="normal"):
    """The window's scale, every text as drawn, and the screen on top."""
    driver = Driver(animation="instant", language=language, text_size=text_size, size=size)
    try:
        build(driver)
        record_text(True)
        driver.app.render()
        return driver.app.viewport.scale, record_text(False), driver.top
    finally:
        record_text(False)
        driver.close()


def problems(drawn, scale: float) -> list[str]:
    found = []
    for d in drawn:
        if not d.words.strip():
            continue
        bounds = d.target.get_rect()
        if d.translated and d.shortened:
            found.append(f"{d.words!r} is cut short in a box of {d.width} px")
        if bounds.colliderect(d.rect) and not bounds.contains(d.rect):  # wholly outside: parked out of sight
            found.append(f"{d.words!r} at {tuple(d.rect)} runs off its surface {bounds.size}")
        if d.size * scale < MIN_PIXELS - 0.01:
            found.append(f"{d.words!r} is {d.size * scale:.1f} px tall on screen")
        if not d.quiet and not d.covered and contrast(d.colour, d.background) < MIN_CONTRAST:
            found.append(f"{d.words!r} has contrast {contrast(d.colour, d.background):.2f} "
                         f"({d.colour} on {d.background})")
    texts = [d for d in drawn if d.translated and d.words.strip() and not d.quiet and not d.covered]
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            if a.target is b.target and a.words != b.words:
                overlap = a.rect.clip(b.rect)
                if overlap.width * overlap.height > 0.15 * min(a.rect.width * a.rect.height,
                                                                  b.rect.width * b.rect.height):
                    found.append(f"{a.words!r} overlaps {b.words!r}")
    return found


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language,text_size", [("pseudo", "normal"), ("nl", "normal"), ("en", "large"),
                                                ("en", "tv")])
@pytest.mark.parametrize("name,build", SCREENS, ids=[name for name, _ in SCREENS])
def test_no_text_leaves_its_box(name, build, language, text_size, size):
    scale, drawn, _ = drawn_texts(name, build, language, size, text_size)
    assert drawn, f"{name} drew no text at all"
    found = problems(drawn, scale)
    assert not found, f"{name} ({language}, {text_size} text, {size[0]}x{size[1]}):\n  " + "\n  ".join(
        sorted(set(found)))


# Every other language (sv, de, ...) on every screen at normal text, at the kiosk panel's size: the words of
# each catalogue, not English made longer, are what has to fit.
OTHER_LANGUAGES = [code for code in i18n.languages() if code not in ("en", "nl")]


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
@pytest.mark.parametrize("name,build", SCREENS, ids=[name for name, _ in SCREENS])
def test_no_text_leaves_its_box_in_every_language(name, build, language):
    scale, drawn, _ = drawn_texts(name, build, language, (1024, 600))
    found = problems(drawn, scale)
    assert not found, f"{name} ({language}, 1024x600):\n  " + "\n  ".join(sorted(set(found)))


# TV text (every font 1.25x, none under 14 px) is checked in English on every screen above; in Dutch, whose words
# run longer, on the screens with the longest lines and the tightest boxes, at a 1080p TV's size and the Deck's.
TV_DUTCH = ["newgame-six", "table-six-long-names", "table-yatzy-six", "walkthrough-bonus", "jackpot-handoff",
            "jackpot-round", "gameover-match", "rules-dutch", "settings", "help-table", "records",
            "practice-match-answer"]


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", TV_DUTCH)
def test_tv_text_fits_in_dutch(name, size):
    scale, drawn, _ = drawn_texts(name, dict(SCREENS)[name], "nl", size, "tv")
    found = problems(drawn, scale)
    assert not found, f"{name} (nl, tv text, {size[0]}x{size[1]}):\n  " + "\n  ".join(sorted(set(found)))


# The scorecard read from the sofa: no text on it smaller than 14 px on a 1024x600 screen, 16 px elsewhere.
CARD_SCREENS = ["table-fivezee-six", "table-yatzy-six", "table-six-long-names", "table-six-eight-letters",
                "table-dutch-match", "challenge"]
CARD_SIZES = [(1024, 600), (1366, 768), (1280, 800), (3840, 2160)]


@pytest.mark.parametrize("size", CARD_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language,text_size", [("en", "normal"), ("nl", "normal"), ("pseudo", "normal"),
                                                ("en", "large"), ("en", "tv")])
@pytest.mark.parametrize("name", CARD_SCREENS)
def test_the_scorecard_stays_legible_at_six_seats(name, language, text_size, size):
    scale, drawn, table = drawn_texts(name, dict(SCREENS)[name], language, size, text_size)
    smallest = 14 if size[1] <= 600 else 16
    on_card = [d for d in drawn if d.words.strip() and d.target.get_size() == (theme.WIDTH, theme.HEIGHT)
               and table.card.rect.contains(d.rect)]
    assert len(on_card) > 30  # the card was drawn: names, labels and scores
    small = sorted({f"{d.words!r} at {d.size * scale:.1f} px" for d in on_card if d.size * scale < smallest - 0.01})
    assert not small, f"{name} ({language}, {text_size}, {size[0]}x{size[1]}): " + ", ".join(small)
    found = problems(on_card, scale)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("size", [(1280, 800), (1366, 768), (1024, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["en", "nl"])
def test_names_of_eight_letters_show_whole_at_six_seats_clear_of_the_dice(language, size):
    """Six seats named like "Theodora" and "Margaret": each name whole over its column (the card takes room from
    the felt), while the card, the Roll button and the words beside it keep off the dice and off each other."""
    from screens import EIGHT_LETTERS

    _, drawn, table = drawn_texts("table-six-eight-letters", dict(SCREENS)["table-six-eight-letters"], language,
                                  size)
    card = table.card.rect
    whole = {d.words for d in drawn if d.words in EIGHT_LETTERS and not d.shortened and card.contains(d.rect)}
    assert whole == set(EIGHT_LETTERS), f"shortened: {sorted(set(EIGHT_LETTERS) - whole)}"
    assert all(table.card.short_name(seat) == name for seat, name in enumerate(EIGHT_LETTERS))
    layout = table.layout
    for part in (layout.tray, layout.shelf, table.roll_button.rect):
        assert not card.colliderect(part)
    assert table.state.dice is not None  # dice on the table: on the felt, or held on the shelf
    assert all(layout.tray.contains(table.tray.die_rect(die)) or layout.shelf.contains(table.tray.die_rect(die))
               for die in range(table.tray.count))
    across = [d.words for d in drawn if d.target.get_size() == (theme.WIDTH, theme.HEIGHT) and not d.covered
              and d.rect.colliderect(card) and not card.contains(d.rect)]
    assert not across, f"drawn across the card's edge: {across}"


def test_the_check_catches_a_text_too_long_for_its_box():
    """The check itself can fail: a long translated label squeezed into a narrow box is reported."""
    import pygame

    from game.rules.i18n import Tr
    from scenes.ui.widgets import draw_text

    driver = Driver()
    try:
        surface = pygame.Surface((200, 100))
        surface.fill(theme.PAPER)
        record_text(True)
        draw_text(surface, Tr("A label far too long for this box"), 24, theme.INK, (0, 0), width=80)
        draw_text(surface, "Off the edge", 24, (200, 196, 186), (150, 80))
        found = problems(record_text(False), 0.75)
    finally:
        record_text(False)
        driver.close()
    assert any("cut short" in f for f in found)
    assert any("runs off" in f for f in found)
    assert any("contrast" in f for f in found)
    assert any("px tall" in f for f in found) is False  # 24 * 0.75 = 18 px is fine


# The first-game tips, as the window shows them (text drawn at the window's own resolution included).
TIP_SCREENS = [name for name, _ in SCREENS if name.startswith(("walkthrough-", "jackpot-tips-"))]
TIP_PAD = 16  # canvas px: the least room between a tip's words and its box's edge (the layout gives 20)


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language,text_size", [("en", "normal"), ("en", "large"), ("nl", "normal"),
                                                ("nl", "large"), ("pseudo", "large")])
@pytest.mark.parametrize("name", TIP_SCREENS)
def test_a_tips_words_stay_inside_its_box_with_room_to_spare(name, language, text_size, size):
    """Every tip's title and words keep TIP_PAD from its box's edges on the screen: the sharp text drawn at the
    window's resolution runs a little wider than the canvas measures it, and must not reach the edge either."""
    import pygame

    driver = Driver(animation="instant", language=language, text_size=text_size, size=size)
    try:
        dict(SCREENS)[name](driver)
        tips = driver.top.walkthrough
        assert tips.active
        driver.app.render()
        box = tips.box()
        scale, (dx, dy) = driver.app.viewport.scale, driver.app.viewport.offset
        on_screen = pygame.Rect(round(dx + box.x * scale), round(dy + box.y * scale), round(box.width * scale),
                                round(box.height * scale))
        band = pygame.Rect(on_screen.x, on_screen.y + round(16 * scale), on_screen.width,  # below the round corners
                           round((tips.next_button.rect.top - 4 - box.y - 16) * scale))  # above the buttons
        ink = pygame.mask.from_threshold(driver.app.window.subsurface(band), (60, 55, 50), (64, 64, 64, 255))
        found = ink.get_bounding_rects()
        assert found, f"no words seen in the tip {name}"
        words = found[0].unionall(found[1:]).move(band.topleft)
        room = {"left": (words.left - on_screen.left) / scale, "right": (on_screen.right - words.right) / scale,
                "top": (words.top - on_screen.top) / scale}
        tight = {side: round(px, 1) for side, px in room.items() if px < TIP_PAD}
        assert not tight, f"{name} ({language}, {text_size}, {size[0]}x{size[1]}): words too near the edge {tight}"
    finally:
        driver.close()


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
@pytest.mark.parametrize("name", TV_DUTCH)
def test_tv_text_fits_in_every_language(name, language):
    scale, drawn, _ = drawn_texts(name, dict(SCREENS)[name], language, (1920, 1080), "tv")
    found = problems(drawn, scale)
    assert not found, f"{name} ({language}, tv text, 1920x1080):\n  " + "\n  ".join(sorted(set(found)))
