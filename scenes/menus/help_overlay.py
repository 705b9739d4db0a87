"""F1 or ?: the keys of the screen below, so everything can be done without a mouse.

A screen says which keys it has in one of two ways: a list here, found by its class name (:data:`SCREENS`),
or a ``help_keys()`` method on the scene returning (key, meaning) pairs already in the player's language.
The lists name string-table keys (area "help"); they are read when the overlay opens.
"""

from __future__ import annotations

import pygame

from game.rules.i18n import t

from scenes.ui import assets, theme
from scenes.ui.stack import Scene
from scenes.ui.widgets import dim, draw_text, panel

# Each line: (the key's name, what it does), as keys of the string table.
MOVE = ("help.key.tab_arrows", "help.does.move")
PRESS = ("help.key.enter", "help.does.press")
BACK = ("help.key.esc", "help.does.back")
FULLSCREEN = ("help.key.f11", "help.does.fullscreen")
HELP = ("help.key.f1", "help.does.help")
GENERAL = [MOVE, PRESS, BACK, FULLSCREEN, HELP]
TITLE = [MOVE, PRESS, ("help.key.esc", "help.does.quit_game"), FULLSCREEN, HELP]
NEW_GAME = [("help.key.tab_arrows", "help.does.move_new_game"), ("help.key.up_down", "help.does.choose_game"),
            ("help.key.enter", "help.does.press_or_type"), ("help.key.esc", "help.does.back_title"), FULLSCREEN, HELP]
RECORDS = [("help.key.left_right", "help.does.other_game"), ("help.key.up_down", "help.does.other_player"),
           ("help.key.tab_enter", "help.does.back_button"), BACK, FULLSCREEN, HELP]
ROLL_OFF = [("help.key.enter_space_esc", "help.does.skip_rolloff"), FULLSCREEN, HELP]
GAME_OVER = [MOVE, PRESS, ("help.key.esc", "help.does.back_title"), FULLSCREEN, HELP]
DIALOG = [MOVE, PRESS, ("help.key.esc", "help.does.cancel"), HELP]
SCREENS = {  # the tables list their own keys (their help_keys)
    "GameOverScene": GAME_OVER,
    "TitleScene": TITLE,
    "NewGameScene": NEW_GAME,
    "RecordsScene": RECORDS,
    "RollOffScene": ROLL_OFF,
    "Dialog": DIALOG,
    "ConfirmDialog": DIALOG,
    "PauseMenu": DIALOG,
}


def keys_for(scene) -> list[tuple[str, str]]:
    """The keys of ``scene`` and what they do, in the player's language."""
    own = getattr(scene, "help_keys", None)
    if callable(own):
        return list(own())
    return [(t(key), t(meaning)) for key, meaning in SCREENS.get(type(scene).__name__, GENERAL)]


class HelpOverlay(Scene):
    screen = "help"
    transparent = True
    WIDTH = 900
    KEYS = 260  # the key column's width

    def __init__(self, app, keys: list[tuple[str, str]]):
        super().__init__(app)
        self.keys = keys

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
        draw_text(surface, t("help.title"), 36, theme.INK, (box.centerx, box.y + 44), "center", "black",
                  box.width - 40)
        y = box.y + 90 + step // 2
        for (key, _), meaning in zip(self.keys, lines):
            draw_text(surface, key, size, theme.INK, (box.x + 30 + self.KEYS, y), "midright", "black", self.KEYS)
            for k, line in enumerate(meaning):
                draw_text(surface, line, size, theme.INK_SOFT, (box.x + self.KEYS + 56, y + k * step), "midleft",
                          "regular", box.width - self.KEYS - 80)
            y += step * len(meaning) + 10
