from trichome.knowledge.packs import Fact, Source, load_packs
from trichome.knowledge.retrieval import FactIndex, KnowledgeBase
from trichome.knowledge.words import stem, tokenize

SOURCE = (Source("Rule", "https://example.gov", "s 1"),)


def fact(fact_id: str, title: str, text: str, jurisdiction: str | None = None) -> Fact:
    return Fact(fact_id, "p", "topic", title, text, SOURCE, jurisdiction=jurisdiction)


def test_words_are_stemmed_and_trade_shorthand_mapped() -> None:
    assert stem("gummies") == stem("gummy")
    assert tokenize("decarb") == tokenize("decarboxylation")
    assert "the" not in tokenize("the limit")


def test_the_fact_about_the_question_ranks_first() -> None:
    index = FactIndex(
        [
            fact("a", "Edible serving limit", "An edible serving holds at most 10 mg THC."),
            fact("b", "Flower purchase limit", "Adults may buy one ounce of flower per day."),
            fact("c", "Vape hardware", "Cartridges must be tested for heavy metals."),
        ]
    )
    results = index.search("how much THC can one edible serving have")
    assert results[0].fact.id == "a"
    assert 0 < results[0].coverage <= 1


def test_naming_a_state_drops_other_states_rules() -> None:
    index = FactIndex(
        [
            fact("mi", "Edible limit", "10 mg per serving.", "MI"),
            fact("co", "Edible limit", "10 mg per serving.", "CO"),
            fact("us", "Edible limit under hemp law", "Hemp edibles differ.", "US"),
        ]
    )
    found = {r.fact.id for r in index.search("edible limit", jurisdictions=["MI"])}
    assert found == {"mi", "us"}
    assert {r.fact.id for r in index.search("edible limit")} == {"mi", "co", "us"}


def test_a_question_with_no_matching_words_finds_nothing() -> None:
    index = FactIndex([fact("a", "Edible serving limit", "10 mg THC.")])
    assert index.search("quantum chromodynamics") == []
    assert index.search("") == []


def test_agents_read_only_their_own_packs() -> None:
    knowledge = KnowledgeBase(load_packs())
    formulation = knowledge.pack_ids_for(["formulation"])
    assert formulation
    assert all("formulation" in knowledge.packs[p].agents for p in formulation)
    index = knowledge.index_for(formulation)
    assert len(index) == sum(len(knowledge.packs[p].facts) for p in formulation)
