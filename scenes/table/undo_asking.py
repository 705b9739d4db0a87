"""Undo at a table: the controller judges it for the seat asking; another person's move is theirs to give
back, so they are asked in the window ("Take back Kid's Small Straight?") and their answer decides.

A part of a table scene, handed the controller, the variant, the app (its dialogs and sounds) and what to
call when a move was taken back (``undone``) or the undo refused (``refused``, with the controller's event)."""

from __future__ import annotations

from collections.abc import Callable

from game.engine.actions import Score
from game.rules.i18n import t
from game.table.commands import AllowUndo, RefuseUndo
from game.table.events import Refused, UndoAsked, Undone
from scenes.ui.dialogs import ConfirmDialog


class UndoAsking:
    def __init__(self, app, controller, variant, undone: Callable[[Undone], None],
                 refused: Callable[[Refused], None]):
        self.app, self.controller, self.variant = app, controller, variant
        self.undone, self.refused = undone, refused

    def answered(self, events: list) -> None:
        """Taken back: shown. Another person's move: they are asked in the window, their answer decides."""
        for event in events:
            if isinstance(event, UndoAsked):
                self.ask_owner(event)
            elif isinstance(event, Undone):
                self.undone(event)
            elif isinstance(event, Refused):
                self.refused(event)  # nothing to take back, or its owner kept it: said in the window

    def ask_owner(self, asked: UndoAsked) -> None:
        """"Take back Kid's Small Straight?", to Kid: the focus starts on keeping it."""
        seats = self.controller.state.seats
        owner, by = seats[asked.owner].name, seats[asked.by].name
        move = self.variant.box(asked.move.box).name if isinstance(asked.move, Score) else t("table.undo_tile")
        dialog = ConfirmDialog(self.app, t("table.undo_ask_title", owner=owner, move=move),
                               t("table.undo_ask_message", owner=owner, by=by), t("table.undo_ask_yes"),
                               lambda: self.answered(self.controller.command(AllowUndo(asked.owner))),
                               t("table.undo_ask_no"),
                               on_no=lambda: self.answered(self.controller.command(RefuseUndo(asked.owner))))
        self.app.stack.push(dialog)
