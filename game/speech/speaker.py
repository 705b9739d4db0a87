"""The speaker: says sentences in a voice of its own thread, so the frame loop never waits for speech.

``say`` queues a sentence and returns at once; ``interrupt`` (a new key press) drops what is queued and cuts
the sentence being said. Every sentence is written to the speech log as it is handed over (``--speech-log``),
one line each, with or without a voice: for tests, and for anyone checking what was said.
"""

from __future__ import annotations

import logging
import queue
import threading
from typing import IO

from game.speech.narrator import fit
from game.speech.voices import Voice

_STOP = object()


class Speaker:
    def __init__(self, voice: Voice | None = None, on: bool = False, log: IO[str] | None = None):
        self.voice = voice or Voice()
        self.on = on  # speaking aloud; the log is written whether or not
        self.log = log
        self.last = ""  # the last sentence said: a key repeats it
        self.said = 0  # sentences handed over (the log's line count)
        self._queue: queue.Queue[object] = queue.Queue()  # a sentence, or _STOP
        self._thread: threading.Thread | None = None

    def say(self, text: str | None, language: str = "en", interrupt: bool = False) -> None:
        """Say ``text`` after what is being said (``interrupt``: instead of it)."""
        if not text:
            return
        text = fit(text)
        if interrupt:
            self.interrupt()
        self.last = text
        self.said += 1
        if self.log is not None:
            try:
                self.log.write(text + "\n")
                self.log.flush()
            except (OSError, ValueError) as error:  # a full disk or a closed file: the game goes on, unlogged
                logging.getLogger("dice_parlor").warning("speech log: %s", error)
                self.log = None
        if self.on:
            self._start()
            self._queue.put((text, language))

    def say_once(self, text: str, language: str = "en") -> None:
        """Say ``text`` aloud even with speech off (the start-up's "Press F2 for speech"), and log it."""
        on = self.on
        self.on = True
        try:
            self.say(text, language)
        finally:
            self.on = on

    def interrupt(self) -> None:
        """Drop the sentences waiting and cut the one being said (a new key press: the player has moved on)."""
        while True:
            try:
                self._queue.get_nowait()
            except queue.Empty:
                break
            self._queue.task_done()
        if self.on:
            self.voice.stop()

    def busy(self) -> bool:
        """A sentence is being said or waits to be (a voice that tells when it is done: a speech program; Speech
        Dispatcher queues them itself). The computers wait for it, as for the dice: what they did is heard
        before they do more."""
        return self.on and self._queue.unfinished_tasks > 0

    def switch(self, on: bool) -> None:
        if not on:
            self.interrupt()
        self.on = on

    def _start(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._run, name="speech", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            if item is _STOP:
                self._queue.task_done()
                return
            assert isinstance(item, tuple)  # a sentence: (text, language)
            text, language = item
            try:
                self.voice.speak(text, language)
            except OSError as error:  # the service went away: silent from here, the log goes on
                logging.getLogger("dice_parlor").warning("speech: %s: %s", self.voice.name, error)
                self.voice = Voice()
            finally:
                self._queue.task_done()

    def close(self) -> None:
        self.interrupt()
        if self._thread is not None and self._thread.is_alive():
            self._queue.put(_STOP)
            self._thread.join(timeout=1.0)
        self.voice.close()
        if self.log is not None:
            self.log.close()
            self.log = None
