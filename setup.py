"""Build hook: ship the rift levels inside the package.

The levels live in ``invader_decks/`` at the top of the repository, where
authors and the README find them (``gateruler validate invader_decks/*.yaml``).
An installed gateruler (a wheel, ``pip install .``) has no repository around
it, so the build copies them to ``gateruler/invader_decks/``, where
``gateruler.loader`` looks first.  Everything else is in pyproject.toml.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

LEVELS = Path(__file__).parent / "invader_decks"


class BuildPyWithLevels(build_py):
    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "gateruler" / "invader_decks"
        self.mkpath(str(target))
        for level in sorted(LEVELS.glob("*.yaml")):
            self.copy_file(str(level), str(target / level.name))

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        target = Path(self.build_lib) / "gateruler" / "invader_decks"
        return super().get_outputs(include_bytecode) + [str(target / p.name) for p in sorted(LEVELS.glob("*.yaml"))]


setup(cmdclass={"build_py": BuildPyWithLevels})
