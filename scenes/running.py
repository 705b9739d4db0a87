"""How the running game is found: one copy at a time (stop signals: scenes.stop).

A second start on the same user's files (game.store.one_copy) touches a file; the running copy looks at it
twice a second and brings its window to the front: restored if minimised, raised and given the keyboard
(SDL_RaiseWindow). On X11 that asks the window manager, which may only flash the task bar entry instead;
on Wayland a program cannot raise itself, so there the window asks for attention (a flash) and stays put.
"""

from __future__ import annotations

import logging

import pygame

from game.store.one_copy import OneCopy
from scenes.ui.display import display_window

LOOK_EVERY = 0.5  # seconds between looks for a second start


class FrontWatch:
    """The running copy's look for a second start, and the window brought forward when there was one."""

    def __init__(self, copy: OneCopy | None = None):
        self.copy = copy
        self._since = 0.0

    def update(self, dt: float) -> None:
        self._since += dt
        if self.copy is None or self._since < LOOK_EVERY:
            return
        self._since = 0.0
        if self.copy.asked():
            logging.getLogger("dice_parlor").info("a second start: this window brought to the front")
            bring_to_front()


def bring_to_front() -> None:
    window = display_window()
    if window is None:
        return
    try:
        window.restore()  # from the task bar, if minimised
        window.focus()  # raised, with the keyboard
        if pygame.display.get_driver() == "wayland":
            window.flash(pygame.FLASH_UNTIL_FOCUSED)
    except (pygame.error, AttributeError):
        pass  # a desktop that refuses: the window stays where it is
