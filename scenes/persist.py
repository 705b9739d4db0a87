"""Keeping play safe: the scenes call ``remember`` after every move, so the game is autosaved and a
finished game goes into the records. Demos (and later the kiosk) keep nothing."""

from __future__ import annotations

from game.actions import Action, Hold, Release
from game.i18n import t
from game.records import add_result
from game.saves import delete_save, save_session
from game.session import Session


def remember(app, session: Session, action: Action | None, demo: bool = False) -> None:
    if demo:
        return
    kiosk = getattr(app, "keeps_nothing", False)
    try:
        if session.state.is_terminal():
            message = add_result(session)  # first the result, then the save goes: a stop between loses neither
            if message:
                from .records_scene import damage_notice

                app.notice = damage_notice(message)
            if not kiosk:
                delete_save()
        elif kiosk:
            return  # a kiosk keeps no resumable game (and leaves a desktop user's save alone)
        elif not isinstance(action, (Hold, Release)):  # a hold is redone in a second; a roll or a box is not
            save_session(session)
    except OSError as error:
        app.notice = t("table.save_failed", error=error.strerror or error)
