"""The display module's window as a ``pygame.Window``: the one way in for what only a Window can do."""

from __future__ import annotations

import warnings

import pygame


def display_window() -> pygame.Window | None:
    """The window ``pygame.display`` opened, for the calls only a Window has (size, place, keyboard grab,
    raise); None where there is none."""
    with warnings.catch_warnings():  # deprecated for drawing through it, which we never do (we draw on the display)
        warnings.simplefilter("ignore", DeprecationWarning)
        try:
            return pygame.Window.from_display_module()
        except pygame.error:
            return None
