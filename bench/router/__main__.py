"""`python -m bench.router`."""

import sys

from bench.router.cli import main

raise SystemExit(main(sys.argv[1:]))
