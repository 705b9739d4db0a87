"""The voices a sentence can be said in: Speech Dispatcher, a speech program (espeak-ng, macOS's say), or none.

Each is used from the speaker's own thread (game.speech.speaker), never from the frame loop. ``speak`` may take
as long as the sentence lasts; ``stop`` is called from the frame loop and must return at once.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import threading
from pathlib import Path


class Voice:
    name = "none"

    def speak(self, text: str, language: str) -> None:
        """Say ``text`` (returns once it is said, or handed to a service that queues it)."""

    def stop(self) -> None:
        """Cut the sentence being said (from any thread, at once)."""

    def close(self) -> None:
        self.stop()


class SpeechDispatcher(Voice):
    """Linux's speech service, through its socket (SSIP, the text protocol of speech-dispatcher's own docs): the
    player's screen reader voice, rate and module, as Orca uses them. Its Python bindings live only in the
    system Python, so we speak the protocol: a command per line, replies "NNN text" (NNN- continues)."""

    name = "speech-dispatcher"

    def __init__(self, path: str):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(2.0)
        self.sock.connect(path)
        self.file = self.sock.makefile("rb")
        self.lock = threading.Lock()  # one command and its reply at a time (stop comes from the frame loop)
        self.language = ""
        self.send("SET self CLIENT_NAME user:dice-parlor:main")
        self.send("SET self PRIORITY message")  # queued after each other; a screen reader's text still comes first

    @staticmethod
    def socket_path() -> str | None:
        explicit = os.environ.get("SPEECHD_ADDRESS", "")
        if explicit.startswith("unix_socket:"):
            return explicit.split(":", 1)[1]
        runtime = os.environ.get("XDG_RUNTIME_DIR")
        return str(Path(runtime, "speech-dispatcher", "speechd.sock")) if runtime else None

    def send(self, line: str) -> str:
        with self.lock:
            self.sock.sendall(line.encode("utf-8") + b"\r\n")
            return self._reply()

    def _reply(self) -> str:
        while True:
            line = self.file.readline().decode("utf-8", "replace")
            if not line:
                raise OSError("speech-dispatcher closed the connection")
            if len(line) < 4 or line[3] != "-":
                return line.strip()

    def speak(self, text: str, language: str) -> None:
        if language != self.language:
            self.send(f"SET self LANGUAGE {language}")
            self.language = language
        with self.lock:
            self.sock.sendall(b"SPEAK\r\n")
            self._reply()  # 230 receiving data
            body = "\r\n".join("." + line if line.startswith(".") else line for line in text.splitlines())
            self.sock.sendall(body.encode("utf-8") + b"\r\n.\r\n")
            self._reply()  # 225 message queued

    def stop(self) -> None:
        try:
            self.send("CANCEL self")
        except OSError:
            pass

    def close(self) -> None:
        try:
            self.send("QUIT")
        except OSError:
            pass
        self.sock.close()


class Program(Voice):
    """A speech program run once per sentence (espeak-ng, espeak, macOS's say); a new sentence kills the old.
    ``wav_folder``: each sentence also written to a numbered WAV file there (to listen to a game afterwards)."""

    def __init__(self, command: list[str], name: str, languages: bool = True, wav_folder: str | None = None):
        self.command, self.name, self.languages = command, name, languages
        self.wav_folder = Path(wav_folder) if wav_folder else None
        self.said = 0
        self.process: subprocess.Popen[bytes] | None = None
        self.lock = threading.Lock()

    def speak(self, text: str, language: str) -> None:
        command = list(self.command) + (["-v", language] if self.languages else [])
        if self.wav_folder is not None:
            self.said += 1
            command += ["-w", str(self.wav_folder / f"{self.said:05d}.wav")]
        with self.lock:
            self.process = subprocess.Popen(command + [text.lstrip("-") or "."], stdin=subprocess.DEVNULL,
                                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.process.wait()

    def stop(self) -> None:
        with self.lock:
            process = self.process
        if process is not None and process.poll() is None:
            process.kill()


def system_voice(wav_folder: str | None = None) -> Voice:
    """The best voice this machine offers: Speech Dispatcher, else a speech program, else none."""
    if sys.platform.startswith("linux") and wav_folder is None:
        path = SpeechDispatcher.socket_path()
        if path and os.path.exists(path):
            try:
                return SpeechDispatcher(path)
            except OSError:
                pass  # not running after all: the program below
    for program in ("espeak-ng", "espeak"):
        found = shutil.which(program)
        if found:
            return Program([found], program, wav_folder=wav_folder)
    if sys.platform == "darwin" and shutil.which("say"):
        return Program(["say"], "say", languages=False)  # TODO: pick a voice of the language (say -v '?')
    # TODO Windows: the running screen reader or SAPI, through prismatoid (docs/accessibility.md)
    return Voice()
