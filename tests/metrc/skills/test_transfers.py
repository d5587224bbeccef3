"""transfer_summary on the seeded year, against the manifests and deliveries in the records."""

from __future__ import annotations

from collections import Counter
from datetime import date, timedelta
from typing import Any

import pytest

from tests.metrc.skills.conftest import Run
from tests.metrc.skills.facts import Year, day
from tests.support.sandbox import AS_OF, CULTIVATOR, DISPENSARY, MANUFACTURER
from trichome.metrc.tools import ToolProblem
from trichome.metrc.tools.analysis import transfer_summary

pytestmark = pytest.mark.anyio


def departed(transfer: Any) -> date:
    return day(transfer.data["ActualDepartureDateTime"]) or day(
        transfer.data["EstimatedDepartureDateTime"]
    )


def in_range(transfers: list[Any], start: date, end: date) -> list[Any]:
    return [t for t in transfers if start <= departed(t) <= end]


def refused_states(year: Year, transfers: list[Any]) -> Counter[str]:
    return Counter(
        row["ShipmentPackageState"]
        for t in transfers
        for row in year.delivery_of(t).data["_Packages"]
        if row["ShipmentPackageState"] in ("Rejected", "Returned")
    )


def refused(transfer: Any) -> int:
    """Packages shipped and not received, on a received manifest (Metrc's counts)."""
    return int(transfer.data["PackageCount"] - transfer.data["ReceivedPackageCount"])


async def test_the_cultivator_s_last_30_days_of_manifests(run: Run, year: Year) -> None:
    result = await run(transfer_summary, license_number=CULTIVATOR)

    start = AS_OF - timedelta(days=29)
    sent = in_range(year.transfers(shipper=CULTIVATOR), start, AS_OF)
    received = in_range(year.transfers(recipient=CULTIVATOR), start, AS_OF)
    late = [
        t for t in sent if t.state == "pending" and day(t.data["EstimatedArrivalDateTime"]) < AS_OF
    ]
    counts = result["counts"]
    assert result["parameters"] == {"start": start.isoformat(), "end": AS_OF.isoformat()}
    assert counts["outgoing"] == len(sent) == 20 and counts["incoming"] == len(received) == 0
    assert counts["packages_out"] == sum(t.data["PackageCount"] for t in sent)
    assert counts["overdue"] == len(late) == 1
    assert counts["average_packages_per_manifest"] == round(counts["packages_out"] / len(sent), 1)

    overdue = next(f for f in result["findings"] if f["check"] == "overdue_manifest")
    assert overdue["severity"] == "high"
    assert overdue["transfers"] == [late[0].data["ManifestNumber"]]
    assert f"{late[0].data['PackageCount']} packages" in overdue["message"]

    types = Counter(t.data["ShipmentTypeName"] for t in sent)
    assert result["details"]["by_type"] == dict(types)
    partners = result["details"]["by_partner"]
    for license in {t.partner for t in sent}:
        name = next(t.data["RecipientFacilityName"] for t in sent if t.partner == license)
        assert partners[f"{name} ({license})"] == {
            "incoming": 0,
            "outgoing": sum(1 for t in sent if t.partner == license),
            "packages": sum(t.data["PackageCount"] for t in sent if t.partner == license),
        }


async def test_a_spring_range_shows_a_full_and_a_partial_rejection(run: Run, year: Year) -> None:
    start, end = date(2026, 3, 20), date(2026, 5, 20)
    result = await run(transfer_summary, license_number=CULTIVATOR, start=start, end=end)

    sent = in_range(year.transfers(shipper=CULTIVATOR), start, end)
    whole = [t for t in sent if t.state == "rejected"]
    partly = [t for t in sent if t.state == "partial"]
    assert len(whole) == 1 and len(partly) == 1
    assert all(t.data["ReceivedDateTime"] and refused(t) for t in whole + partly)
    counts = result["counts"]
    assert counts["outgoing"] == len(sent)
    assert counts["rejected"] == 1 and counts["partially_rejected"] == 1
    received = [t for t in sent if t.data["ReceivedDateTime"]]
    assert counts["rejected_packages"] == sum(refused(t) for t in received) == 14
    assert result["details"]["refused_packages_by_state"] == dict(
        refused_states(year, whole + partly)
    )
    assert result["details"]["by_status"]["rejected"] == 1

    bounced = next(f for f in result["findings"] if f["check"] == "rejections")
    assert bounced["severity"] == "low"
    assert set(bounced["transfers"]) == {t.data["ManifestNumber"] for t in whole + partly}
    assert "14 packages; 1 fully" in bounced["message"]
    assert not any(f["check"] == "overdue_manifest" for f in result["findings"])

    # The store that refused the whole manifest does not see it; the partial one it does.
    store = await run(transfer_summary, license_number=DISPENSARY, start=start, end=end)
    seen = {row["manifest"] for row in store["details"]["manifests"]}
    assert whole[0].data["ManifestNumber"] not in seen
    assert partly[0].data["ManifestNumber"] in seen
    kept = [t for t in year.transfers(recipient=DISPENSARY) if t.state != "rejected"]
    assert store["counts"]["incoming"] == len(in_range(kept, start, end)) == len(seen)
    assert store["counts"]["partially_rejected"] == 1 and store["counts"]["rejected"] == 0


async def test_the_range_is_a_parameter_and_the_store_sees_it_incoming(
    run: Run, year: Year
) -> None:
    start, end = AS_OF - timedelta(days=6), AS_OF
    week = await run(transfer_summary, license_number=DISPENSARY, start=start, end=end)
    month = await run(transfer_summary, license_number=DISPENSARY)

    # Metrc lists a manifest the store rejected outright to its shipper only.
    came = [
        t
        for t in in_range(year.transfers(recipient=DISPENSARY), start, end)
        if t.state != "rejected"
    ]
    assert 0 < week["counts"]["incoming"] == len(came) < month["counts"]["incoming"]
    assert week["counts"]["packages_in"] == sum(t.data["PackageCount"] for t in came)
    assert week["counts"]["outgoing"] == 0
    shippers = {t.data["ShipperFacilityLicenseNumber"] for t in came}
    assert shippers <= {CULTIVATOR, MANUFACTURER}
    listed = {row["manifest"] for row in week["details"]["manifests"]}
    assert listed == {t.data["ManifestNumber"] for t in came}


async def test_an_inverted_or_overlong_range_is_a_tool_problem(run: Run) -> None:
    with pytest.raises(ToolProblem, match="range is inverted: start 2026-11-20 is after"):
        await run(
            transfer_summary,
            license_number=CULTIVATOR,
            start=date(2026, 11, 20),
            end=date(2026, 11, 1),
        )
    with pytest.raises(ToolProblem, match="spans 731 days; ask for at most 366"):
        await run(transfer_summary, license_number=CULTIVATOR, start=AS_OF - timedelta(days=730))
