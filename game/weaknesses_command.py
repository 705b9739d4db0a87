"""``dice-parlor review --weaknesses [--name NAME] [--json]``: which kinds of decision cost a player the most.

The costly choices come from the records (each one's position, kept for Practice) and from the last game finished
here when the records do not hold it yet (:mod:`game.coach.weaknesses` sorts them into kinds).
"""

from __future__ import annotations

import json


def run(args, usage_error) -> int:
    from game.coach.review import ReviewError, review_session
    from game.coach.slips import Slip
    from game.coach.weaknesses import Costly, weaknesses
    from game.errors import DiceParlorError, SaveError, one_line
    from game.rules.variants import find_variant
    from game.store.records import open_records
    from game.store.saves import load_last

    try:
        last = load_last(find_variant)
    except (SaveError, OSError):
        last = None  # a damaged last game: the records alone
    last_seat = _person(last, args.name) if last is not None else None
    try:
        with open_records() as records:
            name = args.name or (last.state.seats[last_seat].name if last_seat is not None else None)
            if name is None:
                names = records.practice_names()
                name = names[0] if names else None
            if name is None:
                raise usage_error("no reviewed games yet: play a game to the end first (or say --name NAME)")
            kept = records.costly(name)
            count, loss, games = records.weighed(name)
            latest = records.latest(name)
    except OSError as error:
        raise usage_error(f"the records could not be opened: {error}") from None
    costly = []
    for _, variant_id, position in kept:
        try:
            slip = Slip.from_dict(position, find_variant(variant_id))
        except DiceParlorError:
            continue  # a variant no longer installed
        if slip is not None:
            costly.append(Costly.of_slip(slip))
    if last_seat is not None and not _in_records(last, last_seat, latest):
        try:
            review = review_session(last, last_seat)
        except (ReviewError, DiceParlorError):
            review = None
        if review is not None:
            real = [d for d in review.decisions if d.choices > 1]
            costly += [Costly.of_decision(d, last.variant) for d in real]
            count, loss, games = count + len(real), loss + sum(d.loss for d in real), games + 1
    found = weaknesses(costly)
    if args.json:
        print(json.dumps({"name": name, "games": games, "decisions": count, "loss": round(loss, 4),
                          "mean_loss": round(loss / count, 4) if count else None,
                          "costly": sum(1 for c in costly if c.loss >= 0.05),
                          "weaknesses": [w.to_json() for w in found]}, ensure_ascii=False))
        return 0
    if not count and not found:
        print(f"{one_line(name)}: no choices weighed by the coach yet.")
        return 0
    print(f"{one_line(name)}: {count} decisions in {games} games cost {loss:.1f} points"
          + (f", {loss / count:.2f} a decision" if count else ""))
    print("where the choices cost the most (a choice counts in every kind it is):")
    for w in found:
        times = f"{w.times} time{'' if w.times == 1 else 's'}"
        print(f"  {w.words:<34} {times:>10}  {w.loss:7.1f} points  ({w.mean:.2f} each)")
    return 0


def _person(session, name: str | None) -> int | None:
    """The last game's seat of ``name`` (None: no such person), or its first person's."""
    for seat, info in enumerate(session.state.seats):
        if not info.is_computer and (name is None or info.name == name):
            return seat
    return None


def _in_records(session, seat: int, latest) -> bool:
    """Whether the records' latest result of the person is this game (its costly choices are in them then)."""
    if latest is None:
        return False
    _, variant, total = latest
    return variant == session.variant.id and total == session.state.match_totals()[seat]
