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


def test_two_copies_play_a_whole_jackpot_game(homeserver, tmp_path):
    ann, ann_pw = account(homeserver, tmp_path, "jan")
    bob, bob_pw = account(homeserver, tmp_path, "jbob")
    host = seat(homeserver, ann, ann_pw, "host", "--variant", "jackpot", "--invite", bob, home=tmp_path / "a")
    room = json.loads(host.stdout.readline())["room"]
    join = seat(homeserver, bob, bob_pw, "join", "--room", room, home=tmp_path / "b")
    bobs, anns = lines(join), lines(host)
    assert anns[-1] == bobs[-1] and set(anns[-1]["game_over"]["scores"]) == {ann, bob}


def test_a_wrong_password_is_one_line(homeserver, tmp_path):
    ann, _ = account(homeserver, tmp_path, "wrong")
    (tmp_path / "bad").write_text("not it\n")
    process = seat(homeserver, ann, tmp_path / "bad", "join", "--invited", home=tmp_path / "h")
    out, err = process.communicate(timeout=60)
    assert process.returncode == 1 and err.strip() == "dice-parlor: the server refused the user or password"
