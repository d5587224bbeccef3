"""`python -m bench`: every benchmark with its defaults; `python -m bench NAME [options]`: one."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from importlib import import_module

from bench import BENCHMARKS


def main(argv: Sequence[str]) -> int:
    """Run the named benchmark with its options, or all of them; the worst exit status."""
    if argv and argv[0] in BENCHMARKS:
        names, options = [argv[0]], list(argv[1:])
    elif argv and argv[0] in ("-h", "--help"):
        print(__doc__)
        print(f"benchmarks: {', '.join(BENCHMARKS)}")
        return 0
    elif argv:
        print(f"bench: unknown benchmark {argv[0]!r} (have: {', '.join(BENCHMARKS)})")
        return 2
    else:
        names, options = list(BENCHMARKS), []
    status = 0
    for name in names:
        run: Callable[[list[str]], int] = import_module(f"bench.{name}.cli").main
        status = max(status, run(options))
    return status


raise SystemExit(main(sys.argv[1:]))
