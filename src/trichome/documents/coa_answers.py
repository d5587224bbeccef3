"""Questions about the organisation's own certificates of analysis ("which of our COAs
failed microbials?", "does the COA I uploaded pass Michigan's limits?") answered from the
certificates themselves rather than from passages that happen to match.

Its most recent certificates are read (a PDF of a certificate's length whose text holds
analyte results), checked against the state the question names (else the one each
certificate names), and the answer lists, file by file, the failing analytes of the
categories asked about (all when none is named), each file cited at the page of its first
failing result. A question about "the COA" or "my COA" is about the newest one, or the one
whose file name it gives."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import PurePath

import anyio
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from trichome.agents.engine import OWN_DOCUMENTS, DocumentReport
from trichome.db.models import StoredFile
from trichome.documents.coa import Certificate, Result, parse_certificate
from trichome.documents.coa_analytes import (
    BY_KEY,
    CANNABINOIDS,
    HEAVY_METALS,
    MICROBIALS,
    MOISTURE,
    MYCOTOXINS,
    PESTICIDES,
    SOLVENTS,
)
from trichome.documents.coa_check import CoaCheck, CoaFinding, check_certificate
from trichome.documents.index import page_link
from trichome.documents.overview import CERTIFICATE_CHARS
from trichome.documents.service import PROCESSED
from trichome.knowledge.jurisdictions import jurisdiction_name
from trichome.knowledge.packs import Fact, Source
from trichome.knowledge.retrieval import KnowledgeBase

# The newest certificates a question is answered from.
CERTIFICATES_READ = 50
_CERTIFICATE = r"(?:coas?|certificates?(?: of analysis)?|lab (?:results?|reports?|tests?))"
_ASKS = re.compile(rf"\b{_CERTIFICATE}\b", re.IGNORECASE)
# The asker's own certificates: "what must a COA show to pass in Michigan?" is a rule.
_OWN = re.compile(r"\b(?:our|my|we|us|mine|ours|uploaded|these|those)\b", re.IGNORECASE)
_CHECKS = re.compile(
    r"\b(?:pass\w*|fail\w*|limits?|clean|compl(?:y|ies|iant)|over|exceed\w*|flag\w*|"
    r"problems?|issues?|contaminat\w*|microb\w*|metals?|pesticides?|mycotoxins?|solvents?|"
    r"moisture)\b",
    re.IGNORECASE,
)
# "the COA", "my latest COA" (not "COAs"): one certificate is meant.
_ONE = re.compile(
    r"\b(?:the|this|that|my|our|latest|last|newest|recent)\s+" + _CERTIFICATE + r"(?!\w)",
    re.IGNORECASE,
)
_CATEGORY_WORDS = {
    MICROBIALS: r"microb\w*|bacteri\w*|moulds?|molds?|yeasts?|salmonella|e\.?\s?coli|"
    r"stec|aspergillus|pathogens?",
    HEAVY_METALS: r"(?:heavy )?metals?|lead|arsenic|cadmium|mercury",
    PESTICIDES: r"pesticides?",
    MYCOTOXINS: r"mycotoxins?|aflatoxins?|ochratoxins?",
    SOLVENTS: r"(?:residual )?solvents?",
    MOISTURE: r"moisture|water activity",
    CANNABINOIDS: r"potency|thc|cbd|cannabinoids?",
}
_CATEGORIES = {
    category: re.compile(rf"\b(?:{words})\b", re.IGNORECASE)
    for category, words in _CATEGORY_WORDS.items()
}
_CATEGORY_NAMES = {
    MICROBIALS: "microbials",
    HEAVY_METALS: "heavy metals",
    PESTICIDES: "pesticides",
    MYCOTOXINS: "mycotoxins",
    SOLVENTS: "residual solvents",
    MOISTURE: "moisture",
    CANNABINOIDS: "potency",
}
_FAILING = ("critical", "high")


def asks_about_certificates(question: str) -> bool:
    """Whether a question asks how the organisation's certificates of analysis fared."""
    return bool(_ASKS.search(question) and _OWN.search(question) and _CHECKS.search(question))


def asked_categories(question: str) -> tuple[str, ...]:
    """The analyte categories a question names ("failed microbials"), in the order known."""
    return tuple(category for category, words in _CATEGORIES.items() if words.search(question))


@dataclass(frozen=True, slots=True)
class StoredCertificate:
    """One of the organisation's files read as a certificate."""

    file_id: str
    filename: str
    text: str
    certificate: Certificate


def _category(analyte: str) -> str:
    kind = BY_KEY.get(analyte)
    return kind.category if kind is not None else CANNABINOIDS  # total_thc, total_cbd


def _page_of(text: str, line: int) -> int:
    """The page (1-based; pages end at form feeds) of a certificate's line, as
    `parse_certificate` numbers its lines."""
    offset = sum(len(part) for part in text.replace("\f", "\n").splitlines(True)[: line - 1])
    return text.count("\f", 0, offset) + 1


def _failures(check: CoaCheck, categories: Sequence[str]) -> list[tuple[str, CoaFinding]]:
    """The failing analytes of the asked categories, one finding each: the state's limit
    when one was passed (it cites the rule), else the lab's own fail."""
    chosen: dict[str, CoaFinding] = {}
    for finding in check.findings:
        analyte = finding.analyte
        if finding.severity not in _FAILING or analyte is None:
            continue
        if categories and _category(analyte) not in categories:
            continue
        if analyte not in chosen or finding.check == "over_state_limit":
            chosen[analyte] = finding
    return list(chosen.items())


def _pick(certificates: Sequence[StoredCertificate], question: str) -> list[StoredCertificate]:
    lowered = question.lower()
    named = [
        c
        for c in certificates
        if c.filename.lower() in lowered or PurePath(c.filename).stem.lower() in lowered
    ]
    if named:
        return named
    if _ONE.search(question) and not re.search(rf"\b{_CERTIFICATE}s\b", question, re.I):
        return list(certificates[:1])
    return list(certificates)


def _results_of(certificate: Certificate, categories: Sequence[str]) -> list[Result]:
    return [r for r in certificate.results if not categories or r.category in categories]


def _shown(result: Result) -> str:
    value = result.qualitative or (f"{result.value:g} {result.unit}" if result.value else "")
    return f"{result.name} {value}".strip()


def build_report(
    certificates: Sequence[StoredCertificate],
    question: str,
    state: str | None,
    knowledge: KnowledgeBase,
    dashboard_url: str,
) -> DocumentReport | None:
    """The answer to a question about the certificates (newest first), or None when the
    organisation has none."""
    if not certificates:
        return None
    chosen = _pick(certificates, question)
    categories = asked_categories(question)
    scope = " on " + " and ".join(_CATEGORY_NAMES[c] for c in categories) if categories else ""
    failing: list[str] = []
    passing: list[str] = []
    unchecked: dict[str, list[str]] = {}
    facts: list[Fact] = []
    for stored in chosen:
        check = check_certificate(stored.certificate, knowledge, state)
        place = jurisdiction_name(check.state) if check.state else None
        against = f"{place}'s limits" if place else "the lab's own pass/fail"
        failures = _failures(check, categories)
        lines = [
            r.line for key, _ in failures if (r := stored.certificate.get(key)) is not None
        ] or [r.line for r in _results_of(stored.certificate, categories)[:1]]
        page = _page_of(stored.text, lines[0]) if lines else 1
        if failures:
            said = " ".join(finding.message for _, finding in failures)
            text = f"{stored.filename} (checked against {against}) fails{scope}: {said}"
        else:
            read = ", ".join(_shown(r) for r in _results_of(stored.certificate, categories)[:8])
            text = f"{stored.filename} (checked against {against}) has no failing result{scope}"
            text += f": {read}." if read else "."
        if any(f.check in ("no_state", "no_state_limits") for f in check.findings):
            unchecked.setdefault(place or "", []).append(stored.filename)
        number = len(facts) + 1
        facts.append(
            Fact(
                id=f"{stored.file_id}-coa",
                pack_id=OWN_DOCUMENTS,
                topic=OWN_DOCUMENTS,
                title=f"{stored.filename}, page {page}",
                text=text,
                sources=(
                    Source(
                        title=stored.filename,
                        url=page_link(dashboard_url, stored.file_id, page),
                        section=f"page {page}",
                    ),
                ),
            )
        )
        (failing if failures else passing).append(f"{text} [{number}]")
    if len(chosen) == 1:
        parts = [f"No: {failing[0]}" if failing else f"Yes: {passing[0]}"]
    elif failing:
        parts = [
            f"Of your {len(chosen)} certificates of analysis, {len(failing)} "
            f"fail{'s' if len(failing) == 1 else ''}{scope}:",
            "\n".join(f"- {line}" for line in failing),
        ]
        if passing:
            parts.append("Passing:\n" + "\n".join(f"- {line}" for line in passing))
    else:
        parts = [
            f"None of your {len(chosen)} certificates of analysis fails{scope}:",
            "\n".join(f"- {line}" for line in passing),
        ]
    for place, names in unchecked.items():
        where = f"of {place}" if place else "of a state (none is named on them or asked)"
        parts.append(
            f"My packs hold no sourced action limits {where} for {', '.join(names)}, so only "
            "the lab's own pass/fail was checked"
            + (f"; {place}'s cannabis regulator publishes its limits." if place else ".")
        )
    return DocumentReport("\n\n".join(parts), tuple(facts))


class CertificateAnswers:
    """Reads the asking organisation's certificates for a question about them."""

    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        dashboard_url: str,
        *,
        most: int = CERTIFICATES_READ,
    ) -> None:
        self._sessions = sessions
        # The files are cited by their download on the dashboard (`page_link`).
        self._dashboard_url = dashboard_url
        self._most = most

    async def report(
        self,
        organization_id: str | None,
        question: str,
        state: str | None,
        knowledge: KnowledgeBase,
    ) -> DocumentReport | None:
        """The answer from the organisation's certificates, or None when the question is
        not about them or it has none (the question is then answered as any other)."""
        if organization_id is None or not asks_about_certificates(question):
            return None
        async with self._sessions() as session:
            rows = await session.execute(
                select(StoredFile.id, StoredFile.filename, StoredFile.text)
                .where(
                    StoredFile.organization_id == organization_id,
                    StoredFile.status == PROCESSED,
                    StoredFile.kind == "pdf",
                    func.length(StoredFile.text) <= CERTIFICATE_CHARS,
                )
                .order_by(StoredFile.created_at.desc(), StoredFile.id.desc())
                .limit(self._most)
            )
            found = [(file_id, name, text) for file_id, name, text in rows]

        def work() -> DocumentReport | None:
            certificates = [
                StoredCertificate(file_id, name, text, certificate)
                for file_id, name, text in found
                if (certificate := parse_certificate(text)).results
            ]
            return build_report(certificates, question, state, knowledge, self._dashboard_url)

        return await anyio.to_thread.run_sync(work)
