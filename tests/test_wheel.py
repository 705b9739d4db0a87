"""`pip install .` (not editable) gives a game that starts: the wheel carries the assets.

Built as pip builds it for a newcomer, installed into a fresh venv and played from a folder outside the
checkout. The venv borrows this run's pygame and the rest (added as a plain folder, so this checkout's
editable install is not: the game that plays is the wheel's), so nothing big is downloaded again.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# What a build needs: the packages, the assets and the files pyproject.toml names.
SOURCE = ["game", "scenes", "assets", "pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE"]


def _run(command: list, **options) -> subprocess.CompletedProcess:
    done = subprocess.run([str(part) for part in command], capture_output=True, text=True, timeout=180, **options)
    assert done.returncode == 0, f"{' '.join(map(str, command))}: exit {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done


def _fresh_venv(folder: Path) -> Path:
    _run([sys.executable, "-m", "venv", "--without-pip", folder])
    python = folder / ("Scripts" if sys.platform == "win32" else "bin") / "python"
    site = Path(_run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).stdout.strip())
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (site / "borrowed-dependencies.pth").write_text("\n".join(sorted(ours)) + "\n", encoding="utf-8")
    return python


def test_the_installed_wheel_plays_a_demo_from_outside_the_checkout(tmp_path):
    source = tmp_path / "source"  # a copy: building in the checkout would leave build/ there
    for name in SOURCE:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
        elif (ROOT / name).exists():
            shutil.copy2(ROOT / name, source / name)
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", tmp_path / "wheels", source])
    wheel, = (tmp_path / "wheels").glob("dice_parlor-*.whl")

    python = _fresh_venv(tmp_path / "venv")
    _run([sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--quiet", wheel])
    elsewhere = tmp_path / "elsewhere"  # not the checkout: from there, `python -c` would import its game
    elsewhere.mkdir()
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", DICE_PARLOR_HOME=str(tmp_path / "home"))
    where = _run([python, "-c", "from game import paths; print(paths.assets_dir())"], cwd=elsewhere, env=env)
    assert Path(where.stdout.strip()).is_relative_to(tmp_path / "venv"), f"the assets came from {where.stdout}"
    _run([python.parent / "dice-parlor", "--demo", "classic", "--exit-after", "3",
          "--screenshot", elsewhere / "x.png"], cwd=elsewhere, env=env)
    _run([sys.executable, ROOT / "packaging" / "check_screenshot.py", elsewhere / "x.png"], env=env)
