"""fifo on the seeded year: draws and bypassed packages worked out from the records."""

from __future__ import annotations

from collections import defaultdict
from datetime import date, timedelta
from typing import Any

import pytest

from tests.metrc.skills.conftest import Run
from tests.metrc.skills.facts import Year, day
from tests.support.sandbox import AS_OF, CULTIVATOR, DISPENSARY, MANUFACTURER
from trichome.metrc.tools import ToolProblem
from trichome.metrc.tools.compliance import fifo

pytestmark = pytest.mark.anyio

PASSED = ("TestPassed", "RetestPassed")


def arrived(package: Any) -> date:
    return day(package.data["ReceivedDateTime"]) or day(package.data["PackagedDate"])


def item(package: Any) -> str:
    return str(package.data["Item"]["Name"])


class StoreFifo:
    """The store's sales since a day, and which usable packages they went around."""

    def __init__(self, year: Year, lookback_days: int) -> None:
        since = AS_OF - timedelta(days=lookback_days)
        self.draws: dict[str, list[tuple[str, date, date]]] = defaultdict(list)
        for receipt, line in year.lines(year.receipts(DISPENSARY, since, AS_OF)):
            package = year.packages_by_label[line["PackageLabel"]]
            sold = day(receipt.data["SalesDateTime"])
            self.draws[item(package)].append((package.label, sold, arrived(package)))
        drawn = {label for draws in self.draws.values() for label, _, _ in draws}
        self.usable = [
            p
            for p in year.stock(DISPENSARY)
            if not p.data["IsOnHold"] and p.data["LabTestingState"] in PASSED
        ]
        self.bypassed: dict[str, set[str]] = defaultdict(set)
        for package in self.usable:
            came = arrived(package)
            if package.label not in drawn and any(
                sold >= came and newer > came for _, sold, newer in self.draws[item(package)]
            ):
                self.bypassed[item(package)].add(package.label)
        skipped = set().union(*self.bypassed.values())
        self.untouched = [p for p in self.usable if p.label not in drawn | skipped]

    def lines(self) -> int:
        return sum(len(draws) for draws in self.draws.values())

    def aged(self, days: int) -> set[str]:
        return {p.label for p in self.untouched if (AS_OF - arrived(p)).days > days}


def near_expiry(package: Any, days: int) -> bool:
    dates = [day(package.data[k]) for k in ("ExpirationDate", "UseByDate", "SellByDate")]
    dates.append(day(package.data["LabTestResultExpirationDateTime"]))
    return any(d is not None and (d - AS_OF).days <= days for d in dates)


def violations(result: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {
        f["message"].split(":")[0]: f for f in result["findings"] if f["check"] == "fifo_violation"
    }


async def test_the_store_sells_newer_buds_past_older_ones(run: Run, year: Year) -> None:
    result = await run(fifo, license_number=DISPENSARY)
    facts = StoreFifo(year, 30)

    assert result["counts"]["draws"] == facts.lines() == result["details"]["draws_by_kind"]["sale"]
    assert result["counts"]["usable_packages"] == len(facts.usable)
    found = violations(result)
    assert {name: set(f["packages"]) for name, f in found.items()} == facts.bypassed
    assert len(facts.bypassed) == 7
    assert result["counts"]["bypassed_packages"] == sum(map(len, facts.bypassed.values())) == 22
    for name, labels in facts.bypassed.items():
        risky = any(near_expiry(year.packages_by_label[label], 30) for label in labels)
        assert found[name]["severity"] == ("high" if risky else "medium")
    # Its risk was a lab result expiring within 30 days; the sandbox's test types now set no
    # expiry (LabTestResultExpirationDays null), so no bud is near expiry: the violation stays.
    assert found["Buds - Blue Dream"]["severity"] == "medium"

    aged = next(f for f in result["findings"] if f["check"] == "aged_stock")
    assert aged["severity"] == "low" and set(aged["packages"]) == facts.aged(90)

    blue = next(p for p in result["details"]["pull_next"] if p["item"] == "Buds - Blue Dream")
    oldest = min(
        (p for p in facts.usable if item(p) == "Buds - Blue Dream"),
        key=lambda p: (arrived(p), p.id),
    )
    assert blue["label"] == oldest.label and blue["arrived"] == arrived(oldest).isoformat()
    assert "7 items break FIFO (22 packages bypassed)" in result["summary"]


async def test_the_expiry_risk_window_sets_the_severity(run: Run, year: Year) -> None:
    facts = StoreFifo(year, 30)
    wide = await run(fifo, license_number=DISPENSARY, expiry_risk_days=60)
    none = await run(fifo, license_number=DISPENSARY, expiry_risk_days=0)

    def high(days: int) -> set[str]:
        return {
            name
            for name, labels in facts.bypassed.items()
            if any(near_expiry(year.packages_by_label[label], days) for label in labels)
        }

    assert high(0) == set() and len(high(30)) < len(high(60))
    assert {n for n, f in violations(wide).items() if f["severity"] == "high"} == high(60)
    assert {f["severity"] for f in violations(none).values()} == {"medium"}


async def test_the_look_back_and_age_limits_are_parameters(run: Run, year: Year) -> None:
    facts = StoreFifo(year, 7)
    result = await run(fifo, license_number=DISPENSARY, lookback_days=7, aged_after_days=30)

    assert result["counts"]["draws"] == facts.lines() < StoreFifo(year, 30).lines()
    assert {n: set(f["packages"]) for n, f in violations(result).items()} == facts.bypassed
    aged = next(f for f in result["findings"] if f["check"] == "aged_stock")
    assert set(aged["packages"]) == facts.aged(30) and facts.aged(30) != facts.aged(90)
    assert result["details"]["window"] == {
        "start": (AS_OF - timedelta(days=7)).isoformat(),
        "end": AS_OF.isoformat(),
    }


def made_from(year: Year, license: str, since: date, by_job: bool) -> int:
    """Draws by repackaging or (by_job) by processing: (new package, source) pairs of a
    licence's own packages made in the window. Metrc's jobs do not list their inputs, so a
    package a job made (SourceProcessingJobCount) draws on its source packages."""
    own = {p.label for p in year.of("package", license)}
    return sum(
        1
        for p in year.of("package", license)
        if bool(p.data["SourceProcessingJobCount"]) == by_job
        and since <= day(p.data["PackagedDate"]) <= AS_OF
        for source in (p.data["SourcePackageLabels"] or "").split(", ")
        if source in own
    )


def repackaged(year: Year, license: str, since: date) -> int:
    return made_from(year, license, since, by_job=False)


async def test_a_grower_draws_by_shipping(run: Run, year: Year) -> None:
    result = await run(fifo, license_number=CULTIVATOR)
    since = AS_OF - timedelta(days=30)
    shipped = 0
    for transfer in year.transfers(shipper=CULTIVATOR):
        left = day(transfer.data["ActualDepartureDateTime"]) or day(
            transfer.data["EstimatedDepartureDateTime"]
        )
        if "Sample" in transfer.data["ShipmentTypeName"] or not since <= left <= AS_OF:
            continue
        rows = year.delivery_of(transfer).data["_Packages"]
        shipped += sum(1 for row in rows if row["ShipmentPackageState"] != "Rejected")
    assert shipped > 100
    assert result["details"]["draws_by_kind"] == {
        "sale": 0,
        "shipment": shipped,
        "processing": 0,
        "repackaging": repackaged(year, CULTIVATOR, since),
    }


async def test_a_manufacturer_draws_by_processing(run: Run, year: Year) -> None:
    result = await run(fifo, license_number=MANUFACTURER)
    since = AS_OF - timedelta(days=30)
    sources = made_from(year, MANUFACTURER, since, by_job=True)
    assert sources > 0 and result["details"]["draws_by_kind"]["processing"] == sources
    by_kind = result["details"]["draws_by_kind"]
    assert by_kind["repackaging"] == repackaged(year, MANUFACTURER, since)


async def test_a_licence_the_keys_do_not_reach_is_a_tool_problem(run: Run) -> None:
    with pytest.raises(ToolProblem, match="do not reach licence"):
        await run(fifo, license_number="SF-SBX-CO-99-8002")
