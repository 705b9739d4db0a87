"""A portrait screen (1080x1920, common for kiosks) shows the scorecard table in two parts, the felt above the
card, using most of the screen; a landscape screen shows the canvas whole, as before; taps land where aimed.

(Issue 33, item 21: the landscape table was letterboxed into 35% of a portrait screen.)
"""

from __future__ import annotations

import pygame
import pytest
from scene_driver import Driver
from screens import SCREENS

BUILD = dict(SCREENS)
PORTRAIT = (1080, 1920)


def _on_window(driver, rect: pygame.Rect) -> pygame.Rect:
    """Where ``rect`` of the canvas shows in the window."""
    view = driver.app.viewport
    left, top = view.to_window(rect.topleft)
    right, bottom = view.to_window((rect.right - 1, rect.bottom - 1))
    return pygame.Rect(left, top, right - left + 1, bottom - top + 1)


@pytest.fixture
def portrait():
    driver = Driver(size=PORTRAIT)
    yield driver
    driver.close()


@pytest.mark.parametrize("screen", ["table-official-two", "table-fivezee-six"])
def test_a_portrait_screen_shows_the_felt_above_the_card_filling_most_of_it(portrait, screen):
    BUILD[screen](portrait)
    portrait.app.render()
    layout = portrait.top.layout
    window = pygame.Rect((0, 0), PORTRAIT)
    tray, card = _on_window(portrait, layout.tray), _on_window(portrait, layout.card)
    shelf, roll = _on_window(portrait, layout.shelf), _on_window(portrait, layout.roll)
    assert (tray.height + card.height) / window.height > 0.7, (tray, card)
    assert card.top >= max(tray.bottom, shelf.bottom, roll.bottom), "the card stands below the dice"
    parts = [place for _, place in portrait.app.viewport.pieces]
    assert len(parts) == 2 and not parts[0].colliderect(parts[1])
    for rect in (tray, card, shelf, roll, *parts):
        assert window.contains(rect), rect
    assert window.width * window.height * 0.55 < sum(place.width * place.height for place in parts)


def test_the_picture_in_each_part_is_the_canvas_there(portrait):
    BUILD["table-official-two"](portrait)
    portrait.app.render()
    app = portrait.app
    layout = portrait.top.layout
    card = layout.card
    for point in (layout.tray.center, (card.centerx, card.bottom - 20), (card.centerx, card.top + 300)):
        shown = app.window.get_at(app.viewport.to_window(point))[:3]
        drawn = app.canvas.get_at(point)[:3]
        assert max(abs(a - b) for a, b in zip(shown, drawn)) < 40, (point, shown, drawn)


def test_a_tap_lands_on_the_canvas_point_under_the_finger(portrait):
    BUILD["table-official-two"](portrait)
    portrait.app.render()
    view = portrait.app.viewport
    for part, place in view.pieces:
        for point in (part.center, (part.left + 5, part.top + 5), (part.right - 6, part.bottom - 6)):
            back = view.to_logical(view.to_window(point))
            assert abs(back[0] - point[0]) <= 1 and abs(back[1] - point[1]) <= 1, (point, back)
            assert place.collidepoint(view.to_window(point))


def test_a_tap_on_the_menu_button_in_portrait_opens_the_menu_shown_whole(portrait):
    BUILD["table-official-two"](portrait)
    portrait.app.render()
    portrait.click(portrait.top.pause_button.rect.center)
    assert portrait.top.screen == "pause"
    portrait.app.render()
    assert not portrait.app.viewport.split  # a menu over the table is drawn for the whole canvas


@pytest.mark.parametrize("size", [(1920, 1080), (1024, 600), (1280, 800)])
def test_a_landscape_screen_shows_the_canvas_whole(size):
    driver = Driver(size=size)
    try:
        BUILD["table-official-two"](driver)
        driver.app.render()
        view = driver.app.viewport
        assert not view.split
        assert view.size[0] == size[0] or view.size[1] == size[1]
    finally:
        driver.close()


def test_jackpots_table_shows_its_dice_above_its_racks_on_a_portrait_screen(portrait):
    from scenes.jackpot.jackpot_paint import BIG_RACK, PICKER, SIDE, SMALL_RACKS, TRAY

    BUILD["jackpot"](portrait)
    portrait.app.render()
    parts = [place for _, place in portrait.app.viewport.pieces]
    assert len(parts) == 2 and not parts[0].colliderect(parts[1])
    assert sum(place.height for place in parts) / PORTRAIT[1] > 0.9
    window = pygame.Rect((0, 0), PORTRAIT)
    top = [_on_window(portrait, rect) for rect in (TRAY, PICKER)]
    below = [_on_window(portrait, rect) for rect in (BIG_RACK, SIDE, SMALL_RACKS)]
    for rect in top + below:
        assert window.contains(rect), rect
    assert min(rect.top for rect in below) >= max(rect.bottom for rect in top)
