"""Practice: a person's costliest past choices (the records' slips) asked again as a quiz.

Each position is set as it was: the card, the dice, the rolls left (in Challenge, the markers and the common
dice). The person chooses the way they play (tap dice to hold them, then Roll; tap a box to score; in Challenge,
tap common dice, then Copy), then sees the answer: the best move, what theirs costs, each one's odds or reason,
and what they chose in the game. A slip answered right goes behind the others next time. The words and the
picture are ``practice_paint``'s; the slips come from the records, already kept (``game.coach.slips``).
"""

from __future__ import annotations

import pygame

from game.coach.coach import AS_GOOD
from game.coach.slips import Slip
from game.rules.i18n import t
from scenes.menus.practice_paint import FELT, Answer, PracticePaint, box_rows
from scenes.menus.records_scene import look_at_records, tab_rect
from scenes.ui import theme
from scenes.ui.stack import Scene
from scenes.ui.widgets import Button, ButtonRow


class PracticeScene(Scene):
    screen = "practice"

    def __init__(self, app, names: list[str] | None = None):
        """``names``: the people to practise (from the results: the game's people), else everyone with slips."""
        super().__init__(app)
        self.cannot = False
        self.people: list[str] = []
        self._read(lambda records: self.people.extend(
            name for name in records.practice_names() if names is None or name in names))
        self.person = 0
        self.paint = PracticePaint()
        self.load()

    # ------------------------------------------------------------ the slips --
    def _read(self, what) -> None:
        if look_at_records(what, " for practice") is not None:
            self.cannot = True

    def load(self) -> None:
        """The chosen person's slips, costliest (and least practised) first; a slip of a game no longer here is
        left out."""
        self.slips: list[Slip] = []
        self.index, self.right = 0, 0
        if self.people:
            name = self.people[self.person]

            def found(records) -> None:
                for number, position in records.slips(name):
                    variant = self._variant(position)
                    slip = Slip.from_dict(position, variant, number) if variant is not None else None
                    if slip is not None:
                        self.slips.append(slip)
            self._read(found)
        self.begin()

    def _variant(self, position):
        try:
            return self.app.catalogue.find(position.get("variant"))
        except Exception:  # a variant file taken away since: its slips wait until it comes back
            return None

    @property
    def slip(self) -> Slip | None:
        return self.slips[self.index] if self.index < len(self.slips) else None

    def begin(self) -> None:
        """The current position, not yet answered."""
        self.picked: set[int] = set()  # dice held (or common dice picked to copy)
        self.answer: Answer | None = None
        self.warning = ""
        self._buttons()

    # ------------------------------------------------------------ choosing --
    def toggle(self, die: int) -> None:
        slip = self.slip
        if slip is None or self.answer is not None or die >= len(slip.dice) or not self.can_roll():
            return
        self.picked ^= {die}
        self.warning = ""
        self.app.play("hold")
        self._buttons()

    def can_roll(self) -> bool:
        """Dice can be held (rolls left) or picked to copy (Challenge)."""
        slip = self.slip
        return slip is not None and (slip.common or (slip.rolls_left > 0 and slip.find("keep", ()) is not None))

    def chosen_dice(self) -> tuple[int, ...]:
        return tuple(self.slip.dice[i] for i in sorted(self.picked))

    def roll(self) -> None:
        """Roll the dice not held (or copy the common dice picked)."""
        slip = self.slip
        if slip is None or self.answer is not None:
            return
        if slip.common:
            index = slip.find("copy", self.chosen_dice())
            if index is None:
                low, high = slip.copy_range
                self.warning = t("practice.hint_copy_range", low=low, high=high)
                self.app.redraw()
                return
        else:
            index = slip.find("keep", self.chosen_dice())
        if index is not None:
            self.choose(index)

    def score(self, box: str) -> None:
        slip = self.slip
        if slip is None or self.answer is not None:
            return
        index = slip.find("box", box=box)
        if index is not None:
            self.choose(index)

    def choose(self, index: int) -> None:
        """The person's answer: the answer is shown, and a right one noted in the records."""
        slip = self.slip
        self.answer = Answer(slip, index)
        right = slip.options[index].loss < AS_GOOD
        self.right += right
        self.app.play("bonus" if right else "hold")
        if right and slip.number is not None:
            self._read(lambda records: records.practised(slip.number))
        self._buttons()

    def next(self) -> None:
        self.index += 1
        self.begin()

    def again(self) -> None:
        self.load()

    def other_person(self, person: int) -> None:
        self.person = person
        self.load()

    # ------------------------------------------------------------ buttons --
    def _buttons(self) -> None:
        """The buttons for what can be done now (every change of the screen comes through here: it is redrawn)."""
        self.app.redraw()
        slip = self.slip
        kept = getattr(self, "row", None)
        kept = kept.focus if kept is not None and self.answer is None else None  # a die held: the focus stays on it
        buttons = []
        self.die_buttons = []  # the dice, first in the row: the arrows and the d-pad reach them, Enter or A holds
        if slip is not None and self.answer is None and self.can_roll():
            self.die_buttons = [Button(rect, "", lambda die=die: self.toggle(die), style="painted")
                                for die, rect in enumerate(self.paint.dice_rects(slip, self.picked))]
            buttons += self.die_buttons
        action = pygame.Rect(0, 0, 330, 60)
        action.midbottom = (FELT.centerx, FELT.bottom - 34)
        if slip is not None and self.answer is None:
            if slip.common or slip.rolls_left > 0:
                label = t("practice.copy") if slip.common else t("practice.roll")
                enabled = slip.common or len(self.picked) < len(slip.dice)
                buttons.append(Button(action, label, self.roll, enabled=enabled, size=26))
            for box, rect in box_rows(slip):
                if slip.find("box", box=box) is not None:
                    buttons.append(Button(rect, box, lambda box=box: self.score(box), style="painted"))
        elif slip is not None:
            buttons.append(Button(action, t("practice.next"), self.next, size=28))
        elif self.slips:
            buttons.append(Button(action, t("practice.again"), self.again, size=28))
        if len(self.people) > 1:  # whose slips: a tab each
            buttons += [Button(tab_rect(i, len(self.people)), name, lambda i=i: self.other_person(i), size=20,
                               style="primary" if i == self.person else "quiet") for i, name in enumerate(self.people)]
        back = pygame.Rect(30, theme.HEIGHT - 92, 200, 72)
        buttons.append(Button(back, t("practice.finish") if self.slips and slip is None else t("common.back"),
                              self.app.stack.pop, style="quiet", size=28))
        self.row = ButtonRow(buttons)
        if self.answer is not None or (slip is None and self.slips):
            self.row._focus_on(0)  # Enter goes on to the next position
            self.row.focus = 0
        elif kept is not None and kept < len(buttons) and buttons[kept].enabled:
            self.row._focus_on(kept)

    def handle(self, intent):
        if intent.kind in ("quit", "fullscreen", "help"):
            return intent
        if intent.kind == "back":
            self.app.stack.pop()
            return None
        if intent.kind == "hold":
            if isinstance(intent.key, int):
                self.toggle(intent.key)
            return None
        if intent.kind == "roll":  # Space or R
            self.roll()
            return None
        if intent.kind == "tap":
            for die, rect in enumerate(self.paint.dice_rects(self.slip, self.picked)):
                if rect.collidepoint(intent.pos):
                    self.toggle(die)
                    return None
        self.row.handle(intent, self.clock.time)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        self.paint.draw(surface, self)

