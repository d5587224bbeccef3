"""Which questions are about the organisation's own certificates, which categories they
ask about, and where a result's page is."""

from __future__ import annotations

import pytest

from trichome.documents.coa_answers import _page_of, asked_categories, asks_about_certificates


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
