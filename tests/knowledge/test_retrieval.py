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


def test_a_facts_note_on_its_sources_does_not_match_questions() -> None:
    # "(Secondary only: news reports ...)" tells the reader where a fact comes from; a
    # question about stock news must not find the fact through that note.
    index = FactIndex(
        [
            fact(
                "hearing",
                "Rescheduling hearing dates",
                "The hearing runs in June. (Secondary only: news reports of the schedule.)",
            )
        ]
    )
    assert index.search("stock news reports") == []
    assert [r.fact.id for r in index.search("rescheduling hearing")] == ["hearing"]


def test_agents_read_only_their_own_packs() -> None:
    knowledge = KnowledgeBase(load_packs())
    formulation = knowledge.pack_ids_for(["formulation"])
    assert formulation
    assert all("formulation" in knowledge.packs[p].agents for p in formulation)
    index = knowledge.index_for(formulation)
    assert len(index) == sum(len(knowledge.packs[p].facts) for p in formulation)


def test_shop_talk_and_other_spellings_find_the_packs_words() -> None:
    # A budtender's or a Canadian's words, against the packs' spelling of the same thing.
    assert tokenize("can we sell d8 vapes") == tokenize("can we sell delta-8 vapes")
    assert tokenize("Δ9 potency") == tokenize("delta 9 potency")
    assert "8" not in tokenize("d8 carts")  # not every fact with an 8 in it
    assert tokenize("thc-a flower") == tokenize("THCa flower")
    assert tokenize("joints") == tokenize("pre-rolls") == tokenize("prerolled")
    assert tokenize("joint venture") != tokenize("pre-roll venture")
    assert tokenize("our licence got renewed") == tokenize("our license got renewed")
    assert tokenize("itemised receipt") == tokenize("itemized receipt")
    assert tokenize("we isomerise it") == tokenize("isomerization")


def test_shop_talk_question_finds_the_fact_on_its_conversion() -> None:
    index = FactIndex(
        [
            fact(
                "def",
                "Hemp definition",
                "Hemp is cannabis at or below 0.3% delta-9 THC; 8 samples.",
            ),
            Fact(
                "conv",
                "p",
                "topic",
                "Converted cannabinoids excluded from hemp",
                "Delta-8 THC made from CBD by isomerization is not hemp.",
                (Source("Act", "https://example.gov", "Sec. 781"),),
            ),
        ]
    )
    found = index.search("we isomerise our cbd into d8 ourselves, is it still hemp under sec 781?")
    assert found[0].fact.id == "conv"


def test_osha_duties_and_minor_cannabinoid_factors_are_found_by_their_agents() -> None:
    # The operations agent reads the OSHA workplace-safety pack, formulation the chemistry one:
    # a plain question on either leads with the fact that holds its figure.
    knowledge = KnowledgeBase(load_packs())
    operations = knowledge.index_for(knowledge.pack_ids_for(["operations"]))
    formulation = knowledge.index_for(knowledge.pack_ids_for(["formulation"]))
    asked = {
        (operations, "how often must a forklift operator be evaluated"): 3,
        (operations, "hydrostatic test interval for a co2 fire extinguisher"): 5,
        (operations, "niosh rel for n-hexane"): 50,
        (formulation, "conversion factor from cbna to cbn"): 0.876,
    }
    for (index, question), value in asked.items():
        assert index.search(question)[0].fact.value == value, question
