"""A game in the terminal: the command line's way to play, through the same table as the window's (a
``game.table`` controller: people's moves go in as commands, computers move on its clock).

Type the numbers of the dice to hold (``135`` holds dice 1, 3 and 5 and lets
the others go), ``r`` or Enter to roll, or a box to score it, by the name
shown (``Full House``) or its id (``full_house``). Computer seats play on
their own. The end of the input (Ctrl+D) ends the game quietly.
"""

from __future__ import annotations

import random
import re

from game.bots.levels import make_player
from game.engine.actions import Copy, Dice, Hold, Release, Roll, Score
from game.engine.session import Session
from game.engine.state import Seat
from game.rules.variant import Variant
from game.table.commands import Ready
from game.table.controller import controller_for
from game.table.events import Refused
from game.table.pace import PACES
from game.table.seats import Computer, Person


class EndOfInput(Exception):
    """The input ended (Ctrl+D, or a script's last line): the game stops, and that is no error."""


def _show_card(session: Session) -> None:
    state, variant = session.state, session.variant
    names = [seat.name[:10] for seat in state.seats]
    print(f"{'':<16}" + "".join(f"{n:>11}" for n in names))
    for box in variant.boxes:
        row = [state.card(s).boxes[box.id] for s in range(state.n)]
        print(f"{str(box.name)[:15]:<16}" +  # the name in the language shown (a Text, not a str)
              "".join(f"{'-' if v is None else v:>11}" for v in row))
    print(f"{'total':<16}" + "".join(f"{t:>11}" for t in state.game_totals()))


def _ask(prompt: str) -> str:
    try:
        return input(prompt).strip()
    except EOFError:
        raise EndOfInput from None


def _folded(text: str) -> str:
    """A box's name as typed: case, spaces, dashes and underscores do not matter ("full house" = "Full_House")."""
    return re.sub(r"[\s_\-]+", "", text).casefold()


def box_named(variant: Variant, text: str) -> str | None:
    """The box a player typed, by its shown name (in any of the variant's languages) or its id; None if none is
    called so."""
    typed = _folded(text)
    if not typed:
        return None
    for box in variant.boxes:
        if typed == _folded(box.id) or typed in (_folded(name) for _, name in box.name.values):  # any language's
            return box.id
    return None


def hold_steps(held: list[bool], text: str) -> list:
    """The Hold and Release steps that make the held dice exactly the ones typed ("145": dice 1, 4 and 5)."""
    wanted = {int(c) - 1 for c in text if c.isdigit()}
    return [Hold(die) if die in wanted else Release(die) for die in range(len(held)) if (die in wanted) != held[die]]


def _person_actions(session: Session) -> list:
    """What a person does next, as one or more actions (a hold of several dice is several steps)."""
    state, variant = session.state, session.variant
    name = state.seats[state.seat].name
    if state.phase == "rolloff":
        _ask(f"{name}: press Enter to throw for who starts ")
        return [Roll()]
    if state.common_roll and state.stage != "score":
        if state.stage == "roll":
            _ask(f"{name} rolls the common dice: press Enter ")
            return [Roll()]
        low, high = state.copy_range()
        print(f"common roll {list(state.common)}; your markers {list(state.markers[state.seat])}")
        text = _ask(f"values to copy ({low} to {high}, e.g. 66): ")
        return [Copy(tuple(int(c) for c in text if c.isdigit()))]
    if state.dice is None:
        _ask(f"{name}: press Enter to roll ")
        return [Roll()]
    options = state.options()
    if state.common_roll:
        print(f"your markers {list(state.markers[state.seat])}")
        prompt = "a box to score: "
    else:
        print(f"dice {list(state.dice)}  held {[i + 1 for i, h in enumerate(state.held) if h]}"
              f"  rolls left {state.rolls_left()}")
        prompt = "hold dice (e.g. 135), r or Enter to roll, or a box: "
    print("  " + ", ".join(f"{variant.box(box).name} {score}" for box, score in options.scores.items()))
    text = _ask(prompt)
    box = box_named(variant, text)
    if box is not None:
        return [Score(box)]
    if state.common_roll:
        raise ValueError(f"no box is called '{text}'")
    if text.lower() in ("", "r"):
        return [Roll()]
    digits = re.sub(r"[\s,]+", "", text)  # "145", "1 4 5" and "1,4,5" alike
    if digits.isdigit() and all(1 <= int(c) <= len(state.dice) for c in digits):
        steps = hold_steps(list(state.held), digits)
        if not steps:
            raise ValueError("those dice are held already: r or Enter rolls")
        return steps
    raise ValueError(f"'{text}' is neither dice to hold (1 to {len(state.dice)}), r, nor a box")


def _said_rolloff(session: Session, seat: int, faces: tuple[int, ...], rounds_before: int) -> None:
    """A throw for who starts, and once everyone has thrown, who starts or who throws again."""
    state = session.state
    print(f"{state.seats[seat].name} throws {' '.join(map(str, faces))}: {sum(faces)}")
    if len(state.rolloff_rounds) == rounds_before:
        return
    totals = state.rolloff_rounds[-1]
    best = max(totals.values())
    leaders = [state.seats[s].name for s, total in totals.items() if total == best]
    if state.phase == "rolloff":
        print(f"a tie at {best}: {' and '.join(leaders)} throw again")
    else:
        print(f"{leaders[0]} starts ({best})")


def play_in_terminal(variant: Variant, players: list[tuple[str, str]], games: int, seed: int | None) -> int:
    """A match in the terminal; ``players``: each seat as named ("person", or a computer's name on the dial)
    and the level it plays. Exit status 0 at the end of the game or of the input, 130 on Ctrl+C."""
    seats = [Seat(f"Player {i + 1}" if level == "person" else f"{name.title()} {i + 1}",
                  "person" if level == "person" else "computer", None if level == "person" else level)
             for i, (name, level) in enumerate(players)]
    session = Session(variant, seats, games, seed=seed)
    rng = random.Random(session.seed)
    drivers = [Person() if level == "person" else Computer(make_player(level, random.Random(rng.randrange(2**31))))
               for _, level in players]
    table = controller_for(session, drivers, pace=PACES["instant"])
    print(f"{variant.name}: {variant.description}")
    try:
        while not session.state.is_terminal():
            seat = session.state.current_player()
            before, rolloff, rounds = session.state.game, session.state.phase == "rolloff", len(
                session.state.rolloff_rounds)
            moved = len(session.log)
            try:
                events = _person_moves(table) if table.is_person(seat) else table.update(60.0)  # no one to wait for
            except ValueError as error:
                print(f"  {error}")
                continue
            refused = next((event for event in events if isinstance(event, Refused)), None)
            if refused is not None:
                print(f"  {refused.why}")
            drawn = [action for action in session.log[moved:] if isinstance(action, Dice)]
            if rolloff and drawn:
                _said_rolloff(session, seat, drawn[-1].faces, rounds)
            if session.state.last_scored and session.log[moved:] and isinstance(session.log[-1], Score):
                who, box, points = session.state.last_scored
                print(f"{session.state.seats[who].name} scores {points} in {variant.box(box).name}")
            if session.state.game != before or session.state.is_terminal():
                _show_card_for_game(session, before)
    except EndOfInput:
        print("\nbye")
        return 0
    except KeyboardInterrupt:
        print("\nbye")
        return 130
    totals = session.state.match_totals()
    for seat, total in zip(session.state.seats, totals):
        print(f"{seat.name}: {total}")
    print("winner: " + " and ".join(session.state.seats[s].name for s in session.state.winners()))
    return 0


def _person_moves(table) -> list:
    """A person's next move, typed, as commands (a hold of several dice is several); one terminal, one person
    at a time, so nothing is handed over."""
    events = table.command(Ready())
    for action in _person_actions(table.session):
        events += table.command(action)
        if isinstance(events[-1], Refused):
            break
    return events


def _show_card_for_game(session: Session, game: int) -> None:
    print(f"-- game {game + 1} --")
    _show_card(session)
