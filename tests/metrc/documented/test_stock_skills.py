"""The stock and sales skills not covered elsewhere, on Metrc's documented shapes (our
fixtures), not on the sandbox: FIFO and FEFO, expiry, the inventory snapshot, the audit,
purchase limits, a count's reconciliation and strain performance. Expected figures are
worked out from the fixtures by hand (as of 15 June 2026)."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from pydantic import TypeAdapter

from tests.metrc.documented.conftest import GROWER, STORE, Run
from trichome.metrc.tools import load_all

pytestmark = pytest.mark.anyio
TOOLS = load_all()
BLUE_DREAM_MAY = ["1A4FF0300000029000000101", "1A4FF0300000029000000102"]


async def answer(run: Run, skill: str, **arguments: Any) -> dict[str, Any]:
    """A skill's answer, validated against the shape it publishes."""
    result: dict[str, Any] = await run(TOOLS[skill].fn, **arguments)
    TypeAdapter(TOOLS[skill].returns).validate_python(result)
    return result


def test_every_skill_runs_on_the_documented_fixtures() -> None:
    here = Path(__file__).parent
    text = " ".join(path.read_text() for path in here.glob("test_*.py"))
    skills = [name for name, spec in TOOLS.items() if spec.skill]
    assert len(skills) == 19
    assert [s for s in skills if not re.search(rf"\b{s}\b", text)] == []


async def test_fifo_sees_may_flower_left_while_june_flower_shipped(run: Run) -> None:
    grower = await answer(run, "fifo", license_number=GROWER)
    store = await answer(run, "fifo", license_number=STORE)

    # The grower's two Blue Dream packages of 1 May sat in the vault while the five packed
    # on 5 and 12 June went out on manifests 9101 and 9109.
    (violation,) = grower["details"]["violations"]
    assert violation["item"] == "Blue Dream Flower"
    assert [p["label"] for p in violation["bypassed"]] == BLUE_DREAM_MAY
    assert sorted(p["label"] for p in violation["newer_drawn"]) == [
        f"1A4FF0300000029000000{n}" for n in (104, 105, 201, 202, 203)
    ]
    assert {how for p in violation["newer_drawn"] for how in p["how"]} == {"shipment"}
    assert [f["check"] for f in grower["findings"]] == ["fifo_violation"]
    # The store sold from what it received, oldest first within each item.
    assert store["findings"] == [] and store["counts"]["draws"] == 7


async def test_fefo_orders_by_the_lab_result_s_expiry(run: Run) -> None:
    store = await answer(run, "fefo", license_number=STORE)
    grower = await answer(run, "fefo", license_number=GROWER)

    # No product dates; lab results expire 4 May 2027 (Blue Dream) and 23 May (Sour Diesel).
    pull = {row["item"]: row for row in store["details"]["pull_next"]}
    assert (pull["Blue Dream Flower"]["expires"], pull["Blue Dream Flower"]["days_left"]) == (
        "2027-05-04",
        323,
    )
    assert pull["Sour Diesel Flower"]["expires"] == "2027-05-23"
    assert {row["expires_by"] for row in pull.values()} == {"lab_result"}
    # The clones carry no expiry at all: FEFO cannot order them, and says so.
    (undated,) = store["findings"]
    assert (undated["check"], undated["packages"]) == (
        "no_expiry_date",
        ["1A4FF0300000029000000301"],
    )
    assert [row["label"] for row in grower["details"]["pull_next"]] == [BLUE_DREAM_MAY[0]]


async def test_nothing_expires_within_ninety_days(run: Run) -> None:
    result = await answer(run, "expiration_tracker", license_number=STORE)

    counts = result["counts"]
    assert (counts["packages_checked"], counts["product_undated"]) == (8, 8)
    assert counts["lab_result_undated"] == 1  # the clones
    assert result["findings"] == []


async def test_the_snapshot_adds_up_the_documented_quantities(run: Run) -> None:
    store = await answer(run, "inventory_snapshot", license_number=STORE)
    grower = await answer(run, "inventory_snapshot", license_number=GROWER)

    # Store: flower 435.6 + 446.6 + 453.6 + 453.6 g; 98 + 99 + 100 pre-rolls and 27 clones.
    assert store["counts"]["packages"] == 8 and store["counts"]["items"] == 4
    assert store["counts"]["weight_grams"] == pytest.approx(1789.4)
    assert store["counts"]["quantity_each"] == 324
    # Grower: 1,360 + 368.6 + 2,228 g on hand; a fourth package is on its way out.
    assert grower["counts"]["weight_grams"] == pytest.approx(3956.6)
    assert (grower["counts"]["packages"], grower["counts"]["in_transit"]) == (3, 1)


async def test_the_audit_names_the_grower_s_gaps(run: Run) -> None:
    grower = await answer(run, "audit_ready", license_number=GROWER)
    store = await answer(run, "audit_ready", license_number=STORE)

    assert {f["check"] for f in grower["findings"]} == {"adjustment_notes", "lab_results_overdue"}
    assert grower["counts"]["score"] < 100
    assert store["findings"] == [] and store["counts"]["score"] == 100


async def test_counted_pre_rolls_are_weighed_by_their_item_s_unit_weight(run: Run) -> None:
    # Five sales from 8 to 14 June (a sixth was voided), at most 14 g of flower each. The
    # pre-roll lines name no unit weight on the receipt; the item declares 1 g a pre-roll.
    week = {"start": date(2026, 6, 8), "end": date(2026, 6, 14)}
    for state in ("CO", "MI"):
        result = await answer(
            run, "purchase_limit_check", license_number=STORE, state=state, **week
        )
        assert result["counts"]["sales_checked"] == 5
        assert result["counts"]["sales_over_limit"] == 0
        assert result["counts"]["lines_unmeasured"] == 0, result["findings"]


async def test_a_count_is_held_against_the_documented_packages(run: Run) -> None:
    count = (
        "label,quantity\n"
        "1A4FF0300000029000000101,1360\n"
        "1A4FF0300000029000000102,368.0\n"
        "1A4FF0300000029000000999,5\n"
    )
    result = await answer(run, "count_reconciliation", license_number=GROWER, count_csv=count)

    (adjustment,) = result["details"]["adjustments"]
    assert (adjustment["label"], adjustment["adjust_by"]) == (BLUE_DREAM_MAY[1], -0.6)
    assert adjustment["reason"] == "Scale Variance"  # within 1% of 368.6 g
    assert {f["check"]: f["packages"] for f in result["findings"]} == {
        "count_not_matched": ["1A4FF0300000029000000999"],
        "not_counted": ["1A4FF0300000029000000103"],
        "scale_variance": [BLUE_DREAM_MAY[1]],
    }
    assert result["counts"]["matched"] == 1


async def test_strains_at_the_store_from_its_documented_results_and_sales(run: Run) -> None:
    result = await answer(run, "strain_performance", license_number=STORE)

    assert result["counts"]["strains"] == 2
    assert result["counts"]["packages_tested"] == result["counts"]["passed_first_test"] == 7
    # Blue Dream sold 346.00 across the finalized and open receipts (the void left out).
    assert result["counts"]["revenue"] == pytest.approx(346.0)


async def test_strains_at_the_grower_from_its_documented_harvests_and_results(run: Run) -> None:
    result = await answer(run, "strain_performance", license_number=GROWER)

    strains = result["details"]["strains"]
    blue, sour = strains["Blue Dream"], strains["Sour Diesel"]
    # Blue Dream: 40 + 48 plants, 30,000 + 38,400 g wet; only April's harvest is packaged
    # (6,600 g of its 40 plants). Sour Diesel: 36 plants, 25,200 g wet, 4,536 g packaged.
    assert (blue["harvests"], blue["plants"], blue["wet_g_per_plant"]) == (2, 88, 777.3)
    assert (blue["packaged_g_per_plant"], blue["yield_ratio"]) == (165.0, 0.22)
    assert (sour["plants"], sour["wet_g_per_plant"], sour["packaged_g_per_plant"]) == (
        36,
        700.0,
        126.0,
    )
    # One lab test behind both May packages of Blue Dream (counted once); Sour Diesel's
    # packages still wait on the lab, so it has no THC figure.
    assert (blue["thc_pct"], blue["thc_samples"]) == (21.4, 1)
    assert sour["thc_pct"] is None and sour["thc_samples"] == 0
    assert result["details"]["sells"] is False and result["counts"]["revenue"] == 0
