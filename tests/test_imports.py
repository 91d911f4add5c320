"""The shape of the package: no import cycles, layers that import one way, short modules.

Every import statement counts, at the top of a module or inside a function, under
``if TYPE_CHECKING:`` too, and so does ``importlib.import_module("satdoku...")`` with a
literal name. Importing a package, or a name its ``__init__`` defines, is an edge to that
``__init__``; importing a submodule is an edge to the submodule.
"""

from __future__ import annotations

import ast
import importlib.machinery
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "satdoku"

EXEMPT = ("satdoku.model", "_repr_svg_")
"""The one edge allowed to close a cycle: ``Puzzle._repr_svg_`` (Jupyter's picture of a
puzzle) imports the SVG drawing when it is called."""

LOWER = ("satdoku.solver", "satdoku.encodings", "satdoku.kinds", "satdoku.constraints")
LOWER_MODULES = ("satdoku.model",)
DOORS = ("satdoku.formats", "satdoku.cli", "satdoku.web", "satdoku.sql")
MAX_LINES = 400


@dataclass(frozen=True)
class Edge:
    """``source`` imports ``target``, at ``line``, inside ``function`` (None at the top)."""

    source: str
    target: str
    line: int
    function: str | None

    def __str__(self) -> str:
        where = f" in {self.function}()" if self.function else ""
        return f"{self.source} -> {self.target} (line {self.line}{where})"


def modules(root: Path, package: str) -> dict[str, Path]:
    """Every module of ``package`` (a directory under ``root``) by dotted name; compiled
    extensions map to their file, packages to their ``__init__.py``."""
    found: dict[str, Path] = {}
    for path in sorted((root / package).rglob("*")):
        parts = list(path.relative_to(root).parts)
        if path.suffix == ".py":
            parts[-1] = path.stem
        elif any(path.name.endswith(s) for s in importlib.machinery.EXTENSION_SUFFIXES):
            parts[-1] = path.name.split(".")[0]
        else:
            continue
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


class _Imports(ast.NodeVisitor):
    """The imports of one module, with the function each sits in."""

    def __init__(self, name: str, is_package: bool, known: dict[str, Path]) -> None:
        self.name = name
        self.package = name if is_package else name.rpartition(".")[0]
        self.known = known
        self.functions: list[str] = []
        self.edges: list[Edge] = []

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.functions.append(node.name)
        self.generic_visit(node)
        self.functions.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self.add(alias.name, node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = node.module or ""
        if node.level:
            parts = self.package.split(".")
            parts = parts[: len(parts) - node.level + 1]
            base = ".".join([*parts, base] if base else parts)
        for alias in node.names:
            submodule = f"{base}.{alias.name}"
            self.add(submodule if submodule in self.known else base, node)

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if called in ("import_module", "__import__") and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                self.add(first.value, node)
        self.generic_visit(node)

    def add(self, target: str, node: ast.stmt | ast.expr) -> None:
        if target in self.known and target != self.name:
            function = self.functions[-1] if self.functions else None
            edge = Edge(self.name, target, node.lineno, function)
            if edge not in self.edges:
                self.edges.append(edge)


def import_edges(root: Path, package: str) -> list[Edge]:
    """Every import between the modules of ``package`` (a directory under ``root``)."""
    known = modules(root, package)
    edges: list[Edge] = []
    for name, path in known.items():
        if path.suffix == ".py":
            visitor = _Imports(name, path.name == "__init__.py", known)
            visitor.visit(ast.parse(path.read_text(), str(path)))
            edges += visitor.edges
    return edges


def cycles(edges: list[Edge]) -> list[list[str]]:
    """The strongly connected components of more than one module, each sorted."""
    graph: dict[str, set[str]] = {}
    for edge in edges:
        graph.setdefault(edge.source, set()).add(edge.target)
        graph.setdefault(edge.target, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = [stack.pop()]
            while component[-1] != node:
                component.append(stack.pop())
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def is_under(name: str, prefixes: tuple[str, ...]) -> bool:
    """True when ``name`` is one of ``prefixes`` or a module inside one of them."""
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def package_edges() -> list[Edge]:
    """The edges of satdoku without the exempt one."""
    edges = import_edges(ROOT, PACKAGE)
    return [e for e in edges if (e.source, e.function) != EXEMPT]


def describe(components: list[list[str]], edges: list[Edge]) -> Iterator[str]:
    """Each cycle: its modules, then the imports that join them."""
    for members in components:
        inside = set(members)
        yield f"cycle of {len(members)} modules: {', '.join(members)}"
        for edge in edges:
            if edge.source in inside and edge.target in inside:
                yield f"    {edge}"


def test_no_import_cycles() -> None:
    edges = package_edges()
    components = cycles(edges)
    assert not components, "\n".join(["import cycles:", *describe(components, edges)])


def test_lower_layers_do_not_import_the_doors() -> None:
    wrong = [
        str(edge)
        for edge in package_edges()
        if is_under(edge.source, LOWER + LOWER_MODULES) and is_under(edge.target, DOORS)
    ]
    assert not wrong, "\n".join(["lower layers importing formats, cli, web or sql:", *wrong])


def test_modules_are_short() -> None:
    lengths = {
        path.relative_to(ROOT): len(path.read_text().splitlines())
        for path in sorted((ROOT / PACKAGE).rglob("*.py"))
    }
    long = [f"{path}: {count} lines" for path, count in lengths.items() if count > MAX_LINES]
    assert not long, "\n".join([f"modules over {MAX_LINES} lines:", *long])


def test_a_cycle_is_found(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("from pkg.a import run\n")
    (package / "a.py").write_text("def run():\n    from . import b\n")
    (package / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.a import run\n"
    )
    (package / "c.py").write_text("import importlib\nimportlib.import_module('pkg.b')\n")
    edges = import_edges(tmp_path, "pkg")
    assert {(e.source, e.target, e.function) for e in edges} == {
        ("pkg", "pkg.a", None),
        ("pkg.a", "pkg.b", "run"),
        ("pkg.b", "pkg.a", None),
        ("pkg.c", "pkg.b", None),
    }
    assert cycles(edges) == [["pkg.a", "pkg.b"]]


PLAIN_SOLVE_SKIPS = (
    "click",
    "csv",
    "numpy",
    "ortools",
    "pysat",
    "satdoku.cli.group",
    "satdoku.cli.options",
    "satdoku.constraints.sum",
    "satdoku.encodings",
    "satdoku.logic",
    "satdoku.solver.counting",
    "satdoku.solver.cpsat_backend",
    "satdoku.solver.dpll",
    "satdoku.solver.engine",
    "satdoku.solver.pysat_backend",
)
"""What ``satdoku solve PUZZLE`` never imports: click (the plain command line is read without
it), the heavy optional packages, the other backends, the exact-cover search and the CNF
encodings, counting, the logic engine, sums and the CSV reader."""


def test_a_plain_solve_imports_neither_click_nor_other_engines() -> None:
    puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    code = (
        "import sys\n"
        "from satdoku.cli import main\n"
        "try:\n"
        f"    main(['solve', {puzzle!r}, '--format', 'line'])\n"
        "except SystemExit as done:\n"
        "    assert done.code == 0, done.code\n"
        "print(*sorted(sys.modules), file=sys.stderr)\n"
    )
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert ran.returncode == 0, ran.stderr
    assert (
        ran.stdout
        == "417369825632158947958724316825437169791586432346912758289643571573291684164875293\n"
    )
    loaded = ran.stderr.split()
    assert [m for m in loaded if is_under(m, PLAIN_SOLVE_SKIPS)] == []
