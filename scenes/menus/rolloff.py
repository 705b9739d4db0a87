"""The roll-off: every seat throws all the dice, the highest total starts, ties throw again.

The engine decides (its roll-off phase); this scene shows each throw. A tap
skips to the table at once.
"""

from __future__ import annotations

import pygame

from game.engine.actions import Roll
from game.engine.session import Session
from game.rules.i18n import t
from scenes.dice.dice_tray import DiceTray
from scenes.persist import Autosave, remember
from scenes.ui import bindings, theme
from scenes.ui.stack import Scene, showing
from scenes.ui.widgets import draw_text, framed_felt, panel, rounded, seat_badge, shadowed_text, wood

TRAY = pygame.Rect(40, 120, 760, 560)
LIST = pygame.Rect(830, 120, 410, 560)
PAUSE_BETWEEN = 0.5
SHOW_STARTER = 1.4


class RollOffScene(Scene):
    screen = "roll_off"

    def __init__(self, app, session: Session, demo: bool = False):
        super().__init__(app)
        self.session = session
        self.state = session.state
        self.demo = demo
        session.listen(Autosave(app, demo))  # each throw is kept: a power cut at "Who starts?" offers Continue
        inner = TRAY.inflate(-44, -44)
        self.tray = DiceTray(inner, pygame.Rect(inner.x, inner.bottom - 10, inner.width, 10), session.variant.dice,
                             size=72, seed=session.seed)
        # A tray that names no material (the flat one) throws its dice onto the felt.
        self.tray.on_hit = lambda strength, material="felt": app.play_hit(material, strength)
        self.wait = 0.4
        self.thrower: int | None = None
        self.results: dict[int, list[int]] = {}  # seat -> totals of each round it threw
        self.done_time: float | None = None

    def enter(self) -> None:
        if self.state.phase != "rolloff":
            self._to_table()  # decided already
        else:
            self.flush()  # a power cut at "Who starts?" still offers Continue

    def flush(self) -> None:
        remember(self.app, self.session, None, self.demo)

    def _throw(self) -> None:
        self.thrower = self.state.seat
        # The last throw ends the roll-off and clears the table, so the faces come from the chance step.
        faces = self.session.act(Roll())[-1].faces
        self.app.play("rattle")
        with showing(self.app):  # decided and kept: a stop may cut its flight short
            self.tray.throw(faces, [True] * len(faces))
        if self.app.animation_speed() > 100:
            self.tray.skip()
        self.results.setdefault(self.thrower, []).append(sum(faces))

    def _to_table(self) -> None:
        self.app.go("table", self.session, self.demo, how="replace")

    def skip(self) -> None:
        while self.state.phase == "rolloff":
            self._throw()
        self._to_table()

    def handle(self, intent):
        if intent.kind in ("quit", "fullscreen", "help"):
            return intent
        if intent.kind in ("tap", "confirm", "roll", "back"):
            self.skip()
        return None

    def animating(self) -> bool:
        return True  # dice thrown one seat after another, then straight on to the table: never at rest

    def update(self, dt: float) -> None:
        speed = min(self.app.animation_speed(), 50.0)
        super().update(dt)
        self.tray.speed = speed * 1.3  # a roll-off is quick
        self.tray.update(dt)
        if self.tray.busy():
            return
        if self.state.phase != "rolloff":
            if self.done_time is None:
                self.done_time = 0.0
                self.app.play("turn")
            self.done_time += dt * speed
            if self.done_time >= SHOW_STARTER:
                self._to_table()
            return
        self.wait -= dt * speed
        if self.wait <= 0:
            self._throw()
            self.wait = PAUSE_BETWEEN

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(wood((theme.WIDTH, theme.HEIGHT), 5), (0, 0))
        framed_felt(surface, TRAY)
        self.tray.draw(surface)
        shadowed_text(surface, t("rolloff.title"), 48, theme.PAPER, (TRAY.centerx, 64), "center", "title")
        panel(surface, LIST, theme.PAPER, 16)
        draw_text(surface, t("rolloff.highest_starts"), 24, theme.INK, (LIST.x + 20, LIST.y + 30), "midleft", "black",
                  LIST.width - 40)
        contenders = set(self.state.contenders) if self.state.phase == "rolloff" else set()
        for i, seat in enumerate(self.state.seats):
            row = pygame.Rect(LIST.x + 14, LIST.y + 64 + i * 76, LIST.width - 28, 66)
            starting = self.state.phase != "rolloff" and self.state.starter == i
            out = self.state.phase == "rolloff" and i not in contenders
            rounded(surface, (255, 232, 160) if starting else (240, 234, 216), row, 10)
            if i == self.thrower and self.state.phase == "rolloff" or starting:
                rounded(surface, theme.WOOD, row, 10, 3)
            seat_badge(surface, seat.colour, i, (row.x + 26, row.centery), 14)
            draw_text(surface, seat.name, 24, theme.INK_FAINT if out else theme.INK, (row.x + 52, row.centery),
                      "midleft", "bold", row.width - 170)
            totals = self.results.get(i, [])
            shown = " / ".join(str(t) for t in totals)
            if totals and i == self.thrower and self.tray.busy():
                shown = " / ".join(str(t) for t in totals[:-1] + ["…"])
            draw_text(surface, shown, 26, theme.INK, (row.right - 14, row.centery), "midright", "black", 110)
        if len(self.state.rolloff_rounds) and self.state.phase == "rolloff" and not self.tray.busy():
            draw_text(surface, t("rolloff.tie"), 24, theme.PAPER, (TRAY.centerx, TRAY.bottom + 40), "center", "bold",
                      TRAY.width)
        if self.state.phase != "rolloff" and not self.tray.busy():
            name = self.state.seats[self.state.starter].name
            words, pos = t("rolloff.starts", name=name), (TRAY.centerx, TRAY.bottom + 44)
            draw_text(surface, words, 44, (0, 0, 0), (pos[0] + 3, pos[1] + 3), "center", "black", TRAY.width)
            draw_text(surface, words, 44, (255, 236, 170), pos, "center", "black", TRAY.width)
        else:
            pad = bindings.pad_in_hand(self.app)
            skip = t("rolloff.tap_only") if getattr(self.app, "kiosk", None) and not pad else bindings.words(
                "rolloff.tap_to_skip", pad)
            draw_text(surface, skip, 20, (220, 210, 190), (LIST.centerx, LIST.bottom + 40),
                      "center", "regular", LIST.width)

