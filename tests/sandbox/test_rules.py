"""Metrc's rules as the sandbox enforces them: keys, licences, capabilities, limits, shapes."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

import httpx
import pytest

from tests.sandbox.conftest import CULTIVATOR, DISPENSARY, LAB, everything, sandbox
from trichome.config import Settings

pytestmark = pytest.mark.anyio


async def test_wrong_or_missing_keys_get_401(seeded: Settings) -> None:
    async with sandbox(seeded) as client:
        path = f"/packages/v2/active?licenseNumber={CULTIVATOR}"
        wrong = await client.get(path, auth=httpx.BasicAuth("sandbox-vendor-key", "guess"))
        swapped = await client.get(
            path, auth=httpx.BasicAuth("sandbox-user-key", "sandbox-vendor-key")
        )
        missing = await client.get(path, auth=None, headers={"Authorization": ""})
        right = await client.get(path)
    for response in (wrong, swapped, missing):
        assert response.status_code == 401
        assert "API key" in response.json()["Message"]
        assert response.headers["www-authenticate"].startswith("Basic")
    assert right.status_code == 200


async def test_configured_keys_replace_the_development_defaults(seeded: Settings) -> None:
    async with sandbox(seeded, sandbox_vendor_key="v-123", sandbox_user_key="u-456") as client:
        default = await client.get("/facilities/v2/")
        chosen = await client.get("/facilities/v2/", auth=httpx.BasicAuth("v-123", "u-456"))
    assert default.status_code == 401
    assert chosen.status_code == 200


async def test_facilities_are_a_plain_array_with_capability_flags(seeded: Settings) -> None:
    async with sandbox(seeded) as client:
        facilities = (await client.get("/facilities/v2/")).json()
    assert isinstance(facilities, list)
    by_licence = {f["License"]["Number"]: f for f in facilities}
    assert set(by_licence) >= {CULTIVATOR, DISPENSARY, LAB}
    assert by_licence[CULTIVATOR]["FacilityType"]["CanGrowPlants"] is True
    assert by_licence[DISPENSARY]["FacilityType"]["CanSellToConsumers"] is True
    assert by_licence[DISPENSARY]["FacilityType"]["CanGrowPlants"] is False


async def test_licence_number_is_required_and_limited_to_the_users(seeded: Settings) -> None:
    async with sandbox(seeded) as client:
        missing = await client.get("/packages/v2/active")
        foreign = await client.get("/packages/v2/active?licenseNumber=402R-00117")
    assert missing.status_code == 400
    assert "license number" in missing.json()["Message"]
    assert foreign.status_code == 401
    assert "402R-00117" in foreign.json()["Message"]


async def test_capability_flags_decide_what_a_licence_may_do(seeded: Settings) -> None:
    async with sandbox(seeded) as client:
        store_plants = await client.get(f"/plants/v2/flowering?licenseNumber={DISPENSARY}")
        grower_sales = await client.post(
            f"/sales/v2/receipts?licenseNumber={CULTIVATOR}",
            json=[{"SalesDateTime": "2026-11-20T12:00:00-07:00", "Transactions": []}],
        )
        store_results = await client.post(
            f"/labtests/v2/record?licenseNumber={DISPENSARY}",
            json=[{"Label": "x", "ResultDate": "2026-11-20", "Results": []}],
        )
        grower_plants = await client.get(f"/plants/v2/flowering?licenseNumber={CULTIVATOR}")
    for response, flag in (
        (store_plants, "CanGrowPlants"),
        (grower_sales, "CanSellToConsumers"),
        (store_results, "CanTestPackages"),
    ):
        assert response.status_code == 401
        assert flag in response.json()["Message"]
    assert grower_plants.status_code == 200


async def test_more_than_ten_objects_in_a_write_is_413(seeded: Settings) -> None:
    body = [{"Label": f"1A4X{n}", "ActualDate": "2026-11-20"} for n in range(11)]
    async with sandbox(seeded) as client:
        response = await client.put(f"/packages/v2/finish?licenseNumber={DISPENSARY}", json=body)
        ten = await client.put(f"/packages/v2/finish?licenseNumber={DISPENSARY}", json=body[:10])
    assert response.status_code == 413
    assert "10" in response.json()["Message"]
    assert ten.status_code == 400  # the ten are judged (and refused) row by row


async def test_last_modified_windows_are_at_most_24_hours_and_either_end_may_be_open(
    seeded: Settings,
) -> None:
    start = datetime.fromisoformat("2026-11-18T07:00:00+00:00")
    path = "/sales/v2/receipts/active"
    async with sandbox(seeded) as client:
        too_long = await client.get(
            path,
            params={
                "licenseNumber": DISPENSARY,
                "lastModifiedStart": start.isoformat(),
                "lastModifiedEnd": (start + timedelta(hours=24, seconds=1)).isoformat(),
            },
        )
        half = await client.get(
            path, params={"licenseNumber": DISPENSARY, "lastModifiedStart": start.isoformat()}
        )
        day = await everything(
            client,
            path,
            licenseNumber=DISPENSARY,
            lastModifiedStart=start.isoformat(),
            lastModifiedEnd=(start + timedelta(hours=24)).isoformat(),
        )
    assert too_long.status_code == 400
    assert "24 hours" in too_long.json()["Message"]
    # Each bound is optional in Metrc's documentation: a start alone leaves the end open.
    assert half.status_code == 200
    assert (
        all(datetime.fromisoformat(r["LastModified"]) >= start for r in half.json()["Data"])
        and half.json()["Data"]
    )
    assert len(day) > 40  # a day of the store's receipts
    for receipt in day:
        modified = datetime.fromisoformat(receipt["LastModified"])
        assert start <= modified <= start + timedelta(hours=24)


async def test_receipts_are_read_by_sale_date_as_metrc_documents(seeded: Settings) -> None:
    # GET /sales/v2/receipts/active and /inactive take salesDateStart/salesDateEnd (ISO 8601,
    # yyyy-mm-ddThh:mm:ssZ), not together with last-modified dates (OpenMetrc v2 swagger).
    start, end = "2026-11-18T07:00:00Z", "2026-11-19T06:59:59Z"
    bounds = (datetime.fromisoformat(start), datetime.fromisoformat(end))
    async with sandbox(seeded) as client:
        lists = {
            which: await everything(
                client,
                f"/sales/v2/receipts/{which}",
                licenseNumber=DISPENSARY,
                salesDateStart=start,
                salesDateEnd=end,
            )
            for which in ("active", "inactive")
        }
        from_only = await everything(
            client, "/sales/v2/receipts/inactive", licenseNumber=DISPENSARY, salesDateStart=start
        )
        path = f"/sales/v2/receipts/active?licenseNumber={DISPENSARY}"
        refused = [
            await client.get(f"{path}&salesDateStart=yesterday"),
            await client.get(f"{path}&salesDateStart={end}&salesDateEnd={start}"),
            await client.get(
                f"{path}&salesDateStart={start}&lastModifiedStart={start}&lastModifiedEnd={end}"
            ),
        ]
    sold = [r for found in lists.values() for r in found]
    assert len(sold) > 40  # a day of the store's receipts
    for receipt in sold:
        moment = datetime.fromisoformat(receipt["SalesDateTime"])
        assert bounds[0] <= moment <= bounds[1], receipt["SalesDateTime"]
    assert all(not r["IsFinal"] and r["ArchivedDate"] is None for r in lists["active"])
    assert {r["Id"] for r in lists["inactive"]} <= {r["Id"] for r in from_only}
    assert all(datetime.fromisoformat(r["SalesDateTime"]) >= bounds[0] for r in from_only)
    assert [answer.status_code for answer in refused] == [400, 400, 400]
    assert all(answer.json()["Message"] for answer in refused)
    assert "last modified" in refused[2].json()["Message"]


async def test_paging_envelope_and_page_size_limit(seeded: Settings) -> None:
    async with sandbox(seeded) as client:
        first = await client.get(
            "/packages/v2/inactive",
            params={"licenseNumber": DISPENSARY, "pageNumber": 1, "pageSize": 20},
        )
        too_big = await client.get(
            "/packages/v2/inactive", params={"licenseNumber": DISPENSARY, "pageSize": 21}
        )
        second = await client.get(
            "/packages/v2/inactive",
            params={"licenseNumber": DISPENSARY, "pageNumber": 2, "pageSize": 20},
        )
    body = first.json()
    assert set(body) >= {"Data", "Total", "PageSize", "Page", "TotalPages", "RecordsOnPage"}
    assert body["RecordsOnPage"] == len(body["Data"]) == 20
    assert body["TotalPages"] == -(-body["Total"] // 20)
    assert too_big.status_code == 400
    assert {p["Id"] for p in body["Data"]}.isdisjoint({p["Id"] for p in second.json()["Data"]})


async def test_validation_failures_name_each_row_and_change_nothing(seeded: Settings) -> None:
    async with sandbox(seeded) as client:
        packages = (
            await client.get(
                "/packages/v2/active",
                params={"licenseNumber": DISPENSARY, "pageNumber": 1, "pageSize": 20},
            )
        ).json()["Data"]
        good = next(p for p in packages if p["Quantity"] > 2)
        response = await client.post(
            f"/packages/v2/adjust?licenseNumber={DISPENSARY}",
            json=[
                {
                    "Label": good["Label"],
                    "Quantity": -1,
                    "UnitOfMeasure": good["UnitOfMeasureName"],
                    "AdjustmentReason": "Scale Variance",
                    "AdjustmentDate": "2026-11-20",
                },
                {
                    "Label": good["Label"],
                    "Quantity": -1,
                    "UnitOfMeasure": good["UnitOfMeasureName"],
                    "AdjustmentReason": "Because",
                    "AdjustmentDate": "2026-11-20",
                },
            ],
        )
        after = (await client.get(f"/packages/v2/{good['Id']}?licenseNumber={DISPENSARY}")).json()
    assert response.status_code == 400
    errors = response.json()
    assert [error["row"] for error in errors] == [1]
    assert "AdjustmentReason" in errors[0]["message"]
    assert after["Quantity"] == good["Quantity"]


async def test_get_rate_limit_per_facility_answers_429_with_retry_after(seeded: Settings) -> None:
    async with sandbox(seeded, sandbox_get_rate_limit=3) as client:
        path = "/packages/v2/adjust/reasons"
        answers = [
            (await client.get(f"{path}?licenseNumber={DISPENSARY}")).status_code for _ in range(4)
        ]
        limited = await client.get(f"{path}?licenseNumber={DISPENSARY}")
        other = await client.get(f"{path}?licenseNumber={CULTIVATOR}")
        write = await client.put(f"/packages/v2/finish?licenseNumber={DISPENSARY}", json=[])
    assert answers[:3] == [200, 200, 200]
    assert answers[3] == 429
    assert limited.status_code == 429
    assert 1 <= int(limited.headers["retry-after"]) <= 2
    assert other.status_code == 200  # another facility has its own budget
    assert write.status_code != 429  # Metrc limits GETs only


def test_the_vendor_key_gets_three_facilities_worth_of_gets_a_second(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from trichome.services.sandbox import rules

    now = [1000.0]  # a clock the test moves, so the machine's speed plays no part
    monkeypatch.setattr(rules.time, "monotonic", lambda: now[0])
    limit = rules.GetRateLimit(2)
    for licence in ("A", "B", "C"):
        for _ in range(2):
            limit.check(licence)
    with pytest.raises(rules.MetrcHttpError) as over:
        limit.check("D")  # a fresh facility, but the vendor key has had its six
    assert over.value.status == 429 and "vendor key" in over.value.body["Message"]
    now[0] += 1.01  # a second later both windows have room again
    limit.check("D")
    limit.check("A")


async def test_unknown_routes_and_objects_are_404_in_metrc_shape(seeded: Settings) -> None:
    async with sandbox(seeded) as client:
        route = await client.get(f"/nothing/v2/here?licenseNumber={DISPENSARY}")
        package = await client.get(f"/packages/v2/999999999?licenseNumber={DISPENSARY}")
    assert route.status_code == 404
    assert package.status_code == 404
    assert "Message" in package.json()


ODD_BODIES: list[Any] = [
    None,
    "x",
    {},
    [None],
    [{}],
    [{"Id": "x", "Label": 5, "Quantity": "5", "ActualDate": "2026-13-45"}],
    [{"Id": 10**30, "Destinations": [1], "Ingredients": "x", "Transactions": [1]}],
    [{"Results": [1], "Destinations": [{"Packages": [None, "x"]}], "Count": "x"}],
    # Values of the wrong JSON type where a name from a list is looked up.
    [{"TestingStatus": {}, "Name": "x", "Results": [{"LabTestTypeName": []}]}],
    [{"Ingredients": 5, "Destinations": {"a": 1}, "UnitOfWeight": {}}],
    [{"Ingredients": [{"HarvestName": "x", "Weight": 1, "UnitOfWeight": []}]}],
    [{"Id": 1, "WasteType": "Trim", "WasteWeight": 1, "ActualDate": "2026-01-01"}],
]
ODD_QUERIES: list[dict[str, str]] = [
    {"pageSize": "x"},
    {"pageSize": "5", "pageNumber": "99999999999999999999"},
    {"lastModifiedStart": "x", "lastModifiedEnd": "y"},
    {"salesDateStart": "x", "salesDateEnd": "2026-02-30T00:00:00Z"},
    {"packageId": "9" * 30, "harvestId": "-1"},
]


async def test_odd_requests_get_metrc_errors_never_a_500(seeded: Settings) -> None:
    app_paths = sandbox_paths()
    async with sandbox(seeded) as client:
        for method, path in app_paths:
            url = re.sub(r"\{[a-z_]+\}", "9" * 25, path)
            for licence in (CULTIVATOR, DISPENSARY):
                if method == "GET":
                    for query in ODD_QUERIES:
                        answer = await client.get(url, params={"licenseNumber": licence, **query})
                        assert answer.status_code < 500, (url, query, answer.text)
                    continue
                for body in ODD_BODIES:
                    answer = await client.request(
                        method, url, params={"licenseNumber": licence}, json=body
                    )
                    assert answer.status_code < 500, (method, url, body, answer.text)
                    if answer.is_success:  # some odd bodies are valid: a sublocation named "x"
                        continue
                    assert "Message" in answer.text or answer.json()[0]["message"]


def sandbox_paths() -> list[tuple[str, str]]:
    from trichome.services.sandbox.app import create_app

    spec = create_app().openapi()["paths"]
    return [(method.upper(), path) for path, operations in spec.items() for method in operations]


async def test_a_page_number_is_checked_even_without_a_page_size(seeded: Settings) -> None:
    async with sandbox(seeded) as client:
        path = "/packages/v2/inactive"
        for number in ("0", "x", "-3"):
            refused = await client.get(
                path, params={"licenseNumber": DISPENSARY, "pageNumber": number}
            )
            assert refused.status_code == 400, number
            assert "pageNumber" in refused.json()["Message"]
        whole = await client.get(path, params={"licenseNumber": DISPENSARY, "pageNumber": "1"})
    assert whole.status_code == 200


async def test_an_action_path_is_not_read_as_an_object_id_or_label(seeded: Settings) -> None:
    async with sandbox(seeded) as client:
        action = await client.get(f"/packages/v2/adjust?licenseNumber={DISPENSARY}")
        finish = await client.get(f"/harvests/v2/finish?licenseNumber={CULTIVATOR}")
        label = await client.get(
            f"/packages/v2/1A4FF0000000000000000001?licenseNumber={DISPENSARY}"
        )
    # POST adjusts by a difference, PUT sets the new quantity (Metrc's AdjustQuantity).
    assert (action.status_code, action.headers["allow"]) == (405, "POST, PUT")
    assert (finish.status_code, finish.headers["allow"]) == (405, "PUT")
    assert label.status_code == 404 and "was not found" in label.json()["Message"]


async def test_write_objects_must_fit_the_schema_the_document_publishes(seeded: Settings) -> None:
    async with sandbox(seeded) as client:
        document = (await client.get("/openapi.json")).json()
        body = document["paths"]["/packages/v2/adjust"]["post"]["requestBody"]
        item = body["content"]["application/json"]["schema"]["items"]
        assert set(item["required"]) == {
            "Label",
            "Quantity",
            "UnitOfMeasure",
            "AdjustmentReason",
            "AdjustmentDate",
        }
        valid = {
            "Label": "1A4FF0000000000000000001",
            "Quantity": -1,
            "UnitOfMeasure": "Grams",
            "AdjustmentReason": "Drying",
            "AdjustmentDate": "2026-11-20",
        }
        url = f"/packages/v2/adjust?licenseNumber={DISPENSARY}"
        answers = {
            field: await client.post(url, json=[{k: v for k, v in valid.items() if k != field}])
            for field in item["required"]
        }
        wrong = await client.post(
            url,
            json=[
                valid,
                {**valid, "Quantity": "-1", "UnitOfMeasure": "Bushels", "AdjustmentDate": "20 Nov"},
            ],
        )
    for field, answer in answers.items():
        assert answer.status_code == 400
        assert answer.json() == [{"row": 0, "message": f"{field} is required."}]
    assert wrong.status_code == 400
    problems = wrong.json()
    assert {problem["row"] for problem in problems} == {1}  # row 0 fits; its label is checked later
    assert [p["message"].split(" ")[0] for p in problems] == [
        "Quantity",
        "UnitOfMeasure",
        "AdjustmentDate",
    ]


@pytest.mark.parametrize(
    "query",
    [{"pageSize": "-46"}, {"pageSize": "21"}, {"lastModifiedStart": "not a moment"}],
)
async def test_job_types_check_the_paging_and_bounds_they_publish(
    seeded: Settings, query: dict[str, str]
) -> None:
    """GET /processing/v2/jobtypes/active publishes pageSize and the last-modified bounds;
    bad ones are 400 as on every list, and a page holds what it asks for."""
    async with sandbox(seeded) as client:
        params = {"licenseNumber": "SF-SBX-CO-22-8002"}
        refused = await client.get("/processing/v2/jobtypes/active", params=params | query)
        page = await client.get("/processing/v2/jobtypes/active", params=params | {"pageSize": "1"})
    assert refused.status_code == 400, refused.text
    body = page.json()
    assert len(body["Data"]) == 1 and body["Total"] == body["TotalPages"] >= 2
