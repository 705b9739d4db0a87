"""Overlays drawn over the scene below: a question to confirm, and the pause menu."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.rules.i18n import t
from scenes.ui import assets, theme
from scenes.ui.stack import Scene
from scenes.ui.widgets import Button, ButtonRow, dim, draw_text, panel

OPEN_GRACE = 0.3  # taps this soon after opening belong to the click that opened it (a double click)
TITLE_SIZE = 34
MESSAGE_SIZE = 24


class Dialog(Scene):
    screen = "dialog"
    bindings = "dialog"  # a confirmation and the pause menu too
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

    # ------------------------------------------------------------ layout --
    def _title_lines(self) -> list[str]:
        return assets.wrap(self.title, TITLE_SIZE, self.width - 40, "black")[:2] if self.title else []

    def _message_lines(self) -> list[str]:
        return assets.wrap(self.message, MESSAGE_SIZE, self.width - 40) if self.message else []

    def _text_height(self) -> int:
        """How far the title's second line and the message push the buttons down."""
        title = assets.line_height(TITLE_SIZE, 1.15) * max(0, len(self._title_lines()) - 1)
        return title + assets.line_height(MESSAGE_SIZE, 1.42) * len(self._message_lines())

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
            top = box.y + 100 + self._text_height()
            for i, (label, action, style) in enumerate(specs):
                rect = pygame.Rect(0, 0, box.width - 100, 62)
                rect.midtop = (box.centerx, top + i * 78)
                buttons.append(Button(rect, label, action, style=style, size=26))
        self.row = ButtonRow(buttons)

    def box(self) -> pygame.Rect:
        count = getattr(self, "count", 2)
        text = self._text_height()
        height = 190 + text if count <= 2 else 120 + count * 78 + text
        rect = pygame.Rect(0, 0, self.width, height)
        rect.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
        return rect

    # ------------------------------------------------------------- input --
    def handle(self, intent):
        if intent.kind == "tap" and self.clock.time - self.opened < OPEN_GRACE:
            return None
        if intent.kind == "back":
            self.cancel()
            return None
        if intent.kind in ("quit", "help"):
            return intent
        self.row.handle(intent, self.clock.time)
        return None

    def cancel(self) -> None:
        self.app.stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 140)
        box = self.box()
        panel(surface, box, theme.PAPER, 20, theme.WOOD_LIGHT)
        titles = self._title_lines()
        title_step = assets.line_height(TITLE_SIZE, 1.15)
        for i, line in enumerate(titles):
            draw_text(surface, line, TITLE_SIZE, theme.INK, (box.centerx, box.y + 50 + i * title_step), "center",
                      "black", box.width - 40)
        top = box.y + 100 + title_step * max(0, len(titles) - 1)
        step = assets.line_height(MESSAGE_SIZE, 1.42)
        for i, line in enumerate(self._message_lines()):
            draw_text(surface, line, MESSAGE_SIZE, theme.INK_SOFT, (box.centerx, top + i * step), "center",
                      "regular", box.width - 40)
        self.row.draw(surface)


class ConfirmDialog(Dialog):
    screen = "confirm"

    def __init__(self, app, title: str, message: str, yes: str, on_yes: Callable[[], None], no: str | None = None,
                 warns: bool = True, on_no: Callable[[], object] | None = None):
        super().__init__(app, title, message)
        self.on_yes = on_yes
        self.on_no = on_no  # told of a "no" (its button, Back): a question asked of a player needs their answer
        # "yes" is red where it warns; where the answer is a good one (the coach agrees), it is not.
        self.set_buttons([(no or t("common.cancel"), self.cancel, "quiet"), (yes, self._yes, "danger" if warns else
                                                                              "primary")])
        self.row.focus = 0  # the focus starts, visibly, on the safe answer: Enter twice never does harm unseen
        self.row.buttons[0].focus = True

    def _yes(self) -> None:
        self.app.stack.pop()
        self.on_yes()

    def cancel(self) -> None:
        super().cancel()
        if self.on_no is not None:
            self.on_no()


class PauseMenu(Dialog):
    screen = "pause"

    def __init__(self, app, variant, on_quit: Callable[[], None]):
        super().__init__(app, t("dialogs.paused"), width=480)
        self.variant = variant
        self.on_quit = on_quit
        self._build()

    def _build(self) -> None:
        """The buttons in the player's language (built again when Settings closes: the language may differ)."""
        self.title = t("dialogs.paused")
        focus = self.row.focus
        specs = [(t("dialogs.resume"), self.cancel, "primary"), (t("dialogs.rules"), self._rules, "quiet"),
                 (t("dialogs.settings"), self._settings, "quiet"), (t("dialogs.quit_to_title"), self._quit, "danger")]
        if getattr(self.app, "kiosk", None) is not None:
            specs.pop(2)  # settings belong to the admin
        self.set_buttons(specs)
        if focus is not None and focus < len(self.row.buttons):
            self.row.focus = focus
            self.row.buttons[focus].focus = True

    def resume(self) -> None:
        self._build()

    def _rules(self) -> None:
        self.app.go("rules", self.variant)

    def _settings(self) -> None:
        self.app.go("settings")

    def _quit(self) -> None:
        kiosk = getattr(self.app, "kiosk", None) is not None
        words = t("dialogs.quit_ends_game") if kiosk else t("dialogs.quit_continue_later")
        self.app.stack.push(ConfirmDialog(self.app, t("dialogs.quit_question"), words, t("common.quit"), self.on_quit,
                                          t("dialogs.keep_playing")))
