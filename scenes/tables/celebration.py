"""A moment that matters, cheered on the felt: five alike (the big one), a large straight or the upper bonus
(smaller ones).

A celebration owns its words, which dice glow, its confetti and how long it lasts; the table starts one for
what the engine decided, moves it on with the scene's time and draws it over the felt. The confetti moves in
fixed steps from its own generator, seeded by the table: the same seed and the same time give the same
picture, and the game's dice generator is never touched.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from scenes.ui import theme
from scenes.ui.tween import out_back
from scenes.ui.widgets import draw_text, occlude

STEP = 1 / 60  # the confetti's fixed step: the same picture at any frame rate
LENGTH = {True: 2.6, False: 1.7}  # seconds a big or a small one lasts
FLAKES = {True: 150, False: 40}
WORDS_SIZE = {True: 72, False: 46}
GRAVITY = 900.0  # canvas px/s²: confetti that was thrown up comes down within the moment
DRAG = 2.2  # per second: paper slows in the air, then flutters down
POP = 0.35  # seconds the words take to spring up
FADE = 0.45  # seconds they take to fade at the end
COLOURS = ((230, 159, 0), (86, 180, 233), (0, 158, 115), (240, 228, 66), (213, 94, 0), (204, 121, 167),
           (255, 255, 255))
GOLD_INK = (255, 214, 72)
OUTLINE = (58, 32, 8)


@dataclass
class Flake:
    x: float
    y: float
    vx: float
    vy: float
    angle: float
    spin: float
    colour: tuple[int, int, int]
    size: int


class Celebration:
    """One cheer: ``big`` for five alike. ``glow``: the dice (by index) that light up meanwhile."""

    def __init__(self, words: str, big: bool, felt: pygame.Rect, seed: int, glow: set[int] | None = None):
        self.words = words.upper() if big else words  # the big one is called out, as round the table
        self.big = big
        self.felt = pygame.Rect(felt)
        self.glow = set(glow or ())
        self.length = LENGTH[big]
        self.age = 0.0
        self._unstepped = 0.0
        rng = random.Random(seed)
        self.flakes = [self._thrown(rng, k) for k in range(FLAKES[big])]

    def _thrown(self, rng: random.Random, k: int) -> Flake:
        """Thrown up from both bottom corners of the felt toward its middle, as from two party poppers."""
        left = k % 2 == 0
        felt = self.felt
        x = felt.left + 30 if left else felt.right - 30
        angle = math.radians(rng.uniform(58, 82))  # from the felt, steeply up and inward
        speed = rng.uniform(0.75, 1.15) * felt.height * (2.6 if self.big else 2.1)
        vx = math.cos(angle) * speed * (1 if left else -1)
        return Flake(x, felt.bottom - 10, vx, -math.sin(angle) * speed, rng.uniform(0, math.tau),
                     rng.uniform(-9, 9), rng.choice(COLOURS), rng.randint(7, 13))

    # ------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        self.age += dt
        self._unstepped += dt
        while self._unstepped >= STEP:
            self._unstepped -= STEP
            self._step(STEP)

    def _step(self, dt: float) -> None:
        slow = math.exp(-DRAG * dt)
        for f in self.flakes:
            f.vx *= slow
            f.vy = f.vy * slow + GRAVITY * dt
            f.vy = min(f.vy, 160.0)  # paper falls no faster than this: it flutters
            f.x += f.vx * dt + 40 * math.sin(f.angle) * dt
            f.y += f.vy * dt
            f.angle += f.spin * dt

    def over(self) -> bool:
        return self.age >= self.length

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, banner: pygame.Rect) -> None:
        """Confetti over the felt (never over the card, whose box counts up meanwhile), the words over the
        banner's place at the top of the felt."""
        if self.over():
            return
        clip = surface.get_clip()
        surface.set_clip(self.felt)
        for f in self.flakes:
            if self.felt.top - 20 < f.y < self.felt.bottom + 20:
                width = max(2, int(f.size * abs(math.cos(f.angle))))
                pygame.draw.rect(surface, f.colour, pygame.Rect(int(f.x), int(f.y), width, f.size // 2 + 2))
        surface.set_clip(clip)
        self._draw_words(surface, banner)

    def _draw_words(self, surface: pygame.Surface, banner: pygame.Rect) -> None:
        """Over the banner's place, the big one a little larger: never over the dice, which rest clear of it."""
        fade = min(1.0, (self.length - self.age) / FADE)
        grow = out_back(min(1.0, self.age / POP))
        whole = banner.inflate(60, 28) if self.big else banner.inflate(0, 8)
        rect = pygame.Rect(0, 0, min(whole.width, self.felt.width - 24), max(8, round(whole.height * grow)))
        rect.center = whole.center
        ribbon = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(ribbon, (*OUTLINE, int(240 * fade)), ribbon.get_rect(), border_radius=20)
        pygame.draw.rect(ribbon, (*theme.HOLD_GOLD, int(255 * fade)), ribbon.get_rect(), 4, border_radius=20)
        occlude(surface, rect)
        surface.blit(ribbon, rect)
        if grow < 0.6 or fade < 0.35:
            return  # the ribbon springs up first; the words come once it is nearly whole, and go before it
        size, at = WORDS_SIZE[self.big], rect.center
        draw_text(surface, self.words, size, (0, 0, 0), (at[0] + 3, at[1] + 3), "center", "black", rect.width - 40,
                  quiet=True)
        draw_text(surface, self.words, size, GOLD_INK, at, "center", "black", rect.width - 40)
