"""Today's dice, after the game: each person's score beside the best possible with the same dice, their
streak, everyone's result of the day at this computer side by side, and the line to share (copied to the
clipboard where there is one, else shown to copy by hand).

The results were kept as the game ended (scenes.persist: ``session.daily_kept``): a person's first finished
try of the day is their result, a later one practice.
"""

from __future__ import annotations

import pygame

from game.daily.play import best_of_day, day_of, luck_and_skill, moves_of, replay
from game.daily.results import DayResult, load_results, same_person
from game.daily.share import GOOD, NONE, share_line, square
from game.engine.session import Session
from game.rules import i18n
from game.rules.i18n import t
from scenes.daily.today import day_words
from scenes.ui import theme
from scenes.ui.clipboard import copy_text
from scenes.ui.stack import Scene
from scenes.ui.widgets import Button, ButtonRow, baize_backdrop, draw_text, panel, rounded, shadowed_text

SQUARE_INK = {GOOD: (76, 160, 80), NONE: (40, 40, 40)}
SOME_INK = (222, 186, 60)
COLUMN_TOP, COLUMN_H, COLUMN_GAP = 246, 404, 16


class Column:
    """One person's day: their kept result, this game's try if it was practice, their streak and card."""

    def __init__(self, result: DayResult, streak: int, practice: int | None = None):
        self.result, self.streak, self.practice = result, streak, practice
        self.split: tuple[float, float] | None = None  # (luck, skill) as the coach counts them


class DailyResultsScene(Scene):
    screen = "daily_results"
    bindings = "game_over"

    def __init__(self, app, session: Session):
        super().__init__(app)
        self.session = session
        self.variant = session.variant
        self.day = day_of(session) or getattr(session, "daily_day", None)
        self.best = best_of_day(self.day, self.variant)
        results = load_results()
        family = results.day_results(self.day, self.variant)
        round_ = getattr(session, "daily_round", None)  # several people, each their own game, one after the other
        games = [(game, 0) for game in round_.sessions] if round_ is not None else [
            (session, seat) for seat, info in enumerate(session.seats) if not info.is_computer]
        self.columns: list[Column] = []
        for game, seat in games:  # this round's people first, then the others who played today here
            name = game.seats[seat].name
            mine = next((r for r in family if same_person(r.name, name)), None)
            practice = None
            if mine is None:  # not kept (no file to write): this game's try, checked all the same
                checked = replay(self.day, self.variant, moves_of(game, seat))
                mine = DayResult(name, checked.score or 0, None, checked.card, checked.session)
            elif not getattr(game, "daily_kept", {}).get(seat, (True, None))[0]:
                practice = game.state.match_totals()[seat]
            self.columns.append(Column(mine, results.streak(name, self.day), practice))
        for result in family:
            if not any(same_person(result.name, c.result.name) for c in self.columns):
                self.columns.append(Column(result, results.streak(result.name, self.day)))
        self.columns = self.columns[:6]
        for column in self.columns:  # the coach's luck and skill of each day's result (its moves replayed)
            game = column.result.game
            column.split = luck_and_skill(game) if game is not None and game.state.is_terminal() else None
        self.said = ""  # "Copied", or the line to copy by hand
        self.shown_line = ""
        self._buttons()

    def _column_rect(self, i: int) -> pygame.Rect:
        n = len(self.columns)
        width = min(360, (theme.WIDTH - 80 - COLUMN_GAP * (n - 1)) // n)
        left = (theme.WIDTH - (width * n + COLUMN_GAP * (n - 1))) // 2
        return pygame.Rect(left + i * (width + COLUMN_GAP), COLUMN_TOP, width, COLUMN_H)

    def _buttons(self) -> None:
        buttons = []
        for i, column in enumerate(self.columns):
            rect = self._column_rect(i)
            button = Button(pygame.Rect(rect.x + 10, rect.bottom - 58, rect.width - 20, 48),
                            t("daily.copy", name=column.result.name), lambda i=i: self.share(i), style="quiet",
                            size=20, enabled=column.result.card is not None)
            buttons.append(button)
        title = pygame.Rect(0, 0, 300, 64)
        title.midbottom = (theme.WIDTH // 2, theme.HEIGHT - 24)
        buttons.append(Button(title, t("daily.to_title"), self.to_title, size=28))
        self.row = ButtonRow(buttons)

    def line_of(self, i: int) -> str:
        result = self.columns[i].result
        return share_line(self.day, self.variant, result.score, result.card, self.best)

    def share(self, i: int) -> None:
        line = self.line_of(i)
        if copy_text(line):
            self.said, self.shown_line = str(t("daily.copied")), ""
        else:
            self.said, self.shown_line = str(t("daily.no_clipboard")), line
        self.app.redraw()

    def to_title(self) -> None:
        self.app.go("title", how="clear")

    def handle(self, intent):
        if intent.kind in ("quit", "fullscreen", "help"):
            return intent
        if intent.kind == "back":
            self.to_title()
            return None
        self.row.handle(intent, self.clock.time)
        return None

    # ------------------------------------------------------------ drawing --
    def draw(self, surface: pygame.Surface) -> None:
        baize_backdrop(surface, 28)
        shadowed_text(surface, t("daily.title"), 60, (255, 236, 170), (theme.WIDTH // 2, 70), "center", "title", 4)
        draw_text(surface, day_words(self.day), 24, (236, 244, 236), (theme.WIDTH // 2, 128), "center", "bold",
                  theme.WIDTH - 160)
        best = t("daily.best", best=self.best) if self.best is not None else t("daily.best_unknown")
        draw_text(surface, f"{self.variant.name} - {best}", 26, (255, 236, 170), (theme.WIDTH // 2, 172),
                  "center", "bold", theme.WIDTH - 160)
        draw_text(surface, t("daily.family"), 20, (226, 238, 226), (theme.WIDTH // 2, 220), "center", "regular")
        for i, column in enumerate(self.columns):
            self._draw_column(surface, self._column_rect(i), column)
        self.row.draw(surface)
        if self.said:
            draw_text(surface, self.said, 20, (255, 226, 170), (theme.WIDTH // 2, COLUMN_TOP + COLUMN_H + 16),
                      "midtop", "bold")
        if self.shown_line:
            head, *_ = self.shown_line.split("\n")
            draw_text(surface, head, 20, theme.WHITE, (theme.WIDTH // 2, COLUMN_TOP + COLUMN_H + 42), "midtop",
                      "bold", theme.WIDTH - 100)

    def _draw_column(self, surface: pygame.Surface, rect: pygame.Rect, column: Column) -> None:
        panel(surface, rect, theme.PAPER, 14, theme.WOOD_LIGHT)
        result = column.result
        width = rect.width - 24
        draw_text(surface, result.name, 28, theme.INK, (rect.centerx, rect.y + 16), "midtop", "bold", width)
        draw_text(surface, str(result.score), 64, theme.INK, (rect.centerx, rect.y + 54), "midtop", "black", width)
        if self.best:
            bar = pygame.Rect(rect.x + 20, rect.y + 138, rect.width - 40, 10)
            rounded(surface, theme.PAPER_LINE, bar, 5)
            rounded(surface, SQUARE_INK[GOOD], pygame.Rect(bar.x, bar.y, max(10, bar.width * min(
                result.score, self.best) // self.best), bar.height), 5)
        draw_text(surface, t("daily.streak", count=column.streak), 22, theme.INK, (rect.centerx, rect.y + 156),
                  "midtop", "bold", width)
        if column.split is not None:
            luck, skill = column.split
            said = ("+" if luck >= 0 else "\u2212") + i18n.number(abs(luck), 1)
            draw_text(surface, t("daily.luck", luck=said), 18, theme.INK, (rect.centerx, rect.y + 186), "midtop",
                      "regular", width)
            draw_text(surface, t("daily.skill", skill=i18n.number(skill, 1)), 18, theme.INK,
                      (rect.centerx, rect.y + 210), "midtop", "regular", width)
        if column.practice is not None:
            draw_text(surface, t("daily.practice", score=column.practice), 16, theme.ZERO_INK,
                      (rect.centerx, rect.y + 236), "midtop", "regular", width)
        if result.card is not None:
            self._draw_card(surface, pygame.Rect(rect.x + 12, rect.y + 266, rect.width - 24, 64), result)

    def _draw_card(self, surface: pygame.Surface, area: pygame.Rect, result: DayResult) -> None:
        """The share line's picture, as squares drawn (the fonts have no emoji)."""
        rows = [self.variant.upper_boxes, self.variant.lower_boxes]
        side = min(26, (area.width - 4) // max(len(r) for r in rows) - 3)
        for k, boxes in enumerate(rows):
            left = area.centerx - (len(boxes) * (side + 3) - 3) // 2
            for j, box in enumerate(boxes):
                mark = square(self.variant, box, result.card.boxes.get(box))
                cell = pygame.Rect(left + j * (side + 3), area.y + k * (side + 8), side, side)
                pygame.draw.rect(surface, SQUARE_INK.get(mark, SOME_INK), cell, border_radius=3)
