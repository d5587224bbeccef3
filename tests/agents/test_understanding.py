"""Reading a conversation: whose rules apply, where the asker lives, the product, and the
kind of request, with follow-ups keeping what earlier turns said."""

import pytest

from trichome.agents.calculation_requests import recognise
from trichome.agents.definitions_asked import defined_term
from trichome.agents.understanding import RequestKind, program_of, understand


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
        (["pr med patient, am i allowed to smoke the flower?"], ("PR",), ()),
        (["montreal, im 19 from ontario. can i buy at the sqdc?"], ("CA-QC",), ("CA-ON",)),
        # someone else from elsewhere: the rule is the place's where they buy
        (["my friend from ohio wants to buy in michigan, how much?"], ("MI",), ("OH",)),
        # a move asks what changes: both places' rules
        (["moving from arizona to virginia, how do plant counts compare?"], ("AZ", "VA"), ()),
        # a place named only as where a product like ours sells is no rule asked
        (["planning a 200mg chocolate for montana, the kind they sell in michigan"], ("MT",), ()),
        (["new oregon drink like the ones out in california - any issue?"], ("OR",), ()),
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
        # the largest amount allowed is a figure, however it is worded
        ("ok so what's the highest thc one jar is allowed to hold in maine", RequestKind.NUMBER),
        ("whats the most mg for a single serving there", RequestKind.NUMBER),
        ("what is the most popular strain in maine", RequestKind.FACT),
    ],
)
def test_the_kind_of_request_is_read_from_its_wording(text: str, kind: RequestKind) -> None:
    assert understand([text]).kind is kind


@pytest.mark.parametrize(
    "message", ["cool thanks!!", "thx that helped a ton", "are you a real person or a bot"]
)
def test_greetings_thanks_and_asking_who_it_is_are_small_talk(message: str) -> None:
    assert understand([message]).kind is RequestKind.SMALL_TALK


@pytest.mark.parametrize(
    "message", ["just signed up, what can u do?", "new here - what could you help us with"]
)
def test_asking_what_the_assistant_can_do_is_small_talk(message: str) -> None:
    assert understand([message]).kind is RequestKind.SMALL_TALK


def test_a_capability_question_with_a_subject_is_a_question() -> None:
    asked = understand(["what can you help me with on colorado packaging rules?"])
    assert asked.kind is not RequestKind.SMALL_TALK


@pytest.mark.parametrize(
    ("message", "scope"),
    [
        ("my 6 year old has seizures, how much cbd oil can i give him", "medical"),
        ("got caught with 2 oz last week, what should i say to the judge", "legal"),
        ("is curaleaf stock a buy right now?", "financial"),
        ("can you do my 2025 tax return for the dispensary", "financial"),
        ("can you tell me what potency my next harvest will test at", "forecast"),
        ("write me a poem about my cat", "off-topic"),
        ("we need to take stock of inventory before the audit", None),
        ("how much thc can a gummy have in colorado", None),
    ],
)
def test_requests_outside_the_trade_are_told_apart(message: str, scope: str | None) -> None:
    assert understand([message]).scope == scope


@pytest.mark.parametrize(
    ("text", "program"),
    [
        ("max thc in an oregon rec concentrate container", "adult-use"),
        ("az med card holder - how much can a patient buy per 2 weeks?", "medical"),
        ("can hemp seltzers be sold in gas stations in texas", "hemp"),
        ("do we need a license to sell delta 8 in florida", "hemp"),
        ("how much can i buy in michigan", None),
        ("rec vs medical purchase limits in colorado", None),  # a comparison names both
        # a doctor's "rec" is a recommendation, not the adult-use programme
        ("patient with a rec from their doctor, daily flower cap in california?", "medical"),
        ("med patient, no special rec, what's the flower limit", "medical"),
        ("can a rec customer buy 2 oz in nevada", "adult-use"),
    ],
)
def test_the_programme_a_question_is_about_is_read_from_its_words(
    text: str, program: str | None
) -> None:
    assert program_of(text) == program


@pytest.mark.parametrize(
    ("text", "term"),
    [
        ("bho = ?", "bho"),
        ("what's a COA", "COA"),
        ("what does LOQ stand for", "LOQ"),
        ('what does "total thc" mean on a coa', "total thc"),
        ("what does LOQ mean on my lab report", "LOQ"),
    ],
)
def test_a_request_for_a_definition_names_its_term(text: str, term: str) -> None:
    assert defined_term(text) == term
    assert defined_term("what is the purchase limit in michigan") is None


@pytest.mark.parametrize("text", ['what does "total thc" mean on a coa', "define total thc"])
def test_a_definition_with_no_figure_is_no_calculation(text: str) -> None:
    assert recognise(text) is None
    found = recognise("THCA 20%, d9 1%, whats total thc")
    assert found is not None and found.calculation is not None


def test_an_asker_giving_their_age_asks_the_minimum_age() -> None:
    understood = understand(["montreal, im 19 from ontario. can i buy at the sqdc?"])
    assert [topic.name for topic in understood.rule_topics] == ["minimum-age"]


def test_a_second_question_about_another_topic_is_asked_beside_the_regulator() -> None:
    both = understand(["who regulates md dispensaries, and what track and trace do they use"])
    assert [t.name for t in both.rule_topics] == ["regulator", "track-and-trace"]
    only_who = understand(["who do I call about my grow licence in maryland?"])
    assert [t.name for t in only_who.rule_topics] == ["regulator"]


def test_a_percent_sign_asks_for_a_figure() -> None:
    understood = understand(["annapolis budtender. what % tax do we charge on adult use sales?"])
    assert understood.kind is RequestKind.NUMBER


@pytest.mark.parametrize(
    ("text", "scope"),
    [
        ("can we sell a gummy shaped like a little football in massachusetts?", None),
        ("sales rep says adding UV bars will bump our thc a few points. legit?", None),
        ("how do i get a lab to bump our thc numbers on the coa", "fraud"),
        # a line for the shop's own sign is a draft; a pun about the trade is small talk,
        # one about something else is not the trade
        ("tell me a weed pun for our chalkboard sign lol", None),
        ("tell me a weed pun", None),
        ("tell me a pun about cats", "off-topic"),
        ("who won the nfl game last night", "off-topic"),
        ("metrc michigan has been down since 9am today, is it back up yet?", "live"),
        ("how do we log sales when metrc is down", None),
        ("our sales are down since last month", None),
    ],
)
def test_a_request_is_out_of_scope_by_what_it_asks_not_a_word_it_shares(
    text: str, scope: str | None
) -> None:
    assert understand([text]).scope == scope


def test_a_follow_up_asking_the_most_a_package_may_hold_asks_the_earlier_products_cap() -> None:
    """Asking "the most thc a package can have" after a turn about a gummy asks the edible cap as a
    number, not the packaging rules; after a turn about carts, the concentrate cap."""
    gummies = understand(
        ["we make 20mg gummies for a shop in vermont", "how much thc can one package contain?"]
    )
    assert gummies.kind is RequestKind.NUMBER
    assert gummies.product == "edible"
    assert [topic.name for topic in gummies.topics] == ["edible-thc-limits"]
    assert "edible-thc-limits" in gummies.topics[0].answered_by
    carts = understand(["we fill 1g carts in nevada", "whats the most thc a pack can carry?"])
    assert carts.kind is RequestKind.NUMBER
    assert carts.topics[0].answered_by == frozenset({"concentrate-thc-limits"})
