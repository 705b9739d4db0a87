"""The first game's walkthrough: four short steps on the real table (roll, hold, pick a box, the bonus).

It is part of the table, not a screen of its own: the table keeps taking input, and a step that asks for
something (roll the dice, hold a die) moves on when the player does it. "Next" moves on anyway and "Skip"
(or Esc) ends it; either way it is not offered again (the ``walkthrough`` setting), and it can be asked for
again from the Settings screen.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.actions import Action, Hold, Roll, Score
from game.i18n import t
from game.settings import save_settings

from . import assets, theme
from .widgets import Button, ButtonRow, draw_text, panel, rounded


@dataclass(frozen=True)
class Step:
    key: str  # walkthrough.<key>_title and walkthrough.<key>_text
    target: str  # what it points at: roll, dice, card, bonus
    done_by: type | None  # the action that completes it, if any


STEPS = (
    Step("roll", "roll", Roll),
    Step("hold", "dice", Hold),
    Step("box", "card", Score),
    Step("bonus", "bonus", None),
)
WIDTH = 470


class Walkthrough:
    def __init__(self, app, variant, targets: dict[str, pygame.Rect], step_names: tuple[str, ...] | None = None):
        self.app = app
        self.variant = variant
        self.targets = targets
        self.steps = [s for s in STEPS if step_names is None or s.key in step_names]
        self.index = 0
        self.time = 0.0
        self.active = True
        self._build()

    def _build(self) -> None:
        last = self.index == len(self.steps) - 1
        self.next_button = Button(pygame.Rect(0, 0, 150, 48), t("common.done") if last else t("common.next"),
                                  self.next, size=22)
        self.skip_button = Button(pygame.Rect(0, 0, 150, 48), t("common.skip"), self.finish, style="quiet",
                                  size=22)
        self.row = ButtonRow([self.next_button, self.skip_button])

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
        self.app.settings.walkthrough = False
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
        if intent.kind == "letter" and intent.key == "n":
            self.next()
            return True
        return False

    def update(self, dt: float) -> None:
        self.time += dt

    def text(self) -> str:
        if self.step.key != "bonus":
            return t(f"walkthrough.{self.step.key}_text")
        bonus = self.variant.upper_bonus
        if bonus is None:
            return t("walkthrough.bonus_none_text")
        return t("walkthrough.bonus_text", threshold=bonus.threshold, points=bonus.points)

    # -------------------------------------------------------------- draw --
    def draw(self, surface: pygame.Surface) -> None:
        if not self.active:
            return
        target = self.targets.get(self.step.target)
        if target is not None:  # a pulsing ring round what the step is about
            pulse = 4 + round(3 * abs(((self.time * 1.6) % 2) - 1))
            rounded(surface, theme.HOLD_GOLD, target.inflate(2 * pulse + 6, 2 * pulse + 6), 16, 4)
        size, width = 20, WIDTH - 40
        body = assets.wrap(self.text(), size, width)
        line = assets.line_height(size)
        head = assets.line_height(26)
        hint = assets.line_height(16)
        rect = pygame.Rect(0, 0, WIDTH, 22 + head + line * len(body) + 8 + hint + 76)
        rect.topleft = self._place(rect.size, target)
        panel(surface, rect, theme.PAPER, 16, theme.HOLD_GOLD)
        count = t("walkthrough.count", number=self.index + 1, total=len(self.steps))
        count_rect = draw_text(surface, count, 16, theme.INK_SOFT, (rect.right - 20, rect.y + 22), "midright", "bold",
                               120)
        draw_text(surface, t(f"walkthrough.{self.step.key}_title"), 26, theme.INK, (rect.x + 20, rect.y + 22),
                  "midleft", "black", count_rect.x - rect.x - 32)
        y = rect.y + 22 + head // 2 + 4
        for text in body:
            draw_text(surface, text, size, theme.INK, (rect.x + 20, y), "topleft", "regular", width)
            y += line
        draw_text(surface, t("walkthrough.keys"), 16, theme.INK_SOFT, (rect.x + 20, y + 8), "topleft", "regular",
                  width)
        self.next_button.rect.bottomright = (rect.right - 20, rect.bottom - 14)
        self.skip_button.rect.bottomright = (self.next_button.rect.x - 14, rect.bottom - 14)
        self.row.draw(surface)

    def _place(self, size: tuple[int, int], target: pygame.Rect | None) -> tuple[int, int]:
        """Beside its target, on whichever side has room; on the felt if it points at nothing."""
        w, h = size
        screen = pygame.Rect(0, 0, theme.WIDTH, theme.HEIGHT).inflate(-16, -16)
        if target is None:
            return ((theme.WIDTH - w) // 2, (theme.HEIGHT - h) // 2)
        spots = [(target.x - w - 24, target.centery - h // 2), (target.right + 24, target.centery - h // 2),
                 (target.centerx - w // 2, target.y - h - 24), (target.centerx - w // 2, target.bottom + 24)]
        for x, y in spots:
            rect = pygame.Rect(x, y, w, h)
            if screen.contains(rect):
                return x, y
        rect = pygame.Rect(spots[0], size).clamp(screen)
        return rect.topleft
