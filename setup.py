"""The build's one dynamic part: with ``RAMINO_MYPYC=1`` the engine's hot modules (the list in
pyproject.toml, ``[tool.ramino.mypyc]``) are compiled with mypyc into the wheel, a platform
wheel then; without it the wheel is pure Python.  Everything else is in pyproject.toml.

    RAMINO_MYPYC=1 python -m build --wheel --no-isolation   # what ./dev wheel runs

The build needs mypy (the dev extra has it) and a C compiler.
"""

import os
import tomllib
from pathlib import Path
from typing import Any

from setuptools import setup

HERE = Path(__file__).resolve().parent


def compiled_modules() -> list[Any]:
    if os.environ.get("RAMINO_MYPYC", "") in ("", "0"):
        return []
    from mypyc.build import mypycify

    table = tomllib.loads((HERE / "pyproject.toml").read_text(encoding="utf-8"))
    modules = table["tool"]["ramino"]["mypyc"]["modules"]
    return mypycify([f"src/ramino/{module}" for module in modules], opt_level="3")


setup(ext_modules=compiled_modules())
