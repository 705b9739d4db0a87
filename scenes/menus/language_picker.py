"""The language list opened from Settings: every language the game has, each named in itself ("Svenska",
"Deutsch"), chosen by a tap, a click, the arrows and Enter, or the pad; Back keeps the one there was."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.rules import i18n
from game.rules.i18n import t
from scenes.ui import theme
from scenes.ui.dialogs import OPEN_GRACE, Dialog
from scenes.ui.widgets import Button, ButtonRow

BUTTON_WIDTH, BUTTON_HEIGHT, GAP = 380, 54, 10
TOP = 96  # below the title


class LanguagePicker(Dialog):
    screen = "language"

    def __init__(self, app, on_pick: Callable[[str], None]):
        super().__init__(app, t("common.language"), width=BUTTON_WIDTH + 80)
        self.on_pick = on_pick
        # In the order of their own names, as a reader of any of them finds theirs: Dansk, Deutsch, English...
        listed = sorted(i18n.languages().items(), key=lambda item: item[1].casefold())
        self.codes = [code for code, _ in listed]
        box = self.box()
        buttons = []
        for i, (code, own_name) in enumerate(listed):
            rect = pygame.Rect(0, 0, BUTTON_WIDTH, BUTTON_HEIGHT)
            rect.midtop = (box.centerx, box.y + TOP + i * (BUTTON_HEIGHT + GAP))
            chosen = code == i18n.language()
            buttons.append(Button(rect, own_name, lambda code=code: self._pick(code),
                                  style="primary" if chosen else "quiet", size=26))
        self.row = ButtonRow(buttons, one_choice=False)
        if i18n.language() in self.codes:  # the keys start on the language in use: Enter keeps it
            self.row._focus_on(self.codes.index(i18n.language()))

    def box(self) -> pygame.Rect:
        count = len(i18n.languages())
        rect = pygame.Rect(0, 0, self.width, TOP + count * (BUTTON_HEIGHT + GAP) + 24)
        rect.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
        return rect

    def handle(self, intent):
        settled = self.clock.time - self.opened >= OPEN_GRACE
        if intent.kind == "tap" and settled and not self.box().collidepoint(intent.pos):
            self.cancel()  # a tap beside the list puts it away, as Back does
            return None
        return super().handle(intent)

    def _pick(self, code: str) -> None:
        self.app.stack.pop()
        self.on_pick(code)
