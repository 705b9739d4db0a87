"""The Matrix transport's patience, without a server: a 429 is waited out as asked, a bounded number of times
and said each time; what the room gives back is read as plain events."""

import asyncio

import pytest

nio = pytest.importorskip("nio")

from game.online import matrix  # noqa: E402
from game.online.matrix import MAX_WAITS, MatrixTransport, _event, _login_refused  # noqa: E402
from game.online.transport import OnlineError  # noqa: E402


def transport(said: list) -> MatrixTransport:
    seat = MatrixTransport.__new__(MatrixTransport)  # no sign-in: only the retries are tried here
    seat.tell = said.append
    return seat


def slept(monkeypatch) -> list:
    waits = []

    async def sleep(seconds):
        waits.append(seconds)

    monkeypatch.setattr(matrix.asyncio, "sleep", sleep)
    return waits


def test_a_429_is_waited_out_as_the_server_asks_then_the_answer_comes(monkeypatch):
    waits, said = slept(monkeypatch), []
    answers = iter([nio.ErrorResponse("slow down", "M_LIMIT_EXCEEDED", 3000), "sent"])

    async def make():
        return next(answers)

    assert asyncio.run(transport(said)._retry(make)) == "sent"
    assert waits == [3.0] and said == [{"wait": 3, "why": "the server asks us to wait 3 s"}]


def test_a_server_that_never_stops_asking_is_given_up_on_with_one_line(monkeypatch):
    waits, said = slept(monkeypatch), []

    async def make():
        return nio.ErrorResponse("slow down", "M_LIMIT_EXCEEDED", 10 ** 9)

    with pytest.raises(OnlineError, match="kept asking us to wait"):
        asyncio.run(transport(said)._retry(make))
    assert len(waits) == MAX_WAITS + 1 and max(waits) == matrix.LONGEST_WAIT  # bounded, each wait too


def test_a_room_event_is_read_plainly_whatever_its_shape():
    event = _event({"sender": "@a:x", "type": "org.diceparlor.move", "content": "junk", "event_id": "$1"})
    assert event.content == {} and event.state_key is None and event.sender == "@a:x"
    assert "token" in _login_refused(nio.LoginError("password login is not supported", "M_UNKNOWN"))
    refused = _login_refused(nio.LoginError("Invalid password", "M_FORBIDDEN"))
    assert refused == "the server refused the user or password"
