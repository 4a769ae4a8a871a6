"""bookgen's scripts checked on their own, without a browser: the unit tests in tests/js (Node's
own test runner, for the logic that touches no page: plural rules, rationals, saving, hints,
arrow keys, pencil marks, the studio's words and kept books) and ESLint over every script (the
frame's pieces, each game's play.js, the example type's, the studio's, the tests), then over the
frame as the page holds it, one script in which the pieces share a scope.

The plural rules are checked against Python: for the expressions of Babel and of bookgen's own
catalogs, the form gettext picks for each count is computed here and handed to the Node test.

ESLint comes from the npm registry, pinned by tests/js/package-lock.json, installed with `npm ci`
once per lock file: into a folder of the system's temporary folder named by the hash of the lock,
package.json and ESLint's config, made whole under another name and then renamed into place, so
runs at once (two workers, two checkouts) share it, none sees half of one, and the checkout gets
no file. A missing node or npm skips these tests, except in CI (CI set), where it fails.
"""

from __future__ import annotations

import gettext
import hashlib
import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from bookgen.config import ROOT

pytestmark = pytest.mark.xdist_group("scripts")  # one worker installs ESLint, once

JS = ROOT / "tests" / "js"
LINTED = ["bookgen", "tests/example_type", "tests/js"]
"""What ESLint reads, from the top of the checkout (its config says how each part is read)."""
INSTALL = ("package.json", "package-lock.json", "eslint.config.mjs", "lint.mjs")
FRAME = "bookgen/html/frame-as-the-page-holds-it.js"
"""The name the frame as the page holds it is linted under (tests/js/lint.mjs)."""
COUNTS = [*range(0, 1101), 1_000_000, 1_000_001, 2_000_000, 10**9, 10**9 + 1]
"""Counts whose plural form is compared: every one to 1100, and millions (Babel's "many")."""
BOOK_LANGUAGES = ("de", "en", "es", "fr", "it", "nl")
MORE_LANGUAGES = ("ar", "cs", "ga", "lt", "pl", "ro", "ru", "sl")
"""Babel's expressions of these too: more forms and more operators than bookgen's languages use."""


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        message = f"no {name} here (Node.js 20 or newer, with npm): tests/js/README.md"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return found


def _run(argv: list[str], cwd: Path, **options) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=300, **options)


@pytest.fixture(scope="module")
def linted() -> dict[str, list[dict]]:
    """ESLint's findings (ESLint's JSON results) in every script and in the frame as the page
    holds it, by path from the top of the checkout: tests/js/lint.mjs, run once, in one process,
    by the pinned ESLint, installed first if need be."""
    from bookgen.html import _frame_script

    node, npm = _tool("node"), _tool("npm")
    digest = hashlib.sha256(b"\0".join((JS / name).read_bytes() for name in INSTALL)).hexdigest()[:16]
    home = Path(tempfile.gettempdir()) / f"bookgen-eslint-{digest}"
    if not home.is_dir():
        work = Path(tempfile.mkdtemp(prefix=f"{home.name}-", dir=home.parent))
        for name in INSTALL:
            shutil.copyfile(JS / name, work / name)
        done = _run([npm, "ci", "--no-audit", "--no-fund", "--prefer-offline"], work,
                    env=dict(os.environ, npm_config_update_notifier="false"))
        if done.returncode != 0:
            shutil.rmtree(work, ignore_errors=True)
            pytest.fail(f"npm ci failed:\n{done.stdout}\n{done.stderr}")
        try:
            work.rename(home)
        except OSError:  # another run put its copy in place first
            shutil.rmtree(work, ignore_errors=True)
    done = _run([node, str(home / "lint.mjs"), *LINTED], ROOT, input=_frame_script())
    assert done.returncode == 0, done.stderr
    return {Path(result["filePath"]).relative_to(ROOT).as_posix(): result["messages"]
            for result in json.loads(done.stdout)}


def _findings(messages: dict[str, list[dict]]) -> list[str]:
    return [f"{path}:{message.get('line')}: {message['message']} ({message.get('ruleId')})"
            for path, found in messages.items() for message in found]


def _plural_cases() -> list[dict]:
    """Each plural expression with the form Python's gettext picks for each count: Babel's for
    bookgen's languages and some with more forms, and those bookgen's catalogs give the page (as
    bookgen.i18n chooses a PDF's forms by them)."""
    from babel.messages.plurals import get_plural

    from bookgen.i18n import current, speaking

    cases = []
    for code in (*BOOK_LANGUAGES, *MORE_LANGUAGES):
        expression = get_plural(code).plural_expr
        pick = gettext.c2py(expression)  # type: ignore[attr-defined]
        cases.append({"language": code, "source": "Babel", "expression": expression,
                      "forms": {str(n): pick(n) for n in COUNTS}})
    for code in BOOK_LANGUAGES:
        with speaking(code):
            language = current()
            cases.append({"language": code, "source": "bookgen's catalogs",
                          "expression": language.plural_expression,
                          "forms": {str(n): language.plural_index(n) for n in COUNTS}})
    return cases


def test_the_scripts_unit_tests_pass_in_node(tmp_path):
    node = _tool("node")
    cases = tmp_path / "plurals.json"
    cases.write_text(json.dumps(_plural_cases()), encoding="utf-8")
    done = _run([node, "--test", "tests/js/"], ROOT, env=dict(os.environ, BOOKGEN_PLURAL_CASES=str(cases)))
    report = done.stdout + done.stderr
    assert done.returncode == 0, report
    totals = dict(line[2:].split(" ", 1) for line in done.stdout.splitlines()
                  if line.startswith(("# pass ", "# fail ", "# skipped ")))
    assert totals["fail"] == "0" and totals["skipped"] == "0", report
    assert int(totals["pass"]) > 0, report


def test_eslint_finds_nothing_in_any_script(linted):
    scripts = [*ROOT.glob("bookgen/**/*.js"), *ROOT.glob("tests/example_type/**/*.js"), *JS.glob("*.*js")]
    assert {path.relative_to(ROOT).as_posix() for path in scripts} <= set(linted)
    assert any(name.startswith("bookgen/puzzles/") and name.endswith("/play.js") for name in linted)
    assert _findings({path: found for path, found in linted.items() if path != FRAME}) == []


def test_the_frame_as_the_page_holds_it_is_one_clean_script(linted):
    """The pieces in one function, linted without their /* global */ comments: every name a piece
    uses is declared by one of them, none twice, and each is used."""
    assert FRAME in linted
    assert _findings({FRAME: linted[FRAME]}) == []


def test_the_page_holds_every_piece_of_the_frame_once():
    from bookgen.html import FRAME_PIECES

    assert sorted(FRAME_PIECES) == sorted(path.name for path in (ROOT / "bookgen" / "html").glob("*.js"))
    assert len(set(FRAME_PIECES)) == len(FRAME_PIECES) and FRAME_PIECES[-1] == "frame.js"
