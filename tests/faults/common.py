"""What the fault tests share: a chat client's questions, and the database read directly
(what was charged, logged and counted, whatever the services say)."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import httpx
import sqlalchemy

from trichome.config import Settings
from trichome.db.engine import create_engine

QUESTION = "What is the decarboxylation factor for THCA?"
ERROR_FIELDS = {"message", "type", "code"}


def ask(model: str, *, stream: bool) -> dict[str, object]:
    """A chat completion request for `model`."""
    return {"model": model, "stream": stream, "messages": [{"role": "user", "content": QUESTION}]}


def answer_text(response: httpx.Response) -> str | None:
    """The whole answer a client received (a body, or a stream that ended in [DONE] without
    an error), else None."""
    if response.status_code != 200:
        return None
    if not response.headers["content-type"].startswith("text/event-stream"):
        return str(response.json()["choices"][0]["message"]["content"])
    events = [line[6:] for line in response.text.splitlines() if line.startswith("data: ")]
    if not events or events[-1] != "[DONE]":
        return None
    text = []
    for event in events[:-1]:
        chunk = json.loads(event)
        if "error" in chunk:
            return None
        text.extend(choice["delta"].get("content") or "" for choice in chunk["choices"])
    return "".join(text)


def is_error_body(response: httpx.Response, status: int, code: str) -> bool:
    """The spec's error body with this status and code."""
    if response.status_code != status:
        return False
    error = response.json().get("error", {})
    return error.keys() >= ERROR_FIELDS and error["code"] == code and bool(error["message"])


@dataclass(frozen=True)
class Ledger:
    """What the database holds for one organisation: its quota count, its logged calls,
    the calls still held, and every ad's impressions."""

    charged: int
    logged: int
    held: int
    impressions: int


_LEDGER_QUERIES = {
    "charged": "SELECT SUM(count) FROM usage_counters WHERE key = :window_key",
    "logged": "SELECT SUM(calls) FROM usage_days WHERE organization_id = :organization_id",
    "held": "SELECT COUNT(*) FROM call_holds",
    "impressions": "SELECT SUM(impressions) FROM ads",
}


def ledger(database: Path, organization_id: str, window_key: str) -> Ledger:
    """Read the SQLite database directly."""
    arguments = {"window_key": window_key, "organization_id": organization_id}
    with sqlite3.connect(database) as connection:
        return Ledger(**{
            name: int(connection.execute(sql, arguments).fetchone()[0] or 0)
            for name, sql in _LEDGER_QUERIES.items()
        })  # fmt: skip


async def database_ledger(settings: Settings, organization_id: str, window_key: str) -> Ledger:
    """Read any database (PostgreSQL too) directly, through its own engine."""
    arguments = {"window_key": window_key, "organization_id": organization_id}
    engine = create_engine(settings)
    try:
        async with engine.connect() as connection:
            figures = {
                name: int((await connection.execute(sqlalchemy.text(sql), arguments)).scalar() or 0)
                for name, sql in _LEDGER_QUERIES.items()
            }
    finally:
        await engine.dispose()
    return Ledger(**figures)
