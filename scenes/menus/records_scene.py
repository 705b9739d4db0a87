"""Records: high scores per game (solo and with others apart), each player's statistics, and a chart
of one player's scores over time."""

from __future__ import annotations

import logging

import pygame

from game.rules import i18n
from game.rules.i18n import t
from game.store.records import open_records
from scenes.persist import damage_notice, failed_write
from scenes.ui import assets, theme
from scenes.ui.stack import Scene
from scenes.ui.textfit import draw_lines, fit_lines
from scenes.ui.widgets import Button, ButtonRow, baize_backdrop, draw_text, panel, rounded

LEFT = pygame.Rect(30, 96, 600, 590)
RIGHT = pygame.Rect(650, 96, 600, 590)
SHOWN = 8  # players listed (the most games first) and chosen for the chart
CHART_GAMES = 40  # the latest games on a chart
log = logging.getLogger("dice_parlor.records")
# The players' table: each column's key, where its right edge is (from RIGHT.x) and how wide it may be.
COLUMNS = [("records.games", 280, 74), ("records.wins", 356, 74), ("records.avg", 432, 74), ("records.best", 508, 74),
           ("records.bonus", 584, 74)]


def look_at_records(what, purpose: str = "") -> OSError | None:
    """One look at the records, ``what(records)``; a file that cannot be read is logged and its error returned."""
    try:
        with open_records() as records:
            what(records)
    except OSError as error:
        log.warning("records could not be read%s: %s", purpose, error)
        return error
    return None


def tab_rect(i: int, count: int) -> pygame.Rect:
    """The ``i``-th of ``count`` tabs along the bottom, right of the Back button (a game's, a person's)."""
    width = min(190, (theme.WIDTH - 300) // max(1, count))
    return pygame.Rect(260 + i * (width + 8), theme.HEIGHT - 88, width, 64)


class RecordsScene(Scene):
    screen = "records"

    def __init__(self, app):
        super().__init__(app)
        self.finished, self._played = 0, []
        self.cannot: str | None = None  # the records cannot be opened (a read-only home): said instead of "none yet"
        self.high: dict[bool, list] = {False: [], True: []}
        self.players: list = []
        self.read(lambda records: self._found(records, app))
        self.variants = [v for v in app.catalogue.variants if v.id in self._played] or list(app.catalogue.variants)[:1]
        self.index = 0
        self.player = 0
        self.load()
        self.row = ButtonRow([Button(pygame.Rect(30, theme.HEIGHT - 92, 200, 72), t("common.back"), app.stack.pop,
                                     style="quiet", size=28)])

    def _found(self, records, app) -> None:
        if records.message:
            app.notice = damage_notice(records.message)
        self.finished = records.count()
        self._played = records.variants()

    @property
    def variant(self):
        return self.variants[self.index]

    def read(self, what) -> None:
        """One look at the records (a file that cannot be read shows none, and says where and why)."""
        error = look_at_records(what)
        if error is not None:
            folder, why = failed_write(error)
            self.cannot = t("records.cannot_keep", folder=folder, error=why)

    def load(self) -> None:
        """The shown variant's high scores and players, read once (when entered and when the tab changes)."""
        self.high, self.players, self.player = {False: [], True: []}, [], 0

        def found(records) -> None:
            self.high = {solo: records.high_scores(self.variant.id, solo) for solo in (False, True)}
            self.players = records.player_stats(self.variant.id, most_games=True, limit=SHOWN)
        self.read(found)
        self.choose(0)

    def choose(self, i: int) -> None:
        """The chosen player, with their chart's scores (read once)."""
        self.player = i
        self.losses, self.mean_loss = [], None
        if i < len(self.players):
            chosen = self.players[i]

            def found(records) -> None:
                if not chosen.scores:
                    chosen.scores.extend(records.chart(self.variant.id, chosen.name))
                self.losses = [loss / count for _, count, loss in records.losses(self.variant.id, chosen.name)]
                self.mean_loss = records.mean_loss(self.variant.id, chosen.name)
            self.read(found)

    def stats(self):
        return self.players

    def _tab(self, i: int) -> pygame.Rect:
        return tab_rect(i, len(self.variants))

    def handle(self, intent):
        if intent.kind in ("quit", "fullscreen", "help"):
            return intent
        if intent.kind == "back":
            self.app.stack.pop()
            return None
        if intent.kind == "nav" and intent.key in ("left", "right"):
            self.index = (self.index + (1 if intent.key == "right" else -1)) % len(self.variants)
            self.load()
            return None
        if intent.kind == "nav" and intent.key in ("up", "down") and self.stats():
            shown = min(SHOWN, len(self.stats()))  # the chosen player stays among those shown
            self.choose((self.player + (1 if intent.key == "down" else -1)) % shown)
            return None
        if intent.kind == "tap":
            for i in range(len(self.variants)):
                if self._tab(i).collidepoint(intent.pos):
                    self.index = i
                    self.load()
                    return None
            for i in range(min(SHOWN, len(self.stats()))):
                if self._player_row(i).collidepoint(intent.pos):
                    self.choose(i)
                    return None
        self.row.handle(intent, self.clock.time)
        return None

    def _player_row(self, i: int) -> pygame.Rect:
        return pygame.Rect(RIGHT.x + 12, RIGHT.y + 84 + i * 34, RIGHT.width - 24, 32)

    def draw(self, surface: pygame.Surface) -> None:
        baize_backdrop(surface)
        draw_text(surface, t("records.title", game=str(self.variant.name)), 40, theme.PAPER, (theme.WIDTH // 2, 50),
                  "center", "title", theme.WIDTH - 80)
        self._draw_high_scores(surface)
        self._draw_players(surface)
        for i, variant in enumerate(self.variants):
            rect = self._tab(i)
            rounded(surface, (255, 232, 160) if i == self.index else (240, 234, 216), rect, 12)
            size, lines = fit_lines(str(variant.name), 18, rect.width - 12, 2, "bold")
            step = assets.line_height(size, 1.1)
            for k, line in enumerate(lines):
                y = rect.centery + round((k - (len(lines) - 1) / 2) * step)
                draw_text(surface, line, size, theme.INK, (rect.centerx, y), "center", "bold", rect.width - 12)
        self.row.draw(surface)

    def _draw_high_scores(self, surface: pygame.Surface) -> None:
        panel(surface, LEFT, theme.PAPER, 14)
        if self.cannot and not self.finished:
            draw_lines(surface, self.cannot, 22, theme.INK_SOFT, LEFT.center, "center", "bold", LEFT.width - 40, 6)
            return
        if not self.finished:
            draw_text(surface, t("records.none_finished"), 26, theme.INK_SOFT, LEFT.center, "center", "bold",
                      LEFT.width - 40)
            return
        y = LEFT.y + 24
        for solo in (False, True):
            rows = self.high[solo]
            draw_text(surface, t("records.solo") if solo else t("records.with_others"), 24, theme.INK, (LEFT.x + 20, y),
                      "midleft", "black", LEFT.width - 40)
            y += 32
            if not rows:
                draw_text(surface, t("records.none_yet"), 18, theme.INK_FAINT, (LEFT.x + 40, y), "midleft", "regular",
                          LEFT.width - 60)
                y += 30
            for rank, row in enumerate(rows, 1):
                when = i18n.date(row.date, with_time=False)
                draw_text(surface, f"{rank}.", 19, theme.INK_SOFT, (LEFT.x + 44, y), "midright")
                draw_text(surface, i18n.number(row.total), 20, theme.INK, (LEFT.x + 110, y), "midright", "black")
                room = 290
                if row.undos:  # the mark stays whole; a long name gives way
                    mark = draw_text(surface, t("records.undo_mark"), 16, theme.INK_SOFT, (LEFT.x + 130 + room, y),
                                     "midright", "regular", 150)
                    room -= mark.width + 8
                draw_text(surface, row.name, 19, theme.INK, (LEFT.x + 130, y), "midleft", "bold", room)
                draw_text(surface, when, 17, theme.INK_SOFT, (LEFT.right - 20, y), "midright", "regular", 120)
                y += 24
            y += 16

    def _draw_players(self, surface: pygame.Surface) -> None:
        panel(surface, RIGHT, theme.PAPER, 14)
        stats = self.stats()
        draw_text(surface, t("records.players"), 24, theme.INK, (RIGHT.x + 20, RIGHT.y + 24), "midleft", "black",
                  RIGHT.width - 40)
        for key, x, width in COLUMNS:
            draw_text(surface, t(key), 16, theme.INK_SOFT, (RIGHT.x + x, RIGHT.y + 60), "midright", "bold", width)
        for i, s in enumerate(stats[:SHOWN]):
            rect = self._player_row(i)
            if i == self.player:
                rounded(surface, (255, 236, 170), rect, 6)
            y = rect.centery
            draw_text(surface, s.name, 19, theme.INK, (rect.x + 8, y), "midleft", "bold", 180)
            rate = "-" if s.upper_bonus_rate is None else i18n.percent(s.upper_bonus_rate)
            # every number as the language writes it: a best of 1020 beside an average of 1,020 read as two kinds
            numbers = [i18n.number(s.games), i18n.number(s.wins), i18n.number(s.average), i18n.number(s.best), rate]
            for value, (_, x, width) in zip(numbers, COLUMNS):
                draw_text(surface, str(value), 19, theme.INK, (RIGHT.x + x, y), "midright", "regular", width)
        if stats:
            self._draw_chart(surface, stats[min(self.player, len(stats) - 1)])

    def _draw_chart(self, surface: pygame.Surface, stats) -> None:
        """The player's totals over time, oldest on the left; beside them, what their choices cost per decision
        (once the coach has weighed them), lower being better."""
        area = pygame.Rect(RIGHT.x + 30, RIGHT.bottom - 200, RIGHT.width - 60, 170)
        if self.mean_loss is not None:
            half = (area.width - 12) // 2
            loss_area = pygame.Rect(area.x + half + 12, area.y, half, area.height)
            area.width = half
            title = t("records.loss_of", loss=i18n.number(self.mean_loss, 2))
            self._line_chart(surface, loss_area, title, self.losses[-CHART_GAMES:], 2)
        self._line_chart(surface, area, t("records.scores_of", name=stats.name),
                         [total for _, total in stats.scores][-CHART_GAMES:], 0)

    def _line_chart(self, surface: pygame.Surface, area: pygame.Rect, title: str, scores: list[float],
                    decimals: int) -> None:
        pygame.draw.rect(surface, (244, 238, 220), area, border_radius=8)
        draw_text(surface, title, 16, theme.INK_SOFT, (area.x + 8, area.y + 12), "midleft", "bold", area.width - 16)
        if len(scores) < 2:
            draw_text(surface, t("records.chart_needs_two"), 16, theme.INK_FAINT, area.center, "center", "regular",
                      area.width - 20)
            return
        low, high = min(scores), max(scores)
        span = (high - low) or 1
        points = [(area.x + 20 + i * (area.width - 40) / (len(scores) - 1),
                   area.bottom - 20 - (score - low) * (area.height - 50) / span) for i, score in enumerate(scores)]
        pygame.draw.lines(surface, theme.PREVIEW_INK, False, points, 3)
        for point in points:
            pygame.draw.circle(surface, theme.PREVIEW_INK, point, 4)
        draw_text(surface, i18n.number(high, decimals), 15, theme.INK_SOFT, (area.right - 6, area.y + 26), "midright")
        draw_text(surface, i18n.number(low, decimals), 15, theme.INK_SOFT, (area.right - 6, area.bottom - 14),
                  "midright")
