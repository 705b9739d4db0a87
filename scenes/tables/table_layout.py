"""Where the scorecard table's parts stand on the 1280x800 canvas: the tray, the hold shelf, the card and
the top row's buttons."""

import pygame

TRAY = pygame.Rect(16, 64, 704, 470)
SHELF = pygame.Rect(16, 546, 704, 108)
CARD = pygame.Rect(736, 12, 532, 776)
HOLD_ROW = pygame.Rect(SHELF.x + 52, SHELF.y + 12, SHELF.width - 64, SHELF.height - 24)  # right of the label
UNDO_X, COACH_X, TITLE_X = 146, 316, 480  # the top row: Menu, Undo (room for longer words), Coach, the game
