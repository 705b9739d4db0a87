"""The sounds: the shipped files are what packaging/make_sounds.py makes, each loads in any mixer's format,
clean at the edges, and there is never a crash without audio."""

from __future__ import annotations

import ast
import importlib.util
import inspect
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

NAMES = ("rattle", "clack", "hold", "score", "zero", "bonus", "fanfare", "click", "turn", "win",
         "hit_felt", "hit_rail", "hit_die", "cup", "release")
LOOPS = ("cup",)  # played round and round: they join end to start instead of starting from silence

# Intended length of each sound in seconds, from the sound design (not from the implementation).
LENGTHS = {
    "rattle": (0.30, 0.45),
    "clack": (0.040, 0.070),
    "hold": (0.010, 0.080),
    "release": (0.010, 0.080),  # the hold's click, lower: as short
    "score": (0.50, 0.75),
    "zero": (0.15, 0.50),
    "bonus": (0.40, 1.00),
    "fanfare": (1.00, 1.40),
    "click": (0.005, 0.040),
    "turn": (0.30, 0.80),
    "win": (1.30, 1.80),
    "hit_felt": (0.040, 0.070),
    "hit_rail": (0.090, 0.160),
    "hit_die": (0.020, 0.045),
    "cup": (0.80, 1.20),
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
    """Stands in for a mixer channel: remembers what it was asked to play, at which volume. What it plays
    goes on until the test says it ended (``busy``): time stands still."""

    def __init__(self):
        self.plays = []
        self.volume = None
        self.busy = False
        self.loops = None
        self.faded = None

    def set_volume(self, volume, *_):
        self.volume = volume

    def get_volume(self):
        return self.volume

    def get_busy(self):
        return self.busy

    def play(self, snd, loops=0, *_, **__):
        self.plays.append((snd, self.volume))
        self.busy, self.loops, self.faded = True, loops, None

    def fadeout(self, ms):
        self.faded = ms


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
    for name in set(NAMES) - set(LOOPS):
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
            assert snd.get_volume() == pytest.approx(0.5 * sound.LEVELS[name] * sounds.mix, abs=0.01)
    sounds.configure(True, 7.0)
    assert sounds._bank["clack"][0].get_volume() == pytest.approx(sound.LEVELS["clack"] * sounds.mix, abs=0.01)
    sounds.play("win")
    assert pygame.mixer.get_busy()
    sounds.configure(False, 0.5)
    assert not pygame.mixer.get_busy()


def test_volume_zero_plays_nothing(sounds):
    sounds.configure(True, 0.0)
    pygame.mixer.stop()
    sounds.play("win")
    assert not pygame.mixer.get_busy()


# --- the dice's impacts ------------------------------------------------------------------------------

MATERIALS = {"felt": "hit_felt", "rail": "hit_rail", "die": "hit_die"}


def _channels(monkeypatch) -> dict:
    """Every mixer channel, by number, replaced by a recorder; the other sounds' channel under "other"."""
    channels: dict = {}
    monkeypatch.setattr(pygame.mixer, "Channel", lambda index: channels.setdefault(index, _Recorder()))
    monkeypatch.setattr(pygame.mixer, "find_channel", lambda force=False: channels.setdefault("other", _Recorder()))
    return channels


def _hits_sounding(sounds, channels) -> list[tuple[str, float]]:
    """(sound name, volume) of every impact still sounding, by channel number."""
    names = {id(snd): name for name in MATERIALS.values() for snd in sounds._bank[name]}
    names |= {id(late): names[take] for take, copies in sounds._late.items() for late in copies}  # staggered
    return [(names[id(ch.plays[-1][0])], ch.volume) for _, ch in sorted(channels.items(), key=str)
            if ch.busy and ch.plays and id(ch.plays[-1][0]) in names]


def _strengths(hits, candidates) -> list[float]:
    """Which of ``candidates`` each hit was played at (a hit's volume is its strength, less up to a tenth)."""
    return sorted(next(c for c in candidates if 0.9 * c - 1e-9 <= volume <= c + 1e-9) for _, volume in hits)


def test_each_material_plays_its_own_sound(sounds, monkeypatch):
    for material, name in MATERIALS.items():
        channels = _channels(monkeypatch)
        sounds.play_hit(material, 0.8)
        assert [hit for hit, _ in _hits_sounding(sounds, channels)] == [name]
        assert "other" not in channels  # impacts never take the other sounds' channels


def _brightness(snd) -> float:
    """The wave's RMS frequency in Hz: how fast it swings, weighted by where its energy is."""
    left = _frames(snd)[0]
    energy = sum(x * x for x in left)
    swing = sum((b - a) ** 2 for a, b in zip(left, left[1:]))
    return (swing / energy) ** 0.5 * pygame.mixer.get_init()[0] / (2 * 3.141592653589793)


def _ring_time(snd) -> float:
    """Seconds until nine tenths of the sound's energy has been heard."""
    left = _frames(snd)[0]
    total, heard = sum(x * x for x in left), 0
    for k, x in enumerate(left):
        heard += x * x
        if heard >= 0.9 * total:
            return k / pygame.mixer.get_init()[0]
    return len(left) / pygame.mixer.get_init()[0]


def test_felt_thuds_dull_the_rail_knocks_longest_and_dice_click_brightest(sounds):
    bright = {m: [_brightness(snd) for snd in sounds._bank[name]] for m, name in MATERIALS.items()}
    ring = {m: [_ring_time(snd) for snd in sounds._bank[name]] for m, name in MATERIALS.items()}
    assert max(bright["felt"]) < min(bright["rail"])
    assert min(bright["die"]) > 3 * max(bright["rail"])
    assert min(ring["rail"]) > 2 * max(ring["felt"] + ring["die"])
    assert max(ring["die"]) < 0.006  # a click, over at once


def test_each_material_has_several_different_takes(sounds):
    for name in MATERIALS.values():
        takes = sounds._bank[name]
        assert len(takes) >= 3 and len({t.get_raw() for t in takes}) == len(takes), name


def test_a_hits_loudness_follows_its_strength(sounds, monkeypatch):
    volumes = []
    for strength in (0.1, 0.3, 0.5, 0.7, 1.0):
        channels = _channels(monkeypatch)
        sounds.play_hit("rail", strength)
        ((_, volume),) = _hits_sounding(sounds, channels)
        assert 0.9 * strength <= volume <= strength
        volumes.append(volume)
    assert volumes == sorted(volumes)


def test_repeated_hits_never_play_the_same_take_twice_running(sounds, monkeypatch):
    channels = _channels(monkeypatch)
    played = []
    for _ in range(30):
        sounds.play_hit("die", 0.6)
        played += [ch.plays[-1][0] for ch in channels.values() if ch.busy]
        for ch in channels.values():
            ch.busy = False  # each hit over before the next
    assert len(played) == 30
    assert all(a is not b for a, b in zip(played, played[1:]))
    assert len({id(snd) for snd in played}) >= 3


def test_many_hits_in_one_frame_keep_only_the_three_hardest(sounds, monkeypatch):
    channels = _channels(monkeypatch)
    strengths = [0.2, 0.9, 0.35, 0.5, 0.1, 0.7, 0.3, 0.6, 0.25, 0.45, 0.15, 0.8, 0.4, 0.55]
    for k, strength in enumerate(strengths):
        sounds.play_hit(("felt", "rail", "die")[k % 3], strength)
    hits = _hits_sounding(sounds, channels)
    assert sound.HIT_VOICES == 3 and len(hits) == 3
    assert _strengths(hits, strengths) == [0.7, 0.8, 0.9]


def test_a_harder_hit_replaces_the_softest_a_softer_one_is_dropped_and_an_ended_one_frees_its_place(
        sounds, monkeypatch):
    channels = _channels(monkeypatch)
    for strength in (0.5, 0.8, 0.6):
        sounds.play_hit("die", strength)
    sounds.play_hit("felt", 0.3)
    assert [name for name, _ in _hits_sounding(sounds, channels)] == ["hit_die"] * 3  # dropped
    sounds.play_hit("rail", 0.9)
    hits = _hits_sounding(sounds, channels)
    assert sorted(name for name, _ in hits) == ["hit_die", "hit_die", "hit_rail"]
    assert _strengths(hits, (0.5, 0.6, 0.8, 0.9)) == [0.6, 0.8, 0.9]
    ended = next(ch for ch in channels.values() if ch.busy and 0.72 <= ch.volume <= 0.8)
    ended.busy = False
    sounds.play_hit("felt", 0.2)
    assert _strengths(_hits_sounding(sounds, channels), (0.2, 0.6, 0.9)) == [0.2, 0.6, 0.9]


@pytest.mark.parametrize("material, strength", [("felt", 0.02), ("felt", 0.0), ("felt", float("nan")),
                                                ("wood", 1.0), ("", 1.0), (None, 1.0), ("Felt", 1.0), (3, 1.0)])
def test_faint_hits_and_unknown_materials_play_nothing(sounds, monkeypatch, material, strength):
    channels = _channels(monkeypatch)
    sounds.play_hit(material, strength)
    assert not any(ch.plays for ch in channels.values())


def test_in_a_real_mixer_no_more_than_three_hits_sound_at_once_and_other_sounds_keep_their_channels(sounds):
    pygame.mixer.stop()
    sounds.play("win")
    for k in range(20):
        sounds.play_hit(("felt", "rail", "die")[k % 3], 0.3 + 0.03 * k)
    hit_sounds = [snd for name in MATERIALS.values() for snd in sounds._bank[name]]
    hit_sounds += [late for copies in sounds._late.values() for late in copies]
    channels = [pygame.mixer.Channel(i) for i in range(pygame.mixer.get_num_channels())]
    sounding = [ch for ch in channels if ch.get_busy() and ch.get_sound() in hit_sounds]
    assert 1 <= len(sounding) <= sound.HIT_VOICES
    assert any(ch.get_sound() == sounds._bank["win"][0] for ch in channels if ch.get_busy())


def test_disabled_or_silenced_sound_plays_no_hits(monkeypatch):
    quiet = Sounds(enabled=False)
    channels = _channels(monkeypatch)
    quiet.play_hit("die", 1.0)
    quiet.configure(True, 0.0)
    quiet.play_hit("die", 1.0)
    assert not any(ch.plays for ch in channels.values())


# --- the cup's rattle ------------------------------------------------------------------------------


def _rattle_channel(sounds, channels) -> _Recorder:
    (rattle,) = [ch for ch in channels.values() if ch.plays and ch.plays[-1][0] is sounds._bank["cup"][0]]
    return rattle


def test_the_rattle_loops_at_the_loudness_set_each_frame_until_it_fades_out(sounds, monkeypatch):
    channels = _channels(monkeypatch)
    sounds.start_rattle()
    rattle = _rattle_channel(sounds, channels)
    assert rattle.loops == -1 and rattle.volume == 0.0
    for loudness in (0.1, 0.35, 0.6, 0.9, 1.0, 4.0):
        sounds.set_rattle(loudness)
        assert rattle.volume == min(loudness, 1.0)
    sounds.start_rattle(0.8)  # already rattling: the loop goes on, only louder or softer
    assert len(rattle.plays) == 1 and rattle.volume == 0.8 and rattle.faded is None
    sounds.stop_rattle()
    assert rattle.faded == sound.RATTLE_FADE_MS and 0 < rattle.faded <= 200
    sounds.set_rattle(1.0)  # a late frame's loudness does not bring it back
    assert rattle.volume == 0.8
    sounds.start_rattle(0.2)  # the next shake starts it again
    assert len(rattle.plays) == 2 and rattle.volume == 0.2 and rattle.faded is None


def test_hits_never_take_the_rattles_channel(sounds, monkeypatch):
    channels = _channels(monkeypatch)
    sounds.start_rattle(0.5)
    rattle = _rattle_channel(sounds, channels)
    for k in range(12):
        sounds.play_hit("die", 0.1 * (k % 10) + 0.05)
    assert len(rattle.plays) == 1 and rattle.busy


def test_in_a_real_mixer_the_rattle_plays_at_the_set_loudness_and_turning_sound_off_stops_it(sounds):
    pygame.mixer.stop()
    sounds.start_rattle(0.3)
    channels = [pygame.mixer.Channel(i) for i in range(pygame.mixer.get_num_channels())]
    (rattle,) = [ch for ch in channels if ch.get_busy()]
    assert rattle.get_sound() == sounds._bank["cup"][0]
    assert rattle.get_volume() == pytest.approx(0.3, abs=0.01)
    sounds.set_rattle(0.75)
    assert rattle.get_volume() == pytest.approx(0.75, abs=0.01)
    sounds.configure(False, 0.7)
    assert not rattle.get_busy()
    sounds.set_rattle(1.0)
    sounds.configure(True, 0.7)
    assert not rattle.get_busy()  # stopped stays stopped until the next shake


def test_a_disabled_rattle_does_not_start(monkeypatch):
    quiet = Sounds(enabled=False)
    channels = _channels(monkeypatch)
    quiet.start_rattle(1.0)
    quiet.set_rattle(1.0)
    quiet.stop_rattle()
    assert not any(ch.plays for ch in channels.values())


def test_the_cups_rattle_joins_end_to_start_without_a_click(sounds):
    for name in LOOPS:
        left = _frames(sounds._bank[name][0])[0]
        steps = sorted(abs(b - a) for a, b in zip(left, left[1:]))
        # The jump from the last sample back to the first is no bigger than most steps inside the loop,
        # and the loop begins quietly, so starting it is no click either.
        assert abs(left[0] - left[-1]) <= steps[len(steps) * 9 // 10], name
        assert abs(left[0]) < 0.01 * FULL_SCALE, name


# --- no audio ---------------------------------------------------------------------------------------


def _exercise(silent: Sounds) -> None:
    for name in NAMES + ("nope",):
        silent.play(name)
        silent.play(name, 0.3)
    for material in ("felt", "rail", "die", "nope"):
        silent.play_hit(material, 0.7)
    silent.start_rattle()
    silent.set_rattle(0.5)
    silent.stop_rattle()
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


def test_the_silent_stand_in_answers_every_call_sounds_does(monkeypatch):
    public = {name for name in vars(Sounds) if not name.startswith("_") and callable(getattr(Sounds, name))}
    assert public >= {"play", "play_hit", "start_rattle", "set_rattle", "stop_rattle", "configure"}
    for name in public:
        assert inspect.signature(getattr(sound.Silent, name)) == inspect.signature(getattr(Sounds, name)), name
    monkeypatch.setattr(sound, "Sounds", _raise(RuntimeError("a bug in the sound code")))
    silent = sound.make_sounds(True, 0.7)
    assert isinstance(silent, sound.Silent) and silent.available is False
    _exercise(silent)


def _imports(path: Path) -> set[str]:
    imported = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            imported |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            imported.add((node.module or "").split(".")[0])
    return imported


def test_the_game_loads_sounds_and_synthesises_nothing_at_start_up():
    # array: to read the sounds' peaks (the mix's headroom); time: to tell impacts of one frame apart.
    assert _imports(Path(sound.__file__)) <= {"__future__", "array", "math", "random", "time", "pygame", "game",
                                              "scenes"}
    assert _imports(ROOT / "scenes" / "ui" / "alsa.py") <= {"__future__", "ctypes", "sys"}  # sound.py's only one
    assert not hasattr(sound, "build_waves") and not hasattr(sound, "encode")


def test_the_generator_uses_only_the_standard_library():
    """No numpy and no recordings: every wave is made from array, math and random."""
    allowed = {"__future__", "array", "cmath", "functools", "io", "itertools", "math", "operator", "pathlib",
               "random", "sys", "wave"}
    assert _imports(ROOT / "packaging" / "make_sounds.py") <= allowed


# --- the mix: headroom, and dice landing together ------------------------------------------------------


def _peak(snd) -> float:
    """The sound's highest sample, as a fraction of full scale (read back from the 16-bit mixer)."""
    samples = array("h")
    samples.frombytes(snd.get_raw())
    return max(max(samples), -min(samples)) / 32768


def _leading_silence_ms(snd) -> float:
    samples = array("h")
    samples.frombytes(snd.get_raw())
    _, _, channels = pygame.mixer.get_init()
    first = next(i for i, v in enumerate(samples) if v != 0)
    return first // channels / pygame.mixer.get_init()[0] * 1000


def test_the_busiest_moment_cannot_reach_full_scale(monkeypatch):
    """Six dice landing as hard as they can in one frame, the cup still rattling and the fanfare, all at full
    volume: the peaks of everything sounding, at the gains they play at, add up to less than full scale."""
    sounds = Sounds(volume=1.0)
    channels = _channels(monkeypatch)
    for k in range(6):
        sounds.play_hit(("felt", "rail", "die")[k % 3], 1.0)
    sounds.play_hit("felt", 1.0)  # a harder felt thud takes a voice too: the loudest impact there is
    sounds.play_hit("felt", 1.0)
    sounds.start_rattle(1.0)
    sounds.play("fanfare")
    sounding = [ch.plays[-1] for key, ch in channels.items() if key != "other" and ch.busy]
    sounding += channels["other"].plays
    assert len(sounding) == sound.HIT_VOICES + 2
    total = sum(_peak(snd) * snd.get_volume() * volume for snd, volume in sounding)
    assert total < 1.0


def test_the_fanfare_sits_above_a_die_landing(sounds):
    sounds.configure(True, 0.7)
    landing = max(_peak(snd) * snd.get_volume() for name in MATERIALS.values() for snd in sounds._bank[name])
    fanfare = _peak(sounds._bank["fanfare"][0]) * sounds._bank["fanfare"][0].get_volume()
    assert fanfare > 1.15 * landing


def test_dice_landing_in_one_frame_start_a_few_milliseconds_apart(sounds, monkeypatch):
    channels = _channels(monkeypatch)
    for material in ("felt", "die", "rail"):
        sounds.play_hit(material, 0.8)
    starts = sorted(_leading_silence_ms(ch.plays[-1][0]) for ch in channels.values() if ch.busy)
    assert len(starts) == 3
    gaps = [b - a for a, b in zip(starts, starts[1:])]
    assert all(sound.STAGGER_MS - 1.5 <= gap <= sound.STAGGER_MS + 1.5 for gap in gaps), starts
    assert starts[-1] < 20  # a clatter, not a delay anyone hears as late
