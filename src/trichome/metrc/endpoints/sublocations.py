"""Sublocations: named places inside a facility's locations (Metrc v2 `Sublocations`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from trichome.metrc.base import MetrcBaseClient
from trichome.metrc.bodies.catalogue import SublocationCreate, SublocationUpdate
from trichome.metrc.credentials import MetrcCredentials
from trichome.metrc.writes import WriteResult

Record = dict[str, Any]


class SublocationsApi(MetrcBaseClient):
    """Sublocations: lists, one by Id, creation, renaming and archiving."""

    async def sublocations_active(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's active sublocations (`{Id, Name}`); Metrc's GetActive.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            "/sublocations/v2/active",
            license_number,
            page_size=page_size,
            last_modified_start=last_modified_start,
            last_modified_end=last_modified_end,
            credentials=credentials,
        )

    async def sublocations_inactive(
        self,
        license_number: str,
        *,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's archived sublocations; Metrc's GetInactive (no date filter).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            "/sublocations/v2/inactive",
            license_number,
            page_size=page_size,
            credentials=credentials,
        )

    async def sublocation(
        self,
        license_number: str,
        sublocation_id: int,
        *,
        credentials: MetrcCredentials | None = None,
    ) -> Record:
        """One sublocation by Id; Metrc's GetSublocationById.

        Raises:
            MetrcNotFound: no such sublocation; MetrcError: any other subclass.
        """
        result: Record = await self.get(
            f"/sublocations/v2/{int(sublocation_id)}", license_number, credentials=credentials
        )
        return result

    async def create_sublocations(
        self,
        license_number: str,
        sublocations: Sequence[SublocationCreate | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Create sublocations (`{Name}`); Metrc's Create answers their Ids.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/sublocations/v2", license_number, body=sublocations, credentials=credentials
        )

    async def update_sublocations(
        self,
        license_number: str,
        sublocations: Sequence[SublocationUpdate | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Rename sublocations (`{Id, Name}`); Metrc's Update answers nothing.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            "/sublocations/v2", license_number, body=sublocations, credentials=credentials
        )

    async def archive_sublocation(
        self,
        license_number: str,
        sublocation_id: int,
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Archive a sublocation (it moves to the inactive list); Metrc's Archive.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.delete(
            f"/sublocations/v2/{int(sublocation_id)}", license_number, credentials=credentials
        )
