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
