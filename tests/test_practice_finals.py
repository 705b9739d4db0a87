"""Practice's answer gives each expected final score to a tenth (issue 38, D11): two moves 0.3 apart never both
read "expected final score 234" beside "costs about 0.3"."""

from __future__ import annotations

from game.coach.slips import Slip
from game.rules.i18n import t
from game.rules.variants import find_variant


def test_two_finals_a_few_tenths_apart_read_apart():
    from scenes.menus.practice_paint import Answer

    slip = Slip.from_dict({"variant": "classic", "card": {}, "dice": [5, 5, 5, 2, 1], "rolls_left": 1,
                           "on_card": 0, "chosen": 1, "options": [["keep", [5, 5, 5], None, 0, 0, 234.2],
                                                                  ["keep", [5, 5], None, 0, 0, 233.9]]},
                          find_variant("classic"))
    (_, best), (_, yours) = Answer(slip, 1).lines
    assert t("practice.final", points="234.2") in best and t("practice.final", points="233.9") in yours
