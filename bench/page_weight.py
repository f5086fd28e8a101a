"""The table page's weight: the bytes of JavaScript and CSS a browser loads for it, uncompressed.

Reads the page's templates (``table.html`` and the ``base.html`` it extends) for the scripts and
stylesheets under ``/static/``, follows every ES module's static imports, and prints
``name: value`` lines:

    table_js_bytes     every script of the page (the module graph from table/main.js)
    table_css_bytes    every stylesheet of the page
    table_total_bytes  the two together
    budget_bytes       200 KB (204 800 bytes), the most the page may weigh
    files              how many files the page loads
    under_budget       yes or no

Usage: ``python bench/page_weight.py``.
"""

from __future__ import annotations

import re
from pathlib import Path

SERVER = Path(__file__).resolve().parent.parent / "src" / "ramino" / "server"
STATIC = SERVER / "static"
TEMPLATES = SERVER / "templates"
BUDGET = 200 * 1024
ASSET = re.compile(r'(?:src|href)="/static/([^"]+\.(?:js|css))"')
IMPORT = re.compile(r'(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+"(\.[^"]+)"'
                    r'|import\s*\(\s*"(\.[^"]+)"\s*\)|(?:^|\n)\s*import\s+"(\.[^"]+)"')


def page_assets(*templates: str) -> list[Path]:
    found: list[Path] = []
    for name in templates:
        for match in ASSET.finditer((TEMPLATES / name).read_text()):
            path = STATIC / match[1]
            if path not in found:
                found.append(path)
    return found


def module_graph(entries: list[Path]) -> list[Path]:
    """Every script reachable from ``entries`` by relative imports."""
    seen: list[Path] = []
    todo = list(entries)
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.append(path)
        for match in IMPORT.finditer(path.read_text()):
            spec = next(group for group in match.groups() if group)
            todo.append((path.parent / spec).resolve())
    return seen


def main() -> None:
    assets = page_assets("base.html", "table.html")
    scripts = module_graph([p for p in assets if p.suffix == ".js"])
    styles = [p for p in assets if p.suffix == ".css"]
    js = sum(p.stat().st_size for p in scripts)
    css = sum(p.stat().st_size for p in styles)
    print(f"table_js_bytes: {js}")
    print(f"table_css_bytes: {css}")
    print(f"table_total_bytes: {js + css}")
    print(f"budget_bytes: {BUDGET}")
    print(f"files: {len(scripts) + len(styles)}")
    print(f"under_budget: {'yes' if js + css < BUDGET else 'no'}")


if __name__ == "__main__":
    main()
