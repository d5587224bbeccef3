"""What MCP clients see of the track-and-trace tools: counts, descriptions, schemas, hints, docs."""

from __future__ import annotations

import json
import re
import types
from datetime import date, datetime
from pathlib import Path
from typing import Annotated, Any, Union, get_args, get_origin, get_type_hints

import pytest
from mcp.server.mcpserver.utilities.func_metadata import func_metadata
from pydantic import BaseModel, TypeAdapter, ValidationError

from tests.metrc.tools.helpers import DISPENSARY
from trichome.metrc.tools import (  # importing registers the tools
    TOOLS,
    MetrcAccess,
    ToolSpec,
    facilities,
    harvests,
    items,
    lab_results,
    packages,
    plant_batches,
    plants,
    processing,
    sales,
    strains,
    transfers,
    using,
)

pytestmark = pytest.mark.anyio
MODULES = (
    facilities,
    packages,
    plants,
    plant_batches,
    strains,
    harvests,
    transfers,
    sales,
    lab_results,
    items,
    processing,
)
AT_LEAST = {
    "facilities": 7,
    "packages": 14,
    "plants": 10,
    "plant_batches": 8,
    "strains": 4,
    "harvests": 6,
    "transfers": 8,
    "sales": 5,
    "lab_results": 4,
    "items": 4,
    "processing": 10,
}
MINE: dict[str, ToolSpec] = {n: s for n, s in TOOLS.items() if s.category in AT_LEAST}
ROOT = Path(__file__).resolve().parents[3]
# Metrc archives with DELETE (sublocations, strains, items) and discontinues packages with it:
# an archived record or a discontinued package cannot be restored, nor a voided manifest.
DESTRUCTIVE = (
    "finish_", "destroy_", "delete_", "remediate_", "archive_", "discontinue_", "void_",
)  # fmt: skip


def test_every_category_has_its_tools() -> None:
    counts = {category: 0 for category in AT_LEAST}
    for spec in MINE.values():
        counts[spec.category] += 1
        # A toolset is a module, or a package of modules, named after its category; BioTrack's
        # own tools are in its package, each in the toolset it serves.
        only_biotrack = spec.systems == {"biotrack"}
        package = f"trichome.metrc.tools.{'biotrack' if only_biotrack else spec.category}"
        module = spec.fn.__module__
        assert module == package or module.startswith(f"{package}."), spec.name
    assert all(counts[c] >= n for c, n in AT_LEAST.items()), counts
    assert sum(counts.values()) >= 70


@pytest.mark.parametrize("name", sorted(MINE))
def test_names_and_hints_say_what_a_tool_does(name: str) -> None:
    spec = MINE[name]
    assert re.fullmatch(r"[a-z]+(_[a-z]+)+", name)
    reads = name.startswith(("list_", "get_"))
    assert spec.read_only is reads
    assert spec.destructive is name.startswith(DESTRUCTIVE)
    if reads:
        assert spec.idempotent
    assert len(spec.title) > 5 and spec.title[0].isupper()


def _walk(annotation: Any) -> list[Any]:
    """Every type inside an annotation (Annotated, unions, lists)."""
    origin = get_origin(annotation)
    if origin is Annotated:
        return _walk(get_args(annotation)[0])
    if origin in (Union, types.UnionType, list):
        return [found for arg in get_args(annotation) for found in _walk(arg)]
    return [annotation]


def _check_properties(schema: dict[str, Any], hints: dict[str, Any], where: str) -> None:
    for key, prop in schema["properties"].items():
        assert prop.get("description"), f"{where}.{key} has no description"
        inner = _walk(hints[key])
        formats = {p.get("format") for p in prop.get("anyOf", [prop])}
        if date in inner:
            assert "date" in formats, f"{where}.{key} is a date without format date"
        if datetime in inner:
            assert "date-time" in formats, f"{where}.{key} is a datetime without date-time"


@pytest.mark.parametrize("name", sorted(MINE))
def test_each_tool_has_a_description_and_a_documented_schema(name: str) -> None:
    spec = MINE[name]
    description = spec.description
    assert len(description) > 60 and description.rstrip().endswith((".", ")")), name
    schema = func_metadata(spec.fn).arg_model.model_json_schema()
    json.loads(json.dumps(schema))  # plain JSON
    assert schema["type"] == "object"
    hints = get_type_hints(spec.fn, include_extras=True)
    _check_properties(schema, hints, name)
    models = {
        inner
        for hint in hints.values()
        for inner in _walk(hint)
        if isinstance(inner, type) and issubclass(inner, BaseModel)
    }
    for model in models:
        sub = schema["$defs"][model.__name__]
        assert sub.get("description"), f"{model.__name__} has no description"
        _check_properties(sub, get_type_hints(model, include_extras=True), model.__name__)
    if "license_number" in schema["properties"]:
        assert next(iter(schema["properties"])) == "license_number"
        assert "license_number" in schema["required"]
    if "page_size" in schema["properties"]:
        assert schema["properties"]["page_size"]["maximum"] == 100
        assert schema["properties"]["page"]["minimum"] == 1


def test_closed_enumerations_are_metrcs_and_open_ones_take_real_values() -> None:
    """Growth phases and lab states are Metrc's fixed lists; names a state defines (customer,
    transfer, waste and batch types, units, remediation methods) take any real value, any
    case, and give the known ones Metrc's spelling."""

    def arguments(fn: Any) -> Any:
        return func_metadata(fn).arg_model

    def enum(fn: Any, key: str) -> list[str]:
        prop = arguments(fn).model_json_schema()["properties"][key]
        found: list[str] = next(p["enum"] for p in prop.get("anyOf", [prop]) if "enum" in p)
        return found

    def accepted(fn: Any, key: str, value: str) -> Any:
        field = arguments(fn).model_fields[key]
        hint = Annotated[field.annotation, *field.metadata] if field.metadata else field.annotation
        return TypeAdapter(hint).validate_python(value)

    assert enum(plants.change_plants_growth_phase, "growth_phase") == [
        "Vegetative",
        "Flowering",
        "Mother",
    ]
    assert "TestFailed" in enum(packages.list_active_packages, "lab_testing_state")
    # GET /sales/v2/customertypes (bruno Sales/GetCustomerTypes) lists NonResidentConsumer.
    customer = sales.list_active_sales_receipts
    assert accepted(customer, "customer_type", "NonResidentConsumer") == "NonResidentConsumer"
    assert accepted(customer, "customer_type", "externalpatient") == "ExternalPatient"
    # GET /harvests/v2/waste/types documents Fibrous and Root Ball; a state may add others.
    assert accepted(harvests.record_harvest_waste, "waste_type", "Root Ball") == "Root Ball"
    assert accepted(harvests.record_harvest_waste, "unit_of_weight", "grams") == "Grams"
    assert accepted(plants.destroy_plants, "unit_of_weight", "KILOGRAMS") == "Kilograms"
    # GET /transfers/v2/types documents Transfer and Wholesale.
    assert accepted(transfers.create_transfer_template, "transfer_type", "Wholesale")
    # Metrc's example remediation is Further Drying (bruno Packages/UpdateRemediate).
    assert accepted(packages.remediate_packages, "method", "Further Drying") == "Further Drying"
    assert accepted(plant_batches.create_plant_batch, "batch_type", "clone") == "Clone"


def test_mcp_validates_arguments_before_a_tool_runs() -> None:
    meta = func_metadata(sales.create_sales_receipt)
    arguments = meta.validate_arguments(
        {
            "license_number": DISPENSARY,
            "sales_date_time": "2026-11-21T14:30:00",
            "customer_type": "Consumer",
            "lines": [
                {
                    "package_label": "1A40C0021200000000000019",
                    "quantity": 3.5,
                    "unit_of_measure": "Grams",
                    "total_amount": 35,
                }
            ],
        }
    )
    assert arguments["sales_date_time"] == datetime(2026, 11, 21, 14, 30)
    assert isinstance(arguments["lines"][0], sales.SaleLine)
    mistakes: list[dict[str, Any]] = [
        {"customer_type": " "},
        {"lines": []},
        {"lines": [{"package_label": "no spaces allowed", "quantity": 1}]},
    ]
    for wrong in mistakes:
        with pytest.raises(ValidationError):
            meta.validate_arguments(
                {
                    "license_number": DISPENSARY,
                    "sales_date_time": "2026-11-21T14:30:00",
                    "customer_type": "Consumer",
                    "lines": arguments["lines"],
                }
                | wrong
            )
    with pytest.raises(ValidationError):
        func_metadata(packages.list_active_packages).validate_arguments(
            {"license_number": DISPENSARY, "page_size": 500}
        )


async def test_a_tool_called_the_way_mcp_calls_it(reader: MetrcAccess) -> None:
    meta = func_metadata(packages.list_active_packages)
    arguments = meta.validate_arguments(
        {
            "license_number": DISPENSARY,
            "category": "Buds",
            "modified_from": "2026-11-01",
            "page_size": "5",
        }
    )
    assert arguments["modified_from"] == date(2026, 11, 1)
    with using(reader):
        result = await meta.call_fn(packages.list_active_packages, True, arguments)
    assert result["page_size"] == 5 and result["total"] >= len(result["items"])
    assert all(p["Category"] == "Buds" for p in result["items"])


def test_docs_list_every_tool_by_category() -> None:
    text = (ROOT / "docs" / "tools.md").read_text()
    sections = re.split(r"^## ", text, flags=re.MULTILINE)
    for spec in MINE.values():
        assert f"`{spec.name}`" in text, f"docs/tools.md does not mention {spec.name}"
        rows = [s.splitlines()[0] for s in sections[1:] if f"| `{spec.name}` |" in s]
        assert rows == [spec.category], f"{spec.name} belongs in the {spec.category} table"
        kind = "read" if spec.read_only else "write (destructive)" if spec.destructive else "write"
        assert f"| `{spec.name}` | {kind} |" in text, f"{spec.name} is a {kind}"


def test_every_tool_is_exercised_by_these_tests() -> None:
    here = Path(__file__).parent
    called = " ".join(
        path.read_text() for path in here.glob("test_*.py") if path.name != Path(__file__).name
    )
    missing = [name for name in MINE if not re.search(rf"\.{name}\(", called)]
    # BioTrack's own tools are called over MCP against the BioTrack sandbox, by name.
    e2e = (here.parent.parent / "e2e" / "test_toolserver_biotrack.py").read_text()
    missing = [
        name for name in missing if not (MINE[name].systems == {"biotrack"} and f'"{name}"' in e2e)
    ]
    assert not missing, f"no test calls {missing}"


def test_tools_list_keeps_its_order() -> None:
    """Editors show the tools in the order `tools/list` gives them, and the order comes from
    the order the category modules import their parts: a reshuffle shows up here."""
    from trichome.metrc.tools.registry import load_all

    recorded = (Path(__file__).parent / "tool_order.txt").read_text(encoding="utf-8").split()
    assert list(load_all()) == recorded
