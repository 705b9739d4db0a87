"""The title: a game table with the menu on it: play, rules, settings, quit."""

from __future__ import annotations

import logging
import math
import random
import time

import pygame

from game.rules import i18n
from game.rules.i18n import t
from game.store.saves import Resumed, load_saved
from scenes.dice.dice_render import IVORY_LOOK, DieRenderer, Pose, Projection, draw_shadow
from scenes.dice.physics.cube import Labels, q_axis_angle
from scenes.online.far_away import LOOK_AGAIN, lobby_of, turn_words
from scenes.ui import assets, theme
from scenes.ui.stack import Scene
from scenes.ui.widgets import Button, ButtonRow, baize_backdrop, draw_text, shadowed_text, vertical_buttons

# Decorative dice resting on the felt: (x, y, face, angle)
RESTING_DICE = [(210, 560, 5, 12), (300, 610, 5, -8), (1070, 318, 6, 20), (1165, 432, 1, -14), (1000, 600, 3, 31)]
TITLE_DIE = 84


class TitleDice:
    """The solid dice lying on the title's felt, as the table draws them (each drawn once, then a blit)."""

    def __init__(self):
        self.view = Projection(pygame.Rect(0, 0, theme.WIDTH, theme.HEIGHT), TITLE_DIE)
        rng = random.Random(7)  # which way the side faces' numbers run: for looks only
        self.poses = [(Pose(x / TITLE_DIE, (theme.HEIGHT - y) / TITLE_DIE, 0.5,
                            q_axis_angle((0.0, 0.0, 1.0), math.radians(angle)), Labels.landing(4, face, rng)), angle)
                      for x, y, face, angle in RESTING_DICE]
        self.renderer = DieRenderer()

    def draw(self, surface: pygame.Surface) -> None:
        for pose, angle in self.poses:
            draw_shadow(surface, self.view, pose.x, pose.y, pose.z, angle % 90)
        for k, (pose, _) in enumerate(self.poses):
            self.renderer.draw(surface, self.view, pose, IVORY_LOOK, key=k)
CONTINUE_WIDTH = 600
DAILY_ROW = 500  # Play and Today's dice side by side
CONTINUE_EXTRA = 8  # pixels the Continue button is taller than the others, for its second line
DETAIL_SIZE = 15  # the second line's size: widgets.Button draws it at half the label's (30)


class TitleScene(Scene):
    screen = "title"

    dice: TitleDice

    def enter(self) -> None:
        self.dice = TitleDice()
        kiosk = self.app.kiosk is not None
        self.resumed = load_saved(self.app.catalogue.find) if not kiosk else Resumed(None)
        if self.resumed.message:
            logging.getLogger("dice_parlor").warning(self.resumed.message)
            self.app.notice = self.resumed.notice()
        specs = [(t("common.continue"), self.resume_game)] if self.resumed.session else []
        specs += [(t("title.new_game") if specs else t("title.play"), self.play), (t("title.records"), self.records),
                  (t("title.rules"), self.rules)]
        if not kiosk:  # a public screen has no way out and no settings to fiddle with
            specs += [(t("title.settings"), self.settings), (t("common.quit"), self.app.quit)]
        # Every button keeps its place whether Continue is there or not: a tap meant for Records never opens Rules.
        top = 320 if kiosk else 292 + (0 if self.resumed.session else 62 + 14 + CONTINUE_EXTRA)
        buttons = vertical_buttons(specs, theme.WIDTH // 2, top, width=380, height=62, gap=14, size=30)
        if not kiosk or self.app.kiosk.config.daily:  # Play and Today's dice share a row (a kiosk: if its file
            # says ``daily: true``)
            play = next(b for b in buttons if b.on_press == self.play)
            # a row wider than the others: "Würfel des Tages", "Dagens tärningar" fit whole in TV text
            play.rect.width, play.rect.x = 170, theme.WIDTH // 2 - DAILY_ROW // 2
            daily = Button(pygame.Rect(play.rect.right + 14, play.rect.y, DAILY_ROW - 170 - 14, 62), t("daily.button"),
                           self.daily, size=30)
            buttons.insert(buttons.index(play) + 1, daily)
        self.far = None
        if not kiosk:  # Rules and Far away share a row (a kiosk plays nothing far away)
            rules = next(b for b in buttons if b.on_press == self.rules)
            self.far = Button(pygame.Rect(0, 0, 183, 62), t("online.button"), self.far_away, size=30)
            self.far.rect.topright, rules.rect.width = rules.rect.topright, 183
            buttons.insert(buttons.index(rules) + 1, self.far)
            lobby = lobby_of(self.app)
            self.far_turns = self.far.detail = turn_words(lobby)
            if lobby.account is not None and not lobby.busy:
                lobby.ask("games")  # "Your turn in 2 games", once the lobby's thread has it
        records = next(b for b in buttons if b.on_press == self.records)  # Records and Practice share a row
        practice = Button(pygame.Rect(0, 0, 183, 62), t("practice.button"), self.practice, size=30)
        practice.rect.topright, records.rect.width = records.rect.topright, 183
        buttons.insert(buttons.index(records) + 1, practice)
        self.saved_words = ""
        if self.resumed.session:  # Continue is wider and taller: it says which game, whose, and when
            first = buttons[0]
            first.rect = pygame.Rect(0, 0, CONTINUE_WIDTH, 62 + CONTINUE_EXTRA)
            first.rect.midtop = (theme.WIDTH // 2, top)
            for button in buttons[1:]:
                button.rect.y += CONTINUE_EXTRA
            first.detail = continue_detail(self.resumed, CONTINUE_WIDTH - 16, DETAIL_SIZE)
            self.saved_words = saved_when(self.resumed.saved_at)
        old = getattr(self, "row", None)
        self.row = ButtonRow(buttons)
        focus = old.focus if old is not None and len(old.buttons) == len(buttons) else None
        if focus is not None:  # back from a screen: the focus stays where it was
            self.row.focus = focus
            buttons[focus].focus = True
        self.problems = list(self.app.catalogue.problems)

    def resume(self) -> None:
        self.enter()  # a game may have been saved or finished meanwhile, or the language changed in Settings

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.far is not None:
            lobby = lobby_of(self.app)
            if lobby.taken() or turn_words(lobby) != self.far_turns:
                self.far_turns = self.far.detail = turn_words(lobby)  # under "Far away": "Your turn in 2 games"
                self.app.redraw()
        if self.saved_words and saved_when(self.resumed.saved_at) != self.saved_words:  # "just now" ages
            self.saved_words = saved_when(self.resumed.saved_at)
            self.row.buttons[0].detail = continue_detail(self.resumed, CONTINUE_WIDTH - 16, DETAIL_SIZE)
            self.app.redraw()

    def wake_in(self) -> float | None:
        """Besides the clock's timers: the next minute of "saved 5 min ago", when the words may change."""
        due = super().wake_in()
        if self.far is not None and lobby_of(self.app).busy:  # an answer on its way: looked for a few times a second
            due = LOOK_AGAIN if due is None else min(due, LOOK_AGAIN)
        if not self.saved_words or self.resumed.saved_at is None:
            return due
        minute = 60 - (time.time() - self.resumed.saved_at) % 60
        return minute if due is None else min(due, minute)

    def resume_game(self) -> None:
        resumed = load_saved(self.app.catalogue.find)
        if resumed.session is None:
            self.app.notice = resumed.notice() or t("title.save_gone")
            self.enter()
            return
        self.app.go("opening", resumed.session)

    def records(self) -> None:
        self.app.records_opening.when_ready(lambda: self.app.go("records"))

    def practice(self) -> None:
        self.app.records_opening.when_ready(lambda: self.app.go("practice"))

    def play(self) -> None:
        self.app.go("new_game")

    def daily(self) -> None:
        self.app.go("daily")

    def far_away(self) -> None:
        self.app.go("far_away")

    def rules(self) -> None:
        self.app.go("rules")

    def settings(self) -> None:
        self.app.go("settings")

    def handle(self, intent):
        if intent.kind in ("quit", "fullscreen", "help"):
            return intent
        if intent.kind == "back":
            self.app.quit(how="pad B on the title" if self.app.input.pad_last else "Esc on the title")
            return None
        if intent.kind == "confirm" and self.row.focus is None:
            self.row.buttons[0].press(self.clock.time)
            return None
        self.row.handle(intent, self.clock.time)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        baize_backdrop(surface, 28)
        self.dice.draw(surface)
        shadowed_text(surface, "Dice Parlor", 112, (255, 236, 170), (theme.WIDTH // 2, 170), "center",
                      "title", 5)
        draw_text(surface, t("title.tagline"), 28, (226, 238, 226), (theme.WIDTH // 2, 262), "center", "regular",
                  theme.WIDTH - 160)
        self.row.draw(surface)
        if self.app.kiosk is not None:
            return  # the operator reads notices in the log and on the admin panel, not the customers
        if self.app.notice:
            draw_text(surface, self.app.notice, 18, (255, 226, 170), (theme.WIDTH // 2, theme.HEIGHT - 44), "center",
                      "bold", theme.WIDTH - 100)
        for i, problem in enumerate(self.problems[:3]):
            draw_text(surface, t("title.variant_refused", problem=problem), 16, (255, 214, 190),
                      (44, theme.HEIGHT - 60 - 22 * i), "bottomleft", "regular", theme.WIDTH - 100)


def continue_detail(resumed: Resumed, width: int | None = None, size: int = DETAIL_SIZE) -> str:
    """"Classic Yahtzee - Ann, Ada - saved 5 min ago" under Continue, in the player's language.

    With ``width``, the names share the room left by the rest: a long one is shortened ("Maximil…, Ann, Ada"),
    so it never hides the others."""
    session = resumed.session
    if session is None:
        return ""
    each = [assets.printable(seat.name) for seat in session.seats]
    names = ", ".join(each)
    words = {"game": str(session.variant.name), "when": saved_when(resumed.saved_at)}
    if width is not None:
        drawn = assets.scaled(size)
        room = max(40, width - assets.measure(t("title.continue_detail", names="", **words), drawn))
        names = _share(each, drawn, room)
    return t("title.continue_detail", names=names, **words)


def _share(names: list[str], size: int, room: int) -> str:
    """The names joined, each cut to what is left for it once the shorter ones have what they need."""
    comma = assets.measure(", ", size)
    left, shown = room - comma * (len(names) - 1), list(names)
    for count, i in enumerate(sorted(range(len(names)), key=lambda k: assets.measure(names[k], size))):
        share = left // (len(names) - count)
        shown[i] = assets.fit(names[i], size, max(share, 1))
        left -= assets.measure(shown[i], size)
    return ", ".join(shown)


def saved_when(when: float | None, now: float | None = None) -> str:
    """How long ago a game was saved: "just now", "5 min ago", "3 h ago", else its date."""
    if when is None:
        return t("title.saved_earlier")
    minutes = int(max(0.0, (time.time() if now is None else now) - when) // 60)
    if minutes < 1:
        return t("title.saved_just_now")
    if minutes < 60:
        return t("title.saved_minutes", count=minutes)
    if minutes < 48 * 60:
        return t("title.saved_hours", count=minutes // 60)
    return t("title.saved_on", date=i18n.date(when, with_time=False))
