"""bookgen as a package: the wheel carries what bookgen needs and works from a fresh virtual
environment outside the checkout, on the lowest and the newest Python it supports; start-up loads
no heavy module; one version; ruff and mypy are clean.

The wheel tests take their dependencies from PyPI rather than reusing this environment's
(`--system-site-packages`): that is what tests the dependency list, and the other Pythons here
have nothing installed. On the lowest Python they install exactly the declared floors, so each
floor is shown to install and to work. A missing interpreter skips, except in CI (CI set), where
it fails.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import urllib.parse
import urllib.request
import zipfile
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import pytest

import bookgen
from bookgen.config import ROOT

pytestmark = pytest.mark.xdist_group("package")  # one worker runs the module's Background steps

# The supported Pythons the wheel is tried on, each with the dependencies it gets: the lowest
# with the declared floors, the newest with the newest releases.
PYTHONS = {"3.10": "floors", "3.13": "newest"}
HEAVY = ("networkx", "reportlab", "pypdfium2", "PIL", "yaml")
LAYOUT = """\
title: A trim of my own
page: {width: 5.5in, height: 8.5in}
margins: {top: 0.5in, bottom: 0.5in, inside: 0.6in, outside: 0.5in}
fonts: {regular: DejaVuSans.ttf, bold: DejaVuSans-Bold.ttf, italic: DejaVuSans-Oblique.ttf}
grids: [[2, 2], [1, 2], [1, 1]]
"""
BOOK = """\
title: From standard input
layout: ./trim.yaml
title_page: false
sections:
  - {type: placement, count: 2, difficulty: easy}
  - {type: arithmetic, count: 2, difficulty: easy}
"""


def sh(argv: list[str], cwd: Path, stdin: str | None = None, env: dict | None = None) -> str:
    result = subprocess.run(argv, cwd=cwd, input=stdin, capture_output=True, text=True, env=env,
                            timeout=600)
    assert result.returncode == 0, f"{' '.join(map(str, argv))}\n{result.stdout}\n{result.stderr}"
    return result.stdout


def checkout_python(code: str, cwd: Path) -> str:
    """Run Python code against this checkout's bookgen, in a fresh process."""
    return sh([sys.executable, "-c", code], cwd, env=dict(os.environ, PYTHONPATH=str(ROOT)))


# --- start-up -------------------------------------------------------------------------------------

def test_starting_the_cli_loads_no_heavy_module(tmp_path):
    code = ("import sys; from bookgen.cli import main; status = main({argv}); "
            "print(sorted({{m.split('.')[0] for m in sys.modules}} & {heavy}))")
    for argv in ([], ["--help"], ["build", "--help"]):
        out = checkout_python(code.format(argv=argv or None, heavy=set(HEAVY)), tmp_path)
        assert out.splitlines()[-1] == "[]", argv


def test_version_lives_in_one_place():
    pyproject = (ROOT / "pyproject.toml").read_text()
    project = pyproject.split("\n[project]\n")[1].split("\n[")[0]
    assert 'dynamic = ["version"]' in project and "\nversion =" not in project
    assert 'version = { attr = "bookgen.__version__" }' in pyproject
    assert re.fullmatch(r"\d+\.\d+\.\d+", bookgen.__version__)


def test_version_prints(capsys):
    from bookgen.cli import main

    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"bookgen {bookgen.__version__}\n"


def test_classifiers_name_the_pythons_the_wheel_is_tried_on():
    pyproject = (ROOT / "pyproject.toml").read_text()
    listed = re.findall(r"Programming Language :: Python :: (3\.\d+)", pyproject)
    lowest = re.search(r'requires-python = ">=(3\.\d+)"', pyproject)
    assert lowest and listed[0] == lowest.group(1) == min(PYTHONS, key=_minor)
    assert listed[-1] == max(PYTHONS, key=_minor)


# --- code checks ----------------------------------------------------------------------------------
# Before the wheel's tests: ruff and mypy keep the worker busy while the Background installs wait.

@pytest.mark.parametrize("tool, argv", [
    ("ruff", ["check", "bookgen", "tests", "bench"]),
    ("mypy", ["bookgen"]),
])
def test_code_checks_are_clean(tool, argv):
    pytest.importorskip(tool, reason="pip install -e '.[test]' installs ruff and mypy")
    result = subprocess.run([sys.executable, "-m", tool, *argv], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


# --- the wheel ------------------------------------------------------------------------------------

def _minor(version: str) -> int:
    return int(version.split(".")[1])


def _clean_copy(target: Path) -> Path:
    """What a clean clone holds: the files git tracks or would add (ignored ones left out), so a
    stale build/ or output/ never reaches the wheel."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=ROOT, capture_output=True)
    if listed.returncode != 0:  # not a git checkout: copy all but what git would ignore
        shutil.copytree(ROOT, target, ignore=shutil.ignore_patterns(
            ".git", "build", "dist", "output", "*.egg-info", "__pycache__", ".*_cache"))
        return target
    for name in filter(None, listed.stdout.decode().split("\0")):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


class Background:
    """The wheel's build, the README's install and the installs into fresh venvs spend most of
    their time waiting on the package index: started together when this module's first test
    begins, they wait at the same time while the module's other tests run, instead of one after
    another. A test takes its own step's outcome, and a step's failure (or skip) is its test's.
    The module is one xdist group (pyproject's `--dist loadgroup`), so the steps run once."""

    def __init__(self, tmp_path_factory: pytest.TempPathFactory):
        # The worker's base temporary folder is made here, in the main thread, before any step
        # starts: a test's own tmp_path (main thread) and a step's folder (its thread) both make
        # it on first use, and two at once met FileExistsError.
        tmp_path_factory.getbasetemp()
        self._tmp_path_factory = tmp_path_factory
        self._pool = ThreadPoolExecutor(max_workers=len(STEPS) + len(PYTHONS))
        self._started: dict[tuple[str, str], Future] = {}
        self._lock = threading.Lock()

    def start(self, step: str, version: str = "") -> Future:
        with self._lock:
            if (step, version) not in self._started:
                self._started[step, version] = self._pool.submit(STEPS[step], self, version)
            return self._started[step, version]

    def result(self, step: str, version: str = ""):
        return self.start(step, version).result()

    def folder(self, name: str) -> Path:
        """A new folder for a step; one at a time (steps ask at once)."""
        with self._lock:
            return self._tmp_path_factory.mktemp(name)

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


@pytest.fixture(scope="module", autouse=True)
def background(request, tmp_path_factory):
    """Starts the steps that this run's selected tests of the module need (a step's name is the
    fixture a test asks for)."""
    steps = Background(tmp_path_factory)
    for item in request.session.items:
        if item.module is request.module:
            params = getattr(item, "callspec", None)
            for step in STEPS.keys() & set(item.fixturenames):
                steps.start(step, params.params.get("version", "") if params else "")
    yield steps
    steps.close()


def _build_wheel(background: Background, _version: str) -> Path:
    """The wheel, built as `python -m build` does for a release: sdist first, the wheel from it."""
    pytest.importorskip("build", reason="pip install -e '.[test]' installs build")
    work = background.folder("wheel")
    source = _clean_copy(work / "source")
    done = subprocess.run([sys.executable, "-m", "build", "--outdir", str(work / "dist"), str(source)],
                          cwd=work, capture_output=True, text=True, timeout=600,
                          env=dict(os.environ, PIP_COMPILE="0"))  # its build venvs, as _pip_install_into
    assert done.returncode == 0, f"{done.stdout}\n{done.stderr}"
    # setuptools boxes each warning in lines of stars: none (a data folder once warned as a package)
    assert "*" * 20 not in done.stdout + done.stderr and "WARNING" not in done.stdout + done.stderr
    (built,) = (work / "dist").glob("puzzle_bookgen-*.whl")
    return built


@pytest.fixture
def wheel(background) -> Path:
    return background.result("wheel")


def test_the_wheel_holds_every_module_layout_sample_and_licence(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for module in (ROOT / "bookgen").rglob("*.py"):
        assert module.relative_to(ROOT).as_posix() in names, f"{module} is not in the wheel"
    for folder, packaged in (("layouts", "layouts"), ("config", "samples")):
        for item in (ROOT / folder).glob("*.yaml"):
            assert f"bookgen/{packaged}/{item.name}" in names
    type_files = [path.relative_to(ROOT / "bookgen").as_posix()  # games and JSON Schemas
                  for pattern in ("*/play.js", "*/play.css", "*.schema.json", "*/*schema.json")
                  for path in (ROOT / "bookgen" / "puzzles").glob(pattern)]
    assert type_files, "no games or schemas found"
    for data in ("py.typed", "fonts/DejaVuSans.ttf", "html/frame.js", "html/play.css", *type_files,
                 "guides/publishing.md", "guides/format.md", "guides/types/adding.md",
                 "puzzles/kakuro/README.md",
                 "studio/static/index.html", "studio/static/studio.js", "studio/static/studio.css"):
        assert f"bookgen/{data}" in names
    assert not any(name.startswith(("layouts/", "config/", "tests/")) for name in names)
    dist_info = f"puzzle_bookgen-{bookgen.__version__}.dist-info"
    assert {f"{dist_info}/licenses/LICENSE", f"{dist_info}/METADATA"} <= names
    metadata = zipfile.ZipFile(wheel).read(f"{dist_info}/METADATA").decode()
    assert f"Name: {bookgen.DISTRIBUTION}\nVersion: {bookgen.__version__}\n" in metadata
    assert "License-Expression: MIT AND Bitstream-Vera" in metadata
    assert "Requires-Dist: reportlab[accel]>=4.0.4" in metadata
    assert 'Requires-Dist: pypdfium2>=4.0; extra == "preview"' in metadata


def _readmes_first_command() -> str:
    return re.findall(r"```sh\n(.+?)\n```", (ROOT / "README.md").read_text())[0]


def _run_the_readme_in_a_clean_clone(background: Background, _version: str) -> tuple[Path, dict]:
    """The README's first command, run as written in a clean copy of the checkout by a shell that
    has no virtual environment active; the copy and that shell's environment."""
    source = _clean_copy(background.folder("readme") / "clone")
    ours = str(Path(sys.executable).parent)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env["PATH"] = os.pathsep.join(p for p in os.environ["PATH"].split(os.pathsep) if p != ours)
    # pip's installs (the venv's own pip, then bookgen's) skip byte-compiling as _pip_install_into
    # does; the command runs as written (PIP_NO_COMPILE=1 would compile: pip reads it as --compile).
    env["PIP_COMPILE"] = "0"
    sh(["bash", "-c", _readmes_first_command()], source, env=env)
    return source, env


@pytest.fixture
def readme_clone(background) -> tuple[Path, dict]:
    return background.result("readme_clone")


def test_the_readmes_first_command_works_in_a_fresh_clone(readme_clone):
    """The README's first command makes .venv, installs bookgen there, builds the sample."""
    first = _readmes_first_command()
    assert "venv" in first and "bookgen build" in first
    source, env = readme_clone
    assert (source / "output" / "sampler.pdf").read_bytes().startswith(b"%PDF")
    assert (source / ".venv" / "bin" / "bookgen").is_file()
    installed = sh([str(source / ".venv" / "bin" / "python"), "-m", "pip", "show", bookgen.DISTRIBUTION],
                   source, env=env)
    assert f"Name: {bookgen.DISTRIBUTION}\n" in installed


def find_python(version: str) -> str | None:
    """An interpreter of that version with venv: on PATH, in pyenv, or Debian's."""
    pyenv = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv"))
    candidates = [shutil.which(f"python{version}"),
                  *sorted(map(str, pyenv.glob(f"versions/{version}.*/bin/python{version}")), reverse=True),
                  f"/usr/bin/python{version}", f"/usr/local/bin/python{version}"]
    check = f"import sys, venv, ensurepip; assert sys.version.startswith('{version}.')"
    for candidate in filter(None, candidates):
        if Path(candidate).is_file() and subprocess.run(
                [candidate, "-c", check], capture_output=True).returncode == 0:
            return candidate
    return None


def floors() -> list[str]:
    """Each `name>=version` of the dependencies and of the preview extra, as `name==version`
    (a dependency pinned with `==` is its own floor)."""
    pyproject = (ROOT / "pyproject.toml").read_text()
    pins = []
    for list_name in ("dependencies", "preview"):
        block = re.search(rf"\n{list_name} = \[(.*?)\]\n", pyproject, re.S)
        assert block
        found = re.findall(r'"([A-Za-z0-9_.-]+)(?:\[[^\]]*\])?[>=]=([^",;]+)"', block.group(1))
        assert len(found) == block.group(1).count('"') // 2, "every dependency should declare a floor"
        pins += [f"{name}=={version}" for name, version in found]
    return pins


def _venv_without_pip(python: str, env_dir: Path) -> Path:
    """A fresh venv without pip of its own: seeding pip costs each venv 4-6 s of processor, and
    this environment's pip installs into it (`_pip_for`) as its own would."""
    subprocess.run([python, "-m", "venv", "--without-pip", str(env_dir)], check=True)
    return env_dir


def _pip_for(env_dir: Path) -> list[str]:
    """This environment's pip, acting on the venv `env_dir` (pip runs itself on that venv's Python)."""
    return [sys.executable, "-m", "pip", "--python", str(env_dir / "bin" / "python"),
            "--disable-pip-version-check"]


def _pip_install_into(env_dir: Path) -> list[str]:
    """`pip install` into the venv `env_dir`, without byte-compiling every installed module (3 s of
    processor a venv, mostly networkx and Babel): Python compiles what the tests import."""
    return [*_pip_for(env_dir), "install", "-q", "--no-compile"]


def _install_into_a_fresh_venv(background: Background, version: str) -> Path | None:
    """A fresh venv of that Python with the wheel installed, with the dependencies PYTHONS gives
    it; None if there is no such Python here."""
    python = find_python(version)
    if python is None:
        return None
    work = background.folder(f"python{version}")
    env_dir = _venv_without_pip(python, work / "venv")
    install = _pip_install_into(env_dir)
    wheel = background.result("wheel")
    if PYTHONS[version] == "newest":
        # By the distribution's name, found beside the wheel (its dependencies from the index).
        sh([*install, "--find-links", str(wheel.parent), f"{bookgen.DISTRIBUTION}[preview,studio]"], work)
    else:
        (work / "floors.txt").write_text("\n".join(floors()) + "\n")
        sh([*install, "-c", str(work / "floors.txt"), f"{wheel}[preview]"], work)
    return env_dir


@pytest.fixture
def fresh_venv(background, version) -> Path | None:
    return background.result("fresh_venv", version)


@pytest.mark.parametrize("version", PYTHONS)
def test_the_wheel_works_from_a_fresh_venv_outside_the_checkout(fresh_venv, version, tmp_path):
    from packaging.version import Version  # build's own dependency
    from pypdf import PdfReader

    if fresh_venv is None:
        message = (f"no Python {version} with venv here (pyenv install {version}, "
                   f"or Debian's python{version}-venv)")
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    bin_dir = fresh_venv / "bin"
    py = str(bin_dir / "python")
    if PYTHONS[version] == "floors":
        installed = sh([*_pip_for(fresh_venv), "list", "--format=json"], tmp_path)
        versions = {p["name"].lower(): p["version"] for p in json.loads(installed)}
        for pin in floors():
            name, _, floor = pin.partition("==")
            assert Version(versions[name.lower()]) == Version(floor)

    work = tmp_path / "elsewhere"  # no checkout here, nor bookgen on the path but the venv's
    work.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    bookgen_cmd = str(bin_dir / "bookgen")

    assert sh([bookgen_cmd, "--version"], work, env=env) == f"bookgen {bookgen.__version__}\n"
    assert sh([bookgen_cmd, "guide"], work, env=env) == (ROOT / "docs" / "publishing.md").read_text()
    assert sh([bookgen_cmd, "guide", "adding"], work, env=env) == (
        ROOT / "docs" / "types" / "adding.md").read_text()
    assert sh([py, "-m", "bookgen", "--version"], work, env=env) == f"bookgen {bookgen.__version__}\n"
    heavy = sh([py, "-c", "import sys, bookgen.cli; print(sorted({m.split('.')[0] for m in sys.modules}"
                 f" & {set(HEAVY)!r}))"], work, env=env)
    assert heavy.strip() == "[]"

    # The sample book with no argument, into ./output/; a worksheet on a built-in layout.
    assert sh([bookgen_cmd, "build", "-q"], work, env=env).strip() == str(Path("output") / "sampler.pdf")
    assert (work / "output" / "sampler.pdf").read_bytes().startswith(b"%PDF")
    if PYTHONS[version] == "newest":  # the wheel's files these read are the same in both venvs
        # A German worksheet on a built-in layout: the wheel's compiled catalogs (setup.py makes
        # them), read as text.
        sh([bookgen_cmd, "worksheet", "placement", "--layout", "a4", "-n", "4", "-q", "--language", "de"],
           work, env=env)
        sheet = PdfReader(work / "output" / "worksheet-placement.pdf").pages[0].extract_text()
        assert "Schwierigkeit: Leicht" in sheet and "Difficulty" not in sheet, sheet

        # A project from `bookgen init`, built as its README says, from its own folder.
        sh([bookgen_cmd, "init", "worksheets", "--kind", "worksheet"], work, env=env)
        built = sh([bookgen_cmd, "build", "book.yaml", "-q"], work / "worksheets", env=env).split()
        assert built == [str(Path("output") / "book.pdf"), str(Path("output") / "book-answers.pdf")]
        assert (work / "worksheets" / "output" / "book.pdf").read_bytes().startswith(b"%PDF")

    # A config from stdin on a layout file of the user's own; the schema; completion.
    (work / "trim.yaml").write_text(LAYOUT)
    sh([bookgen_cmd, "build", "-", "-o", "mine.pdf", "-q"], work, stdin=BOOK, env=env)
    assert (work / "mine.pdf").read_bytes().startswith(b"%PDF")
    schema = json.loads(sh([bookgen_cmd, "schema"], work, env=env))
    assert "a4" in schema["properties"]["layout"]["anyOf"][0]["enum"]
    assert "_shtab_bookgen" in sh([bookgen_cmd, "completion", "bash"], work, env=env)

    # Previews, with the preview extra (test_cli checks the message without it).
    sh([bookgen_cmd, "preview", "-", "--pages", "1", "--dpi", "30", "-q"], work, stdin=BOOK, env=env)
    assert (work / "output" / "book-page-1.png").read_bytes().startswith(b"\x89PNG")

    # The studio: its page and scripts served from the installed package (newest), or one
    # message naming the extra when Flask is not installed (floors).
    if PYTHONS[version] == "newest":
        assert "<title>" in studio_page(bookgen_cmd, work, env)
    else:
        result = subprocess.run([bookgen_cmd, "studio", "--no-browser"], cwd=work, env=env,
                                capture_output=True, text=True, timeout=60)
        assert result.returncode == 2 and f"pip install '{bookgen.DISTRIBUTION}[studio]'" in result.stderr


def studio_page(bookgen_cmd: str, cwd: Path, env: dict) -> str:
    """Start `bookgen studio`, fetch its page and one of its scripts, stop it; the page's text."""
    server = subprocess.Popen([bookgen_cmd, "studio", "--no-browser"], cwd=cwd, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        address = server.stdout.readline().split()[2]  # "bookgen studio: http://...  (Ctrl-C ...)"
        browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())  # the token's cookie
        with browser.open(address, timeout=30) as response:
            page = response.read().decode("utf-8")
        script = re.search(r'<script src="([^"]+)"', page)
        assert script, page
        with browser.open(urllib.parse.urljoin(address, script.group(1)), timeout=30) as response:
            assert response.status == 200 and response.read()
        return page
    finally:
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=30)


# --- a type from another package ------------------------------------------------------------------

def _install_the_example_type_beside_the_wheel(background: Background, _version: str) -> tuple[Path, Path]:
    """A fresh venv of this Python with the wheel, the example type (tests/example_type, a package
    of its own) and a broken plug-in installed; the venv and the example's copy."""
    from test_plugins import install_broken_plugin

    work = background.folder("plugin")
    env_dir = _venv_without_pip(sys.executable, work / "venv")
    py = str(env_dir / "bin" / "python")
    example = shutil.copytree(ROOT / "tests" / "example_type", work / "example_type")  # builds write here
    wheel = background.result("wheel")
    sh([*_pip_install_into(env_dir), "--find-links", str(wheel.parent), bookgen.DISTRIBUTION, str(example)],
       work)
    site = Path(sh([py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], work).strip())
    install_broken_plugin(site)
    return env_dir, example


@pytest.fixture
def plugin_venv(background) -> tuple[Path, Path]:
    return background.result("plugin_venv")


def test_a_type_from_another_package_works_once_installed_beside_the_wheel(plugin_venv, tmp_path):
    """The example type (tests/example_type, a package of its own) installed into a fresh venv
    beside bookgen's wheel shows in `bookgen types` and `bookgen schema`, and a book of it builds
    to a PDF and a playable page that plays it; a broken plug-in installed too is named in one
    warning and keeps the book (which does not use it) from nothing."""
    from pypdf import PdfReader
    from test_plugins import BROKEN_WARNING, EXAMPLE_BOOK

    env_dir, example = plugin_venv
    work = tmp_path / "elsewhere"
    work.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    bookgen_cmd = str(env_dir / "bin" / "bookgen")
    result = subprocess.run([bookgen_cmd, "types"], cwd=work, env=env, capture_output=True, text=True)
    assert result.returncode == 0 and "\npairsum: Pair Sums\n" in result.stdout
    assert result.stderr == BROKEN_WARNING
    schema = json.loads(sh([bookgen_cmd, "schema"], work, env=env))
    assert "pairsum" in json.dumps(schema["properties"]["sections"]["items"])

    (work / "book.yaml").write_text(EXAMPLE_BOOK)
    sh([bookgen_cmd, "build", "book.yaml", "--html", "-q"], work, env=env)
    text = "\n".join(page.extract_text() for page in PdfReader(work / "output" / "book.pdf").pages)
    assert "Pair Sums" in text and "Write the numbers 1 to N in the row" in text
    page = (work / "output" / "book.html").read_text(encoding="utf-8")
    script = (example / "bookgen_example_type" / "play.js").read_text(encoding="utf-8")
    assert script in page and page.count('"type":"pairsum"') == 6


# The slow steps the tests above ask for by name, run by Background.
STEPS = {
    "wheel": _build_wheel,
    "readme_clone": _run_the_readme_in_a_clean_clone,
    "fresh_venv": _install_into_a_fresh_venv,
    "plugin_venv": _install_the_example_type_beside_the_wheel,
}
