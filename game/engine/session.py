"""A match in progress: the state, the seeded dice, and the log that replays it.

Everyone acts through :meth:`Session.act`: the GUI for a person, a computer
player, the command line, the tests. When an action rolls dice, the session
asks its dice source for them (:mod:`game.engine.dice_source`: its own seeded
generator unless told otherwise) and logs them as a ``Dice`` chance step, so a
scene only animates toward faces already decided. Dice thrown far away may not
have arrived yet: the chance step is then pending (``dice_pending``) until
``settle`` finds them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from game.engine.actions import Action, Dice, Roll, action_from_json
from game.engine.dice_source import DiceSource, SeededDice, TurnReader, source_from_json
from game.engine.families import new_state, state_from_json
from game.engine.review import Review
from game.engine.state import CHANCE, GameState, Seat
from game.errors import SaveError
from game.rules.variant import Variant

SAVE_FORMAT = 1
UNDOABLE = ("Score", "Place")  # the moves a person may take back: a box filled, a tile dropped


# Moves in one saved match. The longest a variant file allows (17 boxes, 6 dice, 10 rolls a turn, 6 seats, 6 games),
# played holding and then releasing every die before every roll, takes 78,948 moves (a 2 MB save); a 6-game
# Dutch match of 6 seats takes about 5,000. A save is never written beyond this (game.store.saves.save_session).
MAX_LOG = 400_000
MAX_UNDOS = 2**31 - 1  # a saved count above this is damage (and would not fit the records' integers)


class Session:
    def __init__(self, variant: Variant, seats: list[Seat], games: int = 1, seed: int | None = None,
                 rolloff: bool = True, dice: DiceSource | None = None):
        self.variant = variant
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        self.dice: DiceSource = dice if dice is not None else SeededDice(self.seed)
        self._turns = TurnReader()  # which throw of whose turn each chance step is (what a dice tape needs)
        self.dice_refused: str | None = None  # why the faces that last arrived were not played (far away)
        self.start = new_state(variant, seats, games, rolloff)
        self.state = self.start.clone()
        self.log: list[Action] = []
        self.actors: list[int] = []  # who made each move of the log (-1 for the dice)
        self.seat_undos = [0] * self.start.n  # each seat's scorings taken back: its score is marked in the records
        self.unattributed_undos = 0  # taken back by someone not known (a save of an older version): see from_json
        self.coached: set[int] = set()  # the seats that switched the coach on: kept with the game
        self.review = Review()  # people's decisions the coach weighed, and their slips: kept with the game
        # The dice left to right as they landed at this turn's first roll (their keys 1-5): a resumed turn shows
        # them in the same places under the same numbers. None: not known (the dice are then numbered afresh).
        self.dice_order: list[int] | None = None
        self.undo_floor = 0  # a move before this point of the log cannot be taken back (no chains of undos)
        self.listeners: list[Callable[[Session, Action | None], None]] = []  # told of every move and undo
        self._settle()  # a game may begin with a chance step (Jackpot's lot for who starts)

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.state.seats

    @property
    def rng(self) -> random.Random | None:
        """The seeded source's generator (None for other sources)."""
        return getattr(self.dice, "rng", None)

    @rng.setter
    def rng(self, generator: random.Random) -> None:
        """Dice drawn from this generator from now on (tests load the dice this way)."""
        self.dice = SeededDice(rng=generator)

    @property
    def dice_pending(self) -> bool:
        """A throw waits for faces that have not arrived (dice thrown far away)."""
        return self.state.current_player() == CHANCE

    @property
    def undos(self) -> int:
        """Every scoring taken back in this match, whoever took it back."""
        return sum(self.seat_undos) + self.unattributed_undos

    def undos_of(self, seat: int) -> int:
        """The scorings this seat took back; one taken back by someone not known counts for every seat."""
        return self.seat_undos[seat] + self.unattributed_undos

    def legal_actions(self) -> list[Action]:
        return self.state.legal_actions()

    def played(self) -> list[Action]:
        """The log without the roll-off's throws: who starts is decided before the game proper, so a first
        throw there is not a player's first roll (the first-game tips still teach rolling after it)."""
        state = self.state  # a scorecard game's roll-off: every round's throws (Jackpot draws lots: none)
        skip = sum(map(len, getattr(state, "rolloff_rounds", ()))) + len(getattr(state, "rolloff_totals", ()))
        moves = []
        for action in self.log:
            if skip and isinstance(action, (Roll, Dice)):  # a throw, and the faces drawn for it
                skip -= isinstance(action, Dice)
                continue
            moves.append(action)
        return moves

    def act(self, action: Action) -> list[Dice]:
        """Apply one action, then draw any dice it rolled; returns the chance steps drawn."""
        actor = self.state.current_player()
        self.state.apply(action)
        self.log.append(action)
        self.actors.append(actor)
        self._floor_at_round_end()
        drawn = self._settle()
        self._tell(action)
        return drawn

    def listen(self, listener: Callable[[Session, Action | None], None]) -> None:
        """Call ``listener(session, action)`` after every move (``None`` after an undo); once per listener."""
        if listener not in self.listeners:
            self.listeners.append(listener)

    def _tell(self, action: Action | None) -> None:
        for listener in list(self.listeners):
            listener(self, action)

    # ------------------------------------------------------------------ undo --
    def undoable(self) -> int | None:
        """Where in the log the last scoring (or tile drop) stands, if a person may take it back now.

        Only the latest move can go, and only while the next seat has not acted since.
        """
        index = len(self.log) - 1
        while index >= 0 and isinstance(self.log[index], Dice):
            index -= 1
        if index < self.undo_floor or type(self.log[index]).__name__ not in UNDOABLE:
            return None
        seat = self.actors[index]
        if seat < 0 or self.state.seats[seat].is_computer:
            return None
        return index

    def undo(self) -> bool:
        """Take back the last scoring exactly as it was: bonuses and joker marks go with it."""
        index = self.undoable()
        if index is None:
            return False
        self.state = replay(self.start, self.log[:index])
        self.seat_undos[self.actors[index]] += 1  # the seat whose scoring goes
        del self.log[index:]
        del self.actors[index:]
        self._turns = TurnReader()  # the log it read is no more
        self.review.forget_from(index)  # the choices taken back are no decisions
        self.undo_floor = index  # the move before this one stays: one undo, not a walk back through others
        self._tell(None)
        return True

    def _floor_at_round_end(self) -> None:
        """A move that ended a round (Jackpot) or a game of a match is a point no undo goes back past: its
        results were shown to everyone."""
        if self.state.results_shown:
            self.undo_floor = len(self.log)

    def settle(self) -> list[Dice]:
        """Play the faces of a pending throw if they have arrived (told like a move); returns what was drawn."""
        drawn = self._settle()
        for dice in drawn:
            self._tell(dice)
        return drawn

    def _settle(self) -> list[Dice]:
        drawn = []
        while self.state.current_player() == CHANCE:
            state = self.state  # a throw deciding who starts is no turn (and no tape's: it would tie for ever)
            opening = sum(map(len, getattr(state, "rolloff_rounds", ()))) + len(getattr(state, "rolloff_totals", ()))
            step = self._turns.step(self.log, self.actors, state.chance_faces(), state.phase in ("rolloff", "lot"),
                                    opening)
            faces = self.dice.draw(step)
            if faces is None:
                break  # not arrived yet: the throw stays pending
            dice = Dice(tuple(faces))
            reason = self.state.why_illegal(dice)
            if reason is not None:  # faces that cannot be (a far side's mistake): not played, the throw waits on
                self.dice_refused = f"the dice that arrived cannot be played: {reason}"
                break
            self.state.apply(dice)
            self.log.append(dice)
            self.actors.append(-1)
            drawn.append(dice)
        return drawn

    # --------------------------------------------------------------- JSON --
    def to_json(self) -> dict[str, Any]:
        data = {
            "format": SAVE_FORMAT,
            "variant": self.variant.id,
            "seed": self.seed,
            "start": self.start.to_json(),
            "log": [action.to_json() for action in self.log],
            "state": self.state.to_json(),
            "dice": self.dice.to_json(),
            "undos": self.undos,  # the whole count too: an older version of the game reads only this
            "seat_undos": self.seat_undos,
            "coached": sorted(self.coached),
            "review": self.review.to_json(),
            "dice_order": self.dice_order,
        }
        if isinstance(self.dice, SeededDice):  # its generator, where it stands (as every older save keeps it)
            version, internal, gauss = self.dice.rng.getstate()
            data["rng"] = [version, list(internal), gauss]
        return data

    @classmethod
    def from_json(cls, data: Any, variant: Variant) -> Session:
        """Rebuild a session; the log is replayed and must arrive at the saved state."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError("not a saved game of this version")
        session = cls.__new__(cls)
        session.variant = variant
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SaveError("the saved game has no seed")
        session.seed = seed
        session.start = state_from_json(data.get("start"), variant)
        session.state = session.start.clone()
        session.log = []
        session.actors = []
        session.listeners = []
        session._turns = TurnReader()
        session.dice_refused = None
        session.undo_floor = 0
        _load_undos(session, data)
        session.coached = set()
        coached = data.get("coached", [])
        if isinstance(coached, list):  # a comfort: anything odd in it is left out, the game still opens
            session.coached = {seat for seat in coached if isinstance(seat, int) and 0 <= seat < session.start.n}
        session.review = Review.from_json(data.get("review"), session.start.n)
        if not isinstance(data.get("log"), list) or len(data["log"]) > MAX_LOG:
            raise SaveError(f"the saved game's log is not a list of at most {MAX_LOG} moves")
        try:
            for raw in data["log"]:
                action = action_from_json(raw)
                session.actors.append(session.state.current_player())
                session.state.apply(action)
                session.log.append(action)
                session._floor_at_round_end()
            session.dice = source_from_json(data.get("dice"), data.get("rng"))
        except SaveError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
            raise SaveError(f"the saved game is damaged ({type(error).__name__})") from None
        if session.state.to_json() != data.get("state"):
            raise SaveError("the saved game's log does not lead to its saved state")
        session.dice_order = _dice_order(data.get("dice_order"), session.state)
        return session


def _dice_order(order: Any, state: Any) -> list[int] | None:
    """The saved order of the dice on the table (their keys 1-5), if it fits them: one place for each die now
    rolled (all of a turn's dice, or Challenge's common dice after its first step). Anything odd is left out,
    a comfort: the dice are then numbered afresh."""
    rolled = getattr(state, "common", None) or getattr(state, "dice", None) or ()
    whole = isinstance(order, list) and all(type(die) is int for die in order)
    return order if whole and sorted(order) == list(range(len(rolled))) else None


def _count(value: Any) -> bool:
    return type(value) is int and 0 <= value <= MAX_UNDOS


def _load_undos(session: Session, data: dict[str, Any]) -> None:
    """Who took scorings back, as saved. A save of an older version has only the whole count ("undos"): who
    took them back is not known, so they stay unattributed and count for every seat, which marks every seat's
    score in the records, as that version did. The same for a list of seats that is damaged (a comfort: the
    game still opens), and for any part of the whole count the list does not account for."""
    seats = data.get("seat_undos")
    whole = seats if isinstance(seats, list) and len(seats) == session.start.n and all(map(_count, seats)) else None
    session.seat_undos = list(whole) if whole is not None else [0] * session.start.n
    total = data.get("undos", 0)
    session.unattributed_undos = max(0, total - sum(session.seat_undos)) if _count(total) else 0


def replay(start: GameState, log: list[Action]) -> GameState:
    """The state a log of actions leads to from a starting state (which is left as it was)."""
    state = start.clone()
    for action in log:
        state.apply(action)
    return state
