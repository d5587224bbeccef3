"""`python -m bench.kb`."""

import sys

from bench.kb.cli import main

raise SystemExit(main(sys.argv[1:]))
