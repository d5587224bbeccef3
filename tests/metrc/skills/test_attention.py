"""needs_attention on the seeded year, against facts read from the year's records."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from tests.metrc.skills.conftest import Run
from tests.metrc.skills.facts import Year, day
from tests.support.sandbox import AS_OF, CULTIVATOR, DISPENSARY
from trichome.metrc.tools import ToolProblem
from trichome.metrc.tools.compliance import needs_attention

pytestmark = pytest.mark.anyio


def finding(result: dict[str, Any], check: str) -> dict[str, Any] | None:
    return next((f for f in result["findings"] if f["check"] == check), None)


def product_expiry(package: Any) -> Any:
    dates = [day(package.data[k]) for k in ("ExpirationDate", "UseByDate", "SellByDate")]
    return min((d for d in dates if d), default=None)


async def test_the_store_sees_its_overdue_manifest_holds_expired_and_empty_packages(
    run: Run, year: Year
) -> None:
    result = await run(needs_attention, license_number=DISPENSARY)

    overdue = [
        t.data["ManifestNumber"]
        for t in year.transfers(recipient=DISPENSARY)
        if t.state == "pending" and day(t.data["EstimatedArrivalDateTime"]) < AS_OF
    ]
    assert len(overdue) == 1
    late = finding(result, "overdue_manifests")
    assert late is not None and late["severity"] == "high"
    assert late["transfers"] == overdue
    assert overdue[0] in late["message"]

    held = {p.label for p in year.of("package", DISPENSARY, "onhold")}
    assert len(held) == 2
    hold = finding(result, "on_hold")
    assert hold is not None and set(hold["packages"]) == held
    assert "recall review" in hold["message"]

    expired = {p.label for p in year.stock(DISPENSARY) if (e := product_expiry(p)) and e < AS_OF}
    assert expired
    found = finding(result, "expired_product_on_hand")
    assert found is not None and set(found["packages"]) == expired

    empty = {p.label for p in year.on_hand(DISPENSARY) if p.data["Quantity"] <= 1e-9}
    zero = finding(result, "zero_quantity_active")
    assert zero is not None and zero["severity"] == "low" and set(zero["packages"]) == empty

    assert result["counts"]["high"] == 2
    assert result["findings"][0]["severity"] == "high"
    assert f"{len(result['findings'])} things need attention" in result["summary"]


async def test_the_expiry_window_is_a_parameter(run: Run, year: Year) -> None:
    soon = {
        p.label: (e - AS_OF).days
        for p in year.stock(DISPENSARY)
        if (e := product_expiry(p)) and 0 <= (e - AS_OF).days <= 14
    }
    assert soon and max(soon.values()) > 3
    wide = await run(needs_attention, license_number=DISPENSARY, expiring_within_days=14)
    narrow = await run(needs_attention, license_number=DISPENSARY, expiring_within_days=3)
    flagged = finding(wide, "product_expiring_soon")
    assert flagged is not None and set(flagged["packages"]) == set(soon)
    narrow_expected = {label for label, left in soon.items() if left <= 3}
    narrow_found = finding(narrow, "product_expiring_soon")
    assert set(narrow_found["packages"] if narrow_found else []) == narrow_expected


async def test_the_cultivator_sees_its_held_failed_lot_stale_harvests_and_late_van(
    run: Run, year: Year
) -> None:
    result = await run(needs_attention, license_number=CULTIVATOR)

    failed = {
        p.label
        for p in year.of("package", CULTIVATOR, "onhold")
        if p.data["LabTestingState"] == "TestFailed"
    }
    assert len(failed) > 10
    lot = finding(result, "failed_lab_product")
    assert lot is not None and lot["severity"] == "high"  # high, not critical: all are held
    assert set(lot["packages"]) == failed
    assert f"{len(failed)} on hold and 0 not" in lot["message"]

    cutoff = AS_OF - timedelta(days=30)
    stale = {
        h.name
        for h in year.of("harvest", CULTIVATOR, "active")
        if day(h.data["HarvestStartDate"]) < cutoff
    }
    assert stale
    harvests = finding(result, "stale_harvests")
    assert harvests is not None and set(harvests["harvests"]) == stale

    sent_late = [
        t.data["ManifestNumber"]
        for t in year.transfers(shipper=CULTIVATOR)
        if t.state == "pending" and day(t.data["EstimatedArrivalDateTime"]) < AS_OF
    ]
    van = finding(result, "overdue_manifests")
    assert van is not None and van["transfers"] == sent_late
    assert "outgoing" in van["message"]

    # Plants the state holds are still growing on the licence (scenario state_hold).
    assert result["counts"]["growing_plants"] == len(
        year.of("plant", CULTIVATOR, "vegetative", "flowering", "onhold")
    )
    assert finding(result, "low_tags") is None
    assert result["counts"]["critical"] == 0


async def test_tags_below_the_minimum_are_flagged(run: Run, year: Year) -> None:
    tags = len(year.of("tag", CULTIVATOR, "available"))
    result = await run(needs_attention, license_number=CULTIVATOR, min_tags=tags)
    low = finding(result, "low_tags")
    assert low is not None and low["severity"] == "medium"
    assert f"minimum {tags}" in low["message"]


async def test_a_licence_the_keys_do_not_reach_is_a_tool_problem(run: Run) -> None:
    with pytest.raises(ToolProblem, match="do not reach licence SF-SBX-CO-99-8002"):
        await run(needs_attention, license_number="SF-SBX-CO-99-8002")
