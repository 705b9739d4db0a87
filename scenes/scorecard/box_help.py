"""Help on a scorecard box: how it scores, and what the dice on the table would give it.

It is drawn on the card itself, by the box's line, so the dice stay in sight while a box is chosen.

It shows after a short hover with the mouse, during a long press on a touch screen, and for the box the
keyboard focus is on. A long press must not also score the box, so a press on a box only becomes a
choice when it is let go quickly (see ``press`` and ``release``).
"""

from __future__ import annotations

import pygame

from game.rules.explain import box_rule
from game.rules.i18n import t
from game.rules.scoring import Options
from scenes.ui import assets, theme
from scenes.ui.widgets import draw_text, panel

HOVER_DELAY = 0.6  # seconds the pointer rests on a box before its help shows
LONG_PRESS = 0.5  # seconds a finger stays on a box to ask for help instead of scoring it
WIDTH = 400


class BoxHelp:
    def __init__(self) -> None:
        self.hover_box: str | None = None
        self.hover_time = 0.0
        self.pressed: tuple[str, float] | None = None  # the box under the finger, and since when
        self.now = 0.0

    def hover(self, box: str | None) -> None:
        if box != self.hover_box:
            self.hover_box, self.hover_time = box, 0.0

    def press(self, box: str) -> None:
        self.pressed = (box, self.now)

    def release(self, box: str | None) -> str | None:
        """The box to score: the one pressed, if let go on it before the press became a request for help."""
        pressed, self.pressed = self.pressed, None
        if pressed is None or pressed[0] != box or self.now - pressed[1] >= LONG_PRESS:
            return None
        return box

    def cancel(self) -> None:
        self.pressed = None
        self.hover_box = None

    def update(self, dt: float) -> None:
        self.now += dt
        if self.hover_box is not None:
            self.hover_time += dt

    def waiting(self) -> bool:
        """A hover or a press that will show help once its time is up (the table must be drawn then)."""
        return (self.hover_box is not None and self.hover_time < HOVER_DELAY
                or self.pressed is not None and self.now - self.pressed[1] < LONG_PRESS)

    def shown(self, focus_box: str | None) -> str | None:
        if self.pressed is not None and self.now - self.pressed[1] >= LONG_PRESS:
            return self.pressed[0]
        if self.hover_box is not None and self.hover_time >= HOVER_DELAY:
            return self.hover_box
        return focus_box

    def lines(self, variant, box_id: str, score: int | None, options: Options | None) -> list[str]:
        """What the help says: the rule, then what this box holds or would score now."""
        box = variant.box(box_id)
        said = [t("boxhelp.scores", rule=box_rule(box, variant))]
        if box.help is not None:
            said.append(str(box.help))
        if score is not None:
            said.append(t("boxhelp.filled", points=score))
        elif options is not None and box_id in options.scores:
            points = options.scores[box_id]
            said.append(t("boxhelp.now_joker" if options.joker else "boxhelp.now", points=points))
        elif options is not None:
            said.append(t("boxhelp.not_now"))
        return said

    def draw(self, surface: pygame.Surface, variant, box_id: str, row: pygame.Rect, score: int | None,
             options: Options | None, card: pygame.Rect) -> pygame.Rect:
        """The help on the card, just below the box's line (above it near the bottom): the dice stay in sight."""
        title = str(variant.box(box_id).name)
        size = 19
        rect = pygame.Rect(0, 0, min(WIDTH, card.width - 16), 0)
        width = rect.width - 32
        body: list[str] = []
        for paragraph in self.lines(variant, box_id, score, options):
            body += assets.wrap(paragraph, size, width)
        line = assets.line_height(size)
        head = assets.line_height(24)
        rect.height = 24 + head + line * len(body)
        rect.x = card.x + 8
        below = row.bottom + 10
        rect.y = below if below + rect.height <= card.bottom - 4 else row.top - 10 - rect.height
        panel(surface, rect, theme.PAPER, 12, theme.PREVIEW_INK)
        tip_x = rect.x + 40  # a small arrow to the line it explains
        edge = rect.top if rect.y >= row.bottom else rect.bottom
        towards = -1 if rect.y >= row.bottom else 1
        pygame.draw.polygon(surface, theme.PREVIEW_INK, [(tip_x - 9, edge), (tip_x + 9, edge),
                                                         (tip_x, edge + towards * 9)])
        draw_text(surface, title, 24, theme.INK, (rect.x + 16, rect.y + 12), "topleft", "black", width)
        y = rect.y + 12 + head
        for text in body:
            draw_text(surface, text, size, theme.INK, (rect.x + 16, y), "topleft", "regular", width)
            y += line
        return rect
