"""A certificate of analysis checked: total THC and CBD worked out by the calculators from
the acid and neutral forms, each result held against the state's action limits from the
packs (`data/coa_limits.toml`, each limit tied to the pack fact that states it), and
findings with severities as the track-and-trace skills give them.

critical  a contaminant over the state's limit or failed by the lab (the batch may not be
          sold), or a pathogen the state wants absent detected
high      moisture or water activity over the state's limit or failed by the lab; hemp over
          the federal 0.3% total THC
medium    the lab's total THC or CBD differs from the one computed from its own figures
low       a result within 20% of the state's limit
info      what could not be checked (no state, or no sourced limit of the state)
"""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from trichome.agents.calculators import Calculation, CalculationError
from trichome.agents.potency_calculators import HEMP_LIMIT, TOTAL_TOLERANCE, total_cannabinoid
from trichome.documents.coa import Certificate, Result
from trichome.documents.coa_analytes import CONTAMINANTS
from trichome.knowledge.directory import load_directory
from trichome.knowledge.retrieval import KnowledgeBase

LIMITS_FILE = Path(__file__).with_name("data") / "coa_limits.toml"
# A result this close to its limit (share of it) is worth a look before the next batch.
NEAR_LIMIT = 0.8


@dataclass(frozen=True, slots=True)
class StateLimit:
    """One action limit of a state, from the pack fact that states it."""

    state: str
    analyte: str
    maximum: float | None
    unit: str | None
    absent: bool
    below: bool
    applies_to: tuple[str, ...]
    fact: str


@dataclass(frozen=True, slots=True)
class CoaFinding:
    """One thing the check found: severity, the check's name, what it says, the analyte
    and the pack fact (with its source) the limit comes from."""

    severity: str
    check: str
    message: str
    analyte: str | None = None
    fact: str | None = None
    source: str | None = None


@dataclass(frozen=True, slots=True)
class CoaCheck:
    """A parsed certificate, its computed totals and its findings (most severe first)."""

    certificate: Certificate
    state: str | None
    totals: tuple[Calculation, ...]
    findings: tuple[CoaFinding, ...]

    @property
    def failed(self) -> tuple[str, ...]:
        """The analytes a critical or high finding names."""
        return tuple(
            dict.fromkeys(
                f.analyte for f in self.findings if f.severity in ("critical", "high") and f.analyte
            )
        )


_ORDER = {name: rank for rank, name in enumerate(("critical", "high", "medium", "low", "info"))}


@functools.cache
def load_limits(path: Path = LIMITS_FILE) -> tuple[StateLimit, ...]:
    """The state action limits of the data file."""
    raw: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
    return tuple(
        StateLimit(
            state=entry["state"],
            analyte=entry["analyte"],
            maximum=entry.get("max"),
            unit=entry.get("unit"),
            absent=bool(entry.get("absent", False)),
            below=bool(entry.get("below", False)),
            applies_to=tuple(entry["applies_to"]),
            fact=entry["fact"],
        )
        for entry in raw["limits"]
    )


def _totals(certificate: Certificate) -> tuple[list[Calculation], list[CoaFinding]]:
    totals: list[Calculation] = []
    findings: list[CoaFinding] = []
    for name, neutral_key, acid_key, total_key in (
        ("THC", "d9_thc", "thca", "total_thc"),
        ("CBD", "cbd", "cbda", "total_cbd"),
    ):
        neutral, acid = certificate.get(neutral_key), certificate.get(acid_key)
        if acid is None or acid.unit not in ("%", "mg/g"):
            continue
        if acid.value is None and (neutral is None or neutral.value is None):
            continue  # neither form was detected: no total to give
        basis = acid.unit
        neutral_value = neutral.value if neutral and neutral.unit == basis else None
        limit = HEMP_LIMIT if certificate.hemp and name == "THC" else None
        try:
            total = total_cannabinoid(neutral_value or 0.0, acid.value or 0.0, name, basis, limit)
        except CalculationError as error:
            findings.append(CoaFinding("medium", "unreadable_potency", str(error), total_key))
            continue
        totals.append(total)
        if total.verdict and total.verdict.startswith("FAILS"):
            findings.append(CoaFinding("high", "over_hemp_limit", total.verdict, total_key))
        reported = certificate.get(total_key)
        if reported is not None and reported.value is not None and reported.unit == basis:
            step = TOTAL_TOLERANCE if basis == "%" else TOTAL_TOLERANCE * 10
            if abs(reported.value - total.value) > step:
                findings.append(
                    CoaFinding(
                        "medium",
                        "total_mismatch",
                        f"The certificate gives {reported.value:g}{_unit(basis)} total {name}; "
                        f"its own {name}A and neutral figures make {total.value:.2f}"
                        f"{_unit(basis)} ({total.formula}).",
                        total_key,
                    )
                )
    return totals, findings


def _unit(unit: str) -> str:
    return unit if unit == "%" else f" {unit}"


def _applies(limit: StateLimit, inhalable: bool | None) -> bool:
    wanted = "non-inhalable" if inhalable is False else "inhalable"
    return wanted in limit.applies_to


def _against(result: Result, limit: StateLimit, source: str, critical: bool) -> list[CoaFinding]:
    severity = "critical" if critical else "high"
    where = f"{limit.state} limit ({limit.fact}: {source})"
    if limit.absent:
        if result.detected:
            return [
                CoaFinding(
                    "critical",
                    "over_state_limit",
                    f"{result.name} was detected; {where} requires it absent.",
                    result.key,
                    limit.fact,
                    source,
                )
            ]
        return []
    if limit.maximum is None or result.value is None or result.unit != limit.unit:
        return []
    over = result.value >= limit.maximum if limit.below else result.value > limit.maximum
    if over:
        bound = "under" if limit.below else "at most"
        return [
            CoaFinding(
                severity,
                "over_state_limit",
                f"{result.name} is {result.value:g} {result.unit}; the {where} is {bound} "
                f"{limit.maximum:g} {limit.unit}.",
                result.key,
                limit.fact,
                source,
            )
        ]
    if result.value >= NEAR_LIMIT * limit.maximum:
        return [
            CoaFinding(
                "low",
                "near_state_limit",
                f"{result.name} is {result.value:g} {result.unit}, within 20% of the {where} "
                f"of {limit.maximum:g} {limit.unit}.",
                result.key,
                limit.fact,
                source,
            )
        ]
    return []


def check_certificate(
    certificate: Certificate, knowledge: KnowledgeBase, state: str | None = None
) -> CoaCheck:
    """Totals and findings for a parsed certificate, against `state`'s limits (else the
    state the certificate names)."""
    state = (state or certificate.state or "").upper() or None
    totals, findings = _totals(certificate)
    facts = {fact.id: fact for pack in knowledge.packs.values() for fact in pack.facts}
    limits = [
        limit
        for limit in load_limits()
        if limit.state == state and limit.fact in facts and _applies(limit, certificate.inhalable)
    ]
    for result in certificate.results:
        critical = result.category in CONTAMINANTS
        if result.lab_status == "fail":
            findings.append(
                CoaFinding(
                    "critical" if critical else "high",
                    "lab_failed",
                    f"The lab failed {result.name} ({_shown(result)}"
                    + (f", limit {result.lab_limit:g} {result.unit}" if result.lab_limit else "")
                    + ").",
                    result.key,
                )
            )
        for limit in limits:
            if limit.analyte == result.key:
                source = facts[limit.fact].sources[0]
                cited = f"{source.title}, {source.section}"
                findings += _against(result, limit, cited, critical)
    if state is None:
        findings.append(
            CoaFinding(
                "info",
                "no_state",
                "No state was given or named on the certificate, so "
                "only the lab's own pass/fail and the totals were checked.",
            )
        )
    elif not limits:
        findings.append(
            CoaFinding(
                "info",
                "no_state_limits",
                f"The packs hold no sourced action limits of "
                f"{state} for this product class; the lab's own pass/fail was checked."
                + _where_to_ask(state),
            )
        )
    ordered = sorted(findings, key=lambda f: _ORDER[f.severity])
    return CoaCheck(certificate, state, tuple(totals), tuple(ordered))


def _where_to_ask(state: str) -> str:
    """The sentence naming whom to ask about the state's limits, from the jurisdiction
    directory, after a space ("" when the directory has no entry for the state)."""
    try:
        return " " + load_directory().where_to_ask(state)
    except KeyError:
        return ""


def _shown(result: Result) -> str:
    if result.qualitative is not None:
        return result.qualitative
    return f"{result.value:g} {result.unit}"
