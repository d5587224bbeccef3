"""credential_expiry: the facility's licence and its employees' credentials, by how soon
each expires.

The facility's licence and each employee's own credential (badge, permit, agent card) run
to an end date the tracking system records. Each lands in a bucket: expired (or expiring
today), within `urgent_days` (30 by default), within `notice_days` (60), or later. A lapsed
facility licence is critical (no licensed activity may go on); a lapsed employee credential
is high (that person may not work in the licensed operation until it is renewed).
"""

from __future__ import annotations

import asyncio
from datetime import date
from typing import Any

from trichome.metrc.skills.base import Finding, Severity, SkillResult
from trichome.metrc.skills.records import plural
from trichome.metrc.tools.registry import ToolProblem
from trichome.tracking.source import FacilitySource

# Severity by bucket, for the facility's licence and for an employee's credential.
SEVERITY = {
    "facility": {"expired": Severity.CRITICAL, "urgent": Severity.HIGH, "notice": Severity.MEDIUM},
    "employee": {"expired": Severity.HIGH, "urgent": Severity.MEDIUM, "notice": Severity.LOW},
}
WORDS = {"expired": "expired or expiring today", "urgent": "expiring within", "notice": "within"}


def bucket(days_left: int | None, urgent_days: int, notice_days: int) -> str:
    """Which bucket a credential with some days left falls in ('no_end_date' without one)."""
    if days_left is None:
        return "no_end_date"
    if days_left <= 0:
        return "expired"
    if days_left <= urgent_days:
        return "urgent"
    if days_left <= notice_days:
        return "notice"
    return "later"


def _row(
    kind: str,
    name: str | None,
    number: str | None,
    license_type: str | None,
    start: date | None,
    end: date | None,
    as_of: date,
) -> dict[str, Any]:
    return {
        "kind": kind,
        "name": name,
        "license_number": number,
        "license_type": license_type,
        "start": start.isoformat() if start else None,
        "end": end.isoformat() if end else None,
        "days_left": (end - as_of).days if end else None,
    }


def _finding(kind: str, where: str, rows: list[dict[str, Any]], days: int) -> Finding:
    who = (
        "The facility's licence" if kind == "facility" else plural(len(rows), "employee credential")
    )
    when = WORDS[where] + (f" {days} days" if where != "expired" else "")
    listed = ", ".join(
        f"{row['name'] or row['license_number']} ({row['license_number']}, ends {row['end']})"
        for row in rows[:5]
    )
    more = f" and {len(rows) - 5} more" if len(rows) > 5 else ""
    act = "stop licensed activity and renew it" if where == "expired" else "renew it in time"
    if kind == "employee":
        act = "keep them off licensed work until renewed" if where == "expired" else "renew them"
    return Finding(
        severity=SEVERITY[kind][where],
        check=f"{kind}_credential_{where}",
        message=f"{who} {when}: {listed}{more}; {act}.",
    )


async def credential_expiry(
    data: FacilitySource, *, urgent_days: int = 30, notice_days: int = 60
) -> SkillResult:
    """The licence and every employee credential, bucketed by how soon each expires."""
    if urgent_days > notice_days:
        raise ToolProblem(
            f"urgent_days ({urgent_days}) must not exceed notice_days ({notice_days})."
        )
    as_of = data.as_of
    facility, staff = await asyncio.gather(data.facility(), data.employees())
    rows = [
        _row(
            "facility",
            facility.name,
            facility.license_number,
            facility.license_type,
            facility.license_start,
            facility.license_end,
            as_of,
        ),
        *(
            _row(
                "employee",
                person.name,
                person.license_number,
                person.license_type,
                person.license_start,
                person.license_end,
                as_of,
            )
            for person in staff
        ),
    ]
    for row in rows:
        row["bucket"] = bucket(row["days_left"], urgent_days, notice_days)
    rows.sort(key=lambda row: (row["days_left"] is None, row["days_left"] or 0))
    findings = []
    for kind in ("facility", "employee"):
        for where in ("expired", "urgent", "notice"):
            chosen = [row for row in rows if row["kind"] == kind and row["bucket"] == where]
            if chosen:
                days = urgent_days if where == "urgent" else notice_days
                findings.append(_finding(kind, where, chosen, days))
    undated = [row for row in rows if row["bucket"] == "no_end_date"]
    if undated:
        findings.append(
            Finding(
                severity=Severity.INFO,
                check="credential_end_date_missing",
                message=(
                    f"{plural(len(undated), 'credential')} without an end date in the system "
                    f"({', '.join(str(row['name'] or row['license_number']) for row in undated)}); "
                    "check them on the regulator's records."
                ),
            )
        )
    counts: dict[str, float] = {"employees": len(staff)}
    for name in ("expired", "urgent", "notice", "later", "no_end_date"):
        counts[name] = sum(1 for row in rows if row["bucket"] == name)
    own = next(row for row in rows if row["kind"] == "facility")
    licence_text = (
        f"licence ends {own['end']} ({own['days_left']} days)"
        if own["end"]
        else "licence end date not recorded"
    )
    due = int(counts["expired"] + counts["urgent"] + counts["notice"])
    summary = (
        f"{data.license_number} on {as_of}: {licence_text}; {plural(len(staff), 'employee')}, "
        f"{plural(due, 'credential')} expired or expiring within {notice_days} days."
    )
    return SkillResult(
        skill="credential_expiry",
        license_number=data.license_number,
        as_of=as_of,
        parameters={"urgent_days": urgent_days, "notice_days": notice_days},
        summary=summary,
        counts=counts,
        findings=findings,
        details={"facility": own, "credentials": rows},
    )
