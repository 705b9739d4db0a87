"""Jackpot's symbol dice: their die_art styles (a symbol on a white or yellow die) and the tray that throws
them, tumbling each picture as the die turns."""

from __future__ import annotations

from typing import Hashable, Sequence

import pygame

from game.rules.jackpot import SYMBOLS

from scenes.tables import die_art
from scenes.tables.dice_physics import EASE, REST
from scenes.tables.dice_tray import DiceTray
from scenes.tables.jackpot_art import DETAIL_SIZE, SUPERSAMPLE, symbol_big

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


def symbol_symmetry(face: Hashable) -> int:
    """A symbol looks the same only after a whole turn."""
    return 360


def register_symbol_dice() -> None:
    """Register ``symbol_white`` and ``symbol_yellow`` with die_art (safe to call again)."""
    for name, style in SYMBOL_DIE_STYLES.items():
        if die_art.STYLES.get(name) != style or die_art.PAINTERS.get("symbol") is not paint_symbol:
            die_art.register_style(name, style, paint_symbol, symbol_symmetry)


def die_style(colour: str) -> str:
    """The die_art style name for a die colour ("white" or "yellow")."""
    style = f"symbol_{colour}"
    if style not in SYMBOL_DIE_STYLES:
        raise ValueError(f"no symbol dice in {colour!r}")
    return style


class SymbolDiceTray(DiceTray):
    """A dice tray for symbol dice: each die has its own faces list and colour.

    Faces are symbol names. The base tray picks passing faces while a die
    tumbles as the numbers 1 to 6 (``randint(1, 6)`` at the throw, a random
    other number on each roll-over). Here those numbers are read as a side of
    the die: after every public call that moves dice (``throw``, ``place``,
    ``set_held``, ``update``, ``skip``) a die showing a number ``k`` is turned
    to its own ``faces[k - 1]``, so a tumbling die shows only faces its own
    list has, as often as the list has them, and the engine's final faces
    pass through unchanged. Faces given to ``throw``/``place`` must be on
    that die's list (ValueError otherwise).

    Drawing is per die (the dice differ in colour), and symbols come to rest
    upright: a die's picture is turned by its angle less an offset, a whole
    number of quarter turns chosen whenever a new face comes up (so every
    face, the final one too, appears within 45 degrees of upright and then
    turns smoothly with the die); the settling glide eases the remainder to
    upright. A square die looks the same after a quarter turn, so only the
    symbol tells.
    """

    def __init__(self, tray: pygame.Rect, hold_row: pygame.Rect,
                 dice: Sequence[tuple[Sequence[str], str]] = JACKPOT_DICE, size: int = 72, seed: int = 0):
        register_symbol_dice()
        self.faces: list[tuple[str, ...]] = []
        self.styles: list[str] = []
        for faces, colour in dice:
            faces = tuple(faces)
            if len(faces) != 6 or any(f not in SYMBOLS for f in faces):
                raise ValueError(f"a symbol die needs six symbol faces, not {faces!r}")
            self.faces.append(faces)
            self.styles.append(die_style(colour))
        super().__init__(tray, hold_row, count=len(self.faces), size=size, seed=seed)
        self.style = self.styles[0]  # the tray asks its style for symmetry; all symbol styles agree
        self._offset = [0.0] * self.count  # the picture is drawn turned by angle - offset
        self._eases: list[tuple | None] = [None] * self.count
        self._last_shown: list = [None] * self.count

    # ------------------------------------------------------------ faces

    def _check_faces(self, faces) -> None:
        if faces is None:
            return
        for i, face in enumerate(faces[:self.count]):
            if face not in self.faces[i]:
                raise ValueError(f"die {i} has no face {face!r}; its faces are {self.faces[i]}")

    def _own_faces(self) -> None:
        for d in self._dice:
            shown = d.shown
            if shown is None or shown in self.faces[d.index]:
                continue
            if isinstance(shown, int) and 1 <= shown <= 6:
                d.shown = self.faces[d.index][shown - 1]
            else:
                d.shown = self._rng.choice(self.faces[d.index])

    def throw(self, faces, rolling) -> None:
        self._check_faces(faces)
        super().throw(faces, rolling)
        self._own_faces()

    def place(self, faces, held) -> None:
        self._check_faces(faces)
        super().place(faces, held)
        self._own_faces()

    def set_held(self, die: int, held: bool) -> None:
        super().set_held(die, held)
        self._own_faces()

    def update(self, dt: float) -> None:
        super().update(dt)
        self._own_faces()

    def skip(self) -> None:
        super().skip()
        self._own_faces()

    def shown_faces(self) -> list:
        self._own_faces()
        return super().shown_faces()

    # ------------------------------------------------------------ drawing

    def drawn_angle(self, die: int) -> float:
        """The angle the die's picture is drawn at now (0 at rest: symbols upright)."""
        d = self._dice[die]
        i = d.index
        if d.state == REST:
            self._offset[i], self._eases[i] = d.angle, None
            return 0.0
        if d.state == EASE:
            key = (d.start, d.goal)
            ease = self._eases[i]
            if ease is None or ease[0] != key:
                start = self._offset[i]
                upright = round((d.start[2] - start) / 360) * 360  # the nearest upright to how it looks now
                ease = self._eases[i] = (key, start, d.goal[2] - upright)
            t = max(0.0, min(1.0, d.progress))
            self._offset[i] = ease[1] + (ease[2] - ease[1]) * t
        else:
            self._eases[i] = None
            if d.shown != self._last_shown[i]:  # a new face comes up: near upright
                self._offset[i] = round(d.angle / 90) * 90
        self._last_shown[i] = d.shown
        return d.angle - self._offset[i]

    def draw(self, surface: pygame.Surface) -> None:
        self._own_faces()
        dice = self._draw_order()
        for d in dice:
            self._draw_shadow(surface, d)
        for d in dice:
            centre = (round(d.x), round(d.y))
            if d.index in self.highlight:
                glow = die_art.glow_surface(self.size)
                surface.blit(glow, glow.get_rect(center=centre))
            frame = die_art.die_frame(d.shown, self.size, self.drawn_angle(d.index), self._zoom(d),
                                      self.styles[d.index], d.held)
            surface.blit(frame, frame.get_rect(center=centre))
            if self.focus == d.index:
                self._draw_focus(surface, self.die_rect(d.index))
