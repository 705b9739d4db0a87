"""What a stranger downloads, checked without building it: the archive's name, the macOS app and the Windows
console twin in build.spec, the pinned build, bounded dependencies, and the Linux menu entry (its Exec
quoted, so a home folder with a space still launches) and AppStream metainfo that travel inside the app.

The real build, unpacked and played as an ordinary user under such a home, is .ci/run's.
"""

from __future__ import annotations

import os
import platform
import shutil
import subprocess
import sys
import time
import tomllib
import types
import xml.etree.ElementTree as ET
from importlib import metadata
from pathlib import Path

import pytest
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from game import __version__, desktop

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the menu entry is Linux's")


def _pins() -> dict[str, str]:
    pins = {}
    for line in (ROOT / "packaging" / "constraints.txt").read_text(encoding="utf-8").splitlines():
        line = line.split(" #")[0].strip()  # pip's comments
        if line and not line.startswith("#"):
            requirement = Requirement(line)
            assert str(requirement.specifier).startswith("=="), f"constraints.txt: {line}: not an exact version"
            pins[canonicalize_name(requirement.name)] = str(requirement.specifier)[2:]
    return pins


def _requirements(*extras: str) -> list[Requirement]:
    return [Requirement(text) for text in PROJECT["dependencies"]] + [
        Requirement(text) for extra in extras for text in PROJECT["optional-dependencies"][extra]]


def test_every_runtime_dependency_stops_below_the_next_major_version_of_what_we_build_with():
    pins = _pins()
    for requirement in _requirements("solver"):
        uppers = [spec for spec in requirement.specifier if spec.operator == "<"]
        assert uppers, f"{requirement}: no upper bound"
        pinned = pins[canonicalize_name(requirement.name)]
        assert int(uppers[0].version.split(".")[0]) <= int(pinned.split(".")[0]) + 1, \
            f"{requirement}: the upper bound is past the next major version of {pinned}"


def test_the_constraints_pin_every_requirement_of_the_build_and_the_tests_at_a_version_they_allow():
    pins = _pins()
    for requirement in _requirements("build", "test", "lint"):
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{requirement.name} is not in packaging/constraints.txt"
        assert requirement.specifier.contains(pins[name], prereleases=True), f"{name}=={pins[name]}: not {requirement}"


def test_the_constraints_pin_what_the_pinned_packages_need_in_turn():
    """Whatever is installed here of the pinned packages: their own requirements (for this system) are
    pinned too, so nothing a build installs floats."""
    pins, environment = _pins(), default_environment()
    for name in pins:
        try:
            needs = metadata.requires(name) or []
        except metadata.PackageNotFoundError:
            continue
        for text in needs:
            requirement = Requirement(text)
            if requirement.marker is None or requirement.marker.evaluate({**environment, "extra": ""}):
                assert canonicalize_name(requirement.name) in pins, f"{name} needs {requirement}: not pinned"


def _release_name() -> str:
    done = subprocess.run(["bash", str(ROOT / "packaging" / "release.sh"), "--name"], capture_output=True,
                          text=True, env={**os.environ, "PYTHON": sys.executable}, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


@pytest.mark.skipif(sys.platform != "linux" or platform.machine() != "x86_64" or not shutil.which("bash"),
                    reason="names the archive of the system it runs on")
def test_the_linux_archive_is_named_by_version_system_and_processor():
    assert PROJECT["version"] == __version__, "pyproject.toml and game/__init__.py disagree on the version"
    assert _release_name() == f"dice-parlor-{__version__}-linux-x86_64.tar.gz"


def _spec_calls(monkeypatch, system: str) -> dict[str, list[tuple[tuple, dict]]]:
    """Run build.spec as PyInstaller would on `system`, with PyInstaller's classes recording their calls."""
    calls: dict[str, list[tuple[tuple, dict]]] = {}

    def recorder(kind):
        def record(*args, **kwargs):
            calls.setdefault(kind, []).append((args, kwargs))
            return types.SimpleNamespace(pure=[], scripts=[], binaries=[], datas=kwargs.get("datas", []))
        return record

    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_submodules = lambda package: []
    hooks.collect_data_files = lambda package, **options: [(f"{package}-data", package)]
    for name, module in (("PyInstaller", types.ModuleType("PyInstaller")),
                         ("PyInstaller.utils", types.ModuleType("PyInstaller.utils")),
                         ("PyInstaller.utils.hooks", hooks)):
        monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.delenv("DICE_PARLOR_ONEFILE", raising=False)
    spec = (ROOT / "build.spec").read_text(encoding="utf-8")
    names = {kind: recorder(kind) for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
    with monkeypatch.context() as patch:
        patch.setattr(sys, "platform", system)
        exec(compile(spec, "build.spec", "exec"), {"SPECPATH": str(ROOT), "__name__": "spec", **names})
    return calls


def test_the_spec_ships_every_compiled_catalogue_and_babels_data(monkeypatch):
    calls = _spec_calls(monkeypatch, "linux")
    [(_, analysis)] = calls["Analysis"]
    shipped = {(Path(source).name, target) for source, target in analysis["datas"]}
    for po in (ROOT / "assets" / "locale").glob("*/LC_MESSAGES/dice-parlor.po"):
        assert ("dice-parlor.mo", str(Path("assets", "locale", po.parent.parent.name, "LC_MESSAGES"))) in shipped
    assert ("babel-data", "babel") in shipped


def test_on_macos_the_spec_makes_dice_parlor_app_with_its_name_icon_id_and_version(monkeypatch):
    calls = _spec_calls(monkeypatch, "darwin")
    [(_, app)] = calls["BUNDLE"]
    assert app["name"] == "Dice Parlor.app"
    assert app["bundle_identifier"] == desktop.APP_ID == "org.diceparlor.DiceParlor"
    assert app["version"] == __version__ and app["info_plist"]["CFBundleShortVersionString"] == __version__
    assert app["info_plist"]["NSHighResolutionCapable"] is True
    assert app["icon"].endswith(".png") and Path(app["icon"]).is_file()  # Pillow makes the .icns from it
    assert [kwargs["name"] for _, kwargs in calls["EXE"]] == ["dice-parlor"]


def test_on_windows_a_console_twin_shares_the_folder_with_the_windowed_game(monkeypatch):
    calls = _spec_calls(monkeypatch, "win32")
    programs = {kwargs["name"]: kwargs["console"] for _, kwargs in calls["EXE"]}
    assert programs == {"dice-parlor": False, "dice-parlor-cli": True}
    [(collected, _)] = calls["COLLECT"]
    assert len([part for part in collected if isinstance(part, types.SimpleNamespace)]) >= 2
    assert "BUNDLE" not in calls


def test_on_linux_one_program_and_the_menu_files_travel_inside(monkeypatch):
    calls = _spec_calls(monkeypatch, "linux")
    assert [kwargs["name"] for _, kwargs in calls["EXE"]] == ["dice-parlor"] and "BUNDLE" not in calls
    [(_, analysis)] = calls["Analysis"]
    inside = {(Path(source).name, target) for source, target in analysis["datas"]}
    assert {(f"{desktop.APP_ID}.desktop", "packaging"), (f"{desktop.APP_ID}.metainfo.xml", "packaging")} <= inside


def test_the_metainfo_names_the_entry_the_version_and_no_trademark():
    root = ET.parse(ROOT / "packaging" / f"{desktop.APP_ID}.metainfo.xml").getroot()
    assert root.findtext("id") == desktop.APP_ID
    assert root.findtext("launchable") == f"{desktop.APP_ID}.desktop"
    assert root.find("releases/release").get("version") == __version__, "add this version's <release>"
    assert "yahtzee" not in root.findtext("summary").lower()
    assert root.find("content_rating").get("type") == "oars-1.1"


@pytest.mark.skipif(not shutil.which("appstreamcli"), reason="appstreamcli is not installed")
def test_the_metainfo_validates():
    done = subprocess.run(["appstreamcli", "validate", "--no-net",
                           str(ROOT / "packaging" / f"{desktop.APP_ID}.metainfo.xml")], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout


def _unquote_exec(value: str) -> list[str]:
    """A desktop entry's Exec value as its arguments, as the Desktop Entry spec reads it: the string's
    backslash escapes first, then double-quoted arguments with their own escapes, then %%."""
    text = value.replace("\\\\", "\0")
    assert "\\" not in text, f"{value}: a backslash the string does not escape"
    text = text.replace("\0", "\\")
    args, current, quoted, i = [], "", False, 0
    while i < len(text):
        c = text[i]
        if quoted and c == "\\":
            current, i = current + text[i + 1], i + 2
            continue
        if c == '"':
            quoted = not quoted
        elif c == " " and not quoted:
            args, current = args + [current], ""
        else:
            current += c
        i += 1
    return [arg.replace("%%", "%") for arg in args + [current] if arg]


@pytest.mark.parametrize("path", ["/home/Ann Lee/.local/share/dice-parlor-app/dice-parlor",
                                  '/home/o"brien $HOME `x` 100%/app\\dice-parlor'])
def test_exec_keeps_the_whole_path_as_one_argument(path):
    assert _unquote_exec(desktop.exec_argument(path)) == [path]


def _fake_app(folder: Path) -> Path:
    """A one-folder app stand-in: its program writes where it was started from."""
    folder.mkdir(parents=True)
    program = folder / "dice-parlor"
    program.write_text('#!/bin/sh\nprintf "%s" "$0" > "$HOME/launched"\n', encoding="utf-8")
    program.chmod(0o755)
    return folder


@linux_only
def test_into_the_menu_from_the_unpacked_app_under_a_home_with_a_space(tmp_path):
    home = tmp_path / "Dice Player"
    places = desktop.Places.for_user({"HOME": str(home)})
    app = _fake_app(home / "Downloads" / "dice-parlor-0.1.0")
    said = desktop.install(app, places)
    assert "in your menu" in said[0]
    program = places.app / "dice-parlor"
    entry = places.entry.read_text(encoding="utf-8")
    assert f'Exec="{program}"\n' in entry and "Icon=org.diceparlor.DiceParlor\n" in entry
    assert places.link.resolve() == program and places.metainfo.is_file()
    assert all(places.icon(size).is_file() for size in desktop.ICON_SIZES)
    exec_line = next(line for line in entry.splitlines() if line.startswith("Exec="))
    subprocess.run(_unquote_exec(exec_line[5:]), env={"HOME": str(home)}, check=True, timeout=30)
    assert (home / "launched").read_text() == str(program)
    if shutil.which("desktop-file-validate"):
        done = subprocess.run(["desktop-file-validate", str(places.entry)], capture_output=True, text=True)
        assert done.returncode == 0, done.stdout


@linux_only
@pytest.mark.skipif(not shutil.which("gio"), reason="gio (GLib's launcher) is not installed")
def test_gio_launches_the_entry_under_a_home_with_a_space(tmp_path):
    home = tmp_path / "Dice Player"
    places = desktop.Places.for_user({"HOME": str(home)})
    desktop.install(_fake_app(tmp_path / "unpacked"), places)
    env = {"HOME": str(home), "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "XDG_DATA_HOME": str(places.data),
           "XDG_CONFIG_HOME": str(home / ".config"), "XDG_CACHE_HOME": str(home / ".cache")}
    subprocess.run(["gio", "launch", str(places.entry)], env=env, check=True, capture_output=True, timeout=30)
    deadline = time.monotonic() + 10
    while not (home / "launched").exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert (home / "launched").read_text() == str(places.app / "dice-parlor")


@linux_only
def test_out_of_the_menu_again_and_another_programs_command_is_left_alone(tmp_path):
    home = tmp_path / "home"
    places = desktop.Places.for_user({"HOME": str(home), "XDG_DATA_HOME": str(tmp_path / "data")})
    assert places.data == tmp_path / "data"
    places.bin.mkdir(parents=True)
    places.link.write_text("#!/bin/sh\n# pip install --user's dice-parlor\n")
    said = desktop.install(_fake_app(tmp_path / "unpacked"), places)
    assert "left alone" in said[0] and not places.link.is_symlink()
    desktop.install(places.app, places)  # again, from the installed copy: nothing is lost
    assert (places.app / "dice-parlor").is_file()
    desktop.uninstall(places)
    assert not places.app.exists() and not places.entry.exists() and not places.metainfo.exists()
    assert not any(places.icon(size).exists() for size in desktop.ICON_SIZES)
    assert places.link.read_text().startswith("#!/bin/sh")


def test_from_source_the_menu_entry_asks_for_the_built_app():
    with pytest.raises(desktop.DesktopError, match="packaging/build.sh"):
        desktop.running_app_folder()
