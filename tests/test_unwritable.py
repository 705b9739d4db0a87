"""Writing that fails is said at once and play goes on; saves, settings and kiosk.yaml have limits too.

The tests run as whoever runs them (root on CI, where permissions do not stop a write), so an unwritable
folder is a data folder that is a file, and a read-only or full disk is the OSError such a disk gives.
"""

from __future__ import annotations

import errno
import json
import os
import random
import shutil
import time

import pygame
import pytest
from helpers import continue_from_title, examples
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from scene_driver import Driver

from game.bots.levels import make_player
from game.engine.session import Session
from game.engine.state import Seat
from game.paths import user_data_dir
from game.rules.variants import find_variant, load_all
from game.store import storage
from game.store.kiosk import load_kiosk
from game.store.records import read_records
from game.store.saves import MAX_SAVE_BYTES, load_saved, save_path, save_session
from game.store.settings import Settings, load_settings, settings_path


def _table(seats=("Ann",), variant="yatzy"):
    from scenes.scorecard.table import TableScene

    driver = Driver(animation="instant")
    session = Session(find_variant(variant), [Seat(name) for name in seats], seed=9, rolloff=False)
    table = TableScene(driver.app, session)
    driver.start(table)
    return driver, table, session


def _play_to_the_end(driver, table, session) -> None:
    brain = make_player("greedy", random.Random(1))
    while not session.state.is_terminal():
        table.act(brain.choose(session.state))
        driver.step(0.05)


def _unwritable_folder():
    data = user_data_dir()
    shutil.rmtree(data, ignore_errors=True)
    data.parent.mkdir(parents=True, exist_ok=True)
    data.write_text("not a folder")  # what an unwritable folder gives: every write under it fails


def _failing_disk(monkeypatch, code: int):
    """Every write under the game's home fails as a read-only (EROFS) or full (ENOSPC) disk does."""
    home = os.environ["DICE_PARLOR_HOME"]
    real_open = os.open

    def refusing_open(path, flags, *args, **kwargs):
        if str(path).startswith(home) and flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            raise OSError(code, os.strerror(code), str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(storage.os, "open", refusing_open)
    return lambda: monkeypatch.setattr(storage.os, "open", real_open)


@pytest.mark.parametrize("how", ["unwritable folder", "read-only disk", "full disk"])
def test_the_first_failed_save_is_said_at_the_table_and_play_goes_on(monkeypatch, how):
    from scenes.ui.widgets import record_text

    driver, table, session = _table()
    heal = None
    if how == "unwritable folder":
        _unwritable_folder()
    else:
        heal = _failing_disk(monkeypatch, errno.EROFS if how == "read-only disk" else errno.ENOSPC)
    driver.key(pygame.K_SPACE)  # a roll: an autosave
    record_text(True)
    driver.step(0.1)
    shown = " ".join(d.words for d in record_text(False))
    assert "cannot save in" in shown and "Play goes on" in shown
    reason = {"unwritable folder": "File exists", "read-only disk": "Read-only file system",
              "full disk": "No space left on device"}[how]
    assert reason in shown
    _play_to_the_end(driver, table, session)  # nothing stops play
    assert driver.app.saving.pending == [session]  # the result waits in memory
    if heal:
        heal()
    else:
        user_data_dir().unlink()
    saving = driver.app.saving
    assert driver.wait_until(lambda: saving.failing is None and not saving.pending, 20.0, 0.5)  # a retry, no move
    record_text(True)
    driver.step(0.1)
    assert "Saving works again" in " ".join(d.words for d in record_text(False))
    entries, _ = read_records()
    assert len(entries) == 1 and entries[0]["seats"][0]["total"] == session.state.match_totals()[0]
    driver.close()


def test_a_failure_is_said_once_not_at_every_move(monkeypatch, caplog):
    caplog.set_level("INFO", logger="dice_parlor")
    driver, table, session = _table()
    _unwritable_folder()
    for _ in range(3):
        driver.key(pygame.K_SPACE)
    warnings = [r for r in caplog.records if "saving failed" in r.getMessage()]
    assert len(warnings) == 1
    driver.close()


def test_the_roll_off_is_saved_and_continue_returns_to_it():
    from scenes.menus.rolloff import RollOffScene
    from scenes.registry import opening_for as opening_scene

    driver = Driver(animation="normal")
    session = Session(find_variant("classic"), [Seat("Ann"), Seat("Bob")], seed=4)
    assert session.state.phase == "rolloff"
    driver.start(opening_scene(driver.app, session))
    assert isinstance(driver.top, RollOffScene)
    resumed = load_saved(find_variant)  # the power cut comes here
    assert resumed.session is not None and resumed.session.state.phase == "rolloff"
    assert isinstance(continue_from_title(driver), RollOffScene)
    driver.close()


def test_stale_temporary_files_of_dead_processes_are_removed_at_start(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    dead = 2 ** 22 + 12345  # above the kernel's default pid_max: no such process
    stale = [folder / f".autosave.json.{dead}.tmp", folder / f".records.json.{dead}.bak.tmp"]
    for path in stale:
        path.write_text("half a save")
    mine = folder / f".autosave.json.{os.getpid()}.tmp"
    mine.write_text("being written now")
    kept = folder / "autosave.json"
    kept.write_text("{}")
    assert storage.clean_stale_temporaries(folder) == 2
    assert not any(path.exists() for path in stale) and mine.exists() and kept.exists()


def test_a_day_old_temporary_file_goes_even_where_its_process_cannot_be_asked_about(tmp_path, monkeypatch):
    """Windows cannot say whether a pid runs, and pids are used again: a file untouched for a day still goes."""
    monkeypatch.setattr(storage, "process_alive", lambda pid: True)
    old = tmp_path / ".autosave.json.4242.tmp"
    old.write_text("half a save")
    os.utime(old, (time.time() - 2 * 24 * 3600,) * 2)
    fresh = tmp_path / ".records.json.4243.tmp"
    fresh.write_text("being written now")
    assert storage.clean_stale_temporaries(tmp_path) == 1
    assert not old.exists() and fresh.exists()


# ------------------------------------------------------------- saves' limits --

def _a_save_with(mutate) -> None:
    session = Session(find_variant("classic"), [Seat("Ann"), Seat("Bob")], seed=3, rolloff=False)
    save_session(session)
    data = json.loads(save_path().read_text(encoding="utf-8"))
    mutate(data)
    save_path().write_text(json.dumps(data), encoding="utf-8")


def _name_everywhere(name: str):
    return lambda d: [d["session"][part]["seats"][0].update(name=name) for part in ("start", "state")]


@pytest.mark.parametrize("name,mutate,said", [
    ("a 9-million-character name", _name_everywhere("x" * 9_000_000), "larger than 16 MB"),  # twice: 18 MB
    ("a 41-character name", _name_everywhere("y" * 41), "at most 40"),
    ("a name with a control character", _name_everywhere("A\x07"), "unprintable"),
    ("a log of 500,000 moves", lambda d: d["session"].update(log=[{"type": "roll"}] * 500_000), "at most 400000"),
])
def test_a_save_beyond_its_limits_is_set_aside_with_one_line(name, mutate, said):
    _a_save_with(mutate)
    resumed = load_saved(find_variant)
    assert resumed.session is None and said in resumed.message and "\n" not in resumed.message
    assert not save_path().exists()  # moved aside, kept for a bug report
    assert MAX_SAVE_BYTES == 16 * 1024 * 1024


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats() | st.text(max_size=20),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                       max_size=4), max_leaves=12)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.lists(st.sampled_from(["session", "state", "seats", 0, 1, "card", "log", "dice", "rng", "name",
                                      "kind", "seed", "variant", "format", "turn", "saved_at"]), min_size=1,
                     max_size=4),
       value=JSON_VALUES)
def test_a_damaged_save_is_resumed_or_set_aside_never_a_crash(path, value):
    def mutate(data):
        place = data
        for step in path[:-1]:
            if isinstance(place, dict) and step in place:
                place = place[step]
            elif isinstance(place, list) and isinstance(step, int) and step < len(place):
                place = place[step]
        if isinstance(place, dict):
            place[path[-1] if isinstance(path[-1], str) else "x"] = value
        elif isinstance(place, list) and place:
            place[0] = value

    _a_save_with(mutate)
    resumed = load_saved(find_variant)
    if resumed.session is None:
        assert resumed.message and "\n" not in resumed.message
        return
    brain = make_player("random", random.Random(2))  # a save that loads plays on to the end
    state = resumed.session.state
    while not resumed.session.state.is_terminal():
        resumed.session.act(brain.choose(resumed.session.state))
    assert state is not None


@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=JSON_VALUES)
def test_any_settings_file_gives_valid_settings(data):
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(json.dumps(data), encoding="utf-8")
    loaded = load_settings()
    assert isinstance(loaded, Settings) and loaded == Settings(**vars(loaded)).clean()


def test_a_huge_settings_file_gives_the_defaults():
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text('{"sound": false, "pad": "' + "x" * 400_000 + '"}', encoding="utf-8")
    assert load_settings() == Settings()


KIOSK_KEYS = st.sampled_from(["variants", "seats", "idle", "admin_pin", "show_cursor", "attract_variants",
                              "language", "colour"])


@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.dictionaries(KIOSK_KEYS, JSON_VALUES, max_size=6))
@example(data={"variants": "a\nb"})  # a value with a line break once gave a message of two lines
@example(data={"attract_variants": ["a\nb"]})
@example(data={"language": "e\rn", "admin_pin": "12\n34"})
@example(data={"seats": {"min": "1\n2"}, "idle": {"x\ny": 1}})
def test_any_kiosk_file_gives_a_config_and_one_line_per_mistake(data):
    from game.store.kiosk import kiosk_path

    kiosk_path().parent.mkdir(parents=True, exist_ok=True)
    kiosk_path().write_text(json.dumps(data), encoding="utf-8")  # JSON is YAML
    config = load_kiosk(load_all().names())
    assert all("\n" not in problem and problem.startswith(str(kiosk_path())) for problem in config.problems)
    assert config.admin_pin is None or config.admin_pin.isdigit()
    assert 1 <= config.min_seats <= config.max_seats <= 6 and config.variants and config.attract_variants


def test_a_saved_seat_with_an_unknown_level_plays_on_as_the_heuristic():
    from scenes.registry import table_for

    for variant, level in (("classic", "bogus"), ("jackpot", "optimal")):
        session = Session(find_variant(variant), [Seat("Ann"), Seat("Bot", "computer", "greedy")], seed=3,
                          rolloff=False)
        save_session(session)
        data = json.loads(save_path().read_text(encoding="utf-8"))
        for part in ("start", "state"):
            data["session"][part]["seats"][1]["level"] = level
        save_path().write_text(json.dumps(data), encoding="utf-8")
        resumed = load_saved(find_variant).session
        driver = Driver(animation="instant")
        table = table_for(driver.app, resumed)  # it used to stop here with "unknown computer level"
        assert table.controller.drivers[1].player.level == "heuristic"
        driver.close()


def test_a_stop_writes_a_finished_result_that_was_waiting(monkeypatch):
    driver, table, session = _table()
    heal = _failing_disk(monkeypatch, errno.ENOSPC)
    _play_to_the_end(driver, table, session)
    assert driver.app.saving.pending == [session]
    heal()
    driver.app.flush()  # what SIGTERM does before the loop returns
    assert driver.app.saving.pending == [] and len(read_records()[0]) == 1
    driver.close()


def test_a_kiosk_keeps_a_failing_write_off_the_customers_screen():
    from game.store.kiosk import KioskConfig
    from scenes.kiosk.panels import AdminPanel
    from scenes.registry import table_for
    from scenes.ui.widgets import record_text

    driver = Driver(animation="instant", kiosk=KioskConfig(admin_pin="4321"))
    session = Session(find_variant("yatzy"), [Seat("Ann")], seed=9, rolloff=False)
    table = table_for(driver.app, session)
    driver.start(table)
    _unwritable_folder()
    _play_to_the_end(driver, table, session)  # the result cannot be written
    record_text(True)
    driver.step(0.1)
    assert "cannot save" not in " ".join(d.words for d in record_text(False))
    assert "cannot save" in " ".join(AdminPanel(driver.app, driver.app.kiosk).problems())
    driver.close()


@pytest.mark.parametrize("how", ["unwritable folder", "read-only disk"])
def test_the_records_screen_says_results_cannot_be_kept_not_that_none_were_played(monkeypatch, how):
    from scenes.menus.records_scene import RecordsScene
    from scenes.ui.widgets import record_text

    if how == "unwritable folder":
        _unwritable_folder()
    else:
        _failing_disk(monkeypatch, errno.EROFS)
    driver = Driver(animation="instant")
    try:
        driver.start(RecordsScene(driver.app))
        record_text(True)
        driver.step(0.1)
        shown = " ".join(d.words for d in record_text(False))
        assert "Results cannot be kept here" in shown and "No games finished yet" not in shown
        assert ("File exists" if how == "unwritable folder" else "Read-only file system") in shown
    finally:
        driver.close()
