"""The sandbox app with its BioTrack API, started per test, and a client that speaks it."""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.conftest import started
from trichome.config import Settings
from trichome.sandbox.biotrack.reference import CULTIVATOR, DISPENSARY, LAB, Licensee
from trichome.services.sandbox.app import create_app

PATH = "/biotrack/serverjson.asp"
# A fixed last day, so that every run sees the same year.
AS_OF = date(2026, 11, 21)


class BioTrack:
    """A BioTrack client of the sandbox: one session per licensee, raw answers."""

    def __init__(self, client: httpx.AsyncClient) -> None:
        self.http = client
        self.sessions: dict[str, str] = {}

    async def post(self, body: Any) -> dict[str, Any]:
        """Send a body as BioTrack clients do (text/JSON) and return the answer."""
        response = await self.http.post(
            PATH, content=json.dumps(body), headers={"Content-Type": "text/JSON"}
        )
        assert response.status_code == 200, response.text
        answer: dict[str, Any] = response.json()
        assert answer["success"] in (0, 1), answer
        return answer

    async def login(self, licensee: Licensee) -> dict[str, Any]:
        answer = await self.post({
            "API": "4.0", "action": "login", "license_number": licensee.location,
            "username": licensee.username, "password": licensee.password,
        })  # fmt: skip
        if answer["success"]:
            self.sessions[licensee.location] = answer["sessionid"]
        return answer

    async def call(self, licensee: Licensee, action: str, **body: Any) -> dict[str, Any]:
        """An action as the licensee (logging in first), whatever it answers."""
        if licensee.location not in self.sessions:
            assert (await self.login(licensee))["success"] == 1
        session = self.sessions[licensee.location]
        return await self.post({"API": "4.0", "action": action, "sessionid": session, **body})

    async def ok(self, licensee: Licensee, action: str, **body: Any) -> dict[str, Any]:
        """An action that must succeed."""
        answer = await self.call(licensee, action, **body)
        assert answer["success"] == 1, answer
        return answer

    async def refused(self, licensee: Licensee, action: str, **body: Any) -> dict[str, Any]:
        """An action that must be refused with a message and a code."""
        answer = await self.call(licensee, action, **body)
        assert answer["success"] == 0, answer
        assert answer["error"] and isinstance(answer["errorcode"], int), answer
        return answer

    async def rows(self, licensee: Licensee, table: str, **window: Any) -> list[dict[str, Any]]:
        rows: list[dict[str, Any]] = (await self.ok(licensee, f"sync_{table}", **window))[table]
        return rows

    async def item(self, licensee: Licensee, barcode: str) -> dict[str, Any] | None:
        """An inventory row of the licensee's by barcode, as sync_inventory shows it."""
        found = [row for row in await self.rows(licensee, "inventory") if row["id"] == barcode]
        return found[0] if found else None

    async def passed_lot(self) -> dict[str, Any]:
        """A flower lot of the cultivator's that passed QA and still holds 50 g or more."""
        samples = await self.rows(CULTIVATOR, "inventory_qa_sample")
        passed = {row["parentid"] for row in samples if row["result"] == 1}
        lots = [
            row for row in await self.rows(CULTIVATOR, "inventory", active=1)
            if row["id"] in passed and Decimal(row["remaining_quantity"]) >= 50
        ]  # fmt: skip
        assert lots
        return lots[-1]


def biotrack_settings(tmp_path: Path, **changes: Any) -> Settings:
    return Settings(data_dir=tmp_path, sandbox_biotrack_as_of=AS_OF, **changes)


@contextlib.asynccontextmanager
async def sandbox(settings: Settings) -> AsyncIterator[BioTrack]:
    async with started(create_app(settings)) as client:
        yield BioTrack(client)


@pytest.fixture
async def biotrack(tmp_path: Path) -> AsyncIterator[BioTrack]:
    """The sandbox's BioTrack API over its seeded year."""
    async with sandbox(biotrack_settings(tmp_path)) as client:
        yield client


__all__ = ["AS_OF", "CULTIVATOR", "DISPENSARY", "LAB", "BioTrack", "biotrack_settings", "sandbox"]
