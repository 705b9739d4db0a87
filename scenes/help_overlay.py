"""F1 or ?: the keys of the screen below, so everything can be done without a mouse."""

from __future__ import annotations

import pygame

from . import theme
from .stack import Scene
from .widgets import dim, draw_text, panel

GENERAL = [("Tab / arrows", "move between buttons"), ("Enter", "press the button in focus"),
           ("Esc", "back, or the menu"), ("F11", "fullscreen"), ("F1 or ?", "this help")]
TABLE = [("Space or R", "roll"), ("1 - 5", "hold or release a die (numbered on its corner)"),
         ("Up / Down", "choose a box"), ("Enter", "score the chosen box"), ("U", "undo your last scoring"),
         ("Coach", "marks the best move; its values are solitaire ones, also with others or in Challenge"),
         ("Esc", "menu: rules, settings, quit")]
CHALLENGE = [("Space or R", "roll the common dice"), ("1 - 5", "pick a rolled die to copy"),
             ("Enter", "copy the picked dice"), ("Up / Down, Enter", "choose and score a box"),
             ("U", "undo your last scoring")]
JACKPOT = [("Space or R", "roll"), ("1 - 5", "drop the tile into that column"), ("Tab", "switch the tile"),
           ("C", "the Chance Space (or keep its tile)"), ("X", "return the Chance Space tile"),
           ("U", "undo your last tile")]


def keys_for(scene) -> list[tuple[str, str]]:
    name = type(scene).__name__
    if name == "JackpotTableScene":
        return JACKPOT + GENERAL[2:]
    if name == "ChallengeTableScene":
        return CHALLENGE + GENERAL[2:]
    if name == "TableScene":
        return TABLE + GENERAL[3:]
    return GENERAL


class HelpOverlay(Scene):
    transparent = True

    def __init__(self, app, keys: list[tuple[str, str]]):
        super().__init__(app)
        self.keys = keys

    def handle(self, intent):
        if intent.kind in ("back", "help", "confirm", "tap"):
            self.app.stack.pop()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 150)
        box = pygame.Rect(0, 0, 760, 120 + 44 * len(self.keys))
        box.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
        panel(surface, box, theme.PAPER, 20, theme.WOOD_LIGHT)
        draw_text(surface, "Keys", 36, theme.INK, (box.centerx, box.y + 44), "center", "black")
        for i, (key, meaning) in enumerate(self.keys):
            y = box.y + 100 + i * 44
            draw_text(surface, key, 24, theme.INK, (box.x + 250, y), "midright", "black")
            draw_text(surface, meaning, 24, theme.INK_SOFT, (box.x + 280, y), "midleft", "regular", box.width - 310)
