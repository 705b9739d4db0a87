"""Makes every sound of the table, once, as the small WAV files in ``assets/sounds/``.

    python packaging/make_sounds.py

The waveforms are made in pure Python from ``array``, ``math`` and a fixed-seed ``random`` (no
recordings, so the sounds are ours to ship: see assets/sounds/README.md). Each file is 44.1 kHz, 16-bit
mono PCM; the game loads them with ``pygame.mixer.Sound``, which fits them to whatever mixer is open.
Run again after changing a sound; ``tests/test_sound.py`` checks the shipped files are what this makes.

Speed: everything is made in about 0.2 s at 44.1 kHz (2-core dev box). A
per-sample Python loop would take about a second, so the waves are built
with C-level iterators instead. A decaying sine is the imaginary part of a
running complex product (``accumulate``); a steady brass tone is one block
of whole cycles looked up from a table and repeated; mixing is
``map(add, ...)`` into list slices; chimes are made at half rate and
interpolated up; samples reach the mixer's format through byte slices.
"""

from __future__ import annotations

import cmath
import math
import random
import sys
import wave
from array import array
from functools import lru_cache
from itertools import accumulate, islice, repeat
from operator import add, and_, attrgetter, floordiv, mul, sub
from pathlib import Path

NAMES = ("rattle", "clack", "hold", "score", "zero", "bonus", "fanfare", "click", "turn", "win",
         "hit_felt", "hit_rail", "hit_die", "cup", "release")
TAKES = 4  # of each impact: a die's hits in a row never sound alike

# Each sound is normalised to this peak, leaving headroom when several overlap.
PEAK = 0.8
SEED = 1729
RATE = 44100
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"
# Above this the waves are made at a fraction of the mixer's rate and interpolated up, to stay fast.
MAX_SYNTH_RATE = 48000

# Equal-tempered pitches (Hz) of the notes used below.
C5, E5, G5, A5 = 523.25, 659.26, 783.99, 880.00
C6, D6, E6, G6, C7 = 1046.50, 1174.66, 1318.51, 1567.98, 2093.00

_IMAG = attrgetter("imag")
_TABLE_SIZE = 4096  # samples per cycle in a waveform table (a power of two: wrap with a mask)
_BLOCK = 2048  # samples per repeated block of a steady tone


# --- building blocks: all return plain lists of floats --------------------------------------------


def _silence(rate: float, seconds: float) -> list[float]:
    return [0.0] * max(1, int(rate * seconds))


def _ring(buf, start, rate, freq, tau, amp=1.0, attack=0.0) -> None:
    """Adds ``amp * exp(-t/tau) * sin(2 pi freq t)`` into ``buf`` from ``start``: a struck mode.

    The sine is the imaginary part of ``amp * step**k`` with ``step = r * e^(i w)``; accumulate
    runs the products in C, so there is no per-sample Python code and no per-sample sin(). It
    starts at exactly zero; ``attack`` seconds of raised-cosine rise soften the strike for tones
    (a bare strike is a click). It stops after seven time constants (-60 dB, masked by everything
    else) or at the end of ``buf``, whichever is first.
    """
    n = min(len(buf) - start, int(7.0 * tau * rate))
    if n <= 0 or freq >= 0.45 * rate:  # a mode the rate cannot carry would fold back as a wrong note
        return
    step = cmath.rect(math.exp(-1.0 / (tau * rate)), 2.0 * math.pi * freq / rate)
    wave = map(_IMAG, accumulate(repeat(step, n - 1), mul, initial=complex(amp, 0.0)))
    a = min(n, int(attack * rate))
    if a > 1:
        # Only the first few samples are shaped; the same iterator then runs on for the rest.
        head = map(mul, islice(wave, a), _ramp(a))
        buf[start : start + a] = map(add, buf[start : start + a], head)
        start, n = start + a, n - a
    buf[start : start + n] = map(add, buf[start : start + n], wave)


def _mix(buf: list[float], wave: list[float], start: int, gain: float = 1.0) -> None:
    """Adds ``wave * gain`` into ``buf`` at sample ``start``; whatever runs past the end is dropped."""
    if start >= len(buf) or not wave:
        return
    end = min(len(buf), start + len(wave))
    part = wave[: end - start]
    if gain != 1.0:
        part = map(mul, part, repeat(gain))
    buf[start:end] = map(add, buf[start:end], part)


@lru_cache(maxsize=64)
def _ramp(n: int) -> tuple[float, ...]:
    """Raised-cosine rise from 0 to 1 over ``n`` samples (first value 0, last 1); cached."""
    if n <= 1:
        return (1.0,) * n
    cosines = map(math.cos, map(mul, range(n), repeat(math.pi / (n - 1))))
    return tuple(map(add, map(mul, cosines, repeat(-0.5)), repeat(0.5)))


def _fade_in(buf: list[float], n: int) -> None:
    """Raised-cosine ramp over the first ``n`` samples: starts flat at zero, so no click."""
    n = min(n, len(buf))
    if n > 1:
        buf[:n] = map(mul, buf[:n], _ramp(n))


def _fade_out(buf: list[float], n: int) -> None:
    """Raised-cosine ramp down over the last ``n`` samples, ending on exactly zero."""
    n = min(n, len(buf))
    if n > 1:
        buf[-n:] = map(mul, buf[-n:], reversed(_ramp(n)))


def _envelope(buf: list[float], rate: float, attack: float, release: float) -> list[float]:
    _fade_in(buf, int(rate * attack))
    _fade_out(buf, int(rate * release))
    return buf


def _normalise(buf: list[float], peak: float = PEAK) -> list[float]:
    top = max(map(abs, buf), default=0.0)
    if top <= 0.0:
        return buf
    return list(map(mul, buf, repeat(peak / top)))


def _noise(rng: random.Random, n: int, smooth: int = 1) -> list[float]:
    """White noise in -1..1, low-passed by averaging ``smooth`` neighbours (softer, less hiss)."""
    white = [rng.random() * 2.0 - 1.0 for _ in range(n + smooth - 1)]
    if smooth <= 1:
        return white
    out = white[: n]
    for k in range(1, smooth):
        out = list(map(add, out, white[k : k + n]))
    return list(map(mul, out, repeat(1.0 / smooth)))


def _sine_table() -> list[float]:
    step = 2.0 * math.pi / _TABLE_SIZE
    return [math.sin(step * i) for i in range(_TABLE_SIZE)]


def _harmonics(base: list[float], parts) -> list[float]:
    """One cycle mixing ``base`` at whole multiples: ``parts`` is ``(multiple, gain)`` pairs.

    Reading ``base`` at ``i * multiple`` is ``base`` played ``multiple`` times faster, so tables of
    harmonics and of just-tuned chords are a few look-ups each rather than thousands of sin() calls.
    """
    mask = _TABLE_SIZE - 1
    out = [0.0] * _TABLE_SIZE
    for multiple, gain in parts:
        cycle = map(base.__getitem__, map(and_, range(0, _TABLE_SIZE * multiple, multiple), repeat(mask)))
        out = list(map(add, out, map(mul, cycle, repeat(gain))))
    return out


def _oscillator(rate: float, n: int, freq: float, table: list[float]) -> list[float]:
    """``n`` samples of ``table`` played at ``freq``.

    One block of about _BLOCK samples holding a whole number of cycles is looked up (integer phase,
    so it is exactly periodic), then repeated by list multiplication, which is a memory copy.
    Fitting whole cycles moves the pitch by at most half a sample per block: under half a cent.
    """
    cycles = max(1, round(freq * _BLOCK / rate))
    length = max(1, round(cycles * rate / freq))
    step = cycles * _TABLE_SIZE
    phases = map(and_, map(floordiv, range(0, length * step, step), repeat(length)), repeat(_TABLE_SIZE - 1))
    block = list(map(table.__getitem__, phases))
    return (block * -(-n // length))[:n]


def _adsr(rate: float, n: int, attack: float, decay: float, sustain: float, release: float, gain: float):
    """A brass-player's envelope: quick swell to ``gain``, settle to ``sustain * gain``, hold, let go."""
    a = max(1, min(n, int(rate * attack)))
    r = max(1, min(n - a, int(rate * release)))
    body = max(0, n - a - r)
    swell = list(map(mul, _ramp(a), repeat(gain)))
    # Exponential settle from 1 to sustain, as a geometric series (C speed).
    k = math.exp(-1.0 / max(1.0, decay * rate))
    settle = accumulate(repeat(k, body), mul, initial=(1.0 - sustain) * gain)
    settle = list(map(add, settle, repeat(sustain * gain)))[1:]
    level = settle[-1] if settle else gain
    tail = list(map(mul, reversed(_ramp(r)), repeat(level)))
    return (swell + settle + tail)[:n]


# --- the instruments ------------------------------------------------------------------------------

_TABLES: dict = {}
# Brass-ish: strong harmonics falling off slowly, like a sawtooth with its top octaves muted.
_BRASS_HARMONICS = ((1, 1.0), (2, 0.75), (3, 0.55), (4, 0.38), (5, 0.25), (6, 0.15), (7, 0.08))


def _brass_table(chord) -> list[float]:
    """A cycle of brass-ish tone for each just-tuned chord note.

    ``chord`` is ``(multiple, gain)`` pairs over the root; cached, since few chords are used.
    """
    table = _TABLES.get(chord)
    if table is None:
        tone = _TABLES.get("brass")
        if tone is None:
            tone = _harmonics(_sine_table(), _BRASS_HARMONICS)
            _TABLES["brass"] = tone
        table = _TABLES[chord] = _harmonics(tone, chord)
    return table


def _brass(buf, start, rate, freq, seconds, sustain=0.65, gain=1.0, chord=((1, 1.0),)) -> None:
    """Adds a brass-ish note (or a just-tuned chord over root ``freq``) into ``buf`` at ``start``:
    a slightly sharp second voice gives a warm chorus; the envelope gives it a player's breath."""
    n = min(int(rate * seconds), len(buf) - start)
    if n <= 0:
        return
    table = _brass_table(chord)
    tone = map(add, _oscillator(rate, n, freq, table), _oscillator(rate, n, freq * 1.004, table))
    release = min(0.12, seconds * 0.4)
    env = _adsr(rate, n, attack=0.025, decay=0.09, sustain=sustain, release=release, gain=gain)
    buf[start : start + n] = map(add, buf[start : start + n], map(mul, tone, env))


def _bell(buf, start, rate, freq, partials, tau, gain=1.0) -> None:
    """Adds a chime into ``buf`` at ``start``: sine partials ``(ratio, amplitude, decay share)``,
    the upper ones dying faster. Each rings out on its own, so nothing is cut mid-phrase."""
    for ratio, amp, share in partials:
        _ring(buf, start, rate, freq * ratio, tau * share, amp * gain, attack=0.0025)


# Soft and pleasant: near-harmonic partials (a bright, slightly inharmonic third gives the "bell").
_CHIME = ((1.0, 1.0, 1.0), (2.0, 0.35, 0.55), (3.01, 0.12, 0.3))
_BRIGHT = ((1.0, 1.0, 1.0), (2.0, 0.5, 0.6), (3.0, 0.25, 0.35), (4.02, 0.12, 0.2))
_MARIMBA = ((1.0, 1.0, 1.0), (3.93, 0.18, 0.22))  # a tuned bar: its first overtone near two octaves up


def _knock(rate: float, rng: random.Random, seconds: float, pitch: float, body: float, bright: float):
    """One hard, small object striking: a few fast-dying wooden modes, a felt thump and a noise tick."""
    out = _silence(rate, seconds)
    # Wood/plastic modes: inharmonic ratios, each a little detuned so no two knocks are identical.
    for ratio, amp, tau in ((1.0, 1.0, 0.010), (1.59, 0.55, 0.007), (2.31, 0.35, 0.005), (3.17, 0.2, 0.003)):
        f = pitch * ratio * rng.uniform(0.97, 1.03)
        _ring(out, 0, rate, f, tau * rng.uniform(0.85, 1.15), amp * bright)
    # The felt and table under it: a low, short, soft thump.
    _ring(out, 0, rate, rng.uniform(140.0, 190.0), 0.014, body)
    # The contact itself: 1.5 ms of softened noise, swelling and fading (a bare burst sounds harsh).
    tick = _noise(rng, int(rate * 0.0015), smooth=3)
    window = _ramp(len(tick) // 2) + tuple(reversed(_ramp(len(tick) - len(tick) // 2)))
    _mix(out, list(map(mul, tick, window)), 0, 0.6 * bright)
    _fade_out(out, int(rate * min(0.008, seconds / 3)))
    return out


def _rattles(rate: float, rng: random.Random, takes: int) -> list[list[float]]:
    """Several rattles, each its own shake of one shared set of knocks (so each costs only mixing)."""
    grains = [_knock(rate, rng, 0.02, rng.uniform(1800.0, 3000.0), 0.05, 0.6) for _ in range(6)]
    lands = [_knock(rate, rng, 0.05, rng.uniform(1200.0, 1800.0), 0.5, 0.9) for _ in range(3)]
    return [_rattle(rate, rng, grains, lands) for _ in range(takes)]


def _rattle(rate: float, rng: random.Random, grains, lands) -> list[float]:
    """Dice shaken in a cup (dense, light clicks), then thrown onto felt (a few heavier knocks)."""
    out = _silence(rate, 0.36)
    # The cup: ~30 clicks, densest early, as the dice knock each other and the cup wall.
    for _ in range(30):
        t = 0.21 * rng.random() ** 1.3
        swell = min(1.0, 0.35 + t / 0.12)
        _mix(out, rng.choice(grains), int(rate * t), rng.uniform(0.25, 0.7) * swell)
    # The throw: five dice landing on felt, each a fuller knock, loudest first.
    t = 0.18
    for gain in (1.0, 0.85, 0.7, 0.55, 0.4):
        t += rng.uniform(0.015, 0.03)
        _mix(out, rng.choice(lands), int(rate * t), gain)
    return _envelope(out, rate, attack=0.004, release=0.03)


def _clack(rate: float, rng: random.Random, seconds: float) -> list[float]:
    """One die landing or meeting another: a single full knock, 40-70 ms."""
    out = _knock(rate, rng, seconds, rng.uniform(1150.0, 1700.0), rng.uniform(0.45, 0.7), 1.0)
    # 2 ms to rise: still a sharp knock, but no step from silence.
    return _envelope(out, rate, attack=0.002, release=0.012)


def _hold(rate: float, rng: random.Random) -> list[float]:
    """A soft, rounded click: a lower, gentler knock with no noise."""
    out = _silence(rate, 0.035)
    _ring(out, 0, rate, 950.0, 0.006)
    _ring(out, 0, rate, 1900.0, 0.003, 0.3)
    _ring(out, 0, rate, 260.0, 0.008, 0.4)
    return _envelope(out, rate, attack=0.002, release=0.01)


def _release(rate: float) -> list[float]:
    """A die let go: the hold's click a fifth lower and a little longer, so the ear tells the two apart unseen."""
    out = _silence(rate, 0.05)
    _ring(out, 0, rate, 633.0, 0.009)
    _ring(out, 0, rate, 1266.0, 0.004, 0.3)
    _ring(out, 0, rate, 173.0, 0.012, 0.4)
    return _envelope(out, rate, attack=0.002, release=0.014)


def _click(rate: float, rng: random.Random) -> list[float]:
    """A short, crisp button tick."""
    out = _silence(rate, 0.022)
    _ring(out, 0, rate, 2100.0, 0.0025)
    _ring(out, 0, rate, 3400.0, 0.0012, 0.4)
    _mix(out, _noise(rng, int(rate * 0.001), smooth=2), 0, 0.25)
    return _envelope(out, rate, attack=0.002, release=0.006)


# --- the dice's impacts and the cup -----------------------------------------------------------------


def _burst(rng: random.Random, rate: float, seconds: float, smooth: int) -> list[float]:
    """The contact itself: noise swelling and fading over ``seconds`` (a bare burst sounds harsh);
    ``smooth`` takes the hiss off, the more the softer what was struck."""
    tick = _noise(rng, max(2, int(rate * seconds)), smooth=smooth)
    half = len(tick) // 2
    window = _ramp(half) + tuple(reversed(_ramp(len(tick) - half)))
    return list(map(mul, tick, window))


def _hit_felt(rate: float, rng: random.Random) -> list[float]:
    """A die landing on the felt: the cloth swallows the die's ring, leaving a dull, short thud."""
    out = _silence(rate, 0.05)
    # The table under the cloth: a low thump, and a boxy mid one so small speakers (no bass) hear it too.
    _ring(out, 0, rate, rng.uniform(115.0, 145.0), 0.010, 0.8, attack=0.002)
    _ring(out, 0, rate, rng.uniform(360.0, 420.0), 0.008, 0.7, attack=0.001)
    # The die itself, muffled by the cloth: a "tok" gone within a few milliseconds.
    _ring(out, 0, rate, rng.uniform(650.0, 850.0), 0.005, 0.5)
    _ring(out, 0, rate, rng.uniform(1600.0, 2000.0), 0.002, 0.08)
    _mix(out, _burst(rng, rate, 0.006, 20), 0, 1.8)  # the cloth's soft puff
    return _envelope(out, rate, attack=0.0015, release=0.025)


def _hit_rail(rate: float, rng: random.Random) -> list[float]:
    """A die striking the wooden rail: a hollow knock, the wood's modes ringing over the box under it."""
    out = _silence(rate, 0.13)
    pitch = rng.uniform(540.0, 640.0)
    # Wood: a clear first mode, the upper ones inharmonic and dying fast, each a little detuned per take.
    for ratio, amp, tau in ((1.0, 1.0, 0.024), (2.6, 0.6, 0.011), (4.3, 0.4, 0.006), (6.9, 0.2, 0.003)):
        _ring(out, 0, rate, pitch * ratio * rng.uniform(0.98, 1.02), tau * rng.uniform(0.9, 1.1), amp)
    # Hollow: the air in the rail's box, lower and ringing longest.
    _ring(out, 0, rate, rng.uniform(205.0, 245.0), 0.03, 0.7, attack=0.0015)
    _mix(out, _burst(rng, rate, 0.0012, 3), 0, 0.9)  # the corner of the die meeting hard wood
    return _envelope(out, rate, attack=0.0015, release=0.03)


def _hit_die(rate: float, rng: random.Random) -> list[float]:
    """Two dice meeting: a sharp, bright click of hard plastic, high and over almost at once."""
    out = _silence(rate, 0.03)
    pitch = rng.uniform(2900.0, 3500.0)
    for ratio, amp, tau in ((1.0, 1.0, 0.003), (1.48, 0.7, 0.0022), (2.13, 0.45, 0.0016), (2.9, 0.25, 0.001)):
        _ring(out, 0, rate, pitch * ratio * rng.uniform(0.97, 1.03), tau * rng.uniform(0.85, 1.15), amp)
    _ring(out, 0, rate, rng.uniform(1100.0, 1400.0), 0.003, 0.4)  # a little body, so it is not a tick
    _mix(out, _burst(rng, rate, 0.0015, 2), 0, 1.6)
    return _envelope(out, rate, attack=0.0015, release=0.01)


def _mix_around(buf: list[float], wave: list[float], start: int, gain: float) -> None:
    """``_mix``, with whatever runs past the end added in from the start: a loop made this way has no seam."""
    start %= len(buf)
    _mix(buf, wave, start, gain)
    rest = wave[len(buf) - start :]
    while rest:
        _mix(buf, rest, 0, gain)
        rest = rest[len(buf) :]


def _cup(rate: float, rng: random.Random) -> list[float]:
    """Dice shaken in a cup, as a loop: each stroke slams them against the wall, and between strokes they
    tumble against each other. Every knock is mixed in around the loop's end, so it repeats without a click."""
    seconds = 1.0
    out = _silence(rate, seconds)
    walls = []
    for _ in range(4):
        # The cup's wall: a hollow, papery knock (leather over a light shell).
        wall = _silence(rate, 0.06)
        _ring(wall, 0, rate, rng.uniform(700.0, 900.0), 0.008, 1.0)
        _ring(wall, 0, rate, rng.uniform(1600.0, 2000.0), 0.004, 0.4)
        _ring(wall, 0, rate, rng.uniform(240.0, 290.0), 0.012, 0.5, attack=0.002)
        _mix(wall, _burst(rng, rate, 0.001, 2), 0, 0.6)
        walls.append(wall)
    clicks = [_hit_die(rate, rng) for _ in range(4)]
    strokes = (0.06, 0.3, 0.55, 0.79)  # a little uneven, as a hand shakes
    for stroke in strokes:
        t = stroke + rng.uniform(-0.01, 0.01)
        for k in range(rng.randrange(5, 8)):  # the dice arrive at the wall one after another
            gain = rng.uniform(0.6, 1.0) * (0.8**k)
            _mix_around(out, rng.choice(walls), int(rate * t), gain)
            if rng.random() < 0.6:
                _mix_around(out, rng.choice(clicks), int(rate * (t + rng.uniform(0.002, 0.008))), 0.5 * gain)
            t += rng.uniform(0.006, 0.018)
        for _ in range(rng.randrange(7, 11)):  # tumbling over each other on the way to the next stroke
            when = int(rate * (t + rng.uniform(0.01, 0.17)))
            if rng.random() < 0.3:
                _mix_around(out, rng.choice(walls), when, rng.uniform(0.08, 0.2))
            else:
                _mix_around(out, rng.choice(clicks), when, rng.uniform(0.1, 0.35))
    return out


def _half_rate(rate: float, seconds: float, draw) -> list[float]:
    """``draw(buf, rate / 2)`` into ``seconds`` of silence, returned interpolated up to ``rate``.

    Chimes and the thud have nothing above ~8 kHz, so half the mixer's rate holds them exactly
    and halves the work; percussion and brass (harmonics up to ~7 kHz, whose mirror images the
    interpolation would leave audible) are made at the full rate.
    """
    if rate < 40000:  # a low-rate mixer: half of it would no longer hold the chimes' partials
        buf = _silence(rate, seconds)
        draw(buf, rate)
        return buf
    buf = _silence(rate / 2, seconds)
    draw(buf, rate / 2)
    return _upsample(buf, 2)


def _score(rate: float) -> list[float]:
    """A single soft chime: G with a quiet D a fifth above for sweetness, not a chord."""

    def draw(buf, r):
        _bell(buf, 0, r, G5, _CHIME, tau=0.16)
        _bell(buf, 0, r, D6, _CHIME, tau=0.11, gain=0.25)

    return _envelope(_half_rate(rate, 0.62, draw), rate, attack=0.002, release=0.08)


def _zero(rate: float) -> list[float]:
    """A low soft thud: a muted tone falling from ~170 Hz to ~85 Hz, dying fast, with a wooden knock
    at ~420 Hz so it is still heard on small speakers that have no bass."""

    def draw(buf, r):
        n = len(buf)
        # The falling pitch needs a running phase: the sum of per-sample frequencies.
        k = math.exp(-1.0 / (0.04 * r))
        freqs = map(add, accumulate(repeat(k, n - 1), mul, initial=85.0), repeat(85.0))
        phase = list(accumulate(map(mul, freqs, repeat(2.0 * math.pi / r))))
        decay = list(accumulate(repeat(math.exp(-1.0 / (0.07 * r)), n - 1), mul, initial=1.0))
        # Its second harmonic, dying faster: the "oo" of a muffled drum rather than a pure sine.
        second = map(mul, map(math.sin, map(mul, phase, repeat(2.0))), map(mul, decay, repeat(0.35)))
        buf[:] = map(add, map(mul, map(math.sin, phase), decay), map(mul, second, decay))
        _ring(buf, 0, r, 420.0, 0.018, 0.22, attack=0.002)

    return _envelope(_half_rate(rate, 0.3, draw), rate, attack=0.004, release=0.05)


def _bonus(rate: float) -> list[float]:
    """Brighter and rising: two notes a fifth apart, the second a little louder."""

    def draw(buf, r):
        _bell(buf, 0, r, C6, _BRIGHT, tau=0.12, gain=0.8)
        _bell(buf, int(r * 0.11), r, G6, _BRIGHT, tau=0.16)

    return _envelope(_half_rate(rate, 0.78, draw), rate, attack=0.002, release=0.08)


def _turn(rate: float) -> list[float]:
    """A gentle rising fourth on a soft bar: the table turning to the next player."""

    def draw(buf, r):
        _bell(buf, 0, r, E5, _MARIMBA, tau=0.1, gain=0.85)
        _bell(buf, int(r * 0.14), r, A5, _MARIMBA, tau=0.13)

    return _envelope(_half_rate(rate, 0.6, draw), rate, attack=0.003, release=0.08)


def _fanfare(rate: float) -> list[float]:
    """Ta-ta-ta-taaa: C-E-G short and bright, then the top C held over a low C."""
    out = _silence(rate, 1.2)
    step = 0.12
    for i, freq in enumerate((C5, E5, G5)):
        _brass(out, int(rate * step * i), rate, freq, 0.2 if i < 2 else 0.3, sustain=0.55, gain=0.8)
    # The top C held, over a soft low C two octaves down: a chord rather than a lone trumpet.
    _brass(out, int(rate * 3 * step), rate, C5 / 2, 1.2 - 3 * step, sustain=0.7, chord=((4, 1.0), (1, 0.35)))
    return _envelope(out, rate, attack=0.003, release=0.12)


def _win(rate: float) -> list[float]:
    """A run of bells up two octaves, a full brass chord, and sparkles on top."""
    total, gap = 1.5, 0.065
    run = (C5, E5, G5, C6, E6)
    start = gap * len(run)

    def bells(buf, r):
        for i, freq in enumerate(run):
            _bell(buf, int(r * gap * i), r, freq, _CHIME, tau=0.09)
        # Sparkles: two high bells, each made once and struck twice (a copy costs less than a ring).
        for freq, times in ((G6, (0.08, 0.34)), (C7, (0.2, 0.46))):
            sparkle = _silence(r, 0.5)
            _bell(sparkle, 0, r, freq, _CHIME, tau=0.07, gain=0.45)
            for t in times:
                _mix(buf, sparkle, int(r * (start + t)))

    out = _half_rate(rate, total, bells)
    # C major in just intonation (4:5:6:8 over a low C) is one periodic wave: one table, one pass.
    chord = ((4, 0.3), (5, 0.25), (6, 0.25), (8, 0.35))
    _brass(out, int(rate * start), rate, C5 / 4, total - start, sustain=0.6, chord=chord)
    return _envelope(out, rate, attack=0.003, release=0.2)


def build_waves(rate: int, seed: int = SEED) -> dict[str, list[list[float]]]:
    """Every sound as float waves in -PEAK..PEAK at ``rate`` Hz: name -> its variants (usually one)."""
    made = _synthesise(rate, seed)
    return {name: [_normalise(wave) for wave in variants] for name, variants in made.items()}


def _synthesise(rate: int, seed: int = SEED) -> dict[str, list[list[float]]]:
    """Every sound at ``rate`` Hz, not yet normalised (``encode`` does that on its way)."""
    rng = random.Random(seed)
    # Mixers above 48 kHz get waves made at a whole fraction of their rate: nothing here needs more.
    factor = max(1, math.ceil(rate / MAX_SYNTH_RATE))
    r = rate / factor
    made = {
        "rattle": _rattles(r, rng, 3),
        "clack": [_clack(r, rng, seconds) for seconds in (0.045, 0.052, 0.06, 0.066)],
        "hold": [_hold(r, rng)],
        "score": [_score(r)],
        "zero": [_zero(r)],
        "bonus": [_bonus(r)],
        "fanfare": [_fanfare(r)],
        "click": [_click(r, rng)],
        "turn": [_turn(r)],
        "win": [_win(r)],
        # After the others, so their files stay what they were (they share one random sequence).
        "hit_felt": [_hit_felt(r, rng) for _ in range(TAKES)],
        "hit_rail": [_hit_rail(r, rng) for _ in range(TAKES)],
        "hit_die": [_hit_die(r, rng) for _ in range(TAKES)],
        "cup": [_cup(r, rng)],
        "release": [_release(r)],  # no random numbers: the files above stay as they were
    }
    return {name: [_upsample(wave, factor) for wave in made[name]] for name in NAMES}


# --- into the mixer's format ----------------------------------------------------------------------


def _upsample(wave: list[float], factor: int) -> list[float]:
    """``factor`` output samples per input sample.

    Doubling (chimes) fills each gap from four neighbours, ``(-a + 9b + 9c - d) / 16``: it keeps
    the mirror images of the tones ~60 dB down where a straight line leaves them at ~20 dB.
    Other factors (only for mixers above 48 kHz, whose images are ultrasonic) are linear.
    """
    if factor <= 1:
        return wave
    out = [0.0] * (len(wave) * factor)
    out[0::factor] = wave
    if factor == 2:
        padded = [0.0] + wave + [0.0, 0.0]  # the waves start and end on silence
        n = len(wave)
        near = map(add, padded[1 : n + 1], padded[2 : n + 2])
        far = map(add, padded[0:n], padded[3 : n + 3])
        out[1::2] = map(sub, map(mul, near, repeat(9.0 / 16.0)), map(mul, far, repeat(1.0 / 16.0)))
        return out
    nxt = wave[1:] + [0.0]
    delta = list(map(sub, nxt, wave))
    for j in range(1, factor):
        out[j::factor] = map(add, wave, map(mul, delta, repeat(j / factor)))
    return out


# Adding 1.5 * 2**52 to a double leaves round(x) as a two's complement integer in the low 32 bits
# of its mantissa. Keeping only the low bytes of each double (a strided bytes slice, C speed) gives
# the samples ready for the mixer, instead of an int() call per sample, the slowest step here.
_MAGIC = 1.5 * 2.0**52
_BIG_ENDIAN = sys.byteorder == "big"  # SDL wants native order: the low bytes come last there


def _pcm_format(size: int) -> tuple[int, float, float]:
    """Bytes per sample, full scale and offset of the mixer's format (``size`` as get_init() gives it);
    0 bytes means 32-bit float."""
    # pygame-ce reports its 32-bit float format as -32 (it has no 32-bit integer one); 32 elsewhere.
    formats = {-16: (2, 32767.0, 0.0), 16: (2, 32767.0, 32768.0), -8: (1, 127.0, 0.0), 8: (1, 127.0, 128.0),
               -32: (0, 1.0, 0.0), 32: (0, 1.0, 0.0)}
    if size not in formats:
        raise ValueError(f"unsupported mixer sample size {size}")
    return formats[size]


def encode(wave: list[float], size: int, channels: int, peak: float = PEAK) -> bytes:
    """The wave as raw samples in the mixer's format (native byte order, as SDL uses), its peak at
    ``peak`` of full scale, each sample repeated for every channel. Normalises on the way."""
    width, full_scale, offset = _pcm_format(size)
    top = max(map(abs, wave), default=0.0)
    scaled = map(mul, wave, repeat(full_scale * peak / top if top > 0.0 else 0.0))
    if width == 0:
        mono = array("f", scaled).tobytes()
        width = 4
    else:
        doubles = array("d", map(add, scaled, repeat(_MAGIC + offset))).tobytes()
        start = 8 - width if _BIG_ENDIAN else 0
        mono = bytearray(len(wave) * width)
        for k in range(width):
            mono[k::width] = doubles[start + k :: 8]
    if channels <= 1:
        return bytes(mono)
    frame = width * channels
    frames = bytearray(len(wave) * frame)
    for c in range(channels):
        for k in range(width):
            frames[c * width + k :: frame] = mono[k::width]
    return bytes(frames)


def file_names(name: str, takes: int) -> list[str]:
    """``score.wav`` for a sound with one take; ``clack-1.wav``, ``clack-2.wav``, ... for several."""
    return [f"{name}.wav"] if takes == 1 else [f"{name}-{k}.wav" for k in range(1, takes + 1)]


def wav_bytes(samples: bytes, rate: int = RATE) -> bytes:
    """16-bit mono PCM samples (little-endian, as WAV wants) in a WAV file."""
    import io

    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(samples)
    return buffer.getvalue()


def make_files(rate: int = RATE) -> dict[str, bytes]:
    """Every sound file, by name: what ``main`` writes and what the tests compare with the shipped ones."""
    assert not _BIG_ENDIAN, "WAV samples are little-endian; make the files on a little-endian machine"
    files = {}
    for name, takes in _synthesise(rate).items():
        for file, wave_ in zip(file_names(name, len(takes)), takes):
            files[file] = wav_bytes(encode(wave_, -16, 1), rate)
    return files


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    files = make_files()
    for old in OUT.glob("*.wav"):
        if old.name not in files:
            old.unlink()
    for file, data in files.items():
        (OUT / file).write_bytes(data)
    print(f"{len(files)} sound files, {sum(map(len, files.values())) // 1024} KB, in {OUT}")


if __name__ == "__main__":
    main()
