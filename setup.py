"""setuptools' build (everything else is in pyproject.toml), plus the assets inside the wheel.

The assets live beside the packages (``assets/``), where a checkout and build.spec find them; a wheel carries
only packages, so ``pip install .`` would start with no fonts or variants. The build copies them into the
game package (``game/assets/`` in site-packages), where game/paths.py looks first.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithAssets(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads them from the checkout
        self.copy_tree(str(Path(__file__).resolve().parent / "assets"), str(Path(self.build_lib) / "game" / "assets"))


setup(cmdclass={"build_py": BuildWithAssets})
