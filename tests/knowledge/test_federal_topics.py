"""The topics federal law governs in every state, read from how operators ask them."""

from __future__ import annotations

import pytest

from trichome.knowledge.federal_topics import FEDERAL_IN_EVERY_STATE, federal_pack_topics
from trichome.knowledge.topics import detect_topics


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("osha 300 log - do we need one for our washington grow?", "workplace-safety"),
        ("a trimmer lost a fingertip, how fast do we call osha", "workplace-safety"),
        ("how loud can the trim room get, decibels?", "workplace-safety"),
        (
            "does our emergency action plan have to be written down? we're 7 people",
            "workplace-safety",
        ),
        ("emergency action plans - can a small shop just go over it verbally", "workplace-safety"),
        ("hexane exposure limit for our lab in arizona?", "exposure-limits"),
        ("whats the PEL for isopropyl alcohol", "exposure-limits"),
        ("our illinois bank wants to know the SAR labels for marijuana customers", "banking"),
        ("credit union bsa officer here, dollar amount for a SAR?", "banking"),
        ("can we deduct rent under 280e?", "federal-tax"),
    ],
)
def test_federal_topics_are_read_in_operators_words(question: str, topic: str) -> None:
    names = [found.name for found in detect_topics(question)]
    assert topic in names
    assert "labelling" not in names  # a bank's SAR labels are no package label


def test_only_topics_federal_law_governs_add_federal_pack_topics() -> None:
    asked = detect_topics("report an amputation to osha? and the excise tax in colorado")
    federal = federal_pack_topics(asked)
    assert {
        "injury-reporting",
        "injury-records",
        "occupational-noise",
        "emergency-action-plans",
    } <= federal
    assert "worker-health" not in federal  # a case report is no federal rule
    assert "tax" not in federal and "federal-tax" not in federal
    assert federal_pack_topics(detect_topics("excise tax in colorado?")) == FEDERAL_IN_EVERY_STATE
