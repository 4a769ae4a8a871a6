"""The catalogs' tool on a package of its own (bookgen.i18n.catalogs): it makes a package's
catalogs beside its code, writes a file only when its messages change, and `check` says what is
left with its exit status."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bookgen.config import ROOT
from bookgen.i18n.catalogs import main

CODE = '''from bookgen.api import N_, _

RULES = N_("Write a number in every cell.")


def rules(request):
    return _(RULES)
'''
SCRIPT = 'frame.register("demo", function () { return t("Cell {number}", {number: 1}); });\n'


@pytest.fixture
def package(tmp_path: Path) -> Path:
    """A plug-in's package, importable from tmp_path, with no catalogs yet."""
    folder = tmp_path / "demo_type"
    folder.mkdir()
    (folder / "__init__.py").write_text(CODE, encoding="utf-8")
    (folder / "play.js").write_text(SCRIPT, encoding="utf-8")
    (folder / "tests").mkdir()  # a package's own tests mark nothing a reader sees
    (folder / "tests" / "test_demo.py").write_text('_("Not for readers")\n', encoding="utf-8")
    return folder


def _tool(*argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The tool as a plug-in's author runs it: `python -m`, the package importable."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(cwd), str(ROOT)]))
    return subprocess.run([sys.executable, "-m", "bookgen.i18n.catalogs", *argv], cwd=cwd, env=env,
                          capture_output=True, text=True)


def _messages(po: Path) -> dict[str, str]:
    from babel.messages.pofile import read_po

    with po.open("rb") as handle:
        return {m.id: m.string for m in read_po(handle) if m.id}


def test_a_package_gets_its_catalogs_made_beside_its_code(package):
    made = _tool("add", "de", "--package", "demo_type", cwd=package.parent)
    assert made.returncode == 0, made.stderr
    po = package / "locale" / "de.po"
    assert made.stdout == f"made {po}\n" and made.stderr == ""  # no RuntimeWarning from -m
    assert _messages(po) == {"Write a number in every cell.": "", "Cell {number}": ""}
    assert "# demo_type's texts in de" in po.read_text(encoding="utf-8")

    checked = _tool("check", "--package", "demo_type", cwd=package.parent)
    assert checked.returncode == 1
    assert checked.stdout.splitlines() == [f"{po}: 'Write a number in every cell.'",
                                           f"{po}: 'Cell {{number}}'"]


def test_updating_twice_changes_nothing_and_a_new_message_shows_as_untranslated(package):
    assert main(["add", "de", "--root", str(package)]) == 0
    po = package / "locale" / "de.po"
    po.write_text(po.read_text(encoding="utf-8").replace(
        'msgstr ""\n\n#: play.js', 'msgstr "Schreib in jedes Feld eine Zahl."\n\n#: play.js').replace(
        'msgid "Cell {number}"\nmsgstr ""', 'msgid "Cell {number}"\nmsgstr "Feld {number}"'),
        encoding="utf-8")
    assert main(["check", "--root", str(package)]) == 0
    before, stamp = po.read_bytes(), po.stat().st_mtime_ns
    for _ in range(2):
        assert main(["update", "--root", str(package)]) == 0
        assert po.read_bytes() == before and po.stat().st_mtime_ns == stamp

    (package / "__init__.py").write_text(CODE + '\nDONE = N_("Every cell is full.")\n', encoding="utf-8")
    assert main(["check", "--root", str(package)]) == 1  # before the update: the file lacks it
    assert main(["update", "--root", str(package)]) == 0
    assert _messages(po) == {"Write a number in every cell.": "Schreib in jedes Feld eine Zahl.",
                             "Cell {number}": "Feld {number}", "Every cell is full.": ""}
    assert main(["check", "--root", str(package)]) == 1


def test_what_babel_writes_of_its_own_never_rewrites_a_catalog(package):
    """Another Babel version, header dates and wording of the plural header: the same messages."""
    assert main(["add", "de", "--root", str(package)]) == 0
    po = package / "locale" / "de.po"
    text = po.read_text(encoding="utf-8")
    for line, other in (("Generated-By: Babel ", "Generated-By: Babel 2.9.1\\n"),
                        ("POT-Creation-Date: ", "POT-Creation-Date: 2021-04-05 10:11+0200\\n"),
                        ("PO-Revision-Date: ", "PO-Revision-Date: 2022-06-07 08:09+0000\\n"),
                        ("Plural-Forms: ", "Plural-Forms: nplurals=2; plural=(n != 1)\\n")):
        start = text.index(line)
        text = text[:start] + other + text[text.index('"', start):]
    po.write_text(text, encoding="utf-8")
    before, stamp = po.read_bytes(), po.stat().st_mtime_ns
    assert main(["update", "--root", str(package)]) == 0
    assert po.read_bytes() == before and po.stat().st_mtime_ns == stamp
    (package / "__init__.py").write_text(CODE + '\nDONE = N_("Every cell is full.")\n', encoding="utf-8")
    assert main(["update", "--root", str(package)]) == 0  # a new message: written, Babel's line kept
    assert "Every cell is full." in _messages(po)
    assert '"Generated-By: Babel 2.9.1\\n"' in po.read_text(encoding="utf-8")


def test_a_package_that_cannot_be_found_or_a_language_babel_lacks_is_a_usage_error(package, capsys):
    assert main(["update", "--package", "no_such_package_here"]) == 2
    assert "no package 'no_such_package_here' can be imported here" in capsys.readouterr().err
    assert main(["add", "xx-nonsense", "--root", str(package)]) == 2
    assert "'xx-nonsense' is no language code Babel knows" in capsys.readouterr().err
    assert not (package / "locale").exists()
    with pytest.raises(SystemExit) as stop:
        main(["check", "de", "--root", str(package)])
    assert stop.value.code == 2
