"""`GET /v1/files/{file_id}/coa`: an uploaded certificate of analysis read into its
analytes, its total THC and CBD computed, and its results checked against the state's
action limits from the packs, with findings by severity."""

from __future__ import annotations

from typing import Annotated, Literal

import anyio
from fastapi import APIRouter, Query
from pydantic import BaseModel, Field

from trichome.documents.coa import parse_certificate
from trichome.documents.coa_check import CoaCheck, check_certificate
from trichome.http.deps import PrincipalDep
from trichome.http.errors import ApiError, error_responses, invalid_request
from trichome.knowledge.jurisdictions import JURISDICTION_NAMES
from trichome.services.chat.routes.files import FILE_ID, not_found, organization_of
from trichome.services.chat.state import ChatDep

router = APIRouter()

Severity = Literal["critical", "high", "medium", "low", "info"]
# The states, DC and territories (USPS codes) whose limits a check may apply.
STATE_CODES = tuple(sorted(code for code in JURISDICTION_NAMES if len(code) == 2 and code != "US"))


class Analyte(BaseModel):
    """One result as the certificate reports it."""

    analyte: str = Field(description="Our key for the analyte, e.g. `lead`, `thca`, `stec`.")
    name: str
    category: str = Field(
        description="cannabinoids, moisture, pesticides, heavy_metals, microbials, "
        "mycotoxins or residual_solvents."
    )
    value: float | None = Field(description="The number reported; null for a qualitative one.")
    qualitative: str | None = Field(description="`ND`, `absent` or `present`, if so reported.")
    unit: str = Field(description="%, mg/g, ug/g (= ppm), ug/kg (= ppb), cfu/g or aw.")
    lab_limit: float | None
    lab_status: Literal["pass", "fail"] | None


class Total(BaseModel):
    """A total worked out by the calculators from the certificate's own figures."""

    name: str
    value: float
    unit: str
    formula: str
    steps: list[str]
    verdict: str | None


class CoaFindingOut(BaseModel):
    """One thing the check found."""

    severity: Severity
    check: str
    message: str
    analyte: str | None
    fact: str | None = Field(description="The pack fact whose limit was applied.")
    source: str | None


class CoaReport(BaseModel):
    """The certificate read and checked."""

    object: Literal["coa.check"]
    file_id: str
    filename: str
    state: str | None = Field(description="The state whose limits were applied.")
    inhalable: bool | None
    hemp: bool
    analytes: list[Analyte]
    totals: list[Total]
    findings: list[CoaFindingOut]
    failed: list[str] = Field(description="The analytes a critical or high finding names.")


def _report(file_id: str, filename: str, check: CoaCheck) -> CoaReport:
    certificate = check.certificate
    return CoaReport(
        object="coa.check",
        file_id=file_id,
        filename=filename,
        state=check.state,
        inhalable=certificate.inhalable,
        hemp=certificate.hemp,
        analytes=[
            Analyte(
                analyte=r.key,
                name=r.name,
                category=r.category,
                value=r.value,
                qualitative=r.qualitative,
                unit=r.unit,
                lab_limit=r.lab_limit,
                lab_status=r.lab_status,
            )
            for r in certificate.results
        ],
        totals=[
            Total(
                name=t.name,
                value=round(t.value, 4),
                unit=t.unit,
                formula=t.formula,
                steps=list(t.steps),
                verdict=t.verdict,
            )
            for t in check.totals
        ],
        findings=[
            CoaFindingOut(
                severity=f.severity,
                check=f.check,
                message=f.message,
                analyte=f.analyte,
                fact=f.fact,
                source=f.source,
            )
            for f in check.findings
        ],
        failed=list(check.failed),
    )


@router.get(
    "/v1/files/{file_id}/coa",
    response_model=CoaReport,
    responses=error_responses(400, 401, 404),
    summary="A certificate of analysis read and checked against the state's limits",
)
async def check_coa(
    file_id: str,
    principal: PrincipalDep,
    chat: ChatDep,
    state: Annotated[
        str | None,
        Query(
            description="USPS code of the state whose limits apply (upper case); default: "
            "the one named on the certificate.",
            json_schema_extra={"enum": list(STATE_CODES)},
        ),
    ] = None,
) -> CoaReport:
    organization_id = organization_of(principal)
    if state is not None and state not in STATE_CODES:
        raise invalid_request(
            f"'{state[:20]}' is not a US state's two-letter code.",
            code="invalid_state",
            param="state",
        )
    found = await chat.files.text(organization_id, file_id) if FILE_ID.match(file_id) else None
    if found is None:
        raise not_found(file_id)
    record, text = found
    certificate = await anyio.to_thread.run_sync(parse_certificate, text)
    if not certificate.results:
        raise ApiError(
            400,
            f"'{record.filename}' holds no analyte results a certificate of analysis reports "
            "(cannabinoids, moisture, pesticides, heavy metals, microbials, mycotoxins or "
            "residual solvents).",
            type="invalid_request_error",
            code="not_a_coa",
            param="file_id",
        )
    check = check_certificate(certificate, chat.agents.knowledge, state)
    return _report(file_id, record.filename, check)
