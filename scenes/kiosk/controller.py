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
import os
from dataclasses import replace

import pygame

from game.rules.i18n import t
from game.store.kiosk import KioskConfig, PinLock, kiosk_path, load_kiosk, provide_pin
from game.store.kiosk_run import RunMark
from scenes.demo import demo_session
from scenes.kiosk.x11 import keep_on_every_desktop, take_the_screen_back
from scenes.ui import theme
from scenes.ui.display import display_window
from scenes.ui.heap import memory_report
from scenes.ui.input import PRESSES, Intent
from scenes.ui.widgets import draw_text

log = logging.getLogger("dice_parlor.kiosk")

CORNER = 96  # the admin corner's side, in canvas pixels, measured from the screen's own top-left corner
LONG_PRESS = 3.0
ADMIN_IDLE = 30.0  # seconds before an untouched PIN pad or admin panel closes itself
WATCH_EVERY = 0.5  # seconds between looks at whether the window still has the screen
STILL_LOST = 5.0  # seconds without the screen before the log says the kiosk could not take it back
ATTRACT_FPS = 30  # the attract mode's computer games: smooth enough, half the power
ATTRACT_STILL_FPS = 10  # a still table: "Tap to play" breathes smoothly, taps are seen within 0.1 s


class NoScreen(Exception):
    """A kiosk that SDL could only give an invisible screen (no display to show on)."""


def require_a_screen() -> None:
    """Raise NoScreen when SDL fell back on its offscreen (or dummy) driver without being asked to: with no
    DISPLAY or WAYLAND_DISPLAY a kiosk would run invisibly for good, and systemd would never restart it."""
    driver = pygame.display.get_driver()
    if driver in ("offscreen", "dummy") and os.environ.get("SDL_VIDEODRIVER", "").lower() != driver:
        shown = {name: os.environ.get(name) or "unset" for name in ("DISPLAY", "WAYLAND_DISPLAY")}
        raise NoScreen(f"kiosk: no screen to show on (DISPLAY {shown['DISPLAY']}, WAYLAND_DISPLAY "
                       f"{shown['WAYLAND_DISPLAY']}; SDL offered only its {driver} driver)")


def ready_kiosk(config: KioskConfig) -> KioskConfig:
    """At a kiosk's start: a PIN if the file has none (written into it), and the run marked, so the log says
    when the last run did not end cleanly (scenes.stop.say_exit takes the mark off at a clean end)."""
    config, said = provide_pin(config)
    if said:
        log.warning(said)
    if config.admin_pin is None:
        log.warning("kiosk: the admin panel is shut until kiosk.yaml holds a valid admin_pin")
    said = RunMark().start()
    if said:
        log.warning(said)
    return config


def hold_the_screen(show_cursor: bool) -> None:
    """Keep a public screen to ourselves without changing how the mouse works.

    The keyboard alone is grabbed (Alt+Tab, Super and the window manager's keys come to us, see
    SDL_ALLOW_ALT_TAB_WHILE_GRABBED in the app), and the cursor is hidden by drawing a transparent
    one: hiding it with ``mouse.set_visible(False)`` while input is grabbed puts SDL into relative
    mouse mode, where clicks and a touch panel's taps lose their real position.
    """
    window = display_window()
    if window is None:
        return
    try:
        window.grab_keyboard = True
        window.always_on_top = True
        if pygame.display.get_driver() == "x11":
            keep_on_every_desktop(pygame.display.get_wm_info()["window"])
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
        self.lost_at: float | None = None  # when it lost the screen (the app's clock)
        self.said_still_lost = False
        window = app.window.get_size()
        log.info("display: %s driver, %dx%d", pygame.display.get_driver(), *window)

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
        if self.attract and intent.kind in PRESSES:
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
        was_lost, said = bool(self.lost), self.app.time > 1.0  # not the window's own start-up events
        if kind in (pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN, pygame.WINDOWFOCUSLOST):
            self.lost.add(kind)
        elif kind == pygame.WINDOWFOCUSGAINED:
            self.lost.discard(pygame.WINDOWFOCUSLOST)
        elif kind in (pygame.WINDOWRESTORED, pygame.WINDOWSHOWN, pygame.WINDOWEXPOSED):
            self.lost -= {pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN}
        if kind == pygame.WINDOWFOCUSGAINED:
            self.grab_again()
        if self.lost and not was_lost:
            self.lost_at = self.app.time
            self.next_watch = 0.0  # taken back at the next update, not at the next half-second look
            if said:
                log.warning("window: lost the screen (%s); taking it back", pygame.event.event_name(kind))
        elif was_lost and not self.lost:
            if said and self.said_still_lost:
                log.warning("window: has the screen again, after %.0f s", self.app.time - (self.lost_at or 0.0))
            elif said:
                log.info("window: has the screen again")
            self.lost_at, self.said_still_lost = None, False

    def grab_again(self) -> None:
        """The focus is back: the keyboard grab at once (a window manager's "show desktop" or a panel that took
        the focus dropped it, and a key meant for nothing would reach the desktop)."""
        window = display_window()
        if window is not None and pygame.display.get_driver() != "dummy":
            try:
                window.grab_keyboard = False  # SDL skips a grab it believes it holds: off and on grabs anew
                window.grab_keyboard = True
            except pygame.error:
                pass

    def watch_the_window(self) -> None:
        """Minimised, hidden or covered: restore it, raise it and take the focus back (twice a second).

        It acts on the window events SDL reported, never on a guess: at start-up the window manager may not
        have mapped or focused the window yet. Under X11 the window manager is asked (scenes.kiosk.x11): SDL's
        restore waits for a map that a window manager showing the desktop never does.
        """
        if self.app.time < self.next_watch or not self.lost:
            return
        self.next_watch = self.app.time + WATCH_EVERY
        window = display_window()
        if window is None:
            return
        x11 = pygame.display.get_driver() == "x11"
        unmapped = bool(self.lost & {pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN})
        if x11:
            take_the_screen_back(pygame.display.get_wm_info()["window"])
        elif unmapped:
            window.restore()
        if not (x11 and unmapped):
            window.focus()  # raising an unmapped window would block in SDL as well
        window.grab_keyboard = True

    def update(self, dt: float) -> None:
        now = self.app.time
        if self.lost_at is not None and not self.said_still_lost and now - self.lost_at >= STILL_LOST:
            self.said_still_lost = True  # said once; the line that it is back says how long it took
            log.error("window: could not take the screen back in %.0f s; still trying", STILL_LOST)
        if pygame.display.get_driver() != "dummy":  # a headless run has no screen to hold
            self.watch_the_window()
        if self.press_started is not None and now - self.press_started >= LONG_PRESS:
            self.press_started = None
            self.open_pin_pad()
        top = self.app.stack.top
        if self.admin_open():
            if self.idle() >= ADMIN_IDLE:  # an admin who walked away leaves nothing open to the public
                log.info("admin: the %s closed itself, unused for %.0f s",
                         "PIN pad" if top.screen == "admin_pin" else "admin panel", ADMIN_IDLE)
                self.app.stack.pop()
                self.last_input = now
            return
        if top is None or top.screen == "still_playing" or self.attract:
            return
        if top.screen == "title":
            self.app.last_setup = None  # the visitor who set up the last game has left: the next finds the defaults
            if self.config.attract and self.idle() >= self.config.title_idle:
                self.start_attract()
        elif self.idle() >= self.config.game_idle:
            self.app.go("still_playing", self.config.countdown, lambda: self.reset_table("idle"))

    # ------------------------------------------------------------ attract --
    def start_attract(self) -> None:
        variants = self.config.attract_variants
        variant = variants[self.attract_index % len(variants)]
        self.attract_index += 1
        self.attract = True
        self.app.last_setup = None  # whoever set up the last game has gone: the next visitor starts afresh
        session = demo_session(self.app, variant, None, self.attract_index)
        log.info("attract mode: %s (%s)", variant, memory_report())
        self.app.go("opening", session, demo=True, how="clear")

    def next_attract(self) -> None:
        self.start_attract()

    def end_attract(self) -> None:
        self.attract = False
        self.last_input = self.app.time
        self.app.go("title", how="clear")

    def frame_rate(self, fps: int) -> int:
        """The attract mode's frames a second: its games need no more than ATTRACT_FPS; a still table (a computer
        "thinking", about half the time) only "Tap to play" breathing, which ATTRACT_STILL_FPS keeps smooth."""
        top = self.app.stack.top
        if top is None or top.screen_name() != "attract":
            return fps
        return min(fps, ATTRACT_FPS if top.moving() else ATTRACT_STILL_FPS)

    def animating(self) -> bool:
        """"Tap to play" breathes over the attract mode; the long press's ring grows."""
        return self.attract or self.press_started is not None

    # -------------------------------------------------------------- admin --
    def reset_table(self, why: str = "admin") -> None:
        """Back to the title; the game in progress is dropped (a kiosk keeps no resumable game), and its seats
        with it: the next visitor finds the default seats. ``why``: "idle" (the countdown ran out) or "admin"
        (the admin panel), said apart in the log, which answers "my game vanished"."""
        self.attract = False
        self.last_input = self.app.time
        self.app.last_setup = None
        if why == "idle":
            log.info("table reset: no touch for %.0f s, then the %.0f s countdown", self.config.game_idle,
                     self.config.countdown)
        else:
            log.info("table reset by the admin")
        self.app.go("title", how="clear")

    def open_pin_pad(self) -> None:
        if self.attract:
            self.end_attract()  # the pad's taps are for the pad, not "tap to play"
        if not self.admin_open():
            self.pins.look()
            self.app.go("admin_pin", self)

    def admin_open(self) -> bool:
        return getattr(self.app.stack.top, "screen", None) in ("admin_pin", "admin")

    def locked_for(self) -> float:
        return self.pins.seconds_left(self.app.time)

    def check_pin(self, pin: str) -> str:
        """"ok", "wrong", "locked" or "shut" (no valid PIN is set); three wrong PINs lock the pad for a
        minute, each further three for twice as long (5 minutes at most), also across a restart; the owner's
        ``dice-parlor kiosk-unlock`` ends a lock. The log never
        holds the digits."""
        if self.config.admin_pin is None:
            self.read_the_pin_again()
        if self.config.admin_pin is None:
            log.warning("admin: refused (no valid admin_pin in %s)", kiosk_path())
            return "shut"
        self.pins.look()  # unlocked from a shell since (dice-parlor kiosk-unlock)
        if self.locked_for() > 0:
            log.warning("admin: refused (locked)")
            return "locked"
        if self.config.pin_matches(pin):
            self.pins.clear()
            log.info("admin: opened")
            return "ok"
        locked = self.pins.refuse(self.app.time)
        minutes = round(self.pins.locked_for / 60)
        log.warning("admin: refused%s", f" (now locked for {minutes} minute{'s' * (minutes != 1)})" if locked else "")
        return "locked" if locked else "wrong"

    def read_the_pin_again(self) -> None:
        """A kiosk without a valid PIN reads kiosk.yaml again at each try: the owner who fixed the PIN's line
        (from a shell) gets in without a restart. Only the PIN is taken; the other settings wait for one."""
        fresh = load_kiosk(self.app.catalogue.names())
        if fresh.admin_pin is not None:
            self.config = replace(self.config, admin_pin=fresh.admin_pin, pin_state="set")
            log.info("admin: a valid admin_pin is in %s now", kiosk_path())

    # --------------------------------------------------------------- draw --
    def draw(self, surface: pygame.Surface) -> None:
        if self.attract:
            # at the canvas's foot; on a portrait screen shown in parts, at the foot of the top one (the felt)
            view = self.app.viewport
            area = view.pieces[0][0] if view.split else pygame.Rect(0, 0, theme.WIDTH, theme.HEIGHT)
            rect = pygame.Rect(0, 0, min(520, area.width - 32), 86)
            rect.midbottom = (area.centerx, area.bottom - 24)
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
