"""A FIFO, a folder or a device where one of the game's files should be: refused at once in one line and set aside
or ignored as a damaged file would be, never waited on (reading a FIFO blocks for ever, signals and all, and the
start held the one-copy lock meanwhile). And ``--exit-after`` takes only a time that ends."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from xserver import ROOT

from game.cli import main as cli_main
from game.paths import NotAFile, read_file, user_config_dir, user_data_dir, user_state_dir, user_variants_dir
from game.rules.variants import find_variant, load_all
from game.store.kiosk import PinLock, load_kiosk, provide_pin
from game.store.records import read_records
from game.store.saves import load_saved
from game.store.seats import load_table_setup
from game.store.settings import read_settings

GUARD = 10  # seconds: only a reader that blocks ever comes near it


def _fifo(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


def _promptly(call):
    """``call()``'s answer. A reader blocked on a FIFO is let go (a writer opens and closes every FIFO under the
    home, wherever it was moved) and the test fails, rather than hanging the suite."""
    found: dict = {}

    def run() -> None:
        try:
            found["value"] = call()
        except BaseException as error:  # noqa: BLE001 (handed to the test)
            found["error"] = error
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(GUARD)
    if thread.is_alive():
        home = Path(os.environ["DICE_PARLOR_HOME"])
        for path in home.rglob("*"):
            if stat.S_ISFIFO(path.lstat().st_mode):
                try:
                    os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
                except OSError:
                    pass
        thread.join(GUARD)
        pytest.fail(f"{call} waited on a FIFO for {GUARD} s")
    if "error" in found:
        raise found["error"]
    return found["value"]


def _kept_aside(folder: Path, name: str) -> bool:
    """Moved out of the way under a name that says so (a new regular file may have taken its place)."""
    there = folder / name
    return (not there.exists() or there.is_file()) and any(p.name.startswith(name + ".damaged-")
                                                           for p in folder.iterdir())


def test_the_shared_reader_refuses_a_fifo_a_folder_and_a_device_at_once(tmp_path):
    _fifo(tmp_path / "pipe")
    (tmp_path / "folder").mkdir()
    (tmp_path / "zeros").symlink_to("/dev/zero")
    for name, kind in (("pipe", "a FIFO"), ("folder", "a folder"), ("zeros", "a device")):
        with pytest.raises(NotAFile) as refused:
            _promptly(lambda: read_file(tmp_path / name))
        assert str(refused.value) == f"it is {kind}, not a file" and isinstance(refused.value, OSError)
    (tmp_path / "plain").write_bytes(b"0123456789")
    assert read_file(tmp_path / "plain", 4) == b"0123" and read_file(tmp_path / "plain") == b"0123456789"


def test_a_fifo_as_the_autosave_is_set_aside_with_one_line():
    _fifo(user_data_dir() / "autosave.json")
    resumed = _promptly(lambda: load_saved(find_variant))
    assert resumed.session is None and "\n" not in resumed.message
    assert "it is a FIFO, not a file" in resumed.message and resumed.kept.startswith("autosave.json.damaged-")
    assert _kept_aside(user_data_dir(), "autosave.json")


def test_a_folder_as_the_autosave_is_set_aside_too():
    (user_data_dir() / "autosave.json").mkdir(parents=True)
    resumed = _promptly(lambda: load_saved(find_variant))
    assert resumed.session is None and "it is a folder, not a file" in resumed.message
    assert _kept_aside(user_data_dir(), "autosave.json")


def test_a_fifo_as_the_settings_or_the_seats_gives_the_defaults_and_one_line():
    _fifo(user_config_dir() / "settings.json")
    settings, problems = _promptly(read_settings)
    assert settings.sound and len(problems) == 1 and "it is a FIFO, not a file" in problems[0]
    _fifo(user_config_dir() / "seats.json")
    setup = _promptly(lambda: load_table_setup(["red"], ["easy"], ["classic"], usual="easy"))
    assert setup.seats == () and "it is a FIFO, not a file" in setup.problems[0]


@pytest.mark.parametrize("name", ["records.sqlite3", "records.json"])
def test_a_fifo_as_the_records_is_set_aside_and_new_records_start(name):
    _fifo(user_data_dir() / name)
    entries, message = _promptly(read_records)
    assert entries == [] and "it is a FIFO, not a file" in message and "\n" not in message
    assert _kept_aside(user_data_dir(), name)


def test_a_fifo_as_a_user_variant_is_refused_in_one_line_and_the_others_load():
    pipe = _fifo(user_variants_dir() / "pipe.yaml")
    catalogue = _promptly(lambda: load_all(refresh=True))
    assert "classic" in catalogue.names()
    refused = [p for p in catalogue.problems if str(pipe) in p]
    assert refused == [f"{pipe}: file: cannot be read: it is a FIFO, not a file"]


def test_check_variant_and_check_kiosk_on_a_fifo_say_so_in_one_line(capsys):
    pipe = _fifo(user_data_dir() / "pipe.yaml")
    assert _promptly(lambda: cli_main(["check-variant", str(pipe)])) == 2
    assert capsys.readouterr().out == f"{pipe}: file: cannot be read: it is a FIFO, not a file\n"
    kiosk = _fifo(user_config_dir() / "kiosk.yaml")
    assert _promptly(lambda: cli_main(["check-kiosk"])) == 2
    problems = [line for line in capsys.readouterr().out.splitlines() if str(kiosk) in line and "FIFO" in line]
    assert len(problems) == 1


def test_a_fifo_as_the_kiosks_files_leaves_the_kiosk_starting():
    kiosk = _fifo(user_config_dir() / "kiosk.yaml")
    config = _promptly(lambda: load_kiosk(["classic"]))
    assert any("it is a FIFO, not a file" in problem for problem in config.problems)
    config, said = _promptly(lambda: provide_pin(config))
    assert config.admin_pin is None and stat.S_ISFIFO(kiosk.lstat().st_mode)  # never written over by a new PIN
    _fifo(user_state_dir() / "kiosk-lock.json")
    lock = _promptly(PinLock)
    assert lock.failed == 0 and lock.locked_for == 0


def test_a_start_with_fifos_everywhere_plays_on_and_ends_when_asked(tmp_path):
    """The whole start, as a player would meet it: it reaches the title and stops at --exit-after, saying each
    refused file in one line (a subprocess; its timeout is only a guard)."""
    home = Path(os.environ["DICE_PARLOR_HOME"])
    for path in (user_data_dir() / "autosave.json", user_config_dir() / "settings.json",
                 user_config_dir() / "seats.json", user_data_dir() / "records.sqlite3",
                 user_data_dir() / "records.json",
                 user_state_dir() / "logs" / "dice-parlor.log", user_variants_dir() / "pipe.yaml"):
        _fifo(path)
    env = dict(os.environ, DICE_PARLOR_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    try:
        done = subprocess.run([sys.executable, "-m", "game", "--exit-after", "0.5"], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:  # the process is killed by run(); its FIFOs stay in the temporary home
        pytest.fail("the start waited on a FIFO")
    assert done.returncode == 0, done.stderr
    said = done.stderr.splitlines()
    for words in ("no log kept", "settings.json: file: could not be read (it is a FIFO, not a file)",
                  "The saved game could not be resumed: it is a FIFO, not a file",
                  "The records file could not be read (it is a FIFO, not a file"):
        assert sum(words in line for line in said) == 1, (words, done.stderr)
    assert "Traceback" not in done.stderr
    assert _kept_aside(user_data_dir(), "autosave.json") and _kept_aside(user_data_dir(), "records.sqlite3")


@pytest.mark.parametrize("seconds", ["nan", "inf", "-inf", "-1", "1e999", "soon"])
def test_exit_after_takes_only_a_time_that_ends(seconds, capsys):
    assert cli_main([f"--exit-after={seconds}"]) == 2
    said = capsys.readouterr().err
    assert said == f"dice-parlor: argument --exit-after: must be seconds from 0 up, not '{seconds}'\n"
