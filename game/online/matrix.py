"""The Matrix transport: matrix-nio in an asyncio loop of its own thread, queues to the caller.

The caller (a headless seat, a window's frame loop) never waits on the network unless it asks to: every
call runs on the loop and its answer comes back; a sync task puts each room's new events on that room's
queue. The catch-up reads a room's whole history by paging back from the newest sync token (past any
``limited`` timeline); a later gap (a timeline ``limited`` while away) is paged back until an event already
seen. A 429 is waited out as the server asks, a bounded number of times in a row (nio's own retries are
off: it would sleep for ever), and said through ``tell``. An event is sent with a transaction ID made from
the room and the game's moment, so a retry after a lost connection is sent once.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import json
import logging
import queue
import threading
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import nio

from game.online.protocol import ANCHOR, SETUP, RoomEvent
from game.online.transport import OnlineError

MAX_WAITS = 8  # 429s in a row before we give up on a request
LONGEST_WAIT = 120.0  # seconds: a server asking for longer is waited this long, then asked again
SYNC_MS = 20_000  # a long poll's length
PAGE = 100  # events per page of history
TIMELINE = {"room": {"timeline": {"limit": 50}}}  # a sync's timelines: fewer pages on a busy room
CALL_SECONDS = 600  # the longest any one call from the caller may take (a loop stuck is an error, not a hang)


class MatrixTransport:
    def __init__(self, homeserver: str, user: str, password: str = "",
                 tell: Callable[[dict[str, Any]], None] = lambda said: None, *, token: str = "",
                 device: str = "") -> None:
        self.user, self.tell = user, tell
        self.inbox: dict[str, queue.Queue] = {}
        self.seen: dict[str, set[str]] = {}
        self.since: str | None = None
        self.syncing: Any = None
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="matrix", daemon=True)
        self.thread.start()
        logging.getLogger("nio").addHandler(logging.NullHandler())  # its retries are ours to say, as JSON lines
        # no retries of nio's own on a 429 (ours are bounded and said); a few on a refused connection at sign-in
        config = nio.AsyncClientConfig(max_limit_exceeded=0, max_timeouts=3, request_timeout=60,
                                       max_timeout_retry_wait_time=10)
        self.client = nio.AsyncClient(homeserver.rstrip("/"), user, config=config)
        if token:  # signed in before (game.online.account): the kept token, no password anywhere
            self.client.restore_login(user, device or "", token)
            self.client.config = dataclasses.replace(self.client.config, max_timeouts=None)
            return
        try:
            answer = self._run(self._retry(lambda: self.client.login(password, device_name="Dice Parlor")))
        except (TimeoutError, OSError, nio.exceptions.ProtocolError) as error:
            self.close()
            raise OnlineError(f"cannot reach {homeserver}: {type(error).__name__}") from None
        if not isinstance(answer, nio.LoginResponse):
            self.close()
            raise OnlineError(_login_refused(answer))
        # signed in: a lost connection is waited out from now on, the moves kept to send (the same IDs)
        self.client.config = dataclasses.replace(self.client.config, max_timeouts=None)

    # ------------------------------------------------------------- the loop --
    def _run(self, coroutine, timeout: float = CALL_SECONDS):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    async def _retry(self, make: Callable[[], Any]):
        for _ in range(MAX_WAITS + 1):
            answer = await make()
            if isinstance(answer, nio.ErrorResponse) and answer.status_code in ("M_LIMIT_EXCEEDED", "429", 429):
                seconds = min(LONGEST_WAIT, max(1.0, (answer.retry_after_ms or 5000) / 1000))
                self.tell({"wait": round(seconds), "why": f"the server asks us to wait {round(seconds)} s"})
                await asyncio.sleep(seconds)
                continue
            return answer
        raise OnlineError(f"the server kept asking us to wait ({MAX_WAITS} times in a row): try again later")

    async def _ok(self, make: Callable[[], Any], what: str):
        answer = await self._retry(make)
        if isinstance(answer, nio.ErrorResponse):
            raise OnlineError(f"the server refused to {what}: {answer.message}")
        return answer

    async def _raw(self, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, dict[str, Any]]:
        """A client-server API call nio has no method for (room account data)."""
        for _ in range(MAX_WAITS + 1):
            headers = {"Authorization": f"Bearer {self.client.access_token}", "Content-Type": "application/json"}
            reply = await self.client.send(method, path, None if body is None else json.dumps(body), headers)
            data = await reply.json(content_type=None)
            if reply.status != 429:
                return reply.status, data if isinstance(data, dict) else {}
            seconds = min(LONGEST_WAIT, max(1.0, data.get("retry_after_ms", 5000) / 1000))
            self.tell({"wait": round(seconds), "why": f"the server asks us to wait {round(seconds)} s"})
            await asyncio.sleep(seconds)
        raise OnlineError("the server kept asking us to wait: try again later")

    # -------------------------------------------------------------- rooms --
    def create_game(self, name: str, invite: list[str], setup: dict[str, Any], text: str) -> str:
        power = {"events": {SETUP: 100, ANCHOR: 0, "m.room.redaction": 100, "m.room.power_levels": 100,
                            "m.room.history_visibility": 100, "m.room.tombstone": 100, "m.room.server_acl": 100,
                            "m.room.encryption": 100, "m.room.name": 50},
                 "redact": 100, "invite": 100, "state_default": 50, "events_default": 0}
        answer = self._run(self._ok(lambda: self.client.room_create(
            name=name, preset=nio.RoomPreset.private_chat, invite=invite,
            initial_state=[{"type": SETUP, "state_key": "", "content": setup}],
            power_level_override=power), "make the game's room"))
        room = answer.room_id
        self.say(room, text, "opening")
        return room

    def link(self, room: str) -> str:
        """A matrix.to link to the room (room IDs of version 12 name no server: ``via`` says where)."""
        return f"https://matrix.to/#/{quote(room, safe='')}?via={self.user.split(':', 1)[1]}"

    def games(self, invited: bool = True) -> list[str]:
        answer = self._run(self._ok(lambda: self.client.sync(timeout=0, full_state=True, sync_filter=TIMELINE),
                                    "sync"))
        self.since = answer.next_batch
        if invited:
            for room in answer.rooms.invite:
                self._run(self._ok(lambda room=room: self.client.join(room), "join the game"))
        found = []
        rooms = self._run(self._ok(lambda: self.client.joined_rooms(), "list the rooms")).rooms
        for room in reversed(rooms):
            state = self._run(self._retry(lambda room=room: self.client.room_get_state_event(room, SETUP, "")))
            if isinstance(state, nio.RoomGetStateEventResponse):
                found.append(room)
        if invited and answer.rooms.invite:
            self.since = self._run(self._ok(lambda: self.client.sync(timeout=0, sync_filter=TIMELINE),
                                            "sync")).next_batch  # our joins are in the history read next
        return found

    def invites(self) -> list[tuple[str, str]]:
        answer = self._run(self._ok(lambda: self.client.sync(timeout=0, full_state=True, sync_filter=TIMELINE),
                                    "sync"))
        found = []
        for room, info in answer.rooms.invite.items():
            names = [event.name for event in info.invite_state if isinstance(event, nio.InviteNameEvent)]
            found.append((room, names[-1] if names else ""))
        return found[::-1]

    def enter(self, room: str) -> None:
        self._run(self._ok(lambda: self.client.join(room), "let us into the game's room"))
        self.since = None  # our join is in the history read next

    def history(self, room: str) -> list[RoomEvent]:
        """Every event of the room, oldest first: paged back from the room's end, not from a sync's token. Synapse
        answers a device's repeated first sync from a cache for a while, with a token from before what was sent
        since (a game hosted a moment ago read without its anchor: the seat made a second one, and its dice
        secret was lost). The sync that follows starts at that token; what it repeats is skipped (``seen``)."""
        if self.since is None:
            self.since = self._run(self._ok(lambda: self.client.sync(timeout=0, sync_filter=TIMELINE),
                                            "sync")).next_batch
        events = self._run(self._page_back(room, None, set()))
        self.inbox.setdefault(room, queue.Queue())
        self.seen[room] = {event.event_id for event in events}
        return events

    async def _page_back(self, room: str, start: str | None, seen: set[str]) -> list[RoomEvent]:
        """Events before ``start`` (None: the room's end), back to the room's first or to one already ``seen``,
        oldest first."""
        older: list[RoomEvent] = []
        token = start
        while True:
            page = await self._ok(lambda token=token: self.client.room_messages(
                room, start=token, direction=nio.MessageDirection.back, limit=PAGE), "read the room's history")
            known = False
            for event in page.chunk:
                event = _event(event.source)
                if event.event_id in seen:
                    known = True
                    break
                older.append(event)
            if known or not page.chunk or not page.end or page.end == token:
                break
            token = page.end
        return older[::-1]

    def wait(self, room: str, timeout: float) -> list[RoomEvent]:
        if self.syncing is None:
            self.syncing = asyncio.run_coroutine_threadsafe(self._sync_forever(), self.loop)
        if self.syncing.done():
            self.syncing.result()  # its error, said here
        box = self.inbox.setdefault(room, queue.Queue())
        try:
            events = [box.get(timeout=timeout)]
        except queue.Empty:
            return []
        while True:
            try:
                events.append(box.get_nowait())
            except queue.Empty:
                return events

    async def _sync_forever(self) -> None:
        while True:
            answer = await self._retry(lambda: self.client.sync(timeout=SYNC_MS, since=self.since,
                                                                sync_filter=TIMELINE))
            if isinstance(answer, nio.ErrorResponse):
                self.tell({"wait": 5, "why": f"the server did not answer as expected: {answer.message}"})
                await asyncio.sleep(5)
                continue
            for room, joined in answer.rooms.join.items():
                if room not in self.inbox:
                    continue
                seen = self.seen.setdefault(room, set())
                events = [_event(event.source) for event in joined.timeline.events]
                if joined.timeline.limited and joined.timeline.prev_batch:  # a gap: read it before what follows
                    events = await self._page_back(room, joined.timeline.prev_batch, seen) + events
                for event in events:
                    if event.event_id not in seen:
                        seen.add(event.event_id)
                        self.inbox[room].put(event)
            self.since = answer.next_batch

    # ------------------------------------------------------------ sending --
    def _txn(self, room: str, txn: str) -> str:
        return f"dp-{hashlib.sha256(room.encode()).hexdigest()[:12]}-{txn}"

    def send(self, room: str, kind: str, content: dict[str, Any], txn: str) -> None:
        self._run(self._ok(lambda: self.client.room_send(room, kind, content, tx_id=self._txn(room, txn)),
                           f"take our {kind.rsplit('.', 1)[-1]}"))

    def put_state(self, room: str, kind: str, key: str, content: dict[str, Any]) -> None:
        self._run(self._ok(lambda: self.client.room_put_state(room, kind, content, key),
                           f"take our {kind.rsplit('.', 1)[-1]}"))

    def say(self, room: str, text: str, txn: str) -> None:
        self.send(room, "m.room.message", {"msgtype": "m.text", "body": text}, txn)

    def _account_path(self, room: str, kind: str) -> str:
        return (f"/_matrix/client/v3/user/{quote(self.user, safe='')}/rooms/{quote(room, safe='')}"
                f"/account_data/{quote(kind, safe='')}")

    def put_private(self, room: str, kind: str, content: dict[str, Any]) -> None:
        status, data = self._run(self._raw("PUT", self._account_path(room, kind), content))
        if status != 200:
            raise OnlineError(f"the server refused to keep our note: {data.get('error', status)}")

    def get_private(self, room: str, kind: str) -> dict[str, Any] | None:
        status, data = self._run(self._raw("GET", self._account_path(room, kind)))
        return data if status == 200 else None

    def close(self) -> None:
        if self.syncing is not None:
            self.syncing.cancel()
        try:
            self._run(self.client.close(), timeout=10)
        except Exception:  # noqa: BLE001 (closing: nothing more to do about it)
            pass
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)


def _event(source: dict[str, Any]) -> RoomEvent:
    content = source.get("content")
    return RoomEvent(str(source.get("sender", "")), str(source.get("type", "")),
                     content if isinstance(content, dict) else {}, source.get("state_key"),
                     str(source.get("event_id", "")))


def _login_refused(answer: Any) -> str:
    code = getattr(answer, "status_code", "")
    if code == "M_FORBIDDEN":
        return "the server refused the user or password"
    if code in ("M_UNKNOWN", "M_UNRECOGNIZED", "M_INVALID_PARAM") and "password" in str(answer.message).lower():
        return ("the server does not take passwords: sign in with an access token "
                "(from your Matrix app's settings)")
    return f"the server refused to sign us in: {getattr(answer, 'message', answer)}"
