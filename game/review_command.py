"""``dice-parlor review``: a finished game decision by decision against the optimal player (``game.coach.review``).

- ``review --last [--seat N] [--json]``: the last game finished on this computer (kept with its moves beside the
  records), for its first person (or seat N).
- ``review --variant V --seed S --level L [--json]``: one game played now by that computer level, reviewed.
- ``review --weaknesses [--name NAME] [--json]``: the kinds of decision that cost a player the most
  (``game.weaknesses_command``).

In the JSON each decision has ``loss = final_best - final_chosen`` (0 or more), the losses sum to ``skill`` and
``score = start + luck - skill`` (to 0.01).
"""

from __future__ import annotations

import argparse
import json

from game.coach.review import CLASSES, ReviewError, class_of, review_session


def add_parser(commands) -> None:
    review = commands.add_parser("review", help="a finished game turn by turn against the optimal player")
    review.add_argument("--last", action="store_true", help="the last game finished on this computer")
    review.add_argument("--seat", type=int, default=None, metavar="N", help="with --last: the seat (1 = first)")
    review.add_argument("--variant", default=None, help="play one game of this variant with --level and --seed")
    review.add_argument("--seed", type=int, default=None, dest="review_seed", help="the dice's seed (default 0)")
    review.add_argument("--level", default=None, metavar="LEVEL", help="the computer level that plays it")
    review.add_argument("--weaknesses", action="store_true",
                        help="which kinds of decision cost the most, over the reviewed games (records and last game)")
    review.add_argument("--name", default=None, help="with --weaknesses: whose (default: the last game's person)")
    review.add_argument("--json", action="store_true")


def run(args: argparse.Namespace, usage_error, levels, variant_of) -> int:
    """``usage_error``: the command line's one-line error; ``levels`` and ``variant_of``: its readings of a level
    and a variant."""
    if args.weaknesses:
        if args.last or args.variant is not None:
            raise usage_error("--weaknesses goes alone (with --name NAME, --json)")
        from game.weaknesses_command import run as weak

        return weak(args, usage_error)
    if args.name is not None:
        raise usage_error("--name goes with --weaknesses")
    if args.last == (args.variant is not None):
        raise usage_error("review takes --last, or --variant V --level L [--seed S], or --weaknesses")
    if args.last:
        session, seat = _last(args, usage_error)
        extra = {}
    else:
        if args.level is None:
            raise usage_error("--variant needs --level (the computer level that plays the game)")
        from game.simulate import play_game

        variant = variant_of(args.variant)
        if not variant.solvable:
            raise usage_error(f"{variant.id} has no optimal player to review against (scorecard games only)")
        (name, level), *more = levels(args.level, variant)
        if more:
            raise usage_error("--level takes one level")
        seed = 0 if args.review_seed is None else args.review_seed
        session, seat, extra = play_game(variant, [level], seed), 0, {"level": name, "seed": seed}
    try:
        review = review_session(session, seat)
    except ReviewError as error:
        raise usage_error(str(error)) from None
    if args.json:
        print(json.dumps({**review.to_json(), **extra}, ensure_ascii=False))
        return 0
    _print(review)
    return 0


def _last(args, usage_error):
    from game.errors import SaveError
    from game.rules.variants import find_variant
    from game.store.saves import load_last

    try:
        session = load_last(find_variant)
    except (SaveError, OSError) as error:
        raise usage_error(f"the last game cannot be read: {error}") from None
    if session is None:
        raise usage_error("no finished game kept yet: play one to the end first")
    seats = session.state.seats
    if args.seat is not None:
        if not 1 <= args.seat <= len(seats):
            raise usage_error(f"--seat must be from 1 to {len(seats)}")
        return session, args.seat - 1
    return session, next((i for i, seat in enumerate(seats) if not seat.is_computer), 0)


def _print(review) -> None:
    from game.errors import one_line

    print(f"{one_line(review.name)}, {review.variant}: scored {review.score}; expected at the start "
          f"{review.start:.1f}, dice {review.luck:+.1f}, choices cost {review.skill:.1f}")
    limits = ", ".join(f"{name} under {below:g}" for name, below in CLASSES[:-1])
    print(f"classes by loss in points: {limits}, else {CLASSES[-1][0]}")
    for d in review.decisions:
        if d.choices < 2:
            continue
        chosen, best = _said(d.chosen), _said(d.best)
        line = f"turn {d.turn:>2} roll {d.roll}  {' '.join(map(str, d.dice))}  {chosen:<16} {d.final_chosen:7.2f}"
        if d.loss >= 0.005:
            line += f"  best {best} {d.final_best:.2f}  loss {d.loss:.2f} {class_of(d.loss)}"
        print(line)


def _said(option) -> str:
    if option.kind == "box":
        return f"{option.box} {option.points}"
    return "hold " + ("".join(map(str, option.keep)) or "nothing")
