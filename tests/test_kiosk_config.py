"""kiosk.yaml: each field that is right applies, each mistake costs only its field, and no PIN is ever public."""

from __future__ import annotations

import os
import re
import stat

import pytest

from game.rules import i18n
from game.store.kiosk import KioskConfig, PinLock, kiosk_path, load_kiosk, provide_pin
from game.rules.variants import load_all


def _write(text: str | bytes):
    path = kiosk_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def _load() -> KioskConfig:
    return load_kiosk(load_all().names())


def test_no_file_means_the_defaults_and_no_pin():
    config = _load()
    assert config == KioskConfig() and config.problems == () and config.admin_pin is None


def test_a_kiosk_file_sets_what_it_names():
    _write("variants: [yatzy, jackpot]\nseats: {min: 2, max: 3}\nidle: {game_seconds: 45}\n"
           "admin_pin: '9876'\nshow_cursor: true\nlanguage: nl\n")
    config = _load()
    assert config.problems == ()
    assert config.variants == ("yatzy", "jackpot") and (config.min_seats, config.max_seats) == (2, 3)
    assert config.game_idle == 45 and config.title_idle == KioskConfig().title_idle
    assert config.admin_pin == "9876" and config.show_cursor and config.language == "nl"


@pytest.mark.parametrize("language", list(i18n.languages()))
def test_every_shipped_language_works_in_the_kiosk_file(language):
    _write(f"language: {language}\n")
    config = _load()
    assert config.language == language and config.problems == ()


@pytest.mark.parametrize("bad,expected,field", [
    ("variants: [classic, parcheesi]", ":2: variants: unknown variant 'parcheesi'", "variants"),
    ("idle: {game_seconds: 2}", ":2: idle.game_seconds: must be from 10 to 3600, got 2", "game_idle"),
    ("seats: {min: 3, max: 2}", ":2: seats.max: must be at least min (3), got 2", "max_seats"),
    ("colour: red", ":2: colour: unknown key", None),
    ("language: fr", ":2: language: unknown value 'fr' (one of: en, nl)", "language"),
    ("show_cursor: maybe", ":2: show_cursor: expected true or false", "show_cursor"),
])
def test_a_mistake_costs_only_its_own_field(bad, expected, field):
    # Good fields around the bad one still apply.
    _write(f"attract_variants: [yatzy]\n{bad}\nadmin_pin: '13579'\n")
    config = _load()
    assert config.attract_variants == ("yatzy",) and config.admin_pin == "13579"
    if field:
        assert getattr(config, field) == getattr(KioskConfig(), field)
    [problem] = config.problems
    assert problem.startswith(str(kiosk_path())) and expected in problem and "\n" not in problem


def test_two_mistakes_give_two_lines():
    _write("variants: 7\nidle: {countdown_seconds: 1}\nseats: {max: 2}\n")
    config = _load()
    assert len(config.problems) == 2 and config.max_seats == 2
    assert ":1: variants:" in config.problems[0] and ":2: idle.countdown_seconds:" in config.problems[1]


@pytest.mark.parametrize("content,expected", [
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "is not UTF-8 text"),
    (b"seats: {min: 1}\nadmin_pin: '1234'\x00\n", ":2: file: holds a control character (U+0000)"),
    (b"a: " + b"x" * (300 * 1024), "is larger than 256 KB"),
    (b"variants: " + b"[" * 400 + b"]" * 400, ":1: yaml: nested more than"),
    (b"variants: [classic\nadmin_pin: '1234'\n", "not valid YAML"),
    (b"- just\n- a list\n", "expected a mapping of keys, got a list"),
])
def test_a_file_that_is_not_a_kiosk_file_gets_one_line_the_defaults_and_no_pin(content, expected):
    path = _write(content)
    config = _load()
    [problem] = config.problems
    assert expected in problem and problem.startswith(str(path)) and "\n" not in problem
    assert config.admin_pin is None and config.variants == KioskConfig().variants
    provided, said = provide_pin(config)
    assert provided.admin_pin is None and said is None  # an unreadable file is the operator's to fix
    assert path.read_bytes() == content


# ---------------------------------------------------------------------- the PIN --

def _mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_a_first_start_without_a_file_writes_a_random_six_digit_pin_readable_only_by_its_owner():
    config, said = provide_pin(_load())
    assert re.fullmatch(r"\d{6}", config.admin_pin)
    assert str(kiosk_path()) in said and config.admin_pin not in said  # the log says where, never the digits
    assert _mode(kiosk_path()) == 0o600
    assert _load().admin_pin == config.admin_pin  # and the file now holds it


def test_pins_are_not_the_same_on_every_kiosk():
    pins = set()
    for _ in range(5):
        kiosk_path().unlink(missing_ok=True)
        pins.add(provide_pin(_load())[0].admin_pin)
    assert len(pins) > 1


def test_a_pin_is_added_to_a_file_without_one_and_the_rest_is_kept():
    original = "# our café\nvariants: [classic, jackpot]\nseats:\n  max: 2"  # no newline at the end
    _write(original)
    config, said = provide_pin(_load())
    text = kiosk_path().read_text(encoding="utf-8")
    assert text.startswith(original + "\n") and config.admin_pin in text and _mode(kiosk_path()) == 0o600
    again = _load()
    assert again.admin_pin == config.admin_pin and again.variants == ("classic", "jackpot") and again.max_seats == 2


def test_a_file_that_leaves_no_place_for_a_pin_is_left_alone_and_the_panel_stays_shut():
    original = "{variants: [classic]}"
    _write(original)
    config, said = provide_pin(_load())
    assert config.admin_pin is None and "admin panel stays shut" in said
    assert kiosk_path().read_text(encoding="utf-8") == original


@pytest.mark.parametrize("pin", ["12", "'12a4'", "1234", "'123456789'", "true", "[1, 2]", "'１２３４'"])
def test_a_broken_pin_keeps_the_panel_shut_and_says_why(pin):
    _write(f"variants: [classic]\nadmin_pin: {pin}\n")
    config = _load()
    assert config.admin_pin is None and config.variants == ("classic",)
    [problem] = config.problems
    assert ":2: admin_pin:" in problem and "stays shut" in problem
    assert provide_pin(config) == (config, None)  # a broken PIN is never replaced behind the operator's back
    assert not config.pin_matches("1234") and not config.pin_matches("")


def test_a_pin_keeps_its_leading_zeros():
    _write("admin_pin: '0070'\n")
    assert _load().admin_pin == "0070"


def test_pins_are_compared_in_constant_time(monkeypatch):
    import hmac

    calls = []
    real = hmac.compare_digest
    monkeypatch.setattr(hmac, "compare_digest", lambda a, b: calls.append((a, b)) or real(a, b))
    config = KioskConfig(admin_pin="4321")
    assert config.pin_matches("4321") and not config.pin_matches("4320")
    assert len(calls) == 2


def test_the_lockout_is_kept_on_disk_across_a_restart():
    clock = [1000.0]
    lock = PinLock(wall=lambda: clock[0])
    assert not lock.refuse(now=5.0) and not lock.refuse(now=6.0)
    assert lock.refuse(now=7.0) and lock.seconds_left(now=7.0) == 60.0
    clock[0] += 20  # a restart 20 s later: a new process, a new clock origin
    again = PinLock(wall=lambda: clock[0])
    assert again.seconds_left(now=0.0) == pytest.approx(40.0)
    assert again.seconds_left(now=41.0) == 0.0
    clock[0] += 100
    assert PinLock(wall=lambda: clock[0]).seconds_left(now=0.0) == 0.0


def test_wrong_pins_before_a_restart_still_count():
    lock = PinLock()
    lock.refuse(now=0.0)
    lock.refuse(now=1.0)
    assert PinLock().refuse(now=0.0)  # the third, after a restart, locks


@pytest.mark.parametrize("damage", ['{"failed": "x"', "[" * 100_000, b"\xff\xfe{", "[]",
                                    '{"failed": 1, "locked_until": 1, "pad": "' + "x" * 300_000 + '"}'],
                         ids=["corrupt", "too-deep", "not-utf8", "not-a-mapping", "huge"])
def test_a_damaged_lock_file_locks_nothing(damage):
    lock = PinLock()
    lock.path.parent.mkdir(parents=True, exist_ok=True)
    (lock.path.write_bytes if isinstance(damage, bytes) else lock.path.write_text)(damage)
    assert PinLock().seconds_left(0.0) == 0.0 and PinLock().failed == 0


@pytest.mark.parametrize("line", ["installed: 2024-02-30", 'admin_pin: !!int "58392x"', 'seats: !!float "abc"',
                                  'idle: !!int ""'])
def test_a_value_that_breaks_its_own_tag_is_one_line_and_never_echoed(line):
    _write(f"variants: [classic]\n{line}\n")
    config = _load()  # no exception: the kiosk starts
    [problem] = config.problems
    assert "yaml: a value is not what it says it is" in problem and "58392" not in problem
    assert config.admin_pin is None and provide_pin(config) == (config, None)


def test_an_alias_bomb_in_a_list_of_names_gives_a_short_message():
    lines = ['a0: &a0 ["xxxxxxxxxx", "yyyyyyyyyy"]']
    for level in range(1, 9):
        lines.append(f"a{level}: &a{level} [{', '.join([f'*a{level - 1}'] * 9)}]")
    _write("\n".join(lines) + "\nvariants: *a8\n")
    config = _load()
    assert all(len(problem) < 400 for problem in config.problems)
    assert any("variants: unknown variant a list" in problem for problem in config.problems)


def test_one_wrong_pin_after_a_lockout_ends_does_not_save_a_new_lock():
    clock = [1000.0]
    lock = PinLock(wall=lambda: clock[0])
    for now in (1.0, 2.0, 3.0):
        lock.refuse(now=now)
    clock[0] += 100
    assert not lock.refuse(now=103.0)  # the lock ran out long ago: a typo is just a typo
    assert PinLock(wall=lambda: clock[0]).seconds_left(now=0.0) == 0.0
