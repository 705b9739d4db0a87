"""The actions anyone can take: a person, a computer player, the command line, a test.

Actions are small frozen values that round-trip through JSON. ``Dice`` is
the chance step: the faces the random generator drew for the dice just
rolled, applied to the state like any other action so a game's log replays
it exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeAlias

from game.errors import SaveError, shown


@dataclass(frozen=True)
class Roll:
    """Roll every die not held (or, at a roll-off, all of them)."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "roll"}


@dataclass(frozen=True)
class Hold:
    die: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "hold", "die": self.die}


@dataclass(frozen=True)
class Release:
    die: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "release", "die": self.die}


@dataclass(frozen=True)
class Score:
    box: str

    def to_json(self) -> dict[str, Any]:
        return {"type": "score", "box": self.box}


@dataclass(frozen=True)
class Copy:
    """Challenge: copy these values of the common roll onto one's empty markers.

    The values are kept sorted: copying 5 and 3 is the same action as copying 3 and 5.
    """

    values: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "values", tuple(sorted(self.values)))

    def to_json(self) -> dict[str, Any]:
        return {"type": "copy", "values": list(self.values)}


@dataclass(frozen=True)
class Dice:
    """Chance step: the faces drawn for the dice being rolled, in order."""

    faces: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"type": "dice", "faces": list(self.faces)}


@dataclass(frozen=True)
class Place:
    """Jackpot: drop a tile of this symbol into a column (0 is the tall one), or ``"chance"`` for the Chance Space."""

    symbol: str
    target: int | str

    def to_json(self) -> dict[str, Any]:
        return {"type": "place", "symbol": self.symbol, "target": self.target}


@dataclass(frozen=True)
class ChanceOption:
    """Jackpot: on three or four alike, ``keep`` the Chance Space tile, ``return`` it, or ``drop`` it into a column."""

    choice: str
    column: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"type": "chance_option", "choice": self.choice, "column": self.column}


Action: TypeAlias = Roll | Hold | Release | Score | Copy | Dice | Place | ChanceOption


def _ints(value: Any) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise SaveError(f"expected a list of whole numbers, got {shown(value)}")
    return tuple(value)


def action_from_json(data: Any) -> Action:
    if not isinstance(data, dict) or "type" not in data:
        raise SaveError(f"not an action: {shown(data)}")
    kind = data["type"]
    try:
        if kind == "roll":
            return Roll()
        if kind in ("hold", "release"):
            die = data["die"]
            if not isinstance(die, int) or isinstance(die, bool):
                raise SaveError(f"die must be a whole number, got {shown(die)}")
            return Hold(die) if kind == "hold" else Release(die)
        if kind == "score":
            if not isinstance(data["box"], str):
                raise SaveError(f"box must be text, got {shown(data['box'])}")
            return Score(data["box"])
        if kind == "copy":
            return Copy(_ints(data["values"]))
        if kind == "dice":
            return Dice(_ints(data["faces"]))
        if kind == "place":
            target = data["target"]
            if not isinstance(data["symbol"], str) or not (target == "chance" or (isinstance(target, int)
                                                                                  and not isinstance(target, bool))):
                raise SaveError(f"not a tile placement: {shown(data)}")
            return Place(data["symbol"], target)
        if kind == "chance_option":
            column = data.get("column")
            if data["choice"] not in ("keep", "return", "drop") or not (column is None or isinstance(column, int)):
                raise SaveError(f"not a Chance Option: {shown(data)}")
            return ChanceOption(data["choice"], column)
    except KeyError as missing:
        raise SaveError(f"action {shown(kind)} lacks {shown(missing.args[0])}") from None
    raise SaveError(f"unknown action type {shown(kind)}")
