"""The optimal player and the difficulty dial: the solver's options, played best or chosen with noise.

The table is loaded (no numpy needed: the shipped tables come with the game, the app included), or built
on first use for a user's variant where numpy is installed.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.bots.players import Player, hold_steps, keep_mask
from game.bots.solver import advise_state, table_for
from game.engine.actions import Copy, Roll, Score
from game.rules.variant import Variant

if TYPE_CHECKING:
    from game.bots.solver_file import SolverTable


class OptimalPlayer(Player):
    """Provably best solitaire play from the solver's table, for every scorecard variant.

    Solo turns: the best option of :func:`game.bots.solver.advise` (a keep becomes Hold/Release steps,
    then Roll; a box becomes Score). Challenge: copies by the solitaire keep values, boxes exactly (see
    the solver's notes).
    """

    level = "optimal"

    def __init__(self, rng=None, table: SolverTable | None = None):
        super().__init__(rng)
        self._table = table
        self._plan: tuple | None = None

    def table(self, variant: Variant) -> SolverTable:
        if self._table is None or self._table.rules_hash != variant.rules_hash:
            self._table = table_for(variant)
        return self._table

    def choose(self, state):
        if state.phase != "play":
            return Roll()
        if state.common_roll:
            if state.stage == "roll":
                return Roll()
            best = self.pick(advise_state(state, table=self.table(state.variant)))
            return Score(best.box) if best.kind == "box" else Copy(best.keep)
        if state.dice is None or state.rolls_used == 0:
            return Roll()
        key = (state.game, state.seat, state.rolls_used, state.dice, tuple(state.card().boxes.values()))
        if self._plan is None or self._plan[0] != key:
            self._plan = (key, self.pick(advise_state(state, table=self.table(state.variant))))
        best = self._plan[1]
        if best.kind == "box":
            return Score(best.box)
        return hold_steps(state, keep_mask(state.dice, best.keep))

    def pick(self, options):
        return options[0]


class DialPlayer(OptimalPlayer):
    """A player on the difficulty dial: the solver's options, chosen the way a person of that level would.

    Three knobs, each a habit of real players:

    - ``temperature``: each option is taken with a weight of exp(-loss / temperature), so close calls
      are often missed and clear ones rarely (a small temperature nearly always plays the best move).
    - ``greed``: a box worth fewer points now than the richest box on offer looks ``greed`` times that
      difference worse than it is; a casual player grabs the big score and misses the upper bonus.
    - ``max_loss``: no option that costs more than this is ever taken; a strong player makes small
      mistakes, not 20-point blunders.

    The ladder on classic (``python benchmarks/bench_ladder.py``): Easy about 190 (a casual player),
    Medium about 220 (the best computer players of other Yahtzee programs), Hard about 240 (a strong
    human), and Perfect, the optimal player, 254.
    """

    temperature = 1.0
    greed = 0.0
    max_loss = math.inf

    def pick(self, options):
        richest = max((option.points for option in options if option.kind == "box"), default=0)
        weights = []
        for option in options:  # the best option (loss 0) always keeps a weight: never all zero
            seen_loss = option.loss + (self.greed * (richest - option.points) if option.kind == "box" else 0.0)
            weights.append(math.exp(-seen_loss / self.temperature) if option.loss <= self.max_loss else 0.0)
        return self.rng.choices(options, weights)[0]


class EasyPlayer(DialPlayer):
    """A casual player: many small slips, an eye on the points of the moment, now and then a blunder."""

    level, temperature, greed = "easy", 2.5, 1.2


class MediumPlayer(DialPlayer):
    """A good club player: misses close calls, a little drawn to big scores, never throws 15 points away."""

    level, temperature, greed, max_loss = "medium", 1.45, 0.3, 15.0


class HardPlayer(DialPlayer):
    """A strong human: small mistakes on close calls only, never more than 8 points in one decision."""

    level, temperature, max_loss = "hard", 0.8, 8.0
