"""`python -m bench.calculators`."""

import sys

from bench.calculators.cli import main

raise SystemExit(main(sys.argv[1:]))
