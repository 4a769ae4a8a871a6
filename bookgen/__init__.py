"""bookgen: verified, typeset puzzle books from a short YAML config."""

__version__ = "0.1.0"
