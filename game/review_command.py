"""``dice-parlor review``: a finished game decision by decision against the optimal player (``game.coach.review``).

- ``review --last [--seat N] [--json]``: the last game finished on this computer (kept with its moves beside the
  records), for its first person (or seat N).
- ``review --variant V --seed S --level L [--json]``: one game played now by that computer level, reviewed.
- ``review --game NUMBER [--seat N] [--json]``: a game of the records by its number (``review --list``), replayed
  from the moves kept beside the records for the newest games (``game.store.records.GAMES_KEPT``).
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
    review.add_argument("--game", type=int, default=None, metavar="NUMBER",
                        help="a game of the records by its number (review --list shows them)")
    review.add_argument("--list", action="store_true", help="the latest games of the records, with their numbers")
    review.add_argument("--seat", type=int, default=None, metavar="N", help="with --last or --game: the seat")
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
        if args.last or args.variant is not None or args.game is not None or args.list:
            raise usage_error("--weaknesses goes alone (with --name NAME, --json)")
        from game.weaknesses_command import run as weak

        return weak(args, usage_error)
    if args.name is not None:
        raise usage_error("--name goes with --weaknesses")
    if args.list:
        return _list(args, usage_error)
    if sum((args.last, args.variant is not None, args.game is not None)) != 1:
        raise usage_error("review takes --last, --game NUMBER, or --variant V --level L [--seed S], or --weaknesses")
    if args.last:
        session, seat = _last(args, usage_error)
        extra = {}
    elif args.game is not None:
        session, seat = _game(args, usage_error)
        extra = {"number": args.game}
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


def _list(args, usage_error) -> int:
    """The latest games of the records with their numbers, and whether their moves are kept (for --game)."""
    import time

    from game.errors import one_line
    from game.store.records import moves_path, open_records

    try:
        with open_records() as records:
            found = [records.result(number) for number in records.numbers()]
            path = records.path
    except OSError as error:
        raise usage_error(f"the records could not be opened: {error}") from None
    for result in found:
        result["moves"] = moves_path(path, result["number"]).is_file()
    if args.json:
        print(json.dumps(found, ensure_ascii=False))
        return 0
    if not found:
        print("No games finished yet.")
    for result in found:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(result["date"]))
        seats = ", ".join(f"{one_line(seat['name'])} {seat['total']}" for seat in result["seats"])
        kept = "" if result["moves"] else "  (no moves kept: --game cannot replay it)"
        print(f"{result['number']:>6}  {when}  {result['variant']:<10} {seats}{kept}")
    return 0


def _game(args, usage_error):
    """A game of the records by its number, replayed from the moves kept beside them (the newest 100 games')."""
    from game.errors import SaveError
    from game.rules.variants import find_variant
    from game.store.records import GAMES_KEPT, moves_path, open_records
    from game.store.saves import load_last

    try:
        with open_records() as records:
            result = records.result(args.game) if 0 < args.game < 2 ** 63 else None
            path = records.path
    except OSError as error:
        raise usage_error(f"the records could not be opened: {error}") from None
    if result is None:  # (a number too big for the records is none of theirs either)
        raise usage_error(f"the records hold no game {args.game} (review --list shows their numbers)")
    try:
        session = load_last(find_variant, moves_path(path, args.game))
    except (SaveError, OSError) as error:
        raise usage_error(f"the moves of game {args.game} cannot be read: {error}") from None
    totals = [seat["total"] for seat in result["seats"]]
    if session is None or session.variant.id != result["variant"] or session.state.match_totals() != totals:
        raise usage_error(f"the records keep no moves of game {args.game}, only its totals and its "
                          f"{result['costly']} costly choices (the moves are kept for the newest {GAMES_KEPT} games "
                          f"finished with this version): a turn-by-turn review needs them")
    return session, _seat(args, session, usage_error)


def _seat(args, session, usage_error) -> int:
    seats = session.state.seats
    if args.seat is not None:
        if not 1 <= args.seat <= len(seats):
            raise usage_error(f"--seat must be from 1 to {len(seats)}")
        return args.seat - 1
    return next((i for i, seat in enumerate(seats) if not seat.is_computer), 0)


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
    return session, _seat(args, session, usage_error)


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
