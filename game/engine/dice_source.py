"""Where a session's dice come from: every chance step asks its dice source for the faces.

Three sources:

- ``SeededDice(seed)``: the local generator, as the game always drew (the same seed replays the same game).
- ``DiceTape(turns)``: fixed faces for each turn, the same for everyone who plays the tape (today's dice): a
  seat's n-th turn throws the tape's n-th list in order, its first roll taking the first faces, a re-roll the
  next ones. Two players holding differently get the same first roll each turn, and different re-rolls.
- ``FarDice()``: faces thrown elsewhere (another player's screen): until they arrive the chance step is
  pending (the session's ``dice_pending``); ``receive`` hands them in and the session's ``settle`` plays them.

A source says its kind and parameters as JSON (``to_json``), kept in the session's save; ``source_from_json``
reads it back. Faces already drawn are in the session's log, so no source keeps what it gave.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from game.engine.actions import Action, Dice, Hold, Release, Roll
from game.errors import SaveError

MAX_TAPE_TURNS = 1_000  # a day's tape: 6 games of 20 boxes is 120 turns
MAX_TAPE_FACES = 100  # faces for one turn: three throws of six dice is 18
MAX_FACE = 1_000  # a die's faces, at the most (a lot among the seats, a die of six)


@dataclass(frozen=True)
class ChanceStep:
    """What a source is asked for: the faces of one throw (each die's number of faces), whose throw it is,
    which of that seat's turns (from 0) and how many dice that turn has thrown before it, and the throw's
    place among all the game's chance steps. A throw that decides who starts (a roll-off, a lot) is no turn:
    its ``turn`` is -1."""

    faces: tuple[int, ...]
    seat: int  # -1: nobody's (a lot drawn for who starts)
    turn: int
    thrown: int
    index: int


class DiceSource(Protocol):
    def draw(self, step: ChanceStep) -> tuple[int, ...] | None:
        """The faces of this throw (die ``i`` shows 1 to ``step.faces[i]``), or None while they have not arrived."""

    def to_json(self) -> dict[str, Any]:
        """Its kind and parameters, for the session's save."""


class SeededDice:
    """The local generator: today's behaviour, bit for bit (the save keeps its state as ``rng``)."""

    def __init__(self, seed: int | None = None, rng: random.Random | None = None):
        self.rng = rng if rng is not None else random.Random(seed)

    def draw(self, step: ChanceStep) -> tuple[int, ...]:
        return tuple(self.rng.randint(1, faces) for faces in step.faces)

    def to_json(self) -> dict[str, Any]:
        return {"kind": "seeded"}


class DiceTape:
    """Fixed faces for each turn of a seat (see the module). A turn that throws more dice than its list holds,
    or a turn past the tape's end, wraps round: a tape is never too short to finish a game."""

    def __init__(self, turns: list[list[int]] | tuple[tuple[int, ...], ...]):
        self.turns = tuple(tuple(faces) for faces in turns)
        if not self.turns or not all(self.turns):
            raise ValueError("a dice tape needs at least one face for each turn")

    def draw(self, step: ChanceStep) -> tuple[int, ...]:
        if step.turn < 0:  # who starts: the same faces for everyone would tie for ever; drawn from its place
            rng = random.Random(step.index)
            return tuple(rng.randint(1, faces) for faces in step.faces)
        faces = self.turns[step.turn % len(self.turns)]
        drawn = (faces[(step.thrown + i) % len(faces)] for i in range(len(step.faces)))
        return tuple((face - 1) % top + 1 for face, top in zip(drawn, step.faces))  # a six on a lot of two: 2

    def to_json(self) -> dict[str, Any]:
        return {"kind": "tape", "turns": [list(faces) for faces in self.turns]}


class FarDice:
    """Faces thrown far away, in the order they arrive: a throw is pending until its faces are here."""

    def __init__(self) -> None:
        self.arrived: list[tuple[int, ...]] = []

    def receive(self, faces: Iterable[int]) -> None:
        self.arrived.append(tuple(faces))

    def draw(self, step: ChanceStep) -> tuple[int, ...] | None:
        return self.arrived.pop(0) if self.arrived else None

    def to_json(self) -> dict[str, Any]:
        return {"kind": "far"}  # what arrived is in the log; what has not, the far side sends again


class TurnReader:
    """Reads from a session's log which throw is asked for now (``step``), going on from where it last read:
    one pass over the log for a whole game, not one per throw. After an undo the session starts a new reader.

    A throw goes on its seat's turn when the move just before its ``Roll`` (chance steps aside) was that
    seat's own Roll, Hold or Release; else it begins a new turn. Throws for who starts are no turns."""

    def __init__(self) -> None:
        self.read = 0  # entries of the log read for good: up to the last move before the throw asked now
        self.turns: dict[int, int] = {}  # each seat's turns begun
        self.seat, self.thrown, self.index, self.rolls = -1, 0, 0, 0
        self.previous: tuple[int, Any] | None = None  # (actor, move) of the last move that was not a chance step

    def step(self, log: list[Action], actors: list[int], faces: list[int], opening: bool, opening_rolls: int
             ) -> ChanceStep:
        """The throw now asked for. ``opening``: it decides who starts; ``opening_rolls``: how many of the log's
        Rolls were throws for who starts, once landed (the one asking now is not counted in it yet)."""
        last = len(log)  # the throw asking now (its Roll, any chance steps after it) is read on a copy
        while last > self.read and isinstance(log[last - 1], Dice):
            last -= 1
        last = max(self.read, last - 1)
        for at in range(self.read, last):
            self._see(log[at], actors[at], opening_rolls)
        self.read = last
        now = TurnReader()
        now.turns, now.seat, now.thrown, now.index = dict(self.turns), self.seat, self.thrown, self.index
        now.rolls, now.previous = self.rolls, self.previous
        for at in range(last, len(log)):
            now._see(log[at], actors[at], opening_rolls + opening)
        if opening or not isinstance(now.previous and now.previous[1], Roll):
            return ChanceStep(tuple(faces), now.seat if opening and log else -1, -1, 0, now.index)
        return ChanceStep(tuple(faces), now.seat, now.turns[now.seat], now.thrown, now.index)

    def _see(self, action: Action, actor: int, opening_rolls: int) -> None:
        if isinstance(action, Dice):
            self.thrown += len(action.faces)
            self.index += 1
            return
        if isinstance(action, Roll):
            self.seat = actor
            self.rolls += 1
            if self.rolls <= opening_rolls:  # a throw for who starts: the next Roll begins a turn
                self.previous = (actor, None)
                return
            previous = self.previous
            if not (previous and previous[0] == actor and isinstance(previous[1], (Roll, Hold, Release))):
                self.turns[actor] = self.turns.get(actor, -1) + 1
                self.thrown = 0
        self.previous = (actor, action)


def source_from_json(data: Any, rng: Any) -> DiceSource:
    """A saved source; a save older than the sources has none: its dice came from its generator (``rng``)."""
    kind = data.get("kind") if isinstance(data, dict) else "seeded" if data is None else None
    if kind == "seeded":
        version, internal, gauss = rng
        generator = random.Random()
        generator.setstate((version, tuple(internal), gauss))
        return SeededDice(rng=generator)
    if kind == "far":
        return FarDice()
    if kind == "tape":
        turns = data.get("turns")
        if (isinstance(turns, list) and 0 < len(turns) <= MAX_TAPE_TURNS
                and all(isinstance(faces, list) and 0 < len(faces) <= MAX_TAPE_FACES
                        and all(type(face) is int and 1 <= face <= MAX_FACE for face in faces) for faces in turns)):
            return DiceTape(turns)
        raise SaveError(f"the saved game's dice tape is not 1 to {MAX_TAPE_TURNS} lists of faces 1 to {MAX_FACE}")
    raise SaveError("the saved game's dice come from a source this version does not know")
