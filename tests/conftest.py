"""Shared test set-up: user folders in a temporary place, headless SDL, the shipped variants."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
# Headless before anything imports pygame; user files never touch the real home.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(autouse=True)
def _user_home(tmp_path, monkeypatch):
    monkeypatch.setenv("DICE_PARLOR_HOME", str(tmp_path / "home"))
    from game.rules import variants

    from game.rules import i18n

    variants.load_all(refresh=True)
    i18n.set_language("en")  # tests read English unless they choose another language
    yield
    i18n.set_language("en")
    variants.load_all(refresh=True)


@pytest.fixture
def variant():
    from game.rules.variants import find_variant

    return find_variant
