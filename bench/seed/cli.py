"""How long `trichome metrc seed` takes, against the issue's limit: seconds, not minutes.

The year is simulated in memory, then written in one bulk insert; both are timed, on the
embedded SQLite and, when it is reachable, on PostgreSQL. The figure is the total as a
fraction of one minute.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import tempfile
import time
from collections.abc import Sequence
from datetime import date
from pathlib import Path

from trichome.config import Settings
from trichome.db.engine import create_engine
from trichome.db.migrate import upgrade_database
from trichome.sandbox.reference import DEFAULT_SEED
from trichome.sandbox.seed import build
from trichome.sandbox.store import Record, SandboxStore

LIMIT_SECONDS = 60.0
POSTGRES = os.environ.get("TRICHOME_TEST_POSTGRES", "postgresql://root@127.0.0.1:5432/test")


def _insert(url: str, data_dir: Path, records: list[Record]) -> float:
    settings = Settings(data_dir=data_dir, database_url=url)
    upgrade_database(settings)

    async def run() -> float:
        engine = create_engine(settings)
        try:
            store = SandboxStore(engine)
            started = time.perf_counter()
            await store.clear()
            await store.bulk_insert(records)
            return time.perf_counter() - started
        finally:
            await engine.dispose()

    return asyncio.run(run())


def _postgres_database() -> tuple[str, str] | None:
    import asyncpg

    name = f"trichome_bench_{secrets.token_hex(4)}"

    async def create() -> None:
        connection = await asyncpg.connect(POSTGRES, timeout=3)
        try:
            await connection.execute(f'CREATE DATABASE "{name}"')
        finally:
            await connection.close()

    try:
        asyncio.run(create())
    except Exception as error:
        print(f"PostgreSQL at {POSTGRES} is unreachable ({error!r}); SQLite only")
        return None
    base = POSTGRES.rsplit("/", 1)[0].replace("postgresql://", "postgresql+asyncpg://", 1)
    return f"{base}/{name}", name


def _drop(name: str) -> None:
    import asyncpg

    async def drop() -> None:
        connection = await asyncpg.connect(POSTGRES, timeout=3)
        try:
            await connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await connection.close()

    asyncio.run(drop())


def main(argv: Sequence[str] | None = None) -> int:
    """Simulate, insert, print; exit 0 unless the benchmark could not run."""
    parser = argparse.ArgumentParser(prog="python -m bench seed", description=__doc__)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--as-of", type=date.fromisoformat, default=date(2026, 11, 21))
    args = parser.parse_args(argv)
    started = time.perf_counter()
    records = build(args.seed, args.as_of)
    simulated = time.perf_counter() - started
    transactions = sum(len(r.data["Transactions"]) for r in records if r.kind == "receipt")
    packages = sum(1 for r in records if r.kind == "package")
    print(
        f"\nSeed benchmark: {len(records):,} objects ({packages:,} packages, "
        f"{transactions:,} sales transactions), simulated in {simulated:.2f} s\n"
    )
    print(f"{'database':<12}{'insert s':>10}{'total s':>10}{'objects/s':>12}{'vs 60 s':>10}")
    verdict = "PASS"
    with tempfile.TemporaryDirectory() as scratch:
        backends: list[tuple[str, str, str | None]] = [
            ("sqlite", f"sqlite+aiosqlite:///{Path(scratch) / 'seed.db'}", None)
        ]
        postgres = _postgres_database()
        if postgres is not None:
            backends.append(("postgresql", postgres[0], postgres[1]))
        try:
            for name, url, _ in backends:
                inserted = _insert(url, Path(scratch), records)
                total = simulated + inserted
                ratio = total / LIMIT_SECONDS
                verdict = "FAIL" if ratio >= 1 else verdict
                print(
                    f"{name:<12}{inserted:>10.2f}{total:>10.2f}"
                    f"{len(records) / total:>12,.0f}{ratio:>10.3f}"
                )
        finally:
            if postgres is not None:
                _drop(postgres[1])
    print(f"\n{verdict}  seeding a year takes seconds: total / one minute, above\n")
    return 0
