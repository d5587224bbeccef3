"""Additives templates: a facility's saved fertilizers, pesticides and other additives
(Metrc v2 `AdditivesTemplates`), which plant and plant-batch additive records can name."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from trichome.metrc.base import MetrcBaseClient
from trichome.metrc.credentials import MetrcCredentials
from trichome.metrc.writes import WriteResult

Record = dict[str, Any]


class AdditivesTemplatesApi(MetrcBaseClient):
    """Additives templates: lists, one by Id, creation and updates (Metrc has no archive)."""

    async def additives_templates_active(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's active additives templates (`{Id, FacilityId, Name, AdditiveType,
        ..., ActiveIngredients: [{Name, Percentage}], LastModified, IsActive}`); GetActive.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            "/additivestemplates/v2/active",
            license_number,
            page_size=page_size,
            last_modified_start=last_modified_start,
            last_modified_end=last_modified_end,
            credentials=credentials,
        )

    async def additives_templates_inactive(
        self,
        license_number: str,
        *,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's inactive additives templates; GetInactive (no date filter).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            "/additivestemplates/v2/inactive",
            license_number,
            page_size=page_size,
            credentials=credentials,
        )

    async def additives_template(
        self, license_number: str, template_id: int, *, credentials: MetrcCredentials | None = None
    ) -> Any:
        """One additives template by Id; GetAdditivesTemplateById. Metrc's example answers
        a list of one, other servers the object: this returns what the server sent.

        Raises:
            MetrcNotFound: no such template; MetrcError: any other subclass.
        """
        return await self.get(
            f"/additivestemplates/v2/{int(template_id)}", license_number, credentials=credentials
        )

    async def create_additives_templates(
        self,
        license_number: str,
        templates: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Create additives templates in Metrc's shape (`{Name, AdditiveType,
        ApplicationDevice, EpaRegistrationNumber, Note, ProductSupplier, ProductTradeName,
        RestrictiveEntryIntervalQuantityDescription, RestrictiveEntryIntervalTimeDescription,
        ActiveIngredients: [{Name, Percentage}]}`); Create answers their Ids.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/additivestemplates/v2", license_number, body=templates, credentials=credentials
        )

    async def update_additives_templates(
        self,
        license_number: str,
        templates: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Change additives templates, by Id, with the fields Create takes; Update.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            "/additivestemplates/v2", license_number, body=templates, credentials=credentials
        )
