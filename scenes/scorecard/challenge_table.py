"""Challenge Yahtzee's table: common dice, every seat's five markers, everybody scores every round.

The roller throws the common dice; then each seat in turn (from the roller)
taps the rolled dice it wants and copies them onto its markers; after the
steps every seat scores its markers. Nothing is secret at this table, so
there are no hand-off screens: the banner says who picks. Its ``painter``
(challenge_paint.ChallengePainter) draws the markers.
"""

from __future__ import annotations

import pygame

from game.engine.actions import Roll
from game.engine.challenge import CommonRollState
from game.rules.i18n import t
from game.table.commands import CopyPicked
from game.table.events import Copied, Picked, Rolled
from scenes.dice.dice_tray import DiceTray
from scenes.scorecard.challenge_paint import ROW_PITCH, ChallengePainter
from scenes.scorecard.table import TableScene
from scenes.scorecard.table_paint import dice_showing
from scenes.table.play_scene import FarPart
from scenes.ui.widgets import Button, ButtonRow

TRAY = pygame.Rect(16, 64, 704, 380)  # as wide as the table's felt (narrower beside a five- or six-seat card)
MARKERS = pygame.Rect(16, 452, 704, 204)  # up to three seats; more take room from the common dice above


def markers_rect(seats: int, felt_width: int) -> pygame.Rect:
    """The seats' rows of markers, above the Roll button: as tall as their rows need (today's height at the
    least); the common dice's tray takes what is left above."""
    height = max(MARKERS.height, seats * ROW_PITCH + 12)
    return pygame.Rect(MARKERS.x, MARKERS.bottom - height, felt_width, height)


class ChallengeTableScene(TableScene):
    bindings = "challenge"
    cheers_dice = False  # a seat scores its markers (they glow in its row), not the common dice

    def __init__(self, app, session, demo: bool = False, far: FarPart | None = None):
        super().__init__(app, session, demo, far)
        felt = self.layout.tray.width
        self.markers_rect = markers_rect(self.state.n, felt)
        self.common_tray = pygame.Rect(TRAY.x, TRAY.y, felt, self.markers_rect.top - 8 - TRAY.y)  # the common dice
        self.tray_rect = self.common_tray.inflate(-44, -44)
        self.tray = self._new_tray()
        self.moments.felt = pygame.Rect(self.common_tray)  # the confetti keeps to the common dice's felt
        self.copy_button = Button(pygame.Rect(self.layout.roll), t("challenge.copy"), self.copy, size=36)
        self.buttons = ButtonRow([self.roll_button, self.copy_button, self.pause_button, self.undo_button,
                                  self.coach_button], one_choice=False)
        self.painter = ChallengePainter(self)  # the common dice's felt and every seat's markers

    @property
    def selected(self) -> set[int]:
        """The common dice the seat to play picked to copy: the controller keeps them (``Toggle``)."""
        return set(self.controller.picks)

    @property
    def cstate(self) -> CommonRollState:
        return self.state  # type: ignore[return-value]

    def _new_tray(self, count: int | None = None) -> DiceTray:
        shelf = pygame.Rect(self.tray_rect.x, self.tray_rect.bottom - 4, self.tray_rect.width, 4)
        tray = DiceTray(self.tray_rect, shelf, count or self.variant.dice, size=74, seed=self.session.seed)
        old = getattr(self, "tray", None)
        tray.keep_clear = list(old.keep_clear) if old is not None else []  # the banner's place stays clear
        self.key_order = list(range(tray.count))  # numbered left to right again once the throw lands
        # A tray that names no material (the flat one) throws its dice onto the felt.
        tray.on_hit = lambda strength, material="felt": self.app.play_hit(material, strength)
        return tray

    def sync_dice(self) -> None:
        """The common dice as the state has them; resumed, in the order they landed in, under the same numbers."""
        common = self.cstate.common
        if common:
            self.tray = self._new_tray(len(common))
            order = self.session.dice_order
            if order and len(order) == len(common):
                self.key_order = list(order)
                self.tray.slot_order = list(order)
                self.tray.place(common, [False] * len(common))
                self.tray.keep_order(self.key_order)
            else:
                self.tray.place(common, [False] * len(common))
                self.number_dice()
        else:
            self.tray.place(None, [False] * self.variant.dice)

    def replace_dice(self) -> None:
        """After an undo: the common dice as the state has them, on a tray of their number (no holds here)."""
        self.sync_dice()

    def resume(self) -> None:
        self.buttons = ButtonRow([self.roll_button, self.copy_button, self.pause_button, self.undo_button,
                                  self.coach_button], one_choice=False)

    # ------------------------------------------------------------ acting --
    def judge(self, seat: int, action) -> None:
        if not isinstance(action, Roll):  # the common dice are thrown for everyone: nothing of a seat's to weigh
            super().judge(seat, action)

    def show(self, event) -> None:
        if isinstance(event, Rolled):
            self.tray = self._new_tray(len(event.faces))
            self.throw_dice(event.faces, list(event.rolling))
            self._turn_started()
        elif isinstance(event, Copied):
            self.app.play("hold")
            copied = ", ".join(map(str, event.values)) or t("challenge.nothing")
            self.say(t("challenge.copies", name=self.state.seats[event.seat].name, dice=copied), 1.2)
            self._turn_started()
        elif isinstance(event, Picked):
            self.app.play("hold")  # the picks glow (own_highlight): heard as well
        else:
            super().show(event)

    def own_highlight(self) -> set[int]:
        return set(self.selected)

    def coach_dice(self, best) -> set[int] | None:
        """The common dice the coach advises copying glow until the player picks; then their own picks glow (the
        coach's panel still names its advice)."""
        if best.kind != "copy" or self.selected or not self.cstate.common:
            return None
        return set(dice_showing(self.cstate.common, best.keep))

    def clear_after_score(self) -> None:
        if self.cstate.stage == "roll":  # the round is over: the common dice go back to the roller
            self.tray = self._new_tray()
            self.tray.place(None, [False] * self.variant.dice)

    def _turn_started(self) -> None:
        seat = self.seat
        if seat < 0:
            return
        self.painter.keep_dice_clear()  # the banner's place, and the coach's panel while the seat has it on
        name = self.state.seats[seat].name
        stage = self.cstate.stage
        if stage == "roll":
            self.say(t("challenge.roll_for_all", count=self.cstate.roll_size(), name=name), 1.4)
        elif stage == "score" and self.controller.is_person(seat):
            self.say(t("challenge.score_markers", name=name), 1.2)

    # ------------------------------------------------------- person moves --
    def copy(self) -> None:
        """Copy the picked dice (the controller knows which, and says whether they may be copied)."""
        if not self.input_waits():
            self.act(CopyPicked())

    def fresh_throw(self) -> bool:
        return True  # every common roll is new dice, numbered left to right for picking

    def handle_play(self, intent):
        if intent.kind == "confirm" and self.cstate.stage == "roll":
            self.roll()
            return None
        if intent.kind == "confirm" and self.cstate.stage == "pick":
            self.copy()
            return None
        if intent.kind == "roll" and self.cstate.stage == "pick":
            self.copy()
            return None
        return super().handle_play(intent)

    # ------------------------------------------------------------ update --
    def refresh_buttons(self) -> None:
        super().refresh_buttons()
        state, view = self.cstate, self.controller.view_for(self.seat)
        self.roll_button.enabled = not self.input_waits() and view.may_roll
        self.roll_button.label = t("challenge.roll_dice", dice=state.roll_size()) if state.stage == "roll" else t(
            "table.roll")
        self.roll_button.detail = t("challenge.step", step=state.step, steps=self.variant.rolls_per_turn)
        low, high = state.copy_range() if state.stage == "pick" else (0, 0)  # the button's words, not a judgement
        count = len(view.picks)
        self.copy_button.enabled = not self.input_waits() and view.may_copy
        self.copy_button.label = t("challenge.copy_dice", dice=count) if count else t("challenge.copy_none")
        pick = t("challenge.pick_exact", low=low) if low == high else t("challenge.pick_upto", high=high)
        self.copy_button.detail = pick if state.stage == "pick" else ""
        self.copy_button.rect.x = 16 if state.stage == "pick" else -1000
        self.roll_button.rect.x = 16 if state.stage != "pick" else -1000

    def _roll_detail(self) -> str:
        return ""
