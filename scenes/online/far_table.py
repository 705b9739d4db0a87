"""A game far away at the ordinary table: the person here plays their seat, the far seats' moves and every
throw's faces come from the room.

``FarOpening`` opens the game: a worker (``game.online.far_game``) reads the room while the screen says what
the game waits for (everyone's dice anchored, who starts); then the table of the game's kind opens on the
game as the room has it. That table is the kind's own scene with ``FarTable`` mixed in: the seat here is a
``Person``, every other seat a ``FarSeat`` fed the moves read from the room, the dice a ``FarDice`` fed the
faces (a throw is pending until every seat's link is in: the cup shakes, then "Waiting for Bob's dice"),
the person's moves go to the worker, and nothing is saved here (the room is the save: opened again, the
game resumes from it). A refusal from the room ("Bob's move could not be verified") shows on the table.
"""

from __future__ import annotations

import pygame

from game.engine.actions import Dice, Hold, Release, Roll
from game.engine.session import Session
from game.errors import SaveError
from game.online.far_game import Entry, Failed, FarGame, Opened, Said, Waiting
from game.rules.i18n import t
from game.table.seats import Person
from scenes.ui import theme
from scenes.ui.stack import Scene
from scenes.ui.textfit import draw_wrapped
from scenes.ui.widgets import Button, ButtonRow, baize_backdrop, shadowed_text

LOOK_AGAIN = 0.25  # seconds between looks at the room's news while nothing moves
SHAKE_FOR = 3.0  # seconds the cup shakes while a throw waits for far links, then the words say who
SAID_FOR = 8.0  # seconds a refusal or a server's word shows on the table
LINE = pygame.Rect(300, theme.HEIGHT - 46, theme.WIDTH - 600, 40)


class FarSeat:
    """A seat far away: its moves are the room's, handed in as they are read."""

    takes_commands = False
    paced = False

    def __init__(self) -> None:
        self.inbox: list = []

    def next_move(self, state):
        return self.inbox.pop(0) if self.inbox else None


def waiting_words(waiting: Waiting | None) -> str:
    if waiting is None or not waiting.names:
        return ""
    names = ", ".join(waiting.names)
    return t("online.waiting_for", names=names) if waiting.what == "join" else t("online.waiting_dice", names=names)


class FarTable:
    """Mixed into a table scene (see the module): ``far_table(kind's scene class)`` makes the class."""

    keeps = False  # the room is the save

    def __init__(self, app, session: Session, game: FarGame, opened: Opened):
        self.far, self.mine = game, opened.seat
        self.far_seats = [FarSeat() for _ in opened.setup.users]
        self.far_waiting: Waiting | None = None
        self.far_said, self.far_said_for = "", 0.0
        self.far_shaken = 0.0  # seconds the cup has shaken for the throw pending now
        self.seat_drivers = [Person() if seat == self.mine else far for seat, far in enumerate(self.far_seats)]
        super().__init__(app, session)
        self.controller.before_move.append(self.far_send)

    def far_send(self, seat: int, move) -> None:
        """The person's move goes to the room (a hold is no event: the roll after it says which dice stay)."""
        if seat != self.mine or isinstance(move, (Hold, Release)):
            return
        held = None
        state = self.state
        if isinstance(move, Roll) and getattr(state, "dice", None) is not None:
            held = [die for die, kept in enumerate(state.held) if kept] or None
        self.far.play(move, held)

    def far_news(self) -> bool:
        """What the room has said since the last frame, handed on; whether there was any."""
        news = self.far.taken()
        for told in news:
            if isinstance(told, Entry):
                if isinstance(told.action, Dice):
                    self.session.dice.receive(told.action.faces)
                elif 0 <= told.seat < len(self.far_seats) and told.seat != self.mine:
                    self.far_seats[told.seat].inbox.append(told.action)
            elif isinstance(told, Waiting):
                self.far_waiting = told
            elif isinstance(told, (Said, Failed)):
                self.far_said, self.far_said_for = told.text, SAID_FOR
        return bool(news)

    def update(self, dt: float) -> None:
        before = (len(self.session.log), self.far_line())
        news = self.far_news()
        super().update(dt)
        self.far_said_for = max(0.0, self.far_said_for - dt)
        cup = getattr(getattr(self, "tray", None), "cup", None)
        if self.session.dice_pending and not self.throwing and cup is not None:
            self.far_shaken += dt
            if self.far_shaken < SHAKE_FOR:
                cup.shake()  # the far links are on their way: live, they come within a second
            elif cup.visible:
                cup.drop()  # a while: someone's app is closed; the words say whose dice the game waits for
        else:
            self.far_shaken = 0.0
        if news or (len(self.session.log), self.far_line()) != before:
            self.app.redraw()  # the room's news shows at once, even on a table at rest

    def far_line(self) -> str:
        if self.far_said_for > 0:
            return self.far_said
        if self.session.dice_pending and self.far_shaken >= SHAKE_FOR:
            return waiting_words(self.far_waiting)
        return ""

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        line = self.far_line()
        if line:
            pygame.draw.rect(surface, (20, 14, 10), LINE, border_radius=12)
            draw_wrapped(surface, line, 18, (255, 214, 170) if self.far_said_for > 0 else theme.PAPER,
                         LINE.inflate(-20, -4), "bold", align="middle")

    def animating(self) -> bool:
        """A far seat's turn changes nothing drawn until its move comes (looked for a few times a second)."""
        seat = self.seat
        if 0 <= seat < len(self.far_seats) and seat != self.mine:
            return self.moving() or self.far_said_for > 0
        return super().animating() or self.far_said_for > 0

    def wake_in(self) -> float | None:
        due = super().wake_in()
        return LOOK_AGAIN if due is None else min(due, LOOK_AGAIN)

    def exit(self) -> None:
        super().exit()
        self.far.close()


_CLASSES: dict[type, type] = {}


def far_table(base: type) -> type:
    """The table scene ``base`` with a game far away's seats and dice (one class for each kind of table)."""
    if base not in _CLASSES:
        _CLASSES[base] = type(f"Far{base.__name__}", (FarTable, base), {})
    return _CLASSES[base]


def opened_session(opened: Opened) -> Session:
    """The game as the room has it, at this window (its dice from far away)."""
    from game.rules.variants import find_variant

    return Session.from_json(opened.session, find_variant(opened.setup.variant))


class FarOpening(Scene):
    """Opening a game far away: what it waits for, until the table can show it."""

    screen = "far_game"
    bindings = "new_game"

    def __init__(self, app, game: FarGame, start: bool = True):
        super().__init__(app)
        self.game = game
        self.waiting: Waiting | None = None
        self.said = ""
        self.back = Button(pygame.Rect(40, theme.HEIGHT - 90, 200, 56), t("common.back"), self.leave,
                           style="quiet", size=24)
        self.row = ButtonRow([self.back])
        if start:
            game.start()

    def leave(self) -> None:
        self.game.close()
        self.app.stack.pop()

    def update(self, dt: float) -> None:
        super().update(dt)
        news = self.game.taken()
        for told in news:
            if isinstance(told, Opened):
                try:
                    session = opened_session(told)
                except SaveError as error:  # the room's game does not replay here (a newer version's?)
                    self.said = str(error)
                    continue
                for rest in news[news.index(told) + 1:]:
                    self.game.told.put(rest)  # the table takes what came after, in order
                self.app.go("far_table", session, self.game, told, how="replace")  # the kind's table, far away
                return
            if isinstance(told, Waiting):
                self.waiting = told
            elif isinstance(told, (Said, Failed)):
                self.said = told.text
        if news:
            self.app.redraw()

    def wake_in(self) -> float | None:
        due = super().wake_in()
        return LOOK_AGAIN if due is None else min(due, LOOK_AGAIN)

    def handle(self, intent):
        if intent.kind in ("quit", "fullscreen", "help"):
            return intent
        if intent.kind == "back":
            self.leave()
            return None
        self.row.handle(intent, self.clock.time)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        baize_backdrop(surface, 28)
        shadowed_text(surface, t("online.heading"), 56, (255, 236, 170), (theme.WIDTH // 2, 70), "center", "title", 4)
        words = waiting_words(self.waiting) or t("online.opening")
        if self.waiting is not None and self.waiting.what == "dice":
            words = t("online.who_starts", words=words)
        draw_wrapped(surface, words, 30, theme.PAPER, pygame.Rect(160, 260, theme.WIDTH - 320, 140), "bold",
                     align="middle")
        if self.said:
            draw_wrapped(surface, self.said, 22, (255, 214, 170), pygame.Rect(160, 440, theme.WIDTH - 320, 120),
                         "bold", align="middle")
        self.row.draw(surface)
