"""What the controller said of the turn and of the game, kept until the table has shown the move that brought it.

A move's events come at once (``TurnPassed``, ``GameOver``), but a table shows them later: the scorecard table once
the box just filled has been seen, Jackpot's once the last tile has landed. Every table keeps them here and follows
them for its hand-over and its move to the results, instead of working either out from the state. An undo makes
them moot (the person who took back their move plays on)."""

from __future__ import annotations

from game.table.events import GameOver, TurnPassed, Undone


class TurnNews:
    def __init__(self) -> None:
        self.passed: TurnPassed | None = None  # the turn's last pass, not yet shown
        self.over: GameOver | None = None  # a game of the match ended, not yet shown

    def heard(self, event) -> None:
        if isinstance(event, TurnPassed):
            self.passed = event
        elif isinstance(event, GameOver):
            self.over = event
        elif isinstance(event, Undone):
            self.passed = self.over = None

    def game_over(self) -> GameOver | None:
        """The game the controller said is over, now shown (None: it goes on)."""
        over, self.over = self.over, None
        return over

    def hand_to(self) -> int | None:
        """The turn the controller passed, now shown: the person at this screen it hands the dice to (None:
        nobody is handed them: a computer, far away or the same person plays on)."""
        passed, self.passed = self.passed, None
        return passed.seat if passed is not None and passed.hand_over else None
