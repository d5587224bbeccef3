"""How questions' words are made to meet the packs' words."""

import pytest

from trichome.knowledge.words import tokenize


@pytest.mark.parametrize(
    ("asked", "written"),
    [
        # a promotion in the trade's shorthand
        ("free hat with every order, is that promo ok", "a promotion to the public"),
        # a bus ad is a transit ad
        ("putting our logo on buses downtown", "no ads on public transit vehicles"),
        # a tv or radio spot is a broadcast advert on television
        ("thinking about a radio spot at drive time", "broadcast advertising"),
        ("tv commercial during the game", "television"),
    ],
)
def test_everyday_words_for_an_advert_meet_the_rules_words(asked: str, written: str) -> None:
    assert set(tokenize(asked)) & set(tokenize(written)) - {"ad", "public"}
