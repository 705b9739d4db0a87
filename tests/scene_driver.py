"""Drives the real scenes headless: posts pygame events, steps the fixed-step loop on made-up time."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.store.settings import Settings  # noqa: E402
from scenes.app import STEP, App  # noqa: E402


class Driver:
    def __init__(self, animation: str = "fast", sound: bool = False, kiosk=None, language: str = "en",
                 text_size: str = "normal", size: tuple[int, int] = (1280, 800), walkthrough: bool = False):
        settings = Settings(sound=sound, animation=animation, language=language, text_size=text_size,
                            walkthrough=walkthrough, jackpot_walkthrough=walkthrough)
        self.app = App(size, settings=settings, kiosk=kiosk)
        self.now = 100.0
        self.shown = b""  # the canvas as last drawn

    @property
    def top(self):
        return self.app.stack.top

    def start(self, scene) -> None:
        self.app.stack.push(scene)

    def step(self, seconds: float = STEP) -> None:
        """Handle queued events, then update for ``seconds`` of game time and draw a frame if the app's loop
        would. Where it would not (at rest), the scenes are painted anyway and must look exactly as at the
        last frame: a picture that changed without asking for a frame would stay stale on screen."""
        self.now += seconds
        self.app.input.now = self.now
        woke = self.app.pump()
        steps = max(1, round(seconds / STEP))
        for _ in range(steps):
            self.settle_coach()
            self.app.update(STEP)
        if self.app.frame_due(woke):
            self.app.render()
            self.shown = self.app.canvas.get_view("2").raw
        else:
            self.app.paint()
            assert self.app.canvas.get_view("2").raw == self.shown, (
                f"the {self.top.screen_name() if self.top else 'empty'} screen changed at rest without a frame")
        if not self.app.animating():
            self.app.pace.plan_rest(self.app.wake_in(), self.app.time)

    def settle_coach(self, timeout: float = 10.0) -> None:
        """Game time here is made up and runs far ahead of the coach's thread: before each update, the advice
        asked is waited for (on its Event, with a real timeout), so the update after an ask takes it, as the app's
        next frame or two would."""
        coach = getattr(self.top, "coach", None)
        if coach is not None and hasattr(coach, "settle"):
            assert coach.settle(timeout), f"the coach's advice took longer than {timeout} s"

    def window_pos(self, pos: tuple[int, int]) -> tuple[int, int]:
        """Where a point of the logical canvas is in the window (a fullscreen window is scaled)."""
        return self.app.viewport.to_window(pos)

    def click(self, pos: tuple[int, int]) -> None:
        pos = self.window_pos(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False))
        self.step(0.4)  # past every debounce

    def key(self, key: int, mod: int = 0) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
        self.step(0.05)

    def type_text(self, text: str) -> None:
        for char in text:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
        self.step(0.05)

    def wait_until(self, condition, seconds: float = 30.0, step: float = 0.05) -> bool:
        elapsed = 0.0
        while elapsed < seconds:
            if condition():
                return True
            self.step(step)
            elapsed += step
        return condition()

    def close(self) -> None:
        self.app.stack.clear()
        pygame.quit()
