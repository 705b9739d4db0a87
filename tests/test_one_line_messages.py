"""Every message about a file is one line: a value with a line break, a control character or a million
characters inside is shown escaped and cut, by every loader (variants and check-variant, kiosk.yaml, the
saved game, the settings and the seats)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from game.engine.session import Session
from game.engine.state import Seat
from game.errors import VariantError
from game.rules.variants import find_variant, load_all, load_variant_file
from game.store.kiosk import kiosk_path, load_kiosk
from game.store.saves import load_saved, save_path, save_session
from game.store.seats import load_table_setup, seats_path
from game.store.settings import settings_path

ROOT = Path(__file__).resolve().parent.parent
# What a hand-edited or hostile file may hold where a word or a number belongs.
HOSTILE = [
    "off\nicial", "a\r\nb", "line\u2028separator", "next\x85line", "bell\x07", "\x1b[31mred", "tab\there",
    "\u200b", "x" * 100_000, "\n" * 5000, 10 ** 400, -(10 ** 400), 1e308, [["a\nb"] * 50] * 50,
    {"k\ny": "v\nw"}, None, True,
]
IDS = [repr(value)[:20] for value in HOSTILE]
MOST = 600  # characters of a message, the file's own (temporary) path included


def _one_line(message: str, printable: bool = True) -> None:
    assert message.splitlines() == [message] and (message.isprintable() or not printable), message[:200]
    assert len(message) < MOST, message[:200]


def _shipped(name: str) -> dict:
    return yaml.safe_load((ROOT / "assets" / "variants" / f"{name}.yaml").read_text(encoding="utf-8"))


VARIANT_PLACES = [
    ("yatzy", ("joker",)), ("yatzy", ("name",)), ("yatzy", ("name", "en")), ("yatzy", ("turns",)),
    ("yatzy", ("players", "min")), ("yatzy", ("boxes", 0, "kind")), ("yatzy", ("boxes", 0, "id")),
    ("yatzy", ("boxes", 3, "name")), ("yatzy", ("boxes", 5, "score")), ("yatzy", ("upper_bonus",)),
    ("yatzy", ("unknown\nkey",)), ("jackpot", ("symbols", 0, "id")), ("jackpot", ("rack", "columns")),
    ("jackpot", ("grants", "one_pair", "choice")), ("jackpot", ("runs", "cherry")), ("jackpot", ("description",)),
]


def _put(data, place, value):
    for step in place[:-1]:
        data = data[step]
    data[place[-1]] = value


@pytest.mark.parametrize("value", HOSTILE, ids=IDS)
def test_a_variant_refusal_and_check_variant_say_any_value_in_one_line(tmp_path, value, capsys):
    from game.cli import main

    for number, (name, place) in enumerate(VARIANT_PLACES):
        data = _shipped(name)
        _put(data, place, value)
        path = tmp_path / f"mine{number}.yaml"
        path.write_text(json.dumps(data), encoding="utf-8")  # JSON is YAML
        try:
            load_variant_file(path)
        except VariantError as error:
            _one_line(str(error))
        capsys.readouterr()
        main(["check-variant", str(path)])
        printed = capsys.readouterr().out
        _one_line(printed.rstrip("\n"), printable=False)  # a refusal, or the summary of a variant that loads


def test_a_file_name_with_a_line_break_stays_on_the_line(tmp_path):
    path = tmp_path / "my\ngame.yaml"
    path.write_text("joker: [", encoding="utf-8")
    with pytest.raises(VariantError) as refused:
        load_variant_file(path)
    _one_line(str(refused.value))
    assert "my\\ngame.yaml" in str(refused.value)


def test_the_joker_of_the_issue_is_shown_escaped(tmp_path):
    data = _shipped("yatzy")
    data["joker"] = "off\nicial"
    path = tmp_path / "mine.yaml"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(VariantError) as refused:
        load_variant_file(path)
    assert str(refused.value) == (f"{path}:1: joker: unknown value 'off\\nicial' "
                                  "(one of: none, official, upper_filled, free)")


@pytest.mark.parametrize("value", HOSTILE, ids=IDS)
def test_each_kiosk_problem_is_one_line(value):
    kiosk_path().parent.mkdir(parents=True, exist_ok=True)
    for key in ("variants", "attract_variants", "seats", "idle", "admin_pin", "show_cursor", "language",
                "unknown\nkey"):
        kiosk_path().write_text(json.dumps({key: value, "idle": {"game_seconds": value}}), encoding="utf-8")
        for problem in load_kiosk(load_all().names()).problems:
            _one_line(problem)


SAVE_PLACES = [("session", "variant"), ("version",), ("session", "format"), ("session", "log"),
               ("session", "state", "seats", 0, "name"), ("session", "state", "seats", 0),
               ("session", "state", "variant"), ("session", "state", "cards", 0, 0, "boxes", "ones"),
               ("session", "state", "dice"), ("session", "start", "seats")]


@pytest.mark.parametrize("value", HOSTILE, ids=IDS)
def test_a_save_that_cannot_be_resumed_is_said_in_one_line(value):
    for place in SAVE_PLACES:
        save_session(Session(find_variant("yatzy"), [Seat("Ann")], seed=3, rolloff=False))
        data = json.loads(save_path().read_text(encoding="utf-8"))
        put = value
        if place == ("session", "format"):
            data["session"]["format"] = 2  # a newer version: the version is said
            place = ("version",)
        elif place == ("session", "log"):
            put = [{"type": value}]
        _put(data, place, put)
        save_path().write_text(json.dumps(data), encoding="utf-8")
        resumed = load_saved(find_variant)
        if resumed.message:
            _one_line(resumed.message)


@pytest.mark.parametrize("value", HOSTILE, ids=IDS)
def test_each_wrong_setting_is_one_line(value):
    from game.store.settings import read_settings

    settings_path().parent.mkdir(parents=True, exist_ok=True)
    keys = ["sound", "volume", "animation", "computer_pace", "language", "text_size", "window"]
    settings_path().write_text(json.dumps({key: value for key in keys}), encoding="utf-8")
    settings, problems = read_settings()
    for problem in problems:
        _one_line(problem)
    assert problems  # no value fits every field: something was said


@pytest.mark.parametrize("value", HOSTILE, ids=IDS)
def test_each_seat_problem_is_one_line(value):
    seats_path().parent.mkdir(parents=True, exist_ok=True)
    seat = {"name": value, "computer": value, "level": value, "colour": value, "other_name": value}
    seats_path().write_text(json.dumps({"variant": value, "games": value, "seats": [seat, value]}), encoding="utf-8")
    setup = load_table_setup(["blue", "orange"], ["greedy", "heuristic"], ["classic"], usual="heuristic")
    for problem in setup.problems:
        _one_line(problem)
