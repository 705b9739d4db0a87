"""The player's settings, kept between runs in the user's config folder.

Plain data with defaults; a missing, damaged or hand-edited file never stops
the game: unknown or wrong values fall back to their defaults.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from game.rules.i18n import languages
from game.store.storage import read_json, write_atomic
from game.paths import user_config_dir

ANIMATION_SPEEDS = ("normal", "fast", "instant")
COMPUTER_PACES = ("relaxed", "quick", "instant")  # how fast computer players take their turns
TEXT_SIZES = ("normal", "large")


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
    window: list = field(default_factory=list)  # where the window was left: x, y, width, height (scenes.window)

    def clean(self) -> "Settings":
        """Values out of range become sensible ones."""
        self.sound = bool(self.sound)
        try:
            self.volume = min(1.0, max(0.0, float(self.volume)))
        except (TypeError, ValueError):
            self.volume = 0.7
        if self.animation not in ANIMATION_SPEEDS:
            self.animation = "normal"
        if self.computer_pace not in COMPUTER_PACES:
            self.computer_pace = "relaxed"
        self.fullscreen = bool(self.fullscreen)
        self.kiosk = bool(self.kiosk)
        if not isinstance(self.language, str) or self.language not in languages():
            self.language = ""
        if self.text_size not in TEXT_SIZES:
            self.text_size = "normal"
        self.walkthrough = bool(self.walkthrough)
        self.jackpot_walkthrough = bool(self.jackpot_walkthrough)
        if not (isinstance(self.window, list) and len(self.window) == 4
                and all(isinstance(n, int) and not isinstance(n, bool) and abs(n) < 100_000 for n in self.window)):
            self.window = []
        return self


def settings_path() -> Path:
    return user_config_dir() / "settings.json"


def load_settings(path: Path | None = None) -> Settings:
    path = path or settings_path()
    try:
        data = read_json(path)  # a huge file is not ours: the defaults
    except (OSError, ValueError):
        return Settings()
    if not isinstance(data, dict):
        return Settings()
    known = {f.name for f in fields(Settings)}
    settings = Settings()
    for key, value in data.items():
        if key in known and isinstance(value, type(getattr(settings, key))) or key == "volume":
            setattr(settings, key, value)
    return settings.clean()


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Written to a temporary file first, so a crash never leaves half a file."""
    path = path or settings_path()
    try:
        write_atomic(path, json.dumps(asdict(settings), indent=2), backup=False)
    except OSError:
        pass  # settings are a comfort: failing to save them must not stop play
