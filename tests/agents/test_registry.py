"""The agents' table: what each reads beyond its own packs."""

from trichome.agents.registry import AGENTS


def test_marketing_reads_the_gift_rule_only_for_a_question_asking_about_it() -> None:
    marketing = AGENTS["marketing"]
    asked = frozenset({"advertising", "possession-limits"})
    assert "possession-limits" in marketing.borrows(asked)
    assert "possession-limits" not in marketing.borrows(frozenset({"advertising"}))
    assert "possession-limits" not in marketing.borrows(None)
    # what it always reads stays read whatever is asked
    assert marketing.borrowed_topics <= marketing.borrows(None)
