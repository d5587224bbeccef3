"""The strain_performance skill as a tool, and the shape of its answer."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.skills import strains
from trichome.metrc.skills.base import Day, SkillAnswer, shape
from trichome.metrc.skills.params import AsOf, End, Start, date_range, facility
from trichome.metrc.tools.registry import tool
from trichome.metrc.tools.results import LicenseNumber


@shape
class StrainParameters(TypedDict):
    """The days and the limits strain_performance used."""

    start: Day
    end: Day
    min_pass_rate: float
    low_yield_share: float
    include_shipments: bool


@shape
class StrainSales(TypedDict):
    """What a strain sold."""

    revenue: float
    grams: float
    units: float
    lines: float


@shape
class StrainRow(TypedDict):
    """One strain's yields, lab pass rate, potency and sales."""

    harvests: int
    plants: int
    wet_g_per_plant: float | None
    packaged_g_per_plant: float | None
    yield_ratio: float | None
    packages_tested: int
    passed_first_test: int
    pass_rate: float | None
    thc_pct: float | None
    thc_test: str | None
    thc_by_test: Annotated[dict[str, float], Field(description="Mean THC per test type.")]
    thc_samples: int
    sales: StrainSales | None


@shape
class StrainDetails(TypedDict):
    """Every strain's figures, and whether the facility grows and sells."""

    strains: dict[str, StrainRow]
    grows: bool
    sells: bool


@shape
class StrainAnswer(SkillAnswer):
    """Strains compared across harvests, lab tests and sales."""

    parameters: StrainParameters
    details: StrainDetails


@tool("analysis", title="Strain performance", skill=True, returns=StrainAnswer)
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
