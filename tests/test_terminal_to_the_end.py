"""A terminal game played to its end (issue 33, item 1): the final card, the totals and the winner are printed and
the command ends with status 0, in every variant the terminal plays."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from test_cli import ROOT

from game.cli import main
from game.paths import asset

SHIPPED = sorted(path.stem for path in asset("variants").glob("*.yaml"))


def _totals(out: str) -> dict[str, int]:
    return {name: int(points) for name, points in re.findall(r"^(\w+ \d): (\d+)$", out, re.MULTILINE)}


def _assert_played_to_the_end(out: str, variant, games: int) -> None:
    assert f"-- game {games} --" in out
    last_card = out.rsplit(f"-- game {games} --", 1)[1]
    for box in variant.boxes:  # every box's row of the last card, by the name shown
        assert re.search(rf"^{re.escape(str(box.name)[:15])}\s+\d", last_card, re.MULTILINE), box.id
    assert re.search(r"^total\s+\d+\s+\d+$", last_card, re.MULTILINE)
    totals = _totals(last_card)
    assert len(totals) == 2
    winners = out.rstrip().splitlines()[-1]
    best = max(totals.values())
    assert winners == "winner: " + " and ".join(name for name, total in totals.items() if total == best)


@pytest.mark.parametrize("variant_id", SHIPPED)
def test_a_terminal_game_between_computers_ends_with_its_card_and_winner(variant_id, capsys, variant):
    if not variant(variant_id).plays_in_terminal:  # played on the table only: refused in one line
        assert main(["play", "--variant", variant_id, "--players", "greedy"]) == 2
        assert "played on the table" in capsys.readouterr().err
        return
    games = 2 if variant_id == "classic" else 1  # a match of several games shows each game's card
    status = main(["play", "--variant", variant_id, "--players", "greedy,random", "--seed", "5",
                   "--games", str(games)])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert "Traceback" not in err
    _assert_played_to_the_end(out, variant(variant_id), games)


def test_play_from_the_shell_with_no_input_plays_to_the_end():
    """The audit's command as typed: `dice-parlor play --variant classic --players greedy </dev/null`."""
    with open("/dev/null") as nothing:
        out = subprocess.run([sys.executable, "-m", "game", "play", "--variant", "classic", "--players", "greedy",
                              "--seed", "1"], stdin=nothing, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stderr == ""
    assert re.search(r"^total\s+\d+$", out.stdout, re.MULTILINE)
    assert out.stdout.rstrip().endswith("winner: Greedy 1")
