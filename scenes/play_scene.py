"""What every game table shares: the session it shows, the menu, undo, and the first say on input."""

from __future__ import annotations

from game.session import Session

from .dialogs import PauseMenu
from .stack import Scene


UNDO_GRACE = 2.5  # seconds a computer waits before its turn while the person before it may still undo


class PlayScene(Scene):
    def __init__(self, app, session: Session, demo: bool = False):
        super().__init__(app)
        self.session = session
        self.variant = session.variant
        self.demo = demo

    @property
    def state(self):
        return self.session.state  # a new object after an undo: never keep it

    @property
    def seat(self) -> int:
        return self.state.current_player()

    bot_timer = 0.0

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
        self.app.stack.push(PauseMenu(self.app, self.variant, self.quit_to_title))

    def quit_to_title(self) -> None:
        from .title import TitleScene

        self.app.stack.clear(TitleScene(self.app))

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
