"""The sounds: the shipped files are what packaging/make_sounds.py makes, each loads in any mixer's format,
clean at the edges, and there is never a crash without audio."""

from __future__ import annotations

import ast
import importlib.util
import os
import random
from array import array
from pathlib import Path

# Headless before pygame is imported, whoever imports it first.
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["SDL_VIDEODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from scenes.ui import sound  # noqa: E402
from scenes.ui.sound import Sounds  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "packaging" / "make_sounds.py")
make_sounds = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_sounds)

NAMES = ("rattle", "clack", "hold", "score", "zero", "bonus", "fanfare", "click", "turn", "win")

# Intended length of each sound in seconds, from the sound design (not from the implementation).
LENGTHS = {
    "rattle": (0.30, 0.45),
    "clack": (0.040, 0.070),
    "hold": (0.010, 0.080),
    "score": (0.50, 0.75),
    "zero": (0.15, 0.50),
    "bonus": (0.40, 1.00),
    "fanfare": (1.00, 1.40),
    "click": (0.005, 0.040),
    "turn": (0.30, 0.80),
    "win": (1.30, 1.80),
}
FULL_SCALE = 32767
EDGE_SECONDS = 0.0001  # the stretch at each end that must be (near) silence


def _edge(samples: list[int]) -> list[int]:
    """The samples of the first and last 0.1 ms (at least two frames each)."""
    n = max(2, int(pygame.mixer.get_init()[0] * EDGE_SECONDS))
    return samples[:n] + samples[-n:]


@pytest.fixture(autouse=True)
def _no_mixer_left_behind():
    """Each test starts and ends with the mixer shut, so none sees another's settings."""
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


@pytest.fixture
def sounds():
    return Sounds()


def _frames(snd: pygame.mixer.Sound) -> list[list[int]]:
    """The sound's samples per channel, read back from the mixer (16-bit signed)."""
    _, size, channels = pygame.mixer.get_init()
    assert size == -16
    samples = array("h")
    samples.frombytes(snd.get_raw())
    return [list(samples[c::channels]) for c in range(channels)]


def _within(value: float, bounds: tuple[float, float]) -> bool:
    return bounds[0] <= value <= bounds[1]


def _raise(error):
    def fail(*args, **kwargs):
        raise error

    return fail


class _Recorder:
    """Stands in for a mixer channel: remembers what it was asked to play, at which volume."""

    def __init__(self):
        self.plays = []
        self.volume = None

    def set_volume(self, volume, *_):
        self.volume = volume

    def play(self, snd, *_, **__):
        self.plays.append((snd, self.volume))


# --- building ---------------------------------------------------------------------------------------


def test_the_dummy_mixer_initialises_and_every_name_builds(sounds):
    assert sounds.available is True
    assert sounds.names == NAMES
    assert pygame.mixer.get_init() is not None
    assert pygame.mixer.get_num_channels() >= 16
    for name in NAMES:
        variants = sounds._bank[name]
        assert variants, name
        for snd in variants:
            assert isinstance(snd, pygame.mixer.Sound)
            assert snd.get_length() > 0 and len(snd.get_raw()) > 0


def test_each_sound_lasts_as_long_as_intended(sounds):
    lengths = {name: [round(snd.get_length(), 3) for snd in sounds._bank[name]] for name in NAMES}
    wrong = {name: got for name, got in lengths.items() if not all(_within(t, LENGTHS[name]) for t in got)}
    assert wrong == {}


def test_each_sound_peaks_near_eight_tenths_of_full_scale_and_never_clips(sounds):
    peaks = {name: [max(map(abs, _frames(snd)[0])) for snd in sounds._bank[name]] for name in NAMES}
    # Below 0.9 leaves headroom; above 0.7 means normalised, not faint or silent.
    wrong = {name: got for name, got in peaks.items() if not all(0.7 < p / FULL_SCALE < 0.9 for p in got)}
    assert wrong == {}


def test_each_sound_starts_and_ends_on_silence(sounds):
    """An envelope at both ends: a jump from or to silence would be heard as a click."""
    for name in NAMES:
        for snd in sounds._bank[name]:
            left = _frames(snd)[0]
            assert abs(left[0]) < 0.001 * FULL_SCALE and left[-1] == 0, name
            assert max(map(abs, _edge(left))) < 0.01 * FULL_SCALE, (name, _edge(left))


def test_stereo_sounds_carry_the_same_wave_in_both_channels(sounds):
    assert pygame.mixer.get_init()[2] == 2
    for name in NAMES:
        left, right = _frames(sounds._bank[name][0])
        assert left == right and any(left)


def test_a_mono_mixer_gets_mono_sounds_of_the_same_length():
    pygame.mixer.init(frequency=44100, size=-16, channels=1)
    mono = Sounds()
    assert mono.available
    for name in NAMES:
        snd = mono._bank[name][0]
        (samples,) = _frames(snd)
        assert len(snd.get_raw()) == 2 * len(samples)
        assert LENGTHS[name][0] <= snd.get_length() <= LENGTHS[name][1]
        assert 0.7 * FULL_SCALE < max(map(abs, samples)) < 0.9 * FULL_SCALE


@pytest.mark.parametrize("frequency", [22050, 48000, 96000])
def test_other_mixer_rates_get_sounds_of_the_same_duration(frequency):
    pygame.mixer.init(frequency=frequency, size=-16, channels=2)
    assert pygame.mixer.get_init()[0] == frequency
    other = Sounds()
    assert other.available
    for name in NAMES:
        for snd in other._bank[name]:
            assert LENGTHS[name][0] <= snd.get_length() <= LENGTHS[name][1], (frequency, name)
        left = _frames(other._bank[name][0])[0]
        assert max(map(abs, _edge(left))) < 0.01 * FULL_SCALE, (frequency, name)


@pytest.mark.parametrize("size, code, centre", [(8, "B", 128), (16, "H", 32768), (-8, "b", 0)])
def test_other_sample_formats_are_filled_in_that_format(size, code, centre):
    pygame.mixer.init(frequency=44100, size=size, channels=2)
    assert pygame.mixer.get_init()[1] == size
    other = Sounds()
    assert other.available
    full = 127 if code in "bB" else FULL_SCALE
    samples = array(code)
    samples.frombytes(other._bank["score"][0].get_raw())
    swing = [abs(s - centre) for s in samples]
    assert 0.7 * full < max(swing) < 0.9 * full
    assert max(_edge(swing)) <= max(1, 0.01 * full)


def test_a_float_mixer_gets_float_samples():
    pygame.mixer.init(frequency=44100, size=32, channels=2)
    other = Sounds()
    assert other.available
    samples = array("f")
    samples.frombytes(other._bank["win"][0].get_raw())
    assert 0.7 < max(map(abs, samples)) < 0.9


def test_encode_matches_plain_rounding_in_every_integer_format():
    rng = random.Random(7)
    wave = [rng.uniform(-1.0, 1.0) for _ in range(500)] + [1.0, -1.0, 0.0]
    formats = ((-16, "h", 32767, 0), (16, "H", 32767, 32768), (-8, "b", 127, 0), (8, "B", 127, 128))
    for size, code, full, offset in formats:
        expected = [round(x * full * make_sounds.PEAK + offset) for x in wave]
        for channels in (1, 2):
            got = array(code)
            got.frombytes(make_sounds.encode(wave, size, channels))
            for c in range(channels):
                assert list(got[c::channels]) == expected, (size, channels)


def test_clacks_are_several_different_takes_of_a_short_knock(sounds):
    takes = sounds._bank["clack"]
    assert 3 <= len(takes) <= 4
    assert len({t.get_raw() for t in takes}) == len(takes)


def test_the_shipped_files_are_exactly_what_the_generator_makes_and_it_leaves_random_alone():
    random.seed(99)
    expected = random.random()
    random.seed(99)
    made = make_sounds.make_files()
    shipped = {path.name: path.read_bytes() for path in (ROOT / "assets" / "sounds").glob("*.wav")}
    assert made == shipped  # run packaging/make_sounds.py after changing a sound
    assert random.random() == expected


def test_the_synthesis_is_repeatable():
    assert make_sounds.build_waves(22050) == make_sounds.build_waves(22050)


# --- playing ----------------------------------------------------------------------------------------


def test_play_starts_the_sound_on_a_channel_at_the_given_strength(sounds):
    pygame.mixer.stop()
    sounds.play("win", 0.5)
    assert pygame.mixer.get_busy()
    playing = [pygame.mixer.Channel(i) for i in range(pygame.mixer.get_num_channels())]
    playing = [ch for ch in playing if ch.get_sound() is not None]
    assert [ch.get_sound() for ch in playing] == [sounds._bank["win"][0]]
    assert playing[0].get_volume() == pytest.approx(0.5, abs=0.01)


def test_each_play_sets_its_own_strength_clamped_to_0_1(sounds, monkeypatch):
    channel = _Recorder()
    monkeypatch.setattr(pygame.mixer, "find_channel", lambda force=False: channel)
    for strength in (1.0, 0.25, 3.0, -1.0, float("nan"), 0.6):
        sounds.play("score", strength)
    # Strength 0 (and the nonsense that clamps to it) plays nothing at all.
    assert [volume for _, volume in channel.plays] == [1.0, 0.25, 1.0, 0.6]
    assert all(snd is sounds._bank["score"][0] for snd, _ in channel.plays)


def test_repeated_clacks_never_play_the_same_take_twice_running(sounds, monkeypatch):
    channel = _Recorder()
    monkeypatch.setattr(pygame.mixer, "find_channel", lambda force=False: channel)
    for _ in range(40):
        sounds.play("clack")
    played = [snd for snd, _ in channel.plays]
    assert len(played) == 40
    assert all(a is not b for a, b in zip(played, played[1:]))
    assert len({id(snd) for snd in played}) >= 3


@pytest.mark.parametrize("name", ["nope", "", "Clack", None, 3, ["click"]])
def test_unknown_names_are_ignored(sounds, name):
    pygame.mixer.stop()
    sounds.play(name)
    assert not pygame.mixer.get_busy()


def test_disabled_sound_plays_nothing_until_enabled_again():
    quiet = Sounds(enabled=False)
    assert quiet.available
    pygame.mixer.stop()
    for name in NAMES:
        quiet.play(name)
    assert not pygame.mixer.get_busy()
    quiet.configure(True, 0.7)
    quiet.play("win")
    assert pygame.mixer.get_busy()


def test_configure_sets_every_sounds_volume_and_turning_off_stops_playback(sounds):
    sounds.configure(True, 0.5)
    for name in NAMES:
        for snd in sounds._bank[name]:
            assert snd.get_volume() == pytest.approx(0.5 * sound.LEVELS[name], abs=0.01)
    sounds.configure(True, 7.0)
    assert sounds._bank["clack"][0].get_volume() == pytest.approx(sound.LEVELS["clack"], abs=0.01)
    sounds.play("win")
    assert pygame.mixer.get_busy()
    sounds.configure(False, 0.5)
    assert not pygame.mixer.get_busy()


def test_volume_zero_plays_nothing(sounds):
    sounds.configure(True, 0.0)
    pygame.mixer.stop()
    sounds.play("win")
    assert not pygame.mixer.get_busy()


# --- no audio ---------------------------------------------------------------------------------------


def _exercise(silent: Sounds) -> None:
    for name in NAMES + ("nope",):
        silent.play(name)
        silent.play(name, 0.3)
    silent.configure(False, 0.2)
    silent.configure(True, 1.0)
    silent.play("clack")


@pytest.mark.parametrize("error", [pygame.error("No available audio device"), OSError("no sound card")])
def test_without_an_audio_device_sounds_are_silent_and_harmless(monkeypatch, error):
    monkeypatch.setattr(pygame.mixer, "init", _raise(error))
    silent = Sounds()
    assert silent.available is False
    assert silent.names == NAMES
    assert pygame.mixer.get_init() is None
    _exercise(silent)
    assert silent.available is False


def test_a_mixer_failing_after_it_opened_is_shut_again_and_silent(monkeypatch):
    monkeypatch.setattr(pygame.mixer, "Sound", _raise(pygame.error("out of memory")))
    silent = Sounds()
    assert silent.available is False
    assert pygame.mixer.get_init() is None  # it opened the mixer, so it closed it again
    _exercise(silent)


def test_a_mixer_the_game_opened_stays_open_when_building_fails(monkeypatch):
    pygame.mixer.init()
    monkeypatch.setattr(pygame.mixer, "Sound", _raise(pygame.error("out of memory")))
    silent = Sounds()
    assert silent.available is False
    assert pygame.mixer.get_init() is not None


def test_a_missing_sound_file_leaves_it_silent(monkeypatch, tmp_path):
    monkeypatch.setattr(sound, "asset", lambda *parts: tmp_path.joinpath(*parts))
    silent = Sounds()
    assert silent.available is False
    _exercise(silent)


def test_a_mixer_shut_down_later_does_not_make_it_raise(sounds):
    assert sounds.available
    pygame.mixer.quit()
    _exercise(sounds)


def _imports(path: Path) -> set[str]:
    imported = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            imported |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            imported.add((node.module or "").split(".")[0])
    return imported


def test_the_game_loads_sounds_and_synthesises_nothing_at_start_up():
    assert _imports(Path(sound.__file__)) <= {"__future__", "math", "random", "pygame", "game"}
    assert not hasattr(sound, "build_waves") and not hasattr(sound, "encode")


def test_the_generator_uses_only_the_standard_library():
    """No numpy and no recordings: every wave is made from array, math and random."""
    allowed = {"__future__", "array", "cmath", "functools", "io", "itertools", "math", "operator", "pathlib",
               "random", "sys", "wave"}
    assert _imports(ROOT / "packaging" / "make_sounds.py") <= allowed
