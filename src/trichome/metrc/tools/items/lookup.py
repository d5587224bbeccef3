"""Finding a licence's item by name or Id."""

from __future__ import annotations

from typing import Any

from trichome.metrc.errors import MetrcNotFound
from trichome.metrc.tools.registry import MetrcAccess, ToolProblem

Record = dict[str, Any]


async def find_item(
    metrc: MetrcAccess, license_number: str, name: str | None, item_id: int | None
) -> Record:
    """An item of the licence by name (active, then inactive) or by Id.

    Raises:
        ToolProblem: neither or both given, or no such item.
    """
    if (name is None) == (item_id is None):
        raise ToolProblem("Give the item's name or its Id (one of them).")
    if item_id is not None:
        try:
            return await metrc.client.item(license_number, item_id, credentials=metrc.credentials)
        except MetrcNotFound:
            raise ToolProblem(
                f"No item with Id {item_id} at licence {license_number}; find it with "
                "list_active_items."
            ) from None
    wanted = str(name).strip().casefold()
    for read in (metrc.client.items_active, metrc.client.items_inactive):
        for item in await read(license_number, credentials=metrc.credentials):
            if str(item.get("Name")).casefold() == wanted:
                return item
    raise ToolProblem(
        f"No item named {name!r} at licence {license_number}; find it with list_active_items, "
        "or create it with create_item."
    )
