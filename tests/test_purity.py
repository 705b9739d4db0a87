"""Invariant 1: game/ is pure Python and never imports pygame or scenes."""

import ast
import subprocess
import sys
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"
FORBIDDEN = ("pygame", "scenes")


def _imports(path: Path) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def test_no_module_under_game_imports_pygame_or_scenes():
    offenders = []
    for path in sorted(GAME.rglob("*.py")):
        for name in _imports(path):
            if name.split(".")[0] in FORBIDDEN:
                offenders.append(f"{path.relative_to(GAME)} imports {name}")
    assert offenders == []


def test_importing_every_game_module_and_simulating_loads_no_pygame():
    modules = [".".join(p.relative_to(GAME.parent).with_suffix("").parts).removesuffix(".__init__")
               for p in GAME.rglob("*.py") if p.stem != "__main__"]
    code = (
        "import sys, importlib\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "from game.cli import main\n"
        "main(['simulate', '--variant', 'classic', '--players', 'greedy', '--games', '2'])\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('pygame', 'scenes')]\n"
        "print('LOADED', bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=GAME.parent, check=True)
    assert "LOADED []" in out.stdout
