"""A day's game: played by a computer level, its best score with the day's dice, and the replay check.

A day's game is one game, alone, with no roll-off, its dice from the day's tape (``game.daily.dice``). With a
tape each seat's n-th turn throws the same faces whatever the others do, so a seat's moves alone replay its
game: that is how a claimed result is checked (``replay``), here or on another player's screen.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from typing import Any

from game.bots.levels import make_player
from game.daily.dice import day_tape
from game.engine.actions import Action, Dice, Roll, action_from_json
from game.engine.card import Card
from game.engine.session import Session
from game.engine.state import Seat
from game.errors import DiceParlorError
from game.rules.variant import Variant

MAX_MOVES = 2_000  # a day's claimed moves, at the most: 15 turns holding and releasing every die is under 700


def day_session(day: date, variant: Variant, seats: list[Seat]) -> Session:
    """The day's game for these seats, at one table: each seat throws the day's dice, turn for turn."""
    return Session(variant, seats, games=1, seed=day.toordinal(), rolloff=False, dice=day_tape(day, variant))


def play_day(day: date, variant: Variant, level: str) -> Session:
    """The day's game played through by a computer level; the same day and level always play the same game
    (a level that draws lots for its choices draws them from the date)."""
    session = day_session(day, variant, [Seat(level.title(), "computer", level)])
    player = make_player(level, random.Random(day.toordinal()), variant.family)
    state = session.state
    while not state.is_terminal():
        session.act(player.choose(state))
    return session


def best_score(day: date, variant: Variant) -> int | None:
    """The optimal player's score with the day's dice (None where the variant has no solver table here)."""
    from game.bots.solver_file import has_table

    if not variant.solvable or not has_table(variant):
        return None
    return play_day(day, variant, "optimal").state.match_totals()[0]


def first_rolls(session: Session, seat: int = 0) -> list[list[int]]:
    """Each turn's first roll of a seat: the faces thrown after a Roll that began a turn."""
    rolls, previous = [], None
    for action, actor, after in zip(session.log, session.actors, session.log[1:] + [None]):
        if actor == seat and isinstance(action, Roll):
            if previous is None or type(previous).__name__ == "Score":
                rolls.append(list(after.faces))
            previous = action
        elif actor == seat:
            previous = action
    return rolls


def moves_of(session: Session, seat: int) -> list[dict[str, Any]]:
    """A seat's own moves as JSON (no dice: those come from the day's tape), in order."""
    return [action.to_json() for action, actor in zip(session.log, session.actors)
            if actor == seat and not isinstance(action, Dice)]


@dataclass(frozen=True)
class Replayed:
    score: int | None  # None: refused
    why: str = ""  # why it was refused
    card: Card | None = None  # the finished card (its picture is the share line's)
    session: Session | None = None  # the game replayed (the coach's review reads it)


def replay(day: date, variant: Variant, moves: Any, claimed: Any = None) -> Replayed:
    """A claimed result checked: its moves played against the day's dice must be legal, finish the game, and
    (with ``claimed``) reach that score. Never raises for bad input: a refusal says why, in one line."""
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        return Replayed(None, f"the moves are not a list of at most {MAX_MOVES}")
    session = day_session(day, variant, [Seat("claim")])
    for number, raw in enumerate(moves, 1):
        try:
            action: Action = action_from_json(raw)
        except (DiceParlorError, KeyError, TypeError, ValueError):
            return Replayed(None, f"move {number} is not a move")
        why = None if not isinstance(action, Dice) else "the dice are the day's, not the player's"
        why = why or session.state.why_illegal(action)
        if why:
            return Replayed(None, f"move {number} is not legal: {why}")
        session.act(action)
    if not session.state.is_terminal():
        return Replayed(None, "the moves do not finish the game")
    score = session.state.match_totals()[0]
    if claimed is not None and claimed != score:
        return Replayed(None, f"the moves score {score}, not the {claimed} claimed")
    return Replayed(score, card=session.state.card(0), session=session)


def day_of(session: Session, today: date | None = None) -> date | None:
    """The day whose game a session plays (today's or yesterday's: a game begun before midnight UTC stays that
    day's), else None. Read from its dice, so a day's game resumed from its save is still the day's."""
    from datetime import timedelta

    from game.daily.dice import day_turns, day_variant_id, utc_day
    from game.engine.dice_source import DiceTape

    if not isinstance(session.dice, DiceTape):
        return None
    today = today or utc_day()
    for day in (today, today - timedelta(days=1)):
        if day_variant_id(day) == session.variant.id and session.dice.turns == tuple(
                map(tuple, day_turns(day, session.variant))):
            return day
    return None


def luck_and_skill(session: Session, seat: int = 0) -> tuple[float, float] | None:
    """A seat's luck (what its dice were worth against the average) and skill (what its choices cost), as the
    coach's review counts them; None where the variant has no solver table here to weigh them with."""
    from game.bots.solver_file import has_table
    from game.coach.review import ReviewError, review_session  # the one place the daily game reads the coach

    if not session.variant.solvable or not has_table(session.variant):
        return None
    try:
        review = review_session(session, seat)
    except ReviewError:
        return None
    return review.luck, review.skill


@lru_cache(maxsize=8)
def best_of_day(day: date, variant: Variant) -> int | None:
    """``best_score``, worked out once per day and variant in a run (a second or so)."""
    return best_score(day, variant)
