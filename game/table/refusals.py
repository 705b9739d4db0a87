"""Why a command was refused, named for a screen to say in the players' language.

``Refused.why`` is a plain English sentence (for a log, or a seat far away); ``Refused.reason`` names it, and
the screen shows ``t("refused.<reason>", **words)``. The engine has already judged the move: this only names
which of its reasons applied, from the state the move was refused in.
"""

from __future__ import annotations

from typing import Any

from game.engine.actions import Copy, Hold, Release, Roll, Score
from game.table.events import Refused


def refused(command: Any, why: str, reason: str = "not_now", **words: Any) -> Refused:
    return Refused(command, why, reason, tuple(sorted(words.items())))


def move_refused(state: Any, move: Any, why: str) -> Refused:
    """The engine said no to ``move`` (``why``): named by what about the state it was."""
    stage = getattr(state, "stage", None)
    if isinstance(move, Roll):
        if stage not in (None, "roll"):
            return refused(move, why, "not_rolling_now")
        if state.rolls_left() <= 0:
            return refused(move, why, "no_rolls_left")
        return refused(move, why, "all_held" if all(getattr(state, "held", ()) or (False,)) else "not_now")
    if isinstance(move, (Hold, Release)):
        return refused(move, why, "roll_first" if state.dice is None else "no_rolls_left")
    if isinstance(move, Score):
        box = move.box if move.box in state.variant.box_ids else None
        if box is None or state.options() is None:
            return refused(move, why, "roll_first" if box else "not_now")
        name = state.variant.box(box).name
        return refused(move, why, "box_filled" if state.card().boxes[box] is not None else "box_joker", box=name)
    if isinstance(move, Copy) and stage == "pick":
        low, high = state.copy_range()
        return refused(move, why, "copy_exact" if low == high else "copy_upto", count=high)
    if stage == "roll":
        return refused(move, why, "roll_first")
    if stage == "pick":
        return refused(move, why, "copy_first")
    if stage == "score":
        return refused(move, why, "score_now")
    return refused(move, why)
