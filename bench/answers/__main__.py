"""`python -m bench.answers`."""

import sys

from bench.answers.cli import main

raise SystemExit(main(sys.argv[1:]))
