"""The odds of a hold: the chance of making each open pattern box by the end of the turn.

A pattern box is of a kind, pairs, full house, a straight or five alike. The
chance of one box assumes you hold these dice now and then play the rest of
the turn for that box alone, jokers aside: a small dynamic programme over the
hands and keeps of the dice geometry (:mod:`game.bots.solver_turn`: 252 hands
of five dice, 462 of six), the same one the solver runs with values, here run
with 1 for a hand that makes the pattern and 0 for one that does not.

A box's table depends on the variant's rules only, never on the card, so it
is worked out once per box and kept (about a millisecond each; see the README).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.bots.solver_turn import Geometry, best_keep_values, expect_keeps, geometry
from game.rules.scoring import _pattern, counts_of
from game.rules.variant import Variant

PATTERN_KINDS = ("of_a_kind", "pairs", "full_house", "straight", "five_alike")


@dataclass(frozen=True, eq=False)
class BoxOdds:
    """One box's chances: ``keeps[r][s][k]``, holding keep k of s dice with r rolls left (the roll that follows
    included; ``keeps[0]`` is unused); ``hand[h]``, whether hand h makes the pattern (1.0 or 0.0)."""

    geo: Geometry
    hand: tuple[float, ...]
    keeps: tuple[tuple[tuple[float, ...], ...], ...]

    def chance(self, keep: tuple[int, ...], rolls_left: int) -> float:
        """The chance of the pattern by the end of the turn, holding ``keep`` and rolling the rest now."""
        keep = tuple(sorted(keep))
        if len(keep) == self.geo.dice or rolls_left <= 0:
            return self.hand[self.geo.index[keep]] if len(keep) == self.geo.dice else 0.0
        return self.keeps[rolls_left][len(keep)][self.geo.index[keep]]


def pattern_boxes(variant: Variant) -> tuple[str, ...]:
    """The variant's pattern boxes, in the card's order."""
    return tuple(box.id for box in variant.boxes if box.kind in PATTERN_KINDS)


def makes(variant: Variant, box_id: str, hand: tuple[int, ...]) -> bool:
    """Whether a full hand makes the box's pattern, jokers aside."""
    box = variant.box(box_id)
    return _pattern(box, hand, counts_of(hand, variant.faces), variant.five_alike_full_house) is not None


@lru_cache(maxsize=64)
def box_odds(variant: Variant, box_id: str) -> BoxOdds:
    """The chance tables of one pattern box (cached: they depend on the rules only)."""
    geo = geometry(variant.dice, variant.faces)
    return _odds_of(geo, [1.0 if makes(variant, box_id, hand) else 0.0 for hand in geo.hands], variant.rolls_per_turn)


def build_tables(variant: Variant) -> None:
    """Every pattern box's odds tables of a variant, built afresh (the benches time this apart from a decision)."""
    box_odds.cache_clear()
    for box in pattern_boxes(variant):
        box_odds(variant, box)


@lru_cache(maxsize=64)
def face_odds(variant: Variant, face: int, count: int) -> BoxOdds:
    """The chance tables of ``count`` or more dice showing ``face`` (an upper box's par: 3 fives for Fives)."""
    geo = geometry(variant.dice, variant.faces)
    return _odds_of(geo, [1.0 if hand.count(face) >= count else 0.0 for hand in geo.hands], variant.rolls_per_turn)


def _odds_of(geo: Geometry, hits: list[float], rolls_per_turn: int) -> BoxOdds:
    best, keeps = hits, [()]
    for _ in range(1, rolls_per_turn):
        layers = expect_keeps(geo, best)
        keeps.append(tuple(map(tuple, layers)))
        best = best_keep_values(geo, layers)
    return BoxOdds(geo, tuple(hits), tuple(keeps))


def all_odds(variant: Variant, card: dict[str, int | None], keep: tuple[int, ...], rolls_left: int
             ) -> dict[str, float]:
    """Each open pattern box's chance by the end of the turn, holding ``keep`` and rolling the rest now."""
    return {box: box_odds(variant, box).chance(keep, rolls_left) for box in pattern_boxes(variant)
            if card.get(box) is None}


def hold_odds(variant: Variant, card: dict[str, int | None], keep: tuple[int, ...], rolls_left: int
              ) -> dict[str, float]:
    """:func:`all_odds` without the boxes whose chance is 0 or 1 (nothing to weigh)."""
    return {box: chance for box, chance in all_odds(variant, card, keep, rolls_left).items() if 0.0 < chance < 1.0}


@lru_cache(maxsize=64)
def _top_points(variant: Variant, box_id: str) -> int:
    from game.rules.scoring import hand_scores

    return max(hand_scores(variant, hand)[box_id] for hand in geometry(variant.dice, variant.faces).hands)


def goals(variant: Variant, odds_of: list[dict[str, float]], index: int, most: int = 2,
          best_of: dict[str, float] | None = None) -> list[str]:
    """The one or two goals that explain hold ``index`` among the holds whose odds (:func:`all_odds`) are
    ``odds_of``: the boxes this hold gives the best chance of all the holds (the ones worth most first), then its
    likeliest boxes (by chance times the box's top points). A sure or hopeless box is no goal. ``best_of``: each
    box's best chance over the holds, when already known."""
    best_of = best_of or _best_of(odds_of)
    mine = {box: chance for box, chance in odds_of[index].items() if 0.0 < chance < 1.0}
    best = [box for box, chance in mine.items() if chance >= best_of[box] - 1e-12]
    best.sort(key=lambda box: (-_top_points(variant, box), -mine[box]))
    rest = sorted((box for box in mine if box not in best), key=lambda box: -mine[box] * _top_points(variant, box))
    return (best + rest)[:most]


def goals_of_holds(variant: Variant, card: dict[str, int | None], holds: list[tuple[int, ...]], rolls_left: int
                   ) -> list[list[tuple[str, float]]]:
    """For each of the holds of one moment, its one or two goals with their chances: what the coach's panel says."""
    odds = [all_odds(variant, card, tuple(keep), rolls_left) for keep in holds]
    best_of = _best_of(odds)
    return [[(box, odds[n][box]) for box in goals(variant, odds, n, best_of=best_of)] for n in range(len(holds))]


def _best_of(odds_of: list[dict[str, float]]) -> dict[str, float]:
    best: dict[str, float] = {}
    for odds in odds_of:
        for box, chance in odds.items():
            best[box] = max(chance, best.get(box, 0.0))
    return best
