"""Weaknesses by kind of decision (issue 38): over a player's reviewed games, which kinds of choice cost the most.

Every costly decision (a loss of :data:`game.coach.review.AS_GOOD` or more: the records keep each one's position as
a slip, :mod:`game.coach.slips`) is sorted into the kinds it belongs to, in players' words: holding dice or
choosing a box, a box of the upper or the lower section, a zero, scoring before the last roll or rolling on instead
of scoring, chasing five alike or a straight, keeping too many or too few dice, and early, middle or late in the
game. A decision counts in every kind it belongs to (a hold chasing five alike late in the game is in three), so
the kinds do not add up to the whole: each says how much that kind of choice cost, and how often.

Pure: it reads slips (the records') and a game's review (the last game's, when the records do not hold it).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.coach.review import AS_GOOD
from game.rules.i18n import t

# The kinds, in the order they are listed when they cost the same (their words: coach.weak.KIND).
KINDS = ("holds", "boxes", "upper_boxes", "lower_boxes", "zeros", "stopping", "rolling_on", "five_alike",
         "straights", "too_many", "too_few", "early", "middle", "late")


@dataclass(frozen=True)
class Costly:
    """One costly decision: ``chosen`` and ``best`` are :class:`game.bots.solver.Option`."""

    variant: object
    chosen: object
    best: object
    turn: int  # 1 up to the card's boxes
    rolls_left: int
    loss: float

    @classmethod
    def of_slip(cls, slip) -> Costly:
        return cls(slip.variant, slip.chosen_option, slip.best, slip.turn, slip.rolls_left, slip.loss)

    @classmethod
    def of_decision(cls, decision, variant) -> Costly:
        """A decision of :func:`game.coach.review.review_session` (``roll``: the roll it was made after)."""
        return cls(variant, decision.chosen, decision.best, decision.turn,
                   max(0, variant.rolls_per_turn - decision.roll), decision.loss)

    def kinds(self) -> list[str]:
        """Every kind this decision belongs to."""
        found = []
        chosen, best, variant = self.chosen, self.best, self.variant
        if chosen.kind == "box":
            found.append("boxes")
            found.append("upper_boxes" if variant.box(chosen.box).upper else "lower_boxes")
            if chosen.points == 0:
                found.append("zeros")
            if best.kind != "box":
                found.append("stopping")  # scored while rolling on was better
        else:
            found.append("holds")
            if best.kind == "box":
                found.append("rolling_on")
            keep, other = tuple(chosen.keep), tuple(best.keep) if best.kind != "box" else ()
            faces = set(keep)
            if len(keep) >= 2 and len(faces) == 1 and keep != other:
                found.append("five_alike")  # all one face: going for five alike
            elif len(keep) >= 3 and len(faces) == len(keep) and max(keep) - min(keep) < len(keep) + 1 \
                    and keep != other:
                found.append("straights")  # three or more different faces close together: going for a straight
            if best.kind != "box":
                if len(keep) > len(other):
                    found.append("too_many")
                elif len(keep) < len(other):
                    found.append("too_few")
        turns = len(variant.boxes)
        third = (self.turn - 1) * 3 // max(1, turns)
        found.append(("early", "middle", "late")[min(2, third)])
        return found


@dataclass
class Weakness:
    kind: str
    times: int = 0
    loss: float = 0.0

    @property
    def mean(self) -> float:
        return self.loss / self.times if self.times else 0.0

    @property
    def words(self) -> str:
        return t(f"coach.weak.{self.kind}")

    def to_json(self) -> dict:
        return {"kind": self.kind, "words": self.words, "times": self.times, "loss": round(self.loss, 4),
                "mean_loss": round(self.mean, 4)}


def weaknesses(costly: list[Costly]) -> list[Weakness]:
    """The kinds of decision that cost anything, the costliest first (the same cost: in :data:`KINDS`' order)."""
    found = {kind: Weakness(kind) for kind in KINDS}
    for decision in costly:
        if decision.loss < AS_GOOD:
            continue
        for kind in decision.kinds():
            found[kind].times += 1
            found[kind].loss += decision.loss
    listed = [w for w in found.values() if w.times]
    listed.sort(key=lambda w: (-round(w.loss, 6), KINDS.index(w.kind)))
    return listed
