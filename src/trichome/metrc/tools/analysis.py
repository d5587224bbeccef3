"""Analysis skills as tools: inventory, transfers, a package's history, yields, sales, waste."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Annotated, Any, Literal

from pydantic import Field

from trichome.metrc.skills import history, inventory, sales, strains, transfers, waste, yields
from trichome.metrc.skills.params import AsOf, End, Start, date_range, facility
from trichome.metrc.tools.registry import tool
from trichome.metrc.tools.results import LicenseNumber, PackageLabel


@tool("analysis", title="Inventory snapshot", skill=True)
async def inventory_snapshot(
    license_number: LicenseNumber,
    as_of: AsOf = None,
    top_items: Annotated[
        int, Field(ge=1, le=500, description="Most groups listed per grouping.")
    ] = 25,
) -> dict[str, Any]:
    """Inventory on hand: counts and quantities by category, item, strain, location, lab state.

    Today (the default), it also lists what is on hold and in transit. For a past as_of (at
    most 366 days back) it reconstructs the end of that day from today's data: packages that
    had come in and were not yet finished, with today's quantity plus later sales less later
    adjustments (reading the receipts since that day). It cannot see packages since shipped
    to other licences (their manifests are counted), quantity drawn without an adjustment
    (samples, ingredients), past locations or past holds; the result lists these limits.
    """
    data = facility(license_number, as_of)
    result = await inventory.inventory_snapshot(data, top_items=top_items)
    return result.as_tool_result()


@tool("analysis", title="Transfer summary", skill=True)
async def transfer_summary(
    license_number: LicenseNumber,
    start: Start = None,
    end: End = None,
    as_of: AsOf = None,
) -> dict[str, Any]:
    """Manifests in and out over a range of days (default: the 30 days ending as_of).

    Counts incoming, outgoing, fully and partly rejected, pending and overdue manifests (by
    departure day), with packages per manifest, partners, transfer types, late arrivals and
    rejection reasons. Overdue manifests (not received after their estimated arrival) are
    high-severity findings. A recipient does not see manifests it rejected outright (Metrc
    lists those to the shipper).
    """
    data = facility(license_number, as_of)
    first, last = date_range(start, end, default_end=data.as_of, default_days=30)
    result = await transfers.transfer_summary(data, start=first, end=last)
    return result.as_tool_result()


@tool("analysis", title="Package history", skill=True)
async def package_history(
    license_number: LicenseNumber,
    label: PackageLabel,
    start: Annotated[
        date | None,
        Field(description="First day of sales to scan (default: the day it came in)."),
    ] = None,
    end: Annotated[
        date | None,
        Field(description="Last day of sales to scan (default: as_of, or the day it finished)."),
    ] = None,
    as_of: AsOf = None,
) -> dict[str, Any]:
    """The full life of one package, by its tag label.

    Shows its item and source harvests or packages, every lab test with results and THC,
    its adjustments here, the manifest it came on (with the quantity received) and any
    pending or rejected manifest it left on, processing jobs it fed, packages made from it,
    the sales that drew on it (scanning receipts from start to end: about 2 requests per
    day), a quantity balance (received - sold - processed + adjustments = now), finishing,
    and a dated timeline. Metrc keeps no location history and hides other licences'
    adjustments.
    """
    data = facility(license_number, as_of)
    result = await history.package_history(
        data, package_label=label, sales_start=start, sales_end=end
    )
    return result.as_tool_result()


@tool("analysis", title="Yield analysis", skill=True)
async def yield_analysis(
    license_number: LicenseNumber,
    start: Start = None,
    end: End = None,
    as_of: AsOf = None,
    low_yield_ratio: Annotated[
        float,
        Field(ge=0, le=1, description="Flag harvests packaging less than this share of wet."),
    ] = 0.15,
    outlier_share: Annotated[
        float,
        Field(ge=0, le=1, description="Flag harvests under this share of their strain's g/plant."),
    ] = 0.8,
) -> dict[str, Any]:
    """Harvest yields over a range of start days (default: the 180 days ending as_of).

    For each harvest and in total, by strain and by month: plants, wet weight, waste,
    packaged weight and what remains, the yield ratio (packaged / wet, over packaged
    harvests), waste ratio, wet and packaged grams per plant; the trend between the first
    and second half of the harvests; low-yield and weak harvests as findings. Growers only.
    """
    data = facility(license_number, as_of)
    first, last = date_range(start, end, default_end=data.as_of, default_days=180)
    result = await yields.yield_analysis(
        data,
        start=first,
        end=last,
        low_yield_ratio=low_yield_ratio,
        outlier_share=outlier_share,
    )
    return result.as_tool_result()


@tool("analysis", title="Sales analysis", skill=True)
async def sales_analysis(
    license_number: LicenseNumber,
    start: Start = None,
    end: End = None,
    as_of: AsOf = None,
    top_n: Annotated[int, Field(ge=1, le=100, description="Products and strains listed.")] = 10,
    compare_previous: Annotated[
        bool, Field(description="Also read the equally long period before, for the trend.")
    ] = True,
    drop_alert_pct: Annotated[
        float, Field(ge=0, le=100, description="Flag a revenue fall of this percent or more.")
    ] = 20.0,
) -> dict[str, Any]:
    """Sales over a range (default: the 30 days before as_of, as_of itself being partial).

    Revenue, receipts, lines, units sold per unit of measure, average basket, by category,
    top products and strains, by weekday (with the average per weekday) and by hour, daily
    revenue with best and worst days, days without sales, voided receipts and their rate,
    customer types, and the change against the previous period of the same length. Stores
    only; reads about 2 requests per day of the range (twice that with compare_previous).
    """
    data = facility(license_number, as_of)
    first, last = date_range(
        start, end, default_end=data.as_of - timedelta(days=1), default_days=30
    )
    result = await sales.sales_analysis(
        data,
        start=first,
        end=last,
        top_n=top_n,
        compare_previous=compare_previous,
        drop_alert_pct=drop_alert_pct,
    )
    return result.as_tool_result()


@tool("analysis", title="Strain performance", skill=True)
async def strain_performance(
    license_number: LicenseNumber,
    start: Start = None,
    end: End = None,
    as_of: AsOf = None,
    min_pass_rate: Annotated[
        float, Field(ge=0, le=1, description="Flag strains passing first tests below this.")
    ] = 0.9,
    include_shipments: Annotated[
        bool,
        Field(
            description=(
                "Also read the packages of outgoing manifests for the lab state of packages "
                "shipped away (one request per manifest)."
            )
        ),
    ] = True,
) -> dict[str, Any]:
    """Strains compared over a range (default: the 90 days ending as_of).

    Per strain: harvests and plants, wet and packaged grams per plant and the wet-to-packaged
    ratio (growers); share of packages passing their first lab test; mean THC % from lab
    results (one package per source harvest); revenue, grams and units sold (stores).
    Strains with a low pass rate or low yield are findings.
    """
    data = facility(license_number, as_of)
    first, last = date_range(start, end, default_end=data.as_of, default_days=90)
    result = await strains.strain_performance(
        data,
        start=first,
        end=last,
        min_pass_rate=min_pass_rate,
        include_shipments=include_shipments,
    )
    return result.as_tool_result()


@tool("analysis", title="Waste report", skill=True)
async def waste_report(
    license_number: LicenseNumber,
    start: Start = None,
    end: End = None,
    as_of: AsOf = None,
    unit: Annotated[
        Literal["Grams", "Kilograms", "Pounds", "Ounces"],
        Field(description="The unit every weight is converted to."),
    ] = "Kilograms",
) -> dict[str, Any]:
    """Waste and destruction over a range (default: the 90 days ending as_of), in one unit.

    Totals plant waste, plant-batch waste, harvest waste (stems, plant material) and package
    adjustments recording waste (Waste, Spoilage, Destruction...) by source, reason, method
    and month; counts destroyed plants and wasted packages; reports theft and moisture or
    scale adjustments apart (losses, not waste) and count-based waste that has no unit
    weight. Waste adjustments without notes and destroyed plants without waste records are
    findings.
    """
    data = facility(license_number, as_of)
    first, last = date_range(start, end, default_end=data.as_of, default_days=90)
    result = await waste.waste_report(data, start=first, end=last, unit=unit)
    return result.as_tool_result()
