"""What every game table shares: the session it shows, the menu, undo, and the first say on input."""

from __future__ import annotations

from game.engine.session import Session

from scenes.persist import Autosave, remember
from scenes.ui.stack import Scene


UNDO_GRACE = 2.5  # seconds a computer waits before its turn while the person before it may still undo


class PlayScene(Scene):
    screen = "table"
    def __init__(self, app, session: Session, demo: bool = False):
        super().__init__(app)
        self.session = session
        self.variant = session.variant
        self.demo = demo
        session.listen(Autosave(app, demo))  # every move and undo is kept as it happens

    def flush(self) -> None:
        if not self.state.is_terminal():  # a finished game went into the records when it ended
            remember(self.app, self.session, None, self.demo)

    @property
    def state(self):
        return self.session.state  # a new object after an undo: never keep it

    @property
    def seat(self) -> int:
        return self.state.current_player()

    bot_timer = 0.0
    walkthrough = None  # the first-game tips (a scenes.tables.walkthrough.Walkthrough) while they are offered

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
        """The tips' own buttons and keys come first; everything else goes on to the table."""
        return self.walkthrough_shown() and self.walkthrough.handle(intent, self.clock.time)

    def walkthrough_noticed(self, seat: int, action) -> None:
        """A person's move: a tip waiting for it moves on."""
        if self.walkthrough is not None and seat >= 0 and not self.state.seats[seat].is_computer:
            self.walkthrough.noticed(action)

    def bot_due(self, dt: float, busy: bool) -> int | None:
        """The computer seat whose next move is due now, if any: computers wait their pace between moves."""
        seat = self.seat
        if seat < 0 or busy or self.app.stack.top is not self:
            return None
        if not (self.state.seats[seat].is_computer or self.demo):
            return None
        self.bot_timer -= dt
        return seat if self.bot_timer <= 0 else None

    def undo_allowed(self) -> bool:
        return not self.demo and not getattr(self.app, "keeps_nothing", False) and self.session.undoable() is not None

    def open_menu(self) -> None:
        self.app.go("pause", self.variant, self.quit_to_title)

    def quit_to_title(self) -> None:
        self.app.go("title", how="clear")

    def handle_first(self, intent, menu_button):
        """Input every table treats alike. Returns (done, intent to hand back)."""
        if intent.kind in ("quit", "fullscreen", "help"):
            return True, intent
        if intent.kind == "back":
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
