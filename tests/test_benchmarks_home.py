"""The benchmarks never touch the user files of whoever runs them (issue 33, item 7: bench_table.py, which the
README recommends, overwrote the runner's saved game and settings): each one that runs the game runs it in a
temporary home of its own, removed at the end, unless DICE_PARLOR_BENCH_HOME names one."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_cli import ROOT
from test_command_line import MINE

BENCHMARKS = sorted((ROOT / "benchmarks").glob("*.py"))


def _run_as_a_newcomer(tmp_path: Path, script: str, *args: str, **extra: str) -> tuple[Path, Path]:
    """The benchmark run as docs/contributing.md says, by someone with a home of their own and no DICE_PARLOR_HOME."""
    home, temp = tmp_path / "someone", tmp_path / "temp"
    home.mkdir()
    temp.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "DICE_PARLOR_HOME" and not k.startswith("XDG_")}
    env.update(HOME=str(home), TMPDIR=str(temp), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", **extra)
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), *args], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    return home, temp


def test_bench_table_leaves_the_runners_saved_game_and_settings_alone(tmp_path):
    home, temp = _run_as_a_newcomer(tmp_path, "bench_table.py", "--seconds", "0.05")
    assert [str(p.relative_to(home)) for p in home.rglob("*")] == []  # no saved game, settings, log or records
    assert list(temp.iterdir()) == []  # and its own home is gone


def test_a_table_a_benchmark_builds_is_not_cached_in_the_runners_home(tmp_path):
    mine = tmp_path / "mine.yaml"
    mine.write_text(MINE)
    home, temp = _run_as_a_newcomer(tmp_path, "bench_core.py", "--variant", str(mine), "--levels", "hard",
                                    "--seconds", "0.05")
    assert [str(p.relative_to(home)) for p in home.rglob("*")] == []
    assert list(temp.iterdir()) == []


def test_a_home_of_ones_choosing_is_used_and_kept(tmp_path):
    mine = tmp_path / "mine.yaml"
    mine.write_text(MINE)
    chosen = tmp_path / "chosen"
    home, _ = _run_as_a_newcomer(tmp_path, "bench_core.py", "--variant", str(mine), "--levels", "hard",
                                 "--seconds", "0.05", DICE_PARLOR_BENCH_HOME=str(chosen))
    assert [p.suffix for p in (chosen / "data" / "solver").iterdir()] == [".table"]
    assert list(home.rglob("*")) == []


def _runs_the_game(tree: ast.Module) -> bool:
    """Whether a script imports the game (game or scenes) or starts it (``-m game``, the built app)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in ("game", "scenes"):
            return True
        if isinstance(node, ast.Constant) and node.value in ("game", "--demo", "--kiosk", "--bench-solver"):
            return True
    return False


def _private_home_first(tree: ast.Module) -> bool:
    """``use_private_home(...)`` at the top of the module, before it imports the game."""
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in ("game", "scenes"):
            return False
        if (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
                and getattr(node.value.func, "id", None) == "use_private_home"):
            return True
    return False


@pytest.mark.parametrize("script", BENCHMARKS, ids=[path.name for path in BENCHMARKS])
def test_every_benchmark_that_runs_the_game_gives_it_a_home_of_its_own(script):
    """Those too slow to run here: the private home first, or every game they start given a temporary
    DICE_PARLOR_HOME of its own (bench_bundle, bench_idle, bench_kiosk, bench_records, bench_hostile, the soaks)."""
    text = script.read_text()
    tree = ast.parse(text)
    if not _runs_the_game(tree):
        return
    if _private_home_first(tree):
        return
    assert "DICE_PARLOR_HOME" in text or "Game(screen, home" in text, f"{script.name} may use the runner's home"
    assert "mkdtemp" in text or "TemporaryDirectory" in text, f"{script.name}: whose home is it?"
