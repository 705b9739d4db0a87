"""The languages the desktop is set to, most preferred first, as locale names ("sv_SE", "de-DE", "nb").

Linux and the BSDs say it in the environment (LANGUAGE, LC_ALL, LC_MESSAGES, LANG). Windows and macOS
keep the user's display language elsewhere: a program started from the Start menu or the Finder has no LANG,
and a Terminal's LANG follows the region, not the language the menus speak. So there we ask the system:
Windows by GetUserDefaultUILanguage, macOS by ``defaults read -g AppleLanguages``. Both are asked only on
their own platform, and anything going wrong there (no ctypes, no ``defaults``, a slow answer) just means
that source says nothing.
"""

from __future__ import annotations

import locale
import os
import re
import subprocess
import sys
from collections.abc import Callable

# Set by the user for this program or session: these win over the desktop's setting on every platform.
CHOSEN = ("LANGUAGE", "LC_ALL", "LC_MESSAGES")
ASK_TIMEOUT = 2.0  # seconds: a stuck ``defaults`` must not hold up the first frame for long
_APPLE_ENTRY = re.compile(r'"?([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]+)*)"?\s*,?\s*$')


def preferred(platform: str | None = None, environ=None, windows_ui: Callable[[], str | None] | None = None,
              mac_ui: Callable[[], list[str]] | None = None) -> list[str]:
    """Every language the desktop names, most preferred first (may hold ones the game lacks)."""
    platform = sys.platform if platform is None else platform
    environ = os.environ if environ is None else environ
    found = []
    for name in CHOSEN:
        found += [part for part in environ.get(name, "").split(":") if part]
    if platform == "win32":
        found += [name for name in [(windows_ui or windows_ui_language)()] if name]
    elif platform == "darwin":
        found += (mac_ui or mac_ui_languages)()
    if environ.get("LANG"):
        found.append(environ["LANG"])
    try:
        found.append(locale.getlocale()[0] or "")
    except ValueError:
        pass
    return [name for name in found if name]


def windows_ui_language() -> str | None:
    """The Windows display language as a locale name ("sv_SE"), or None."""
    try:
        import ctypes

        language_id = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
    except (ImportError, AttributeError, OSError):
        return None
    return from_windows_id(language_id)


def from_windows_id(language_id: int) -> str | None:
    """A Windows language id (0x041D) as a locale name ("sv_SE"); Python knows the table."""
    return locale.windows_locale.get(language_id)


def mac_ui_languages(run=subprocess.run) -> list[str]:
    """The macOS preferred languages ("sv-SE", "en"), in order, or none."""
    try:
        answer = run(["defaults", "read", "-g", "AppleLanguages"], capture_output=True, text=True,
                     timeout=ASK_TIMEOUT, check=False)
    except (OSError, subprocess.SubprocessError):
        return []
    if answer.returncode != 0:
        return []
    return parse_apple_languages(answer.stdout)


def parse_apple_languages(text: str) -> list[str]:
    """The entries of ``defaults``' list: '(\\n    "sv-SE",\\n    en\\n)' gives ["sv-SE", "en"]."""
    found = []
    for line in text.splitlines():
        match = _APPLE_ENTRY.match(line.strip())
        if match:
            found.append(match.group(1))
    return found
