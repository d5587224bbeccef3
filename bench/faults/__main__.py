"""`python -m bench.faults`."""

import sys

from bench.faults.cli import main

raise SystemExit(main(sys.argv[1:]))
