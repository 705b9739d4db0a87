"""Into the Linux menu from the unpacked app: ``dice-parlor --install-desktop`` copies the app into the
user's data folder, puts a ``dice-parlor`` link on the PATH, the icons in the hicolor theme, the desktop
entry and the AppStream metainfo; ``--uninstall-desktop`` takes it all away again. No checkout needed:
the entry and the metainfo travel inside the app (build.spec), as the icons do.

Only per-user folders are written (``$XDG_DATA_HOME``, ``~/.local/bin``); nothing needs root.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from game.paths import asset

APP_ID = "org.diceparlor.DiceParlor"  # reverse-DNS: the desktop entry's, the icon's and the metainfo's name
PROGRAM = "dice-parlor"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
LEGACY = ("dice-parlor.desktop", "dice-parlor.png")  # names earlier install-desktop.sh used


class DesktopError(Exception):
    """Why the app cannot be put into the menu (or taken out): one line for the player."""


@dataclass(frozen=True)
class Places:
    """Where an installed app lives, per user."""

    data: Path  # $XDG_DATA_HOME, or ~/.local/share
    bin: Path  # ~/.local/bin, on the PATH of most desktops

    @classmethod
    def for_user(cls, env: Mapping[str, str] | None = None) -> Places:
        env = os.environ if env is None else env
        home = Path(env.get("HOME") or Path.home())
        data = env.get("XDG_DATA_HOME") or ""
        return cls(Path(data) if os.path.isabs(data) else home / ".local" / "share", home / ".local" / "bin")

    @property
    def app(self) -> Path:
        return self.data / "dice-parlor-app"

    @property
    def entry(self) -> Path:
        return self.data / "applications" / f"{APP_ID}.desktop"

    @property
    def metainfo(self) -> Path:
        return self.data / "metainfo" / f"{APP_ID}.metainfo.xml"

    @property
    def link(self) -> Path:
        return self.bin / PROGRAM

    def icon(self, size: int, name: str = APP_ID) -> Path:
        return self.data / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{name}.png"


def exec_argument(path: Path | str) -> str:
    """A path as one argument of a desktop entry's Exec key, quoted so spaces and shell characters survive:
    the Desktop Entry spec's double quotes, its %-escape, then the backslashes of a string value."""
    quoted = '"' + "".join("\\" + c if c in '"`$\\' else c for c in str(path)) + '"'
    return quoted.replace("%", "%%").replace("\\", "\\\\")


def desktop_entry(template: str, program: Path) -> str:
    """The shipped entry with Exec and TryExec pointing at the installed program."""
    lines = []
    for line in template.splitlines():
        if line.startswith("Exec="):
            line = "Exec=" + exec_argument(program)
        elif line.startswith("TryExec="):
            line = "TryExec=" + str(program).replace("\\", "\\\\")
        lines.append(line)
    return "\n".join(lines) + "\n"


def shipped_file(name: str) -> Path:
    """A file of packaging/: inside the built app (build.spec puts them there), or in a checkout."""
    bundle = getattr(sys, "_MEIPASS", None)
    root = Path(bundle) if bundle else Path(__file__).resolve().parent.parent
    return root / "packaging" / name


def running_app_folder() -> Path:
    """The one-folder app this program runs from; refused from source and for the one-file app."""
    if not getattr(sys, "frozen", False):
        raise DesktopError("run this from the built app: packaging/build.sh, then dist/dice-parlor/dice-parlor "
                           "--install-desktop")
    from game.bundle import unpacked_folder

    if unpacked_folder() is not None:
        raise DesktopError("the one-file app cannot go into the menu: use the one-folder app (the release archive)")
    return Path(sys.executable).resolve().parent


def install(app_folder: Path, places: Places) -> list[str]:
    """Copy the app and put it into the menu; the lines to tell the player."""
    if not sys.platform.startswith("linux"):
        raise DesktopError("the menu entry is for Linux: on macOS drag Dice Parlor to Applications, on Windows "
                           "pin dice-parlor.exe to Start")
    if not (app_folder / PROGRAM).is_file():
        raise DesktopError(f"no {PROGRAM} program in {app_folder}")
    said = []
    if app_folder.resolve() != places.app.resolve():
        fresh = places.app.with_name(places.app.name + ".new")
        shutil.rmtree(fresh, ignore_errors=True)
        fresh.parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(app_folder, fresh, symlinks=True)
        shutil.rmtree(places.app, ignore_errors=True)
        fresh.rename(places.app)
    program = places.app / PROGRAM
    for size in ICON_SIZES:
        places.icon(size).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(asset("icons", f"dice-parlor-{size}.png"), places.icon(size))
    places.entry.parent.mkdir(parents=True, exist_ok=True)
    template = shipped_file(f"{APP_ID}.desktop").read_text(encoding="utf-8")
    places.entry.write_text(desktop_entry(template, program), encoding="utf-8")
    places.metainfo.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(shipped_file(f"{APP_ID}.metainfo.xml"), places.metainfo)
    _refresh_caches(places)
    places.bin.mkdir(parents=True, exist_ok=True)
    if places.link.is_symlink() or not places.link.exists():
        places.link.unlink(missing_ok=True)
        places.link.symlink_to(program)
        on_path = str(places.bin) in os.environ.get("PATH", "").split(os.pathsep)
        said.append(f"Dice Parlor is in your menu; type {PROGRAM} to start it"
                    + ("." if on_path else f" once {places.bin} is on your PATH."))
    else:  # another install (pip install --user) owns the name: it stays
        said.append(f"Dice Parlor is in your menu; {places.link} is another program's, so it was left alone.")
    return said


def uninstall(places: Places) -> list[str]:
    """Take away everything install put there (and what earlier versions put there)."""
    shutil.rmtree(places.app, ignore_errors=True)
    shutil.rmtree(places.app.with_name(places.app.name + ".new"), ignore_errors=True)
    if places.link.is_symlink() and places.app.name in os.readlink(places.link):
        places.link.unlink()
    legacy_entry = places.entry.with_name(LEGACY[0])
    for path in (places.entry, legacy_entry, places.metainfo, *(places.icon(s) for s in ICON_SIZES),
                 *(places.icon(s, LEGACY[1].removesuffix(".png")) for s in ICON_SIZES)):
        path.unlink(missing_ok=True)
    _refresh_caches(places)
    return ["Dice Parlor is out of your menu."]


def _refresh_caches(places: Places) -> None:
    """Menus notice a new entry sooner with these (both optional)."""
    for command in (["update-desktop-database", "-q", str(places.entry.parent)],
                    ["gtk-update-icon-cache", "-q", "-t", str(places.data / "icons" / "hicolor")]):
        if shutil.which(command[0]):
            subprocess.run(command, check=False, capture_output=True)


def command(put_in: bool) -> int:
    """``dice-parlor --install-desktop`` (``put_in``) and ``--uninstall-desktop``: what was done, or one line why
    not."""
    try:
        places = Places.for_user()
        said = install(running_app_folder(), places) if put_in else uninstall(places)
    except (DesktopError, OSError) as error:
        print(f"dice-parlor: {error}", file=sys.stderr)
        return 1
    print("\n".join(said))
    return 0
