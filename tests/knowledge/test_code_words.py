"""Issue 19: "ND" on a certificate of analysis is "not detected" and a lower-case "bc" is as
often "because" as British Columbia; each names its place only where it reads as one."""

from __future__ import annotations

import pytest

from trichome.knowledge.jurisdictions import detect_jurisdictions
from trichome.knowledge.topics import detect_topics


@pytest.mark.parametrize(
    "text",
    [
        "coa says ND for delta 9, what does that mean vs LOD and LOQ",
        "our lab report shows nd for pesticides, is that a pass?",
        "coa says 'ND' for cbn and '<LOQ' for cbg. whats the difference, is <LOQ zero?",
        "residual solvents all came back ND except ethanol, is that normal",
        "what does ND mean",
        "ND, what does that mean on my coa",
    ],
)
def test_nd_beside_a_lab_result_is_not_detected(text: str) -> None:
    assert "ND" not in detect_jurisdictions(text)


@pytest.mark.parametrize(
    "text",
    [
        "ND purchase limits?",
        "how much can i buy in ND",
        "how much can i buy in nd",
        "nd purchase limits?",
        "do ND labs have to test for pesticides",
        "ND: do labs have to test for pesticides",
        "is delta 8 legal in nd",
        "compare colorado and ND possession",
    ],
)
def test_nd_where_a_place_fits_is_north_dakota(text: str) -> None:
    assert "ND" in detect_jurisdictions(text)


@pytest.mark.parametrize(
    "text",
    [
        "can i sell edibles bc my friend does",
        "is it legal to grow bc my doctor said so",
        "we close early bc of the holiday, can we still sell",
        "bc i'm new here, whats a eighth",
    ],
)
def test_bc_as_because_names_no_place(text: str) -> None:
    assert "CA-BC" not in detect_jurisdictions(text)


@pytest.mark.parametrize(
    "text",
    [
        "licensed in bc, what are the packaging rules",
        "bc rules on edibles potency",
        "marketing lead at a bc lp. can our us sister company post our content?",
        "whats the age in alberta vs bc?",
        "bc min age?",
        "bc craft producer, want to do a 355ml can of thc soda",
        "BC retail store here",
    ],
)
def test_bc_where_a_place_fits_is_british_columbia(text: str) -> None:
    assert "CA-BC" in detect_jurisdictions(text)


def test_where_a_business_is_licensed_asks_no_licensing_rule() -> None:
    assert [t.name for t in detect_topics("licensed in bc, what are the packaging rules")] == [
        "packaging"
    ]
    assert "licensing" in [t.name for t in detect_topics("how do we get licensed in ohio")]
    assert "licensing" in [
        t.name for t in detect_topics("do i need to be licensed in michigan to deliver")
    ]
