"""Records: high scores and statistics, concurrent writers, a damaged old file, the command."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

from game.bots.levels import make_player
from game.engine.session import Session
from game.engine.state import Seat
from game.paths import user_data_dir
from game.rules.variants import find_variant
from game.store.records import add_result, open_records, read_records, records_report, result_entry
from game.store.records_import import JSON_FILE

ROOT = Path(__file__).resolve().parent.parent


def _finished(variant_id: str, seats: list[Seat], seed: int) -> Session:
    session = Session(find_variant(variant_id), seats, seed=seed)
    players = [make_player("greedy", random.Random(seed + i), session.variant.family) for i in range(len(seats))]
    while not session.state.is_terminal():
        session.act(players[session.state.current_player()].choose(session.state))
    return session


def _finished_with_an_undo(undoer: int, seed: int = 4, names=("Ann", "Bob", "Cas")) -> Session:
    """A finished game of people in which the seat ``undoer`` took its first scoring back (and scored again)."""
    session = Session(find_variant("classic"), [Seat(name) for name in names], seed=seed, rolloff=False)
    player = make_player("greedy", random.Random(seed))
    while not session.state.is_terminal():
        seat = session.state.current_player()
        session.act(player.choose(session.state))
        if seat == undoer and not session.undos and session.undoable() is not None:
            assert session.undo()
    assert session.seat_undos == [int(seat == undoer) for seat in range(len(names))]
    return session


def _marked(rows: list[dict]) -> dict[str, bool]:
    """Each high score's name, and whether it is marked as played with an undo."""
    return {row["name"]: bool(row["undos"]) for row in rows}


def test_only_the_seat_that_took_a_scoring_back_is_marked_in_the_high_scores():
    add_result(_finished_with_an_undo(1))
    with open_records() as records:
        assert _marked([vars(h) for h in records.high_scores("classic", solo=False)]) == \
            {"Ann": False, "Bob": True, "Cas": False}
        report = records_report(records, "classic")
    assert _marked(report["high_scores"]["classic"]["with_others"]) == {"Ann": False, "Bob": True, "Cas": False}
    entry = read_records()[0][0]
    assert entry["undos"] == 1 and [seat["undos"] for seat in entry["seats"]] == [0, 1, 0]


def test_a_game_resumed_from_an_older_save_marks_every_seat_as_before():
    """The older save knew only that a scoring was taken back, not whose."""
    session = _finished_with_an_undo(1)
    data = json.loads(json.dumps(session.to_json()))
    del data["seat_undos"]
    add_result(Session.from_json(data, session.variant))
    with open_records() as records:
        assert _marked([vars(h) for h in records.high_scores("classic", solo=False)]) == \
            {"Ann": True, "Bob": True, "Cas": True}


def test_a_finished_game_is_recorded_with_bonuses_and_the_winner():
    session = _finished("classic", [Seat("Ann"), Seat("Bob")], 4)
    entry = result_entry(session)
    totals = session.state.match_totals()
    assert [s["total"] for s in entry["seats"]] == totals
    assert [s["won"] for s in entry["seats"]] == [t == max(totals) for t in totals]
    card = session.state.cards[0][0]
    assert entry["seats"][0]["upper_bonus"] == int(card.upper_bonus(session.variant) > 0)
    assert entry["seats"][0]["five_alike"] == int((card.boxes["yahtzee"] or 0) > 0)
    assert entry["solo"] is False and entry["undos"] == 0 and [s["undos"] for s in entry["seats"]] == [0, 0]


def test_high_scores_are_people_only_top_ten_and_solo_apart():
    for seed in range(13):
        add_result(_finished("yatzy", [Seat("Ann")], seed))
    add_result(_finished("yatzy", [Seat("Ann"), Seat("Cpu", "computer", "greedy")], 99))
    entries, message = read_records()
    assert message is None and len(entries) == 14
    with open_records() as records:
        solo = records.high_scores("yatzy", solo=True)
        others = records.high_scores("yatzy", solo=False)
    assert len(solo) == 10
    assert [h.total for h in solo] == sorted((e["seats"][0]["total"] for e in entries if e["solo"]),
                                             reverse=True)[:10]
    assert [h.name for h in others] == ["Ann"]  # the computer's total is not a high score


def test_statistics_per_name():
    sessions = [_finished("classic", [Seat("Ann"), Seat("Bob")], seed) for seed in range(5)]
    for session in sessions:
        add_result(session)
    with open_records() as records:
        stats = {s.name: s for s in records.player_stats(scores=True)}
    ann = [s.state.match_totals()[0] for s in sessions]
    assert stats["Ann"].games == 5 and stats["Ann"].best == max(ann)
    assert stats["Ann"].average == round(sum(ann) / 5, 1)
    assert stats["Ann"].wins == sum(0 in s.state.winners() for s in sessions)
    bonus = sum(s.state.cards[0][0].upper_bonus(s.variant) > 0 for s in sessions)
    assert stats["Ann"].upper_bonus_rate == round(bonus / 5, 3)
    assert [t for _, t in stats["Ann"].scores] == ann


def test_jackpot_games_are_recorded_without_scorecard_bonuses():
    add_result(_finished("jackpot", [Seat("Ann"), Seat("Bob")], 3))
    entry = read_records()[0][0]
    assert entry["variant"] == "jackpot" and "upper_bonus" not in entry["seats"][0]
    with open_records() as records:
        assert records.player_stats()[0].upper_bonus_rate is None


def test_concurrent_writers_lose_no_entry(tmp_path):
    env = dict(os.environ, DICE_PARLOR_HOME=os.environ["DICE_PARLOR_HOME"])
    workers = [subprocess.Popen([sys.executable, str(ROOT / "tests" / "records_worker.py"), f"P{i}", "15"], env=env)
               for i in range(4)]
    assert [w.wait(timeout=120) for w in workers] == [0, 0, 0, 0]
    entries, message = read_records()
    assert message is None and len(entries) == 60
    assert sorted({e["seats"][0]["name"] for e in entries}) == ["P0", "P1", "P2", "P3"]


def _old_file():
    old = user_data_dir() / JSON_FILE
    old.parent.mkdir(parents=True, exist_ok=True)
    return old


def test_a_damaged_old_records_file_is_kept_aside_and_play_goes_on():
    _old_file().write_text('{"format": 1, "results": [{"variant": "classic", "da')
    entries, message = read_records()
    assert entries == [] and "could not be read" in message and message.reason == "not_json"
    assert len(list(user_data_dir().glob("records.json.damaged-*"))) == 1
    assert add_result(_finished("classic", [Seat("Ann")], 2)) is None
    assert len(read_records()[0]) == 1


def test_records_command(tmp_path):
    add_result(_finished("yatzy", [Seat("Ann")], 1))
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    out = subprocess.run([sys.executable, "-m", "game", "records", "--variant", "yatzy", "--json"], cwd=ROOT,
                         capture_output=True, text=True, env=env)
    assert out.returncode == 0
    report = json.loads(out.stdout)
    assert report["high_scores"]["yatzy"]["solo"][0]["name"] == "Ann"
    text = subprocess.run([sys.executable, "-m", "game", "records"], cwd=ROOT, capture_output=True, text=True,
                          env=env)
    assert "yatzy (solo):" in text.stdout and "Ann" in text.stdout and "(undo)" not in text.stdout


def test_the_records_command_marks_only_the_player_who_took_a_scoring_back():
    add_result(_finished_with_an_undo(2))
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    out = subprocess.run([sys.executable, "-m", "game", "records", "--variant", "classic"], cwd=ROOT,
                         capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    rows = {line.split()[2]: line.rstrip().endswith("(undo)") for line in out.stdout.splitlines()
            if line.startswith("   ") and line.split()[0].rstrip(".").isdigit()}
    assert rows == {"Ann": False, "Bob": False, "Cas": True}, out.stdout
    report = json.loads(subprocess.run([sys.executable, "-m", "game", "records", "--variant", "classic", "--json"],
                                       cwd=ROOT, capture_output=True, text=True, env=env, check=True).stdout)
    assert _marked(report["high_scores"]["classic"]["with_others"]) == {"Ann": False, "Bob": False, "Cas": True}


def test_the_records_screen_marks_only_the_player_who_took_a_scoring_back(monkeypatch, tmp_path):
    import pygame
    from scene_driver import Driver

    from game.rules.i18n import t
    from scenes.menus import records_scene

    add_result(_finished_with_an_undo(0, names=("Annemarie", "Bob")))
    add_result(_finished_with_an_undo(1, seed=5, names=("Annemarie", "Bob")))
    drawn = []
    real = records_scene.draw_text
    monkeypatch.setattr(records_scene, "draw_text", lambda surface, text, size, colour, pos, *rest, **named:
                        drawn.append((text, pos)) or real(surface, text, size, colour, pos, *rest, **named))
    driver = Driver(animation="instant")
    driver.start(records_scene.RecordsScene(driver.app))
    driver.step(0.1)
    pygame.image.save(driver.app.window, str(tmp_path / "records.png"))
    with open_records() as records:
        highs = records.high_scores("classic", solo=False)
    by_y = {}
    for text, (x, y) in drawn:
        if records_scene.LEFT.collidepoint(x, y):
            by_y.setdefault(y, []).append(text)
    rows = [texts for texts in by_y.values() if any(text in ("Annemarie", "Bob") for text in texts)]
    assert len(rows) == len(highs) == len({(h.name, h.total) for h in highs}) == 4
    for high in highs:  # each row: its name, and the mark exactly where that player undid in that game
        row = next(texts for texts in rows if str(high.total) in texts and high.name in texts)
        assert (t("records.undo_mark") in row) == bool(high.undos)
    assert sum(t("records.undo_mark") in row for row in rows) == 2
    driver.close()


def test_a_match_counts_each_of_its_games_not_their_sum():
    match = _finished("dutch", [Seat("Ann"), Seat("Bob")], 11)
    assert match.state.games == 1
    six = Session(find_variant("dutch"), [Seat("Ann"), Seat("Bob")], games=3, seed=12)
    players = [make_player("greedy", random.Random(i)) for i in range(2)]
    while not six.state.is_terminal():
        six.act(players[six.state.current_player()].choose(six.state))
    add_result(match)
    add_result(six)
    games = [six.state.game_totals(g)[0] for g in range(3)] + [match.state.match_totals()[0]]
    with open_records() as records:
        highs = records.high_scores("dutch", solo=False)
        ann = next(s for s in records.player_stats() if s.name == "Ann")
    assert sorted(h.total for h in highs if h.name == "Ann") == sorted(games)
    assert ann.games == 4 and ann.best == max(games) and ann.average == round(sum(games) / 4, 1)


def test_old_records_with_damaged_fields_are_refused_not_crashed():
    bad = {"format": 1, "results": [{"variant": "classic", "date": 1.0, "seats": [
        {"name": "Ann", "total": 200, "upper_bonus": "yes", "five_alike": 1}]}]}
    _old_file().write_text(json.dumps(bad))
    entries, message = read_records()
    assert entries == [] and "could not be read" in message and message.reason == "not_records"


def test_old_records_with_null_counts_are_taken_over_with_the_defaults():
    """A hand-edited file may say null where the game wrote a number: counted as if absent, every start."""
    good = {"format": 1, "results": [{"variant": "classic", "date": 1.0, "games": None, "undos": None, "seats": [
        {"name": "Ann", "total": 200, "won": True, "upper_bonus": None, "five_alike": None}]}]}
    _old_file().write_text(json.dumps(good))
    with open_records() as records:
        assert records.message is None and records.count() == 1
        assert [(h.total, h.name, h.undos) for h in records.high_scores("classic", solo=False)] == [(200, "Ann", 0)]
        ann = records.player_stats("classic")[0]
        assert (ann.games, ann.best) == (1, 200)


def test_old_records_with_a_seat_kind_that_is_not_text_are_refused():
    bad = {"format": 1, "results": [{"variant": "classic", "date": 1.0, "seats": [
        {"name": "Ann", "total": 200, "kind": ["computer"]}]}]}
    _old_file().write_text(json.dumps(bad))
    entries, message = read_records()
    assert entries == [] and message.reason == "not_records"


def test_a_record_keeps_the_games_english_name_whatever_the_language_on_screen():
    from game.rules import i18n

    i18n.set_language("nl")
    entry = result_entry(_finished("classic", [Seat("Ann")], 3))
    assert entry["variant_name"] == "Classic Yahtzee"  # stored data does not follow the screen's language
