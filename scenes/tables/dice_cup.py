"""The dice cup: shown while a person shakes (press and hold Roll, Space or a long touch), tipped away as the
dice leave it. It owns its picture, where it is and how long it has been shaken; it throws nothing itself."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from scenes.ui.theme import mix

LEATHER, LEATHER_DARK, RIM = (122, 62, 34), (66, 32, 18), (196, 150, 82)
TIP_TIME = 0.22  # seconds the cup takes to tip away after the throw
FULL_SHAKE = 1.5  # seconds of shaking to the loudest rattle


class Cup:
    def __init__(self, felt: pygame.Rect, die_size: int):
        self.felt = pygame.Rect(felt)
        self.die_size = die_size
        self.pos: tuple[float, float] | None = None
        self.shaken = 0.0  # seconds shaken so far
        self.tipping = 0.0  # seconds since release; 0 while shaking or hidden
        self._time = 0.0

    @property
    def shaking(self) -> bool:
        return self.pos is not None and self.tipping == 0.0

    @property
    def visible(self) -> bool:
        return self.pos is not None

    def shake(self, pos: tuple[float, float] | None = None) -> None:
        """Take up the cup (or move it) at ``pos``, kept over the player's half of the felt."""
        if pos is None:
            pos = (self.felt.centerx, self.felt.bottom - self.die_size * 0.9)
        x = max(self.felt.left + self.die_size, min(self.felt.right - self.die_size, pos[0]))
        y = max(self.felt.top + self.die_size, min(self.felt.bottom - self.die_size * 0.5, pos[1]))
        if not self.shaking:
            self.shaken, self.tipping = 0.0, 0.0
        self.pos = (x, y)

    def loudness(self) -> float:
        """How loud the rattle is now: louder the longer the cup has been shaken."""
        return min(1.0, 0.35 + 0.65 * self.shaken / FULL_SHAKE) if self.shaking else 0.0

    def strength(self) -> float:
        """A longer shake throws a little harder (1 to 1.3)."""
        return 1.0 + 0.3 * min(1.0, self.shaken / FULL_SHAKE)

    def release(self) -> None:
        """The dice are out: the cup tips away (if it was shown at all)."""
        if self.shaking:
            self.tipping = 1e-6

    def drop(self) -> None:
        """Put the cup away at once, throwing nothing (the turn passed, the shake was called off)."""
        self.pos, self.shaken, self.tipping = None, 0.0, 0.0

    def busy(self) -> bool:
        return self.visible

    def update(self, dt: float) -> None:
        self._time += dt
        if self.shaking:
            self.shaken += dt
        elif self.tipping:
            self.tipping += dt
            if self.tipping >= TIP_TIME:
                self.drop()

    def draw(self, surface: pygame.Surface) -> None:
        if self.pos is None:
            return
        picture = cup_picture(round(self.die_size * 2.4))
        x, y = self.pos
        if self.shaking:
            strength = 0.4 + 0.6 * min(1.0, self.shaken / 0.3)
            t = self._time
            x += math.sin(t * 47) * self.die_size * 0.12 * strength
            y += math.sin(t * 31 + 1.3) * self.die_size * 0.08 * strength
            angle, scale, fade = math.sin(t * 39) * 9 * strength, 1.0, 255
        else:
            done = min(1.0, self.tipping / TIP_TIME)
            angle, scale, fade = -70 * done, 1.0 + 0.15 * done, int(255 * (1 - done))
            y -= self.die_size * 1.2 * done
        frame = pygame.transform.rotozoom(picture, angle, scale)
        if fade < 255:
            frame.set_alpha(fade)
        surface.blit(frame, frame.get_rect(center=(round(x), round(y))))


@lru_cache(maxsize=8)
def cup_picture(side: int) -> pygame.Surface:
    """A leather dice cup tilted toward the felt, seen from above: its side, and its open mouth at the top."""
    big = side * 2
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    mouth = pygame.Rect(0, 0, int(big * 0.78), int(big * 0.42))
    mouth.midtop = (big // 2, int(big * 0.06))
    foot = pygame.Rect(0, 0, int(big * 0.58), int(big * 0.24))
    foot.midbottom = (big // 2, int(big * 0.94))
    # The side: a shaded band from the mouth down to the foot.
    steps = 24
    for k in range(steps):
        t = k / (steps - 1)
        w = mouth.width + (foot.width - mouth.width) * t
        cy = mouth.centery + (foot.centery - mouth.centery) * t
        h = mouth.height + (foot.height - mouth.height) * t
        band = pygame.Rect(0, 0, int(w), int(h))
        band.center = (big // 2, int(cy))
        pygame.draw.ellipse(canvas, mix(LEATHER, LEATHER_DARK, 0.25 + 0.5 * t), band)
    # Light from the top left along the side.
    shine = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.ellipse(shine, (255, 220, 170, 60), pygame.Rect(mouth.left + big * 0.06, mouth.centery,
                                                                 big * 0.16, big * 0.5))
    canvas.blit(shine, (0, 0))
    # The mouth: a stitched rim and the dark inside, with a die glimpsed in the shadow.
    pygame.draw.ellipse(canvas, RIM, mouth)
    inside = mouth.inflate(-big * 0.07, -big * 0.06)
    pygame.draw.ellipse(canvas, (28, 14, 8), inside)
    glimpse = pygame.Rect(0, 0, int(big * 0.16), int(big * 0.1))
    glimpse.center = (inside.centerx + int(big * 0.08), inside.centery + int(big * 0.03))
    pygame.draw.ellipse(canvas, (120, 112, 96), glimpse)
    for k in range(12):  # stitches round the rim
        a = 2 * math.pi * k / 12
        px = mouth.centerx + math.cos(a) * (mouth.width / 2 - big * 0.018)
        py = mouth.centery + math.sin(a) * (mouth.height / 2 - big * 0.014)
        pygame.draw.circle(canvas, mix(RIM, LEATHER_DARK, 0.5), (px, py), max(1, big * 0.008))
    return pygame.transform.smoothscale(canvas, (side, side))
