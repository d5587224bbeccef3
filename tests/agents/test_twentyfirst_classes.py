"""Issue 19, the twenty-first set's classes asked in words of their own: the line between
hemp and marijuana is the definition's 0.3% total THC, not a negligence threshold; another
business's records or live prices, a game's result, and keeping an overage from whoever
would notice (also as a follow-up to the limit just given) are declined by the main agent,
citing nothing; the neighbours of those wordings keep their reading; a critique of copy for
a brand in a named state is marketing's critique, not a cited rule of that state; a
follow-up asking for a sampling SOP gets the procedure, written by operations; weather that
held a job up is no weather forecast asked; a recall or emergency drill plan is operations';
a move to a place asks that place's rule, not the rule of the place left; a total the COA
states in mg/g is converted to %, not asked back as THCA and delta-9; an email to the
loyalty members about opening hours is drafted, its readers being no rule asked; the pH an
acidified shelf-stable food must reach is answered from 21 CFR 114.3; "at what temp does a
terpene or a solvent boil", in a story, is answered by that substance's boiling point."""

from __future__ import annotations

import pytest

from tests.agents.asking import answer
from trichome.agents.drafting import conversation_draft
from trichome.agents.residence import split_residence
from trichome.agents.scope import scope_of
from trichome.agents.service import AgentService, build_agent_service
from trichome.config import Settings


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


@pytest.mark.parametrize(
    "question",
    [
        "what's the legal cutoff between weed and hemp? working the counter in texas",
        "hemp vs marijuana, where does federal law draw it",
        "training our budtenders in georgia: what number separates marijuana and hemp legally",
    ],
)
def test_the_line_between_hemp_and_marijuana_is_the_definitions_figure(
    service: AgentService, question: str
) -> None:
    answered = answer(service, question)
    lead = answered.text.split("\n")[0]
    assert "0.3 percent" in lead or "0.3%" in lead
    assert "1.0 percent" not in lead
    assert answered.fact_ids and "redefinition" in answered.fact_ids[0]


@pytest.mark.parametrize(
    ("question", "reason"),
    [
        ("can i pull up a rival dispensary's inventory in metrc? curious what they stock", "competitor"),
        ("any way to look at my competitors sales numbers in biotrack", "competitor"),
        ("how much is an eighth at the shop around the corner from us today", "competitor"),
        ("which team wins the game tonight? need a pick for the office pool", "off-topic"),
        ("we grow 9 plants but the limit is 6, how do we keep them off the radar", "evasion"),
        ("if we keep 4 oz at home anyway, how do we make sure the landlord never finds out", "evasion"),
        ("how do we keep the neighbours from noticing the extra plants in the garage", "evasion"),
    ],
)  # fmt: skip
def test_others_records_games_and_hidden_overages_are_declined(
    service: AgentService, question: str, reason: str
) -> None:
    assert scope_of(question) == reason
    answered = answer(service, question)
    assert answered.agent == "main_agent"
    assert not answered.fact_ids


@pytest.mark.parametrize(
    "question",
    [
        "how do we accept a transfer from another licensee in metrc",
        "what does the other store's manifest need to show when they deliver to us",
        "write a competitor analysis for our brand in michigan",
        "do the plants have to be hidden from public view in virginia",
        "how do we make sure nobody under 21 gets into the store",
        "how do we make sure the state knows about our change of ownership",
    ],
)
def test_neighbours_of_those_declines_are_not_declined(question: str) -> None:
    assert scope_of(question) is None


def test_a_follow_up_asking_to_hide_an_overage_is_declined_not_answered_with_the_cap(
    service: AgentService,
) -> None:
    answered = answer(
        service,
        "two of us in a norfolk townhouse, can we grow 8 plants between us in virginia?",
        "and if we go with 8 regardless, how do we make sure no one finds out",
        own_replies=True,
    )
    assert answered.agent == "main_agent"
    assert not answered.fact_ids
    assert "4 marijuana plants" not in answered.text


@pytest.mark.parametrize(
    "question",
    [
        "critique this slogan for our oregon cbd tincture line: 'calm, bottled'. give me 4 other takes",
        "review this headline for my colorado dispensary: 'elevate your weekend'. 2 better options?",
    ],
)  # fmt: skip
def test_a_critique_of_copy_for_a_brand_in_a_state_is_marketings_critique(
    service: AgentService, question: str
) -> None:
    answered = answer(service, question)
    assert answered.agent == "marketing"
    assert not answered.fact_ids
    assert "Claims:" in answered.text and "Audience:" in answered.text


def test_a_critique_asking_a_states_rule_on_its_figures_still_gets_the_rule(
    service: AgentService,
) -> None:
    answered = answer(
        service,
        "critique my label math: 'thc 10.4 mg per gummy', we're in colorado, do we relabel?",
    )
    assert "Claims:" not in answered.text


def test_a_follow_up_asking_for_a_sampling_sop_gets_the_procedure(service: AgentService) -> None:
    answered = answer(
        service,
        "we're a usda-licensed hemp grower in kansas. does someone from our farm have to be "
        "there when the sampler comes?",
        "got it. now draft a procedure for the crew: booking the sampler and sampling day",
        own_replies=True,
    )
    assert answered.agent == "operations"
    assert answered.text.startswith("# SOP: Hemp pre-harvest compliance sampling")
    assert "30 days" in answered.text


def test_weather_that_held_up_a_harvest_is_not_a_forecast_asked(service: AgentService) -> None:
    answered = answer(
        service,
        "usda hemp licensee in nebraska, our sampler came out on the 2nd",
        "because of bad weather we won't be done cutting for 5 weeks after that. problem?",
        own_replies=True,
    )
    assert answered.agent == "compliance"
    assert "30 days" in answered.text
    assert scope_of("what's the weather gonna do this weekend in boulder") == "off-topic"


@pytest.mark.parametrize(
    "request_text",
    [
        "put together a mock recall exercise for our oregon infused-products kitchen",
        "draft an evacuation drill plan for our grow in tulsa",
    ],
)
def test_a_recall_or_emergency_drill_plan_is_drafted_by_operations(
    service: AgentService, request_text: str
) -> None:
    draft = conversation_draft([request_text])
    assert draft is not None and draft.kind == "drill plan"
    answered = answer(service, request_text)
    assert answered.agent == "operations"
    assert "Debrief:" in answered.text


def test_a_move_to_a_place_asks_that_places_rule(service: AgentService) -> None:
    question = (
        "relocating to kalamazoo next month from indiana. in michigan how much flower "
        "can i carry around, and does concentrate count toward it"
    )
    assert split_residence(question) == (["MI"], ["IN"])
    answered = answer(service, question)
    assert answered.fact_ids and all(i.startswith("mi-") for i in answered.fact_ids)
    assert "2.5 ounces" in answered.text and "15 grams" in answered.text
    # weighing the two places still asks both
    assert (
        split_residence("moving to nevada from utah, how do the possession limits compare?")[1]
        == []
    )


@pytest.mark.parametrize(
    ("question", "asked", "left"),
    [
        ("new to minnesota (moved from wisconsin). how much can i carry in public here", "MN", "WI"),
        ("relocated here from ohio last spring, can i grow at home in michigan?", "MI", "OH"),
        ("moved up from texas, what's the purchase limit in colorado", "CO", "TX"),
    ],
)  # fmt: skip
def test_a_home_left_behind_is_not_the_place_asked(
    service: AgentService, question: str, asked: str, left: str
) -> None:
    assert split_residence(question) == ([asked], [left])
    answered = answer(service, question)
    assert answered.fact_ids
    assert all(i.startswith(asked.lower() + "-") for i in answered.fact_ids)


def test_a_move_still_named_with_where_to_keeps_both_places() -> None:
    assert split_residence("just moved from iowa to illinois, how much can i buy")[1] == []
    assert split_residence("we moved from colorado, what's different in michigan?")[1] == []


@pytest.mark.parametrize(
    ("question", "says"),
    [
        ("our lab sheet shows total thc at 187.5 mg/g - what % do we print?", "18.75%"),
        ("total cbd is 62 mg/g on the coa, as a percentage that's what", "6.2%"),
    ],
)
def test_a_stated_total_in_mg_per_g_is_converted_not_asked_back(
    service: AgentService, question: str, says: str
) -> None:
    answered = answer(service, question)
    assert answered.text.split("\n")[0].endswith(f"{says}.")
    assert "THCA" not in answered.text.split("\n")[0]


def test_an_email_to_loyalty_members_about_hours_is_drafted(service: AgentService) -> None:
    request_text = "write an email for all our rewards members in oregon about thanksgiving hours"
    draft = conversation_draft([request_text])
    assert draft is not None and draft.kind == "email"
    answered = answer(service, request_text)
    assert answered.agent == "marketing" and not answered.fact_ids
    # a rule named in the brief is still the rule's, and a list joined is no readership
    assert conversation_draft(["before we add people to our sms list what do we do on age"]) is None
    assert (
        conversation_draft(["email our customers in colorado about the daily purchase limit"])
        is None
    )


def test_the_ph_a_shelf_stable_acidified_food_must_reach_is_answered(service: AgentService) -> None:
    answered = answer(
        service,
        "making a thc-infused salsa we want shelf stable, how acidic does it legally need to be",
    )
    assert answered.fact_ids[:1] == ("form-acidified-foods-ph-4-6",)
    assert "4.6" in answered.text.split("\n")[0]


@pytest.mark.parametrize(
    ("question", "fact_id"),
    [
        (
            "terp sauce keeps losing its citrus nose in the oven. what temperature does limonene boil at",
            "form-terpene-limonene-boiling-point",
        ),
        (
            "our purge room is cold as hell lately, what temp does butane even boil",
            "form-hydrocarbon-butane-properties",
        ),
    ],
)  # fmt: skip
def test_what_temperature_a_substance_boils_at_is_its_boiling_point(
    service: AgentService, question: str, fact_id: str
) -> None:
    answered = answer(service, question)
    assert answered.fact_ids[:1] == (fact_id,)


def test_a_buyer_from_another_state_is_a_visitor_to_the_state_asked(
    service: AgentService,
) -> None:
    question = "illinois store here, can we sell to somebody from iowa and how much"
    assert split_residence(question) == (["IL"], ["IA"])
    answered = answer(service, question)
    assert answered.fact_ids and all(i.startswith("il-") for i in answered.fact_ids)
    assert "15 grams" in answered.text  # half the resident amount


def test_a_cultivation_licence_is_answered_by_the_business_licence_categories(
    service: AgentService,
) -> None:
    answered = answer(service, "how would we get a cultivation license in oklahoma")
    assert answered.fact_ids[0] == "ok-business-licence-categories"


def test_a_follow_up_to_a_rule_asked_of_an_amount_asks_the_rule_again_not_a_sum(
    service: AgentService,
) -> None:
    answered = answer(
        service,
        "peoria il shop, a lady from missouri wants 20 grams of bud, can we sell her that?",
        "what about gummies for her, how many mg",
        own_replies=True,
    )
    assert answered.fact_ids and answered.fact_ids[0].startswith("il-")
    assert "250 mg" in answered.text
    assert "potency" not in answered.text
