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

# Only os and sys at the top: the start-up check runs in every interpreter of the venv, and
# pathlib, hashlib or typing would cost it more than the check itself.
import os
import sys

# The top floors of the package (docs/engine.md, the layering): no engine module imports them.
UPPER_FLOORS = frozenset({"server", "tournament", "arena", "env", "cli", "cli.py",
                          "__main__.py"})
SOURCE_STAMP = ".source-stamp"
STATE = ".source-state"
PTH_NAME = "_ramino_overlay.pth"
MODULE_NAME = "_ramino_overlay"


def hot_modules(pyproject: str | None = None) -> list[str]:
    """The modules mypyc compiles, as paths under ``ramino/``."""
    import tomllib

    if pyproject is None:
        pyproject = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                 "pyproject.toml")
    with open(pyproject, "rb") as file:
        modules: list[str] = tomllib.load(file)["tool"]["ramino"]["mypyc"]["modules"]
    return modules


def _walk(directory: str, prefix: str = "") -> list[tuple[str, str]]:
    """(name relative to the package, path) of every file, in a fixed order."""
    found: list[tuple[str, str]] = []
    for entry in sorted(os.scandir(directory), key=lambda e: e.name):
        if entry.name == "__pycache__":
            continue
        if entry.is_dir(follow_symlinks=False):
            found += _walk(entry.path, f"{prefix}{entry.name}/")
        else:
            found.append((f"{prefix}{entry.name}", entry.path))
    return found


def _engine_floor(name: str) -> bool:
    return name.split("/", 1)[0] not in UPPER_FLOORS


def mirror(src: str, dest: str) -> None:
    """``dest/ramino``: a directory per engine-floor directory, a symlink per file in them,
    and one symlink per upper floor (a directory or a module)."""
    package = os.path.join(os.path.realpath(src), "ramino")
    out = os.path.join(dest, "ramino")
    os.makedirs(out)
    for name in sorted(os.listdir(package)):
        if name in UPPER_FLOORS:
            os.symlink(os.path.join(package, name), os.path.join(out, name))
    for name, path in _walk(package):
        if _engine_floor(name):
            target = os.path.join(out, name)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            os.symlink(path, target)


def content_stamp(src: str) -> str:
    """The modules compiled, every file's name, and the contents of the engine floor's."""
    import hashlib

    digest = hashlib.sha1("\n".join(hot_modules()).encode() + b"\0")
    for name, path in _walk(os.path.join(src, "ramino")):
        digest.update(name.encode() + b"\0")
        if _engine_floor(name):
            with open(path, "rb") as file:
                digest.update(file.read())
        digest.update(b"\n")
    return digest.hexdigest()[:16]


def source_state(src: str) -> str:
    """Every file's name, and the modification times of the engine floor's files."""
    return "".join(f"{name} {os.stat(path).st_mtime_ns}\n" if _engine_floor(name) else
                   f"{name}\n" for name, path in _walk(os.path.join(src, "ramino")))


def record(src: str, dest: str) -> None:
    with open(os.path.join(dest, SOURCE_STAMP), "w", encoding="utf-8") as file:
        file.write(content_stamp(src) + "\n")
    with open(os.path.join(dest, STATE), "w", encoding="utf-8") as file:
        file.write(source_state(src))


def is_current(src: str, dest: str) -> bool:
    try:
        with open(os.path.join(dest, STATE), encoding="utf-8") as file:
            recorded = file.read()
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
        if where and is_current(src, dest):
            sys.path.insert(where[0], dest)
    except Exception:  # any failure means: the pure engine
        return


def install(site: str, src: str, dest: str) -> None:
    """The ``.pth`` file (and this module beside it) that calls :func:`activate`.  Its name
    sorts after the editable install's ``__editable__*.pth``, which puts ``src`` on the path."""
    with open(os.path.abspath(__file__), encoding="utf-8") as file:
        code = file.read()
    with open(os.path.join(site, f"{MODULE_NAME}.py"), "w", encoding="utf-8") as file:
        file.write(code)
    line = (f"import {MODULE_NAME}; {MODULE_NAME}.activate({os.path.realpath(src)!r}, "
            f"{os.path.realpath(dest)!r})\n")
    with open(os.path.join(site, PTH_NAME), "w", encoding="utf-8") as file:
        file.write(line)


def main(argv: list[str]) -> int:
    match argv:
        case ["modules"]:
            print("\n".join(hot_modules()))
        case ["mirror", src, dest]:
            mirror(src, dest)
        case ["stamp", src]:
            print(content_stamp(src))
        case ["record", src, dest]:
            record(src, dest)
        case ["install", site, src, dest]:
            install(site, src, dest)
        case _:
            print(__doc__, file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
