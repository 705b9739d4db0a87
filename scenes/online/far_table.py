"""A game far away at the ordinary table: the person here plays their seat, the far seats' moves and every
throw's faces come from the room.

``FarOpening`` opens the game: a worker (``game.online.far_game``) reads the room while the screen says what
the game waits for (everyone's dice anchored, who starts); then the table of the game's kind opens on the
game as the room has it, handed a part, ``FarLink``: its seat drivers (the seat here a ``Person``, every other
seat a ``FarSeat`` fed the moves read from the room), and each frame the room's news (the dice, a ``FarDice``
in the session, fed the faces: a throw is pending until every seat's link is in; the cup shakes, then "Waiting
for Bob's dice"). The person's moves go to the worker, and nothing is saved here (the room is the save:
opened again, the game resumes from it). A refusal from the room ("Bob's move could not be verified") shows
on the table.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from game.engine.actions import Action, Dice, Hold, Release, Roll
from game.engine.dice_source import FarDice
from game.engine.session import Session
from game.errors import SaveError
from game.online.far_game import Entry, Failed, FarGame, Opened, Said, Waiting
from game.rules.i18n import t
from game.table.seats import Driver, Person
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
        self.inbox: list[Action] = []

    def next_move(self, state: Any) -> Action | None:
        return self.inbox.pop(0) if self.inbox else None


def waiting_words(waiting: Waiting | None) -> str:
    if waiting is None or not waiting.names:
        return ""
    names = ", ".join(waiting.names)
    return t("online.waiting_for", names=names) if waiting.what == "join" else t("online.waiting_dice", names=names)


class Cup(Protocol):
    """The table's dice cup, as the far link moves it (scenes.dice.dice_cup.Cup)."""

    @property
    def visible(self) -> bool: ...

    def shake(self) -> None: ...

    def drop(self) -> None: ...


class FarLink:
    """A game far away, a part of its kind's ordinary table (scenes.table.play_scene.PlayScene takes it): its seat
    drivers (the person here, the far seats), what the room said handed on each frame, the line the table shows.
    It owns its state; the table hands it what it needs (the session, whether dice fly, the cup)."""

    def __init__(self, game: FarGame, opened: Opened):
        self.game, self.mine = game, opened.seat
        self.far_seats = [FarSeat() for _ in opened.setup.users]
        self.drivers: list[Driver] = [Person() if seat == self.mine else far
                                      for seat, far in enumerate(self.far_seats)]
        self.waiting: Waiting | None = None
        self.said, self.said_for = "", 0.0
        self.shaken = 0.0  # seconds the cup has shaken for the throw pending now
        self.line = ""  # what the table says under the felt now ("Waiting for Bob's dice", a refusal)

    def sent(self, seat: int, move: Action, state: Any) -> None:
        """The person's move (told before it is made, with the game as it stands) goes to the room; a hold is
        no event: the roll after it says which dice stay."""
        if seat != self.mine or isinstance(move, (Hold, Release)):
            return
        held = None
        if isinstance(move, Roll) and getattr(state, "dice", None) is not None:
            held = [die for die, kept in enumerate(state.held) if kept] or None
        self.game.play(move, held)

    def news(self, dt: float, session: Session, throwing: bool, cup: Cup) -> bool:
        """Each frame, before the seats are asked for their moves: what the room has said since, handed on (the
        far seats' moves, a throw's faces); while a throw waits for far links the cup shakes a while, then the
        line says whose dice. Whether anything shown changed (the table then asks for a frame)."""
        before = self.line
        news = self.game.taken()
        for told in news:
            if isinstance(told, Entry):
                if isinstance(told.action, Dice):
                    dice = session.dice
                    if isinstance(dice, FarDice):
                        dice.receive(told.action.faces)
                elif 0 <= told.seat < len(self.far_seats) and told.seat != self.mine:
                    self.far_seats[told.seat].inbox.append(told.action)
            elif isinstance(told, Waiting):
                self.waiting = told
            elif isinstance(told, (Said, Failed)):
                self.said, self.said_for = told.text, SAID_FOR
        self.said_for = max(0.0, self.said_for - dt)
        if session.dice_pending and not throwing:
            self.shaken += dt
            if self.shaken < SHAKE_FOR:
                cup.shake()  # the far links are on their way: live, they come within a second
            elif cup.visible:
                cup.drop()  # a while: someone's app is closed; the words say whose dice the game waits for
        else:
            self.shaken = 0.0
        if self.said_for > 0:
            self.line = self.said
        elif session.dice_pending and self.shaken >= SHAKE_FOR:
            self.line = waiting_words(self.waiting)
        else:
            self.line = ""
        return bool(news) or self.line != before

    def showing(self) -> bool:
        """A refusal or a server's word is on the table for a while: frames keep coming to take it away."""
        return self.said_for > 0

    def draw(self, surface: pygame.Surface) -> None:
        if self.line:
            pygame.draw.rect(surface, (20, 14, 10), LINE, border_radius=12)
            draw_wrapped(surface, self.line, 18, (255, 214, 170) if self.said_for > 0 else theme.PAPER,
                         LINE.inflate(-20, -4), "bold", align="middle")

    def close(self) -> None:
        """The table is left: the worker lets the room go (the room is the save)."""
        self.game.close()


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
