"""The command line: simulate, check-variant, variants, and the table's --demo, as a user runs them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BROKEN = ROOT / "tests" / "data" / "broken_variants"


def run(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout, env=env)


def test_simulate_json_reports_every_seat():
    out = run("simulate", "--variant", "yatzy", "--players", "greedy,random", "--games", "20", "--seed", "3",
              "--json")
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["variant"] == "yatzy" and result["games"] == 20 and result["seed"] == 3
    assert [s["player"] for s in result["seats"]] == ["greedy", "random"]
    for seat in result["seats"]:
        assert seat["min"] <= seat["mean"] <= seat["max"] and seat["sd"] >= 0
    assert sum(s["wins"] for s in result["seats"]) >= 20  # every game has a winner; ties count for each
    greedy, rand = result["seats"]
    assert greedy["mean"] > rand["mean"] + 50


def test_simulate_is_reproducible_from_its_seed():
    args = ("simulate", "--variant", "classic", "--players", "heuristic", "--games", "5", "--seed", "9", "--json")
    assert run(*args).stdout == run(*args).stdout


def test_simulate_prints_a_table_by_default():
    out = run("simulate", "--variant", "challenge", "--players", "greedy,greedy", "--games", "3")
    assert out.returncode == 0
    assert "mean" in out.stdout and out.stdout.count("greedy") == 2


@pytest.mark.parametrize("args,problem", [
    (("simulate", "--variant", "nope", "--players", "greedy"), "unknown variant 'nope' (known: classic"),
    (("simulate", "--variant", "classic", "--players", "genius"),
     "unknown player 'genius' (known: easy, medium, hard, perfect, random, greedy"),
    (("simulate", "--variant", "classic", "--players", "greedy", "--games", "0"), "--games must be at least 1"),
    (("simulate", "--variant", "challenge", "--players", "greedy,greedy,greedy,greedy,greedy"), "1 to 4 players"),
    (("--demo", "nope", "--exit-after", "1"), "unknown variant 'nope'"),
    (("frobnicate",), "invalid choice"),
])
def test_bad_arguments_get_one_line_and_exit_2(args, problem):
    out = run(*args)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and problem in lines[0]


def test_check_variant_summary_and_refusal():
    good = run("check-variant", str(ROOT / "assets" / "variants" / "fivezee.yaml"))
    assert good.returncode == 0 and good.stdout.startswith("fivezee: FiveZee - 13 boxes")
    bad = run("check-variant", str(BROKEN / "unknown_kind.yaml"))
    assert bad.returncode == 2
    assert bad.stdout.strip() == f"{BROKEN / 'unknown_kind.yaml'}:14: boxes[6].kind: unknown value 'lucky' " \
                                 "(one of: face, of_a_kind, pairs, full_house, straight, five_alike, chance)"
    missing = run("check-variant", "/nonexistent/file.yaml")
    assert missing.returncode == 2 and "file: cannot be read" in missing.stdout


def test_variants_lists_the_shipped_ones():
    out = run("variants")
    assert out.returncode == 0
    assert [line.split()[0] for line in out.stdout.splitlines()][:6] == [
        "classic", "official", "dutch", "fivezee", "challenge", "yatzy"]


@pytest.mark.parametrize("variant,seats", [("classic", "3"), ("challenge", "4")])
def test_demo_plays_headless_and_writes_its_last_frame(tmp_path, variant, seats):
    import pygame

    shot = tmp_path / "shot.png"
    out = run("--demo", variant, "--seats", seats, "--seed", "2", "--exit-after", "3", "--screenshot", str(shot))
    assert out.returncode == 0, out.stderr
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 800)
    colours = {tuple(image.get_at((x, y)))[:3] for x in range(0, 1280, 40) for y in range(0, 800, 40)}
    assert len(colours) > 20  # a drawn table, not a blank frame


def test_version():
    out = run("--version")
    assert out.returncode == 0 and out.stdout.startswith("Dice Parlor ")


def test_advise_prints_the_ranked_options_as_json():
    state = json.dumps({"card": {"ones": 3}, "dice": [6, 6, 6, 2, 1], "rolls_left": 1})
    out = run("advise", "--variant", "yatzy", "--state", state)
    assert out.returncode == 0, out.stderr
    options = json.loads(out.stdout)["options"]
    values = [o["value"] for o in options]
    assert values == sorted(values, reverse=True) and options[0]["loss"] == 0
    assert {o["box"] for o in options if o["kind"] == "box"} == {
        "twos", "threes", "fours", "fives", "sixes", "one_pair", "two_pairs", "three_kind", "four_kind",
        "small_straight", "large_straight", "full_house", "chance", "yatzy"}
    bad = run("advise", "--variant", "yatzy", "--state", '{"dice": [1, 2]}')
    assert bad.returncode == 2 and "dice must list 5 faces" in bad.stderr
