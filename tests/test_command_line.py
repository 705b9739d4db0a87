"""The command line as docs/command-line.md says (issue 25, point 5): the dial's names in every command and family, the
basic levels where no solver table can be had, `play` as a person types it, and no game run unseen."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from test_cli import ROOT, run
from test_solver_runtime import NO_NUMPY

MINE = ("format: 1\nname: Mine\ndescription: Four boxes.\nplayers: {min: 1, max: 4}\njoker: none\n"
        "boxes:\n  - {id: fives, name: Fives, kind: face, face: 5}\n  - {id: sixes, name: Sixes, kind: face, face: 6}\n"
        "  - {id: pair, name: Pair, kind: pairs, count: 1}\n  - {id: chance, name: Chance, kind: chance}\n")


def _seats(out) -> list[tuple[str, str]]:
    assert out.returncode == 0, out.stderr
    return [(seat["player"], seat["level"]) for seat in json.loads(out.stdout)["seats"]]


def test_the_dials_names_play_jackpot_as_its_basic_levels():
    out = run("simulate", "--variant", "jackpot", "--players", "easy,medium,hard,perfect", "--games", "2", "--json")
    assert _seats(out) == [("easy", "random"), ("medium", "greedy"), ("hard", "heuristic"), ("perfect", "heuristic")]
    said = out.stderr.strip().splitlines()
    assert len(said) == 1 and "perfect plays as heuristic" in said[0]  # said once, on one line


def test_perfect_is_the_optimal_player_where_the_table_is_there():
    out = run("simulate", "--variant", "classic", "--players", "perfect,easy,medium,hard", "--games", "2", "--json")
    assert _seats(out) == [("perfect", "optimal"), ("easy", "easy"), ("medium", "medium"), ("hard", "hard")]
    assert out.stderr == ""
    shown = run("simulate", "--variant", "classic", "--players", "perfect,greedy", "--games", "1")
    assert shown.returncode == 0 and "perfect (optimal)" in shown.stdout


def test_a_variant_of_your_own_without_numpy_plays_the_basic_levels(tmp_path):
    mine = tmp_path / "mine.yaml"
    mine.write_text(MINE)
    code = NO_NUMPY + f"""
from game.cli import main
sys.exit(main(["simulate", "--variant", {str(mine)!r}, "--players", "easy,medium,hard", "--games", "2", "--json"]))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert "numpy" not in out.stderr
    assert _seats(out) == [("easy", "random"), ("medium", "greedy"), ("hard", "heuristic")]


def test_a_level_the_family_has_not_is_refused_in_one_line():
    out = run("simulate", "--variant", "jackpot", "--players", "optimal,random")
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "unknown player 'optimal' (known: easy, medium, hard, perfect, random" in lines[0]


def play(players: str, typed: str, *extra: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "game", "play", "--players", players, "--seed", "3", *extra],
                          input=typed, cwd=ROOT, capture_output=True, text=True, timeout=60, env=env)


def test_play_holds_every_die_typed_and_the_end_of_input_is_no_error():
    out = play("person", "\n145\n")
    assert out.returncode == 0, out.stderr
    assert "held [1, 4, 5]" in out.stdout and out.stdout.rstrip().endswith("bye")
    spaced = play("person", "\n2 3\n")
    assert "held [2, 3]" in spaced.stdout


def test_play_takes_the_box_names_it_shows():
    out = play("person", "\nFull House\n")
    assert out.returncode == 0, out.stderr
    assert "Full House" in out.stdout.split("scores")[0]  # the names are shown
    assert "Player 1 scores " in out.stdout and " in Full House" in out.stdout
    by_id = play("person", "\nfull_house\n")
    assert " in Full House" in by_id.stdout
    typo = play("person", "\nFull Hose\n")
    assert "neither dice to hold" in typo.stdout and "scores" not in typo.stdout


def test_play_prints_the_roll_off():
    out = play("person,perfect", "\n")
    assert out.returncode == 0, out.stderr
    assert "Player 1 throws " in out.stdout and "Perfect 2 throws " in out.stdout
    assert " starts (" in out.stdout or "throw again" in out.stdout


def test_the_hold_and_box_words_of_the_terminal():
    from game.engine.actions import Hold, Release
    from game.rules.variants import find_variant
    from game.terminal import box_named, hold_steps

    assert hold_steps([False] * 5, "145") == [Hold(0), Hold(3), Hold(4)]
    assert hold_steps([True, True, False, False, False], "25") == [Release(0), Hold(4)]
    classic = find_variant("classic")
    assert [box_named(classic, typed) for typed in ("Full House", "full house", "FULL_HOUSE", "fullhouse")] == [
        "full_house"] * 4
    assert box_named(classic, "4 of a Kind") == "four_kind" and box_named(classic, "") is None
    assert box_named(find_variant("dutch"), "grote straat") == "large_straight"  # a name in any of its languages


def test_without_a_display_the_game_says_so_in_one_line_and_ends():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    if any(os.path.exists(path) for path in ("/dev/dri", "/dev/vchiq")):
        pytest.skip("a console SDL could draw on is here")
    out = subprocess.run([sys.executable, "-m", "game"], cwd=ROOT, capture_output=True, text=True, timeout=20,
                         env=env)
    assert out.returncode == 1
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "no display" in lines[0] and "DISPLAY and WAYLAND_DISPLAY are not set" in lines[0]


def test_a_chosen_driver_is_left_alone():
    from scenes.window import missing_display

    assert missing_display({"SDL_VIDEODRIVER": "dummy"}, "linux") is None
    said = missing_display({}, "linux", exists=lambda path: False)
    assert said and "DISPLAY and WAYLAND_DISPLAY are not set" in said and "\n" not in said


def test_a_screenshot_needs_a_time_to_stop():
    out = run("--demo", "classic", "--screenshot", "shot.png")
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "--screenshot needs --exit-after" in lines[0]
