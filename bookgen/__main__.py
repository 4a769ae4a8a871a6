"""`python -m bookgen` runs the command line."""

import sys

from bookgen.cli import main

sys.exit(main())
