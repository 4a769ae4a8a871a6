"""`python -m bookgen` runs the command line."""

import sys

from bookgen.cli import run

sys.exit(run())
