"""Several people at one screen playing today's dice: one after the other, each a whole game alone.

The day's dice are the same for everyone, so watching another person's game spoils one's own (and one who has
played knows the dice to come, so could tell). A round therefore starts each person's game only once the game
before it has ended; the screen between two games asks everyone else to look away, and the results show only
when everyone has played.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from game.daily.play import day_session
from game.engine.session import Session
from game.engine.state import Seat
from game.rules.variant import Variant


class NotYourTurn(RuntimeError):
    """A person's game asked for while another's is still being played (or after everyone has played)."""


@dataclass
class DailyRound:
    """The people who play today's dice at this screen, in order; ``sessions[i]`` is person i's game once begun."""

    day: date
    variant: Variant
    people: list[tuple[str, str | None]]  # (name, colour)
    sessions: list[Session] = field(default_factory=list)

    @property
    def playing(self) -> Session | None:
        """The game being played now (begun, not finished), if any."""
        last = self.sessions[-1] if self.sessions else None
        return last if last is not None and not last.state.is_terminal() else None

    @property
    def everyone_played(self) -> bool:
        return len(self.sessions) == len(self.people) and self.playing is None

    @property
    def next_name(self) -> str | None:
        """Whose game comes next (None: everyone has played)."""
        return self.people[len(self.sessions)][0] if len(self.sessions) < len(self.people) else None

    def look_away(self) -> list[str]:
        """Everyone but the next player: those still to play must not see the dice, those who have played must
        not tell them."""
        upcoming = self.next_name
        return [name for name, _ in self.people if name != upcoming]

    def begin_next(self) -> Session:
        """The next person's game, alone at the table with the day's dice. Refused while a game is being played
        and after everyone has played: no two of the round's games are ever under way at once."""
        if self.playing is not None:
            raise NotYourTurn(f"{self.playing.seats[0].name}'s game is still being played")
        name = self.next_name
        if name is None:
            raise NotYourTurn("everyone has played today's dice")
        colour = self.people[len(self.sessions)][1]
        session = day_session(self.day, self.variant, [Seat(name, "person", None, colour)])
        session.daily_round = self  # the table's end of game finds the round here (scenes.daily.next_person)
        self.sessions.append(session)
        return session
