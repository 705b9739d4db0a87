"""Records: high scores per game (solo and with others apart), each player's statistics, and a chart
of one player's scores over time."""

from __future__ import annotations

import time

import pygame

from game.records import high_scores, player_stats, read_records

from . import theme
from .stack import Scene
from .widgets import Button, ButtonRow, baize_backdrop, draw_text, panel, rounded

LEFT = pygame.Rect(30, 96, 600, 590)
RIGHT = pygame.Rect(650, 96, 600, 590)


class RecordsScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.entries, message = read_records()
        if message:
            app.notice = message
        played = {e["variant"] for e in self.entries}
        self.variants = [v for v in app.catalogue.variants if v.id in played] or list(app.catalogue.variants)[:1]
        self.index = 0
        self.player = 0
        self.row = ButtonRow([Button(pygame.Rect(30, theme.HEIGHT - 92, 200, 72), "Back", app.stack.pop,
                                     style="quiet", size=28)])

    @property
    def variant(self):
        return self.variants[self.index]

    def stats(self):
        return player_stats(self.entries, self.variant.id)

    def _tab(self, i: int) -> pygame.Rect:
        width = min(190, (theme.WIDTH - 300) // max(1, len(self.variants)))
        return pygame.Rect(260 + i * (width + 8), theme.HEIGHT - 88, width, 64)

    def handle(self, intent):
        if intent.kind in ("quit", "fullscreen", "help"):
            return intent
        if intent.kind == "back":
            self.app.stack.pop()
            return None
        if intent.kind == "nav" and intent.key in ("left", "right"):
            self.index = (self.index + (1 if intent.key == "right" else -1)) % len(self.variants)
            self.player = 0
            return None
        if intent.kind == "nav" and intent.key in ("up", "down") and self.stats():
            self.player = (self.player + (1 if intent.key == "down" else -1)) % len(self.stats())
            return None
        if intent.kind == "tap":
            for i in range(len(self.variants)):
                if self._tab(i).collidepoint(intent.pos):
                    self.index, self.player = i, 0
                    return None
            for i in range(len(self.stats())):
                if self._player_row(i).collidepoint(intent.pos):
                    self.player = i
                    return None
        self.row.handle(intent, self.clock.time)
        return None

    def _player_row(self, i: int) -> pygame.Rect:
        return pygame.Rect(RIGHT.x + 12, RIGHT.y + 84 + i * 34, RIGHT.width - 24, 32)

    def draw(self, surface: pygame.Surface) -> None:
        baize_backdrop(surface)
        draw_text(surface, f"Records: {self.variant.name}", 40, theme.PAPER, (theme.WIDTH // 2, 50), "center",
                  "title", theme.WIDTH - 80)
        self._draw_high_scores(surface)
        self._draw_players(surface)
        for i, variant in enumerate(self.variants):
            rect = self._tab(i)
            rounded(surface, (255, 232, 160) if i == self.index else (240, 234, 216), rect, 12)
            draw_text(surface, str(variant.name), 18, theme.INK, rect.center, "center", "bold", rect.width - 12)
        self.row.draw(surface)

    def _draw_high_scores(self, surface: pygame.Surface) -> None:
        panel(surface, LEFT, theme.PAPER, 14)
        if not self.entries:
            draw_text(surface, "No games finished yet: play one!", 26, theme.INK_SOFT, LEFT.center, "center", "bold")
            return
        y = LEFT.y + 24
        for solo in (False, True):
            rows = high_scores(self.entries, self.variant.id, solo)
            draw_text(surface, "Solo" if solo else "With others", 24, theme.INK, (LEFT.x + 20, y), "midleft", "black")
            y += 32
            if not rows:
                draw_text(surface, "none yet", 18, theme.INK_FAINT, (LEFT.x + 40, y), "midleft")
                y += 30
            for rank, row in enumerate(rows, 1):
                when = time.strftime("%d %b %Y", time.localtime(row.date))
                mark = "  (undo)" if row.undos else ""
                draw_text(surface, f"{rank}.", 19, theme.INK_SOFT, (LEFT.x + 44, y), "midright")
                draw_text(surface, str(row.total), 20, theme.INK, (LEFT.x + 110, y), "midright", "black")
                draw_text(surface, row.name + mark, 19, theme.INK, (LEFT.x + 130, y), "midleft", "bold", 280)
                draw_text(surface, when, 17, theme.INK_SOFT, (LEFT.right - 20, y), "midright")
                y += 24
            y += 16

    def _draw_players(self, surface: pygame.Surface) -> None:
        panel(surface, RIGHT, theme.PAPER, 14)
        stats = self.stats()
        draw_text(surface, "Players", 24, theme.INK, (RIGHT.x + 20, RIGHT.y + 24), "midleft", "black")
        heads = [("games", 300), ("wins", 360), ("avg", 430), ("best", 490), ("bonus", 560)]
        for label, x in heads:
            draw_text(surface, label, 16, theme.INK_SOFT, (RIGHT.x + x, RIGHT.y + 60), "midright", "bold")
        for i, s in enumerate(stats[:8]):
            rect = self._player_row(i)
            if i == self.player:
                rounded(surface, (255, 236, 170), rect, 6)
            y = rect.centery
            draw_text(surface, s.name, 19, theme.INK, (rect.x + 8, y), "midleft", "bold", 230)
            rate = "-" if s.upper_bonus_rate is None else f"{s.upper_bonus_rate:.0%}"
            for value, (_, x) in zip([s.games, s.wins, f"{s.average:.0f}", s.best, rate], heads):
                draw_text(surface, str(value), 19, theme.INK, (RIGHT.x + x, y), "midright")
        if stats:
            self._draw_chart(surface, stats[min(self.player, len(stats) - 1)])

    def _draw_chart(self, surface: pygame.Surface, stats) -> None:
        """The player's totals over time, oldest on the left."""
        area = pygame.Rect(RIGHT.x + 30, RIGHT.bottom - 200, RIGHT.width - 60, 170)
        pygame.draw.rect(surface, (244, 238, 220), area, border_radius=8)
        scores = [total for _, total in stats.scores][-40:]
        draw_text(surface, f"{stats.name}'s scores", 16, theme.INK_SOFT, (area.x + 8, area.y + 12), "midleft", "bold")
        if len(scores) < 2:
            draw_text(surface, "a line appears after two games", 16, theme.INK_FAINT, area.center, "center")
            return
        low, high = min(scores), max(scores)
        span = max(1, high - low)
        points = [(area.x + 20 + i * (area.width - 40) / (len(scores) - 1),
                   area.bottom - 20 - (score - low) * (area.height - 50) / span) for i, score in enumerate(scores)]
        pygame.draw.lines(surface, theme.PREVIEW_INK, False, points, 3)
        for point in points:
            pygame.draw.circle(surface, theme.PREVIEW_INK, point, 4)
        draw_text(surface, str(high), 14, theme.INK_SOFT, (area.right - 6, area.y + 26), "midright")
        draw_text(surface, str(low), 14, theme.INK_SOFT, (area.right - 6, area.bottom - 14), "midright")
