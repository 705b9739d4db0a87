"""Records: every finished game's result, kept in a SQLite database in the user's data folder; high
scores, statistics and each player's chart are queries on it.

Each finished game adds one result (the variant, the date, each seat's total and each game's total,
who won, the upper bonus and five alike where the game has them, and the scorings each seat took back)
in one transaction: two games finishing at once both land, a kill loses no finished game. High scores
and statistics count people, not computer players. The file and damage are ``records_db``'s, the tables
and their versions ``records_tables``'s, the take-over of an old records.json ``records_import``'s.
"""

from __future__ import annotations

import errno
import json
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.engine.session import Session
from game.paths import user_data_dir
from game.store.pending import KEY, PENDING_FILE, taken, waiting
from game.store.records_db import (
    BUSY_SECONDS,
    Damaged,
    RecordsDamage,
    RecordsNewer,
    as_os_error,
    close,
    connect,
    damage_reason,
    is_damage,
    move_db_aside,
    newer_version,
    writable,
)
from game.store.records_import import JSON_FILE, take_over
from game.store.records_tables import Progress, insert_entries
from game.store.storage import move_aside

__all__ = ["RecordsDamage", "RecordsNewer", "Records", "add_result", "open_records", "read_records", "records_report"]
RECORDS_FILE = "records.sqlite3"
TOP = 10
CHART = 40  # games on a player's chart: the latest
PRACTICE = 12  # positions in one round of Practice


def records_path() -> Path:
    return user_data_dir() / RECORDS_FILE


def result_entry(session: Session, when: float | None = None) -> dict[str, Any]:
    """One finished game, as the records keep it."""
    state, variant = session.state, session.variant
    winners = set(state.winners())
    totals = state.match_totals()
    seats = []
    for index, seat in enumerate(state.seats):
        entry: dict[str, Any] = {"name": seat.name, "kind": seat.kind, "level": seat.level,
                                 "total": totals[index], "won": index in winners,
                                 "game_totals": [state.game_totals(g)[index] for g in range(state.games)],
                                 "undos": session.undos_of(index)}
        sums = session.review.sums(index, state.games) if not seat.is_computer else []
        if any(count for count, _ in sums):  # the coach weighed this person's choices: (count, loss) a game
            entry.update(decisions=[list(game) for game in sums], slips=session.review.slips(index))
        entry.update(state.bonuses_won(index))  # a scorecard game's upper bonuses and five alikes; Jackpot's: none
        seats.append(entry)
    return {"variant": variant.id, "variant_name": variant.name.get("en"), "date": when or time.time(),
            "games": state.games, "solo": state.n == 1, "undos": session.undos, "seats": seats}


@dataclass
class HighScore:
    total: int
    name: str
    date: float
    undos: int  # the scorings this player took back in that game (or match): the score is marked


@dataclass
class Stats:
    name: str
    games: int
    wins: int
    average: float
    best: int
    upper_bonus_rate: float | None
    five_alike_rate: float | None
    scores: list[tuple[float, int]] = field(default_factory=list)  # (date, total) in play order, for the chart


def _open(path: Path, updating: Progress | None = None, taking_over: Progress | None = None
          ) -> tuple[sqlite3.Connection, str | None]:
    """The database, current; a damaged one is moved aside (the message says so) and the old file taken over.
    ``updating`` and ``taking_over`` hear how far those two are, when there is something to do."""
    message = None
    try:
        conn = connect(path, updating)
    except Damaged as damage:
        message = RecordsDamage(damage.problem, damage.reason, move_db_aside(path))
        conn = connect(path, updating)
    version = newer_version(path)
    if version is not None:
        return conn, RecordsNewer(version)  # read-only: the old records.json waits for a version that may write
    try:
        old = take_over(conn, path.parent, taking_over)
    except sqlite3.Error as error:
        raise as_os_error(error, path) from error
    return conn, message or old


def bring_up_to_date(path: Path | None = None, updating: Progress | None = None,
                     taking_over: Progress | None = None) -> str | None:
    """Open the records as the first open of a run does (checked, brought to this version, the old records.json
    taken over) and say how far it is; returns the message about a damaged file set aside, if any."""
    path = path or records_path()
    _, message = _open(path, updating, taking_over)
    if not isinstance(message, RecordsNewer):
        add_waiting(path)  # games kept while the records could not take them: in now
    return message


def _write(conn: sqlite3.Connection, path: Path, entries: list[dict[str, Any]]) -> int:
    """Add the entries; returns the number of the last one (read in the same transaction: ours)."""
    try:
        conn.execute("BEGIN IMMEDIATE")
        insert_entries(conn, entries)
        last = conn.execute("SELECT MAX(id) FROM results").fetchone()[0]
        number = int(last) if last is not None else 0  # none yet (nothing was added)
        conn.execute("COMMIT")
        return number
    except sqlite3.Error as error:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        if is_damage(error):
            raise Damaged(str(error), damage_reason(error)) from error
        raise as_os_error(error, path) from error


def add_waiting(path: Path | None = None) -> int:
    """Add the results kept while the records could not take them (``pending``); returns how many went in.
    Raises OSError as ``add_result`` does (they keep waiting)."""
    path = path or records_path()
    kept = waiting(pending_file(path))
    if not kept:
        return 0
    writable(path)
    conn, message = _open(path)
    if isinstance(message, RecordsNewer):
        raise OSError(errno.EROFS, f"the records are a newer version's (version {message.version})", str(path))
    numbers = {entry[KEY] for entry in kept}
    try:
        conn.execute("BEGIN IMMEDIATE")
        # Each number is noted in the same transaction as its game: added once, however often this is stopped.
        done = {row[0] for row in conn.execute("SELECT key FROM meta WHERE key LIKE 'pending %'")}
        new = [entry for entry in kept if f"pending {entry[KEY]}" not in done]
        insert_entries(conn, [{k: v for k, v in entry.items() if k != KEY} for entry in new])
        conn.executemany("INSERT INTO meta VALUES (?, 'added')", [(f"pending {entry[KEY]}",) for entry in new])
        conn.execute("COMMIT")
    except sqlite3.Error as error:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise as_os_error(error, path) from error
    taken(numbers, pending_file(path))
    return len(kept)


def pending_file(records: Path) -> Path:
    """The waiting results beside the records they wait for."""
    return records.with_name(PENDING_FILE)


def add_result(session: Session, path: Path | None = None) -> str | None:
    """Add a finished game; returns a message if a damaged file had to be set aside. Raises OSError when the
    records cannot be written (the caller keeps the result and tries again)."""
    path = path or records_path()
    entry = result_entry(session)
    writable(path)  # every time: a disk that became read-only or full says so with its errno
    conn, message = _open(path)
    if isinstance(message, RecordsNewer):  # the caller keeps the result, as for a read-only disk
        raise OSError(errno.EROFS, f"the records are a newer version's (version {message.version}), "
                                   "shown but not written here", str(path))
    add_waiting(path)  # the records take games again: those kept meanwhile go first, in the order played
    try:
        number = _write(conn, path, [entry])
    except Damaged as damage:  # found while writing: set aside, and the game goes into new records
        message = RecordsDamage(damage.problem, damage.reason, move_db_aside(path))
        conn, _ = _open(path)
        number = _write(conn, path, [entry])
    _keep_last(session, path)
    _keep_moves(session, path, number)
    return message


def _keep_last(session: Session, records: Path) -> None:
    """The game with its moves beside the records, for ``dice-parlor review --last`` (a help: a game too long to
    save or a full disk leaves the review of the game before, never the result unwritten)."""
    from game.store.saves import LAST_FILE, keep_last

    try:
        keep_last(session, records.with_name(LAST_FILE))
    except OSError:
        pass


GAMES_DIR = "games"  # beside the records: the moves of the latest games, NUMBER.json, for `review --game NUMBER`
GAMES_KEPT = 100  # the newest games whose moves are kept (a game is 5-30 kB): older ones keep their totals only


def moves_path(records: Path, number: int) -> Path:
    return records.with_name(GAMES_DIR) / f"{number}.json"


def _keep_moves(session: Session, records: Path, number: int) -> None:
    """The game's moves under its number in the records, the newest :data:`GAMES_KEPT` kept (a help, like the last
    game: a full disk leaves the result written and the moves out)."""
    from game.store.saves import save_session

    folder = records.with_name(GAMES_DIR)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        save_session(session, moves_path(records, number))
        kept = sorted((int(f.stem), f) for f in folder.glob("*.json") if f.stem.isdigit())
        for _, old in kept[:-GAMES_KEPT]:
            old.unlink()
    except OSError:
        pass


class Records:
    """An open records database: what the screens and the command line ask of it."""

    def __init__(self, conn: sqlite3.Connection, path: Path, message: str | None = None) -> None:
        self.conn, self.path, self.message = conn, path, message

    def _all(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        try:
            return self.conn.execute(sql, args).fetchall()
        except sqlite3.Error as error:
            raise as_os_error(error, self.path) from error

    def count(self) -> int:
        """How many results (games and matches) there are."""
        return int(self._all("SELECT COUNT(*) FROM results")[0][0])

    def variants(self) -> list[str]:
        """The variants with records, by id (each is in ``variants`` from its first result on)."""
        return [row[0] for row in self._all("SELECT variant FROM variants ORDER BY variant")]

    def _variant(self, variant: str) -> int | None:
        found = self._all("SELECT id FROM variants WHERE variant = ?", variant)
        return found[0][0] if found else None

    def high_scores(self, variant: str, solo: bool) -> list[HighScore]:
        """The top ten game totals of people in this variant, solo games and games with others kept apart;
        an earlier date first on a tie."""
        return [HighScore(*row) for row in self._all("""
            SELECT s.total, n.name, s.date, seat.undos FROM scores AS s
            JOIN seats AS seat ON seat.result = s.result AND seat.seat = s.seat JOIN names AS n ON n.id = s.name
            WHERE s.variant = ? AND s.solo = ? AND s.person = 1
            ORDER BY s.total DESC, s.date, s.result, s.seat, s.game LIMIT ?""", self._variant(variant), solo, TOP)]

    def player_stats(self, variant: str | None = None, most_games: bool = False, limit: int = -1,
                     scores: bool = False) -> list[Stats]:
        """Per name (people only): games, matches won, average and best game, how often the bonuses came.
        By name, or with ``most_games`` the most games first; ``scores`` adds every game's total."""
        if variant is None:
            rows = self._all("""SELECT n.name, SUM(games), SUM(wins), SUM(points), MAX(best), SUM(bonus),
                SUM(bonus_games), SUM(five), SUM(five_games) FROM players AS p JOIN names AS n ON n.id = p.name
                GROUP BY p.name ORDER BY SUM(games) DESC, n.name LIMIT ?""", limit)
        else:
            rows = self._all("""SELECT n.name, games, wins, points, best, bonus, bonus_games, five, five_games
                FROM players AS p JOIN names AS n ON n.id = p.name WHERE p.variant = ?
                ORDER BY p.games DESC, n.name LIMIT ?""", self._variant(variant), limit)
        found = [Stats(name, games, wins, round(points / games, 1), best,
                       round(bonus / bonus_games, 3) if bonus_games else None,
                       round(five / five_games, 3) if five_games else None)
                 for name, games, wins, points, best, bonus, bonus_games, five, five_games in rows]
        if not most_games:
            found.sort(key=lambda s: (s.name.lower(), s.name))
        if scores:
            by_name = {s.name: s.scores for s in found}
            names = dict(self._all("SELECT id, name FROM names"))
            where = "variant = ? AND person = 1" if variant else "person = 1"
            for name, date, total in self._all(f"SELECT name, date, total FROM scores WHERE {where} "
                                               "ORDER BY name, date, result, game",
                                               *([self._variant(variant)] if variant else [])):
                if names[name] in by_name:
                    by_name[names[name]].append((date, total))
        return found

    def chart(self, variant: str, name: str, last: int = CHART) -> list[tuple[float, int]]:
        """A player's latest game totals in this variant, in the order they were played."""
        rows = self._all("""SELECT date, total FROM scores
            WHERE variant = ? AND person = 1 AND name = (SELECT id FROM names WHERE name = ?)
            ORDER BY date DESC, result DESC, game DESC LIMIT ?""", self._variant(variant), name, last)
        return rows[::-1]

    def entries(self) -> list[dict[str, Any]]:
        """Every result, in ``result_entry``'s shape, oldest first (for tests and exports: it reads them all)."""
        found: dict[int, dict[str, Any]] = {}
        for number, variant, name, date, games, solo, undos in self._all("""
                SELECT r.id, v.variant, n.name, r.date, r.games, r.solo, r.undos FROM results AS r
                JOIN variants AS v ON v.id = r.variant LEFT JOIN names AS n ON n.id = r.variant_name ORDER BY r.id"""):
            found[number] = {"variant": variant, "variant_name": name, "date": date, "games": games,
                             "solo": bool(solo), "undos": undos, "seats": []}
        totals: dict[tuple[int, int], list[int]] = {}
        for number, seat, total in self._all("SELECT result, seat, total FROM scores ORDER BY result, seat, game"):
            totals.setdefault((number, seat), []).append(total)
        for row in self._all("""SELECT s.result, s.seat, n.name, k.kind, k.level, s.total, s.won, s.upper_bonus,
                s.five_alike, s.undos FROM seats AS s JOIN names AS n ON n.id = s.name JOIN kinds AS k ON k.id = s.kind
                ORDER BY s.result, s.seat"""):
            sitting: dict[str, Any] = {"name": row[2], "kind": row[3], "level": row[4], "total": row[5],
                                       "won": bool(row[6]), "game_totals": totals.get((row[0], row[1]), []),
                                       "undos": row[9]}
            if row[7] is not None or row[8] is not None:  # a game whose bonuses are counted (state.bonuses_won)
                sitting.update(upper_bonus=row[7], five_alike=row[8])
            found[row[0]]["seats"].append(sitting)
        for number, seat, game, count, loss in self._all("SELECT * FROM decisions ORDER BY result, seat, game"):
            sums = found[number]["seats"][seat].setdefault("decisions", [])
            sums.extend([[0, 0.0]] * (game - len(sums)))  # a game with no decision has no row
            sums.append([count, loss])
            found[number]["seats"][seat].setdefault("slips", [])
        for number, seat, position in self._all("SELECT result, seat, position FROM slips ORDER BY id"):
            found[number]["seats"][seat].setdefault("slips", []).append(json.loads(position))
        return list(found.values())

    # ---------------------------------------------------------------- the coach's --
    def losses(self, variant: str, name: str, last: int = CHART) -> list[tuple[float, int, float]]:
        """A person's latest games in this variant whose choices the coach weighed, in the order they were played:
        (date, decisions, the points they cost together)."""
        rows = self._all("""SELECT r.date, d.count, d.loss FROM decisions AS d JOIN results AS r ON r.id = d.result
            JOIN seats AS s ON s.result = d.result AND s.seat = d.seat
            WHERE r.variant = ? AND s.name = (SELECT id FROM names WHERE name = ?)
            ORDER BY r.date DESC, r.id DESC, d.game DESC LIMIT ?""", self._variant(variant), name, last)
        return rows[::-1]

    def mean_loss(self, variant: str, name: str) -> float | None:
        """What a person's choices cost on average in this variant, over every decision the coach weighed (points
        per decision); None before any."""
        count, loss = self._all("""SELECT SUM(d.count), SUM(d.loss) FROM decisions AS d
            JOIN results AS r ON r.id = d.result JOIN seats AS s ON s.result = d.result AND s.seat = d.seat
            WHERE r.variant = ? AND s.name = (SELECT id FROM names WHERE name = ?)""", self._variant(variant), name)[0]
        return loss / count if count else None

    def practice_names(self) -> list[str]:
        """The people with slips to practise, the one who played last first."""
        return [row[0] for row in self._all("""SELECT n.name FROM slips AS p JOIN names AS n ON n.id = p.name
            GROUP BY p.name ORDER BY MAX(p.result) DESC, n.name""")]

    def slips(self, name: str, limit: int = PRACTICE) -> list[tuple[int, dict[str, Any]]]:
        """A person's costliest slips, the ones practised least first: (its number, its position)."""
        found, seen = [], set()
        for number, position in self._all("""SELECT id, position FROM slips
                WHERE name = (SELECT id FROM names WHERE name = ?) ORDER BY practised, loss DESC, id LIMIT ?""",
                                          name, limit * 4):
            try:
                data = json.loads(position)
                same = _same_position(data)
            except (ValueError, TypeError, AttributeError):
                continue  # a row spoiled by hand: the others are still practised
            if same in seen:
                continue  # the same position met again (in another game): once a round (issue 38, D13)
            seen.add(same)
            found.append((number, data))
            if len(found) == limit:
                break
        return found

    def costly(self, name: str) -> list[tuple[int, str, dict[str, Any]]]:
        """Every costly choice of a person the records keep, oldest first: (its game's result number, the game's
        variant, its position: :mod:`game.coach.slips`)."""
        found = []
        for result, variant, position in self._all("""SELECT p.result, v.variant, p.position FROM slips AS p
                JOIN results AS r ON r.id = p.result JOIN variants AS v ON v.id = r.variant
                WHERE p.name = (SELECT id FROM names WHERE name = ?) ORDER BY p.id""", name):
            try:
                found.append((result, variant, json.loads(position)))
            except ValueError:
                continue  # a row spoiled by hand: the others still count
        return found

    def weighed(self, name: str) -> tuple[int, float, int]:
        """A person's decisions the coach weighed, in every variant: (how many, what they cost together, in how
        many games)."""
        count, loss, games = self._all("""SELECT SUM(d.count), SUM(d.loss), COUNT(*) FROM decisions AS d
            JOIN seats AS s ON s.result = d.result AND s.seat = d.seat
            WHERE s.name = (SELECT id FROM names WHERE name = ?)""", name)[0]
        return count or 0, loss or 0.0, games or 0

    def result(self, number: int) -> dict[str, Any] | None:
        """One result by its number: variant, date and each seat's name and total (None: no such result)."""
        found = self._all("""SELECT v.variant, r.date FROM results AS r JOIN variants AS v ON v.id = r.variant
            WHERE r.id = ?""", number)
        if not found:
            return None
        seats = self._all("""SELECT n.name, s.total FROM seats AS s JOIN names AS n ON n.id = s.name
            WHERE s.result = ? ORDER BY s.seat""", number)
        costly = self._all("SELECT COUNT(*) FROM slips WHERE result = ?", number)[0][0]
        return {"number": number, "variant": found[0][0], "date": found[0][1], "costly": costly,
                "seats": [{"name": name, "total": total} for name, total in seats]}

    def numbers(self, last: int = 20) -> list[int]:
        """The numbers of the latest results, newest first."""
        return [row[0] for row in self._all("SELECT id FROM results ORDER BY id DESC LIMIT ?", last)]

    def latest(self, name: str) -> tuple[int, str, int] | None:
        """A person's latest result: (its number, variant, their total), None before any."""
        found = self._all("""SELECT r.id, v.variant, s.total FROM seats AS s JOIN results AS r ON r.id = s.result
            JOIN variants AS v ON v.id = r.variant WHERE s.name = (SELECT id FROM names WHERE name = ?)
            ORDER BY r.id DESC LIMIT 1""", name)
        return found[0] if found else None

    def practised(self, number: int) -> None:
        """A slip answered right in Practice goes behind the others next time."""
        try:
            self.conn.execute("UPDATE slips SET practised = practised + 1 WHERE id = ?", (number,))
        except sqlite3.Error as error:
            raise as_os_error(error, self.path) from error


def _same_position(data: dict[str, Any]) -> str:
    """What makes two slips the same question: the card, the dice, the rolls left, the markers and the move chosen
    (not the game or turn they came from)."""
    chosen = data["options"][data["chosen"]]
    return json.dumps([data.get("variant"), sorted(data["card"].items()), sorted(data["dice"]), data.get("rolls_left"),
                       sorted(data.get("markers", [])), chosen[:3]], sort_keys=True)


@contextmanager
def open_records(path: Path | None = None) -> Iterator[Records]:
    """The records, open for reading; ``message`` says if a damaged file was set aside. Raises OSError when
    the database cannot be opened."""
    path = path or records_path()
    conn, message = _open(path)
    yield Records(conn, path, message)


def read_records(path: Path | None = None) -> tuple[list[dict[str, Any]], str | None]:
    """Every result, and a one-line message if a damaged file was set aside."""
    with open_records(path) as records:
        return records.entries(), records.message


def records_report(records: Records, variant: str | None = None) -> dict[str, Any]:
    """Everything ``dice-parlor records --json`` shows: high scores per variant, every player by name."""
    variants = [v for v in records.variants() if variant in (None, v)]
    return {
        "high_scores": {v: {kind: [vars(h) for h in records.high_scores(v, kind == "solo")]
                            for kind in ("solo", "with_others")} for v in variants},
        "players": [dict(vars(s), scores=[list(p) for p in s.scores])
                    for s in records.player_stats(variant, scores=True)],
    }


def reset_records(path: Path | None = None) -> str | None:
    """Set the records aside (kept, in case it was a mistake); new ones start. Returns the name they were kept
    as. This process's connections close first and the log is put into the file, so the kept file is whole."""
    path = path or records_path()
    old = path.with_name(JSON_FILE)
    if old.exists():
        move_aside(old, "reset")  # not taken over yet: it would come back at the next start
    close(path)
    if not path.exists():
        return None
    try:
        conn = sqlite3.connect(path, timeout=BUSY_SECONDS)
        try:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            conn.close()
    except sqlite3.Error:
        pass  # a damaged file is moved as it is
    kept = move_db_aside(path, "reset")
    if kept is None and path.exists():
        raise OSError(f"could not move {path.name} aside")
    return kept
