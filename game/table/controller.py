"""The table's controller: it takes a seat's commands, plays them through the session, and says what
happened as events (see the package's docstring).

One controller class for each kind of game, in ``CONTROLLERS`` (by the variant's ``kind``, as
``game.engine.families.STATES`` picks its state): each says what its moves did and how long its computers
pause. What they share lives here: who may act now, the hot-seat hand-over, undo, and the computers'
pace. A third kind of game adds a class and names it in game.kinds, not branches. Dice thrown far away may keep a
throw pending: nothing is told until its faces arrive (``update``), then the usual ``Rolled``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from game.engine.actions import Copy, Hold, Place, Release, Roll, Score
from game.engine.session import Session
from game.kinds import parts
from game.table.commands import MOVES, AllowUndo, AskCoach, CopyPicked, Focus, NextTip, Ready, RefuseUndo, Toggle, Undo
from game.table.events import (
    CoachAsked,
    Copied,
    Focused,
    GameOver,
    Held,
    Moved,
    Picked,
    Previewed,
    Refused,
    Rolled,
    RoundOver,
    Scored,
    Tiles,
    TipAsked,
    TurnBegan,
    TurnPassed,
    UndoAsked,
    Undone,
)
from game.table.jackpot_turn import JackpotTurn, jackpot_turn
from game.table.pace import PACES, Pace
from game.table.refusals import move_refused, refused
from game.table.seats import Driver, drivers_for
from game.table.undo import UndoRight, move_words, name, undo_right
from game.table.view import TableView, view_for


class TableController:
    """What every kind of table shares. A subclass says what a move did (``_before``, ``_did``) and its
    computers' pauses (``PAUSES``, ``_preview``)."""

    PAUSES = {"turn": 0.7, "move": 0.7, "hold": 0.3}  # seconds a computer waits, before its turn and after moves
    hands_over = True  # one person hands the dice to the next at this screen (Challenge: everyone sees all)

    def __init__(self, session: Session, drivers: list[Driver] | None = None, *, demo: bool = False,
                 undo: bool = True, pace: Pace | None = None):
        self.session = session
        self.drivers = drivers if drivers is not None else drivers_for(session, demo)
        self.demo = demo
        self.undo_on = undo and not demo  # a demo, and a kiosk that keeps nothing, take nothing back
        self.pace = pace or PACES["relaxed"]
        self.awaiting: int | None = None  # a person to take the dice (``Ready``) before their turn begins
        self.last_seat: int | None = None  # whose turn began last: a hand-over is from one person to another
        self.timer = 0.0  # seconds of the table's time (faster with the animations) before the computer moves
        self.wait = 0.0  # real seconds it waits as well, at any animation speed (an undo's grace, its box shown)
        self.chosen: Any = None  # a computer's move, shown a moment before it is made
        self.before_move: list[Callable[[int, Any], None]] = []  # told of each move before it is made (the coach)
        self.holder: int | None = None  # the person at this screen who has the dice (or hands them on): asks undo
        self.asked: tuple[int, int, int] | None = None  # an undo asked of another person: (by, owner, log index)
        self.rolling: tuple[int, Any, tuple] | None = None  # a throw whose faces have not arrived: (seat, move, before)
        self.picks: set[int] = set()  # Challenge: the common dice the seat to play picked to copy (not a move yet)
        self.opening = self._turn_began(first=True)  # the first turn as the table opens
        self._picks_for_turn()

    # ------------------------------------------------------------ queries --
    @property
    def state(self):
        return self.session.state  # a new object after an undo: never keep it

    @property
    def seat(self) -> int:
        return self.state.current_player()

    def person_seats(self) -> int:
        return sum(driver.takes_commands for driver in self.drivers)

    def is_person(self, seat: int) -> bool:
        return 0 <= seat < len(self.drivers) and self.drivers[seat].takes_commands

    def may_move(self) -> bool:
        """A person at this screen is to play, and has the dice."""
        return self.is_person(self.seat) and self.awaiting is None

    def may_undo(self, seat: int | None = None) -> UndoRight:
        """What ``seat`` may take back now, and why not (None: the person at this screen with the dice)."""
        return undo_right(self, self.holder if seat is None else seat)

    def at_screen(self, hand_over_shown: bool) -> int | None:
        """Who a press at this screen speaks for: once the window shows the hand-over naming the next person,
        that person (the one before may have gone: their move is theirs to give back, so they are asked);
        until then the person who has the dice (who just played, and may take it back at once)."""
        return self.awaiting if hand_over_shown and self.awaiting is not None else self.holder

    def view_for(self, seat: int) -> TableView:
        """What ``seat`` may do now and why not, as one frozen answer (game.table.view)."""
        return view_for(self, seat)

    def _undoable_here(self) -> bool:
        """A person at this screen may still take back their last move (a computer waits its grace)."""
        index = self.session.undoable() if self.undo_on else None
        return index is not None and self.is_person(self.session.actors[index])

    # ----------------------------------------------------------- commands --
    def command(self, command: Any) -> list:
        """A person's command from this screen: its events, or one ``Refused`` saying why not."""
        seat = self.seat
        if isinstance(command, (Undo, AllowUndo, RefuseUndo)):
            return self._undo(command)
        if self.session.dice_pending:
            return [refused(command, "the dice have not landed yet", "dice_in_air")]
        if not self.is_person(seat):
            return [refused(command, "it is not a person's turn at this screen", "not_your_turn",
                            name=name(self, seat) if seat >= 0 else "")]
        if isinstance(command, Ready):
            if self.awaiting is None:
                return []
            self.awaiting = None
            self.holder = seat
            return [TurnBegan(seat)]
        if isinstance(command, (AskCoach, NextTip, Focus)):
            return [CoachAsked(seat) if isinstance(command, AskCoach) else TipAsked(seat)
                    if isinstance(command, NextTip) else Focused(seat, command.target)]
        if self.awaiting is not None:
            return [refused(command, "the next player has not taken the dice yet", "take_dice",
                            name=name(self, self.awaiting))]
        if isinstance(command, (Toggle, CopyPicked)):
            return self._toggle(command)
        if not isinstance(command, MOVES):
            return [refused(command, "not a command of this table")]
        return self._play(command)

    def _toggle(self, command: Toggle | CopyPicked) -> list:
        """A die tapped: held if it lies on the felt, released if held."""
        dice, held = getattr(self.state, "dice", None), getattr(self.state, "held", ())
        if isinstance(command, CopyPicked) or dice is None or not 0 <= command.die < len(held):
            return [refused(command, "no die to hold or release there", "roll_first" if dice is None else "not_now")]
        return self._play(Release(command.die) if held[command.die] else Hold(command.die))

    def _undo(self, command: Any) -> list:
        """Undo is judged for the seat asking; another person's move is theirs to give back (see game.table.undo)."""
        if isinstance(command, Undo):
            right = self.may_undo(command.seat)
            if not right:
                return [refused(command, right.why, "undo_not_now")]
            if right.asks:
                self.asked = (command.seat, right.owner, self.session.undoable())
                return [UndoAsked(command.seat, right.owner, right.move)]
            return self._take_back()
        asked, self.asked = self.asked, None
        if asked is None or asked[1] != command.owner:
            return [refused(command, f"nobody asked {name(self, command.owner)} to take a move back", "undo_not_now")
                    if 0 <= command.owner < len(self.drivers) else refused(command, "no such player")]
        by, owner, index = asked
        if isinstance(command, RefuseUndo):
            what = move_words(self.session, self.session.log[index])
            return [refused(Undo(by), f"{name(self, owner)} keeps their {what}", "undo_kept", name=name(self, owner))]
        if self.session.undoable() != index or not self.is_person(owner):
            return [refused(command, "too late: the game has gone on since it was asked", "undo_not_now")]
        return self._take_back()

    def _take_back(self) -> list:
        self.session.undo()  # judged just now: it can be taken back
        self.chosen = None
        self.wait = 0.0
        self.asked = None
        self.awaiting = None  # the person whose move it was plays on: nothing to hand over
        self.last_seat = self.holder = self.seat
        self._picks_for_turn()
        return [Undone(self.seat)]

    # -------------------------------------------------------------- moves --
    def _play(self, move: Any) -> list:
        """One move of the seat to play: checked, made through the session (its listeners keep it), told."""
        state = self.state
        if not state.is_legal(move):
            return [move_refused(state, move, state.why_illegal(move) or "not a legal move now")]
        seat = state.current_player()
        for listener in list(self.before_move):
            listener(seat, move)
        before = self._before(move)
        self.asked = None  # the game goes on: a question to take a move back is moot
        self.picks = set()
        self.session.act(move)
        if self.session.dice_pending:  # thrown far away: told once the faces arrive (update)
            self.rolling = (seat, move, before)
            return [Moved(seat, move)]
        return [Moved(seat, move)] + self._told(seat, move, before)

    def _told(self, seat: int, move: Any, before: tuple) -> list:
        """What a move did, once its dice (if any) have landed: the kind's events, a game over, the next turn."""
        events: list = self._did(seat, move, before)
        self._picks_for_turn()
        if self.state.is_terminal() or self._game_of(self.state) != before[0]:
            events.append(GameOver(before[0], self.state.is_terminal()))
        now, self.wait = self.seat, 0.0
        if self.is_person(seat):
            self.timer = 0.0
        else:
            self.timer = self._paced(self.PAUSES["hold" if isinstance(move, (Hold, Release)) else "move"])
        if now >= 0 and now != seat:
            events.append(self._turn_began(seat))
        return events

    def _before(self, move: Any) -> tuple:
        """What showing a move needs from just before it: the game of the match first."""
        return (self._game_of(self.state),)

    @staticmethod
    def _game_of(state) -> int:
        return getattr(state, "game", 0)

    def _did(self, seat: int, move: Any, before: tuple) -> list:
        return []

    def _picks_for_turn(self) -> None:
        """Challenge: what the seat to play starts with picked (nothing elsewhere)."""
        self.picks = set()

    def _turn_began(self, previous: int = -1, first: bool = False) -> TurnPassed:
        """A seat's turn begins (also when a game opens): a person after another person at this screen is
        handed the dice; a computer waits its pace (longer while the person before may still undo)."""
        seat = self.seat
        hand_over = (self.hands_over and (not first or self._hands_over_first()) and self.is_person(seat)
                     and self.person_seats() > 1 and seat != self.last_seat and seat >= 0)
        self.awaiting = seat if hand_over else None
        if self.is_person(seat) and not hand_over:
            self.holder = seat  # handed over, the dice stay with the person before until the next says Ready
        if seat >= 0 and not self.is_person(seat):
            self.timer = self._paced(self.PAUSES["turn"])
            self.wait = self.pace.grace if self._undoable_here() else 0.0
        self.last_seat = seat
        return TurnPassed(seat, previous, hand_over)

    def _hands_over_first(self) -> bool:
        """Whether the first player too is handed the dice as the table opens."""
        return True

    # ---------------------------------------------------------- computers --
    def _paced(self, seconds: float) -> float:
        return seconds * self.pace.wait

    def _preview(self, move: Any) -> float:
        """Seconds a computer's chosen move shows before it is made (0: none)."""
        return 0.0

    def update(self, dt: float, ready: bool = True, speed: float = 1.0) -> list:
        """``dt`` real seconds pass; a computer (or any seat that moves by itself) whose move is due makes it.
        ``ready``: the views have shown everything so far (a computer never moves while dice fly); ``speed``:
        how much faster than real time the table animates (its pauses shrink with it, the undo's grace not)."""
        if self.session.dice_pending:
            return self._arrived()
        seat = self.seat
        if seat < 0 or not ready or self.is_person(seat):
            return []
        driver = self.drivers[seat]
        if driver.paced:
            self.timer -= dt * speed
            self.wait -= dt
            if self.timer > 0 or self.wait > 0:
                return []
        if self.chosen is not None:
            move, self.chosen = self.chosen, None
            return self._play(move)
        move = driver.next_move(self.state)
        if move is None:
            return []
        pause = self._preview(move) if driver.paced else 0.0
        if pause:  # its choice shows for a moment, at any pace
            self.chosen = move
            self.timer, self.wait = self._paced(pause), self.pace.show
            return [Previewed(seat, move)]
        return self._play(move)


    def _arrived(self) -> list:
        """Dice thrown far away: nothing is told until their faces arrive, then the move as if drawn here."""
        if not self.session.settle():
            why, self.session.dice_refused = self.session.dice_refused, None
            return [refused(self.rolling[1] if self.rolling else None, why, "dice_in_air")] if why else []
        if self.rolling is None:  # pending as the table opened (a resumed game, the lot for who starts)
            return [self._turn_began(first=True)] if self.seat >= 0 else []
        (seat, move, before), self.rolling = self.rolling, None
        return self._told(seat, move, before)


class ScorecardController(TableController):
    """Turns of one's own: roll, hold, release, score a box."""

    def _before(self, move: Any) -> tuple:
        state = self.state
        rolling = tuple(not h for h in state.held) if state.dice is not None else (True,) * self.session.variant.dice
        card = state.card(state.seat) if state.phase == "play" else None
        bonuses = (card.five_alike_bonus, card.upper_bonus(self.session.variant)) if card else (0, 0)
        return state.game, rolling, bonuses

    def _did(self, seat: int, move: Any, before: tuple) -> list:
        game, rolling, bonuses = before
        state = self.state
        if isinstance(move, Roll):
            return [Rolled(seat, tuple(state.dice or ()), rolling)]
        if isinstance(move, (Hold, Release)):
            return [Held(seat, move.die, isinstance(move, Hold))]
        if isinstance(move, Score):
            return [Scored(seat, move.box, state.cards[game][seat].boxes[move.box], game, bonuses)]
        return []

    def _preview(self, move: Any) -> float:
        return 0.8 if isinstance(move, Score) else 0.0  # the box it chose lights before it is filled


class ChallengeController(ScorecardController):
    """Challenge's common rolls: the roller throws for everyone, each seat copies dice onto its markers,
    then everyone scores. Nothing is secret, so nobody hands anything over."""

    hands_over = False

    def _did(self, seat: int, move: Any, before: tuple) -> list:
        if isinstance(move, Roll):
            common = tuple(self.state.common or ())
            return [Rolled(seat, common, (True,) * len(common))]
        if isinstance(move, Copy):
            return [Copied(seat, move.values)]
        return super()._did(seat, move, before)

    def _toggle(self, command: Toggle | CopyPicked) -> list:
        """The dice to copy are picked one by one (``Toggle``; no move yet), then copied in one move."""
        state, seat = self.state, self.seat
        if isinstance(command, CopyPicked):
            return self._play(Copy(tuple(sorted(state.common[d] for d in self.picks))) if state.stage == "pick"
                              else Copy(()))
        if state.stage != "pick":
            return [move_refused(state, Copy(()), "no common dice to pick now")]
        if not 0 <= command.die < len(state.common):
            return [refused(command, "no common die there")]
        high = state.copy_range()[1]
        if command.die not in self.picks and len(self.picks) >= high:
            return [refused(command, f"copy at most {high} dice", "pick_most", count=high)]
        self.picks ^= {command.die}
        return [Picked(seat, frozenset(self.picks))]

    def _picks_for_turn(self) -> None:
        """When every common die must be copied (the last step), they start picked."""
        state = self.state
        low, high = state.copy_range() if state.stage == "pick" else (-1, -1)
        self.picks = set(range(len(state.common))) if low == high == len(state.common or ()) else set()


class JackpotController(TableController):
    """Jackpot's turns: roll the symbol dice, drop a tile into a column or the Chance Space."""

    PAUSES = {"turn": 0.8, "move": 0.9, "hold": 0.9}

    def turn(self) -> JackpotTurn:
        """What the seat to play may do now, and why not (game.table.jackpot_turn): what the screens read."""
        return jackpot_turn(self.state, self.seat, self.may_move())

    def command(self, command: Any) -> list:
        """As every table's, with a refused drop worded for the window (a full column, a taken Chance Space)."""
        turn = self.turn()
        events = super().command(command)
        for k, event in enumerate(events):
            why = turn.why_not(event.command) if isinstance(event, Refused) else None
            if why is not None:
                events[k] = replace(event, reason=why.key, words=why.values)
        return events

    def _hands_over_first(self) -> bool:
        """A new game's first player is named by the lot ("Ann starts", which the table shows); a game
        resumed after its first roll hands the dice over as any turn does."""
        return any(isinstance(action, Roll) for action in self.session.log)

    def _before(self, move: Any) -> tuple:
        state = self.state
        return 0, state.roll_class(), len(state.scores)

    def _did(self, seat: int, move: Any, before: tuple) -> list:
        _, roll_class, scored = before
        state = self.state
        events: list = []
        if isinstance(move, Roll):
            events.append(Rolled(seat, tuple(state.dice or ()), (True,) * len(state.dice or ())))
        events.append(Tiles(seat, tuple(state.events), roll_class))
        if len(state.scores) > scored:
            events.append(RoundOver(len(state.scores) - 1))
        return events

    def _preview(self, move: Any) -> float:
        return 0.9 * 0.6 if isinstance(move, Place) else 0.0  # the tile's ghost shows where it will drop


# by the variant's kind, as game.kinds names them (below the classes: they are this module's)
CONTROLLERS: dict[str, type[TableController]] = parts("controller")


def controller_for(session: Session, drivers: list[Driver] | None = None, **options) -> TableController:
    """The controller of the session's kind of game."""
    return CONTROLLERS[session.variant.kind](session, drivers, **options)
