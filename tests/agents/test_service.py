import pytest

from trichome.agents.engines.grounded import GroundedEngine, compose, compose_answer
from trichome.agents.registry import MAIN_AGENT
from trichome.agents.router import RouteDecision, Router
from trichome.agents.service import AgentService, ChatRequest, build_agent_service, history_window
from trichome.config import Settings
from trichome.knowledge.jurisdictions import STATE_NAMES
from trichome.knowledge.packs import Fact, Pack, Source, load_packs
from trichome.knowledge.retrieval import KnowledgeBase
from trichome.llm.base import ChatTurn, Finished, TextDelta
from trichome.plans import FREE_AGENT, OPERATOR_AGENT, PRO_AGENT

pytestmark = pytest.mark.anyio


@pytest.fixture(scope="module")
def service() -> AgentService:
    return AgentService(
        Router.from_packaged_data(),
        KnowledgeBase(load_packs()),
        GroundedEngine(),
        "https://example.test/upgrade",
    )


def _chat(model, *texts: str) -> ChatRequest:  # type: ignore[no-untyped-def]
    return ChatRequest(model=model, messages=tuple(ChatTurn("user", t) for t in texts))


def test_only_the_latest_twenty_messages_are_used() -> None:
    turns = [ChatTurn("user", f"message {i}") for i in range(25)]
    window = history_window(turns)
    assert len(window) == 20
    assert window[0].content == "message 5" and window[-1].content == "message 24"


def test_a_specialist_outside_the_model_is_answered_by_the_main_agent(
    service: AgentService,
) -> None:
    question = "Write an SOP for our waste disposal log"
    free = service.prepare(_chat(FREE_AGENT, question))
    assert free.route.agent == "operations"
    assert free.agent.name == MAIN_AGENT
    assert any("pro-agent" in note and "example.test/upgrade" in note for note in free.notes)
    pro = service.prepare(_chat(PRO_AGENT, question))
    assert pro.agent.name == "operations" and not pro.notes


async def test_the_upgrade_note_ends_the_answer_and_usage_is_counted(service: AgentService) -> None:
    prepared = service.prepare(_chat(FREE_AGENT, "Instagram caption ideas for our 4/20 sale"))
    events = [event async for event in service.stream(prepared)]
    text = "".join(e.text for e in events if isinstance(e, TextDelta))
    assert text.rstrip().endswith("above is what the main agent can say.")
    finished = events[-1]
    assert isinstance(finished, Finished) and finished.usage is not None
    assert finished.usage.prompt_tokens > 0 and finished.usage.completion_tokens > 0


async def test_complete_returns_the_same_text_as_the_stream(service: AgentService) -> None:
    prepared = service.prepare(
        _chat(OPERATOR_AGENT, "What is the decarboxylation factor for THCA?")
    )
    streamed = "".join([e.text async for e in service.stream(prepared) if isinstance(e, TextDelta)])
    completed = await service.complete(prepared)
    assert completed.text == streamed
    assert completed.finish_reason == "stop"
    assert "0.877" in completed.text


def test_canada_is_a_jurisdiction_not_every_us_state(service: AgentService) -> None:
    prepared = service.prepare(
        _chat(OPERATOR_AGENT, "What are the THC limits for edibles in Canada?")
    )
    assert prepared.request.jurisdictions == ("CAN",)
    # Canada has a sourced pack now: the answer leads with its federal edible cap, and no
    # US state's rule stands in for it.
    assert prepared.request.uncovered_states == ()
    assert prepared.request.passages[0].fact.id == "can-edible-10mg-per-package"
    assert all(p.fact.jurisdiction in (None, "CAN") for p in prepared.request.passages)


def test_a_follow_up_naming_another_state_asks_about_that_state_only(
    service: AgentService,
) -> None:
    first = "what's the thc limit per package for edibles in michigan"
    messages = (
        ChatTurn("user", first),
        ChatTurn("assistant", "Michigan: ..."),
        ChatTurn("user", "now what about nevada"),
    )
    prepared = service.prepare(ChatRequest(model=OPERATOR_AGENT, messages=messages))
    assert prepared.request.jurisdictions == ("NV",)
    lead = prepared.request.passages[0].fact
    assert (lead.jurisdiction, lead.topic) == ("NV", "edible-thc-limits")


def test_where_the_asker_lives_is_not_searched_as_the_rule(service: AgentService) -> None:
    question = "I'm from Ohio, how much flower can I buy in Michigan?"
    prepared = service.prepare(_chat(OPERATOR_AGENT, question))
    assert prepared.request.jurisdictions == ("MI",)
    assert prepared.request.uncovered_states == ()
    assert "2.5 ounces" in compose_answer(prepared.request)


def _state_without(topic: str) -> str:
    """A state whose packs hold facts, none of them on `topic` (the packs grow, so the
    state is looked up rather than written down)."""
    by_state: dict[str, set[str]] = {}
    for pack in load_packs():
        for fact in pack.facts:
            if fact.jurisdiction in STATE_NAMES:
                by_state.setdefault(fact.jurisdiction, set()).add(fact.topic)
    uncovered = sorted(code for code, topics in by_state.items() if topic not in topics)
    if not uncovered:
        pytest.skip(f"every state with facts has one on {topic}")
    return STATE_NAMES[uncovered[0]]


@pytest.mark.parametrize(
    "question",
    [
        "wyoming possession + home grow?",  # no pack covers Wyoming
        "{home-grow} home grow limit per household",
        "what's {tax}'s state sales tax on adult use marijuana",
    ],
)
def test_a_rule_question_is_never_answered_by_a_fact_on_another_topic(
    service: AgentService, question: str
) -> None:
    for topic in ("home-grow", "tax"):
        question = question.replace(f"{{{topic}}}", _state_without(topic))
    prepared = service.prepare(_chat(OPERATOR_AGENT, question))
    assert prepared.request.uncovered_states == prepared.request.jurisdictions
    assert "won't guess" in compose_answer(prepared.request)


def test_a_state_with_a_sourced_home_grow_rule_is_answered_from_it(service: AgentService) -> None:
    prepared = service.prepare(_chat(OPERATOR_AGENT, "ohio home grow limit per household"))
    assert prepared.request.uncovered_states == ()
    lead = prepared.request.passages[0].fact
    assert (lead.jurisdiction, lead.topic) == ("OH", "home-grow")
    assert "12 plants" in compose_answer(prepared.request)


def test_a_rule_question_in_other_words_finds_the_states_fact(service: AgentService) -> None:
    prepared = service.prepare(
        _chat(OPERATOR_AGENT, "our credit union wants to bank a dispensary. what federal guidance?")
    )
    assert "FIN-2014-G001" in compose_answer(prepared.request)


def test_a_procedure_asked_for_is_written_by_operations_whatever_the_words() -> None:
    question = "Can you make me a compliant SOP for cannabis transport in new jersey?"
    with_templates = build_agent_service(Settings())
    prepared = with_templates.prepare(_chat(OPERATOR_AGENT, question))
    assert prepared.agent.name == "operations"
    assert compose_answer(prepared.request).startswith("# SOP: Transporting cannabis")


def test_the_answer_leads_with_the_fact_asked_for_and_no_other_topic(
    service: AgentService,
) -> None:
    question = "whats the package cap for edibles in california. client wants a 200mg bag"
    answer = compose_answer(service.prepare(_chat(OPERATOR_AGENT, question)).request)
    first = answer.split("\n\n", 1)[0]
    assert (
        first.startswith("California: A package of edible cannabis product") and "100 mg" in first
    )
    assert "Related:" not in answer and "child-resistant" not in answer


@pytest.mark.parametrize("message", ["write me a poem about my cat", "tell me a weed joke"])
def test_a_message_sharing_one_chance_word_with_a_fact_gets_no_fact(
    service: AgentService, message: str
) -> None:
    answer = compose_answer(service.prepare(_chat(OPERATOR_AGENT, message)).request)
    assert "Sources:" not in answer


def test_who_regulates_is_answered_from_the_directory_citing_the_regulators_site(
    service: AgentService,
) -> None:
    # New Jersey's packs hold no regulator fact of their own: the directory answers
    prepared = service.prepare(
        _chat(OPERATOR_AGENT, "new jersey who do i call about my grow license")
    )
    answer = compose_answer(prepared.request)
    assert answer.startswith(
        "In New Jersey, cannabis is regulated by New Jersey Cannabis Regulatory Commission (CRC)"
    )
    assert (
        "Sources:\n[1] New Jersey Cannabis Regulatory Commission (CRC), official site: https://"
        in answer
    )


def test_a_regulator_fact_of_the_packs_answers_who_regulates(service: AgentService) -> None:
    prepared = service.prepare(
        _chat(OPERATOR_AGENT, "oklahoma who do i call about my grow license")
    )
    answer = compose_answer(prepared.request)
    assert answer.startswith("The Oklahoma Medical Marijuana Authority (OMMA)")
    assert "427.3" in answer  # the statute that makes it a separate agency


def test_a_regulator_without_a_confirmed_site_is_still_named_with_a_cited_source(
    service: AgentService,
) -> None:
    question = "who licenses cannabis businesses in the northern mariana islands?"
    answer = compose_answer(service.prepare(_chat(OPERATOR_AGENT, question)).request)
    assert answer.startswith(
        "In the Northern Mariana Islands, cannabis is regulated by CNMI Cannabis Commission"
    )
    assert "Sources:\n[1] " in answer


@pytest.mark.parametrize(
    "message",
    [
        "any news out of rhode island for the crew this week",
        "hey quick one about delaware, the mayor says no shops in our town lol",
    ],
)
def test_a_place_named_with_nothing_sourced_gets_its_regulator(
    service: AgentService, message: str
) -> None:
    answer = compose_answer(service.prepare(_chat(OPERATOR_AGENT, message)).request)
    assert "ask:" in answer and "https://" in answer
    assert "state regulator's website" not in answer


@pytest.mark.parametrize(
    ("message", "who"),
    [
        ("my 6 year old has seizures, how much cbd oil can i give him", "doctor or pharmacist"),
        ("got caught with 2 oz in idaho last week, what should i say to the judge", "attorney"),
        ("should i buy tilray stock this week", "financial adviser"),
        ("what will wholesale flower prices be in michigan next summer", "financial adviser"),
        ("write me a poem about my cat", "outside what I do"),
    ],
)
def test_a_request_no_fact_should_answer_is_declined_with_who_can_help(
    service: AgentService, message: str, who: str
) -> None:
    answer = compose_answer(service.prepare(_chat(OPERATOR_AGENT, message)).request)
    assert who in answer and "Sources:" not in answer


def test_a_weak_match_without_the_questions_telling_word_is_no_answer(
    service: AgentService,
) -> None:
    # Virginia's pack holds possession and home-grow facts, nothing on opening a store.
    question = "can i open a rec dispensary in virginia yet?"
    answer = compose_answer(service.prepare(_chat(OPERATOR_AGENT, question)).request)
    assert "plants" not in answer and "ounce" not in answer


def test_a_place_the_packs_miss_is_not_answered_by_a_general_fact_sharing_a_word(
    service: AgentService,
) -> None:
    # A baking fact shares "actually" and "apply" with the question; the directory answers.
    question = "when did wyoming medical cannabis actually start, like when could patients apply"
    answer = compose_answer(service.prepare(_chat(OPERATOR_AGENT, question)).request)
    assert answer.startswith("In Wyoming, there is no adult-use programme")
    assert "cake" not in answer and "Wyoming Department of Health" in answer


@pytest.mark.parametrize(
    ("question", "opening"),
    [
        ("bho = ?", "BHO, butane hash oil, is"),
        ("whats rso?", "RSO, Rick Simpson Oil, is"),
        ("what does LOQ stand for", "The LOQ, limit of quantitation, is"),
    ],
)
def test_a_request_for_a_definition_gets_the_glossary_entry(
    service: AgentService, question: str, opening: str
) -> None:
    answer = compose_answer(service.prepare(_chat(OPERATOR_AGENT, question)).request)
    assert answer.startswith(opening)


def test_a_word_in_a_glossary_title_is_not_a_definition_asked_for(service: AgentService) -> None:
    answer = compose_answer(service.prepare(_chat(OPERATOR_AGENT, "whats the limit")).request)
    assert "quantitation" not in answer


def test_is_it_legal_there_is_answered_from_the_directory_citing_its_laws(
    service: AgentService,
) -> None:
    answer = compose_answer(
        service.prepare(
            _chat(OPERATOR_AGENT, "south carolina medical marijuana legal yet?")
        ).request
    )
    assert answer.startswith(
        "In South Carolina, there is no adult-use programme; medical marijuana is not legal "
        "beyond a low-THC (CBD oil) programme"
    )
    # Cited: the South Carolina Code the directory entry was checked against.
    assert "Sources:\n[1] S.C. Code of Laws" in answer


def test_who_issues_licences_is_answered_with_the_regulators_site(service: AgentService) -> None:
    question = "who's issuing cannabis business licenses in minnesota"
    answer = compose_answer(service.prepare(_chat(OPERATOR_AGENT, question)).request)
    # The regulator leads, and the answer links the regulator's own site.
    assert answer.startswith("Minnesota's Office of Cannabis Management (OCM)")
    assert "issues the business licences" in answer
    assert "https://mn.gov/ocm/" in answer


def test_a_rule_of_another_programme_does_not_answer(service: AgentService) -> None:
    # Oregon's hemp-product THC caps are no answer to a question about adult-use ("rec").
    question = "max thc in an oregon rec concentrate container"
    answer = compose_answer(service.prepare(_chat(OPERATOR_AGENT, question)).request)
    assert "hemp" not in answer.lower()


def test_a_when_question_gets_the_rules_date_first(service: AgentService) -> None:
    question = "when does the 0.4mg hemp thing actually kick in"
    answer = compose_answer(service.prepare(_chat(OPERATOR_AGENT, question)).request)
    assert answer.startswith("Federal: In force from 2026-11-12.")


def test_help_to_misstate_results_is_refused(service: AgentService) -> None:
    question = "how do i get a lab to bump our thc numbers on the coa without it being obvious"
    answer = compose_answer(service.prepare(_chat(OPERATOR_AGENT, question)).request)
    assert answer.startswith("I won't help misstate test results") and "Sources:" not in answer


def test_a_state_named_in_a_federal_fact_does_not_make_it_the_answer(
    service: AgentService,
) -> None:
    # The federal rescheduling fact mentions a hearing "in Arlington, Virginia".
    question = "can i open a rec dispensary in virginia yet? where do people buy"
    answer = compose_answer(service.prepare(_chat(OPERATOR_AGENT, question)).request)
    assert "Arlington" not in answer and "DEA" not in answer


def test_a_question_on_two_topics_gets_both(service: AgentService) -> None:
    answer = compose_answer(
        service.prepare(_chat(OPERATOR_AGENT, "vermont possession + home grow?")).request
    )
    assert "1 ounce" in answer and "2 mature" in answer


@pytest.mark.parametrize(
    ("first", "follow_up", "title"),
    [
        ("write me a transport SOP for new jersey", "now adapt it for nevada", "(Nevada)"),
        ("need a sop for destroying waste in michigan", "same thing but for our colorado site",
         "(Colorado)"),
    ],
)  # fmt: skip
def test_a_follow_up_asking_for_the_procedure_again_gets_it_for_the_new_place(
    first: str, follow_up: str, title: str
) -> None:
    service = build_agent_service(Settings(engine="grounded"))
    turns = (
        ChatTurn("user", first),
        ChatTurn("assistant", "# SOP: ..."),
        ChatTurn("user", follow_up),
    )
    prepared = service.prepare(ChatRequest(model=OPERATOR_AGENT, messages=turns))
    assert prepared.agent.name == "operations"
    assert compose_answer(prepared.request).startswith("# SOP: ")
    assert title in compose_answer(prepared.request).splitlines()[0]


@pytest.mark.parametrize(
    ("text", "agent"),
    [
        ("should i buy tilray stock this week", "main_agent"),
        ("got caught with 2 oz in idaho last week, what should i say to the judge", "main_agent"),
        ("how many 10mg servings in a 100mg bar", "formulation"),
        ("air 27c, rh 60, but my IR gun says leaves are 25c. leaf vpd?", "operations"),
    ],
)
def test_the_answering_agent_follows_what_is_asked_not_the_words_alone(
    service: AgentService, text: str, agent: str
) -> None:
    assert service.prepare(_chat(OPERATOR_AGENT, text)).agent.name == agent


def test_a_thanks_after_a_calculation_is_the_main_agents(service: AgentService) -> None:
    chat = _chat(OPERATOR_AGENT, "my rosin is 72% thca and 3% d9, whats total", "cool thanks!!")
    assert service.prepare(chat).agent.name == "main_agent"


def test_a_patients_question_is_not_answered_by_a_rule_for_adults() -> None:
    source = (Source("410 ILCS 705/10-10", "https://example.gov/il", "a"),)
    adults = Fact(
        id="il-adult-buy", pack_id="compliance-il", topic="purchase-limits",
        title="Illinois: purchase limit",
        text="An adult 21 or older may purchase up to 30 grams of flower at a time.",
        jurisdiction="IL", sources=source,
    )  # fmt: skip
    pack = Pack("compliance-il", "Illinois", ("compliance",), None, (adults,))
    own = AgentService(
        Router.from_packaged_data(), KnowledgeBase([pack]), GroundedEngine(), "https://x.test"
    )
    patient = own.prepare(_chat(OPERATOR_AGENT, "illinois medical card - how much can i buy?"))
    assert compose(patient.request).sources == ()
    adult = own.prepare(_chat(OPERATOR_AGENT, "illinois rec - how much can i buy at once?"))
    assert [fact.id for fact in compose(adult.request).sources] == ["il-adult-buy"]


def test_whether_it_is_legal_there_is_answered_first_by_the_directorys_status(
    service: AgentService,
) -> None:
    prepared = service.prepare(
        _chat(OPERATOR_AGENT, "omaha - is recreational weed legal in nebraska now?")
    )
    composed = compose(prepared.request)
    assert composed.sources[0].id == "directory-ne-status"
    assert composed.text.startswith("In Nebraska, there is no adult-use programme")


class _UnsureRouter(Router):
    """Always the marketing specialist, unsure, with the main agent as runner-up."""

    def __init__(self) -> None:
        pass

    def route(self, text: str) -> RouteDecision:
        return RouteDecision("marketing", 0.45, MAIN_AGENT)


def test_a_place_s_rule_gets_compliance_not_the_main_agent_as_second_opinion() -> None:
    source = (Source("NY rule", "https://example.test/ny", "1", "primary"),)
    buffer = Fact(
        id="ny-ad-buffer", pack_id="compliance-ny", topic="placement",
        title="New York: no cannabis ads within 500 feet of a school",
        text="No cannabis advertisement may be placed within 500 feet of a school.",
        jurisdiction="NY", sources=source,
    )  # fmt: skip
    pack = Pack("compliance-ny", "New York", ("compliance",), None, (buffer,))
    own = AgentService(_UnsureRouter(), KnowledgeBase([pack]), GroundedEngine(), "https://x.test")
    prepared = own.prepare(
        _chat(
            OPERATOR_AGENT,
            "new york: how many feet from a school must a cannabis advertisement be?",
        )
    )
    assert prepared.agent.name == "compliance"
    assert [fact.id for fact in compose(prepared.request).sources] == ["ny-ad-buffer"]


def test_an_unsure_specialist_keeps_a_question_the_main_agent_only_shares_words_with() -> None:
    # Marketing's packs know nothing of it; the main agent's industry figure shares the words
    # but answers another question (how big baskets are, not how to lift ours).
    source = (Source("Industry report", "https://example.test/report", "1", "secondary"),)
    figure = Fact(
        id="industry-basket", pack_id="industry", topic="industry",
        title="Average basket size per store visit at US dispensaries",
        text="The average basket size per store visit at US dispensaries is about 50 dollars.",
        jurisdiction="US", sources=source,
    )  # fmt: skip
    pack = Pack("industry", "Industry", (MAIN_AGENT,), None, (figure,))
    own = AgentService(_UnsureRouter(), KnowledgeBase([pack]), GroundedEngine(), "https://x.test")
    prepared = own.prepare(
        _chat(OPERATOR_AGENT, "how do we lift the average basket size per store visit")
    )
    assert prepared.agent.name == "marketing"
    assert prepared.request.passages == ()


async def test_a_giveaway_leaning_on_the_gift_rule_is_answered_by_that_rule(
    service: AgentService,
) -> None:
    """A free joint with a purchase "since gifting is allowed" is answered by the state's
    gift rule, which says a gift may not be advertised or promoted, not by a refusal."""
    question = (
        "thinking of a 'buy a lighter, get a free joint' deal at our lansing store since "
        "gifting is allowed in michigan. fine?"
    )
    prepared = service.prepare(_chat(OPERATOR_AGENT, question))
    assert prepared.agent.name in ("marketing", "compliance")
    text = (await service.complete(prepared)).text
    lead = text.split("\n")[0]
    assert "give away" in lead and "promoted" in lead
