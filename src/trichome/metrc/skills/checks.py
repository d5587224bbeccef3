"""Rules about packages, transfers, harvests and tags, shared by the compliance skills.

Each function looks at data already loaded and returns a `Check`: whether the rule holds,
how serious a failure is, a sentence saying what was found, and the objects involved.
`needs_attention`, `compliance_check` and `audit_ready` choose and combine them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from trichome.metrc.skills.base import Finding, Severity
from trichome.metrc.skills.records import (
    arrived_on,
    is_empty,
    is_sample,
    item_name,
    lab_expiry,
    lab_failed,
    lab_passed,
    lab_state,
    lab_tested,
    labels,
    on_hold,
    plural,
    product_expiry,
    quantity,
)
from trichome.tracking import Package, lab
from trichome.tracking.records import day_of


@dataclass(slots=True)
class Check:
    """One rule's verdict: whether it holds, how serious a failure is, and what it concerns."""

    name: str
    rule: str
    passed: bool
    severity: Severity
    message: str
    packages: list[str] = field(default_factory=list)
    plants: list[str] = field(default_factory=list)
    harvests: list[str] = field(default_factory=list)
    transfers: list[str] = field(default_factory=list)
    applies: bool = True
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def count(self) -> int:
        """How many objects break the rule."""
        return len(self.packages) + len(self.plants) + len(self.harvests) + len(self.transfers)

    def finding(self) -> Finding:
        """The failure as a finding."""
        return Finding(
            severity=self.severity,
            check=self.name,
            message=self.message,
            packages=self.packages,
            plants=self.plants,
            harvests=self.harvests,
            transfers=self.transfers,
        )

    def summary(self) -> dict[str, Any]:
        """The verdict as a compliance report row."""
        status = "not_applicable" if not self.applies else ("pass" if self.passed else "fail")
        row: dict[str, Any] = {
            "check": self.name,
            "rule": self.rule,
            "status": status,
            "severity": self.severity.value,
            "count": self.count,
            "message": self.message,
        }
        return row | ({"details": self.details} if self.details else {})


def not_applicable(name: str, rule: str, severity: Severity, why: str) -> Check:
    """A rule that does not apply here (the facility type, or records it does not keep)."""
    return Check(name, rule, True, severity, why, applies=False)


def verdict(
    name: str,
    rule: str,
    severity: Severity,
    broken: Sequence[Package],
    title: str,
    action: str,
    fine: str,
    **extra: Any,
) -> Check:
    """A package rule's verdict: it holds when nothing breaks it.

    A failure reads "Title: 3 packages (their items); action."
    """
    message = (
        f"{title}: {plural(len(broken), 'package')} ({items_of(broken)}); {action}"
        if broken
        else fine
    )
    return Check(name, rule, not broken, severity, message, packages=labels(broken), **extra)


def stock(packages: Iterable[Package]) -> list[Package]:
    """On-hand packages that hold product (not empty, not lab samples)."""
    return [p for p in packages if not is_empty(p) and not is_sample(p)]


def items_of(packages: Sequence[Package], limit: int = 4) -> str:
    """The item names of some packages, for a message."""
    named = list(dict.fromkeys(item_name(package) for package in packages))
    shown = ", ".join(named[:limit])
    hidden = len(named) - limit
    return f"{shown} and {hidden} more item{'s' if hidden > 1 else ''}" if hidden > 0 else shown


# Lab state ------------------------------------------------------------------------------------


def failed_product(on_hand: Sequence[Package]) -> Check:
    """Failed or remediation-pending product still on hand (critical where not on hold)."""
    failed = [p for p in on_hand if lab_failed(p) and not is_empty(p)]
    loose = [p for p in failed if not on_hold(p)]
    held = len(failed) - len(loose)
    message = (
        f"Failed lab tests: {plural(len(failed), 'package')} ({items_of(failed)}), {held} on "
        f"hold and {len(loose)} not; remediate or destroy them."
    )
    return Check(
        "failed_lab_product",
        "Product that failed testing is remediated or destroyed.",
        not failed,
        Severity.CRITICAL if loose else Severity.HIGH,
        message if failed else "No failed product on hand.",
        packages=labels(failed),
    )


def failed_product_held(on_hand: Sequence[Package]) -> Check:
    """Every failed or remediation-pending package is on hold."""
    loose = [p for p in on_hand if lab_failed(p) and not is_empty(p) and not on_hold(p)]
    return verdict(
        "failed_product_on_hold",
        "Packages that failed testing or need remediation are on hold.",
        Severity.CRITICAL,
        loose,
        "Failed product not on hold",
        "put it on hold until it is remediated or destroyed.",
        "Every failed package on hand is on hold.",
    )


def other_holds(on_hand: Sequence[Package]) -> Check:
    """Packages on hold for reasons other than a failed test (recalls, reviews)."""
    held = [p for p in on_hand if on_hold(p) and not lab_failed(p)]
    notes = sorted({str(p.note) for p in held if p.note})
    reason = f" Notes: {'; '.join(notes)}." if notes else ""
    return verdict(
        "on_hold",
        "Holds are resolved (released or acted on).",
        Severity.MEDIUM,
        held,
        "On hold",
        f"release them or act on the hold.{reason}",
        "No other packages on hold.",
    )


def held_in_transit(in_transit: Sequence[Package]) -> Check:
    """No package on hold travels on a manifest."""
    moving = [p for p in in_transit if on_hold(p)]
    return verdict(
        "on_hold_not_shipped",
        "Packages on hold are not shipped.",
        Severity.HIGH,
        moving,
        "On hold yet in transit",
        "stop the manifest; held product may not move.",
        "No package on hold is in transit.",
    )


def pending_lab(on_hand: Sequence[Package], as_of: date, days: int) -> Check:
    """Samples waiting on a lab (submitted, in testing, awaiting confirmation or picked for a
    random test) for more than `days` days."""
    waiting = [
        p
        for p in on_hand
        if lab.awaiting(lab_state(p))
        and (since := p.lab_state_changed) is not None
        and (as_of - since).days > days
    ]
    return verdict(
        "lab_results_overdue",
        f"Lab results arrive within {days} days of submitting a sample.",
        Severity.MEDIUM,
        waiting,
        f"Lab results pending over {days} days",
        "chase the lab.",
        f"No package has waited more than {days} days for lab results.",
    )


def untested_stock(on_hand: Sequence[Package], as_of: date, days: int) -> Check:
    """Stock never submitted for testing, made more than `days` ago."""
    untested = [
        p
        for p in stock(on_hand)
        if lab_state(p) == lab.LabState.NOT_SUBMITTED
        and (made := arrived_on(p)) is not None
        and (as_of - made).days > days
    ]
    return verdict(
        "untested_lots",
        f"Stock is submitted for testing within {days} days of packaging.",
        Severity.MEDIUM,
        untested,
        "Never submitted for testing",
        "sample and test them; they cannot be sold or transferred untested.",
        "Every package older than the limit has been submitted for testing.",
    )


def lab_results_current(on_hand: Sequence[Package], as_of: date) -> Check:
    """Sellable stock whose lab result has expired (on-hold packages excepted); an undated
    result has not (its test type sets no expiration days, bruno LabTests/GetLabTestsTypes)."""
    passed = [p for p in stock(on_hand) if lab_passed(p) and not on_hold(p)]
    expired = [p for p in passed if (ends := lab_expiry(p)) is not None and ends < as_of]
    undated = sum(1 for p in passed if lab_expiry(p) is None)
    fine = "No active product has an expired lab result." + (
        f" {plural(undated, 'passed package')} show no expiry date to check." if undated else ""
    )
    return verdict(
        "lab_results_current",
        "Active product has an unexpired lab result.",
        Severity.HIGH,
        expired,
        "Expired lab results on active product",
        "retest them or put them on hold.",
        fine,
    )


def lab_expiry_recorded(on_hand: Sequence[Package]) -> Check:
    """Tested stock without a lab-result expiry date, when other tested stock has one (Metrc
    dates a result only when its test type sets expiration days: none dated is no gap)."""
    rule = "Tested product carries its lab result's expiry date."
    tested = [p for p in stock(on_hand) if lab_tested(p)]
    missing = [p for p in tested if lab_expiry(p) is None]
    if tested and len(missing) == len(tested):
        return not_applicable(
            "lab_expiry_recorded",
            rule,
            Severity.LOW,
            f"None of the {plural(len(tested), 'tested package')} shows a lab-result expiry: "
            "Metrc dates a result only when its lab test type sets expiration days, so these "
            "results do not lapse in Metrc (the state's own retesting rules still apply).",
        )
    return verdict(
        "lab_expiry_recorded",
        rule,
        Severity.LOW,
        missing,
        "No lab result expiry shown",
        "check their certificates of analysis.",
        "Every tested package shows when its lab result expires.",
    )


# Expiry ---------------------------------------------------------------------------------------


def expired_products(on_hand: Sequence[Package], as_of: date, *, held_ok: bool) -> Check:
    """Product past its expiration, use-by or sell-by date still on hand."""
    expired = [
        p
        for p in stock(on_hand)
        if (ends := product_expiry(p)) is not None
        and ends[0] < as_of
        and not (held_ok and on_hold(p))
    ]
    return verdict(
        "expired_product_on_hand",
        "No expired product is on hand" + (" unless on hold for destruction." if held_ok else "."),
        Severity.HIGH,
        expired,
        "Expired product on hand",
        "destroy it or put it on hold.",
        "No expired product on hand.",
    )


def expiring_products(on_hand: Sequence[Package], as_of: date, days: int) -> Check:
    """Product whose expiration, use-by or sell-by date falls within `days` days."""
    soon = [
        p
        for p in stock(on_hand)
        if (ends := product_expiry(p)) is not None and 0 <= (ends[0] - as_of).days <= days
    ]
    return verdict(
        "product_expiring_soon",
        f"Product is sold well before expiry (flagged {days} days ahead).",
        Severity.MEDIUM,
        soon,
        f"Product expiring within {days} days",
        "sell, discount or move it first.",
        f"No product expires within {days} days.",
    )


def expiring_lab_results(on_hand: Sequence[Package], as_of: date, days: int) -> Check:
    """Sellable stock whose lab result expires within `days` days."""
    soon = [
        p
        for p in stock(on_hand)
        if lab_passed(p)
        and (ends := lab_expiry(p)) is not None
        and 0 <= (ends - as_of).days <= days
    ]
    return verdict(
        "lab_result_expiring_soon",
        f"Lab results are renewed before they expire (flagged {days} days ahead).",
        Severity.MEDIUM,
        soon,
        f"Lab results expiring within {days} days",
        "sell the stock first or retest it.",
        f"No lab result expires within {days} days.",
    )


def expired_lab_results(on_hand: Sequence[Package], as_of: date) -> Check:
    """Stock whose lab result has expired (held or not)."""
    expired = [p for p in stock(on_hand) if (ends := lab_expiry(p)) is not None and ends < as_of]
    return verdict(
        "lab_result_expired",
        "Stock has an unexpired lab result.",
        Severity.HIGH,
        expired,
        "Expired lab results",
        "retest them or put them on hold.",
        "No stock has an expired lab result.",
    )


# Quantities -------------------------------------------------------------------------------------


def empty_active(on_hand: Sequence[Package], as_of: date, after_days: int = 0) -> Check:
    """Active packages with nothing left, unchanged for more than `after_days` days."""
    empty = [
        p
        for p in on_hand
        if is_empty(p) and (as_of - (day_of(p.last_modified) or as_of)).days >= after_days
    ]
    wait = f" for {after_days} days or more" if after_days else ""
    return verdict(
        "empty_packages_unfinished" if after_days else "zero_quantity_active",
        f"Empty packages are finished within {after_days} days."
        if after_days
        else "Empty packages are finished.",
        Severity.LOW,
        empty,
        f"Empty but not finished{wait}",
        "finish them.",
        "No empty package is left unfinished" + (f" beyond {after_days} days." if wait else "."),
    )


def negative_quantities(packages: Sequence[Package]) -> Check:
    """No package shows a quantity below zero."""
    negative = [p for p in packages if quantity(p) < 0]
    return verdict(
        "no_negative_quantities",
        "No package has a negative quantity.",
        Severity.HIGH,
        negative,
        "Negative quantities",
        "correct them with an adjustment.",
        "No package has a negative quantity.",
    )


def finished_with_quantity(inactive: Sequence[Package]) -> Check:
    """Finished packages hold nothing."""
    holding = [p for p in inactive if p.finished and not is_empty(p)]
    return verdict(
        "finished_packages_empty",
        "Finished packages have zero quantity.",
        Severity.HIGH,
        holding,
        "Finished with quantity left",
        "unfinish, adjust to zero and finish them again.",
        "Every finished package is empty.",
    )
