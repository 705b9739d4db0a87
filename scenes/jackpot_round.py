"""The end of a Jackpot round: each rack's scoring lines lit one by one, rack bonuses, sub totals,
the High Round Bonus, and the table of rounds. After the third round it leads to the winner."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.jackpot import score_lines
from game.session import Session

from . import theme
from .rack_view import RackView
from .stack import Scene
from .widgets import Button, ButtonRow, dim, draw_text, panel

STEP = 0.75  # seconds each scoring line is shown, at normal speed
DEMO_NEXT = 4.0
AREA = pygame.Rect(30, 30, 1220, 740)


@dataclass
class Beat:
    seat: int
    cells: tuple
    label: str
    sound: str


class JackpotRoundScene(Scene):
    transparent = True

    def __init__(self, app, session: Session, round_index: int, demo: bool = False, on_next=None):
        super().__init__(app)
        self.session = session
        self.state = session.state
        self.round = round_index
        self.demo = demo
        self.on_next = on_next
        v = session.variant
        n = self.state.n
        width = min(280, (AREA.width - 40) // n)
        self.views = []
        for seat, info in enumerate(self.state.seats):
            rect = pygame.Rect(AREA.x + 20 + seat * (width + 10), AREA.y + 90, width, int(width * 0.9))
            view = RackView(rect, v.columns, theme.seat_colour(info.colour, seat), info.name)
            view.set_tiles(dict(self.state.last_racks[seat]), None)
            self.views.append(view)
        self.beats = self._beats()
        self.beat = -1
        self.timer = 0.3
        self.shown: list[list[str]] = [[] for _ in range(n)]
        final = self.state.is_terminal()
        label = "See who won" if final else f"Round {round_index + 2}"
        self.next_button = Button(pygame.Rect(AREA.right - 300, AREA.bottom - 84, 270, 64), label, self.next,
                                  size=26)
        self.row = ButtonRow([self.next_button])

    def _beats(self) -> list[Beat]:
        v = self.session.variant
        scores = self.state.scores[self.round]
        beats = []
        for seat in range(self.state.n):
            rack = self.state.last_racks[seat]
            for line in score_lines(v, rack):
                beats.append(Beat(seat, line.cells, f"+{line.points}", "score"))
            for symbol, tiles, points in scores[seat].bonus:
                beats.append(Beat(seat, tuple(c for c, s in rack.items() if s == symbol),
                                  f"{tiles} {_plural(str(v.symbol(symbol).name)).lower()}: +{points}", "bonus"))
        for seat, score in enumerate(scores):
            if score.high_bonus:
                beats.append(Beat(seat, (), f"High Round Bonus +{score.high_bonus}", "fanfare"))
        return beats

    def done(self) -> bool:
        return self.beat >= len(self.beats)

    def next(self) -> None:
        if not self.done():
            self._finish()
            return
        self.app.stack.pop()
        if self.state.is_terminal():
            from .gameover import GameOverScene

            self.app.stack.push(GameOverScene(self.app, self.session, 0, self.demo))
        elif self.on_next:
            self.on_next()

    def _finish(self) -> None:
        while not self.done():
            self._advance(quiet=True)
        for view in self.views:
            view.highlight_cells, view.label = set(), None

    def _advance(self, quiet: bool = False) -> None:
        self.beat += 1
        for view in self.views:
            view.highlight_cells, view.label = set(), None
        if self.done():
            return
        beat = self.beats[self.beat]
        view = self.views[beat.seat]
        view.highlight_cells = set(beat.cells)
        view.label = beat.label
        self.shown[beat.seat].append(beat.label)
        if not quiet:
            self.app.play(beat.sound)

    def handle(self, intent):
        if intent.kind in ("quit", "fullscreen", "help"):
            return intent
        if intent.kind in ("tap", "confirm", "roll"):
            if self.done():
                self.row.handle(intent, self.clock.time) if intent.kind == "tap" else self.next()
            else:
                self._finish()
        return None

    def update(self, dt: float) -> None:
        speed = self.app.animation_speed()
        super().update(dt)
        for view in self.views:
            view.update(dt)
        if self.done():
            if self.demo and self.clock.time > DEMO_NEXT + STEP * len(self.beats) / max(speed, 1):
                self.next()
            return
        self.timer -= dt * speed
        if self.timer <= 0:
            self._advance(quiet=speed > 100)
            self.timer = STEP

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 170)
        panel(surface, AREA, (42, 34, 28), 20, theme.WOOD_LIGHT)
        v = self.session.variant
        draw_text(surface, f"Round {self.round + 1} of {v.rounds}", 40, theme.PAPER, (AREA.centerx, AREA.y + 44),
                  "center", "title")
        scores = self.state.scores[self.round]
        for seat, view in enumerate(self.views):
            view.draw(surface)
            rect = view.rect
            y = rect.bottom + 16
            for k, label in enumerate(self.shown[seat][-4:]):
                draw_text(surface, label, 18, (236, 226, 200), (rect.centerx, y + k * 24), "center", "regular",
                          rect.width)
            if self.done():
                score = scores[seat]
                text = f"{score.subtotal}" + (f" + {score.high_bonus}" if score.high_bonus else "") + f" = {score.total}"
                draw_text(surface, text, 26, (255, 226, 130), (rect.centerx, y + 110), "center", "black", rect.width)
        if self.done():
            self._draw_rounds(surface)
            self.row.draw(surface)
        else:
            draw_text(surface, "Tap to show all", 18, (220, 210, 190), (AREA.centerx, AREA.bottom - 30), "center")

    def _draw_rounds(self, surface: pygame.Surface) -> None:
        top = AREA.bottom - 190
        n = self.state.n
        col = (AREA.width - 400) // n
        x0 = AREA.x + 30
        for r, scores in enumerate(self.state.scores):
            draw_text(surface, f"Round {r + 1}", 20, theme.PAPER, (x0, top + r * 30), "midleft", "bold")
            for seat, score in enumerate(scores):
                draw_text(surface, str(score.total), 20, theme.PAPER, (x0 + 160 + seat * col, top + r * 30),
                          "center", "bold")
        totals = self.state.totals()
        y = top + len(self.state.scores) * 30
        draw_text(surface, "Total", 22, (255, 226, 130), (x0, y), "midleft", "black")
        for seat, total in enumerate(totals):
            draw_text(surface, str(total), 22, (255, 226, 130), (x0 + 160 + seat * col, y), "center", "black")


def _plural(word: str) -> str:
    return word[:-1] + "ies" if word.endswith("y") else word + "s"
