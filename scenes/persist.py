"""Keeping play safe: the scenes call ``remember`` after every move, so the game is autosaved and a
finished game goes into the records. Demos and the kiosk's games keep nothing resumable.

Writing can fail (a folder that belongs to someone else, a read-only disk, a full disk). The first
failure is said at once, on whatever screen is showing: where, why, and that play goes on. The game
carries on from memory, every later move tries again, and so does a timer while nothing moves. A
finished game's result the records cannot take is kept in a file of its own (game.store.pending), added
at the next start or as soon as the records take games again; only where that file cannot be written
either does it wait in memory. When writing works again, that is said too.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game.daily.play import day_of, moves_of
from game.daily.results import record_game
from game.engine.actions import Action, Hold, Release
from game.engine.session import Session
from game.paths import user_data_dir
from game.rules.i18n import t
from game.store.pending import keep, pending_path
from game.store.records import RecordsDamage, RecordsNewer, add_result, add_waiting, result_entry
from game.store.saves import SaveTooLong, delete_save, save_session
from scenes.logs import game_finished
from scenes.ui import theme
from scenes.ui.textfit import draw_lines
from scenes.ui.widgets import panel

log = logging.getLogger("dice_parlor.saves")
RETRY_EVERY = 15.0  # seconds between tries while writing fails and nothing moves
SAY_PROBLEM = 12.0
SAY_RECOVERY = 5.0


def failed_write(error: OSError) -> tuple[str, str]:
    """Where a write failed and why, as the screen says it: the folder, and the system's words for the error."""
    folder = Path(error.filename).parent if error.filename else user_data_dir()
    return str(folder), error.strerror or str(error)


class SaveStatus:
    """Whether the game's files can be written, what waits to be written, and what to tell the player."""

    def __init__(self) -> None:
        self.failing: OSError | None = None
        self.too_long = False  # a game too long to save was said (its save before stays)
        self.problem: str | None = None  # the failure in words, while it lasts (the kiosk's admin panel)
        self.pending: list[Session] = []  # finished games whose result is neither in the records nor kept aside
        self.kept_waiting = False  # results kept in the pending file wait for the records
        self.saves = 0  # games saved so far in this run
        self.save_goes: dict[int, int] = {}  # a pending game (by id) whose save goes with its result: saves then
        self.words = ""
        self.words_until = 0.0
        self.next_try = 0.0

    def write(self, app, what: Callable[[], object]) -> bool:
        """Run one write; the first failure and the first success after failures are said at once."""
        try:
            what()
        except SaveTooLong as error:  # not the folder's fault: trying again will not help, so it is said once
            if not self.too_long:
                log.warning("not saved: %s", error.strerror)
                self.too_long = True
                self.say(app, t("saves.too_long"), SAY_PROBLEM)
            return False
        except OSError as error:
            if self.failing is None:
                folder, why = failed_write(error)
                log.warning("saving failed in %s: %s", folder, error)
                self.problem = t("saves.cannot_save", folder=folder, error=why)
                self.say(app, self.problem, SAY_PROBLEM)
            self.failing = error
            return False
        if self.failing is not None:
            self.failing = self.problem = None
            log.info("saving works again")
            self.say(app, t("saves.saving_again"), SAY_RECOVERY)
        return True

    def say(self, app, words: str, seconds: float) -> None:
        """On screen, but never on a public one: a kiosk's operator reads the log and the admin panel."""
        if getattr(app, "kiosk", None) is None:
            self.words, self.words_until = words, app.time + seconds
            if hasattr(app, "redraw"):
                app.redraw()  # said now, even when a timer's retry (not a move) brought the news

    def finished(self, app, session: Session, drop_save: bool = True) -> None:
        """A finished game: its result is kept until the records take it; then its save goes (``drop_save``)."""
        if session not in self.pending:
            self.pending.append(session)
            if drop_save:
                self.save_goes[id(session)] = self.saves
        self.write_results(app)

    def write_results(self, app) -> bool:
        opening = getattr(app, "records_opening", None)
        if opening is not None and opening.busy:
            return False  # the records are being opened (scenes.records_opening): the results wait till then
        if self.kept_waiting and self.write(app, add_waiting):
            self.kept_waiting = False  # (failing, the games below are kept aside too, not left in memory)
        for session in list(self.pending):
            recorded = self.write(app, lambda session=session: _add(app, session))
            if not recorded and not _kept_aside(session):
                return False  # not even kept aside: it waits in memory, and its save stays
            self.kept_waiting = self.kept_waiting or not recorded  # the records are tried again later
            self.pending.remove(session)
            # First the result (in the records or kept aside), then the save goes (a stop between loses neither);
            # but not a save made since, which is another game's.
            if self.save_goes.pop(id(session), None) == self.saves:
                if recorded:
                    self.write(app, delete_save)
                else:
                    _quietly(delete_save)  # the records' failure stays said: this success is not "saving again"
        return True

    def retry(self, app) -> None:
        """While writing fails: now and then, the waiting results and every game on screen."""
        if (self.failing is None and not self.pending and not self.kept_waiting) or app.time < self.next_try:
            return
        self.next_try = app.time + RETRY_EVERY
        if self.write_results(app):
            app.flush()  # every game on screen too

    def wake_in(self, now: float) -> float | None:
        """When the words on screen go, or the next retry is due (its words may change the screen)."""
        times = [self.words_until] if self.words and now < self.words_until else []
        if self.failing is not None or self.pending or self.kept_waiting:
            times.append(self.next_try)
        return min(times) - now if times else None

    def draw(self, surface: pygame.Surface, now: float) -> None:
        if now >= self.words_until or not self.words:
            return
        box = pygame.Rect(0, 0, 980, 96)
        box.midbottom = (theme.WIDTH // 2, theme.HEIGHT - 16)
        panel(surface, box, theme.PAPER, 14, theme.WOOD_LIGHT)
        draw_lines(surface, self.words, 20, theme.INK, box.center, "center", "bold", box.width - 40)


def _add(app, session: Session) -> None:
    message = add_result(session)  # first the result, then the save goes: a stop between loses neither
    if message:
        app.notice = damage_notice(message)


def _quietly(what: Callable[[], object]) -> None:
    try:
        what()
    except OSError:
        pass  # a save left behind is resumable, never a loss


def _kept_aside(session: Session) -> bool:
    """The result of a game the records could not take, kept in the pending file; whether that worked."""
    try:
        keep(result_entry(session))
    except OSError as error:
        log.warning("the result of a finished game could not be kept aside either: %s", error)
        return False
    log.info("a finished game's result is kept in %s until the records take it", pending_path())
    return True


def damage_notice(message: str | None) -> str | None:
    """A records file problem as the player reads it (the message itself is English, for the command line)."""
    if isinstance(message, RecordsNewer):
        return t("records.newer_read_only")
    if isinstance(message, RecordsDamage):
        reason = t(f"records.reason.{message.reason}")
        if message.kept:
            return t("records.damaged_kept", reason=reason, kept=message.kept)
        return t("records.damaged", reason=reason)
    return message


@dataclass(frozen=True)
class Autosave:
    """Listens to a session (``session.listen``): every move and every undo is kept as it happens."""

    app: Any
    demo: bool = False

    def __call__(self, session: Session, action: Action | None) -> None:
        remember(self.app, session, action, self.demo)


def remember(app, session: Session, action: Action | None, demo: bool = False) -> None:
    if demo:
        return
    status: SaveStatus = app.saving
    kiosk = getattr(app, "keeps_nothing", False)
    if session.state.is_terminal() and day_of(session) is not None:
        keep_day(app, session)
    elif session.state.is_terminal():
        if session not in status.pending:
            game_finished(session)
        status.finished(app, session, drop_save=not kiosk)
    elif kiosk:
        return  # a kiosk keeps no resumable game (and leaves a desktop user's save alone)
    elif not isinstance(action, (Hold, Release)):  # a hold is redone in a second; a roll or a box is not
        if status.write(app, lambda: save_session(session)):
            status.saves += 1


def keep_day(app, session: Session) -> None:
    """Today's dice finished: each person's game goes to the day's results (``game.daily.results``), not the
    records (kept apart), once; then the save goes. What became of each is kept on the session for the results'
    screen: ``daily_kept[seat] = (the day's result or practice, score)``."""
    if getattr(session, "daily_kept", None) is not None:
        return
    day = day_of(session)
    kept = {}
    status: SaveStatus = app.saving
    for seat, info in enumerate(session.seats):
        if not info.is_computer:
            kept[seat] = (False, None)
            status.write(app, lambda seat=seat, name=info.name: kept.__setitem__(
                seat, record_game(day, session.variant, name, moves_of(session, seat))))
    session.daily_kept = kept
    game_finished(session)
    if not getattr(app, "keeps_nothing", False):
        status.write(app, delete_save)
