"""audit_ready on the seeded year: the gaps read from the records, and the score they cost."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from tests.metrc.skills.conftest import Run
from tests.metrc.skills.facts import Year, day
from tests.support.sandbox import AS_OF, CULTIVATOR, DISPENSARY
from trichome.metrc.tools import ToolProblem
from trichome.metrc.tools.compliance import audit_ready

pytestmark = pytest.mark.anyio

PASSED = ("TestPassed", "RetestPassed")


def finding(result: dict[str, Any], check: str) -> dict[str, Any] | None:
    return next((f for f in result["findings"] if f["check"] == check), None)


def product_expiry(package: Any) -> date | None:
    dates = [day(package.data[k]) for k in ("ExpirationDate", "UseByDate", "SellByDate")]
    return min((d for d in dates if d), default=None)


def deductions(result: dict[str, Any]) -> dict[str, tuple[str, int]]:
    return {d["check"]: (d["severity"], d["points"]) for d in result["details"]["deductions"]}


async def test_the_store_scores_76_for_two_high_gaps(run: Run, year: Year) -> None:
    result = await run(audit_ready, license_number=DISPENSARY)

    stock = year.stock(DISPENSARY)
    expired = {p.label for p in stock if (e := product_expiry(p)) and e < AS_OF}
    passed = [p for p in stock if p.data["LabTestingState"] in PASSED]
    assert len(expired) == 3 and passed
    assert deductions(result) == {
        "expired_product_on_hand": ("high", 12),
        "overdue_manifests": ("high", 12),
    }
    gap = finding(result, "expired_product_on_hand")
    assert gap is not None and set(gap["packages"]) == expired
    # The sandbox's lab test types set no expiration days, so Metrc dates no result: a
    # missing expiry is then no record-keeping gap, and the check says why it does not apply.
    assert not any(p.data["LabTestResultExpirationDateTime"] for p in passed)
    (row,) = [c for c in result["details"]["checks"] if c["check"] == "lab_expiry_recorded"]
    assert row["status"] == "not_applicable"
    assert "sets expiration days" in row["message"]

    assert result["counts"]["score"] == 100 - 12 - 12
    assert result["counts"]["gaps"] == 2
    assert result["details"]["grade"] == "C" and result["details"]["ready"] is False
    assert result["details"]["areas"] == {
        "inventory": "gap",
        "lab testing": "ok",
        "records": "ok",
        "sales": "ok",
        "tags": "ok",
        "transfers": "gap",
    }
    assert "audit score 76/100 (grade C, not ready)" in result["summary"]


async def test_the_cultivator_is_ready_and_loosening_a_threshold_raises_its_score(
    run: Run, year: Year
) -> None:
    default = await run(audit_ready, license_number=CULTIVATOR)
    lenient = await run(audit_ready, license_number=CULTIVATOR, stale_harvest_days=365)

    open_harvests = [h for h in year.of("harvest", CULTIVATOR) if not h.data["FinishedDate"]]
    started = [day(h.data["HarvestStartDate"]) for h in open_harvests]
    assert any((AS_OF - s).days > 30 for s in started)
    assert all((AS_OF - s).days <= 365 for s in started)
    assert deductions(default) == {
        "overdue_manifests": ("high", 12),
        "stale_harvests": ("medium", 6),
    }
    assert default["counts"]["score"] == 82 and default["details"]["grade"] == "B"
    assert default["details"]["ready"] is True
    assert deductions(lenient) == {"overdue_manifests": ("high", 12)}
    assert lenient["counts"]["score"] == 88
    # Every held, failed lot counts as handled: no lab-testing gap for them.
    assert default["details"]["areas"]["lab testing"] == "ok"


async def test_a_shorter_grace_for_empty_packages_costs_the_store_points(
    run: Run, year: Year
) -> None:
    empty = {
        p.label
        for p in year.on_hand(DISPENSARY)
        if p.data["Quantity"] <= 1e-9 and (AS_OF - p.last_modified.date()).days >= 2
    }
    result = await run(audit_ready, license_number=DISPENSARY, finish_empty_within_days=2)
    gap = finding(result, "empty_packages_unfinished")
    assert gap is not None and set(gap["packages"]) == empty and empty
    assert deductions(result)["empty_packages_unfinished"] == ("low", 2)
    assert result["counts"]["score"] == 74


async def test_a_licence_the_keys_do_not_reach_is_a_tool_problem(run: Run) -> None:
    with pytest.raises(ToolProblem, match="do not reach licence"):
        await run(audit_ready, license_number="SF-SBX-CO-99-8002")
