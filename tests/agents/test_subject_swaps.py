"""A follow-up naming only another compound asks the earlier question of it."""

from __future__ import annotations

import pytest

from trichome.agents.router import question_text
from trichome.agents.subject_swaps import with_subject_swapped


@pytest.mark.parametrize(
    ("earlier", "follow_up", "asked"),
    [
        ("boiling point of myrcene?", "and limonene?", "boiling point of limonene?"),
        ("what temp does myrcene boil at", "what about linalool?", "what temp does linalool boil at"),
        ("whats the residual butane limit in california", "and hexane?",
         "whats the residual hexane limit in california"),
        ("flash point of limonene?", "ok how about pinene then", "flash point of pinene?"),
        ("how fast does thca decarb at 110c", "cbda?", "how fast does cbda decarb at 110c"),
    ],
)  # fmt: skip
def test_the_earlier_question_is_asked_of_the_new_compound(
    earlier: str, follow_up: str, asked: str
) -> None:
    assert with_subject_swapped(earlier, follow_up) == asked


@pytest.mark.parametrize(
    ("earlier", "follow_up"),
    [
        # more than a name: the follow-up asks something of its own
        ("boiling point of myrcene?", "and is limonene a skin irritant?"),
        # another kind of thing: a solvent does not replace a terpene
        ("boiling point of myrcene?", "and butane?"),
        # two terpenes before: which one the new one replaces is not said
        ("boiling points of myrcene and pinene?", "and limonene?"),
        # the same compound again
        ("boiling point of myrcene?", "and myrcene?"),
        ("whats the purchase limit in colorado", "and in michigan?"),
    ],
)
def test_no_swap_where_the_follow_up_is_more_than_a_compound_of_the_same_kind(
    earlier: str, follow_up: str
) -> None:
    assert with_subject_swapped(earlier, follow_up) is None


def test_a_chain_of_follow_ups_keeps_the_first_question() -> None:
    turns = ["what is the boiling point of myrcene", "and limonene?", "and caryophyllene?"]
    assert question_text(turns) == "what is the boiling point of caryophyllene"
