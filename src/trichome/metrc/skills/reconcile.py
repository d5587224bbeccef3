"""count_reconciliation: a physical count held against the system, and the adjustments to
file for what differs.

The count is a list of package labels with the quantity found (CSV text with a header
naming a label and a quantity column, and optionally a unit, or rows given as data). Each
counted package is compared with what the system holds in its unit (weights converted);
a difference beyond `tolerance` is a variance, and each variance gets the adjustment that
would make the system match the count: the signed quantity, the package's unit, and a
reason from the facility's own list of adjustment reasons. A shortfall within
`scale_percent` of a weighed package is proposed as the facility's scale-variance reason
when it has one; other variances need a reason a person chooses (the list is given), or
the one the caller names for all. Packages counted that the licence does not hold, and
packages held (in the counted location, if one is given) that were not counted, are
reported apart.
"""

from __future__ import annotations

import asyncio
import csv
import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from trichome.metrc.skills.base import Finding, Severity, SkillResult
from trichome.metrc.skills.records import item_name, plural, rounded
from trichome.metrc.tools.registry import ToolProblem
from trichome.tracking import AdjustReason, Package, UnitKind, to_grams, unit_kind
from trichome.tracking.source import FacilitySource

LABEL_COLUMNS = ("label", "tag", "package", "package_label", "uid", "barcode")
QUANTITY_COLUMNS = ("quantity", "qty", "count", "counted", "amount")
UNIT_COLUMNS = ("unit", "uom", "unit_of_measure")
SCALE_WORDS = ("scale",)


@dataclass(frozen=True, slots=True)
class Counted:
    """One line of the count."""

    label: str
    quantity: float
    unit: str | None


def _column(header: list[str], names: tuple[str, ...]) -> int | None:
    cleaned = [name.strip().lower().replace(" ", "_") for name in header]
    return next((cleaned.index(name) for name in names if name in cleaned), None)


def parse_csv(text: str) -> list[Counted]:
    """Count lines from CSV text with a header row (label and quantity columns; unit optional).

    Raises:
        ToolProblem: no header naming the columns, or a line without a number.
    """
    rows = [row for row in csv.reader(io.StringIO(text.strip())) if any(c.strip() for c in row)]
    if not rows:
        raise ToolProblem("The count is empty: give a header row and a line per package.")
    header = rows[0]
    at_label, at_quantity = _column(header, LABEL_COLUMNS), _column(header, QUANTITY_COLUMNS)
    at_unit = _column(header, UNIT_COLUMNS)
    if at_label is None or at_quantity is None:
        raise ToolProblem(
            "The count's first row must name its columns: a label column "
            f"({', '.join(LABEL_COLUMNS)}) and a quantity column "
            f"({', '.join(QUANTITY_COLUMNS)}); it was {header}."
        )
    found = []
    for number, row in enumerate(rows[1:], start=2):
        cells = row + [""] * (len(header) - len(row))
        unit = cells[at_unit].strip() or None if at_unit is not None else None
        found.append(counted(cells[at_label], cells[at_quantity], unit, f"line {number}"))
    return found


def counted(label: Any, quantity: Any, unit: Any, where: str) -> Counted:
    """One count line, checked.

    Raises:
        ToolProblem: no label, or a quantity that is not a number at or above zero.
    """
    tag = str(label or "").strip()
    try:
        amount = float(str(quantity).strip())
    except ValueError:
        raise ToolProblem(f"Count {where}: {quantity!r} is not a number.") from None
    if not tag:
        raise ToolProblem(f"Count {where}: the package label is empty.")
    if amount < 0 or amount != amount:
        raise ToolProblem(f"Count {where}: the quantity must be zero or more, not {quantity}.")
    return Counted(tag, amount, str(unit).strip() if unit else None)


def parse_rows(rows: Iterable[Mapping[str, Any]]) -> list[Counted]:
    """Count lines given as data ({label, quantity, unit?})."""
    return [
        counted(row.get("label"), row.get("quantity"), row.get("unit"), f"row {number}")
        for number, row in enumerate(rows, start=1)
    ]


def in_unit(line: Counted, package: Package) -> float | None:
    """The counted quantity in the package's unit (None when the units cannot convert)."""
    if line.unit is None or line.unit.strip().lower() == str(package.unit or "").lower():
        return line.quantity
    grams = to_grams(line.quantity, line.unit)
    per_unit = to_grams(1.0, package.unit)
    return grams / per_unit if grams is not None and per_unit else None


def choose_reason(reasons: list[AdjustReason], named: str | None) -> AdjustReason | None:
    """The facility's reason the caller named (None when none was named).

    Raises:
        ToolProblem: the name is not one of the facility's reasons.
    """
    if named is None:
        return None
    for reason in reasons:
        if reason.name.strip().lower() == named.strip().lower():
            return reason
    names = ", ".join(reason.name for reason in reasons) or "none"
    raise ToolProblem(f"{named!r} is not one of this licence's adjustment reasons: {names}.")


async def count_reconciliation(
    data: FacilitySource,
    *,
    count: list[Counted],
    location: str | None = None,
    reason: str | None = None,
    tolerance: float = 0.0001,
    scale_percent: float = 1.0,
) -> SkillResult:
    """Hold a physical count against the licence's packages; list variances and the
    adjustments that would make the system match."""
    if not count:
        raise ToolProblem("The count is empty: give at least one package and its quantity.")
    packages, reasons = await data.packages(inactive_since=None), await data.adjust_reasons()
    named = choose_reason(reasons, reason)
    scale = next((r for r in reasons if any(w in r.name.lower() for w in SCALE_WORDS)), None)
    on_hand = {package.label: package for package in packages.on_hand}
    # A counted label not on hand is looked up by itself (one request each) rather than by
    # reading every package the licence ever finished.
    missing = [
        label for label in dict.fromkeys(line.label for line in count) if label not in on_hand
    ]
    looked_up = await asyncio.gather(*(data.package(label) for label in missing))
    elsewhere = {label for label, package in zip(missing, looked_up, strict=True) if package}
    totals: dict[str, float] = {}
    problems: list[dict[str, Any]] = []
    for line in count:
        package = on_hand.get(line.label)
        if package is None:
            state = "in transit or finished" if line.label in elsewhere else "not held here"
            problems.append({"label": line.label, "quantity": line.quantity, "problem": state})
            continue
        amount = in_unit(line, package)
        if amount is None:
            problems.append(
                {
                    "label": line.label,
                    "quantity": line.quantity,
                    "problem": f"counted in {line.unit}, held in {package.unit}",
                }
            )
            continue
        totals[line.label] = totals.get(line.label, 0.0) + amount
    variances: list[dict[str, Any]] = []
    matched = 0
    for tag, found in totals.items():
        package = on_hand[tag]
        change = found - package.quantity
        if abs(change) <= tolerance:
            matched += 1
            continue
        weighed = unit_kind(package.unit) is UnitKind.WEIGHT
        small = (
            weighed
            and package.quantity > 0
            and abs(change) / package.quantity * 100 <= scale_percent
        )
        chosen = named or (scale if small else None)
        variances.append(
            {
                "label": tag,
                "item": item_name(package),
                "location": package.location_name,
                "system_quantity": rounded(package.quantity, 4),
                "counted_quantity": rounded(found, 4),
                "adjust_by": rounded(change, 4),
                "unit": package.unit,
                "reason": chosen.name if chosen else None,
                "reason_requires_note": chosen.requires_note if chosen else None,
                "note": f"Physical count on {data.as_of}: counted {rounded(found, 4)} "
                f"{package.unit}, system held {rounded(package.quantity, 4)}.",
                "within_scale_variance": small,
            }
        )
    variances.sort(key=lambda row: row["adjust_by"])
    scope = [
        p
        for p in on_hand.values()
        if location is None or str(p.location_name or "").lower() == location.strip().lower()
    ]
    uncounted = [p for p in scope if p.label not in totals and not p.empty]
    findings: list[Finding] = []
    short = [row for row in variances if row["adjust_by"] < 0 and not row["within_scale_variance"]]
    over = [row for row in variances if row["adjust_by"] > 0 and not row["within_scale_variance"]]
    minor = [row for row in variances if row["within_scale_variance"]]
    for rows, severity, check, words in (
        (short, Severity.HIGH, "count_short", "less product counted than the system holds"),
        (over, Severity.MEDIUM, "count_over", "more product counted than the system holds"),
        (minor, Severity.LOW, "scale_variance", f"differences within {scale_percent}% (scale)"),
    ):
        if rows:
            findings.append(
                Finding(
                    severity=severity,
                    check=check,
                    message=(
                        f"{plural(len(rows), 'package')} with {words}; file the adjustments "
                        "listed"
                        + ("" if rows is minor or named else " after finding the cause")
                        + "."
                    ),
                    packages=[row["label"] for row in rows],
                )
            )
    if problems:
        findings.append(
            Finding(
                severity=Severity.HIGH,
                check="count_not_matched",
                message=(
                    f"{plural(len(problems), 'counted line')} could not be held against a "
                    "package on hand (unknown here, in transit or finished, or in another "
                    "unit); find where that product belongs."
                ),
                packages=[row["label"] for row in problems],
            )
        )
    if uncounted:
        findings.append(
            Finding(
                severity=Severity.MEDIUM,
                check="not_counted",
                message=(
                    f"{plural(len(uncounted), 'package')} on hand"
                    + (f" in {location}" if location else "")
                    + " were not in the count; count them or find them."
                ),
                packages=[p.label for p in uncounted],
            )
        )
    summary = (
        f"{data.license_number} count on {data.as_of}: {plural(len(totals), 'package')} "
        f"counted, {matched} match, {plural(len(variances), 'variance')}, "
        f"{len(problems)} not matched, {len(uncounted)} on hand not counted."
    )
    return SkillResult(
        skill="count_reconciliation",
        license_number=data.license_number,
        as_of=data.as_of,
        parameters={
            "location": location,
            "reason": named.name if named else None,
            "tolerance": tolerance,
            "scale_percent": scale_percent,
        },
        summary=summary,
        counts={
            "lines": len(count),
            "packages_counted": len(totals),
            "matched": matched,
            "variances": len(variances),
            "short": len(short),
            "over": len(over),
            "scale_variances": len(minor),
            "not_matched": len(problems),
            "not_counted": len(uncounted),
        },
        findings=findings,
        details={
            "adjustments": variances,
            "not_matched": problems,
            "not_counted": [
                {
                    "label": p.label,
                    "item": item_name(p),
                    "quantity": rounded(p.quantity, 4),
                    "unit": p.unit,
                    "location": p.location_name,
                }
                for p in uncounted
            ],
            "reasons": [{"name": r.name, "requires_note": r.requires_note} for r in reasons],
        },
    )
