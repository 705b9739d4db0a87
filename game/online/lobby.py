"""The games of one account, fetched off the caller's thread: a window never waits on the network.

The window asks (``ask``: sign in, list the games, host one, join one, sign out) and, each frame, takes the
answers that have come (``taken``): a thread of the lobby's own does the asking, one request after another,
through a transport made for the signed-in account (``connect``: matrix-nio for real, a memory room in the
tests). Every answer is an ``Answer``; a failure is one with ``kind`` "error" and one line saying why.

A game's summary comes from the room's history replayed by the referee: its variant, its seats, whose turn it
is. Hosting or joining a game also publishes this seat's anchor at once (the dice need every seat's anchor
before anyone plays), so a game started from here is ready the moment the others join.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.errors import DiceParlorError, one_line
from game.online import account as accounts
from game.online.account import Account
from game.online.protocol import USER
from game.online.referee import Referee
from game.online.seat import RoomSeat, host_game, new_setup
from game.online.transport import OnlineError, Transport, close_quietly


@dataclass(frozen=True)
class GameSummary:
    """One game of the account's, as a list shows it."""

    room: str
    variant: str  # the variant's name ("" for an invitation: its room's name says what it is)
    names: tuple[str, ...] = ()
    turn: str = ""  # whose move the game waits for ("" while nobody's: dice out, not started, over)
    mine: bool = False  # the game waits for this account's seat
    invited: bool = False  # not joined yet
    over: bool = False
    title: str = ""  # an invitation's room name
    waiting: tuple[str, ...] = ()  # the seats whose anchors are not in yet (not joined)


@dataclass(frozen=True)
class Answer:
    kind: str  # "signed_in", "signed_out", "games", "hosted", "joined", "error"
    value: Any = None
    asked: str = ""  # what was asked, for an error's sake


@dataclass
class Lobby:
    """Requests to one account's server, answered in order on a thread of their own."""

    connect: Callable[[Account], Transport]
    find_variant: Callable[[str], Any]
    account: Account | None = None
    asks: queue.Queue = field(default_factory=queue.Queue)
    answers: queue.Queue = field(default_factory=queue.Queue)
    transport: Transport | None = None
    thread: threading.Thread | None = None
    busy: int = 0  # asks not answered yet (the window shows it is waiting)
    games: list[GameSummary] | None = None  # the account's games as last fetched (None: not yet)
    said: str = ""  # the last failure, one line ("" after a success)
    hosted: tuple[str, str] | None = None  # the game hosted last: its room and its matrix.to link

    # -------------------------------------------------------- the window's side --
    def ask(self, kind: str, **args: Any) -> None:
        self.busy += 1
        self.asks.put((kind, args))
        if self.thread is None:
            self.thread = threading.Thread(target=self.run, name="far-away lobby", daemon=True)
            self.thread.start()

    def taken(self) -> list[Answer]:
        """The answers that have come since last asked (never waits), each also kept in the lobby's fields
        (``games``, ``said``, ``hosted``) for whichever screen shows them."""
        found = []
        while True:
            try:
                answer = self.answers.get_nowait()
            except queue.Empty:
                self.busy = max(0, self.busy - len(found))
                return found
            found.append(answer)
            self.said = answer.value if answer.kind == "error" else ""
            if answer.kind == "games":
                self.games = answer.value
            elif answer.kind == "hosted":
                self.hosted = answer.value
            elif answer.kind in ("signed_out", "signed_in"):
                self.games, self.hosted = None, None

    def close(self) -> None:
        self.asks.put(None)

    # -------------------------------------------------------------- the thread --
    def run(self) -> None:
        while (item := self.asks.get()) is not None:
            self.answers.put(self.answer(*item))
        self._drop()

    def answer(self, kind: str, args: dict) -> Answer:
        """One request, answered (on the lobby's thread; the tests call it straight)."""
        try:
            return getattr(self, f"_{kind}")(**args)
        except (OnlineError, DiceParlorError) as error:
            return Answer("error", str(error), kind)
        except Exception as error:  # noqa: BLE001 (a network library's surprise: said, never a dead thread)
            logging.getLogger("dice_parlor").exception("far-away lobby: %s", kind)
            return Answer("error", f"something went wrong: {one_line(str(error) or type(error).__name__, 100)}",
                          kind)

    def _drop(self) -> None:
        transport, self.transport = self.transport, None
        close_quietly(transport)

    def _room(self) -> Transport:
        if self.account is None:
            raise OnlineError("not signed in")
        if self.transport is None:
            self.transport = self.connect(self.account)
        return self.transport

    def _sign_in(self, homeserver: str, user: str, password: str = "", token: str = "") -> Answer:
        signed = accounts.sign_in(homeserver, user, password, token)
        accounts.keep(signed)
        self._drop()
        self.account = signed
        return Answer("signed_in", signed)

    def _sign_out(self) -> Answer:
        self._drop()
        signed, self.account = self.account, None
        if signed is not None:
            accounts.sign_out(signed)
        else:
            accounts.forget()
        return Answer("signed_out")

    def _games(self) -> Answer:
        return Answer("games", summaries(self._room(), self.find_variant))

    def _host(self, variant: str, invites: list[str]) -> Answer:
        transport = self._room()
        found = self.find_variant(variant)
        users = [transport.user] + check_invites(transport.user, invites, found.max_players)
        if len(users) < max(2, found.min_players):
            raise OnlineError(f"{found.name} far away needs at least {max(2, found.min_players) - 1} Matrix ID "
                              "to invite")
        room = host_game(transport, new_setup(transport.user, found.id, users), found.name)
        self._anchor(transport, room)
        link = transport.link(room) if hasattr(transport, "link") else room
        return Answer("hosted", (room, link))

    def _join(self, room: str) -> Answer:
        transport = self._room()
        transport.enter(room)
        self._anchor(transport, room)
        return Answer("joined", room)

    def _anchor(self, transport: Transport, room: str) -> None:
        """Publish this seat's anchor now (once): the game can start as soon as every seat has."""
        referee = Referee(self.find_variant)
        for event in transport.history(room):
            referee.feed(event)
        if referee.setup is None or referee.setup.seat_of(transport.user) is None:
            raise OnlineError("this room holds no game with a seat for you")
        if transport.user not in referee.anchors:
            RoomSeat(transport, room, referee, chooser=lambda state: None).act()


class AtOnce(Lobby):
    """A lobby that answers as it is asked, on the asker's thread: for tests and pictures of the screens, which
    need no thread to show what a frame does with the answers (never for a window on a real network)."""

    def ask(self, kind: str, **args: Any) -> None:
        self.busy += 1
        self.answers.put(self.answer(kind, args))


def check_invites(user: str, invites: list[str], seats: int) -> list[str]:
    """The Matrix IDs to invite, checked before anything is sent: each an ID, each once, not oneself, and no
    more than the variant's seats leave."""
    found = []
    for typed in invites:
        typed = typed.strip()
        if not typed:
            continue
        if not USER.fullmatch(typed):
            raise OnlineError(f"a Matrix ID looks like @name:example.org, not {one_line(typed, 60)!r}")
        if typed == user:
            raise OnlineError("you have a seat already: invite the others")
        if typed in found:
            raise OnlineError(f"{one_line(typed, 60)} is invited once")
        found.append(typed)
    if 1 + len(found) > seats:
        raise OnlineError(f"this game seats {seats}: invite at most {seats - 1}")
    return found


def summaries(transport: Transport, find_variant: Callable[[str], Any]) -> list[GameSummary]:
    """Every game of the account: the invitations first, then the games it is in, newest first."""
    found = [GameSummary(room, "", invited=True, title=name) for room, name in transport.invites()]
    for room in transport.games(invited=False):
        referee = Referee(find_variant)
        for event in transport.history(room):
            referee.feed(event)
        setup = referee.setup
        if setup is None or setup.seat_of(transport.user) is None:
            continue
        waiting = tuple(setup.names[i] for i, user in enumerate(setup.users) if user not in referee.anchors)
        to_play = referee.to_play()
        over = referee.over
        try:
            variant = find_variant(setup.variant).name
        except DiceParlorError:
            variant = setup.variant
        found.append(GameSummary(room, str(variant), setup.names, referee.name(to_play) if to_play else "",
                                 to_play == transport.user or transport.user not in referee.anchors, over=over,
                                 waiting=waiting))
    return found


def your_turns(games: list[GameSummary]) -> int:
    """How many games wait for this account: its move, or its seat to be taken (an invitation)."""
    return sum(game.mine or game.invited for game in games if not game.over)


def connect_matrix(signed: Account):
    """The real thing: matrix-nio on the kept token (the ``online`` extra)."""
    try:
        from game.online.matrix import MatrixTransport
    except ImportError:
        raise OnlineError("online play needs matrix-nio: pip install 'dice-parlor[online]'") from None
    return MatrixTransport(signed.homeserver, signed.user, token=signed.token, device=signed.device)
