"""``dice-parlor online host|join``: a headless seat in a family's game over Matrix.

Each plays its seat with a computer of the level given and prints what happens as JSON lines: the host's
first carries ``"room"`` (and its matrix.to ``"link"``), the last is ``{"game_over": {"scores": {...}}}``,
exit 0. ``join --invited`` joins the newest game it is invited to, or picks up the one it is in (an empty
home is enough: everything is in the room and the account).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from game.errors import DiceParlorError, UnknownVariant, one_line
from game.online.referee import Referee
from game.online.seat import RoomSeat, computer, find_game, host_game, new_setup
from game.online.transport import OnlineError
from game.rules.variants import find_variant

WAIT_SECONDS = 30.0  # one wait for the room: the loop then looks again (and a Ctrl-C is seen)
MAX_PASSWORD = 4096


def add_parser(commands: Any) -> None:
    online = commands.add_parser("online", help="a headless seat in a game over Matrix (host or join)")
    roles = online.add_subparsers(dest="role", required=True, parser_class=type(online))
    for role in ("host", "join"):
        seat = roles.add_parser(role)
        seat.add_argument("--homeserver", required=True, metavar="URL")
        seat.add_argument("--user", required=True, metavar="ID", help="your Matrix ID, @you:example.org")
        seat.add_argument("--password-file", required=True, metavar="F", help="a file holding the password")
        seat.add_argument("--level", default="medium", help="the computer level that plays this seat")
        seat.add_argument("--json", action="store_true", help="JSON lines (the only output there is)")
    host = roles.choices["host"]
    host.add_argument("--variant", default="classic", metavar="NAME")
    host.add_argument("--invite", action="append", required=True, metavar="ID", help="a player's Matrix ID")
    join = roles.choices["join"]
    which = join.add_mutually_exclusive_group(required=True)
    which.add_argument("--invited", action="store_true", help="the newest game you are invited to or in")
    which.add_argument("--room", metavar="ROOM", help="this game's room ID")


def say(line: dict[str, Any]) -> None:
    print(json.dumps(line), flush=True)


def _password(path: str) -> str:
    try:
        with open(path, encoding="utf-8") as file:
            text = file.read(MAX_PASSWORD + 1)
    except (OSError, UnicodeDecodeError) as error:
        why = getattr(error, "strerror", None) or error
        raise OnlineError(f"--password-file {one_line(path, 80)}: {why}") from None
    if len(text) > MAX_PASSWORD or not Path(path).is_file():
        raise OnlineError(f"--password-file {one_line(path, 80)} is no short password file")
    return text.strip("\r\n")


def run(args: argparse.Namespace, usage_error: type[Exception]) -> int:
    """The ``online`` command; ``usage_error`` is the command line's one-line mistake."""
    from game.bots.levels import known_names

    variant = None
    if args.role == "host":
        try:
            variant = find_variant(args.variant)
        except UnknownVariant as error:
            raise usage_error(str(error)) from None
        seats = 1 + len(args.invite)
        if not variant.min_players <= seats <= variant.max_players:
            raise usage_error(f"{variant.id} is for {variant.min_players} to {variant.max_players} players, "
                              f"not {seats}")
    if args.level not in known_names("scorecard") + known_names("jackpot"):
        raise usage_error(f"unknown level '{args.level}' (known: {', '.join(known_names('scorecard'))})")
    transport = None
    try:
        password = _password(args.password_file)
        from game.online.matrix import MatrixTransport

        transport = MatrixTransport(args.homeserver, args.user, password, tell=say)
        return play(transport, args, variant)
    except ImportError:
        print("dice-parlor: online play needs matrix-nio: pip install 'dice-parlor[online]'", file=sys.stderr)
        return 1
    except (OnlineError, DiceParlorError) as error:
        print(f"dice-parlor: {error}", file=sys.stderr)
        return 1
    finally:
        if transport is not None:
            transport.close()


def play(transport, args: argparse.Namespace, variant) -> int:
    """Host or join, then play the seat to the game's end (any transport: the tests pass a memory room)."""
    if args.role == "host":
        users = [transport.user] + [user for user in args.invite if user != transport.user]
        room = host_game(transport, new_setup(transport.user, variant.id, users), variant.name)
        link = transport.link(room) if hasattr(transport, "link") else room
        say({"room": room, "link": link, "variant": variant.id, "seats": users})
        referee = Referee(find_variant)
        for event in transport.history(room):
            referee.feed(event)
    else:
        found = find_game(transport, transport.user, find_variant, args.invited) if args.invited else None
        if args.room:
            transport.enter(args.room)
            referee = Referee(find_variant)
            for event in transport.history(args.room):
                referee.feed(event)
            found = (args.room, referee)
        if found is None:
            raise OnlineError(f"{transport.user} is invited to no game, and in none")
        room, referee = found
        if referee.setup is None:
            raise OnlineError(f"the room {one_line(room, 80)} holds no game")
        variant = find_variant(referee.setup.variant)
        say({"joined": room, "variant": variant.id, "seats": list(referee.setup.users)})
    seat = RoomSeat(transport, room, referee, computer(args.level, variant), tell=say)
    for verdict in referee.refusals:
        say({"refused": {"sender": verdict.event.sender, "why": verdict.why}})
    while not (seat.over and (referee.result is not None or referee.setup.host != transport.user)):
        if not seat.act():
            seat.poll(WAIT_SECONDS)
    say({"game_over": {"scores": referee.scores()}})
    return 0
