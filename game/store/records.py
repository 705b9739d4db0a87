"""Records: every finished game's result, kept in the user's data folder; high scores and statistics from them.

Each finished game adds one entry (the variant, the date, each seat's total,
who won, the upper bonus and five alike where the game has them, and
whether any scoring was taken back). Writers hold a file lock and write
atomically, so two games finishing at once both land. High scores and
statistics count people, not computer players.
"""

from __future__ import annotations

import json
import statistics
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.paths import user_data_dir
from game.engine.session import Session
from game.rules.variant import Variant
from game.store.storage import lock_for, move_aside, write_json

RECORDS_FILE = "records.json"
TOP = 10


def records_path() -> Path:
    return user_data_dir() / RECORDS_FILE


def result_entry(session: Session, when: float | None = None) -> dict:
    """One finished game, as the records keep it."""
    state, variant = session.state, session.variant
    winners = set(state.winners())
    totals = state.match_totals()
    seats = []
    for index, seat in enumerate(state.seats):
        entry: dict[str, Any] = {"name": seat.name, "kind": seat.kind, "level": seat.level,
                                 "total": totals[index], "won": index in winners,
                                 "game_totals": [state.game_totals(g)[index] for g in range(state.games)]}
        if isinstance(variant, Variant):  # a scorecard game: its bonuses are counted too
            cards = [state.cards[g][index] for g in range(state.games)]
            entry["upper_bonus"] = sum(card.upper_bonus(variant) > 0 for card in cards)
            five = variant.five_alike_box
            entry["five_alike"] = sum((card.boxes.get(five) or 0) > 0 for card in cards) if five else None
        seats.append(entry)
    return {"variant": variant.id, "variant_name": variant.name.get("en"), "date": when or time.time(),
            "games": state.games, "solo": state.n == 1, "undos": session.undos, "seats": seats}


def read_records(path: Path | None = None) -> tuple[list[dict], str | None]:
    """The entries, and a one-line message if the file was damaged (it is then moved aside, kept)."""
    path = path or records_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return [], None
    except (OSError, UnicodeDecodeError) as error:
        return _damaged(path, str(error), "unreadable")
    try:
        data = json.loads(text)
    except ValueError as error:
        return _damaged(path, f"not complete JSON ({error.msg})", "not_json")
    entries = data.get("results") if isinstance(data, dict) else None
    if not isinstance(entries, list) or not all(_sound(e) for e in entries):
        return _damaged(path, "its entries are not records", "not_records")
    return entries, None


def _count(value: Any) -> bool:
    return value is None or (isinstance(value, int) and not isinstance(value, bool) and value >= 0)


def _sound(entry: Any) -> bool:
    return (isinstance(entry, dict) and isinstance(entry.get("variant"), str)
            and isinstance(entry.get("date"), (int, float)) and isinstance(entry.get("seats"), list)
            and _count(entry.get("games", 1)) and _count(entry.get("undos", 0))
            and all(isinstance(s, dict) and isinstance(s.get("name"), str) and isinstance(s.get("total"), int)
                    and _count(s.get("upper_bonus")) and _count(s.get("five_alike"))
                    and all(isinstance(t, int) for t in s.get("game_totals", []))
                    for s in entry["seats"]))


def game_totals(seat: dict) -> list[int]:
    """Each game's total of a seat (a match of six games is six scores, not one)."""
    return list(seat.get("game_totals") or [seat["total"]])


class RecordsDamage(str):
    """The one-line message about a records file that could not be read, in English (for the command line).

    ``reason`` (unreadable, not_json, not_records) and ``kept`` (the name the file was set aside as, if any)
    let a screen say it in the player's language."""

    problem: str
    reason: str
    kept: str | None

    def __new__(cls, problem: str, reason: str, kept: str | None = None) -> "RecordsDamage":
        where = f"; kept as {kept}" if kept else ""
        message = super().__new__(cls, f"The records file could not be read ({problem}{where}); new records start now.")
        message.problem, message.reason, message.kept = problem, reason, kept
        return message

    def __reduce__(self):
        return (RecordsDamage, (self.problem, self.reason, self.kept))


def _damaged(path: Path, problem: str, reason: str) -> tuple[list[dict], str]:
    kept = move_aside(path)
    return [], RecordsDamage(problem, reason, kept.name if kept else None)


def add_result(session: Session, path: Path | None = None) -> str | None:
    """Append a finished game; returns a message if an old, damaged file had to be set aside."""
    path = path or records_path()
    with lock_for(path):
        entries, message = read_records(path)
        entries.append(result_entry(session))
        write_json(path, {"format": 1, "results": entries})
    return message


@dataclass
class HighScore:
    total: int
    name: str
    date: float
    undos: int


def high_scores(entries: list[dict], variant: str, solo: bool) -> list[HighScore]:
    """The top ten totals of people in this variant, solo games and games with others kept apart."""
    found = [HighScore(total, seat["name"], entry["date"], entry.get("undos", 0))
             for entry in entries if entry["variant"] == variant and entry.get("solo", False) == solo
             for seat in entry["seats"] if seat.get("kind") != "computer" for total in game_totals(seat)]
    found.sort(key=lambda h: (-h.total, h.date))
    return found[:TOP]


@dataclass
class Stats:
    name: str
    games: int
    wins: int
    average: float
    best: int
    upper_bonus_rate: float | None
    five_alike_rate: float | None
    scores: list[tuple[float, int]]  # (date, total), oldest first, for the chart


def player_stats(entries: list[dict], variant: str | None = None) -> list[Stats]:
    """Per name (people only): games, matches won, average and best game, how often the bonuses came."""
    by_name: dict[str, list[tuple[dict, dict]]] = {}
    for entry in entries:
        if variant and entry["variant"] != variant:
            continue
        for seat in entry["seats"]:
            if seat.get("kind") != "computer":
                by_name.setdefault(seat["name"], []).append((entry, seat))
    found = []
    for name, played in sorted(by_name.items(), key=lambda item: item[0].lower()):
        totals = [total for _, seat in played for total in game_totals(seat)]
        bonus = [seat["upper_bonus"] for _, seat in played if seat.get("upper_bonus") is not None]
        five = [seat["five_alike"] for _, seat in played if seat.get("five_alike") is not None]
        bonus_games = sum(entry.get("games", 1) for entry, seat in played if seat.get("upper_bonus") is not None)
        five_games = sum(entry.get("games", 1) for entry, seat in played if seat.get("five_alike") is not None)
        found.append(Stats(
            name, len(totals), sum(bool(seat.get("won")) for entry, seat in played if len(entry["seats"]) > 1),
            round(statistics.fmean(totals), 1), max(totals),
            round(sum(bonus) / bonus_games, 3) if bonus_games else None,
            round(sum(five) / five_games, 3) if five_games else None,
            sorted((entry["date"], total) for entry, seat in played for total in game_totals(seat)),
        ))
    return found


def records_report(entries: list[dict], variant: str | None = None) -> dict:
    """Everything the records screen and ``dice-parlor records --json`` show."""
    variants = sorted({e["variant"] for e in entries if variant in (None, e["variant"])})
    return {
        "high_scores": {v: {kind: [vars(h) for h in high_scores(entries, v, kind == "solo")]
                            for kind in ("solo", "with_others")} for v in variants},
        "players": [dict(vars(s), scores=[list(p) for p in s.scores]) for s in player_stats(entries, variant)],
    }
