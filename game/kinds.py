"""Every kind of game, registered once: what reads its file, tells its rules, plays it, runs its table and
which computer levels it has. Every per-kind table of the game is derived from here.

A *kind* is what plays a variant (``variant.kind``: ``solo`` turns, ``common`` rolls, ``jackpot``); a *family* is
what its file holds (``variant.family``: ``scorecard``, ``jackpot``): one parser, one rules text and one set of
computer levels for all the kinds of the family. Each room takes from here the parts of a kind that live in it:

- game.rules: the parsers (``variants.PARSERS``) and the rules texts (``explain.RULES_LINES``), by family;
- game.bots: the computer levels (``levels.LEVELS``), by family;
- game.engine: the states (``families.STATES``), by kind;
- game.table: the controllers (``controller.CONTROLLERS``), by kind;
- the screens register each kind's table under the same name (``scenes.registry.TABLES``).

A part is written as its dotted name, not imported: every room reads this module, and each resolves only the names
inside itself (``parts``), so no room imports one it may not (tests/test_kinds.py checks every name resolves, in
its room, and that every kind has its table). A new kind of game is one ``Kind`` here (and a ``Family`` if its
file is new), its parts where they live, and its table in scenes.registry.

May import nothing of ours: every room of the game and of the screens may import it.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, fields
from typing import Any


@dataclass(frozen=True)
class Family:
    """What a variant's file holds (its ``family:``), and what follows from the file alone."""
    name: str
    parser: str  # game.rules: (the file's data, file name, id) -> the variant
    rules_lines: str  # game.rules: the variant -> its rules in plain words, a line a paragraph or list item
    levels: str  # game.bots: the computer levels, easiest first


@dataclass(frozen=True)
class Kind:
    """What plays a variant (its ``kind``): the engine's state and the table's controller."""
    name: str
    family: Family
    state: str  # game.engine: the GameState subclass that plays it
    controller: str  # game.table: the TableController subclass that runs its table


SCORECARD = Family("scorecard", parser="game.rules.variant.parse_variant",
                   rules_lines="game.rules.explain.scorecard_lines", levels="game.bots.levels.SCORECARD_LEVELS")
JACKPOT = Family("jackpot", parser="game.rules.jackpot.parse_jackpot",
                 rules_lines="game.rules.explain.jackpot_lines", levels="game.bots.levels.JACKPOT_LEVELS")

KINDS: dict[str, Kind] = {kind.name: kind for kind in (
    Kind("solo", SCORECARD, state="game.engine.state.ScorecardState",
         controller="game.table.controller.ScorecardController"),
    Kind("common", SCORECARD, state="game.engine.challenge.CommonRollState",
         controller="game.table.controller.ChallengeController"),
    Kind("jackpot", JACKPOT, state="game.engine.jackpot_state.JackpotState",
         controller="game.table.controller.JackpotController"),
)}
FAMILIES: dict[str, Family] = {kind.family.name: kind.family for kind in KINDS.values()}

# Which room each part lives in (and so which room may take it).
ROOMS = {"parser": "game.rules", "rules_lines": "game.rules", "levels": "game.bots", "state": "game.engine",
         "controller": "game.table"}


def part(name: str, room: str) -> Any:
    """What a dotted name names, for a module of ``room``: ValueError if it lives in another room (a room takes only
    its own parts; the room rules say what it may import). A room asking for one of its own modules while that
    module is still being imported gets it as far as it has come (its tables go below what they name)."""
    module, _, attribute = name.rpartition(".")
    if not (module == room or module.startswith(room + ".")):
        raise ValueError(f"{name} is not in {room}")
    return getattr(importlib.import_module(module), attribute)


def parts(what: str) -> dict[str, Any]:
    """One part of every kind (``state``, ``controller``) or of every family (``parser``, ``rules_lines``,
    ``levels``), by its name, resolved in its room."""
    room = ROOMS[what]
    if what in {field.name for field in fields(Family)}:
        return {name: part(getattr(family, what), room) for name, family in FAMILIES.items()}
    return {name: part(getattr(kind, what), room) for name, kind in KINDS.items()}
