"""A Metrc that answers with our fixtures in Metrc's documented shapes (tests/metrc/fixtures/
documented and its folders), for testing the client's parsing, the mapping and the skills
without the sandbox.

Each fixture file names the operation it follows and lists requests (path, query) with their
responses: JSON, or a file (`"file": {"base64", "content_type", "content_disposition"}`),
answered as its bytes with those headers. The server matches a request by path and by the fixture's query parameters (a
subset of the request's), pages a list when asked, and answers a last-modified window with
the records last modified in it and sales dates with the receipts sold between them (a
SalesDateTime, local time in Metrc's examples, read against the bounds as written), as
Metrc does; sales dates with last-modified dates are a 400, as Metrc documents. A write
(POST, PUT, DELETE) is checked against the documented request body its fixture describes and
answered as documented, or refused with a 400 (writes.py); every call is kept in `fake.calls`
for a test to read what was sent. A request no fixture answers is a 404, so a skill reading
or a tool writing something the fixtures lack fails loudly.
"""

from __future__ import annotations

import base64
import json
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any

import pytest
from starlette.responses import JSONResponse, Response

from tests.metrc.conftest import ClientFactory
from tests.metrc.documented.writes import Write, answer_write, load_writes
from tests.metrc.fake_metrc import Call, FakeMetrc, envelope
from trichome.metrc import MetrcCredentials
from trichome.metrc.tools import MetrcAccess, using

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "documented"
AS_OF = date(2026, 6, 15)
GROWER = "403R-00101"
STORE = "402R-00207"
WINDOWS = {"lastModifiedStart", "lastModifiedEnd", "salesDateStart", "salesDateEnd"}
IGNORED = {"pageNumber", "pageSize", *WINDOWS}


@dataclass(frozen=True)
class FileAnswer:
    """A file a fixture answers: its bytes and the headers they come with."""

    content: bytes
    headers: dict[str, str]


@dataclass(frozen=True)
class Answer:
    """One request a fixture answers."""

    fixture: str
    operation: str
    path: str
    query: dict[str, str]
    response: Any


def load_fixtures() -> list[Answer]:
    """Every read the fixtures answer, in any folder (writes are writes.py's)."""
    answers = []
    for file in sorted(FIXTURES.rglob("*.json")):
        document = json.loads(file.read_text(encoding="utf-8"))
        operation = document["operation"]
        if not operation.startswith("GET "):
            continue  # a write: writes.py answers it
        for request in document["requests"]:
            path = request.get("path") or operation.split(" ", 1)[1]
            response = request.get("response")
            if "file" in request:
                sent = request["file"]
                headers = {
                    "Content-Type": sent["content_type"],
                    **({"Content-Disposition": sent["content_disposition"]}
                       if sent.get("content_disposition") else {}),
                }  # fmt: skip
                response = FileAnswer(base64.b64decode(sent["base64"]), headers)
            answers.append(
                Answer(file.stem, operation, path.rstrip("/"), request["query"], response)
            )
    return answers


def fixture(name: str) -> dict[str, Any]:
    """One fixture file as written."""
    document: dict[str, Any] = json.loads((FIXTURES / f"{name}.json").read_text("utf-8"))
    return document


def records(name: str, license_number: str | None = None) -> list[dict[str, Any]]:
    """The records a fixture answers (for one licence), in order."""
    found = []
    for request in fixture(name)["requests"]:
        if license_number and request["query"].get("licenseNumber") not in (None, license_number):
            continue
        response = request["response"]
        found += response["Data"] if isinstance(response, dict) else response
    return found


def _moment(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def answer(answers: list[Answer], call: Call, writes: Sequence[Write] = ()) -> Response:
    """The fixture's response to a request, paged and windowed as Metrc would; a write's
    answer when it fits its documented body."""
    if call.method != "GET" and (written := answer_write(writes, call)) is not None:
        return written
    path = call.path.rstrip("/")
    query = {k: v for k, v in call.params.items() if k not in IGNORED}
    matches = [
        a for a in answers if a.path == path and all(query.get(k) == v for k, v in a.query.items())
    ]
    if call.method != "GET" or not matches:
        message = f"No documented fixture answers {call.method} {call.path} {call.params}."
        return JSONResponse({"Message": message}, 404)
    response = matches[0].response
    if isinstance(response, FileAnswer):
        return Response(response.content, headers=response.headers)
    if not isinstance(response, dict) or "Data" not in response:
        return JSONResponse(response)
    data = list(response["Data"])
    sales = {"salesDateStart", "salesDateEnd"} & set(call.params)
    if sales and {"lastModifiedStart", "lastModifiedEnd"} & set(call.params):
        message = "Sales date parameters cannot be combined with last modified parameters."
        return JSONResponse({"Message": message}, 400)
    if sales:
        start = _moment(call.params.get("salesDateStart", "0001-01-01T00:00:00Z"))
        end = _moment(call.params.get("salesDateEnd", "9999-12-31T00:00:00Z"))
        data = [r for r in data if start <= _moment(r["SalesDateTime"] + "Z") <= end]
    if "lastModifiedStart" in call.params:
        start = _moment(call.params["lastModifiedStart"])
        end = _moment(call.params.get("lastModifiedEnd", "9999-12-31T00:00:00+00:00"))
        data = [r for r in data if start <= _moment(r["LastModified"]) < end]
    if "pageSize" in call.params:
        size, number = int(call.params["pageSize"]), int(call.params.get("pageNumber", "1"))
        chunk = data[(number - 1) * size : number * size]
        return JSONResponse(envelope(chunk, number, size, len(data)))
    return JSONResponse(envelope(data, 1, max(len(data), 1), len(data)))


@pytest.fixture
def documented(fake: FakeMetrc) -> FakeMetrc:
    """The fake Metrc, answering from the documented fixtures."""
    answers, writes = load_fixtures(), load_writes(FIXTURES)
    fake.script = lambda call: answer(answers, call, writes)
    return fake


Run = Callable[..., Awaitable[Any]]


@pytest.fixture
async def metrc(
    documented: FakeMetrc, make_client: ClientFactory, credentials: MetrcCredentials
) -> MetrcAccess:
    """Metrc access through the real client to the documented fixtures (today = AS_OF)."""
    return MetrcAccess(make_client(), credentials, today=AS_OF)


@pytest.fixture
async def run(metrc: MetrcAccess) -> AsyncIterator[Run]:
    """Calls a tool with the documented fixtures as its Metrc."""

    async def call(tool: Callable[..., Awaitable[Any]], **arguments: Any) -> Any:
        with using(metrc):
            return await tool(**arguments)

    yield call
