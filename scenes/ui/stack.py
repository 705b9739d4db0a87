"""Scenes and the stack they live on.

The top scene gets input and updates; scenes below a transparent overlay
still draw (the table stays visible under the pause menu). Lifecycle, each
called once and symmetric: ``enter`` when pushed, ``pause`` when covered,
``resume`` when uncovered, ``exit`` when removed.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING, Any

from scenes.ui.tween import Clock

if TYPE_CHECKING:
    import pygame

    from scenes.ui.input import Intent


def showing(app: Any) -> AbstractContextManager[None]:
    """Around a part that only shows what the engine decided and kept (a throw's flight): a stop signal may
    cut it short (``app.stop.showing()``, scenes.stop); an app without stop signals (a test's) has nothing."""
    stop = getattr(app, "stop", None)
    return stop.showing() if stop is not None else nullcontext()


class Scene:
    transparent = False  # an overlay: the scene below keeps drawing
    screen = "screen"  # the name the operator's log gives it ("screen: title")
    bindings: str | None = None  # its table in scenes.ui.bindings (None: the one named as its screen)

    def __init__(self, app: Any):
        self.app = app
        self.clock = Clock()

    # lifecycle
    def enter(self) -> None: ...
    def exit(self) -> None: ...
    def pause(self) -> None: ...
    def resume(self) -> None: ...

    def words_changed(self) -> None:
        """The language changed (in Settings) while this scene may lie below: words it keeps, in the new one."""

    def handle(self, intent: Intent) -> Intent | None:
        """Use the intent, or return it unused."""
        return intent

    def update(self, dt: float) -> None:
        self.clock.tick(dt)

    def draw(self, surface: pygame.Surface) -> None: ...

    # At rest a screen is not drawn (scenes.app): these say when it must be.
    def animating(self) -> bool:
        """Whether the picture changes by itself now (a tween, dice in the air, a countdown)."""
        return self.clock.busy()

    def portrait_parts(self) -> list | None:
        """The parts of the canvas (pygame.Rect) to show stacked, top to bottom, on a portrait screen; None
        (most screens): the canvas whole, letterboxed."""
        return None

    def moving(self) -> bool:
        """Whether anything drawn moves now: ``animating`` less the frames kept coming only for the loop's sake
        (a computer about to move). The attract mode draws a still table at a lower rate (scenes.app)."""
        return self.animating()

    def wake_in(self) -> float | None:
        """Seconds until a timer changes the picture (the clock's delayed calls), or None."""
        return self.clock.next_due()

    def binding_table(self) -> str:
        """The name of this screen's keys and pad buttons in scenes.ui.bindings."""
        return self.bindings or self.screen

    def screen_name(self) -> str:
        """A kiosk's computer games (the attract mode) log as one screen, whatever they show."""
        attract = getattr(self, "demo", False) and getattr(self.app, "kiosk", None) is not None
        return "attract" if attract else self.screen

    def flush(self) -> None:
        """Write what must survive the process ending now (a game's autosave); most scenes hold nothing."""


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self.on_change: Callable[[Scene], None] | None = None  # told of each new top scene, once it is shown
        self._shown: Scene | None = None
        self.changes = 0  # counts pushes, pops and replacements: a new screen is drawn at once
        self._left = False  # a scene left the stack since the last update: its memory is let go then

    def shown(self) -> None:
        """Called once a frame is drawn: a scene that was on top only in passing (a dialog that closed as it
        opened the next screen) is not reported."""
        top = self.top
        if top is not None and top is not self._shown and self.on_change is not None:
            self.on_change(top)
        self._shown = top

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.changes += 1
        if self.top:
            self.top.pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        self.changes += 1
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        self._left = True
        if self.top:
            self.top.resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene without waking the one below."""
        self.changes += 1
        if self.scenes:
            self.scenes.pop().exit()
            self._left = True
        self.scenes.append(scene)
        scene.enter()

    def clear(self, scene: Scene | None = None) -> None:
        """Remove every scene (top first), then push ``scene`` if given."""
        self.changes += 1
        while self.scenes:
            self.scenes.pop().exit()
            self._left = True
        if scene:
            self.push(scene)

    def handle(self, intent: Intent) -> Intent | None:
        return self.top.handle(intent) if self.top else intent

    def update(self, dt: float) -> None:
        if self.top:
            self.top.update(dt)
        if self._left:
            self._left = False
            # Scenes that left are let go now: a scene refers to itself (its buttons' callbacks), so only the
            # cycle collector frees it and its big surfaces, and that collector's full pass is rare: a kiosk's
            # memory climbed 30 MB over a few attract games between passes. A pass takes a few milliseconds.
            gc.collect()

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the top one and every one shown through overlays."""
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].transparent:
            start -= 1
        return self.scenes[max(start, 0):]

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.visible():
            scene.draw(surface)
