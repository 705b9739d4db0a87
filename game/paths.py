"""Where files live: the shipped assets and the user's own folders.

Assets are found beside the source tree in a checkout, inside the game
package when installed from a wheel (setup.py copies them there) and inside
the bundle when frozen by PyInstaller. User folders come from platformdirs; the
``DICE_PARLOR_HOME`` environment variable puts them all under one folder
(tests and portable installs use it).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_NAME = "dice-parlor"


def assets_dir() -> Path:
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "assets"
    package = Path(__file__).resolve().parent
    installed = package / "assets"  # first: above an installed package, site-packages may hold anyone's
    return installed if installed.is_dir() else package.parent / "assets"


def asset(*parts: str) -> Path:
    return assets_dir().joinpath(*parts)


def _user_dir(kind: str) -> Path:
    home = os.environ.get("DICE_PARLOR_HOME")
    if home:
        return Path(home) / kind
    import platformdirs

    finder = {
        "data": platformdirs.user_data_dir,
        "config": platformdirs.user_config_dir,
        "state": platformdirs.user_state_dir,
    }[kind]
    return Path(finder(APP_NAME, appauthor=False))


def user_data_dir() -> Path:
    return _user_dir("data")


def user_config_dir() -> Path:
    return _user_dir("config")


def user_state_dir() -> Path:
    return _user_dir("state")


def user_variants_dir() -> Path:
    """Drop a variant YAML file here and it appears beside the shipped ones."""
    return user_data_dir() / "variants"
