"""JSON that Python's json module refuses with something other than its own JSONDecodeError (issue 33, item 2): a
number longer than the 4,300 digits int() takes, and a nesting deeper than the parser goes. Every place that reads
JSON from outside says so in one line and goes on: the autosave is set aside like any damaged one, an old
records.json too, and ``advise --state`` is a usage error."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from test_cli import ROOT, run
from test_records import _finished

from game.bots.solver_file import read_header
from game.bots.solver_turn import SolverTableError
from game.errors import NotJSON, json_from
from game.paths import user_data_dir
from game.rules.variants import find_variant
from game.store.records import read_records
from game.store.records_import import JSON_FILE
from game.store.saves import load_saved, save_path, save_session
from game.store.storage import read_json

LONG = "9" * 5000  # past sys.get_int_max_str_digits() (4,300 by default)
DEEP = "[" * 20_000 + "]" * 20_000  # past the parser's recursion limit
HOSTILE = {"a 5,000-digit number": ("{\"x\": " + LONG + "}", "number longer than 4300 digits"),
           "a nesting too deep": ("{\"x\": " + DEEP + "}", "nested too deep")}


@pytest.mark.parametrize("text,words", HOSTILE.values(), ids=list(HOSTILE))
def test_every_way_json_fails_is_one_error_in_words(text, words):
    with pytest.raises(NotJSON) as raised:
        json_from(text)
    assert words in str(raised.value) and "\n" not in str(raised.value)
    with pytest.raises(NotJSON, match="not complete JSON \\(Expecting value, line 1, column 7\\)"):
        json_from('{"x": ')
    with pytest.raises(NotJSON, match="not UTF-8"):
        json_from(b'{"x": "\xff"}')
    assert json_from('{"x": [1, 2.5, null]}') == {"x": [1, 2.5, None]}


@pytest.mark.parametrize("text,words", HOSTILE.values(), ids=list(HOSTILE))
def test_an_autosave_json_cannot_read_is_set_aside_with_one_line(text, words):
    save_session(_finished("yatzy", _people(), 2))
    good = save_path().read_text()
    save_path().write_text(good[:-1] + ', "x": ' + text + "}")  # the sound save with the hostile value added
    save_path().with_name(save_path().name + ".bak").unlink(missing_ok=True)
    resumed = load_saved(find_variant)
    assert resumed.session is None
    assert resumed.message.startswith("The saved game could not be resumed: it is JSON ")
    assert words in resumed.message and "\n" not in resumed.message
    kept = list(save_path().parent.glob("autosave.json.damaged-*"))
    assert len(kept) == 1 and not save_path().exists()
    assert load_saved(find_variant).message is None  # the next start is clean


def _people():
    from game.engine.state import Seat

    return [Seat("Ann")]


def test_the_game_starts_with_a_5000_digit_number_in_its_autosave():
    """The audit's case: every start crashed and the file stayed where it was."""
    save_path().parent.mkdir(parents=True, exist_ok=True)
    save_path().write_text('{"app": "dice-parlor", "saved_at": ' + LONG + ', "session": {}}')
    out = run("--exit-after", "0.3", timeout=120)
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr
    assert not save_path().exists() and list(save_path().parent.glob("autosave.json.damaged-*"))


@pytest.mark.parametrize("text,words", HOSTILE.values(), ids=list(HOSTILE))
def test_an_old_records_file_json_cannot_read_is_set_aside_with_one_line(text, words):
    old = user_data_dir() / JSON_FILE
    old.parent.mkdir(parents=True, exist_ok=True)
    old.write_text('{"format": 1, "results": [{"variant": "classic", "date": ' + text + "}]}")
    entries, message = read_records()
    assert entries == [] and message.reason == "not_json"
    assert words in message and "\n" not in message
    assert len(list(user_data_dir().glob("records.json.damaged-*"))) == 1


def test_the_records_command_with_such_an_old_file_says_one_line_and_lists():
    old = user_data_dir() / JSON_FILE
    old.parent.mkdir(parents=True, exist_ok=True)
    old.write_text('{"format": 1, "results": [{"variant": "classic", "date": ' + LONG + "}]}")
    out = subprocess.run([sys.executable, "-m", "game", "records"], cwd=ROOT, capture_output=True, text=True,
                         env=dict(os.environ), timeout=60)
    assert out.returncode == 0, out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "number longer than 4300 digits" in lines[0]
    assert out.stdout.strip() == "No games finished yet."


@pytest.mark.parametrize("text,words", HOSTILE.values(), ids=list(HOSTILE))
def test_advise_state_json_cannot_read_is_one_usage_line(text, words):
    out = run("advise", "--variant", "classic", "--state", text)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("dice-parlor: --state is JSON ") and words in lines[0]


@pytest.mark.parametrize("text,words", HOSTILE.values(), ids=list(HOSTILE))
def test_the_small_files_of_ours_read_such_json_as_a_value_error(tmp_path, text, words):
    path = tmp_path / "settings.json"
    path.write_text(text)
    with pytest.raises(ValueError, match=words):
        read_json(path)


def test_a_solver_table_header_nested_too_deep_is_not_a_table(tmp_path):
    import struct

    from game.bots.solver_file import MAGIC

    header = ("[" * 30_000 + "]" * 30_000).encode()
    path = tmp_path / "deep.table"
    path.write_bytes(MAGIC + struct.pack("<I", len(header)) + header)
    with pytest.raises(SolverTableError, match="not a solver table"):
        read_header(path)
