"""A slip's position as plain data: what the records keep of a costly choice, and what Practice sets again.

A slip is one moment of a person's game: the card as it was, the dice, the rolls left (or, in Challenge, the
markers and how many common dice may be copied), every option the coach ranked then with its value, and the
one the person chose. Practice asks the question again from this alone: the options are kept, not worked out
again, so a slip reads the same whatever the solver's tables hold later.

>>> from game.rules.variants import find_variant
>>> slip = Slip.from_dict({"variant": "classic", "card": {}, "dice": [5, 5, 5, 2, 1], "rolls_left": 1,
...     "options": [["keep", [5, 5, 5], None, 0, 0, 200.5], ["box", [], "chance", 18, 0, 190.0]], "chosen": 1},
...     find_variant("classic"))
>>> slip.best.keep, slip.chosen_option.box, round(slip.loss, 1)
((5, 5, 5), 'chance', 10.5)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from game.bots.solver import Option
from game.rules.variant import Variant

KINDS = ("keep", "box", "copy")


@dataclass(frozen=True)
class Slip:
    variant: Variant
    card: dict[str, int | None]  # the person's card at that moment (every box; None: open)
    dice: tuple[int, ...]  # the dice the choice was made with: the roll, Challenge's common dice or its markers
    rolls_left: int
    options: tuple[Option, ...]  # every option then, best first, with its loss against the best
    chosen: int  # which of them the person took
    game: int = 0
    games: int = 1
    turn: int = 1
    markers: tuple[int, ...] = ()  # Challenge: the person's markers when copying
    copy_range: tuple[int, int] = (0, 0)  # Challenge: how many common dice may be copied
    on_card: int = 0  # the card's points then, bonuses included: an option's final score is these plus its value
    number: int | None = None  # its row in the records (to note that it was practised)

    @property
    def best(self) -> Option:
        return self.options[0]

    @property
    def chosen_option(self) -> Option:
        return self.options[self.chosen]

    @property
    def loss(self) -> float:
        return self.chosen_option.loss

    @property
    def common(self) -> bool:
        """A Challenge moment: copying common dice onto the markers."""
        return any(option.kind == "copy" for option in self.options)

    def find(self, kind: str, keep: tuple[int, ...] = (), box: str | None = None) -> int | None:
        """The index of the option that holds (copies) ``keep`` or scores ``box``; None if there is none."""
        keep = tuple(sorted(keep))
        for index, option in enumerate(self.options):
            if option.kind == kind and (option.box == box if kind == "box" else option.keep == keep):
                return index
        return None

    def to_dict(self) -> dict[str, Any]:
        data = {"variant": self.variant.id, "game": self.game, "games": self.games, "turn": self.turn,
                "card": dict(self.card), "dice": list(self.dice), "rolls_left": self.rolls_left,
                "on_card": self.on_card, "chosen": self.chosen, "loss": round(self.loss, 4),
                "options": [[o.kind, list(o.keep), o.box, o.points, o.bonus, round(o.value, 4)] for o in self.options]}
        if self.markers or self.common:
            data.update(markers=list(self.markers), copy_range=list(self.copy_range))
        return data

    @classmethod
    def from_dict(cls, data: Any, variant: Variant, number: int | None = None) -> Slip | None:
        """The slip, checked against the variant's rules; None for anything that does not fit (a file edited by
        hand, a variant whose boxes changed since)."""
        try:
            return cls._read(data, variant, number)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            return None

    @classmethod
    def _read(cls, data: dict[str, Any], variant: Variant, number: int | None) -> Slip | None:
        boxes = set(variant.box_ids)
        card = {box: data["card"].get(box) for box in variant.box_ids}
        if not set(data["card"]) <= boxes or not all(v is None or _whole(v) for v in card.values()):
            return None
        dice = _faces(data["dice"], variant)
        markers = _faces(data.get("markers", []), variant)
        rows = data["options"]
        if not isinstance(rows, list) or not 1 <= len(rows) <= 600 or dice is None or markers is None:
            return None
        found = []
        for kind, keep, box, points, bonus, value in rows:
            keep = _faces(keep, variant)
            if kind not in KINDS or keep is None or not (_whole(points) and _whole(bonus) and _real(value)):
                return None
            if (kind == "box") != (box in boxes) or (kind == "box" and card.get(box) is not None):
                return None
            found.append((kind, float(value), tuple(sorted(keep)), box if kind == "box" else None, points, bonus))
        best = max(value for _, value, *_ in found)
        options = tuple(Option(kind, value, keep, box, points, bonus, best - value)
                        for kind, value, keep, box, points, bonus in found)
        if options[0].loss > 1e-6:
            return None  # ranked best first, as the coach had them
        chosen, low_high = data["chosen"], data.get("copy_range", [0, 0])
        if not (_whole(chosen) and 0 <= chosen < len(options)) or not all(map(_whole, low_high)):
            return None
        rolls_left, game, games, turn, on_card = (data.get(k, d) for k, d in (
            ("rolls_left", 0), ("game", 0), ("games", 1), ("turn", 1), ("on_card", 0)))
        if not all(map(_whole, (rolls_left, game, games, turn, on_card))) or rolls_left >= variant.rolls_per_turn:
            return None
        return cls(variant, card, tuple(dice), rolls_left, options, chosen, game, games, turn, tuple(markers),
                   (low_high[0], low_high[1]), on_card, number)


def _whole(value: Any) -> bool:
    return type(value) is int and 0 <= value < 2 ** 31


def _real(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _faces(values: Any, variant: Variant) -> list[int] | None:
    if not isinstance(values, list) or len(values) > variant.dice:
        return None
    return values if all(type(v) is int and 1 <= v <= variant.faces for v in values) else None


def slip_of(state, seat: int, options: list[Option], chosen: int, on_card: int) -> Slip:
    """The moment of a person's choice in an engine state, with the coach's ranked options."""
    markers = getattr(state, "markers", None)
    card = dict(state.card(seat).boxes)
    turn = sum(score is not None for score in card.values()) + 1
    common = any(option.kind == "copy" for option in options)
    if markers is not None and not common:  # Challenge's score step: the seat's own markers
        dice, rolls_left = tuple(markers[seat]), 0
    else:
        dice = tuple(state.dice or ())
        rolls_left = max(0, state.variant.rolls_per_turn - state.step) if common else state.rolls_left()
    return Slip(state.variant, card, dice, rolls_left, tuple(options), chosen, state.game,
                getattr(state, "games", 1), turn, tuple(markers[seat]) if common else (),
                state.copy_range(seat) if common else (0, 0), on_card)
