"""Every sound of the table: the small WAV files in ``assets/sounds/``, played through ``pygame.mixer``.

The files are made once by ``packaging/make_sounds.py`` (pure-Python synthesis, no recordings).
``pygame.mixer.Sound`` fits each to the mixer that is open, whatever its rate and format. Scenes call
``Sounds.play(name, strength)``; the dice tray's impacts go through ``play_hit(material, strength)``, which
keeps no more than a few playing at once; the cup's rattle is a loop the caller starts, sets the loudness of
each frame and stops (``start_rattle``, ``set_rattle``, ``stop_rattle``); the settings screen calls
``configure``.

The mix never clips: every sound's gain carries one headroom factor (``mix``), worked out at load from the
real peaks of the sounds, so that the busiest moment the table can make (BUSIEST: every impact voice at its
hardest, the cup and the fanfare, all peaking at the same instant) stays under full scale at full
volume. Impacts in the same frame start a few milliseconds apart (STAGGER_MS, by copies of their takes with
that much silence in front, made at load): dice landing together sound as a clatter, not as one slap.

Without an audio device (or with any mixer failure, or a missing file) ``Sounds`` stays silent:
``available`` is False and every method does nothing. It never raises.
"""

from __future__ import annotations

import math
import random
import time
from array import array

import pygame

from game.paths import asset
from scenes.ui.alsa import quiet_alsa

NAMES = ("rattle", "clack", "hold", "score", "zero", "bonus", "fanfare", "click", "turn", "win",
         "hit_felt", "hit_rail", "hit_die", "cup", "release")
# What a die can strike, and its sound.
HITS = {"felt": "hit_felt", "rail": "hit_rail", "die": "hit_die"}
HIT_VOICES = 3  # impacts heard at once: more is a crackle, not five dice
QUIETEST_HIT = 0.03  # softer contacts (a die settling) are lost under any other sound anyway
RATTLE_FADE_MS = 120  # the cup's rattle dies away this fast when the dice leave it
# Relative loudness of each sound (their files all peak alike): UI ticks sit well under the dice and chimes,
# and the fanfare above a die landing.
LEVELS = {
    "rattle": 0.75,
    "clack": 0.8,
    "hold": 0.45,
    "release": 0.45,  # a die let go: the hold's click, lower
    "score": 0.6,
    "zero": 0.55,
    "bonus": 0.6,
    "fanfare": 1.0,
    "click": 0.4,
    "turn": 0.5,
    "win": 0.6,
    # The die's click is bright and where the ear is keenest; the felt's thud is low and needs more.
    "hit_felt": 0.75,
    "hit_rail": 0.62,
    "hit_die": 0.46,
    "cup": 0.7,
}
# The busiest moment: these sounds, this many of each, peaking together (every impact voice at the loudest
# impact, the cup's rattle not yet faded, the fanfare still ringing). Their summed peaks at full volume are
# scaled to HEADROOM of full scale. A UI tick is left out: no button is pressed while dice land.
BUSIEST = {"hit_felt": HIT_VOICES, "cup": 1, "fanfare": 1}
HEADROOM = 0.97
STAGGER_MS = 6  # impacts in one frame start this far apart, one after another
SAME_FRAME = 0.004  # seconds: impacts asked for closer together than this came in the same frame
CHANNELS = 16
# Impacts and the rattle have channels of their own, above the others: find_channel looks from the
# bottom, so the other sounds reach them only if every one of theirs is busy.
OWN_CHANNELS = HIT_VOICES + 1
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
    settings. ``available`` says whether there is any audio at all. ``play_hit`` and the rattle's three
    calls are the dice tray's and the cup's (see the module's docstring).
    """

    names: tuple[str, ...] = NAMES

    def __init__(self, enabled: bool = True, volume: float = 0.7):
        self.names = NAMES
        self.available = False
        self.enabled = bool(enabled)
        self.volume = _clamp(volume)
        self._bank: dict[str, list[pygame.mixer.Sound]] = {}
        self._last: dict[str, int] = {}
        # Picks takes and spreads impacts' loudness; its own generator, so the game's random state is never touched.
        self._pick = random.Random()
        self._hit_channels: list[int] = []
        self._hit_strengths = [0.0] * HIT_VOICES  # what each impact channel last started at
        self._rattle_channel = -1
        self._rattling = False
        self.mix = 1.0  # the headroom factor every sound's gain carries (see the module's docstring)
        self._late: dict[int, list[pygame.mixer.Sound]] = {}  # a hit take's copies, each STAGGER_MS later
        self._last_hit = -1.0  # when the last impact was asked for (time.monotonic), and how late it started
        self._hit_delay = 0
        try:
            self._bank = self._build()
            self.mix = mix_gain(self._bank)
            self._late = _late_copies(self._bank)
            top = pygame.mixer.get_num_channels()
            self._hit_channels = list(range(top - OWN_CHANNELS, top - 1))
            self._rattle_channel = top - 1
        except _MIXER_ERRORS:
            self._bank = {}
        self.available = bool(self._bank)
        if self.available:
            self._apply_volume()

    @staticmethod
    def _build() -> dict[str, list[pygame.mixer.Sound]]:
        started = False
        if not pygame.mixer.get_init():
            quiet_alsa()  # no sound card: its eight lines on stderr at every start would say nothing useful
            # A small buffer: a die's clack should be heard as it lands, not ~50 ms later.
            pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            started = True
        try:
            spec = pygame.mixer.get_init()
            if not spec:
                return {}
            # Several at once: a chime must not cut off another; the impacts and the rattle get theirs on top.
            pygame.mixer.set_num_channels(max(CHANNELS + OWN_CHANNELS, pygame.mixer.get_num_channels()))
            return {name: [pygame.mixer.Sound(str(path)) for path in sound_files(name)] for name in NAMES}
        except _MIXER_ERRORS:
            if started:  # leave no half-working mixer behind; one the game opened stays open
                pygame.mixer.quit()
            raise

    def _apply_volume(self) -> None:
        for name, variants in self._bank.items():
            for sound in variants:
                gain = self.volume * LEVELS.get(name, 1.0) * self.mix
                sound.set_volume(gain)
                for late in self._late.get(id(sound), ()):
                    late.set_volume(gain)

    def configure(self, enabled: bool, volume: float) -> None:
        """Turns sound on or off and sets the master volume (0..1); turning off stops what is playing."""
        self.enabled = bool(enabled)
        self.volume = _clamp(volume)
        if not self.available:
            return
        try:
            self._apply_volume()
            if not self.enabled:
                self._rattling = False
                for variants in self._bank.values():
                    for sound in variants:
                        sound.stop()
        except pygame.error:
            pass

    def play(self, name: str, strength: float = 1.0) -> None:
        """Plays ``name`` once; ``strength`` (0..1) scales this play only. Unknown names are ignored."""
        if not self._heard():
            return
        variants = self._bank.get(name) if isinstance(name, str) else None
        strength = _clamp(strength)
        if not variants or strength <= 0.0:
            return
        try:
            # The channel's volume is set before playing, so the sound never starts at a stale level.
            channel = pygame.mixer.find_channel(True)
            if channel is None:
                return
            channel.set_volume(strength)
            channel.play(self._take(name))
        except pygame.error:
            pass

    def play_hit(self, material: str, strength: float) -> None:
        """A die striking ``material`` ("felt", "rail" or "die") at ``strength`` (0..1, from the impact's speed).

        At most HIT_VOICES impacts sound at once: with all of them busy, a harder one takes the place of the
        softest playing and a softer one is dropped. Unknown materials are ignored.
        """
        name = HITS.get(material) if isinstance(material, str) else None
        strength = _clamp(strength)
        if not self._heard() or name not in self._bank or strength < QUIETEST_HIT:
            return
        try:
            voice = self._hit_voice(strength)
            if voice is None:
                return
            channel = pygame.mixer.Channel(self._hit_channels[voice])
            # A touch of spread on top of the takes: two equal knocks never come out exactly alike.
            channel.set_volume(strength * self._pick.uniform(0.9, 1.0))
            channel.play(self._staggered(self._take(name)))
            self._hit_strengths[voice] = strength
        except pygame.error:
            pass

    def _staggered(self, take: pygame.mixer.Sound) -> pygame.mixer.Sound:
        """The take itself, or, for the second and third impact of one frame, its copy starting later."""
        now = time.monotonic()
        same_frame = now - self._last_hit < SAME_FRAME
        self._last_hit = now
        late = self._late.get(id(take), [])
        self._hit_delay = min(self._hit_delay + 1, len(late)) if same_frame else 0
        return late[self._hit_delay - 1] if self._hit_delay else take

    def _hit_voice(self, strength: float) -> int | None:
        """The impact channel a hit of ``strength`` may use: a free one, else the softest if it is softer."""
        softest = None
        for voice, index in enumerate(self._hit_channels):
            if not pygame.mixer.Channel(index).get_busy():
                return voice
            if softest is None or self._hit_strengths[voice] < self._hit_strengths[softest]:
                softest = voice
        if softest is not None and strength > self._hit_strengths[softest]:
            return softest
        return None

    def start_rattle(self, loudness: float = 0.0) -> None:
        """The cup starts rattling, looped until ``stop_rattle``, at ``loudness`` (0..1); already rattling,
        it only takes the loudness."""
        if not self._heard() or "cup" not in self._bank:
            return
        try:
            channel = pygame.mixer.Channel(self._rattle_channel)
            channel.set_volume(_clamp(loudness))
            if not (self._rattling and channel.get_busy()):
                channel.play(self._bank["cup"][0], loops=-1)
            self._rattling = True
        except pygame.error:
            pass

    def set_rattle(self, loudness: float) -> None:
        """The rattle's loudness now (0..1): the caller sets it each frame. Nothing while it is not rattling."""
        if not self._rattling:
            return
        try:
            pygame.mixer.Channel(self._rattle_channel).set_volume(_clamp(loudness))
        except pygame.error:
            pass

    def stop_rattle(self) -> None:
        """The rattle fades out quickly (RATTLE_FADE_MS): cut dead, it would click."""
        if not self._rattling:
            return
        self._rattling = False
        try:
            pygame.mixer.Channel(self._rattle_channel).fadeout(RATTLE_FADE_MS)
        except pygame.error:
            pass

    def _heard(self) -> bool:
        return self.available and self.enabled and self.volume > 0.0

    def _take(self, name: str) -> pygame.mixer.Sound:
        """One of ``name``'s takes: never the same one twice running, so repeats do not sound mechanical."""
        variants = self._bank[name]
        index = 0
        if len(variants) > 1:
            last = self._last.get(name)
            if last is None:
                index = self._pick.randrange(len(variants))
            else:
                index = self._pick.randrange(len(variants) - 1)
                index += index >= last
            self._last[name] = index
        return variants[index]


def peak(sound: pygame.mixer.Sound) -> float:
    """The sound's highest sample as a fraction of full scale, in the format of the mixer that is open."""
    spec = pygame.mixer.get_init()
    size = abs(spec[1]) if spec else 16
    raw = sound.get_raw()
    codes = {8: "b", 16: "h", 32: "f" if spec and spec[1] == 32 else "i"}
    samples = array(codes.get(size, "h"))
    samples.frombytes(raw[:len(raw) - len(raw) % samples.itemsize])
    if not samples:
        return 0.0
    top = max(max(samples), -min(samples))
    if size == 8 and spec and spec[1] > 0:  # unsigned 8-bit: silence at 128
        top = max(abs(v - 128) for v in array("B", raw))
        return top / 128
    return float(top) if samples.typecode == "f" else top / (2 ** (8 * samples.itemsize - 1))


def mix_gain(bank: dict[str, list[pygame.mixer.Sound]]) -> float:
    """The headroom factor: the busiest moment's peaks, summed at full volume, come to HEADROOM."""
    loudest = {name: max(peak(s) for s in bank[name]) * LEVELS.get(name, 1.0) for name in BUSIEST if name in bank}
    total = sum(loudest[name] * count for name, count in BUSIEST.items() if name in loudest)
    return min(1.0, HEADROOM / total) if total > 0 else 1.0


def _late_copies(bank: dict[str, list[pygame.mixer.Sound]]) -> dict[int, list[pygame.mixer.Sound]]:
    """Each impact take's copies with 1, 2, ... times STAGGER_MS of silence in front (by the take's id)."""
    spec = pygame.mixer.get_init()
    frequency, size, channels = spec
    frame = abs(size) // 8 * channels
    silence = b"\x80" if size == 8 else b"\x00"  # unsigned 8-bit is silent at 128
    late = {}
    for name in HITS.values():
        for take in bank.get(name, ()):
            raw = take.get_raw()
            late[id(take)] = [
                pygame.mixer.Sound(buffer=silence * (frame * int(frequency * STAGGER_MS * k / 1000)) + raw)
                for k in range(1, HIT_VOICES)]
    return late


class Silent:
    """Stands in for ``Sounds`` when even making it failed: the same calls, each doing nothing."""

    available = False

    def configure(self, enabled: bool, volume: float) -> None: ...
    def play(self, name: str, strength: float = 1.0) -> None: ...
    def play_hit(self, material: str, strength: float) -> None: ...
    def start_rattle(self, loudness: float = 0.0) -> None: ...
    def set_rattle(self, loudness: float) -> None: ...
    def stop_rattle(self) -> None: ...


def make_sounds(enabled: bool, volume: float) -> Sounds | Silent:
    """The game's sounds; silent ones if making them failed in a way ``Sounds`` did not foresee."""
    try:
        return Sounds(enabled, volume)
    except Exception:  # sound is a comfort: the table must start without it
        return Silent()

def _clamp(value) -> float:
    try:
        value = float(value)
    except (TypeError, ValueError):
        return 0.0
    if not math.isfinite(value):
        return 0.0
    return min(1.0, max(0.0, value))
