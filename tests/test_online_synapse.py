"""Two headless seats play whole games over a real Synapse on 127.0.0.1 (installed apart by
tests/setup-synapse.sh; DICE_PARLOR_SYNAPSE names its python, and without it these tests are skipped)."""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import synapse_server

SYNAPSE = os.environ.get("DICE_PARLOR_SYNAPSE")
pytestmark = pytest.mark.skipif(not SYNAPSE, reason="no Synapse: run tests/setup-synapse.sh and set "
                                                    "DICE_PARLOR_SYNAPSE to the python it prints")
GAME_SECONDS = 300  # a whole headless game takes ~20 s here; this is a hang, not a slow game


@pytest.fixture(scope="module")
def homeserver(tmp_path_factory):
    folder = tmp_path_factory.mktemp("synapse")
    server = synapse_server.start(SYNAPSE, folder)
    try:
        yield server
    finally:
        synapse_server.stop(server)


def account(server, folder: Path, name: str) -> tuple[str, Path]:
    password = f"pw-{name}-{time.monotonic_ns()}"
    user = synapse_server.register(SYNAPSE, server, name, password)
    path = folder / f"{name}.password"
    path.write_text(password + "\n")
    return user, path


def seat(server, user, password, role, *extra, home) -> subprocess.Popen:
    env = dict(os.environ, DICE_PARLOR_HOME=str(home))
    return subprocess.Popen([sys.executable, "-m", "game", "online", role, "--homeserver", server.url, "--user", user,
                             "--password-file", str(password), "--level", "medium", "--json", *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def lines(process) -> list[dict]:
    out, err = process.communicate(timeout=GAME_SECONDS)
    assert process.returncode == 0, err[-2000:]
    return [json.loads(line) for line in out.splitlines()]


def test_host_and_join_play_a_whole_classic_game_the_joiner_killed_and_back_with_an_empty_home(
        homeserver, tmp_path):
    ann, ann_pw = account(homeserver, tmp_path, "ann")
    bob, bob_pw = account(homeserver, tmp_path, "bob")
    begun = time.monotonic()
    host = seat(homeserver, ann, ann_pw, "host", "--variant", "classic", "--invite", bob, home=tmp_path / "ann")
    first = json.loads(host.stdout.readline())
    assert first["room"].startswith("!") and "via=localhost" in first["link"]
    join = seat(homeserver, bob, bob_pw, "join", "--invited", home=tmp_path / "bob1")
    said = [json.loads(join.stdout.readline()) for _ in range(12)]  # a few moves in: then the copy is killed
    assert said[0]["joined"] == first["room"]
    join.kill()
    join.wait()
    again = seat(homeserver, bob, bob_pw, "join", "--invited", home=tmp_path / "bob2")  # an empty home
    bobs, anns = lines(again), lines(host)
    took = time.monotonic() - begun
    assert bobs[0]["joined"] == first["room"]
    assert anns[-1] == bobs[-1] and set(anns[-1]["game_over"]["scores"]) == {ann, bob}
    assert not [line for line in anns + bobs if "refused" in line]
    print(f"Synapse started in {homeserver.started_in:.1f} s; the game took {took:.1f} s")


# A whole Jackpot game between two copies over Synapse is packaging/check_online.py's (CI, with the built
# app, after the suite): it took 22 s of the suite's ten minutes.

def test_a_wrong_password_is_one_line(homeserver, tmp_path):
    ann, _ = account(homeserver, tmp_path, "wrong")
    (tmp_path / "bad").write_text("not it\n")
    process = seat(homeserver, ann, tmp_path / "bad", "join", "--invited", home=tmp_path / "h")
    out, err = process.communicate(timeout=60)
    assert process.returncode == 1 and err.strip() == "dice-parlor: the server refused the user or password"


def test_the_window_s_lobby_signs_in_hosts_and_the_invited_joins_with_kept_tokens_only(homeserver, tmp_path,
                                                                                       monkeypatch):
    """What the Far away screen asks, against the real thing: a password sign-in keeps a token, a token
    sign-in works, a wrong password and a stranger's token are one line, the game hosted shows as Bob's
    invitation, joining anchors his seat, and the two see the same game."""
    from game.online import account as accounts
    from game.online.lobby import Lobby, connect_matrix
    from game.rules.variants import find_variant

    monkeypatch.setenv("DICE_PARLOR_HOME", str(tmp_path / "home"))
    ann, ann_pw = account(homeserver, tmp_path, "wann")
    bob, bob_pw = account(homeserver, tmp_path, "wbob")
    assert Lobby(connect_matrix, find_variant).answer(
        "sign_in", {"homeserver": homeserver.url, "user": ann, "password": "wrong"}).value == \
        "the server refused the user or password"
    anns = Lobby(connect_matrix, find_variant)
    signed = anns.answer("sign_in", {"homeserver": homeserver.url, "user": ann, "password": ann_pw.read_text().strip()})
    assert signed.kind == "signed_in" and accounts.load() == signed.value
    assert ann_pw.read_text().strip() not in accounts.account_path().read_text()
    bobs = Lobby(connect_matrix, find_variant, accounts.sign_in(homeserver.url, bob, bob_pw.read_text().strip()))
    token = Lobby(connect_matrix, find_variant).answer("sign_in", {"homeserver": homeserver.url, "user": ann,
                                                                   "token": signed.value.token})
    assert token.value == signed.value
    try:
        hosted = anns.answer("host", {"variant": "classic", "invites": [bob]})
        assert hosted.kind == "hosted", hosted.value
        room, link = hosted.value
        assert link.startswith("https://matrix.to/#/") and "via=localhost" in link
        invited = bobs.answer("games", {}).value
        assert [(game.room, game.invited) for game in invited] == [(room, True)]
        assert bobs.answer("join", {"room": room}).kind == "joined"
        games = {name: lobby.answer("games", {}).value for name, lobby in (("ann", anns), ("bob", bobs))}
        assert [game.room for game in games["ann"]] == [room] == [game.room for game in games["bob"]]
        assert games["ann"][0].waiting == () and games["ann"][0].turn == games["bob"][0].turn != ""
        assert games["ann"][0].mine != games["bob"][0].mine
    finally:
        for lobby in (anns, bobs):
            lobby._drop()


def played(log: list) -> list:
    """A game's moves but the holds: they stay at the window, and the room has each roll with the dice it kept."""
    from game.engine.actions import Hold, Release

    return [action for action in log if not isinstance(action, (Hold, Release))]


def test_a_window_s_far_table_and_a_headless_seat_see_the_same_moves(homeserver, tmp_path, monkeypatch):
    """The window's table (its worker turned by hand, a frame after each turn) against a headless seat, both over
    the real server: a few turns each way, and the two copies' games move for move the same."""
    import random

    from scene_driver import Driver

    from game.bots.levels import make_player
    from game.engine.actions import Score
    from game.online import account as accounts
    from game.online.far_game import FarGame
    from game.online.lobby import Lobby, connect_matrix
    from game.online.referee import Referee
    from game.online.seat import RoomSeat, computer
    from game.rules.variants import find_variant
    from scenes.online.far_table import FarLink, FarOpening
    from scenes.table.play_scene import PlayScene

    monkeypatch.setenv("DICE_PARLOR_HOME", str(tmp_path / "home"))
    ann, ann_pw = account(homeserver, tmp_path, "tann")
    bob, bob_pw = account(homeserver, tmp_path, "tbob")
    signed = {name: accounts.sign_in(homeserver.url, user, path.read_text().strip())
              for name, user, path in (("ann", ann, ann_pw), ("bob", bob, bob_pw))}
    bobs = Lobby(connect_matrix, find_variant, signed["bob"])
    room = Lobby(connect_matrix, find_variant, signed["ann"]).answer("host", {"variant": "classic",
                                                                            "invites": [bob]}).value[0]
    assert bobs.answer("join", {"room": room}).kind == "joined"
    bobs._drop()
    seat = RoomSeat(connect_matrix(signed["bob"]), room, Referee(find_variant),
                    computer("heuristic", find_variant("classic"), seed=3))
    seat.catch_up()
    game = FarGame(lambda: connect_matrix(signed["ann"]), room, find_variant)
    driver = Driver(animation="instant")
    hands = make_player("heuristic", random.Random(5), "scorecard")
    try:
        driver.start(FarOpening(driver.app, game, start=False))
        table = None
        for _ in range(400):  # each round trip is a few ms on a local server: a hang ends here, not a slow game
            for _ in range(8):
                sent = seat.act()
                seat.poll(0.05)
                if not sent:
                    break
            game.work(0.05)
            driver.step(0.1)
            top = driver.top
            table = top if isinstance(top, PlayScene) and isinstance(top.far, FarLink) else table
            while table is not None and table.person_to_play() and not table.throwing \
                    and not table.session.dice_pending:
                table.act(hands.choose(table.state))
            scored = [] if table is None else [table.session.actors[i] for i, action in
                                               enumerate(table.session.log) if isinstance(action, Score)]
            if scored.count(0) >= 2 and scored.count(1) >= 2:
                break
        assert table is not None, (driver.top.said, driver.top.waiting, seat.referee.anchors, seat.referee.started)
        assert scored.count(0) >= 2 and scored.count(1) >= 2, "a few turns each way"
        for _ in range(20):  # what the window played last reaches the headless seat
            game.work(0.05)
            seat.poll(0.05)
            if len(played(seat.referee.session.log)) >= len(played(table.session.log)):
                break
        assert played(seat.referee.session.log) == played(table.session.log)
        assert table.state.to_json() == seat.referee.session.state.to_json() or table.session.dice_pending
        assert not seat.referee.refusals and table.far.line == ""
    finally:
        driver.close()
        game._drop()
        seat.transport.close()
