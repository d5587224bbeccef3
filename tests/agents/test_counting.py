import pytest

from trichome.agents.counting import counted_thing, gives_a_count


@pytest.mark.parametrize(
    ("question", "thing"),
    [
        ("how many rec retail licenses is delaware issuing?", "license"),
        ("usda hemp - how many days before harvest can the sample be pulled", "day"),
        ("ma edibles - how many servings per package max", "serving"),
        ("how many mg of edibles can i buy", "mg"),
        ("how many dispensaries are there", "dispensary"),
        ("what's the edible cap in michigan", None),
        ("nj distributor, how long do we keep trip records", "a duration"),
        ("universal symbol on the package - minimum size?", "a size"),
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


def test_a_measure_is_answered_only_by_a_number_in_one_of_its_units() -> None:
    assert gives_a_count("Keep trip logs for at least 4 years.", "a duration")
    assert not gives_a_count("Each vehicle needs a GPS device and a lockbox.", "a duration")
    assert gives_a_count("The symbol must be at least 0.5 inch wide.", "a size")
    assert not gives_a_count("Packages must carry the universal symbol.", "a size")


def test_a_ban_answers_a_count_only_when_it_is_about_the_thing_counted() -> None:
    assert gives_a_count("Home cultivation is not permitted for adults.", "plant")
    assert not gives_a_count(
        "Towns may not unreasonably restrict stores; zoning sets their number.", "company"
    )
    assert gives_a_count("A harvest batch may weigh no more than 50.0 pounds.", "a size")
