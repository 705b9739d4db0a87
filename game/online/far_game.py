"""A game far away played in the table window: a worker that owns the seat in the room, queues to the window.

The window never waits on the network. A worker (a thread of its own; the tests turn it by hand, ``work``)
owns the room's transport, this account's seat and the referee: it reads the room's whole history, answers
every throw with this seat's link, throws the roll-off for this seat (no choice in it), sends the host's
final line, and sends the moves the person at the window made (``play``). The window takes what came
(``taken``): ``Opened`` once the game can be shown (every seat anchored, who starts decided), with the
game so far as a saved session to open the table on; then each ``Entry`` of the game in the room's order
that the window has not made itself (the far seats' moves, every throw's faces); ``Waiting`` (whose links a
throw waits for, who has not joined); ``Said`` (a refusal: "Bob's move could not be verified: ...", a
server asking us to wait); ``Failed`` (the room cannot be reached: one line).

The room is the save: nothing of such a game is kept on this machine, and a window opened again anywhere
gets the same ``Opened`` from the room's history.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.engine.actions import Action, Dice, Roll
from game.errors import DiceParlorError, one_line
from game.online.protocol import MOVE, RoomEvent, Setup
from game.online.referee import Referee
from game.online.seat import RoomSeat
from game.online.transport import OnlineError, Transport, close_quietly

WAIT_SECONDS = 0.1  # the worker's longest wait for the room or the window before it looks at the other


@dataclass(frozen=True)
class Opened:
    """The game as the room has it now: the window opens its table on ``session`` (a saved session's JSON)."""

    setup: Setup
    seat: int  # this account's seat
    session: dict[str, Any]


@dataclass(frozen=True)
class Entry:
    """One entry of the game's log the window did not make: a seat's move, or a throw's faces (seat -1)."""

    seat: int
    action: Action


@dataclass(frozen=True)
class Waiting:
    """Who the game waits for, not at the window: ``what`` is "join" (anchors missing), "dice" (links missing
    for a throw) or "" (nobody)."""

    what: str
    names: tuple[str, ...] = ()


@dataclass(frozen=True)
class Said:
    text: str
    refusal: bool = False


@dataclass(frozen=True)
class Failed:
    text: str


Told = Opened | Entry | Waiting | Said | Failed  # what the window is told
Move = tuple[Action, list[int] | None]  # the person's move, with the dice a roll keeps


class WindowSeat(RoomSeat):
    """A seat whose turns come from the window: it sends what the person played, and nothing else of its own
    choosing (the roll-off's throw is no choice: thrown here). It notes the log's entries the window has
    not made (``fresh``)."""

    def __init__(self, transport: Transport, room: str, referee: Referee, tell: Callable[[dict[str, Any]], None]):
        super().__init__(transport, room, referee, chooser=lambda state: None, tell=tell)
        self.moves: list[Move] = []  # the person's, not sent yet
        self.from_window: set[int] = set()  # the ``at`` of each move sent for the window
        self.fresh: list[Entry] = []

    def act(self) -> bool:
        referee = self.referee
        if referee.started and referee.to_play() == self.user and not self.rolling_off() and not self.moves:
            return False  # the person's turn: nothing to send until they have played
        return super().act()

    def rolling_off(self) -> bool:
        session = self.referee.session
        return session is not None and getattr(session.state, "phase", None) == "rolloff"

    def _choose(self, state: Any) -> Move:
        session = self.referee.session
        if self.rolling_off() or session is None:
            return Roll(), None
        self.from_window.add(len(session.log))
        return self.moves.pop(0)

    def see(self, event: RoomEvent, quiet: bool = False) -> None:
        session = self.referee.session
        before = len(session.log) if session is not None else 0
        super().see(event, quiet)
        session = self.referee.session
        if session is None:
            return
        at = event.content.get("at") if isinstance(event.content, dict) else None
        made_here = event.type == MOVE and event.sender == self.user and at in self.from_window
        for action, actor in zip(session.log[before:], session.actors[before:]):
            if not made_here or isinstance(action, Dice):  # the window has its own moves; the faces come from here
                self.fresh.append(Entry(actor, action))


class FarGame:
    """One game's room, played from a window (see the module). ``connect`` makes the transport (on the worker)."""

    def __init__(self, connect: Callable[[], Transport], room: str, find_variant: Callable[[str], Any]):
        self.connect, self.room, self.find_variant = connect, room, find_variant
        self.moves: queue.Queue[Move | None] = queue.Queue()  # the window's moves, to send (None: a wake-up)
        self.told: queue.Queue[Told] = queue.Queue()  # what the window is told
        self.thread: threading.Thread | None = None
        self.stopping = threading.Event()
        self.transport: Transport | None = None
        self.seat: WindowSeat | None = None
        self.opened = False
        self.waiting: Waiting | None = None

    # -------------------------------------------------------- the window's side --
    def start(self) -> None:
        self.thread = threading.Thread(target=self.run, name="far-away game", daemon=True)
        self.thread.start()

    def taken(self) -> list[Told]:
        found: list[Told] = []
        while True:
            try:
                found.append(self.told.get_nowait())
            except queue.Empty:
                return found

    def play(self, move: Action, held: list[int] | None = None) -> None:
        """The person's move (a roll with the dice it keeps), to send."""
        self.moves.put((move, held))

    def close(self) -> None:
        self.stopping.set()
        self.moves.put(None)  # wakes a worker waiting for the window

    # -------------------------------------------------------------- the worker --
    def run(self) -> None:
        try:
            while not self.stopping.is_set():
                self.work(WAIT_SECONDS)
        finally:
            self._drop()

    def work(self, timeout: float = 0.0) -> None:
        """One turn of the worker: the room read, the window's moves sent, what is due sent, the window told.
        Any failure is told as one line; a worker that failed to open tries again on its next turn."""
        try:
            if self.seat is None:
                self._open()
            self._turn(timeout)
        except (OnlineError, DiceParlorError) as error:
            self._fail(str(error))
        except Exception as error:  # noqa: BLE001 (a network library's surprise: said, never a dead thread)
            logging.getLogger("dice_parlor").exception("far-away game")
            self._fail(f"something went wrong: {one_line(str(error) or type(error).__name__, 100)}")

    def _fail(self, text: str) -> None:
        self.told.put(Failed(text))
        if self.seat is None:
            self.stopping.wait(5.0)  # not open: look again in a while, not in a tight loop

    def _open(self) -> None:
        self.transport = transport = self.connect()
        transport.enter(self.room)
        referee = Referee(self.find_variant)
        seat = WindowSeat(transport, self.room, referee, self._tell)
        seat.catch_up()
        if referee.setup is None or referee.setup.seat_of(transport.user) is None:
            raise OnlineError("this room holds no game with a seat for you")
        for verdict in referee.refusals[-3:]:  # the last few: what went wrong lately shows
            self.told.put(Said(verdict.why, refusal=True))
        seat.fresh.clear()  # the window opens on the game as it is now
        self.seat = seat

    def _tell(self, said: dict[str, Any]) -> None:
        if "refused" in said:
            self.told.put(Said(said["refused"]["why"], refusal=True))

    def _turn(self, timeout: float) -> None:
        seat = self.seat
        if seat is None:
            return
        waited = False
        while True:
            try:
                item = self.moves.get(timeout=timeout) if not waited and timeout else self.moves.get_nowait()
            except queue.Empty:
                break
            waited = True
            if item is not None:
                seat.moves.append(item)
        for _ in range(8):  # what is due: an anchor, a reveal, the person's move, the result (a few at most)
            sent = seat.act()
            seat.poll(0.0)  # what came (our own events too, once the room has them)
            if not sent:
                break
        self._show(seat)

    def _show(self, seat: WindowSeat) -> None:
        referee = seat.referee
        if not self.opened:
            setup, session = referee.setup, referee.session
            mine = setup.seat_of(seat.user) if setup is not None else None
            if not referee.started or seat.rolling_off() or setup is None or session is None or mine is None:
                seat.fresh.clear()  # shown from the session once opened
                self._waiting(referee)
                return
            self.opened = True
            self.told.put(Opened(setup, mine, session.to_json()))
            seat.fresh.clear()
        for entry in seat.fresh:
            self.told.put(entry)
        seat.fresh.clear()
        self._waiting(referee)

    def _waiting(self, referee: Referee) -> None:
        setup, session = referee.setup, referee.session
        if setup is None:
            return
        if not referee.started or session is None:
            now = Waiting("join", tuple(setup.names[i] for i, user in enumerate(setup.users)
                                        if user not in referee.anchors))
        elif session.dice_pending and not referee.over:
            now = Waiting("dice", tuple(setup.names[i] for i, user in enumerate(setup.users)
                                        if user not in referee.revealed))
        else:
            now = Waiting("")
        if now != self.waiting:
            self.waiting = now
            self.told.put(now)

    def _drop(self) -> None:
        transport, self.transport = self.transport, None
        close_quietly(transport)
