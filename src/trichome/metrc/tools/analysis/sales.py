"""The sales_analysis skill as a tool, and the shape of its answer."""

from __future__ import annotations

from datetime import timedelta
from typing import Annotated, Any, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.skills import sales
from trichome.metrc.skills.base import Day, SkillAnswer, shape
from trichome.metrc.skills.params import AsOf, End, Start, date_range, facility
from trichome.metrc.tools.registry import tool
from trichome.metrc.tools.results import LicenseNumber


@shape
class SalesParameters(TypedDict):
    """The days of sales and the limits sales_analysis used."""

    start: Day
    end: Day
    top_n: int
    compare_previous: bool
    drop_alert_pct: float
    void_alert_pct: float


@shape
class Seller(TypedDict):
    """Sales of a category, product or strain."""

    name: str
    revenue: float
    lines: int
    quantity: Annotated[dict[str, float], Field(description="Quantity sold per unit.")]
    share: Annotated[float, Field(description="Its share of the revenue.")]


@shape
class Weekday(TypedDict):
    """Sales on one day of the week over the range."""

    receipts: int
    revenue: float
    days: int
    average_revenue: float


@shape
class Takings(TypedDict):
    """Receipts and revenue of an hour or a day."""

    receipts: int
    revenue: float


@shape
class DayTakings(Takings):
    """Receipts and revenue of one day."""

    date: Day


@shape
class Period(TypedDict):
    """The figures of the period before the range."""

    start: Day
    end: Day
    revenue: float
    receipts: int
    lines: int
    average_basket: float
    revenue_per_day: float
    voided_receipts: int
    voided_value: float


@shape
class Change(TypedDict):
    """The change from the previous period, in percent (null when it had none)."""

    revenue: float | None
    receipts: float | None
    average_basket: float | None


@shape
class SalesDetails(TypedDict):
    """Sales by category, product, strain, weekday, hour and day, and against before."""

    by_category: list[Seller]
    top_products: list[Seller]
    top_strains: list[Seller]
    by_weekday: dict[str, Weekday]
    by_hour: Annotated[dict[str, Takings], Field(description="By hour, HH:00.")]
    daily: Annotated[dict[str, Takings], Field(description="By day, YYYY-MM-DD.")]
    best_day: DayTakings | None
    worst_open_day: DayTakings | None
    days_without_sales: list[Day]
    customer_types: dict[str, int]
    previous_period: NotRequired[Period]
    change_pct: NotRequired[Change]


@shape
class SalesAnswer(SkillAnswer):
    """A dispensary's sales patterns over a range."""

    parameters: SalesParameters
    details: SalesDetails


@tool("analysis", title="Sales analysis", skill=True, returns=SalesAnswer)
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
