"""The scorecard: every seat's column for the current game, readable from the sofa.

It draws what the state holds and, for the seat whose turn it is, what each
open box would score with the dice on the table (the engine's own
``options``, so the joker rules apply). It never changes the state: a tap
only says which box was chosen.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.rules import i18n
from game.rules.i18n import t
from game.rules.scoring import Options, upper_bonus_needed
from game.engine.state import ScorecardState

from scenes.ui import theme
from scenes.ui.textfit import READABLE, draw_lines
from scenes.ui.widgets import draw_text, panel, rounded, seat_badge


@dataclass
class Row:
    kind: str  # box, upper_total, upper_bonus, five_bonus, total, match
    label: str
    box: str | None = None


class Scorecard:
    def __init__(self, rect: pygame.Rect, state: ScorecardState):
        self.rect = rect
        self.state = state
        self.hover_box: str | None = None
        self.focus_box: str | None = None
        self.flash: dict[tuple[int, str], float] = {}  # (seat, box) -> seconds of glow left
        self.game: int | None = None  # the game shown: a finished one of a match stays for review; None: the one played
        self.rows = self._rows()
        self._layout()

    def _rows(self) -> list[Row]:
        """The rows with their labels in the language on screen (see ``refresh_labels``)."""
        self._language = i18n.language()
        v = self.state.variant
        rows = [Row("box", b.name.get(), b.id) for b in v.boxes if b.upper]
        rows.append(Row("upper_total", t("scorecard.upper_total")))
        if v.upper_bonus:
            rows.append(Row("upper_bonus", t("scorecard.upper_bonus", points=v.upper_bonus.points,
                                             threshold=v.upper_bonus.threshold)))
        rows += [Row("box", b.name.get(), b.id) for b in v.boxes if not b.upper]
        if v.five_alike_bonus:
            rows.append(Row("five_bonus", t("scorecard.five_bonus", name=v.five_alike_name.get())))
        rows.append(Row("total", t("scorecard.total")))
        if self.state.games > 1:
            rows.append(Row("match", t("scorecard.match_total")))
        return rows

    def shown_game(self) -> int:
        return self.state.game if self.game is None else self.game

    def card_of(self, seat: int):
        return self.state.cards[self.shown_game()][seat]

    def refresh_labels(self) -> None:
        """The language changed (in the menu, mid-game): the same rows, labelled anew."""
        if self._language != i18n.language():
            self.rows = self._rows()

    def _layout(self) -> None:
        inner = self.rect.inflate(-20, -16)
        self.header_h = 56
        self.row_h = min(40, (inner.height - self.header_h) // len(self.rows))
        seats = self.state.n
        self.col_w = min(96, max(52, (inner.width - 190) // seats))
        self.label_w = inner.width - self.col_w * seats
        self.inner = inner
        self.font = max(16, min(24, self.row_h - 14))

    def row_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(self.inner.x, self.inner.y + self.header_h + index * self.row_h, self.inner.width, self.row_h)

    def cell_rect(self, index: int, seat: int) -> pygame.Rect:
        row = self.row_rect(index)
        return pygame.Rect(row.x + self.label_w + seat * self.col_w, row.y, self.col_w, row.height)

    def box_at(self, pos: tuple[int, int], seat: int | None = None) -> str | None:
        """The box under a point: on its name, or in the given seat's column (not another player's)."""
        for index, row in enumerate(self.rows):
            rect = self.row_rect(index)
            if row.kind != "box" or not rect.collidepoint(pos):
                continue
            on_name = pos[0] < rect.x + self.label_w
            if seat is None or on_name or self.cell_rect(index, seat).collidepoint(pos):
                return row.box
        return None

    def box_rect(self, box: str, seat: int) -> pygame.Rect:
        index = next(i for i, r in enumerate(self.rows) if r.box == box)
        return self.cell_rect(index, seat)

    def update(self, dt: float) -> None:
        for key in list(self.flash):
            self.flash[key] -= dt
            if self.flash[key] <= 0:
                del self.flash[key]

    # ----------------------------------------------------------------- draw --
    def draw(self, surface: pygame.Surface, active: int | None, options: Options | None) -> None:
        state = self.state
        self.refresh_labels()
        panel(surface, self.rect, theme.PAPER, 16)
        self._draw_header(surface, active)
        for index, row in enumerate(self.rows):
            rect = self.row_rect(index)
            if row.kind in ("upper_total", "total", "match"):
                pygame.draw.rect(surface, (238, 230, 208), rect)
            if row.kind == "box" and options and row.box in options.scores and row.box in (self.hover_box,
                                                                                            self.focus_box):
                pygame.draw.rect(surface, (255, 236, 170), rect)
            pygame.draw.line(surface, theme.PAPER_LINE, rect.bottomleft, rect.bottomright)
            style = "bold" if row.kind in ("total", "match") else "regular"
            draw_lines(surface, row.label, self.font, theme.INK, (rect.x + 8, rect.centery), "midleft", style,
                       self.label_w - 12)
            for seat in range(state.n):
                self._draw_cell(surface, index, row, seat, active, options)
        if active is not None:
            column = pygame.Rect(self.inner.x + self.label_w + active * self.col_w, self.inner.y,
                                 self.col_w, self.header_h + len(self.rows) * self.row_h)
            colour = theme.seat_colour(state.seats[active].colour, active)
            rounded(surface, colour, column.inflate(2, 4), 8, 3)
        if self.focus_box and options:
            index = next(i for i, r in enumerate(self.rows) if r.box == self.focus_box)
            rounded(surface, theme.PREVIEW_INK, self.row_rect(index).inflate(2, 2), 4, 2)

    def _draw_header(self, surface: pygame.Surface, active: int | None) -> None:
        state = self.state
        title = (t("scorecard.game_of", game=self.shown_game() + 1, games=state.games) if state.games > 1
                 else t("scorecard.title"))
        draw_text(surface, title, 18, theme.INK_SOFT, (self.inner.x + 8, self.inner.y + self.header_h // 2),
                  "midleft", "bold", self.label_w - 12)
        for seat in range(state.n):
            rect = pygame.Rect(self.inner.x + self.label_w + seat * self.col_w, self.inner.y, self.col_w,
                               self.header_h)
            colour = theme.seat_colour(state.seats[seat].colour, seat)
            chip = pygame.Rect(0, 0, self.col_w - 8, 6)
            chip.midtop = (rect.centerx, rect.y + 4)
            rounded(surface, colour, chip, 3)
            seat_badge(surface, state.seats[seat].colour, seat, (rect.centerx, rect.y + 7), 6)
            name = state.seats[seat].name
            computer = state.seats[seat].is_computer
            draw_text(surface, name, 17 if self.col_w >= 70 else READABLE, theme.INK,
                      (rect.centerx, rect.y + (26 if computer else 32)), "center", "black" if seat == active else "bold",
                      self.col_w - 6)
            if computer:
                tag = t("scorecard.computer" if self.col_w >= 70 else "scorecard.computer_short")
                draw_text(surface, tag, READABLE, theme.INK_FAINT, (rect.centerx, rect.bottom + 1),
                          "midbottom", "bold", self.col_w - 6)

    def _draw_cell(self, surface, index: int, row: Row, seat: int, active: int | None,
                   options: Options | None) -> None:
        state, v = self.state, self.state.variant
        card = self.card_of(seat)
        rect = self.cell_rect(index, seat)
        size = self.font + 2
        if row.kind == "box":
            score = card.boxes[row.box]
            glow = self.flash.get((seat, row.box), 0.0)
            if glow > 0:
                rounded(surface, theme.mix((255, 244, 200), theme.HOLD_GOLD, min(1.0, glow)), rect.inflate(-4, -4), 6)
            if score is not None:
                colour = theme.INK if score > 0 else theme.ZERO_INK
                draw_text(surface, str(score), size, colour, rect.center, "center", "bold", self.col_w - 4)
                if row.box in card.jokers:
                    draw_text(surface, t("scorecard.joker"), READABLE, theme.PREVIEW_INK, (rect.right - 3, rect.y),
                              "topright", "black")
            elif seat == active and options is not None:
                if row.box in options.scores:
                    points = options.scores[row.box]
                    colour = theme.PREVIEW_INK if points > 0 else theme.INK_FAINT
                    draw_text(surface, str(points), size, colour, rect.center, "center", "regular", self.col_w - 4)
                else:
                    draw_text(surface, "–", size, theme.PAPER_LINE, rect.center, "center")
            return
        if row.kind == "upper_total":
            draw_text(surface, str(card.upper_total(v)), size, theme.INK, rect.center, "center", "bold", self.col_w - 4)
        elif row.kind == "upper_bonus":
            bonus = card.upper_bonus(v)
            if bonus:
                draw_text(surface, f"+{bonus}", size, (30, 130, 60), rect.center, "center", "black")
            else:
                needed = upper_bonus_needed(v, card.boxes)
                text = (t("scorecard.more" if self.col_w >= 80 else "scorecard.to_go", needed=needed) if needed
                        else "—")
                draw_lines(surface, text, max(READABLE, size - 8), theme.INK_SOFT, rect.center, "center", "regular",
                           self.col_w - 4)
        elif row.kind == "five_bonus":
            if card.five_alike_bonus:
                draw_text(surface, f"+{card.five_alike_bonus}", size, (30, 130, 60), rect.center, "center", "black")
        elif row.kind == "total":
            draw_text(surface, str(card.total(v)), size + 2, theme.INK, rect.center, "center", "black", self.col_w - 4)
        elif row.kind == "match":
            done = range(self.shown_game() + 1)  # the match so far, as of the game shown
            draw_text(surface, str(sum(state.cards[g][seat].total(v) for g in done)), size + 2, theme.INK, rect.center, "center", "black",
                      self.col_w - 4)

    def bonus_hint(self, seat: int) -> str:
        """"12 more for +35" for the seat's upper section, or what happened to the bonus."""
        v = self.state.variant
        if not v.upper_bonus:
            return ""
        card = self.card_of(seat)
        needed = upper_bonus_needed(v, card.boxes)
        if needed == 0:
            return t("scorecard.bonus_earned", points=v.upper_bonus.points)
        if needed is None:
            return t("scorecard.bonus_lost")
        return t("scorecard.bonus_needed", needed=needed, points=v.upper_bonus.points)
