"""The table: dice tray, hold row, roll button and scorecard for the scorecard games.

Everything the players do goes to the table's controller (``game.table``) as a command; the scene
animates the events that come back (the dice were drawn before the throw starts) and shows whose turn
it is. Computer seats play through the same controller, paced so people can follow each hold and roll.
"""

from __future__ import annotations

import pygame

from game.coach.coach import Coach
from game.daily.play import day_of
from game.engine.actions import Roll, Score
from game.engine.session import Session
from game.rules import i18n
from game.rules.i18n import t
from game.store.settings import save_settings
from game.table.commands import AskCoach, Ready, Toggle
from game.table.events import CoachAsked, Held, Previewed, Refused, Rolled, Scored, TurnBegan
from scenes.dice.dice_tray import DiceTray
from scenes.scorecard.box_help import BoxHelp
from scenes.scorecard.moments import Moments
from scenes.scorecard.scorecard import Scorecard
from scenes.scorecard.table_focus import TableFocus
from scenes.scorecard.table_layout import COACH_X, UNDO_X, layout_for
from scenes.scorecard.table_paint import TablePainter, dice_showing
from scenes.table.play_scene import BOT_FASTEST, FarPart, PlayScene
from scenes.table.refusal import refusal_words
from scenes.table.walkthrough import Walkthrough
from scenes.ui.dialogs import ConfirmDialog
from scenes.ui.widgets import Button, ButtonRow


class TableScene(PlayScene):
    bindings = "table"
    cheers_dice = True  # the dice on the felt glow when a box is cheered (Challenge scores its markers instead)

    def __init__(self, app, session: Session, demo: bool = False, far: FarPart | None = None):
        super().__init__(app, session, demo, far)
        self.layout = layout_for(self.state.n)  # five or six seats: a wider card, a narrower felt
        self.card = Scorecard(self.layout.card, self.state)
        self.tray_rect = self.layout.tray.inflate(-44, -44)
        self.tray = self._new_tray()
        self.roll_button = Button(pygame.Rect(self.layout.roll), t("table.roll"), self.roll, size=40)
        self.pause_button = Button(pygame.Rect(16, 6, 120, 50), t("common.menu"), self.menu.open, style="quiet",
                                   size=22)
        self.undo_button = Button(pygame.Rect(UNDO_X, 6, 160, 50), t("common.undo"), self.undo, style="quiet",
                                  size=22)
        self.coach_button = Button(pygame.Rect(COACH_X, 6, 150, 50), t("table.coach"), self.toggle_coach, style="quiet",
                                   size=22)
        self.can_undo = False
        self.coach = Coach(session)
        if not demo:
            self.coach.on_as_left(app.settings.coach_for)
        self.buttons = ButtonRow([self.roll_button, self.pause_button, self.undo_button, self.coach_button],
                                 one_choice=False)  # apart on the table: Roll stays lit while Menu is pointed at
        self.banner = ""
        self.banner_time = 0.0
        self.handoff: int | None = None  # the person handed the dice (hot seat), until they say they are ready
        self.throwing = False  # dice in the air: input waits (a tap skips), holds do not
        self.key_order: list[int] = list(range(self.variant.dice))  # key k+1 holds die key_order[k]
        self.box_help = BoxHelp()
        self.key_focus = False  # the box focus was moved by keys (then its help shows too)
        self.focus = TableFocus(self)  # the keys' and the pad's focus: a die, Roll or a box
        self.moments = Moments(self.variant, self.layout.tray, session.seed)  # cheers; a filled box in view
        self.painter = TablePainter(self)  # draws the table; keeps the dice clear of its panels

    def _new_tray(self, count: int | None = None) -> DiceTray:
        tray = DiceTray(self.tray_rect, self.layout.hold_row, count or self.variant.dice, size=78,
                        seed=self.session.seed)
        # A tray that names no material (the flat one) throws its dice onto the felt.
        tray.on_hit = lambda strength, material="felt": self.app.play_hit(material, strength)
        return tray

    # --------------------------------------------------------- lifecycle --
    def sync_dice(self) -> None:
        """Show the dice the state holds, without a throw (on entering, after an undo); a resumed turn's dice
        lie in the order they landed in, under the same numbers."""
        order = self.session.dice_order if self.state.dice else None
        self.tray.slot_order = list(order) if order else None
        self.tray.place(self.state.dice, list(self.state.held))
        if order:
            self.key_order = list(order)
        else:
            self.number_dice()
            self.tray.place(self.state.dice, list(self.state.held))  # held dice to the slots of their numbers

    def enter(self) -> None:
        self.flush()  # a new match is kept from its first moment
        self.can_undo = self.undo_allowed()
        self.sync_dice()
        self.news.heard(self.controller.opening)  # the first turn (or a resumed one), as the controller opened it
        self.handoff = self.news.hand_to()
        self._turn_started()
        self.voice.narrate([self.controller.opening])  # whose turn the table opens on (the first one, or a resumed one)
        self.refresh_buttons()
        if self.variant.turns != "common" and self.tips_due("walkthrough", Score):  # turns of one's own
            tray, floor = self.layout.tray, self.painter.dock().bottom  # in the dock: the dice's felt is below
            area = pygame.Rect(tray.x + 8, tray.y + 6, tray.width - 16, 0)
            self.walkthrough = Walkthrough(self.app, self.variant, self.walkthrough_targets(), area, floor=floor,
                                           done=self.session.played())
            self.walkthrough.ceiling = self.pause_button.rect.bottom + 4  # never over the buttons: lower instead
            self.painter.keep_dice_clear()

    def walkthrough_targets(self) -> dict[str, pygame.Rect]:
        rows = {row.kind: index for index, row in enumerate(self.card.rows)}
        bonus = rows.get("upper_bonus", rows.get("upper_total"))
        targets = {"roll": self.roll_button.rect, "dice": self.layout.tray, "card": self.card.rect}
        if bonus is not None:
            targets["bonus"] = self.card.row_rect(bonus)
        return targets

    def resume(self) -> None:
        self.buttons = ButtonRow([self.roll_button, self.pause_button, self.undo_button, self.coach_button],
                                 one_choice=False)

    # ------------------------------------------------------------ helpers --
    def person_to_play(self) -> bool:
        finished = self.card.shown_game() != self.state.game  # a finished game's card, looked back at
        return self.controller.may_move() and not self.throwing and self.moments.showing is None and not finished

    def say(self, text: str, seconds: float = 1.6) -> None:
        self.banner, self.banner_time = text, seconds

    # ------------------------------------------------------------ acting --
    def judge(self, seat: int, action) -> None:
        if not self.demo:
            self.coach.judge(action)

    def show(self, event) -> None:
        if isinstance(event, Rolled):
            self.throw_dice(event.faces, list(event.rolling))
        elif isinstance(event, Held):
            self.app.play("hold" if event.held else "release")  # heard apart: a player need not see which
            self.tray.set_held(event.die, event.held)
        elif isinstance(event, Scored):
            self._scored(event.seat, event.box, event.game, event.bonuses_before)
        elif isinstance(event, CoachAsked):
            self.coach_asked(event.seat)
        elif isinstance(event, Previewed) and isinstance(event.action, Score):
            self.card.focus_box = event.action.box  # a computer's box shows before it is filled
        elif isinstance(event, Refused):
            self.say(refusal_words(event), 2.0)  # why the press did nothing, in the players' words
        elif isinstance(event, TurnBegan):
            self.handoff = None  # the person handed the dice has them

    def _scored(self, seat: int, box: str, game: int, bonuses_before: tuple[int, int]) -> None:
        """The box lights and its points count up; a moment that matters is cheered; the dice stay on the felt
        a moment, for everyone to see, before the next player's turn (``hand_over``)."""
        state = self.state
        card = state.cards[game][seat]
        points = card.boxes[box]
        self.card.focus_box = None
        self.key_focus = False
        self.box_help.cancel()
        if state.is_terminal() or state.game != game:
            self.card.game = game  # the finished card stays on the table, to look back at, until the next game
        self.say(t("table.scored", name=state.seats[seat].name, points=points, box=self.variant.box(box).name), 1.4)
        faces = self.tray.shown_faces()
        lying = [self.tray.die_rect(d) for d, face in enumerate(faces) if face is not None]
        origin = lying[0].unionall(lying[1:]).center if lying and self.cheers_dice else None  # sparks from the dice
        seconds = self.pacing.box_seconds(not self.controller.is_person(seat))
        sound, seconds = self.moments.scored(seat, box, game, card, bonuses_before, faces, seconds,
                                             len(self.session.log), self.cheers_dice, origin)
        self.app.play(sound)
        if sound == "fanfare" and not self.demo:
            self.app.input.pads.rumble()  # five alike scored: the pad played last rumbles softly, where it can
        self.card.filled(seat, box, points, seconds, self.clock)

    def hand_over(self) -> None:
        """The box has been seen: the next player's turn (or the results) comes. The dice leave the felt then,
        or, when the dice are handed to another person, once they say they are ready: until then everyone sees
        what was thrown, with the hand-over's words above it (table_paint.draw_handoff)."""
        over = self.news.game_over()  # the controller's GameOver and TurnPassed, kept until the box was seen
        if over is not None:
            self.clear_after_score()
            self._game_finished(over.game)
            return
        self.session.dice_order = None  # the next seat numbers its own dice
        self.handoff = self.news.hand_to()
        self._turn_started()
        if self.handoff is None:
            self.clear_after_score()

    def clear_after_score(self) -> None:
        """The dice leave the table for the next seat (their numbers with them)."""
        self.session.dice_order = None
        self.tray.place(None, [False] * self.variant.dice)

    def _game_finished(self, game: int) -> None:
        self.roll_button.enabled = False  # nothing to roll on a finished card (the next game enables it again)
        self.banner_time = 0.0
        if not self.demo and day_of(self.session) is not None:  # today's dice: the day's results, side by side
            self.app.go("daily_results", self.session)
            return
        self.app.go("game_over", self.session, game, self.demo, on_next=self._next_game, coach=self.coach)

    def _next_game(self) -> None:
        self.card = Scorecard(self.layout.card, self.state)
        self.tray = self._new_tray()
        self.tray.place(None, [False] * self.variant.dice)
        self.handoff = self.news.hand_to()  # the next game's first turn, passed as the last one ended
        self._turn_started()

    def _turn_started(self) -> None:
        seat = self.seat
        if seat < 0:
            return
        self.painter.keep_dice_clear()  # each seat has its own coach switch
        name = self.state.seats[seat].name
        if not self.controller.is_person(seat):
            self.say(t("table.is_playing", name=name), 1.2)
        elif self.handoff is not None:
            self.app.play("turn")
        else:
            self.say(t("table.your_turn", name=name), 1.4)
            if self.app.speech.listened():
                self.app.play("turn")  # heard as well as shown: a player who cannot see knows it is theirs

    # ------------------------------------------------------- person moves --
    def input_waits(self) -> bool:
        """The table is still showing something (dice in the air, a box just filled, a finished card): a press
        waits. Whether the press may be played is the controller's to say, not the view's."""
        return self.throwing or self.moments.showing is not None or self.card.shown_game() != self.state.game

    def roll(self) -> None:
        if not self.input_waits():
            self.act(Roll())

    def toggle(self, die: int) -> None:
        if not self.input_waits():
            self.act(Toggle(die))

    def choose_box(self, box: str) -> None:
        if self.input_waits():
            return
        view = self.controller.view_for(self.seat)
        if view.points(box) == 0 and any(points for _, points in view.boxes):
            # Where the coach's best move is this very zero (Yahtzee or Aces given up to keep bigger boxes open), the
            # question says the coach agrees instead of warning. It still asks: a zero is for good, and a finger
            # slipped onto the box next to the one meant looks the same to the game as a plan.
            agrees = self.coaching() and self.coach.agrees(box)
            name = self.variant.box(box).name
            dialog = ConfirmDialog(self.app, t("table.zero_title", box=name),
                                   t("table.zero_coach_agrees" if agrees else "table.zero_message"),
                                   t("table.zero_yes"), lambda: self.act(Score(box)), t("table.zero_no"), not agrees)
            self.app.stack.push(dialog)  # its focus starts on "go back": a second Enter never scores 0 unseen
            return
        self.act(Score(box))

    def toggle_coach(self) -> None:
        """Ask the controller: the coach is the person to play's to switch (the answer comes as CoachAsked)."""
        self.show_events(self.controller.command(AskCoach()))

    def coach_asked(self, seat: int) -> None:
        if not self.coach.available:
            if self.coach.missing:  # no table for this game, and none can be built here: say why
                self.say(t(self.coach.missing), 4.0)
            return
        self.say(self.coach.switch(seat), 1.4)  # a quiet coach answers now; else on or off
        self.app.settings.keep_coach(self.state.seats[seat].name, seat in self.coach.on)  # for the next game too
        save_settings(self.app.settings)
        self.painter.keep_dice_clear()

    def replace_dice(self) -> None:
        """The dice back on the table as the state has them, keeping their numbers and their left-to-right order."""
        self.tray.place(self.state.dice, list(self.state.held))
        self.tray.keep_order(self.key_order)

    def coaching(self) -> bool:
        return (self.coach.available and self.seat in self.coach.on and self.person_to_play()
                and self.state.dice is not None and self.handoff is None)

    def own_highlight(self) -> set[int]:
        """The dice the player has marked themselves (Challenge's picks); none at this table."""
        return set()

    def coach_dice(self, best) -> set[int] | None:
        """The dice the coach's best move holds, to glow (None: the glow is left as it is)."""
        return set(dice_showing(self.state.dice, best.keep)) if best.kind == "keep" else None

    def tips_first(self) -> bool:
        """The first-game tips come before the coach's panel: both on the felt would leave the dice no room. Its
        marks show meanwhile (the best dice glow, the best box has the focus); its panel once the tips are done."""
        return self.walkthrough is not None and self.walkthrough.active

    def busy(self) -> bool:
        return self.throwing or self.tray.busy()

    def bot_waits(self) -> bool:
        return self.waiting() or self.moments.showing is not None  # the last box is seen before the next turn

    def portrait_parts(self) -> list[pygame.Rect]:
        return self.layout.portrait_parts()

    def moving(self) -> bool:
        return (super().moving() or self.banner_time > 0 or bool(self.card.flash) or self.box_help.waiting()
                or self.moments.moving()
                or self.coach.progress is not None or self.coach.working())  # a table being built; advice coming

    def show_undo(self) -> None:
        """The card, the bonuses and the dice as they were just before the scoring taken back."""
        self.card = Scorecard(self.layout.card, self.state)
        self.moments.cancel()
        self.handoff = None  # the person who took it back plays on (the controller hands nothing over)
        if self.state.dice is not None:
            self.replace_dice()  # the turn goes on with the same numbers on the same dice
        else:
            self.sync_dice()
        self.say(t("table.taken_back", name=self.state.seats[self.seat].name), 1.4)  # whose move it was

    def legal_boxes(self) -> list[str]:
        options = self.state.options()
        return [b for b in self.variant.box_ids if options and b in options.scores]

    # ------------------------------------------------------------- input --
    def handle(self, intent):
        if self.walkthrough_handled(intent):
            self.painter.keep_dice_clear()  # tips done or skipped: the dice may use the whole tray again
            return None
        done, unused = self.menu.handled(intent, self.pause_button, self.clock.time)
        if done:
            return unused
        if intent.kind == "tap" and self.undo_button.hit(intent.pos) or intent.kind == "undo":
            self.undo()  # also from the hand-off screen: the next seat has not acted yet
            return None
        if intent.kind == "point":
            self.card.hover_seat = self.card.seat_at(intent.pos)  # whole names on hover, hand-off or not
        if self.moments.showing is not None and intent.kind != "point":
            return None  # a box just filled, in view a moment for everyone: the next turn has not begun
        if self.handoff is not None:
            if intent.kind in ("tap", "confirm", "roll"):
                self.show_events(self.controller.command(Ready()))
                if self.handoff is None and self.state.dice is None:
                    self.clear_after_score()  # the last player's dice, in view through the hand-over, go now
                self.say(t("table.your_turn", name=self.state.seats[self.seat].name), 1.2)
                if intent.kind == "tap" and self.roll_button.rect.collidepoint(intent.pos):
                    self.roll()  # a tap on Roll itself means ready and roll: one tap, not two
            return None
        if self.throwing:
            if intent.kind in ("tap", "roll", "confirm"):
                self.tray.skip()  # a click skips the throw; it never rolls twice
            return None
        if self.hand.handled(intent, self.tray, self.roll_button):  # a shake or flick first
            return None
        return self.handle_play(intent)

    def handle_play(self, intent):
        if intent.kind == "point":
            self.card.hover_box = self.card.box_at(intent.pos, self.seat)
            self.box_help.hover(self.card.box_at(intent.pos))
            self.buttons.handle(intent, self.clock.time)
            return None
        if intent.kind == "tap":
            die = self.tray.die_at(intent.pos)
            if die is not None:
                self.toggle(die)
                return None
            box = self.card.box_at(intent.pos, self.seat) or self.card.box_at(intent.pos)
            if box is not None:
                self.box_help.press(box)  # scored when let go; held down, it asks for the box's help instead
                return None
            self.buttons.handle(intent, self.clock.time)
            return None
        if intent.kind == "release":
            box = self.box_help.release(self.card.box_at(intent.pos, self.seat))
            if box is not None:
                self.choose_box(box)
            return None
        if intent.kind == "roll":
            self.roll()
        elif intent.kind == "hold" and isinstance(intent.key, int) and intent.key < len(self.key_order):
            self.toggle(self.key_order[intent.key])
        elif intent.kind == "coach":
            self.toggle_coach()
        elif intent.kind in ("nav", "confirm"):
            self.focus.handle(intent)  # over the dice, Roll and the boxes (scenes.scorecard.table_focus)
        return None

    # ------------------------------------------------------------ update --
    def update(self, dt: float) -> None:
        speed = self.app.animation_speed()
        self.clock.tick(dt)
        self.box_help.update(dt)
        if self.update_dice(dt, speed):
            self.landed()
        self.card.update(dt)
        if self.banner_time > 0:
            self.banner_time -= dt
        if self.moments.update(dt) is not None:
            self.hand_over()
        self.drive_bot(dt, min(speed, BOT_FASTEST))
        self.refresh_buttons()
        self.focus.show()
        self.painter.mark_coach()
        if self.tips_first():
            self.painter.keep_dice_clear()  # a tip fits the window as it is now (resized, say): dice keep clear of it

    def refresh_buttons(self) -> None:
        self.roll_button.label = t("table.roll")  # every frame: the language may change in the menu
        self.pause_button.label = t("common.menu")
        self.undo_button.label = t("common.undo")
        self.undo_button.enabled = self.can_undo and not self.throwing
        self.undo_button.rect.x = UNDO_X if self.can_undo else -1000
        seat = self.seat
        person = self.controller.is_person(seat)
        preparing = self.coach.progress is not None
        shown = self.coach.available or preparing or self.coach.missing is not None
        self.coach_button.rect.x = COACH_X if shown and person else -1000
        self.coach_button.enabled = self.coach.available or self.coach.missing is not None
        self.coach_button.label = (t("table.coach_progress", percent=i18n.number(100 * self.coach.progress))
                                   if preparing else t("table.coach_on_button") if seat in self.coach.on
                                   else t("table.coach"))
        self.roll_button.enabled = not self.input_waits() and self.controller.view_for(seat).may_roll
        self.roll_button.detail = self._roll_detail()

    def _roll_detail(self) -> str:
        left = self.state.rolls_left()
        return t("table.rolls_left", count=left) if left else t("table.no_rolls_left")

    def landed(self) -> None:
        """The dice have settled: number them left to right after a turn's first roll.

        The numbers then stay with the dice for the rest of the turn: key 3 is the same die after every roll.
        Five alike is cheered when it is scored as such (``_scored``), not as it lands: it may score only in
        4 of a Kind, and one fanfare is enough."""
        if self.fresh_throw():
            self.number_dice()

    def fresh_throw(self) -> bool:
        """Whether the dice that just landed are a new set to number (a turn's first roll)."""
        return self.state.rolls_used <= 1

    def number_dice(self) -> None:
        """Keys 1-5 follow the dice as they lie, left to right (the held ones' shelf slots too)."""
        self.key_order = sorted(range(self.tray.count), key=lambda d: (self.tray.die_rect(d).x, d))
        self.tray.slot_order = list(self.key_order)
        self.session.dice_order = list(self.key_order)
        self.flush()  # kept at once: a game left before its next move resumes under the same numbers

    def key_for(self, die: int) -> int:
        """The number key (1-5) that holds or releases this die."""
        return self.key_order.index(die) + 1
