"""Why an option is best, or what it costs, in one line of players' words built from the solver's numbers.

A box's value is what it scores now (its points and the bonus it earns) and what is still to come after it (the
rest). Comparing the two parts with another option's says why: "2 more now than Chance, for 1.4 less to come",
"A zero here costs least: a zero in Yahtzee costs 6.2 more".

A hold's line comes from its odds (:mod:`game.bots.odds`: exact, by the end of the turn): the best hold "Goes for
Yahtzee 9%, 4 of a Kind 52%" (or "Goes for 3 or more fives: 35%" where no pattern box explains it); a costly
hold says what it changes against the best one and what that does to the odds: "Adding 1: Yahtzee 9% → 3%",
"Without 4: no Large Straight this turn", "Without 4: gives up your last chance at Large Straight" (the card's
last turn). Two holds never read the same: the change in dice is a different one for each.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

from game.rules import i18n
from game.rules.i18n import t

CLOSE = 0.05  # points: closer than this reads as "no less"


def about(points: float) -> str:
    """Points as a person says them: whole from 10 up, one decimal below ("about 12", "about 4.3")."""
    return i18n.number(points, 0 if points >= 9.95 else 1)


def percent(chance: float) -> str:
    """A chance as a person reads it: "52%", "9%", below 1% with one decimal ("0.6%"); never a sure 0% or 100%."""
    if chance < 0.01:
        return t("coach.percent", percent=i18n.number(max(0.1, chance * 100), 1))
    return t("coach.percent", percent=i18n.number(min(99, max(1, round(chance * 100)))))


def goals_said(goals: list[tuple[str, float]], variant) -> str:
    """A hold's goals with their chances: "Yahtzee 9%, 4 of a Kind 52%"."""
    return ", ".join(t("coach.goal", box=variant.box(box).name, chance=percent(chance)) for box, chance in goals)


def now(option) -> float:
    return option.points + option.bonus


def to_come(option) -> float:
    return option.value - now(option)


def why_box(options: list, index: int, variant) -> str | None:
    """The line under box option ``index`` of the ranked ``options``: why it is best (index 0) or what it costs."""
    option = options[index]
    if option.kind != "box":
        return None
    name = lambda o: variant.box(o.box).name  # noqa: E731
    if index == 0:
        if len(options) == 1:
            return None
        runner = options[1]
        if option.points == 0:
            zero = next((o for o in options[1:] if o.kind == "box" and o.points == 0), None)
            if zero is not None:
                return t("coach.why.zero_least", other=name(zero), more=about(zero.loss))
        if option.bonus > 0:
            return t("coach.why.bonus", bonus=option.bonus)
        if runner.kind != "box":
            return t("coach.why.stop", loss=about(runner.loss))
        more, later = now(option) - now(runner), to_come(option) - to_come(runner)
        if more > 0:
            if later > -CLOSE:
                return t("coach.why.more_now", more=about(more), other=name(runner))
            return t("coach.why.more_now_less_later", more=about(more), other=name(runner), less=about(-later))
        return t("coach.why.more_later", other=name(runner), more=about(-more), less=about(later))
    best = options[0]
    if option.loss < CLOSE:
        return None
    if best.kind != "box":
        return t("coach.why.too_soon", loss=about(option.loss))
    if option.points == 0 and best.points == 0:
        return t("coach.why.zero_more", loss=about(option.loss), other=name(best))
    more, later = now(option) - now(best), to_come(option) - to_come(best)
    if more > CLOSE:
        return t("coach.why.now_but_less_later", more=about(more), less=about(-later))
    if later < -CLOSE:
        return t("coach.why.less_now_and_later", less=about(-more), later=about(-later))
    if later > CLOSE:
        return t("coach.why.less_now_more_later", less=about(-more), later=about(later))
    return t("coach.why.less_now", less=about(-more))


# ------------------------------------------------------------------ holds --

@dataclass(frozen=True)
class Reason:
    """A hold's line before it is put in words: ``key`` under ``coach.hold``, and the numbers it is made of.

    ``goals``: (aim, chance) pairs, an aim being a box id or ("face", face, count): that many or more of a face;
    ``aim``, ``before``, ``after``: one aim's chance with the best option and with this one; ``loss``: points
    against the best option; ``box``: a box the best option scores; ``extra``, ``missing``: the dice this hold has
    that the best one does not, and the other way round."""

    key: str
    goals: tuple = ()
    aim: object = None
    before: float = 0.0
    after: float = 0.0
    loss: float = 0.0
    box: str | None = None
    extra: tuple[int, ...] = ()
    missing: tuple[int, ...] = ()
    rolled: tuple[int, ...] = ()  # with a box best: the dice this hold rolls again
    made: tuple[str, ...] = ()  # the boxes the held dice already make (sure by the end of the turn)
    odds: dict = field(default_factory=dict, compare=False, repr=False)  # every aim's chance with this hold

    def said(self, variant) -> str:
        name = lambda aim: _aim_name(aim, variant)  # noqa: E731
        goals = ", ".join(t("coach.goal", box=name(aim), chance=percent(chance)) for aim, chance in self.goals)
        made = [str(variant.box(box).name) for box in self.made]
        made = made[0] if len(made) == 1 else t("coach.and", first=", ".join(made[:-1]), last=made[-1]) if made else ""
        words = t(f"coach.hold.{self.key}", goals=goals, made=made, aim=name(self.aim) if self.aim else "",
                  before=_exact(self.before), after=_exact(self.after), loss=about(self.loss),
                  box=variant.box(self.box).name if self.box else "")
        if self.rolled:
            return t("coach.hold.changed", change=t("coach.hold.rerolling", dice=" ".join(map(str, self.rolled))),
                     words=words)
        if not (self.extra or self.missing):
            return words
        extra, missing = " ".join(map(str, self.extra)), " ".join(map(str, self.missing))
        change = (t("coach.hold.swap", extra=extra, missing=missing) if self.extra and self.missing else
                  t("coach.hold.adding", extra=extra) if self.extra else t("coach.hold.without", missing=missing))
        return t("coach.hold.changed", change=change, words=words)


def _exact(chance: float) -> str:
    """A chance that may be sure or none at all: "100%", "0%" where it is exactly so, else as :func:`percent`."""
    if chance >= 1 - 1e-12 or chance <= 1e-12:
        return t("coach.percent", percent=i18n.number(round(chance * 100)))
    return percent(chance)


def _aim_name(aim, variant) -> str:
    if isinstance(aim, tuple):
        _, face, count = aim
        return t("coach.hold.face_count", count=count, faces=t(f"coach.faces.{face}"))
    return variant.box(aim).name


def _aim_points(aim, variant) -> int:
    from game.bots.odds import _top_points

    return aim[1] * aim[2] if isinstance(aim, tuple) else _top_points(variant, aim)


def _par(variant, card, keep: tuple[int, ...]):
    """The upper aim of a hold of one face whose box is open: ("face", 5, 3) for 3 or more fives (what the upper
    bonus still needs of this face, or one more than held), or None."""
    faces = set(keep)
    if len(faces) != 1:
        return None
    face = faces.pop()
    box = variant.face_box(face)
    if box is None or card.get(box) is not None:
        return None
    count = max(bonus_count(variant, card, face), len(keep) + 1)
    return ("face", face, count) if count <= variant.dice else None


def bonus_count(variant, card: dict, face: int) -> int:
    """How many of ``face`` the upper bonus still needs in its box: the points still needed less what the other
    open upper boxes give at par (the bonus's dice per box: 3 for 63 on 1-6), so 21 needed with Sixes the last open
    upper box is four sixes, not "3 or more". 1 where the bonus is absent, earned or out of reach (then the aim is
    just more of the face)."""
    from game.rules.scoring import upper_bonus_needed

    need = upper_bonus_needed(variant, card)
    if not need:
        return 1
    faces = [variant.box(b).face for b in variant.upper_boxes if variant.box(b).kind == "face"]
    par = math.ceil(variant.upper_bonus.threshold / sum(faces))
    others = sum(par * variant.box(b).face for b in variant.upper_boxes
                 if card.get(b) is None and variant.box(b).kind == "face" and variant.box(b).face != face)
    return min(variant.dice, max(1, math.ceil((need - others) / face)))


def _chance(variant, aim, keep: tuple[int, ...], rolls_left: int) -> float:
    from game.bots.odds import box_odds, face_odds

    odds = face_odds(variant, aim[1], aim[2]) if isinstance(aim, tuple) else box_odds(variant, aim)
    return odds.chance(keep, rolls_left)


def hold_reasons(variant, card: dict, options: list, rolls_left: int, base: tuple[int, ...] = (),
                 hand: tuple[int, ...] = ()) -> dict[int, Reason]:
    """The line of every hold (or Challenge copy) among the ranked ``options``, by its index: built from the exact
    odds of each hold by the end of the turn (``base``: the markers already copied, held for good; ``hand``: the
    dice showing, which a hold's line names when a box is best)."""
    from game.bots.odds import all_odds, goals

    holds = [i for i, option in enumerate(options) if option.kind in ("keep", "copy")]
    if not holds:
        return {}
    kept = {i: tuple(sorted(base + tuple(options[i].keep))) for i in holds}
    odds = {i: all_odds(variant, card, kept[i], rolls_left) for i in holds}
    found_goals = dict(zip(holds, (goals(variant, [odds[i] for i in holds], n) for n in range(len(holds)))))
    best = options[0]
    par = _par(variant, card, kept[0]) if best.kind != "box" else None
    if par is not None:  # the best hold's upper aim, weighed for every hold
        for i in holds:
            odds[i] = {**odds[i], par: _chance(variant, par, kept[i], rolls_left)}
    last = sum(score is None for score in card.values()) == 1
    rolling_all = all_odds(variant, card, tuple(sorted(base)), rolls_left)  # what a goal must beat to be one
    reasons = {}
    for i in holds:
        option, mine = options[i], odds[i]
        aims = tuple((aim, mine[aim]) for aim in found_goals[i])
        if i == 0 or option.loss < CLOSE:  # a hold goes for what it makes likelier than rolling all the dice
            aims = tuple((aim, chance) for aim, chance in aims if chance > rolling_all.get(aim, 0.0) + 1e-9)
        if i == 0:
            own = _par(variant, card, kept[i])
            made = _made(variant, mine, rolling_all)
            if own is not None and not aims and not made:
                chance = _chance(variant, own, kept[i], rolls_left)
                if 0 < chance < 1 and chance > _chance(variant, own, tuple(sorted(base)), rolls_left) + 1e-9:
                    aims = ((own, chance),)
            if aims or made:
                key = ("made_goes_for" if aims else "made") if made else "goes_for"
                reasons[i] = Reason(key, goals=aims, made=made, odds=mine)
            elif len(options) > 1 and options[1].kind == "box":
                reasons[i] = Reason("roll_on", loss=options[1].loss, box=options[1].box, odds=mine)
            elif len(options) > 1:
                reasons[i] = Reason("worth_more", loss=options[1].loss, odds=mine)
            continue
        if best.kind == "box":
            rolled = tuple(sorted((Counter(hand) - Counter(option.keep)).elements()))
            reasons[i] = Reason("too_long_for" if aims else "too_long", goals=aims, loss=option.loss, box=best.box,
                                rolled=rolled, odds=mine)
            continue
        theirs = odds[0]
        extra = tuple(sorted((Counter(kept[i]) - Counter(kept[0])).elements()))
        missing = tuple(sorted((Counter(kept[0]) - Counter(kept[i])).elements()))
        change = dict(extra=extra, missing=missing, loss=option.loss, odds=mine)
        if option.loss < CLOSE:  # as good as the best: what it goes for
            reasons[i] = Reason("as_good_for" if aims else "as_good", goals=aims, **change)
            continue
        weigh = lambda aim, theirs=theirs, mine=mine: (  # noqa: E731 (this pass's odds, bound now)
            (theirs[aim] - mine.get(aim, 0.0)) * _aim_points(aim, variant))
        lost = [aim for aim in theirs if theirs[aim] > 0 and mine.get(aim, 0.0) == 0]
        lower = [aim for aim in theirs if theirs[aim] - mine.get(aim, 0.0) >= 0.005]
        higher = [aim for aim in mine if mine[aim] - theirs.get(aim, 0.0) >= 0.005 and mine[aim] < 1]
        if lost:
            aim = max(lost, key=weigh)
            reasons[i] = Reason("last_chance" if last else "gives_up", aim=aim, before=theirs[aim], **change)
        elif lower:
            aim = max(lower, key=weigh)
            reasons[i] = Reason("lower", aim=aim, before=theirs[aim], after=mine.get(aim, 0.0), **change)
        elif higher:
            aim = min(higher, key=weigh)
            reasons[i] = Reason("higher", aim=aim, before=theirs.get(aim, 0.0), after=mine[aim], **change)
        else:
            reasons[i] = Reason("less_to_come", **change)
    return reasons


def _made(variant, mine: dict, rolling_all: dict) -> tuple[str, ...]:
    """The open pattern box a hold already makes (sure with it, not without it), the one worth most: "Small Straight
    already made" under 1-2-3-4 (not also "One Pair" under three fives: the line stays short)."""
    from game.bots.odds import _top_points

    made = [box for box, chance in mine.items() if chance >= 1 - 1e-12 and rolling_all.get(box, 0.0) < 1 - 1e-12]
    return tuple(sorted(made, key=lambda box: -_top_points(variant, box))[:1])


def why_hold(options: list, index: int, variant, card: dict, rolls_left: int, base: tuple[int, ...] = (),
             hand: tuple[int, ...] = ()) -> str | None:
    """The line under hold option ``index`` (one hold alone: the coach works out all of them at once)."""
    reason = hold_reasons(variant, card, options, rolls_left, base, hand).get(index)
    return reason.said(variant) if reason else None
