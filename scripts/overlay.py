"""The compiled engine of a development tree: the overlay ``./dev`` builds in build/compiled.

    python scripts/overlay.py modules               # the modules mypyc compiles (pyproject.toml)
    python scripts/overlay.py mirror SRC DEST       # DEST/ramino: SRC/ramino as symlinks
    python scripts/overlay.py stamp SRC             # what the compiled modules were built from
    python scripts/overlay.py record SRC DEST       # note that DEST matches SRC as it is now
    python scripts/overlay.py install SITE SRC DEST # let SITE's interpreter use DEST (a .pth)

The overlay is a mirror of ``src/ramino`` with the hot modules (``[tool.ramino.mypyc]`` in
pyproject.toml) compiled beside their sources: an extension module is imported before a
``.py`` of the same name.  Everything else is a symlink to the source tree, so the floors the
engine never imports (the server, the tournaments, the arena, the environment, the command
line) are used as they are edited; whole directories of them are linked, so a new template or
module there is seen at once.  The engine floor (every other module, compiled or not: mypyc
builds the hot modules against what they import) is the overlay's stamp: when one of its files
changes, or a file is added or removed anywhere, the overlay is stale.  A stale overlay would
run the engine as it was, so it is used only while it is current:

- ``./dev`` compares :func:`content_stamp` with the one recorded at the build and rebuilds;
- the development environment's interpreter finds the overlay ahead of ``src`` through a
  ``.pth`` file that calls :func:`activate`, which checks the sources' names and modification
  times against the ones recorded (a few hundred ``stat`` calls, no reading) and leaves the
  overlay out when they differ, when ``PYTHONPATH`` is set (whoever sets it chooses what runs)
  or when ``RAMINO_PURE`` is set (the pure-Python engine, on purpose).

Installed packages do not use any of this: a wheel built with ``RAMINO_MYPYC=1`` (setup.py)
carries the compiled modules themselves.
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path

# The top floors of the package (docs/engine.md, the layering): no engine module imports them.
UPPER_FLOORS = frozenset({"server", "tournament", "arena", "env", "cli.py", "__main__.py"})
SOURCE_STAMP = ".source-stamp"
STATE = ".source-state"
PTH_NAME = "_ramino_overlay.pth"
MODULE_NAME = "_ramino_overlay"
ROOT = Path(__file__).resolve().parents[1]


def hot_modules(pyproject: Path = ROOT / "pyproject.toml") -> list[str]:
    """The modules mypyc compiles, as paths under ``ramino/``."""
    import tomllib  # here: the start-up check never needs it

    table = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    modules: list[str] = table["tool"]["ramino"]["mypyc"]["modules"]
    return modules


def _walk(directory: Path) -> Iterator[Path]:
    for entry in sorted(os.scandir(directory), key=lambda e: e.name):
        if entry.name == "__pycache__":
            continue
        if entry.is_dir(follow_symlinks=False):
            yield from _walk(Path(entry.path))
        else:
            yield Path(entry.path)


def _engine_floor(package: Path, path: Path) -> bool:
    return path.relative_to(package).parts[0] not in UPPER_FLOORS


def mirror(src: Path, dest: Path) -> None:
    """``dest/ramino``: a directory per engine-floor directory, a symlink per file in them,
    and one symlink per upper floor (a directory or a module)."""
    package, out = src.resolve() / "ramino", dest / "ramino"
    out.mkdir(parents=True)
    for entry in sorted(package.iterdir()):
        if entry.name in UPPER_FLOORS:
            (out / entry.name).symlink_to(entry)
    for path in _walk(package):
        if _engine_floor(package, path):
            target = out / path.relative_to(package)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.symlink_to(path)


def _digest(src: Path, with_contents: bool) -> str:
    package = src.resolve() / "ramino"
    digest = hashlib.sha1()
    for path in _walk(package):
        name = path.relative_to(package).as_posix()
        digest.update(name.encode() + b"\0")
        if _engine_floor(package, path):
            if with_contents:
                digest.update(path.read_bytes())
            else:
                digest.update(str(path.stat().st_mtime_ns).encode())
        digest.update(b"\n")
    return digest.hexdigest()[:16]


def content_stamp(src: Path) -> str:
    """Every file's name, and the contents of the engine floor's files."""
    return _digest(src, with_contents=True)


def source_state(src: Path) -> str:
    """Every file's name, and the modification times of the engine floor's files."""
    return _digest(src, with_contents=False)


def record(src: Path, dest: Path) -> None:
    (dest / SOURCE_STAMP).write_text(content_stamp(src) + "\n", encoding="utf-8")
    (dest / STATE).write_text(source_state(src) + "\n", encoding="utf-8")


def is_current(src: Path, dest: Path) -> bool:
    try:
        recorded = (dest / STATE).read_text(encoding="utf-8").strip()
    except OSError:
        return False
    return recorded == source_state(src)


def activate(src: str, dest: str) -> None:
    """Called at start-up from the ``.pth`` file: put ``dest`` just ahead of ``src`` on
    ``sys.path`` while it is current.  Never raises: a start-up must not fail over this."""
    try:
        if os.environ.get("RAMINO_PURE") or os.environ.get("PYTHONPATH"):
            return
        real = os.path.realpath(src)
        where = [i for i, entry in enumerate(sys.path) if os.path.realpath(entry) == real]
        if where and is_current(Path(src), Path(dest)):
            sys.path.insert(where[0], dest)
    except Exception:  # any failure means: the pure engine
        return


def install(site: Path, src: Path, dest: Path) -> None:
    """The ``.pth`` file (and this module beside it) that calls :func:`activate`.  Its name
    sorts after the editable install's ``__editable__*.pth``, which puts ``src`` on the path."""
    (site / f"{MODULE_NAME}.py").write_text(Path(__file__).read_text(encoding="utf-8"),
                                            encoding="utf-8")
    package_dir = str((src / "ramino").resolve().parent)
    (site / PTH_NAME).write_text(
        f"import {MODULE_NAME}; {MODULE_NAME}.activate({package_dir!r}, "
        f"{str(dest.resolve())!r})\n", encoding="utf-8")


def main(argv: list[str]) -> int:
    match argv:
        case ["modules"]:
            print("\n".join(hot_modules()))
        case ["mirror", src, dest]:
            mirror(Path(src), Path(dest))
        case ["stamp", src]:
            print(content_stamp(Path(src)))
        case ["record", src, dest]:
            record(Path(src), Path(dest))
        case ["install", site, src, dest]:
            install(Path(site), Path(src), Path(dest))
        case _:
            print(__doc__, file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
