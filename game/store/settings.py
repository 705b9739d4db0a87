"""The player's settings, kept between runs in the user's config folder.

Plain data with defaults; a missing, damaged or hand-edited file never stops
the game: each field is checked for its type and range, and one that is wrong
falls back to its default alone, with one line for the log (``read_settings``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from game.errors import message, shown
from game.paths import unreadable, user_config_dir
from game.rules.i18n import languages
from game.store.storage import read_json, write_atomic

ANIMATION_SPEEDS = ("normal", "fast", "instant")
COMPUTER_PACES = ("relaxed", "quick", "instant")  # how fast computer players take their turns
TEXT_SIZES = ("normal", "large", "tv")  # tv: for a 1080p screen seen from a sofa (scenes.app)
MAX_COACHED = 32  # names kept in coach_for: the latest to switch the coach on
SPEECH_VERBOSITIES = ("brief", "normal", "full")  # game.speech.narrator
COACH_THRESHOLDS = (0, 0.5, 2, 5)  # the coach speaks of its own only when a move costs more (points; 0: always)


@dataclass
class Settings:
    sound: bool = True
    volume: float = 0.7
    animation: str = "normal"
    computer_pace: str = "relaxed"
    fullscreen: bool = False
    kiosk: bool = False  # start as a public touch screen (see kiosk.yaml)
    language: str = ""  # empty: follow the system's language
    text_size: str = "normal"
    walkthrough: bool = True  # offer the first-game walkthrough (turned off once seen or skipped)
    jackpot_walkthrough: bool = True  # the same for the first game of Jackpot, which plays differently
    speech: bool = False  # say the table aloud (game.speech), for players who cannot see it
    speech_verbosity: str = "normal"  # one of SPEECH_VERBOSITIES
    coach_threshold: float = 0  # one of COACH_THRESHOLDS: below it the coach's panel stays quiet unless asked
    window: list[int] = field(default_factory=list)  # where the window was left: x, y, width, height (scenes.window)
    coach_for: list[str] = field(default_factory=list)  # the people who left the coach on: on again at their next game

    def clean(self) -> Settings:
        """Each value that is not what its field takes becomes that field's default."""
        for key, (fits, _) in _FIELDS.items():
            if not fits(getattr(self, key)):
                setattr(self, key, getattr(Settings(), key))
        self.volume = float(self.volume)
        return self

    def keep_coach(self, name: str, on: bool) -> None:
        """Remember whether this person left the coach on (a new game, Play again included, starts it so)."""
        names = [other for other in self.coach_for if other != name]
        self.coach_for = (names + [name] if on else names)[-MAX_COACHED:]


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _one_of(choices: tuple[str, ...]) -> tuple[Callable[[Any], bool], str]:
    return (lambda value: isinstance(value, str) and value in choices), f"one of {', '.join(choices)}"


_TRUE_OR_FALSE = (lambda value: isinstance(value, bool)), "true or false"
# What each field takes, and how a log line says it: a value outside it falls back to the field's default.
_FIELDS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "sound": _TRUE_OR_FALSE,
    "volume": ((lambda value: isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 1),
               "a number from 0 to 1"),
    "animation": _one_of(ANIMATION_SPEEDS),
    "computer_pace": _one_of(COMPUTER_PACES),
    "fullscreen": _TRUE_OR_FALSE,
    "kiosk": _TRUE_OR_FALSE,
    "language": ((lambda value: value == "" or isinstance(value, str) and value in languages()),
                 "a language of assets/locale/, or \"\" for the system's"),
    "text_size": _one_of(TEXT_SIZES),
    "walkthrough": _TRUE_OR_FALSE,
    "jackpot_walkthrough": _TRUE_OR_FALSE,
    "speech": _TRUE_OR_FALSE,
    "speech_verbosity": _one_of(SPEECH_VERBOSITIES),
    "coach_threshold": ((lambda value: isinstance(value, (int, float)) and not isinstance(value, bool)
                         and value in COACH_THRESHOLDS), f"one of {', '.join(map(str, COACH_THRESHOLDS))}"),
    "coach_for": ((lambda value: isinstance(value, list) and len(value) <= MAX_COACHED
                   and all(isinstance(name, str) and len(name) <= 200 for name in value)),
                  f"a list of at most {MAX_COACHED} names"),
    "window": ((lambda value: value == [] or isinstance(value, list) and len(value) == 4
                and all(_whole(n) and abs(n) < 100_000 for n in value)), "four whole numbers: x, y, width, height"),
}


def settings_path() -> Path:
    return user_config_dir() / "settings.json"


def read_settings(path: Path | None = None) -> tuple[Settings, tuple[str, ...]]:
    """The settings, and one line for the log per field that was wrong (it keeps its default); a file that
    cannot be read at all gives the defaults and one line, a missing one the defaults alone."""
    path = path or settings_path()
    try:
        data = read_json(path)  # a huge file is not ours: the defaults
    except FileNotFoundError:
        return Settings(), ()
    except (OSError, ValueError) as error:
        return Settings(), (message(str(path), None, "file", f"could not be read ({unreadable(error)}); "
                                                               "the default settings"),)
    if not isinstance(data, dict):
        return Settings(), (message(str(path), None, "file", "not a mapping of settings; the default settings"),)
    settings, problems = Settings(), []
    for key, value in data.items():
        if key not in _FIELDS:
            continue  # a setting of another version: left alone
        fits, wanted = _FIELDS[key]
        if fits(value):
            setattr(settings, key, value)
        else:
            problems.append(message(str(path), None, key, f"{shown(value)} is not {wanted}; "
                                                          f"{shown(getattr(settings, key))} used"))
    return settings.clean(), tuple(problems)


def load_settings(path: Path | None = None) -> Settings:
    return read_settings(path)[0]


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Written to a temporary file first, so a crash never leaves half a file."""
    path = path or settings_path()
    try:
        write_atomic(path, json.dumps(asdict(settings), indent=2), backup=False)
    except OSError:
        pass  # settings are a comfort: failing to save them must not stop play
