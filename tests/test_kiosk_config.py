"""kiosk.yaml: each field that is right applies, each mistake costs only its field, and no PIN is ever public."""

from __future__ import annotations

import os
import re
import stat

import pytest

from game.rules import i18n
from game.rules.variants import load_all
from game.store.kiosk import KioskConfig, PinLock, kiosk_path, load_kiosk, provide_pin


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
           "admin_pin: '987654'\nshow_cursor: true\nlanguage: nl\n")
    config = _load()
    assert config.problems == ()
    assert config.variants == ("yatzy", "jackpot") and (config.min_seats, config.max_seats) == (2, 3)
    assert config.game_idle == 45 and config.title_idle == KioskConfig().title_idle
    assert config.admin_pin == "987654" and config.show_cursor and config.language == "nl"


def test_a_kiosk_ignores_pads_unless_its_file_allows_them():
    assert not _load().gamepad
    _write("gamepad: true\n")
    config = _load()
    assert config.gamepad and config.problems == ()


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
    ("language: xx", ":2: language: unknown value 'xx' (one of: en, ", "language"),
    ("show_cursor: maybe", ":2: show_cursor: expected true or false", "show_cursor"),
    ("gamepad: yes please", ":2: gamepad: expected true or false", "gamepad"),
])
def test_a_mistake_costs_only_its_own_field(bad, expected, field):
    # Good fields around the bad one still apply.
    _write(f"attract_variants: [yatzy]\n{bad}\nadmin_pin: '135790'\n")
    config = _load()
    assert config.attract_variants == ("yatzy",) and config.admin_pin == "135790"
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


@pytest.mark.parametrize("content, problem", [
    (b"# caf\xe9 du coin\nidle: {game_seconds: 30}\nadmin_pin: '583920'\n", ":1: file: is not UTF-8 text (byte 0xe9)"),
    (b"idle: {game_seconds: 30}\nadmin_pin: '583920'\nidle: {game_seconds: 40}\n", ":3: idle: key given twice"),
    (b"seats: {min: 2}\nadmin_pin: '583920'\nidle: {game_seconds: 30}\nvariants:\n\t- yatzy\n", ":5: variants: "),
    (b"variants: [yatzy\nidle: {game_seconds: 30}\nadmin_pin: '583920'\n", ":1: variants: not valid YAML"),
    (b"variants: " + b"[" * 400 + b"]" * 400 + b"\nidle: {game_seconds: 30}\nadmin_pin: '583920'\n",
     ":1: variants: nested more than 20 deep (default used)"),
], ids=["latin-1 comment", "key twice", "tab", "missing bracket", "too deep"])
def test_one_slip_in_the_file_costs_only_its_own_setting_and_the_pin_still_opens(content, problem):
    path = _write(content)
    config = _load()
    assert config.admin_pin == "583920" and config.pin_state == "set"
    assert config.game_idle == 30  # the settings around the slip apply
    [said] = config.problems
    assert said.startswith(str(path)) and problem in said and "\n" not in said
    if b"seats" in content:
        assert config.min_seats == 2


def test_a_broken_pin_line_says_how_the_admin_gets_in_and_keeps_the_rest():
    _write('idle: {game_seconds: 30}\nadmin_pin: "583920\n')
    config = _load()
    assert config.admin_pin is None and config.pin_state == "invalid" and config.game_idle == 30
    [said] = config.problems
    assert ":2: admin_pin: " in said and "the PIN pad reads the file again at each try" in said


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


@pytest.mark.parametrize("pin", ["12", "'12a4'", "1234", "'1234'", "'12345'", "'123456789'", "true", "[1, 2]",
                                 "'１２３４５６'", "123456"])
def test_a_broken_pin_keeps_the_panel_shut_and_says_why(pin):
    _write(f"variants: [classic]\nadmin_pin: {pin}\n")
    config = _load()
    assert config.admin_pin is None and config.variants == ("classic",)
    [problem] = config.problems
    assert ":2: admin_pin:" in problem and "stays shut" in problem
    assert provide_pin(config) == (config, None)  # a broken PIN is never replaced behind the operator's back
    assert not config.pin_matches("1234") and not config.pin_matches("")


def test_a_pin_keeps_its_leading_zeros():
    _write("admin_pin: '007012'\n")
    assert _load().admin_pin == "007012"


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
    assert f":2: {line.split(':')[0]}: a value is not what it says it is" in problem and "58392" not in problem
    assert config.admin_pin is None and provide_pin(config) == (config, None)
    assert config.variants == ("classic",)  # the line around it still applies


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


# ------------------------------------------------- one mistake, one field --

def test_one_mistake_inside_idle_keeps_its_neighbours():
    _write("idle: {game_seconds: 5, countdown_seconds: 4, title_seconds: 7}\n")
    config = _load()
    assert (config.game_idle, config.countdown, config.title_idle) == (KioskConfig().game_idle, 4, 7)
    [problem] = config.problems
    assert ":1: idle.game_seconds: must be from 10 to 3600, got 5 (default used)" in problem


def test_one_mistake_inside_seats_and_an_unknown_key_keep_their_neighbours():
    _write("seats:\n  min: 2\n  max: 9\n  most: 3\nidle: {title_seconds: 8, nap: 1}\n")
    config = _load()
    assert (config.min_seats, config.max_seats, config.title_idle) == (2, KioskConfig().max_seats, 8)
    assert [p.split(": ")[0].rsplit(":", 1)[1] + ": " + p.split(": ")[1] for p in config.problems] == [
        "3: seats.max", "4: seats.most", "5: idle.nap"]


def test_problems_are_in_the_order_of_the_file():
    _write("language: xx\nvariants: [nope]\nshow_cursor: 3\nidle: {countdown_seconds: 1}\ncolour: red\n")
    lines = [int(problem.split(":")[1]) for problem in _load().problems]
    assert lines == [1, 2, 3, 4, 5]


# ------------------------------------------------------------ the PIN --

@pytest.mark.parametrize("pin", ["'123456'", "'12345678'"])
def test_a_pin_of_six_to_eight_digits_opens_the_panel(pin):
    _write(f"admin_pin: {pin}\n")
    assert _load().admin_pin == pin.strip("'") and _load().pin_state == "set"


def test_a_four_digit_pin_keeps_the_panel_shut_and_says_why():
    _write("admin_pin: '4321'\n")
    config = _load()
    assert config.admin_pin is None and config.pin_state == "invalid"
    [problem] = config.problems
    assert "must be 6 to 8 digits" in problem and "(it has 4)" in problem and "4321" not in problem


def test_each_further_failed_round_doubles_the_lockout_up_to_five_minutes_across_restarts():
    """A visitor playing with the pad cannot lock the owner out for an hour: five minutes at most."""
    from game.store.kiosk import lock_seconds

    wall = [1000.0]
    lock = PinLock(wall=lambda: wall[0])
    seen = []
    for _ in range(8):
        for _tries in range(3):
            locked = lock.refuse(now=wall[0])
        seen.append(lock.seconds_left(now=wall[0]))
        assert locked
        wall[0] += lock.locked_for / 2
        lock = PinLock(wall=lambda: wall[0])  # a restart halfway through: the rest of the lock holds
        assert lock.seconds_left(now=0.0) == pytest.approx(seen[-1] / 2)
        wall[0] += lock.locked_for + 1  # waited it out
        lock = PinLock(wall=lambda: wall[0])
    assert seen == [60, 120, 240, 300, 300, 300, 300, 300]
    assert lock_seconds(100) == 300
    lock.clear()  # the right PIN: the next mistake starts at a minute again
    for _ in range(3):
        lock.refuse(now=0.0)
    assert PinLock(wall=lambda: wall[0]).seconds_left(now=0.0) == 60


def test_a_lock_file_from_an_hour_long_lock_holds_five_minutes_at_most():
    import json
    import time

    lock = PinLock()
    lock.path.parent.mkdir(parents=True, exist_ok=True)
    lock.path.write_text(json.dumps({"failed": 0, "rounds": 7, "locked_until": time.time() + 3600}))
    assert 295 < PinLock().seconds_left(0.0) <= 300


def test_kiosk_unlock_from_a_shell_ends_a_lock_and_check_kiosk_says_it_is_there(capsys):
    from game.cli import main

    lock = PinLock()
    for _ in range(6):
        lock.refuse(now=0.0)
    status, said = _check(capsys)
    assert "PIN pad: locked for 120 s more" in said.out and "kiosk-unlock" in said.out
    running = PinLock()  # a kiosk running meanwhile holds the lock in memory
    assert running.seconds_left(0.0) > 0
    assert main(["kiosk-unlock"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("kiosk: the PIN pad is unlocked") and str(lock.path) in out and not lock.path.exists()
    running.look()  # at its next look (the pad opened, a PIN typed)
    assert running.seconds_left(0.0) == 0.0 and running.rounds == 0
    assert PinLock().seconds_left(0.0) == 0.0
    assert main(["kiosk-unlock"]) == 0 and "was not locked" in capsys.readouterr().out


def test_a_lock_file_from_before_the_doubling_still_locks_for_what_it_said():
    lock = PinLock()
    lock.path.parent.mkdir(parents=True, exist_ok=True)
    import json
    import time

    lock.path.write_text(json.dumps({"failed": 0, "locked_until": time.time() + 30}))
    assert 25 < PinLock().seconds_left(0.0) <= 30 and PinLock().rounds == 1


# ----------------------------------------------------------- check-kiosk --

def _check(capsys, *args):
    from game.cli import main

    status = main(["check-kiosk", *args])
    return status, capsys.readouterr()


def test_check_kiosk_without_a_file_shows_every_default_and_passes(capsys):
    import json

    status, said = _check(capsys, "--json")
    found = json.loads(said.out)
    assert status == 0 and found["problems"] == [] and found["admin_pin"] == "missing"
    assert found["file"] == str(kiosk_path()) and not found["exists"]
    assert found["settings"] == {
        "variants": ["classic", "official", "yatzy", "jackpot"], "seats": {"min": 1, "max": 4},
        "idle": {"game_seconds": 90, "countdown_seconds": 15, "title_seconds": 60}, "show_cursor": False,
        "gamepad": False, "attract": True, "attract_variants": ["classic", "jackpot"], "language": "en"}


def test_check_kiosk_lists_each_problem_on_one_line_and_never_the_pin(capsys):
    _write("variants: [classic, nope]\nidle: {game_seconds: 5, countdown_seconds: 4, title_seconds: 7}\n"
           "seats: {min: 2, max: 9}\nadmin_pin: '4321'\n")
    status, said = _check(capsys)
    assert status == 2 and "4321" not in said.out and said.err == ""
    assert f"kiosk file: {kiosk_path()}" in said.out
    assert "  idle: game_seconds 90, countdown_seconds 4, title_seconds 7" in said.out
    assert "  seats: min 2, max 4" in said.out and "admin PIN: invalid" in said.out
    problems = said.out.split("4 problems:\n")[1].splitlines()
    assert [p.split(": ")[1] for p in problems] == ["variants", "idle.game_seconds", "seats.max", "admin_pin"]
    status, said = _check(capsys, "--json")
    import json

    assert status == 2 and json.loads(said.out)["admin_pin"] == "invalid" and "4321" not in said.out


def test_check_kiosk_passes_a_good_file_with_its_pin_set(capsys):
    _write("variants: [yatzy]\nadmin_pin: '583920'\nlanguage: nl\n")
    status, said = _check(capsys)
    assert status == 0 and "admin PIN: set" in said.out and "583920" not in said.out and "0 problems" in said.out
    assert "  variants: yatzy" in said.out and "  language: nl" in said.out


def test_a_max_below_the_min_says_the_value_in_force_not_the_default(capsys):
    _write("seats: {min: 5, max: 2}\nadmin_pin: '583920'\n")
    config = _load()
    assert (config.min_seats, config.max_seats) == (5, 5)
    [problem] = config.problems
    assert problem.endswith("seats.max: must be at least min (5), got 2 (5 used)")
    status, said = _check(capsys)
    assert "  seats: min 5, max 5" in said.out and "default used" not in said.out


@pytest.mark.parametrize("pin", ["1234567", "0123456", "01234567"])
def test_an_unquoted_pin_of_the_right_length_is_told_to_be_quoted_not_its_length(pin):
    _write(f"admin_pin: {pin}\n")
    config = _load()
    [problem] = config.problems
    assert "write the PIN in quotes" in problem and "it has" not in problem and config.admin_pin is None


def test_a_setting_written_from_the_panel_keeps_the_rest_of_the_file():
    from game.store.kiosk_edit import set_setting

    path = _write("# the café's kiosk\nidle:\n  game_seconds: 60   # short: a busy counter\n  title_seconds: 20\n\n"
                  "admin_pin: '583920'  # ours\n")
    assert set_setting(path, "idle", "{game_seconds: 120, countdown_seconds: 15, title_seconds: 20}") is None
    assert set_setting(path, "attract", "false") is None
    text = path.read_text()
    assert text.startswith("# the café's kiosk\nidle: {game_seconds: 120") and "admin_pin: '583920'  # ours" in text
    config = _load()
    assert (config.game_idle, config.title_idle, config.attract, config.admin_pin) == (120, 20, False, "583920")
    assert config.problems == () and _mode(path) == 0o600
    _write(b"idle: {game_seconds: 30\nadmin_pin: '583920'\n")
    said = set_setting(kiosk_path(), "attract", "true")
    assert said and "fix it first" in said and kiosk_path().read_bytes().startswith(b"idle: {game_seconds: 30\n")
