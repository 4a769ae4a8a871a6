"""Facts about the repository that CI relies on."""

from __future__ import annotations

import re

from bookgen.config import ROOT


def test_ci_runs_exactly_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    commands = re.findall(r"```sh\n(.+?)\n```", readme)
    ci_lines = [line for line in (ROOT / ".ci" / "run").read_text().splitlines()
                if line and not line.startswith(("#", "set ", "cd "))]
    assert ci_lines == [commands[1]]
    assert "pytest" in commands[1] and "bookgen build" in commands[0]


def test_the_readme_installs_this_versions_wheel():
    import bookgen

    readme = (ROOT / "README.md").read_text()
    wheels = set(re.findall(r"[\w.]*bookgen-[\w.]+-py3-none-any\.whl", readme))
    wheel = f"{bookgen.DISTRIBUTION.replace('-', '_')}-{bookgen.__version__}-py3-none-any.whl"
    assert wheels == {wheel}
    assert f"python -m pip install ./{wheel} && bookgen build" in readme


def test_the_changelog_has_a_section_for_this_version():
    import bookgen

    changelog = (ROOT / "CHANGELOG.md").read_text()
    headings = re.findall(r"^## (.+)$", changelog, re.M)
    releases = [heading for heading in headings if heading != "Unreleased"]
    assert headings[0] in ("Unreleased", bookgen.__version__)
    assert releases and releases[0] == bookgen.__version__
