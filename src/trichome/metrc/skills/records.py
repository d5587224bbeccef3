"""Reading Metrc records: dates, quantities, units, lab states and expiry of packages."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date, datetime
from typing import Any

from trichome.tracking import lab
from trichome.tracking.records import GRAMS_PER_UNIT
from trichome.tracking.records import to_grams as to_grams

Record = dict[str, Any]

# A package whose lab history shows a failure (it passed only on a retest, or not at all).
FAILED_FIRST_STATES = lab.FAILED_ONCE
EMPTY = 1e-9  # quantities at or below this are zero (Metrc rounds to 4 decimals)


def day_of(value: Any) -> date | None:
    """The date of a Metrc date or date-time string, as written (the facility's local date)."""
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if not isinstance(value, str) or len(value) < 10:
        return None
    try:
        return date.fromisoformat(value[:10])
    except ValueError:
        return None


def moment_of(value: Any) -> datetime | None:
    """A Metrc date-time string as a datetime (naive when Metrc gave no offset)."""
    if not isinstance(value, str) or not value:
        return None
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None


def number(value: Any) -> float:
    """A numeric field as a float (0 for null or anything else)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return 0.0
    return float(value)


def quantity(package: Mapping[str, Any]) -> float:
    """A package's quantity."""
    return number(package.get("Quantity"))


def unit(package: Mapping[str, Any]) -> str:
    """A package's unit of measure."""
    return str(package.get("UnitOfMeasureName") or "")


def label(record: Mapping[str, Any]) -> str:
    """A package's or plant's tag label."""
    return str(record.get("Label") or "")


def labels(records: Iterable[Mapping[str, Any]]) -> list[str]:
    """The labels of records, in order."""
    return [label(record) for record in records]


def item_of(package: Mapping[str, Any]) -> Mapping[str, Any]:
    """The item embedded in a package (empty when missing)."""
    item = package.get("Item")
    return item if isinstance(item, Mapping) else {}


def item_name(package: Mapping[str, Any]) -> str:
    """The name of a package's item."""
    return str(item_of(package).get("Name") or package.get("ItemName") or "(no item)")


def category(package: Mapping[str, Any]) -> str:
    """The product category of a package's item."""
    return str(item_of(package).get("ProductCategoryName") or "(no category)")


def strain(package: Mapping[str, Any]) -> str | None:
    """The strain of a package's item, when it has one."""
    name = item_of(package).get("StrainName")
    return str(name) if name else None


def lab_state(package: Mapping[str, Any]) -> str:
    """A package's lab-testing state (one of Metrc's 14; NotSubmitted when missing)."""
    return lab.lab_state(package.get("LabTestingState"))


def lab_passed(package: Mapping[str, Any]) -> bool:
    """Whether a package's lab state allows selling or transferring it: passed, passed on
    retest, or no test required."""
    return lab.cleared(lab_state(package))


def lab_tested(package: Mapping[str, Any]) -> bool:
    """Whether a package passed a test (so has a lab result that can expire)."""
    return lab.passed(lab_state(package))


def lab_failed(package: Mapping[str, Any]) -> bool:
    """Whether a package failed testing or must be remediated."""
    return lab.failed(lab_state(package)) or bool(package.get("ProductRequiresRemediation"))


def is_sample(package: Mapping[str, Any]) -> bool:
    """Whether a package is a lab testing sample (not stock)."""
    return bool(package.get("IsTestingSample"))


def on_hold(record: Mapping[str, Any]) -> bool:
    """Whether a package or plant is on hold."""
    return bool(record.get("IsOnHold"))


def is_empty(package: Mapping[str, Any]) -> bool:
    """Whether a package holds nothing."""
    return quantity(package) <= EMPTY


def product_expiry(package: Mapping[str, Any]) -> tuple[date, str] | None:
    """The earliest of a package's expiration, use-by and sell-by dates, and which it is."""
    dates = [
        (day, field)
        for field in ("ExpirationDate", "UseByDate", "SellByDate")
        if (day := day_of(package.get(field))) is not None
    ]
    return min(dates) if dates else None


def lab_expiry(package: Mapping[str, Any]) -> date | None:
    """The day a package's lab result expires, when Metrc has one."""
    return day_of(package.get("LabTestResultExpirationDateTime"))


def packaged_on(package: Mapping[str, Any]) -> date | None:
    """The day a package was made."""
    return day_of(package.get("PackagedDate"))


def arrived_on(package: Mapping[str, Any]) -> date | None:
    """The day a package came into this facility: received, or packaged here."""
    return day_of(package.get("ReceivedDateTime")) or packaged_on(package)


def from_grams(grams: float, unit_name: str) -> float:
    """Grams in another weight unit."""
    return grams / GRAMS_PER_UNIT[unit_name.strip().lower()]


def names(value: Any) -> list[str]:
    """A comma-separated Metrc list (SourceHarvestNames, SourcePackageLabels) as names."""
    if isinstance(value, list):
        return [str(part).strip() for part in value if str(part).strip()]
    if not isinstance(value, str):
        return []
    return [part.strip() for part in value.split(",") if part.strip()]


def rounded(value: float, digits: int = 2) -> float:
    """A figure rounded for reading (no -0.0)."""
    result = round(value, digits)
    return 0.0 if result == 0 else result


def tally(values: Iterable[str]) -> dict[str, int]:
    """How often each value occurs, most common first."""
    counts: dict[str, int] = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    return dict(sorted(counts.items(), key=lambda entry: (-entry[1], entry[0])))


def plural(count: int | float, noun: str, nouns: str | None = None) -> str:
    """'1 package', '3 packages'."""
    word = noun if count == 1 else (nouns or f"{noun}s")
    shown = f"{count:g}" if isinstance(count, float) else str(count)
    return f"{shown} {word}"
