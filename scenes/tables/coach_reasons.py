"""Why a scoring choice is best, or what it costs, in one line of players' words built from the solver's numbers.

A box's value is what it scores now (its points and the bonus it earns) and what is still to come after it (the
rest). Comparing the two parts with another option's says why: "2 more now than Chance, for 1.4 less to come",
"A zero here costs least: a zero in Yahtzee costs 6.2 more". A hold's line is its goals with their chances
(:func:`scenes.tables.coach.goals_said`).
"""

from __future__ import annotations

from game.rules.i18n import t

from scenes.tables.coach import about

CLOSE = 0.05  # points: closer than this reads as "no less"


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
