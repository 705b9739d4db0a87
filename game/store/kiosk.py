"""Kiosk settings: what a café's or museum's touch screen offers, read from ``kiosk.yaml``.

The file lives in the user's config folder; every field has a default, so
an operator writes only what differs:

    variants: [classic, yatzy, jackpot]   # the games offered
    seats: {min: 1, max: 4}               # players per game
    idle:
      game_seconds: 90                    # no touch in a game: "Still playing?"
      countdown_seconds: 15               # then back to the title, the game dropped
      title_seconds: 60                   # no touch on the title: the attract mode plays
    admin_pin: "583920"                   # after a 3 s press in the screen's top-left corner
    show_cursor: false
    attract_variants: [classic, jackpot]  # what the attract mode plays, in turn
    language: en                          # any language of assets/strings/

A mistake in one field costs only that field: it falls back to its default
and its one-line message (``FILE:LINE: field: what is wrong``) goes to the
log and the admin panel, never to the customers' screen.

There is no built-in PIN: a file without ``admin_pin`` gets a random one
written into it at the kiosk's first start (:func:`provide_pin`), and a
broken PIN (or a file that is not YAML at all) keeps the admin panel shut.
"""

from __future__ import annotations

import hmac
import json
import secrets
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable

from game.errors import VariantError, shown
from game.rules.i18n import languages
from game.paths import user_config_dir, user_state_dir
from game.rules.schema import Fields, describe
from game.store.storage import read_json, write_atomic
from game.rules.yamlsource import load_file, load_text

KIOSK_FILE = "kiosk.yaml"
LOCK_FILE = "kiosk-lock.json"
PIN_DIGITS = 6  # of a PIN the kiosk makes itself
PIN_TRIES = 3
LOCK_SECONDS = 60.0
ADMIN_QUIT_STATUS = 3  # "Quit to desktop": the systemd unit's RestartPreventExitStatus, so it stays quit
_KEYS = {"variants", "seats", "idle", "admin_pin", "show_cursor", "attract_variants", "language"}


@dataclass(frozen=True)
class KioskConfig:
    variants: tuple[str, ...] = ("classic", "official", "yatzy", "jackpot")
    min_seats: int = 1
    max_seats: int = 4
    game_idle: float = 90.0
    countdown: float = 15.0
    title_idle: float = 60.0
    admin_pin: str | None = None  # None: the admin panel stays shut (no PIN, or a broken one)
    show_cursor: bool = False
    attract_variants: tuple[str, ...] = ("classic", "jackpot")
    language: str = "en"
    problems: tuple[str, ...] = field(default=(), compare=False)  # one line per mistake, for the log and admin

    def pin_matches(self, pin: str) -> bool:
        """Constant-time, so the time a refusal takes tells nothing about the digits."""
        return self.admin_pin is not None and hmac.compare_digest(pin.encode(), self.admin_pin.encode())


def kiosk_path() -> Path:
    return user_config_dir() / KIOSK_FILE


def pin_problem(value: Any) -> str | None:
    """What is wrong with an ``admin_pin`` value, or None."""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        return "must be 4 to 8 digits in quotes (\"583920\"); the admin panel stays shut"
    text = str(value)
    if not (text.isascii() and text.isdigit() and 4 <= len(text) <= 8):
        return "must be 4 to 8 digits in quotes (\"583920\"); the admin panel stays shut"
    if isinstance(value, int):  # YAML reads 0123 as octal and drops leading zeros: the PIN would not be what it says
        return "write the PIN in quotes (\"583920\"): unquoted digits may change; the admin panel stays shut"
    return None


def _names(fields: Fields, key: str, known: list[str]) -> tuple[str, ...]:
    value = fields.get(key, list)
    if not value:
        raise fields.fail(key, "must name at least one variant")
    for name in value:
        if not isinstance(name, str) or name not in known:
            said = shown(name) if isinstance(name, str) else describe(name)
            raise fields.fail(key, f"unknown variant {said} (known: {', '.join(known)})")
    return tuple(value)


def _seats(fields: Fields, default: KioskConfig) -> tuple[int, int]:
    seats = fields.sub("seats", {"min", "max"})
    low = seats.integer("min", default.min_seats, low=1, high=6)
    high = seats.integer("max", default.max_seats, low=1, high=6)
    if high < low:
        raise seats.fail("max", f"must be at least min ({low}), got {high}")
    return low, high


def _idle(fields: Fields, default: KioskConfig) -> tuple[float, float, float]:
    idle = fields.sub("idle", {"game_seconds", "countdown_seconds", "title_seconds"})
    return (float(idle.integer("game_seconds", int(default.game_idle), low=10, high=3600)),
            float(idle.integer("countdown_seconds", int(default.countdown), low=3, high=300)),
            float(idle.integer("title_seconds", int(default.title_idle), low=5, high=3600)))


def parse_kiosk(data: Any, file: str, known_variants: list[str]) -> KioskConfig:
    """Every field that is right applies; each one that is wrong keeps its default and adds a problem."""
    d = KioskConfig()
    if data is None:
        return d
    problems: list[str] = []
    try:
        top = Fields(file, "", data, getattr(data, "line", 1))
    except VariantError as error:
        return KioskConfig(problems=(f"{error} (the admin panel stays shut)",))
    for key in top.data:
        if key not in _KEYS:
            problems.append(str(top.fail(str(key), f"unknown key (known keys: {', '.join(sorted(_KEYS))})")))
    known = list(known_variants)

    def read(key: str, reader: Callable[[], Any], fallback: Any) -> Any:
        if not top.has(key):
            return fallback
        try:
            return reader()
        except VariantError as error:
            problems.append(f"{error} (default used)")
            return fallback

    variants = read("variants", lambda: _names(top, "variants", known), None)
    attract = read("attract_variants", lambda: _names(top, "attract_variants", known), None)
    low, high = read("seats", lambda: _seats(top, d), (d.min_seats, d.max_seats))
    game, countdown, title = read("idle", lambda: _idle(top, d), (d.game_idle, d.countdown, d.title_idle))
    cursor = read("show_cursor", lambda: top.get("show_cursor", bool), d.show_cursor)
    language = read("language", lambda: top.choice("language", tuple(languages())), d.language)
    pin = None
    if top.has("admin_pin"):
        problem = pin_problem(top.data["admin_pin"])
        if problem:
            problems.append(str(top.fail("admin_pin", problem)))
        else:
            pin = top.data["admin_pin"]
    return KioskConfig(variants or _known(d.variants, known), low, high, game, countdown, title, pin, cursor,
                       attract or _known(d.attract_variants, known), language, tuple(problems))


def _known(default: tuple[str, ...], known: list[str]) -> tuple[str, ...]:
    return tuple(name for name in default if name in known) or tuple(known[:1])


def load_kiosk(known_variants: list[str], path: Path | None = None) -> KioskConfig:
    """The kiosk's settings; mistakes are in ``problems`` (their fields use the defaults)."""
    path = path or kiosk_path()
    if not path.exists():
        return KioskConfig(variants=_known(KioskConfig.variants, known_variants),
                           attract_variants=_known(KioskConfig.attract_variants, known_variants))
    try:
        data = load_file(path)
        return parse_kiosk(data, str(path), known_variants)
    except VariantError as error:
        return KioskConfig(problems=(f"{error} (defaults used; the admin panel stays shut)",))
    except Exception as error:  # a public screen must start whatever the file holds; the value is not echoed
        refusal = VariantError(str(path), None, "file", f"could not be read ({type(error).__name__}); defaults "
                                                        "used, the admin panel stays shut")
        return KioskConfig(problems=(str(refusal),))


def provide_pin(config: KioskConfig, path: Path | None = None) -> tuple[KioskConfig, str | None]:
    """A kiosk with no ``admin_pin`` at all gets a random one, written into its kiosk.yaml (mode 0600).

    Returns the config to run with and a line for the log (where the PIN is, never its digits). A PIN
    that is present but broken is left to the operator: the panel stays shut until it is fixed.
    """
    path = path or kiosk_path()
    if config.admin_pin is not None or not _pin_absent(path):
        return config, None
    pin = f"{secrets.randbelow(10 ** PIN_DIGITS):0{PIN_DIGITS}d}"
    line = f'admin_pin: "{pin}"  # made at the first start; change it to any 4 to 8 digits\n'
    try:
        old = path.read_text(encoding="utf-8") if path.exists() else (
            "# Dice Parlor kiosk settings: see the README's kiosk section.\n")
        text = old + ("" if not old or old.endswith("\n") else "\n") + line
        data = load_text(text, str(path))
        if not isinstance(data, dict) or data.get("admin_pin") != pin:
            raise ValueError("the file's layout leaves no place for one more line")
        write_atomic(path, text, backup=False, mode=0o600)
    except (OSError, ValueError) as error:
        reason = getattr(error, "strerror", None) or error
        return config, f"kiosk: no admin PIN, and none could be added to {path}: {reason} (the admin panel stays shut)"
    return replace(config, admin_pin=pin), f"kiosk: a new admin PIN was written to {path}"


def _pin_absent(path: Path) -> bool:
    """True when the file reads as YAML and simply names no admin_pin (a broken file is not touched)."""
    try:
        data = load_file(path) if path.exists() else None
    except Exception:  # noqa: BLE001 (unreadable: never touched)
        return False
    return data is None or isinstance(data, dict) and "admin_pin" not in data


class PinLock:
    """Wrong PINs and the lockout they earn, kept on disk so a restart does not clear them.

    ``now`` is the caller's clock (seconds, any origin); the file holds wall-clock time.
    """

    def __init__(self, path: Path | None = None, wall: Callable[[], float] = time.time):
        self.path = path or user_state_dir() / LOCK_FILE
        self.wall = wall
        self.failed = 0
        self.locked_for = 0.0  # seconds still locked, as of the last look
        self._seen = 0.0  # the caller's clock at that look
        self.load()

    def load(self) -> None:
        try:
            data = read_json(self.path)
            failed, until = int(data["failed"]), float(data["locked_until"])
        except (OSError, ValueError, KeyError, TypeError):
            return  # no file, or a damaged one: nothing to hold against the next person
        self.failed = max(0, min(PIN_TRIES - 1, failed))
        self.locked_for = max(0.0, min(LOCK_SECONDS, until - self.wall()))

    def save(self) -> None:
        data = {"failed": self.failed, "locked_until": self.wall() + self.locked_for}
        try:
            write_atomic(self.path, json.dumps(data), backup=False)
        except OSError:
            pass  # the lock still holds in memory; only a restart would forget it

    def seconds_left(self, now: float) -> float:
        return max(0.0, self.locked_for - (now - self._seen))

    def refuse(self, now: float) -> bool:
        """Count a wrong PIN; True when it locks the pad."""
        self.locked_for, self._seen = self.seconds_left(now), now  # an expired lock is not saved as a new one
        self.failed += 1
        locked = self.failed >= PIN_TRIES
        if locked:
            self.failed, self.locked_for, self._seen = 0, LOCK_SECONDS, now
        self.save()
        return locked

    def clear(self) -> None:
        if self.failed or self.locked_for:
            self.failed, self.locked_for = 0, 0.0
            self.save()
