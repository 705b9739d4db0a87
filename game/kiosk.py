"""Kiosk settings: what a café's or museum's touch screen offers, read from ``kiosk.yaml``.

The file lives in the user's config folder; every field has a default, so
an operator writes only what differs. It is validated like a variant: a
mistake gives one line ``FILE:LINE: field: what is wrong`` and the kiosk
runs on the defaults meanwhile (it never stops the screen).

    variants: [classic, yatzy, jackpot]   # the games offered
    seats: {min: 1, max: 4}               # players per game
    idle:
      game_seconds: 90                    # no touch in a game: "Still playing?"
      countdown_seconds: 15               # then back to the title, the game dropped
      title_seconds: 60                   # no touch on the title: the attract mode plays
    admin_pin: "2468"                     # after a 3 s press in the top-left corner
    show_cursor: false
    attract_variants: [classic, jackpot]  # what the attract mode plays, in turn
    language: en
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .errors import VariantError
from .paths import user_config_dir
from .schema import Fields
from .yamlsource import load_file

KIOSK_FILE = "kiosk.yaml"
LANGUAGES = ("en",)


@dataclass(frozen=True)
class KioskConfig:
    variants: tuple[str, ...] = ("classic", "official", "yatzy", "jackpot")
    min_seats: int = 1
    max_seats: int = 4
    game_idle: float = 90.0
    countdown: float = 15.0
    title_idle: float = 60.0
    admin_pin: str = "2468"
    show_cursor: bool = False
    attract_variants: tuple[str, ...] = ("classic", "jackpot")
    language: str = "en"


def kiosk_path() -> Path:
    return user_config_dir() / KIOSK_FILE


def _names(fields: Fields, key: str, known: list[str], default: tuple[str, ...]) -> tuple[str, ...]:
    if not fields.has(key):
        return tuple(v for v in default if v in known) or tuple(known[:1])
    value = fields.get(key, list)
    if not value:
        raise fields.fail(key, "must name at least one variant")
    for name in value:
        if not isinstance(name, str) or name not in known:
            raise fields.fail(key, f"unknown variant {name!r} (known: {', '.join(known)})")
    return tuple(value)


def parse_kiosk(data, file: str, known_variants: list[str]) -> KioskConfig:
    if data is None:
        return KioskConfig()
    d = KioskConfig()
    top = Fields(file, "", data, getattr(data, "line", 1),
                 {"variants", "seats", "idle", "admin_pin", "show_cursor", "attract_variants", "language"})
    variants = _names(top, "variants", known_variants, d.variants)
    attract = _names(top, "attract_variants", known_variants, d.attract_variants)
    seats = top.sub("seats", {"min", "max"}, None)
    low = seats.integer("min", d.min_seats, low=1, high=6) if seats else d.min_seats
    high = seats.integer("max", d.max_seats, low=1, high=6) if seats else d.max_seats
    if high < low:
        raise seats.fail("max", f"must be at least min ({low}), got {high}")
    idle = top.sub("idle", {"game_seconds", "countdown_seconds", "title_seconds"}, None)
    game = idle.integer("game_seconds", int(d.game_idle), low=10, high=3600) if idle else d.game_idle
    countdown = idle.integer("countdown_seconds", int(d.countdown), low=3, high=300) if idle else d.countdown
    title = idle.integer("title_seconds", int(d.title_idle), low=5, high=3600) if idle else d.title_idle
    pin = top.get("admin_pin", (str, int), d.admin_pin)
    pin = str(pin)
    if not pin.isdigit() or not 4 <= len(pin) <= 8:
        raise top.fail("admin_pin", "must be 4 to 8 digits (write it in quotes: \"2468\")")
    return KioskConfig(variants, low, high, float(game), float(countdown), float(title), pin,
                       top.get("show_cursor", bool, d.show_cursor), attract,
                       top.choice("language", LANGUAGES, d.language))


def load_kiosk(known_variants: list[str], path: Path | None = None) -> tuple[KioskConfig, str | None]:
    """The kiosk's settings and, when the file has a mistake, its one-line message (defaults apply)."""
    path = path or kiosk_path()
    if not path.exists():
        return KioskConfig(), None
    try:
        return parse_kiosk(load_file(path), str(path), known_variants), None
    except VariantError as error:
        return KioskConfig(), f"{error} (running on the defaults)"
