"""Turning checks and figures into a skill's counts, findings and summary line."""

from __future__ import annotations

from collections.abc import Sequence

from trichome.metrc.skills.base import SEVERITY_ORDER, Finding, Severity
from trichome.metrc.skills.checks import Check


def failures(checks: Sequence[Check]) -> list[Check]:
    """The checks that apply and failed, most severe first."""
    failed = [check for check in checks if check.applies and not check.passed]
    return sorted(failed, key=lambda check: SEVERITY_ORDER[check.severity])


def findings_of(checks: Sequence[Check]) -> list[Finding]:
    """A finding for each failed check, most severe first."""
    return [check.finding() for check in failures(checks)]


def severity_counts(findings: Sequence[Finding]) -> dict[str, float]:
    """How many findings there are of each severity (every severity listed)."""
    counts: dict[str, float] = {severity.value: 0 for severity in Severity}
    for finding in findings:
        counts[finding.severity.value] += 1
    return counts


def headline(message: str) -> str:
    """A finding's title and count ("Expired product on hand: 3 packages"), for a summary."""
    return message.split(" (")[0].split(";")[0].rstrip(".")


def severity_phrase(findings: Sequence[Finding]) -> str:
    """'2 high, 1 medium' for the severities present."""
    counts = severity_counts(findings)
    parts = [f"{int(count)} {severity}" for severity, count in counts.items() if count]
    return ", ".join(parts) if parts else "none"


def top_headlines(findings: Sequence[Finding], limit: int = 3) -> str:
    """The first clauses of the most severe findings, joined."""
    ordered = sorted(findings, key=lambda finding: SEVERITY_ORDER[finding.severity])
    return "; ".join(headline(finding.message) for finding in ordered[:limit])
