"""The bonus outlook: the chance of reaching the upper bonus from a card under the coach's (the solver's) play.

An exact answer needs the solver's play at every state still reachable, which
early in a game is most of the table: too slow in pure Python. So the chance is
estimated: the rest of the game is played out many times from the start of
this turn by the optimal play (the same values as :mod:`game.bots.solver`), and
the share that reaches the bonus is given with its margin (95%, normal
approximation). :class:`Outlook` does it in a thread of its own, so the table
never waits: the estimate sharpens as games are played (see the README for the
pace).
"""

from __future__ import annotations

import math
import random
import threading
from dataclasses import dataclass

from game.bots.solver_turn import Position, best_keep_values, expect_keeps, hand_values, move_value, rules
from game.rules.hands import reachable_keeps
from game.rules.scoring import box_options, upper_total
from game.rules.variant import Variant

GAMES = 400  # played out per estimate: a margin of about 5 points at worst
PAUSE = 0.005  # seconds between two games played out in the thread


@dataclass(frozen=True)
class Estimate:
    """``hits`` of ``games`` played out reached the bonus."""

    hits: int
    games: int

    @property
    def chance(self) -> float:
        return self.hits / self.games if self.games else 0.0

    @property
    def margin(self) -> float:
        """The 95% margin of the chance; never below 3/games (the rule of three: 0 of 400 is not "never")."""
        if not self.games:
            return 1.0
        p = self.chance
        return max(1.96 * math.sqrt(p * (1 - p) / self.games), 3 / self.games)


class _Turns:
    """Solved turns of one play-out run (a cache of its own: the coach's is not shared across threads)."""

    def __init__(self, variant: Variant, table):
        self.variant, self.table, self.cache = variant, table, {}

    def __call__(self, pos: Position):
        turn = self.cache.get(pos)
        if turn is None:
            geo = rules(self.variant).geo
            best = hand_values(self.variant, self.table, pos)
            turn = [best]
            for _ in range(1, self.variant.rolls_per_turn):
                layers = expect_keeps(geo, best)
                turn.append(layers)
                best = best_keep_values(geo, layers)
            if len(self.cache) > 4096:
                self.cache.clear()
            self.cache[pos] = turn
        return turn


def play_out(variant: Variant, table, card: dict[str, int | None], rng: random.Random, turns: _Turns) -> bool:
    """Play the rest of the game from the start of a turn by the solver's values; whether the bonus is reached."""
    r = rules(variant)
    index, faces, dice = r.geo.index, variant.faces, variant.dice
    card = dict(card)
    while any(score is None for score in card.values()):
        pos = Position.of_card(variant, card)
        turn = turns(pos)
        hand = tuple(sorted(rng.randint(1, faces) for _ in range(dice)))
        for left in range(variant.rolls_per_turn - 1, 0, -1):
            layers = turn[left]
            best, keep = turn[0][index[hand]], hand  # stopping: the hand's best box
            for k in reachable_keeps(hand):
                if len(k) < dice and layers[len(k)][index[k]] > best:
                    best, keep = layers[len(k)][index[k]], k
            if len(keep) == dice:
                break
            hand = tuple(sorted(keep + tuple(rng.randint(1, faces) for _ in range(dice - len(keep)))))
        options = box_options(variant, card, hand)
        box, points = max(options.scores.items(), key=lambda item: item[1] + move_value(
            r, table, pos, variant.box_ids.index(item[0]), item[1])[0])
        card[box] = points
    return upper_total(variant, card) >= r.threshold


def estimate(variant: Variant, table, card: dict[str, int | None], games: int = GAMES, seed: int = 0,
             progress=None, stop=None) -> Estimate:
    """Play the rest of the game out ``games`` times from the start of a turn with this card."""
    r = rules(variant)
    if not r.threshold:
        return Estimate(0, 0)
    rng, turns, hits = random.Random(seed), _Turns(variant, table), 0
    for played in range(1, games + 1):
        hits += play_out(variant, table, card, rng, turns)
        if progress is not None and played % 25 == 0:
            progress(Estimate(hits, played))
        if stop is not None and stop.wait(PAUSE):  # a pause between games leaves the table its frames
            return Estimate(hits, played)
    return Estimate(hits, games)


class Outlook:
    """The bonus outlook of one card, worked out in a thread: :attr:`now` is the latest estimate (None at first)."""

    def __init__(self, variant: Variant, table, card: dict[str, int | None], games: int = GAMES, seed: int = 0):
        self.now: Estimate | None = None
        self.done = threading.Event()
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(variant, table, dict(card), games, seed),
                                       name="bonus-outlook", daemon=True)
        self.thread.start()

    def _run(self, variant, table, card, games, seed) -> None:
        try:
            self.now = estimate(variant, table, card, games, seed, self._progress, self._stop)
        except Exception:  # an outlook is a help: a failure leaves it unsaid
            self.now = None
        finally:
            self.done.set()

    def _progress(self, found: Estimate) -> None:
        self.now = found

    def cancel(self) -> None:
        self._stop.set()
