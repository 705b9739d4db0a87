"""The records opened at start-up, the app's side: the work itself is game.store.records_prepare's (a thread of
its own); here it is started, shown once it is worth showing (scenes.menus.records_wait), waited for by what
needs the records, and finished: what it found is said, and the games that finished meanwhile go in.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from game.store.pending import waiting
from game.store.records_prepare import Preparation
from scenes.persist import damage_notice

log = logging.getLogger("dice_parlor.records")
SHOW_AFTER = 0.5  # seconds: work done sooner (a small file) is not flashed on screen


class RecordsOpening:
    def __init__(self, app: Any) -> None:
        self.app = app
        self.job: Preparation | None = None  # the work, until it is done and seen to
        self.shown = False  # its progress has been put on screen once
        self.since = 0.0  # the app's clock when the work began

    @property
    def busy(self) -> bool:
        return self.job is not None and self.job.busy

    def start(self) -> None:
        self.job = Preparation().start()
        self.since = self.app.time

    def when_ready(self, then: Callable[[], object]) -> None:
        """Do ``then`` once the records are open: at once, or after the wait (with its progress) on screen."""
        if self.busy:
            self.shown = True
            self.app.go("records_wait", then)
        else:
            then()

    def watch(self) -> None:
        """At each step: show the work once it is worth showing; see to it once it is done."""
        job = self.job
        if job is None:
            return
        if job.busy:
            if job.task is not None and not self.shown and self.app.time - self.since >= SHOW_AFTER:
                self.shown = True
                self.app.go("records_wait")
            return
        self.job = None
        if job.message:
            log.warning(job.message)
            self.app.notice = damage_notice(job.message)
            self.app.redraw()  # the title says it now
        if job.error is not None:
            log.warning("records could not be opened: %s", job.error)
            self.app.saving.kept_waiting = bool(waiting())  # kept results wait on: tried again with every retry
        if self.app.saving.pending or self.app.saving.kept_waiting:
            self.app.saving.write_results(self.app)

    def stop(self, seconds: float = 1.0) -> None:
        """Stop the work (done again at the next start), waiting up to ``seconds`` for it."""
        if self.busy:
            self.job.stop(seconds)
        self.watch()

    def settle(self) -> None:
        """Before the game closes: a game that finished while the records were being opened waits for them and
        goes in; otherwise the work stops."""
        if self.busy and self.app.saving.pending:
            self.job.wait()
        self.stop()
