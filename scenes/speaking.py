"""The app's speech: the speaker (game.speech) with the player's settings, switches and keys.

F2 turns speech on or off, Shift+F2 steps how much is said, F3 says the last sentence again (scenes.ui.input);
the tables answer F4-F7 themselves (scenes.table.play_scene; F7, the coach's advice, in words from here).
``--speech-log FILE`` opens the log here. Menus and dialogs are said as they open and as the keys' focus moves
(``follow``, each update); at start-up a running screen reader hears how to turn speech on (``invite``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from game.rules import i18n
from game.rules.i18n import t
from game.speech.speaker import Speaker
from game.speech.voices import Voice, system_voice
from game.store.settings import SPEECH_VERBOSITIES, save_settings
from scenes.ui.input import PRESSES, SPEECH_INTENTS
from scenes.ui.widgets import ButtonRow


class Speech(Speaker):
    def __init__(self, settings, kiosk=None):
        super().__init__()
        self.settings = settings
        self._menu: tuple | None = None  # the screen, its title and its focus as last said (follow)
        self.invited = False
        # A public screen speaks only where its kiosk.yaml says so (``speech: true``), whatever the settings hold.
        if (settings.speech if kiosk is None else getattr(kiosk, "speech", False)):
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


    # ---------------------------------------------------------- menus --
    def follow(self, scene) -> None:
        """Each update: a menu or dialog newly on top is said with its focused item ("Settings. Sound: on"); a
        focus that moved, or whose state changed, is said alone. The tables say their own focus."""
        if scene is None or not self.listened():
            self._menu = None
            return
        words = menu_words(scene)
        if words is None:
            self._menu = None
            return
        title, focus = words
        last = self._menu
        self._menu = (scene, title, focus)
        if last is None or last[0] is not scene or last[1] != title:
            self.speak(". ".join(part.rstrip(".") for part in (title, focus) if part))
        elif last[2] != focus and focus:
            self.speak(focus)

    # ------------------------------------------------------- start-up --
    def invite(self, reader: bool) -> None:
        """Once, at start-up, with a screen reader running and speech off: "Press F2 for speech", aloud."""
        if self.invited or not reader or self.on:
            return
        self.invited = True
        if type(self.voice) is Voice:
            self.voice = system_voice(os.environ.get("DICE_PARLOR_SPEECH_WAV") or None)
        self.say_once(t("speech.invite"), i18n.language())


def menu_words(scene) -> tuple[str, str] | None:
    """A menu screen's title and its focused item in words, or None for a screen that says its own (a table).
    A scene may say them itself (``spoken_menu()``); else its title (the ``title`` a dialog or the rules have, or
    the screen's heading) and the button with the keys' focus in its ``ButtonRow``s."""
    own = getattr(scene, "spoken_menu", None)
    if callable(own):
        return own()
    if hasattr(scene, "voice"):
        return None  # a table: its focus is said by scenes.scorecard.table_focus, its events by its narrator
    return screen_title(scene), focused_words(scene)


def screen_title(scene) -> str:
    title = getattr(scene, "title", None)
    if callable(title):
        title = title()
    if isinstance(title, str) and title:
        message = getattr(scene, "message", "")
        return f"{title.rstrip('.?!')}. {message}" if isinstance(message, str) and message else title
    if getattr(scene, "screen", "") == "title":
        return "Dice Parlor"  # the game's name, as drawn: never translated
    key = SCREEN_TITLES.get(getattr(scene, "screen", ""))
    if key == "records.title":
        variant = getattr(scene, "variant", None)
        return t(key, game=str(variant.name)) if variant is not None else ""
    return t(key) if key else ""


SCREEN_TITLES = {"new_game": "newgame.title", "settings": "settings.title", "records": "records.title",
                 "daily": "daily.title", "daily_results": "daily.title", "help": "help.title",
                 "roll_off": "rolloff.title"}


def focused_words(scene) -> str:
    """The button with the keys' focus, in words: its ``spoken`` text, else its label (and second line)."""
    for value in vars(scene).values():
        if isinstance(value, ButtonRow):
            button = next((b for b in value.buttons if b.focus), None)
            if button is not None:
                return button_words(button)
    return ""


def button_words(button) -> str:
    if button.spoken:
        return button.spoken
    label = str(button.label)
    return f"{label}, {button.detail}" if button.detail else label


# ----------------------------------------------------------- the coach --
def coach_words(table) -> str:
    """F7: the coach's best move and why, then the next best (never waits: a coach still thinking says so)."""
    coach = getattr(table, "coach", None)
    if coach is None or not getattr(coach, "available", False):
        return t("speech.coach_none")
    advice = coach.fresh() or coach.panel
    if advice is None or not advice.options:
        coach.poll(True)  # asked of its thread; the next F7 has it
        return t("speech.coach_thinking")
    from game.coach.coach import describe

    variant = table.variant
    said = t("speech.coach", best=describe(advice.options[0], variant))
    why = coach.why(0, advice)
    if why:
        said += " " + why.rstrip(".") + "."
    if len(advice.options) > 1:
        said += " " + t("speech.coach_next", option=describe(advice.options[1], variant))
    return said


# ------------------------------------------------------- screen readers --
def screen_reader_running(proc: str = "/proc", gsettings=None) -> bool:
    """Whether a screen reader is running: on Linux a process named orca, or GNOME's screen reader setting on;
    on Windows the system's screen reader flag (NVDA, JAWS and Narrator set it)."""
    if sys.platform == "win32":
        return _windows_screen_reader()
    try:
        for entry in os.scandir(proc):
            if entry.name.isdigit():
                try:
                    with open(os.path.join(entry.path, "comm"), encoding="utf-8", errors="replace") as comm:
                        if comm.read().strip() == "orca":
                            return True
                except OSError:
                    continue  # a process that ended as we looked
    except OSError:
        pass  # no /proc (macOS): the setting below, if any
    return (gsettings or _gnome_screen_reader)()


def _gnome_screen_reader() -> bool:
    found = shutil.which("gsettings")
    if not found:
        return False
    try:
        result = subprocess.run([found, "get", "org.gnome.desktop.a11y.applications", "screen-reader-enabled"],
                                capture_output=True, text=True, timeout=1.0)
    except (OSError, subprocess.SubprocessError):
        return False
    return result.stdout.strip() == "true"


def _windows_screen_reader() -> bool:
    try:
        import ctypes

        flag = ctypes.c_int(0)
        ctypes.windll.user32.SystemParametersInfoW(0x0046, 0, ctypes.byref(flag), 0)  # SPI_GETSCREENREADER
        return bool(flag.value)
    except (AttributeError, OSError):
        return False


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
