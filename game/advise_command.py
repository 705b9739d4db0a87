"""``dice-parlor advise``: the optimal player's ranked options for a moment of a game, as JSON.

The moment is an engine state (as a save keeps it) or a card typed by hand: its fields are listed in the help,
with the boxes of the variant named (``advise --variant yatzy --help``). A card no roll can make (30 in the Yahtzee
box, 7 in Aces) is refused in one line, naming the scores the box can take.
"""

from __future__ import annotations

import argparse
import json
from functools import lru_cache

from game.engine.card import Card
from game.errors import DiceParlorError, NotJSON, cause, json_from

FIELDS = """fields of a card typed by hand (--state):
  card               {BOX: points or null}: the boxes filled so far (null or left out: open)
  dice               [faces]: the dice showing now
  rolls_left         0 up to the rolls a turn has less one: the rolls still to come this turn (default 0)
  upper              the upper section's points (default null: read from the card)
  five_alike_scored  true or false: whether the five-alike box holds points (default null: read from the card)
  five_alike_bonus   the five-alike bonus points earned so far (default 0)
or an engine state as a saved game keeps it (with "cards")."""


def add_parser(commands) -> None:
    advise = commands.add_parser("advise", help="the optimal player's ranked options for a situation, as JSON",
                                 add_help=False, formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=FIELDS)
    advise.add_argument("-h", "--help", action=_Help, nargs=0, help="this help; after --variant V, with V's boxes")
    advise.add_argument("--variant", required=True)
    advise.add_argument("--state", required=True, metavar="JSON",
                        help='an engine state, or {"card": {BOX: SCORE or null}, "dice": [..], "rolls_left": N}')


class _Help(argparse.Action):
    """The help with the fields, and the boxes of the variant named before it (else of every scorecard variant)."""

    def __call__(self, parser, namespace, values, option_string=None):
        from game.rules.variants import find_variant, load_all

        try:
            variants = [find_variant(namespace.variant)] if namespace.variant else None
        except DiceParlorError:
            variants = None
        if variants is None:
            variants = [v for v in load_all().variants if v.solvable]
        parser.print_help()
        for variant in variants:
            print(f"\nboxes of {variant.id}:")
            for box in variant.boxes:
                print(f"  {box.id:<17}  {box.name}")
        parser.exit()


@lru_cache(maxsize=32)
def box_scores(variant, box: str) -> frozenset[int]:
    """Every score a roll can put in a box (jokers included: their fixed scores are a pattern's own)."""
    from game.rules.hands import all_hands
    from game.rules.scoring import hand_scores

    found = set()
    for hand in all_hands(variant.dice, variant.faces):
        found.add(hand_scores(variant, hand)[box])
        found.add(hand_scores(variant, hand, joker=True)[box])
    return frozenset(found)


def _said(scores) -> str:
    """A box's scores in a few words: "0 or 50", "0, 3, 6, ... 15", "5 to 30"."""
    ordered = sorted(scores)
    if len(ordered) <= 4:
        return ", ".join(map(str, ordered[:-1])) + f" or {ordered[-1]}" if len(ordered) > 1 else str(ordered[0])
    if ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]} to {ordered[-1]}"
    return ", ".join(map(str, ordered[:3])) + f", ... {ordered[-1]}"


def run(args: argparse.Namespace, usage_error, variant_of, progress) -> int:
    """``usage_error``: the command line's one-line error; ``variant_of``: its reading of a variant; ``progress``:
    where a table being built says how far it is."""
    from game.bots.solver import advise, advise_state, table_for
    from game.engine.families import state_from_json

    variant = variant_of(args.variant)
    if not variant.solvable:
        raise usage_error(f"{variant.id} has no optimal player (scorecard games only)")
    try:
        data = json_from(args.state)
    except NotJSON as error:
        raise usage_error(f"--state is {error}") from None
    if not isinstance(data, dict):
        raise usage_error("--state must be a JSON object")
    table = table_for(variant, progress=progress)
    if "cards" in data:
        state = state_from_json(data, variant)
        try:
            options = advise_state(state, table=table)
            on_card = state.card(state.seat).total(variant)
            card, rolls_left = state.card(state.seat).boxes, state.rolls_left()
        except DiceParlorError:
            raise
        except (TypeError, ValueError, KeyError, IndexError) as error:  # a hand-made state the loader let through
            raise usage_error(f"--state is no moment of a game of {variant.id} ({cause(error)})") from None
    else:
        card = {box: None for box in variant.box_ids}
        if not isinstance(data.get("card", {}), dict):
            raise usage_error('"card" must be a JSON object of boxes')
        unknown = set(data.get("card", {})) - set(card)
        if unknown:
            raise usage_error(f"unknown box {sorted(unknown)[0]!r} (boxes: {', '.join(variant.box_ids)})")
        card.update(data.get("card", {}))
        if not all(score is None or type(score) is int and score >= 0 for score in card.values()):
            raise usage_error("a card's boxes hold null or points from 0 up")
        for box, score in card.items():
            if score is not None and score not in box_scores(variant, box):
                raise usage_error(f"no roll scores {score} in {box} ({variant.box(box).name}): it takes "
                                 f"{_said(box_scores(variant, box))}")
        upper, five = data.get("upper"), data.get("five_alike_scored")
        if upper is not None and (type(upper) is not int or upper < 0):
            raise usage_error("upper must be the upper section's points from 0 up (or null: read from the card)")
        if five is not None and not isinstance(five, bool):
            raise usage_error("five_alike_scored must be true, false or null (read from the card)")
        bonus = data.get("five_alike_bonus", 0)
        if type(bonus) is not int or bonus < 0:
            raise usage_error("five_alike_bonus must be points from 0 up")
        on_card = Card(card, bonus).total(variant)
        dice, rolls_left = data.get("dice"), data.get("rolls_left", 0)
        if not isinstance(dice, list) or len(dice) != variant.dice or not all(
                isinstance(d, int) and 1 <= d <= variant.faces for d in dice):
            raise usage_error(f"dice must list {variant.dice} faces from 1 to {variant.faces}")
        if not isinstance(rolls_left, int) or not 0 <= rolls_left < variant.rolls_per_turn:
            raise usage_error(f"rolls_left must be 0 to {variant.rolls_per_turn - 1}")
        options = advise(variant, table, card, upper, five, dice, rolls_left)
    # "value" is the points still to come; "final" the expected final score: the card's points now and those;
    # a keep's "odds": each open pattern box's chance by the end of the turn (0 and 1 left out)
    from game.coach.odds import hold_odds

    listed = [o.to_json(on_card, hold_odds(variant, card, o.keep, rolls_left) if o.kind == "keep" else None)
              for o in options]
    if variant.upper_bonus is not None:
        _add_bonus_chances(variant, table, data, card, rolls_left, options, listed)
    print(json.dumps({"variant": variant.id, "on_card": on_card, "options": listed}))
    return 0


def _add_bonus_chances(variant, table, data: dict, card, rolls_left: int, options, listed: list[dict]) -> None:
    """"upper_bonus_chance": the exact chance of the upper bonus after each option under the optimal player's play."""
    from game.coach.bonus_chance import chances, option_chances

    upper = None if "cards" in data else data.get("upper")  # None: read from the card
    five = None if "cards" in data else data.get("five_alike_scored")
    found = {}

    def bonus_table():  # read once, and only where a box leaves turns to play (never built here: ~100 s)
        if "table" not in found:
            found["table"] = chances(variant, table, build_it=False)
        return found["table"]

    for said, chance in zip(listed, option_chances(variant, table, bonus_table, card, upper, five,
                                                   rolls_left, options)):
        if chance is not None:  # None: the chance table is not built (python -m game.coach.bonus_chance V)
            said["upper_bonus_chance"] = round(chance, 6)
