"""The version of pokereval and the name it is installed under, each written once:
pyproject.toml reads the version from here at build time.

The import name is ``pokereval``; the distribution, what ``pip install`` takes, is
``pokereval-cffi``, because ``pokereval`` on PyPI is an unrelated project.
"""

__version__ = "0.1.0"
DISTRIBUTION = "pokereval-cffi"
