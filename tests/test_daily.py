"""Today's dice (issue 40): the derivation as docs/daily.md writes it, the headless command, the results kept
(one try a day, practice after), streaks, the UTC day, and the replay check that refuses a forged score."""

import json
import time
from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from game import cli
from game.daily.dice import day_turns, day_variant_id, seed_of, utc_day
from game.daily.play import first_rolls, moves_of, play_day, replay
from game.daily.results import DailyResults, load_results, record_game
from game.daily.share import share_line
from game.rules.variants import find_variant

DAY = date(2026, 11, 28)


def game_of(day: date, level: str = "greedy"):
    variant = find_variant(day_variant_id(day))
    return variant, play_day(day, variant, level)


def daily_json(capsys, *argv) -> dict:
    assert cli.main(["daily", *argv, "--json", "--no-best"]) == 0
    return json.loads(capsys.readouterr().out)


# ------------------------------------------------------------------------------------------- the dice --
def test_the_derivation_gives_the_known_vectors_of_docs_daily_md():
    doc = (Path(__file__).parent.parent / "docs" / "daily.md").read_text(encoding="utf-8")
    yatzy, classic = find_variant("yatzy"), find_variant("classic")
    assert day_variant_id(DAY) == "yatzy" and day_variant_id(date(2026, 11, 27)) == "classic"
    assert seed_of(DAY, "yatzy").hex() == "7096423fd7dc8218aec016ce60b64adfdf79e484950e9af049ff836adfa32367"
    turns = day_turns(DAY, yatzy)
    assert len(turns) == 15 and all(len(faces) == 15 for faces in turns)
    assert turns[0] == [6, 2, 6, 6, 1, 6, 2, 5, 4, 4, 2, 5, 2, 3, 4]
    assert turns[1] == [6, 6, 5, 4, 6, 4, 5, 5, 4, 1, 4, 6, 1, 5, 4]
    assert day_turns(date(2026, 11, 27), classic)[0] == [5, 4, 5, 6, 6, 5, 6, 6, 2, 5, 1, 6, 5, 3, 5]
    for said in ("6 2 6 6 1 6 2 5 4 4 2 5 2 3 4", "5 4 5 6 6 5 6 6 2 5 1 6 5 3 5", seed_of(DAY, "yatzy").hex()):
        assert said in doc  # the document and the code say the same


def test_two_levels_see_the_same_first_rolls_and_those_are_the_tapes(capsys):
    easy, perfect = daily_json(capsys, "--date", "2026-11-28", "--level", "easy"), \
        daily_json(capsys, "--date", "2026-11-28", "--level", "perfect")
    assert easy["date"] == "2026-11-28" and easy["variant"] == perfect["variant"] == "yatzy"
    assert easy["first_rolls"] == perfect["first_rolls"] == [faces[:5] for faces in day_turns(DAY, find_variant(
        "yatzy"))]
    assert easy["moves"] != perfect["moves"] and easy["score"] < perfect["score"]


def test_two_dates_differ_and_the_same_date_and_level_give_the_same_game(capsys):
    once = daily_json(capsys, "--date", "2026-11-28", "--level", "easy")
    again = daily_json(capsys, "--date", "2026-11-28", "--level", "easy")
    other = daily_json(capsys, "--date", "2026-11-30", "--level", "easy")  # the same variant, two days on
    assert once == again
    assert other["variant"] == once["variant"] and other["first_rolls"] != once["first_rolls"]


def test_the_command_gives_the_best_score_and_one_line_for_a_bad_date(capsys):
    assert cli.main(["daily", "--date", "2026-11-28", "--level", "hard", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["best"] >= result["score"] and "\U0001F7E9" in result["share"]
    assert replay(DAY, find_variant("yatzy"), result["moves"], result["score"]).score == result["score"]
    for bad in ("2026-02-30", "28-11-2026", "9" * 5000):
        assert cli.main(["daily", "--date", bad, "--level", "easy"]) == 2
        error = capsys.readouterr().err
        assert error.count("\n") == 1 and "YYYY-MM-DD" in error and len(error) < 200


def test_the_command_line_stays_short():
    assert len(Path(cli.__file__).read_text(encoding="utf-8").splitlines()) < 450


# ------------------------------------------------------------------------------------------- the day --
@pytest.mark.parametrize("zone", ["Pacific/Kiritimati", "Etc/GMT+12"])  # UTC+14 and UTC-12 (the sign is POSIX's)
def test_the_day_is_the_utc_day_in_a_time_zone_far_from_utc(monkeypatch, zone):
    moment = datetime(2026, 11, 28, 11, 30, tzinfo=UTC).timestamp()  # 01:30 the 29th, 23:30 the 27th
    monkeypatch.setenv("TZ", zone)
    time.tzset()
    try:
        local = date.fromtimestamp(moment)
        assert local != DAY and abs((local - DAY).days) == 1  # the clock on the wall says another date
        assert utc_day(moment) == DAY
        assert utc_day(datetime.fromtimestamp(moment)) == DAY  # a local (naive) time is read as local, too
        assert utc_day() == datetime.now(UTC).date()
    finally:
        monkeypatch.undo()
        time.tzset()


# ---------------------------------------------------------------------------------------- the results --
def test_the_first_finished_game_of_the_day_is_the_result_and_more_tries_are_practice(tmp_path):
    variant, first = game_of(DAY, "greedy")
    _, second = game_of(DAY, "optimal")
    path = tmp_path / "daily.json"
    assert record_game(DAY, variant, "Ann", moves_of(first, 0), path) == (True, first.state.match_totals()[0])
    assert record_game(DAY, variant, "ann ", moves_of(second, 0), path) == (False, second.state.match_totals()[0])
    results = load_results(path)
    [kept] = results.day_results(DAY, variant)
    assert kept.name == "Ann" and kept.score == first.state.match_totals()[0]
    assert results.practice_tries(DAY, "Ann") == 1


def streak_of(days: list[date], name: str, today: date) -> int:
    """Ann's results on ``days``: ``name``'s streak on ``today``."""
    results = DailyResults()
    for day in days:
        results.days.setdefault(day.isoformat(), []).append({"name": "Ann", "score": 100})
    return results.streak(name, today)


def test_a_streak_goes_on_over_a_month_change_and_a_missed_day_breaks_it():
    run = [date(2026, 1, 30), date(2026, 1, 31), date(2026, 2, 1)]
    assert streak_of(run, "Ann", date(2026, 2, 1)) == 3  # January into February
    assert streak_of(run, "Ann", date(2026, 2, 2)) == 3  # today not played yet: the streak still stands
    assert streak_of(run, "Ann", date(2026, 2, 3)) == 0  # the 2nd missed
    assert streak_of(run + [date(2026, 2, 3)], "Ann", date(2026, 2, 3)) == 1
    assert streak_of([date(2025, 12, 31), date(2026, 1, 1)], "Ann", date(2026, 1, 1)) == 2  # and over a year
    assert streak_of(run, "Kid", date(2026, 2, 1)) == 0


def test_the_replay_check_refuses_a_forged_score_and_bad_moves():
    variant, session = game_of(DAY)
    moves, score = moves_of(session, 0), session.state.match_totals()[0]
    assert replay(DAY, variant, moves, score).score == score
    forged = replay(DAY, variant, moves, score + 50)
    assert forged.score is None and f"score {score}, not the {score + 50}" in forged.why
    assert replay(date(2026, 11, 30), variant, moves, score).score != score  # another day's dice: not this score
    assert replay(DAY, variant, moves[:-1]).why == "the moves do not finish the game"
    assert "not legal" in replay(DAY, variant, [{"type": "dice", "faces": [6] * 5}] + moves).why
    assert "not a move" in replay(DAY, variant, ["roll"]).why
    assert replay(DAY, variant, "r h0").score is None


def test_a_score_edited_into_the_file_is_refused_on_reading(tmp_path):
    variant, session = game_of(utc_day())
    path = tmp_path / "daily.json"
    record_game(utc_day(), variant, "Ann", moves_of(session, 0), path)
    data = json.loads(path.read_text())
    data["days"][utc_day().isoformat()][0]["score"] += 100
    data["days"][utc_day().isoformat()].append({"name": "Kid", "score": 999})  # no moves at all
    path.write_text(json.dumps(data))
    assert load_results(path).day_results(utc_day(), variant) == []


@pytest.mark.parametrize("content", [b"{not json", b"[1, 2]", b'{"format": 1, "days": {"x": 5}, "practice": 3}'])
def test_a_damaged_results_file_never_stops_the_game(tmp_path, content):
    path = tmp_path / "daily.json"
    path.write_bytes(content)
    variant, session = game_of(DAY)
    assert load_results(path).day_results(DAY, variant) == []
    assert record_game(DAY, variant, "Ann", moves_of(session, 0), path)[0]
    assert load_results(path).streak("Ann", DAY) == 1


def test_the_share_line_tells_the_score_and_not_the_dice():
    variant, session = game_of(DAY)
    score = session.state.match_totals()[0]
    line = share_line(DAY, variant, score, session.state.card(0), 276)
    head, upper, lower = line.split("\n")
    assert head == f"Dice Parlor daily 2026-11-28 \u00B7 Yatzy \u00B7 {score}/276"
    assert len(upper.rstrip("\u2B50")) == 6 and len(lower) == 9
    assert not any(ch.isdigit() for ch in upper + lower)
    assert first_rolls(session)[0] == [6, 2, 6, 6, 1]
