"""A seat that plays through a room: it reads the history, answers every throw with its link, plays its
turns (a computer player chooses), and says what happened as plain dicts (the headless seats print them as
JSON lines; a window will show them).

Nothing is applied here before the room has it: a move goes out, and is played when it comes back in the
room's order, judged by the referee like everyone else's. Nothing is kept only on this machine: the chain's
seed is the user's private note in the room (account data), so a fresh copy anywhere picks the game up.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from typing import Any

from game.engine.actions import Hold, Release, Roll
from game.online.dice import Chain
from game.online.protocol import (
    ANCHOR,
    MOVE,
    RESULT,
    REVEAL,
    SECRET,
    VERSION,
    RoomEvent,
    Setup,
    anchor_content,
    move_content,
    result_content,
    reveal_content,
    setup_content,
)
from game.online.referee import Referee
from game.online.transport import OnlineError, Transport


def new_setup(host: str, variant: str, users: list[str], games: int = 1) -> Setup:
    names = tuple(user[1:].split(":", 1)[0][:40] or user for user in users)
    return Setup(host, variant, tuple(users), names, games, secrets.token_hex(16))


def host_game(transport: Transport, setup: Setup, variant_name: str) -> str:
    """Make the game's room: the setup as its state, the invitations, one line for chat apps."""
    others = [user for user in setup.users if user != transport.user]
    text = (f"This room is a game of Dice Parlor: {variant_name}, {' against '.join(setup.names)}. "
            "To play along, get Dice Parlor and sign in with your Matrix account: the game is here.")
    return transport.create_game(f"Dice Parlor: {variant_name}", others, setup_content(setup), text)


class RoomSeat:
    """``user``'s seat in ``room``, played by ``chooser(state) -> move`` (a computer player)."""

    def __init__(self, transport: Transport, room: str, referee: Referee, chooser: Callable[[Any], Any],
                 tell: Callable[[dict[str, Any]], None] = lambda said: None):
        self.transport, self.room, self.referee = transport, room, referee
        self.user = transport.user
        self.chooser = chooser
        self.tell = tell
        self.chain: Chain | None = None
        self.sent: set[tuple[str, int]] = set()  # what this copy sent and has not seen come back yet
        self.closing = False  # the final line said

    # ------------------------------------------------------------ reading --
    def catch_up(self) -> None:
        """Read the room's whole history (a fresh copy, or after a long time away)."""
        for event in self.transport.history(self.room):
            self.see(event, quiet=True)

    def see(self, event: RoomEvent, quiet: bool = False) -> None:
        verdict = self.referee.feed(event)
        if verdict is None:
            return
        if verdict.refused:
            self.tell({"refused": {"sender": event.sender, "why": verdict.why}})
        elif not quiet and event.type == MOVE:
            self.tell({"move": {"sender": event.sender, "did": verdict.done}})

    def poll(self, timeout: float = 0.0) -> None:
        for event in self.transport.wait(self.room, timeout):
            self.see(event)

    # ------------------------------------------------------------- acting --
    @property
    def over(self) -> bool:
        return self.referee.over

    def act(self) -> bool:
        """Do what the game waits for from this seat now, once: anchor, reveal, move, or the result. True:
        something was sent."""
        referee = self.referee
        if referee.setup is None or referee.setup.seat_of(self.user) is None:
            raise OnlineError(f"{self.user} has no seat in this game")
        if self.user not in referee.anchors:
            return self._anchor()
        if self.chain is None:
            self._recall_chain()
        if referee.awaits_reveal(self.user):
            return self._send(REVEAL, referee.step, reveal_content(referee.step, self.chain.link(referee.step + 1)))
        if referee.to_play() == self.user:
            at = len(referee.session.log)
            move, held = self._choose(referee.session.state)
            link = self.chain.link(referee.step + 1) if isinstance(move, Roll) else None
            return self._send(MOVE, at, move_content(at, move, link, held))
        if referee.over and referee.result is None and referee.setup.host == self.user:
            scores = referee.scores()
            sent = self._send(RESULT, 0, result_content(scores))
            if sent:
                line = ", ".join(f"{referee.name(user)} {points}" for user, points in scores.items())
                self.transport.say(self.room, f"Game over: {line}.", "closing")
            return sent
        return False

    def _choose(self, state) -> tuple[Any, list[int] | None]:
        """The seat's next move; holds and releases are played on a copy of the state and sent with the roll
        that follows them (a score after them needs none: the dice are scored as they lie)."""
        trial, move = state, self.chooser(state)
        for _ in range(256):  # a player that held and released for ever would still have to roll or score
            if not isinstance(move, (Hold, Release)):
                break
            if trial is state:
                trial = state.clone()
            trial.apply(move)
            move = self.chooser(trial)
        if isinstance(move, Roll) and trial is not state:
            return move, [die for die, kept in enumerate(trial.held) if kept]
        return move, None

    def _send(self, kind: str, at: int, content: dict[str, Any]) -> bool:
        if (kind, at) in self.sent:
            return False  # on its way: sent once, whatever happens meanwhile
        self.sent.add((kind, at))
        self.transport.send(self.room, kind, content, f"{kind.rsplit('.', 1)[-1]}-{at}")
        return True

    def _anchor(self) -> bool:
        if ("anchor", 0) in self.sent:
            return False
        self.sent.add(("anchor", 0))
        self.chain = Chain.new(self.referee.setup.chain)
        # the seed first: an anchor is never out without its seed kept (a copy killed between the two
        # finds no anchor of its own, and makes a new chain)
        self.transport.put_private(self.room, SECRET, {"version": VERSION, "seed": self.chain.seed.hex()})
        self.transport.put_state(self.room, ANCHOR, self.user, anchor_content(self.chain.anchor))
        return True

    def _recall_chain(self) -> None:
        note = self.transport.get_private(self.room, SECRET)
        seed = note.get("seed") if isinstance(note, dict) else None
        try:
            chain = Chain(bytes.fromhex(seed), self.referee.setup.chain) if isinstance(seed, str) else None
        except ValueError:
            chain = None
        if chain is None or chain.anchor != self.referee.anchors[self.user]:
            raise OnlineError(f"{self.user}'s dice secret for this game is lost: the seat cannot reveal its links")
        self.chain = chain


def find_game(transport: Transport, user: str, find_variant, invited: bool) -> tuple[str, Referee] | None:
    """The newest unfinished game ``user`` is seated in (joining invitations first), replayed."""
    for room in transport.games(invited):
        referee = Referee(find_variant)
        for event in transport.history(room):
            referee.feed(event)
        if referee.setup is not None and referee.setup.seat_of(user) is not None and not (
                referee.over and referee.result is not None):
            return room, referee
    return None


def computer(level: str, variant, seed: int | None = None) -> Callable[[Any], Any]:
    from game.bots.levels import dial_level, make_player

    return make_player(dial_level(level, variant).name, random.Random(seed), variant.family).choose

