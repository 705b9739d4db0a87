"""Computer players for Jackpot Yahtzee: random, greedy and heuristic.

- ``random``: any legal action.
- ``greedy``: the placement that raises the rack's score the most right now.
- ``heuristic``: builds toward long runs of valuable symbols in the scoring
  lines and toward rack bonuses, keeps a misfit tile in the Chance Space, and
  uses the Chance Option when it helps.
"""

from __future__ import annotations

import random

from game.engine.actions import Action, ChanceOption, Roll
from game.engine.jackpot_state import CHANCE_SPACE, ChanceReturned, JackpotState
from game.rules.jackpot import Cell, JackpotVariant, rack_score


def _after(state: JackpotState, symbol: str, column: int) -> dict[Cell, str]:
    rack = dict(state.racks[state.seat])
    rack[(column, state.landing_row(state.seat, column))] = symbol
    return rack


class JackpotPlayer:
    level = "base"

    def __init__(self, rng: random.Random | None = None):
        self.rng = rng or random.Random(0)

    def choose(self, state: JackpotState) -> Action:
        if state.stage == "roll" or state.phase != "play":
            return Roll()
        if state.stage == "chance_option":
            return self.chance_option(state)
        return self.place(state)

    def value(self, variant: JackpotVariant, rack: dict[Cell, str]) -> float:
        return float(rack_score(variant, rack))

    def chance_value(self, variant: JackpotVariant, symbol: str) -> float:
        """What a tile set aside in the Chance Space is worth (it does not score there)."""
        return 0.0

    def place(self, state: JackpotState) -> Action:
        v = state.variant
        here = self.value(v, state.racks[state.seat])
        best, best_gain = None, None
        # Putting back the symbol the Chance Option just returned changes nothing: with one symbol it went on
        # for ever (return, put back, next turn the same), so the tile goes into the rack.
        returned = {event.symbol for event in state.events if isinstance(event, ChanceReturned)}
        for action in state.legal_actions():
            if action.target == CHANCE_SPACE:
                if action.symbol in returned:
                    continue
                gain = self.chance_value(v, action.symbol)
            else:
                gain = self.value(v, _after(state, action.symbol, action.target)) - here
            if best_gain is None or gain > best_gain + 1e-9:
                best, best_gain = action, gain
        return best

    def chance_option(self, state: JackpotState) -> Action:
        v = state.variant
        tile = state.chance[state.seat]
        here = self.value(v, state.racks[state.seat])
        best: Action = ChanceOption("keep")
        best_gain = self.chance_value(v, tile)
        if best_gain < 0:
            best, best_gain = ChanceOption("return"), 0.0
        for column in state.open_columns():
            gain = self.value(v, _after(state, tile, column)) - here
            if gain > best_gain + 1e-9:
                best, best_gain = ChanceOption("drop", column), gain
        return best


class RandomJackpotPlayer(JackpotPlayer):
    level = "random"

    def choose(self, state: JackpotState) -> Action:
        return self.rng.choice(state.legal_actions())


class GreedyJackpotPlayer(JackpotPlayer):
    level = "greedy"


class HeuristicJackpotPlayer(JackpotPlayer):
    level = "heuristic"

    def value(self, variant: JackpotVariant, rack: dict[Cell, str]) -> float:
        score = float(rack_score(variant, rack))
        return score + self._line_outlook(variant, rack) + self._bonus_outlook(variant, rack)

    @staticmethod
    def _line_outlook(variant: JackpotVariant, rack: dict[Cell, str]) -> float:
        """Runs still possible in each line, worth more the nearer they are to done."""
        outlook = 0.0
        shortest = variant.shortest_run
        for line in variant.lines:
            best = 0.0
            tiles = [rack.get(cell) for cell in line.cells]
            for symbol in set(t for t in tiles if t):
                stretch = count = longest = longest_count = 0
                for tile in tiles:
                    if tile in (symbol, None):
                        stretch += 1
                        count += tile == symbol
                        if stretch > longest or (stretch == longest and count > longest_count):
                            longest, longest_count = stretch, count
                    else:
                        stretch = count = 0
                if longest >= shortest and longest_count < longest:
                    share = longest_count / longest
                    best = max(best, variant.run_points(symbol, longest) * share * share * 0.55)
            outlook += best
        return outlook

    @staticmethod
    def _bonus_outlook(variant: JackpotVariant, rack: dict[Cell, str]) -> float:
        if not variant.rack_bonus:
            return 0.0
        need, points = variant.rack_bonus[0]
        counts: dict[str, int] = {}
        for tile in rack.values():
            counts[tile] = counts.get(tile, 0) + 1
        return sum(points * (c / need) ** 3 * 0.4 for c in counts.values() if c < need)

    def chance_value(self, variant: JackpotVariant, symbol: str) -> float:
        # a valuable tile kept aside may fill a run later; a space kept free is worth a little too
        return 0.08 * variant.run_points(symbol, variant.shortest_run) - 6.0

