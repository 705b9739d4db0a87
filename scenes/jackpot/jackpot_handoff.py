"""Who plays next at Jackpot's table, said plainly over the dice, as the scorecard table hands over:

- at the game's start, who starts: "Ann starts", drawn by lot (symbol dice have no totals to roll off with);
  a person starts with a tap, Enter or Space, a computer after a moment;
- at a later round's start, who starts it ("Round 2 of 3 begins");
- when the controller passes the turn from one person to another at the table (its ``TurnPassed``, kept by the
  table's ``news`` until the turn shows, says the dice are handed over), "Ben's turn", until Ben taps (or presses Enter
  or Space): the dice are handed over. Undo still works meanwhile, since Ben has not acted yet.

A part of :class:`scenes.jackpot.jackpot_table.JackpotTableScene` (its ``handoff``), which owns who the dice pass
to and when that shows; it reads the table it is made with (see :class:`HandOff`).
"""

from __future__ import annotations

import pygame

from game.engine.actions import Roll
from game.rules.i18n import t
from game.table.commands import Ready
from scenes.jackpot.jackpot_paint import TRAY
from scenes.ui import assets, bindings, theme
from scenes.ui.widgets import draw_text, occlude, seat_badge

STARTER_SHOWN = 2.0  # seconds "Ada starts" stays when a computer starts (at the table's animation speed)
VEIL = (10, 20, 14, 200)


class HandOff:
    """The hand-over (see the module docstring). ``table`` is the Jackpot table it shows over: it reads the
    table's session and state, its seat in view (``shown_seat``, ``busy``), ``demo``, the app (sounds, the pad)
    and, while a hand-over is due, its Undo, Roll and Menu buttons (``undo``, ``roll``, ``buttons``)."""

    def __init__(self, table):
        self.table = table
        self.seat: int | None = None  # the seat the dice pass to, shown over the tray
        self.starts = False  # the game's start: it says who starts and how that was chosen
        self.time = 0.0  # a computer starting: seconds before it plays
        self.heard = False  # its sound is played when it shows (the last tile may still be landing when it is due)
        self.last_seat: int | None = None  # whose turn began last
        self.announced_round = 0  # the last round whose start was said (the game's start is round 0)

    def hand_over(self, hand_to: int | None) -> None:
        """A turn begins or goes on: at the game's start say who starts; between two people, hand over
        (``hand_to``: the person the controller's ``TurnPassed`` handed the dice to, scenes.table.turn_news)."""
        table = self.table
        seat, state = table.seat, table.state
        if not any(isinstance(action, Roll) for action in table.session.log) and self.last_seat is None \
                and table.session.start.phase == "lot":
            self._hand_to(seat, starts=True)
        elif state.round > 0 and self.announced_round != state.round and not any(state.racks) \
                and all(tile is None for tile in state.chance):
            self._hand_to(seat, starts=True)  # a later round's start: who starts it, as at the game's start
            self.announced_round = state.round
        elif hand_to is not None and hand_to == seat:
            self._hand_to(seat, starts=False)  # one person hands the dice to another: the controller said so
        self.last_seat = seat

    def _hand_to(self, seat: int, starts: bool) -> None:
        self.seat, self.starts, self.heard = seat, starts, False
        person = self.table.controller.is_person(seat)
        self.time = 0.0 if person else STARTER_SHOWN

    def shown(self) -> bool:
        """The hand-over shows once the seat's own rack is in view and the last tile has landed."""
        return self.seat is not None and self.seat == self.table.shown_seat and not self.table.busy()

    def taken_back(self) -> None:
        """An undo: the person who took back a tile plays on, with nothing to hand over."""
        self.seat, self.time, self.last_seat = None, 0.0, self.table.seat

    def handled(self, intent) -> bool:
        """While a hand-over is due: Undo works, a tap, Enter or Space takes the dice; nothing else acts."""
        if self.seat is None:
            return False
        table = self.table
        if intent.kind == "tap" and table.undo_button.hit(intent.pos) or intent.kind == "undo":
            table.undo()
        elif intent.kind in ("tap", "confirm", "roll") and self.shown():
            self.seat, self.time = None, 0.0
            table.show_events(table.controller.command(Ready()))  # the person has the dice
            if intent.kind == "tap" and table.roll_button.rect.collidepoint(intent.pos):
                table.roll()  # a tap on Roll itself means ready and roll: one tap, not two
        elif intent.kind == "point":
            table.buttons.handle(intent, table.clock.time)  # Undo and Menu still light under the pointer
        return True

    def update(self, dt: float, speed: float) -> None:
        if not self.shown():
            return
        if not self.heard:
            self.heard = True
            self.table.app.play("turn")
        if self.time > 0:
            self.time -= dt * min(speed, 50.0)
            if self.time <= 0:
                self.seat, self.time = None, 0.0

    def draw(self, surface: pygame.Surface) -> None:
        if not self.shown():
            return
        seat, state, app = self.seat, self.table.state, self.table.app
        info = state.seats[seat]
        veil = pygame.Surface(TRAY.size, pygame.SRCALPHA)
        veil.fill(VEIL)
        occlude(surface, TRAY)
        surface.blit(veil, TRAY)
        x = TRAY.centerx
        seat_badge(surface, info.colour, seat, (x, TRAY.y + 62), 30)
        name = assets.fit(assets.printable(info.name), round(48 * assets.text_scale()), TRAY.width - 140, "black")
        title = t("jackpot.starts", name=name) if self.starts else t("table.handoff_turn", name=name)
        for ink, at in (((0, 0, 0), (x + 3, TRAY.y + 145)), (theme.PAPER, (x, TRAY.y + 142))):  # shadow, then ink
            draw_text(surface, title, 48, ink, at, "center", "black", TRAY.width - 40, quiet=ink != theme.PAPER,
                      smallest=32)  # a headline: whole, shrunk further if need be (TV text, long names)
        lines = []
        if self.starts:
            lines.append(t("jackpot.by_lot") if state.round == 0 else
                         t("jackpot.round_begins", round=state.round + 1, rounds=self.table.variant.rounds))
        if self.time <= 0:  # a person: they go on when ready
            pad = bindings.pad_in_hand(app)
            lines.append(t("table.handoff_tap") if getattr(app, "kiosk", None) and not pad
                         else bindings.words("table.handoff_ready", pad))
        for k, line in enumerate(lines):
            draw_text(surface, line, 24, (230, 220, 200), (x, TRAY.y + 206 + k * assets.line_height(24, 1.3)),
                      "center", "regular", TRAY.width - 40)
