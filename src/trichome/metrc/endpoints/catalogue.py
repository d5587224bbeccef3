"""Strains and items: what a facility grows and what its packages hold."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from trichome.metrc.base import MetrcBaseClient
from trichome.metrc.bodies.catalogue import ItemCreate, ItemUpdate, StrainCreate, StrainUpdate
from trichome.metrc.credentials import MetrcCredentials
from trichome.metrc.writes import WriteResult

Record = dict[str, Any]


class CatalogueApi(MetrcBaseClient):
    """Strains and items."""

    async def strains_active(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's active strains.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            "/strains/v2/active",
            license_number,
            page_size=page_size,
            last_modified_start=last_modified_start,
            last_modified_end=last_modified_end,
            credentials=credentials,
        )

    async def strains_inactive(
        self,
        license_number: str,
        *,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's inactive strains.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            "/strains/v2/inactive", license_number, page_size=page_size, credentials=credentials
        )

    async def strain(
        self, license_number: str, strain_id: int, *, credentials: MetrcCredentials | None = None
    ) -> Record:
        """One strain by Id.

        Raises:
            MetrcNotFound: no such strain; MetrcError: any other failure.
        """
        result: Record = await self.get(
            f"/strains/v2/{int(strain_id)}", license_number, credentials=credentials
        )
        return result

    async def create_strains(
        self,
        license_number: str,
        strains: Sequence[StrainCreate | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Create strains.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post("/strains/v2", license_number, body=strains, credentials=credentials)

    async def update_strains(
        self,
        license_number: str,
        strains: Sequence[StrainUpdate | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Update strains (each with its Id and all fields).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put("/strains/v2", license_number, body=strains, credentials=credentials)

    async def items_active(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's active items.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            "/items/v2/active",
            license_number,
            page_size=page_size,
            last_modified_start=last_modified_start,
            last_modified_end=last_modified_end,
            credentials=credentials,
        )

    async def items_inactive(
        self,
        license_number: str,
        *,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's inactive items.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            "/items/v2/inactive", license_number, page_size=page_size, credentials=credentials
        )

    async def item_categories(
        self,
        license_number: str,
        *,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The item categories of the facility's state, with their QuantityType.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            "/items/v2/categories", license_number, page_size=page_size, credentials=credentials
        )

    async def item(
        self, license_number: str, item_id: int, *, credentials: MetrcCredentials | None = None
    ) -> Record:
        """One item by Id.

        Raises:
            MetrcNotFound: no such item; MetrcError: any other failure.
        """
        result: Record = await self.get(
            f"/items/v2/{int(item_id)}", license_number, credentials=credentials
        )
        return result

    async def create_items(
        self,
        license_number: str,
        items: Sequence[ItemCreate | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Create items.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post("/items/v2", license_number, body=items, credentials=credentials)

    async def update_items(
        self,
        license_number: str,
        items: Sequence[ItemUpdate | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Update items (each with its Id and all fields).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put("/items/v2", license_number, body=items, credentials=credentials)

    async def archive_strain(
        self, license_number: str, strain_id: int, *, credentials: MetrcCredentials | None = None
    ) -> WriteResult:
        """Archive a strain (it moves to the inactive list); Metrc's Strains Archive.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.delete(
            f"/strains/v2/{int(strain_id)}", license_number, credentials=credentials
        )

    async def archive_item(
        self, license_number: str, item_id: int, *, credentials: MetrcCredentials | None = None
    ) -> WriteResult:
        """Archive an item (it moves to the inactive list); Metrc's Items Archive.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.delete(
            f"/items/v2/{int(item_id)}", license_number, credentials=credentials
        )
