"""Reading our records for the skills: a package's figures and states, and the wording of
counts and figures in messages."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from trichome.tracking import lab
from trichome.tracking.inventory import Package, Plant
from trichome.tracking.records import GRAMS_PER_UNIT
from trichome.tracking.records import to_grams as to_grams

# A package whose lab history shows a failure (it passed only on a retest, or not at all).
FAILED_FIRST_STATES = lab.FAILED_ONCE


def quantity(package: Package) -> float:
    """A package's quantity."""
    return package.quantity


def unit(package: Package) -> str:
    """A package's unit of measure."""
    return package.unit or ""


def label(record: Package | Plant) -> str:
    """A package's or plant's tag label."""
    return record.label


def labels(records: Iterable[Package | Plant]) -> list[str]:
    """The labels of records, in order."""
    return [record.label for record in records]


def item_name(package: Package | None) -> str:
    """The name of a package's item."""
    return (package.item.name if package else None) or "(no item)"


def category(package: Package) -> str:
    """The product category of a package's item."""
    return package.item.category or "(no category)"


def strain(package: Package) -> str | None:
    """The strain of a package's item, when it has one."""
    return package.item.strain


def lab_state(package: Package) -> str:
    """A package's lab-testing state (one of the 14 in `trichome.tracking.lab`)."""
    return package.lab_state


def lab_passed(package: Package) -> bool:
    """Whether a package's lab state allows selling or transferring it: passed, passed on
    retest, or no test required."""
    return package.lab_cleared


def lab_tested(package: Package) -> bool:
    """Whether a package passed a test (so has a lab result that can expire)."""
    return package.lab_passed


def lab_failed(package: Package) -> bool:
    """Whether a package failed testing or must be remediated."""
    return package.lab_failed


def is_sample(package: Package) -> bool:
    """Whether a package is a lab testing sample (not stock)."""
    return package.testing_sample


def on_hold(record: Package | Plant) -> bool:
    """Whether a package or plant is on hold."""
    return record.on_hold


def is_empty(package: Package) -> bool:
    """Whether a package holds nothing."""
    return package.empty


def product_expiry(package: Package) -> tuple[date, str] | None:
    """The earliest of a package's expiration, use-by and sell-by dates, and which it is."""
    return package.product_expiry


def lab_expiry(package: Package) -> date | None:
    """The day a package's lab result expires, when the system has one."""
    return package.lab_expires


def packaged_on(package: Package) -> date | None:
    """The day a package was made."""
    return package.packaged


def arrived_on(package: Package) -> date | None:
    """The day a package came into this facility: received, or packaged here."""
    return package.arrived_on


def from_grams(grams: float, unit_name: str) -> float:
    """Grams in another weight unit."""
    return grams / GRAMS_PER_UNIT[unit_name.strip().lower()]


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
