"""Every sound of the table: the small WAV files in ``assets/sounds/``, played through ``pygame.mixer``.

The files are made once by ``packaging/make_sounds.py`` (pure-Python synthesis, no recordings).
``pygame.mixer.Sound`` fits each to the mixer that is open, whatever its rate and format. Scenes only
call ``Sounds.play(name, strength)``; the settings screen calls ``configure``.

Without an audio device (or with any mixer failure, or a missing file) ``Sounds`` stays silent:
``available`` is False and every method does nothing. It never raises.
"""

from __future__ import annotations

import math
import random

import pygame

from game.paths import asset

NAMES = ("rattle", "clack", "hold", "score", "zero", "bonus", "fanfare", "click", "turn", "win")
# Relative loudness of each sound at full volume: UI ticks sit well under the dice and chimes.
LEVELS = {
    "rattle": 0.75,
    "clack": 0.8,
    "hold": 0.45,
    "score": 0.6,
    "zero": 0.55,
    "bonus": 0.6,
    "fanfare": 0.6,
    "click": 0.4,
    "turn": 0.5,
    "win": 0.6,
}
CHANNELS = 16
_MIXER_ERRORS = (pygame.error, OSError, NotImplementedError, ImportError, ValueError, FileNotFoundError)


def sound_files(name: str) -> list:
    """A sound's takes: ``score.wav``, or ``clack-1.wav``, ``clack-2.wav``, ... (in order)."""
    folder = asset("sounds")
    single = folder / f"{name}.wav"
    takes = sorted(folder.glob(f"{name}-*.wav"), key=lambda path: int(path.stem.rsplit("-", 1)[1]))
    found = ([single] if single.is_file() else []) + takes
    if not found:
        raise FileNotFoundError(f"no sound file for {name!r} in {folder}")
    return found


class Sounds:
    """The game's sound effects. Silent and harmless when there is no audio.

    ``Sounds(enabled, volume)`` opens the mixer if nobody has (44.1 kHz, 16-bit) or fits itself
    to the one already open, and loads every sound in ``names``. ``play(name, strength)`` plays
    one (a random take, for those with several); ``configure(enabled, volume)`` follows the
    settings. ``available`` says whether there is any audio at all.
    """

    names: tuple[str, ...] = NAMES

    def __init__(self, enabled: bool = True, volume: float = 0.7):
        self.names = NAMES
        self.available = False
        self.enabled = bool(enabled)
        self.volume = _clamp(volume)
        self._bank: dict[str, list[pygame.mixer.Sound]] = {}
        self._last: dict[str, int] = {}
        # Picks clack variants; its own generator so the game's random state is never touched.
        self._pick = random.Random()
        try:
            self._bank = self._build()
        except _MIXER_ERRORS:
            self._bank = {}
        self.available = bool(self._bank)
        if self.available:
            self._apply_volume()

    @staticmethod
    def _build() -> dict[str, list[pygame.mixer.Sound]]:
        started = False
        if not pygame.mixer.get_init():
            # A small buffer: a die's clack should be heard as it lands, not ~50 ms later.
            pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            started = True
        try:
            spec = pygame.mixer.get_init()
            if not spec:
                return {}
            # Several at once: five dice landing must not cut each other off.
            pygame.mixer.set_num_channels(max(CHANNELS, pygame.mixer.get_num_channels()))
            return {name: [pygame.mixer.Sound(str(path)) for path in sound_files(name)] for name in NAMES}
        except _MIXER_ERRORS:
            if started:  # leave no half-working mixer behind; one the game opened stays open
                pygame.mixer.quit()
            raise

    def _apply_volume(self) -> None:
        for name, variants in self._bank.items():
            for sound in variants:
                sound.set_volume(self.volume * LEVELS.get(name, 1.0))

    def configure(self, enabled: bool, volume: float) -> None:
        """Turns sound on or off and sets the master volume (0..1); turning off stops what is playing."""
        self.enabled = bool(enabled)
        self.volume = _clamp(volume)
        if not self.available:
            return
        try:
            self._apply_volume()
            if not self.enabled:
                for variants in self._bank.values():
                    for sound in variants:
                        sound.stop()
        except pygame.error:
            pass

    def play(self, name: str, strength: float = 1.0) -> None:
        """Plays ``name`` once; ``strength`` (0..1) scales this play only. Unknown names are ignored."""
        if not (self.available and self.enabled) or self.volume <= 0.0:
            return
        variants = self._bank.get(name) if isinstance(name, str) else None
        strength = _clamp(strength)
        if not variants or strength <= 0.0:
            return
        index = 0
        if len(variants) > 1:
            # Never the same variant twice running: repeated landings should not sound mechanical.
            last = self._last.get(name)
            if last is None:
                index = self._pick.randrange(len(variants))
            else:
                index = self._pick.randrange(len(variants) - 1)
                index += index >= last
            self._last[name] = index
        try:
            # The channel's volume is set before playing, so the sound never starts at a stale level.
            channel = pygame.mixer.find_channel(True)
            if channel is None:
                return
            channel.set_volume(strength)
            channel.play(variants[index])
        except pygame.error:
            pass


def _clamp(value) -> float:
    try:
        value = float(value)
    except (TypeError, ValueError):
        return 0.0
    if not math.isfinite(value):
        return 0.0
    return min(1.0, max(0.0, value))
