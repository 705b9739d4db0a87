"""The command line never answers with a traceback or silence (issue 33, item 6 and two "accepted but odd" points):
advise's hand-made states, the screenshot's file, --size, a closed pipe; a name with escape codes in `records`
and 6-digit numbers in `simulate`'s table are shown, not obeyed or run together."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from test_cli import ROOT, run
from test_records import _finished

from game.cli import main
from game.engine.state import Seat
from game.simulate import print_simulation
from game.store.records import add_result


def _one_line(capsys) -> str:
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


@pytest.mark.parametrize("state,words", [
    ('{"upper": "x", "dice": [1, 2, 3, 4, 5]}', "upper must be the upper section's points from 0 up"),
    ('{"upper": [1], "dice": [1, 2, 3, 4, 5]}', "upper must be the upper section's points from 0 up"),
    ('{"upper": -5, "dice": [1, 2, 3, 4, 5]}', "upper must be the upper section's points from 0 up"),
    ('{"upper": 1e400, "dice": [1, 2, 3, 4, 5]}', "upper must be the upper section's points from 0 up"),
    ('{"five_alike_scored": 1.5, "dice": [1, 2, 3, 4, 5]}', "five_alike_scored must be true, false or null"),
])
def test_advise_refuses_an_odd_upper_or_five_alike_in_one_line(state, words, capsys):
    assert main(["advise", "--variant", "classic", "--state", state]) == 2
    assert words in _one_line(capsys)


@pytest.mark.parametrize("state,words", [
    ('{"card": {"aces": 5, "chance": 20}, "upper": 7, "dice": [1, 2, 3, 4, 5]}',
     "no game reaches this card: Aces and Chance filled, 7 points in the upper section"),
    ('{"upper": 1000, "dice": [1, 2, 3, 4, 5]}', "no game reaches this card: no box filled, 63 or more points"),
    ('{"five_alike_scored": true, "dice": [1, 2, 3, 4, 5]}',
     "no game reaches this card: no box filled, 0 points in the upper section, points in Yahtzee"),
])
def test_a_card_no_game_reaches_is_said_with_the_boxes_names(state, words, capsys):
    assert main(["advise", "--variant", "classic", "--state", state]) == 2
    said = _one_line(capsys)
    assert words in said and "state (filled" not in said


def test_a_hand_made_engine_state_the_loader_lets_through_is_one_line(capsys):
    from test_records import _finished as finished

    state = finished("classic", [Seat("Ann")], 2).state.to_json()
    state.update(phase="play", game=0, seat=0.5, dice=[1, 2, 3, 4, 5], rolls_used=1)
    assert main(["advise", "--variant", "classic", "--state", json.dumps(state)]) == 2
    assert "--state is no moment of a game of classic" in _one_line(capsys)


@pytest.mark.parametrize("size", ["abc", "1280", "1280x", "x800", "-5x4", "1280x800x2", ""])
def test_a_size_that_is_no_size_is_one_line_before_any_window(size, capsys):
    assert main([f"--size={size}", "--demo", "classic", "--exit-after", "0"]) == 2
    assert "--size must be WIDTHxHEIGHT in pixels, e.g. 1280x800" in _one_line(capsys)


def test_a_screenshot_that_cannot_be_written_is_one_line_and_a_failure(tmp_path):
    out = run("--demo", "classic", "--exit-after", "0.2", "--screenshot", "/dev/full")
    assert out.returncode == 1
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "the screenshot could not be saved to /dev/full" in lines[0]


def test_a_screenshot_place_that_cannot_be_had_is_said_before_the_game(tmp_path, capsys):
    (tmp_path / "a-file").write_text("")
    assert main(["--demo", "classic", "--exit-after", "5", "--screenshot", str(tmp_path / "a-file" / "s.png")]) == 2
    assert _one_line(capsys) == f"dice-parlor: --screenshot: {tmp_path / 'a-file'} is a file, not a folder"
    assert main(["--demo", "classic", "--exit-after", "5", "--screenshot", "/proc/none/s.png"]) == 2
    assert _one_line(capsys) == ("dice-parlor: --screenshot: the folder /proc/none cannot be made "
                                 "(No such file or directory)")
    assert main(["--demo", "classic", "--exit-after", "5", "--screenshot", str(tmp_path)]) == 2
    assert "is a folder: name the picture file in it" in _one_line(capsys)


def test_a_screenshot_into_a_missing_folder_makes_it_and_saves():
    out = run("--demo", "classic", "--exit-after", "0.2", "--screenshot", os.environ["DICE_PARLOR_HOME"]
              + "/new/folder/shot.png")
    assert out.returncode == 0, out.stderr
    assert os.path.getsize(os.environ["DICE_PARLOR_HOME"] + "/new/folder/shot.png") > 1000


@pytest.mark.parametrize("args", [["records"], ["simulate", "--variant", "classic", "--players", "greedy",
                                                "--games", "2"], ["variants"]])
def test_a_reader_that_stopped_reading_is_no_error_to_report(args):
    """`dice-parlor records | head`: the pipe is closed before the command writes (so no timing matters)."""
    add_result(_finished("classic", [Seat("Ann")], 1))
    reading, writing = os.pipe()
    os.close(reading)
    try:
        out = subprocess.run([sys.executable, "-m", "game", *args], stdout=writing, stderr=subprocess.PIPE,
                             text=True, cwd=ROOT, timeout=60)
    finally:
        os.close(writing)
    assert out.stderr == "" and out.returncode == 1


def test_records_shows_escape_codes_in_a_name_and_never_sends_them():
    """The game refuses such a name when it is typed; one stored by hand (an old records.json taken over, an
    edited database) is printed escaped."""
    from game.paths import user_data_dir
    from game.store.records import result_entry
    from game.store.records_import import JSON_FILE

    evil = "Eve\x1b[2J\x1b]0;pwned\x07\x9b31m"
    entry = result_entry(_finished("classic", [Seat("Ann"), Seat("Bob")], 3))
    entry["seats"][0]["name"] = evil
    user_data_dir().mkdir(parents=True, exist_ok=True)
    (user_data_dir() / JSON_FILE).write_text(json.dumps({"format": 1, "results": [entry]}))
    out = run("records")
    assert out.returncode == 0, out.stderr
    assert not any(c in out.stdout for c in "\x1b\x07\x9b")
    assert "Eve\\x1b[2J" in out.stdout
    assert json.loads(run("records", "--json").stdout)["players"]  # the JSON keeps the name as it is, escaped


def test_simulate_widens_its_columns_for_six_digit_numbers(capsys):
    seat = {"player": "greedy", "level": "greedy", "mean": 123456.7, "sd": 100000.25, "min": 999999, "max": 1234567,
            "wins": 200000}
    print_simulation({"variant": "mine", "games": 200000, "seed": 0, "seats": [seat, dict(seat, player="easy")]})
    header, *rows = capsys.readouterr().out.splitlines()[1:]
    assert header.split() == ["seat", "player", "mean", "sd", "min", "max", "wins"]
    ends = [header.index(f" {name}") + len(name) + 1 for name in ("mean", "sd", "min", "max", "wins")]
    for row in rows:
        assert row.split()[-5:] == ["123456.7", "100000.2", "999999", "1234567", "200000"]
        assert all(row[end - 1] != " " and (end == len(row) or row[end] == " ") for end in ends)  # under their names


@pytest.mark.parametrize("variant, card, words", [
    ("classic", {"yahtzee": 30}, "no roll scores 30 in yahtzee (Yahtzee): it takes 0 or 50"),
    ("classic", {"aces": 7}, "no roll scores 7 in aces (Aces): it takes 0 to 5"),
    ("classic", {"chance": 4}, "no roll scores 4 in chance (Chance): it takes 5 to 30"),
    ("yatzy", {"sixes": 20}, "no roll scores 20 in sixes (Sixes): it takes 0, 6, 12, ... 30"),
])
def test_advise_refuses_a_score_no_roll_makes_in_one_line(variant, card, words, capsys):
    state = json.dumps({"card": card, "dice": [1, 2, 3, 4, 5]})
    assert main(["advise", "--variant", variant, "--state", state]) == 2
    assert _one_line(capsys) == f"dice-parlor: {words}"
    good = {"yahtzee": 50, "aces": 5, "chance": 5, "large_straight": 40}  # a joker's and a pattern's own scores
    assert main(["advise", "--variant", "classic", "--state", json.dumps({"card": good, "dice": [1, 2, 3, 4, 5]})]) == 0


def test_advise_help_lists_the_fields_and_the_variants_boxes(capsys):
    with pytest.raises(SystemExit) as done:
        main(["advise", "--variant", "yatzy", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    for field in ("card", "dice", "rolls_left", "upper", "five_alike_scored", "five_alike_bonus"):
        assert f"\n  {field} " in out
    assert "boxes of yatzy:" in out and "  one_pair           One Pair" in out and "boxes of classic" not in out
    with pytest.raises(SystemExit):
        main(["advise", "--help"])  # no variant named: every scorecard variant's boxes
    out = capsys.readouterr().out
    assert "boxes of classic:" in out and "  yahtzee            Yahtzee" in out and "boxes of jackpot" not in out
