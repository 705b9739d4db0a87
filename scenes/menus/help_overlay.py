"""F1 or ? (a pad's Back / View): the keys of the screen below, so everything can be done without a mouse.

The lines come from the binding table (scenes.ui.bindings), the screen's own: with the pad's button names when
a pad was used last, else with the keys'. A screen whose keys change with what it shows has a ``help_lines(pad)``
method instead, returning pairs already in the player's language (the pad's names when ``pad``).
"""

from __future__ import annotations

import pygame

from game.rules.i18n import t
from scenes.ui import assets, bindings, pad_glyphs, theme
from scenes.ui.stack import Scene
from scenes.ui.widgets import dim, draw_text, panel


def keys_for(scene, pad: bool = False) -> list[tuple[str, str]]:
    """The keys (``pad``: the pad's buttons) of ``scene`` and what they do, in the player's language."""
    lines = getattr(scene, "help_lines", None)
    if callable(lines):
        return list(lines(pad))
    return bindings.help_lines(scene.binding_table(), pad)


class HelpOverlay(Scene):
    screen = "help"
    transparent = True
    WIDTH = 900
    KEYS = 260  # the key column's width

    def __init__(self, app, keys: list[tuple[str, str]], pad: bool = False):
        super().__init__(app)
        self.keys = keys
        self.pad = pad  # the pad's buttons are listed, not keys

    def handle(self, intent):
        if intent.kind in ("back", "help", "confirm", "tap"):
            self.app.stack.pop()
        return None

    def layout(self) -> tuple[int, list[list[str]], int, int]:
        """The text size, each meaning's lines, the line step and the box's height: as large as fits the screen."""
        for size in (24, 22, 20, 18):
            lines = [assets.wrap(meaning, size, self.WIDTH - self.KEYS - 80) for _, meaning in self.keys]
            step = assets.line_height(size, 1.25)
            height = 110 + sum(step * len(m) + 10 for m in lines)
            if height <= theme.HEIGHT - 40:
                break
        return size, lines, step, height

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 150)
        size, lines, step, height = self.layout()
        box = pygame.Rect(0, 0, self.WIDTH, height)
        box.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
        panel(surface, box, theme.PAPER, 20, theme.WOOD_LIGHT)
        draw_text(surface, t("help.title_pad" if self.pad else "help.title"), 36, theme.INK, (box.centerx, box.y + 44),
                  "center", "black", box.width - 40)
        y = box.y + 90 + step // 2
        for (key, _), meaning in zip(self.keys, lines):
            if self.pad:  # the buttons as the pad shows them: round A B X Y, LB / RB, the d-pad's cross
                pad_glyphs.draw_name(surface, key, size, theme.INK, box.x + 30 + self.KEYS, y, self.KEYS)
            else:
                draw_text(surface, key, size, theme.INK, (box.x + 30 + self.KEYS, y), "midright", "black",
                          self.KEYS)
            for k, line in enumerate(meaning):
                draw_text(surface, line, size, theme.INK_SOFT, (box.x + self.KEYS + 56, y + k * step), "midleft",
                          "regular", box.width - self.KEYS - 80)
            y += step * len(meaning) + 10
