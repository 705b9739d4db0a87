"""The kiosk's overlays: "Still playing?" with its countdown, the admin's PIN pad and the admin panel."""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from dataclasses import replace

import pygame

from game.rules.i18n import t
from game.store.kiosk import ADMIN_QUIT_STATUS, kiosk_path
from game.store.kiosk_edit import set_setting
from game.store.logtail import last_lines, log_path
from game.store.records import reset_records
from scenes.ui import assets, theme
from scenes.ui.input import PRESSES
from scenes.ui.stack import Scene
from scenes.ui.textfit import draw_lines, draw_wrapped, fit_lines
from scenes.ui.widgets import Button, ButtonRow, dim, draw_text, panel

log = logging.getLogger("dice_parlor.kiosk")


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
        if intent.kind in PRESSES:
            self.carry_on()
        return None

    def update(self, dt: float) -> None:
        super().update(dt)
        self.left -= dt
        if self.left <= 0:
            self.on_timeout()

    def wake_in(self) -> float | None:
        """The countdown shows whole seconds: one frame each time it ticks down, none between."""
        return self.left - math.floor(self.left) or 1.0

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 160)
        panel(surface, self.box, theme.PAPER, 20, theme.WOOD_LIGHT)
        draw_text(surface, t("kiosk.still_playing"), 44, theme.INK, (self.box.centerx, self.box.y + 60), "center",
                  "black", self.box.width - 40)
        draw_text(surface, t("kiosk.back_to_start", seconds=max(0, math.ceil(self.left))), 26, theme.INK_SOFT,
                  (self.box.centerx, self.box.y + 120), "center", "regular", self.box.width - 40)
        self.row.draw(surface)


class _AdminOverlay(Scene):
    """What the PIN pad and the admin panel share: a paper box over the dimmed screen, Esc closes it, every
    other input goes to its buttons."""

    transparent = True
    box: pygame.Rect
    row: ButtonRow

    def handle(self, intent):
        if intent.kind == "back":
            self.app.stack.pop()
        else:
            self.row.handle(intent, self.clock.time)
        return None

    def draw_box(self, surface: pygame.Surface) -> None:
        dim(surface, 170)
        panel(surface, self.box, theme.PAPER, 20, theme.WOOD_LIGHT)


class PinPad(_AdminOverlay):
    """An on-screen keypad for the admin PIN: touch only, large keys, and digit keys for staff."""

    screen = "admin_pin"

    def __init__(self, app, kiosk):  # kiosk: the KioskController
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
            minutes = round(self.kiosk.pins.locked_for / 60)
            locked = t("kiosk.locked_minute") if minutes <= 1 else t("kiosk.locked_minutes", count=minutes)
            self.message = {"wrong": t("kiosk.wrong_pin"), "locked": locked,
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
        else:
            return super().handle(intent)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_box(surface)
        left = self.kiosk.locked_for()
        message = t("kiosk.locked_seconds", seconds=int(left) + 1) if left > 0 else self.message
        draw_lines(surface, message, 30, theme.INK, (self.box.centerx, self.box.y + 50), "center", "black",
                   self.box.width - 48)
        draw_text(surface, "• " * len(self.digits) or "-", 36, theme.INK, (self.box.centerx, self.box.y + 100),
                  "center", "black")
        self.row.draw(surface)


PROBLEM_SIZE = 18
PROBLEM_HEIGHT = 90  # the most one problem takes on the panel (its type shrinks to fit)
LOG_SIZE = 14
IDLE_CHOICES = (60, 90, 120, 180, 300)  # "Game idle", in turn: seconds without a touch before "Still playing?"
CONFIRM_SECONDS = 10.0  # "Reset the records" waits this long for its second tap


class AdminPanel(_AdminOverlay):
    """The admin's choices, and beside them what the operator should know: where kiosk.yaml is and every
    problem found in it or elsewhere, in the file's order, a page at a time (the customers' screens never show
    these); or, at a tap on "The log", where the log is and its last lines; or, at "Settings", the idle time
    before "Still playing?" and the attract mode on or off, written into kiosk.yaml. "Reset the records" asks for
    a second tap: one slip of a finger must not empty the high scores."""

    screen = "admin"

    def __init__(self, app, kiosk):  # kiosk: the KioskController
        super().__init__(app)
        self.kiosk = kiosk
        box = pygame.Rect(0, 0, 1040, 600)
        box.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
        self.box = box
        specs = [(t("kiosk.resume"), app.stack.pop, "primary"),
                 (t("kiosk.reset_table"), lambda: kiosk.reset_table("admin"), "quiet"),
                 (t("kiosk.reset_records"), self.reset_records, "quiet"),
                 (t("kiosk.quit_to_desktop"), self.quit_to_desktop, "danger")]
        self.row = ButtonRow([Button(pygame.Rect(box.x + 40, box.y + 110 + i * 92, 400, 74), label,
                                     action, style=style, size=28) for i, (label, action, style) in enumerate(specs)])
        self.reset_button = self.row.buttons[2]
        self.armed_for: float | None = None  # real seconds "Reset the records" still waits for its second tap
        self.notes = pygame.Rect(box.x + 480, box.y + 100, box.width - 520, box.height - 160)
        self.note = ""
        self.log_shown: list[str] | None = None  # the log's last lines while they are shown instead of problems
        self.settings_shown = False  # the settings' buttons in place of the problems
        self.settings_said = ""
        size, lines = fit_lines(t("kiosk.settings_file", path=str(kiosk_path())), 18, self.notes.width, height=110,
                                smallest=12)
        self.list_top = len(lines) * assets.line_height(size) + 44  # in the notes: below the file and the count
        self.pages = self.paged(self.problems())
        self.page = 0
        if len(self.pages) > 1:
            half = (self.notes.width - 12) // 2
            for i, (label, step) in enumerate(((t("kiosk.previous_page"), -1), (t("kiosk.next_page"), 1))):
                rect = pygame.Rect(self.notes.x + i * (half + 12), self.notes.bottom - 56, half, 56)
                self.row.buttons.append(Button(rect, label, lambda s=step: self.turn(s), style="quiet", size=22))
        self.page_buttons = self.row.buttons[4:]
        self.log_button = Button(pygame.Rect(box.right - 40 - 200, box.y + 22, 200, 56), t("kiosk.show_log"),
                                 self.toggle_log, style="quiet", size=22)
        self.settings_button = Button(pygame.Rect(box.right - 40 - 412, box.y + 22, 200, 56),
                                      t("kiosk.show_settings"), self.toggle_settings, style="quiet", size=22)
        self.row.buttons += [self.settings_button, self.log_button]
        self.idle_button = Button(pygame.Rect(self.notes.x, self.notes.y + 20, self.notes.width, 64), "",
                                  self.next_idle, style="quiet", size=24)
        self.attract_button = Button(pygame.Rect(self.notes.x, self.notes.y + 104, self.notes.width, 64), "",
                                     self.toggle_attract, style="quiet", size=24)
        self.label_settings()
        self.sound_button = Button(pygame.Rect(box.x + 40, box.y + 110 + 4 * 92, 400, 56), self.sound_label(),
                                   self.toggle_sound, style="quiet", size=24)
        self.row.buttons.append(self.sound_button)

    def sound_label(self) -> str:
        return t("kiosk.sound_on" if self.app.settings.sound else "kiosk.sound_off")

    def toggle_sound(self) -> None:
        """A café may want the dice quiet: the sound on or off, kept in the settings file (as at home)."""
        self.app.settings.sound = not self.app.settings.sound
        self.app.apply_settings()
        self.sound_button.label = self.sound_label()
        log.info("admin: sound %s", "on" if self.app.settings.sound else "off")

    def paged(self, problems: list[str]) -> list[list[str]]:
        """The problems in pages that fit the notes, each whole, in their order."""
        room = self.notes.height - self.list_top - 64  # the page buttons below
        pages: list[list[str]] = [[]]
        used = 0
        for problem in problems:
            size, lines = fit_lines(problem, PROBLEM_SIZE, self.notes.width, smallest=max(8, int(PROBLEM_SIZE * 0.7)),
                                    height=PROBLEM_HEIGHT)
            height = len(lines) * assets.line_height(size) + 8
            if pages[-1] and used + height > room:
                pages.append([])
                used = 0
            pages[-1].append(problem)
            used += height
        return pages

    def label_settings(self) -> None:
        config = self.kiosk.config
        self.idle_button.label = t("kiosk.game_idle", seconds=int(config.game_idle))
        self.attract_button.label = t("kiosk.attract_on" if config.attract else "kiosk.attract_off")

    def toggle_settings(self) -> None:
        if self.log_shown is not None:
            self.toggle_log()
        self.settings_shown = not self.settings_shown
        self.settings_said = ""
        for button in (self.idle_button, self.attract_button):
            if self.settings_shown:
                self.row.buttons.append(button)
            elif button in self.row.buttons:
                self.row.buttons.remove(button)
        self.settings_button.label = t("kiosk.show_problems" if self.settings_shown else "kiosk.show_settings")
        for button in self.page_buttons:
            button.enabled = not self.settings_shown

    def next_idle(self) -> None:
        config = self.kiosk.config
        later = [seconds for seconds in IDLE_CHOICES if seconds > config.game_idle]
        seconds = later[0] if later else IDLE_CHOICES[0]
        value = (f"{{game_seconds: {seconds}, countdown_seconds: {int(config.countdown)}, "
                 f"title_seconds: {int(config.title_idle)}}}")
        self.change("idle", value, replace(config, game_idle=float(seconds)), f"game idle {seconds} s")

    def toggle_attract(self) -> None:
        config = self.kiosk.config
        self.change("attract", "false" if config.attract else "true", replace(config, attract=not config.attract),
                    f"attract mode {'off' if config.attract else 'on'}")

    def change(self, key: str, value: str, config, said: str) -> None:
        """In force at once; kept in kiosk.yaml when it can be (else said here and in the log)."""
        self.kiosk.config = config
        self.label_settings()
        problem = set_setting(kiosk_path(), key, value)
        self.settings_said = t("kiosk.settings_kept") if problem is None else t("kiosk.settings_not_kept",
                                                                                 problem=problem)
        if problem is None:
            log.info("admin: %s (written to %s)", said, kiosk_path())
        else:
            log.warning("admin: %s, until the next start: %s", said, problem)

    def toggle_log(self) -> None:
        """The log's last lines in place of the problems, and back; read anew at each tap."""
        if self.settings_shown:
            self.toggle_settings()
        if self.log_shown is None:
            try:
                self.log_shown = last_lines(60)
            except OSError as error:
                self.log_shown = [t("kiosk.log_unreadable", error=error.strerror or error)]
            log.info("admin: the log's last lines shown")
        else:
            self.log_shown = None
        self.log_button.label = t("kiosk.show_problems" if self.log_shown is not None else "kiosk.show_log")
        for button in self.page_buttons:
            button.enabled = self.log_shown is None

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.armed_for is not None:
            self.armed_for -= dt  # real time, whatever the animation speed
            if self.armed_for <= 0:
                self.disarm()

    def wake_in(self) -> float | None:
        """The unconfirmed reset's end changes the button back: one frame then."""
        times = [time for time in (super().wake_in(), self.armed_for) if time is not None]
        return max(0.0, min(times)) if times else None

    def disarm(self) -> None:
        self.armed_for = None
        self.reset_button.label, self.reset_button.style = t("kiosk.reset_records"), "quiet"
        self.note = ""

    def turn(self, step: int) -> None:
        self.page = (self.page + step) % len(self.pages)

    def problems(self) -> list[str]:
        found = list(self.kiosk.config.problems) + list(self.app.catalogue.problems)
        found += [self.app.saving.problem] if self.app.saving.problem else []
        return found + ([self.app.notice] if self.app.notice else [])

    def quit_to_desktop(self) -> None:
        log.info("admin: quit to desktop")
        self.app.exit_status = ADMIN_QUIT_STATUS  # the systemd unit does not restart on this status
        self.app.quit(force=True)

    def reset_records(self) -> None:
        if self.armed_for is None:  # the first tap only asks
            self.armed_for = CONFIRM_SECONDS
            self.reset_button.label, self.reset_button.style = t("kiosk.reset_records_again"), "danger"
            self.note = t("kiosk.reset_records_confirm")
            return
        self.disarm()
        self.app.records_opening.stop(5.0)  # what it was bringing over is set aside with the rest
        try:
            reset_records()  # the database is moved aside, kept in case it was a mistake
            self.note = t("kiosk.records_reset")
            log.info("records reset by the admin")
        except Exception as error:  # a kiosk never stops on a file problem
            self.note = t("kiosk.records_not_reset", error=error)
            log.warning("records reset failed: %s", error)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_box(surface)
        draw_text(surface, t("kiosk.admin"), 38, theme.INK, (self.box.x + 40, self.box.y + 50), "midleft", "black",
                  400)
        self.draw_notes(surface)
        if self.note:
            draw_text(surface, self.note, 20, theme.INK_SOFT, (self.box.centerx, self.box.bottom - 24), "center",
                      "regular", self.box.width - 40)
        self.row.draw(surface)

    def draw_notes(self, surface: pygame.Surface) -> None:
        area = self.notes
        if self.log_shown is not None:
            self.draw_log(surface)
            return
        if self.settings_shown:
            draw_wrapped(surface, self.settings_said or t("kiosk.settings_where", path=str(kiosk_path())), 18,
                         theme.INK_SOFT, pygame.Rect(area.x, area.y + 200, area.width, 120))
            return
        draw_wrapped(surface, t("kiosk.settings_file", path=str(kiosk_path())), 18, theme.INK,
                     pygame.Rect(area.x, area.y, area.width, 110))
        problems = [problem for page in self.pages for problem in page]
        if not problems:
            draw_text(surface, t("kiosk.no_problems"), 18, theme.INK_SOFT,
                      (area.x, area.y + self.list_top - 18), "midleft", "regular", area.width)
            return
        heading = t("kiosk.problems", count=len(problems))
        if len(self.pages) > 1:
            heading = t("kiosk.problems_page", count=len(problems), page=self.page + 1, pages=len(self.pages))
        draw_text(surface, heading, 18, theme.INK, (area.x, area.y + self.list_top - 18), "midleft", "bold", area.width)
        y = area.y + self.list_top
        for problem in self.pages[self.page]:
            y += draw_wrapped(surface, problem, PROBLEM_SIZE, theme.INK_SOFT,
                              pygame.Rect(area.x, y, area.width, PROBLEM_HEIGHT)) + 8

    def draw_log(self, surface: pygame.Surface) -> None:
        """Where the log is, then as many of its last lines as fit, the newest at the bottom."""
        area = pygame.Rect(self.notes.x, self.notes.y, self.notes.width, self.box.bottom - 48 - self.notes.y)
        used = draw_wrapped(surface, t("kiosk.log_file", path=str(log_path())), 18, theme.INK,
                            pygame.Rect(area.x, area.y, area.width, 90))
        step = assets.line_height(LOG_SIZE)
        room = max(0, (area.bottom - area.y - used - 12) // step)
        shown = self.log_shown[-room:] if room else []
        y = area.bottom - len(shown) * step
        for line in shown:
            draw_text(surface, line, LOG_SIZE, theme.INK_SOFT, (area.x, y + step // 2), "midleft", "regular",
                      area.width)
            y += step
