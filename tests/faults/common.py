"""What the fault tests share: a chat client's questions, and the database read directly
(what was charged, logged and counted, whatever the services say)."""

from __future__ import annotations

import contextlib
import json
import os
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


def child_processes(pid: int) -> list[int]:
    """The direct children of a process, from /proc."""
    children: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        children.extend(int(child) for child in (task / "children").read_text().split())
    return children


def connections_served(pid: int, port: int) -> int:
    """How many established TCP connections to local `port` this process holds open."""
    sockets = set()
    for descriptor in Path(f"/proc/{pid}/fd").iterdir():
        with contextlib.suppress(OSError):
            target = os.readlink(descriptor)
            if target.startswith("socket:["):
                sockets.add(target[8:-1])
    served = 0
    for table in ("tcp", "tcp6"):
        for line in Path(f"/proc/{pid}/net/{table}").read_text().splitlines()[1:]:
            fields = line.split()
            local_port = int(fields[1].rsplit(":", 1)[1], 16)
            established = fields[3] == "01"
            if local_port == port and established and fields[9] in sockets:
                served += 1
    return served


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
