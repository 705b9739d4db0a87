"""Settings: sound and volume, animation speed, fullscreen; saved between runs."""

from __future__ import annotations

import pygame

from game.settings import ANIMATION_SPEEDS

from . import theme
from .stack import Scene
from .widgets import Button, ButtonRow, dim, draw_text, panel

BOX = pygame.Rect(0, 0, 640, 520)
BOX.center = (theme.WIDTH // 2, theme.HEIGHT // 2)


class SettingsScene(Scene):
    transparent = True

    def enter(self) -> None:
        self._build()

    def _build(self) -> None:
        s = self.app.settings
        x = BOX.x + 300
        rows = [BOX.y + 110, BOX.y + 190, BOX.y + 270, BOX.y + 350]
        buttons = [
            Button(pygame.Rect(x, rows[0] - 30, 280, 60), "On" if s.sound else "Off", self._sound, style="quiet",
                   size=24),
            Button(pygame.Rect(x, rows[1] - 30, 60, 60), "–", lambda: self._volume(-0.1), style="quiet", size=28),
            Button(pygame.Rect(x + 220, rows[1] - 30, 60, 60), "+", lambda: self._volume(0.1), style="quiet",
                   size=28),
            Button(pygame.Rect(x, rows[2] - 30, 280, 60), s.animation.title(), self._speed, style="quiet", size=24),
            Button(pygame.Rect(x, rows[3] - 30, 280, 60), "On" if self.app.fullscreen else "Off", self._fullscreen,
                   style="quiet", size=24),
            Button(pygame.Rect(BOX.centerx - 120, BOX.bottom - 90, 240, 64), "Done", self.app.stack.pop, size=28),
        ]
        for button in buttons[1:3]:
            button.enabled = s.sound  # the volume means nothing while the sound is off
        focus = self.row.focus if hasattr(self, "row") else None
        self.row = ButtonRow(buttons)
        self.row.focus = focus
        for i, button in enumerate(buttons):
            button.focus = i == focus
        self.rows = rows

    def _changed(self) -> None:
        self.app.apply_settings()
        self._build()

    def _sound(self) -> None:
        self.app.settings.sound = not self.app.settings.sound
        self._changed()
        self.app.play("click")

    def _volume(self, step: float) -> None:
        s = self.app.settings
        s.volume = round(max(0.0, min(1.0, s.volume + step)), 2)
        self._changed()
        self.app.play("clack")

    def _speed(self) -> None:
        s = self.app.settings
        s.animation = ANIMATION_SPEEDS[(ANIMATION_SPEEDS.index(s.animation) + 1) % len(ANIMATION_SPEEDS)]
        self._changed()

    def _fullscreen(self) -> None:
        self.app.toggle_fullscreen()
        self._build()

    def handle(self, intent):
        if intent.kind == "quit":
            return intent
        if intent.kind == "back":
            self.app.stack.pop()
            return None
        if intent.kind == "fullscreen":
            self._fullscreen()
            return None
        self.row.handle(intent, self.clock.time)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 150)
        panel(surface, BOX, theme.PAPER, 20, theme.WOOD_LIGHT)
        draw_text(surface, "Settings", 38, theme.INK, (BOX.centerx, BOX.y + 50), "center", "black")
        labels = ["Sound", "Volume", "Animations", "Fullscreen (F11)"]
        for label, y in zip(labels, self.rows):
            draw_text(surface, label, 26, theme.INK, (BOX.x + 40, y), "midleft", "bold")
        draw_text(surface, f"{round(self.app.settings.volume * 100)}%", 26,
                  theme.INK if self.app.settings.sound else theme.INK_FAINT,
                  (BOX.x + 300 + 140, self.rows[1]), "center", "black")
        self.row.draw(surface)
