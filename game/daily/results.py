"""Each person's daily results and streaks, in a small JSON file of the user's data folder (``daily.json``).

Why a file of its own and not the records database: the daily games are kept apart from the other games (their
high scores and statistics are not the day's), the data is tiny (a date, a name, a score, the moves), and a file
written atomically (game.store.storage) and read through the safe reader (game.paths.read_file) is the simplest
thing that survives a crash, a damaged file (moved aside, play goes on) and two games finishing at once (a lock).

A person's first finished game of a UTC day is that day's result; more tries that day are practice (counted,
not kept). A result is kept only if its moves replay against the day's dice to its score (game.daily.play):
a result edited into the file is refused on reading, so it never shows nor counts for a streak.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from game.daily.dice import parse_day
from game.daily.play import replay
from game.engine.card import Card
from game.engine.session import Session
from game.engine.state import MAX_NAME
from game.paths import user_data_dir
from game.rules.variant import Variant
from game.store.storage import lock_for, move_aside, read_json, write_json

log = logging.getLogger("dice_parlor.daily")
FORMAT = 1
KEEP_MOVES_DAYS = 31  # older results keep their score only: the file stays a few KB
KEEP_DAYS = 1000  # and results older than this go (a streak longer than that counts from there)


def daily_path() -> Path:
    return user_data_dir() / "daily.json"


def same_person(a: str, b: str) -> bool:
    return a.strip().casefold() == b.strip().casefold()


# Moves kept short: "r" roll, "h2"/"l2" hold/release die 2, "s.chance" score a box.
def encode_moves(moves: list[dict[str, Any]]) -> str:
    short = {"roll": lambda m: "r", "hold": lambda m: f"h{m['die']}", "release": lambda m: f"l{m['die']}",
             "score": lambda m: f"s.{m['box']}"}
    return " ".join(short[m["type"]](m) for m in moves)


def decode_moves(text: Any) -> list[dict[str, Any]] | None:
    if not isinstance(text, str):
        return None
    moves: list[dict[str, Any]] = []
    for token in text.split():
        if token == "r":
            moves.append({"type": "roll"})
        elif token[:1] in ("h", "l") and token[1:].isdigit() and len(token) <= 3:
            moves.append({"type": "hold" if token[0] == "h" else "release", "die": int(token[1:])})
        elif token.startswith("s.") and len(token) > 2:
            moves.append({"type": "score", "box": token[2:]})
        else:
            return None
    return moves


@dataclass(frozen=True)
class DayResult:
    name: str
    score: int
    moves: list[dict[str, Any]] | None  # None once the result is older than KEEP_MOVES_DAYS
    card: Card | None = None  # as its moves filled it (None without them)
    game: Session | None = None  # the game its moves replay (None without them): the coach's review reads it


class DailyResults:
    """The results file's content: ``days[date][i]`` is {"name", "score", "moves"}, ``practice[date]`` the
    tries after the first, by name."""

    def __init__(self, data: dict[str, Any] | None = None):
        data = data if isinstance(data, dict) else {}
        days = data.get("days")
        self.days: dict[str, list[dict[str, Any]]] = days if isinstance(days, dict) else {}
        practice = data.get("practice")
        self.practice: dict[str, dict[str, int]] = practice if isinstance(practice, dict) else {}

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "days": self.days, "practice": self.practice}

    def entries(self, day: date) -> list[dict[str, Any]]:
        entries = self.days.get(day.isoformat())
        return [e for e in entries if _well_formed(e)] if isinstance(entries, list) else []

    def result_of(self, day: date, name: str) -> dict[str, Any] | None:
        return next((e for e in self.entries(day) if same_person(e["name"], name)), None)

    def day_results(self, day: date, variant: Variant) -> list[DayResult]:
        """The day's results of everyone at this computer, each checked by replaying its moves (a result that
        does not replay to its score is left out, and the log says so)."""
        shown = []
        for entry in self.entries(day):
            moves = decode_moves(entry.get("moves")) if "moves" in entry else None
            card = game = None
            if moves is not None:
                checked = replay(day, variant, moves, entry["score"])
                if checked.score is None:
                    log.warning("daily: %s's result of %s refused: %s", entry["name"][:40], day, checked.why)
                    continue
                card, game = checked.card, checked.session
            elif _days_ago(day) <= KEEP_MOVES_DAYS:
                continue  # a recent result without its moves cannot be checked: refused
            shown.append(DayResult(entry["name"], entry["score"], moves, card, game))
        return shown

    def streak(self, name: str, today: date) -> int:
        """Consecutive UTC days with a result, up to today (or up to yesterday while today is not played yet)."""
        played = {day for day in self._dates() if any(same_person(e["name"], name) for e in self.entries(day))}
        day = today if today in played else today - timedelta(days=1)
        count = 0
        while day in played:
            count += 1
            day -= timedelta(days=1)
        return count

    def practice_tries(self, day: date, name: str) -> int:
        tries = self.practice.get(day.isoformat(), {})
        return next((n for who, n in tries.items() if same_person(who, name) and type(n) is int), 0) \
            if isinstance(tries, dict) else 0

    def _dates(self) -> list[date]:
        dates = []
        for text in self.days:
            try:
                dates.append(parse_day(text))
            except ValueError:
                continue
        return dates

    def add(self, day: date, variant: Variant, name: str, moves: list[dict[str, Any]]) -> tuple[bool, int | None]:
        """A finished game: (whether it became the day's result, its score); a second try is practice, counted.
        A game whose moves do not replay to a finished game is refused: (False, None)."""
        checked = replay(day, variant, moves)
        if checked.score is None:
            log.warning("daily: a game of %s not kept: %s", day, checked.why)
            return False, None
        key = day.isoformat()
        if self.result_of(day, name) is not None:
            tries = self.practice.setdefault(key, {})
            tries[name] = self.practice_tries(day, name) + 1
            return False, checked.score
        entries = self.days.get(key) if isinstance(self.days.get(key), list) else []
        entries.append({"name": name, "score": checked.score, "moves": encode_moves(moves)})
        self.days[key] = entries
        self._trim(day)
        return True, checked.score

    def _trim(self, today: date) -> None:
        for text in list(self.days):
            try:
                age = (today - parse_day(text)).days
            except ValueError:
                age = KEEP_DAYS + 1
            if age > KEEP_DAYS:
                del self.days[text]
                self.practice.pop(text, None)
            elif age > KEEP_MOVES_DAYS and isinstance(self.days[text], list):
                for entry in self.days[text]:
                    if isinstance(entry, dict):
                        entry.pop("moves", None)
        for text in list(self.practice):
            if text not in self.days:
                del self.practice[text]


def _well_formed(entry: Any) -> bool:
    return (isinstance(entry, dict) and isinstance(entry.get("name"), str) and 0 < len(entry["name"]) <= MAX_NAME
            and type(entry.get("score")) is int and 0 <= entry["score"] < 10_000)


def _days_ago(day: date) -> int:
    from game.daily.dice import utc_day

    return (utc_day() - day).days


def load_results(path: Path | None = None) -> DailyResults:
    """The results kept; none where there is no file; a damaged one is moved aside (kept for a bug report)."""
    path = path or daily_path()
    try:
        data = read_json(path)
    except FileNotFoundError:
        return DailyResults()
    except (OSError, ValueError) as error:
        log.warning("daily: %s cannot be read (%s): starting afresh", path, type(error).__name__)
        if path.is_file():
            move_aside(path)
        return DailyResults()
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        log.warning("daily: %s is not a daily results file of this version: starting afresh", path)
        move_aside(path)
        return DailyResults()
    return DailyResults(data)


def record_game(day: date, variant: Variant, name: str, moves: list[dict[str, Any]], path: Path | None = None
                ) -> tuple[bool, int | None]:
    """Add a finished game to the file, under its lock (two games finishing at once lose neither)."""
    path = path or daily_path()
    with lock_for(path):
        results = load_results(path)
        kept = results.add(day, variant, name, moves)
        write_json(path, results.to_json(), backup=False)
    return kept
