"""A COA's printed total beside the two forms it is made from: the answer works the total out
from the forms and says whether the printed one agrees, is the forms simply added (the 0.877
skipped), or differs for a reason the certificate does not show; the printed total is never
listed as an input the calculation had no place for."""

from __future__ import annotations

import pytest

from trichome.agents.calculation_requests import describe, recognise

TABLE = (
    "Cannabinoid  Result\n"
    "THCa   22.31 %\n"
    "Δ9-THC  0.71 %\n"
    "Total THC  {total} %\n"
    "what's the total thc\n"
)


def _answer(question: str) -> str:
    found = recognise(question)
    assert found is not None and found.calculation is not None
    return describe(found)


@pytest.mark.parametrize(
    "question",
    [
        "coa for our flower says THCa 24.1%, d9 THC 0.8%, Total THC 21.9%. is that total right?",
        TABLE.format(total="20.28"),
        "CBDa 12.4%, CBD 0.6%, total CBD 11.5%?",
    ],
)
def test_a_printed_total_within_rounding_agrees(question: str) -> None:
    text = _answer(question)
    assert "agrees with the certificate's own figures" in text
    assert "Not used" not in text


def test_the_two_forms_simply_added_are_named_as_the_lab_s_mistake() -> None:
    text = _answer("our lab sheet: thca 20%, delta 9 1%, total thc 21%. ok to print 21%?")
    assert text.startswith("Total THC is 18.54%.")
    assert "simply added" in text and "0.877" in text


def test_a_printed_total_that_differs_is_questioned_in_its_own_unit() -> None:
    text = _answer("thca 182 mg/g, d9 4 mg/g, total thc 175 mg/g on the coa, which do i believe")
    assert text.startswith("Total THC is 163.61 mg/g.")
    assert "differs by 11.39 mg/g" in text and "Ask the lab which formula" in text


def test_a_printed_total_used_as_the_potency_is_not_checked() -> None:
    text = _answer("lab report: Total THC 22.4%, i'm putting 3.5g in a jar, mg thc in the jar?")
    assert "784 mg" in text
    assert "stated total" not in text


def test_at_the_hemp_limit_the_unrounded_total_leads_and_decides() -> None:
    text = _answer("hemp sample: THCA 0.29%, d9 0.05%, total THC 0.30% per the lab. pass?")
    assert text.startswith("Total THC is 0.3043%.\nFAILS the federal hemp limit")
    assert "The verdict is on the unrounded total." in text
