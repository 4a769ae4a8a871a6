"""How bookgen's modules depend on each other: no circle (counting imports inside functions too),
puzzle types through the declared API (`bookgen.api`), and the built-in types registered
through the same entry points as a plug-in's."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import networkx as nx

import bookgen
import bookgen.api
from bookgen.puzzles import BUILT_IN, PUZZLE_TYPES

PACKAGE = Path(bookgen.__file__).parent
ROOT = PACKAGE.parent


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The bookgen modules `name` imports anywhere in its text (inside functions too), each
    import named by the deepest module it reaches."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            targets = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def test_no_module_imports_one_that_imports_it_back_even_inside_a_function():
    modules = _modules()
    graph = nx.DiGraph()
    for name, path in modules.items():
        graph.add_node(name)
        graph.add_edges_from((name, target) for target in _imports(name, path, modules))
    circles = [sorted(part) for part in nx.strongly_connected_components(graph) if len(part) > 1]
    assert circles == []
    # the layers, one way: the types and core never reach the page, the front ends or the book
    above = ("bookgen.render", "bookgen.html", "bookgen.cli", "bookgen.studio", "bookgen.book",
             "bookgen.formats")
    for name in modules:
        if name.startswith(("bookgen.puzzles.", "bookgen.core")):
            assert not {m for m in nx.descendants(graph, name) if m.startswith(above)}, name


def test_a_type_takes_the_record_and_its_helpers_from_the_api_only():
    """bookgen.puzzles.base is the registry's; a type imports the names it offers from bookgen.api
    (bookgen.core's engines it may use besides; a plug-in, as the example, uses the API alone)."""
    for path in sorted((PACKAGE / "puzzles").glob("*/*.py")):
        assert "bookgen.puzzles.base" not in path.read_text(encoding="utf-8"), path
    example = ROOT / "tests" / "example_type" / "bookgen_example_type" / "__init__.py"
    imported = set(re.findall(r"^from (bookgen[\w.]*) import", example.read_text(), re.MULTILINE))
    assert imported == {"bookgen.api"}
    assert set(bookgen.api.__all__) <= set(vars(bookgen.api))


def test_the_built_in_types_are_the_entry_points_pyproject_declares():
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    table = pyproject.split('[project.entry-points."bookgen.types"]\n', 1)[1].split("\n\n", 1)[0]
    declared = dict(re.findall(r"^(\w+) = \"([\w.]+:\w+)\"$", table, re.MULTILINE))
    assert {t.name for t in BUILT_IN} == set(declared)
    for puzzle_type in BUILT_IN:
        module, _, record = declared[puzzle_type.name].partition(":")
        assert getattr(__import__(module, fromlist=[record]), record) is puzzle_type
        assert module == f"bookgen.puzzles.{puzzle_type.generate.__module__.split('.')[2]}"
    assert PUZZLE_TYPES[: len(BUILT_IN)] == sorted(BUILT_IN, key=lambda t: t.name)
