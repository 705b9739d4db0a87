"""Challenge Yahtzee's common rolls (docs/rules.md section 3): the ``common`` turn structure.

Each round one seat is the roller (passing to the left every round). A round
has up to three steps: the roller rolls the common dice (all five first,
then as many as the seat with the most empty markers still needs); every
seat with empty markers, in turn order from the roller, copies some of the
rolled numbers onto its markers (at the third step it must fill them all).
Then every seat, in the same order, scores its five markers in one box.
"""

from __future__ import annotations

import itertools
from typing import Any

from game.engine.actions import Action, Copy, Roll, Score
from game.engine.state import ScorecardState, Seat
from game.rules.scoring import Options, box_options
from game.rules.variant import Variant


def sub_multisets(values: tuple[int, ...], low: int, high: int) -> list[tuple[int, ...]]:
    """Every distinct sorted selection of low..high of these values."""
    ordered = tuple(sorted(values))
    found: set[tuple[int, ...]] = set()
    for size in range(low, min(high, len(ordered)) + 1):
        found.update(itertools.combinations(ordered, size))
    return sorted(found, key=lambda c: (len(c), c))


def _contains(pool: tuple[int, ...], wanted: tuple[int, ...]) -> bool:
    rest = list(pool)
    for value in wanted:
        if value not in rest:
            return False
        rest.remove(value)
    return True


class CommonRollState(ScorecardState):
    common_roll = True

    def __init__(self, variant: Variant, seats: list[Seat], games: int = 1, rolloff: bool = True) -> None:
        self.roller = 0
        self.step = 0
        self.stage = "roll"  # roll | pick | score
        self.markers: list[list[int]] = [[] for _ in seats]
        self.queue: list[int] = []  # seats still to pick or score, in order
        self.common: tuple[int, ...] | None = None
        super().__init__(variant, seats, games, rolloff)

    # The scorecard base calls these at the start of each game.
    def _start_game(self) -> None:
        self.roller = self.game_starter() if self.game == 0 else (self.roller + 1) % self.n
        self._start_round()

    def _start_round(self) -> None:
        self.step = 0
        self.markers = [[] for _ in self.seats]
        self.common = None
        self.dice = None
        self.rolls_used = 0
        self._next_step()

    def _next_step(self) -> None:
        self.step += 1
        self.stage = "roll"
        self.seat = self.roller
        self.queue = []

    def empties(self, seat: int) -> int:
        return self.variant.dice - len(self.markers[seat])

    def roll_size(self) -> int:
        return max(self.empties(s) for s in range(self.n))

    def _order_from_roller(self) -> list[int]:
        return [(self.roller + k) % self.n for k in range(self.n)]

    # ------------------------------------------------------------ queries --
    def options(self, seat: int | None = None) -> Options | None:
        seat = self.seat if seat is None else seat
        if self.phase != "play" or self.empties(seat):
            return None
        return box_options(self.variant, self.card(seat).boxes, tuple(self.markers[seat]))

    def copy_range(self, seat: int | None = None) -> tuple[int, int]:
        """How few and how many values this seat may copy now."""
        seat = self.seat if seat is None else seat
        empty = self.empties(seat)
        last = self.step >= self.variant.rolls_per_turn
        return (empty if last else 0), empty

    def _play_actions(self) -> list[Action]:
        if self.stage == "roll":
            return [Roll()]
        if self.stage == "pick":
            low, high = self.copy_range()
            assert self.common is not None  # the pick stage follows the common roll
            return [Copy(values) for values in sub_multisets(self.common, low, high)]
        options = self.options()
        return [Score(box) for box in options.scores] if options else []

    def _why_illegal_in_play(self, action: Action) -> str | None:
        if self.stage == "roll":
            return None if isinstance(action, Roll) else "the roller rolls the common dice first"
        if self.stage == "pick":
            if not isinstance(action, Copy):
                return "copy dice from the common roll onto your markers first"
            assert self.common is not None  # the pick stage follows the common roll
            low, high = self.copy_range()
            if not low <= len(action.values) <= high:
                return (f"copy {low} dice" if low == high else f"copy from {low} to {high} dice") + \
                    f", not {len(action.values)}"
            if not _contains(self.common, tuple(action.values)):
                return f"the common roll {list(self.common)} does not hold {list(action.values)}"
            return None
        if not isinstance(action, Score):
            return "every player scores their markers now"
        return self._why_box_illegal(action.box, self.options())

    # ------------------------------------------------------------ applying --
    def _apply_play(self, action: Action) -> None:
        if isinstance(action, Roll):
            self.pending = tuple(range(self.roll_size()))
        elif isinstance(action, Copy):
            self.markers[self.seat].extend(action.values)
            self._advance_queue()
        elif isinstance(action, Score):
            self._score(self.seat, action.box, tuple(self.markers[self.seat]))
            self._advance_queue()

    def _land(self, faces: tuple[int, ...]) -> None:
        if self.phase == "rolloff":
            super()._land(faces)
            return
        self.common = tuple(faces)
        self.dice = self.common
        self.pending = None
        self.rolls_used = self.step
        self.stage = "pick"
        self.queue = [s for s in self._order_from_roller() if self.empties(s)]
        self.seat = self.queue[0]

    def _advance_queue(self) -> None:
        self.queue.pop(0)
        if self.queue:
            self.seat = self.queue[0]
            return
        if self.stage == "pick":
            if any(self.empties(s) for s in range(self.n)):
                self._next_step()
            else:
                self.stage = "score"
                self.queue = self._order_from_roller()
                self.seat = self.queue[0]
            return
        # Everybody has scored this round.
        if self._game_over():
            self._end_game()
        else:
            self.roller = (self.roller + 1) % self.n
            self._start_round()

    # --------------------------------------------------------------- JSON --
    def _extra_json(self) -> dict[str, Any]:
        return {"challenge": {
            "roller": self.roller, "step": self.step, "stage": self.stage,
            "markers": [list(m) for m in self.markers], "queue": list(self.queue),
            "common": list(self.common) if self.common is not None else None,
        }}

    def _load_extra(self, data: dict[str, Any]) -> None:
        extra = data["challenge"]
        self.roller = extra["roller"]
        self.step = extra["step"]
        self.stage = extra["stage"]
        self.markers = [list(m) for m in extra["markers"]]
        self.queue = list(extra["queue"])
        self.common = tuple(extra["common"]) if extra["common"] is not None else None
