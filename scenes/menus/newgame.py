"""New game: pick the variant, the seats and the number of games. Two taps from the title start a game.
The screen's ``painter`` (newgame_paint.NewGamePainter) draws it."""

from __future__ import annotations

import logging
import re

import pygame

from game.bots.levels import DIAL, LEVELS, USUAL_LEVEL, available_levels, dial_of
from game.engine.session import Session
from game.engine.state import MAX_NAME
from game.rules import i18n
from game.rules.i18n import t
from game.store.saves import load_saved
from game.store.seats import SeatSetup, TableSetup, load_table_setup, save_table_setup, seats_path
from scenes.menus.newgame_paint import LEFT, RIGHT, NewGamePainter
from scenes.speaking import focused_words
from scenes.ui import theme
from scenes.ui.stack import Scene
from scenes.ui.widgets import Button, ButtonRow

COMPUTER_NAMES = ("Ada", "Bram", "Chloé", "Dirk", "Eva", "Femke", "Gus")
KIOSK_NAMES = ("Ann", "Ben", "Cleo", "Dan", "Ella", "Finn")
ROW_H = 66
log = logging.getLogger("dice_parlor.seats")


def level_name(level: str | None) -> str:
    """A computer level as the player reads it: "Easy", "Medium", "Hard", "Perfect" (or "Makkelijk", ...)."""
    dial = dial_of(level)  # its place on the dial names it (game.bots.levels: a new level is a line there)
    return t(f"newgame.level.{dial}") if dial else (level or "").title()


def person_name(index: int) -> str:
    """The name a person's seat starts with: "Player 1" (a name from then on, so a plain string)."""
    return str(t("newgame.player_name", number=index + 1))


def colour_name(colour: str) -> str:
    return str(t(f"newgame.colour.{colour}")) if colour in theme.SEAT_COLOURS else colour.title()


def _is_named(key: str, name: str) -> bool:
    """Whether ``name`` is the string table's ``key`` with some number, in English or the language on screen."""
    for language in {i18n.DEFAULT, i18n.language()}:
        template = str(i18n.table(language).get(key, ""))
        if template and re.fullmatch(re.escape(template).replace(re.escape("{number}"), r"\d+"), name.strip()):
            return True
    return False


def last_setup(app) -> TableSetup:
    """The seats and game the screen opens with: those last started in this run, else (away from a kiosk) those
    kept from the last run. A kiosk starts each visitor afresh: its reset forgets ``app.last_setup``."""
    setup = getattr(app, "last_setup", None)
    if setup is None and getattr(app, "kiosk", None) is None:
        levels = tuple(level.name for family in LEVELS.values() for level in family)
        setup = load_table_setup(theme.SEAT_ORDER, levels, [v.id for v in app.catalogue.variants], usual=USUAL_LEVEL)
        if setup.problems:  # one line, whatever the file held; the rest of it is kept
            log.warning("seats: %s: %s", seats_path(), "; ".join(setup.problems))
        app.last_setup = setup
    return setup or TableSetup()



def ask_before_replacing(app, start) -> None:
    """``start`` a new game, after asking first if it would replace a game kept for Continue."""
    kept = load_saved(app.catalogue.find).session
    if kept is None:
        start()
        return
    names = ", ".join(seat.name for seat in kept.seats)
    app.go("confirm", t("newgame.replace_title"), t("newgame.replace_message", game=str(kept.variant.name),
                                                    names=names), t("newgame.replace_yes"), start, t("common.cancel"))

class NewGameScene(Scene):
    screen = "new_game"

    def __init__(self, app):
        super().__init__(app)
        kiosk = getattr(app, "kiosk", None)
        self.kiosk = kiosk.config if kiosk is not None else None
        self.variants = [v for v in app.catalogue.variants if self.kiosk is None or v.id in self.kiosk.variants]
        self.variants = self.variants or list(app.catalogue.variants)
        # The game and the seats last set up, else the first game, a person against the computer (at a kiosk,
        # two people: visitors come in twos, and a computer in seat 2 sent them looking for the toggle).
        self.last = last_setup(app)
        self.variant_index = next((i for i, v in enumerate(self.variants) if v.id == self.last.variant), 0)
        second = SeatSetup(person_name(1), False, USUAL_LEVEL, theme.SEAT_ORDER[1]) if self.kiosk else SeatSetup(
            COMPUTER_NAMES[0], True, USUAL_LEVEL, theme.SEAT_ORDER[1])
        self.seats = self.last.copy_of_seats() or [SeatSetup(person_name(0), False, USUAL_LEVEL, theme.SEAT_ORDER[0]),
                                                   second]
        for i, seat in enumerate(self.seats):  # a name the kept file could not give
            seat.name = seat.name or (self._computer_name() if seat.computer else person_name(i))
        self.games = 1
        self.editing: int | None = None
        self.typed_at = 0.0  # when the name being edited last changed (the caret blinks a while after)
        self.parked: list[SeatSetup] = []  # seats a game for fewer players set aside, back when it allows them
        self.fresh_edit = False
        self.scroll = 0
        self.scroll = max(0, self.variant_index - len(self._visible_variants()) + 1)  # the game chosen in view
        self.row = ButtonRow()
        self.painter = NewGamePainter(self)

    def spoken_menu(self) -> tuple[str, str]:
        """The title and the focused button in words (scenes.speaking), from the seats as they are now: a colour
        or the games' count changes without the buttons being built again."""
        for button in self.row.buttons:
            button.spoken = _spoken(button, self.seats, self.games, self.variant)
        return t("newgame.title"), focused_words(self)

    @property
    def variant(self):
        return self.variants[self.variant_index]

    def enter(self) -> None:
        kept = self.last.games if self.last.variant == self.variant.id else None
        self.games = kept or self.variant.default_games
        self._build()

    def exit(self) -> None:
        self._stop_editing()

    # ----------------------------------------------------------- layout --
    def _variant_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(LEFT.x + 14, LEFT.y + 58 + (i - self.scroll) * 74, LEFT.width - 28, 68)

    def _visible_variants(self) -> range:
        fits = (LEFT.height - 72) // 74
        return range(self.scroll, min(len(self.variants), self.scroll + fits))

    def _seat_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(RIGHT.x + 14, RIGHT.y + 62 + i * ROW_H, RIGHT.width - 28, ROW_H - 8)

    def seat_limits(self) -> tuple[int, int]:
        v = self.variant
        low, high = v.min_players, v.max_players
        if self.kiosk:
            low, high = max(low, self.kiosk.min_seats), min(high, self.kiosk.max_seats)
        return low, max(low, high)

    def _build(self) -> None:
        """Buttons for the current seats (rebuilt whenever seats change or the screen comes back)."""
        v = self.variant
        low, high = self.seat_limits()
        levels = available_levels(v.family, v)
        for seat in self.seats:
            if seat.chosen in levels:  # the level picked for a game that offers it comes back
                seat.level = seat.chosen
            if seat.level not in levels:  # the same step of the dial in this game's set of levels
                step = min(_step(seat.level), len(levels) - 1)
                seat.level = levels[step]
        while len(self.seats) > high:  # a game for fewer: the last seats wait aside, names and all
            self.parked.insert(0, self.seats.pop())
        while self.parked and len(self.seats) < high:  # room again: they come back
            self.seats.append(self.parked.pop(0))
        while len(self.seats) < low:
            self._add_seat()
        self.games = min(self.games, v.max_games)
        old = self.row
        focused = old.buttons[old.focus].id if old.focus is not None and old.focus < len(old.buttons) else None
        # The chosen game first: with it in focus, Up and Down choose another.
        card = Painted(self._variant_rect(self.variant_index), str(v.name), self.begin,
                       paint=self.painter.paint_card, touch=False)
        buttons: list[Button] = [_named(card, "game")]
        for i, seat in enumerate(self.seats):
            rect = self._seat_rect(i)
            buttons.append(_named(Painted(pygame.Rect(rect.x, rect.y, 52, rect.height), colour_name(seat.colour),
                                          lambda i=i: self._cycle_colour(i), paint=self.painter.paint_swatch, seat=i),
                                  ("colour", i)))
            buttons.append(_named(Painted(pygame.Rect(rect.x + 56, rect.y, 264, rect.height), seat.name,
                                          lambda i=i: self._name_pressed(i), paint=self.painter.paint_name, seat=i),
                                  ("name", i)))
            kind = Button(pygame.Rect(rect.x + 330, rect.y + 5, 148, 48),
                          t("newgame.computer") if seat.computer else t("newgame.person"),
                          lambda i=i: self._toggle_kind(i), style="quiet", size=20)
            buttons.append(_named(kind, ("kind", i)))
            if seat.computer:
                buttons.append(_named(Button(pygame.Rect(rect.x + 486, rect.y + 5, 148, 48), level_name(seat.level),
                                             lambda i=i: self._cycle_level(i), style="quiet", size=20), ("level", i)))
            if len(self.seats) > low:
                buttons.append(_named(Button(pygame.Rect(rect.right - 58, rect.y + 5, 48, 48), "×",
                                             lambda i=i: self._remove_seat(i), style="quiet", size=26), ("remove", i)))
        add = Button(pygame.Rect(RIGHT.x + 14, RIGHT.y + 62 + len(self.seats) * ROW_H, 250, 54),
                     t("newgame.add_player"), self._add_seat_and_build, style="quiet", size=22)
        if len(self.seats) < high:
            buttons.append(_named(add, "add"))
        games_y = RIGHT.bottom - 70
        buttons.append(_named(Button(pygame.Rect(RIGHT.x + 300, games_y, 54, 54), "–", lambda: self._games(-1),
                                     style="quiet", size=30), "fewer"))
        buttons.append(_named(Button(pygame.Rect(RIGHT.x + 430, games_y, 54, 54), "+", lambda: self._games(1),
                                     style="quiet", size=30), "more"))
        self.start = _named(Button(pygame.Rect(theme.WIDTH - 330, theme.HEIGHT - 92, 300, 72), t("newgame.start"),
                                   self.begin, size=34), "start")
        back = _named(Button(pygame.Rect(30, theme.HEIGHT - 92, 200, 72), t("common.back"), self.app.stack.pop,
                             style="quiet", size=28), "back")
        self.row = ButtonRow(buttons + [back, self.start])
        if focused is not None:  # a change made with the keys keeps the focus where it was (or nearby)
            ids = [b.id for b in self.row.buttons]
            if focused not in ids and isinstance(focused, tuple):  # a seat's level or remove button went away
                focused = next((b.id for b in self.row.buttons if isinstance(b.id, tuple) and b.id[1] == focused[1]
                                and b.id[0] == "kind"), "add" if "add" in ids else "start")
            if focused in ids:
                self.row.focus = ids.index(focused)
                self.row.buttons[self.row.focus].focus = True

    # ---------------------------------------------------------- changes --
    def _computer_name(self) -> str:
        used = {s.name for s in self.seats}
        return next((n for n in COMPUTER_NAMES if n not in used),
                    str(t("newgame.computer_name", number=len(self.seats) + 1)))

    def _add_seat(self) -> None:
        used = {s.colour for s in self.seats + self.parked}
        colour = next(c for c in theme.SEAT_ORDER if c not in used)
        self.seats.append(SeatSetup(self._computer_name(), True, USUAL_LEVEL, colour))

    def _add_seat_and_build(self) -> None:
        if len(self.seats) < self.seat_limits()[1]:
            self._add_seat()
            self._build()

    def _remove_seat(self, i: int) -> None:
        if len(self.seats) > self.seat_limits()[0]:
            self._stop_editing()
            self.seats.pop(i)  # a seat sitting this game out takes the place (_build); the others stay aside
            self._build()

    def _toggle_kind(self, i: int) -> None:
        """Person to computer and back: a name is kept (the name the seat had as the other kind comes back);
        only the placeholder "Player 3" gives way to a computer's name."""
        seat = self.seats[i]
        seat.computer = not seat.computer
        if seat.other_name:
            seat.name, seat.other_name = seat.other_name, seat.name
        elif seat.computer and _is_named("newgame.player_name", seat.name):
            seat.name, seat.other_name = self._computer_name(), seat.name
        self._build()

    def _cycle_level(self, i: int) -> None:
        levels = available_levels(self.variant.family, self.variant)
        seat = self.seats[i]
        seat.level = levels[(levels.index(seat.level) + 1) % len(levels)] if seat.level in levels else levels[0]
        seat.chosen = seat.level
        self._build()

    def _cycle_colour(self, i: int) -> None:
        used = {s.colour for j, s in enumerate(self.seats) if j != i} | {s.colour for s in self.parked}
        order = list(theme.SEAT_ORDER)
        start = order.index(self.seats[i].colour) if self.seats[i].colour in order else 0
        for k in range(1, len(order) + 1):
            colour = order[(start + k) % len(order)]
            if colour not in used:
                self.seats[i].colour = colour
                return

    def _games(self, step: int) -> None:
        self.games = max(1, min(self.variant.max_games, self.games + step))

    def _pick_variant(self, i: int) -> None:
        shown = self._visible_variants()
        if i < shown.start:
            self.scroll = i  # keep the chosen game in view when chosen with the keys
        elif i >= shown.stop:
            self.scroll += i - shown.stop + 1
        if i != self.variant_index:
            self.variant_index = i
            self.games = self.variant.default_games
            self._build()

    def _next_name(self, i: int) -> None:
        seat = self.seats[i]
        choices = [person_name(i), colour_name(seat.colour)] + [n for n in KIOSK_NAMES]
        used = {s.name for j, s in enumerate(self.seats) if j != i}
        start = choices.index(seat.name) if seat.name in choices else -1
        for k in range(1, len(choices) + 1):
            name = choices[(start + k) % len(choices)]
            if name not in used:
                seat.name = name
                return

    def caret_blinking(self) -> bool:
        """The caret blinks a few seconds after each key, then stays: a name field waiting is at rest."""
        return self.editing is not None and self.clock.time - self.typed_at < theme.PULSE_SECONDS

    def animating(self) -> bool:
        return super().animating() or self.caret_blinking()

    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface)

    def _start_editing(self, i: int) -> None:
        self.typed_at = self.clock.time
        self.editing = i
        self.fresh_edit = True  # the name shows chosen: the first key typed replaces it, a caret key keeps it
        self.app.input.text_mode = True
        pygame.key.start_text_input()
        if self.app.input.pad_last:  # a pad in hand: its keyboard on the screen (scenes.menus.name_keyboard)
            self.app.go("name_keyboard", self)

    def _stop_editing(self) -> None:
        if self.editing is not None:
            seat = self.seats[self.editing]
            seat.name = seat.name.strip() or person_name(self.editing)
        self.editing = None
        self.app.input.text_mode = False
        pygame.key.stop_text_input()

    def begin(self) -> None:
        """Start, after asking first if this would replace a game kept for Continue."""
        self._stop_editing()
        if self.kiosk:
            self.start_game()  # a kiosk keeps no game for Continue
        else:
            ask_before_replacing(self.app, self.start_game)

    def start_game(self) -> None:
        self._stop_editing()
        seats = [s.to_seat(person_name(i)) for i, s in enumerate(self.seats)]
        # Kept for the next game, and the next start (a kiosk's only until its next visitor), with the seats
        # set aside last: they wait aside again, names and all, while this game is chosen.
        self.app.last_setup = TableSetup(tuple(SeatSetup(**vars(s)) for s in self.seats + self.parked),
                                         self.variant.id, self.games)
        if not self.kiosk:
            save_table_setup(self.app.last_setup)
        session = Session(self.variant, seats, self.games)
        self.app.go("opening", session, how="replace")

    # ------------------------------------------------------------ input --
    def _name_pressed(self, i: int) -> None:
        if self.kiosk:
            self._next_name(i)  # no keyboard at a kiosk: names come from a short list
        else:
            self._start_editing(i)

    def _focused_id(self):
        focus = self.row.focus
        return self.row.buttons[focus].id if focus is not None and focus < len(self.row.buttons) else None

    def handle(self, intent):
        if intent.kind in ("quit", "fullscreen", "help"):
            return intent
        if self.editing is not None:
            self.typed_at = self.clock.time
            if intent.kind == "text":
                seat = self.seats[self.editing]
                if self.fresh_edit:
                    seat.name, self.fresh_edit = "", False
                seat.name = (seat.name + intent.text)[:MAX_NAME]
                return None
            if intent.kind == "erase":  # the name shown chosen goes as a whole, as a text field's chosen text does
                seat = self.seats[self.editing]
                seat.name, self.fresh_edit = "" if self.fresh_edit else seat.name[:-1], False
                return None
            if intent.kind == "select_all":  # Ctrl+A: the whole name chosen again; typing replaces it
                self.fresh_edit = True
                return None
            if intent.kind == "caret":  # the name shown chosen is kept: what is typed next goes on its end
                self.fresh_edit = False
                return None
            if intent.kind in ("confirm", "back"):
                self._stop_editing()
                return None
            if intent.kind in ("tap", "nav"):
                self._stop_editing()  # and let the tap or Tab act below
        if intent.kind == "back":
            self.app.stack.pop()
            return None
        if intent.kind == "scroll":
            most = max(0, len(self.variants) - len(self._visible_variants()))
            self.scroll = max(0, min(most, self.scroll + (1 if intent.amount > 0 else -1)))
            return None
        if intent.kind == "tap":
            for i in self._visible_variants():
                if self._variant_rect(i).collidepoint(intent.pos):
                    self._pick_variant(i)
                    return None
        if intent.kind == "nav" and (intent.key in ("left", "right") and self.row.focus is None
                                     or intent.key in ("up", "down") and self._focused_id() == "game"):
            step = 1 if intent.key in ("right", "down") else -1
            self._pick_variant((self.variant_index + step) % len(self.variants))
            return None
        if intent.kind == "confirm" and self.row.focus is None:
            self.begin()
            return None
        self.row.handle(intent, self.clock.time)
        focused = self._focused_id()
        if intent.kind == "nav" and not self.kiosk and isinstance(focused, tuple) and focused[0] == "name":
            self._start_editing(focused[1])  # Tab onto a name and type: the name field takes the keys at once
        return None


class Painted(Button):
    """A focus stop the scene draws itself: the chosen game, a seat's colour or name."""

    def __init__(self, rect: pygame.Rect, label: str, on_press, paint, touch: bool = True, seat: int | None = None):
        super().__init__(rect, label, on_press, style="painted")  # its own look: never the row's suggestion
        self.paint = paint
        self.touch = touch
        self.seat = seat

    def hit(self, pos) -> bool:
        return self.touch and super().hit(pos)

    def draw(self, surface: pygame.Surface) -> None:
        self.paint(surface, self)


def _spoken(button: Button, seats: list, games: int, variant) -> str:
    """What speech says of a New game button whose label is a mark or a bare value ("×", "+", a colour)."""
    kind, seat = button.id if isinstance(button.id, tuple) else (button.id, None)
    name = seats[seat].name if seat is not None else ""
    if kind == "game":
        return t("speech.game_choice", game=str(variant.name))
    if kind == "colour":
        return t("speech.seat_colour", name=name, colour=colour_name(seats[seat].colour))
    if kind == "name":
        return t("speech.seat_name", name=name)
    if kind in ("kind", "level"):
        return t("speech.menu_setting", name=name, value=button.label)
    if kind == "remove":
        return t("speech.seat_remove", name=name)
    if kind in ("fewer", "more"):
        return t("speech.menu_lower" if kind == "fewer" else "speech.menu_higher", name=t("newgame.games_in_match"),
                 value=games)
    return ""


def _named(button: Button, name) -> Button:
    """The button, with a name that finds it again after the buttons are rebuilt."""
    button.id = name
    return button


def _step(level: str) -> int:
    """Where a level stands on the dial: 0 easy, 1 medium, 2 hard, 3 perfect."""
    dial = dial_of(level)
    return DIAL.index(dial) if dial else 2
