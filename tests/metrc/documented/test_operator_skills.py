"""The operator skills of issue 22 on Metrc's documented response shapes (our fixtures), not on
the sandbox: receipts with local sale times and UTC recording times, the licence's and the
employees' documented licence dates, harvests with their packages' original quantities, a
delivery's wholesale prices, and a package repackaged from another (its SourcePackageLabels)
counted as a draw. Expected figures are worked out from the fixtures by hand."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from pydantic import TypeAdapter

from tests.metrc.documented.conftest import GROWER, STORE, Run
from trichome.metrc.tools import ToolProblem, load_all
from trichome.metrc.tools.analysis import flower_trim_yield, wholesale_value
from trichome.metrc.tools.compliance import credential_expiry, late_sales

pytestmark = pytest.mark.anyio
TOOLS = load_all()
FOOTHILLS = "403R-00133"


async def answer(run: Run, tool: Any, **arguments: Any) -> dict[str, Any]:
    """A tool's answer, validated against the shape the tool publishes."""
    result: dict[str, Any] = await run(tool, **arguments)
    TypeAdapter(TOOLS[result["skill"]].returns).validate_python(result)
    return result


async def test_local_sale_times_are_held_against_utc_recording_times(run: Run) -> None:
    # Each receipt was sold at a local time and recorded six hours later in UTC: at once
    # in Denver (UTC-6 in June). Five sales (one voided) from 10 to 14 June.
    week = {"start": date(2026, 6, 8), "end": date(2026, 6, 14)}
    denver = await answer(
        run, late_sales, license_number=STORE, window_hours=24, timezone="America/Denver", **week
    )
    assert denver["counts"]["checked"] == 5
    assert denver["counts"]["late"] == 0 and denver["counts"]["max_delay_hours"] == 0.0
    # Read as Los Angeles time (UTC-7), every sale would have been recorded an hour early.
    pacific = await answer(run, late_sales, license_number=STORE, state="CA", **week)
    assert pacific["counts"]["max_delay_hours"] == -1.0
    assert pacific["details"]["rule"]["fact"] == "ca-track-and-trace-24-hours"
    with pytest.raises(ToolProblem, match="time zone"):
        await run(late_sales, license_number=STORE, window_hours=24, **week)


async def test_the_licence_and_employee_licences_from_their_documented_dates(run: Run) -> None:
    result = await answer(run, credential_expiry, license_number=GROWER)

    # As of 15 June 2026: the licence ends 2027-01-14 (213 days); Jordan's ended 10 June,
    # Casey's ends 10 July (25 days), Riley's 2027-09-30.
    assert result["details"]["facility"]["days_left"] == 213
    assert {f["check"]: f["severity"] for f in result["findings"]} == {
        "employee_credential_expired": "high",
        "employee_credential_urgent": "medium",
    }
    rows = {row["name"]: row for row in result["details"]["credentials"]}
    assert rows["Jordan Pike"]["license_number"] == "EL-502311"
    assert (rows["Jordan Pike"]["days_left"], rows["Casey Moreno"]["days_left"]) == (-5, 25)
    assert result["counts"]["later"] == 2  # the licence and Riley


async def test_flower_and_moisture_from_documented_harvests(run: Run) -> None:
    result = await answer(run, flower_trim_yield, license_number=GROWER)

    rows = {row["harvest"]: row for row in result["details"]["harvests"]}
    one, three = rows["2026-04-02-Flower Room 1-H"], rows["2026-04-20-Flower Room 3-H"]
    # 1-H: 30000 wet - 5400 waste - 6600 packaged = 18000 g lost, of 24600 g plant matter.
    assert one["moisture_loss_g"] == 18000.0 and one["moisture_loss_ratio"] == 0.7317
    # Its packages still here held 1372.5 g and 453.6 g of buds when made.
    assert (one["flower_g"], one["unsplit_g"]) == (1826.1, 4773.9)
    # 3-H: 25200 - 4300 - 4536 = 16364 g; its two packages (one in transit) made 4536 g.
    assert three["moisture_loss_g"] == 16364.0
    assert (three["flower_g"], three["unsplit_g"]) == (4536.0, 0.0)
    assert rows["2026-05-28-Flower Room 2-H"]["moisture_loss_g"] is None  # still drying


async def test_a_manifest_valued_at_its_documented_wholesale_prices(run: Run) -> None:
    day = date(2026, 6, 8)
    result = await answer(run, wholesale_value, license_number=GROWER, start=day, end=day)

    # Six packages accepted: 3 x 1451.52 + 3 x 160.00; the rejected one (1451.52) apart.
    row = result["details"]["manifests"][0]
    assert (row["manifest"], row["value"], row["refused_value"]) == ("0000090011", 4834.56, 1451.52)
    assert result["counts"]["outgoing_value"] == 4834.56
    assert result["findings"] == []


async def test_a_package_repackaged_whole_is_a_draw_on_its_parent(run: Run) -> None:
    # Foothills made 1A4FF0400000029000000106 on 28 May from the whole of ...104 (453.6 g;
    # packages_active names the parent in SourcePackageLabels), which then finished on 2 June.
    month = await answer(run, TOOLS["fifo"].fn, license_number=FOOTHILLS)
    last_ten_days = await answer(run, TOOLS["fifo"].fn, license_number=FOOTHILLS, lookback_days=10)

    # Manifest 0000090204 took 5 packages to two stores and one was refused: 4 shipment draws.
    assert month["details"]["draws_by_kind"] == {
        "sale": 0, "shipment": 4, "processing": 0, "repackaging": 1,
    }  # fmt: skip
    assert month["counts"]["draws"] == 5
    # The finished parent is not stock; the new package is the one to pull next.
    assert [p["label"] for p in month["details"]["pull_next"]] == ["1A4FF0400000029000000106"]
    assert month["findings"] == []
    # A look-back from 5 June leaves the 28 May repackaging out.
    assert last_ten_days["details"]["draws_by_kind"]["repackaging"] == 0


async def test_fefo_counts_the_repackaging_and_names_the_undated_package(run: Run) -> None:
    result = await answer(run, TOOLS["fefo"].fn, license_number=FOOTHILLS)

    # The same five draws as fifo (four shipped, one repackaged); the new package has no
    # product or lab expiry date, so it cannot be ordered by expiry.
    assert result["counts"]["draws"] == 5 and result["counts"]["undated_packages"] == 1
    (finding,) = result["findings"]
    assert finding["check"] == "no_expiry_date"
    assert finding["packages"] == ["1A4FF0400000029000000106"]
    assert finding["message"] == (
        "1 usable package carries no product or lab expiry date, so expiry-first cannot "
        "order it (fifo does)."
    )
