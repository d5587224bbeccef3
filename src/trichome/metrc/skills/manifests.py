"""Manifest rows as the deliveries skills count: a manifest to several recipients is read as
each of its deliveries (GET /transfers/v2/{id}/deliveries), with its own recipient and counts."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from trichome.metrc.client import MetrcClient
from trichome.metrc.credentials import MetrcCredentials
from trichome.tracking import Transfer
from trichome.tracking.metrc import mapping


async def as_deliveries(
    client: MetrcClient,
    keys: MetrcCredentials | None,
    license_number: str,
    records: Sequence[dict[str, Any]],
) -> list[Transfer]:
    """The rows of a transfer list as deliveries, in order (a request per manifest of
    several deliveries, made together)."""

    async def one(record: dict[str, Any]) -> list[Transfer]:
        if not mapping.several_deliveries(record) or record.get("Id") is None:
            return [mapping.transfer(record)]
        deliveries = await client.transfer_deliveries(
            license_number, int(record["Id"]), credentials=keys
        )
        return [mapping.transfer(record, delivery) for delivery in deliveries]

    expanded = await asyncio.gather(*(one(record) for record in records))
    return [transfer for transfers in expanded for transfer in transfers]
