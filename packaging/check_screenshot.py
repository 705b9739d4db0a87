"""Exits non-zero unless the file is a real picture of the table: it exists, is 1280x800 and is not blank."""

from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402


def main(path: str) -> int:
    if not os.path.isfile(path) or os.path.getsize(path) == 0:
        print(f"{path}: no screenshot was written")
        return 1
    image = pygame.image.load(path)
    colours = {tuple(image.get_at((x, y)))[:3] for x in range(0, image.get_width(), 32)
               for y in range(0, image.get_height(), 32)}
    if image.get_size() != (1280, 800) or len(colours) < 20:
        print(f"{path}: {image.get_size()} with {len(colours)} colours: blank or wrong")
        return 1
    print(f"{path}: {image.get_size()[0]}x{image.get_size()[1]}, {len(colours)} colours sampled")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
