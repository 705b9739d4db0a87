"""One seat's column for one game: the boxes filled so far and the bonuses."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.errors import SaveError, shown
from game.rules.scoring import upper_bonus, upper_total
from game.rules.variant import Variant


@dataclass
class Card:
    boxes: dict[str, int | None]
    five_alike_bonus: int = 0  # bonus points earned by further five-alikes
    jokers: list[str] = field(default_factory=list)  # boxes filled by a joker roll

    @classmethod
    def empty(cls, variant: Variant) -> Card:
        return cls({box: None for box in variant.box_ids})

    def is_full(self) -> bool:
        return all(score is not None for score in self.boxes.values())

    def filled(self) -> int:
        return sum(score is not None for score in self.boxes.values())

    def upper_total(self, variant: Variant) -> int:
        return upper_total(variant, self.boxes)

    def upper_bonus(self, variant: Variant) -> int:
        return upper_bonus(variant, self.boxes)

    def lower_total(self, variant: Variant) -> int:
        return sum(self.boxes.get(b) or 0 for b in variant.lower_boxes)

    def total(self, variant: Variant) -> int:
        return (self.upper_total(variant) + self.upper_bonus(variant)
                + self.lower_total(variant) + self.five_alike_bonus)

    def to_json(self) -> dict[str, Any]:
        return {"boxes": dict(self.boxes), "five_alike_bonus": self.five_alike_bonus, "jokers": list(self.jokers)}

    @classmethod
    def from_json(cls, data: dict[str, Any], variant: Variant) -> Card:
        boxes = data.get("boxes")
        if not isinstance(boxes, dict) or set(boxes) != set(variant.box_ids):
            raise SaveError(f"a card's boxes do not match the variant {variant.id}")
        for box, score in boxes.items():
            if score is not None and (not isinstance(score, int) or isinstance(score, bool) or score < 0):
                raise SaveError(f"box {shown(box)} holds {shown(score)}, not a score")
        bonus = data.get("five_alike_bonus", 0)
        jokers = data.get("jokers", [])
        if not isinstance(bonus, int) or not isinstance(jokers, list) or not set(jokers) <= set(boxes):
            raise SaveError("a card's bonus or joker marks are damaged")
        return cls(dict(boxes), bonus, list(jokers))
