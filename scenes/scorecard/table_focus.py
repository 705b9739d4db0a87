"""The visible focus at a scorecard table, for the keys and the pad: on a die, on Roll or on a box.

It owns where the focus is; the table is asked what may be done (its person to play, the dice, the open boxes)
and does it. The arrows, the d-pad and the stick move it as the table lies: the dice in their number order
(left to right), Roll below them, the scorecard to their right. Up / Down and Tab on the card move over the
open boxes as ever. Enter or A presses what is in focus: a die is held or released, Roll rolls, a box is
scored; at a turn's start, with no dice on the felt, it rolls.
"""

from __future__ import annotations

from scenes.ui import bindings

DIE, ROLL, BOX = "die", "roll", "box"


class TableFocus:
    def __init__(self, table):
        self.table = table
        self.on = BOX  # the card keeps which box (its focus_box): the computers' and the coach's choices show there
        self.place = 0  # the die in focus, by its number (1-5 on its corner, less one)

    # ------------------------------------------------------------- moves --
    def handle(self, intent) -> None:
        """A nav or confirm intent, when the table's play is open to them."""
        if intent.kind == "confirm":
            before = self.where()
            self.press()
            if self.where() != before and self.on == BOX:
                self.say()  # Enter showed the focus on the first box
        elif intent.kind == "nav":
            before = self.where()
            self.move(intent.key)
            if self.where() != before:
                self.say()

    def where(self) -> tuple:
        return self.on, self.place, self.table.card.focus_box

    def say(self) -> None:
        """The focus as it moves, aloud: a die and its face, Roll and the rolls left, a box and what it would score
        now ("Full House, 25"). A box that would score nothing has a cue of its own, for a player with speech
        turned down."""
        table = self.table
        if not table.app.speech.listened():
            return
        narrator, state = table.voice.narrator(), table.state
        if self.on == DIE and state.dice is not None:
            text = narrator.die_focus(state, self.place, table.key_order[self.place])
        elif self.on == ROLL:
            text = narrator.roll_focus(state)
        elif table.card.focus_box is not None:
            box = table.card.focus_box
            text = narrator.box_focus(state, box)
            options = state.options()
            if options is not None and options.scores.get(box) == 0:
                table.app.play("zero")
        else:
            return
        table.app.speech.speak(text, interrupt=True)

    def move(self, key: str) -> None:
        table = self.table
        if not table.person_to_play():
            return  # a computer's turn: the focus shows its choice
        dice = table.state.dice is not None
        pad_up_down = key in ("up", "down") and bindings.pad_in_hand(table.app)
        if dice and self.nowhere() and (key in ("left", "right") or pad_up_down):
            # Nothing shown in focus yet this turn (no box chosen): the first move shows it on the dice, which a
            # pad has no number keys for (the keys' Up / Down still go over the boxes, as ever).
            self.to_die(table.tray.count - 1 if key == "left" else 0)
        elif key in ("next", "prev") or self.on == BOX and key in ("up", "down"):
            self.to_box(1 if key in ("down", "next") else -1)
        elif self.on == BOX and key == "left":
            self.to_die(table.tray.count - 1) if dice else self.to(ROLL)
        elif self.on == DIE and key in ("left", "right"):
            place = self.place + (1 if key == "right" else -1)
            if place >= table.tray.count:
                self.to_box(0)
            elif place >= 0:
                self.place = place
        elif self.on == DIE and key == "down" or self.on == ROLL and key == "left" and not dice:
            self.to(ROLL)
        elif self.on == ROLL and key == "up" and dice:
            self.to(DIE)
        elif self.on == ROLL and key == "right":
            self.to_box(0)

    def nowhere(self) -> bool:
        """No focus is shown: on the card, but on no box."""
        return self.on == BOX and self.table.card.focus_box is None

    def to(self, where: str) -> None:
        self.on = where
        if where != BOX:
            self.table.card.focus_box = None
            self.table.key_focus = False

    def to_die(self, place: int) -> None:
        self.place = max(0, min(place, self.table.tray.count - 1))
        self.to(DIE)

    def to_box(self, step: int) -> None:
        """Over the open boxes of the person to play (step 0: onto the one in focus, else the first)."""
        table = self.table
        self.on = BOX
        table.key_focus = True
        boxes = table.legal_boxes()
        if boxes:
            current = boxes.index(table.card.focus_box) if table.card.focus_box in boxes else -1
            table.card.focus_box = boxes[(current + step) % len(boxes)] if current >= 0 else boxes[0]

    def press(self) -> None:
        table = self.table
        if self.on == DIE and table.state.dice is not None:
            table.toggle(table.key_order[self.place])
        elif self.on in (DIE, ROLL) or table.state.dice is None and table.card.focus_box not in table.legal_boxes():
            table.roll()  # Enter at the start of a turn rolls, like Space
        elif table.card.focus_box in table.legal_boxes():
            table.choose_box(table.card.focus_box)
        else:
            self.to_box(1)  # nothing chosen yet: show the focus on the first open box

    # -------------------------------------------------------------- shown --
    def show(self) -> None:
        """Each frame: the ring on the die in focus, Roll lit when it is in focus (a person's turn only)."""
        table = self.table
        person = table.person_to_play() and not table.throwing
        on_die = person and self.on == DIE and table.state.dice is not None and self.place < len(table.key_order)
        table.tray.focus = table.key_order[self.place] if on_die else None
        table.roll_button.focus = person and self.on == ROLL
