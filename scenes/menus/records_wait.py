"""While the records are opened at start-up (game.store.records_prepare): "Bringing your records over… 40%"
over the screen below, with a bar. The window keeps answering (close, F11, F1) while the work goes on in its
own thread; the scene only looks how far it is, and goes when it is done (then opens what waited, if anything).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.rules.i18n import t
from scenes.ui import theme
from scenes.ui.stack import Scene
from scenes.ui.textfit import draw_lines
from scenes.ui.widgets import dim, panel, rounded

BOX = pygame.Rect(0, 0, 760, 250)
BAR = pygame.Rect(0, 0, 600, 26)


class RecordsWait(Scene):
    screen = "records_wait"
    transparent = True

    def __init__(self, app, then: Callable[[], object] | None = None):
        super().__init__(app)
        self.then = then  # what waited for the records (the records screen), opened once they are ready
        self.shown: tuple[str | None, int] = (None, 0)  # the task and the percent on screen
        self.look()

    def look(self) -> bool:
        """How far the work is, as the screen shows it; whether that changed."""
        job = self.job()
        now = (job.task, int(job.progress * 100)) if job is not None else self.shown
        changed, self.shown = now != self.shown, now
        return changed

    def job(self):
        return self.app.records_opening.job

    def handle(self, intent):
        if intent.kind in ("quit", "fullscreen", "help"):
            return intent
        return None  # nothing else to do here: the work goes on by itself

    def update(self, dt: float) -> None:
        super().update(dt)
        job = self.job()
        if job is None or not job.busy:
            self.app.stack.pop()
            if self.then is not None:
                self.then()
            return
        if self.look():
            self.app.redraw()

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 120)
        box = BOX.copy()
        box.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
        panel(surface, box, theme.PAPER, 16, theme.WOOD_LIGHT)
        task, percent = self.shown
        if task is None:  # only opening (checking) the file: no figure to give
            draw_lines(surface, t("records.opening"), 30, theme.INK, box.center, "center", "black", box.width - 60)
            return
        words = t(f"records.{task}", percent=percent)
        draw_lines(surface, words, 30, theme.INK, (box.centerx, box.y + 62), "center", "black", box.width - 60)
        bar = BAR.copy()
        bar.center = (box.centerx, box.y + 130)
        rounded(surface, (226, 218, 196), bar, 13)
        if percent:
            rounded(surface, theme.PREVIEW_INK, pygame.Rect(bar.x, bar.y, max(26, bar.width * percent // 100),
                                                            bar.height), 13)
        draw_lines(surface, t("records.kept_note"), 19, theme.INK_SOFT, (box.centerx, box.bottom - 48), "center",
                   "regular", box.width - 60)
