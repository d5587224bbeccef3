"""expiration_tracker: stock by how soon its product date or its lab result expires."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

from trichome.metrc.skills.base import Finding, Severity, SkillResult
from trichome.metrc.skills.checks import items_of, stock
from trichome.metrc.skills.records import (
    item_name,
    lab_expiry,
    label,
    on_hold,
    plural,
    product_expiry,
    quantity,
    unit,
)
from trichome.metrc.tools.registry import ToolProblem
from trichome.tracking import Package
from trichome.tracking.source import FacilitySource

KINDS: dict[str, tuple[str, Callable[[Package], date | None]]] = {
    "product": (
        "product expiry (expiration, use-by or sell-by date)",
        lambda package: found[0] if (found := product_expiry(package)) else None,
    ),
    "lab_result": ("lab result expiry", lab_expiry),
}
SEVERITIES = (Severity.HIGH, Severity.MEDIUM, Severity.LOW, Severity.INFO)


def bucket_names(soon_days: int, within_days: int, horizon_days: int) -> list[tuple[str, int]]:
    """The buckets, each with the most days left it holds (expired holds negative days)."""
    return [
        ("expired", -1),
        (f"within_{soon_days}_days", soon_days),
        (f"within_{within_days}_days", within_days),
        (f"within_{horizon_days}_days", horizon_days),
    ]


def row(package: Package, ends: date, as_of: date) -> dict[str, Any]:
    """A package in a bucket."""
    return {
        "label": label(package),
        "item": item_name(package),
        "quantity": quantity(package),
        "unit": unit(package),
        "location": package.location_name,
        "expires": ends.isoformat(),
        "days_left": (ends - as_of).days,
        "on_hold": on_hold(package),
    }


async def expiration_tracker(
    data: FacilitySource, *, soon_days: int = 7, within_days: int = 30, horizon_days: int = 90
) -> SkillResult:
    """Bucket on-hand stock by days to product expiry and to lab-result expiry.

    Raises:
        ToolProblem: the bucket limits are not increasing.
    """
    if not 0 <= soon_days < within_days < horizon_days:
        raise ToolProblem(
            "The buckets must grow: 0 <= soon_days < within_days < horizon_days "
            f"(got {soon_days}, {within_days}, {horizon_days})."
        )
    as_of = data.as_of
    packages = await data.packages(inactive_since=None)
    held = stock(packages.on_hand)
    buckets = bucket_names(soon_days, within_days, horizon_days)
    counts: dict[str, float] = {"packages_checked": len(held)}
    details: dict[str, Any] = {}
    findings: list[Finding] = []
    for kind, (what, expiry_of) in KINDS.items():
        sorted_rows: dict[str, list[tuple[Package, dict[str, Any]]]] = {n: [] for n, _ in buckets}
        undated = 0
        for package in held:
            ends = expiry_of(package)
            if ends is None:
                undated += 1
                continue
            left = (ends - as_of).days
            for name, most in buckets:
                if left <= most:
                    sorted_rows[name].append((package, row(package, ends, as_of)))
                    break
        details[kind] = {
            name: sorted((entry for _, entry in entries), key=lambda entry: entry["days_left"])
            for name, entries in sorted_rows.items()
        }
        counts[f"{kind}_undated"] = undated
        for (name, most), severity in zip(buckets, SEVERITIES, strict=True):
            entries = sorted_rows[name]
            counts[f"{kind}_{name}"] = len(entries)
            if not entries:
                continue
            when = "have expired" if most < 0 else f"expire within {most} days"
            found = [package for package, _ in entries]
            findings.append(
                Finding(
                    severity=severity,
                    check=f"{kind}_{name}",
                    message=(
                        f"{what.capitalize()}: {plural(len(found), 'package')} {when} "
                        f"({items_of(found)})."
                    ),
                    packages=[label(package) for package in found],
                )
            )

    def line(kind: str) -> str:
        expired = int(counts[f"{kind}_expired"])
        ahead = ", ".join(
            f"{int(counts[f'{kind}_{name}'])} within {most}" for name, most in buckets[1:]
        )
        return f"{expired} expired, {ahead} days"

    undated = int(counts["lab_result_undated"])
    # Metrc dates a lab result only when its test type sets expiration days: an undated
    # result does not lapse in Metrc, and is counted apart rather than bucketed.
    summary = (
        f"{data.license_number} on {as_of}, {plural(len(held), 'package')} of stock: product "
        f"dates {line('product')}; lab results {line('lab_result')}"
        + (f" ({undated} with no lab-result expiry date, not bucketed)." if undated else ".")
    )
    return SkillResult(
        skill="expiration_tracker",
        license_number=data.license_number,
        as_of=as_of,
        parameters={
            "soon_days": soon_days,
            "within_days": within_days,
            "horizon_days": horizon_days,
        },
        summary=summary,
        counts=counts,
        findings=findings,
        details=details,
    )
