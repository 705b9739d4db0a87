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
