"""The dice cup: shown while a person shakes (press and hold Roll, Space or a long touch) or drags it, with the
dice to be thrown seen rattling at its mouth; scooped up when taken, poured and withdrawn toward the player
as the dice leave it, opaque all along (a fading cup over the felt read as a green ghost). It owns its
picture, where it is and how long it has been shaken; it throws nothing itself."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from scenes.ui.theme import mix

LEATHER, LEATHER_DARK, RIM = (122, 62, 34), (66, 32, 18), (196, 150, 82)
TIP_TIME = 0.3  # seconds the cup takes to pour the dice out and withdraw
SCOOP_TIME = 0.12  # seconds the cup takes to swoop up the dice when taken
IVORY, PIP = (246, 240, 222), (30, 24, 20)
FULL_SHAKE = 1.5  # seconds of shaking to the loudest rattle


class Cup:
    def __init__(self, felt: pygame.Rect, die_size: int):
        self.felt = pygame.Rect(felt)
        self.die_size = die_size
        self.pos: tuple[float, float] | None = None
        self.shaken = 0.0  # seconds shaken so far
        self.tipping = 0.0  # seconds since release; 0 while shaking or hidden
        self.dice = 0  # dice in the cup, seen at its mouth (the tray says)
        self._follow: tuple[tuple[float, float], tuple[float, float], float, float] | None = None
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

    def follow(self, to: tuple[float, float], seconds: float) -> None:
        """After a flick the hand goes on a little: the cup glides to ``to`` in ``seconds``, still shaken."""
        if self.pos is not None:
            self._follow = (self.pos, to, 0.0, seconds)

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
        self.pos, self.shaken, self.tipping, self._follow = None, 0.0, 0.0, None

    def busy(self) -> bool:
        return self.visible

    def update(self, dt: float) -> None:
        self._time += dt
        if self._follow is not None and self.shaking:
            start, to, spent, seconds = self._follow
            spent = min(seconds, spent + dt)
            f = 1 - (1 - spent / seconds) ** 2  # slowing, as a hand does
            self.pos = (start[0] + (to[0] - start[0]) * f, start[1] + (to[1] - start[1]) * f)
            self._follow = None if spent >= seconds else (start, to, spent, seconds)
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
        t = self._time
        if self.shaking:
            strength = 0.4 + 0.6 * min(1.0, self.shaken / 0.3)
            x += math.sin(t * 47) * self.die_size * 0.12 * strength
            y += math.sin(t * 31 + 1.3) * self.die_size * 0.08 * strength
            angle, scale = math.sin(t * 39) * 9 * strength, 1.0
            scoop = 1.0 - min(1.0, self.shaken / SCOOP_TIME)  # swept up from the player's edge
            angle += 28 * scoop
            y += self.die_size * 0.9 * scoop
            scale -= 0.12 * scoop
        else:  # poured toward the far rail, then taken back toward the player
            done = min(1.0, self.tipping / TIP_TIME)
            pour = min(1.0, done / 0.5)
            angle, scale = -80 * (1 - (1 - pour) ** 2), 1.0 + 0.1 * pour
            y -= self.die_size * 0.5 * pour
            back = max(0.0, done - 0.5) / 0.5
            y += self.die_size * 4.0 * back * back
            x -= self.die_size * 0.8 * back
        if self.dice and self.shaking:
            picture = picture.copy()
            self._draw_dice_inside(picture, t)
        frame = pygame.transform.rotozoom(picture, angle, scale)
        surface.blit(frame, frame.get_rect(center=(round(x), round(y))))

    def _draw_dice_inside(self, picture: pygame.Surface, t: float) -> None:
        """The dice at the cup's mouth, tumbling over each other as it is shaken (each shows some face)."""
        side = picture.get_width()
        inside = _inside(side)
        die = max(6, round(self.die_size * 0.46))
        lively = min(1.0, self.shaken / 0.2)
        for k in range(min(self.dice, 6)):
            row, col = divmod(k, 3)
            across = (col - 1) * 0.3 + (0.15 if row else 0.0)
            bob = math.sin(t * (23 + 5 * k) + k * 1.7) * lively
            cx = inside.centerx + inside.width * (across + 0.05 * bob)
            cy = inside.centery + inside.height * (-0.12 + 0.26 * row + 0.09 * math.cos(t * 19 + k))
            face = 1 + int(t * (9 + k) + k * 2.3) % 6 if lively else 1 + k % 6
            tile = _die_tile(die, face)
            turned = pygame.transform.rotate(tile, (k * 37 + 40 * bob) % 90)
            picture.blit(turned, turned.get_rect(center=(round(cx), round(cy))))


def _inside(side: int) -> pygame.Rect:
    """The cup's dark inside at its mouth, on a picture ``side`` pixels square (as cup_picture draws it)."""
    big = side * 2
    mouth = pygame.Rect(0, 0, int(big * 0.78), int(big * 0.42))
    mouth.midtop = (big // 2, int(big * 0.06))
    inside = mouth.inflate(-big * 0.07, -big * 0.06)
    return pygame.Rect(inside.x // 2, inside.y // 2, inside.width // 2, inside.height // 2)


@lru_cache(maxsize=32)
def _die_tile(side: int, face: int) -> pygame.Surface:
    """A die in the cup seen from above: ivory, its pips, a shade at its foot."""
    tile = pygame.Surface((side, side), pygame.SRCALPHA)
    pygame.draw.rect(tile, (150, 140, 120), tile.get_rect(), border_radius=side // 4)
    pygame.draw.rect(tile, IVORY, tile.get_rect().inflate(-2, -3).move(0, -1), border_radius=side // 4)
    spread, r = side * 0.26, max(1, round(side * 0.09))
    spots = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)], 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
             5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)], 6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
    for u, v in spots[face]:
        pygame.draw.circle(tile, PIP, (side / 2 + u * spread, side / 2 - 1 + v * spread), r)
    return tile


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
    for k in range(12):  # stitches round the rim
        a = 2 * math.pi * k / 12
        px = mouth.centerx + math.cos(a) * (mouth.width / 2 - big * 0.018)
        py = mouth.centery + math.sin(a) * (mouth.height / 2 - big * 0.014)
        pygame.draw.circle(canvas, mix(RIM, LEATHER_DARK, 0.5), (px, py), max(1, big * 0.008))
    return pygame.transform.smoothscale(canvas, (side, side))
