"""The purchase_limit_check skill as a tool, and the shape of its answer."""

from __future__ import annotations

from datetime import timedelta
from typing import Annotated, Any, Literal

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.skills import purchases
from trichome.metrc.skills.base import Day, SkillAnswer, shape
from trichome.metrc.skills.params import AsOf, End, Start, date_range, facility
from trichome.metrc.tools.registry import tool
from trichome.metrc.tools.results import LicenseNumber

StateCode = Annotated[
    str,
    Field(
        description="The state whose caps apply, two letters (CO, MI, AZ, CA, MO, WA).",
        min_length=2,
        max_length=2,
    ),
]


@shape
class PurchaseParameters(TypedDict):
    """The state and the days purchase_limit_check read."""

    state: str
    start: Day
    end: Day


@shape
class Amounts(TypedDict):
    """What one sale held: flower and concentrate in grams, infused products in mg THC."""

    flower: float
    concentrate: float
    infused: float


@shape
class OverSale(TypedDict):
    """A sale over the state's caps."""

    receipt: str
    day: Day
    amounts: Amounts
    breaches: Annotated[list[str], Field(description="What it put over, in words.")]
    packages: list[str]


@shape
class RuleSource(TypedDict):
    """Where the rule is written."""

    title: str
    url: str
    section: str


@shape
class Rule(TypedDict):
    """The state's caps as checked."""

    state: str
    window: Annotated[
        Literal["transaction", "day"],
        Field(description="Per sale, or per customer per day (then checked sale by sale)."),
    ]
    combined: Annotated[
        bool, Field(description="True: the kinds count as shares of one limit (equivalents).")
    ]
    caps: Annotated[
        dict[str, float],
        Field(description="flower and concentrate in grams, infused in mg THC."),
    ]
    total_grams: Annotated[
        float | None, Field(description="A cap on flower and concentrate together.")
    ]
    fact: Annotated[str, Field(description="The knowledge-pack fact stating the rule.")]
    not_checked: Annotated[str, Field(description="What the rule counts that a receipt can't.")]
    sources: list[RuleSource]


@shape
class PurchaseDetails(TypedDict):
    """The rule applied and the sales over it."""

    rule: Rule
    over_limit: list[OverSale]


@shape
class PurchaseAnswer(SkillAnswer):
    """A store's adult-use sales held against the state's per-sale caps."""

    parameters: PurchaseParameters
    details: PurchaseDetails


@tool("compliance", title="Purchase limit check", skill=True, returns=PurchaseAnswer)
async def purchase_limit_check(
    license_number: LicenseNumber,
    state: StateCode,
    start: Start = None,
    end: End = None,
    as_of: AsOf = None,
) -> dict[str, Any]:
    """Adult-use sales that went over the state's caps on one sale (default: the 7 days
    before as_of).

    Each receipt line is weighed as flower, concentrate or an infused product from its
    category: by weight, or for counted items by the unit weight or THC its item declares.
    Sales over the caps are listed with what they put over; lines that cannot be weighed are
    counted for a check by hand; patients' sales are left out. The rule, what it counts that
    a receipt cannot show, and its sources come with the answer. Stores only.
    """
    data = facility(license_number, as_of)
    first, last = date_range(start, end, default_end=data.as_of - timedelta(days=1), default_days=7)
    result = await purchases.purchase_limit_check(data, state=state, start=first, end=last)
    return result.as_tool_result()
