"""Reading a conversation: whose rules apply, where the asker lives, the product, and the
kind of request, with follow-ups keeping what earlier turns said."""

import pytest

from trichome.agents.understanding import RequestKind, understand


@pytest.mark.parametrize(
    ("turns", "jurisdictions", "residence"),
    [
        (["I'm from Ohio, can I buy in Michigan and drive back?"], ("MI",), ("OH",)),
        (["Ohio resident buying in Michigan, how much can I get?"], ("MI",), ("OH",)),
        (["Visiting from Germany, can I buy weed in Colorado?"], ("CO",), ("DEU",)),
        (["I'm from Ohio. What are the purchase limits here?"], ("OH",), ()),
        (["What are the edible limits in Canada?"], ("CAN",), ()),
        (["ontario retail store rules"], ("CA-ON",), ()),
        (["B.C. rules for cannabis retail"], ("CA-BC",), ()),
        (["Puerto Rico medical cannabis card"], ("PR",), ()),
        (["new mexico plant count for home grow"], ("NM",), ()),
        (["compare CO vs WA edible limits"], ("CO", "WA"), ()),
    ],
)
def test_the_jurisdictions_whose_rules_apply_are_told_from_the_askers_home(
    turns: list[str], jurisdictions: tuple[str, ...], residence: tuple[str, ...]
) -> None:
    understood = understand(turns)
    assert (understood.jurisdictions, understood.residence) == (jurisdictions, residence)


def test_a_follow_up_keeps_the_earlier_jurisdiction_and_changes_what_it_names() -> None:
    first = "what's the max thc per gummy in michigan"
    keeps = understand([first, "and for vapes?"])
    assert (keeps.jurisdictions, keeps.product, keeps.inherited) == (("MI",), "vape", True)
    moves = understand([first, "Now adapt it for Nevada"])
    assert (moves.jurisdictions, moves.product, moves.inherited) == (("NV",), "edible", False)


def test_a_follow_up_asking_for_the_same_again_keeps_the_kind_of_request() -> None:
    understood = understand(["write a waste disposal sop for michigan", "now adapt it for nevada"])
    assert understood.kind is RequestKind.DRAFT
    assert understood.jurisdictions == ("NV",)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("hi there", RequestKind.SMALL_TALK),
        ("thanks so much!", RequestKind.SMALL_TALK),
        ("write me a transport sop for new jersey", RequestKind.DRAFT),
        ("can you critique my intake procedure? here it is:", RequestKind.DRAFT),
        ("which states allow delivery?", RequestKind.COMPARISON),
        ("how many mg can a gummy have in colorado", RequestKind.NUMBER),
        ("I'm from Ohio, can I buy in Michigan?", RequestKind.YES_NO),
        ("is delta 8 legal in texas", RequestKind.YES_NO),
        ("what does the universal symbol look like in oregon", RequestKind.FACT),
    ],
)
def test_the_kind_of_request_is_read_from_its_wording(text: str, kind: RequestKind) -> None:
    assert understand([text]).kind is kind
