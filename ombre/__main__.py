"""``python -m ombre``: the command line (see :mod:`ombre.cli`)."""

from ombre.cli import main

raise SystemExit(main())
