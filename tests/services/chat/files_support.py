"""What the files tests share: the two stores (local disk, and a moto S3 server over HTTP),
and what is left in the database and in the store after a request."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import boto3
import httpx
import pytest
from sqlalchemy import select
from sqlalchemy.orm import undefer

from tests.conftest import reconfigured
from tests.support.s3server import BUCKET, CREDENTIALS
from trichome.config import Settings
from trichome.config.storage_url import S3Location
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.models import StorageUsage, StoredFile

STORES = ["local", "s3"]


def settings_on(
    store: str, request: pytest.FixtureRequest, database_url: str, tmp_path: Path
) -> Settings:
    """Settings on the test's database whose files go to the local disk or to S3."""
    settings = Settings(data_dir=tmp_path, database_url=database_url)
    if store == "local":
        return settings
    endpoint = request.getfixturevalue("s3_endpoint")
    monkeypatch: pytest.MonkeyPatch = request.getfixturevalue("monkeypatch")
    for name, value in CREDENTIALS.items():
        monkeypatch.setenv(name, value)
    prefix = secrets.token_hex(6)
    return reconfigured(settings, storage_url=f"s3://{BUCKET}/{prefix}?endpoint={endpoint}")


def auth(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


async def upload(
    client: httpx.AsyncClient,
    key: str,
    name: str,
    content: bytes,
    purpose: str = "assistants",
) -> httpx.Response:
    return await client.post(
        "/v1/files", headers=auth(key), files={"file": (name, content)}, data={"purpose": purpose}
    )


async def stored_rows(settings: Settings) -> list[StoredFile]:
    engine = create_engine(settings)
    async with create_sessionmaker(engine)() as session:
        rows = list(await session.scalars(select(StoredFile).options(undefer(StoredFile.text))))
    await engine.dispose()
    return rows


async def used_bytes(settings: Settings) -> dict[str, int]:
    """Each organisation's storage use as the quota counter has it."""
    engine = create_engine(settings)
    async with create_sessionmaker(engine)() as session:
        usage = {
            u.organization_id: u.used_bytes for u in await session.scalars(select(StorageUsage))
        }
    await engine.dispose()
    return usage


def stored_objects(settings: Settings) -> list[str]:
    """The keys (`organisation/file id`) the store holds, on disk or in the bucket."""
    if settings.storage_url is None:
        root = settings.data_dir / "files"
        found = [p for p in root.rglob("*") if p.is_file()] if root.exists() else []
        return sorted(str(p.relative_to(root)) for p in found)
    location = S3Location.parse(settings.storage_url)
    client = boto3.client("s3", endpoint_url=location.endpoint, region_name="us-east-1")
    try:
        listed = client.list_objects_v2(Bucket=location.bucket, Prefix=location.prefix)
    finally:
        client.close()
    return sorted(item["Key"][len(location.prefix) :] for item in listed.get("Contents", []))


def assert_error(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    error: dict[str, Any] = response.json()["error"]
    assert error["code"] == code and error["message"] and error["type"]
    return error
