"""A finished game turn by turn (issue 38): each of a person's decisions with the dice, their choice and the best
one, each one's expected final score, what it cost and its class (``game.coach.review``), on the rules' scrolling
page (Up/Down, Page Up/Down, the wheel, a tap on the page; Esc or Back returns to the results)."""

from __future__ import annotations

from game.coach.coach import about, describe
from game.coach.review import CLASSES, class_of, review_session
from game.rules import i18n
from game.rules.i18n import t
from scenes.menus.rules import RulesScene


class TurnReviewScene(RulesScene):
    screen = "turn_review"

    def __init__(self, app, session, seat: int, game: int = 0, table=None):
        self.review = review_session(session, seat, game, table)
        self.variant = session.variant
        super().__init__(app, session.variant)

    def title(self) -> str:
        return t("gameover.review_title", name=self.review.name)

    def text(self) -> str:
        """The sums, the classes' thresholds, then every real decision (more than one option) by turn."""
        review, number = self.review, lambda points: i18n.number(points, 1)  # noqa: E731
        lines = [t("gameover.review_sum", score=review.score, start=number(review.start),
                   luck=("+" if review.luck >= 0 else "−") + number(abs(review.luck)), skill=number(review.skill)),
                 t("gameover.review_classes", best=i18n.number(CLASSES[0][1], 2), close=i18n.number(CLASSES[1][1]),
                   slip=i18n.number(CLASSES[2][1]))]
        turn = None
        for d in review.decisions:
            if d.choices < 2:
                continue
            if d.turn != turn:
                turn = d.turn
                lines.append(t("gameover.review_turn", turn=turn))
            values = dict(roll=d.roll, dice=" ".join(map(str, d.dice)), chosen=describe(d.chosen, self.variant),
                          final=number(d.final_chosen))
            if d.loss < CLASSES[0][1]:
                lines.append("  " + t("gameover.review_best", **values))
            else:
                lines.append("  " + t("gameover.review_costly", **values, best=describe(d.best, self.variant),
                                      best_final=number(d.final_best), loss=about(d.loss),
                                      kind=t(f"gameover.review_class.{class_of(d.loss)}")))
        return "\n".join(lines)
