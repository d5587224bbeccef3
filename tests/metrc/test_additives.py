"""Additives templates through the client against the sandbox, in the shapes Metrc documents
for its v2 AdditivesTemplates operations (GetActive, GetInactive, GetAdditivesTemplateById,
Create, Update)."""

from __future__ import annotations

import pytest

from tests.support.sandbox import sandbox_client
from trichome.config import Settings
from trichome.metrc import MetrcNotFound, MetrcValidationError

pytestmark = pytest.mark.anyio
CULTIVATOR = "SF-SBX-CO-21-8002"
STORE = "SF-SBX-CO-24-8002"
FIELDS = [
    "ActiveIngredients",
    "AdditiveType",
    "AdditiveTypeName",
    "ApplicationDevice",
    "EpaRegistrationNumber",
    "FacilityId",
    "Id",
    "IsActive",
    "LastModified",
    "Name",
    "Note",
    "ProductSupplier",
    "ProductTradeName",
    "RestrictiveEntryIntervalQuantityDescription",
    "RestrictiveEntryIntervalTimeDescription",
]
TEMPLATE = {
    "Name": "Bloom Feed",
    "AdditiveType": "Fertilizer",
    "ApplicationDevice": "Sprayer",
    "EpaRegistrationNumber": "123456",
    "Note": None,
    "ProductSupplier": "Supplier",
    "ProductTradeName": "Trade Name",
    "RestrictiveEntryIntervalQuantityDescription": "1",
    "RestrictiveEntryIntervalTimeDescription": "1 day",
    "ActiveIngredients": [{"Name": "Nitrogen", "Percentage": 10.0}],
}


async def test_an_additives_template_is_created_read_and_updated(own_year: Settings) -> None:
    async with sandbox_client(own_year) as client:
        (made,) = (await client.create_additives_templates(CULTIVATOR, [TEMPLATE]))["Ids"]
        # Beside the templates the seeded cultivator keeps.
        (active,) = [
            t for t in await client.additives_templates_active(CULTIVATOR) if t["Id"] == made
        ]
        assert sorted(active) == FIELDS  # GetActive's documented record, key for key
        assert active["Id"] == made and active["IsActive"] is True
        assert active["ActiveIngredients"] == [{"Name": "Nitrogen", "Percentage": 10.0}]
        assert {key: active[key] for key in TEMPLATE} == TEMPLATE
        assert await client.additives_template(CULTIVATOR, made) == active
        assert await client.additives_templates_inactive(CULTIVATOR) == []

        updated = await client.update_additives_templates(
            CULTIVATOR,
            [{"Id": made, "Note": "Half strength in week 1", "ActiveIngredients": []}],
        )
        assert updated["Ids"] == []
        changed = await client.additives_template(CULTIVATOR, made)
        assert changed["Note"] == "Half strength in week 1"
        assert changed["ActiveIngredients"] == [] and changed["Name"] == "Bloom Feed"

        with pytest.raises(MetrcValidationError) as missing:
            await client.create_additives_templates(CULTIVATOR, [{"Name": "No type"}])
        assert "AdditiveType" in missing.value.rows[0].message
        with pytest.raises(MetrcValidationError):
            await client.update_additives_templates(STORE, [{"Id": made, "Note": "x"}])
        with pytest.raises(MetrcNotFound):
            await client.additives_template(STORE, made)  # another licence's
