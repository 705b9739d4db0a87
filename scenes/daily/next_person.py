"""Today's dice between two people at one screen: "Bob's turn: Ann, look away."

Each person plays the day's game alone, one after the other (game.daily.rounds): the dice are the same for
everyone, so this screen hides the game just played and asks everyone but the next player to look away. The
next game starts only when its player taps Ready; after the last game the results show, side by side.
"""

from __future__ import annotations

import pygame

from game.daily.rounds import DailyRound
from game.rules import i18n
from game.rules.i18n import t
from scenes.daily.today import day_words
from scenes.ui import theme
from scenes.ui.stack import Scene
from scenes.ui.widgets import Button, ButtonRow, baize_backdrop, draw_text, panel, shadowed_text


def after_days_game(app, session, *args):
    """Where the table goes when a game of today's dice ends: the next person's hand-over while someone in the
    round has still to play, else the results."""
    from scenes.daily.results import DailyResultsScene

    round_ = getattr(session, "daily_round", None)
    if round_ is not None and not round_.everyone_played:
        return DailyNextScene(app, round_)
    return DailyResultsScene(app, session, *args)


class DailyNextScene(Scene):
    screen = "daily_next"
    bindings = "game_over"

    def __init__(self, app, round_: DailyRound):
        super().__init__(app)
        self.round = round_
        self.name = round_.next_name or ""
        ready = pygame.Rect(0, 0, 460, 72)
        ready.midtop = (theme.WIDTH // 2, 520)
        self.ready_button = Button(ready, t("daily.ready", name=self.name), self.ready, size=30)
        self.row = ButtonRow([self.ready_button])

    def ready(self) -> None:
        """The next game begins, alone on the screen (the game just played, below this one, goes)."""
        if self.round.next_name != self.name:  # a second tap while the table opens: one game only
            return
        self.app.go("opening", self.round.begin_next(), how="clear")

    def handle(self, intent):
        if intent.kind in ("quit", "fullscreen", "help"):
            return intent
        if intent.kind == "back" and self.round.sessions:  # nobody else plays now: the results of who played
            from scenes.daily.results import DailyResultsScene

            self.app.stack.clear(DailyResultsScene(self.app, self.round.sessions[-1]))
            return None
        if intent.kind == "back":
            self.app.go("title", how="clear")
            return None
        self.row.handle(intent, self.clock.time)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        baize_backdrop(surface, 28)  # opaque: nothing of the game just played shows through
        shadowed_text(surface, t("daily.title"), 60, (255, 236, 170), (theme.WIDTH // 2, 96), "center", "title", 4)
        draw_text(surface, day_words(self.round.day), 24, (236, 244, 236), (theme.WIDTH // 2, 156), "center",
                  "bold", theme.WIDTH - 160)
        box = pygame.Rect(0, 0, 880, 250)
        box.midtop = (theme.WIDTH // 2, 220)
        panel(surface, box, theme.PAPER, 14, theme.WOOD_LIGHT)
        draw_text(surface, t("daily.turn_of", name=self.name), 48, theme.INK, (box.centerx, box.y + 30), "midtop",
                  "black", box.width - 40)
        others = self.round.look_away()
        if others:
            draw_text(surface, t("daily.look_away", names=i18n.names(others)), 30, theme.ZERO_INK,
                      (box.centerx, box.y + 108), "midtop", "bold", box.width - 40)
        draw_text(surface, t("daily.alone"), 20, theme.INK, (box.centerx, box.y + 168), "midtop", "regular",
                  box.width - 40)
        self.row.draw(surface)
