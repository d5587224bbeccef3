"""Who writes a document asked for (`agents/writers.py`)."""

from __future__ import annotations

import pytest

from trichome.agents.writers import writer_of


@pytest.mark.parametrize(
    ("kind", "brief", "writer"),
    [
        # written to the staff, whatever customers it mentions
        ("email", "a staff memo: nobody leaves the vault open during a delivery", "operations"),
        ("copy", "a 'welcome to the extraction team' paragraph for our onboarding packet",
         "operations"),
        ("message", "a reminder for all budtenders that loyalty points reset friday", "operations"),
        # written to customers or the public
        ("copy", "a paragraph about our new rosin line for the website", "marketing"),
        ("email", "an email to loyalty members about double points weekend", "marketing"),
        ("social post", "a post welcoming our new team member to the shop", "marketing"),
        # the class decides when the audience does not
        ("checklist", "closing checklist for the sales floor", "operations"),
        ("copy", "a two-line guideline for staff on tasting product at work", "operations"),
        ("email", "an email asking the landlord to fix the roof", None),
    ],
)  # fmt: skip
def test_a_document_goes_to_the_agent_that_writes_for_its_audience(
    kind: str, brief: str, writer: str | None
) -> None:
    assert writer_of(kind, brief) == writer
