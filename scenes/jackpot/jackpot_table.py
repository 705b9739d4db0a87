"""Jackpot Yahtzee's table: symbol dice, the tile picker, the supply, and every seat's rack.

The current seat's rack is drawn large, the others small beneath it. A
person rolls, picks the tile where the roll gives a choice, and taps a
column (or the Chance Space); columns where the tile can go light up and a
ghost tile shows where it would land. The controller judges: its turn
(``controller.turn()``) says what the person may do, every move goes to it as a
command, and the views animate its events (a ``Refused`` drop is said by the
``heading``, a ``TurnPassed`` kept in the ``news`` drives the ``handoff``). The ``aim``
(jackpot_aim.Aim) keeps the cursor and lights the big rack; jackpot_racks lays
the racks out and drops their tiles. Who starts, and
the hand-over between people, show over the dice (``handoff``, a
jackpot_handoff.HandOff); the words over the picker, a drop the rules refuse
among them, are the ``heading``'s (jackpot_heading.Heading); the ``painter``
(jackpot_paint.JackpotPainter) draws the table.

Keys: Space rolls; Tab (or Up/Down) switches the tile; 1-5 drop it into that
column, C into the Chance Space (or keeps the Chance Space tile), X returns
that tile; Left/Right move a visible cursor over the columns and the Chance
Space and Enter drops the tile where it stands (Enter also rolls).
"""

from __future__ import annotations

import pygame

from game.engine.actions import ChanceOption, Place, Roll
from game.engine.jackpot_state import CHANCE_SPACE, Returned
from game.engine.session import Session
from game.rules.i18n import t
from game.table.events import Moved, Rolled, RoundOver, Tiles
from scenes.jackpot.jackpot_aim import Aim
from scenes.jackpot.jackpot_dice import symbol_dice_tray
from scenes.jackpot.jackpot_handoff import HandOff
from scenes.jackpot.jackpot_heading import Heading
from scenes.jackpot.jackpot_paint import BIG_RACK, PICKER, SMALL_RACKS, TRAY, JackpotPainter, portrait_parts
from scenes.jackpot.jackpot_racks import arrange, show_tiles
from scenes.jackpot.rack_view import RackView
from scenes.table.play_scene import FarPart, PlayScene
from scenes.table.walkthrough import JACKPOT_STEPS, Walkthrough
from scenes.ui import theme
from scenes.ui.widgets import Button, ButtonRow

SEEN = 0.8  # seconds the big rack stays in view after its tile lands, before the next player's comes


class JackpotTableScene(PlayScene):
    bindings = "jackpot"

    def __init__(self, app, session: Session, demo: bool = False, far: FarPart | None = None):
        super().__init__(app, session, demo, far)
        self.handoff = HandOff(self)  # who the dice pass to, over the tray
        self.heading = Heading(self)  # the words over the picker
        inner = TRAY.inflate(-40, -40)
        dice = [(d.faces, d.colour) for d in self.variant.dice]
        self.tray = symbol_dice_tray(inner, pygame.Rect(inner.x, inner.bottom - 4, inner.width, 4), dice, size=70,
                                   seed=session.seed)
        # A tray that names no material (the flat one) throws its dice onto the felt.
        self.tray.on_hit = lambda strength, material="felt": app.play_hit(material, strength)
        self.racks = [RackView(pygame.Rect(BIG_RACK), self.variant.columns,
                               theme.seat_colour(seat.colour, i), seat.name) for i, seat in enumerate(session.seats)]
        self.shown_seat = -1
        self.seen = SEEN  # counts down once the tiles have landed; then the view moves to the next player
        self.choice = 0  # which of the allowed symbols the person has picked
        self.aim = Aim()  # the keyboard's cursor and the mouse's column, and what the big rack lights for them
        self.move = None  # the move being shown
        self.throwing = False
        self.round_pending = False
        self.roll_button = Button(pygame.Rect(16, 672, 300, 112), "", self.roll, size=40)
        self.menu_button = Button(pygame.Rect(16, 6, 120, 50), "", self.menu.open, style="quiet", size=22)
        self.keep_button = Button(pygame.Rect(PICKER.x + 20, PICKER.bottom - 74, 220, 58), "",
                                  lambda: self.act(ChanceOption("keep")), style="quiet", size=22)
        self.return_button = Button(pygame.Rect(PICKER.x + 260, PICKER.bottom - 74, 220, 58), "",
                                    lambda: self.act(ChanceOption("return")), style="quiet", size=22)
        self.undo_button = Button(pygame.Rect(146, 6, 180, 50), "", self.undo, style="quiet", size=22)
        self.can_undo = False
        self.buttons = ButtonRow([self.roll_button, self.menu_button, self.undo_button, self.keep_button,
                                  self.return_button], one_choice=False)  # apart on the table: Roll stays lit
        self.painter = JackpotPainter(self)

    # --------------------------------------------------------- lifecycle --
    def enter(self) -> None:
        self.refresh_buttons()
        self.flush()  # a new game is kept from its first moment
        self.can_undo = self.undo_allowed()
        self.sync_views()
        self.news.heard(self.controller.opening)  # the first turn, as the controller opened the table
        self._turn_started()
        if self.tips_due("jackpot_walkthrough", Place):
            big = self.racks[self.shown_seat] if self.shown_seat >= 0 else self.racks[0]
            targets = {"roll": self.roll_button.rect, "rack": BIG_RACK, "chance": big.chance_rect()}
            area = pygame.Rect(SMALL_RACKS.x, SMALL_RACKS.y, SMALL_RACKS.width - 10, 0)
            self.walkthrough = Walkthrough(self.app, self.variant, targets, area, JACKPOT_STEPS,
                                           "jackpot_walkthrough", done=self.session.played())

    def resume(self) -> None:
        self.refresh_buttons()  # the language may have changed in the settings

    def refresh_buttons(self) -> None:
        """The buttons' words (again when the language changes: PlayScene.words_changed)."""
        self.roll_button.label = t("jackpot.roll")
        self.menu_button.label = t("common.menu")
        self.undo_button.label = t("common.undo")
        self.keep_button.label = t("jackpot.keep")
        self.return_button.label = t("jackpot.return")

    def _arrange(self) -> None:
        """The current seat's rack large, the others small in a row beneath."""
        if self.state.seat != self.shown_seat:
            self.shown_seat = self.state.seat
            arrange(self.racks, self.shown_seat)

    # ------------------------------------------------------------ helpers --
    def binding_table(self) -> str:
        """At the Chance Option with no tip showing, the pad's RT returns the tile; else it is the tips' Next."""
        chance = self.controller.turn().stage == "chance_option" and not self.walkthrough_shown()
        return "jackpot_chance" if chance else self.bindings

    def person_to_play(self) -> bool:
        return (self.controller.may_move() and not self.throwing and not self.round_pending
                and self.seat == self.shown_seat and self.handoff.seat is None)

    def busy(self) -> bool:
        return self.throwing or any(view.busy() for view in self.racks)

    def waiting(self) -> bool:
        return self.busy() or self.round_pending

    def portrait_parts(self) -> list[pygame.Rect]:
        return portrait_parts()

    def moving(self) -> bool:
        return (super().moving() or self.round_pending or self.heading.refusal is not None or self.handoff.time > 0
                or any(view.moving() for view in self.racks)
                or self.seat >= 0 and self.seat != self.shown_seat)  # the view moves on in a moment

    def bot_waits(self) -> bool:
        return self.waiting() or self.seat != self.shown_seat or self.handoff.seat is not None  # on the rack in view

    def symbols(self) -> tuple[str, ...]:
        if self.throwing:
            return ()  # the dice have not settled: the tile would give the result away
        return self.controller.turn().symbols  # the controller's: what this roll gives

    def chosen(self) -> str | None:
        symbols = self.symbols()
        return symbols[self.choice % len(symbols)] if symbols else None

    def picked(self) -> int:
        """The tile marked in the picker: the person's choice, or the one a computer has chosen."""
        symbols = self.symbols()
        chosen = self.controller.chosen
        if isinstance(chosen, Place) and chosen.symbol in symbols:
            return symbols.index(chosen.symbol)
        return self.choice % max(1, len(symbols))

    # ------------------------------------------------------------- acting --
    def show(self, event) -> None:
        if isinstance(event, Moved):
            self.move = event.action
        elif isinstance(event, Rolled):
            self.throw_dice(event.faces, list(event.rolling))
            self.choice = 0
        elif isinstance(event, Tiles):
            self.heading.move_made(event.roll_class)
            self.heading.note_deed(self.move, event.seat)
            if any(isinstance(tile, Returned) for tile in event.events) and not self.heading.deeds:
                self.heading.say("jackpot.no_room")
            show_tiles(self.racks, event.events, self.app.play, self.app.animation_speed() > 100)
        elif isinstance(event, RoundOver):
            self.round_pending = True  # the round is shown once the last tile has landed

    def shown(self, events: list) -> None:
        if any(isinstance(event, Moved) for event in events):
            self.aim.hover = None
            if not self.round_pending:
                self._turn_started()

    def _turn_started(self) -> None:
        if self.seat < 0:
            return
        self.handoff.hand_over(self.news.hand_to())  # the turn the controller passed, shown now
        if not self.busy():
            self._arrange()  # else once the last tile has landed in the big rack
        seat = self.state.seats[self.seat]
        if self.controller.turn().stage == "roll":  # a person is asked to roll; a computer's turn says who is playing
            computer = not self.controller.is_person(self.seat)
            self.heading.say("jackpot.playing" if computer else "jackpot.your_roll", name=seat.name)

    def _round_over(self) -> None:
        self.round_pending = False
        self.app.play("bonus")  # the round is over; the winner's fanfare is the results' own (game over)
        self.app.go("round_summary", self.session, len(self.state.scores) - 1, self.demo, on_next=self._next_round)

    def _next_round(self) -> None:
        self.sync_views()
        self._turn_started()

    # ------------------------------------------------------- person moves --
    def roll(self) -> None:
        if self.person_to_play() and self.controller.turn().may_roll:
            self.act(Roll())

    def place(self, target: int | str) -> None:
        """A person's tap or key on a column (or the Chance Space): the move the controller says it means, sent
        to it; a drop it refuses is said over the picker, in its words (a full column, a taken Chance Space)."""
        if not self.person_to_play():
            return
        move = self.controller.turn().move(target, self.chosen())
        if move is not None:
            events = self.controller.command(move)
            self.heading.refused(events)
            self.show_events(events)

    def aim_targets(self) -> tuple:
        """Where the person may aim a tile now (the controller's turn says); nothing while it is not theirs."""
        return self.controller.turn().targets() if self.person_to_play() else ()

    def confirm(self) -> None:
        """Enter: roll, or drop the tile where the cursor stands (first showing the cursor if it is hidden)."""
        if not self.person_to_play():
            return
        if self.controller.turn().may_roll:
            self.roll()
            return
        here = self.aim.at(self.aim_targets())
        if here is not None:
            self.place(here)
        else:
            self.aim.move(self.aim_targets(), 1)

    def show_undo(self) -> None:
        """The rack, the supply and the dice as they were just before the tile taken back."""
        self.sync_views()
        self.handoff.taken_back()
        self.heading.say("jackpot.taken_back", name=self.state.seats[self.state.current_player()].name)
        self.heading.banner_first = True  # say whose tile came back before what the roll gives

    def sync_views(self) -> None:
        """Show the state as it is, without animation (on entering, after an undo, for a new round)."""
        self.heading.forget_deeds()
        for seat, view in enumerate(self.racks):
            view.set_tiles(dict(self.state.racks[seat]), self.state.chance[seat])
        self.tray.place(tuple(self.state.dice) if self.state.dice else None, [False] * 4)
        self.shown_seat = -1
        self._arrange()

    # -------------------------------------------------------------- input --
    def handle(self, intent):
        if self.walkthrough_handled(intent):
            return None
        done, unused = self.menu.handled(intent, self.menu_button, self.clock.time)
        if done:
            return unused
        if self.handoff.handled(intent):
            return None
        if self.throwing:
            if intent.kind in ("tap", "roll", "confirm"):
                self.tray.skip()
            return None
        if self.hand.handled(intent, self.tray, self.roll_button):
            return None
        big = self.racks[self.shown_seat] if self.shown_seat >= 0 else None
        if intent.kind == "point" and big is not None:
            self.aim.point(big.column_at(intent.pos))
            self.buttons.handle(intent, self.clock.time)
            return None
        if intent.kind == "tap":
            if big is not None and self.seat == self.shown_seat:
                if big.chance_at(intent.pos):
                    self.place(CHANCE_SPACE)
                    return None
                column = big.column_at(intent.pos)
                if column is not None:
                    self.place(column)
                    return None
            for k in range(len(self.symbols())):
                if self.painter.tile_rect(k).collidepoint(intent.pos):
                    self.choice = k
                    self.app.play("hold")
                    return None
            self.buttons.handle(intent, self.clock.time)
            return None
        if intent.kind == "roll":
            self.roll()
        elif intent.kind == "confirm":
            self.confirm()
        elif intent.kind == "hold" and isinstance(intent.key, int):
            self.place(intent.key)
        elif intent.kind == "nav" and intent.key in ("left", "right"):
            self.aim.move(self.aim_targets(), 1 if intent.key == "right" else -1)
        elif intent.kind == "nav" and intent.key in ("next", "prev", "up", "down") and self.symbols():
            self.choice = (self.choice + (1 if intent.key in ("next", "down") else -1)) % len(self.symbols())
        elif intent.kind == "chance":
            self.place(CHANCE_SPACE)
        elif intent.kind == "chance_return" and "return" in self.controller.turn().chance_options:
            self.act(ChanceOption("return"))
        elif intent.kind == "undo":
            self.undo()
        return None

    # ------------------------------------------------------------- update --
    def update(self, dt: float) -> None:
        speed = self.app.animation_speed()
        self.clock.tick(dt)
        self.heading.refusal_over(dt)
        self.update_dice(dt, speed)
        for view in self.racks:
            view.speed = min(speed, 50.0)
            view.update(dt)
        if self.round_pending and not self.busy() and self.app.stack.top is self:
            self._round_over()
        if self.busy() or self.round_pending or self.seat < 0:
            self.seen = SEEN / min(speed, 4.0)  # the rack stays in view a moment after its tile lands
        elif self.seat != self.shown_seat:
            self.seen -= dt
            if self.seen <= 0:
                self._arrange()
        self._hand_on_dice()
        self.handoff.update(dt, speed)
        self.drive_bot(dt, speed)
        turn = self.controller.turn()
        big = self.racks[self.shown_seat] if self.shown_seat >= 0 else None
        self.aim.light(self.racks, big, turn, self.aim_targets(), self.chosen(), self.controller.chosen,
                       not self.throwing and not self.round_pending)
        self.roll_button.enabled = self.person_to_play() and turn.may_roll
        undo = self.can_undo and not self.state.is_terminal()  # a finished game's card is only looked at
        self.undo_button.enabled = undo and not self.busy()
        self.undo_button.rect.x = 146 if undo else -1000
        chance_stage = self.person_to_play() and bool(turn.chance_options)
        for button in (self.keep_button, self.return_button):
            button.enabled = chance_stage
            button.rect.y = PICKER.bottom - 74 if chance_stage else -500

    def _hand_on_dice(self) -> None:
        """A new turn: once the last tile has landed and the next player's rack is in view, the dice leave the
        felt, handed on as at a real table (the next player is never asked to roll with the last one's dice)."""
        if (self.state.dice is None and not self.throwing and self.seat >= 0 and self.seat == self.shown_seat
                and not self.busy() and any(self.tray.shown_faces())):
            self.tray.place(None, [False] * len(self.variant.dice))
