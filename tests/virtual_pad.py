"""A gamepad made by SDL itself: SDL_JoystickAttachVirtualEx in the SDL library pygame loaded, reached with ctypes
(as scenes.window reaches SDL). Its buttons and axes are set through SDL, so their events take the path a real
pad's take: SDL's game controller mapping, CONTROLLER* events, hot-plug (added, removed) included. It records
the rumbles the game asks of it."""

from __future__ import annotations

import ctypes
import sys
from pathlib import Path

import pygame

SDL_JOYSTICK_TYPE_GAMECONTROLLER = 1
SDL_INIT_JOYSTICK = 0x200
SDL_VIRTUAL_JOYSTICK_DESC_VERSION = 1
BUTTONS = 15  # A B X Y Back Guide Start LeftStick RightStick LB RB Up Down Left Right: SDL's controller order
AXES = 6  # left x, left y, right x, right y, left trigger, right trigger

RUMBLE = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_uint16, ctypes.c_uint16)


class VirtualJoystickDesc(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint16), ("type", ctypes.c_uint16), ("naxes", ctypes.c_uint16),
                ("nbuttons", ctypes.c_uint16), ("nhats", ctypes.c_uint16), ("vendor_id", ctypes.c_uint16),
                ("product_id", ctypes.c_uint16), ("padding", ctypes.c_uint16), ("button_mask", ctypes.c_uint32),
                ("axis_mask", ctypes.c_uint32), ("name", ctypes.c_char_p), ("userdata", ctypes.c_void_p),
                ("Update", ctypes.c_void_p), ("SetPlayerIndex", ctypes.c_void_p), ("Rumble", RUMBLE),
                ("RumbleTriggers", ctypes.c_void_p), ("SetLED", ctypes.c_void_p), ("SendEffect", ctypes.c_void_p)]


def sdl_library() -> ctypes.PyDLL:
    """pygame's own SDL, as a PyDLL: SDL calls pygame's event watch back from these calls, which needs the GIL."""
    if sys.platform.startswith("linux"):
        for line in Path("/proc/self/maps").read_text().splitlines():
            path = line.split()[-1]
            if Path(path).name.startswith(("libSDL2-2", "libSDL2.so")):
                sdl = ctypes.PyDLL(path)
                break
        else:
            raise RuntimeError("pygame's SDL is not loaded")
    else:
        sdl = ctypes.PyDLL("SDL2")
    sdl.SDL_JoystickAttachVirtualEx.argtypes = [ctypes.POINTER(VirtualJoystickDesc)]
    sdl.SDL_JoystickOpen.restype = ctypes.c_void_p
    sdl.SDL_JoystickOpen.argtypes = [ctypes.c_int]
    sdl.SDL_JoystickSetVirtualButton.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint8]
    sdl.SDL_JoystickSetVirtualAxis.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int16]
    sdl.SDL_JoystickClose.argtypes = [ctypes.c_void_p]
    sdl.SDL_JoystickDetachVirtual.argtypes = [ctypes.c_int]
    sdl.SDL_JoystickGetDeviceInstanceID.argtypes = [ctypes.c_int]
    sdl.SDL_JoystickInstanceID.argtypes = [ctypes.c_void_p]
    sdl.SDL_GetError.restype = ctypes.c_char_p
    return sdl


class VirtualPad:
    def __init__(self, name: bytes = b"Dice Parlor test pad"):
        self.sdl = sdl_library()
        self.rumbles: list[tuple[int, int]] = []
        self._rumble = RUMBLE(self._rumbled)  # kept: SDL holds a pointer to it
        self.desc = VirtualJoystickDesc(version=SDL_VIRTUAL_JOYSTICK_DESC_VERSION,
                                        type=SDL_JOYSTICK_TYPE_GAMECONTROLLER, naxes=AXES, nbuttons=BUTTONS,
                                        name=name, Rumble=self._rumble)
        self.joystick = None
        self.index = -1

    def _rumbled(self, userdata, low: int, high: int) -> int:
        if low or high:
            self.rumbles.append((low, high))
        return 0

    def plug_in(self) -> VirtualPad:
        self.index = self.sdl.SDL_JoystickAttachVirtualEx(ctypes.byref(self.desc))
        assert self.index >= 0, self.sdl.SDL_GetError()
        self.joystick = self.sdl.SDL_JoystickOpen(self.index)  # ours, to set its buttons; the game opens its own
        assert self.joystick, self.sdl.SDL_GetError()
        return self

    def unplug(self) -> None:
        if self.joystick is not None and not self.sdl.SDL_WasInit(SDL_INIT_JOYSTICK):
            self.joystick = None  # pygame.quit() shut SDL's joysticks: the pad went with them
        if self.joystick is not None:
            instance = self.sdl.SDL_JoystickInstanceID(self.joystick)
            self.sdl.SDL_JoystickClose(self.joystick)
            self.joystick = None
            for index in range(self.sdl.SDL_NumJoysticks()):
                if self.sdl.SDL_JoystickGetDeviceInstanceID(index) == instance:
                    self.sdl.SDL_JoystickDetachVirtual(index)
                    break

    def button(self, button: int, down: bool) -> None:
        assert self.sdl.SDL_JoystickSetVirtualButton(self.joystick, button, 1 if down else 0) == 0

    def axis(self, axis: int, value: int) -> None:
        assert self.sdl.SDL_JoystickSetVirtualAxis(self.joystick, axis, value) == 0


A, B, X, Y = (pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B, pygame.CONTROLLER_BUTTON_X,
              pygame.CONTROLLER_BUTTON_Y)
BACK, START = pygame.CONTROLLER_BUTTON_BACK, pygame.CONTROLLER_BUTTON_START
LB, RB = pygame.CONTROLLER_BUTTON_LEFTSHOULDER, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER
UP, DOWN = pygame.CONTROLLER_BUTTON_DPAD_UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN
LEFT, RIGHT = pygame.CONTROLLER_BUTTON_DPAD_LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT
