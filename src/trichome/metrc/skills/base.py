"""What every skill returns: counts, findings with a severity, the objects involved, a summary."""

from __future__ import annotations

from datetime import date
from enum import StrEnum
from typing import Annotated, Any, Literal, NotRequired

from pydantic import BaseModel, ConfigDict, Field, with_config
from typing_extensions import TypedDict


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


# The shapes of a skill's tool result (`SkillResult.as_tool_result()`), for MCP's outputSchema.
# Each skill's tool names its own `parameters` and `details` on top of `SkillAnswer`.
shape = with_config(ConfigDict(extra="forbid"))
SeverityName = Literal["critical", "high", "medium", "low", "info"]
Day = Annotated[str, Field(description="A day, YYYY-MM-DD.")]


@shape
class FindingShape(TypedDict):
    """One thing a skill found, and the objects it concerns."""

    severity: SeverityName
    check: Annotated[str, Field(description="The check that produced it, snake_case.")]
    message: str
    packages: Annotated[list[str], Field(description="Package labels.")]
    plants: Annotated[list[str], Field(description="Plant labels.")]
    harvests: Annotated[list[str], Field(description="Harvest names.")]
    transfers: Annotated[list[str], Field(description="Manifest numbers.")]


@shape
class SkillAnswer(TypedDict):
    """What every skill answers: a summary line, counts, and findings most severe first."""

    skill: str
    license_number: str
    as_of: Annotated[date, Field(description="The day the skill reports on.")]
    summary: Annotated[str, Field(description="The answer in a sentence or two.")]
    counts: Annotated[dict[str, float], Field(description="The skill's figures, by name.")]
    findings: Annotated[list[FindingShape], Field(description="Most severe first.")]


@shape
class OverdueManifest(TypedDict):
    """A manifest past its estimated arrival and not received."""

    manifest: str
    direction: Literal["incoming", "outgoing"]
    days_late: int
    estimated_arrival: str | None
    packages: int | None


@shape
class OpenHarvest(TypedDict):
    """A harvest open longer than allowed."""

    harvest: str | None
    started: str | None
    days_open: int
    current_weight: float | None
    packages: int | None


@shape
class IncompleteWaste(TypedDict):
    """A waste record missing some of method, reason, weight and unit."""

    record: Annotated[str | None, Field(description="The record's plant waste number.")]
    missing: list[Literal["method", "reason", "weight", "unit"]]


@shape
class CheckDetails(TypedDict, total=False):
    """The objects behind a check's verdict (only some checks have them)."""

    overdue: list[OverdueManifest]
    open: list[OpenHarvest]
    incomplete: list[IncompleteWaste]
    plant_tags: Annotated[int | None, Field(description="Unused plant tags (null: no plants).")]
    package_tags: Annotated[int | None, Field(description="Unused package tags.")]


@shape
class CheckRow(TypedDict):
    """One rule's verdict in a compliance report."""

    check: str
    rule: Annotated[str, Field(description="The rule, in a sentence.")]
    status: Literal["pass", "fail", "not_applicable"]
    severity: SeverityName
    count: Annotated[int, Field(ge=0, description="How many objects break the rule.")]
    message: str
    details: NotRequired[CheckDetails]
