"""Kiosk mode: a public touch screen that runs for months and that only the admin can leave.

The :class:`KioskController` sees every intent before the scenes do. It
ignores every way out (the window's close button, Alt+F4, Esc on the title),
notices a 3-second press in the top-left corner (or Ctrl+Alt+A) and asks for
the admin PIN, drops an abandoned game after a "Still playing?" countdown,
and plays computer games (the attract mode) while nobody is at the title.
All its timing runs on the app's clock, so tests drive it with made-up time.
"""

from __future__ import annotations

import logging
from typing import Callable

import pygame

from game.i18n import t
from game.kiosk import KioskConfig
from game.records import records_path
from game.storage import lock_for, move_aside

from . import theme
from .input import Intent
from .stack import Scene
from .widgets import Button, ButtonRow, dim, draw_text, panel

log = logging.getLogger("dice_parlor.kiosk")

CORNER = pygame.Rect(0, 0, 96, 96)
LONG_PRESS = 3.0
PIN_TRIES = 3
LOCK_SECONDS = 60.0
ADMIN_IDLE = 30.0  # seconds before an untouched PIN pad or admin panel closes itself


class KioskController:
    def __init__(self, app, config: KioskConfig):
        self.app = app
        self.config = config
        self.last_input = 0.0
        self.press_started: float | None = None
        self.attract = False
        self.attract_index = 0
        self.failed_pins = 0
        self.locked_until = 0.0

    # ------------------------------------------------------------ intents --
    def filter(self, intent: Intent) -> Intent | None:
        """Use the intent here (or drop it), or pass it on to the scenes."""
        now = self.app.time
        self.last_input = now
        if intent.kind == "quit" or intent.kind == "fullscreen":
            log.info("ignored a %s request", intent.kind)
            return None
        if intent.kind == "admin":
            self.open_pin_pad()
            return None
        if intent.kind == "tap" and CORNER.collidepoint(intent.pos):
            self.press_started = now
        elif intent.kind == "release":
            self.press_started = None
        if self.attract and intent.kind in ("tap", "confirm", "roll", "back", "letter", "hold"):
            self.end_attract()
            return None
        return intent

    # ------------------------------------------------------------- timing --
    def idle(self) -> float:
        return self.app.time - self.last_input

    def update(self, dt: float) -> None:
        now = self.app.time
        if self.press_started is not None and now - self.press_started >= LONG_PRESS:
            self.press_started = None
            self.open_pin_pad()
        top = self.app.stack.top
        if isinstance(top, (PinPad, AdminPanel)):
            if self.idle() >= ADMIN_IDLE:  # an admin who walked away leaves nothing open to the public
                self.app.stack.pop()
                self.last_input = now
            return
        if top is None or isinstance(top, StillPlaying) or self.attract:
            return
        from .title import TitleScene

        if isinstance(top, TitleScene):
            if self.idle() >= self.config.title_idle:
                self.start_attract()
        elif self.idle() >= self.config.game_idle:
            self.app.stack.push(StillPlaying(self.app, self.config.countdown, self.reset_table))

    # ------------------------------------------------------------ attract --
    def start_attract(self) -> None:
        from .demo import demo_session
        from .rolloff import opening_scene

        variants = self.config.attract_variants
        variant = variants[self.attract_index % len(variants)]
        self.attract_index += 1
        self.attract = True
        session = demo_session(self.app, variant, None, self.attract_index)
        log.info("attract mode: %s", variant)
        self.app.stack.clear(opening_scene(self.app, session, demo=True))

    def next_attract(self) -> None:
        self.start_attract()

    def end_attract(self) -> None:
        from .title import TitleScene

        self.attract = False
        self.last_input = self.app.time
        self.app.stack.clear(TitleScene(self.app))

    # -------------------------------------------------------------- admin --
    def reset_table(self) -> None:
        """Back to the title; the game in progress is dropped (a kiosk keeps no resumable game)."""
        from .title import TitleScene

        self.attract = False
        self.last_input = self.app.time
        log.info("table reset")
        self.app.stack.clear(TitleScene(self.app))

    def open_pin_pad(self) -> None:
        if self.attract:
            self.end_attract()  # the pad's taps are for the pad, not "tap to play"
        if not isinstance(self.app.stack.top, (PinPad, AdminPanel)):
            self.app.stack.push(PinPad(self.app, self))

    def check_pin(self, pin: str) -> str:
        """"ok", "wrong" or "locked"; three wrong PINs lock the pad for a minute."""
        if self.app.time < self.locked_until:
            return "locked"
        if pin == self.config.admin_pin:
            self.failed_pins = 0
            log.info("admin PIN accepted")
            return "ok"
        self.failed_pins += 1
        log.warning("wrong admin PIN (%d)", self.failed_pins)
        if self.failed_pins >= PIN_TRIES:
            self.failed_pins = 0
            self.locked_until = self.app.time + LOCK_SECONDS
            return "locked"
        return "wrong"

    # --------------------------------------------------------------- draw --
    def draw(self, surface: pygame.Surface) -> None:
        if self.attract:
            rect = pygame.Rect(0, 0, 520, 86)
            rect.midbottom = (theme.WIDTH // 2, theme.HEIGHT - 24)
            veil = pygame.Surface(rect.size, pygame.SRCALPHA)
            pulse = 170 + int(60 * abs(((self.app.time * 0.8) % 2) - 1))
            pygame.draw.rect(veil, (20, 14, 10, pulse), veil.get_rect(), border_radius=24)
            surface.blit(veil, rect)
            words = t("kiosk.tap_to_play")
            draw_text(surface, words, 44, (0, 0, 0), (rect.centerx + 2, rect.centery + 2), "center", "black",
                      rect.width - 40, quiet=True)
            draw_text(surface, words, 44, (255, 236, 170), rect.center, "center", "black", rect.width - 40)
        if self.press_started is not None:
            held = min(1.0, (self.app.time - self.press_started) / LONG_PRESS)
            pygame.draw.arc(surface, theme.HOLD_GOLD, CORNER.inflate(-30, -30), 0, held * 6.283, 5)


class StillPlaying(Scene):
    """"Still playing?" with a countdown; a tap carries on, the end of the countdown resets the table."""

    transparent = True

    def __init__(self, app, seconds: float, on_timeout: Callable[[], None]):
        super().__init__(app)
        self.left = seconds
        self.on_timeout = on_timeout
        box = pygame.Rect(0, 0, 560, 300)
        box.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
        self.box = box
        self.row = ButtonRow([Button(pygame.Rect(box.x + 60, box.bottom - 100, box.width - 120, 72),
                                     t("kiosk.keep_playing"), self.carry_on, size=30)])

    def carry_on(self) -> None:
        self.app.stack.pop()

    def handle(self, intent):
        if intent.kind in ("tap", "confirm", "roll", "back", "hold", "letter"):
            self.carry_on()
        return None

    def update(self, dt: float) -> None:
        super().update(dt)
        self.left -= dt
        if self.left <= 0:
            self.on_timeout()

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 160)
        panel(surface, self.box, theme.PAPER, 20, theme.WOOD_LIGHT)
        draw_text(surface, t("kiosk.still_playing"), 44, theme.INK, (self.box.centerx, self.box.y + 60), "center",
                  "black", self.box.width - 40)
        draw_text(surface, t("kiosk.back_to_start", seconds=max(0, int(self.left + 0.999))), 26, theme.INK_SOFT,
                  (self.box.centerx, self.box.y + 120), "center", "regular", self.box.width - 40)
        self.row.draw(surface)


class PinPad(Scene):
    """An on-screen keypad for the admin PIN: touch only, large keys."""

    transparent = True

    def __init__(self, app, kiosk: KioskController):
        super().__init__(app)
        self.kiosk = kiosk
        self.digits = ""
        self.message = t("kiosk.admin_pin")
        box = pygame.Rect(0, 0, 420, 640)
        box.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
        self.box = box
        buttons = []
        keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "Back", "0", "OK"]
        labels = {"Back": t("kiosk.erase"), "OK": t("common.ok")}
        for i, key in enumerate(keys):
            rect = pygame.Rect(box.x + 40 + (i % 3) * 118, box.y + 150 + (i // 3) * 100, 104, 86)
            style = "quiet" if key == "Back" else "primary"
            buttons.append(Button(rect, labels.get(key, key), lambda k=key: self.press(k), style=style,
                                  size=30 if key not in labels else 24))
        buttons.append(Button(pygame.Rect(box.x + 40, box.bottom - 74, box.width - 80, 56), t("common.cancel"),
                              app.stack.pop, style="quiet", size=24))
        self.row = ButtonRow(buttons)

    def press(self, key: str) -> None:
        if key == "Back":
            self.digits = self.digits[:-1]
        elif key == "OK":
            verdict = self.kiosk.check_pin(self.digits)
            self.digits = ""
            if verdict == "ok":
                self.app.stack.replace(AdminPanel(self.app, self.kiosk))
                return
            self.message = t("kiosk.wrong_pin") if verdict == "wrong" else t("kiosk.locked_minute")
        elif len(self.digits) < 8:
            self.digits += key

    def handle(self, intent):
        if intent.kind == "hold" and isinstance(intent.key, int):
            self.press(str((intent.key + 1) % 10))  # the 0 key is the tenth
        elif intent.kind == "erase":
            self.press("Back")
        elif intent.kind == "confirm" and self.row.focus is None:
            self.press("OK")  # Enter after the digits
        elif intent.kind == "back":
            self.app.stack.pop()
        else:
            self.row.handle(intent, self.clock.time)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 170)
        panel(surface, self.box, theme.PAPER, 20, theme.WOOD_LIGHT)
        locked = self.app.time < self.kiosk.locked_until
        seconds = int(self.kiosk.locked_until - self.app.time) + 1
        message = t("kiosk.locked_seconds", seconds=seconds) if locked else self.message
        draw_text(surface, message, 30, theme.INK, (self.box.centerx, self.box.y + 46), "center", "black",
                  self.box.width - 40)
        draw_text(surface, "• " * len(self.digits) or "-", 36, theme.INK, (self.box.centerx, self.box.y + 100),
                  "center", "black")
        self.row.draw(surface)


class AdminPanel(Scene):
    transparent = True

    def __init__(self, app, kiosk: KioskController):
        super().__init__(app)
        self.kiosk = kiosk
        box = pygame.Rect(0, 0, 520, 520)
        box.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
        self.box = box
        specs = [(t("kiosk.resume"), app.stack.pop, "primary"), (t("kiosk.reset_table"), kiosk.reset_table, "quiet"),
                 (t("kiosk.reset_records"), self.reset_records, "quiet"),
                 (t("kiosk.quit_to_desktop"), lambda: app.quit(force=True), "danger")]
        self.row = ButtonRow([Button(pygame.Rect(box.x + 50, box.y + 110 + i * 92, box.width - 100, 74), label,
                                     action, style=style, size=28) for i, (label, action, style) in enumerate(specs)])
        self.note = ""

    def reset_records(self) -> None:
        path = records_path()
        try:
            with lock_for(path):
                for old in (path, path.with_name(path.name + ".bak")):
                    if old.exists():
                        move_aside(old)  # kept, in case it was a mistake
            self.note = t("kiosk.records_reset")
            log.info("records reset by the admin")
        except Exception as error:  # a kiosk never stops on a file problem
            self.note = t("kiosk.records_not_reset", error=error)
            log.warning("records reset failed: %s", error)

    def handle(self, intent):
        if intent.kind == "back":
            self.app.stack.pop()
        else:
            self.row.handle(intent, self.clock.time)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 170)
        panel(surface, self.box, theme.PAPER, 20, theme.WOOD_LIGHT)
        draw_text(surface, t("kiosk.admin"), 38, theme.INK, (self.box.centerx, self.box.y + 50), "center", "black",
                  self.box.width - 40)
        if self.note:
            draw_text(surface, self.note, 20, theme.INK_SOFT, (self.box.centerx, self.box.bottom - 24), "center",
                      "regular", self.box.width - 40)
        self.row.draw(surface)
