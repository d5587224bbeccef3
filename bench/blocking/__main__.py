"""`python -m bench.blocking`."""

import sys

from bench.blocking.cli import main

raise SystemExit(main(sys.argv[1:]))
