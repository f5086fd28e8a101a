"""The source distribution is the whole project: built as ``python -m build --sdist`` does,
it carries the tests, the docs, the benchmarks, the examples and the scripts beside the
package, no build debris, and its own tests pass from the unpacked tree against its own
``src/`` (the engine's meld tests and the command's entry points, a cheap sample)."""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
from email.parser import Parser
from pathlib import Path

import pytest

import ramino

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ("tests/games/burraco/test_melds.py", "tests/cli/test_entry.py")


@pytest.fixture(scope="module")
def sdist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("sdist")
    # --no-isolation: the build runs on this environment's setuptools (the dev extra brings
    # it) instead of fetching one; -n is the short form that older build versions know.
    subprocess.run([sys.executable, "-m", "build", "--sdist", "-n", "--outdir", str(out),
                    str(ROOT)], check=True, capture_output=True, timeout=300)
    [archive] = out.glob("ramino-*.tar.gz")
    return archive


def test_the_sdist_carries_the_project(sdist: Path) -> None:
    top = f"ramino-{ramino.__version__}"
    assert sdist.name == f"{top}.tar.gz"
    with tarfile.open(sdist) as tar:
        names = {name.removeprefix(f"{top}/") for name in tar.getnames()}
    for path in ("README.md", "CHANGELOG.md", "LICENSE", "pyproject.toml", "MANIFEST.in",
                 "babel.cfg", "dev", "tests/conftest.py", "tests/games/burraco/test_melds.py",
                 "tests/fixtures", "docs/engine.md", "bench/engine.py", "examples",
                 "scripts/i18n_build.py", "src/ramino/__init__.py", "src/ramino/py.typed"):
        assert path in names, path
    tracked = subprocess.run(["git", "ls-files", "tests", "docs", "bench", "examples",
                              "scripts", "src"], cwd=ROOT, capture_output=True, text=True,
                             check=False)
    if tracked.returncode == 0:  # in a git checkout: every tracked file of those folders
        assert set(tracked.stdout.split()) <= names
    assert not [n for n in names if "__pycache__" in n or n.endswith((".pyc", ".so"))]
    assert not [n for n in names if n.startswith("src/ramino/") and "i18n_build" in n]


def test_the_sdist_metadata_lists_only_the_core_as_required(sdist: Path) -> None:
    top = f"ramino-{ramino.__version__}"
    with tarfile.open(sdist) as tar:
        member = tar.extractfile(f"{top}/PKG-INFO")
        assert member is not None
        metadata = Parser().parsestr(member.read().decode())
    assert metadata["Version"] == ramino.__version__
    required = [r for r in metadata.get_all("Requires-Dist", []) if "extra ==" not in r]
    assert sorted(r.split(">")[0] for r in required) == ["rich", "typer"]
    assert {"server", "postgres", "redis", "arena", "env", "dev"} <= set(
        metadata.get_all("Provides-Extra", []))


def test_the_unpacked_sdist_passes_its_own_tests(sdist: Path, tmp_path: Path) -> None:
    with tarfile.open(sdist) as tar:
        tar.extractall(tmp_path, filter="data")
    [tree] = tmp_path.iterdir()
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                             "-o", "addopts=", *SAMPLE], cwd=tree, env=env, capture_output=True,
                            text=True, timeout=600, check=False)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert " passed" in result.stdout.splitlines()[-1]
    # The tests ran against the unpacked package, not this checkout's.
    probe = subprocess.run([sys.executable, "-c", "import ramino; print(ramino.__file__)"],
                           cwd=tree, env=env, capture_output=True, text=True, check=True)
    assert Path(probe.stdout.strip()).is_relative_to(tree)


def test_every_file_the_package_needs_is_in_its_package_data() -> None:
    """A wheel carries the package's ``.py`` files and what ``package-data`` names: every
    other file under ``src/ramino`` (pages, scripts, styles, icons, catalogues) must match one
    of its patterns, or an installed server would miss it."""
    import fnmatch
    import tomllib

    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"]["ramino"]
    package = ROOT / "src" / "ramino"
    missing = []
    for path in package.rglob("*"):
        if not path.is_file() or path.suffix in (".py", ".pyc", ".so") or "__pycache__" in \
                path.parts:
            continue
        name = path.relative_to(package).as_posix()
        if not any(fnmatch.fnmatch(name, p) or fnmatch.fnmatch(name, p.removeprefix("**/"))
                   for p in patterns):
            missing.append(name)
    assert not missing, missing
