"""Challenge Yahtzee's table: common dice, every seat's five markers, everybody scores every round.

The roller throws the common dice; then each seat in turn (from the roller)
taps the rolled dice it wants and copies them onto its markers; after the
steps every seat scores its markers. Nothing is secret at this table, so
there are no hand-off screens: the banner says who picks.
"""

from __future__ import annotations

import pygame

from game.engine.actions import Copy, Roll
from game.engine.challenge import CommonRollState
from game.rules.i18n import t
from game.table.events import Copied, Rolled

from scenes.ui import bindings, theme
from scenes.tables.dice_tray import DiceTray
from scenes.tables.die_art import die_surface
from scenes.ui.textfit import draw_lines
from scenes.tables.table import TableScene
from scenes.tables.table_layout import TITLE_X
from scenes.tables.table_paint import dice_showing
from scenes.ui.widgets import Button, ButtonRow, draw_text, rounded, seat_badge

TRAY = pygame.Rect(16, 64, 704, 380)  # as wide as the table's felt (narrower beside a five- or six-seat card)
MARKERS = pygame.Rect(16, 452, 704, 204)  # up to three seats; more take room from the common dice above
MARKERS_X = 300  # where a row's markers start, right of the seat's name
MARKER = 56  # a marker die's side: read from the sofa, as the thrown dice are (74 px), not a third smaller
MARKER_GAP = 8  # between two markers
ROW_PITCH = MARKER + 6  # a seat's row of markers, with its frame
COPY_ROOM = 150  # "copy 2" right of the active row's markers, where the row has room for it and the name


def markers_rect(seats: int, felt_width: int) -> pygame.Rect:
    """The seats' rows of markers, above the Roll button: as tall as their rows need (today's height at the
    least); the common dice's tray takes what is left above."""
    height = max(MARKERS.height, seats * ROW_PITCH + 12)
    return pygame.Rect(MARKERS.x, MARKERS.bottom - height, felt_width, height)


class ChallengeTableScene(TableScene):
    bindings = "challenge"
    cheers_dice = False  # a seat scores its markers (they glow in its row), not the common dice

    def __init__(self, app, session, demo: bool = False):
        self.selected: set[int] = set()
        super().__init__(app, session, demo)
        felt = self.layout.tray.width
        self.markers_rect = markers_rect(self.state.n, felt)
        self.common_tray = pygame.Rect(TRAY.x, TRAY.y, felt, self.markers_rect.top - 8 - TRAY.y)  # the common dice
        self.tray_rect = self.common_tray.inflate(-44, -44)
        self.tray = self._new_tray()
        self.moments.felt = pygame.Rect(self.common_tray)  # the confetti keeps to the common dice's felt
        self.copy_button = Button(pygame.Rect(self.layout.roll), t("challenge.copy"), self.copy, size=36)
        self.buttons = ButtonRow([self.roll_button, self.copy_button, self.pause_button, self.undo_button,
                                  self.coach_button], one_choice=False)

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
        self.selected = set()

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
            self.selected = set()
            self.tray = self._new_tray(len(event.faces))
            self.throw_dice(event.faces, list(event.rolling))
            self._turn_started()
        elif isinstance(event, Copied):
            self.app.play("hold")
            self.selected = set()
            self.tray.highlight = set()
            copied = ", ".join(map(str, event.values)) or t("challenge.nothing")
            self.say(t("challenge.copies", name=self.state.seats[event.seat].name, dice=copied), 1.2)
            self._turn_started()
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
        self.keep_dice_clear()  # the banner's place, and the coach's panel while the seat has it on
        name = self.state.seats[seat].name
        stage = self.cstate.stage
        if stage == "roll":
            self.say(t("challenge.roll_for_all", count=self.cstate.roll_size(), name=name), 1.4)
        elif stage == "pick":
            self._select_if_forced()
        elif stage == "score" and self.controller.is_person(seat):
            self.say(t("challenge.score_markers", name=name), 1.2)

    # ------------------------------------------------------- person moves --
    def copy_range(self) -> tuple[int, int]:
        return self.cstate.copy_range()

    def copy(self) -> None:
        if not self.person_to_play() or self.cstate.stage != "pick":
            return
        values = tuple(sorted(self.cstate.common[i] for i in self.selected))
        action = Copy(values)
        if self.state.is_legal(action):
            self.act(action)

    def toggle(self, die: int) -> None:
        state = self.cstate
        if not self.person_to_play() or state.stage != "pick" or not 0 <= die < len(state.common or ()):
            return
        low, high = self.copy_range()
        if die in self.selected:
            self.selected.discard(die)
        elif len(self.selected) < high:
            self.selected.add(die)
        self.tray.highlight = set(self.selected)
        self.app.play("hold")

    def roll(self) -> None:
        if self.person_to_play() and self.cstate.stage == "roll":
            self.act(Roll())

    def _select_if_forced(self) -> None:
        """When every rolled die must be copied (the last step), they start selected."""
        state = self.cstate
        low, high = state.copy_range()
        if state.stage == "pick" and low == high == len(state.common or ()):
            self.selected = set(range(len(state.common)))
            self.tray.highlight = set(self.selected)

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
        state = self.cstate
        self.roll_button.enabled = self.person_to_play() and state.stage == "roll"
        self.roll_button.label = t("challenge.roll_dice", dice=state.roll_size()) if state.stage == "roll" else t(
            "table.roll")
        self.roll_button.detail = t("challenge.step", step=state.step, steps=self.variant.rolls_per_turn)
        low, high = self.copy_range() if state.stage == "pick" else (0, 0)
        count = len(self.selected)
        self.copy_button.enabled = self.person_to_play() and state.stage == "pick" and low <= count <= high
        self.copy_button.label = t("challenge.copy_dice", dice=count) if count else t("challenge.copy_none")
        self.copy_button.detail = ((t("challenge.pick_exact", low=low) if low == high else t("challenge.pick_upto", high=high))
                                   if state.stage == "pick" else "")
        self.copy_button.rect.x = 16 if state.stage == "pick" else -1000
        self.roll_button.rect.x = 16 if state.stage != "pick" else -1000

    def _roll_detail(self) -> str:
        return ""

    # -------------------------------------------------------------- draw --
    def paint_backdrop(self, surface: pygame.Surface) -> None:
        from scenes.ui.widgets import framed_felt, wood

        surface.blit(wood((theme.WIDTH, theme.HEIGHT), 11), (0, 0))
        framed_felt(surface, self.common_tray)
        draw_text(surface, str(self.variant.name), 22, theme.PAPER, (TITLE_X, 32), "midleft", "bold",
                  self.layout.title_width)

    def draw_table(self, surface: pygame.Surface) -> None:
        super().draw_table(surface)
        self.draw_markers(surface)

    def marker_row(self, s: int) -> tuple[pygame.Rect, list[pygame.Rect], int]:
        """Seat ``s``'s row of markers: the row, each marker's square, and the room right of them for "copy 2"
        (none where the seat's name needs it: five or six seats, beside a wider card)."""
        markers = self.markers_rect
        row = pygame.Rect(markers.x + 8, markers.y + 6 + s * ROW_PITCH, markers.width - 16, ROW_PITCH - 2)
        width = self.variant.dice * (MARKER + MARKER_GAP) - MARKER_GAP
        copy_room = COPY_ROOM if row.width - width - COPY_ROOM - 10 - 50 >= 140 else 0
        start = row.x + min(MARKERS_X, row.width - width - copy_room - 10)
        top = row.y + (row.height - MARKER) // 2
        return row, [pygame.Rect(start + k * (MARKER + MARKER_GAP), top, MARKER, MARKER)
                     for k in range(self.variant.dice)], copy_room

    def draw_markers(self, surface: pygame.Surface) -> None:
        state = self.cstate
        rounded(surface, theme.WOOD_DARK, self.markers_rect, 14)
        shown = self.moments.seat_in_view(self.seat)  # just after a seat scores, its row stays lit a moment
        for s, seat in enumerate(state.seats):
            row, slots, copy_room = self.marker_row(s)
            active = s == shown
            rounded(surface, theme.mix(theme.WOOD_DARK, (0, 0, 0), 0.35) if not active else (92, 62, 36), row, 8)
            if active:
                rounded(surface, theme.HOLD_GOLD, row, 8, 2)
            if active and self.moments.showing is not None and self.moments.celebration is not None:  # cheered
                rounded(surface, theme.HOLD_GOLD, slots[0].union(slots[-1]).inflate(8, 2), 10)
            seat_badge(surface, seat.colour, s, (row.x + 18, row.centery), 9)
            label = t("challenge.roller", name=seat.name) if s == state.roller else seat.name
            draw_text(surface, label, 20, theme.PAPER, (row.x + 34, row.centery), "midleft", "bold",
                      slots[0].x - row.x - 50)
            for k, slot in enumerate(slots):
                if k < len(state.markers[s]):
                    surface.blit(die_surface(state.markers[s][k], MARKER, "marker"), slot)
                else:
                    rounded(surface, theme.mix(theme.WOOD_DARK, (0, 0, 0), 0.5), slot, 6)
                    rounded(surface, theme.WOOD_LIGHT, slot, 6, 1)
            if state.stage == "pick" and active and copy_room:  # else the Copy button's own line says it
                low, high = state.copy_range()
                need = t("challenge.copy_exact", low=low) if low == high else t("challenge.copy_upto", high=high)
                last_slot = slots[-1].right + 10
                draw_lines(surface, need, 17, theme.HOLD_GOLD, (row.right - 10, row.centery), "midright", "bold",
                           row.right - 10 - last_slot)

    def coach_title(self) -> str:
        """The coach's values are solitaire ones: here the screen says what that means for the common rolls."""
        return t("challenge.coach_title")

    def draw_die_keys(self, surface: pygame.Surface) -> None:
        if self.person_to_play() and self.cstate.stage == "pick":
            self.draw_key_badges(surface)

    def hint(self) -> str:
        state = self.cstate
        if not self.controller.is_person(self.seat):
            return t("challenge.thinking")
        if state.stage == "roll":
            return t("challenge.hint_roll")
        if state.stage == "pick":
            return bindings.words("challenge.hint_pick", bindings.pad_in_hand(self.app))
        return t("challenge.hint_score")
