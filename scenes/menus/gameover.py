"""Between games and game over: every game's column, the match total, the winner celebrated."""

from __future__ import annotations

import math
import random

import pygame

from game.coach.coach import about, luck_and_skill_said
from game.engine.session import Session
from game.rules import i18n
from game.rules.i18n import t
from scenes.table.celebration import COLOURS, Flake
from scenes.ui import assets, theme
from scenes.ui.stack import Scene
from scenes.ui.textfit import wrap_lines
from scenes.ui.widgets import Button, ButtonRow, dim, draw_text, panel, rounded, seat_badge

DEMO_RESTART = 5.0  # seconds before a demo starts its next match
FANFARE_SECONDS = 1.0  # the fanfare's notes, before the winner's bells ring in over its held chord
COACH_WIDTH = 1100  # the coach's report lines, across the widest box
COACH_SIZE = 24  # the coach's review: bigger than the results' own words (22), in ink, read from the sofa
COACH_MOST = 4  # rows one person's review may take (a long language wraps the most)
COACH_GAP = 10  # between two people's reviews, where there is room
WIN_GOLD = (150, 96, 10)  # the winner's line: gold dark enough to read on paper (4.5:1)
REVIEW_ROOM = 60  # the row of "Look at the card"


class GameOverScene(Scene):
    screen = "game_over"
    transparent = True

    def __init__(self, app, session: Session, game: int, demo: bool = False, on_next=None, coach=None):
        super().__init__(app)
        self.coach = coach
        self.session = session
        self.state = session.state
        self.game = game
        self.demo = demo
        self.on_next = on_next
        self.final = self.state.is_terminal()
        rng = random.Random(session.seed + game)
        people = [s for s, seat in enumerate(self.state.seats) if not seat.is_computer]
        cheer = not people or any(s in people for s in self.winners()) or not self.final
        self.flakes = [] if not cheer else [
            Flake(x=rng.uniform(0, theme.WIDTH), y=rng.uniform(-800, -10), vx=rng.uniform(-40, 40),
                  vy=rng.uniform(120, 260), spin=rng.uniform(-6, 6), angle=rng.uniform(0, 6.28),
                  colour=rng.choice(COLOURS), size=rng.randint(6, 12)) for _ in range(160)]
        box = self.box()
        if self.final:
            specs = [(t("gameover.play_again"), self.play_again, "primary"),
                     (t("gameover.new_game"), self.new_game, "quiet"), (t("gameover.title"), self.to_title, "quiet")]
        else:
            specs = [(t("gameover.next_game", game=game + 2, games=self.state.games), self.next_game, "primary")]
        width = (box.width - 60 - 20 * (len(specs) - 1)) // len(specs)
        self.row = ButtonRow([Button(pygame.Rect(box.x + 30 + i * (width + 20), box.bottom - 92, width, 68), label,
                                     action, style=style, size=26) for i, (label, action, style) in enumerate(specs)])
        # The finished card can be looked at (its own row above, so a long language still fits it whole). Tab goes
        # the way the screen reads: this button above first, then the row below, left to right.
        self.row.buttons.insert(0, Button(pygame.Rect(box.x + 30, box.bottom - 92 - REVIEW_ROOM, 320, 48),
                                          t("gameover.review"), self.review, style="quiet", size=22))
        people = [seat.name for s, seat in enumerate(self.state.seats) if not seat.is_computer
                  and session.review.slips(s)]
        if self.final and not demo and people:  # the slips of this game, and older ones, asked again
            self.row.buttons.insert(1, Button(pygame.Rect(box.x + 370, box.bottom - 92 - REVIEW_ROOM, 360, 48),
                                              t("practice.from_results"), lambda: self.practice(people),
                                              style="quiet", size=22))
        reviewed = self._reviewed()
        if reviewed is not None and box.width >= 1100:  # every decision of a person's game (issue 38)
            x = self.row.buttons[len(self.row.buttons) - len(specs) - 1].rect.right + 20
            self.row.buttons.insert(len(self.row.buttons) - len(specs), Button(
                pygame.Rect(x, box.bottom - 92 - REVIEW_ROOM, min(320, box.right - 30 - x), 48),
                t("gameover.turn_by_turn"), lambda: self.turn_by_turn(reviewed), style="quiet", size=22))
        # Looking back at the finished card: the results give way to a bar with the way back and the way on.
        self.reviewing = False
        self.bar = bar = self._review_bar()
        half, top = (bar.width - 30) // 2, bar.centery - 28
        self.review_row = ButtonRow([
            Button(pygame.Rect(bar.x + 10, top, half, 56), t("gameover.results"), self.back_to_results,
                   style="quiet", size=24),
            Button(pygame.Rect(bar.right - 10 - half, top, half, 56), specs[0][0], specs[0][1], size=24)])

    def enter(self) -> None:
        """The results' own sound: at the end, the winners' fanfare, then bells as the confetti falls (a plain
        chime where a computer beat the people); between the games of a match, a chime."""
        if not self.final:
            self.app.play("bonus")
        elif self.flakes:
            self.app.play("fanfare")
            self.clock.after(FANFARE_SECONDS, lambda: self.app.play("win"))
        else:
            self.app.play("win")

    def _review_bar(self) -> pygame.Rect:
        """Where the review's bar stands: in place of the table's Roll button and hint, as wide as the felt (over
        the dice shelf it hid the HELD label, and a greyed Roll stayed in view); the card beside stays whole."""
        layout = getattr(self.app.stack.top, "layout", None)
        if isinstance(getattr(layout, "roll", None), pygame.Rect):
            return pygame.Rect(layout.tray.x, layout.roll.y, layout.tray.width, layout.roll.height)
        felt = self._felt()
        bar = pygame.Rect(0, 0, min(700, felt.width), 72)
        bar.center = (felt.centerx, 600)
        return bar

    def _felt(self) -> pygame.Rect:
        """The felt of the table underneath (its dice tray); the card and the racks are beside it."""
        tray = getattr(getattr(self.app.stack.top, "tray", None), "tray", None)
        return pygame.Rect(tray) if isinstance(tray, pygame.Rect) else pygame.Rect(20, 0, 700, theme.HEIGHT)

    def coach_lines(self, short: bool = False) -> list[str]:
        """Each person's costliest choice and what all their slips cost, in players' words (needs the solver's
        values); ``short``: the costliest choice alone, where the screen has no room for more."""
        if not self.coach or not self.coach.available or not self.final:
            return []
        lines = []
        for seat, info in enumerate(self.state.seats):
            if info.is_computer:
                continue
            total, worst = self.coach.report(seat)
            split = None if short else self.coach.luck_and_skill(seat, self.game)
            if split is not None:  # the dice against the average, the choices against the best
                lines.append(luck_and_skill_said(info.name, split, worst[0] if worst else None))
            elif not worst:
                lines.append(t("gameover.coach_perfect", name=info.name))
            elif short:
                lines.append(t("gameover.coach_slip_short", name=info.name, slip=worst[0].short_text))
            else:
                lines.append(t("gameover.coach_slip", name=info.name, slip=worst[0].text, loss=about(total)))
        return lines[:4]

    def coach_rows(self) -> tuple[list[list[str]], int]:
        """The coach's lines as drawn, each person's wrapped to the box, and the gap between two people. Where
        the whole review would not fit the screen (many people in a long match): the costliest choices alone,
        closer together, and as many people as then fit."""
        for short, gap in ((False, COACH_GAP), (True, 0)):
            lines = self.coach_lines(short)
            people = [wrap_lines(line, COACH_SIZE, COACH_WIDTH, most=COACH_MOST) for line in lines]
            while people and self._height(people, gap) > theme.HEIGHT - 8:
                people.pop()
            if len(people) == len(lines):
                break
        return people, gap

    @staticmethod
    def _coach_height(people: list[list[str]], gap: int) -> int:
        rows = sum(len(lines) for lines in people)
        return assets.line_height(COACH_SIZE, 1.3) * rows + gap * max(0, len(people) - 1)

    def _height(self, people: list[list[str]], gap: int) -> int:
        extra = self._coach_height(people, gap) + 16 if people else 0
        # room for every row the game or match will have (see _rows), so the box keeps its size from game to game
        return 300 + REVIEW_ROOM + 40 * self.state.result_row_count() + extra

    def box(self) -> pygame.Rect:
        people, gap = self.coach_rows()
        width = 1160 if people else min(1160, 380 + 130 * self.state.n)
        rect = pygame.Rect(0, 0, width, self._height(people, gap))
        rect.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
        return rect

    def winners(self) -> list[int]:
        if self.final:
            return self.state.winners()
        totals = self.state.game_totals(self.game)
        return [s for s, t in enumerate(totals) if t == max(totals)]

    # ------------------------------------------------------------ actions --
    def next_game(self) -> None:
        self.app.stack.pop()
        if self.on_next:
            self.on_next()

    def play_again(self) -> None:
        kiosk = getattr(self.app, "kiosk", None)
        if self.demo and kiosk is not None and kiosk.attract:
            kiosk.next_attract()  # the attract mode plays its games in turn
            return
        seed = self.session.seed + 1 if self.demo else None
        session = Session(self.session.variant, list(self.state.seats), self.state.games, seed=seed)
        self.app.go("opening", session, self.demo, how="clear")

    def practice(self, people: list[str]) -> None:
        """Practice, for this game's people: their slips are in the records once they are open."""
        self.app.records_opening.when_ready(lambda: self.app.go("practice", people))

    def _reviewed(self) -> int | None:
        """The person whose game the turn-by-turn review shows: the first the coach weighed from the start."""
        if not self.final or self.demo or self.coach is None or not self.coach.available:
            return None
        return next((seat for seat in sorted(self.coach.steps) if self.coach.luck_and_skill(seat, self.game)), None)

    def turn_by_turn(self, seat: int) -> None:
        self.app.go("turn_review", self.session, seat, self.game, self.coach.table)

    def review(self) -> None:
        self.reviewing = True

    def back_to_results(self) -> None:
        self.reviewing = False

    def new_game(self) -> None:
        self.app.go("title", how="clear")
        self.app.go("new_game")

    def to_title(self) -> None:
        self.app.go("title", how="clear")

    def handle(self, intent):
        if intent.kind in ("quit", "fullscreen", "help"):
            return intent
        if self.demo:
            if intent.kind in ("tap", "back"):
                self.to_title()
            return None
        if self.clock.time < 0.8:
            return None  # a key or tap still meant for the table does not start the next game
        if self.reviewing:
            if intent.kind == "back":
                self.back_to_results()
            else:
                self.review_row.handle(intent, self.clock.time)
            card = getattr(self.app.stack.scenes[-2] if len(self.app.stack.scenes) > 1 else None, "card", None)
            if intent.kind == "point" and hasattr(card, "seat_at"):
                card.hover_seat = card.seat_at(intent.pos)  # the finished card's whole names, on hover too
            return None
        if intent.kind == "back":
            self.to_title()  # the game is in the records (a match goes on with Continue)
            return None
        # Enter acts only on a button chosen (Tab, arrows): a stray Enter never skips the results.
        self.row.handle(intent, self.clock.time)
        return None

    def animating(self) -> bool:
        return super().animating() or any(f.y < theme.HEIGHT + 20 for f in self.flakes)  # confetti still falling

    def update(self, dt: float) -> None:
        super().update(dt)
        for f in self.flakes:
            f.x += (f.vx + 30 * math.sin(self.clock.time * 2 + f.angle)) * dt
            f.y += f.vy * dt
            f.angle += f.spin * dt
        if self.demo and self.clock.time >= DEMO_RESTART:
            if self.final:
                self.play_again()
            else:
                self.next_game()

    # -------------------------------------------------------------- draw --
    def draw(self, surface: pygame.Surface) -> None:
        if self.reviewing:  # the finished card, as it was, with a bar to go back or on
            panel(surface, self.bar, theme.PAPER, 16, theme.WOOD_LIGHT)
            self.review_row.draw(surface)
            return
        dim(surface, 150)
        for f in self.flakes:
            if -20 < f.y < theme.HEIGHT + 20:
                w = max(2, int(f.size * abs(math.cos(f.angle))))
                pygame.draw.rect(surface, f.colour, pygame.Rect(int(f.x), int(f.y), w, f.size // 2 + 2))
        box = self.box()
        panel(surface, box, theme.PAPER, 20, theme.WOOD_LIGHT)
        names = i18n.names([self.state.seats[s].name for s in self.winners()])
        winners = len(self.winners())
        if self.final:
            head = t("gameover.wins", count=winners, names=names)
            if self.state.n == 1:
                head = t("gameover.final_score", score=self.state.match_totals()[0])
        else:
            head = t("gameover.leads", count=winners, game=self.game + 1, names=names)
        draw_text(surface, head, 44, WIN_GOLD, (box.centerx, box.y + 56), "center", "black", box.width - 40)
        self._draw_table(surface, box)
        (people, gap), step = self.coach_rows(), assets.line_height(COACH_SIZE, 1.3)
        y = box.bottom - 128 - REVIEW_ROOM - self._coach_height(people, gap) + step  # the last row above the buttons
        for lines in people:
            for line in lines:
                draw_text(surface, line, COACH_SIZE, theme.INK, (box.x + 30, y), "midleft", "regular", COACH_WIDTH)
                y += step
            y += gap
        self.row.draw(surface)

    def _draw_table(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        state = self.state
        label_w = 200
        col_w = (box.width - 60 - label_w) // state.n
        top = box.y + 110
        x0 = box.x + 30
        for s, seat in enumerate(state.seats):
            cx = x0 + label_w + s * col_w + col_w // 2
            seat_badge(surface, seat.colour, s, (cx, top), 10)
            draw_text(surface, seat.name, 22, theme.INK, (cx, top + 26), "center", "bold", col_w - 10)
        winners = set(self.winners())
        rows = self._rows()
        for r, (label, totals) in enumerate(rows):
            y = top + 70 + r * 40
            bold = r == len(rows) - 1
            pygame.draw.line(surface, theme.PAPER_LINE, (x0, y - 20), (box.right - 30, y - 20))
            draw_text(surface, label, 22, theme.INK, (x0, y), "midleft", "black" if bold else "regular", label_w - 10)
            for s, total in enumerate(totals):
                cx = x0 + label_w + s * col_w + col_w // 2
                if bold and s in winners:
                    rounded(surface, (255, 226, 130), pygame.Rect(cx - 44, y - 18, 88, 36), 10)
                draw_text(surface, str(total), 26, theme.INK, (cx, y), "center", "black" if bold else "bold")


    def _rows(self) -> list[tuple[str, list[int]]]:
        """The table's rows, as the game's kind gives them, the last in bold: each game and the match, or Jackpot's
        rounds and its total."""
        last = self.game if not self.final else self.state.games - 1
        return [(t(key, **values), totals) for key, values, totals in self.state.result_rows(last)]
