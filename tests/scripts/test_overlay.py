"""The development overlay of the compiled engine (scripts/overlay.py, built by ``./dev``):
a mirror of the package whose engine floor counts for its staleness and whose upper floors are
used as edited, and a start-up hook that puts it on the path only while it is current.

These checks use a small package tree of their own; the real build (mypyc, minutes) is what
``./dev`` does on setup and ``./dev test`` runs the suite on."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import load_script

overlay = load_script("overlay")

FILES = {
    "ramino/__init__.py": "",
    "ramino/cards.py": "SUITS = 4\n",
    "ramino/games/__init__.py": "",
    "ramino/games/burraco/state.py": "PLAYERS = 4\n",
    "ramino/server/__init__.py": "",
    "ramino/server/templates/table.html": "<p>table</p>\n",
    "ramino/cli.py": "def main() -> None: ...\n",
}


@pytest.fixture
def tree(tmp_path: Path) -> tuple[Path, Path]:
    src = tmp_path / "src"
    for name, text in FILES.items():
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        (src / name).write_text(text, encoding="utf-8")
    dest = tmp_path / "build" / "compiled"
    overlay.mirror(str(src), str(dest))
    overlay.record(str(src), str(dest))
    return src, dest


def touch_later(path: Path) -> None:
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))


def test_the_hot_modules_exist() -> None:
    modules = overlay.hot_modules()
    assert modules
    root = Path(__file__).resolve().parents[2] / "src" / "ramino"
    assert [m for m in modules if not (root / m).is_file()] == []
    assert not [m for m in modules if Path(m).parts[0] in overlay.UPPER_FLOORS]


def test_the_mirror_links_files_and_upper_floors(tree: tuple[Path, Path]) -> None:
    src, dest = tree
    package = dest / "ramino"
    assert (package / "games" / "burraco").is_dir()
    assert not (package / "games").is_symlink()
    assert (package / "cards.py").is_symlink()
    assert (package / "cards.py").resolve() == (src / "ramino" / "cards.py").resolve()
    assert (package / "server").is_symlink() and (package / "cli.py").is_symlink()
    # A file added to an upper floor is there at once.
    (src / "ramino" / "server" / "lobby.py").write_text("", encoding="utf-8")
    assert (package / "server" / "lobby.py").is_file()


def test_what_makes_the_overlay_stale(tree: tuple[Path, Path]) -> None:
    src, dest = tree
    stamp = overlay.content_stamp(str(src))
    assert overlay.is_current(str(src), str(dest))
    (src / "ramino" / "server" / "templates" / "table.html").write_text("<p>x</p>\n")
    (src / "ramino" / "cli.py").write_text("def main() -> None: pass\n")
    assert overlay.content_stamp(str(src)) == stamp and overlay.is_current(str(src), str(dest))
    touch_later(src / "ramino" / "cards.py")  # a checkout: the same text, a new time
    assert overlay.content_stamp(str(src)) == stamp and not overlay.is_current(str(src), str(dest))
    overlay.record(str(src), str(dest))
    assert overlay.is_current(str(src), str(dest))
    (src / "ramino" / "games" / "burraco" / "state.py").write_text("PLAYERS = 6\n")
    assert overlay.content_stamp(str(src)) != stamp
    overlay.record(str(src), str(dest))
    stamp = overlay.content_stamp(str(src))
    (src / "ramino" / "server" / "new.py").write_text("")  # a new file anywhere
    assert overlay.content_stamp(str(src)) != stamp and not overlay.is_current(str(src), str(dest))


def where_ramino_loads(src: Path, site: Path, **env: str) -> Path:
    """``ramino.__file__`` in an interpreter whose site directory is ``site``, with ``src`` on
    its path as an editable install puts it."""
    code = ("import site, sys; sys.path.append(sys.argv[1]); site.addsitedir(sys.argv[2]); "
            "import ramino; print(ramino.__file__)")
    clean = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "RAMINO_PURE")}
    result = subprocess.run([sys.executable, "-S", "-c", code, str(src), str(site)],
                            env={**clean, **env}, capture_output=True, text=True, check=True,
                            timeout=60)
    return Path(result.stdout.strip())


def test_the_start_up_hook_uses_the_overlay_only_while_current(
        tree: tuple[Path, Path], tmp_path: Path) -> None:
    src, dest = tree
    site = tmp_path / "site"
    site.mkdir()
    overlay.install(str(site), str(src), str(dest))
    assert where_ramino_loads(src, site).is_relative_to(dest)
    assert where_ramino_loads(src, site, RAMINO_PURE="1").is_relative_to(src)
    assert where_ramino_loads(src, site, PYTHONPATH=str(src)).is_relative_to(src)
    touch_later(src / "ramino" / "games" / "burraco" / "state.py")
    assert where_ramino_loads(src, site).is_relative_to(src)
    overlay.record(str(src), str(dest))
    assert where_ramino_loads(src, site).is_relative_to(dest)
    # No overlay at all (build/ removed): the sources, and no error at start-up.
    dest.rename(tmp_path / "gone")
    assert where_ramino_loads(src, site).is_relative_to(src)
