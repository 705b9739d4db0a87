"""Today's dice, before the game: the UTC day, its game, and who plays (the people last set up at this screen).

Each person chosen plays the day's game alone, one after the other (game.daily.rounds): the dice are the same
for everyone, so the others look away, and the results show side by side once everyone has played. A person
who already has a result today may play again: that try is practice (said beside their name).
"""

from __future__ import annotations

import pygame

from game.daily.dice import day_variant_id, utc_day
from game.daily.results import load_results
from game.daily.rounds import DailyRound
from game.rules import i18n
from game.rules.i18n import t
from scenes.menus.newgame import ask_before_replacing, last_setup, person_name
from scenes.ui import theme
from scenes.ui.stack import Scene
from scenes.ui.widgets import Button, ButtonRow, baize_backdrop, draw_text, panel, shadowed_text

PERSON_W, PERSON_H, PERSON_GAP = 400, 64, 14


def day_words(day) -> str:
    """"28 Nov 2026 (UTC day: ...)": the day is the UTC day, wherever the player is, and the screen says so."""
    from datetime import datetime

    return str(t("daily.day", date=i18n.date(datetime(day.year, day.month, day.day), with_time=False)))


class DailyScene(Scene):
    screen = "daily"
    bindings = "game_over"

    def __init__(self, app):
        super().__init__(app)
        self.day = utc_day()
        self.variant = app.catalogue.find(day_variant_id(self.day))
        people, seen = [], set()
        for seat in last_setup(app).seats:
            if not seat.computer and seat.name.strip() and seat.name.strip().casefold() not in seen:
                seen.add(seat.name.strip().casefold())
                people.append((seat.name.strip(), seat.colour))
        self.people = (people or [(person_name(0), theme.SEAT_ORDER[0])])[:self.variant.max_players]
        self.chosen = [True] * len(self.people)
        self.warning = ""
        self.row = ButtonRow()

    def enter(self) -> None:
        self.results = load_results()
        self._build()

    def resume(self) -> None:
        self.enter()

    def _build(self) -> None:
        focus = self.row.focus
        buttons = []
        for i, (name, _) in enumerate(self.people):
            column, line = i % 2, i // 2
            rect = pygame.Rect(0, 0, PERSON_W, PERSON_H)
            rect.midtop = (theme.WIDTH // 2 + (column * 2 - 1) * (PERSON_W // 2 + 12) if len(self.people) > 1
                           else theme.WIDTH // 2, 338 + line * (PERSON_H + PERSON_GAP))
            kept = self.results.result_of(self.day, name)
            detail = t("daily.plays") if self.chosen[i] else t("daily.sits_out")
            if kept is not None:
                detail = f"{detail} - {t('daily.played', score=kept['score'])}"
            button = Button(rect, name, lambda i=i: self.toggle(i), style="primary" if self.chosen[i] else "quiet",
                            size=26, detail=str(detail))
            buttons.append(button)
        back, start = pygame.Rect(0, 0, 260, 68), pygame.Rect(0, 0, 420, 68)
        back.topleft, start.topright = (theme.WIDTH // 2 - 350, 640), (theme.WIDTH // 2 + 350, 640)
        buttons.append(Button(back, t("daily.back"), self.back, style="quiet", size=26))
        self.start_button = Button(start, t("daily.start"), self.begin, size=28, enabled=any(self.chosen))
        buttons.append(self.start_button)
        self.row = ButtonRow(buttons)
        if focus is not None and focus < len(buttons):
            self.row._focus_on(focus)
        self.app.redraw()

    def toggle(self, i: int) -> None:
        self.chosen[i] = not self.chosen[i]
        self.warning = "" if any(self.chosen) else str(t("daily.nobody"))
        self._build()

    def back(self) -> None:
        self.app.stack.pop()

    def begin(self) -> None:
        """Start, after asking first if this would replace a game kept for Continue (as New game does)."""
        ask_before_replacing(self.app, self.start_game)

    def start_game(self) -> None:
        """Each person chosen plays a whole game alone, one after the other (game.daily.rounds): with more than
        one, a hand-over screen first tells the others to look away."""
        people = [person for person, chosen in zip(self.people, self.chosen) if chosen]
        if not people:
            return
        day = utc_day()  # midnight UTC may have passed on this screen: the game is the day it starts on
        variant = self.variant if day == self.day else self.app.catalogue.find(day_variant_id(day))
        round_ = DailyRound(day, variant, people)
        if len(people) == 1:
            self.app.go("opening", round_.begin_next(), how="replace")
        else:
            self.app.go("daily_next", round_, how="replace")

    def handle(self, intent):
        if intent.kind in ("quit", "fullscreen", "help"):
            return intent
        if intent.kind == "back":
            self.back()
            return None
        self.row.handle(intent, self.clock.time)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        baize_backdrop(surface, 28)
        shadowed_text(surface, t("daily.title"), 72, (255, 236, 170), (theme.WIDTH // 2, 110), "center", "title", 4)
        draw_text(surface, day_words(self.day), 28, (236, 244, 236), (theme.WIDTH // 2, 186), "center", "bold",
                  theme.WIDTH - 160)
        box = pygame.Rect(0, 0, 900, 84)
        box.midtop = (theme.WIDTH // 2, 226)
        panel(surface, box, theme.PAPER, 14, theme.WOOD_LIGHT)
        draw_text(surface, t("daily.game", game=str(self.variant.name)), 26, theme.INK, (box.centerx, box.y + 24),
                  "center", "bold", box.width - 40)
        draw_text(surface, t("daily.who"), 18, theme.INK, (box.centerx, box.y + 60), "center", "regular",
                  box.width - 40)
        self.row.draw(surface)
        if self.warning:
            draw_text(surface, self.warning, 22, (255, 226, 170), (theme.WIDTH // 2, 740), "center", "bold")
