"""Every tool's outputSchema, and its structuredContent checked against it for real.

The tools run the way MCP runs them (the server's own tool objects: arguments validated,
the result converted), against the seeded sandbox year; each `structuredContent` is
validated with `jsonschema` against the tool's declared `outputSchema`, as a client does.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from typing import Any

import jsonschema
import pytest
from mcp.types import CallToolResult

from tests.metrc.tools.helpers import CULTIVATOR, DISPENSARY
from tests.support.tool_calls import NOT_SEEDED, call_every_read
from trichome.config import Settings
from trichome.metrc.tools import MetrcAccess, load_all, using
from trichome.metrc.tools.results import Written
from trichome.services.toolserver.mcp_server import ToolServer, build_mcp_server, run_tool

pytestmark = pytest.mark.anyio
TOOLS = load_all()
# Metrc's reads (and the shared ones); BioTrack's own run in tests/e2e/test_toolserver_biotrack.py.
READS = {name for name, spec in TOOLS.items() if spec.read_only and "metrc" in spec.systems}
WRITES = {name for name, spec in TOOLS.items() if not spec.read_only}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> ToolServer:
    return build_mcp_server(Settings(data_dir=tmp_path_factory.mktemp("outputs")))


def _objects(schema: Any) -> Iterator[dict[str, Any]]:
    """Every object schema inside a schema (the root, $defs, properties, items...)."""
    if isinstance(schema, dict):
        if schema.get("type") == "object":
            yield schema
        for value in schema.values():
            yield from _objects(value)
    elif isinstance(schema, list):
        for value in schema:
            yield from _objects(value)


def checked(server: ToolServer, name: str, result: CallToolResult) -> dict[str, Any]:
    """The structured content of a successful call, validated against the tool's schema."""
    text = " ".join(getattr(block, "text", "") for block in result.content)
    assert not result.is_error, f"{name}: {text}"
    structured = result.structured_content
    assert isinstance(structured, dict), name
    schema = server.tools[name].output_schema
    assert schema is not None
    errors = [
        f"{list(error.absolute_path)}: {error.message}"
        for error in jsonschema.Draft202012Validator(schema).iter_errors(structured)
    ]
    assert not errors, f"{name}: {errors[:5]}"
    assert json.loads(text) == structured  # clients that read text get the same object
    return structured


def test_every_tool_declares_a_precise_output_schema(server: ToolServer) -> None:
    assert set(server.tools) == set(TOOLS) and len(TOOLS) >= 103
    for name, tool in server.tools.items():
        schema = tool.output_schema
        assert schema is not None, name
        jsonschema.Draft202012Validator.check_schema(schema)
        assert schema["type"] == "object" and schema.get("description"), name
        assert schema["required"], f"{name}: a result with no required keys says nothing"
        for part in _objects(schema):
            # Every object either names its keys (and forbids others) or types its values.
            named = "properties" in part and part.get("additionalProperties") is False
            assert named or isinstance(part.get("additionalProperties"), dict), (name, part)
    written = server.tools["adjust_package"].output_schema
    assert written is not None and written["title"] == Written.__name__
    for name in WRITES:
        assert server.tools[name].output_schema == written, f"{name} is a write"


# Every read tool and skill in turn against the seeded sandbox: minutes on a loaded machine,
# so its safety net is wider than the suite's 300 s.
@pytest.mark.timeout(1200)
async def test_every_read_and_skill_returns_what_its_schema_says(
    server: ToolServer, reader: MetrcAccess
) -> None:
    async def call(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        with using(reader):
            result = await run_tool(server.tools[name], arguments)
        return checked(server, name, result)

    results = await call_every_read(call)
    assert set(results) == READS - NOT_SEEDED  # every read tool and skill was called
    lists = [r for r in results.values() if isinstance(r.get("items"), list)]
    assert sum(len(r["items"]) for r in lists) > 1000  # many records checked, not a few


async def test_writes_return_what_their_schema_says(
    server: ToolServer, writer: MetrcAccess
) -> None:
    async def call(tool: str, **arguments: Any) -> dict[str, Any]:
        with using(writer):
            result = await run_tool(server.tools[tool], arguments)
        return checked(server, tool, result)

    with using(writer):
        packages = await TOOLS["list_active_packages"].fn(DISPENSARY, page_size=5)
        batches = await TOOLS["list_active_plant_batches"].fn(CULTIVATOR)
    bag = packages["items"][0]
    batch = batches["items"][0]
    location = await call(
        "create_location",
        license_number=CULTIVATOR,
        name="Mother Room",
        location_type="Default Location Type",
    )
    strain = await call("create_strain", license_number=CULTIVATOR, name="Test Kush")
    adjusted = await call(
        "adjust_package",
        license_number=DISPENSARY,
        label=bag["Label"],
        quantity=-1,
        unit_of_measure=bag["UnitOfMeasureName"],
        reason="Scale Variance",
    )
    moved = await call(
        "move_plant_batch",
        license_number=CULTIVATOR,
        name=batch["Name"],
        location="Mother Room",
    )
    # The seeded year holds no item photo: one is uploaded, then read back through its schema.
    photo = await call(
        "upload_item_media",
        license_number=CULTIVATOR,
        kind="photo",
        file_name="front.png",
        content_base64=base64.b64encode(b"\x89PNG\r\n\x1a\n" + bytes(64)).decode(),
    )
    shown = await call(
        "get_item_media", license_number=CULTIVATOR, kind="photo", media_id=photo["ids"][0]
    )
    assert shown["file_name"] == "front.png"
    for result in (location, strain, adjusted, moved, photo):
        assert result["ok"] is True and result["message"]
    assert location["ids"] and strain["ids"]
