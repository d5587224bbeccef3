import pytest

from trichome.agents.counting import (
    counted_subject,
    counted_thing,
    gives_a_count,
    measure_name,
    mentions,
)
from trichome.knowledge.packs import Fact


@pytest.mark.parametrize(
    ("question", "thing"),
    [
        ("how many rec retail licenses is delaware issuing?", "license"),
        ("usda hemp - how many days before harvest can the sample be pulled", "day"),
        ("ma edibles - how many servings per package max", "serving"),
        ("how many mg of edibles can i buy", "mg"),
        ("how many dispensaries are there", "dispensary"),
        ("what's the edible cap in michigan", None),
        # a condition on the count asked, not the thing counted: the plants, not the roommates
        ("max plants per house in vermont, regardless of how many roommates live there", "plant"),
        ("cap on plants at one address no matter how many adults share it?", None),
        ("nj distributor, how long do we keep trip records", "a duration"),
        ("universal symbol on the package - minimum size?", "a size"),
        # a thing's own length, not how long something lasts
        ("how long should each clipping be when the sampler takes it", "a size"),
        ("how long are the sample records kept", "a duration"),
        ("quebec - is there a max thc % on extracts?", "a share"),
        ("what percentage is the excise tax in IL", "a share"),
        ("what hours can a california retailer sell and deliver", "a clock time"),
        ("wv dispensary - how much can a patient get at once", "an amount"),
        ("how much does a license cost", "an amount"),
        ("how many plants am i allowed in maine", "plant"),
        # a person between the thing and its verb is who counts, not what is counted
        ("customer asking how many plants he can grow at home in arizona", "plant"),
        ("how many ounces she can carry in public in michigan", "ounce"),
        ("how many plants my roommate and i can grow in vermont", "plant"),
        ("how many gummies someone can buy in one trip in colorado", "gummy"),
        ("plus how many plants if my girlfriend and i both grow", "plant"),
        # the most allowed of a thing named in the plural is a count of it, as "how many"
        ("me and my wife both 21+, whats the max plants our house can have total?", "plant"),
        ("maximum number of licences a county may issue", "licence"),
        # not a strength ("max thc"), nor an amount of a product ("the most edibles")
        ("max thc allowed in low-thc products?", None),
        ("the most edibles i can buy in one trip", None),
        # Two measures asked at once: each fact answers one part, so neither is required.
        ("georgia low thc oil - thc % ceiling and how much can a patient have", None),
    ],
)
def test_a_how_many_question_names_what_it_counts(question: str, thing: str | None) -> None:
    assert counted_thing(question) == thing


def test_a_fact_answers_a_count_only_with_a_number_of_the_thing_or_a_ban() -> None:
    assert gives_a_count("Up to 30 retail marijuana licences may be issued.", "license")
    assert gives_a_count("no more than 20 five-milligram servings in one package", "serving")
    assert gives_a_count("a patient may buy 2.5 ounces", "ounce")
    assert gives_a_count("Home cultivation is not permitted.", "plant")
    assert not gives_a_count("The Commissioner issues retail licences to applicants.", "license")
    assert not gives_a_count("Each serving may hold 10 mg of THC.", "license")
    assert not gives_a_count("Four licence types exist: retail, testing and more.", "license")
    assert not gives_a_count("It issues retail licences. Rules may not ban stores.", "license")


def test_a_measure_is_answered_only_by_a_number_in_one_of_its_units() -> None:
    assert gives_a_count("Keep trip logs for at least 4 years.", "a duration")
    assert not gives_a_count("Each vehicle needs a GPS device and a lockbox.", "a duration")
    assert gives_a_count("The symbol must be at least 0.5 inch wide.", "a size")
    assert not gives_a_count("Packages must carry the universal symbol.", "a size")
    assert gives_a_count("Droplets have a radius below about 100 nm.", "a size")
    assert gives_a_count("Particles up to 1 micrometre across count.", "a size")
    assert not gives_a_count("Nanoemulsions scatter light weakly and look clear.", "a size")
    assert gives_a_count("Extracts may hold no more than 30% THC.", "a share")
    assert not gives_a_count("A package of extract may hold 1,000 mg of THC.", "a share")
    assert gives_a_count("Stores may sell between 6 a.m. and 10 p.m.", "a clock time")
    assert not gives_a_count("Retailers may deliver anywhere in the state.", "a clock time")
    assert gives_a_count("No more than a 30-day supply at a time.", "an amount")
    assert gives_a_count("Carry at least $1,000,000 of auto liability cover.", "an amount")
    assert not gives_a_count("Patients buy from licensed dispensaries only.", "an amount")


def test_a_gap_says_which_figure_is_missing_not_that_no_rule_exists() -> None:
    assert measure_name(None) == "rule"
    assert measure_name("a clock time") == "hours or times"
    assert measure_name("license") == "number of licenses"


def test_a_ban_answers_a_count_only_when_it_is_about_the_thing_counted() -> None:
    assert gives_a_count("Home cultivation is not permitted for adults.", "plant")
    assert not gives_a_count(
        "Towns may not unreasonably restrict stores; zoning sets their number.", "company"
    )
    assert gives_a_count("A harvest batch may weigh no more than 50.0 pounds.", "a size")


def test_a_count_of_something_of_a_subject_needs_a_fact_naming_the_subject() -> None:
    question = "how many days of camera footage does an OLCC licensee have to keep?"
    assert counted_subject(question) == ("camera", "footage")
    assert counted_subject("how many mg of edibles can i buy in CO") == ("edibles",)
    assert counted_subject("how many plants can i grow") == ()
    waste = Fact(
        id="x-waste", pack_id="x", topic="waste-disposal", title="Waste on camera",
        text="Waste stays under camera coverage for at least three business days.", sources=(),
    )  # fmt: skip
    video = Fact(
        id="x-video", pack_id="x", topic="security", title="Video retention",
        text="Keep surveillance footage for 90 calendar days.", sources=(),
    )  # fmt: skip
    assert not mentions(waste, ("camera", "footage"))
    assert mentions(video, ("footage",))


def test_a_count_of_storefronts_or_shops_is_answered_by_a_number_of_locations() -> None:
    assert counted_thing("how many storefronts can one permit holder open in ohio") == "storefront"
    assert gives_a_count("a licensee may run up to three retail locations", "storefront")
    assert gives_a_count("each licence covers no more than 2 shops", "outlet")
    assert not gives_a_count("a licensee may run retail locations in its county", "storefront")
