"""The seats and the game last set up on the New game screen, kept for the next start beside the settings.

Each seat's name, person or computer, level and colour, the game chosen and its number of games come back
the next time the game starts. The file is the player's to damage: a corrupt or hand-edited one never stops
the game and never loses more than it must. Each field that is wrong falls back on its own (an unknown or
taken colour becomes a free one, an unknown level the usual one, a name too long is cut, a seat too many
is left out), the rest is kept, and ``problems`` says what was wrong, for one line in the log. A kiosk
neither reads nor writes this file: each visitor starts from the default seats.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from game.engine.state import MAX_NAME, Seat
from game.paths import unreadable, user_config_dir
from game.rules.yamlsource import text_problem
from game.store.storage import read_json, write_atomic

MAX_SEATS = 6  # no game seats more (a variant's players.max is at most 6)


@dataclass
class SeatSetup:
    """One seat as the New game screen sets it up."""

    name: str
    computer: bool
    level: str
    colour: str
    other_name: str = ""  # the name the seat had as the other kind (person or computer), to come back to
    chosen: str = ""  # the level last picked on the dial: back whenever a game offers it (Perfect after Jackpot)

    def to_seat(self, placeholder: str) -> Seat:
        """The seat at the table; a name left blank plays as ``placeholder`` ("Player 3")."""
        return Seat(self.name.strip() or placeholder, "computer" if self.computer else "person",
                    self.level if self.computer else None, self.colour)


@dataclass(frozen=True)
class TableSetup:
    """What the New game screen last started: the seats (those a game for fewer set aside come last), the
    game's id and its number of games. Empty seats, or None, where nothing (usable) was kept."""

    seats: tuple[SeatSetup, ...] = ()
    variant: str | None = None
    games: int | None = None
    problems: tuple[str, ...] = field(default=(), compare=False)  # what a damaged file had wrong, for the log

    def copy_of_seats(self) -> list[SeatSetup]:
        """The seats to change on screen (this set-up stays as it was)."""
        return [replace(seat) for seat in self.seats]


def seats_path() -> Path:
    return user_config_dir() / "seats.json"


def save_table_setup(setup: TableSetup, path: Path | None = None) -> None:
    """Written whole or not at all (a temporary file renamed into place), like the settings."""
    data = {"variant": setup.variant, "games": setup.games,
            "seats": [vars(seat) for seat in setup.seats[:MAX_SEATS]]}
    try:
        write_atomic(path or seats_path(), json.dumps(data, ensure_ascii=False, indent=2), backup=False)
    except (OSError, ValueError):
        pass  # remembered seats are a comfort: failing to keep them must not stop play


def load_table_setup(colours: Sequence[str], levels: Sequence[str], variants: Sequence[str],
                     path: Path | None = None, *, usual: str) -> TableSetup:
    """The set-up kept by the last run, each field checked against the ``colours``, computer ``levels`` and
    ``variants`` (ids) this run knows; an unknown level becomes the ``usual`` one (the levels are the computer
    players', game.bots.levels: this room is told them). No file: an empty set-up, with no problem to report."""
    try:
        data = read_json(path or seats_path())
    except FileNotFoundError:
        return TableSetup()
    except (OSError, ValueError) as error:
        return TableSetup(problems=(f"could not be read ({unreadable(error)}); the default seats",))
    if not isinstance(data, dict):
        return TableSetup(problems=("not a mapping; the default seats",))
    problems: list[str] = []
    variant = data.get("variant")
    if variant is not None and not (isinstance(variant, str) and variant in variants):
        problems.append("an unknown game; the first one")
        variant = None
    games = data.get("games")
    if games is not None and not (isinstance(games, int) and not isinstance(games, bool) and 1 <= games <= 6):
        problems.append("the number of games is not 1 to 6; the game's usual number")
        games = None
    return TableSetup(_seats(data.get("seats"), colours, levels, usual, problems), variant, games, tuple(problems))


def _seats(found: Any, colours: Sequence[str], levels: Sequence[str], usual: str,
           problems: list[str]) -> tuple[SeatSetup, ...]:
    if found is None:
        return ()
    if not isinstance(found, list):
        problems.append("the seats are not a list; the default seats")
        return ()
    if len(found) > MAX_SEATS:
        problems.append(f"{len(found)} seats; the first {MAX_SEATS} kept")
    seats, wanted = [], []
    for number, data in enumerate(found[:MAX_SEATS], 1):
        if not isinstance(data, dict):
            problems.append(f"seat {number} is not a mapping; left out")
            continue
        said = f"seat {number}:"
        computer = data.get("computer", False)
        if not isinstance(computer, bool):
            problems.append(f"{said} person or computer is not true or false; a person")
            computer = False
        level = data.get("level", usual)
        if not (isinstance(level, str) and level in levels):
            problems.append(f"{said} an unknown level; {usual}")
            level = usual
        chosen = data.get("chosen", "")
        if not (isinstance(chosen, str) and (chosen == "" or chosen in levels)):
            problems.append(f"{said} an unknown level picked; the one shown")
            chosen = ""
        seats.append(SeatSetup(_name(data.get("name", ""), f"{said} the name", problems), computer, level, "",
                               _name(data.get("other_name", ""), f"{said} the other name", problems), chosen))
        wanted.append(data.get("colour"))
    _colour(seats, wanted, colours, problems)
    return tuple(seats)


def _name(found: Any, said: str, problems: list[str]) -> str:
    """A name as the screen would take it typed; blank (the screen names the seat) when it cannot be."""
    if not isinstance(found, str) or text_problem(found):
        problems.append(f"{said} is not a text that can be shown; a new one")
        return ""
    name = found.strip()
    if len(name) > MAX_NAME:
        problems.append(f"{said} has {len(name)} characters; cut to {MAX_NAME}")
        name = name[:MAX_NAME].strip()
    return name


def _colour(seats: list[SeatSetup], wanted: list[Any], colours: Sequence[str], problems: list[str]) -> None:
    """Each seat its own colour: the one it had where that is known and not taken by a seat before it, else
    the first one free."""
    taken: set[str] = set()
    for seat, colour in zip(seats, wanted):
        if isinstance(colour, str) and colour in colours and colour not in taken:
            seat.colour = colour
            taken.add(colour)
    for number, seat in enumerate(seats, 1):
        if not seat.colour:
            seat.colour = next(c for c in colours if c not in taken)
            taken.add(seat.colour)
            problems.append(f"seat {number}: an unknown or taken colour; {seat.colour}")
