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
    gamepad: false                        # true: gamepads play too (they are ignored otherwise)
    attract: true                         # false: no attract mode, the title waits
    attract_variants: [classic, jackpot]  # what the attract mode plays, in turn
    daily: false                          # true: the title offers today's dice too
    language: en                          # any language of assets/locale/
    speech: false                         # true: the game is said aloud (F2 switches it for a visitor)

A mistake in one field costs only that field: it falls back to its default
and its one-line message (``FILE:LINE: field: what is wrong``) goes to the
log and the admin panel, never to the customers' screen.

A file that does not read as a whole (a tab in an indent, a missing ``}``,
a key given twice, a Latin-1 letter) is read a top-level setting at a time
(:func:`salvage`): only the broken settings keep their defaults.

There is no built-in PIN: a file without ``admin_pin`` gets a random one
written into it at the kiosk's first start (:func:`provide_pin`), and a
broken PIN (or a file that is not YAML at all) keeps the admin panel shut
until it is fixed; the PIN pad reads the file again at each try, so no
restart is needed. Wrong PINs lock the pad for 5 minutes at most
(``kiosk-lock.json`` in the state folder; ``dice-parlor kiosk-unlock``).
"""

from __future__ import annotations

import hmac
import json
import math
import re
import secrets
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from game.errors import VariantError, shown
from game.paths import user_config_dir, user_state_dir
from game.rules.i18n import languages
from game.rules.schema import Fields, describe
from game.rules.yamlsource import MAX_BYTES, LineDict, load_file, load_text
from game.store.storage import read_json, write_atomic

KIOSK_FILE = "kiosk.yaml"
LOCK_FILE = "kiosk-lock.json"
PIN_DIGITS = 6  # of a PIN the kiosk makes itself
PIN_SHORTEST, PIN_LONGEST = 6, 8  # 4 digits fall to a patient guesser in days, even with the lockout
PIN_TRIES = 3
LOCK_SECONDS = 60.0  # the first lockout; each further failed round doubles it, up to LOCK_LONGEST
# Five minutes at most: three guesses in five minutes still takes a guesser years for a 6-digit PIN, and a
# visitor who plays with the pad cannot lock the owner out for long (who also has `dice-parlor kiosk-unlock`).
LOCK_LONGEST = 300.0
ADMIN_QUIT_STATUS = 3  # "Quit to desktop": the systemd unit's RestartPreventExitStatus, so it stays quit
NO_SCREEN_STATUS = 4  # a kiosk with no screen to show on (no DISPLAY, no WAYLAND_DISPLAY): the unit tries again
_KEYS = {"variants", "seats", "idle", "admin_pin", "show_cursor", "gamepad", "attract", "attract_variants",
         "language", "speech", "daily"}


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
    pin_state: str = "missing"  # "set", "missing" (one is written at the first start) or "invalid" (panel shut)
    gamepad: bool = False  # gamepads play too; by default a kiosk ignores them (a pad left on the counter)
    attract: bool = True  # computer games on an idle title; False: the title waits
    speech: bool = False  # the table said aloud (game.speech), for visitors who cannot see it; F2 still switches
    daily: bool = False  # today's dice on the title (off by default: a public screen's visitors share its results)

    def pin_matches(self, pin: str) -> bool:
        """Constant-time, so the time a refusal takes tells nothing about the digits."""
        return self.admin_pin is not None and hmac.compare_digest(pin.encode(), self.admin_pin.encode())


def kiosk_path() -> Path:
    return user_config_dir() / KIOSK_FILE


def pin_problem(value: Any) -> str | None:
    """What is wrong with an ``admin_pin`` value, or None."""
    wanted = f"must be {PIN_SHORTEST} to {PIN_LONGEST} digits in quotes (\"583920\"); the admin panel stays shut"
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        return wanted
    if isinstance(value, int):  # YAML reads 0123456 as octal and drops leading zeros: its digits are not the file's,
        # so neither is their count
        return "write the PIN in quotes (\"583920\"): unquoted digits may change; the admin panel stays shut"
    text = str(value)
    if not (text.isascii() and text.isdigit()):
        return wanted
    if not PIN_SHORTEST <= len(text) <= PIN_LONGEST:
        return f"{wanted} (it has {len(text)})"
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


def _part(fields: Fields, key: str, allowed: set[str], problems: list[str]) -> Fields:
    """A mapping inside the file (``seats:``, ``idle:``): its unknown keys are each one problem, and its
    known ones are read one by one, so one mistake inside costs only its own field."""
    part = fields.sub(key, None)  # not a mapping: the whole field's one problem
    for name in part.data:
        if name not in allowed:
            problems.append(str(part.fail(str(name), f"unknown key (known keys: {', '.join(sorted(allowed))})")))
    return part


def _each(problems: list[str], reader: Callable[[], Any], fallback: Any) -> Any:
    try:
        return reader()
    except VariantError as error:
        problems.append(f"{error} (default used)")
        return fallback


def _seats(fields: Fields, default: KioskConfig, problems: list[str]) -> tuple[int, int]:
    seats = _part(fields, "seats", {"min", "max"}, problems)
    low = _each(problems, lambda: seats.integer("min", default.min_seats, low=1, high=6), default.min_seats)
    high = _each(problems, lambda: seats.integer("max", default.max_seats, low=1, high=6), default.max_seats)
    if high < low and seats.has("max"):  # the max is the mistake: at least the min it must hold
        used = max(low, default.max_seats)
        said = "default used" if used == default.max_seats else f"{used} used"
        problems.append(f"{seats.fail('max', f'must be at least min ({low}), got {high}')} ({said})")
        high = used
    elif high < low:
        problems.append(f"{seats.fail('min', f'must be at most max ({high}), got {low}')} (default used)")
        low = default.min_seats
    return low, high


def _idle(fields: Fields, default: KioskConfig, problems: list[str]) -> tuple[float, float, float]:
    idle = _part(fields, "idle", {"game_seconds", "countdown_seconds", "title_seconds"}, problems)

    def seconds(key: str, fallback: float, low: int, high: int) -> float:
        return float(_each(problems, lambda: idle.integer(key, int(fallback), low=low, high=high), fallback))

    game = seconds("game_seconds", default.game_idle, 10, 3600)
    countdown = seconds("countdown_seconds", default.countdown, 3, 300)
    return game, countdown, seconds("title_seconds", default.title_idle, 5, 3600)


def parse_kiosk(data: Any, file: str, known_variants: list[str]) -> KioskConfig:
    """Every field that is right applies; each one that is wrong keeps its default and adds a problem."""
    d = KioskConfig()
    if data is None:
        return d
    problems: list[str] = []
    try:
        top = Fields(file, "", data, getattr(data, "line", 1))
    except VariantError as error:
        return KioskConfig(problems=(f"{error} (the admin panel stays shut)",), pin_state="invalid")
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
    low, high = read("seats", lambda: _seats(top, d, problems), (d.min_seats, d.max_seats))
    game, countdown, title = read("idle", lambda: _idle(top, d, problems), (d.game_idle, d.countdown, d.title_idle))
    cursor = read("show_cursor", lambda: top.get("show_cursor", bool), d.show_cursor)
    gamepad = read("gamepad", lambda: top.get("gamepad", bool), d.gamepad)
    attract_on = read("attract", lambda: top.get("attract", bool), d.attract)
    speech = read("speech", lambda: top.get("speech", bool), d.speech)
    daily = read("daily", lambda: top.get("daily", bool), d.daily)
    language = read("language", lambda: top.choice("language", tuple(languages())), d.language)
    pin = None
    if top.has("admin_pin"):
        problem = pin_problem(top.data["admin_pin"])
        if problem:
            problems.append(str(top.fail("admin_pin", problem)))
        else:
            pin = top.data["admin_pin"]
    return KioskConfig(variants or _known(d.variants, known), low, high, game, countdown, title, pin, cursor,
                       attract or _known(d.attract_variants, known), language, _in_file_order(problems, file),
                       "set" if pin else "invalid" if top.has("admin_pin") else "missing", gamepad, attract_on, speech,
                       daily)


def _in_file_order(problems: list[str], file: str) -> tuple[str, ...]:
    """The problems as the operator meets them reading the file, top to bottom."""
    def line(problem: str) -> int:
        number = problem[len(file) + 1:].split(":", 1)[0]
        return int(number) if number.isdigit() else 0
    return tuple(sorted(problems, key=line))


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
        kept = salvage(path, known_variants)  # one slip (a tab, a "}", a Latin-1 letter) costs only its own lines
        if kept is not None:
            return kept
        return KioskConfig(problems=(f"{error} (defaults used; the admin panel stays shut)",), pin_state="invalid")
    except Exception as error:  # a public screen must start whatever the file holds; the value is not echoed
        refusal = VariantError(str(path), None, "file", f"could not be read ({type(error).__name__}); defaults "
                                                        "used, the admin panel stays shut")
        return KioskConfig(problems=(str(refusal),), pin_state="invalid")


_TOP_KEY = re.compile(r"([A-Za-z_][A-Za-z0-9_-]*)[ \t]*:")


def salvage(path: Path, known_variants: list[str]) -> KioskConfig | None:
    """A kiosk.yaml that does not read as a whole (a tab in an indent, a missing ``}``, a key given twice, a
    Latin-1 "é"), read a top-level setting at a time: every setting that reads alone applies, each one that
    does not keeps its default with one line naming it (and the admin PIN still opens the panel, unless the
    PIN's own line is the broken one). None when nothing can be read this way (not a kiosk file at all)."""
    if not path.is_file():  # a FIFO or a device: read once (by load_file) and never again
        return None
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except OSError:
        return None
    if len(raw) > MAX_BYTES:
        return None
    name, problems = str(path), []
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        problems.append(f"{name}:{line}: file: is not UTF-8 text (byte 0x{raw[error.start]:02x}); read as "
                        "Latin-1 where it is not (save the file as UTF-8)")
        text = "".join(_latin1_fallback(raw))
    broken: set[str] = set()
    try:
        data = load_text(text, name)
    except VariantError:
        data = _settings_one_by_one(text, name, problems, broken)
    if data is None or not isinstance(data, dict):
        return None
    config = parse_kiosk(data, name, known_variants)
    return replace(config, problems=_in_file_order(problems + list(config.problems), name),
                   pin_state="invalid" if "admin_pin" in broken else config.pin_state)


def _latin1_fallback(raw: bytes) -> Iterator[str]:
    """UTF-8 where it is, Latin-1 where a byte is not (the usual slip: one word typed in an old editor)."""
    rest = raw[3:] if raw.startswith(b"\xef\xbb\xbf") else raw
    while rest:
        try:
            yield rest.decode("utf-8")
            return
        except UnicodeDecodeError as error:
            yield rest[:error.start].decode("utf-8")
            yield rest[error.start:error.start + 1].decode("latin-1")
            rest = rest[error.start + 1:]


def _settings_one_by_one(text: str, name: str, problems: list[str], broken: set[str]) -> LineDict | None:
    """Each top-level setting (its line and the indented or comment lines under it) parsed alone, at its own
    line numbers; a setting given twice keeps the first."""
    if "\x00" in text:  # binary, not a kiosk file with a slip in it
        return None
    lines = [line + "\n" for line in text.split("\n")]
    starts = [i for i, line in enumerate(lines) if _TOP_KEY.match(line)]
    if not starts:
        return None
    merged = LineDict()
    merged.line, merged.key_lines = 1, {}
    for start, end in zip(starts, starts[1:] + [len(lines)]):
        top = _TOP_KEY.match(lines[start])
        assert top is not None  # starts are the lines it matches
        key = top.group(1)
        try:
            part = load_text("\n" * start + "".join(lines[start:end]), name)
        except VariantError as error:
            shut = "; the admin panel stays shut until it is fixed (the PIN pad reads the file again at each try)"
            line = error.line if error.line and start < error.line <= end else start + 1  # not past its block
            problems.append(f"{name}:{line}: {key}: {error.problem}"
                            + (shut if key == "admin_pin" else " (default used)" if key in _KEYS else " (ignored)"))
            broken.add(key)
            continue
        if not isinstance(part, LineDict):  # (a mapping is read as a LineDict)
            continue
        for found, value in part.items():
            if found in merged:
                problems.append(f"{name}:{part.key_lines.get(found, start + 1)}: {found}: key given twice (the "
                                f"first, line {merged.key_lines[found]}, is used)")
                continue
            merged[found] = value
            merged.key_lines[found] = part.key_lines.get(found, start + 1)
    return merged if merged or problems else None


def provide_pin(config: KioskConfig, path: Path | None = None) -> tuple[KioskConfig, str | None]:
    """A kiosk with no ``admin_pin`` at all gets a random one, written into its kiosk.yaml (mode 0600).

    Returns the config to run with and a line for the log (where the PIN is, never its digits). A PIN
    that is present but broken is left to the operator: the panel stays shut until it is fixed.
    """
    path = path or kiosk_path()
    if config.admin_pin is not None or not _pin_absent(path):
        return config, None
    pin = f"{secrets.randbelow(10 ** PIN_DIGITS):0{PIN_DIGITS}d}"
    line = f'admin_pin: "{pin}"  # made at the first start; change it to any {PIN_SHORTEST} to {PIN_LONGEST} digits\n'
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

    Every third wrong PIN locks the pad: for a minute, then twice as long after each further failed round
    (2, 4 minutes, 5 at most), until the right PIN is typed. ``now`` is the caller's clock (seconds, any
    origin); the file (``kiosk-lock.json`` in the state folder) holds wall-clock time. The owner, from a
    shell, removes it (``dice-parlor kiosk-unlock``): a running kiosk sees it gone at the next look.
    """

    def __init__(self, path: Path | None = None, wall: Callable[[], float] = time.time):
        self.path = path or user_state_dir() / LOCK_FILE
        self.wall = wall
        self.failed = 0
        self.rounds = 0  # lockouts since the right PIN was last typed
        self.locked_for = 0.0  # seconds still locked, as of the last look
        self._seen = 0.0  # the caller's clock at that look
        self.load()

    def load(self) -> None:
        try:
            data = read_json(self.path)
            failed, until = int(data["failed"]), float(data["locked_until"])
            rounds = int(data.get("rounds", 1 if until > self.wall() else 0))
        except (OSError, ValueError, KeyError, TypeError, AttributeError, OverflowError):
            return  # no file, or a damaged one: nothing to hold against the next person
        self.failed = max(0, min(PIN_TRIES - 1, failed))
        self.rounds = max(0, min(32, rounds))
        self.locked_for = max(0.0, min(lock_seconds(max(1, self.rounds)), until - self.wall()))

    def save(self) -> None:
        data = {"failed": self.failed, "rounds": self.rounds, "locked_until": self.wall() + self.locked_for}
        try:
            write_atomic(self.path, json.dumps(data), backup=False)
        except OSError:
            pass  # the lock still holds in memory; only a restart would forget it

    def seconds_left(self, now: float) -> float:
        return max(0.0, self.locked_for - (now - self._seen))

    def look(self) -> None:
        """The file gone while something is held (the owner's ``dice-parlor kiosk-unlock``): nothing is."""
        if (self.failed or self.rounds or self.locked_for) and not self.path.exists():
            self.failed, self.rounds, self.locked_for = 0, 0, 0.0

    def refuse(self, now: float) -> bool:
        """Count a wrong PIN; True when it locks the pad (for ``locked_for`` seconds)."""
        self.locked_for, self._seen = self.seconds_left(now), now  # an expired lock is not saved as a new one
        self.failed += 1
        locked = self.failed >= PIN_TRIES
        if locked:
            self.rounds += 1
            self.failed, self.locked_for, self._seen = 0, lock_seconds(self.rounds), now
        self.save()
        return locked

    def clear(self) -> None:
        if self.failed or self.locked_for or self.rounds:
            self.failed, self.rounds, self.locked_for = 0, 0, 0.0
            self.save()


def lock_seconds(rounds: int) -> float:
    """How long the ``rounds``-th lockout in a row lasts: 1, 2, 4 minutes, then 5."""
    return float(min(LOCK_LONGEST, LOCK_SECONDS * 2 ** min(rounds - 1, 12)))


def unlock() -> str:
    """``dice-parlor kiosk-unlock``: the owner's way past a lockout, from a shell a visitor at the screen does not
    have. Removes ``kiosk-lock.json``; a running kiosk sees it gone at its next look. Returns the line to print."""
    lock = PinLock()
    left = lock.locked_for
    try:
        lock.path.unlink()
    except FileNotFoundError:
        return f"kiosk: the PIN pad was not locked (no {lock.path})"
    except OSError as error:
        return f"kiosk: {lock.path} could not be removed: {error.strerror or error}"
    held = f"locked for {math.ceil(left / 60)} more minute{'s' * (math.ceil(left / 60) != 1)}" if left else "not locked"
    return f"kiosk: the PIN pad is unlocked and its wrong PINs forgotten (it was {held}; removed {lock.path})"
