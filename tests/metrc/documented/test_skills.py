"""The skills on Metrc's documented response shapes (our fixtures), not on the sandbox.

A grower (403R-00101) and a store (402R-00207): three harvests, plant and batch waste,
destroyed plants, package adjustments, a manifest of 7 packages of which the store rejected
1, open, finalized and voided receipts, and clones in lab state NotRequired sold at the
store. Every answer is also checked against the tool's published output shape.
"""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from pydantic import TypeAdapter

from tests.metrc.documented.conftest import GROWER, STORE, Run
from trichome.metrc.tools import load_all
from trichome.metrc.tools.analysis import (
    package_history,
    sales_analysis,
    transfer_summary,
    waste_report,
    yield_analysis,
)
from trichome.metrc.tools.compliance import compliance_check, needs_attention

pytestmark = pytest.mark.anyio
TOOLS = load_all()
WEEK = {"start": date(2026, 6, 8), "end": date(2026, 6, 14)}


async def answer(run: Run, tool: Any, **arguments: Any) -> dict[str, Any]:
    """A tool's answer, validated against the shape the tool publishes."""
    result: dict[str, Any] = await run(tool, **arguments)
    TypeAdapter(TOOLS[result["skill"]].returns).validate_python(result)
    return result


def check(result: dict[str, Any], name: str) -> dict[str, Any]:
    row: dict[str, Any] = next(c for c in result["details"]["checks"] if c["check"] == name)
    return row


async def test_yield_by_strain_uses_the_strain_name_as_written(run: Run) -> None:
    result = await answer(run, yield_analysis, license_number=GROWER)

    strains = result["details"]["by_strain"]
    assert set(strains) == {"Blue Dream", "Sour Diesel"}
    assert strains["Blue Dream"]["harvests"] == 2 and strains["Blue Dream"]["plants"] == 88
    # Packaged harvests only: 6600 g of 30000 g wet, 4536 g of 25200 g.
    assert strains["Blue Dream"]["yield_ratio"] == pytest.approx(0.22)
    assert strains["Sour Diesel"]["yield_ratio"] == pytest.approx(0.18)
    assert result["counts"]["wet_g"] == 93600.0
    assert {row["strain"] for row in result["details"]["harvests"]} == {"Blue Dream", "Sour Diesel"}


async def test_waste_reads_documented_plant_batch_harvest_and_adjustment_waste(run: Run) -> None:
    result = await answer(run, waste_report, license_number=GROWER, unit="Grams")

    counts = result["counts"]
    assert counts["plant_grams"] == 3250.0  # 2400 g (3 plants) + 850 g trim
    assert counts["plant_batch_grams"] == 120.0
    assert counts["harvest_grams"] == 15900.0  # 6200 + 3900 + 1500 + 4300
    assert counts["package_grams"] == 125.0  # Waste 85 g + Spoilage 40 g
    assert counts["total_grams"] == 19395.0
    assert result["details"]["by_reason"]["Contamination"] == 2400.0
    assert result["details"]["by_method"]["Compost"] == 3370.0
    assert result["details"]["other_losses"] == {"Drying": {"Grams": 12.5}}
    assert counts["plants_destroyed"] == 3
    # The three plants destroyed on 3 June are on that day's waste record (PlantCount 3);
    # the one finding is the spoilage adjustment without a note.
    assert [f["check"] for f in result["findings"]] == ["adjustment_notes"]
    assert result["findings"][0]["packages"] == ["1A4FF0300000029000000103"]


async def test_the_grower_s_compliance_on_documented_records(run: Run) -> None:
    result = await answer(run, compliance_check, license_number=GROWER)

    assert check(result, "waste_records_complete")["status"] == "pass"
    assert check(result, "destroyed_plants_have_waste")["status"] == "pass"
    assert check(result, "stale_harvests")["status"] == "pass"
    assert check(result, "overdue_manifests")["status"] == "pass"
    notes = check(result, "adjustment_notes")
    assert notes["status"] == "fail" and notes["count"] == 1


async def test_clones_that_need_no_test_are_not_sales_without_a_lab_result(run: Run) -> None:
    result = await answer(run, compliance_check, license_number=STORE)

    row = check(result, "no_sale_of_untested_product")
    assert row["status"] == "pass", row["message"]
    assert check(result, "no_sale_of_expired_product")["status"] == "pass"


async def test_finalized_receipts_are_sales_and_only_archived_ones_are_voids(run: Run) -> None:
    result = await answer(run, sales_analysis, license_number=STORE, **WEEK)

    counts = result["counts"]
    # Open: 60 + 24; finalized: 80 + 42 + 140. Voided: 45.
    assert counts["revenue"] == 346.0 and counts["receipts"] == 5
    assert counts["finalized_receipts"] == 3
    assert (counts["voided_receipts"], counts["voided_value"]) == (1, 45.0)
    assert counts["void_rate_pct"] == pytest.approx(100 / 6, abs=0.01)
    categories = {row["name"]: row["revenue"] for row in result["details"]["by_category"]}
    assert categories == {"Buds": 265.0, "Immature Plants": 45.0, "Pre-Roll Flower": 36.0}


async def test_a_manifest_with_one_package_rejected_is_partly_rejected(run: Run) -> None:
    grower = await answer(run, transfer_summary, license_number=GROWER)
    store = await answer(run, transfer_summary, license_number=STORE)

    rows = {row["manifest"]: row for row in grower["details"]["manifests"]}
    assert rows["0000090011"]["status"] == "partially_rejected"
    assert rows["0000090011"]["rejected_packages"] == 1
    assert rows["0000090052"]["status"] == "received"
    assert rows["0000090093"]["status"] == "pending"
    assert grower["counts"]["partially_rejected"] == 1 and grower["counts"]["rejected"] == 0
    assert grower["details"]["refused_packages_by_state"] == {"Rejected": 1}
    assert [f["check"] for f in grower["findings"]] == ["rejections"]
    incoming = {row["manifest"]: row["status"] for row in store["details"]["manifests"]}
    assert incoming == {"0000090011": "partially_rejected", "0000090052": "received"}


async def test_a_package_s_history_balances_with_its_documented_adjustment(run: Run) -> None:
    result = await answer(
        run, package_history, license_number=STORE, label="1A4FF0300000029000000201"
    )

    details = result["details"]
    assert details["adjustments"] == [
        {
            "date": "2026-06-13",
            "quantity": -0.5,
            "unit": "Grams",
            "reason": "Scale Variance",
            "note": "Weekly count on the certified scale",
        }
    ]
    # Received 453.6 g, sold 3.5 g (open receipt) + 14 g (finalized), adjusted -0.5 g.
    balance = details["balance"]
    assert (balance["received"], balance["sold"], balance["adjusted"]) == (453.6, 17.5, -0.5)
    assert balance["unexplained"] == 0.0
    assert result["counts"]["sales"] == 2 and result["counts"]["voided_sales"] == 0
    assert [f["check"] for f in result["findings"]] == []


async def test_a_sample_waiting_on_the_lab_is_chased(run: Run) -> None:
    result = await answer(run, needs_attention, license_number=GROWER)

    waiting = [f for f in result["findings"] if f["check"] == "lab_results_overdue"]
    assert [f["packages"] for f in waiting] == [["1A4FF0300000029000000103"]]
