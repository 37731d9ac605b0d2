"""Run the command line: ``python -m cardrules``."""

from cardrules.tools.cli import main

raise SystemExit(main())
