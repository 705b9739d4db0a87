"""Overlays drawn over the scene below: a question to confirm, and the pause menu."""

from __future__ import annotations

from typing import Callable

import pygame

from . import theme
from .stack import Scene
from .widgets import Button, ButtonRow, dim, draw_text, panel

OPEN_GRACE = 0.3  # taps this soon after opening belong to the click that opened it (a double click)


class Dialog(Scene):
    transparent = True

    def __init__(self, app, title: str, message: str = "", width: int = 560):
        super().__init__(app)
        self.title = title
        self.message = message
        self.width = width
        self.row = ButtonRow()
        self.opened = 0.0

    def enter(self) -> None:
        self.opened = self.clock.time

    def set_buttons(self, specs: list[tuple[str, Callable[[], None], str]]) -> None:
        """Buttons side by side, or stacked when there are more than two."""
        self.count = len(specs)
        box = self.box()
        buttons = []
        if len(specs) <= 2:
            width = (box.width - 60 - 20 * (len(specs) - 1)) // len(specs)
            for i, (label, action, style) in enumerate(specs):
                rect = pygame.Rect(box.x + 30 + i * (width + 20), box.bottom - 96, width, 66)
                buttons.append(Button(rect, label, action, style=style, size=26))
        else:
            top = box.y + 100 + (34 * (self.message.count("\n") + 1) if self.message else 0)
            for i, (label, action, style) in enumerate(specs):
                rect = pygame.Rect(0, 0, box.width - 100, 62)
                rect.midtop = (box.centerx, top + i * 78)
                buttons.append(Button(rect, label, action, style=style, size=26))
        self.row = ButtonRow(buttons)

    def box(self) -> pygame.Rect:
        lines = max(1, self.message.count("\n") + 1) if self.message else 0
        count = getattr(self, "count", 2)
        height = 190 + lines * 34 if count <= 2 else 120 + count * 78 + lines * 34
        rect = pygame.Rect(0, 0, self.width, height)
        rect.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
        return rect

    def handle(self, intent):
        if intent.kind == "tap" and self.clock.time - self.opened < OPEN_GRACE:
            return None
        if intent.kind == "back":
            self.cancel()
            return None
        if intent.kind == "quit":
            return intent
        self.row.handle(intent, self.clock.time)
        return None

    def cancel(self) -> None:
        self.app.stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 140)
        box = self.box()
        panel(surface, box, theme.PAPER, 20, theme.WOOD_LIGHT)
        draw_text(surface, self.title, 34, theme.INK, (box.centerx, box.y + 50), "center", "black", box.width - 40)
        for i, line in enumerate(self.message.split("\n") if self.message else []):
            draw_text(surface, line, 24, theme.INK_SOFT, (box.centerx, box.y + 100 + i * 34), "center", "regular",
                      box.width - 40)
        self.row.draw(surface)


class ConfirmDialog(Dialog):
    def __init__(self, app, title: str, message: str, yes: str, on_yes: Callable[[], None], no: str = "Cancel"):
        super().__init__(app, title, message)
        self.on_yes = on_yes
        self.set_buttons([(no, self.cancel, "quiet"), (yes, self._yes, "danger")])

    def _yes(self) -> None:
        self.app.stack.pop()
        self.on_yes()


class PauseMenu(Dialog):
    def __init__(self, app, variant, on_quit: Callable[[], None]):
        super().__init__(app, "Paused", width=480)
        self.variant = variant
        self.on_quit = on_quit
        specs = [("Resume", self.cancel, "primary"), ("Rules of this game", self._rules, "quiet"),
                 ("Settings", self._settings, "quiet"), ("Quit to title", self._quit, "danger")]
        if getattr(app, "kiosk", None) is not None:
            specs.pop(2)  # settings belong to the admin
        self.set_buttons(specs)

    def _rules(self) -> None:
        from .rules import RulesScene

        self.app.stack.push(RulesScene(self.app, self.variant))

    def _settings(self) -> None:
        from .settings_scene import SettingsScene

        self.app.stack.push(SettingsScene(self.app))

    def _quit(self) -> None:
        kiosk = getattr(self.app, "kiosk", None) is not None
        words = "The game in progress will end." if kiosk else "You can continue it later from the title."
        self.app.stack.push(ConfirmDialog(self.app, "Quit to the title?", words, "Quit", self.on_quit,
                                          "Keep playing"))
