"""Drawing Challenge Yahtzee's table: the common dice's felt and every seat's row of markers, the pick's keys and
hints, and the coach's title for common rolls. A part of
:class:`scenes.scorecard.challenge_table.ChallengeTableScene` (its ``painter``)."""

from __future__ import annotations

import pygame

from game.rules.i18n import t
from scenes.dice.die_art import die_surface
from scenes.scorecard.table_paint import TablePainter
from scenes.ui import bindings, theme
from scenes.ui.textfit import draw_lines
from scenes.ui.widgets import draw_text, framed_felt, rounded, seat_badge, wood

MARKERS_X = 300  # where a row's markers start, right of the seat's name
MARKER = 56  # a marker die's side: read from the sofa, as the thrown dice are (74 px), not a third smaller
MARKER_GAP = 8  # between two markers
ROW_PITCH = MARKER + 6  # a seat's row of markers, with its frame
COPY_ROOM = 150  # "copy 2" right of the active row's markers, where the row has room for it and the name


class ChallengePainter(TablePainter):
    """Draws Challenge's table (as a TablePainter does the others). Besides what that reads, it reads the table's
    common dice's felt (``common_tray``), the markers' place (``markers_rect``) and the common-roll state
    (``cstate``)."""

    def paint_backdrop(self, surface: pygame.Surface) -> None:
        table = self.table
        surface.blit(wood((theme.WIDTH, theme.HEIGHT), 11), (0, 0))
        framed_felt(surface, table.common_tray)
        x, width = table.layout.title_at(table.app.viewport.split)
        draw_text(surface, str(table.variant.name), 22, theme.PAPER, (x, 32), "midleft", "bold", width)

    def draw_table(self, surface: pygame.Surface) -> None:
        super().draw_table(surface)
        self.draw_markers(surface)

    def marker_row(self, s: int) -> tuple[pygame.Rect, list[pygame.Rect], int]:
        """Seat ``s``'s row of markers: the row, each marker's square, and the room right of them for "copy 2"
        (none where the seat's name needs it: five or six seats, beside a wider card)."""
        table = self.table
        markers = table.markers_rect
        row = pygame.Rect(markers.x + 8, markers.y + 6 + s * ROW_PITCH, markers.width - 16, ROW_PITCH - 2)
        width = table.variant.dice * (MARKER + MARKER_GAP) - MARKER_GAP
        copy_room = COPY_ROOM if row.width - width - COPY_ROOM - 10 - 50 >= 140 else 0
        start = row.x + min(MARKERS_X, row.width - width - copy_room - 10)
        top = row.y + (row.height - MARKER) // 2
        return row, [pygame.Rect(start + k * (MARKER + MARKER_GAP), top, MARKER, MARKER)
                     for k in range(table.variant.dice)], copy_room

    def draw_markers(self, surface: pygame.Surface) -> None:
        table = self.table
        state = table.cstate
        rounded(surface, theme.WOOD_DARK, table.markers_rect, 14)
        shown = table.moments.seat_in_view(table.seat)  # just after a seat scores, its row stays lit a moment
        for s, seat in enumerate(state.seats):
            row, slots, copy_room = self.marker_row(s)
            active = s == shown
            rounded(surface, theme.mix(theme.WOOD_DARK, (0, 0, 0), 0.35) if not active else (92, 62, 36), row, 8)
            if active:
                rounded(surface, theme.HOLD_GOLD, row, 8, 2)
            if active and table.moments.showing is not None and table.moments.celebration is not None:  # cheered
                rounded(surface, theme.HOLD_GOLD, slots[0].union(slots[-1]).inflate(8, 2), 10)
            seat_badge(surface, seat.colour, s, (row.x + 18, row.centery), 9)
            label = t("challenge.roller", name=seat.name) if s == state.roller else seat.name
            draw_text(surface, label, 20, theme.PAPER, (row.x + 34, row.centery), "midleft", "bold",
                      slots[0].x - row.x - 50)
            for k, slot in enumerate(slots):
                if k < len(state.markers[s]):
                    surface.blit(die_surface(state.markers[s][k], MARKER, "marker"), slot)
                else:
                    rounded(surface, theme.mix(theme.WOOD_DARK, (0, 0, 0), 0.5), slot, 6)
                    rounded(surface, theme.WOOD_LIGHT, slot, 6, 1)
            if state.stage == "pick" and active and copy_room:  # else the Copy button's own line says it
                low, high = state.copy_range()
                need = t("challenge.copy_exact", low=low) if low == high else t("challenge.copy_upto", high=high)
                last_slot = slots[-1].right + 10
                draw_lines(surface, need, 17, theme.HOLD_GOLD, (row.right - 10, row.centery), "midright", "bold",
                           row.right - 10 - last_slot)

    def coach_title(self) -> str:
        """The coach's values are solitaire ones: here the screen says what that means for the common rolls."""
        return t("challenge.coach_title")

    def draw_die_keys(self, surface: pygame.Surface) -> None:
        table = self.table
        if table.person_to_play() and table.cstate.stage == "pick":
            self.draw_key_badges(surface)

    def hint(self) -> str:
        table = self.table
        state = table.cstate
        if state.seats[table.seat].is_computer or table.demo:
            return t("challenge.thinking")
        if state.stage == "roll":
            return t("challenge.hint_roll")
        if state.stage == "pick":
            return bindings.words("challenge.hint_pick", bindings.pad_in_hand(table.app))
        return t("challenge.hint_score")
