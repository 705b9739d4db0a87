"""``dice-parlor review --game NUMBER`` (issue 38): a game of the records reviewed turn by turn, from the moves kept
beside the records for the newest games; a game whose moves are not kept says what is missing, in one line."""

from __future__ import annotations

import json

from game.cli import main
from game.coach.review import review_session
from game.rules.variants import find_variant
from game.simulate import play_game


def _json(capsys, *args: str):
    assert main(["review", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def _error(capsys, *args: str) -> str:
    assert main(["review", *args]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1
    return lines[0]


def test_a_game_of_the_records_is_reviewed_by_its_number(capsys, monkeypatch):
    from game.store import records
    from game.store.records import add_result, moves_path, records_path

    monkeypatch.setattr(records, "GAMES_KEPT", 2)
    variant = find_variant("official")
    games = [play_game(variant, ["greedy"], seed) for seed in range(3)]
    for session in games:
        add_result(session)
    listed = _json(capsys, "--list")
    assert [r["number"] for r in listed] == [3, 2, 1] and [r["moves"] for r in listed] == [True, True, False]
    assert listed[0]["seats"][0]["total"] == games[2].state.match_totals()[0]
    review = _json(capsys, "--game", "2", "--seat", "1")
    assert review == dict(review_session(games[1], 0).to_json(), number=2)
    assert "no moves kept" in (main(["review", "--list"]), capsys.readouterr().out)[1]
    # game 1's moves were let go (only the newest two are kept): what is missing is said
    assert "keep no moves of game 1, only its totals and its 0 costly choices" in _error(capsys, "--game", "1")
    assert "hold no game 7" in _error(capsys, "--game", "7")
    assert "hold no game" in _error(capsys, "--game", "9" * 40)
    moves_path(records_path(), 3).write_text("{", encoding="utf-8")  # spoiled by hand
    assert "the moves of game 3 cannot be read" in _error(capsys, "--game", "3")
    assert "--weaknesses goes alone" in _error(capsys, "--weaknesses", "--game", "3")
