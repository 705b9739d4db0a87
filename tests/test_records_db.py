"""The records database: versions, damaged files, kills mid-write, the take-over of records.json, the chart's
order, failing writes, the kiosk's reset and the records screen reading once."""

from __future__ import annotations

import errno
import json
import os
import random
import signal
import sqlite3
import statistics
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
import records_old
from test_records import _finished

from game.engine.state import Seat
from game.paths import user_data_dir
from game.store import records_db, records_tables
from game.store.records import add_result, open_records, read_records, records_path, records_report
from game.store.records_db import VERSION, sidecars

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _closed():
    yield
    records_db.close()  # no connection of a test outlives it


def _count() -> int:
    with open_records() as records:
        return records.count()


# ------------------------------------------------------------------ versions --

def test_a_version_1_database_is_brought_to_this_version_with_its_sums():
    path = records_path()
    path.parent.mkdir(parents=True)
    conn = sqlite3.connect(path)
    conn.executescript(records_old.VERSION_1)  # the first layout: rows, no sums
    conn.execute("INSERT INTO results VALUES (1, 'classic', 'Classic Yahtzee', 100.0, 2, 0, 0, 2)")
    conn.executemany("INSERT INTO seats VALUES (1, ?, ?, 'person', NULL, ?, ?, ?, 1, 'classic', 1, 2, 0)",
                     [(0, "Ann", 500, 1, 1), (1, "Bob", 400, 0, 1)])
    conn.executemany("INSERT INTO scores VALUES (1, ?, ?, ?, 'classic', 0, 1, ?, 100.0)",
                     [(0, 0, 260, "Ann"), (0, 1, 240, "Ann"), (1, 0, 150, "Bob"), (1, 1, 250, "Bob")])
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()
    with open_records() as records:
        assert records.conn.execute("PRAGMA user_version").fetchone()[0] == VERSION
        ann, bob = records.player_stats("classic")
        assert records.message is None and records.count() == 1
        assert (ann.games, ann.wins, ann.average, ann.best, ann.upper_bonus_rate) == (2, 1, 250.0, 260, 0.5)
        assert (bob.games, bob.best, bob.five_alike_rate) == (2, 250, 0.5)
        assert [h.total for h in records.high_scores("classic", solo=False)] == [260, 250, 240, 150]
    add_result(_finished("classic", [Seat("Ann")], 1))  # and it takes new games
    assert _count() == 2


def older_file(version: int, entries: list[dict]) -> None:
    """Records of an older version holding these games, as that version wrote them."""
    path = records_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, isolation_level=None)
    records_old.create(conn, version)
    records_old.insert_entries(conn, entries, version)
    conn.close()


def test_a_version_3_database_keeps_every_game_and_marks_every_seat_of_a_game_with_undos():
    """Version 3 kept only each game's count of undos: who took a scoring back is not known, so every seat of such
    a game stays marked; games added after it mark only the seat that undid."""
    from test_records import _finished_with_an_undo

    entries = _old_entries(300)
    older_file(3, entries)
    same_numbers(entries)
    with open_records() as records:
        conn = records.conn
        assert conn.execute("PRAGMA user_version").fetchone()[0] == VERSION == 5
        assert conn.execute("PRAGMA quick_check").fetchall() == [("ok",)]
        seats = conn.execute("SELECT r.undos, s.undos FROM seats AS s JOIN results AS r ON r.id = s.result").fetchall()
        assert len(seats) == sum(len(e["seats"]) for e in entries) and all(game == seat for game, seat in seats)
        assert any(game > 0 for game, _ in seats) and any(game == 0 for game, _ in seats)
        assert not conn.execute("SELECT 1 FROM meta WHERE key = ?", (records_db.TO_COMPACT,)).fetchone()
        migrated = records.entries()
    add_result(_finished_with_an_undo(1, names=("Dora", "Eli", "Fay")))
    with open_records() as records:
        assert records.entries()[:-1] == migrated
        assert [seat["undos"] for seat in records.entries()[-1]["seats"]] == [0, 1, 0]


def test_a_records_json_with_each_seats_undos_is_taken_over_with_them():
    """A records.json keeps the game's count; an entry that also says each seat's has them taken over too."""
    entries = _old_entries(30)
    for entry in entries:
        entry["undos"] = len(entry["seats"]) - 1
        for index, seat in enumerate(entry["seats"]):
            seat["undos"] = int(index > 0)
    old = user_data_dir() / "records.json"
    old.parent.mkdir(parents=True)
    old.write_text(json.dumps({"format": 1, "results": entries}), encoding="utf-8")
    same_numbers(entries)
    assert [[seat["undos"] for seat in entry["seats"]] for entry in read_records()[0]] == \
        [[int(index > 0) for index in range(len(entry["seats"]))] for entry in entries]


@pytest.mark.parametrize("undos", ["1", -1, 1.5, True])
def test_a_records_json_with_an_odd_undo_count_for_a_seat_is_refused_not_crashed(undos):
    entries = _old_entries(3)
    entries[1]["seats"][0]["undos"] = undos
    old = user_data_dir() / "records.json"
    old.parent.mkdir(parents=True)
    old.write_text(json.dumps({"format": 1, "results": entries}), encoding="utf-8")
    found, message = read_records()
    assert found == [] and message.reason == "not_records"


@pytest.mark.parametrize("where, value", [
    (("seats", 0, "total"), 10 ** 30), (("seats", 0, "undos"), 2 ** 63), (("games",), 10 ** 20),
    (("seats", 0, "game_totals"), [10 ** 30]), (("seats", 0, "game_totals"), "12"),
    (("date",), float("inf")), (("date",), float("nan")), (("date",), -5)])
def test_a_hand_edited_records_json_with_a_number_sqlite_cannot_keep_is_refused_not_crashed(where, value):
    """JSON has no size limit on numbers (and Python's reads Infinity): the take-over refuses such a file,
    keeps it aside, and the game starts with empty records instead of failing at every start."""
    entries = _old_entries(3)
    target = entries[1]
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = value
    old = user_data_dir() / "records.json"
    old.parent.mkdir(parents=True)
    old.write_text(json.dumps({"format": 1, "results": entries}), encoding="utf-8")
    found, message = read_records()
    assert found == [] and message.reason == "not_records"


def test_a_database_from_a_newer_version_is_opened_read_only_not_set_aside():
    add_result(_finished("yatzy", [Seat("Ann")], 1))
    records_db.close()
    conn = sqlite3.connect(records_path())
    conn.execute(f"PRAGMA user_version = {VERSION + 1}")
    conn.close()
    with open_records() as records:  # tests/test_records_trust.py has the rest
        assert records.message.reason == "newer" and records.count() == 1


# ------------------------------------------------------------ damaged files --

def _some_games() -> None:
    for seed in range(3):
        add_result(_finished("yatzy", [Seat("Ann"), Seat("Bob")], seed))
    records_db.close()  # the log goes into the file


def _spoil_an_index_page(path: Path) -> None:
    conn = sqlite3.connect(path)
    page = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'scores_top'").fetchone()[0]
    size = conn.execute("PRAGMA page_size").fetchone()[0]
    conn.close()
    with open(path, "r+b") as handle:
        handle.seek((page - 1) * size + 8)
        handle.write(b"\xff" * 200)  # the index's cell pointers point nowhere: only a full check sees it


def _cut_in_half(path: Path) -> None:
    with open(path, "r+b") as handle:
        handle.truncate(path.stat().st_size // 2)


@pytest.mark.parametrize("damage,reason", [
    (lambda path: path.write_bytes(b"these are not the records you are looking for" * 50), "not_database"),
    (_cut_in_half, "truncated"),
    (_spoil_an_index_page, "failed_check"),
])
def test_a_damaged_database_is_kept_aside_with_one_line_and_new_records_start(damage, reason):
    from scenes.persist import damage_notice

    _some_games()
    path = records_path()
    damage(path)
    sidecars(path)[1].write_bytes(b"a stale -shm")
    records_db._checked.clear()  # as at the next start
    message = add_result(_finished("yatzy", [Seat("Ann")], 9))
    assert message.reason == reason and "\n" not in message and message.kept.startswith("records.sqlite3.damaged-")
    kept = user_data_dir() / message.kept
    assert kept.exists()
    shm = Path(str(kept) + "-shm")  # the stale -shm goes along (unless SQLite's check already removed it)
    assert (shm.exists() and shm.read_bytes() == b"a stale -shm") or not shm.exists()
    assert not sidecars(path)[1].exists() or sidecars(path)[1].read_bytes() != b"a stale -shm"
    assert "could not be read" in damage_notice(message)
    assert _count() == 1  # the new game, in new records


def test_the_new_reasons_are_said_in_every_language():
    from game.rules import i18n

    for language in ("en", "nl"):
        i18n.set_language(language)
        for reason in ("not_database", "truncated", "failed_check", "newer"):
            assert not i18n.t(f"records.reason.{reason}").startswith("records.")


# ------------------------------------------------------------------- kill -9 --

def test_killed_at_random_moments_no_reported_game_is_lost_and_the_file_stays_whole():
    rng = random.Random(2026)
    env = dict(os.environ)
    reported: dict[str, int] = {}
    for attempt in range(6):
        name = f"K{attempt}"
        worker = subprocess.Popen([sys.executable, str(ROOT / "tests" / "records_worker.py"), name, "10000",
                                   "--report"], stdout=subprocess.PIPE, text=True, env=env)
        lines = [worker.stdout.readline() for _ in range(rng.randint(1, 40))]
        os.kill(worker.pid, signal.SIGKILL)  # whatever it is doing now: often mid-write
        worker.wait()
        lines += worker.stdout.read().splitlines()  # reported before it died, not read yet
        worker.stdout.close()
        reported[name] = max(int(line.split()[1]) for line in lines if line.strip())
    with open_records() as records:
        assert records.message is None
        assert records.conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        counted = dict(records.conn.execute("SELECT n.name, COUNT(*) FROM seats AS s JOIN names AS n ON n.id = s.name "
                                            "GROUP BY n.name").fetchall())
        sums = {s.name: s.games for s in records.player_stats("yatzy")}
    for name, count in reported.items():
        assert counted[name] >= count  # one more may have landed after its line was written
        assert sums[name] == counted[name]  # the sums moved with the rows, in the same transaction


# ------------------------------------------------------------- the take-over --

def _old_high_scores(entries, variant, solo):
    found = [(t, seat["name"], entry["date"], seat.get("undos", entry.get("undos", 0)))  # the game's: not known who
             for entry in entries if entry["variant"] == variant and entry.get("solo", False) == solo
             for seat in entry["seats"] if seat.get("kind") != "computer"
             for t in (seat.get("game_totals") or [seat["total"]])]
    found.sort(key=lambda h: (-h[0], h[2]))
    return found[:10]


def _old_player_stats(entries, variant=None):
    """What the JSON records computed (the reference): by name, people only."""
    by_name: dict = {}
    for entry in entries:
        if variant and entry["variant"] != variant:
            continue
        for seat in entry["seats"]:
            if seat.get("kind") != "computer":
                by_name.setdefault(seat["name"], []).append((entry, seat))
    found = []
    for name, played in sorted(by_name.items(), key=lambda item: (item[0].lower(), item[0])):
        totals = [t for _, seat in played for t in (seat.get("game_totals") or [seat["total"]])]
        bonus = [seat["upper_bonus"] for _, seat in played if seat.get("upper_bonus") is not None]
        five = [seat["five_alike"] for _, seat in played if seat.get("five_alike") is not None]
        bonus_games = sum(entry.get("games", 1) for entry, seat in played if seat.get("upper_bonus") is not None)
        five_games = sum(entry.get("games", 1) for entry, seat in played if seat.get("five_alike") is not None)
        wins = sum(bool(seat.get("won")) for entry, seat in played if len(entry["seats"]) > 1)
        found.append((name, len(totals), wins,
                      round(statistics.fmean(totals), 1), max(totals),
                      round(sum(bonus) / bonus_games, 3) if bonus_games else None,
                      round(sum(five) / five_games, 3) if five_games else None, sorted(totals)))
    return found


def _old_entries(count: int) -> list[dict]:
    from game.store.records import result_entry

    rng = random.Random(5)
    entries = [result_entry(_finished(v, [Seat("Ann"), Seat("Cpu", "computer", "greedy")], s), when=1000.0 + s)
               for s, v in enumerate(["classic", "jackpot", "dutch"])]
    for _i in range(count):
        variant = rng.choice(["classic", "yatzy", "dutch", "jackpot"])
        games = rng.choice([1, 2, 6]) if variant == "dutch" else 1
        seats = []
        for k in range(rng.randint(1, 6)):
            totals = [rng.randint(0, 400) for _ in range(games)]
            seat = {"name": rng.choice(["Ann", "ann", "Bob", "Zoë", "Cas"]), "total": sum(totals),
                    "won": rng.random() < 0.3, "game_totals": totals}
            if k and rng.random() < 0.3:
                seat.update(kind="computer", level="greedy")
            if variant != "jackpot":
                seat.update(upper_bonus=rng.randint(0, games), five_alike=rng.choice([None, 0, 1]))
            seats.append(seat)
        entry = {"variant": variant, "date": 2000.0 + rng.randint(0, count // 2), "seats": seats}
        if rng.random() < 0.8:  # older files lack some fields
            entry.update(games=games, solo=len(seats) == 1, undos=rng.randint(0, 2))
        entries.append(entry)
    return entries


def same_numbers(entries: list[dict]) -> None:
    """The records hold exactly these games: every high score table and every player's statistics, as the
    old records.json code counted them."""
    with open_records() as records:
        assert records.message is None and records.count() == len(entries)
        for variant in ("classic", "yatzy", "dutch", "jackpot"):
            for solo in (True, False):
                assert [(h.total, h.name, h.date, h.undos) for h in records.high_scores(variant, solo)] == \
                    _old_high_scores(entries, variant, solo)
        for variant in (None, "classic", "yatzy", "dutch", "jackpot"):
            found = records.player_stats(variant, scores=True)  # by name; "Ann" before "ann" (was: first seen)
            assert [(s.name, s.games, s.wins, s.average, s.best, s.upper_bonus_rate, s.five_alike_rate,
                     sorted(t for _, t in s.scores)) for s in found] == _old_player_stats(entries, variant)


def test_the_old_records_json_is_taken_over_once_with_every_game_and_the_same_numbers():
    entries = _old_entries(400)
    old = user_data_dir() / "records.json"
    old.parent.mkdir(parents=True)
    old.write_text(json.dumps({"format": 1, "results": entries}), encoding="utf-8")
    same_numbers(entries)
    assert not old.exists() and old.with_name("records.json.imported").exists()
    records_db.close()
    assert _count() == len(entries)  # not twice


def test_a_stop_between_the_take_over_and_the_rename_counts_no_game_twice():
    old = user_data_dir() / "records.json"
    old.parent.mkdir(parents=True)
    old.write_text(json.dumps({"format": 1, "results": _old_entries(20)}), encoding="utf-8")
    assert _count() == 23
    records_db.close()
    imported = old.with_name("records.json.imported")
    os.replace(imported, old)  # as if the kill came just before the rename: same file, same time
    assert _count() == 23 and not old.exists() and imported.exists()


# ---------------------------------------------------------------- the chart --

def test_the_chart_shows_a_matchs_games_in_the_order_they_were_played():
    from game.engine.session import Session
    from game.rules.variants import find_variant
    from game.store.records import result_entry

    session = Session(find_variant("dutch"), [Seat("Ann")], games=3, seed=4)
    entry = result_entry(session, when=500.0)
    entry["seats"][0].update(total=600, game_totals=[300, 100, 200])
    earlier = dict(entry, date=400.0, seats=[dict(entry["seats"][0], total=50, game_totals=[10, 40])], games=2)
    conn = records_db.connect(records_path())
    conn.execute("BEGIN IMMEDIATE")
    records_tables.insert_entries(conn, [entry, earlier])
    conn.execute("COMMIT")
    with open_records() as records:
        assert [t for _, t in records.chart("dutch", "Ann")] == [10, 40, 300, 100, 200]
        assert [t for _, t in records.chart("dutch", "Ann", last=3)] == [300, 100, 200]
        assert [t for _, t in records_report(records, "dutch")["players"][0]["scores"]] == [10, 40, 300, 100, 200]


# ------------------------------------------------------------ failing writes --

def test_a_full_disk_under_sqlite_is_an_oserror_naming_the_file():
    add_result(_finished("classic", [Seat("Ann")], 1))
    conn = records_db.connect(records_path())
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own "database or disk is full"
    with pytest.raises(OSError) as raised:
        for seed in range(40):
            add_result(_finished("classic", [Seat("Ann")] * 4, seed))
    assert raised.value.errno == errno.ENOSPC and raised.value.filename == str(records_path())
    assert not conn.in_transaction  # rolled back: the next try starts clean


def test_a_busy_database_is_an_oserror_and_the_result_waits(monkeypatch):
    monkeypatch.setattr(records_db, "BUSY_SECONDS", 0.2)
    add_result(_finished("classic", [Seat("Ann")], 1))
    records_db.close()
    blocker = sqlite3.connect(records_path(), isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")  # another game is writing and does not finish
    try:
        with pytest.raises(OSError) as raised:
            add_result(_finished("classic", [Seat("Ann")], 2))
        assert raised.value.errno == errno.EBUSY
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    add_result(_finished("classic", [Seat("Ann")], 2))
    assert _count() == 2


# ------------------------------------------------------- the kiosk and screen --

def test_the_kiosks_reset_moves_the_database_aside_and_keeps_it_under_a_name_that_says_reset():
    from scene_driver import Driver

    from game.store.kiosk import KioskConfig
    from scenes.kiosk.panels import AdminPanel

    _some_games()
    add_result(_finished("yatzy", [Seat("Ann")], 5))  # a connection is open, games in the log
    driver = Driver(animation="instant", kiosk=KioskConfig(admin_pin="432109"))
    panel = AdminPanel(driver.app, driver.app.kiosk)
    panel.reset_records()  # the first tap only asks
    assert _count() == 4
    panel.reset_records()
    assert panel.note == "Records reset." or "reset" in panel.note.lower()
    kept = list(user_data_dir().glob("records.sqlite3.reset-*"))
    kept = [k for k in kept if not k.name.endswith(("-wal", "-shm"))]
    assert len(kept) == 1 and not list(user_data_dir().glob("*damaged*"))  # nothing was wrong with it
    conn = sqlite3.connect(kept[0])
    assert conn.execute("SELECT COUNT(*) FROM results").fetchone()[0] == 4  # whole, log and all
    conn.close()
    assert _count() == 0
    driver.close()


def test_the_records_screen_reads_a_variant_once_not_at_every_frame(monkeypatch):
    from scene_driver import Driver

    from game.store.records import Records
    from scenes.menus.records_scene import RecordsScene

    for seed in range(3):
        add_result(_finished("yatzy", [Seat("Ann"), Seat("Bob")], seed))
    add_result(_finished("classic", [Seat("Cas")], 1))
    calls = []
    real = Records.player_stats
    monkeypatch.setattr(Records, "player_stats", lambda self, *a, **k: calls.append(a) or real(self, *a, **k))
    driver = Driver(animation="instant")
    scene = RecordsScene(driver.app)
    driver.start(scene)
    assert [v.id for v in scene.variants] == ["classic", "yatzy"]  # the games with records, catalogue order
    for _ in range(10):
        driver.step(0.1)
    assert len(calls) == 1 and [s.name for s in scene.stats()] == ["Cas"]
    driver.key(pygame.K_RIGHT)  # the next game's tab
    for _ in range(10):
        driver.step(0.1)
    assert len(calls) == 2 and {s.name for s in scene.stats()} == {"Ann", "Bob"}
    assert len(scene.stats()[0].scores) == 3  # the chosen player's chart
    driver.close()


def test_read_records_gives_back_what_was_added():
    session = _finished("classic", [Seat("Ann"), Seat("Bot", "computer", "greedy")], 2)
    add_result(session)
    entries, message = read_records()
    assert message is None and entries[0]["seats"][1]["kind"] == "computer"
    assert entries[0]["seats"][0]["game_totals"] == [session.state.match_totals()[0]]


def test_a_version_4_database_keeps_every_game_and_takes_the_coachs_decisions_after():
    """Version 5 adds the coach's tables: a version 4 file keeps every game (none has decisions) and takes new
    games with theirs."""
    from test_practice import coached_game

    entries = _old_entries(200)
    older_file(3, entries)
    conn = sqlite3.connect(records_path(), isolation_level=None)
    for statement in records_tables.FROM_VERSION_3:
        conn.execute(statement)
    conn.execute("PRAGMA user_version = 4")
    conn.close()
    same_numbers(entries)
    with open_records() as records:
        assert records.conn.execute("PRAGMA user_version").fetchone()[0] == VERSION == 5
        assert records.conn.execute("SELECT COUNT(*) FROM decisions").fetchone() == (0,)
        assert records.practice_names() == [] and records.mean_loss("classic", "Ann") is None
        migrated = records.entries()
    session = coached_game("classic", ["Ann"], seed=2)
    add_result(session)
    with open_records() as records:
        assert records.entries()[:-1] == migrated
        count, loss = session.review.sums(0, 1)[0]
        assert count > 20 and records.mean_loss("classic", "Ann") == pytest.approx(loss / count)
        assert len(records.slips("Ann", 100)) == len(session.review.slips(0)) > 0
