"""Who plays next at Jackpot's table, said plainly over the dice, as the scorecard table hands over:

- at the game's start, who starts: "Ann starts", drawn by lot (symbol dice have no totals to roll off with);
  a person starts with a tap, Enter or Space, a computer after a moment;
- at a later round's start, who starts it ("Round 2 of 3 begins");
- when play passes from one person to another at the table, "Ben's turn", until Ben taps (or presses Enter
  or Space): the dice are handed over. Undo still works meanwhile, since Ben has not acted yet.

Part of :class:`scenes.tables.jackpot_table.JackpotTableScene`, which brings the session, the state, the racks
and ``undo``.
"""

from __future__ import annotations

import pygame

from game.engine.actions import Roll
from game.table.commands import Ready
from game.rules.i18n import t

from scenes.tables.jackpot_paint import TRAY
from scenes.ui import assets, bindings, theme
from scenes.ui.widgets import draw_text, occlude, seat_badge

STARTER_SHOWN = 2.0  # seconds "Ada starts" stays when a computer starts (at the table's animation speed)
VEIL = (10, 20, 14, 200)


class JackpotHandOff:
    """The hand-over (see the module docstring)."""

    handoff: int | None = None  # the seat the dice pass to, shown over the tray
    handoff_starts = False  # the game's start: it says who starts and how that was chosen
    handoff_time = 0.0  # a computer starting: seconds before it plays
    handoff_heard = False  # its sound is played when it shows (the last tile may still be landing when it is due)
    last_seat: int | None = None  # whose turn began last
    announced_round = 0  # the last round whose start was said (the game's start is round 0)

    def hand_over(self) -> None:
        """A turn begins or goes on: at the game's start say who starts; between two people, hand over."""
        seat, state = self.seat, self.state
        if not any(isinstance(action, Roll) for action in self.session.log) and self.last_seat is None \
                and self.session.start.phase == "lot":
            self._hand_to(seat, starts=True)
        elif state.round > 0 and self.announced_round != state.round and not any(state.racks) \
                and all(tile is None for tile in state.chance):
            self._hand_to(seat, starts=True)  # a later round's start: who starts it, as at the game's start
            self.announced_round = state.round
        elif self.controller.awaiting == seat:  # one person hands the dice to another (the controller says)
            self._hand_to(seat, starts=False)
        self.last_seat = seat

    def _hand_to(self, seat: int, starts: bool) -> None:
        self.handoff, self.handoff_starts, self.handoff_heard = seat, starts, False
        person = self.controller.is_person(seat)
        self.handoff_time = 0.0 if person else STARTER_SHOWN

    def handoff_shown(self) -> bool:
        """The hand-over shows once the seat's own rack is in view and the last tile has landed."""
        return self.handoff is not None and self.handoff == self.shown_seat and not self.busy()

    def taken_back(self) -> None:
        """An undo: the person who took back a tile plays on, with nothing to hand over."""
        self.handoff, self.handoff_time, self.last_seat = None, 0.0, self.seat

    def handoff_handled(self, intent) -> bool:
        """While a hand-over is due: Undo works, a tap, Enter or Space takes the dice; nothing else acts."""
        if self.handoff is None:
            return False
        if intent.kind == "tap" and self.undo_button.hit(intent.pos) or intent.kind == "undo":
            self.undo()
        elif intent.kind in ("tap", "confirm", "roll") and self.handoff_shown():
            self.handoff, self.handoff_time = None, 0.0
            self.show_events(self.controller.command(Ready()))  # the person has the dice
            if intent.kind == "tap" and self.roll_button.rect.collidepoint(intent.pos):
                self.roll()  # a tap on Roll itself means ready and roll: one tap, not two
        elif intent.kind == "point":
            self.buttons.handle(intent, self.clock.time)  # Undo and Menu still light under the pointer
        return True

    def update_handoff(self, dt: float, speed: float) -> None:
        if not self.handoff_shown():
            return
        if not self.handoff_heard:
            self.handoff_heard = True
            self.app.play("turn")
        if self.handoff_time > 0:
            self.handoff_time -= dt * min(speed, 50.0)
            if self.handoff_time <= 0:
                self.handoff, self.handoff_time = None, 0.0

    def draw_handoff(self, surface: pygame.Surface) -> None:
        if not self.handoff_shown():
            return
        seat = self.handoff
        info = self.state.seats[seat]
        veil = pygame.Surface(TRAY.size, pygame.SRCALPHA)
        veil.fill(VEIL)
        occlude(surface, TRAY)
        surface.blit(veil, TRAY)
        x = TRAY.centerx
        seat_badge(surface, info.colour, seat, (x, TRAY.y + 62), 30)
        name = assets.fit(assets.printable(info.name), round(48 * assets.text_scale()), TRAY.width - 140, "black")
        title = t("jackpot.starts", name=name) if self.handoff_starts else t("table.handoff_turn", name=name)
        for ink, at in (((0, 0, 0), (x + 3, TRAY.y + 145)), (theme.PAPER, (x, TRAY.y + 142))):  # shadow, then ink
            draw_text(surface, title, 48, ink, at, "center", "black", TRAY.width - 40, quiet=ink != theme.PAPER,
                      smallest=32)  # a headline: whole, shrunk further if need be (TV text, long names)
        lines = []
        if self.handoff_starts:
            lines.append(t("jackpot.by_lot") if self.state.round == 0 else
                         t("jackpot.round_begins", round=self.state.round + 1, rounds=self.variant.rounds))
        if self.handoff_time <= 0:  # a person: they go on when ready
            pad = bindings.pad_in_hand(self.app)
            lines.append(t("table.handoff_tap") if getattr(self.app, "kiosk", None) and not pad
                         else bindings.words("table.handoff_ready", pad))
        for k, line in enumerate(lines):
            draw_text(surface, line, 24, (230, 220, 200), (x, TRAY.y + 206 + k * assets.line_height(24, 1.3)),
                      "center", "regular", TRAY.width - 40)
