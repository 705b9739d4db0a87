"""The one input module: mouse, touch and keys become intents; scenes never read raw events.

A tap that arrives both as a touch and as the mouse event SDL makes from it
acts once. Positions are given in the logical canvas (see :class:`Viewport`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from scenes.ui import bindings
from scenes.ui.gamepad import Pads
from scenes.ui.theme import HEIGHT, WIDTH


@dataclass(frozen=True)
class Intent:
    # tap, point, release, scroll, confirm, back, roll, roll_up, hold, nav, text, erase, caret, fullscreen, quit,
    # help, admin, focus_lost, other_key (a key that means nothing here), and the commands of scenes.ui.bindings
    # (undo, coach, chance, chance_return, next_tip, menu)
    kind: str
    pos: tuple[int, int] | None = None
    key: str | int | None = None  # hold: the die index; nav: up, down, left, right, next, prev
    text: str = ""
    amount: float = 0.0
    window: tuple[int, int] | None = None  # tap, point, release: where on the screen itself (the kiosk's corner)


class Viewport:
    """Maps the window to the logical canvas: scaled to fit, centred, letterboxed.

    On a portrait screen a table can ask for its canvas in parts (:meth:`arrange`): the parts are stacked top
    to bottom (the felt, then the card below it) when that shows them bigger than the whole canvas would be.
    ``pieces`` pairs each part of the canvas with where it stands in the window, all at one ``scale``."""

    def __init__(self, window_size: tuple[int, int]):
        self.parts: list[pygame.Rect] | None = None
        self.resize(window_size)

    def resize(self, window_size: tuple[int, int]) -> None:
        self.window = (max(1, window_size[0]), max(1, window_size[1]))
        self.arrange(self.parts)

    def arrange(self, parts: list[pygame.Rect] | None) -> None:
        """Show ``parts`` of the canvas stacked (None: the canvas whole), if that shows them bigger."""
        self.parts = parts
        w, h = self.window
        whole = min(w / WIDTH, h / HEIGHT)
        stacked = 0.0
        if parts:
            stacked = min(w / max(part.width for part in parts), h / sum(part.height for part in parts))
        if stacked <= whole:
            self.scale = whole
            self.size = (max(1, round(WIDTH * whole)), max(1, round(HEIGHT * whole)))
            self.offset = ((w - self.size[0]) // 2, (h - self.size[1]) // 2)
            self.pieces = [(pygame.Rect(0, 0, WIDTH, HEIGHT), pygame.Rect(self.offset, self.size))]
            return
        self.scale = stacked
        tall = round(sum(part.height for part in parts) * stacked)
        y = (h - tall) // 2
        self.pieces = []
        for part in parts:
            place = pygame.Rect(0, y, max(1, round(part.width * stacked)), max(1, round(part.height * stacked)))
            place.centerx = w // 2
            self.pieces.append((pygame.Rect(part), place))
            y = place.bottom
        bounds = self.pieces[0][1].unionall([place for _, place in self.pieces])
        self.size, self.offset = bounds.size, bounds.topleft

    @property
    def split(self) -> bool:
        """The canvas is shown in parts (a portrait screen's table)."""
        return len(self.pieces) > 1

    def _piece(self, pos: tuple[float, float], side: int) -> tuple[pygame.Rect, pygame.Rect]:
        """The piece whose canvas part (side 0) or window place (side 1) holds ``pos``, else the nearest."""
        if not self.split:
            return self.pieces[0]

        def away(piece) -> float:
            rect = piece[side]
            return (max(rect.left - pos[0], 0, pos[0] - rect.right + 1) ** 2
                    + max(rect.top - pos[1], 0, pos[1] - rect.bottom + 1) ** 2)
        return min(self.pieces, key=away)

    def to_logical(self, pos: tuple[float, float]) -> tuple[int, int]:
        part, place = self._piece(pos, 1)
        return (int(part.x + (pos[0] - place.x) / self.scale), int(part.y + (pos[1] - place.y) / self.scale))

    def to_window(self, pos: tuple[float, float]) -> tuple[int, int]:
        """Where a point of the canvas is shown in the window."""
        part, place = self._piece(pos, 0)
        return (round(place.x + (pos[0] - part.x) * self.scale), round(place.y + (pos[1] - part.y) * self.scale))

    def pointer(self, kind: str, window_pos: tuple[float, float]) -> Intent:
        """A tap, point or release at a window position: the canvas position, and the screen's own."""
        return Intent(kind, self.to_logical(window_pos), window=(int(window_pos[0]), int(window_pos[1])))


_KEYS = {
    pygame.K_RETURN: ("confirm", None), pygame.K_KP_ENTER: ("confirm", None),
    pygame.K_ESCAPE: ("back", None), pygame.K_AC_BACK: ("back", None),
    pygame.K_SPACE: ("roll", None), pygame.K_r: ("roll", None),
    pygame.K_F11: ("fullscreen", None), pygame.K_F1: ("help", None),
    pygame.K_BACKSPACE: ("erase", None),
    pygame.K_UP: ("nav", "up"), pygame.K_DOWN: ("nav", "down"),
    pygame.K_LEFT: ("nav", "left"), pygame.K_RIGHT: ("nav", "right"),
    pygame.K_PAGEUP: ("scroll", None), pygame.K_PAGEDOWN: ("scroll", None),
}
# Speech (game.speech): F2 turns it on or off (Shift+F2: how much is said), F3 says the last sentence again, F4
# reads the card, F5 the dice, F6 everyone's scores, F7 the coach's advice. Function keys: the same on every layout,
# and no screen uses them.
_SPEECH_KEYS = {pygame.K_F2: "speech", pygame.K_F3: "speech_repeat", pygame.K_F4: "speech_card",
                pygame.K_F5: "speech_dice", pygame.K_F6: "speech_scores", pygame.K_F7: "speech_coach"}
SPEECH_INTENTS = frozenset(_SPEECH_KEYS.values()) | {"speech_verbosity"}
_CARET = {pygame.K_LEFT: "left", pygame.K_RIGHT: "right", pygame.K_HOME: "home", pygame.K_END: "end"}
_DIGITS = {getattr(pygame, f"K_{n}"): n - 1 for n in range(1, 10)}
_DIGITS[pygame.K_0] = 9  # the tenth key: a PIN may hold a 0
_DIGITS.update({getattr(pygame, f"K_KP{n}"): n - 1 for n in range(1, 10)})
_DIGITS[pygame.K_KP0] = 9  # the number pad too: staff may plug in a keyboard
_SAME_TAP_SECONDS = 0.35
_SAME_TAP_PIXELS = 24


# Intents a person gives on purpose (a kiosk's attract mode ends on any of them).
PRESSES = frozenset(("tap", "confirm", "roll", "back", "hold", "other_key") + bindings.COMMANDS)


class Input:
    def __init__(self, viewport: Viewport, screen: Callable[[], str] = lambda: "general", pads: Pads | None = None):
        self.viewport = viewport
        self.screen = screen  # the binding table's name for the screen on top (scenes.ui.bindings)
        self.pads = pads or Pads(enabled=False)
        self.pad_last = False  # a pad was used last (F1 then names its buttons), not keys, mouse or touch
        self.text_mode = False  # while a name is typed, keys are text rather than commands
        self._last_touch: tuple[float, tuple[float, float]] | None = None
        self.now = 0.0

    def _echo_of_touch(self, window_pos: tuple[float, float]) -> bool:
        if self._last_touch is None:
            return False
        when, where = self._last_touch
        close = abs(where[0] - window_pos[0]) <= _SAME_TAP_PIXELS and abs(where[1] - window_pos[1]) <= _SAME_TAP_PIXELS
        return self.now - when <= _SAME_TAP_SECONDS and close

    def translate(self, event: pygame.event.Event) -> list[Intent]:
        intents = self._translate(event)
        if intents and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN):
            self.pad_last = False
        return intents

    def repeats(self) -> list[Intent]:
        """A held d-pad's or stick's repeated moves now due (asked after each round of events)."""
        return [Intent(kind, key=key) for kind, key in self.pads.repeats(self.now)]

    def wake_in(self) -> float | None:
        return self.pads.wake_in(self.now)

    def _translate(self, event: pygame.event.Event) -> list[Intent]:
        pad = self.pads.translate(event, self.now, self.screen())
        if pad is not None:
            self.pad_last = True if pad else self.pad_last
            return [Intent(kind, key=key) for kind, key in pad]
        kind = event.type
        if kind == pygame.QUIT:
            return [Intent("quit", key="the window's close button")]
        if kind in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
            # Touch positions are fractions of the window: the same hit-testing as clicks from here on.
            window_pos = (event.x * self.viewport.window[0], event.y * self.viewport.window[1])
            if kind == pygame.FINGERDOWN:
                self._last_touch = (self.now, window_pos)
                return [self.viewport.pointer("tap", window_pos)]
            return [self.viewport.pointer("release" if kind == pygame.FINGERUP else "point", window_pos)]
        if kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if getattr(event, "touch", False):
                return []  # SDL's mouse copy of a touch we already handled
            if kind == pygame.MOUSEMOTION:
                return [self.viewport.pointer("point", event.pos)]
            if event.button in (4, 5):
                return []  # wheel: handled by MOUSEWHEEL
            if kind == pygame.MOUSEBUTTONDOWN:
                if event.button != 1 or self._echo_of_touch(event.pos):
                    return []
                return [self.viewport.pointer("tap", event.pos)]
            return [self.viewport.pointer("release", event.pos)] if event.button == 1 else []
        if kind == pygame.MOUSEWHEEL:
            return [Intent("scroll", amount=-event.y)]
        if kind == pygame.TEXTINPUT:
            return [Intent("text", text=event.text)] if self.text_mode else []
        if kind == pygame.KEYDOWN:
            return self._key(event)
        if kind == pygame.KEYUP and event.key in (pygame.K_SPACE, pygame.K_r) and not self.text_mode:
            return [Intent("roll_up")]  # let go of Roll: a shaken cup throws
        if kind in (pygame.WINDOWFOCUSLOST,):
            return [Intent("focus_lost")]
        return []

    def _key(self, event: pygame.event.Event) -> list[Intent]:
        key = event.key
        if key == pygame.K_a and event.mod & pygame.KMOD_CTRL and event.mod & pygame.KMOD_ALT:
            return [Intent("admin")]  # the kiosk's key combination for its admin PIN
        if key == pygame.K_q and event.mod & pygame.KMOD_CTRL:
            return [Intent("quit", key="Ctrl+Q")]
        if key == pygame.K_a and event.mod & pygame.KMOD_CTRL and self.text_mode:
            return [Intent("select_all")]  # a name being typed: all of it chosen, as in any text field
        if key == pygame.K_F4 and event.mod & pygame.KMOD_ALT:
            return [Intent("quit", key="Alt+F4")]  # reaches us when no window manager takes it (a grabbed keyboard)
        if event.mod & (pygame.KMOD_ALT | pygame.KMOD_CTRL | pygame.KMOD_GUI):
            return []  # the desktop's shortcuts (Alt+Tab, Alt+Space, Super+...): never a move in the game
        if key == pygame.K_TAB:
            return [Intent("nav", key="prev" if event.mod & pygame.KMOD_SHIFT else "next")]
        if key == pygame.K_F1:
            return [Intent("help")]  # also while a name is typed
        if key in _SPEECH_KEYS:  # speech's keys work everywhere, a name being typed too (game.speech)
            return [Intent("speech_verbosity" if key == pygame.K_F2 and event.mod & pygame.KMOD_SHIFT
                           else _SPEECH_KEYS[key])]
        if self.text_mode:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_BACKSPACE):
                return [Intent(*_KEYS[key])]
            if key in _CARET:  # a caret key: the text typed next goes on the end, it replaces nothing
                return [Intent("caret", key=_CARET[key])]
            return []  # letters arrive as TEXTINPUT
        if key in _DIGITS:
            return [Intent("hold", key=_DIGITS[key])]
        if key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            return [Intent("scroll", amount=-5 if key == pygame.K_PAGEUP else 5)]
        if key in _KEYS:
            name, detail = _KEYS[key]
            return [Intent(name, key=detail)]
        if key == pygame.K_QUESTION or getattr(event, "unicode", "") == "?" or (
                key == pygame.K_SLASH and event.mod & pygame.KMOD_SHIFT):  # "?" wherever the layout puts it
            return [Intent("help")]
        if pygame.K_a <= key <= pygame.K_z:  # a screen's own shortcuts, e.g. C for the Chance Space
            command = bindings.letter_command(self.screen(), chr(key))
            return [Intent(command or "other_key")]
        return []
