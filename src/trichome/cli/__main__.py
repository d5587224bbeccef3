"""`python -m trichome.cli`: the `trichome` command, for a process that has no console script."""

from trichome.cli import main

raise SystemExit(main())
