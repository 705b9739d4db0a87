"""Drawing Jackpot's table each frame: the felt, the dice, the tile picker, the side panel with the supply and
the scores, and the hint. A part of :class:`scenes.jackpot.jackpot_table.JackpotTableScene` (its ``painter``)."""

from __future__ import annotations

import pygame

from game.rules.i18n import t
from scenes.jackpot.jackpot_art import symbol_surface, tile_surface
from scenes.ui import assets, bindings, theme
from scenes.ui.textfit import draw_wrapped, fit_lines
from scenes.ui.widgets import StaticLayer, draw_text, framed_felt, panel, rounded, seat_badge, wood

# Where the parts stand on the 1280x800 canvas.
TRAY = pygame.Rect(16, 64, 500, 300)
PICKER = pygame.Rect(16, 432, 500, 224)
BIG_RACK = pygame.Rect(532, 60, 470, 440)
SIDE = pygame.Rect(1014, 12, 254, 520)
SMALL_RACKS = pygame.Rect(532, 540, 736, 250)
TILE = 100  # a tile in the picker, at most
HINT_INK = (232, 222, 200)
SPLIT = (TRAY.right + BIG_RACK.x) // 2  # a portrait screen shows the tray's side above the racks' side


def portrait_parts() -> list[pygame.Rect]:
    """On a portrait screen: the dice, the picker and Roll above; the racks, the supply and the scores below."""
    return [pygame.Rect(0, 0, SPLIT, theme.HEIGHT), pygame.Rect(SPLIT, 0, theme.WIDTH - SPLIT, theme.HEIGHT)]


class JackpotPainter:
    """Draws Jackpot's table. ``table`` is the table it draws: its state and variant, its dice (``tray``), racks,
    buttons, the hand-over and the heading's words, and what the person may do (``person_to_play``, ``symbols``,
    ``picked``). It owns the backdrop, painted once."""

    def __init__(self, table):
        self.table = table
        self.backdrop = StaticLayer(self.paint_backdrop)

    # --------------------------------------------------------------- draw --
    def paint_backdrop(self, surface: pygame.Surface) -> None:
        surface.blit(wood((theme.WIDTH, theme.HEIGHT), 11), (0, 0))
        framed_felt(surface, TRAY)
        rounded(surface, theme.WOOD_DARK, SMALL_RACKS, 14)

    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        self.backdrop.draw(surface)
        table.tray.draw(surface)
        table.handoff.draw(surface)  # over the dice: who starts, or whose turn it is now
        variant = table.variant
        title = t("jackpot.title", name=str(variant.name), round=min(table.state.round + 1, variant.rounds),
                  rounds=variant.rounds)
        x, width = (BIG_RACK.x + 8, SIDE.x - 12 - BIG_RACK.x) if table.app.viewport.split else (440, 560)
        draw_text(surface, title, 22, theme.PAPER, (x, 32), "midleft", "bold", width)  # split: over the big rack
        self._draw_picker(surface)
        self._draw_side(surface)
        for view in table.racks:
            view.draw(surface)
        for button in table.buttons.buttons:
            if button.rect.x >= 0 and button.rect.y >= 0:  # the hidden ones wait off the screen
                button.draw(surface)
        self._draw_hint(surface)
        if table.walkthrough_shown():
            table.walkthrough.draw(surface)

    # The picker: what the roll gives on top (one or two lines), the tiles to choose from, a hint at the bottom.
    def _heading(self) -> tuple[list[str], int]:
        words = self.table.heading.heading_text()
        rows = 2 if self.table.state.dice else 4  # with no tiles to pick (the move done), the words have their room
        size, lines = fit_lines(words, 22, PICKER.width - 32, style="black",
                                smallest=15, height=rows * assets.line_height(22))
        return lines, size

    def picker_hint(self) -> str:
        table = self.table
        if not table.person_to_play() or table.state.stage != "place":
            return ""
        symbols = table.symbols()
        last = len(table.variant.columns)
        if len(symbols) > 1:
            return bindings.words("jackpot.hint_pick", bindings.pad_in_hand(table.app), last=last)
        return bindings.words("jackpot.hint_place", bindings.pad_in_hand(table.app), last=last) if symbols else ""

    def _hint_lines(self) -> tuple[list[str], int]:
        size, lines = fit_lines(self.picker_hint(), 16, PICKER.width - 32, smallest=11,
                                height=2 * assets.line_height(16))
        return lines, size

    def _tiles_top(self) -> int:
        lines, size = self._heading()
        return max(PICKER.y + 60, PICKER.y + 12 + max(1, len(lines)) * assets.line_height(size) + 10)

    def tile_rect(self, k: int) -> pygame.Rect:
        """The ``k``-th tile to choose from in the picker (a tap on it picks it)."""
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
        table = self.table
        state = table.state
        if state.stage == "chance_option":
            top = self._tiles_top()
            room = PICKER.bottom - 74  # the Keep and Return buttons
            side = max(48, min(90, room - 8 - top))
            surface.blit(tile_surface(state.chance[state.seat], side), (PICKER.x + 20, top))
            words = pygame.Rect(PICKER.x + 40 + side, top, PICKER.right - 16 - (PICKER.x + 40 + side), room - 8 - top)
            if table.person_to_play():  # a computer is not told what to do
                choice = bindings.words("jackpot.chance_choice", bindings.pad_in_hand(table.app))
                draw_wrapped(surface, choice, 20, theme.INK_SOFT, words, align="middle")
            return
        symbols = table.symbols()
        for k, symbol in enumerate(symbols):
            rect = self.tile_rect(k)
            if k == table.picked():
                rounded(surface, theme.HOLD_GOLD, rect.inflate(10, 10), 14, 5)
            surface.blit(tile_surface(symbol, rect.width), rect)
        lines, size = self._hint_lines()
        step = assets.line_height(size)
        top = PICKER.bottom - 10 - len(lines) * step
        for k, line in enumerate(lines):
            draw_text(surface, line, size, theme.INK_SOFT, (PICKER.x + 16, top + k * step + step // 2), "midleft",
                      "regular", PICKER.width - 32)

    def _draw_side(self, surface: pygame.Surface) -> None:
        state, variant = self.table.state, self.table.variant
        panel(surface, SIDE, theme.PAPER, 14)
        draw_text(surface, t("jackpot.supply"), 22, theme.INK, (SIDE.x + 16, SIDE.y + 24), "midleft", "black",
                  SIDE.width - 32)
        for k, symbol in enumerate(variant.symbols):
            y = SIDE.y + 56 + k * 44
            surface.blit(symbol_surface(symbol.id, 36), (SIDE.x + 16, y))
            draw_text(surface, str(symbol.name), 20, theme.INK, (SIDE.x + 62, y + 18), "midleft", "bold",
                      SIDE.width - 62 - 64)
            left = state.supply[symbol.id]
            draw_text(surface, str(left), 22, theme.ZERO_INK if left == 0 else theme.INK,
                      (SIDE.right - 16, y + 18), "midright", "black")
        y = SIDE.y + 250
        draw_text(surface, t("jackpot.scores"), 22, theme.INK, (SIDE.x + 16, y), "midleft", "black", SIDE.width - 32)
        totals = state.totals()
        from game.rules.jackpot import rack_score

        # a round already scored (the game's end) says its score, the High Round Bonus in it, as the summary did
        scored = state.scores[state.round] if len(state.scores) > state.round else None
        for seat, info in enumerate(state.seats):
            row_y = y + 34 + seat * 56
            seat_badge(surface, info.colour, seat, (SIDE.x + 24, row_y + 8), 9)
            draw_text(surface, info.name, 19, theme.INK, (SIDE.x + 40, row_y + 8), "midleft", "bold", 130)
            draw_text(surface, str(totals[seat]), 22, theme.INK, (SIDE.right - 16, row_y + 8), "midright", "black")
            live = scored[seat].total if scored else rack_score(variant, state.racks[seat])
            draw_text(surface, t("jackpot.so_far", points=live), 15, theme.INK_SOFT, (SIDE.x + 40, row_y + 32),
                      "midleft", "regular", SIDE.right - 12 - (SIDE.x + 40))

    def _draw_hint(self, surface: pygame.Surface) -> None:
        table = self.table
        seat = table.seat
        if seat < 0:
            return
        info = table.state.seats[seat]
        if info.is_computer or table.demo:
            hint = t("jackpot.playing", name=info.name)
        elif not table.person_to_play():
            return  # the last move is still in view (or the dice are rolling): nothing to press yet
        elif table.state.stage == "roll":
            hint = bindings.words("jackpot.hint_roll", bindings.pad_in_hand(table.app))
        else:
            hint = t("jackpot.hint_tile")
        box = table.roll_button.rect
        draw_wrapped(surface, hint, 20, HINT_INK, pygame.Rect(box.right + 16, box.y, BIG_RACK.x - 12 - box.right - 16,
                                                               box.height), align="middle")
