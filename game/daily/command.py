"""``dice-parlor daily --date YYYY-MM-DD --level LEVEL [--json]``: the day's game played by a computer level.

Prints the date, the variant of the day, the score, each turn's first roll (the same at every level: they are
the day's), the best score with those dice (the optimal player's, where its table is here), and the share line.
Nothing is kept: the results file is for people's games.
"""

from __future__ import annotations

import argparse
import json

from game.daily.dice import day_variant_id, parse_day, utc_day
from game.daily.play import best_score, first_rolls, moves_of, play_day
from game.daily.share import share_line
from game.rules.variants import find_variant


def add_parser(commands) -> None:
    daily = commands.add_parser("daily", help="the day's game (the same dice for everyone) played by a computer")
    daily.add_argument("--date", default=None, metavar="YYYY-MM-DD", help="a UTC date (default: today's)")
    daily.add_argument("--level", default="hard", metavar="LEVEL")
    daily.add_argument("--no-best", action="store_true", help="skip the optimal player's game")
    daily.add_argument("--json", action="store_true")


def run(args: argparse.Namespace, usage_error, levels) -> int:
    """``usage_error``: the command line's one-line error; ``levels``: its reading of a player's name."""
    try:
        day = parse_day(args.date) if args.date is not None else utc_day()
    except ValueError as error:
        raise usage_error(f"--date must be a date YYYY-MM-DD, not {args.date[:40]!r} ({error})") from None
    variant = find_variant(day_variant_id(day))
    (name, level), *more = levels(args.level, variant)
    if more:
        raise usage_error("--level takes one level")
    session = play_day(day, variant, level)
    score = session.state.match_totals()[0]
    best = None if args.no_best else best_score(day, variant)
    result = {"date": day.isoformat(), "variant": variant.id, "level": name, "score": score,
              "first_rolls": first_rolls(session), "best": best, "moves": moves_of(session, 0),
              "share": share_line(day, variant, score, session.state.card(0), best)}
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
        return 0
    print(f"{result['date']} (UTC) {variant.name}: {name} scored {score}"
          + (f", the best with these dice {best}" if best is not None else ""))
    print(result["share"])
    return 0
