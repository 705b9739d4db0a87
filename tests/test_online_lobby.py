"""Signing in to Matrix and the account's games, off the window's thread: the account kept (its token, never
its password, readable by the user alone), the one-line errors of signing in (against a small fake homeserver
on 127.0.0.1), and the lobby's games against an in-memory room."""

import json
import os
import socket
import stat
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from game.online import account as accounts
from game.online.account import Account
from game.online.lobby import Lobby, check_invites, summaries, your_turns
from game.online.protocol import ANCHOR
from game.online.transport import MemoryServer, MemoryTransport, OnlineError
from game.rules.variants import find_variant

ANN, BOB, EVE = "@ann:example.org", "@bob:example.org", "@eve:example.org"


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DICE_PARLOR_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


class FakeServer(BaseHTTPRequestHandler):
    """The few client-server calls signing in makes: Ann's password is "right", her token "tok"."""

    flows = ["m.login.password"]
    seen: list = []

    def log_message(self, *args):
        pass

    def _answer(self, status, data):
        body = json.dumps(data).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path == "/_matrix/client/v3/login":
            return self._answer(200, {"flows": [{"type": kind} for kind in self.flows]})
        if self.path == "/_matrix/client/v3/account/whoami":
            if self.headers.get("Authorization") == "Bearer tok":
                return self._answer(200, {"user_id": ANN, "device_id": "DEV"})
            return self._answer(401, {"errcode": "M_UNKNOWN_TOKEN", "error": "Invalid access token"})
        return self._answer(404, {})

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        FakeServer.seen.append((self.path, body))
        if self.path == "/_matrix/client/v3/login":
            if body.get("password") == "right" and body["identifier"]["user"] == ANN:
                return self._answer(200, {"user_id": ANN, "access_token": "tok", "device_id": "DEV"})
            return self._answer(403, {"errcode": "M_FORBIDDEN", "error": "Invalid username or password"})
        if self.path == "/_matrix/client/v3/logout":
            return self._answer(200, {})
        return self._answer(404, {})


@pytest.fixture
def server():
    FakeServer.flows, FakeServer.seen = ["m.login.password"], []
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), FakeServer)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def test_a_password_signs_in_and_only_the_token_is_kept_readable_by_the_user_alone(home, server):
    signed = accounts.sign_in(server, ANN, password="right")
    assert signed == Account(server, ANN, "tok", "DEV")
    accounts.keep(signed)
    path = accounts.account_path()
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert "right" not in path.read_text() and accounts.load() == signed


def test_signing_out_removes_the_token_and_tells_the_server(home, server):
    accounts.keep(Account(server, ANN, "tok"))
    accounts.sign_out(accounts.load())
    assert accounts.load() is None and not accounts.account_path().exists()
    assert FakeServer.seen[-1][0] == "/_matrix/client/v3/logout"


def test_signing_out_of_an_unreachable_server_still_forgets_the_token(home):
    accounts.keep(Account(closed_port(), ANN, "tok"))
    accounts.sign_out(accounts.load())
    assert accounts.load() is None


def test_an_access_token_signs_in_and_a_wrong_one_says_so(server):
    assert accounts.sign_in(server, ANN, token="tok") == Account(server, ANN, "tok", "DEV")
    with pytest.raises(OnlineError, match="does not know this access token"):
        accounts.sign_in(server, ANN, token="old")
    with pytest.raises(OnlineError, match="@ann:example.org's, not @bob"):
        accounts.sign_in(server, BOB, token="tok")


def one_line_error(call) -> str:
    with pytest.raises(OnlineError) as caught:
        call()
    assert "\n" not in str(caught.value)
    return str(caught.value)


def test_a_wrong_password_is_one_line(server):
    assert one_line_error(lambda: accounts.sign_in(server, ANN, "wrong")) == "the server refused the user or password"


def test_a_server_without_password_login_says_how_to_get_a_token(server):
    FakeServer.flows = ["m.login.sso", "m.login.token"]
    why = one_line_error(lambda: accounts.sign_in(server, ANN, "right"))
    assert "does not take passwords" in why and "access token" in why
    assert FakeServer.seen == []  # the password never left


def closed_port() -> str:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}"


def test_an_unreachable_server_is_one_line():
    url = closed_port()
    assert one_line_error(lambda: accounts.sign_in(url, ANN, "right")).startswith(f"cannot reach {url[7:]}")


def test_a_matrix_id_is_checked_before_anything_is_sent():
    assert "looks like @name:example.org" in one_line_error(lambda: accounts.sign_in("", "ann", "right"))
    for typed_twice in ("@mum:localhost@mum:example.invalid", "@mum:localhost:", "@mum:local host", "@:x.org"):
        assert "looks like @name:example.org" in one_line_error(lambda: accounts.sign_in("", typed_twice, "right"))
    for fine in ("@mum:localhost", "@mum:example.org:8448", "@mum:[::1]:8008", "@mum.ann=x:10.0.0.1"):
        assert accounts.server_of(fine) == fine.split(":", 1)[1]


def test_the_homeserver_is_found_from_the_user_id(monkeypatch):
    asked = []

    def answer(method, url, body=None, token=None):
        asked.append(url)
        return 200, {"m.homeserver": {"base_url": "https://matrix.example.org/"}}

    monkeypatch.setattr(accounts, "_call", answer)
    assert accounts.discover(ANN) == "https://matrix.example.org"
    assert asked == ["https://example.org/.well-known/matrix/client"]
    monkeypatch.setattr(accounts, "_call", lambda *args, **kwargs: (404, {}))
    assert accounts.discover(ANN) == "https://example.org"  # no .well-known: the server itself


def test_a_kept_file_that_is_not_an_account_is_no_account(home):
    accounts.account_path().parent.mkdir(parents=True)
    for text in ("", "[1]", '{"user": 3}', '{"homeserver": "h", "user": "u"}', "\x00" * 10):
        accounts.account_path().write_text(text)
        assert accounts.load() is None


# ------------------------------------------------------------------------------------------- the lobby --
def lobby_of(server, user):
    return Lobby(lambda signed: MemoryTransport(server, signed.user), find_variant, Account("mem", user, "tok"))


def test_hosting_invites_shows_the_invitation_and_joining_anchors_the_seat():
    server = MemoryServer()
    ann, bob = lobby_of(server, ANN), lobby_of(server, BOB)
    hosted = ann.answer("host", {"variant": "classic", "invites": [BOB]})
    assert hosted.kind == "hosted"
    room = hosted.value[0]
    assert server.rooms[room].state.get((ANCHOR, ANN))  # the host's dice are anchored at once
    invited = bob.answer("games", {}).value
    assert [(game.room, game.invited) for game in invited] == [(room, True)]
    assert your_turns(invited) == 1
    assert bob.answer("join", {"room": room}).kind == "joined"
    assert server.rooms[room].state.get((ANCHOR, BOB))
    games = {user: summaries(MemoryTransport(server, user), find_variant)[0] for user in (ANN, BOB)}
    first = games[ANN].turn
    assert games[ANN].names == ("ann", "bob") and first in ("ann", "bob") and games[BOB].turn == first
    assert your_turns([games[ANN]]) + your_turns([games[BOB]]) == 1  # the game waits for one of them


def test_inviting_is_checked_before_anything_is_sent():
    server = MemoryServer()
    ann = lobby_of(server, ANN)
    for invites, why in (([], "at least 1"), (["bob"], "looks like"), ([ANN], "seat already"),
                         ([BOB, BOB], "invited once")):
        answer = ann.answer("host", {"variant": "classic", "invites": invites})
        assert answer.kind == "error" and why in answer.value
    assert server.rooms == {}
    with pytest.raises(OnlineError, match="seats 2: invite at most 1"):
        check_invites(ANN, [BOB, EVE], 2)
    assert check_invites(ANN, [" @bob:example.org ", ""], 4) == [BOB]


def test_the_lobby_answers_on_its_own_thread_and_never_blocks_the_asker():
    server = MemoryServer()
    ann = lobby_of(server, ANN)
    asker = threading.current_thread()
    threads = []
    connect = ann.connect
    ann.connect = lambda signed: threads.append(threading.current_thread()) or connect(signed)
    ann.ask("games")
    assert ann.busy == 1
    answer = ann.answers.get(timeout=10)  # what a frame would find in ``taken`` a moment later
    ann.answers.put(answer)
    assert [a.kind for a in ann.taken()] == ["games"] and ann.busy == 0
    assert threads and threads[0] is not asker
    ann.close()
    ann.thread.join(10)
    assert not ann.thread.is_alive()


def test_a_failure_on_the_lobby_thread_is_an_answer_not_a_dead_thread():
    ann = Lobby(lambda signed: 1 / 0, find_variant, Account("mem", ANN, "tok"))
    answer = ann.answer("games", {})
    assert answer.kind == "error" and "division by zero" in answer.value
    assert Lobby(lambda signed: None, find_variant).answer("games", {}).value == "not signed in"
