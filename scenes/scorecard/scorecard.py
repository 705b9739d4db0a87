"""The scorecard: every seat's column for the current game, readable from the sofa.

It draws what the state holds and, for the seat whose turn it is, what each
open box would score with the dice on the table (the engine's own
``options``, so the joker rules apply). It never changes the state: a tap
only says which box was chosen.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.engine.state import ScorecardState
from game.rules import i18n
from game.rules.i18n import t
from game.rules.scoring import Options, upper_bonus_needed
from scenes.ui import assets, theme
from scenes.ui.textfit import wrap_lines
from scenes.ui.widgets import draw_text, panel, rounded, seat_badge

# No text on the card is drawn smaller than this (at the "normal" text size): 14 px on a 1024x600 screen,
# 19 at 1280x800, so six seats stay readable from the sofa. What does not fit is shortened or put otherwise.
CARD_TEXT = 19
LABELS = 160  # the row names' least width: "Bonus (35 at 63)" at CARD_TEXT
COUNT_UP = 0.6  # seconds a scored box's points take to count up into it
LIT_AFTER = 0.5  # seconds a box just filled stays lit after the next player's turn has come


@dataclass
class Tally:
    """A box's points as they count up (tweened on the table's clock)."""
    shown: float = 0.0


@dataclass
class Row:
    kind: str  # box, upper_total, upper_bonus, five_bonus, total, match
    label: str
    box: str | None = None


def _label_style(row: Row) -> str:
    return "bold" if row.kind in ("total", "match") else "regular"


class Scorecard:
    def __init__(self, rect: pygame.Rect, state: ScorecardState):
        self.rect = rect
        self.state = state
        self.hover_box: str | None = None
        self.focus_box: str | None = None
        self.flash: dict[tuple[int, str], float] = {}  # (seat, box) -> seconds of glow left
        self.game: int | None = None  # the game shown: a finished one of a match stays for review; None: the one played
        self.hover_seat: int | None = None  # a column heading under the pointer: its whole name shows
        self.tallies: dict[tuple[int, str], Tally] = {}  # (seat, box) -> its points counting up
        self.rows = self._rows()
        self._layout()

    def _rows(self) -> list[Row]:
        """The rows with their labels in the language on screen (see ``refresh_labels``)."""
        self._look = (i18n.language(), assets.text_scale())
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
        """The language or the text size changed (in the menu, mid-game): the same rows, labelled and laid out
        anew."""
        if self._look != (i18n.language(), assets.text_scale()):
            self.rows = self._rows()
            self._layout()

    def _layout(self) -> None:
        inner = self.rect.inflate(-20, -16)
        self.header_h = 56
        self.row_h = min(40, (inner.height - self.header_h) // len(self.rows))
        seats = self.state.n
        # The row names get what the longest needs on one line (LABELS at least), the seats the rest: in a long
        # language the columns narrow a little rather than two-line names crowd each other.
        widest = max(assets.measure(row.label, self._floor(), _label_style(row)) for row in self.rows) + 12
        labels = max(LABELS, min(widest, inner.width - 64 * seats))
        self.col_w = min(96, max(52, (inner.width - labels) // seats))
        self.label_w = inner.width - self.col_w * seats
        self.inner = inner
        self.font = max(16, min(24, self.row_h - 14))

    def row_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(self.inner.x, self.inner.y + self.header_h + index * self.row_h, self.inner.width,
                           self.row_h)

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

    def filled(self, seat: int, box: str, points: int, seconds: float, clock) -> None:
        """A box just filled: lit while it is in view (``seconds``), its points counting up on ``clock``."""
        self.flash[(seat, box)] = seconds + LIT_AFTER
        self.count_up(seat, box, points, clock, min(COUNT_UP, 0.8 * seconds))

    def count_up(self, seat: int, box: str, points: int, clock, seconds: float = COUNT_UP) -> None:
        """The box's points count up from 0 on ``clock`` (the scene's), ending exactly on them."""
        if points <= 0:
            return
        key, tally = (seat, box), Tally()
        self.tallies[key] = tally
        clock.tween(tally, "shown", float(points), seconds, "out_cubic",
                    on_done=lambda: self.tallies.pop(key, None) if self.tallies.get(key) is tally else None)

    def shown_score(self, seat: int, box: str) -> int | None:
        """The box's points as drawn now: counting up just after it was filled, else as the card holds them."""
        tally = self.tallies.get((seat, box))
        return round(tally.shown) if tally is not None else self.card_of(seat).boxes[box]

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
            self._draw_label(surface, row.label, rect, _label_style(row))
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
        self._draw_whole_name(surface)

    def _draw_whole_name(self, surface: pygame.Surface) -> None:
        """A shortened name in full, under its heading, while the pointer rests there."""
        seat = self.hover_seat
        if seat is None or seat >= self.state.n:
            return
        name = self.state.seats[seat].name
        if self.short_name(seat) == name:
            return
        width = min(self.rect.width - 20,
                    assets.measure(assets.printable(name, "bold"), self._floor() + 3, "bold") + 24)
        tip = pygame.Rect(0, self.inner.y + self.header_h + 2, width, assets.line_height(CARD_TEXT + 3, 1.0) + 14)
        tip.centerx = self.inner.x + self.label_w + seat * self.col_w + self.col_w // 2
        tip.clamp_ip(self.rect.inflate(-8, 0))
        panel(surface, tip, theme.PAPER, 8, theme.seat_colour(self.state.seats[seat].colour, seat))
        draw_text(surface, name, CARD_TEXT + 3, theme.INK, tip.center, "center", "bold", tip.width - 12,
                  smallest=self._floor())

    def _draw_label(self, surface: pygame.Surface, label: str, rect: pygame.Rect, style: str) -> None:
        """A row's name: on one line if it fits (shrunk at most to the card's smallest size), else on two."""
        width, floor = self.label_w - 12, self._floor()
        if assets.measure(label, floor, style) <= width:
            draw_text(surface, label, self.font, theme.INK, (rect.x + 8, rect.centery), "midleft", style, width,
                      smallest=floor)
            return
        lines = wrap_lines(label, CARD_TEXT, width, style, 2)
        step = assets.line_height(CARD_TEXT, 1.0)
        for i, line in enumerate(lines):
            y = rect.centery + round((i - (len(lines) - 1) / 2) * step)
            draw_text(surface, line, CARD_TEXT, theme.INK, (rect.x + 8, y), "midleft", style, width, smallest=floor)

    def _draw_header(self, surface: pygame.Surface, active: int | None) -> None:
        state = self.state
        title = (t("scorecard.game_of", game=self.shown_game() + 1, games=state.games) if state.games > 1
                 else t("scorecard.title"))
        draw_text(surface, title, CARD_TEXT, theme.INK_SOFT, (self.inner.x + 8, self.inner.y + self.header_h // 2),
                  "midleft", "bold", self.label_w - 12, smallest=self._floor())
        for seat in range(state.n):
            rect = pygame.Rect(self.inner.x + self.label_w + seat * self.col_w, self.inner.y, self.col_w,
                               self.header_h)
            colour = theme.seat_colour(state.seats[seat].colour, seat)
            chip = pygame.Rect(0, 0, self.col_w - 8, 6)
            chip.midtop = (rect.centerx, rect.y + 4)
            rounded(surface, colour, chip, 3)
            seat_badge(surface, state.seats[seat].colour, seat, (rect.centerx, rect.y + 7), 6)
            computer = state.seats[seat].is_computer
            style = "black" if seat == active else "bold"
            name = self.short_name(seat, style)
            draw_text(surface, name, CARD_TEXT, theme.INK, (rect.centerx, rect.y + (25 if computer else 32)), "center",
                      style, self.col_w - 4, smallest=self._floor())
            if computer:
                self._draw_computer_tag(surface, rect)

    def _draw_computer_tag(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """"Computer" (or "CPU") under the name where it fits; else a small screen on a stand, in any language."""
        for key in ("scorecard.computer", "scorecard.computer_short"):
            tag = t(key)
            if assets.measure(tag, self._floor(), "bold") <= self.col_w - 4:
                draw_text(surface, tag, CARD_TEXT, theme.INK_FAINT, (rect.centerx, rect.bottom + 2), "midbottom",
                          "bold", self.col_w - 4, smallest=self._floor())
                return
        screen = pygame.Rect(0, 0, 20, 13)
        screen.midbottom = (rect.centerx, rect.bottom - 5)
        pygame.draw.rect(surface, theme.INK_FAINT, screen, 2, border_radius=2)
        pygame.draw.line(surface, theme.INK_FAINT, (rect.centerx - 5, rect.bottom - 2), (rect.centerx + 5,
                                                                                         rect.bottom - 2), 2)

    def _floor(self) -> int:
        return assets.scaled(CARD_TEXT)

    def short_name(self, seat: int, style: str = "bold") -> str:
        """A seat's name as its column has room for: whole, else its first word, else that word cut short
        ("Maxi…"); the seat's shape and colour above it, and the whole name on hover and on the turn banner."""
        name = self.state.seats[seat].name
        room, size = self.col_w - 4, self._floor()
        words = name.split()
        for candidate in (name, words[0] if words else name):
            if assets.measure(assets.printable(candidate, style), size, style) <= room:
                return candidate
        return assets.fit(assets.printable(words[0] if words else name, style), size, room, style)

    def seat_at(self, pos: tuple[int, int]) -> int | None:
        """The seat whose column heading is under a point (its whole name shows on hover)."""
        for seat in range(self.state.n):
            rect = pygame.Rect(self.inner.x + self.label_w + seat * self.col_w, self.inner.y, self.col_w,
                               self.header_h)
            if rect.collidepoint(pos):
                return seat
        return None

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
                draw_text(surface, str(self.shown_score(seat, row.box)), size, colour, rect.center, "center", "bold",
                          self.col_w - 4)
                if row.box in card.jokers:  # a small gold corner: scored as a joker (the box help says so)
                    corner = [(rect.right - 14, rect.y + 2), (rect.right - 2, rect.y + 2),
                              (rect.right - 2, rect.y + 14)]
                    pygame.draw.polygon(surface, theme.PREVIEW_INK, corner)
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
                text = "—"
                if needed:  # "12 more" where there is room; a narrow column shows the way there: "51/63"
                    text = t("scorecard.more", needed=needed)
                    for short in (f"{card.upper_total(v)}/{v.upper_bonus.threshold}", f"\u2212{needed}"):
                        if assets.measure(text, self._floor(), "regular") > self.col_w - 4:
                            text = short
                draw_text(surface, text, max(self._floor(), size - 6), theme.INK_SOFT, rect.center, "center",
                          "regular", self.col_w - 4, smallest=self._floor())
        elif row.kind == "five_bonus":
            if card.five_alike_bonus:
                draw_text(surface, f"+{card.five_alike_bonus}", size, (30, 130, 60), rect.center, "center", "black")
        elif row.kind == "total":
            draw_text(surface, str(card.total(v)), size + 2, theme.INK, rect.center, "center", "black", self.col_w - 4)
        elif row.kind == "match":
            done = range(self.shown_game() + 1)  # the match so far, as of the game shown
            draw_text(surface, str(sum(state.cards[g][seat].total(v) for g in done)), size + 2, theme.INK, rect.center,
                      "center", "black", self.col_w - 4)

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
