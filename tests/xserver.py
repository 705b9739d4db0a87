"""A real X screen for the tests that need one: Xvfb, optionally the openbox window manager, and the game.

Everything here waits by polling a condition with a deadline (never a fixed sleep). The tools come from
the distribution (``tests/setup-x.sh`` installs them); a missing one fails with that hint.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ("Xvfb", "xdotool", "openbox", "wmctrl", "xwininfo", "xterm")


def require_tools() -> None:
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    assert not missing, f"missing {', '.join(missing)}: run tests/setup-x.sh (it installs them with apt-get)"


def wait_for(condition, seconds: float = 10.0, every: float = 0.05, what: str = "a condition"):
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {seconds} s for {what}")
        time.sleep(every)  # polling, not timing: the deadline is what is asserted


class Screen:
    """One Xvfb screen (and its window manager, if asked for), torn down with ``close``."""

    def __init__(self, size: tuple[int, int] = (1920, 1080), window_manager: bool = False):
        require_tools()
        read, write = os.pipe()
        self.xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", f"{size[0]}x{size[1]}x24",
                                      "-nolisten", "tcp"], pass_fds=(write,), stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        assert number, "Xvfb did not start"
        self.display = f":{number}"
        # openbox writes its log into the cache folder: one of the screen's own, not the runner's ~/.cache
        self.cache = Path(tempfile.mkdtemp(prefix="dice-parlor-screen-"))
        self.size = size
        self.wm = None
        if window_manager:
            self._start_window_manager()

    def _start_window_manager(self, tries: int = 3) -> None:
        """openbox, up to three tries (it has been seen not to come up once under a heavy load); its own
        words go into the failure if it never does."""
        said = ""
        for _ in range(tries):
            with tempfile.TemporaryFile() as errors:
                self.wm = subprocess.Popen(["openbox", "--sm-disable"], env=self.env(), stdout=subprocess.DEVNULL,
                                           stderr=errors)
                try:
                    wait_for(lambda: self.wm.poll() is not None
                             or self.run("wmctrl", "-m", check=False).returncode == 0, 15, what="openbox")
                except AssertionError:
                    pass
                if self.wm.poll() is None and self.run("wmctrl", "-m", check=False).returncode == 0:
                    return
                self.wm.kill()
                self.wm.wait(timeout=5)
                errors.seek(0)
                said = errors.read().decode(errors="replace")[-500:]
        raise AssertionError(f"openbox did not start on {self.display}: {said}")

    def env(self, **extra: str) -> dict[str, str]:
        env = dict(os.environ, DISPLAY=self.display, XDG_CACHE_HOME=str(self.cache))
        env.pop("SDL_VIDEODRIVER", None)  # the real X11 driver, not the tests' dummy
        env.update(extra)
        return env

    def run(self, *command: str, check: bool = True) -> subprocess.CompletedProcess:
        return subprocess.run(command, env=self.env(), capture_output=True, text=True, check=check, timeout=20)

    def xdotool(self, *args: str) -> str:
        return self.run("xdotool", *args).stdout.strip()

    def screenshot(self, path: Path) -> None:
        if shutil.which("import"):
            self.run("import", "-window", "root", str(path), check=False)

    def close(self) -> None:
        for process in (self.wm, self.xvfb):
            if process is not None and process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    process.kill()
        shutil.rmtree(self.cache, ignore_errors=True)


class Game:
    """The game in its own process on a Screen, with its own home folder; its log is read to follow it."""

    def __init__(self, screen: Screen, home: Path, *args: str):
        self.screen = screen
        self.home = home
        self.log = home / "state" / "logs" / "dice-parlor.log"
        env = screen.env(DICE_PARLOR_HOME=str(home), SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
        home.mkdir(parents=True, exist_ok=True)
        self.errors = home / "stderr.txt"
        with open(self.errors, "wb") as errors:  # a file, not a pipe nobody reads (a full pipe would stall it)
            self.process = subprocess.Popen([sys.executable, "-m", "game", *args], cwd=ROOT, env=env,
                                            stdout=subprocess.DEVNULL, stderr=errors)

    def log_text(self) -> str:
        try:
            return self.log.read_text(encoding="utf-8")
        except OSError:
            return ""

    def wait_log(self, text: str, seconds: float = 20.0, after: int = 0) -> None:
        """Wait for ``text`` in the log past its first ``after`` characters."""
        def seen() -> bool:
            assert self.process.poll() is None or text in self.log_text()[after:], \
                f"the game ended ({self.process.returncode}) before {text!r}: {self.errors.read_text()[-2000:]}"
            return text in self.log_text()[after:]
        wait_for(seen, seconds, what=repr(text))

    def window(self) -> str:
        return wait_for(lambda: self.screen.run("xdotool", "search", "--class", "dice-parlor",
                                                check=False).stdout.split(), what="the game's window")[-1]

    def has_the_screen(self) -> bool:
        """Mapped, viewable and holding the focus."""
        window = self.window()
        info = self.screen.run("xwininfo", "-id", window, check=False).stdout
        active = self.screen.run("xdotool", "getactivewindow", check=False).stdout.strip()
        focus = self.screen.run("xdotool", "getwindowfocus", check=False).stdout.strip()
        return "IsViewable" in info and (active == window or focus == window)

    def click(self, pos: tuple[int, int]) -> None:
        self.screen.xdotool("mousemove", str(pos[0]), str(pos[1]), "click", "1")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=5)
