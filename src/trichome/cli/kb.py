"""`trichome kb`: crawl a forum into the knowledge base, import and export its threads as
JSON Lines, and rebuild its search index."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from collections.abc import AsyncIterator
from typing import Any

from trichome.cli.common import (
    Commands,
    configure_logging,
    database,
    load_settings,
    migrate,
    run_async,
)
from trichome.cli.errors import explain
from trichome.config import Settings


@contextlib.asynccontextmanager
async def _knowledge_base(settings: Settings) -> AsyncIterator[Any]:
    from trichome.forum.service import ForumKnowledgeBase

    async with database(settings) as db:
        yield ForumKnowledgeBase(settings, db.sessions)


def _kb_settings() -> Settings:
    """The settings of a `trichome kb` command, logging set up and the schema current."""
    settings = load_settings()
    configure_logging(settings)
    migrate(settings)
    return settings


def _saved_line(saved: Any) -> str:
    return f"{saved.created} new, {saved.updated} updated, {saved.unchanged} unchanged"


def cmd_kb_import(args: argparse.Namespace) -> int:
    """Load threads from a JSON Lines file (or stdin) and index them."""
    settings = _kb_settings()

    async def run() -> Any:
        async with _knowledge_base(settings) as knowledge:
            if args.file == "-":
                return await knowledge.import_jsonl(sys.stdin.buffer)
            with open(args.file, "rb") as stream:
                return await knowledge.import_jsonl(stream)

    try:
        report = run_async(run())
    except OSError as error:
        # The file to import is the user's, never the data directory's fault.
        reading = error.filename is not None and os.fsdecode(error.filename) == args.file
        message = (
            f"cannot read {args.file} ({error.strerror}); check the path and its permissions"
            if reading
            else explain(error) or str(error)
        )
        print(f"trichome: {message}", file=sys.stderr)
        return 1
    for bad in report.bad_lines[:20]:
        print(f"  line {bad.line}: {bad.reason}", file=sys.stderr)
    if len(report.bad_lines) > 20:
        print(f"  … and {len(report.bad_lines) - 20} more bad lines", file=sys.stderr)
    print(
        f"Imported {args.file}: {_saved_line(report.saved)}; {len(report.bad_lines)} bad "
        f"lines skipped; {report.indexed} threads indexed."
    )
    return 1 if report.bad_lines and not report.saved.changed_ids else 0


def cmd_kb_export(args: argparse.Namespace) -> int:
    """Write every thread as JSON Lines to a file (or stdout)."""
    settings = _kb_settings()

    async def run() -> int:
        async with _knowledge_base(settings) as knowledge:
            if args.output == "-":
                written = int(await knowledge.export_jsonl(sys.stdout.buffer))
                sys.stdout.buffer.flush()
                return written
            with open(args.output, "wb") as stream:
                return int(await knowledge.export_jsonl(stream))

    written = run_async(run())
    print(f"Exported {written} threads to {args.output}.", file=sys.stderr)
    return 0


def cmd_kb_reindex(_: argparse.Namespace) -> int:
    """Rebuild the search index from the database."""
    settings = _kb_settings()

    async def run() -> int:
        async with _knowledge_base(settings) as knowledge:
            return int(await knowledge.reindex())

    started = time.monotonic()
    count = run_async(run())
    print(
        f"Indexed {count} threads in {time.monotonic() - started:.1f} s ({settings.kb_index_path})."
    )
    return 0


def cmd_kb_ingest_discourse(args: argparse.Namespace) -> int:
    """Crawl a Discourse forum's public JSON into the knowledge base, then index what changed."""
    settings = _kb_settings()
    from trichome.forum.discourse import CrawlError, crawl_discourse

    interval = settings.kb_crawl_interval if args.interval is None else args.interval

    async def run() -> tuple[Any, int, str | None]:
        async with _knowledge_base(settings) as knowledge:
            try:
                report = await crawl_discourse(
                    args.base_url,
                    knowledge.sessions,
                    min_interval=interval,
                    max_topics=args.max_topics,
                    progress=lambda line: print(f"  {line}", file=sys.stderr, flush=True),
                )
                problem = None
            except CrawlError as error:
                if error.report is None:
                    raise
                report, problem = error.report, str(error)
            # What was saved before a stop is searchable too.
            return report, await knowledge.catch_up(), problem

    try:
        report, indexed, problem = run_async(run())
    except CrawlError as error:
        print(f"trichome kb ingest: {error}", file=sys.stderr)
        return 1
    skipped = sum(report.skipped.values())
    print(
        f"Crawled {args.base_url}{' (resumed)' if report.resumed else ''}: "
        f"{report.topics_fetched} topics fetched in {report.requests} requests; "
        f"{report.created} new, {report.updated} updated, {report.unchanged} unchanged, "
        f"{skipped} skipped; {indexed} threads indexed."
    )
    for reason, count in sorted(report.skipped.items()):
        print(f"  skipped {count}: {reason}")
    if problem is not None:
        print(f"trichome kb ingest: {problem}", file=sys.stderr)
        return 1
    if not report.finished:
        print(f"{report.remaining} topics still queued: run the same command again to go on.")
    return 0


def add_commands(commands: Commands) -> None:
    """Add `trichome kb` and its actions."""
    kb_parser = commands.add_parser("kb", help="the knowledge base's forum threads and index")
    kb = kb_parser.add_subparsers(dest="kb_command", required=True, metavar="ACTION")
    ingest = kb.add_parser("ingest", help="crawl a forum into the knowledge base")
    sources = ingest.add_subparsers(dest="kb_source", required=True, metavar="SOURCE")
    discourse = sources.add_parser(
        "discourse",
        help="a Discourse forum through its public JSON (robots.txt honoured; resumes after "
        "an interruption; later runs fetch only what changed)",
    )
    discourse.add_argument(
        "base_url", metavar="BASE_URL", help="the forum, e.g. https://forum.example.com"
    )
    discourse.add_argument(
        "--interval",
        type=float,
        default=None,
        help="seconds between requests (default TRICHOME_KB_CRAWL_INTERVAL)",
    )
    discourse.add_argument(
        "--max-topics", type=int, default=None, help="stop after this many topics (resumable)"
    )
    discourse.set_defaults(handler=cmd_kb_ingest_discourse)
    kb_import = kb.add_parser("import", help="load threads from a JSON Lines file and index them")
    kb_import.add_argument("file", metavar="FILE.jsonl", help="the file, or - for stdin")
    kb_import.set_defaults(handler=cmd_kb_import)
    kb_export = kb.add_parser("export", help="write every thread as JSON Lines")
    kb_export.add_argument(
        "output", nargs="?", default="-", metavar="FILE.jsonl", help="the file (default stdout)"
    )
    kb_export.set_defaults(handler=cmd_kb_export)
    kb.add_parser("reindex", help="rebuild the search index from the database").set_defaults(
        handler=cmd_kb_reindex
    )
