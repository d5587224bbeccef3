"""What every skill returns: counts, findings with a severity, the objects involved, a summary."""

from __future__ import annotations

from datetime import date
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, Field


class Severity(StrEnum):
    """How urgent a finding is."""

    CRITICAL = "critical"  # a compliance breach now (selling expired or failed product)
    HIGH = "high"  # act today (overdue manifest, expired lab result)
    MEDIUM = "medium"  # act this week
    LOW = "low"  # worth a look
    INFO = "info"  # for the record


SEVERITY_ORDER = {severity: rank for rank, severity in enumerate(Severity)}


class Finding(BaseModel):
    """One thing a skill found, and the objects it concerns."""

    severity: Severity
    check: str = Field(description="The check that produced it, snake_case.")
    message: str
    packages: list[str] = Field(default_factory=list, description="Package labels.")
    plants: list[str] = Field(default_factory=list, description="Plant labels.")
    harvests: list[str] = Field(default_factory=list, description="Harvest names.")
    transfers: list[str] = Field(default_factory=list, description="Manifest numbers.")


class SkillResult(BaseModel):
    """A skill's answer."""

    skill: str
    license_number: str
    as_of: date
    parameters: dict[str, Any] = Field(default_factory=dict)
    summary: str
    counts: dict[str, float] = Field(default_factory=dict)
    findings: list[Finding] = Field(default_factory=list)
    details: dict[str, Any] = Field(default_factory=dict)

    def sorted_findings(self) -> list[Finding]:
        """The findings, most severe first."""
        return sorted(self.findings, key=lambda finding: SEVERITY_ORDER[finding.severity])

    def as_tool_result(self) -> dict[str, Any]:
        """The JSON object a tool returns (findings most severe first)."""
        result = self.model_copy(update={"findings": self.sorted_findings()})
        return result.model_dump(mode="json")
