"""The first game's walkthrough: four short steps on the real table (roll, hold, pick a box, the bonus).

The tips show at the top of the dice tray with a ring round what each is about. The dice keep clear of them, and
they leave a row of dice room below them: a tip too tall for that (a long language, large text, the narrow felt
beside a six-seat card) gets smaller words, down to a readable size. They fit the window as it is now: a window
made bigger or smaller, or another language or text size, fits them anew.

It is part of the table, not a screen of its own: the table keeps taking input, and a step that asks for
something (roll the dice, hold a die) moves on when the player does it. "Next" moves on anyway and "Skip"
(or Esc) ends it; either way it is not offered again (the ``walkthrough`` setting), and it can be asked for
again from the Settings screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.engine.actions import Action, Hold, Place, Roll, Score
from game.rules import i18n
from game.rules.i18n import t
from game.store.settings import save_settings
from scenes.ui import assets, bindings, theme
from scenes.ui.textfit import floor_for, wrap_sharp
from scenes.ui.widgets import Button, ButtonRow, draw_text, panel, rounded


@dataclass(frozen=True)
class Step:
    key: str  # walkthrough.<key>_title and walkthrough.<key>_text
    target: str  # what it points at: roll, dice, card, bonus
    done_by: type | None  # the action that completes it, if any
    needs_dice: bool = False  # it talks about the dice on the table: it waits until they are there


ROW_HIGH = 60  # a target lower than this is a row of the card: its ring stays within the row

STEPS = (
    Step("roll", "roll", Roll),
    Step("hold", "dice", Hold, True),
    Step("box", "card", Score, True),
    Step("bonus", "bonus", Score),  # read during a turn; gone at the next scoring (the coach's panel waits for it)
)
JACKPOT_STEPS = (
    Step("jackpot_roll", "roll", Roll),
    Step("jackpot_tile", "rack", Place, True),
    Step("jackpot_chance", "chance", None),
    Step("jackpot_lines", "rack", None),
)


class Walkthrough:
    def __init__(self, app, variant, targets: dict[str, pygame.Rect], area: pygame.Rect,
                 steps: tuple[Step, ...] = STEPS, setting: str = "walkthrough", floor: int | None = None,
                 done: Sequence[Action] = ()):
        """``area`` is where the tips show (its height is set here: room for the longest tip); ``setting`` is the
        settings flag that offers them, turned off once they are done or skipped; ``floor``, if given, is as low
        as a tip may reach (the dice keep a row below it): the words get smaller to fit above it. ``done`` is what
        was played already (a game continued): the tips start at the first step not yet done."""
        self.app = app
        self.variant = variant
        self.setting = setting
        self.targets = targets
        self.steps = list(steps)
        self.index = 0
        while self._done_already(done):
            self.index += 1
        self.time = 0.0
        self.active = True
        self._build()
        self.place = pygame.Rect(area)
        self.floor = min(theme.HEIGHT - 8, floor or theme.HEIGHT)
        self.ceiling = 0  # nor does it rise above this (the buttons over the felt): it reaches below the floor then
        self.smallest = self.SIZE if floor is None else floor_for(self.SIZE)
        self.size = self.SIZE
        self._look: tuple | None = None
        self._area = pygame.Rect(self.place)

    def _build(self) -> None:
        last = self.index == len(self.steps) - 1
        self.next_button = Button(pygame.Rect(0, 0, 150, 48), t("common.done") if last else t("common.next"),
                                  self.next, size=22)
        self.skip_button = Button(pygame.Rect(0, 0, 150, 48), t("common.skip"), self.finish, style="quiet",
                                  size=22)
        self.row = ButtonRow([self.next_button, self.skip_button])

    def _done_already(self, done: Sequence[Action]) -> bool:
        """The step now was done before these tips came: by a move of the game continued."""
        done_by = self.step.done_by
        return (self.index + 1 < len(self.steps) and done_by is not None
                and any(isinstance(action, done_by) for action in done))

    @property
    def step(self) -> Step:
        return self.steps[self.index]

    def next(self) -> None:
        if self.index + 1 >= len(self.steps):
            self.finish()
            return
        self.index += 1
        self.time = 0.0
        self._build()

    def finish(self) -> None:
        self.active = False
        setattr(self.app.settings, self.setting, False)
        save_settings(self.app.settings)

    def noticed(self, action: Action) -> None:
        """The player did something: a step waiting for it moves on."""
        if self.active and self.step.done_by is not None and isinstance(action, self.step.done_by):
            self.next()

    def handle(self, intent, now: float) -> bool:
        """Its own buttons and Esc; everything else goes on to the table."""
        if not self.active:
            return False
        if intent.kind == "back":
            self.finish()
            return True
        if intent.kind in ("tap", "point"):
            return self.row.handle(intent, now) and intent.kind == "tap"
        return False  # its Next key comes as the table's command (PlayScene.walkthrough_handled)

    def update(self, dt: float) -> None:
        self.time += dt

    def pulsing(self) -> bool:
        """The ring round a tip's target pulses a few seconds, then stays: a table at rest is not redrawn."""
        return self.time < theme.PULSE_SECONDS

    def text(self, index: int | None = None) -> str:
        """What a tip says (the current one by default)."""
        step = self.steps[self.index if index is None else index]
        if step.key != "bonus":
            return bindings.words(f"walkthrough.{step.key}_text", self.pad)
        bonus = self.variant.upper_bonus
        if bonus is None:
            return t("walkthrough.bonus_none_text")
        return t("walkthrough.bonus_text", threshold=bonus.threshold, points=bonus.points)

    # -------------------------------------------------------------- draw --
    SIZE = 20
    PAD = 20  # between the words and the box's left and right edges, on the screen too

    @property
    def pad(self) -> bool:
        """A pad in hand: the tips say its buttons."""
        return bindings.pad_in_hand(self.app)

    def _scale(self) -> float:
        app = self.app
        return app.viewport.scale if app.scaled() and app.sharp_text else 1.0  # the window draws the text

    @property
    def area(self) -> pygame.Rect:
        """Where the tips show, as tall as the tallest of them, for the window, language and text size of now."""
        look = (i18n.language(), assets.text_scale(), self._scale(), self.pad)  # a pad's words: other heights
        if look != self._look:
            self._look, self.size = look, self.SIZE
            while self.size > self.smallest and self.place.y + self._tallest() > self.floor:
                self.size -= 1  # the words shrink before a tip would reach the dice's row
            self._area = pygame.Rect(self.place.x, self.place.y, self.place.width, self._tallest())
            self._area.bottom = min(self._area.bottom, self.floor)  # still too tall (large text): it moves up
            self._area.top = max(self._area.top, self.ceiling)
        return self._area

    def _tallest(self) -> int:
        return max(self._height(i) for i in range(len(self.steps)))

    def _lines(self, index: int) -> list[str]:
        return wrap_sharp(self.text(index), self.size, self.place.width - 2 * self.PAD, self._scale())

    def _height(self, index: int) -> int:
        return (14 + assets.line_height(26) + 4 + assets.line_height(self.size) * len(self._lines(index))
                + 14 + 52 + 12)

    def box(self) -> pygame.Rect:
        """Where the current tip is drawn."""
        area = self.area
        return pygame.Rect(area.x, area.y, area.width, self._height(self.index))

    def draw(self, surface: pygame.Surface) -> None:
        if not self.active:
            return
        target = self.targets.get(self.step.target)
        if target is not None:  # a pulsing ring round what the step is about
            pulse = 4 + round(3 * abs(((self.time * 1.6) % 2) - 1)) if self.pulsing() else 6
            grow = 2 * pulse + 6
            tall = grow if target.height >= ROW_HIGH else 2  # round a row of the card, not over its neighbours
            rounded(surface, theme.HOLD_GOLD, target.inflate(grow, tall), 16 if tall > 2 else 6, 4)
        rect = self.box()
        width = rect.width - 2 * self.PAD
        panel(surface, rect, theme.PAPER, 16, theme.HOLD_GOLD)
        count = t("walkthrough.count", number=self.index + 1, total=len(self.steps))
        title_y = rect.y + 14 + assets.line_height(26) // 2
        count_rect = draw_text(surface, count, 16, theme.INK_SOFT, (rect.right - self.PAD, title_y), "midright",
                               "bold", 120)
        draw_text(surface, t(f"walkthrough.{self.step.key}_title"), 26, theme.INK, (rect.x + self.PAD, title_y),
                  "midleft", "black", count_rect.x - rect.x - 32)
        y = rect.y + 14 + assets.line_height(26) + 4
        line = assets.line_height(self.size)
        for text in self._lines(self.index):
            draw_text(surface, text, self.size, theme.INK, (rect.x + self.PAD, y), "topleft", "regular", width)
            y += line
        self.next_button.rect.bottomright = (rect.right - 20, rect.bottom - 12)
        self.skip_button.rect.bottomright = (self.next_button.rect.x - 14, rect.bottom - 12)
        keys = bindings.words("walkthrough.keys", self.pad, key=t("walkthrough.next_key"))
        draw_text(surface, keys, 16, theme.INK_SOFT, (rect.x + 20, self.next_button.rect.centery), "midleft",
                  "regular", self.skip_button.rect.x - rect.x - 34)
        self.row.draw(surface)
