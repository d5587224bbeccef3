"""Additives templates: a facility's saved descriptions of a product it applies (fertiliser,
pesticide...), so that recording an application does not retype the product each time; and
the additive types Metrc accepts.

Shapes follow Metrc's v2 documentation of `AdditivesTemplates` as captured in
thunkier/ThunkMetrc (specs/generated/bruno/AdditivesTemplates): a template is `{Id, Name,
AdditiveType, AdditiveTypeName, ApplicationDevice, EpaRegistrationNumber, Note,
ProductSupplier, ProductTradeName, RestrictiveEntryIntervalQuantityDescription,
RestrictiveEntryIntervalTimeDescription, ActiveIngredients: [{Name, Percentage}], IsActive}`
(GetActiveAdditivesTemplates.bru, GetAdditivesTemplatesById.bru); Create takes the same
without the Id (CreateAdditivesTemplates.bru), Update with it (UpdateAdditivesTemplates.bru).
Both examples fill every description with text, so one without a value is left out, not null.
The types come from Plants GetAdditiveTypes (`GET /plants/v2/additives/types`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.errors import MetrcNotFound
from trichome.metrc.tools.plants.additives import Ingredient
from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import (
    LicenseNumber,
    Names,
    Page,
    PageSize,
    Paging,
    Written,
    compact,
    contains,
    paged,
    shape,
    written,
)

Text = Annotated[str | None, Field(min_length=1, max_length=200)]
TemplateId = Annotated[
    int, Field(ge=1, description="The template's Id (list_additives_templates).")
]
# The optional descriptions, by tool parameter and Metrc field.
DESCRIPTIONS = {
    "application_device": "ApplicationDevice",
    "epa_registration_number": "EpaRegistrationNumber",
    "note": "Note",
    "product_supplier": "ProductSupplier",
    "product_trade_name": "ProductTradeName",
    "reentry_interval_quantity": "RestrictiveEntryIntervalQuantityDescription",
    "reentry_interval_time": "RestrictiveEntryIntervalTimeDescription",
}
TEMPLATE_FIELDS = ("Id", "Name", "AdditiveType", "AdditiveTypeName", *DESCRIPTIONS.values())


@shape
class ActiveIngredient(TypedDict):
    """An active ingredient and its share, in percent."""

    Name: NotRequired[str]
    Percentage: NotRequired[float]


@shape
class Template(TypedDict):
    """An additives template."""

    Id: NotRequired[int]
    Name: NotRequired[str]
    AdditiveType: NotRequired[str]
    AdditiveTypeName: NotRequired[str]
    ApplicationDevice: NotRequired[str]
    EpaRegistrationNumber: NotRequired[str]
    Note: NotRequired[str]
    ProductSupplier: NotRequired[str]
    ProductTradeName: NotRequired[str]
    RestrictiveEntryIntervalQuantityDescription: NotRequired[str]
    RestrictiveEntryIntervalTimeDescription: NotRequired[str]
    ActiveIngredients: list[ActiveIngredient]


@shape
class TemplatePage(Paging):
    """A page of a facility's additives templates."""

    license_number: str
    inactive: bool
    items: list[Template]


@shape
class TemplateFound(TypedDict):
    """One additives template of a licence."""

    license_number: str
    template: Template


def _template(record: Mapping[str, Any]) -> dict[str, Any]:
    ingredients = [
        compact(i, ("Name", "Percentage")) for i in record.get("ActiveIngredients") or []
    ]
    return {**compact(record, TEMPLATE_FIELDS), "ActiveIngredients": ingredients}


@tool("plants", title="List additive types", returns=Names)
async def list_additive_types(license_number: LicenseNumber) -> dict[str, Any]:
    """List the additive types Metrc accepts (Fertilizer, Pesticide, Other...), for
    additives templates and recorded applications."""
    metrc = access()
    types = await metrc.client.plant_additive_types(license_number, credentials=metrc.credentials)
    return {"total": len(types), "items": [{"Name": name} for name in types]}


@tool("plants", title="List additives templates", returns=TemplatePage)
async def list_additives_templates(
    license_number: LicenseNumber,
    inactive: Annotated[bool, Field(description="List inactive templates instead.")] = False,
    name_contains: Annotated[
        str | None, Field(max_length=100, description="Only templates whose name contains this.")
    ] = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a facility's additives templates: saved products it applies to plants, with their
    type, supplier, trade name, EPA registration, re-entry interval and active ingredients."""
    metrc = access()
    client = metrc.client
    read = client.additives_templates_inactive if inactive else client.additives_templates_active
    records = await read(license_number, credentials=metrc.credentials)
    found = [r for r in records if contains(r.get("Name"), name_contains)]
    found.sort(key=lambda r: str(r.get("Name") or "").casefold())
    return paged(
        found, page, page_size, _template, license_number=license_number, inactive=inactive
    )


async def _find(license_number: str, template_id: int) -> dict[str, Any]:
    metrc = access()
    try:
        answer = await metrc.client.additives_template(
            license_number, template_id, credentials=metrc.credentials
        )
    except MetrcNotFound:
        answer = None
    # Metrc's example answers a list of one; other servers the object.
    record = answer[0] if isinstance(answer, list) and answer else answer
    if not isinstance(record, Mapping):
        raise ToolProblem(
            f"No additives template with Id {template_id} at licence {license_number}; find it "
            "with list_additives_templates."
        )
    return dict(record)


@tool("plants", title="Get an additives template", returns=TemplateFound)
async def get_additives_template(
    license_number: LicenseNumber, template_id: TemplateId
) -> dict[str, Any]:
    """Get one additives template by Id, with its active ingredients."""
    record = await _find(license_number, template_id)
    return {"license_number": license_number, "template": _template(record)}


Ingredients = Annotated[
    list[Ingredient] | None,
    Field(max_length=50, description="The product's active ingredients and their shares."),
]


def _descriptions(values: Mapping[str, str | None]) -> dict[str, Any]:
    return {DESCRIPTIONS[key]: value.strip() for key, value in values.items() if value is not None}


def _ingredients(ingredients: list[Ingredient]) -> list[dict[str, Any]]:
    return [{"Name": i.name.strip(), "Percentage": i.percentage} for i in ingredients]


@tool("plants", title="Create an additives template", read_only=False, returns=Written)
async def create_additives_template(
    license_number: LicenseNumber,
    name: Annotated[str, Field(min_length=1, max_length=100, description="The template's name.")],
    additive_type: Annotated[
        str, Field(min_length=1, max_length=50, description="Its type (list_additive_types).")
    ],
    product_trade_name: Annotated[Text, Field(description="The product's trade name.")] = None,
    product_supplier: Annotated[Text, Field(description="Who supplies it.")] = None,
    application_device: Annotated[Text, Field(description="How it is applied.")] = None,
    epa_registration_number: Annotated[Text, Field(description="Its EPA number.")] = None,
    reentry_interval_quantity: Annotated[
        Text, Field(description="The restricted-entry interval's quantity, e.g. 12.")
    ] = None,
    reentry_interval_time: Annotated[
        Text, Field(description="The restricted-entry interval's time, e.g. hours.")
    ] = None,
    note: Annotated[Text, Field(description="A note.")] = None,
    active_ingredients: Ingredients = None,
) -> dict[str, Any]:
    """Save a product the facility applies to plants as an additives template. Returns its
    Id."""
    metrc = access()
    body = {
        "Name": name.strip(),
        "AdditiveType": additive_type.strip(),
        **_descriptions(
            {
                "application_device": application_device,
                "epa_registration_number": epa_registration_number,
                "note": note,
                "product_supplier": product_supplier,
                "product_trade_name": product_trade_name,
                "reentry_interval_quantity": reentry_interval_quantity,
                "reentry_interval_time": reentry_interval_time,
            }
        ),
        "ActiveIngredients": _ingredients(active_ingredients or []),
    }
    result = await metrc.client.create_additives_templates(
        license_number, [body], credentials=metrc.credentials
    )
    return written(result, f"Created the additives template {body['Name']!r}.")


@tool(
    "plants",
    title="Update an additives template",
    read_only=False,
    idempotent=True,
    returns=Written,
)
async def update_additives_template(
    license_number: LicenseNumber,
    template_id: TemplateId,
    name: Annotated[Text, Field(description="A new name.")] = None,
    additive_type: Annotated[Text, Field(description="A new type (list_additive_types).")] = None,
    product_trade_name: Annotated[Text, Field(description="A new trade name.")] = None,
    product_supplier: Annotated[Text, Field(description="A new supplier.")] = None,
    application_device: Annotated[Text, Field(description="A new application device.")] = None,
    epa_registration_number: Annotated[Text, Field(description="A new EPA number.")] = None,
    reentry_interval_quantity: Annotated[
        Text, Field(description="A new restricted-entry interval quantity, e.g. 12.")
    ] = None,
    reentry_interval_time: Annotated[
        Text, Field(description="A new restricted-entry interval time, e.g. hours.")
    ] = None,
    note: Annotated[Text, Field(description="A new note.")] = None,
    active_ingredients: Annotated[
        Ingredients, Field(description="New active ingredients, replacing all of them.")
    ] = None,
) -> dict[str, Any]:
    """Change an additives template: what is given replaces what it had, the rest stays."""
    metrc = access()
    record = await _find(license_number, template_id)
    given = {
        "application_device": application_device,
        "epa_registration_number": epa_registration_number,
        "note": note,
        "product_supplier": product_supplier,
        "product_trade_name": product_trade_name,
        "reentry_interval_quantity": reentry_interval_quantity,
        "reentry_interval_time": reentry_interval_time,
    }
    if (
        name is None
        and additive_type is None
        and active_ingredients is None
        and not any(value is not None for value in given.values())
    ):
        raise ToolProblem("Nothing to change: give a name, a type, a description or ingredients.")
    body = {
        "Id": template_id,
        "Name": (name or str(record.get("Name"))).strip(),
        "AdditiveType": (additive_type or str(record.get("AdditiveType"))).strip(),
        **{key: record[key] for key in DESCRIPTIONS.values() if record.get(key) is not None},
        **_descriptions(given),
        "ActiveIngredients": _ingredients(active_ingredients)
        if active_ingredients is not None
        else _template(record)["ActiveIngredients"],
    }
    result = await metrc.client.update_additives_templates(
        license_number, [body], credentials=metrc.credentials
    )
    return written(result, f"Updated additives template {template_id}.")
