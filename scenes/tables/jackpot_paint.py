"""Drawing Jackpot's table each frame: the felt, the dice, the tile picker, the side panel with the supply and
the scores, and the hint. Part of :class:`scenes.tables.jackpot_table.JackpotTableScene`."""

from __future__ import annotations

import pygame

from game.rules.i18n import t

from scenes.ui import assets, bindings, theme
from scenes.tables.jackpot_art import symbol_surface, tile_surface
from scenes.ui.textfit import draw_wrapped, fit_lines
from scenes.ui.widgets import draw_text, framed_felt, panel, rounded, seat_badge, wood

# Where the parts stand on the 1280x800 canvas.
TRAY = pygame.Rect(16, 64, 500, 300)
PICKER = pygame.Rect(16, 432, 500, 224)
BIG_RACK = pygame.Rect(532, 60, 470, 440)
SIDE = pygame.Rect(1014, 12, 254, 520)
SMALL_RACKS = pygame.Rect(532, 540, 736, 250)
TILE = 100  # a tile in the picker, at most
HINT_INK = (232, 222, 200)


class JackpotPainting:
    """The drawing half of Jackpot's table (JackpotTableScene brings the state, the dice and the racks)."""

    # --------------------------------------------------------------- draw --
    def paint_backdrop(self, surface: pygame.Surface) -> None:
        surface.blit(wood((theme.WIDTH, theme.HEIGHT), 11), (0, 0))
        framed_felt(surface, TRAY)
        rounded(surface, theme.WOOD_DARK, SMALL_RACKS, 14)

    def draw(self, surface: pygame.Surface) -> None:
        self.backdrop.draw(surface)
        self.tray.draw(surface)
        self.draw_handoff(surface)  # over the dice: who starts, or whose turn it is now
        title = t("jackpot.title", name=str(self.variant.name), round=min(self.state.round + 1, self.variant.rounds),
                  rounds=self.variant.rounds)
        draw_text(surface, title, 22, theme.PAPER, (440, 32), "midleft", "bold", 560)
        self._draw_picker(surface)
        self._draw_side(surface)
        for view in self.racks:
            view.draw(surface)
        for button in self.buttons.buttons:
            if button.rect.x >= 0 and button.rect.y >= 0:  # the hidden ones wait off the screen
                button.draw(surface)
        self._draw_hint(surface)
        if self.walkthrough_shown():
            self.walkthrough.draw(surface)

    # The picker: what the roll gives on top (one or two lines), the tiles to choose from, a hint at the bottom.
    def _heading(self) -> tuple[list[str], int]:
        words = self.heading_text()
        rows = 2 if self.state.dice else 4  # with no tiles to pick (the move done), the words have their room
        size, lines = fit_lines(words, 22, PICKER.width - 32, style="black",
                                smallest=15, height=rows * assets.line_height(22))
        return lines, size

    def _picker_hint(self) -> str:
        if not self.person_to_play() or self.state.stage != "place":
            return ""
        symbols = self.symbols()
        last = len(self.variant.columns)
        if len(symbols) > 1:
            return bindings.words("jackpot.hint_pick", bindings.pad_in_hand(self.app), last=last)
        return bindings.words("jackpot.hint_place", bindings.pad_in_hand(self.app), last=last) if symbols else ""

    def _hint_lines(self) -> tuple[list[str], int]:
        size, lines = fit_lines(self._picker_hint(), 16, PICKER.width - 32, smallest=11,
                                height=2 * assets.line_height(16))
        return lines, size

    def _tiles_top(self) -> int:
        lines, size = self._heading()
        return max(PICKER.y + 60, PICKER.y + 12 + max(1, len(lines)) * assets.line_height(size) + 10)

    def _tile_rect(self, k: int) -> pygame.Rect:
        lines, size = self._hint_lines()
        hint_top = PICKER.bottom - 10 - len(lines) * assets.line_height(size)
        top = self._tiles_top()
        side = max(48, min(TILE, hint_top - 8 - top))
        return pygame.Rect(PICKER.x + 20 + k * (side + 18), top, side, side)

    def _draw_picker(self, surface: pygame.Surface) -> None:
        panel(surface, PICKER, theme.PAPER, 14)
        lines, size = self._heading()
        step = assets.line_height(size)
        for k, line in enumerate(lines):
            draw_text(surface, line, size, theme.INK, (PICKER.x + 16, PICKER.y + 12 + k * step + step // 2),
                      "midleft", "black", PICKER.width - 32)
        state = self.state
        if state.stage == "chance_option":
            top = self._tiles_top()
            room = PICKER.bottom - 74  # the Keep and Return buttons
            side = max(48, min(90, room - 8 - top))
            surface.blit(tile_surface(state.chance[state.seat], side), (PICKER.x + 20, top))
            words = pygame.Rect(PICKER.x + 40 + side, top, PICKER.right - 16 - (PICKER.x + 40 + side), room - 8 - top)
            if self.person_to_play():  # a computer is not told what to do
                choice = bindings.words("jackpot.chance_choice", bindings.pad_in_hand(self.app))
                draw_wrapped(surface, choice, 20, theme.INK_SOFT, words, align="middle")
            return
        symbols = self.symbols()
        for k, symbol in enumerate(symbols):
            rect = self._tile_rect(k)
            if k == self.picked():
                rounded(surface, theme.HOLD_GOLD, rect.inflate(10, 10), 14, 5)
            surface.blit(tile_surface(symbol, rect.width), rect)
        lines, size = self._hint_lines()
        step = assets.line_height(size)
        top = PICKER.bottom - 10 - len(lines) * step
        for k, line in enumerate(lines):
            draw_text(surface, line, size, theme.INK_SOFT, (PICKER.x + 16, top + k * step + step // 2), "midleft",
                      "regular", PICKER.width - 32)

    def _draw_side(self, surface: pygame.Surface) -> None:
        panel(surface, SIDE, theme.PAPER, 14)
        draw_text(surface, t("jackpot.supply"), 22, theme.INK, (SIDE.x + 16, SIDE.y + 24), "midleft", "black",
                  SIDE.width - 32)
        for k, symbol in enumerate(self.variant.symbols):
            y = SIDE.y + 56 + k * 44
            surface.blit(symbol_surface(symbol.id, 36), (SIDE.x + 16, y))
            draw_text(surface, str(symbol.name), 20, theme.INK, (SIDE.x + 62, y + 18), "midleft", "bold",
                      SIDE.width - 62 - 64)
            left = self.state.supply[symbol.id]
            draw_text(surface, str(left), 22, theme.ZERO_INK if left == 0 else theme.INK,
                      (SIDE.right - 16, y + 18), "midright", "black")
        y = SIDE.y + 250
        draw_text(surface, t("jackpot.scores"), 22, theme.INK, (SIDE.x + 16, y), "midleft", "black", SIDE.width - 32)
        totals = self.state.totals()
        from game.rules.jackpot import rack_score

        # a round already scored (the game's end) says its score, the High Round Bonus in it, as the summary did
        scored = self.state.scores[self.state.round] if len(self.state.scores) > self.state.round else None
        for seat, info in enumerate(self.state.seats):
            row_y = y + 34 + seat * 56
            seat_badge(surface, info.colour, seat, (SIDE.x + 24, row_y + 8), 9)
            draw_text(surface, info.name, 19, theme.INK, (SIDE.x + 40, row_y + 8), "midleft", "bold", 130)
            draw_text(surface, str(totals[seat]), 22, theme.INK, (SIDE.right - 16, row_y + 8), "midright", "black")
            live = scored[seat].total if scored else rack_score(self.variant, self.state.racks[seat])
            draw_text(surface, t("jackpot.so_far", points=live), 15, theme.INK_SOFT, (SIDE.x + 40, row_y + 32),
                      "midleft", "regular", SIDE.right - 12 - (SIDE.x + 40))

    def _draw_hint(self, surface: pygame.Surface) -> None:
        seat = self.seat
        if seat < 0:
            return
        info = self.state.seats[seat]
        if info.is_computer or self.demo:
            hint = t("jackpot.playing", name=info.name)
        elif not self.person_to_play():
            return  # the last move is still in view (or the dice are rolling): nothing to press yet
        elif self.state.stage == "roll":
            hint = bindings.words("jackpot.hint_roll", bindings.pad_in_hand(self.app))
        else:
            hint = t("jackpot.hint_tile")
        box = self.roll_button.rect
        draw_wrapped(surface, hint, 20, HINT_INK, pygame.Rect(box.right + 16, box.y, BIG_RACK.x - 12 - box.right - 16,
                                                               box.height), align="middle")
