"""`python -m bench.seed`."""

import sys

from bench.seed.cli import main

raise SystemExit(main(sys.argv[1:]))
