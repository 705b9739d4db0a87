"""Play far away: sign in to Matrix (or out), start a game with players far away, see the games you are in.

Nothing here waits on the network: every request goes to the account's lobby (``game.online.lobby``), whose
thread answers; each frame takes what has come, and a screen waiting for an answer wakes a few times a second
to look. The lobby lives on the app (``lobby_of``) so the title can say "Your turn in 2 games" too.
A kiosk has no online play: the title shows no way here, and the screen closes if opened all the same.
"""

from __future__ import annotations

import pygame

from game.online import account as accounts
from game.online.far_game import FarGame
from game.online.lobby import GameSummary, Lobby, check_invites, connect_matrix, your_turns
from game.online.transport import OnlineError
from game.rules.i18n import t
from scenes.ui import theme
from scenes.ui.clipboard import copy_text
from scenes.ui.stack import Scene
from scenes.ui.textfit import draw_wrapped
from scenes.ui.widgets import Button, ButtonRow, baize_backdrop, draw_text, panel, rounded, shadowed_text

LOOK_AGAIN = 0.25  # seconds between looks for the lobby's answers while one is awaited
MAX_FIELD = 255  # characters of a field (a Matrix ID is at most 255)
MAX_SECRET = 4096  # a password or token
GAMES_SHOWN = 5  # the newest: rows for more would need a scroll
LEFT = pygame.Rect(60, 160, 560, 530)
RIGHT = pygame.Rect(660, 160, 560, 530)
LINK_TOP = LEFT.y + 150  # a game just made: its link where the invitations were


def lobby_of(app) -> Lobby:
    """The app's one lobby, made on first use with the account kept from the last sign-in (if any)."""
    lobby = getattr(app, "far_lobby", None)
    if lobby is None:
        from game.rules.variants import find_variant

        lobby = app.far_lobby = Lobby(connect_matrix, find_variant, accounts.load())
    return lobby


def turn_words(lobby: Lobby | None) -> str:
    """"Your turn in 2 games" for the title, or nothing (signed out, not fetched yet, nobody waits for you)."""
    if lobby is None or lobby.account is None or not lobby.games:
        return ""
    count = your_turns(lobby.games)
    return t("online.your_turn", count=count) if count else ""


def game_words(game: GameSummary) -> tuple[str, str]:
    """A game's row: what it is, and where it stands."""
    if game.invited:
        return t("online.invited", name=game.title or game.room), t("online.join")
    what = f"{game.variant}: {', '.join(game.names)}"
    if game.over:
        return what, t("online.over")
    if game.waiting:
        return what, t("online.waiting_for", names=", ".join(game.waiting))
    if game.mine:
        return what, t("online.turn_yours")
    return what, t("online.turn_of", name=game.turn) if game.turn else t("online.dice_out")


class Field(Button):
    """A line of text to type into: its label above, its value (or a hint) inside, dots for a secret."""

    def __init__(self, rect: pygame.Rect, label: str, on_press, hint: str = "", secret: bool = False,
                 most: int = MAX_FIELD):
        super().__init__(rect, label, on_press, style="painted")
        self.value, self.hint, self.secret, self.most = "", hint, secret, most
        self.editing = False

    def draw(self, surface: pygame.Surface) -> None:
        if self.label:
            draw_text(surface, self.label, 18, theme.PAPER, (self.rect.x + 4, self.rect.y - 4), "bottomleft", "bold",
                      self.rect.width)
        rounded(surface, theme.WHITE if self.editing else theme.PAPER, self.rect, 10)
        edge = theme.BUTTON if self.editing or self.focus or self.hover else theme.PAPER_LINE
        rounded(surface, edge, self.rect, 10, 3)
        shown = "•" * min(len(self.value), 40) if self.secret else self.value
        words, ink = (shown, theme.INK) if shown else (self.hint, theme.INK_FAINT)
        if self.editing:
            words, ink = shown + "|", theme.INK
        draw_text(surface, words, 22, ink, (self.rect.x + 12, self.rect.centery), "midleft", "regular",
                  self.rect.width - 24)


class FarAwayScene(Scene):
    screen = "far_away"
    bindings = "new_game"  # Tab and arrows move, Enter presses or types, Esc goes back: as on New game

    def __init__(self, app):
        super().__init__(app)
        self.lobby = lobby_of(app)
        self.editing: Field | None = None
        self.use_token = False
        self.variant_index = 0
        self.note = ""  # a line said here (a mistake found before anything was sent, "Copied")
        self.fields: dict[str, Field] = {}

    @property
    def variants(self) -> list:
        return [variant for variant in self.app.catalogue.variants if variant.max_players >= 2]

    @property
    def variant(self):
        found = self.variants
        return found[self.variant_index % len(found)]

    def enter(self) -> None:
        if self.app.kiosk is not None:  # a public screen plays no games far away
            self.app.stack.pop()
            return
        self._build()
        if self.lobby.account is not None:
            self.lobby.ask("games")

    def exit(self) -> None:
        self._stop_editing()

    # ----------------------------------------------------------- building --
    def _build(self) -> None:
        typed = {key: field.value for key, field in self.fields.items()}
        self.fields = {}
        buttons: list[Button] = []
        if self.lobby.account is None:
            box = pygame.Rect(0, 0, 640, 56)
            box.midtop = (theme.WIDTH // 2, 300)
            self.fields["user"] = Field(box.copy(), t("online.user"), lambda: self._edit("user"),
                                        t("online.user_hint"))
            self.fields["homeserver"] = Field(box.move(0, 100), t("online.homeserver"),
                                              lambda: self._edit("homeserver"), t("online.homeserver_hint"))
            secret = "token" if self.use_token else "password"
            self.fields[secret] = Field(box.move(0, 200), t("online.token") if self.use_token else t("online.password"),
                                        lambda: self._edit(secret),
                                        secret=True, most=MAX_SECRET)
            buttons += list(self.fields.values())
            buttons.append(Button(pygame.Rect(box.x, box.y + 270, 300, 50),
                                  t("online.use_password") if self.use_token else t("online.use_token"),
                                  self._switch_secret, style="quiet", size=20))
            buttons.append(Button(pygame.Rect(box.right - 300, box.y + 270, 300, 60), t("online.sign_in"),
                                  self._sign_in, size=28))
        else:
            buttons.append(Button(pygame.Rect(theme.WIDTH - 260, 96, 200, 50), t("online.sign_out"),
                                  self._sign_out, style="quiet", size=22))
            buttons.append(Button(pygame.Rect(LEFT.x + 30, LEFT.y + 70, LEFT.width - 60, 56),
                                  t("online.variant", name=self.variant.name), self._next_variant, style="quiet",
                                  size=24))
            if self.lobby.hosted is None:
                for i in range(min(self.variant.max_players, 6) - 1):  # a field for each seat but one's own
                    key = f"invite{i}"
                    rect = pygame.Rect(LEFT.x + 30, LEFT.y + 150 + 58 * i, LEFT.width - 60, 48)
                    self.fields[key] = Field(rect, "", lambda key=key: self._edit(key), t("online.invite"))
                    buttons.append(self.fields[key])
                start = pygame.Rect(0, 0, 300, 60)
                start.bottomright = (LEFT.right - 30, LEFT.bottom - 24)
                buttons.append(Button(start, t("online.start"), self._host, size=26))
            else:  # the game is made: its link to send, and the way to another
                buttons.append(Button(pygame.Rect(LEFT.x + 30, LINK_TOP + 110, LEFT.width - 60, 60), t("online.copy"),
                                      self._copy, size=26))
                buttons.append(Button(pygame.Rect(LEFT.x + 30, LEFT.bottom - 84, 240, 56), t("online.another"),
                                      self._another, style="quiet", size=22))
            for i, game in enumerate((self.lobby.games or [])[:GAMES_SHOWN]):
                what, where = game_words(game)
                row = Button(pygame.Rect(RIGHT.x + 24, RIGHT.y + 68 + 72 * i, RIGHT.width - 48, 64), what,
                             lambda game=game: self._open(game), style="primary" if game.mine or game.invited
                             else "quiet", size=30)  # its second line is half that: no smaller
                row.detail = where
                buttons.append(row)
            buttons.append(Button(pygame.Rect(RIGHT.right - 200, RIGHT.bottom - 74, 176, 50), t("online.refresh"),
                                  lambda: self.lobby.ask("games"), style="quiet", size=22))
        for key, value in typed.items():
            if key in self.fields:
                self.fields[key].value = value
        buttons.append(Button(pygame.Rect(40, theme.HEIGHT - 90, 200, 56), t("common.back"), self.app.stack.pop,
                              style="quiet", size=24))
        focus = getattr(getattr(self, "row", None), "focus", None)
        self.row = ButtonRow(buttons)
        if focus is not None and focus < len(buttons):
            self.row._focus_on(focus)
        self.app.redraw()

    # ------------------------------------------------------------- acting --
    def _edit(self, key: str) -> None:
        self._stop_editing()
        self.editing = self.fields[key]
        self.editing.editing = True
        self.app.input.text_mode = True
        pygame.key.start_text_input()

    def _stop_editing(self) -> None:
        if self.editing is not None:
            self.editing.editing = False
            self.editing = None
            self.app.input.text_mode = False
            pygame.key.stop_text_input()

    def _switch_secret(self) -> None:
        self.use_token = not self.use_token
        self.fields.pop("password", None)
        self.fields.pop("token", None)  # a secret typed for one is no use as the other
        self._build()

    def _value(self, key: str) -> str:
        field = self.fields.get(key)
        return field.value if field is not None else ""

    def _sign_in(self) -> None:
        self._stop_editing()
        self.note = ""
        self.lobby.ask("sign_in", homeserver=self._value("homeserver"), user=self._value("user"),
                       password=self._value("password"), token=self._value("token"))
        for key in ("password", "token"):
            if key in self.fields:
                self.fields[key].value = ""  # the password goes to the lobby's thread, and is kept nowhere

    def _sign_out(self) -> None:
        self.lobby.ask("sign_out")

    def _next_variant(self) -> None:
        self.variant_index = (self.variant_index + 1) % len(self.variants)
        self.lobby.hosted = None
        self._build()

    def _invites(self) -> list[str]:
        return [field.value for key, field in sorted(self.fields.items()) if key.startswith("invite")]

    def _host(self) -> None:
        self._stop_editing()
        try:
            check_invites(self.lobby.account.user, self._invites(), self.variant.max_players)
        except OnlineError as error:
            self.note = str(error)
            return
        self.note = t("online.starting")
        self.lobby.ask("host", variant=self.variant.id, invites=self._invites())

    def _another(self) -> None:
        self.lobby.hosted = None
        self.note = ""
        self._build()

    def _copy(self) -> None:
        if self.lobby.hosted is not None and copy_text(self.lobby.hosted[1]):
            self.note = t("online.copied")

    def _open(self, game: GameSummary) -> None:
        if game.invited:
            self.lobby.ask("join", room=game.room)
        else:
            self.play(game.room)

    def play(self, room: str) -> None:
        """The game at the table: its own worker reads the room (the lobby's thread stays free for the list)."""
        lobby = self.lobby
        if lobby.account is None:
            return
        account = lobby.account
        self.app.go("far_game", FarGame(lambda: lobby.connect(account), room, lobby.find_variant))

    # -------------------------------------------------------------- frames --
    def update(self, dt: float) -> None:
        super().update(dt)
        answers = self.lobby.taken()
        if not answers:
            return
        for answer in answers:
            if answer.kind in ("signed_in", "hosted", "joined"):
                self.lobby.ask("games")
            if answer.kind == "joined":
                self.play(answer.value)  # joined to play: the table opens (and waits for whoever is missing)
            if answer.kind in ("hosted", "error"):
                self.note = ""
            if answer.kind == "hosted":
                for key, field in self.fields.items():
                    if key.startswith("invite"):
                        field.value = ""
        self._build()

    def wake_in(self) -> float | None:
        due = super().wake_in()
        return due if not self.lobby.busy else LOOK_AGAIN if due is None else min(due, LOOK_AGAIN)

    def handle(self, intent):
        if intent.kind in ("quit", "fullscreen", "help"):
            return intent
        if self.editing is not None:
            field = self.editing
            if intent.kind == "text":
                field.value = (field.value + intent.text)[:field.most]
                return None
            if intent.kind == "erase":
                field.value = field.value[:-1]
                return None
            if intent.kind == "confirm":  # Enter: on to the next field, or sign in from the last
                keys = list(self.fields)
                at = keys.index(next(key for key, value in self.fields.items() if value is field))
                if at + 1 < len(keys):
                    self._edit(keys[at + 1])
                elif self.lobby.account is None:
                    self._sign_in()
                else:
                    self._stop_editing()
                return None
            if intent.kind == "back":
                self._stop_editing()
                return None
            if intent.kind in ("tap", "nav"):
                self._stop_editing()
        if intent.kind == "back":
            self.app.stack.pop()
            return None
        self.row.handle(intent, self.clock.time)
        return None

    # ------------------------------------------------------------- drawing --
    def draw(self, surface: pygame.Surface) -> None:
        baize_backdrop(surface, 28)
        shadowed_text(surface, t("online.heading"), 56, (255, 236, 170), (theme.WIDTH // 2, 70), "center", "title", 4)
        account = self.lobby.account
        if account is None:
            draw_wrapped(surface, t("online.intro"), 24, (226, 238, 226), pygame.Rect(240, 130, theme.WIDTH - 480, 120),
                         align="middle")
        else:
            draw_text(surface, t("online.signed_in_as", user=account.user), 24, (226, 238, 226),
                      (60, 120), "midleft", "bold", theme.WIDTH - 360)
            for rect, heading in ((LEFT, t("online.new_game")), (RIGHT, t("online.games"))):
                panel(surface, rect, theme.mix(theme.FELT_DARK, theme.INK, 0.3), 16, theme.WOOD_LIGHT)
                draw_text(surface, heading, 28, (255, 236, 170), (rect.x + 30, rect.y + 34), "midleft", "title",
                          rect.width - 60)
            if self.lobby.hosted is not None:
                draw_text(surface, t("online.link"), 22, theme.PAPER, (LEFT.x + 30, LINK_TOP), "topleft", "regular",
                          LEFT.width - 60)
                link = pygame.Rect(LEFT.x + 30, LINK_TOP + 40, LEFT.width - 60, 50)
                rounded(surface, theme.PAPER, link, 10)
                draw_text(surface, self.lobby.hosted[1], 18, theme.INK, (link.x + 10, link.centery), "midleft",
                          "bold", link.width - 20, smallest=12)
            if self.lobby.games is None:
                draw_text(surface, t("online.fetching"), 22, theme.PAPER, (RIGHT.x + 30, RIGHT.y + 100), "midleft",
                          "regular", RIGHT.width - 60)
            elif not self.lobby.games:
                draw_text(surface, t("online.no_games"), 22, theme.PAPER, (RIGHT.x + 30, RIGHT.y + 100), "midleft",
                          "regular", RIGHT.width - 60)
        self.row.draw(surface)
        said = self.lobby.said or self.note or (t("online.signing_in") if self.lobby.busy and account is None
                                                else "")
        if said:
            draw_wrapped(surface, said, 20, (255, 214, 170) if self.lobby.said else theme.PAPER,
                         pygame.Rect(270, theme.HEIGHT - 104, theme.WIDTH - 330, 84), "bold", align="middle")
