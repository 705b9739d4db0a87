"""The app's speech: the speaker (game.speech) with the player's settings, switches and keys.

F2 turns speech on or off, Shift+F2 steps how much is said, F3 says the last sentence again (scenes.ui.input);
the tables answer F4-F6 themselves (scenes.table.play_scene). ``--speech-log FILE`` opens the log here.
"""

from __future__ import annotations

import os
from pathlib import Path

from game.rules import i18n
from game.rules.i18n import t
from game.speech.speaker import Speaker
from game.speech.voices import Voice, system_voice
from game.store.settings import SPEECH_VERBOSITIES, save_settings
from scenes.ui.input import PRESSES, SPEECH_INTENTS


class Speech(Speaker):
    def __init__(self, settings):
        super().__init__()
        self.settings = settings
        if settings.speech:
            self.turn_on(True)

    def start(self, on: bool, log) -> None:
        """The command line's --speech (for this run: the setting stays as the player left it) and --speech-log."""
        self.log = log
        if on:
            self.turn_on(True)

    def turn_on(self, on: bool) -> None:
        """Speak aloud, or not (the speech log goes on either way). The voice is found the first time it is
        needed: Speech Dispatcher, else espeak-ng (DICE_PARLOR_SPEECH_WAV: a folder to write each sentence to,
        as WAV files, instead of playing them)."""
        if on and type(self.voice) is Voice:
            self.voice = system_voice(os.environ.get("DICE_PARLOR_SPEECH_WAV") or None)
        self.switch(on)

    def listened(self) -> bool:
        """Someone hears or logs what is said: worth putting into words."""
        return self.on or self.log is not None

    def speak(self, text: str | None, interrupt: bool = False) -> None:
        if self.listened():
            self.say(text, i18n.language(), interrupt)

    def heard(self, kind: str) -> bool:
        """An intent from the player: a key press cuts the sentence being said (the player has moved on); the
        speech keys the app answers itself, wherever the player is, are answered (True)."""
        if kind in PRESSES or kind in ("nav", "hold") or kind in SPEECH_INTENTS:
            self.interrupt()
        settings = self.settings
        if kind == "speech":
            settings.speech = not settings.speech
            self.turn_on(settings.speech)
            self.say(t("speech.on" if settings.speech else "speech.off"), i18n.language(), interrupt=True)
        elif kind == "speech_verbosity":
            levels = SPEECH_VERBOSITIES
            settings.speech_verbosity = levels[(levels.index(settings.speech_verbosity) + 1) % len(levels)]
            self.speak(t(f"speech.verbosity.{settings.speech_verbosity}"), interrupt=True)
        elif kind == "speech_repeat":
            self.speak(self.last, interrupt=True)
            return True
        else:
            return False
        save_settings(settings)
        return True


def open_log(name: str | None):
    """The speech log, written line by line, and a problem (one line) if it cannot be. Only a plain file (or a
    new one): a FIFO with no reader would hang the start."""
    if not name:
        return None, None
    path = Path(name)
    if path.exists() and not path.is_file():
        return None, f"{name}: not a plain file"
    try:
        return open(path, "w", encoding="utf-8", buffering=1), None
    except OSError as error:
        return None, f"{name}: {error.strerror or error}"
