"""`python -m bench.gateway [options]`."""

from bench.gateway.cli import main

raise SystemExit(main())
