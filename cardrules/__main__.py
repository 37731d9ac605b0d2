"""Run the command line: ``python -m cardrules``."""

from cardrules.cli import main

raise SystemExit(main())
