"""Speech beyond the table: menus and dialogs said as they open and as the focus moves, Jackpot's symbols, tiles,
racks and round scores, the coach on F7, the start-up's invitation to a screen reader's user, Windows' voice
(faked platform), and a kiosk that switches speech on. Read through the speech log, never audio."""

from __future__ import annotations

import base64
import subprocess
import sys
from types import SimpleNamespace

import pygame
from scene_driver import Driver
from test_speech import FakeVoice, table_at_dice

from game.engine.actions import Dice, Place, Roll
from game.engine.jackpot_state import JackpotState
from game.engine.state import Seat
from game.rules.variants import find_variant
from game.speech import voices
from game.speech.narrator import LONGEST, Narrator
from game.store.kiosk import parse_kiosk
from game.store.settings import Settings
from game.table.events import Rolled, RoundOver, Tiles


def logged(driver, tmp_path):
    path = tmp_path / "speech.log"
    driver.app.speech.log = open(path, "w", encoding="utf-8")
    return lambda: path.read_text(encoding="utf-8").splitlines()


def test_the_title_and_settings_are_said_as_they_open_and_as_the_focus_moves(tmp_path):
    driver = Driver(animation="instant")
    lines = logged(driver, tmp_path)
    try:
        driver.start(driver.app.scene("title"))
        driver.step(0.1)
        assert lines()[-1] == "Dice Parlor"  # nothing in focus yet: the screen's name
        driver.key(pygame.K_DOWN)
        assert lines()[-1] == "Play"
        driver.app.go("settings")
        driver.step(0.1)
        assert lines()[-1] == "Settings"
        for _ in range(3):  # language, text size, sound
            driver.key(pygame.K_DOWN)
        assert lines()[-1] == "Sound: Off"  # the row's label with its state
        driver.key(pygame.K_RETURN)
        assert lines()[-1] == "Sound: On"  # the state said again as it changes
        driver.key(pygame.K_DOWN)
        assert lines()[-1] == "Volume: 70%. Lower" or lines()[-1].startswith("Volume: ")
        driver.key(pygame.K_ESCAPE)
        assert lines()[-1] == "Dice Parlor. Play"  # back on the title: where, and the focus kept
    finally:
        driver.close()


def test_a_dialog_says_its_question_and_the_safe_answer_in_focus(tmp_path):
    driver = Driver(animation="instant")
    lines = logged(driver, tmp_path)
    try:
        driver.start(driver.app.scene("title"))
        driver.app.go("confirm", "Quit?", "The game is kept.", "Quit", lambda: None)
        driver.step(0.1)
        assert lines()[-1] == "Quit. The game is kept. Cancel"
        driver.key(pygame.K_RIGHT)
        assert lines()[-1] == "Quit"
    finally:
        driver.close()


def test_new_game_says_what_a_mark_button_does(tmp_path):
    driver = Driver(animation="instant")
    lines = logged(driver, tmp_path)
    try:
        driver.start(driver.app.scene("new_game"))
        driver.step(0.1)
        said = set()
        for _ in range(12):
            driver.key(pygame.K_TAB)
            said.add(lines()[-1])
        assert any(line.startswith("Game: ") for line in said)
        assert any(line.startswith("Colour of ") for line in said)
        assert "×" not in " ".join(said) and "–" not in " ".join(said)  # never a bare mark
    finally:
        driver.close()


def jackpot_state():
    state = JackpotState(find_variant("jackpot"), [Seat("Ann"), Seat("Bob")], rolloff=False)
    state.apply(Roll())
    state.apply(Dice((5, 5, 1, 4)))  # cherry, cherry, cherry, bell: three alike
    return state


def test_jackpot_rolls_are_said_as_symbols_with_what_they_give():
    state = jackpot_state()
    narrator = Narrator(state.variant)
    said = narrator.event(Rolled(0, state.dice, (True,) * 4), state)
    assert said.startswith("Ann: cherry, cherry, cherry, bell. Three alike.") and "Take" in said
    assert narrator.dice(state).startswith("Cherry, cherry, cherry, bell.")


def test_jackpot_tiles_racks_and_round_scores_are_said():
    state = jackpot_state()
    narrator = Narrator(state.variant)
    symbol = state.tile_symbols()[0]
    state.apply(Place(symbol, 0))
    said = narrator.event(Tiles(0, tuple(state.events), "three_alike"), state)
    assert said == f"Ann: a {symbol} into column 1."
    rack = narrator.card(state, 0)
    assert rack.startswith(f"Ann's rack: column 1: {symbol}; column 2: empty") and len(rack) <= LONGEST
    state.scores.append([SimpleNamespace(total=12), SimpleNamespace(total=30)])
    assert narrator.event(RoundOver(0), state) == "Round 1 over. Ann 12, Bob 30."


def test_f7_says_the_coachs_advice(tmp_path):
    driver = Driver(animation="instant")
    lines = logged(driver, tmp_path)
    try:
        table = table_at_dice(driver, (3, 3, 3, 5, 5))
        driver.key(pygame.K_F7)
        if lines()[-1].startswith("The coach is thinking"):
            driver.settle_coach()
            driver.step(0.1)
            driver.key(pygame.K_F7)
        said = lines()[-1]
        assert said.startswith("Coach: ") and len(said) <= LONGEST, said
        best = table.coach.advice().options[0]
        assert "Next best: " in said and (best.kind != "box" or "Full House" in said or "Threes" in said)
    finally:
        driver.close()


def test_a_running_screen_reader_hears_press_f2_once(tmp_path):
    from scenes.speaking import screen_reader_running

    proc = tmp_path / "proc"
    (proc / "12").mkdir(parents=True)
    (proc / "12" / "comm").write_text("bash\n")
    assert not screen_reader_running(str(proc), gsettings=lambda: False)
    assert screen_reader_running(str(proc), gsettings=lambda: True)  # GNOME's setting
    (proc / "34").mkdir()
    (proc / "34" / "comm").write_text("orca\n")
    assert screen_reader_running(str(proc), gsettings=lambda: False)

    driver = Driver(animation="instant")
    lines = logged(driver, tmp_path)
    voice = FakeVoice()
    driver.app.speech.voice = voice
    try:
        driver.app.speech.invite(True)
        driver.app.speech.invite(True)  # once
        assert lines() == ["Dice Parlor. Press F2 for speech."]
        assert voice.started.wait(5.0) and voice.spoken == ["Dice Parlor. Press F2 for speech."]  # aloud, speech off
        assert not driver.app.speech.on
    finally:
        voice.stop()
        driver.app.speech.close()
        driver.close()


class FakePopen:
    made: list = []

    def __init__(self, command, stdin=None, **kwargs):
        self.command, self.written = command, []
        self.stdin = SimpleNamespace(write=self.written.append, flush=lambda: None, close=lambda: None)
        FakePopen.made.append(self)

    def poll(self):
        return None

    def wait(self, timeout=None):
        return 0


def test_windows_speaks_through_sapi_with_the_text_on_stdin_never_the_command_line(monkeypatch):
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(voices.shutil, "which", lambda name: r"C:\Windows\powershell.exe" if name == "powershell"
                        else None)
    monkeypatch.setattr(subprocess, "Popen", FakePopen)
    FakePopen.made = []
    voice = voices.system_voice()
    assert isinstance(voice, voices.Sapi)
    voice.speak("Ann; rm -rf: three, three\tfive", "nl")
    voice.stop()
    (process,) = FakePopen.made
    assert process.command[0] == r"C:\Windows\powershell.exe" and "-EncodedCommand" in process.command
    assert not any("Ann" in part for part in process.command)
    script = base64.b64decode(process.command[-1]).decode("utf-16-le")
    assert "System.Speech" in script and "[Console]::In.ReadLine()" in script
    assert process.written == [b"nl\tAnn; rm -rf: three, three five\n", b"\n"]


def test_a_kiosk_switches_speech_on_and_is_silent_otherwise(monkeypatch):
    from scenes.speaking import Speech

    monkeypatch.setattr("scenes.speaking.system_voice", lambda wav=None: FakeVoice())
    assert parse_kiosk({"speech": True}, "kiosk.yaml", ["classic"]).speech
    assert not parse_kiosk({}, "kiosk.yaml", ["classic"]).speech
    assert "speech" in parse_kiosk({"speech": "loud"}, "kiosk.yaml", ["classic"]).problems[0]
    assert Speech(Settings(), parse_kiosk({"speech": True}, "kiosk.yaml", ["classic"])).on
    assert not Speech(Settings(speech=True), parse_kiosk({}, "kiosk.yaml", ["classic"])).on
