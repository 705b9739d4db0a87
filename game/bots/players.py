"""Computer players for the scorecard games, from careless to careful.

Every player sees the state and returns one action from its legal set; it
never touches the state itself. Levels:

- ``random``: any legal action.
- ``greedy``: keeps the dice of the box that scores most right now, and
  fills the box with the best immediate score.
- ``heuristic``: weighs every hold by the outlook of the hands it can lead
  to, values boxes against what they usually score (their *par*), and plays
  for the upper bonus.

The optimal player (a later issue) plugs in through ``LEVELS``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import cast

from game.engine.actions import Action, Copy, Hold, Release, Roll, Score
from game.engine.challenge import CommonRollState, sub_multisets
from game.engine.state import ScorecardState
from game.rules.hands import all_hands, keep_outcomes, reachable_keeps
from game.rules.scoring import box_options, counts_of, hand_scores, is_five_alike, upper_bonus_needed
from game.rules.variant import Box, Variant


class Player:
    level = "base"

    def __init__(self, rng: random.Random | None = None):
        self.rng = rng or random.Random(0)

    def choose(self, state: ScorecardState) -> Action:
        raise NotImplementedError


class RandomPlayer(Player):
    level = "random"

    def choose(self, state: ScorecardState) -> Action:
        return self.rng.choice(state.legal_actions())


# ------------------------------------------------------------ shared moves --

def hold_steps(state: ScorecardState, keep: list[bool]) -> Action:
    """The next action toward holding exactly ``keep``: a hold, a release, or the roll."""
    for die, (held, wanted) in enumerate(zip(state.held, keep)):
        if wanted and not held:
            return Hold(die)
        if held and not wanted:
            return Release(die)
    return Roll()


def keep_mask(dice: tuple[int, ...], keep: tuple[int, ...]) -> list[bool]:
    """Which dice to hold so that the held values are ``keep`` (a sub-multiset of dice)."""
    wanted = list(keep)
    mask = []
    for face in dice:
        if face in wanted:
            wanted.remove(face)
            mask.append(True)
        else:
            mask.append(False)
    return mask


def keep_toward(box: Box, dice: tuple[int, ...], faces: int) -> tuple[int, ...]:
    """The dice a simple player keeps when going for this box."""
    counts = counts_of(dice, faces)
    if box.kind == "face":
        return tuple(d for d in dice if d == box.face)
    if box.kind in ("of_a_kind", "five_alike"):
        face = max(range(1, faces + 1), key=lambda f: (counts[f], f))
        return tuple(d for d in dice if d == face)
    if box.kind in ("pairs", "full_house"):
        kept: list[int] = []
        for face in range(faces, 0, -1):
            if counts[face] >= 2:
                kept += [face] * min(counts[face], 3)
        return tuple(kept[:5])
    if box.kind == "straight":
        wanted = set(box.faces) if box.faces else _longest_run_faces(counts)
        return tuple(sorted(f for f in set(dice) if f in wanted))
    return tuple(d for d in dice if d > faces / 2 + 0.5)  # chance: keep the high dice


def _longest_run_faces(counts: tuple[int, ...]) -> set[int]:
    best: list[int] = []
    run: list[int] = []
    for face in range(1, len(counts)):
        run = run + [face] if counts[face] else []
        if len(run) >= len(best):
            best = list(run)
    return set(best)


def best_box(scores: dict[str, int], value: Callable[[str, int], float]) -> str:
    return max(scores, key=lambda box: value(box, scores[box]))


# ------------------------------------------------------------------ greedy --

class GreedyPlayer(Player):
    level = "greedy"

    def choose(self, state: ScorecardState) -> Action:
        if state.common_roll and state.phase == "play":
            return self._choose_common(cast(CommonRollState, state))  # it said so
        if state.phase != "play" or state.dice is None:
            return Roll()
        options = state.options()
        box = best_box(options.scores, lambda b, s: s)
        if state.rolls_left() == 0:
            return Score(box)
        keep = keep_toward(state.variant.box(box), state.dice, state.variant.faces)
        if len(keep) == len(state.dice):
            return Score(box)
        return hold_steps(state, keep_mask(state.dice, keep))

    def _choose_common(self, state: CommonRollState) -> Action:
        if state.stage == "roll":
            return Roll()
        if state.stage == "score":
            return Score(best_box(state.options().scores, lambda b, s: s))
        low, high = state.copy_range()
        card = state.card().boxes
        markers = tuple(state.markers[state.seat])

        def immediate(copy: tuple[int, ...]) -> float:
            hand = markers + copy
            open_scores = [s for b, s in hand_scores(state.variant, tuple(sorted(hand))).items() if card[b] is None]
            return max(open_scores, default=0)

        return Copy(max(sub_multisets(state.common, low, high), key=lambda c: (immediate(c), len(c))))


# --------------------------------------------------------------- heuristic --

def box_par(variant: Variant, box: Box) -> float:
    """What a box usually scores when kept for later: the cost of using it up now."""
    top = 5 * variant.faces if box.score in ("total", "matching") else (box.score if isinstance(box.score, int) else 0)
    if box.kind == "face":
        return 3.0 * box.face
    if box.kind == "chance":
        return 0.66 * top
    if box.kind == "of_a_kind":
        return (0.5 if box.count <= 3 else 0.3) * (top if box.score == "total" else box.count * variant.faces)
    if box.kind == "pairs":
        return 0.55 * 2 * box.count * variant.faces
    if box.kind == "full_house":
        return 0.45 * (box.score if isinstance(box.score, int) else 20)
    if box.kind == "straight":
        hard = box.faces is not None or (box.length or 0) >= variant.dice
        return (0.3 if hard else 0.55) * (box.score if isinstance(box.score, int) else 18)
    if box.kind == "five_alike":
        return 0.25 * top
    return 0.0


class HeuristicPlayer(Player):
    level = "heuristic"

    def choose(self, state: ScorecardState) -> Action:
        if state.phase != "play":
            return Roll()
        if state.common_roll:
            return self._choose_common(cast(CommonRollState, state))  # it said so
        if state.dice is None:
            return Roll()
        if state.rolls_left() == 0:
            return Score(self._pick_box(state, state.card().boxes, state.dice))
        values = self._hand_values(state.variant, state.card().boxes)
        hand = tuple(sorted(state.dice))
        best_keep = max(reachable_keeps(hand), key=lambda keep: (self._outlook(keep, values, state.variant), len(keep)))
        if len(best_keep) == len(hand):
            return Score(self._pick_box(state, state.card().boxes, state.dice))
        return hold_steps(state, keep_mask(state.dice, best_keep))

    def _choose_common(self, state: CommonRollState) -> Action:
        if state.stage == "roll":
            return Roll()
        card = state.card().boxes
        if state.stage == "score":
            return Score(self._pick_box(state, card, tuple(state.markers[state.seat])))
        values = self._hand_values(state.variant, card)
        markers = tuple(state.markers[state.seat])
        low, high = state.copy_range()
        choices = sub_multisets(state.common, low, high)
        return Copy(max(choices,
                        key=lambda c: (self._outlook(tuple(sorted(markers + c)), values, state.variant), len(c))))

    def _pick_box(self, state: ScorecardState, card: dict, dice: tuple[int, ...]) -> str:
        options = box_options(state.variant, card, dice)
        return best_box(options.scores, lambda b, s: self._box_value(state.variant, card, b, s))

    @staticmethod
    def _outlook(keep: tuple[int, ...], values: dict[tuple[int, ...], float], variant: Variant) -> float:
        return sum(p * values[hand] for hand, p in keep_outcomes(keep, variant.dice, variant.faces))

    def _hand_values(self, variant: Variant, card: dict) -> dict[tuple[int, ...], float]:
        """The value of finishing the turn with each hand: its best box against par.

        The card does not change within a turn, so the table is kept for the turn.
        """
        key = (variant.rules_hash, tuple(card.values()))
        if self._values_key == key:
            return self._values
        weigh = self._box_weights(variant, card)
        five = variant.five_alike_box
        joker_possible = five is not None and card[five] is not None
        values = {}
        for hand in all_hands(variant.dice, variant.faces):
            if joker_possible and is_five_alike(hand):
                options = box_options(variant, card, hand)
                scores, bonus = options.scores, options.five_alike_bonus
            else:
                scores, bonus = hand_scores(variant, hand), 0
            values[hand] = bonus + max(weigh[b](s) for b, s in scores.items() if b in weigh)
        self._values_key, self._values = key, values
        return values

    _values_key: tuple | None = None
    _values: dict = {}

    @staticmethod
    def _box_weights(variant: Variant, card: dict) -> dict[str, Callable[[int], float]]:
        """For each open box, the value of scoring s there: s against par, plus bonus progress."""
        needed = upper_bonus_needed(variant, card)
        rule = variant.upper_bonus
        weights: dict[str, Callable[[int], float]] = {}
        for box in variant.boxes:
            if card[box.id] is not None:
                continue
            par = box_par(variant, box)
            if box.kind == "face" and rule and needed:
                par_here, rate, face = par, rule.points / rule.threshold, box.face

                def value(s: int, par=par_here, rate=rate, face=face) -> float:
                    bonus = rule.points * 0.5 if s >= needed else 0.0
                    return s - par + (s - 3 * face) * rate + bonus
            else:
                def value(s: int, par=par) -> float:
                    return s - par
            weights[box.id] = value
        return weights

    def _box_value(self, variant: Variant, card: dict, box_id: str, score: int) -> float:
        return self._box_weights(variant, card)[box_id](score)
