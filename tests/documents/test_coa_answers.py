"""Which questions are about the organisation's own certificates, which categories they
ask about, and where a result's page is."""

from __future__ import annotations

import pytest

from tests.documents.coa_samples import CALIFORNIA_FLOWER, COLORADO_HEMP
from trichome.agents.engine import AnswerRequest, DocumentReport
from trichome.agents.engines.grounded import compose
from trichome.agents.engines.openai import build_messages, cited_sources
from trichome.agents.registry import AGENTS
from trichome.documents.coa import parse_certificate
from trichome.documents.coa_answers import (
    StoredCertificate,
    _page_of,
    asked_categories,
    asks_about_certificates,
    build_report,
)
from trichome.documents.extract import extract_text
from trichome.documents.types import PDF
from trichome.knowledge.packs import load_packs
from trichome.knowledge.retrieval import KnowledgeBase
from trichome.llm.base import ChatTurn

KNOWLEDGE = KnowledgeBase(load_packs())


@pytest.mark.parametrize(
    "question",
    [
        "Which of our COAs failed microbials?",
        "Does the COA I uploaded pass Michigan's limits?",
        "did any of my lab results fail for heavy metals",
        "Are our certificates of analysis clean on pesticides?",
    ],
)
def test_questions_about_our_own_certificates(question: str) -> None:
    assert asks_about_certificates(question)


@pytest.mark.parametrize(
    "question",
    [
        "What must a COA show to pass in Michigan?",
        "Which microbial tests does Colorado require?",
        "Write our transport SOP",
        "What does our COA SOP say about sample custody?",
    ],
)
def test_other_questions_are_not(question: str) -> None:
    assert not asks_about_certificates(question)


def test_the_categories_named() -> None:
    assert asked_categories("Which COAs failed microbials or heavy metals?") == (
        "microbials",
        "heavy_metals",
    )
    assert asked_categories("Does my COA pass Michigan's limits?") == ()


def test_a_line_is_on_the_page_its_form_feeds_say() -> None:
    text = "Lab\nTHCA 20 %\fLead 0.6 ug/g\n\fSalmonella ND"
    lines = text.replace("\f", "\n").splitlines()
    assert [_page_of(text, n) for n in range(1, len(lines) + 1)] == [1, 1, 2, 2, 3]


def _report(question: str, state: str | None) -> DocumentReport:
    certificates = []
    for number, (name, content) in enumerate(
        (("hemp.pdf", COLORADO_HEMP), ("blue-dream.pdf", CALIFORNIA_FLOWER)), start=1
    ):
        text = extract_text(content, PDF)
        stored = StoredCertificate(f"file_{number}", name, text, parse_certificate(text))
        certificates.append(stored)
    dashboard = "https://dashboard.example.com"
    report = build_report(certificates, question, state, KNOWLEDGE, dashboard)
    assert report is not None
    return report


def test_both_engines_answer_from_the_report_and_cite_its_files() -> None:
    question = "Which of our COAs failed heavy metals?"
    report = _report(question, None)
    assert report.text.startswith("Of your 2 certificates of analysis, 1 fails on heavy metals:")
    assert (
        "- blue-dream.pdf (checked against California's limits) fails on heavy metals: Lead"
        in report.text
    )
    assert "Passing:\n- hemp.pdf" in report.text  # its STEC is not a heavy metal
    request = AnswerRequest(
        public_model="pro-agent",
        agent=AGENTS["compliance"],
        question=question,
        messages=(ChatTurn(role="user", content=question),),
        passages=(),
        jurisdictions=(),
        report=report,
    )
    assert compose(request).as_text() == (
        f"{report.text}\n\nSources:\n"
        "[1] hemp.pdf, page 1: https://dashboard.example.com/documents/file_1/content#page=1\n"
        "[2] blue-dream.pdf, page 2: "
        "https://dashboard.example.com/documents/file_2/content#page=2"
    )
    system = build_messages(request)[0]["content"]
    assert "[2] blue-dream.pdf, page 2 (a file of the user's organisation)" in system
    assert report.text in system
    failing = next(line for line in report.text.splitlines() if "blue-dream" in line)
    assert "[2] blue-dream.pdf, page 2" in cited_sources(failing, request.answerable())


def test_the_coa_asked_about_is_the_newest_or_the_one_named() -> None:
    newest = _report("Does the COA I uploaded pass California's limits?", "CA")
    assert newest.text.startswith("No: hemp.pdf (checked against California's limits) fails:")
    assert "The lab failed Shiga toxin-producing E. coli (present)" in newest.text
    assert [fact.title for fact in newest.facts] == ["hemp.pdf, page 1"]
    named = _report("Does my blue-dream.pdf COA pass California's limits?", "CA")
    assert named.text.startswith("No: blue-dream.pdf (checked against California's limits)")
    assert "Lead is 0.62 ug/g" in named.text
    clean = _report("Did my blue-dream.pdf COA pass microbials?", None)
    assert clean.text.startswith(
        "Yes: blue-dream.pdf (checked against California's limits) has no failing result on "
        "microbials: Salmonella ND"
    )
