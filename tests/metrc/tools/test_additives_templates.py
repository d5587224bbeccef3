"""Additives template tools against the sandbox: the additive types, creating a template,
reading it back, changing part of it."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from tests.metrc.tools.helpers import CULTIVATOR
from trichome.metrc.tools import MetrcAccess, ToolProblem, load_all, using
from trichome.metrc.tools import plants as tools
from trichome.metrc.tools.plants.additives import Ingredient

pytestmark = pytest.mark.anyio


async def test_a_template_is_created_read_and_changed(writer: MetrcAccess) -> None:
    with using(writer):
        types = await tools.list_additive_types(CULTIVATOR)
        made = await tools.create_additives_template(
            CULTIVATOR,
            " Bloom Feed ",
            "Fertilizer",
            product_trade_name="BloomMax",
            product_supplier="Grow Co",
            epa_registration_number="12345-6",
            active_ingredients=[Ingredient(name="Nitrogen", percentage=10)],
        )
        (template,) = made["ids"]
        shown = await tools.get_additives_template(CULTIVATOR, template)
        changed = await tools.update_additives_template(
            CULTIVATOR, template, note="Half strength in week 1", product_supplier="Feed Ltd"
        )
        after = (await tools.get_additives_template(CULTIVATOR, template))["template"]
        listed = await tools.list_additives_templates(CULTIVATOR, name_contains="bloom")
        inactive = await tools.list_additives_templates(CULTIVATOR, inactive=True)
        with pytest.raises(ToolProblem, match="Nothing to change"):
            await tools.update_additives_template(CULTIVATOR, template)
        with pytest.raises(ToolProblem, match="No additives template with Id 999999"):
            await tools.get_additives_template(CULTIVATOR, 999999)
    published = load_all()
    TypeAdapter(published["get_additives_template"].returns).validate_python(shown)
    TypeAdapter(published["list_additives_templates"].returns).validate_python(listed)
    assert {"Name": "Fertilizer"} in types["items"]
    assert made["message"] == "Created the additives template 'Bloom Feed'."
    assert shown["template"]["ActiveIngredients"] == [{"Name": "Nitrogen", "Percentage": 10}]
    assert shown["template"]["ProductTradeName"] == "BloomMax"
    assert changed["message"] == f"Updated additives template {template}."
    assert after["Note"] == "Half strength in week 1" and after["ProductSupplier"] == "Feed Ltd"
    assert after["ProductTradeName"] == "BloomMax" and after["EpaRegistrationNumber"] == "12345-6"
    assert after["ActiveIngredients"] == [{"Name": "Nitrogen", "Percentage": 10}]
    # Beside the seeded cultivator's own "Bloom feed".
    assert sorted((t["Name"], t["Id"] == template) for t in listed["items"]) == [
        ("Bloom Feed", True),
        ("Bloom feed", False),
    ]
    assert inactive["total"] == 0
