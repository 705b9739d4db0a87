"""Kiosk mode: a public touch screen that runs for months and that only the admin can leave.

The :class:`KioskController` sees every intent before the scenes do. It
ignores every way out (the window's close button, Alt+F4, Ctrl+Q, Esc on the
title) and logs each, notices a 3-second press in the screen's top-left
corner (or Ctrl+Alt+A) and asks for the admin PIN, drops an abandoned game
after a "Still playing?" countdown, plays computer games (the attract mode)
while nobody is at the title, and takes the screen back if anything
minimises or covers the window. All its timing runs on the app's clock, so
tests drive it with made-up time.
"""

from __future__ import annotations

import logging
import warnings
from typing import Callable

import pygame

from game.rules.i18n import t
from game.store.kiosk import ADMIN_QUIT_STATUS, KioskConfig, PinLock, kiosk_path
from game.store.records import records_path
from game.store.storage import lock_for, move_aside

from scenes.ui import theme
from scenes.ui.input import Intent
from scenes.ui.stack import Scene
from scenes.ui.textfit import draw_lines, draw_wrapped
from scenes.demo import demo_session
from scenes.kiosk.x11 import take_the_screen_back
from scenes.ui.widgets import Button, ButtonRow, dim, draw_text, panel

log = logging.getLogger("dice_parlor.kiosk")

CORNER = 96  # the admin corner's side, in canvas pixels, measured from the screen's own top-left corner
LONG_PRESS = 3.0
ADMIN_IDLE = 30.0  # seconds before an untouched PIN pad or admin panel closes itself
WATCH_EVERY = 0.5  # seconds between looks at whether the window still has the screen


def kiosk_window() -> pygame.Window | None:
    """The display module's window as a Window, for the calls only it has (keyboard grab, raise, focus)."""
    with warnings.catch_warnings():  # deprecated for surface drawing through it, which we do not do
        warnings.simplefilter("ignore", DeprecationWarning)
        try:
            return pygame.Window.from_display_module()
        except pygame.error:
            return None


def hold_the_screen(show_cursor: bool) -> None:
    """Keep a public screen to ourselves without changing how the mouse works.

    The keyboard alone is grabbed (Alt+Tab, Super and the window manager's keys come to us, see
    SDL_ALLOW_ALT_TAB_WHILE_GRABBED in the app), and the cursor is hidden by drawing a transparent
    one: hiding it with ``mouse.set_visible(False)`` while input is grabbed puts SDL into relative
    mouse mode, where clicks and a touch panel's taps lose their real position.
    """
    window = kiosk_window()
    if window is None:
        return
    try:
        window.grab_keyboard = True
        window.always_on_top = True
        if not show_cursor:
            blank = pygame.Surface((8, 8), pygame.SRCALPHA)
            pygame.mouse.set_cursor(pygame.cursors.Cursor((0, 0), blank))
    except pygame.error as error:  # a display without grabs or cursors (headless): nothing to hold
        log.info("screen: not held (%s)", error)


class KioskController:
    def __init__(self, app, config: KioskConfig):
        self.app = app
        self.config = config
        self.last_input = 0.0
        self.press_started: float | None = None
        self.press_at: tuple[int, int] = (0, 0)  # where on the screen, for the ring that fills as it is held
        self.attract = False
        self.attract_index = 0
        self.pins = PinLock()
        self.next_watch = 0.0
        self.lost: set[int] = set()  # what the window manager has done to the window since it last had the screen

    # ------------------------------------------------------------ intents --
    def filter(self, intent: Intent) -> Intent | None:
        """Use the intent here (or drop it), or pass it on to the scenes."""
        now = self.app.time
        self.last_input = now
        if intent.kind == "quit":
            log.info("quit: ignored (%s)", intent.key or "a quit request")
            return None
        if intent.kind == "fullscreen":
            log.info("fullscreen: ignored (F11)")
            return None
        if intent.kind == "admin":
            self.open_pin_pad()
            return None
        if intent.kind == "tap" and self.in_corner(intent):
            self.press_started = now
            self.press_at = intent.window or intent.pos
        elif intent.kind == "release":
            self.press_started = None
        if self.attract and intent.kind in ("tap", "confirm", "roll", "back", "letter", "hold"):
            self.end_attract()
            return None
        return intent

    def corner_side(self) -> int:
        """The corner's side in window pixels: the canvas's 96 px, scaled as the table is."""
        return max(48, round(CORNER * self.app.viewport.scale))

    def in_corner(self, intent: Intent) -> bool:
        """The screen's real top-left corner, letterbox or not (and the table's own, where it is letterboxed)."""
        side = self.corner_side()
        x, y = intent.window if intent.window is not None else intent.pos
        return x < side and y < side or 0 <= intent.pos[0] < CORNER and 0 <= intent.pos[1] < CORNER

    # ------------------------------------------------------------- timing --
    def idle(self) -> float:
        return self.app.time - self.last_input

    def window_event(self, kind: int) -> None:
        """What the window manager did to the window (minimised, hidden, covered), from SDL's window events."""
        was_lost = bool(self.lost)
        if kind in (pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN, pygame.WINDOWFOCUSLOST):
            self.lost.add(kind)
        elif kind == pygame.WINDOWFOCUSGAINED:
            self.lost.discard(pygame.WINDOWFOCUSLOST)
        elif kind in (pygame.WINDOWRESTORED, pygame.WINDOWSHOWN, pygame.WINDOWEXPOSED):
            self.lost -= {pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN}
        if self.lost and not was_lost and self.app.time > 1.0:  # not the window's own start-up events
            log.warning("window: lost the screen (%s); taking it back", pygame.event.event_name(kind))
        elif was_lost and not self.lost and self.app.time > 1.0:
            log.info("window: has the screen again")

    def watch_the_window(self) -> None:
        """Minimised, hidden or covered: restore it, raise it and take the focus back (twice a second).

        It acts on the window events SDL reported, never on a guess: at start-up the window manager may not
        have mapped or focused the window yet. Under X11 the window manager is asked (scenes.kiosk.x11): SDL's
        restore waits for a map that a window manager showing the desktop never does.
        """
        if self.app.time < self.next_watch or not self.lost:
            return
        self.next_watch = self.app.time + WATCH_EVERY
        window = kiosk_window()
        if window is None:
            return
        x11 = pygame.display.get_driver() == "x11"
        if x11:
            take_the_screen_back(pygame.display.get_wm_info()["window"])
        elif self.lost & {pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN}:
            window.restore()
        if not x11 or not self.lost & {pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN}:
            window.focus()  # raising an unmapped window would block in SDL as well
        window.grab_keyboard = True

    def update(self, dt: float) -> None:
        now = self.app.time
        if pygame.display.get_driver() != "dummy":  # a headless run has no screen to hold
            self.watch_the_window()
        if self.press_started is not None and now - self.press_started >= LONG_PRESS:
            self.press_started = None
            self.open_pin_pad()
        top = self.app.stack.top
        if top.screen in ("admin_pin", "admin") if top is not None else False:
            if self.idle() >= ADMIN_IDLE:  # an admin who walked away leaves nothing open to the public
                self.app.stack.pop()
                self.last_input = now
            return
        if top is None or top.screen == "still_playing" or self.attract:
            return
        if top.screen == "title":
            if self.idle() >= self.config.title_idle:
                self.start_attract()
        elif self.idle() >= self.config.game_idle:
            self.app.go("still_playing", self.config.countdown, self.reset_table)

    # ------------------------------------------------------------ attract --
    def start_attract(self) -> None:
        variants = self.config.attract_variants
        variant = variants[self.attract_index % len(variants)]
        self.attract_index += 1
        self.attract = True
        session = demo_session(self.app, variant, None, self.attract_index)
        log.info("attract mode: %s", variant)
        self.app.go("opening", session, demo=True, how="clear")

    def next_attract(self) -> None:
        self.start_attract()

    def end_attract(self) -> None:
        self.attract = False
        self.last_input = self.app.time
        self.app.go("title", how="clear")

    # -------------------------------------------------------------- admin --
    def reset_table(self) -> None:
        """Back to the title; the game in progress is dropped (a kiosk keeps no resumable game)."""
        self.attract = False
        self.last_input = self.app.time
        log.info("table reset")
        self.app.go("title", how="clear")

    def open_pin_pad(self) -> None:
        if self.attract:
            self.end_attract()  # the pad's taps are for the pad, not "tap to play"
        if getattr(self.app.stack.top, "screen", None) not in ("admin_pin", "admin"):
            self.app.stack.push(PinPad(self.app, self))

    def locked_for(self) -> float:
        return self.pins.seconds_left(self.app.time)

    def check_pin(self, pin: str) -> str:
        """"ok", "wrong", "locked" or "shut" (no valid PIN is set); three wrong PINs lock the pad for a
        minute, also across a restart. The log never holds the digits."""
        if self.config.admin_pin is None:
            log.warning("admin: refused (no valid admin_pin in %s)", kiosk_path())
            return "shut"
        if self.locked_for() > 0:
            log.warning("admin: refused (locked)")
            return "locked"
        if self.config.pin_matches(pin):
            self.pins.clear()
            log.info("admin: opened")
            return "ok"
        locked = self.pins.refuse(self.app.time)
        log.warning("admin: refused%s", " (now locked for a minute)" if locked else "")
        return "locked" if locked else "wrong"

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

    def draw_on_window(self, window: pygame.Surface) -> None:
        """The long press's ring, in the screen's own corner (outside the canvas when letterboxed)."""
        if self.press_started is not None:
            held = min(1.0, (self.app.time - self.press_started) / LONG_PRESS)
            side = self.corner_side()
            ring = pygame.Rect(0, 0, side * 2 // 3, side * 2 // 3)
            ring.center = (max(ring.width // 2, self.press_at[0]), max(ring.height // 2, self.press_at[1]))
            pygame.draw.arc(window, theme.HOLD_GOLD, ring, 0, held * 6.283, max(3, side // 18))


class StillPlaying(Scene):
    """"Still playing?" with a countdown; a tap carries on, the end of the countdown resets the table."""
    screen = "still_playing"

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
    screen = "admin_pin"

    transparent = True

    def __init__(self, app, kiosk: KioskController):
        super().__init__(app)
        self.kiosk = kiosk
        self.digits = ""
        self.message = t("kiosk.admin_pin") if kiosk.config.admin_pin is not None else t("kiosk.no_pin")
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
                                  size=24 if key == "Back" else 30))
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
            self.message = {"wrong": t("kiosk.wrong_pin"), "locked": t("kiosk.locked_minute"),
                            "shut": t("kiosk.no_pin")}[verdict]
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
        left = self.kiosk.locked_for()
        message = t("kiosk.locked_seconds", seconds=int(left) + 1) if left > 0 else self.message
        draw_lines(surface, message, 30, theme.INK, (self.box.centerx, self.box.y + 50), "center", "black",
                   self.box.width - 48)
        draw_text(surface, "• " * len(self.digits) or "-", 36, theme.INK, (self.box.centerx, self.box.y + 100),
                  "center", "black")
        self.row.draw(surface)


class AdminPanel(Scene):
    """The admin's choices, and beside them what the operator should know: where kiosk.yaml is and every
    problem found in it or elsewhere (the customers' screens never show these)."""

    screen = "admin"
    transparent = True

    def __init__(self, app, kiosk: KioskController):
        super().__init__(app)
        self.kiosk = kiosk
        box = pygame.Rect(0, 0, 1040, 560)
        box.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
        self.box = box
        specs = [(t("kiosk.resume"), app.stack.pop, "primary"), (t("kiosk.reset_table"), kiosk.reset_table, "quiet"),
                 (t("kiosk.reset_records"), self.reset_records, "quiet"),
                 (t("kiosk.quit_to_desktop"), self.quit_to_desktop, "danger")]
        self.row = ButtonRow([Button(pygame.Rect(box.x + 40, box.y + 110 + i * 92, 400, 74), label,
                                     action, style=style, size=28) for i, (label, action, style) in enumerate(specs)])
        self.notes = pygame.Rect(box.x + 480, box.y + 100, box.width - 520, box.height - 160)
        self.note = ""

    def problems(self) -> list[str]:
        found = list(self.kiosk.config.problems) + list(self.app.catalogue.problems)
        return found + ([self.app.notice] if self.app.notice else [])

    def quit_to_desktop(self) -> None:
        log.info("admin: quit to desktop")
        self.app.exit_status = ADMIN_QUIT_STATUS  # the systemd unit does not restart on this status
        self.app.quit(force=True)

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
        self.draw_notes(surface)
        if self.note:
            draw_text(surface, self.note, 20, theme.INK_SOFT, (self.box.centerx, self.box.bottom - 24), "center",
                      "regular", self.box.width - 40)
        self.row.draw(surface)

    def draw_notes(self, surface: pygame.Surface) -> None:
        area = self.notes
        y = area.y + draw_wrapped(surface, t("kiosk.settings_file", path=str(kiosk_path())), 18, theme.INK,
                                  pygame.Rect(area.x, area.y, area.width, 110))
        problems = self.problems()
        if not problems:
            draw_text(surface, t("kiosk.no_problems"), 18, theme.INK_SOFT, (area.x, y + 24), "midleft", "regular",
                      area.width)
            return
        y += 12
        draw_text(surface, t("kiosk.problems", count=len(problems)), 18, theme.INK, (area.x, y + 12), "midleft",
                  "bold", area.width)
        y += 30
        for shown, problem in enumerate(problems):
            if y + 90 > area.bottom:
                draw_text(surface, t("kiosk.more_in_log", count=len(problems) - shown), 18, theme.INK_SOFT,
                          (area.x, y + 10), "midleft", "regular", area.width)
                break
            y += draw_wrapped(surface, problem, 18, theme.INK_SOFT, pygame.Rect(area.x, y, area.width, 90)) + 8
