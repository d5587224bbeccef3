"""What a follow-up asks about when its own words say less than the turn before."""

from trichome.agents.follow_ups import follow_up_topics, search_text
from trichome.knowledge.topics import detect_topics

_GIFT = "montana: are two adults allowed to gift weed to one another?"
_PROMO = "ok so can we post a 'free eighth with any hoodie' deal on facebook?"


def test_a_promotion_after_a_gift_question_keeps_the_gift_rule() -> None:
    asked = follow_up_topics(_PROMO, [_GIFT], products_changed=False)
    assert [topic.name for topic in asked] == ["advertising", "possession-limits"]
    # searched with the gift question's words, which the gift rule holds
    assert search_text([_GIFT, _PROMO], _PROMO, asked).startswith(_GIFT)


def test_a_promotion_after_another_question_asks_only_about_advertising() -> None:
    earlier = "what do vermont ad rules say about billboards"
    asked = follow_up_topics(_PROMO, [earlier], products_changed=False)
    assert [topic.name for topic in asked] == ["advertising"]
    assert search_text([earlier, _PROMO], _PROMO, asked) == _PROMO
    assert [topic.name for topic in detect_topics(_GIFT)] == ["possession-limits"]
