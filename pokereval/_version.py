"""The version of pokereval, written once: pyproject.toml reads it from here at build time."""

__version__ = "0.1.0"
