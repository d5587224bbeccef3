"""expiration_tracker on the seeded year, against expiry dates read from the records."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

import pytest

from tests.metrc.skills.conftest import Run
from tests.metrc.skills.facts import Year, day
from tests.support.sandbox import AS_OF, CULTIVATOR, DISPENSARY
from trichome.metrc.tools import ToolProblem
from trichome.metrc.tools.compliance import expiration_tracker

pytestmark = pytest.mark.anyio

Expiry = Callable[[Any], date | None]


def product_expiry(package: Any) -> date | None:
    dates = [day(package.data[k]) for k in ("ExpirationDate", "UseByDate", "SellByDate")]
    return min((d for d in dates if d), default=None)


def lab_expiry(package: Any) -> date | None:
    return day(package.data["LabTestResultExpirationDateTime"])


def expected_buckets(
    year: Year, license: str, expiry: Expiry, limits: tuple[int, int, int]
) -> dict[str, set[str]]:
    """The stock's labels by bucket: expired, then the first limit each falls within."""
    buckets: dict[str, set[str]] = {"expired": set()}
    buckets |= {f"within_{most}_days": set() for most in limits}
    for package in year.stock(license):
        ends = expiry(package)
        if ends is None:
            continue
        left = (ends - AS_OF).days
        if left < 0:
            buckets["expired"].add(package.label)
            continue
        most = next((most for most in limits if left <= most), None)
        if most is not None:
            buckets[f"within_{most}_days"].add(package.label)
    return buckets


def reported(result: dict[str, Any], kind: str) -> dict[str, set[str]]:
    return {name: {row["label"] for row in rows} for name, rows in result["details"][kind].items()}


def flagged(result: dict[str, Any], check: str) -> set[str]:
    found = next((f for f in result["findings"] if f["check"] == check), None)
    return set(found["packages"]) if found else set()


async def test_the_store_s_stock_falls_in_the_default_buckets(run: Run, year: Year) -> None:
    result = await run(expiration_tracker, license_number=DISPENSARY)

    assert result["parameters"] == {"soon_days": 7, "within_days": 30, "horizon_days": 90}
    stock = year.stock(DISPENSARY)
    assert result["counts"]["packages_checked"] == len(stock)
    for kind, expiry in (("product", product_expiry), ("lab_result", lab_expiry)):
        expected = expected_buckets(year, DISPENSARY, expiry, (7, 30, 90))
        assert reported(result, kind) == expected
        assert result["counts"][f"{kind}_undated"] == sum(1 for p in stock if expiry(p) is None)
        for name, labels in expected.items():
            assert result["counts"][f"{kind}_{name}"] == len(labels)
            assert flagged(result, f"{kind}_{name}") == labels

    product = expected_buckets(year, DISPENSARY, product_expiry, (7, 30, 90))
    assert len(product["expired"]) == 3
    severities = {f["check"]: f["severity"] for f in result["findings"]}
    assert severities["product_expired"] == "high"
    assert severities["product_within_7_days"] == "medium"
    assert result["findings"][0]["check"] == "product_expired"
    assert "3 expired, 1 within 7" in result["summary"]
    # The sandbox's lab test types set no expiration days (as Metrc's examples): no result is
    # dated, none is bucketed or flagged, and the summary says so rather than "0 expired".
    assert result["counts"]["lab_result_undated"] == len(stock)
    assert not any(f["check"].startswith("lab_result") for f in result["findings"])
    assert f"({len(stock)} with no lab-result expiry date, not bucketed)" in result["summary"]

    label = sorted(product["expired"])[0]
    package = year.packages_by_label[label]
    row = next(r for r in result["details"]["product"]["expired"] if r["label"] == label)
    assert row["quantity"] == package.data["Quantity"]
    assert row["location"] == package.data["LocationName"]
    assert row["item"] == package.data["Item"]["Name"]
    expires = product_expiry(package)
    assert expires is not None and row["expires"] == expires.isoformat()
    assert row["days_left"] == (expires - AS_OF).days < 0


async def test_the_bucket_limits_are_parameters(run: Run, year: Year) -> None:
    limits = (3, 14, 365)
    result = await run(
        expiration_tracker,
        license_number=DISPENSARY,
        soon_days=limits[0],
        within_days=limits[1],
        horizon_days=limits[2],
    )
    lab = expected_buckets(year, DISPENSARY, lab_expiry, limits)
    assert reported(result, "lab_result") == lab
    assert reported(result, "product") == expected_buckets(year, DISPENSARY, product_expiry, limits)
    # A year's horizon takes in product dates the default 90 days leaves out.
    product = expected_buckets(year, DISPENSARY, product_expiry, limits)
    default = expected_buckets(year, DISPENSARY, product_expiry, (7, 30, 90))
    assert len(product["within_365_days"]) > len(default["within_90_days"])
    assert result["counts"]["product_within_365_days"] == len(product["within_365_days"])
    assert "within_90_days" not in result["details"]["lab_result"]


async def test_the_cultivator_s_pre_rolls_are_its_only_dated_product(run: Run, year: Year) -> None:
    result = await run(expiration_tracker, license_number=CULTIVATOR)
    dated = {p.label for p in year.stock(CULTIVATOR) if product_expiry(p)}
    assert dated and all(
        year.packages_by_label[label].data["Item"]["ProductCategoryName"] == "Pre-Roll Flower"
        for label in dated
    )
    within = set().union(*reported(result, "product").values())
    horizon = AS_OF + timedelta(days=90)
    assert within == {
        p.label for p in year.stock(CULTIVATOR) if (e := product_expiry(p)) and e <= horizon
    }
    assert len(within) == 11
    assert result["counts"]["product_undated"] == len(year.stock(CULTIVATOR)) - len(dated)


async def test_buckets_that_do_not_grow_are_a_tool_problem(run: Run) -> None:
    with pytest.raises(ToolProblem, match=r"buckets must grow.*got 30, 30, 90"):
        await run(expiration_tracker, license_number=DISPENSARY, soon_days=30, within_days=30)
