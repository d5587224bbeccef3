"""`python -m bench.toolserver`."""

import sys

from bench.toolserver.cli import main

raise SystemExit(main(sys.argv[1:]))
