"""A turn-by-turn review of a finished game (issue 38): every decision of one seat weighed against the best one.

For each decision (what to hold after a roll, which box to score, what to copy in Challenge) the review gives the
dice, the choice, the optimal player's choice, each one's expected final score under best play from then on
(``final_chosen``, ``final_best``: the card's points then plus the option's value in the solver's table), the loss
(``final_best - final_chosen``, 0 or more) and a class (:data:`CLASSES`). The game splits in two: ``luck``, what
the dice were worth against the average, and ``skill``, what the choices cost (the sum of the losses), so that
``score == start + luck - skill`` exactly (``start``: the expected score at the start of the game).

Each decision's luck is measured from the expected final score the decision before it left (at a turn's first
roll, from the table's value of the card), so the sums telescope to the score. The coach at the table weighs a
person's choices with the same two functions (:func:`chosen_option`, :func:`expected_before`).

Pure: it replays the session's log from its start with the solver's table; nothing here imports the front end.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine.actions import Copy, Roll, Score

AS_GOOD = 0.05  # points: a choice this close to the best one is as good as it (the coach's "best")
# A decision's class by its loss in points (expected final score): under 0.05 best, under 1 close, under 5 a slip,
# 5 or more a blunder (as in Verhoeff's proficiency reports, a few points is a real mistake, ten a big one).
CLASSES = (("best", AS_GOOD), ("close", 1.0), ("slip", 5.0), ("blunder", float("inf")))


def class_of(loss: float) -> str:
    """The class of a decision that cost ``loss`` points: best, close, slip or blunder (see :data:`CLASSES`)."""
    return next(name for name, below in CLASSES if loss < below)


def chosen_option(state, action, options: list):
    """The option of ``options`` (ranked, for the state's seat now) that ``action`` takes; None when the action is
    no decision (the turn's first roll, holding a die, a box the options do not list)."""
    if isinstance(action, Score):
        return next((o for o in options if o.kind == "box" and o.box == action.box), None)
    if isinstance(action, Copy):
        copied = tuple(sorted(action.values))
        return next((o for o in options if o.kind == "copy" and tuple(o.keep) == copied), None)
    if isinstance(action, Roll) and getattr(state, "rolls_used", 0) >= 1 and state.dice:
        kept = tuple(sorted(d for d, held in zip(state.dice, state.held) if held))
        return next((o for o in options if o.kind == "keep" and tuple(o.keep) == kept), None)
    return None


def expected_before(state, seat: int, table, last: float | None) -> float | None:
    """The seat's expected final score before the roll this decision is made on: at a turn's first roll (Challenge:
    the round's first copy) the card's points and the table's value of the card, else ``last``, what the seat's
    decision before it left (None: not known, the weighing came in mid-turn)."""
    from game.bots.solver import Position

    if state.common_roll:
        starts = state.stage == "pick" and state.step == 1  # the round's first copy (all markers empty)
    else:
        starts = state.rolls_used == 1
    if starts:
        pos = Position.of_card(state.variant, state.card(seat).boxes)
        return state.card(seat).total(state.variant) + table.value(pos.mask, pos.upper, pos.five)
    return last


@dataclass(frozen=True)
class Decision:
    """One decision of the review: ``before`` the expected final score before the roll it was made on, ``on_card``
    the card's points then; the expected finals are those points plus each option's value."""

    game: int
    turn: int
    roll: int  # the roll the decision was made after (1 = the turn's first roll)
    dice: tuple[int, ...]
    chosen: object  # game.bots.solver.Option
    best: object
    choices: int  # how many options there were (1: no real choice, the last open box)
    on_card: int
    before: float
    at: int  # where in the session's log the decision was made

    @property
    def final_chosen(self) -> float:
        return self.on_card + self.chosen.value

    @property
    def final_best(self) -> float:
        return self.on_card + self.best.value

    @property
    def loss(self) -> float:
        return max(0.0, self.final_best - self.final_chosen)

    @property
    def luck(self) -> float:
        """What the roll before it was worth: the expected final with these dice less the one before the roll."""
        return self.final_best - self.before

    @property
    def kind(self) -> str:
        return {"keep": "hold", "box": "box", "copy": "copy"}[self.chosen.kind]

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "turn": self.turn, "roll": self.roll, "kind": self.kind, "dice": list(self.dice),
                "chosen": _option(self.chosen), "best": _option(self.best), "choices": self.choices,
                "final_chosen": round(self.final_chosen, 4), "final_best": round(self.final_best, 4),
                "loss": round(self.loss, 4), "class": class_of(self.loss), "luck": round(self.luck, 4)}


def _option(option) -> dict[str, Any]:
    if option.kind == "box":
        return {"box": option.box, "points": option.points, "bonus": option.bonus}
    return {"keep": list(option.keep)}


@dataclass
class GameReview:
    """One seat's game, decision by decision: ``score == start + luck - skill`` (to float rounding)."""

    variant: str
    seat: int
    name: str
    game: int
    score: int
    start: float
    decisions: list[Decision] = field(default_factory=list)

    @property
    def luck(self) -> float:
        return sum(d.luck for d in self.decisions)

    @property
    def skill(self) -> float:
        return sum(d.loss for d in self.decisions)

    def counts(self) -> dict[str, int]:
        """How many real decisions (more than one option) fell in each class."""
        found = {name: 0 for name, _ in CLASSES}
        for d in self.decisions:
            if d.choices > 1:
                found[class_of(d.loss)] += 1
        return found

    def to_json(self) -> dict[str, Any]:
        return {"variant": self.variant, "seat": self.seat, "name": self.name, "game": self.game,
                "score": self.score, "start": round(self.start, 4), "luck": round(self.luck, 4),
                "skill": round(self.skill, 4),
                "classes": {name: (f"loss < {below:g}" if below != float("inf") else f"loss >= {CLASSES[-2][1]:g}")
                            for name, below in CLASSES},
                "counts": self.counts(), "decisions": [d.to_json() for d in self.decisions]}


class ReviewError(Exception):
    """The game cannot be reviewed (no solver table, not a scorecard game, the seat weighed from mid-turn)."""


def review_session(session, seat: int = 0, game: int = 0, table=None) -> GameReview:
    """The review of one seat's game ``game`` of a session, replayed from its start through its log."""
    from game.bots.solver import advise_state, table_for

    variant = session.variant
    if not variant.solvable:
        raise ReviewError(f"{variant.id} has no optimal player to review against (scorecard games only)")
    table = table or table_for(variant)
    state = session.start.clone()
    decisions: list[Decision] = []
    for at, action in enumerate(session.log):
        if state.phase == "play" and state.current_player() == seat and getattr(state, "game", 0) == game:
            decision = _decision(state, seat, action, table, decisions, at, advise_state)
            if decision is not None:
                decisions.append(decision)
        state.apply(action)
    if not decisions or decisions[0].turn != 1:
        raise ReviewError(f"seat {seat} made no decisions in game {game + 1}")
    score = state.card(seat, game).total(variant)
    return GameReview(variant.id, seat, state.seats[seat].name, game, score, decisions[0].before, decisions)


def _decision(state, seat, action, table, decisions, at, advise_state) -> Decision | None:
    if not isinstance(action, (Roll, Score, Copy)):
        return None
    options = advise_state(state, table=table)
    chosen = chosen_option(state, action, options) if options else None
    if chosen is None:
        return None
    last = decisions[-1].final_chosen if decisions else None
    before = expected_before(state, seat, table, last)
    if before is None:
        raise ReviewError("the game's log starts in the middle of a turn")
    markers = getattr(state, "markers", None)
    dice = tuple(markers[seat]) if isinstance(action, Score) and markers is not None else tuple(state.dice or ())
    roll = getattr(state, "rolls_used", getattr(state, "step", 0))
    return Decision(getattr(state, "game", 0), state.card(seat).filled() + 1, roll, dice, chosen, options[0],
                    len(options), state.card(seat).total(state.variant), before, at)
