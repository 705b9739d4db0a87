"""Without a sound card the game starts with nothing on stderr (ALSA's lines are dropped) and never hangs, and
where ALSA has a device the sounds still play.

Each runs in a process of its own, on SDL's ALSA driver: the tests' own processes use the dummy driver. "No
card" is ALSA asked for a card that no machine has, so the test means the same on one with a sound card.
"""

from __future__ import annotations

import ctypes.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux") or not ctypes.util.find_library("asound"),
                                reason="ALSA is Linux's, and here there is no libasound")


def _run(code_or_args: list[str], tmp_path: Path, **alsa: str) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items() if not key.startswith("ALSA")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="alsa", DICE_PARLOR_HOME=str(tmp_path / "home"),
               PYGAME_HIDE_SUPPORT_PROMPT="1", **alsa)
    return subprocess.run([sys.executable, *code_or_args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)


def test_without_a_sound_card_the_game_starts_with_nothing_on_stderr(tmp_path):
    plain = _run(["-c", "import pygame\ntry:\n    pygame.mixer.init()\nexcept pygame.error:\n    pass"], tmp_path,
                 ALSA_CARD="NoSuchCard")
    assert "ALSA lib" in plain.stderr, "ALSA said nothing without a card: this test would prove nothing"

    game = _run(["-m", "game", "--demo", "classic", "--exit-after", "1"], tmp_path, ALSA_CARD="NoSuchCard")
    assert game.returncode == 0, game.stderr
    assert game.stderr == ""


def test_without_a_sound_card_opening_the_sounds_again_and_again_never_hangs(tmp_path):
    """ALSA reports from SDL's hotplug thread while the mixer waits for it: a handler needing Python's lock hung
    one start in two, so ten in a row would hang."""
    again = "from scenes.ui.sound import Sounds\nprint(sum(Sounds().available for _ in range(10)))"
    opened = _run(["-c", again], tmp_path, ALSA_CARD="NoSuchCard")
    assert (opened.stdout.split(), opened.stderr) == (["0"], "")


def test_where_alsa_has_a_device_the_sounds_still_play(tmp_path):
    config = tmp_path / "asound.conf"
    config.write_text("pcm.!default { type null }\n", encoding="ascii")  # a device that takes every sound
    check = ("from scenes.ui.sound import Sounds\nimport pygame\nsounds = Sounds()\n"
             "print(sounds.available, pygame.mixer.get_init() is not None)")
    played = _run(["-c", check], tmp_path, ALSA_CONFIG_PATH=str(config))
    assert (played.stdout.split(), played.stderr) == (["True", "True"], "")
