"""Reads against a real local HTTP server: auth, licence, paging, plain arrays, date windows."""

from __future__ import annotations

import base64
from datetime import UTC, datetime, timedelta, timezone
from urllib.parse import parse_qs

import pytest
from starlette.responses import JSONResponse, Response

from tests.metrc.conftest import LICENCE, USER_KEY, VENDOR_KEY, ClientFactory
from tests.metrc.fake_metrc import Call, FakeMetrc, envelope, paged
from trichome.metrc import MetrcClient, MetrcCredentials, MetrcError
from trichome.metrc.paging import UNPAGED

pytestmark = pytest.mark.anyio


async def test_basic_auth_vendor_key_as_user_and_user_key_as_password(
    client: MetrcClient, fake: FakeMetrc
) -> None:
    fake.script = lambda call: JSONResponse([{"Name": "Grow", "License": {"Number": LICENCE}}])
    facilities = await client.facilities()
    assert facilities == [{"Name": "Grow", "License": {"Number": LICENCE}}]
    call = fake.calls[0]
    assert call.method == "GET" and call.path == "/facilities/v2"
    assert call.authorization is not None and call.authorization.startswith("Basic ")
    decoded = base64.b64decode(call.authorization.removeprefix("Basic ")).decode()
    assert decoded == f"{VENDOR_KEY}:{USER_KEY}"
    assert "licenseNumber" not in call.params


async def test_credentials_per_call_override_the_client_and_are_required(
    make_client: ClientFactory, fake: FakeMetrc
) -> None:
    shared = make_client(credentials=None)
    tenant = MetrcCredentials("tenant-vendor", "tenant-user")
    await shared.employees(LICENCE, credentials=tenant)
    authorization = fake.calls[0].authorization or ""
    decoded = base64.b64decode(authorization.removeprefix("Basic ")).decode()
    assert decoded == "tenant-vendor:tenant-user"
    with pytest.raises(ValueError, match="No Metrc credentials"):
        await shared.employees(LICENCE)


async def test_licence_is_sent_as_licenseNumber(client: MetrcClient, fake: FakeMetrc) -> None:
    fake.script = lambda call: paged([{"Id": 1}], call)
    assert await client.packages_active(LICENCE) == [{"Id": 1}]
    assert fake.calls[0].path == "/packages/v2/active"
    assert fake.calls[0].params == {"licenseNumber": LICENCE, "pageNumber": "1", "pageSize": "20"}


async def test_paging_fetches_every_page_and_concatenates(
    client: MetrcClient, fake: FakeMetrc
) -> None:
    records = [{"Id": n, "Label": f"TAG{n:04d}"} for n in range(1, 46)]
    fake.script = lambda call: paged(records, call)
    result = await client.packages_active(LICENCE, page_size=20)
    assert result == records
    pages = sorted((c.params["pageNumber"], c.params["pageSize"]) for c in fake.calls)
    assert pages == [("1", "20"), ("2", "20"), ("3", "20")]
    assert all(c.params["licenseNumber"] == LICENCE for c in fake.calls)


async def test_a_read_metrc_documents_as_paged_comes_in_pages_of_20_unasked(
    client: MetrcClient, fake: FakeMetrc
) -> None:
    records = [{"Id": n} for n in range(1, 31)]
    fake.script = lambda call: paged(records, call)
    assert await client.harvests_active(LICENCE) == records
    pages = sorted((c.params["pageNumber"], c.params["pageSize"]) for c in fake.calls)
    assert pages == [("1", "20"), ("2", "20")]


async def test_unpaged_sends_no_paging_parameters(client: MetrcClient, fake: FakeMetrc) -> None:
    records = [{"Id": n} for n in range(1, 31)]
    fake.script = lambda call: paged(records, call)
    assert await client.harvests_active(LICENCE, page_size=UNPAGED) == records
    assert len(fake.calls) == 1
    assert "pageSize" not in fake.calls[0].params and "pageNumber" not in fake.calls[0].params


async def test_pages_are_followed_when_the_server_pages_unasked(
    client: MetrcClient, fake: FakeMetrc
) -> None:
    records = [{"Id": n} for n in range(1, 8)]

    def script(call: Call) -> Response:
        number = int(call.params.get("pageNumber", "1"))
        return JSONResponse(envelope(records[(number - 1) * 3 : number * 3], number, 3, 7))

    fake.script = script
    assert await client.strains_active(LICENCE) == records
    assert sorted(c.params.get("pageNumber", "1") for c in fake.calls) == ["1", "2", "3"]


async def test_plain_array_responses_are_lists(client: MetrcClient, fake: FakeMetrc) -> None:
    fake.script = lambda call: JSONResponse(["Consumer", "Patient", "Caregiver"])
    assert await client.sales_customer_types(LICENCE, credentials=None) == [
        "Consumer", "Patient", "Caregiver",
    ]  # fmt: skip
    tags = [{"Id": 1, "Label": "1A4050000000000000000001"}]
    fake.script = lambda call: JSONResponse(tags)
    assert await client.plant_tags_available(LICENCE) == tags
    # A plain array is complete even when paging was asked for.
    assert await client.list("/tags/v2/package/available", LICENCE, page_size=20) == tags


@pytest.mark.parametrize("size", [21, -1, 100])
async def test_page_size_must_be_1_to_20(client: MetrcClient, size: int) -> None:
    with pytest.raises(ValueError, match="between 1 and 20"):
        await client.packages_active(LICENCE, page_size=size)


async def test_three_day_range_is_three_24_hour_windows_deduplicated(
    client: MetrcClient, fake: FakeMetrc
) -> None:
    plus_two = timezone(timedelta(hours=2))
    start = datetime(2024, 3, 1, 6, 30, tzinfo=plus_two)
    end = start + timedelta(days=3)

    def script(call: Call) -> Response:
        window_start = datetime.fromisoformat(call.params["lastModifiedStart"])
        day = (window_start - start) // timedelta(days=1)
        # Id 1 changed in every window: the last version is kept, at its first place.
        records = [{"Id": 1, "Version": day}, {"Id": 100 + day}]
        return paged(records, call)

    fake.script = script
    result = await client.packages_active(
        LICENCE, last_modified_start=start, last_modified_end=end, page_size=20
    )
    assert result == [{"Id": 1, "Version": 2}, {"Id": 100}, {"Id": 101}, {"Id": 102}]
    windows = sorted(
        (datetime.fromisoformat(c.params["lastModifiedStart"]),
         datetime.fromisoformat(c.params["lastModifiedEnd"]))
        for c in fake.calls
    )  # fmt: skip
    assert len(windows) == 3
    assert windows[0][0] == start and windows[-1][1] == end
    for (lower, upper), following in zip(windows, [*windows[1:], (end, end)], strict=True):
        assert timedelta(0) < upper - lower <= timedelta(hours=24)
        assert following[0] == upper  # consecutive, no gap
    # The offset's '+' is percent-encoded, so the server does not read it as a space.
    for call in fake.calls:
        raw = parse_qs(call.raw_query)
        assert "%2B02%3A00" in call.raw_query
        assert raw["lastModifiedStart"][0].endswith("+02:00")


async def test_a_range_within_24_hours_is_one_request(client: MetrcClient, fake: FakeMetrc) -> None:
    start = datetime(2024, 3, 1, tzinfo=UTC)
    fake.script = lambda call: paged([{"Id": 7}], call)
    assert await client.items_active(
        LICENCE, last_modified_start=start, last_modified_end=start + timedelta(hours=24)
    ) == [{"Id": 7}]
    assert len(fake.calls) == 1
    assert fake.calls[0].params["lastModifiedStart"] == "2024-03-01T00:00:00+00:00"
    assert fake.calls[0].params["lastModifiedEnd"] == "2024-03-02T00:00:00+00:00"


async def test_date_ranges_must_be_timezone_aware_and_ordered(client: MetrcClient) -> None:
    naive = datetime(2024, 3, 1)
    with pytest.raises(ValueError, match="timezone-aware"):
        await client.packages_active(LICENCE, last_modified_start=naive)
    aware = datetime(2024, 3, 1, tzinfo=UTC)
    with pytest.raises(ValueError, match="before"):
        await client.packages_active(
            LICENCE, last_modified_start=aware, last_modified_end=aware - timedelta(hours=1)
        )
    with pytest.raises(ValueError, match="needs last_modified_start"):
        await client.packages_active(LICENCE, last_modified_end=aware)


async def test_transfers_keep_one_row_per_delivery_across_windows(
    client: MetrcClient, fake: FakeMetrc
) -> None:
    start = datetime(2024, 3, 1, tzinfo=UTC)
    rows = [{"Id": 9, "DeliveryId": 1}, {"Id": 9, "DeliveryId": 2}]
    fake.script = lambda call: paged(rows, call)
    result = await client.transfers_incoming(
        LICENCE, last_modified_start=start, last_modified_end=start + timedelta(hours=30)
    )
    assert result == rows
    assert len(fake.calls) == 2


async def test_get_by_label_and_by_id(client: MetrcClient, fake: FakeMetrc) -> None:
    fake.script = lambda call: JSONResponse({"Id": 5, "Label": "1A40 5/X"})
    assert (await client.package(LICENCE, label="1A40 5/X"))["Id"] == 5
    await client.plant(LICENCE, plant_id=12)
    assert [c.raw_path for c in fake.calls] == ["/packages/v2/1A40%205%2FX", "/plants/v2/12"]
    with pytest.raises(ValueError, match="either"):
        await client.package(LICENCE)


async def test_unexpected_list_shape_is_a_metrc_error(client: MetrcClient, fake: FakeMetrc) -> None:
    fake.script = lambda call: JSONResponse({"Something": "else"})
    with pytest.raises(MetrcError, match="unexpected shape"):
        await client.packages_active(LICENCE)


async def test_full_urls_are_refused_so_keys_stay_on_the_metrc_host(client: MetrcClient) -> None:
    with pytest.raises(ValueError, match="not a full URL"):
        await client.get("https://elsewhere.example/steal", LICENCE)
