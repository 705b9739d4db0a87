"""Draws the app icon (a die showing five, on a felt-green rounded square) at the usual sizes.

Run once after changing the look: `python packaging/make_icons.py`; the PNGs in
assets/icons/ are committed, so building the app needs no drawing step.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def icon(size: int) -> pygame.Surface:
    from scenes.dice.die_art import die_surface
    from scenes.ui import theme

    big = 512
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.rect(canvas, theme.WOOD, canvas.get_rect(), border_radius=110)
    pygame.draw.rect(canvas, theme.FELT, canvas.get_rect().inflate(-56, -56), border_radius=86)
    die = die_surface(5, 330)
    canvas.blit(pygame.transform.rotozoom(die, 12, 1.0), die.get_rect(center=(big // 2 - 20, big // 2 - 20)))
    return pygame.transform.smoothscale(canvas, (size, size))


def main() -> None:
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    folder = ROOT / "assets" / "icons"
    folder.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        pygame.image.save(icon(size), str(folder / f"dice-parlor-{size}.png"))
    print(f"wrote {len(SIZES)} icons to {folder}")


if __name__ == "__main__":
    main()
