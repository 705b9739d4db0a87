"""A game in the terminal: the command line's way to play, through the same engine API.

Type the numbers of the dice to hold (``135``), ``r`` to roll, or a box's id
to score it. Computer seats play on their own.
"""

from __future__ import annotations

import random

from game.engine.actions import Copy, Hold, Release, Roll, Score
from game.engine.challenge import CommonRollState
from game.errors import IllegalAction
from game.bots.levels import make_player
from game.engine.session import Session
from game.engine.state import Seat
from game.rules.variant import Variant


def _show_card(session: Session) -> None:
    state, variant = session.state, session.variant
    names = [seat.name[:10] for seat in state.seats]
    print(f"{'':<16}" + "".join(f"{n:>11}" for n in names))
    for box in variant.boxes:
        row = [state.card(s).boxes[box.id] for s in range(state.n)]
        print(f"{box.id:<16}" + "".join(f"{'-' if v is None else v:>11}" for v in row))
    print(f"{'total':<16}" + "".join(f"{t:>11}" for t in state.game_totals()))


def _ask(prompt: str) -> str:
    try:
        return input(prompt).strip().lower()
    except EOFError:
        raise KeyboardInterrupt from None


def _person_action(session: Session):
    state = session.state
    if state.phase == "rolloff" or state.dice is None and not isinstance(state, CommonRollState):
        _ask(f"{state.seats[state.seat].name}: press Enter to roll ")
        return Roll()
    if isinstance(state, CommonRollState):
        if state.stage == "roll":
            _ask(f"{state.seats[state.seat].name} rolls the common dice: press Enter ")
            return Roll()
        if state.stage == "pick":
            low, high = state.copy_range()
            print(f"common roll {list(state.common)}; your markers {state.markers[state.seat]}")
            text = _ask(f"values to copy ({low} to {high}, e.g. 66): ")
            return Copy(tuple(int(c) for c in text if c.isdigit()))
    options = state.options()
    print(f"dice {list(state.dice)}  held {[i + 1 for i, h in enumerate(state.held) if h]}"
          f"  rolls left {state.rolls_left()}")
    print("  " + ", ".join(f"{box}={score}" for box, score in options.scores.items()))
    text = _ask("hold dice (e.g. 135), r to roll, or a box: ")
    if text in options.scores or text in session.variant.box_ids:
        return Score(text)
    if text == "r":
        return Roll()
    wanted = {int(c) - 1 for c in text if c.isdigit()}
    for die in range(len(state.held)):
        if (die in wanted) != state.held[die]:
            return Hold(die) if die in wanted else Release(die)
    return Roll()


def play_in_terminal(variant: Variant, levels: list[str], games: int, seed: int | None) -> int:
    seats = [Seat(f"Player {i + 1}" if level == "person" else f"{level.title()} {i + 1}",
                  "person" if level == "person" else "computer", None if level == "person" else level)
             for i, level in enumerate(levels)]
    session = Session(variant, seats, games, seed=seed)
    rng = random.Random(session.seed)
    bots = {i: make_player(level, random.Random(rng.randrange(2**31))) for i, level in enumerate(levels)
            if level != "person"}
    print(f"{variant.name}: {variant.description}")
    try:
        while not session.state.is_terminal():
            seat = session.state.current_player()
            before = session.state.game
            try:
                action = bots[seat].choose(session.state) if seat in bots else _person_action(session)
                session.act(action)
            except (IllegalAction, ValueError) as error:
                print(f"  {error}")
                continue
            if session.state.last_scored and isinstance(action, Score):
                who, box, points = session.state.last_scored
                print(f"{session.state.seats[who].name} scores {points} in {variant.box(box).name}")
            if session.state.game != before or session.state.is_terminal():
                _show_card_for_game(session, before)
    except KeyboardInterrupt:
        print("\nbye")
        return 130
    totals = session.state.match_totals()
    for seat, total in zip(session.state.seats, totals):
        print(f"{seat.name}: {total}")
    print("winner: " + " and ".join(session.state.seats[s].name for s in session.state.winners()))
    return 0


def _show_card_for_game(session: Session, game: int) -> None:
    print(f"-- game {game + 1} --")
    _show_card(session)
