"""Opening the records at start-up, away from the screen: the take-over of a big records.json and the update of
an older file show their progress while the window keeps answering; a game finished meanwhile lands once; a
kill in the middle leaves every game to be counted once at the next start; files of versions 1 and 2 keep
every game."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest
import records_old
from test_records import _finished
from test_records_db import _old_entries, older_file, same_numbers

from game.engine.state import Seat
from game.paths import user_data_dir
from game.store import records_db, records_tables
from game.store.records import open_records, records_path, result_entry
from game.store.records_prepare import Preparation

ROOT = Path(__file__).resolve().parent.parent
GAMES = 30_000  # a take-over of a second or two: long enough to watch


@pytest.fixture(autouse=True)
def _closed():
    yield
    records_db.close()


def _old_file(count: int = GAMES) -> list[dict]:
    entries = _old_entries(count)
    old = user_data_dir() / "records.json"
    old.parent.mkdir(parents=True, exist_ok=True)
    old.write_text(json.dumps({"format": 1, "results": entries}), encoding="utf-8")
    return entries


def _driver():
    from scene_driver import Driver

    driver = Driver(animation="instant")
    driver.start(driver.app.scene("title"))
    driver.step()
    return driver


def _frame(driver, seconds: float) -> None:
    """One step of the app, then the rest of the frame left to the work, as the app's loop waits for its next
    frame: a test stepping flat out would starve the work's thread of Python's lock."""
    driver.step(seconds)
    job = driver.app.records_opening.job
    if job is not None:
        job.wait(seconds)


# -------------------------------------------------------------- on screen --

@pytest.fixture
def shown_at_once(monkeypatch):
    """The wait shown from the work's first step (how soon is its own test's): what it shows is checked."""
    from scenes import records_opening

    monkeypatch.setattr(records_opening, "SHOW_AFTER", 0.0)


def test_the_take_over_shows_its_progress_and_the_window_keeps_answering(tmp_path, shown_at_once):
    entries = _old_file()
    driver = _driver()
    driver.app.records_opening.start()
    seen, helped = [], False
    while driver.app.records_opening.job is not None:
        _frame(driver, 0.05)
        top = driver.top
        if top.screen == "records_wait" and top.shown[0] == "taking_over":
            seen.append(top.shown[1])
            if not helped and top.shown[1] >= 20:  # the window answers: F1 opens the keys, Esc closes them
                pygame.image.save(driver.app.window, str(tmp_path / "taking-over.png"))
                driver.key(pygame.K_F1)
                assert driver.top.screen == "help"
                driver.key(pygame.K_ESCAPE)
                helped = True
    driver.step()
    assert helped and len(set(seen)) >= 4, seen  # shown, and it moved on
    assert seen == sorted(seen) and seen[0] < 50 < seen[-1]
    assert driver.top.screen == "title"  # the wait went by itself
    assert not (user_data_dir() / "records.json").exists() and (user_data_dir() / "records.json.imported").exists()
    driver.close()
    same_numbers(entries)


def test_work_done_within_half_a_second_is_never_flashed_on_screen():
    """A small records.json goes over at once: the wait is shown only for work still going after 0.5 s."""
    from types import SimpleNamespace

    from scenes.records_opening import SHOW_AFTER

    driver = _driver()
    try:
        opening = driver.app.records_opening
        opening.job = SimpleNamespace(busy=True, task="taking_over", progress=0.5)  # work that goes on
        opening.since = driver.app.time
        driver.step(SHOW_AFTER - 0.1)
        assert driver.top.screen == "title"
        driver.step(0.2)
        assert driver.top.screen == "records_wait"
    finally:
        driver.app.records_opening.job = None
        driver.close()


def test_the_update_of_an_older_file_shows_its_progress(shown_at_once):
    entries = _old_entries(3000)
    older_file(2, entries)
    driver = _driver()
    driver.app.records_opening.start()
    tasks = set()
    while driver.app.records_opening.job is not None:
        _frame(driver, 0.02)
        if driver.top.screen == "records_wait":
            tasks.add(driver.top.shown[0])
    driver.step()
    assert "updating" in tasks and driver.top.screen == "title"
    driver.close()
    same_numbers(entries)


def test_a_game_finished_during_the_take_over_lands_once():
    from scenes.persist import remember

    entries = _old_file()
    driver = _driver()
    driver.app.records_opening.start()
    session = _finished("classic", [Seat("Ann"), Seat("Newcomer")], 5)
    remember(driver.app, session, None)  # the last box scored while the records are busy
    assert driver.app.records_opening.busy and driver.app.saving.pending == [session]
    assert driver.app.saving.failing is None  # waiting is not failing: nothing said on screen
    assert driver.app.records_opening.job.wait(120)  # the work's own pace, not the app's clock
    driver.step()
    assert driver.app.records_opening.job is None and driver.app.saving.pending == []
    driver.close()
    with open_records() as records:
        when = records.entries()[-1]["date"]  # written last, once the old file was in
    same_numbers(entries + [result_entry(session, when=when)])  # the sums too; every game once
    with open_records() as records:
        assert [s.games for s in records.player_stats() if s.name == "Newcomer"] == [1]


def test_the_records_button_waits_for_the_records_then_opens_them():
    _old_file(5000)
    driver = _driver()
    driver.app.records_opening.start()
    driver.top.records()
    assert driver.top.screen == "records_wait"
    assert driver.app.records_opening.job.wait(120)  # the work's own pace (a thread), not the app's clock
    assert driver.wait_until(lambda: driver.top.screen == "records", seconds=5)
    assert driver.top.finished == 5003
    driver.close()


def test_a_damaged_records_json_found_at_start_up_is_said_on_the_title():
    old = user_data_dir() / "records.json"
    old.parent.mkdir(parents=True, exist_ok=True)
    old.write_text('{"format": 1, "results": [{"variant": "classic", "da', encoding="utf-8")
    driver = _driver()
    driver.app.records_opening.start()
    assert driver.app.records_opening.job.wait(120)
    assert driver.wait_until(lambda: driver.app.records_opening.job is None, seconds=1)
    assert "could not be read" in driver.app.notice and driver.top.screen == "title"
    assert len(list(user_data_dir().glob("records.json.damaged-*"))) == 1
    driver.close()


class _Held(Preparation):
    """Holds still once a fifth of the work (or ``hold_at``) is done, until it is asked to stop: closing comes
    mid-way for certain."""

    def __init__(self, hold_at: float = 0.2) -> None:
        super().__init__()
        self.hold_at = hold_at

    def _noting(self, task: str):
        note = super()._noting(task)

        def held(done: float) -> None:
            note(done)
            if done > self.hold_at:
                self._stop.wait(30)
                note(done)  # raises Stopped
        return held


def test_closing_the_game_during_the_take_over_stops_it_and_the_next_start_does_it_again():
    entries = _old_file()
    driver = _driver()
    job = driver.app.records_opening.job = _Held().start()
    assert _wait_for(lambda: job.task == "taking_over" and job.progress > 0.2)
    driver.app.records_opening.settle()  # what the loop does as it ends: nothing waits, so the work stops
    assert not job.busy and driver.app.records_opening.job is None
    assert (user_data_dir() / "records.json").exists()
    driver.close()
    records_db.close()
    same_numbers(entries)  # the next start: all of it, once


def test_closing_the_game_during_the_update_of_an_older_file_stops_it_and_leaves_the_file_as_it_was():
    entries = _old_entries(3000)
    older_file(2, entries)
    driver = _driver()
    job = driver.app.records_opening.job = _Held().start()
    assert _wait_for(lambda: job.task == "updating" and job.progress > 0.2)
    driver.app.records_opening.settle()
    assert not job.busy and job.error is None  # stopped, not failed
    driver.close()
    conn = sqlite3.connect(records_path())
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 2
    conn.close()
    same_numbers(entries)


def _wait_for(condition, seconds: float = 30.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.005)
    return condition()


# ---------------------------------------------------------------- kill -9 --

def _killed_at(share: float, task: str) -> None:
    """Runs the opening in another process and kills it once its ``task`` is ``share`` done (mid-transaction)."""
    worker = subprocess.Popen([sys.executable, str(ROOT / "tests" / "records_opening_worker.py"), str(share)],
                              stdout=subprocess.PIPE, text=True, env=dict(os.environ))
    for line in worker.stdout:
        name, done = line.split()[:2]
        assert name == task, line
        if float(done) >= share:
            break
    os.kill(worker.pid, signal.SIGKILL)
    worker.wait()
    worker.stdout.close()


def test_a_kill_during_the_take_over_leaves_every_game_to_be_counted_once_at_the_next_start():
    entries = _old_file()
    _killed_at(0.5, "taking_over")
    assert (user_data_dir() / "records.json").exists()  # not taken over: it stays
    same_numbers(entries)
    assert (user_data_dir() / "records.json.imported").exists()
    records_db.close()
    same_numbers(entries)  # and not twice


def test_a_kill_during_the_update_of_an_older_file_leaves_it_whole_and_the_next_start_updates_it():
    entries = _old_entries(3000)
    older_file(2, entries)
    _killed_at(0.5, "updating")
    conn = sqlite3.connect(records_path())
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 2  # as it was
    assert conn.execute("SELECT COUNT(*) FROM results").fetchone()[0] == len(entries)
    conn.close()
    same_numbers(entries)


def _left_to_compact() -> tuple[int, bool, int]:
    """The file's version, whether its compaction is still to do, and its pages no table uses."""
    conn = sqlite3.connect(records_path())
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        marked = conn.execute("SELECT 1 FROM meta WHERE key = ?", (records_db.TO_COMPACT,)).fetchone() is not None
        return version, marked, conn.execute("PRAGMA freelist_count").fetchone()[0]
    finally:
        conn.close()


def test_a_kill_during_the_compaction_after_an_update_leaves_it_to_the_next_start():
    """The update is in (one transaction, with the marker); the compaction after it is not: the next start does it,
    every game kept."""
    entries = _old_entries(3000)
    older_file(2, entries)
    before = records_path().stat().st_size
    _killed_at(0.95, "updating")  # 0.9 is where the compaction starts: killed in the middle of it
    version, marked, free = _left_to_compact()
    assert version == records_tables.VERSION and marked and free > 0  # brought up to date, not yet compacted
    same_numbers(entries)
    assert _left_to_compact()[1:] == (False, 0)
    assert records_path().stat().st_size < before * 0.7
    records_db.close()
    same_numbers(entries)


def test_closing_the_game_during_the_compaction_leaves_it_to_the_next_start():
    entries = _old_entries(3000)
    older_file(2, entries)
    driver = _driver()
    job = driver.app.records_opening.job = _Held(hold_at=0.95).start()
    assert _wait_for(lambda: job.task == "updating" and job.progress > 0.95)
    driver.app.records_opening.settle()
    assert not job.busy and job.error is None  # stopped, not failed
    driver.close()
    version, marked, free = _left_to_compact()
    assert version == records_tables.VERSION and marked and free > 0
    same_numbers(entries)
    assert _left_to_compact()[1:] == (False, 0)


def test_a_version_3_file_left_uncompacted_by_an_earlier_start_is_compacted_with_its_update():
    """Before this version nothing did a compaction again once a start was stopped during it: such a file, mostly
    room no table uses, is compacted as it is brought up to date."""
    entries = _old_entries(1500)
    path = records_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, isolation_level=None)
    records_old.create(conn, 3)
    conn.execute("CREATE TABLE old_rows (row BLOB)")  # as the rows of version 2 were before the compaction
    conn.executemany("INSERT INTO old_rows VALUES (?)", [(bytes(2000),)] * 1000)
    records_old.insert_entries(conn, entries, 3)
    conn.execute("DROP TABLE old_rows")
    conn.close()
    before = path.stat().st_size
    assert _left_to_compact()[2] > 500
    same_numbers(entries)
    assert _left_to_compact() == (records_tables.VERSION, False, 0)
    assert path.stat().st_size < before * 0.6


# -------------------------------------------------------------- versions --

@pytest.mark.parametrize("version", [1, 2])
def test_a_file_of_an_older_version_keeps_every_game_and_shrinks(version):
    entries = _old_entries(1500)
    older_file(version, entries)
    before = records_path().stat().st_size
    same_numbers(entries)
    with open_records() as records:
        conn = records.conn
        assert conn.execute("PRAGMA user_version").fetchone()[0] == records_tables.VERSION
        assert conn.execute("PRAGMA freelist_count").fetchone()[0] == 0  # the old rows' room given back
        assert conn.execute("PRAGMA quick_check").fetchall() == [("ok",)]
        assert not {"old_results", "old_seats", "old_scores"} & {
            name for (name,) in conn.execute("SELECT name FROM sqlite_master")}
        migrated = records.entries()
    assert records_path().stat().st_size < before * 0.7
    # Every game as the new layout keeps it from the start: the same entries, field by field.
    records_db.close()
    os.replace(records_path(), records_path().with_name("migrated.sqlite3"))
    conn = records_db.connect(records_path())
    conn.execute("BEGIN IMMEDIATE")
    records_tables.insert_entries(conn, entries)
    conn.execute("COMMIT")
    with open_records() as records:
        assert records.entries() == migrated
