"""``python -m pokereval``: the command line (see pokereval.cli)."""

from .cli import main

raise SystemExit(main())
