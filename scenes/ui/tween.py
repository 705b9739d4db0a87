"""Time on a scene's own clock: tweens with named easings and delayed calls.

A clock is ticked with seconds. A tween finishes exactly on its end value
and may call back when done. Speed scales the clock (the animation setting:
fast runs it twice as quickly; ``finish_all`` jumps everything to its end).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


def linear(t: float) -> float:
    return t


def out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def in_out_cubic(t: float) -> float:
    return 4 * t ** 3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def out_back(t: float) -> float:
    c1 = 1.70158
    return 1 + (c1 + 1) * (t - 1) ** 3 + c1 * (t - 1) ** 2


def out_bounce(t: float) -> float:
    n, d = 7.5625, 2.75
    if t < 1 / d:
        return n * t * t
    if t < 2 / d:
        t -= 1.5 / d
        return n * t * t + 0.75
    if t < 2.5 / d:
        t -= 2.25 / d
        return n * t * t + 0.9375
    t -= 2.625 / d
    return n * t * t + 0.984375


def in_quad(t: float) -> float:
    return t * t


def out_elastic(t: float) -> float:
    if t in (0, 1):
        return t
    return 2 ** (-10 * t) * math.sin((t * 10 - 0.75) * (2 * math.pi) / 3) + 1


EASINGS: dict[str, Callable[[float], float]] = {
    "linear": linear, "out_cubic": out_cubic, "in_out_cubic": in_out_cubic, "out_back": out_back,
    "out_bounce": out_bounce, "in_quad": in_quad, "out_elastic": out_elastic,
}


def lerp(a: Any, b: Any, t: float) -> Any:
    if isinstance(a, (tuple, list)):
        return type(a)(lerp(x, y, t) for x, y in zip(a, b))
    return a + (b - a) * t


@dataclass
class Tween:
    target: Any
    attr: str
    start: Any
    end: Any
    duration: float
    easing: Callable[[float], float]
    on_done: Callable[[], None] | None = None
    elapsed: float = 0.0
    done: bool = False

    def advance(self, dt: float) -> None:
        self.elapsed += dt
        t = 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)
        value = self.end if t >= 1.0 else lerp(self.start, self.end, self.easing(t))
        setattr(self.target, self.attr, value)
        if t >= 1.0:
            self.done = True


@dataclass
class _Later:
    at: float
    call: Callable[[], None]


@dataclass
class Clock:
    speed: float = 1.0
    time: float = 0.0
    tweens: list[Tween] = field(default_factory=list)
    later: list[_Later] = field(default_factory=list)

    def tween(self, target: Any, attr: str, end: Any, duration: float, easing: str = "out_cubic",
              on_done: Callable[[], None] | None = None) -> Tween:
        # A new tween of the same attribute replaces the old one.
        self.tweens = [t for t in self.tweens if not (t.target is target and t.attr == attr)]
        tween = Tween(target, attr, getattr(target, attr), end, duration, EASINGS[easing], on_done)
        self.tweens.append(tween)
        if duration <= 0:
            self._step(0.0)
        return tween

    def after(self, seconds: float, call: Callable[[], None]) -> None:
        self.later.append(_Later(self.time + seconds, call))

    def busy(self) -> bool:
        return bool(self.tweens)

    def next_due(self) -> float | None:
        """Seconds of real time until the next delayed call, or None."""
        if not self.later:
            return None
        return max(0.0, min(item.at for item in self.later) - self.time) / max(self.speed, 1e-6)

    def tick(self, dt: float) -> None:
        self._step(dt * self.speed)

    def _step(self, dt: float) -> None:
        self.time += dt
        finished = []
        for tween in list(self.tweens):
            tween.advance(dt)
            if tween.done:
                finished.append(tween)
        for tween in finished:
            if tween in self.tweens:
                self.tweens.remove(tween)
            if tween.on_done:
                tween.on_done()
        due = [item for item in self.later if item.at <= self.time]
        if due:
            self.later = [item for item in self.later if item.at > self.time]
            for item in due:
                item.call()

    def finish_all(self) -> None:
        """Every tween jumps to its end (and calls back); delayed calls stay scheduled."""
        for _ in range(8):  # a callback may start another tween
            if not self.tweens:
                break
            for tween in list(self.tweens):
                tween.advance(tween.duration + 1)
            self._step(0.0)
