"""The state of a Jackpot Yahtzee game, played through the same API as the scorecard games.

A turn: ``Roll`` (a chance step draws the four symbol dice); on three or
four alike with a tile in the Chance Space, a ``ChanceOption`` (keep it,
return it to the supply, or drop it into a column); then one ``Place`` per
granted tile (a symbol and a column, or the Chance Space). A tile that can
go nowhere goes back to the supply by itself. Racks that are full skip
their turns; when every rack is full, or no tile is left in the supply, the round is scored. Who starts is
drawn by lot (a chance step), each later round starts one seat to the left.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from game.engine.actions import Action, ChanceOption, Dice, Place, Roll
from game.engine.results import RoundResults
from game.engine.state import GameState, Seat
from game.errors import IllegalAction, SaveError, cause
from game.rules.jackpot import Cell, JackpotVariant, classify, granted_symbols, landing_row, rack_bonus, score_lines

CHANCE_SPACE = "chance"


@dataclass(frozen=True)
class Starter:
    """The lot chose who starts."""

    seat: int


@dataclass(frozen=True)
class Rolled:
    seat: int
    roll_class: str


@dataclass(frozen=True)
class Placed:
    """A tile went into a window (``column`` and the ``row`` it fell to) or the Chance Space (no row)."""

    seat: int
    symbol: str
    target: int | str  # a column, or CHANCE_SPACE
    row: int | None


@dataclass(frozen=True)
class ChanceReturned:
    seat: int
    symbol: str


@dataclass(frozen=True)
class ChanceDropped:
    """The Chance Space's tile went into ``column``, falling to ``row``."""

    seat: int
    symbol: str
    column: int
    row: int


@dataclass(frozen=True)
class Returned:
    """A tile that could go nowhere went back to the supply."""

    seat: int


@dataclass(frozen=True)
class RoundScored:
    round: int


Event = Starter | Rolled | Placed | ChanceReturned | ChanceDropped | Returned | RoundScored


@dataclass
class RoundScore:
    lines: list[tuple[str, str, int, int]]  # (line, symbol, run length, points)
    bonus: list[tuple[str, int, int]]  # (symbol, tiles, points)
    subtotal: int
    high_bonus: int = 0

    @property
    def total(self) -> int:
        return self.subtotal + self.high_bonus

    def to_json(self) -> dict[str, Any]:
        return {"lines": [list(x) for x in self.lines], "bonus": [list(x) for x in self.bonus],
                "subtotal": self.subtotal, "high_bonus": self.high_bonus}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RoundScore:
        return cls([tuple(x) for x in data["lines"]], [tuple(x) for x in data["bonus"]], data["subtotal"],
                   data["high_bonus"])


class JackpotState(GameState):
    variant: JackpotVariant

    def __init__(self, variant: JackpotVariant, seats: list[Seat], games: int = 1, rolloff: bool = True) -> None:
        if not variant.min_players <= len(seats) <= variant.max_players:
            raise IllegalAction(f"{variant.name} is for {variant.min_players} to {variant.max_players} players,"
                                f" not {len(seats)}")
        if games != 1:
            raise IllegalAction(f"a game of {variant.name} is {variant.rounds} rounds; it has no matches")
        self.variant = variant
        self.seats = tuple(seats)
        self.games = 1
        self.game = 0
        self.round = 0
        self.scores: list[list[RoundScore]] = []  # one list of seat scores per finished round
        self.last_racks: list[dict[Cell, str]] = []
        self.last_chance: list[str | None] = []  # the Chance Spaces as the round ended (they score nothing)
        self.last_scored = None
        self.events: list[Event] = []  # what the last action did, with all a view needs to show it
        self._new_round_tiles()
        self.dice: tuple[str, ...] | None = None
        self.stage = "roll"
        self.to_place = 0
        self.choices: tuple[str, ...] = ()
        self.pending: tuple[int, ...] | None = None
        self.starter = self.round_starter = self.seat = 0
        if rolloff:
            self.phase = "lot"
            self.pending = (0,)
        else:
            self.phase = "play"

    def _new_round_tiles(self) -> None:
        self.supply = {s.id: s.tiles for s in self.variant.symbols}
        self.racks: list[dict[Cell, str]] = [{} for _ in self.seats]
        self.chance: list[str | None] = [None for _ in self.seats]

    # ------------------------------------------------------------ queries --
    def chance_faces(self) -> list[int]:
        """How many faces each pending chance draw has (a lot among the seats, or the six-sided dice)."""
        if self.pending is None:
            return []
        if self.phase == "lot":
            return [self.n]
        return [len(self.variant.dice[i].faces) for i in self.pending]

    def rack_full(self, seat: int) -> bool:
        return len(self.racks[seat]) >= self.variant.windows

    def landing_row(self, seat: int, column: int) -> int | None:
        """The row a tile dropped into this column falls to, or None when the column is full."""
        return landing_row(self.variant.columns, self.racks[seat], column)

    def open_columns(self, seat: int | None = None) -> list[int]:
        seat = self.seat if seat is None else seat
        return [c for c in range(len(self.variant.columns)) if self.landing_row(seat, c) is not None]

    def roll_class(self) -> str | None:
        return classify(self.dice) if self.dice else None

    def tile_symbols(self) -> tuple[str, ...]:
        """The symbols the next tile may be: the roll's, or when those ran out, any left in the supply."""
        allowed = tuple(s for s in self.choices if self.supply[s] > 0)
        return allowed or tuple(s for s in self.variant.symbol_ids if self.supply[s] > 0)

    def targets(self, seat: int | None = None) -> list[int | str]:
        seat = self.seat if seat is None else seat
        targets: list[int | str] = list(self.open_columns(seat))
        if self.chance[seat] is None:
            targets.append(CHANCE_SPACE)
        return targets

    @property
    def results(self) -> RoundResults:
        return RoundResults([[score.total for score in scores] for scores in self.scores], self.n, self.variant.rounds)

    def totals(self) -> list[int]:
        return self.results.totals()

    @property
    def results_shown(self) -> bool:
        """The last move ended a round: its scores are shown to everyone, and no undo goes back past it."""
        return any(isinstance(event, RoundScored) for event in self.events)

    def tiles_in_play(self) -> int:
        return sum(self.supply.values()) + sum(len(r) for r in self.racks) + sum(c is not None for c in self.chance)

    # ------------------------------------------------------------ actions --
    def legal_actions(self) -> list[Action]:
        if self.phase == "over":
            return []
        if self.pending is not None:
            ranges = [range(1, f + 1) for f in self.chance_faces()]
            return [Dice(t) for t in itertools.product(*ranges)]
        if self.stage == "roll":
            return [Roll()]
        if self.stage == "chance_option":
            drops = (ChanceOption("drop", c) for c in self.open_columns())
            return [ChanceOption("keep"), ChanceOption("return"), *drops]
        return [Place(symbol, target) for symbol in self.tile_symbols() for target in self.targets()]

    def why_illegal(self, action: Action) -> str | None:
        if self.phase == "over":
            return "the game is over"
        if self.pending is not None:
            if not isinstance(action, Dice):
                return "the dice are rolling: only their faces can be applied now"
            faces = self.chance_faces()
            if len(action.faces) != len(faces) or not all(
                    isinstance(f, int) and 1 <= f <= n for f, n in zip(action.faces, faces)):
                return f"expected {len(faces)} faces within {faces}"
            return None
        if isinstance(action, Dice):
            return "no dice are rolling"
        if self.stage == "roll":
            return None if isinstance(action, Roll) else "roll the dice first"
        if self.stage == "chance_option":
            if not isinstance(action, ChanceOption):
                return "first decide on the Chance Option: keep, return or drop the Chance Space tile"
            if action.choice not in ("keep", "return", "drop"):
                return f"unknown Chance Option '{action.choice}'"
            if action.choice == "drop" and action.column not in self.open_columns():
                return f"column {action.column} has no open window"
            if action.choice != "drop" and action.column is not None:
                return f"only a drop names a column, not '{action.choice}'"
            return None
        if not isinstance(action, Place):
            return "place the tile the roll gives you"
        if action.symbol not in self.tile_symbols():
            return f"this roll gives {' or '.join(self.tile_symbols())}, not {action.symbol}"
        if action.target not in self.targets():
            return "that column is full" if isinstance(action.target, int) else "the Chance Space is taken"
        return None

    def _apply(self, action: Action) -> None:
        self.events = []
        if isinstance(action, Dice):
            self._chance(action.faces)
        elif isinstance(action, Roll):
            self.pending = tuple(range(len(self.variant.dice)))
        elif isinstance(action, ChanceOption):
            self._chance_option(action)
        elif isinstance(action, Place):
            self._place(action.symbol, action.target)

    # ------------------------------------------------------------ turn flow --
    def _chance(self, faces: tuple[int, ...]) -> None:
        self.pending = None
        if self.phase == "lot":
            self.starter = self.round_starter = self.seat = faces[0] - 1
            self.phase = "play"
            self.events.append(Starter(self.seat))
            return
        self.dice = tuple(self.variant.dice[i].faces[f - 1] for i, f in enumerate(faces))
        roll_class = classify(self.dice)
        grant = self.variant.grant(roll_class)
        self.to_place = grant.tiles
        self.choices = granted_symbols(self.dice, grant.choice, self.variant.symbol_ids)
        self.events.append(Rolled(self.seat, roll_class))
        if grant.chance_option and self.chance[self.seat] is not None:
            self.stage = "chance_option"
        else:
            self.stage = "place"
            self._tiles_with_nowhere_to_go()

    def _chance_option(self, action: ChanceOption) -> None:
        seat = self.seat
        tile = self.chance[seat]
        assert tile is not None  # why_illegal: the option is offered only with a tile in the Chance Space
        if action.choice == "return":
            self.chance[seat] = None
            self.supply[tile] += 1
            self.events.append(ChanceReturned(seat, tile))
        elif action.choice == "drop":
            self.chance[seat] = None
            assert action.column is not None  # why_illegal: a drop names its column
            row = self.landing_row(seat, action.column)
            assert row is not None  # why_illegal: only into an open column
            self.racks[seat][(action.column, row)] = tile
            self.events.append(ChanceDropped(seat, tile, action.column, row))
        self.stage = "place"
        self._tiles_with_nowhere_to_go()

    def _place(self, symbol: str, target: int | str) -> None:
        seat = self.seat
        self.supply[symbol] -= 1
        if target == CHANCE_SPACE:
            self.chance[seat] = symbol
            self.events.append(Placed(seat, symbol, CHANCE_SPACE, None))
        else:
            assert isinstance(target, int)  # a column (CHANCE_SPACE is the only name a target has)
            row = self.landing_row(seat, target)
            assert row is not None  # why_illegal: only into an open column
            self.racks[seat][(target, row)] = symbol
            self.events.append(Placed(seat, symbol, target, row))
        self.to_place -= 1
        self._tiles_with_nowhere_to_go()

    def _tiles_with_nowhere_to_go(self) -> None:
        while self.to_place and (not self.targets() or not self.tile_symbols()):
            self.to_place -= 1  # it never leaves the supply
            self.events.append(Returned(self.seat))
        if not self.to_place:
            self._end_turn()

    def _end_turn(self) -> None:
        self.stage = "roll"
        self.dice = None
        self.choices = ()
        if all(self.rack_full(s) for s in range(self.n)) or not any(self.supply.values()):
            self._score_round()  # every rack is full, or (a variant of few tiles) no tile is left to give
            return
        seat = self.seat
        for _ in range(self.n):
            seat = (seat + 1) % self.n
            if not self.rack_full(seat):
                break
        self.seat = seat

    def _score_round(self) -> None:
        v = self.variant
        scores = []
        for seat in range(self.n):
            lines = [(s.line, s.symbol, s.length, s.points) for s in score_lines(v, self.racks[seat])]
            bonus = rack_bonus(v, self.racks[seat])
            scores.append(RoundScore(lines, bonus, sum(p for *_, p in lines) + sum(p for *_, p in bonus)))
        best = max(s.subtotal for s in scores)
        for score in scores:
            if score.subtotal == best:  # tied leaders each get the bonus in full
                score.high_bonus = v.high_round_bonus[self.round]
        self.scores.append(scores)
        self.events.append(RoundScored(self.round))
        self.last_racks = [dict(r) for r in self.racks]  # kept to show the round's scoring
        self.last_chance = list(self.chance)  # and the racks as they stood, Chance Spaces included
        if self.round + 1 >= v.rounds:
            self.phase = "over"
            return
        self.round += 1
        self._new_round_tiles()
        self.round_starter = (self.round_starter + 1) % self.n
        self.seat = self.round_starter

    # --------------------------------------------------------------- JSON --
    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant.id, "rules_hash": self.variant.rules_hash,
            "seats": [s.to_json() for s in self.seats], "phase": self.phase, "round": self.round,
            "starter": self.starter, "round_starter": self.round_starter, "seat": self.seat,
            "supply": dict(self.supply),
            "racks": [[[c, r, sym] for (c, r), sym in sorted(rack.items())] for rack in self.racks],
            "chance": list(self.chance), "dice": list(self.dice) if self.dice else None, "stage": self.stage,
            "to_place": self.to_place, "choices": list(self.choices),
            "pending": list(self.pending) if self.pending is not None else None,
            "scores": [[s.to_json() for s in r] for r in self.scores],
            "last_racks": [[[c, r, sym] for (c, r), sym in sorted(rack.items())] for rack in self.last_racks],
            "last_chance": list(self.last_chance),
        }

    @classmethod
    def from_json(cls, data: Any, variant: JackpotVariant) -> JackpotState:
        """Rebuild a state from its ``to_json``; damaged data raises SaveError."""
        try:
            if data["variant"] != variant.id or data["rules_hash"] != variant.rules_hash:
                raise SaveError(f"this state is not of the current rules of {variant.id}")
            state = cls(variant, [Seat.from_json(s) for s in data["seats"]], 1, rolloff=False)
            state.phase, state.round = data["phase"], data["round"]
            state.starter, state.round_starter, state.seat = data["starter"], data["round_starter"], data["seat"]
            state.supply = {k: int(v) for k, v in data["supply"].items()}
            state.racks = [{(int(c), int(r)): sym for c, r, sym in rack} for rack in data["racks"]]
            state.chance = list(data["chance"])
            state.dice = tuple(data["dice"]) if data["dice"] else None
            state.stage, state.to_place = data["stage"], data["to_place"]
            state.choices = tuple(data["choices"])
            state.pending = tuple(data["pending"]) if data["pending"] is not None else None
            state.scores = [[RoundScore.from_json(s) for s in r] for r in data["scores"]]
            state.last_racks = [{(int(c), int(r)): sym for c, r, sym in rack} for rack in data["last_racks"]]
            # a save from before the Chance Spaces were kept: they show empty
            state.last_chance = list(data.get("last_chance", [None] * len(state.last_racks)))
            symbols = set(variant.symbol_ids)
            cells = set(variant.cells())
            ok = (state.phase in ("lot", "play", "over") and set(state.supply) == symbols
                  and all(v >= 0 for v in state.supply.values()) and len(state.racks) == state.n
                  and len(state.chance) == state.n
                  and all(set(r) <= cells and set(r.values()) <= symbols for r in state.racks)
                  and all(c is None or c in symbols for c in state.chance) and 0 <= state.seat < state.n
                  and len(state.last_chance) == len(state.last_racks)
                  and all(c is None or c in symbols for c in state.last_chance)
                  and state.stage in ("roll", "chance_option", "place"))
        except SaveError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
            raise SaveError(f"the saved state is damaged ({cause(error)})") from None
        if not ok:
            raise SaveError("the saved state does not fit its variant")
        return state
