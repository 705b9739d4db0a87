"""Jackpot's symbol dice: their die_art styles (a symbol on a white or yellow die) and the looks and pictures
handed to the dice tray, which tumbles each picture as the die turns."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

import pygame

from game.rules.jackpot import SYMBOLS
from scenes.dice import die_art
from scenes.dice.dice_render import Look
from scenes.dice.dice_tray import DiceTray
from scenes.jackpot.jackpot_art import DETAIL_SIZE, SUPERSAMPLE, symbol_big, symbol_surface

# The owner's dice: two white and two yellow, each with its own six faces.
WHITE_FACES = ("orange", "orange", "bell", "bell", "cherry", "dollar")
YELLOW_FACES = ("cherry", "cherry", "cherry", "bell", "orange", "dollar")
JACKPOT_DICE = ((WHITE_FACES, "white"), (WHITE_FACES, "white"), (YELLOW_FACES, "yellow"), (YELLOW_FACES, "yellow"))

SYMBOL_DIE_STYLES = {
    "symbol_white": die_art.DieStyle(body=(250, 250, 247), body_light=(255, 255, 255), edge=(196, 200, 208),
                                     pip=(40, 40, 44), painter="symbol"),
    "symbol_yellow": die_art.DieStyle(body=(252, 212, 62), body_light=(255, 236, 130), edge=(204, 148, 16),
                                      pip=(40, 40, 44), painter="symbol"),
}


def paint_symbol(canvas: pygame.Surface, face: Hashable, style: die_art.DieStyle) -> None:
    """die_art painter: the face's symbol in the middle of the (supersampled) die; 0 or None is blank."""
    if face not in SYMBOLS:
        return
    side = canvas.get_width()
    mark = symbol_big(str(face), round(side * 0.7), side >= DETAIL_SIZE * 0.7 * SUPERSAMPLE)
    canvas.blit(mark, mark.get_rect(center=(side // 2, side // 2)))


def register_symbol_dice() -> None:
    """Register ``symbol_white`` and ``symbol_yellow`` with die_art (safe to call again)."""
    for name, style in SYMBOL_DIE_STYLES.items():
        if die_art.STYLES.get(name) != style or die_art.PAINTERS.get("symbol") is not paint_symbol:
            die_art.register_style(name, style, paint_symbol)


def die_style(colour: str) -> str:
    """The die_art style name for a die colour ("white" or "yellow")."""
    style = f"symbol_{colour}"
    if style not in SYMBOL_DIE_STYLES:
        raise ValueError(f"no symbol dice in {colour!r}")
    return style


def symbol_looks(dice: Sequence[tuple[Sequence[str], str]] = JACKPOT_DICE) -> tuple[Look, ...]:
    """Each die's look: its six faces (symbol names, ValueError otherwise) on its colour."""
    looks = []
    for faces, colour in dice:
        faces = tuple(faces)
        if len(faces) != 6 or any(f not in SYMBOLS for f in faces):
            raise ValueError(f"a symbol die needs six symbol faces, not {faces!r}")
        body = SYMBOL_DIE_STYLES[die_style(colour)].body
        looks.append(Look(body=body, pip=(40, 40, 44), faces=faces, symbols=True))
    return tuple(looks)


def symbol_picture(face: Hashable, side: int) -> pygame.Surface:
    """The tray's picture of a symbol on a turned face."""
    return symbol_surface(str(face), max(8, side))


def symbol_dice_tray(tray: pygame.Rect, hold_row: pygame.Rect,
                     dice: Sequence[tuple[Sequence[str], str]] = JACKPOT_DICE, size: int = 72,
                     seed: int = 0) -> DiceTray:
    """A dice tray for symbol dice: each die has its own six faces (symbol names) and colour.

    The tray labels a thrown die after its flight so that the face on top carries the engine's symbol (one
    of the die's own faces; a die with two cherries lands on either), so a tumbling die only ever shows the
    faces its list has. Symbols on faces are Jackpot's pictures, laid on the turned face. Faces given to
    ``throw``/``place`` must be on that die's list (ValueError otherwise). The dice are data for the tray
    (their looks and the picture of a symbol), not a kind of tray.
    """
    register_symbol_dice()
    return DiceTray(tray, hold_row, size=size, seed=seed, looks=symbol_looks(dice), picture=symbol_picture)
