"""The end of a Jackpot round: each rack's scoring lines lit one by one, rack bonuses, sub totals,
the High Round Bonus, and the table of rounds. After the third round it leads to the winner.

Every item is listed under its rack with what it is ("4 bells, bottom row +100"), so each rack's list adds
up to its total; a list longer than there is room for scrolls (the wheel, Up and Down), never drops a line.

Keys: Enter or Space shows every line at once, then goes on (the button is in focus); Esc opens the menu."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.engine.session import Session
from game.rules.i18n import t
from game.rules.jackpot import score_lines
from scenes.jackpot.jackpot_words import symbol_count
from scenes.jackpot.rack_view import RackView
from scenes.ui import assets, bindings, theme
from scenes.ui.stack import Scene
from scenes.ui.textfit import fit_lines
from scenes.ui.widgets import Button, ButtonRow, dim, draw_text, panel

STEP = 0.75  # seconds each scoring line is shown, at normal speed
DEMO_NEXT = 4.0
AREA = pygame.Rect(30, 30, 1220, 740)
ROUNDS_TOP = AREA.bottom - 190  # the table of rounds
TOTAL_ROOM = 40  # under each list: the rack's total
ITEM_SIZE = 17
LABELS = 130  # the rounds table's labels, left of the racks


def _arrow(surface: pygame.Surface, at: tuple[int, int], up: bool) -> None:
    """A small triangle: the list goes on that way (the wheel or Up / Down scrolls it)."""
    x, y = at
    tip = -6 if up else 6
    pygame.draw.polygon(surface, (255, 226, 130), [(x - 6, y - tip // 2), (x + 6, y - tip // 2), (x, y + tip)])


@dataclass
class Beat:
    seat: int
    cells: tuple
    sound: str
    points: int
    kind: str = "line"  # line, bonus (a rack bonus: symbol and tiles) or high (the High Round Bonus)
    symbol: str = ""
    tiles: int = 0
    line: object = ""  # a scoring line's name (a Text), for kind "line"

    @property
    def label(self) -> str:
        """Worded when shown: the language may change while the round is on screen."""
        if self.kind == "bonus":
            return t("jackpot.round.rack_bonus", tiles=symbol_count(self.symbol, self.tiles), points=self.points)
        if self.kind == "high":
            return t("jackpot.round.high_bonus", points=self.points)
        return t("jackpot.round.line", tiles=symbol_count(self.symbol, self.tiles), line=str(self.line),
                 points=self.points)


class JackpotRoundScene(Scene):
    screen = "round_summary"  # also its table in scenes.ui.bindings
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
        width = min(280, (AREA.width - 40 - LABELS) // n - 10)
        self.views = []
        for seat, info in enumerate(self.state.seats):  # right of the rounds' labels: each column under its rack
            rect = pygame.Rect(AREA.x + 20 + LABELS + seat * (width + 10), AREA.y + 90, width, int(width * 0.9))
            view = RackView(rect, v.columns, theme.seat_colour(info.colour, seat), info.name)
            # the rack as it stood, its Chance Space too (that tile scores nothing, but it was there)
            view.set_tiles(dict(self.state.last_racks[seat]), self.state.last_chance[seat])
            self.views.append(view)
        self.beats = self._beats()
        self.beat = -1
        self.timer = 0.3
        self.shown: list[list[Beat]] = [[] for _ in range(n)]
        self.first = [0] * n  # each rack's first item in view, when its list is longer than the room
        self.next_button = Button(pygame.Rect(AREA.right - 300, AREA.bottom - 84, 270, 64), "", self.next,
                                  size=26)
        self.row = ButtonRow([self.next_button])

    def enter(self) -> None:
        self.label_buttons()

    def resume(self) -> None:
        self.label_buttons()  # back from the menu: the language may have changed

    def label_buttons(self) -> None:
        final = self.state.is_terminal()
        self.next_button.label = t("jackpot.round.winner") if final else t("jackpot.round.next", round=self.round + 2)

    def _beats(self) -> list[Beat]:
        v = self.session.variant
        scores = self.state.scores[self.round]
        beats = []
        for seat in range(self.state.n):
            rack = self.state.last_racks[seat]
            names = {str(line.name.get("en")): line.name for line in v.lines}
            for line in score_lines(v, rack):
                beats.append(Beat(seat, line.cells, "score", line.points, symbol=line.symbol, tiles=line.length,
                                  line=names.get(line.line, line.line)))
            for symbol, tiles, points in scores[seat].bonus:
                beats.append(Beat(seat, tuple(c for c, s in rack.items() if s == symbol), "bonus", points, "bonus",
                                  symbol, tiles))
        for seat, score in enumerate(scores):
            if score.high_bonus:
                beats.append(Beat(seat, (), "fanfare", score.high_bonus, "high"))
        return beats

    def done(self) -> bool:
        return self.beat >= len(self.beats)

    def next(self) -> None:
        if not self.done():
            self._finish()
            return
        self.app.stack.pop()
        if self.state.is_terminal():
            self.app.go("game_over", self.session, 0, self.demo)
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
        view.highlight_cells = set(beat.cells)  # its words are in the list below: over the rack they hid a row
        self.shown[beat.seat].append(beat)
        self.first[beat.seat] = max(0, len(self.lines(beat.seat)) - self.rows())  # the newest stays in view
        if not quiet:
            self.app.play(beat.sound)

    def handle(self, intent):
        if intent.kind in ("quit", "fullscreen", "help"):
            return intent
        if intent.kind in ("back", "menu"):
            self.open_menu()
        elif intent.kind in ("tap", "confirm", "roll"):
            if self.done():
                self.row.handle(intent, self.clock.time) if intent.kind == "tap" else self.next()
            else:
                self._finish()
        elif intent.kind == "point":
            self.row.handle(intent, self.clock.time)
        elif intent.kind == "scroll" or intent.kind == "nav" and intent.key in ("up", "down") and self.done():
            self.scroll(intent.amount if intent.kind == "scroll" else (-1 if intent.key == "up" else 1))
        elif intent.kind == "nav" and not self.done():
            self._finish()  # Tab: to the button, which needs every line shown
        return None

    def rows(self) -> int:
        """How many lines of items fit under a rack, above its total."""
        top = self.views[0].rect.bottom + 16
        return max(1, (ROUNDS_TOP - TOTAL_ROOM - top) // assets.line_height(ITEM_SIZE, 1.33))

    def lines(self, seat: int) -> list[tuple[str, int]]:
        """A rack's items as drawn: each on one line, or two where a long language needs them; with sizes."""
        width = self.views[seat].rect.width - 24
        found = []
        for beat in self.shown[seat]:
            size, lines = fit_lines(beat.label, ITEM_SIZE, width, 2)
            found += [(line, size) for line in lines]
        return found

    def scroll(self, amount: int) -> None:
        for seat in range(len(self.shown)):
            self.first[seat] = max(0, min(len(self.lines(seat)) - self.rows(), self.first[seat] + int(amount)))

    def open_menu(self) -> None:
        self.app.go("pause", self.session.variant, lambda: self.app.go("title", how="clear"))

    def animating(self) -> bool:
        """The round's items appear one by one; once all are there it waits for Next (a demo goes on)."""
        return self.moving() or self.demo

    def moving(self) -> bool:
        return super().animating() or not self.done()

    def update(self, dt: float) -> None:
        speed = self.app.animation_speed()
        super().update(dt)
        for view in self.views:
            view.update(dt)
        if self.done():
            if self.demo and self.clock.time > DEMO_NEXT + STEP * len(self.beats) / max(speed, 1):
                self.next()
        else:
            self.timer -= dt * speed
            if self.timer <= 0:
                self._advance(quiet=speed > 100)
                self.timer = STEP
        # Enter or A presses it: shown in focus from the frame the last line appears (set after the advance, or
        # that frame would show it unfocused and the screen, then at rest, would never be drawn again)
        self.next_button.focus = self.done()

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 170)
        panel(surface, AREA, (42, 34, 28), 20, theme.WOOD_LIGHT)
        v = self.session.variant
        draw_text(surface, t("jackpot.round.title", round=self.round + 1, rounds=v.rounds), 40, theme.PAPER,
                  (AREA.centerx, AREA.y + 44), "center", "title", AREA.width - 60)
        scores = self.state.scores[self.round]
        rows, step = self.rows(), assets.line_height(ITEM_SIZE, 1.33)
        for seat, view in enumerate(self.views):
            view.draw(surface)
            rect = view.rect
            y = rect.bottom + 16
            items, first = self.lines(seat), self.first[seat]
            for k, (line, size) in enumerate(items[first:first + rows]):
                draw_text(surface, line, size, (236, 226, 200), (rect.centerx, y + k * step), "center", "regular",
                          rect.width - 24)
            if first > 0:  # more above, more below: arrows at the list's edge
                _arrow(surface, (rect.right - 8, y), up=True)
            if first + rows < len(items):
                _arrow(surface, (rect.right - 8, y + (rows - 1) * step), up=False)
            if self.done():
                score = scores[seat]
                text = (f"{score.subtotal} + {score.high_bonus} = {score.total}" if score.high_bonus
                        else str(score.total))
                draw_text(surface, text, 26, (255, 226, 130), (rect.centerx, y + rows * step + 14), "center",
                          "black", rect.width)
        if self.done():
            self._draw_rounds(surface)
            self.row.draw(surface)
        else:
            show_all = bindings.words("jackpot.round.show_all", bindings.pad_in_hand(self.app))
            draw_text(surface, show_all, 18, (220, 210, 190), (AREA.centerx, AREA.bottom - 30), "center", "regular",
                      AREA.width - 60)

    def _draw_rounds(self, surface: pygame.Surface) -> None:
        top = ROUNDS_TOP
        x0 = AREA.x + 30
        step = assets.line_height(20, 1.5)
        for r, scores in enumerate(self.state.scores):
            draw_text(surface, t("jackpot.round.row", round=r + 1), 20, theme.PAPER, (x0, top + r * step), "midleft",
                      "bold", LABELS - 10)
            for seat, score in enumerate(scores):  # under each player's rack
                draw_text(surface, str(score.total), 20, theme.PAPER, (self.views[seat].rect.centerx, top + r * step),
                          "center", "bold")
        totals = self.state.totals()
        y = top + len(self.state.scores) * step
        draw_text(surface, t("jackpot.round.total"), 22, (255, 226, 130), (x0, y), "midleft", "black", LABELS - 10)
        for seat, total in enumerate(totals):
            draw_text(surface, str(total), 22, (255, 226, 130), (self.views[seat].rect.centerx, y), "center", "black")

