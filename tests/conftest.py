"""Shared test set-up: user folders in a temporary place, headless SDL, the shipped variants; a run that
writes into the runner's own game folders fails."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
# Headless before anything imports pygame; user files never touch the real home.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Collection imports test modules, and some ask for words (t()) at import: the string catalogues they compile
# would be cached in the real home before any test's own home is set. A home of the run's own until then.
_COLLECTION_HOME = tempfile.mkdtemp(prefix="dice-parlor-tests-")
os.environ.setdefault("DICE_PARLOR_HOME", _COLLECTION_HOME)


def _hypothesis_profiles() -> None:
    """``thorough`` (HYPOTHESIS_PROFILE=thorough): many more examples for every property test, once in a while;
    the default stays quick enough for every run."""
    from helpers import THOROUGH_TIMES
    from hypothesis import HealthCheck, settings

    settings.register_profile("thorough", max_examples=100 * THOROUGH_TIMES, deadline=None, print_blob=True,
                              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


_hypothesis_profiles()


def _real_user_files() -> dict[str, tuple[int, int]]:
    """Every file and folder in the game's user folders of whoever runs the tests (platformdirs, whatever
    DICE_PARLOR_HOME says), with its size and time of change."""
    import platformdirs

    from game.paths import APP_NAME

    found = {}
    for finder in (platformdirs.user_data_dir, platformdirs.user_config_dir, platformdirs.user_state_dir,
                   platformdirs.user_cache_dir):
        root = Path(finder(APP_NAME, appauthor=False))
        for path in [root, *root.rglob("*")] if root.exists() else []:
            try:
                stat = path.lstat()
            except OSError:
                continue
            found[str(path)] = (stat.st_size, stat.st_mtime_ns)
    return found


def pytest_sessionstart(session):
    session.config.stash[_LISTING] = _real_user_files()


def pytest_sessionfinish(session, exitstatus):
    """A test run that wrote into the runner's own game folders fails (the summary names what it wrote)."""
    before, after = session.config.stash[_LISTING], _real_user_files()
    changed = sorted(path for path in before.keys() | after.keys() if before.get(path) != after.get(path))
    session.config.stash[_CHANGED] = changed
    shutil.rmtree(_COLLECTION_HOME, ignore_errors=True)
    if changed:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter, config):
    changed = config.stash.get(_CHANGED, [])
    if changed:
        terminalreporter.section("the runner's real home", red=True)
        terminalreporter.write_line(f"FAILED: the tests changed {len(changed)} files or folders there: "
                                    + ", ".join(changed[:5]) + (" ..." if len(changed) > 5 else ""), red=True)


_LISTING = pytest.StashKey[dict]()  # the runner's game folders as the run started
_CHANGED = pytest.StashKey[list]()  # and what the run changed in them


@pytest.fixture(autouse=True)
def _user_home(tmp_path, monkeypatch):
    monkeypatch.setenv("DICE_PARLOR_HOME", str(tmp_path / "home"))
    from game.rules import i18n, variants

    variants.load_all(refresh=True)
    i18n.set_language("en")  # tests read English unless they choose another language
    yield
    i18n.set_language("en")
    variants.load_all(refresh=True)


@pytest.fixture
def variant():
    from game.rules.variants import find_variant

    return find_variant
