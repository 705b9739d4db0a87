"""A match's results, as every kind reports them: each game's totals, the match's, who won, what the records count
beside the totals, and the rows of the results' table.

A state hands over what was scored (a scorecard match its cards, Jackpot its rounds) and answers through
:class:`Results` (``GameState.results``); nothing here changes a state or is saved, so saves and replays do not
see it. tests/test_kinds.py checks that every kind answers alike.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.card import Card
from game.rules.variant import Variant

# One row of the results' table: the words' key, their values, each seat's total.
Row = tuple[str, dict[str, int], list[int]]


class Results:
    """What every kind says of its results."""

    def game_totals(self, game: int | None = None) -> list[int]:
        """Each seat's total in game ``game`` (None: the one being played)."""
        raise NotImplementedError

    def match_totals(self) -> list[int]:
        raise NotImplementedError

    def winners(self) -> list[int]:
        """The seats with the highest match total; ties share the win."""
        totals = self.match_totals()
        best = max(totals)
        return [seat for seat, total in enumerate(totals) if total == best]

    def bonuses_won(self, seat: int) -> dict[str, int | None]:
        """What the records count beside the totals (none, unless a kind says)."""
        return {}

    def rows(self, last: int) -> list[Row]:
        """The results' table after game ``last``."""
        raise NotImplementedError

    def row_count(self) -> int:
        """The most rows the results will have (their box keeps its size)."""
        raise NotImplementedError


@dataclass(frozen=True)
class CardResults(Results):
    """A scorecard match's: ``cards[game][seat]``, ``game`` the one being played."""

    variant: Variant
    cards: list[list[Card]]
    game: int

    @property
    def games(self) -> int:
        return len(self.cards)

    def game_totals(self, game: int | None = None) -> list[int]:
        return [card.total(self.variant) for card in self.cards[self.game if game is None else game]]

    def match_totals(self) -> list[int]:
        return self._totals_to(self.games - 1)

    def _totals_to(self, last: int) -> list[int]:
        """Each seat's total over games 0 to ``last``."""
        return [sum(game[seat].total(self.variant) for game in self.cards[:last + 1])
                for seat in range(len(self.cards[0]))]

    def bonuses_won(self, seat: int) -> dict[str, int | None]:
        """For the records: the games this seat won the upper bonus in, and scored five alike in (None: no box)."""
        cards, five = [game[seat] for game in self.cards], self.variant.five_alike_box
        return {"upper_bonus": sum(card.upper_bonus(self.variant) > 0 for card in cards),
                "five_alike": sum((card.boxes.get(five) or 0) > 0 for card in cards) if five else None}

    def rows(self, last: int) -> list[Row]:
        """Each game's row up to ``last``, then (in a match of several) the match's so far."""
        games: list[Row] = [("gameover.game_row", {"game": g + 1}, self.game_totals(g)) for g in range(last + 1)]
        return games + [("gameover.match_row", {}, self._totals_to(last))] * (self.games > 1)

    def row_count(self) -> int:
        return self.games + (self.games > 1)


@dataclass(frozen=True)
class RoundResults(Results):
    """A one-game match of rounds (Jackpot): ``rounds[r][seat]`` each finished round's scores, ``most`` rounds."""

    rounds: list[list[int]]
    seats: int
    most: int

    def totals(self) -> list[int]:
        return [sum(scores[seat] for scores in self.rounds) for seat in range(self.seats)]

    def game_totals(self, game: int | None = None) -> list[int]:
        return self.totals()

    def match_totals(self) -> list[int]:
        return self.totals()

    def rows(self, last: int = 0) -> list[Row]:
        """Each round played, then the total in bold (``last``: the game, always the one)."""
        played: list[Row] = [("gameover.round_row", {"round": r + 1}, list(scores))
                             for r, scores in enumerate(self.rounds)]
        return played + [("gameover.total_row", {}, self.totals())]

    def row_count(self) -> int:
        return self.most + 1
