"""The first start speaks the desktop's language on Linux, Windows and macOS (the platforms faked here)."""

from __future__ import annotations

import subprocess

import pytest

from game.rules import desktop_language, i18n
from game.rules.desktop_language import mac_ui_languages, parse_apple_languages, preferred

APPLE = '(\n    "sv-SE",\n    "en-GB",\n    de\n)\n'


class Answer:
    def __init__(self, stdout: str, returncode: int = 0):
        self.stdout, self.returncode = stdout, returncode


def no_mac():
    raise AssertionError("macOS asked on another platform")


def no_windows():
    raise AssertionError("Windows asked on another platform")


@pytest.fixture
def desktop(monkeypatch):
    """A desktop with nothing in the environment; returns a setter for its platform and answers."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("locale.getlocale", lambda: (None, None))

    def be(platform, windows=None, mac=()):
        monkeypatch.setattr(desktop_language.sys, "platform", platform)
        monkeypatch.setattr(desktop_language, "windows_ui_language", lambda: windows)
        monkeypatch.setattr(desktop_language, "mac_ui_languages", lambda: list(mac))
    return be


def test_windows_display_language(desktop):
    desktop("win32", windows="sv_SE")
    assert i18n.system_language() == "sv"
    desktop("win32", windows="nn_NO")  # Nynorsk: the Norwegian we have is Bokmål
    assert i18n.system_language() == "nb"
    desktop("win32", windows=None)  # no answer: English
    assert i18n.system_language() == "en"


def test_windows_language_ids_are_python_s_table():
    assert desktop_language.from_windows_id(0x041D) == "sv_SE"
    assert desktop_language.from_windows_id(0x0407) == "de_DE"
    assert desktop_language.from_windows_id(0x0414) == "nb_NO"
    assert desktop_language.from_windows_id(0x7FFF) is None


def test_windows_without_ctypes_windll_says_nothing():
    assert desktop_language.windows_ui_language() is None  # on this Linux there is no ctypes.windll


def test_macos_preferred_languages_in_order(desktop, monkeypatch):
    desktop("darwin", mac=["ja-JP", "de-DE", "sv-SE"])  # Japanese first, which we lack: German next
    assert i18n.system_language() == "de"
    monkeypatch.setenv("LANG", "sv_SE.UTF-8")  # a Terminal's LANG follows the region: the menus' language wins
    assert i18n.system_language() == "de"
    monkeypatch.setenv("LANGUAGE", "fr")  # set for this program: it wins everywhere
    assert i18n.system_language() == "fr"


def test_the_defaults_answer_read():
    assert parse_apple_languages(APPLE) == ["sv-SE", "en-GB", "de"]
    assert parse_apple_languages("") == []
    ran = []

    def run(command, **options):
        ran.append(command)
        assert options["timeout"] <= 2
        return Answer(APPLE)
    assert mac_ui_languages(run) == ["sv-SE", "en-GB", "de"]
    assert ran == [["defaults", "read", "-g", "AppleLanguages"]]


@pytest.mark.parametrize("trouble", [FileNotFoundError("defaults"), subprocess.TimeoutExpired("defaults", 2),
                                     Answer("", returncode=1)])
def test_a_failing_defaults_says_nothing(trouble):
    def run(command, **options):
        if isinstance(trouble, Exception):
            raise trouble
        return trouble
    assert mac_ui_languages(run) == []


def test_linux_reads_only_the_environment(monkeypatch):
    environ = {"LANGUAGE": "xx:da", "LANG": "de_DE.UTF-8"}
    monkeypatch.setattr("locale.getlocale", lambda: (None, None))
    found = preferred("linux", environ, windows_ui=no_windows, mac_ui=no_mac)
    assert found == ["xx", "da", "de_DE.UTF-8"]
    assert preferred("win32", {"LANG": "de_DE"}, windows_ui=lambda: "es_ES", mac_ui=no_mac) == ["es_ES", "de_DE"]
