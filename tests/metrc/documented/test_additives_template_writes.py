"""The additives template tools on Metrc's documented request bodies (the fixture server
refuses any other body, writes.py): CreateAdditivesTemplates and UpdateAdditivesTemplates
document every description as text and the ingredients as `[{Name, Percentage}]`, so a
description with no value is left out rather than sent as null (the fixture template has no
Note)."""

from __future__ import annotations

import pytest

from tests.metrc.documented.conftest import GROWER, Run
from tests.metrc.documented.writes import sent
from tests.metrc.fake_metrc import FakeMetrc
from trichome.metrc.tools.plants import additives_templates as templates
from trichome.metrc.tools.plants.additives import Ingredient
from trichome.metrc.tools.registry import ToolProblem

pytestmark = pytest.mark.anyio
NEEM = {
    "Id": 802, "Name": "Neem spray", "AdditiveType": "Pesticide",
    "ApplicationDevice": "Backpack sprayer", "EpaRegistrationNumber": "70051-2",
    "ProductSupplier": "Green Guard", "ProductTradeName": "Neem Guard",
    "RestrictiveEntryIntervalQuantityDescription": "12",
    "RestrictiveEntryIntervalTimeDescription": "Hours",
    "ActiveIngredients": [{"Name": "Azadirachtin", "Percentage": 0.6}],
}  # fmt: skip


async def test_a_template_is_created_with_only_what_is_given(
    run: Run, documented: FakeMetrc
) -> None:
    result = await run(
        templates.create_additives_template, license_number=GROWER, name=" Neem spray",
        additive_type="Pesticide", product_trade_name="Neem Guard ", reentry_interval_time="Hours",
        active_ingredients=[Ingredient(name="Azadirachtin", percentage=0.6)],
    )  # fmt: skip

    body = [
        {
            "Name": "Neem spray", "AdditiveType": "Pesticide", "ProductTradeName": "Neem Guard",
            "RestrictiveEntryIntervalTimeDescription": "Hours",
            "ActiveIngredients": [{"Name": "Azadirachtin", "Percentage": 0.6}],
        }
    ]  # fmt: skip
    assert sent(documented) == [("POST", "/additivestemplates/v2", body)]
    assert result["ids"] == [803]


async def test_an_update_keeps_what_is_not_given_and_leaves_out_an_empty_note(
    run: Run, documented: FakeMetrc
) -> None:
    result = await run(
        templates.update_additives_template, license_number=GROWER, template_id=802,
        reentry_interval_quantity="24",
    )  # fmt: skip

    body = [{**NEEM, "RestrictiveEntryIntervalQuantityDescription": "24"}]
    assert sent(documented) == [("PUT", "/additivestemplates/v2", body)]
    assert result["message"] == "Updated additives template 802."


async def test_an_update_can_add_a_note_and_replace_the_ingredients(
    run: Run, documented: FakeMetrc
) -> None:
    await run(
        templates.update_additives_template, license_number=GROWER, template_id=802,
        note="Shake before use", active_ingredients=[],
    )  # fmt: skip

    ((_, _, body),) = sent(documented)
    assert body == [{**NEEM, "Note": "Shake before use", "ActiveIngredients": []}]


async def test_an_update_with_nothing_to_change_sends_nothing(
    run: Run, documented: FakeMetrc
) -> None:
    with pytest.raises(ToolProblem, match="Nothing to change"):
        await run(templates.update_additives_template, license_number=GROWER, template_id=802)
    assert sent(documented) == []
