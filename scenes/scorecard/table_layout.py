"""Where the scorecard table's parts stand on the 1280x800 canvas: the tray, the hold shelf, the card, the Roll
button and the top row's buttons.

Up to four seats the card keeps its width. Five or six seats would leave each name three or four letters, so
the card takes room from the felt (which still holds the dice with room to spare): a column of about eight
letters for every seat. It then starts below the top row, which keeps the game's name; the Roll button
narrows so the hint beside it keeps its room.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from scenes.scorecard.scorecard import LABELS
from scenes.ui.theme import HEIGHT, WIDTH

TRAY = pygame.Rect(16, 64, 704, 470)
SHELF = pygame.Rect(16, 546, 704, 108)
CARD = pygame.Rect(736, 12, 532, 776)
ROLL = pygame.Rect(16, 668, 330, 116)
UNDO_X, COACH_X, TITLE_X = 146, 316, 480  # the top row: Menu, Undo (room for longer words), Coach, the game
GAP = 16  # between the felt and the card
NAME_COLUMN = 90  # a seat's column on a widened card: a name of about eight letters, whole
HINT_ROOM = 350  # the seat's name and the hint, right of the Roll button
ROLL_LEAST = 220


@dataclass(frozen=True)
class TableLayout:
    tray: pygame.Rect
    shelf: pygame.Rect
    card: pygame.Rect
    roll: pygame.Rect

    @property
    def hold_row(self) -> pygame.Rect:
        """Where held dice stand: right of the shelf's label."""
        return pygame.Rect(self.shelf.x + 52, self.shelf.y + 12, self.shelf.width - 64, self.shelf.height - 24)

    @property
    def hint_x(self) -> int:
        return self.roll.right + 20

    @property
    def hint_width(self) -> int:
        return min(HINT_ROOM, self.tray.right - self.hint_x)

    def title_at(self, split: bool = False) -> tuple[int, int]:
        """Where the game's name starts in the top row, and its room: up to the felt's edge, or across a card
        that starts below the row. Where the card is shown apart (``split``, on a portrait screen), a card below
        the row has the name over it, as its heading."""
        below = self.card.top >= self.tray.top
        if split and below:
            return self.card.left + 8, self.card.width - 16
        return TITLE_X, (self.card.right if below else self.tray.right) - 4 - TITLE_X


    def portrait_parts(self) -> list[pygame.Rect]:
        """On a portrait screen: the felt (top row, dice, Roll) above, the card below it (scenes.ui.input)."""
        split = self.card.left - GAP // 2
        return [pygame.Rect(0, 0, split, HEIGHT), pygame.Rect(split, 0, WIDTH - split, HEIGHT)]


NARROW = TableLayout(TRAY, SHELF, CARD, ROLL)


def layout_for(seats: int) -> TableLayout:
    """The table for this many seats: as always up to four, a wider card beside a narrower felt above."""
    if seats <= 4:
        return NARROW
    width = 20 + LABELS + seats * NAME_COLUMN  # the card's own margins, its row names, a column each
    card = pygame.Rect(0, TRAY.top, width, CARD.bottom - TRAY.top)
    card.right = CARD.right
    left = card.left - GAP  # the felt's right edge
    tray = pygame.Rect(TRAY.x, TRAY.y, left - TRAY.x, TRAY.height)
    shelf = pygame.Rect(SHELF.x, SHELF.y, left - SHELF.x, SHELF.height)
    roll_width = max(ROLL_LEAST, min(ROLL.width, left - ROLL.x - 20 - HINT_ROOM))
    roll = pygame.Rect(ROLL.x, ROLL.y, roll_width, ROLL.height)
    return TableLayout(tray, shelf, card, roll)
