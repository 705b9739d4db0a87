"""Speech: a key press cuts the sentence being said; the frame loop never waits for a voice; the speech keys;
the focus said as it moves; Speech Dispatcher's protocol; the command line's --speech-log."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time

import pygame
from scene_driver import Driver

from game.engine.actions import Dice, Roll
from game.engine.session import Session
from game.engine.state import Seat
from game.rules.variants import find_variant
from game.speech.narrator import LONGEST, Narrator, fit
from game.speech.speaker import Speaker
from game.speech.voices import SpeechDispatcher, Voice

WAIT = 5.0  # seconds: a real timeout on an Event, never a sleep


class FakeVoice(Voice):
    """Speaks until it is stopped: the sentence being said stays "in the air" for the test to cut."""

    name = "fake"

    def __init__(self):
        self.started = threading.Event()
        self.cut = threading.Event()
        self.spoken: list[str] = []
        self.stops = 0

    def speak(self, text: str, language: str) -> None:
        self.spoken.append(text)
        self.started.set()
        self.cut.wait(WAIT)
        self.cut.clear()

    def stop(self) -> None:
        self.stops += 1
        self.cut.set()


def table_at_dice(driver, faces=(3, 3, 5, 1, 6)):
    """Ann alone at Classic, her first throw on the table showing ``faces``."""
    from scenes.scorecard.table import TableScene

    session = Session(find_variant("classic"), [Seat("Ann")], seed=3, rolloff=False)
    for action in (Roll(), Dice(faces)):
        session.state.apply(action)
        session.log.append(action)
        session.actors.append(-1 if isinstance(action, Dice) else 0)
    table = TableScene(driver.app, session)
    driver.start(table)
    driver.step(0.2)
    return table


def test_a_key_press_cuts_the_sentence_being_said_and_drops_the_ones_waiting():
    driver = Driver(animation="instant")
    voice = FakeVoice()
    try:
        table_at_dice(driver)
        speech = driver.app.speech
        speech.voice, speech.on = voice, True
        speech.say("First, a long sentence about the dice.")
        speech.say("Second, waiting its turn.")
        assert voice.started.wait(WAIT)
        driver.key(pygame.K_F5)  # read the dice: a key press
        assert voice.stops >= 1  # the first sentence was cut
        assert "Second, waiting its turn." not in voice.spoken  # the waiting one was dropped
        assert speech.last == "Three, three, five, one, six. Holding nothing. 2 rolls left."
    finally:
        driver.app.speech.close()
        driver.close()


def test_saying_never_waits_for_the_voice():
    """The frame loop hands a sentence over and goes on: a voice that takes its time is never waited for."""
    voice = FakeVoice()
    speaker = Speaker(voice, on=True)
    try:
        began = time.perf_counter()
        for n in range(20):
            speaker.say(f"Sentence {n}.")
        took = time.perf_counter() - began
        assert voice.started.wait(WAIT)
        assert not voice.cut.is_set() and voice.spoken == ["Sentence 0."]  # still speaking the first
        assert took < 0.05  # twenty sentences handed over while the voice is busy with one
    finally:
        speaker.close()


def test_the_speech_keys_read_the_dice_the_card_and_repeat(tmp_path):
    driver = Driver(animation="instant")
    log = tmp_path / "speech.log"
    driver.app.speech.log = open(log, "w", encoding="utf-8")
    try:
        table_at_dice(driver, (2, 3, 4, 5, 5))
        driver.key(pygame.K_F4)  # the card: open boxes and what each would score, best first
        card = driver.app.speech.last
        assert card.startswith("Open: Small Straight, 30; Chance, 19; Fives, 10;") and len(card) <= LONGEST
        driver.key(pygame.K_F5)
        assert driver.app.speech.last == "Two, three, four, five, five. Holding nothing. 2 rolls left."
        driver.key(pygame.K_3)  # hold the third die from the left
        driver.key(pygame.K_F3)  # say that again
        lines = log.read_text(encoding="utf-8").splitlines()
        assert lines[-2:] == [lines[-2], lines[-2]] and lines[-2].startswith("Hold ")
        driver.key(pygame.K_F6)
        assert driver.app.speech.last == "Scores: Ann 0."
    finally:
        driver.close()


def test_the_focus_is_said_as_it_moves_a_box_with_what_it_would_score(tmp_path):
    driver = Driver(animation="instant")
    driver.app.speech.log = open(tmp_path / "speech.log", "w", encoding="utf-8")
    try:
        table = table_at_dice(driver, (3, 3, 3, 5, 5))
        driver.key(pygame.K_RIGHT)  # onto the dice
        assert driver.app.speech.last.startswith("Die 1, ")
        for _ in range(20):
            if table.card.focus_box == "full_house":
                break
            driver.key(pygame.K_TAB)
        assert driver.app.speech.last == "Full House, 25"
    finally:
        driver.close()


def test_f2_turns_speech_on_and_says_so(tmp_path):
    driver = Driver(animation="instant")
    driver.app.speech.log = open(tmp_path / "speech.log", "w", encoding="utf-8")
    driver.app.speech.voice = FakeVoice()  # no real voice looked for
    try:
        table_at_dice(driver)
        driver.key(pygame.K_F2)
        assert driver.app.settings.speech and driver.app.speech.on and driver.app.speech.last == "Speech on."
        driver.key(pygame.K_F2, pygame.KMOD_SHIFT)
        assert driver.app.settings.speech_verbosity == "full"
        driver.key(pygame.K_F2)
        assert not driver.app.speech.on and driver.app.speech.last == "Speech off."
    finally:
        driver.app.speech.close()
        driver.close()


def test_no_sentence_is_over_200_characters():
    """Six players with the longest names the game takes: every sentence still fits."""
    from game.engine.state import ScorecardState

    long = "W" * 40
    state = ScorecardState(find_variant("classic"), [Seat(f"{long}{n}") for n in range(6)], rolloff=False)
    narrator = Narrator(state.variant, "full")
    state.apply(Roll())
    state.apply(Dice((1, 2, 3, 4, 5)))
    said = [narrator.card(state), narrator.scores(state), narrator.dice(state), narrator.game_over(state, 0),
            fit("word " * 100)]
    assert all(len(text) <= LONGEST for text in said), [len(text) for text in said]


class FakeSpeechd:
    """A speech-dispatcher socket that answers as the real one does and keeps what it was sent."""

    def __init__(self, path: str):
        self.server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.server.bind(path)
        self.server.listen(1)
        self.got: list[str] = []
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self) -> None:
        conn, _ = self.server.accept()
        reader = conn.makefile("rb")
        receiving = False
        for raw in reader:
            line = raw.decode().rstrip("\r\n")
            self.got.append(line)
            if receiving:
                if line == ".":
                    receiving = False
                    conn.sendall(b"225-21\r\n225 OK MESSAGE QUEUED\r\n")
            elif line == "SPEAK":
                receiving = True
                conn.sendall(b"230 OK RECEIVING DATA\r\n")
            elif line == "QUIT":
                conn.sendall(b"231 HAPPY HACKING\r\n")
                break
            else:
                conn.sendall(b"200 OK\r\n")
        conn.close()


def test_speech_dispatcher_is_spoken_to_in_its_own_protocol(tmp_path):
    path = str(tmp_path / "speechd.sock")
    server = FakeSpeechd(path)
    voice = SpeechDispatcher(path)
    voice.speak("Drie, drie.\n.Een punt", "nl")
    voice.stop()
    voice.close()
    server.thread.join(WAIT)
    assert server.got[:2] == ["SET self CLIENT_NAME user:dice-parlor:main", "SET self PRIORITY message"]
    assert server.got[2:7] == ["SET self LANGUAGE nl", "SPEAK", "Drie, drie.", "..Een punt", "."]
    assert server.got[7:] == ["CANCEL self", "QUIT"]


def test_speech_log_from_the_command_line(tmp_path):
    """--speech-log on a demo: a log a person could follow; a FIFO or a folder is one clear line, no hang."""
    env = dict(os.environ, DICE_PARLOR_HOME=str(tmp_path / "home"), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    folder = tmp_path / "a-folder"
    folder.mkdir()
    run = subprocess.run([sys.executable, "-m", "game", "--speech-log", str(folder), "--demo", "classic"],
                         env=env, capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and run.stderr.strip().endswith("not a plain file"), run.stderr
    assert "Traceback" not in run.stderr


def test_a_computer_waits_until_its_last_move_has_been_said():
    """Heard, not only seen: while a sentence is being said the computer makes no move; once said, it plays on."""
    from scenes.scorecard.table import TableScene

    driver = Driver(animation="instant")
    voice = FakeVoice()
    try:
        speech = driver.app.speech
        speech.voice, speech.on = voice, True
        session = Session(find_variant("classic"), [Seat("Bob", "computer", "greedy")], seed=3, rolloff=False)
        driver.start(TableScene(driver.app, session))
        assert voice.started.wait(WAIT)  # "Bob plays." is being said
        moves = len(session.log)
        for _ in range(40):
            driver.step(0.1)
        assert len(session.log) == moves  # four seconds of the table's time: no move while speaking
        voice.stop()  # the sentence ends
        assert driver.wait_until(lambda: len(session.log) > moves, 10)
    finally:
        driver.app.speech.close()
        driver.close()
