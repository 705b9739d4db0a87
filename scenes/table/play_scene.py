"""What every game table shares: the table's controller it shows, the menu, undo, and the first say on input.

The controller (``game.table``) decides: who may act, the hand-over between people, undo, the computers'
pace. A table scene turns input into its commands and shows the events that come back (``show``)."""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from game.engine.actions import Score
from game.engine.session import Session
from game.rules.i18n import t
from game.speech.narrator import Narrator
from game.table.commands import AllowUndo, NextTip, Ready, RefuseUndo, Undo
from game.table.controller import controller_for
from game.table.events import Moved, Refused, TipAsked, UndoAsked, Undone
from game.table.pace import PACES, Pace, pace_named
from scenes.dice.physics.dice_throw import Toss
from scenes.dice.physics.throw_gesture import ThrowGesture
from scenes.persist import Autosave, remember
from scenes.speaking import coach_words
from scenes.ui.dialogs import ConfirmDialog
from scenes.ui.stack import Scene, showing

BOT_FASTEST = 4.0  # even at the fastest animations a computer's moves can be followed


class FarPart(Protocol):
    """A game far away, handed to its table (scenes.online.far_table.FarLink): who plays each seat, and the few
    points where the table hands it what it needs. The room is such a game's save: the table keeps nothing."""

    drivers: list[Any]  # game.table.seats drivers: the person here, the far seats

    def sent(self, seat: int, move: Any, state: Any) -> None: ...

    def news(self, dt: float, session: Session, throwing: bool, cup: Any) -> bool: ...

    def showing(self) -> bool: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def close(self) -> None: ...


class PlayScene(Scene):
    screen = "table"
    can_undo = False
    throwing = False  # dice in the air: input waits (a tap skips)
    walkthrough = None  # the first-game tips (a scenes.table.walkthrough.Walkthrough) while they are offered
    coach = None  # the scorecard tables' coach (a game.coach.coach.Coach)

    def __init__(self, app, session: Session, demo: bool = False, far: FarPart | None = None):
        super().__init__(app)
        self.session = session
        self.variant = session.variant
        self.demo = demo
        self.far = far  # a game far away: its seats and dice are the room's
        self.keeps = far is None  # kept on this machine as it is played (a game far away's room is its save)
        if self.keeps:
            session.listen(Autosave(app, demo))  # every move and undo is kept as it happens
        # A kiosk keeps no resumable game and allows no undo; a demo is watched, so every seat is a computer.
        self.controller = controller_for(session, far.drivers if far is not None else None, demo=demo,
                                         undo=self.keeps and not getattr(app, "keeps_nothing", False),
                                         pace=self.pace())
        self.controller.before_move.append(self.judge)
        if far is not None:  # the person's moves go to the room, each with the game as it stands
            self.controller.before_move.append(lambda seat, move: far.sent(seat, move, self.state))
        self.gesture = ThrowGesture()  # a person shaking the cup or flicking the dice
        self.toss: Toss | None = None  # how a person's next throw leaves the hand

    def refresh_buttons(self) -> None:
        """The buttons' words and whether they can be pressed (each table its own)."""

    def words_changed(self) -> None:
        self.refresh_buttons()

    def exit(self) -> None:
        self.flush()  # left for the title (or anywhere): a hold made since the last save comes back with Continue
        if self.coach is not None:
            self.coach.close()
        if self.far is not None:
            self.far.close()

    def flush(self) -> None:
        if self.keeps and not self.state.is_terminal():  # a finished game went into the records when it ended
            remember(self.app, self.session, None, self.demo)

    @property
    def state(self):
        return self.controller.state  # a new object after an undo: never keep it

    @property
    def seat(self) -> int:
        return self.controller.seat

    def tips_due(self, setting: str, first_move: type) -> bool:
        """First-game tips: once (while ``setting`` is on), for people at a home table, before the first such move."""
        return (getattr(self.app.settings, setting) and not self.demo and self.app.kiosk is None
                and any(not seat.is_computer for seat in self.state.seats)
                and not any(isinstance(action, first_move) for action in self.session.log))

    def walkthrough_shown(self) -> bool:
        """Its tips show on a person's turn; a tip about the dice waits until they are on the table."""
        tips = self.walkthrough
        if tips is None or not tips.active or not self.person_to_play():
            return False
        return not tips.step.needs_dice or self.state.dice is not None

    def walkthrough_handled(self, intent) -> bool:
        """The tips' own buttons and keys come first; everything else goes on to the table. Their Next key
        is a command of the person to play (``NextTip``): the tip moves on when the controller says so."""
        if not self.walkthrough_shown():
            return False
        if intent.kind == "next_tip":
            for event in self.controller.command(NextTip()):
                if isinstance(event, TipAsked):
                    self.walkthrough.next()
            return True
        return self.walkthrough.handle(intent, self.clock.time)

    def walkthrough_noticed(self, seat: int, action) -> None:
        """A person's move: a tip waiting for it moves on."""
        if self.walkthrough is not None and self.controller.is_person(seat):
            self.walkthrough.noticed(action)

    def pace(self) -> Pace:
        """The computer players' pace; a demo (and the kiosk's attract mode) is watched at the relaxed one."""
        return PACES["relaxed"] if self.demo else pace_named(self.app.settings.computer_pace)

    def box_seconds(self, seat: int) -> float:
        """Seconds a filled box stays in view with its dice before the next turn: a computer's at its pace; a
        person's as at the relaxed pace (briefly at the instant animations)."""
        if self.app.animation_speed() > 100:
            return PACES["instant"].scored
        computer = not self.controller.is_person(seat)
        return self.pace().scored if computer else PACES["relaxed"].scored

    def computer_dice(self) -> float:
        """How much faster the dice fly now: a computer's, at its pace; a person's, as the animations are."""
        seat = self.seat
        return self.pace().dice if seat >= 0 and not self.controller.is_person(seat) else 1.0

    # ------------------------------------------------------- the one play sequence --
    def act(self, action) -> None:
        """A person's move at this screen, through the controller (which checks it is theirs to make and
        legal); the table shows what it did. The table's own input waits for the person handed the dice to say
        they are ready; a move made by that very person means they have the dice (a tap on Roll: ready, and roll)."""
        if self.controller.awaiting == self.seat:
            self.show_events(self.controller.command(Ready()))
        self.show_events(self.controller.command(action))

    def show_events(self, events: list) -> None:
        """What the controller says happened, each event shown by the table in turn (``show``)."""
        for event in events:
            if isinstance(event, Moved):
                self.walkthrough_noticed(event.seat, event.action)
                self.can_undo = self.undo_allowed()
            self.show(event)  # a refusal too: the table says why in the players' words (scenes.table.refusal)
        self.narrate(events)
        self.shown(events)

    # ------------------------------------------------------------- speech --
    def narrator(self) -> Narrator:
        """What is said aloud at this table (game.speech), at the verbosity the player chose now."""
        return Narrator(self.variant, self.app.settings.speech_verbosity, self.controller.is_person)

    def narrate(self, events: list) -> None:
        """Each event said, in order, after what is being said (a key press cuts it: scenes.app)."""
        if not self.app.speech.listened():
            return
        narrator = self.narrator()
        for event in events:
            self.app.speech.speak(narrator.event(event, self.state))

    def read_aloud(self, kind: str) -> None:
        """The speech keys a table answers: F4 the card, F5 the dice, F6 everyone's scores, F7 the coach."""
        narrator, state = self.narrator(), self.state
        if kind == "speech_coach":
            self.app.speech.speak(coach_words(self), interrupt=True)
        elif kind == "speech_card":
            self.app.speech.speak(narrator.card(state), interrupt=True)
        elif kind == "speech_dice":
            self.app.speech.speak(narrator.dice(state), interrupt=True)
        else:
            self.app.speech.speak(narrator.scores(state), interrupt=True)

    def judge(self, seat: int, action) -> None:
        """Told of every move just before it is made (the coach weighs a person's choice)."""

    def show(self, event) -> None:
        """Show one event of the controller's: each table its own way."""

    def shown(self, events: list) -> None:
        """Every event of a move has been shown (a table may then start the next turn's words)."""

    def undo(self) -> None:
        """The person at this screen with the dice (the controller's ``holder``: the person to play, or at a
        hand-over the one passing the dice on) asks to take back the last box filled or tile dropped."""
        if self.waiting() or self.controller.holder is None:
            return
        self.undo_answered(self.controller.command(Undo(self.controller.holder)))

    def undo_answered(self, events: list) -> None:
        """Taken back: shown. Another person's move: they are asked in the window, their answer decides."""
        for event in events:
            if isinstance(event, UndoAsked):
                self.ask_owner(event)
            elif isinstance(event, Undone):
                self.can_undo = self.undo_allowed()
                self.show_undo()
                self.app.play("hold")
            elif isinstance(event, Refused):
                self.show(event)  # nothing to take back, or its owner kept it: said in the window

    def ask_owner(self, asked: UndoAsked) -> None:
        """"Take back Kid's Small Straight?", to Kid: the focus starts on keeping it."""
        seats = self.state.seats
        owner, by = seats[asked.owner].name, seats[asked.by].name
        move = self.variant.box(asked.move.box).name if isinstance(asked.move, Score) else t("table.undo_tile")
        dialog = ConfirmDialog(self.app, t("table.undo_ask_title", owner=owner, move=move),
                               t("table.undo_ask_message", owner=owner, by=by), t("table.undo_ask_yes"),
                               lambda: self.undo_answered(self.controller.command(AllowUndo(asked.owner))),
                               t("table.undo_ask_no"),
                               on_no=lambda: self.undo_answered(self.controller.command(RefuseUndo(asked.owner))))
        self.app.stack.push(dialog)

    def show_undo(self) -> None:
        """Show the table as it is again after an undo."""

    def busy(self) -> bool:
        """Something is still moving on the table."""
        return False

    def animating(self) -> bool:
        """Frames keep coming while anything moves or a computer is to move; a person's turn with nothing
        moving is at rest, and no frame is drawn until something happens (scenes.app)."""
        seat = self.seat
        computer = seat >= 0 and self.controller.drivers[seat].paced  # a far seat's move comes with news
        return self.moving() or computer or self.far is not None and self.far.showing()

    def moving(self) -> bool:
        """Dice, the cup, a tween or the tips' pulse move (a computer waiting to move changes nothing drawn)."""
        tips = self.walkthrough_shown() and self.walkthrough.pulsing()
        cup = self.gesture.active or self.tray.cup.visible
        prepared = not self.can_roll() or not self.tray.preparing()  # a quick flick's flight worked out ahead
        return self.clock.busy() or self.busy() or self.tray.busy() or cup or tips or not prepared

    def throw_dice(self, faces, rolling: list[bool]) -> None:
        """The dice leave the hand toward the faces the engine drew (they land at once at "instant" speed). A
        person's throw goes as they shook or flicked it; a computer's (and a plain tap) from the cup at the
        player's edge."""
        toss, self.toss = self.toss, None
        instant = self.app.animation_speed() > 100 or self.computer_dice() > 100
        if toss is None or toss.pos is None:
            self.tray.cup.shake()
        if toss is None or toss.strength == 1.0:
            self.app.play("rattle")  # a plain throw: one rattle; a shaken one rattled all along
        with showing(self.app):  # the engine has decided and kept the roll: a stop may cut its flight short
            self.tray.throw(faces, rolling, toss)
        self.throwing = True
        if instant:
            self.tray.skip()
            self.tray.cup.drop()

    def can_roll(self) -> bool:
        """A person may roll now."""
        return not self.throwing and self.person_to_play() and self.controller.view_for(self.seat).may_roll

    def gesture_handled(self, intent) -> bool:
        """Shaking the cup (press and hold Roll, Space or a long touch) and flicking the dice across the felt.
        True when ``intent`` was part of a throw."""
        gesture, kind = self.gesture, intent.kind
        if kind == "roll_up":
            self.let_go(gesture.key_up())
            return True
        if kind == "release" and gesture.active:
            shaking = gesture.by is not None
            toss = gesture.release(intent.pos)
            if toss is None:
                self.tray.cup.drop()
            self.let_go(toss)
            return shaking or toss is not None
        if kind == "point" and gesture.dragging:
            gesture.move(intent.pos)
            return False  # hovering goes on as well
        if not self.can_roll() or gesture.active:
            return False
        if kind == "roll" or kind == "tap" and self.roll_button.rect.collidepoint(intent.pos):
            gesture.shake("key" if kind == "roll" else "pointer")
        elif kind == "tap" and self.tray.tray.collidepoint(intent.pos) and self.tray.die_at(intent.pos) is None:
            gesture.start_drag(intent.pos)
            self.tray.cup.shake(intent.pos)
        else:
            return False
        if not gesture.dragging:
            self.tray.cup.shake()
        self.tray.take_up(self.rolling_now(), gesture.aim_now())  # the dice go into the cup
        self.app.start_rattle(self.tray.cup.loudness())  # dragging the cup rattles too
        return True

    def rolling_now(self) -> list[bool]:
        """The dice a roll now would throw: those not held (a table whose rolls differ says so; a wrong guess
        only costs the flight worked out while shaking)."""
        return [not self.tray.is_held(i) for i in range(self.tray.count)]

    def let_go(self, toss: Toss | None) -> None:
        """The dice leave the hand as ``toss`` says: the engine is asked to roll (the table says whether it may)."""
        if toss is None:
            return
        self.app.stop_rattle()
        self.toss = toss
        self.roll()
        if self.toss is not None:  # no roll came of it after all
            self.toss = None
            self.tray.cup.drop()

    def roll(self) -> None:
        """Roll now, if a person may (each table says)."""

    def update_dice(self, dt: float, speed: float) -> bool:
        """Tips, the cup, then the tray's dice at the table's speed; True once thrown dice have come to rest."""
        if self.walkthrough is not None:
            self.walkthrough.update(dt)
        toss = self.gesture.update(dt)
        if self.gesture.active:
            if self.gesture.by is not None or self.gesture.where is not None:
                self.tray.cup.shake(self.gesture.where)
            if self.can_roll():  # the flight is worked out while the hand still shakes or drags
                self.tray.take_up(self.rolling_now(), self.gesture.aim_now())
            self.app.set_rattle(self.tray.cup.loudness())
        self.let_go(toss)
        self.tray.speed = min(speed * self.computer_dice(), 50.0)
        self.tray.update(dt)
        if self.throwing and not self.tray.busy():
            self.throwing = False
            return True
        return False

    def waiting(self) -> bool:
        """Something a computer's move or an undo must wait for (by default: whatever still moves)."""
        return self.busy()

    def bot_waits(self) -> bool:
        return self.waiting()

    def drive_bot(self, dt: float, speed: float = 1.0) -> None:
        """A computer seat plays when the table is ready for it, at its pace (the controller keeps time): ``dt``
        real seconds, the table's animations ``speed`` times faster (its pauses shrink, an undo's grace not)."""
        self.controller.pace = self.pace()
        if self.far is not None and self.far.news(dt, self.session, self.throwing, self.tray.cup):
            self.app.redraw()  # the room's news shows at once, even on a table at rest
        if self.app.stack.top is self:
            ready = not self.bot_waits() and not self.app.speech.busy()  # what they did is heard before more
            self.show_events(self.controller.update(dt, ready=ready, speed=speed))

    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface)  # each table's painter
        if self.far is not None:
            self.far.draw(surface)  # what a game far away waits for, a refusal from its room

    def undo_allowed(self) -> bool:
        """The person at this screen with the dice may take back the last move (or ask its owner to)."""
        return bool(self.controller.may_undo())

    def open_menu(self) -> None:
        self.app.go("pause", self.variant, self.quit_to_title)

    def quit_to_title(self) -> None:
        self.app.go("title", how="clear")

    def handle_first(self, intent, menu_button):
        """Input every table treats alike. Returns (done, intent to hand back)."""
        if intent.kind in ("quit", "fullscreen", "help"):
            return True, intent
        if intent.kind in ("speech_card", "speech_dice", "speech_scores", "speech_coach"):
            self.read_aloud(intent.kind)  # a demo's too: a blind spectator follows it as well
            return True, None
        if intent.kind in ("back", "menu"):
            self.open_menu()
            return True, None
        if intent.kind == "tap" and menu_button.hit(intent.pos):
            menu_button.press(self.clock.time)
            return True, None
        if self.demo:  # a demo is watched: a tap opens the menu
            if intent.kind in ("tap", "confirm"):
                self.open_menu()
            return True, None
        return False, None
