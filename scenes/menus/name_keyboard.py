"""An on-screen keyboard for a name, for a player with a pad in hand: the d-pad (or stick) moves over the keys,
A types the key in focus, X erases, B is done. It types into the New game screen below through the same intents
a keyboard gives (``text``, ``erase``, ``confirm``), so the name field works as ever."""

from __future__ import annotations

import pygame

from game.rules.i18n import t
from scenes.ui import theme
from scenes.ui.input import Intent
from scenes.ui.stack import Scene
from scenes.ui.widgets import draw_text, panel

ROWS = ("1234567890", "qwertyuiop", "asdfghjkl'", "zxcvbnm-.!")
SPECIAL = ("space", "erase", "done")  # the last row: words, each a third of the width
KEY = 72  # a key's side on the canvas


class NameKeyboard(Scene):
    screen = "name_keyboard"
    transparent = True

    def __init__(self, app, below: Scene):
        super().__init__(app)
        self.below = below  # the screen whose name field takes what is typed
        self.row, self.col = 1, 0
        width = KEY * len(ROWS[0])
        self.box = pygame.Rect(0, 0, width + 40, KEY * (len(ROWS) + 1) + 40)
        self.box.midbottom = (theme.WIDTH // 2, theme.HEIGHT - 10)

    def keys_in(self, row: int) -> int:
        return len(ROWS[row]) if row < len(ROWS) else len(SPECIAL)

    def key_rect(self, row: int, col: int) -> pygame.Rect:
        wide = KEY * len(ROWS[0]) // len(SPECIAL) if row == len(ROWS) else KEY
        return pygame.Rect(self.box.x + 20 + col * wide, self.box.y + 20 + row * KEY, wide, KEY).inflate(-6, -6)

    def handle(self, intent):
        if intent.kind in ("quit", "fullscreen", "help"):
            return intent
        if intent.kind == "nav":
            self.move(intent.key)
        elif intent.kind == "confirm":
            self.press()
        elif intent.kind in ("roll", "erase"):
            self.below.handle(Intent("erase"))
        elif intent.kind in ("back", "menu"):
            self.done()
        elif intent.kind == "text":
            self.below.handle(intent)  # a keyboard still types
        return None

    def move(self, key: str) -> None:
        rows = len(ROWS) + 1
        if key in ("up", "down"):
            old = self.keys_in(self.row)
            self.row = (self.row + (1 if key == "down" else -1)) % rows
            self.col = min(self.keys_in(self.row) - 1, self.col * self.keys_in(self.row) // old)
        elif key in ("left", "right", "next", "prev"):
            self.col = (self.col + (1 if key in ("right", "next") else -1)) % self.keys_in(self.row)

    def press(self) -> None:
        if self.row < len(ROWS):
            letter = ROWS[self.row][self.col]
            name = self.below.seats[self.below.editing].name if self.below.editing is not None else ""
            fresh = getattr(self.below, "fresh_edit", False)
            self.below.handle(Intent("text", text=letter.upper() if fresh or not name else letter))
        elif SPECIAL[self.col] == "space":
            self.below.handle(Intent("text", text=" "))
        elif SPECIAL[self.col] == "erase":
            self.below.handle(Intent("erase"))
        else:
            self.done()

    def done(self) -> None:
        self.below.handle(Intent("confirm"))  # the name is kept, as Enter keeps it
        self.app.stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        panel(surface, self.box, theme.PAPER, 16, theme.WOOD_LIGHT)
        for row in range(len(ROWS) + 1):
            for col in range(self.keys_in(row)):
                rect = self.key_rect(row, col)
                focus = (row, col) == (self.row, self.col)
                pygame.draw.rect(surface, theme.WHITE if focus else theme.mix(theme.PAPER, theme.INK, 0.08), rect,
                                 border_radius=8)
                if focus:
                    pygame.draw.rect(surface, theme.INK, rect, 3, border_radius=8)
                label = ROWS[row][col] if row < len(ROWS) else t(f"newgame.keyboard.{SPECIAL[col]}")
                draw_text(surface, label, 30 if row < len(ROWS) else 24, theme.INK, rect.center, "center", "bold",
                          rect.width - 8)
