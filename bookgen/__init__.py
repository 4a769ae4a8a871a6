"""bookgen: verified, typeset puzzle books from a short YAML config."""

__version__ = "0.1.0"

# The name pip knows this project by. `bookgen` on the package index is another project (a text
# generator built on nltk), so the distribution has its own name; the import name and the
# command stay `bookgen`. Every install hint names it (extras.install_hint).
DISTRIBUTION = "puzzle-bookgen"
