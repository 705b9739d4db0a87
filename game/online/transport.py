"""How a seat reaches its game's room: the interface, and an in-memory room for tests.

A transport does the few things a game needs of a room: make one (the host), find and join the games its
user is invited to or in, read a room's whole history, wait for what comes next, send an event (with a
transaction ID: the same ID twice is sent once), set a state event, keep a small private note for its user
alone (the seat's chain seed: a fresh copy of the app picks the game up from the room and the note). The
Matrix one is ``game.online.matrix``; ``MemoryServer`` keeps rooms in memory and checks what a homeserver
checks (who may set which state event), nothing more.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.online.protocol import SETUP, RoomEvent


class OnlineError(Exception):
    """The room cannot be reached or refuses us: one line saying why."""


class Transport(Protocol):
    user: str

    def create_game(self, name: str, invite: list[str], setup: dict[str, Any], text: str) -> str:
        """A new invite-only room holding the game's setup (only the host may change it), opened by ``text``."""

    def games(self, invited: bool = True) -> list[str]:
        """The rooms this user is in that hold a game's setup, newest first (joining those it is invited to)."""

    def invites(self) -> list[tuple[str, str]]:
        """The rooms this user is invited to and has not joined yet, newest first: (room, its name)."""

    def enter(self, room: str) -> None:
        """Join the room (the user is invited to it), or nothing if already in."""

    def history(self, room: str) -> list[RoomEvent]:
        """The room's whole timeline, oldest first; ``wait`` then hands on only what comes after it."""

    def wait(self, room: str, timeout: float) -> list[RoomEvent]:
        """What came to the room since last asked (waiting at most ``timeout`` seconds for something)."""

    def send(self, room: str, kind: str, content: dict[str, Any], txn: str) -> None: ...

    def put_state(self, room: str, kind: str, key: str, content: dict[str, Any]) -> None: ...

    def say(self, room: str, text: str, txn: str) -> None:
        """One plain line for people in chat apps."""

    def put_private(self, room: str, kind: str, content: dict[str, Any]) -> None: ...

    def get_private(self, room: str, kind: str) -> dict[str, Any] | None: ...

    def close(self) -> None: ...


def close_quietly(transport: Transport | None) -> None:
    """Let a room's connection go; closing can fail in many ways and there is nothing more to do about any."""
    if transport is None:
        return
    try:
        transport.close()
    except Exception:  # noqa: BLE001 (closing: nothing more to do about it)
        pass


@dataclass
class MemoryRoom:
    creator: str
    members: set[str]
    invited: set[str]
    timeline: list[RoomEvent] = field(default_factory=list)
    state: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)
    name: str = ""


class MemoryServer:
    """Rooms in memory, shared by the transports of several users (one per seat)."""

    def __init__(self) -> None:
        self.rooms: dict[str, MemoryRoom] = {}
        self.private: dict[tuple[str, str, str], dict[str, Any]] = {}
        self.txns: set[tuple[str, str, str]] = set()
        self.ids = itertools.count(1)

    def post(self, room: str, event: RoomEvent) -> None:
        """An event into the room as a homeserver would take it (tests post a cheater's events straight in)."""
        event = RoomEvent(event.sender, event.type, event.content, event.state_key, f"$e{next(self.ids)}")
        data = self.rooms[room]
        if event.state_key is not None:
            data.state[(event.type, event.state_key)] = event.content
        data.timeline.append(event)


class MemoryTransport:
    def __init__(self, server: MemoryServer, user: str):
        self.server, self.user = server, user
        self.read: dict[str, int] = {}  # how far into each room's timeline this copy has read

    def _room(self, room: str, member: bool = True) -> MemoryRoom:
        data = self.server.rooms.get(room)
        if data is None or member and self.user not in data.members:
            raise OnlineError(f"{self.user} is not in the room {room}")
        return data

    def create_game(self, name: str, invite: list[str], setup: dict[str, Any], text: str) -> str:
        room = f"!game{len(self.server.rooms) + 1}"
        self.server.rooms[room] = MemoryRoom(self.user, {self.user}, set(invite), name=name)
        self.server.post(room, RoomEvent(self.user, SETUP, setup, ""))
        self.say(room, text, "opening")
        return room

    def games(self, invited: bool = True) -> list[str]:
        found = []
        for room, data in reversed(self.server.rooms.items()):
            if invited and self.user in data.invited:
                self.enter(room)
            if self.user in data.members and (SETUP, "") in data.state:
                found.append(room)
        return found

    def invites(self) -> list[tuple[str, str]]:
        return [(room, data.name) for room, data in reversed(self.server.rooms.items()) if self.user in data.invited]

    def enter(self, room: str) -> None:
        data = self._room(room, member=False)
        if self.user in data.invited:
            data.invited.discard(self.user)
            data.members.add(self.user)
            self.server.post(room, RoomEvent(self.user, "m.room.member", {"membership": "join"}, self.user))

    def history(self, room: str) -> list[RoomEvent]:
        timeline = self._room(room).timeline
        self.read[room] = len(timeline)
        return list(timeline)

    def wait(self, room: str, timeout: float) -> list[RoomEvent]:
        timeline = self._room(room).timeline
        new = timeline[self.read.get(room, 0):]
        self.read[room] = len(timeline)
        return list(new)

    def send(self, room: str, kind: str, content: dict[str, Any], txn: str) -> None:
        self._room(room)
        if (self.user, room, txn) in self.server.txns:
            return  # sent before: a homeserver answers a repeated transaction with the first event
        self.server.txns.add((self.user, room, txn))
        self.server.post(room, RoomEvent(self.user, kind, content))

    def put_state(self, room: str, kind: str, key: str, content: dict[str, Any]) -> None:
        data = self._room(room)
        if key.startswith("@") and key != self.user or kind == SETUP and self.user != data.creator:
            raise OnlineError(f"{self.user} may not set {kind} {key!r}")  # what a homeserver's rules refuse
        self.server.post(room, RoomEvent(self.user, kind, content, key))

    def say(self, room: str, text: str, txn: str) -> None:
        self.send(room, "m.room.message", {"msgtype": "m.text", "body": text}, txn)

    def put_private(self, room: str, kind: str, content: dict[str, Any]) -> None:
        self.server.private[(self.user, room, kind)] = content

    def get_private(self, room: str, kind: str) -> dict[str, Any] | None:
        return self.server.private.get((self.user, room, kind))

    def close(self) -> None:
        pass
