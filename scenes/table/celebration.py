"""A moment that matters, cheered across the whole window: five alike scored as one (the big one), a large
straight or the upper bonus (smaller ones).

A celebration owns its words, which dice glow, its confetti and sparks, its light and how long it lasts; the
table starts one for what the engine decided, moves it on with the scene's time and draws it over everything
but the card's help. The pieces move in fixed steps from their own generator, seeded by the table: the same
seed and the same time give the same picture, and the game's dice generator is never touched.

Depth and light, cheaply: each piece of confetti has a depth (its size and speed shrink with it, the far ones
are dimmer and drawn first) and tumbles, so its width follows the cosine of its spin and its shade its facing
(the back of the paper darker, a glint when it faces the light square on). Sparks are glow sprites added onto
the picture (additive light); every sprite and the warm vignette are drawn once per process, never per frame.
Both kinds are capped, and a piece gone out of the window, or burnt out, is dropped at once.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import cache, lru_cache

import pygame

from scenes.ui import theme
from scenes.ui.tween import out_back
from scenes.ui.widgets import draw_text, occlude

STEP = 1 / 60  # the pieces' fixed step: the same picture at any frame rate
LENGTH = {True: 3.2, False: 1.8}  # seconds a big or a small one lasts
FLAKES = {True: 220, False: 60}  # confetti pieces, at most
SPARKS = {True: 150, False: 45}  # sparks, at most (the big one's in three bursts)
WORDS_SIZE = {True: 72, False: 46}
GRAVITY = 900.0  # canvas px/s² at depth 1: confetti thrown up comes down within the moment
DRAG = 2.2  # per second: paper slows in the air, then flutters down
FALL = 170.0  # px/s at depth 1: paper falls no faster
SPARK_GRAVITY = 260.0
SPARK_DRAG = 1.6
NEAR, FAR = 0.6, 1.7  # depth range: a piece at depth z is drawn at 1/z of its size
POP = 0.35  # seconds the words take to spring up
FADE = 0.45  # seconds they take to fade at the end
FLASH = 0.35  # seconds the big one's warm flash takes to fade
BLOOM = (170, 0.8)  # the light that bursts from the dice: radius (px) and seconds it takes to fade
COLOURS = ((230, 159, 0), (86, 180, 233), (0, 158, 115), (240, 228, 66), (213, 94, 0), (204, 121, 167),
           (255, 255, 255))
SPARK_COLOURS = ((255, 214, 110), (255, 160, 70), (255, 245, 215))  # warm gold, ember, white-hot
GLOW_SIZES = (4, 6, 9, 13, 18, 24)  # sprite radii: a spark picks the nearest to its perspective size
GLOW_LEVELS = 5  # brightness steps of each sprite: a spark fading walks down them
GOLD_INK = (255, 214, 72)
OUTLINE = (58, 32, 8)
WARM = (255, 178, 70)


@dataclass
class Flake:
    """A flat flake of paper (the results screen's gentle snow of confetti)."""
    x: float
    y: float
    vx: float
    vy: float
    angle: float
    spin: float
    colour: tuple[int, int, int]
    size: int


@dataclass
class Piece:
    """A piece of confetti: ``z`` its depth; ``tumble`` its spin about its long axis, ``turn`` its angle in the
    picture."""
    x: float
    y: float
    z: float
    vx: float
    vy: float
    tumble: float
    tumble_rate: float
    turn: float
    turn_rate: float
    colour: tuple[int, int, int]
    size: int


@dataclass
class Spark:
    x: float
    y: float
    z: float
    vx: float
    vy: float
    life: float  # seconds it burns
    age: float
    colour: int  # index into SPARK_COLOURS
    delay: float = 0.0  # seconds before it is lit (the later bursts)


@cache
def glow_sprite(colour: int, radius: int, level: int) -> pygame.Surface:
    """A round glow to add onto the picture: bright core, soft falloff to black (adds nothing at its edge)."""
    side = 2 * radius + 1
    sprite = pygame.Surface((side, side))
    sprite.fill((0, 0, 0))
    r, g, b = SPARK_COLOURS[colour]
    strength = (level + 1) / GLOW_LEVELS
    for k in range(radius, 0, -1):
        t = k / radius
        fall = strength * (1.0 - t) ** 2.2 + (0.9 * strength if k <= max(1, radius // 5) else 0.0)
        fall = min(1.0, fall)
        pygame.draw.circle(sprite, (int(r * fall), int(g * fall), int(b * fall)), (radius, radius), k)
    return sprite


@cache
def bloom_sprite(level: int) -> pygame.Surface:
    """The burst of light from the dice: a wide, soft, warm glow to add onto the picture."""
    radius = BLOOM[0]
    sprite = pygame.Surface((2 * radius + 1, 2 * radius + 1))
    sprite.fill((0, 0, 0))
    strength = (level + 1) / GLOW_LEVELS
    for k in range(radius, 0, -2):
        fall = strength * (1.0 - k / radius) ** 2.5
        pygame.draw.circle(sprite, (int(255 * fall), int(190 * fall), int(90 * fall)), (radius, radius), k)
    return sprite


@lru_cache(maxsize=4)
def vignette(size: tuple[int, int]) -> pygame.Surface:
    """A warm light round the window's edges, clear in the middle; its strength is set per frame (set_alpha)."""
    small = pygame.Surface((64, 40), pygame.SRCALPHA)  # drawn small, smoothed up once: no banding, little work
    for y in range(40):
        for x in range(64):
            dx, dy = (x + 0.5) / 32 - 1, (y + 0.5) / 20 - 1
            edge = min(1.0, max(0.0, (math.hypot(dx, dy) - 0.55) / 0.75))
            small.set_at((x, y), (*WARM, int(210 * edge ** 1.6)))
    edge = pygame.transform.smoothscale(small, size)
    # the display's format blits fastest
    return edge.convert_alpha() if pygame.display.get_surface() is not None else edge


def prepare(size: tuple[int, int] = (theme.WIDTH, theme.HEIGHT)) -> None:
    """Every sprite and the vignette drawn now (when the table is set), so no cheer's first frame draws them."""
    for colour in range(len(SPARK_COLOURS)):
        for radius in GLOW_SIZES:
            for level in range(GLOW_LEVELS):
                glow_sprite(colour, radius, level)
    for level in range(GLOW_LEVELS):
        bloom_sprite(level)
    vignette(size)


class Celebration:
    """One cheer: ``big`` for five alike scored as one. ``glow``: the dice (by index) that light up meanwhile.
    ``felt``: where the dice lie; ``window``: what the confetti covers; ``origin``: where the sparks and the
    light burst from (the dice; None: the felt's middle)."""

    def __init__(self, words: str, big: bool, felt: pygame.Rect, seed: int, glow: set[int] | None = None,
                 window: pygame.Rect | None = None, origin: tuple[float, float] | None = None):
        self.words = words.upper() if big else words  # the big one is called out, as round the table
        self.big = big
        self.felt = pygame.Rect(felt)
        self.window = pygame.Rect(window if window is not None else (0, 0, theme.WIDTH, theme.HEIGHT))
        self.glow = set(glow or ())
        self.origin = tuple(origin) if origin is not None else self.felt.center
        self.length = LENGTH[big]
        self.age = 0.0
        self._unstepped = 0.0
        rng = random.Random(seed)
        self.flakes = sorted((self._thrown(rng, k) for k in range(FLAKES[big])), key=lambda f: -f.z)
        self.sparks = [self._spark(rng, k) for k in range(SPARKS[big])]

    # ------------------------------------------------------------ making
    def _thrown(self, rng: random.Random, k: int) -> Piece:
        """The big one: half shot up from the window's bottom corners, half raining in from above its top; a
        small one: shot up from the felt's bottom corners only."""
        z = rng.uniform(NEAR, FAR)
        near = 1.0 / z
        area = self.window if self.big else self.felt
        if self.big and k % 2:
            x = rng.uniform(area.left, area.right)
            y = area.top - rng.uniform(10, area.height * 0.9)  # they come in over the first second or so
            vx, vy = rng.uniform(-60, 60) * near, rng.uniform(40, 140) * near
        else:
            left = k % 4 < 2
            x = area.left + 20 if left else area.right - 20
            y = area.bottom + 10
            angle = math.radians(rng.uniform(55, 84))
            speed = rng.uniform(0.8, 1.2) * area.height * (2.5 if self.big else 2.2) * near ** 0.5
            vx, vy = math.cos(angle) * speed * (1 if left else -1), -math.sin(angle) * speed
        return Piece(x, y, z, vx, vy, rng.uniform(0, math.tau), rng.uniform(5, 14) * rng.choice((-1, 1)),
                     rng.uniform(0, math.tau), rng.uniform(-3, 3), rng.choice(COLOURS), rng.randint(11, 19))

    def _spark(self, rng: random.Random, k: int) -> Spark:
        """Bursts: the first from the dice, the big one's next two high over the felt's left and right, a beat
        apart (over the felt's dark cloth: light added onto the pale card would only wash it white)."""
        bursts = 3 if self.big else 1
        burst = k % bursts
        if burst == 0:
            cx, cy = self.origin
        else:
            f = self.felt
            cx = f.left + f.width * (0.25 if burst == 1 else 0.75) + rng.uniform(-30, 30)
            cy = f.top + f.height * rng.uniform(0.25, 0.35)
        z = rng.uniform(NEAR, FAR * 0.8)
        angle = rng.uniform(0, math.tau)
        speed = rng.uniform(0.35, 1.0) * (520 if self.big else 380) / z
        return Spark(cx, cy, z, math.cos(angle) * speed, math.sin(angle) * speed - 120 / z,
                     rng.uniform(0.7, 1.5), 0.0, rng.randrange(len(SPARK_COLOURS)), delay=0.45 * burst)

    # ------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        self.age += dt
        self._unstepped += dt
        while self._unstepped >= STEP:
            self._unstepped -= STEP
            self._step(STEP)
        if self.over():
            self.flakes, self.sparks = [], []  # over: nothing is kept

    def _step(self, dt: float) -> None:
        slow = math.exp(-DRAG * dt)
        bottom = self.window.bottom + 30
        for f in self.flakes:
            near = 1.0 / f.z
            f.vx *= slow
            f.vy = min(f.vy * slow + GRAVITY * near * dt, FALL * near)
            f.tumble += f.tumble_rate * dt
            f.turn += f.turn_rate * dt
            # Paper side-slips the way it is tilted: the flutter.
            f.x += (f.vx + 55 * near * math.sin(f.tumble)) * dt
            f.y += f.vy * dt
        self.flakes = [f for f in self.flakes if f.y < bottom]
        spark_slow = math.exp(-SPARK_DRAG * dt)
        for s in self.sparks:
            if s.delay > 0:
                s.delay -= dt
                continue
            s.age += dt
            s.vx *= spark_slow
            s.vy = s.vy * spark_slow + SPARK_GRAVITY / s.z * dt
            s.x += s.vx * dt
            s.y += s.vy * dt
        self.sparks = [s for s in self.sparks if s.age < s.life]

    def over(self) -> bool:
        return self.age >= self.length

    def pieces(self) -> int:
        return len(self.flakes) + len(self.sparks)

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, banner: pygame.Rect) -> None:
        """Light, sparks and confetti over the whole window, the words over the banner's place at the top of
        the felt."""
        if self.over():
            return
        if self.big:
            self._draw_light(surface)
        far = [f for f in self.flakes if f.z > 1.15]
        self._draw_flakes(surface, far)  # the far ones behind the sparks
        self._draw_sparks(surface)
        self._draw_flakes(surface, self.flakes[len(far):])  # sorted far to near: the rest are near
        self._draw_words(surface, banner)

    def _draw_light(self, surface: pygame.Surface) -> None:
        """A warm flash at once, then a warm glow round the edges swelling and dying away."""
        if self.age < FLASH:
            k = 1.0 - self.age / FLASH
            surface.fill((int(70 * k), int(50 * k), int(18 * k)), special_flags=pygame.BLEND_RGB_ADD)
        if self.age < BLOOM[1]:
            level = int((1.0 - self.age / BLOOM[1]) ** 1.5 * GLOW_LEVELS)
            if level:
                sprite = bloom_sprite(level - 1)
                surface.blit(sprite, sprite.get_rect(center=self.origin), special_flags=pygame.BLEND_RGB_ADD)
        swell = min(1.0, self.age / 0.25) * max(0.0, 1.0 - self.age / self.length) ** 0.8
        if swell > 0.02:
            edge = vignette(surface.get_size())
            edge.set_alpha(int(255 * swell))
            surface.blit(edge, (0, 0))

    @staticmethod
    def _draw_flakes(surface: pygame.Surface, flakes: list[Piece]) -> None:
        """Each piece a quad: as wide as its spin shows it, lit from the front (square on is brightest, with a
        glint; edge on darkest), the back of the paper duller, far pieces dimmer as through the room's air.
        One loop with locals only: it is the celebration's busiest code."""
        polygon, cos, sin = pygame.draw.polygon, math.cos, math.sin
        for f in flakes:
            near = 1.0 / f.z
            facing = cos(f.tumble)
            square = facing if facing >= 0 else -facing
            half_w = f.size * near * square * 0.5 + 0.3
            half_h = f.size * near * 0.32
            light = (0.38 + 0.62 * square) * (1.0 if facing >= 0 else 0.78) * (1.12 - 0.28 * (f.z - NEAR))
            glint = (square - 0.93) * 2040 if square > 0.93 else 0.0  # up to 255 * 8 * 0.07 of white
            r, g, b = f.colour
            r, g, b = r * light + glint, g * light + glint, b * light + glint
            colour = (255 if r > 255 else int(r), 255 if g > 255 else int(g), 255 if b > 255 else int(b))
            c, s = cos(f.turn), sin(f.turn)
            ax, ay, bx, by = half_w * c, half_w * s, -half_h * s, half_h * c
            x, y = f.x, f.y
            polygon(surface, colour, ((x - ax - bx, y - ay - by), (x + ax - bx, y + ay - by),
                                      (x + ax + bx, y + ay + by), (x - ax + bx, y - ay + by)))

    def _draw_sparks(self, surface: pygame.Surface) -> None:
        add = pygame.BLEND_RGB_ADD
        for s in self.sparks:
            if s.delay > 0:
                continue
            left = 1.0 - s.age / s.life
            twinkle = 0.8 + 0.2 * math.sin(s.age * 40 + s.x)
            level = min(GLOW_LEVELS - 1, int(left ** 1.3 * twinkle * GLOW_LEVELS))
            size = 19 / s.z * (0.5 + 0.5 * left)
            radius = min(GLOW_SIZES, key=lambda r: abs(r - size))
            sprite = glow_sprite(s.colour, radius, level)
            surface.blit(sprite, (int(s.x) - radius, int(s.y) - radius), special_flags=add)

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
