"""New game: pick the variant, the seats and the number of games. Two taps from the title start a game."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.players import available_levels
from game.session import Session
from game.state import Seat

from . import assets, theme
from .stack import Scene
from .widgets import Button, ButtonRow, draw_text, baize_backdrop, panel, rounded

MAX_NAME = 40  # characters kept of a typed name; every screen shortens it further where needed
LEVEL_NAMES = {"random": "Easy", "greedy": "Medium", "heuristic": "Hard", "easy": "Easy", "medium": "Medium",
               "hard": "Hard", "optimal": "Perfect"}
COMPUTER_NAMES = ("Ada", "Bram", "Chloé", "Dirk", "Eva", "Femke", "Gus")
KIOSK_NAMES = ("Ann", "Ben", "Cleo", "Dan", "Ella", "Finn")
LEFT = pygame.Rect(30, 96, 470, 600)
RIGHT = pygame.Rect(520, 96, 730, 600)
ROW_H = 66


@dataclass
class SeatSetup:
    name: str
    computer: bool
    level: str
    colour: str

    def to_seat(self, index: int) -> Seat:
        name = self.name.strip() or f"Player {index + 1}"
        return Seat(name, "computer" if self.computer else "person", self.level if self.computer else None,
                    self.colour)


class NewGameScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        kiosk = getattr(app, "kiosk", None)
        self.kiosk = kiosk.config if kiosk is not None else None
        self.variants = [v for v in app.catalogue.variants if self.kiosk is None or v.id in self.kiosk.variants]
        self.variants = self.variants or list(app.catalogue.variants)
        self.variant_index = 0
        # The seats of the last game set up in this run, else a person against the computer.
        last = getattr(app, "last_seats", None)
        self.seats = [SeatSetup(**vars(s)) for s in last] if last else [
            SeatSetup("Player 1", False, "heuristic", theme.SEAT_ORDER[0]),
            SeatSetup(COMPUTER_NAMES[0], True, "heuristic", theme.SEAT_ORDER[1])]
        self.games = 1
        self.editing: int | None = None
        self.fresh_edit = False
        self.scroll = 0
        self.row = ButtonRow()

    @property
    def variant(self):
        return self.variants[self.variant_index]

    def enter(self) -> None:
        self.games = self.variant.default_games
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
        """Buttons for the current seats (rebuilt whenever seats change)."""
        v = self.variant
        low, high = self.seat_limits()
        levels = available_levels(v.family, v)
        for seat in self.seats:
            if seat.level not in levels:  # the same step of the dial in this game's set of levels
                step = min(_step(seat.level), len(levels) - 1)
                seat.level = levels[step]
        while len(self.seats) > high:
            self.seats.pop()
        while len(self.seats) < low:
            self._add_seat()
        self.games = min(self.games, v.max_games)
        buttons: list[Button] = []
        for i, seat in enumerate(self.seats):
            rect = self._seat_rect(i)
            kind = Button(pygame.Rect(rect.x + 330, rect.y + 5, 130, 48), "Computer" if seat.computer else "Person",
                          lambda i=i: self._toggle_kind(i), style="quiet", size=20)
            buttons.append(kind)
            if seat.computer:
                buttons.append(Button(pygame.Rect(rect.x + 470, rect.y + 5, 130, 48),
                                      LEVEL_NAMES.get(seat.level, seat.level.title()),
                                      lambda i=i: self._cycle_level(i), style="quiet", size=20))
            if len(self.seats) > low:
                buttons.append(Button(pygame.Rect(rect.right - 58, rect.y + 5, 48, 48), "×",
                                      lambda i=i: self._remove_seat(i), style="quiet", size=26))
        add = Button(pygame.Rect(RIGHT.x + 14, RIGHT.y + 62 + len(self.seats) * ROW_H, 250, 54), "+ Add player",
                     self._add_seat_and_build, style="quiet", size=22)
        if len(self.seats) < high:
            buttons.append(add)
        games_y = RIGHT.bottom - 70
        buttons.append(Button(pygame.Rect(RIGHT.x + 300, games_y, 54, 54), "–", lambda: self._games(-1),
                              style="quiet", size=30))
        buttons.append(Button(pygame.Rect(RIGHT.x + 430, games_y, 54, 54), "+", lambda: self._games(1),
                              style="quiet", size=30))
        self.start = Button(pygame.Rect(theme.WIDTH - 330, theme.HEIGHT - 92, 300, 72), "Start", self.begin, size=34)
        back = Button(pygame.Rect(30, theme.HEIGHT - 92, 200, 72), "Back", self.app.stack.pop, style="quiet", size=28)
        self.row = ButtonRow(buttons + [back, self.start])

    # ---------------------------------------------------------- changes --
    def _computer_name(self) -> str:
        used = {s.name for s in self.seats}
        return next((n for n in COMPUTER_NAMES if n not in used), f"Computer {len(self.seats) + 1}")

    def _add_seat(self) -> None:
        used = {s.colour for s in self.seats}
        colour = next(c for c in theme.SEAT_ORDER if c not in used)
        self.seats.append(SeatSetup(self._computer_name(), True, "heuristic", colour))

    def _add_seat_and_build(self) -> None:
        if len(self.seats) < self.seat_limits()[1]:
            self._add_seat()
            self._build()

    def _remove_seat(self, i: int) -> None:
        if len(self.seats) > self.seat_limits()[0]:
            self._stop_editing()
            self.seats.pop(i)
            self._build()

    def _toggle_kind(self, i: int) -> None:
        seat = self.seats[i]
        seat.computer = not seat.computer
        if not seat.computer and (seat.name in COMPUTER_NAMES or seat.name.startswith("Computer")):
            seat.name = f"Player {i + 1}"
        elif seat.computer and seat.name.startswith("Player"):
            seat.name = self._computer_name()
        self._build()

    def _cycle_level(self, i: int) -> None:
        levels = available_levels(self.variant.family, self.variant)
        seat = self.seats[i]
        seat.level = levels[(levels.index(seat.level) + 1) % len(levels)] if seat.level in levels else levels[0]
        self._build()

    def _cycle_colour(self, i: int) -> None:
        used = {s.colour for j, s in enumerate(self.seats) if j != i}
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
        choices = [f"Player {i + 1}", seat.colour.title()] + [n for n in KIOSK_NAMES]
        used = {s.name for j, s in enumerate(self.seats) if j != i}
        start = choices.index(seat.name) if seat.name in choices else -1
        for k in range(1, len(choices) + 1):
            name = choices[(start + k) % len(choices)]
            if name not in used:
                seat.name = name
                return

    def _start_editing(self, i: int) -> None:
        self.editing = i
        self.fresh_edit = True  # the first key typed replaces the default name
        self.app.input.text_mode = True
        pygame.key.start_text_input()

    def _stop_editing(self) -> None:
        if self.editing is not None:
            seat = self.seats[self.editing]
            seat.name = seat.name.strip() or f"Player {self.editing + 1}"
        self.editing = None
        self.app.input.text_mode = False
        pygame.key.stop_text_input()

    def begin(self) -> None:
        from .rolloff import opening_scene

        self._stop_editing()
        seats = [s.to_seat(i) for i, s in enumerate(self.seats)]
        self.app.last_seats = [SeatSetup(**vars(s)) for s in self.seats]
        session = Session(self.variant, seats, self.games)
        self.app.stack.replace(opening_scene(self.app, session))

    # ------------------------------------------------------------ input --
    def handle(self, intent):
        if intent.kind in ("quit", "fullscreen", "help"):
            return intent
        if self.editing is not None:
            if intent.kind == "text":
                seat = self.seats[self.editing]
                if self.fresh_edit:
                    seat.name, self.fresh_edit = "", False
                seat.name = (seat.name + intent.text)[:MAX_NAME]
                return None
            if intent.kind == "erase":
                seat = self.seats[self.editing]
                seat.name, self.fresh_edit = seat.name[:-1], False
                return None
            if intent.kind in ("confirm", "back"):
                self._stop_editing()
                return None
            if intent.kind == "tap":
                self._stop_editing()  # and let the tap act below
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
            for i in range(len(self.seats)):
                rect = self._seat_rect(i)
                if pygame.Rect(rect.x, rect.y, 52, rect.height).collidepoint(intent.pos):
                    self._cycle_colour(i)
                    return None
                if pygame.Rect(rect.x + 56, rect.y + 6, 264, rect.height - 12).collidepoint(intent.pos):
                    if self.kiosk:
                        self._next_name(i)  # no keyboard at a kiosk: names come from a short list
                    else:
                        self._start_editing(i)
                    return None
        if intent.kind == "nav" and intent.key in ("left", "right") and self.row.focus is None:
            step = 1 if intent.key == "right" else -1
            self._pick_variant((self.variant_index + step) % len(self.variants))
            return None
        if intent.kind == "confirm" and self.row.focus is None:
            self.begin()
            return None
        self.row.handle(intent, self.clock.time)
        return None

    # ------------------------------------------------------------- draw --
    def draw(self, surface: pygame.Surface) -> None:
        baize_backdrop(surface)
        draw_text(surface, "New game", 44, theme.PAPER, (theme.WIDTH // 2, 52), "center", "title")
        self._draw_variants(surface)
        self._draw_seats(surface)
        self.row.draw(surface)

    def _draw_variants(self, surface: pygame.Surface) -> None:
        panel(surface, LEFT, theme.PAPER, 16)
        draw_text(surface, "Game", 28, theme.INK, (LEFT.x + 20, LEFT.y + 30), "midleft", "black")
        for i in self._visible_variants():
            rect = self._variant_rect(i)
            variant = self.variants[i]
            chosen = i == self.variant_index
            rounded(surface, (255, 232, 160) if chosen else (240, 234, 216), rect, 10)
            if chosen:
                rounded(surface, theme.WOOD, rect, 10, 3)
            draw_text(surface, str(variant.name), 24, theme.INK, (rect.x + 14, rect.y + 21), "midleft", "bold",
                      rect.width - 28)
            draw_text(surface, str(variant.description), 16, theme.INK_SOFT, (rect.x + 14, rect.y + 49), "midleft",
                      "regular", rect.width - 28)
        if len(self.variants) > len(self._visible_variants()):
            draw_text(surface, "scroll for more", 14, theme.INK_FAINT, (LEFT.centerx, LEFT.bottom - 8), "midbottom")

    def _draw_seats(self, surface: pygame.Surface) -> None:
        v = self.variant
        panel(surface, RIGHT, theme.PAPER, 16)
        low, high = self.seat_limits()
        draw_text(surface, f"Players ({low}-{high})", 28, theme.INK, (RIGHT.x + 20, RIGHT.y + 30),
                  "midleft", "black")
        for i, seat in enumerate(self.seats):
            rect = self._seat_rect(i)
            rounded(surface, (240, 234, 216), rect, 10)
            colour = theme.seat_colour(seat.colour, i)
            pygame.draw.circle(surface, colour, (rect.x + 28, rect.centery), 18)
            pygame.draw.circle(surface, theme.INK, (rect.x + 28, rect.centery), 18, 2)
            field = pygame.Rect(rect.x + 56, rect.y + 7, 264, rect.height - 14)
            editing = self.editing == i
            rounded(surface, theme.WHITE if editing else (248, 244, 232), field, 8)
            rounded(surface, theme.PREVIEW_INK if editing else theme.PAPER_LINE, field, 8, 2)
            if editing:  # show the end of what is being typed, with the caret
                caret = "|" if int(self.clock.time * 2) % 2 == 0 else " "
                shown = _tail(assets.printable(seat.name), 24, field.width - 30) + caret
                draw_text(surface, shown, 24, theme.INK, (field.x + 10, field.centery), "midleft", "bold")
            else:
                draw_text(surface, seat.name, 24, theme.INK, (field.x + 10, field.centery), "midleft", "bold",
                          field.width - 20)
        games_y = RIGHT.bottom - 70
        draw_text(surface, "Games in the match", 24, theme.INK, (RIGHT.x + 20, games_y + 27), "midleft", "bold")
        draw_text(surface, str(self.games), 34, theme.INK, (RIGHT.x + 392, games_y + 27), "center", "black")
        hint = "Tap a name or a colour to change it" if self.kiosk else "Tap a name to type it, a colour to change it"
        draw_text(surface, hint, 17, theme.INK_SOFT,
                  (RIGHT.right - 20, RIGHT.y + 30), "midright", "regular", 360)


def _tail(words: str, size: int, width: int) -> str:
    """The end of the text that fits ``width``, with an ellipsis in front when cut."""
    face = assets.font("bold", size)
    if face.size(words)[0] <= width:
        return words
    while words and face.size("…" + words)[0] > width:
        words = words[1:]
    return "…" + words


def _step(level: str) -> int:
    """Where a level stands on the dial: 0 easy, 1 medium, 2 hard, 3 perfect."""
    for order in (("random", "greedy", "heuristic", "optimal"), ("easy", "medium", "hard", "optimal")):
        if level in order:
            return order.index(level)
    return 2
