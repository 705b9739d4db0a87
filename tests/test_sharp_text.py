"""Text in a scaled window is drawn at the window's resolution (sharp at 4K), and stays under what covers it."""

from __future__ import annotations

import pygame
from scene_driver import Driver

from game.rules.i18n import Tr
from scenes.ui import theme
from scenes.ui.input import Viewport
from scenes.ui.widgets import NativeText, draw_text, native_text, panel, stop_noting


def edge_energy(surface: pygame.Surface, rect: pygame.Rect) -> float:
    """How many steps between neighbouring pixels are steep: a crisp glyph edge jumps, a blurred one slopes."""
    grey = pygame.surfarray.array3d(surface.subsurface(rect)).astype(float).mean(axis=2)
    return float((abs(grey[1:, :] - grey[:-1, :]) > 60).sum() + (abs(grey[:, 1:] - grey[:, :-1]) > 60).sum())


def title_window(sharp: bool) -> pygame.Surface:
    from scenes.menus.title import TitleScene

    driver = Driver(size=(3840, 2400))  # 4K-class: the canvas is scaled three times
    try:
        driver.app.sharp_text = sharp
        driver.start(TitleScene(driver.app))
        driver.step(1.0)
        return driver.app.window.copy()
    finally:
        driver.close()


def test_text_is_sharper_when_drawn_at_the_window_resolution():
    area = pygame.Rect(3840 // 2 - 500, 2400 // 2 - 200, 1000, 900)  # the title's buttons
    sharp, soft = edge_energy(title_window(True), area), edge_energy(title_window(False), area)
    assert sharp > soft * 1.5, (sharp, soft)


def test_what_is_drawn_over_text_still_covers_it():
    driver = Driver()
    try:
        canvas = pygame.Surface((400, 200))
        layer = NativeText(canvas)
        native_text(layer)
        draw_text(canvas, Tr("under the panel"), 20, theme.INK, (20, 20))
        draw_text(canvas, Tr("beside it"), 20, theme.INK, (20, 160))
        assert len(layer.items) == 2
        panel(canvas, pygame.Rect(10, 10, 200, 60))  # covers the first text: it is baked into the canvas below
        stop_noting()
        assert [item[0] for item in layer.items] == ["beside it"]
        window = pygame.Surface((800, 400))
        layer.draw(window, Viewport((2 * theme.WIDTH, 2 * theme.HEIGHT)))  # twice the canvas: scale 2, no offset
        assert layer.items == []
    finally:
        stop_noting()
        driver.close()
