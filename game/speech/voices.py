"""The voices a sentence can be said in: Speech Dispatcher, a speech program (espeak-ng, macOS's say), Windows'
SAPI voice, or none.

Each is used from the speaker's own thread (game.speech.speaker), never from the frame loop. ``speak`` may take
as long as the sentence lasts; ``stop`` is called from the frame loop and must return at once.
"""

from __future__ import annotations

import base64
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


# Windows' own voice (SAPI, through .NET's System.Speech), run by PowerShell for the whole game. The sentences come
# on its standard input, one a line ("<language>\t<text>"), never on its command line (a name typed at the table
# must never become part of a command); an empty line cuts what is being said. SpeakAsync queues them, as Speech
# Dispatcher does.
SAPI_SCRIPT = """
$ErrorActionPreference = 'SilentlyContinue'
[Console]::InputEncoding = [Text.Encoding]::UTF8
Add-Type -AssemblyName System.Speech
$voice = New-Object System.Speech.Synthesis.SpeechSynthesizer
$language = ''
while ($null -ne ($line = [Console]::In.ReadLine())) {
    if ($line.Length -eq 0) { $voice.SpeakAsyncCancelAll(); continue }
    $parts = $line.Split([char]9, 2)
    if ($parts.Length -lt 2) { continue }
    if ($parts[0] -ne $language) {
        $language = $parts[0]
        try { $voice.SelectVoiceByHints(0, 0, 0, [Globalization.CultureInfo]::new($language)) } catch {}
    }
    [void]$voice.SpeakAsync($parts[1])
}
"""


class Sapi(Voice):
    """Windows' SAPI voice, through one PowerShell process reading sentences from its standard input."""

    name = "sapi"

    def __init__(self, powershell: str):
        encoded = base64.b64encode(SAPI_SCRIPT.encode("utf-16-le")).decode("ascii")
        self.command = [powershell, "-NoLogo", "-NoProfile", "-NonInteractive", "-ExecutionPolicy", "Bypass",
                        "-EncodedCommand", encoded]
        self.process: subprocess.Popen | None = None
        self.lock = threading.Lock()

    def _send(self, line: str) -> None:
        with self.lock:
            if self.process is None or self.process.poll() is not None:
                self.process = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                                stderr=subprocess.DEVNULL,
                                                creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0))
            assert self.process.stdin is not None
            self.process.stdin.write((line + "\n").encode("utf-8"))
            self.process.stdin.flush()

    def speak(self, text: str, language: str) -> None:
        text = " ".join(text.split())  # one line: a tab or a newline would end the sentence early
        if text:
            self._send(f"{language}\t{text}")

    def stop(self) -> None:
        try:
            if self.process is not None:
                self._send("")
        except (OSError, ValueError):
            pass

    def close(self) -> None:
        with self.lock:
            process, self.process = self.process, None
        if process is not None:
            try:
                process.stdin.close()
                process.wait(timeout=1.0)
            except (OSError, ValueError, subprocess.TimeoutExpired):
                process.kill()


def system_voice(wav_folder: str | None = None) -> Voice:
    """The best voice this machine offers: Speech Dispatcher, else a speech program, else none."""
    if sys.platform == "win32":
        found = shutil.which("powershell") or shutil.which("pwsh")
        return Sapi(found) if found else Voice()
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
    return Voice()
