"""The skills on records of our own model from an in-memory source, with no Metrc behind
them: what a licence of any tracking system (BioTrack next) will see, finding by finding."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime, time, timedelta

import pytest

from tests.tracking.build import (
    AS_OF,
    CLONE,
    DIESEL,
    FARM,
    FLOWER,
    STORE,
    delivered,
    manifest,
    package,
    plant,
    plant_waste,
    receipt,
    sale,
)
from trichome.metrc.skills.attention import needs_attention
from trichome.metrc.skills.base import Finding, Severity, SkillResult
from trichome.metrc.skills.compliance import compliance_check
from trichome.metrc.skills.expiry import expiration_tracker
from trichome.metrc.skills.fifo import fifo
from trichome.metrc.skills.history import package_history
from trichome.metrc.skills.sales import sales_analysis
from trichome.metrc.skills.waste import waste_report
from trichome.metrc.tools.registry import ToolProblem
from trichome.tracking import PlantPhase
from trichome.tracking.memory import MemorySource
from trichome.tracking.source import Packages, Plants

pytestmark = pytest.mark.anyio


def store(**lists: object) -> MemorySource:
    return replace(MemorySource(STORE, AS_OF, AS_OF), **lists)


def found(result: SkillResult, check: str) -> Finding:
    matches = [finding for finding in result.findings if finding.check == check]
    assert matches, f"no {check} among {[f.check for f in result.findings]}"
    return matches[0]


def days_ago(days: int) -> date:
    return AS_OF - timedelta(days=days)


async def test_failed_and_lapsed_product_need_attention_first() -> None:
    failed = package(1, FLOWER, 50.0, lab_state="TestFailed")
    lapsed = package(2, DIESEL, 80.0, lab_expires=days_ago(5))
    fine = package(3, FLOWER, 120.0)
    data = store(stock=Packages([failed, lapsed, fine], [], []))

    result = await needs_attention(data)

    top = result.sorted_findings()[0]
    assert (top.check, top.severity, top.packages) == (
        "failed_lab_product",
        Severity.CRITICAL,
        [failed.label],
    )
    assert found(result, "lab_result_expired").packages == [lapsed.label]
    assert fine.label not in {label for f in result.findings for label in f.packages}


async def test_a_sale_without_a_passing_result_is_critical_but_not_where_none_is_required() -> None:
    untested = package(1, FLOWER, 10.0, lab_state="NotSubmitted")
    clones = package(2, CLONE, 20.0, unit="Each", lab_state="NotRequired", lab_expires=None)
    sold = [
        receipt(1, days_ago(3), sale(untested, 3.5, 35.0)),
        receipt(2, days_ago(2), sale(clones, 2, 30.0)),
    ]
    data = store(stock=Packages([untested, clones], [], []), receipt_list=sold, tags=(None, 500))

    result = await compliance_check(data)

    breach = found(result, "no_sale_of_untested_product")
    assert (breach.severity, breach.packages) == (Severity.CRITICAL, [untested.label])
    rows = {row["check"]: row["status"] for row in result.details["checks"]}
    assert rows["destroyed_plants_have_waste"] == "not_applicable"  # a store grows nothing


async def test_older_stock_bypassed_for_newer_is_a_fifo_violation() -> None:
    received = datetime.combine(days_ago(45), time(10))
    older = package(1, DIESEL, 200.0, received=received, location_name="Back shelf")
    newer = package(2, DIESEL, 150.0, received=datetime.combine(days_ago(15), time(10)))
    sold = [receipt(n, days_ago(n), sale(newer, 3.5, 40.0)) for n in (2, 4, 6)]
    data = store(stock=Packages([older, newer], [], []), receipt_list=sold)

    result = await fifo(data)

    violation = found(result, "fifo_violation")
    assert violation.packages == [older.label]
    assert "Back shelf" in violation.message
    assert result.counts["draws"] == 3
    assert result.details["pull_next"][0]["label"] == older.label


async def test_product_expiring_in_days_lands_in_the_first_bucket() -> None:
    soon = package(1, FLOWER, 30.0, expires=AS_OF + timedelta(days=3))
    later = package(2, FLOWER, 30.0, sell_by=AS_OF + timedelta(days=60))
    data = store(stock=Packages([soon, later], [], []))

    result = await expiration_tracker(data)

    product = result.details["product"]
    assert [row["label"] for row in product["within_7_days"]] == [soon.label]
    assert [row["label"] for row in product["within_90_days"]] == [later.label]


async def test_a_package_s_history_balances_what_came_in_against_what_left() -> None:
    jar = package(1, FLOWER, 60.0, received_manifest="MAN-7", received_from="Ridge Farm")
    came = manifest(7, 70, arrived=days_ago(30), due=days_ago(30))
    sold = [receipt(n, days_ago(n), sale(jar, 10.0, 100.0)) for n in (3, 5, 8)]
    data = store(
        stock=Packages([jar], [], []),
        incoming_list=[came],
        deliveries={70: [delivered(jar, 100.0, 100.0)]},
        receipt_list=sold,
    )

    result = await package_history(data, package_label=jar.label)

    # received 100, sold 30: 70 expected, 60 held.
    assert result.details["balance"]["unexplained"] == -10.0
    assert found(result, "quantity_unexplained").packages == [jar.label]
    assert result.counts["sales"] == 3
    assert result.details["package"]["ReceivedFromManifestNumber"] == "MAN-7"
    with pytest.raises(ToolProblem, match="not found at licence DISP-0042"):
        await package_history(data, package_label="6647999999999999")


async def test_a_licence_that_does_not_sell_is_told_so() -> None:
    data = MemorySource(FARM, AS_OF, AS_OF)

    with pytest.raises(ToolProblem, match=r"CULT-0007 \(Cultivation\) does not sell"):
        await sales_analysis(data, start=days_ago(7), end=AS_OF)


async def test_destroyed_plants_without_waste_and_the_waste_weighed() -> None:
    day = days_ago(10)
    gone = [
        plant(n, phase=PlantPhase.DESTROYED, destroyed=day, destroyed_note="Male")
        for n in (1, 2, 3)
    ]
    growing = [plant(4, flowering_since=days_ago(90))]
    data = replace(
        MemorySource(FARM, AS_OF, AS_OF),
        growing=Plants([], growing, [], gone),
        plant_waste_list=[plant_waste(day, 1, 1.5)],
        tags=(300, 300),
    )

    checked = await compliance_check(data)
    waste = await waste_report(data, start=days_ago(30), end=AS_OF)
    attention = await needs_attention(data)

    assert found(checked, "destroyed_plants_have_waste").plants == [p.label for p in gone]
    assert waste.counts["plants_destroyed"] == 3
    assert waste.details["plants_destroyed"]["by_note"] == {"Male": 3}
    assert found(attention, "overdue_harvest").plants == [growing[0].label]
