"""Text onto the system's clipboard, where there is one (a share line, a game's link)."""

from __future__ import annotations

import pygame


def copy_text(text: str) -> bool:
    """On the clipboard, where the system has one for us (pygame.scrap); False where not."""
    try:
        import pygame.scrap as scrap

        scrap.put_text(text)  # pygame-ce 2.2 and later: SDL's clipboard, no init needed
        return scrap.has_text()
    except (pygame.error, AttributeError, NotImplementedError, RuntimeError, ImportError):
        return False
