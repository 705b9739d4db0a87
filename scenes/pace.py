"""The loop's pace: when a frame is drawn and how long the loop rests between frames (see scenes.app).

A frame is drawn only when the picture can have changed: after input or a window event, when the stack changed,
while something animates (and the frame after it stops, to show where it stopped), when someone asks
(``redraw``) and when a timer comes due. At rest the loop sleeps, looking for events every REST_LOOK, at most
REST_WAIT, so a stop signal or a due timer is still seen. The app tells it what moves and what is due; it keeps
only what it decided.
"""

from __future__ import annotations

import time
from typing import Any

import pygame

REST_WAIT = 0.25  # the longest rest: a stop signal or a due timer is seen within it
# pygame.event.wait would do, but pygame-ce's looks for events every millisecond (1.6% of a core in
# Xvfb); a look every 10 ms costs a quarter of that, and 10 ms is less than a frame.
REST_LOOK = 0.01


class Pace:
    def __init__(self) -> None:
        self.moving = False  # something animated at the last frame: one more frame shows where it stopped
        self._asked = True  # a frame was asked for (the first one is)
        self._drawn_changes = -1  # the stack's change count at the last frame
        self._wake_at: float | None = None  # app time of the next timer due to change the picture

    def redraw(self) -> None:
        """Ask for a frame: for a change no input, animation or timer explains (a thread's result, say)."""
        self._asked = True

    def frame_due(self, woke: bool, animating: bool, changes: int, now: float) -> bool:
        """Whether to draw now: input (``woke``), animation (and the frame after it ends), a new screen (the
        stack's ``changes`` count moved since the last frame), a frame asked for, a timer due at app time ``now``."""
        due = (woke or animating or self.moving or self._asked or changes != self._drawn_changes
               or self._wake_at is not None and now >= self._wake_at)
        self.moving = animating
        return due

    def drawn(self, changes: int) -> None:
        """A frame was shown, of the stack at its ``changes`` count."""
        self._asked, self._drawn_changes = False, changes

    def plan_rest(self, wake_in: float | None, now: float) -> float:
        """Before a rest: note when a timer will want a frame (``wake_in`` seconds after app time ``now``, None:
        no timer); the seconds to sleep (REST_WAIT at most)."""
        self._wake_at = None if wake_in is None else now + wake_in
        return REST_WAIT if wake_in is None else min(REST_WAIT, wake_in)

    @staticmethod
    def rest(seconds: float, stop: Any) -> list[Any]:
        """Sleep until an event, ``stop`` has a signal, or ``seconds`` pass, whichever comes first; the events."""
        until = time.perf_counter() + seconds
        while True:
            events = pygame.event.get()
            if events or stop.signal is not None or time.perf_counter() >= until:
                return events
            time.sleep(REST_LOOK)
