"""Gamepads through SDL's game controller API (pygame-ce's ``_sdl2.controller``): buttons and the left stick
become the same intents keys give (scenes.ui.input), by the screen's binding table (scenes.ui.bindings).

Every pad is read the same way, whichever the player picks up: a pad plugged in mid-game is opened when SDL
says it was added, and let go when it says it was removed. The d-pad and the left stick move the focus; a
direction held repeats as a held key does (after ``REPEAT_DELAY``, then every ``REPEAT_EVERY``), and the stick
counts only past its dead zone. A is confirm, B back, X roll (let go: a shaken cup throws), LB / RB the
previous and next tab; Y, Start, Back and the triggers give what the screen's table binds to them.
"""

from __future__ import annotations

import logging

import pygame

from scenes.ui import bindings

log = logging.getLogger("dice_parlor.gamepad")

BUTTONS = {
    pygame.CONTROLLER_BUTTON_A: "a", pygame.CONTROLLER_BUTTON_B: "b", pygame.CONTROLLER_BUTTON_X: "x",
    pygame.CONTROLLER_BUTTON_Y: "y", pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "lb",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "rb", pygame.CONTROLLER_BUTTON_START: "start",
    pygame.CONTROLLER_BUTTON_BACK: "back", pygame.CONTROLLER_BUTTON_DPAD_UP: "up",
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: "down", pygame.CONTROLLER_BUTTON_DPAD_LEFT: "left",
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "right",
}
TRIGGERS = {pygame.CONTROLLER_AXIS_TRIGGERLEFT: "lt", pygame.CONTROLLER_AXIS_TRIGGERRIGHT: "rt"}
# What a button gives on every screen; the rest come from the screen's binding table.
SHARED = {"a": ("confirm", None), "b": ("back", None), "x": ("roll", None), "lb": ("nav", "prev"),
          "rb": ("nav", "next")}
DIRECTIONS = ("up", "down", "left", "right")
AXIS_FULL = 32767
DEAD_ZONE = 0.5  # the stick must lean this far (of full) to point somewhere
LET_GO = 0.35  # and come back this close to the middle to point nowhere again (no flicker at the edge)
TRIGGER_PRESSED = 0.5
REPEAT_DELAY = 0.4  # seconds a direction is held before it repeats, as a key's auto-repeat
REPEAT_EVERY = 0.12
RUMBLE = (0.35, 0.25, 350)  # a soft rumble: low and high motors' strength, milliseconds


class Pads:
    """The pads plugged in, and what they hold now. ``enabled`` False (a kiosk that does not allow pads):
    SDL's controller subsystem is never started and every pad event is dropped."""

    def __init__(self, enabled: bool = True):
        self.enabled = enabled
        self.open: dict[int, object] = {}  # SDL's instance id -> the pygame controller
        self.last: int | None = None  # the pad used last: the one to rumble
        self.held: dict[tuple[int, str], str] = {}  # (pad, "dpad" or "stick") -> the direction it holds
        self.triggers: set[tuple[int, str]] = set()
        self.stick: dict[int, list[float]] = {}  # each pad's left stick, as fractions of full
        self.repeat: tuple[str, float] | None = None  # the direction repeating, and when it next repeats
        if enabled:
            from pygame._sdl2 import controller
            if controller.get_init():
                controller.quit()  # afresh: SDL's own subsystem may have been shut under it (pygame.quit)
            controller.init()  # pads already plugged in arrive as added events

    # ----------------------------------------------------------- devices --
    def added(self, device_index: int) -> None:
        from pygame._sdl2 import controller
        try:
            pad = controller.Controller(device_index)
            instance = pad.as_joystick().get_instance_id()
        except pygame.error as error:
            log.info("a pad could not be opened: %s", error)
            return
        self.open[instance] = pad
        log.info("pad added: %s", pad.name)

    def removed(self, instance: int) -> None:
        pad = self.open.pop(instance, None)
        self.held = {k: v for k, v in self.held.items() if k[0] != instance}
        self.triggers = {k for k in self.triggers if k[0] != instance}
        self.stick.pop(instance, None)
        if self.repeat is not None and self.repeat[0] not in self.held.values():
            self.repeat = None
        if self.last == instance:
            self.last = None
        if pad is not None:
            log.info("pad removed: %s", pad.name)
            pad.quit()

    # ------------------------------------------------------------- input --
    def translate(self, event: pygame.event.Event, now: float, screen: str) -> list[tuple[str, str | None]] | None:
        """The (kind, key) pairs of intents a pad event gives; None: not a pad event."""
        kind = event.type
        if kind not in (pygame.CONTROLLERDEVICEADDED, pygame.CONTROLLERDEVICEREMOVED, pygame.CONTROLLERBUTTONDOWN,
                        pygame.CONTROLLERBUTTONUP, pygame.CONTROLLERAXISMOTION):
            return None
        if not self.enabled:
            return []
        if kind == pygame.CONTROLLERDEVICEADDED:
            self.added(event.device_index)
            return []
        if kind == pygame.CONTROLLERDEVICEREMOVED:
            self.removed(event.instance_id)
            return []
        pad = event.instance_id
        self.last = pad
        if kind == pygame.CONTROLLERAXISMOTION:
            return self._axis(pad, event.axis, event.value / AXIS_FULL, now, screen)
        name = BUTTONS.get(event.button)
        if name is None:
            return []
        if name in DIRECTIONS:
            return self._direction(pad, "dpad", name if kind == pygame.CONTROLLERBUTTONDOWN else None, now)
        if kind == pygame.CONTROLLERBUTTONUP:
            return [("roll_up", None)] if name == "x" else []
        return self.press(name, screen)

    def press(self, name: str, screen: str) -> list[tuple[str, str | None]]:
        """A button pressed: its command on this screen, else the one it gives everywhere."""
        command = bindings.button_command(screen, name)
        if command is not None:
            return [(command, None)]
        return [SHARED[name]] if name in SHARED else []

    def _axis(self, pad: int, axis: int, value: float, now: float, screen: str) -> list[tuple[str, str | None]]:
        if axis in TRIGGERS:
            key = (pad, TRIGGERS[axis])
            if value >= TRIGGER_PRESSED and key not in self.triggers:
                self.triggers.add(key)
                return self.press(TRIGGERS[axis], screen)
            if value < TRIGGER_PRESSED / 2:
                self.triggers.discard(key)
            return []
        if axis not in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            return []
        stick = self.stick.setdefault(pad, [0.0, 0.0])
        stick[0 if axis == pygame.CONTROLLER_AXIS_LEFTX else 1] = value
        x, y = stick
        lean = max(abs(x), abs(y))
        was = self.held.get((pad, "stick"))
        if lean < (LET_GO if was else DEAD_ZONE):
            return self._direction(pad, "stick", None, now)
        if lean < DEAD_ZONE:
            return []  # between the dead zone and the let-go line: it keeps pointing where it did
        direction = ("right" if x > 0 else "left") if abs(x) >= abs(y) else ("down" if y > 0 else "up")
        return self._direction(pad, "stick", direction, now)

    def _direction(self, pad: int, source: str, direction: str | None, now: float) -> list[tuple[str, str | None]]:
        """A d-pad or the stick now points ``direction`` (None: nowhere): one move now, repeats while held."""
        key = (pad, source)
        if direction is None:
            let_go = self.held.pop(key, None)
            if self.repeat is not None and self.repeat[0] == let_go and let_go not in self.held.values():
                self.repeat = None
            return []
        if self.held.get(key) == direction:
            return []
        self.held[key] = direction
        self.repeat = (direction, now + REPEAT_DELAY)
        return [("nav", direction)]

    def repeats(self, now: float) -> list[tuple[str, str | None]]:
        """The moves a direction held down repeats by ``now``."""
        if self.repeat is None or now < self.repeat[1]:
            return []
        direction, due = self.repeat
        self.repeat = (direction, max(due + REPEAT_EVERY, now + REPEAT_EVERY / 2))  # a late loop does not burst
        return [("nav", direction)]

    def wake_in(self, now: float) -> float | None:
        """Seconds until a held direction repeats (the loop must not sleep through it), or None."""
        return None if self.repeat is None else max(0.0, self.repeat[1] - now)

    # ------------------------------------------------------------ output --
    def rumble(self) -> bool:
        """A soft rumble on the pad used last, where it can; whether it did."""
        pad = self.open.get(self.last) if self.last is not None else None
        if pad is None:
            return False
        low, high, ms = RUMBLE
        try:
            return bool(pad.rumble(low, high, ms))
        except pygame.error:
            return False
