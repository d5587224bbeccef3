"""`python -m bench.coverage`."""

import sys

from bench.coverage.cli import main

raise SystemExit(main(sys.argv[1:]))
