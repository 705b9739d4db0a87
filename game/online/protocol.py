"""The protocol as data: what each event of a game's room holds, written and read back.

Every content is a JSON object of whole numbers, text, lists and objects of them: no floats (a homeserver
refuses them), no true/false, no null. Each carries ``"version": VERSION``; a reader refuses any other.
Reading never trusts the sender: anything odd is a ``ProtocolError`` whose text says what, in one line.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from game.engine.actions import Action, Dice, action_from_json
from game.errors import DiceParlorError, SaveError, shown

VERSION = 1
SETUP = "org.diceparlor.setup"  # state event, key "": the game (only the host may set it)
ANCHOR = "org.diceparlor.anchor"  # state event, key the seat's user ID (only that user may set it)
MOVE = "org.diceparlor.move"  # a seat's move; a roll carries the roller's next link
REVEAL = "org.diceparlor.reveal"  # a seat's link for a throw
RESULT = "org.diceparlor.result"  # the final scores, sent by the host once the game is over
SECRET = "org.diceparlor.secret"  # room account data, read by its user alone: the seat's chain seed
TYPES = (SETUP, ANCHOR, MOVE, REVEAL, RESULT)

CHAIN_LENGTH = 10_000  # links in each seat's chain: one for every throw of the game (a 6-seat match needs ~6,200)
MAX_SEATS = 6
MAX_CONTENT = 60_000  # bytes of a content's JSON (homeservers refuse events over 64 KiB)
LINK = re.compile(r"[0-9a-f]{64}")  # a link of a chain: 32 bytes as lower-case hex
# @localpart:server, the server a host name, an IPv4 address or a bracketed IPv6 one, with a port or not
USER = re.compile(r"@[^:\s]{1,255}:(?:\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9.-]{1,255})(?::[0-9]{1,5})?")
MAX_INT = 2**53 - 1  # the canonical JSON of Matrix holds whole numbers up to this


class ProtocolError(DiceParlorError):
    """An event that is not what the protocol says: refused, with why."""


@dataclass(frozen=True)
class RoomEvent:
    """One event of a room's timeline, as any transport hands it on."""

    sender: str
    type: str
    content: dict
    state_key: str | None = None
    event_id: str = ""


@dataclass(frozen=True)
class Setup:
    """The game: its variant, its seats (Matrix users, in seat order), how many games, its id, the host."""

    host: str
    variant: str
    users: tuple[str, ...]
    names: tuple[str, ...]
    games: int = 1
    game: str = ""  # a fresh id: the dice of two games never come out alike
    chain: int = CHAIN_LENGTH
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    def seat_of(self, user: str) -> int | None:
        return self.users.index(user) if user in self.users else None


def plain(value: Any, depth: int = 0) -> bool:
    """Whole numbers (within Matrix's range), text, and lists and objects of them: what a content may hold."""
    if depth > 8:
        return False
    if type(value) is int:
        return -MAX_INT <= value <= MAX_INT
    if isinstance(value, str):
        return True
    if isinstance(value, list):
        return all(plain(item, depth + 1) for item in value)
    if isinstance(value, dict):
        return all(isinstance(key, str) and plain(item, depth + 1) for key, item in value.items())
    return False


def _checked(content: dict[str, Any]) -> dict[str, Any]:
    if not plain(content):
        raise ProtocolError("a content may hold only whole numbers and text")
    if len(json.dumps(content)) > MAX_CONTENT:
        raise ProtocolError(f"a content is at most {MAX_CONTENT} bytes")
    return content


def _opened(content: Any, *fields: str) -> dict[str, Any]:
    """A content as read: an object of this version, holding these fields."""
    if not isinstance(content, dict):
        raise ProtocolError("its content is not an object")
    if content.get("version") != VERSION:
        raise ProtocolError(f"it is of protocol version {shown(content.get('version'))}, not {VERSION}")
    if not plain(content):
        raise ProtocolError("its content holds more than whole numbers and text")
    missing = [name for name in fields if name not in content]
    if missing:
        raise ProtocolError(f"its content lacks {missing[0]!r}")
    return content


def _count(content: dict[str, Any], name: str, low: int, high: int) -> int:
    value = content[name]
    if type(value) is not int or not low <= value <= high:
        raise ProtocolError(f"{name} must be a whole number from {low} to {high}, not {shown(value)}")
    return value


def _link(value: Any) -> bytes:
    if not isinstance(value, str) or not LINK.fullmatch(value):
        raise ProtocolError(f"a link is 64 lower-case hex digits, not {shown(value)}")
    return bytes.fromhex(value)


# -------------------------------------------------------------------------------------------------- setup --
def setup_content(setup: Setup) -> dict[str, Any]:
    return _checked({"version": VERSION, "host": setup.host, "variant": setup.variant, "games": setup.games,
                     "game": setup.game, "chain": setup.chain,
                     "seats": [{"user": user, "name": name} for user, name in zip(setup.users, setup.names)]})


def read_setup(content: Any) -> Setup:
    content = _opened(content, "host", "variant", "games", "game", "chain", "seats")
    seats = content["seats"]
    if not isinstance(seats, list) or not 1 <= len(seats) <= MAX_SEATS:
        raise ProtocolError(f"seats must list 1 to {MAX_SEATS} seats")
    users, names = [], []
    for seat in seats:
        if not isinstance(seat, dict) or not isinstance(seat.get("user"), str) or not USER.fullmatch(seat["user"]):
            raise ProtocolError(f"a seat is {{\"user\": a Matrix ID, \"name\": text}}, not {shown(seat)}")
        name = seat.get("name", seat["user"])
        if not isinstance(name, str) or not 0 < len(name) <= 40:
            raise ProtocolError(f"a seat's name is text of 1 to 40 characters, not {shown(name)}")
        users.append(seat["user"])
        names.append(name)
    if len(set(users)) != len(users):
        raise ProtocolError("a user sits at one seat only")
    for name in ("host", "variant", "game"):
        if not isinstance(content[name], str) or not 0 < len(content[name]) <= 255:
            raise ProtocolError(f"{name} must be text")
    return Setup(content["host"], content["variant"], tuple(users), tuple(names),
                 _count(content, "games", 1, 20), content["game"], _count(content, "chain", 1, CHAIN_LENGTH * 10))


# ------------------------------------------------------------------------------------------------ anchors --
def anchor_content(anchor: bytes) -> dict[str, Any]:
    return _checked({"version": VERSION, "anchor": anchor.hex()})


def read_anchor(content: Any) -> bytes:
    return _link(_opened(content, "anchor")["anchor"])


# -------------------------------------------------------------------------------------------------- moves --
def move_content(at: int, action: Action, link: bytes | None = None, held: list[int] | None = None) -> dict[str, Any]:
    """A move made when the game's log held ``at`` entries; a roll reveals the roller's next ``link`` and says
    which dice it keeps (``held``: holding is no event of its own)."""
    move = {key: value for key, value in action.to_json().items() if value is not None}
    content = {"version": VERSION, "at": at, "move": move}
    if link is not None:
        content["link"] = link.hex()
    if held is not None:
        content["held"] = sorted(held)
    return _checked(content)


def read_held(content: dict[str, Any]) -> list[int] | None:
    held = content.get("held")
    if held is not None and (not isinstance(held, list) or len(held) > 100 or len(set(held)) != len(held)):
        raise ProtocolError(f"held must list dice, each once, not {shown(held)}")
    return held


def read_move(content: Any) -> tuple[int, Action, bytes | None]:
    content = _opened(content, "at", "move")
    at = _count(content, "at", 0, MAX_INT)
    try:
        action = action_from_json(content["move"])
    except SaveError as error:
        raise ProtocolError(str(error)) from None
    if isinstance(action, Dice):
        raise ProtocolError("nobody picks the dice: their faces come from the links")
    return at, action, _link(content["link"]) if "link" in content else None


# ------------------------------------------------------------------------------------------------ reveals --
def reveal_content(step: int, link: bytes) -> dict[str, Any]:
    return _checked({"version": VERSION, "step": step, "link": link.hex()})


def read_reveal(content: Any) -> tuple[int, bytes]:
    content = _opened(content, "step", "link")
    return _count(content, "step", 0, MAX_INT), _link(content["link"])


# ------------------------------------------------------------------------------------------------ results --
def result_content(scores: dict[str, int]) -> dict[str, Any]:
    return _checked({"version": VERSION, "scores": dict(scores)})


def read_result(content: Any) -> dict[str, int]:
    scores = _opened(content, "scores")["scores"]
    if not isinstance(scores, dict) or not all(type(points) is int for points in scores.values()):
        raise ProtocolError("scores must be an object of user IDs and whole numbers")
    return scores
