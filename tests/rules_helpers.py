"""Helpers for the rules suite: the variants' facts as docs/rules.md states them,
card set-ups, Challenge common-roll driving, and a reference scorer.

The reference scorer is written from docs/rules.md sections 1 and 3 (and the
Yatzy paragraph) alone, in the plainest way, without looking at how
``game.rules.scoring`` does it. Tests compare the engine against it; the
hand-written tables in the test files stay the primary evidence.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from helpers import roll

from game.engine.actions import Copy, Dice, Roll, Score
from game.engine.families import new_state
from game.engine.state import CHANCE, Seat
from game.rules.scoring import box_options
from game.rules.variants import find_variant, load_variant_file, shipped_folder

# ----------------------------------------------------------- facts, by hand --

CARD13 = ["classic", "official", "dutch", "fivezee", "challenge"]
SCORECARD = CARD13 + ["yatzy"]
SOLO13 = ["classic", "official", "dutch", "fivezee"]  # one player rolls per turn

UPPER13 = ["aces", "twos", "threes", "fours", "fives", "sixes"]
LOWER13 = ["three_kind", "four_kind", "full_house", "small_straight", "large_straight", "FIVE", "chance"]
UPPER_YATZY = ["ones", "twos", "threes", "fours", "fives", "sixes"]
LOWER_YATZY = ["one_pair", "two_pairs", "three_kind", "four_kind", "small_straight", "large_straight",
               "full_house", "chance", "yatzy"]

FIVE_BOX = {"classic": "yahtzee", "official": "yahtzee", "dutch": "yahtzee", "fivezee": "fivezee",
            "challenge": "yahtzee", "yatzy": "yatzy", "free": "yahtzee"}
JOKER = {"classic": "none", "official": "official", "dutch": "upper_filled", "fivezee": "upper_filled",
         "challenge": "upper_filled", "yatzy": "none", "free": "free"}
# (threshold, points) of the upper bonus: 63/35 on every sheet, 83 as fivezee's sheet prints it, Yatzy 50 at 63.
UPPER_BONUS = {"classic": (63, 35), "official": (63, 35), "dutch": (63, 35), "fivezee": (83, 35),
               "challenge": (63, 35), "yatzy": (63, 50), "free": (63, 35)}
FIVE_BONUS = {"classic": 100, "official": 100, "dutch": 100, "fivezee": 100, "challenge": 100, "yatzy": 0,
              "free": 100}
FIVE_ALIKE_FULL_HOUSE = {"fivezee"}


def upper_ids(vid: str) -> list[str]:
    return UPPER_YATZY if vid == "yatzy" else UPPER13


def lower_ids(vid: str) -> list[str]:
    if vid == "yatzy":
        return LOWER_YATZY
    return [FIVE_BOX[vid] if b == "FIVE" else b for b in LOWER13]


def all_ids(vid: str) -> list[str]:
    return upper_ids(vid) + lower_ids(vid)


def upper_of(vid: str, face: int) -> str:
    return upper_ids(vid)[face - 1]


def empty_card(vid: str, **filled: int) -> dict[str, int | None]:
    """A card as ``box_options`` takes it; ``FIVE=`` names the five-alike box of the variant."""
    card: dict[str, int | None] = {b: None for b in all_ids(vid)}
    for box, score in filled.items():
        box = FIVE_BOX[vid] if box == "FIVE" else box
        assert box in card, box
        card[box] = score
    return card


def free_variant(tmp_path: Path):
    """Classic with ``joker: free`` (the house-rule mode), loaded from a YAML file."""
    text = (shipped_folder() / "classic.yaml").read_text(encoding="utf-8")
    assert "joker: none" in text
    path = tmp_path / "free.yaml"
    path.write_text(text.replace("joker: none", "joker: free"), encoding="utf-8")
    variant = load_variant_file(path)
    assert variant.joker == "free"
    return variant


def seats(n: int) -> list[Seat]:
    return [Seat(f"P{i + 1}") for i in range(n)]


def state_of(variant, players: int = 1, games: int = 1):
    return new_state(variant, seats(players), games, rolloff=False)


# ------------------------------------------------------- Challenge driving --

def common_roll(state, *faces: int) -> None:
    """The roller rolls the common dice and they land on these faces."""
    state.apply(Roll())
    assert state.current_player() == CHANCE
    assert state.chance_dice() == len(faces), (state.chance_dice(), faces)
    state.apply(Dice(tuple(faces)))


def copy(state, *values: int) -> None:
    state.apply(Copy(tuple(values)))


def challenge_round_to_markers(state, dice: tuple[int, ...]) -> None:
    """Every seat copies all five common dice at step 1; the round is then at its scoring stage."""
    common_roll(state, *dice)
    for _ in range(state.n):
        copy(state, *sorted(dice))
    assert state.stage == "score"


# ------------------------------------------- one roll, pure and through the engine --

def _filled(vid: str, filled: dict) -> dict:
    return {FIVE_BOX[vid] if k == "FIVE" else k: v for k, v in filled.items()}


def engine_score(vid: str, dice, box: str, **filled) -> tuple[int, object]:
    """Score these dice in this box through the engine; returns (points, the seat's card)."""
    state = new_state(find_variant(vid), seats(1), 1, rolloff=False)
    for name, score in _filled(vid, filled).items():
        state.card(0).boxes[name] = score
    if vid == "challenge":
        challenge_round_to_markers(state, tuple(dice))
    else:
        roll(state, *dice)
    card = state.card(0)
    state.apply(Score(FIVE_BOX[vid] if box == "FIVE" else box))
    return card.boxes[FIVE_BOX[vid] if box == "FIVE" else box], card


def check(vid: str, dice, box: str, expected: int, **filled) -> None:
    box = FIVE_BOX[vid] if box == "FIVE" else box
    options = box_options(find_variant(vid), empty_card(vid, **filled), tuple(dice))
    assert box in options.scores, f"{vid}: {box} should be open to {dice}"
    assert options.scores[box] == expected, (vid, dice, box, options.scores[box])
    points, _ = engine_score(vid, dice, box, **filled)
    assert points == expected, (vid, dice, box, "engine", points)


# ------------------------------------------------------- reference scorer --

def _straight4(dice) -> bool:
    faces = set(dice)
    return any({s, s + 1, s + 2, s + 3} <= faces for s in (1, 2, 3))


def _straight5(dice) -> bool:
    return set(dice) in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6})


def ref_score13(vid: str, box: str, dice, joker: bool = False) -> int:
    """docs/rules.md section 1 for the 13-box card; ``joker`` scores a lower box at full value."""
    c = Counter(dice)
    total = sum(dice)
    if box in UPPER13:
        face = UPPER13.index(box) + 1
        return c[face] * face
    most = max(c.values())
    if box == "three_kind":
        return total if most >= 3 or joker else 0
    if box == "four_kind":
        return total if most >= 4 or joker else 0
    if box == "full_house":
        ok = sorted(c.values()) == [2, 3] or joker or (vid in FIVE_ALIKE_FULL_HOUSE and most == 5)
        return 25 if ok else 0
    if box == "small_straight":
        return 30 if _straight4(dice) or joker else 0
    if box == "large_straight":
        return 40 if _straight5(dice) or joker else 0
    if box == FIVE_BOX[vid]:
        return 50 if most == 5 else 0
    if box == "chance":
        return total
    raise KeyError(box)


def ref_score_yatzy(box: str, dice) -> int:
    """The Scandinavian rules as docs/rules.md section 1 (yatzy) words them."""
    c = Counter(dice)
    if box in UPPER_YATZY:
        face = UPPER_YATZY.index(box) + 1
        return c[face] * face
    pairs = sorted((f for f in c if c[f] >= 2), reverse=True)
    if box == "one_pair":
        return 2 * pairs[0] if pairs else 0
    if box == "two_pairs":
        return 2 * (pairs[0] + pairs[1]) if len(pairs) >= 2 else 0
    if box in ("three_kind", "four_kind"):
        n = 3 if box == "three_kind" else 4
        found = [f for f in c if c[f] >= n]
        return n * found[0] if found else 0
    if box == "small_straight":
        return 15 if sorted(dice) == [1, 2, 3, 4, 5] else 0
    if box == "large_straight":
        return 20 if sorted(dice) == [2, 3, 4, 5, 6] else 0
    if box == "full_house":
        return sum(dice) if sorted(c.values()) == [2, 3] else 0
    if box == "chance":
        return sum(dice)
    if box == "yatzy":
        return 50 if len(c) == 1 else 0
    raise KeyError(box)


def ref_options(vid: str, card: dict, dice) -> tuple[dict[str, int], bool, int]:
    """(legal box -> points, joker?, bonus) by the joker table of docs/rules.md section 1."""
    dice = tuple(dice)
    open_boxes = [b for b in all_ids(vid) if card[b] is None]
    if vid == "yatzy":
        return {b: ref_score_yatzy(b, dice) for b in open_boxes}, False, 0
    five = FIVE_BOX[vid]
    five_alike = len(set(dice)) == 1
    ordinary = {b: ref_score13(vid, b, dice) for b in open_boxes}
    if not five_alike or card[five] is None:
        return ordinary, False, 0
    bonus = FIVE_BONUS[vid] if card[five] == 50 else 0
    mode = JOKER[vid]
    face = dice[0]
    upper = upper_of(vid, face)
    open_lower = [b for b in open_boxes if b not in UPPER13]
    open_upper = [b for b in open_boxes if b in UPPER13]
    as_joker = {b: ref_score13(vid, b, dice, joker=True) for b in open_lower}
    zeros = {b: 0 for b in open_upper}  # the matching box is filled, so every open upper box scores 0
    if mode == "none":
        return ordinary, False, bonus
    if mode == "official":
        if card[upper] is None:
            return {upper: 5 * face}, True, bonus
        return (as_joker if open_lower else zeros), True, bonus  # forced: the lower boxes first
    if mode == "upper_filled":
        if card[upper] is None:
            return ordinary, False, bonus
        return {**zeros, **as_joker}, True, bonus  # lower at full value, or a zero upstairs
    if mode == "free":
        return {**{b: ordinary[b] for b in open_upper}, **as_joker}, True, bonus
    raise KeyError(mode)
