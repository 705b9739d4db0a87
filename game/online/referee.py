"""The referee: a whole game checked from the room's history alone.

Fed the room's events in the room's order, it plays every move and every throw through a session of its
own and refuses, with a reason, whatever does not fit: a move by someone not seated, out of turn, illegal,
made for another moment of the game; a link that does not follow the seat's last one; a second setup or
anchor; scores that are not the game's. A refused event is never applied. Every copy of the game (and any
other program that follows docs/online.md) comes to the same state from the same history.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.engine.actions import Dice, Hold, Release, Roll
from game.engine.dice_source import FarDice
from game.engine.session import Session
from game.engine.state import Seat
from game.errors import DiceParlorError, one_line
from game.online import dice
from game.online.protocol import (
    ANCHOR,
    MOVE,
    RESULT,
    REVEAL,
    SETUP,
    ProtocolError,
    RoomEvent,
    Setup,
    read_anchor,
    read_held,
    read_move,
    read_result,
    read_reveal,
    read_setup,
)


@dataclass(frozen=True)
class Verdict:
    """What the referee made of one event: ``done`` in a few words, or ``why`` it was refused."""

    event: RoomEvent
    done: str = ""
    why: str = ""

    @property
    def refused(self) -> bool:
        return bool(self.why)


class Refusal(Exception):
    """Why an event is refused (raised inside the referee, returned as a Verdict)."""


class Referee:
    def __init__(self, find_variant: Callable[[str], Any]):
        self.find_variant = find_variant
        self.setup: Setup | None = None
        self.session: Session | None = None
        self.dice = FarDice()
        self.anchors: dict[str, bytes] = {}
        self.last_link: dict[str, bytes] = {}  # each seat's link revealed last (its anchor at first)
        self.revealed: dict[str, bytes] = {}  # the links revealed for the throw now pending
        self.step = 0  # throws of the game landed so far: the pending one's number
        self.result: dict[str, int] | None = None
        self.refusals: list[Verdict] = []

    # ------------------------------------------------------------ queries --
    @property
    def started(self) -> bool:
        """Every seat has published its anchor: the game plays."""
        return self.setup is not None and len(self.anchors) == len(self.setup.users)

    @property
    def over(self) -> bool:
        return self.session is not None and self.session.state.is_terminal()

    def to_play(self) -> str | None:
        """The user whose move the game waits for (None: nobody's, the dice are out or the game is over)."""
        if not self.started or self.session.dice_pending or self.over:
            return None
        return self.setup.users[self.session.state.current_player()]

    def awaits_reveal(self, user: str) -> bool:
        return self.started and self.session.dice_pending and not self.over and user not in self.revealed

    def scores(self) -> dict[str, int]:
        return dict(zip(self.setup.users, self.session.state.match_totals()))

    def name(self, user: str) -> str:
        seat = self.setup.seat_of(user) if self.setup else None
        return self.setup.names[seat] if seat is not None else one_line(user, 60)

    # ----------------------------------------------------------- feeding --
    def feed(self, event: RoomEvent) -> Verdict | None:
        """Judge one event of the room (None: not the game's, such as a chat line)."""
        handler = {SETUP: self._setup, ANCHOR: self._anchor, MOVE: self._move, REVEAL: self._reveal,
                   RESULT: self._result}.get(event.type)
        if handler is None:
            return None
        try:
            verdict = Verdict(event, done=handler(event))
        except (Refusal, ProtocolError) as why:
            verdict = Verdict(event, why=f"{self.name(event.sender)}'s {event.type.rsplit('.', 1)[-1]} "
                                         f"could not be verified: {why}")
            self.refusals.append(verdict)
        return verdict

    def _seated(self, event: RoomEvent) -> str:
        if self.setup is None:
            raise Refusal("the game has no setup yet")
        if self.setup.seat_of(event.sender) is None:
            raise Refusal(f"{one_line(event.sender, 60)} is not seated in this game")
        return event.sender

    def _setup(self, event: RoomEvent) -> str:
        if event.state_key != "":
            raise Refusal("the setup is a state event with an empty key")
        setup = read_setup(event.content)
        if self.setup is not None:
            raise Refusal("the setup cannot change once made")
        if setup.host != event.sender:
            raise Refusal("only the host sets the game up")
        try:
            variant = self.find_variant(setup.variant)
        except DiceParlorError as error:
            raise Refusal(str(error)) from None
        if not variant.min_players <= len(setup.users) <= variant.max_players:
            raise Refusal(f"{variant.id} is for {variant.min_players} to {variant.max_players} players")
        if not 1 <= setup.games <= variant.max_games:
            raise Refusal(f"{variant.id} plays 1 to {variant.max_games} games")
        seats = [Seat(name) for name in setup.names]
        self.session = Session(variant, seats, games=setup.games, seed=0, dice=self.dice)
        self.setup = setup
        return f"set up {variant.id} for {', '.join(setup.names)}"

    def _anchor(self, event: RoomEvent) -> str:
        user = self._seated(event)
        if event.state_key != user:
            raise Refusal("a seat's anchor is a state event keyed by its own user ID")
        anchor = read_anchor(event.content)
        if user in self.anchors:
            if self.anchors[user] == anchor:
                return "the same anchor again"
            raise Refusal("an anchor cannot change once published")
        self.anchors[user] = self.last_link[user] = anchor
        return "anchored its dice"

    def _check_link(self, user: str, link: bytes | None) -> None:
        if link is None:
            raise Refusal("a roll must reveal the roller's next link")
        if self.setup.chain <= self.step:
            raise Refusal("the chains are used up")
        if not dice.follows(link, self.last_link[user]):
            raise Refusal(f"its link for throw {self.step} does not follow its last one")

    def _move(self, event: RoomEvent) -> str:
        user = self._seated(event)
        if not self.started:
            raise Refusal("not every seat has anchored its dice yet")
        at, action, link = read_move(event.content)
        if self.over:
            raise Refusal("the game is over")
        if self.session.dice_pending:
            raise Refusal("the last throw's links are not all revealed yet")
        if self.to_play() != user:
            raise Refusal(f"it is {self.name(self.to_play())}'s turn, not theirs")
        if at != len(self.session.log):
            raise Refusal(f"it was made at move {at}, and the game is at move {len(self.session.log)}")
        moves = self._holding(read_held(event.content), action) + [action]
        trial = self.session.state.clone()  # every part checked before any is played: none or all
        for move in moves:
            why = trial.why_illegal(move)
            if why is not None:
                raise Refusal(why)
            trial.apply(move)
        if isinstance(action, Roll):
            self._check_link(user, link)
        elif link is not None:
            raise Refusal("only a roll reveals a link")
        for move in moves:
            self.session.act(move)  # a roll leaves its throw pending: the faces wait for every link
        if link is not None:
            self._take_link(user, link)
        return f"{type(action).__name__.lower()}"

    def _holding(self, held: list[int] | None, action) -> list:
        """The holds and releases that leave exactly the dice ``held`` kept: releases first, then holds, each
        in the dice's order."""
        if held is None:
            return []
        kept = getattr(self.session.state, "held", None)
        if not isinstance(action, Roll) or kept is None:
            raise Refusal("only a roll says which dice are held")
        if not all(type(die) is int and 0 <= die < len(kept) for die in held):
            raise Refusal(f"there are dice 0 to {len(kept) - 1} to hold")
        return ([Release(die) for die in range(len(kept)) if kept[die] and die not in held]
                + [Hold(die) for die in range(len(kept)) if not kept[die] and die in held])

    def _reveal(self, event: RoomEvent) -> str:
        user = self._seated(event)
        if not self.started:
            raise Refusal("not every seat has anchored its dice yet")
        step, link = read_reveal(event.content)
        if not self.session.dice_pending or step != self.step:
            raise Refusal(f"no throw {step} waits for links (the next throw is {self.step})")
        if user in self.revealed:
            raise Refusal(f"it already revealed its link for throw {step}")
        self._check_link(user, link)
        self._take_link(user, link)
        return f"revealed its link for throw {step}"

    def _take_link(self, user: str, link: bytes) -> None:
        self.revealed[user] = self.last_link[user] = link
        if len(self.revealed) < len(self.setup.users):
            return
        links = [self.revealed[user] for user in self.setup.users]
        self.dice.receive(dice.faces(self.setup.game, self.step, links, self.session.state.chance_faces()))
        self.session.settle()
        self.revealed = {}
        self.step += 1

    def _result(self, event: RoomEvent) -> str:
        self._seated(event)
        scores = read_result(event.content)
        if not self.over:
            raise Refusal("the game is not over")
        if scores != self.scores():
            raise Refusal(f"its scores {scores} are not the game's {self.scores()}")
        self.result = scores
        return "the final scores agree"

    def faces_of(self, index: int) -> tuple[int, ...]:
        """The faces of the ``index``-th throw that landed (for views and tests)."""
        return [action for action in self.session.log if isinstance(action, Dice)][index].faces
