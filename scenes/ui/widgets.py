"""Buttons, panels and the table's backdrop: the small parts every scene is built from."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from game.rules.i18n import Tr
from scenes.ui import assets, theme

DEBOUNCE = 0.3  # seconds: a double click or a touch-and-click presses a button once


SMALLEST = 0.7  # a label squeezed into its box shrinks to at most this part of its size before it is shortened


@dataclass
class Drawn:
    """One text as drawn, for the layout check (see ``record_text``)."""

    words: str
    rect: pygame.Rect
    size: int  # the font size as drawn on the canvas
    colour: tuple
    background: tuple  # the average colour under the text before it was drawn
    width: int | None  # the box it had to fit, if any
    shortened: bool  # it did not fit even at the smallest size and lost its end
    translated: bool  # it came from the string table (not a player's name or a number)
    target: pygame.Surface
    quiet: bool = False  # a shadow or a disabled control's label: no contrast is asked of it
    covered: bool = False  # something was drawn over it later (a panel, a dimming veil)


_recording: list[Drawn] | None = None


class NativeText:
    """Text kept off the canvas while a scaled window is drawn, then drawn at the window's own resolution.

    The canvas is 1280x800 and scaled to the window; scaled text is blurry at 4K and soft on small panels.
    So while ``target`` (the canvas) is drawn, text is only noted; whatever is later drawn over it (a panel, a
    veil, a die) first bakes the text under it into the canvas, so what covers text still covers it.
    """

    def __init__(self, target: pygame.Surface):
        self.target = target
        self.items: list[tuple[str, int, tuple, str, pygame.Rect, str]] = []

    def bake(self, area: pygame.Rect | None = None) -> None:
        """Draw the noted text inside ``area`` (all of it if None) into the canvas, at canvas size."""
        keep = []
        for item in self.items:
            words, size, colour, style, rect, _ = item
            if area is None or rect.colliderect(area):
                self.target.blit(assets.text(words, size, colour, style), rect)
            else:
                keep.append(item)
        self.items = keep

    def draw(self, window: pygame.Surface, viewport) -> None:
        """Into ``window``, where ``viewport`` (scenes.ui.input.Viewport) shows each text's anchor."""
        for words, size, colour, style, rect, align in self.items:
            image = assets.text(words, max(6, round(size * viewport.scale)), colour, style)
            # anchored where it was anchored on the canvas: left-aligned lines keep one left edge
            window.blit(image, image.get_rect(**{align: viewport.to_window(getattr(rect, align))}))
        self.items = []


_native: NativeText | None = None


def native_text(layer: NativeText | None) -> None:
    """Note text for ``layer`` from now on (None: draw text straight onto its surface again)."""
    global _native
    if _native is not None:
        _native.bake()
    _native = layer


def stop_noting() -> None:
    """Stop noting text without baking what was noted (it is about to be drawn at the window's resolution)."""
    global _native
    _native = None


def occlude(surface: pygame.Surface, rect: pygame.Rect | None = None) -> None:
    """Something opaque is about to be drawn over ``rect`` (all of it if None): text under it goes first."""
    if _native is not None and surface is _native.target:
        _native.bake(rect)
    for drawn in _recording or ():
        if drawn.target is surface and (rect is None or rect.colliderect(drawn.rect)):
            drawn.covered = True


def record_text(on: bool) -> list[Drawn] | None:
    """Start (or stop) keeping every text drawn; returns what was kept."""
    global _recording
    kept = _recording
    _recording = [] if on else None
    return kept


def draw_text(surface: pygame.Surface, words: str, size: int, colour, pos: tuple[int, int],
              align: str = "topleft", style: str = "regular", width: int | None = None,
              quiet: bool = False, smallest: int | None = None) -> pygame.Rect:
    """Blit text anchored at ``pos`` (any pygame.Rect anchor).

    With ``width``, text too wide for its box first shrinks (down to SMALLEST of its size, or to ``smallest``
    as drawn), then is shortened with an ellipsis. The "large text" setting scales every size.
    """
    translated = isinstance(words, Tr)
    words = assets.printable(words, style)
    size = assets.scaled(size)
    shortened = False
    if width is not None:
        size = assets.size_to_fit(words, size, width, style, SMALLEST if smallest is None else
                                  min(1.0, smallest / size))
        fitted = assets.fit(words, size, width, style)
        shortened = fitted != words
        words = fitted
    image = assets.text(words, size, colour, style)
    rect = image.get_rect(**{align: pos})
    if _recording is not None:
        under = surface.get_clip().clip(rect)
        background = tuple(pygame.transform.average_color(surface, under))[:3] if under.width and under.height \
            else (0, 0, 0)
        _recording.append(Drawn(words, rect, size, tuple(colour)[:3], background, width, shortened, translated,
                                surface, quiet))
    if _native is not None and surface is _native.target:
        _native.items.append((words, size, tuple(colour), style, rect, align))
    else:
        surface.blit(image, rect)
    return rect


def shadowed_text(surface, words, size, colour, pos, align="center", style="black", offset=3):
    draw_text(surface, words, size, (0, 0, 0), (pos[0] + offset, pos[1] + offset), align, style, quiet=True)
    return draw_text(surface, words, size, colour, pos, align, style)


def rounded(surface: pygame.Surface, colour, rect: pygame.Rect, radius: int = 12, width: int = 0) -> None:
    pygame.draw.rect(surface, colour, rect, width, border_radius=radius)


@lru_cache(maxsize=64)
def _shadow(size: tuple[int, int], radius: int, alpha: int) -> pygame.Surface:
    w, h = size
    pad = 10
    shadow = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    for i in range(pad, 0, -2):
        a = int(alpha * (1 - i / pad) ** 2 / 2.5) + 4
        pygame.draw.rect(shadow, (0, 0, 0, a), pygame.Rect(pad - i, pad - i, w + 2 * i, h + 2 * i),
                         border_radius=radius + i)
    return shadow


def drop_shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int = 12, alpha: int = 120,
                offset: tuple[int, int] = (4, 6)) -> None:
    image = _shadow(rect.size, radius, alpha)
    surface.blit(image, (rect.x - 10 + offset[0], rect.y - 10 + offset[1]))


def panel(surface: pygame.Surface, rect: pygame.Rect, colour=theme.PAPER, radius: int = 14,
          border=None) -> None:
    occlude(surface, rect.inflate(16, 20))
    drop_shadow(surface, rect, radius)
    rounded(surface, colour, rect, radius)
    if border:
        rounded(surface, border, rect, radius, 2)


def seat_badge(surface: pygame.Surface, colour_name: str | None, index: int, centre: tuple[int, int],
               radius: int) -> None:
    """A seat's mark: its colour in its own shape, outlined so it shows on paper and on felt alike."""
    colour = theme.seat_colour(colour_name, index)
    points = _shape_points(theme.seat_shape(colour_name, index), centre, radius)
    occlude(surface, pygame.Rect(centre[0] - radius, centre[1] - radius, 2 * radius, 2 * radius))
    if points is None:
        pygame.draw.circle(surface, colour, centre, radius)
        pygame.draw.circle(surface, theme.INK, centre, radius, max(1, radius // 6))
    else:
        pygame.draw.polygon(surface, colour, points)
        pygame.draw.polygon(surface, theme.INK, points, max(1, radius // 6))


def _shape_points(shape: str, centre: tuple[int, int], r: int) -> list[tuple[float, float]] | None:
    x, y = centre

    def ring(count: int, radius: float, turn: float = -math.pi / 2) -> list[tuple[float, float]]:
        angles = [turn + 2 * math.pi * k / count for k in range(count)]
        return [(x + radius * math.cos(a), y + radius * math.sin(a)) for a in angles]

    if shape == "square":
        side = r * 0.86
        return [(x - side, y - side), (x + side, y - side), (x + side, y + side), (x - side, y + side)]
    if shape == "triangle":
        return [(px, py + r * 0.15) for px, py in ring(3, r * 1.12)]
    if shape == "diamond":
        return ring(4, r * 1.1)
    if shape == "star":
        outer, inner = ring(5, r * 1.12), ring(5, r * 0.5, -math.pi / 2 + math.pi / 5)
        return [p for pair in zip(outer, inner) for p in pair]
    if shape == "triangle_down":
        return [(px, py - r * 0.15) for px, py in ring(3, r * 1.12, math.pi / 2)]
    if shape == "cross":
        a, b = r * 0.36, r
        return [(x - a, y - b), (x + a, y - b), (x + a, y - a), (x + b, y - a), (x + b, y + a), (x + a, y + a),
                (x + a, y + b), (x - a, y + b), (x - a, y + a), (x - b, y + a), (x - b, y - a), (x - a, y - a)]
    return None  # circle


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    occlude(surface)
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, alpha))
    surface.blit(veil, (0, 0))


@lru_cache(maxsize=8)
def felt(size: tuple[int, int], seed: int = 7) -> pygame.Surface:
    """Green baize with a faint fibre texture and darker edges, made once per size."""
    w, h = size
    rng = random.Random(seed)
    small = pygame.Surface((max(1, w // 4), max(1, h // 4)))
    for y in range(small.get_height()):
        for x in range(small.get_width()):
            n = rng.randint(-7, 7)
            small.set_at((x, y), tuple(max(0, min(255, c + n)) for c in theme.FELT))
    surface = pygame.transform.smoothscale(small, (w, h))
    # a soft vignette: light falls on the middle of the table
    veil = pygame.Surface((w, h), pygame.SRCALPHA)
    steps = 14
    for i in range(steps):
        inset = int(min(w, h) * 0.5 * i / steps)
        alpha = int(70 * (1 - i / steps) ** 2)
        pygame.draw.rect(veil, (0, 0, 0, alpha), pygame.Rect(0, 0, w, h).inflate(-2 * inset, -2 * inset),
                         width=max(1, int(min(w, h) * 0.5 / steps) + 1))
    surface.blit(veil, (0, 0))
    return surface.convert() if pygame.display.get_surface() else surface


@lru_cache(maxsize=8)
def wood(size: tuple[int, int], seed: int = 3) -> pygame.Surface:
    """Wood with a grain running along its length."""
    w, h = size
    rng = random.Random(seed)
    surface = pygame.Surface((w, h))
    horizontal = w >= h
    length, across = (w, h) if horizontal else (h, w)
    phase = rng.random() * 6
    for i in range(across):
        grain = (i * 0.37 + phase) % 6
        shade = 0.82 + 0.18 * abs(3 - grain) / 3 + rng.uniform(-0.04, 0.04)
        colour = tuple(max(0, min(255, int(c * shade))) for c in theme.WOOD)
        if horizontal:
            pygame.draw.line(surface, colour, (0, i), (w, i))
        else:
            pygame.draw.line(surface, colour, (i, 0), (i, h))
    for _ in range(length // 30):  # a few darker streaks
        pos = rng.randrange(across)
        start = rng.randrange(length)
        span = rng.randrange(length // 6 + 1, length // 2 + 2)
        colour = theme.WOOD_DARK
        if horizontal:
            pygame.draw.line(surface, colour, (start, pos), (start + span, pos))
        else:
            pygame.draw.line(surface, colour, (pos, start), (pos, start + span))
    return surface.convert() if pygame.display.get_surface() else surface


def baize_backdrop(surface: pygame.Surface, border: int = 16) -> None:
    """The whole screen as a felt table top inside a wooden rim (title and menu screens)."""
    surface.blit(wood((theme.WIDTH, theme.HEIGHT), 5), (0, 0))
    inner = pygame.Rect(border, border, theme.WIDTH - 2 * border, theme.HEIGHT - 2 * border)
    surface.blit(felt(inner.size, 9), inner)
    pygame.draw.rect(surface, theme.WOOD_DARK, inner.inflate(6, 6), 4, border_radius=8)


@lru_cache(maxsize=8)
def _framed(size: tuple[int, int], border: int) -> pygame.Surface:
    """A felt tray in its wooden frame, composed once per size."""
    rect = pygame.Rect((0, 0), size)
    framed = pygame.Surface(size, pygame.SRCALPHA)
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), rect, border_radius=18)
    framed.blit(wood(size), (0, 0))
    framed.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.rect(framed, theme.WOOD_LIGHT, rect, 2, border_radius=18)
    inner = rect.inflate(-2 * border, -2 * border)
    framed.blit(felt(inner.size), inner)
    pygame.draw.rect(framed, theme.WOOD_DARK, inner.inflate(4, 4), 3, border_radius=6)
    return framed.convert_alpha() if pygame.display.get_surface() else framed


def framed_felt(surface: pygame.Surface, rect: pygame.Rect, border: int = 22) -> pygame.Rect:
    """A felt tray in a wooden frame; returns the felt's rect."""
    drop_shadow(surface, rect, 18, 160, (6, 10))
    surface.blit(_framed(rect.size, border), rect)
    return rect.inflate(-2 * border, -2 * border)


class StaticLayer:
    """What never moves on a screen (table top, frames, labels), drawn once and blitted each frame."""

    def __init__(self, paint):
        self.paint = paint
        self.image: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface) -> None:
        if self.image is None:
            self.image = pygame.Surface(surface.get_size())
            self.paint(self.image)
            if pygame.display.get_surface():
                self.image = self.image.convert()
        surface.blit(self.image, (0, 0))


@dataclass
class Button:
    rect: pygame.Rect
    label: str
    on_press: Callable[[], None]
    enabled: bool = True
    style: str = "primary"  # primary, quiet, danger (or "painted": a scene draws it itself)
    size: int = 30
    hover: bool = False
    focus: bool = False
    detail: str = ""  # a smaller second line
    resting: bool = False  # a row's suggestion while another button is chosen: drawn quiet (set by its row)
    _last: float = field(default=-10.0, repr=False)

    def hit(self, pos: tuple[int, int] | None) -> bool:
        return pos is not None and self.rect.collidepoint(pos)

    def press(self, now: float) -> bool:
        if not self.enabled or now - self._last < DEBOUNCE:
            return False
        self._last = now
        self.on_press()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        style = "quiet" if self.resting else self.style
        if style == "primary":
            colour = theme.BUTTON_HOVER if (self.hover or self.focus) else theme.BUTTON
            ink = theme.BUTTON_TEXT
        elif style == "danger":
            colour, ink = (178, 58, 44) if not (self.hover or self.focus) else (190, 66, 50), theme.WHITE
        else:
            colour = theme.mix(theme.BUTTON_QUIET, theme.WHITE, 0.12 if (self.hover or self.focus) else 0.0)
            ink = theme.PAPER
        if not self.enabled:
            colour, ink = theme.BUTTON_OFF, (200, 196, 190)
        drop_shadow(surface, self.rect, 14, 110 if self.enabled else 60, (3, 5))
        rounded(surface, colour, self.rect, 14)
        highlight = self.rect.inflate(-6, -6)
        highlight.height = max(4, self.rect.height // 3)
        light = theme.mix(colour, theme.WHITE, 0.22)
        rounded(surface, light, highlight, 10)
        rounded(surface, theme.mix(colour, (0, 0, 0), 0.35), self.rect, 14, 2)
        if self.focus:  # white inside dark: the focus shows on paper, felt and wood alike
            rounded(surface, theme.INK, self.rect.inflate(12, 12), 20, 3)
            rounded(surface, theme.WHITE, self.rect.inflate(6, 6), 17, 3)
        centre = self.rect.center
        if self.detail:  # two lines, stacked by their heights as drawn (large text included)
            small = max(14, self.size // 2)
            label_h, detail_h = assets.line_height(self.size, 1.1), assets.line_height(small, 1.2)
            top = centre[1] - (label_h + detail_h) // 2
            draw_text(surface, self.label, self.size, ink, (centre[0], top + label_h // 2), "center", "bold",
                      self.rect.width - 16, quiet=not self.enabled)
            draw_text(surface, self.detail, small, ink, (centre[0], top + label_h + detail_h // 2), "center",
                      "regular", self.rect.width - 16, quiet=not self.enabled)
        else:
            draw_text(surface, self.label, self.size, ink, centre, "center", "bold", self.rect.width - 16,
                      quiet=not self.enabled)


class ButtonRow:
    """A set of buttons with mouse hover, taps and keyboard focus (arrows/Tab move, Enter presses). One looks chosen
    at a time (the focus, else the pointer's); the row's one primary among others shows as its suggestion only while
    no other is chosen (a table's scattered buttons keep their looks: ``one_choice=False``)."""

    def __init__(self, buttons: list[Button] | None = None, one_choice: bool = True):
        self.buttons: list[Button] = buttons or []
        self.focus: int | None = None
        self.one_choice = one_choice

    def handle(self, intent, now: float) -> bool:
        if intent.kind == "point":
            for button in self.buttons:
                button.hover = button.hit(intent.pos)
            pointed = next((i for i, b in enumerate(self.buttons) if b.hover and b.enabled), None)
            if self.focus is not None and pointed is not None:
                self._focus_on(pointed)  # the keyboard's focus follows the pointer: Enter presses what shows
            return False
        if intent.kind == "tap":
            for button in self.buttons:
                if button.hit(intent.pos):
                    button.press(now)
                    return True
            return False
        if intent.kind == "nav" and self.buttons:
            step = -1 if intent.key in ("up", "left", "prev") else 1
            start = self.focus if self.focus is not None else (-1 if step > 0 else 0)
            for k in range(1, len(self.buttons) + 1):
                index = (start + step * k) % len(self.buttons)
                if self.buttons[index].enabled:
                    self._focus_on(index)
                    break
            for button in self.buttons:
                button.hover = False  # the keys moved on: the button the pointer last lit is no longer chosen
            return True
        if intent.kind == "confirm" and self.focus is not None and self.focus < len(self.buttons):
            self.buttons[self.focus].press(now)
            return True
        return False

    def _focus_on(self, index: int) -> None:
        self.focus = index
        for i, button in enumerate(self.buttons):
            button.focus = i == index

    def chosen(self) -> Button | None:
        """The button that looks chosen: the one with the keyboard's focus, else the one under the pointer."""
        return next((b for b in self.buttons if b.focus), None) or next((b for b in self.buttons if b.hover), None)

    def draw(self, surface: pygame.Surface) -> None:
        primaries = [b for b in self.buttons if b.style == "primary"]  # "Play again" beside "New game", "Title"
        suggested = primaries[0] if self.one_choice and len(primaries) == 1 and len(self.buttons) > 1 else None
        chosen = self.chosen()
        for button in self.buttons:
            button.resting = button is suggested and chosen is not None and chosen is not button
            button.draw(surface)


def vertical_buttons(specs: list[tuple[str, Callable[[], None]]], centre_x: int, top: int, width: int = 340,
                     height: int = 64, gap: int = 18, size: int = 30) -> list[Button]:
    buttons = []
    for i, (label, action) in enumerate(specs):
        rect = pygame.Rect(0, 0, width, height)
        rect.midtop = (centre_x, top + i * (height + gap))
        buttons.append(Button(rect, label, action, size=size))
    return buttons
