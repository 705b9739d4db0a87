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
from game.engine.challenge import CommonRollState
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
        if isinstance(state, CommonRollState):
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
    """A player on the difficulty dial: the solver's options, chosen with noise.

    Each option is taken with a weight of exp(-loss / temperature): a small temperature nearly always
    plays the best move, a large one often settles for a move that costs a few points, as a casual
    player does.
    """

    temperature = 1.0

    def pick(self, options):
        weights = [math.exp(-option.loss / self.temperature) for option in options]
        return self.rng.choices(options, weights)[0]


class EasyPlayer(DialPlayer):
    level, temperature = "easy", 2.5


class MediumPlayer(DialPlayer):
    level, temperature = "medium", 1.0


class HardPlayer(DialPlayer):
    level, temperature = "hard", 0.2
