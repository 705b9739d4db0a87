"""The rules screen: a variant's rules in plain words, generated from its YAML, scrollable."""

from __future__ import annotations

import pygame

from game.explain import rules_text
from game.variant import Variant

from . import assets, theme
from .stack import Scene
from .widgets import Button, ButtonRow, draw_text, baize_backdrop, panel, rounded

PAGE = pygame.Rect(300, 90, 950, 620)
TABS = pygame.Rect(30, 90, 250, 620)
LINE = 30
SIZE = 22


class RulesScene(Scene):
    def __init__(self, app, variant: Variant | None = None):
        super().__init__(app)
        self.fixed = variant is not None  # from a game: only that game's rules
        self.variants = [variant] if variant else list(app.catalogue.variants)
        self.index = 0
        self.scroll = 0.0
        self.lines: list[str] = []
        self.row = ButtonRow([Button(pygame.Rect(30, theme.HEIGHT - 80, 200, 62), "Back", app.stack.pop,
                                     style="quiet", size=26)])
        self._layout()

    def _layout(self) -> None:
        self.lines = assets.wrap(rules_text(self.variants[self.index]), SIZE, PAGE.width - 60)
        self.scroll = 0.0

    def max_scroll(self) -> float:
        return max(0.0, len(self.lines) * LINE - (PAGE.height - 100))

    def _tab_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(TABS.x + 12, TABS.y + 14 + i * 66, TABS.width - 24, 58)

    def handle(self, intent):
        if intent.kind in ("quit", "fullscreen", "help"):
            return intent
        if intent.kind == "back":
            self.app.stack.pop()
            return None
        if intent.kind == "scroll":
            self.scroll = max(0.0, min(self.max_scroll(), self.scroll + intent.amount * LINE * 2))
            return None
        if intent.kind == "nav" and intent.key in ("up", "down"):
            self.scroll = max(0.0, min(self.max_scroll(), self.scroll + (LINE * 3 if intent.key == "down" else -LINE * 3)))
            return None
        if intent.kind == "nav" and intent.key in ("left", "right") and not self.fixed:
            self.index = (self.index + (1 if intent.key == "right" else -1)) % len(self.variants)
            self._layout()
            return None
        if intent.kind == "tap" and not self.fixed:
            for i in range(len(self.variants)):
                if self._tab_rect(i).collidepoint(intent.pos):
                    self.index = i
                    self._layout()
                    return None
        if intent.kind == "tap" and PAGE.collidepoint(intent.pos):
            # a tap on the lower half of the page pages down, on the upper half up: touch-friendly scrolling
            step = (PAGE.height - 160) * (1 if intent.pos[1] > PAGE.centery else -1)
            self.scroll = max(0.0, min(self.max_scroll(), self.scroll + step))
            return None
        self.row.handle(intent, self.clock.time)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        baize_backdrop(surface)
        variant = self.variants[self.index]
        draw_text(surface, f"Rules: {variant.name}", 40, theme.PAPER, (theme.WIDTH // 2, 50), "center", "title",
                  theme.WIDTH - 80)
        if not self.fixed:
            panel(surface, TABS, theme.PAPER, 14)
            for i, v in enumerate(self.variants[:9]):
                rect = self._tab_rect(i)
                rounded(surface, (255, 232, 160) if i == self.index else (240, 234, 216), rect, 10)
                draw_text(surface, str(v.name), 20, theme.INK, rect.center, "center", "bold", rect.width - 16)
        page = PAGE if not self.fixed else PAGE.move(-135, 0)
        panel(surface, page, theme.PAPER, 14)
        clip = surface.get_clip()
        surface.set_clip(page.inflate(-20, -30))
        y = page.y + 30 - self.scroll
        for line in self.lines:
            if page.y - LINE < y < page.bottom:
                style = "bold" if line.endswith(":") and len(line) < 40 else "regular"
                draw_text(surface, line, SIZE, theme.INK, (page.x + 30, y), "topleft", style)
            y += LINE
        surface.set_clip(clip)
        if self.max_scroll():
            share = (page.height - 100) / (len(self.lines) * LINE)
            bar_h = max(40, int((page.height - 40) * share))
            bar_y = page.y + 20 + int((page.height - 40 - bar_h) * self.scroll / self.max_scroll())
            rounded(surface, theme.PAPER_LINE, pygame.Rect(page.right - 14, bar_y, 6, bar_h), 3)
        draw_text(surface, "Scroll with the wheel, the arrows, or tap the page", 18, (220, 210, 190),
                  (theme.WIDTH - 40, theme.HEIGHT - 50), "midright")
        self.row.draw(surface)
