"""The sandbox pages every list Metrc documents as paged, and narrows by last-modified dates
only the lists Metrc documents them for (`trichome.metrc.list_queries`); on the others, such
as package adjustments and plant waste, Metrc names no date filter and the dates change
nothing."""

from __future__ import annotations

import pytest

from tests.sandbox.conftest import CULTIVATOR, DISPENSARY, sandbox
from trichome.config import Settings
from trichome.metrc.list_queries import DATED, PAGED

pytestmark = pytest.mark.anyio
LONG_AGO = {"lastModifiedStart": "2001-01-01T00:00:00Z", "lastModifiedEnd": "2001-01-01T12:00:00Z"}


async def test_every_documented_paged_list_answers_a_page_at_a_time(seeded: Settings) -> None:
    longer_than_a_page = []
    async with sandbox(seeded) as client:
        for path in sorted(p for p in PAGED if "{" not in p):
            for licence in (CULTIVATOR, DISPENSARY):
                first = await client.get(
                    path, params={"licenseNumber": licence, "pageNumber": 1, "pageSize": 2}
                )
                if first.status_code != 200 or not isinstance(first.json(), dict):
                    continue  # a list the licence may not read
                total = first.json()["Total"]
                assert len(first.json()["Data"]) == min(total, 2), path
                paged = await client.get(
                    path, params={"licenseNumber": licence, "pageNumber": 2, "pageSize": 1}
                )
                body = paged.json()
                assert paged.status_code == 200, (path, paged.text)
                assert (body["Total"], body["PageSize"]) == (total, 1), path
                assert len(body["Data"]) == (1 if total >= 2 else 0), path
                if total >= 2:
                    longer_than_a_page.append(path)
                    assert body["Data"][0] == first.json()["Data"][1], path
    assert len(set(longer_than_a_page)) >= 20  # the check reached most lists


@pytest.mark.parametrize("size", [20, 7])
async def test_shipped_packages_page_by_page_are_the_whole_list(
    seeded: Settings, size: int
) -> None:
    """Pages of 20 (Metrc's maximum) and of 7, which cut deliveries' rows across pages."""
    path, mine = "/packages/v2/transferred", {"licenseNumber": CULTIVATOR}
    async with sandbox(seeded) as client:
        whole = (await client.get(path, params=mine)).json()
        pages = []
        number = 1
        while True:
            answer = await client.get(path, params={**mine, "pageNumber": number, "pageSize": size})
            body = answer.json()
            assert answer.status_code == 200 and body["Page"] == number
            assert (body["Total"], body["PageSize"]) == (whole["Total"], size)
            pages.append(body["Data"])
            if number >= body["TotalPages"]:
                break
            number += 1
        beyond = await client.get(path, params={**mine, "pageNumber": number + 1, "pageSize": size})
        dated = await client.get(path, params={**mine, "pageSize": size, **LONG_AGO})
    assert len(pages) >= 3  # long enough to cross pages
    assert all(len(page) == size for page in pages[:-1]) and 0 < len(pages[-1]) <= size
    # In the whole list's order, with no row repeated or left out.
    assert [row for page in pages for row in page] == whole["Data"]
    ids = [row["Id"] for row in whole["Data"]]
    assert len(ids) == len(set(ids)) == whole["Total"]
    assert beyond.json()["Data"] == []
    assert (dated.json()["Total"], dated.json()["Data"]) == (0, [])


@pytest.mark.parametrize(
    ("path", "licence"),
    [
        ("/packages/v2/adjustments", DISPENSARY),
        ("/plants/v2/waste", CULTIVATOR),
        ("/plantbatches/v2/waste", CULTIVATOR),
        ("/transfers/v2/rejected", CULTIVATOR),
    ],
)
async def test_dates_do_not_narrow_a_list_metrc_gives_no_date_filter(
    seeded: Settings, path: str, licence: str
) -> None:
    assert path not in DATED
    async with sandbox(seeded) as client:
        whole = await client.get(path, params={"licenseNumber": licence, "pageSize": 20})
        dated = await client.get(
            path, params={"licenseNumber": licence, "pageSize": 20, **LONG_AGO}
        )
    assert whole.status_code == dated.status_code == 200
    assert whole.json()["Total"] > 0
    assert dated.json() == whole.json()


async def test_dates_narrow_a_list_metrc_dates(seeded: Settings) -> None:
    async with sandbox(seeded) as client:
        whole = await client.get(
            "/packages/v2/inactive", params={"licenseNumber": DISPENSARY, "pageSize": 20}
        )
        dated = await client.get(
            "/packages/v2/inactive",
            params={"licenseNumber": DISPENSARY, "pageSize": 20, **LONG_AGO},
        )
    assert whole.json()["Total"] > 0 and dated.json()["Total"] == 0
