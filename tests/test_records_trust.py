"""Records that cannot take a game: tables that do not match their version (set aside, new records start), a full
disk (said plainly, the game kept), a file from a newer version (shown read-only, never set aside), and a finished
game whose result could not be written (kept in a file of its own until the records take it)."""

from __future__ import annotations

import errno
import os
import sqlite3
import subprocess

import pytest
from test_records import _finished
from test_records_db import _closed, _count  # noqa: F401 (_closed: the autouse fixture, used by its name)

from game.engine.state import Seat
from game.paths import user_data_dir
from game.store import records_db
from game.store.records import add_result, open_records, records_path
from game.store.records_db import VERSION, RecordsNewer, as_os_error


def _as_at_the_next_start() -> None:
    records_db.close()
    records_db._checked.clear()


# ------------------------------------------------------ tables that do not match --

def test_a_database_whose_tables_do_not_match_its_version_is_set_aside_and_the_game_recorded():
    path = records_path()
    path.parent.mkdir(parents=True)
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE results (id INTEGER PRIMARY KEY, note TEXT)")  # a hand-made file: version, no tables
    conn.execute(f"PRAGMA user_version = {VERSION}")
    conn.commit()
    conn.close()
    message = add_result(_finished("classic", [Seat("Ann")], 1))
    assert message.reason == "mismatched" and "\n" not in message
    assert "its tables do not match its version" in message and message.kept.startswith("records.sqlite3.damaged-")
    assert (user_data_dir() / message.kept).exists()
    assert _count() == 1
    add_result(_finished("classic", [Seat("Ann")], 2))  # and every later game too
    assert _count() == 2


def test_a_table_lost_while_the_records_are_open_sets_them_aside_at_the_next_game():
    add_result(_finished("yatzy", [Seat("Ann")], 1))
    other = sqlite3.connect(records_path())
    other.execute("DROP TABLE seats")  # what a stray tool or a half-copied file leaves
    other.commit()
    other.close()
    message = add_result(_finished("yatzy", [Seat("Ann")], 2))
    assert message.reason == "mismatched" and message.kept
    assert _count() == 1  # the game, in new records


def test_the_mismatch_is_said_in_every_language():
    from game.rules import i18n

    for language in ("en", "nl"):
        i18n.set_language(language)
        assert not i18n.t("records.reason.mismatched").startswith("records.")


# ----------------------------------------------------------------- a full disk --

def test_an_io_error_with_no_room_left_says_disk_full(monkeypatch):
    error = sqlite3.OperationalError("disk I/O error")
    error.sqlite_errorcode = 4874  # SQLITE_IOERR_SHMSIZE: what growing the -shm on a full disk gives
    path = records_path()
    path.parent.mkdir(parents=True)
    roomy = as_os_error(error, path)
    assert roomy.errno == errno.EIO  # room left: a real I/O error, said as one
    monkeypatch.setattr(os, "statvfs", lambda folder: os.statvfs_result((4096, 4096, 100, 0, 0, 10, 0, 0, 0, 255)))
    full = as_os_error(error, path)
    assert (full.errno, full.strerror, full.filename) == (errno.ENOSPC, "disk full", str(path))


@pytest.fixture
def full_disk(tmp_path, monkeypatch):
    """A real, tiny disk (a tmpfs of 256 KB) as the player's home; skipped where one cannot be mounted."""
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(disk)], capture_output=True)
    if mounted.returncode:
        pytest.skip("no tmpfs can be mounted here (needs root)")
    monkeypatch.setenv("DICE_PARLOR_HOME", str(disk / "home"))
    try:
        yield disk
    finally:
        records_db.close()
        subprocess.run(["umount", "-l", str(disk)], check=False)


def _fill(disk) -> None:
    fd = os.open(disk / "filler", os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(fd, b"\0" * 4096)
    except OSError as error:
        assert error.errno == errno.ENOSPC
    finally:
        os.close(fd)


def test_a_full_disk_says_disk_full_and_keeps_the_records(full_disk):
    add_result(_finished("classic", [Seat("Ann")], 1))
    _as_at_the_next_start()  # the -shm is made anew at the next start: on a full disk, SQLite's I/O error
    _fill(full_disk)
    with pytest.raises(OSError) as refused:
        add_result(_finished("classic", [Seat("Ann")], 2))
    assert (refused.value.errno, refused.value.strerror) == (errno.ENOSPC, "disk full")
    assert not any(p.name.startswith("records.sqlite3.damaged") for p in user_data_dir().iterdir())
    (full_disk / "filler").unlink()
    add_result(_finished("classic", [Seat("Ann")], 2))
    assert _count() == 2


# ------------------------------------------------------------ a newer version --

def _written_by_a_newer_version(games: int) -> None:
    for seed in range(games):
        add_result(_finished("yatzy", [Seat("Ann"), Seat("Bob")], seed))
    records_db.close()
    conn = sqlite3.connect(records_path())
    conn.execute(f"PRAGMA user_version = {VERSION + 1}")  # as the next version would leave it
    conn.close()
    records_db._checked.clear()


def test_records_of_a_newer_version_are_shown_read_only_and_never_set_aside():
    from scenes.persist import damage_notice

    _written_by_a_newer_version(2)
    before = records_path().read_bytes()
    with open_records() as records:
        assert records.count() == 2 and records.variants() == ["yatzy"]
        assert isinstance(records.message, RecordsNewer) and "\n" not in records.message
        assert "newer version" in records.message and "no game is added" in records.message
    assert "newer version" in damage_notice(records.message)
    with pytest.raises(OSError) as refused:
        add_result(_finished("yatzy", [Seat("Ann")], 9))
    assert refused.value.errno == errno.EROFS and "newer version" in refused.value.strerror
    assert [p.name for p in user_data_dir().iterdir() if "damaged" in p.name] == []
    records_db.close()
    conn = sqlite3.connect(records_path())
    assert conn.execute("PRAGMA user_version").fetchone()[0] == VERSION + 1  # going back to it finds every game
    assert conn.execute("SELECT COUNT(*) FROM results").fetchone()[0] == 2
    conn.close()
    assert records_path().read_bytes() == before


def test_the_records_command_shows_a_newer_versions_records_and_says_so(capsys):
    from game.cli import main as cli_main

    _written_by_a_newer_version(1)
    assert cli_main(["records"]) == 0
    said = capsys.readouterr()
    assert "Ann" in said.out and said.err.count("\n") == 1 and "newer version" in said.err


# ----------------------------------------------------- a result kept until it can be written --

def _play_at_the_table(seed: int = 9):
    import random

    from scene_driver import Driver

    from game.bots.levels import make_player
    from game.engine.session import Session
    from game.rules.variants import find_variant
    from scenes.scorecard.table import TableScene

    driver = Driver(animation="instant")
    session = Session(find_variant("yatzy"), [Seat("Ann")], seed=seed, rolloff=False)
    table = TableScene(driver.app, session)
    driver.start(table)
    brain = make_player("greedy", random.Random(seed))
    while not session.state.is_terminal():
        table.act(brain.choose(session.state))
        driver.step(0.05)
    return driver, session


def test_a_finished_game_the_records_cannot_take_is_kept_and_added_at_the_next_start():
    from game.store.pending import pending_path, waiting
    from game.store.records import bring_up_to_date
    from game.store.saves import save_path

    _written_by_a_newer_version(1)  # the records take no game here
    driver, session = _play_at_the_table()
    saving = driver.app.saving
    assert saving.pending == [] and saving.kept_waiting  # not only in memory: on disk, in a file of its own
    kept = waiting()
    assert [entry["seats"][0]["total"] for entry in kept] == [session.state.match_totals()[0]]
    assert not save_path().exists()  # the save one move before the end goes: New game + replace loses nothing
    driver.close()
    records_db.close()
    records_path().rename(records_path().with_name("from-the-newer-version.sqlite3"))  # back to records it may write
    records_db._checked.clear()
    assert bring_up_to_date() is None  # the next start
    assert not pending_path().exists()
    with open_records() as records:
        assert [e["seats"][0]["total"] for e in records.entries()] == [kept[0]["seats"][0]["total"]]


def test_kept_results_go_in_once_when_the_records_take_games_again_even_if_stopped_between(monkeypatch):
    import game.store.records as records_module
    from game.store import pending
    from game.store.records import add_waiting

    pending.keep({"variant": "yatzy", "variant_name": "Yatzy", "date": 1.7e9, "games": 1, "solo": True, "undos": 0,
                  "seats": [{"name": "Ann", "kind": "person", "level": None, "total": 222, "won": True,
                             "game_totals": [222], "undos": 0}]})

    def stopped(*args):
        raise KeyboardInterrupt  # a stop after the commit, before the file is cleared
    with monkeypatch.context() as patched:
        patched.setattr(records_module, "taken", stopped)
        with pytest.raises(KeyboardInterrupt):
            add_waiting()
    add_result(_finished("yatzy", [Seat("Bob")], 3))  # the records take a game: the kept one goes first, once
    with open_records() as records:
        assert sorted(s["name"] for e in records.entries() for s in e["seats"]) == ["Ann", "Bob"]
    assert pending.waiting() == []
