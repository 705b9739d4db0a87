"""What every game table shares: the table's controller it shows, the menu, undo, and the first say on input.

The controller (``game.table``) decides: who may act, the hand-over between people, undo, the computers'
pace. A table scene turns input into its commands and shows the events that come back (``show``)."""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from game.engine.session import Session
from game.table.commands import NextTip, Ready, Undo
from game.table.controller import controller_for
from game.table.events import Moved, TipAsked, Undone
from scenes.persist import Autosave, remember
from scenes.speaking import coach_words
from scenes.table.computer_pace import ComputerPace
from scenes.table.table_menu import TableMenu
from scenes.table.table_voice import TableVoice
from scenes.table.throw_hand import ThrowHand
from scenes.table.turn_news import TurnNews
from scenes.table.undo_asking import UndoAsking
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
        self.pacing = ComputerPace(demo, lambda: app.settings.computer_pace, app.animation_speed)
        self.far = far  # a game far away: its seats and dice are the room's
        self.keeps = far is None  # kept on this machine as it is played (a game far away's room is its save)
        if self.keeps:
            session.listen(Autosave(app, demo))  # every move and undo is kept as it happens
        # A kiosk keeps no resumable game and allows no undo; a demo is watched, so every seat is a computer.
        self.controller = controller_for(session, far.drivers if far is not None else None, demo=demo,
                                         undo=self.keeps and not getattr(app, "keeps_nothing", False),
                                         pace=self.pacing.pace())
        self.controller.before_move.append(self.judge)
        self.voice = TableVoice(app, self.variant, self.controller.is_person, lambda: self.state,
                                lambda: coach_words(self))  # what is said aloud
        self.menu = TableMenu(app, self.variant, demo, self.voice.read_aloud)  # its own, the keys every table shares
        self.undo_asking = UndoAsking(app, self.controller, self.variant, self.undone, self.show)
        self.hand = ThrowHand(app, lambda: self.roll(), self.can_roll)  # shaking the cup, flicking the dice
        self.news = TurnNews()  # the controller's TurnPassed and GameOver, until the table shows them
        if far is not None:  # the person's moves go to the room, each with the game as it stands
            self.controller.before_move.append(lambda seat, move: far.sent(seat, move, self.state))

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
            self.news.heard(event)
            if isinstance(event, Moved) and self.walkthrough is not None and self.controller.is_person(event.seat):
                self.walkthrough.noticed(event.action)  # a person's move: a tip waiting for it moves on
            if isinstance(event, Moved):
                self.can_undo = self.undo_allowed()
            self.show(event)  # a refusal too: the table says why in the players' words (scenes.table.refusal)
        self.voice.narrate(events)
        self.shown(events)

    def judge(self, seat: int, action) -> None:
        """Told of every move just before it is made (the coach weighs a person's choice)."""

    def show(self, event) -> None:
        """Show one event of the controller's: each table its own way."""

    def shown(self, events: list) -> None:
        """Every event of a move has been shown (a table may then start the next turn's words)."""

    def undo(self) -> None:
        """The person at this screen (the controller's ``at_screen``: the one to play, from the moment a hand-over
        names them) asks to take back the last box filled or tile dropped; another's move is theirs to give."""
        asker = self.controller.at_screen(hand_over_shown=self.news.passed is None)  # its TurnPassed shown
        if self.waiting() or asker is None:
            return
        self.undo_asking.answered(self.controller.command(Undo(asker)))

    def undone(self, event: Undone) -> None:
        """A move was taken back: the table shows it as it is again."""
        self.news.heard(event)  # a turn passed or a game ended by the move taken back: moot
        self.can_undo = self.undo_allowed()
        self.show_undo()
        self.app.play("hold")

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
        cup = self.hand.gesture.active or self.tray.cup.visible
        prepared = not self.tray.preparing()  # a quick flick's flight worked out ahead (when one is wanted)
        return self.clock.busy() or self.busy() or self.tray.busy() or cup or tips or not prepared

    def throw_dice(self, faces, rolling: list[bool]) -> None:
        """The dice leave the hand toward the faces the engine drew (they land at once at "instant" speed). A
        person's throw goes as they shook or flicked it; a computer's (and a plain tap) from the cup at the
        player's edge."""
        toss = self.hand.taken()
        computer = self.seat >= 0 and not self.controller.is_person(self.seat)
        instant = self.app.animation_speed() > 100 or self.pacing.dice(computer) > 100
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

    def roll(self) -> None:
        """Roll now, if a person may (each table says)."""

    def update_dice(self, dt: float, speed: float) -> bool:
        """Tips, the cup, then the tray's dice at the table's speed; True once thrown dice have come to rest."""
        if self.walkthrough is not None:
            self.walkthrough.update(dt)
        self.hand.update(dt, self.tray)
        computer = self.seat >= 0 and not self.controller.is_person(self.seat)
        self.tray.speed = min(speed * self.pacing.dice(computer), 50.0)  # a computer's dice fly at its pace
        # throws are worked out ahead only for a person who may throw next and would see the flight (not at the
        # instant speed, where dice land at once, nor for a computer, which never flicks)
        self.tray.stock_wanted = self.app.animation_speed() <= 100 and self.can_roll()
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
        self.controller.pace = self.pacing.pace()
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
