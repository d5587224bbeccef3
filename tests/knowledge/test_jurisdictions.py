import pytest

from trichome.knowledge.jurisdictions import (
    detect_jurisdictions,
    with_national_law,
    with_official_names,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("What are the labelling rules for edibles in Michigan?", ["MI"]),
        ("edible limits in CO vs WA", ["CO", "WA"]),
        ("we're in new york and new jersey", ["NY", "NJ"]),
        ("Calif. packaging rules", ["CA"]),
        ("Washington D.C. possession limits", ["DC"]),
        ("Is delta-8 legal under the farm bill?", ["US"]),
        ("how do I decarb in an oven", []),
        ("or should we use ethanol? ok", []),
        ("Licensed in OR and ME", ["OR", "ME"]),
        # Short names that are words name a state capitalised or where only a place fits.
        ("our decarb mass balance never closes", []),
        ("how much can i keep at home in mass", ["MA"]),
        ("how much can i keep at home in mass vs carry around", ["MA"]),
        ("ca audience rule for ads? and mass?", ["CA", "MA"]),
        ("Mass. possession limits", ["MA"]),
        ("wash the trim before drying, i feel ill", []),
        # A lower-case code heading the message, with the kind of business before its colon.
        ("ma retail: break down the taxes on a sale", ["MA"]),
        ("oh med - how much can a patient buy", ["OH"]),
        ("oh home grow - per adult and per house limits?", ["OH"]),
        ("mass rec — daily sales limit per customer?", ["MA"]),
        ("oh well - never mind", []),
        # "ID" is identification around a check, a scan or a card, else Idaho.
        ("write me a front door / ID check SOP for a massachusetts store", ["MA"]),
        ("do we need a photo ID for delivery in CA", ["CA"]),
        ("we ask for ID at the door in NV", ["NV"]),
        ("moving to ID next year, is weed legal in ID?", ["ID"]),
        ("Boise ID dispensary?", ["ID"]),
        # a possessive typed without its apostrophe; a message headed "<place> question:"
        ("oregons excise rate and michigans", ["OR", "MI"]),
        ("mass q: excise on a $30 cart?", ["MA"]),
        ("mass question about our decarb yield", []),
    ],
)
def test_states_are_spotted_by_name_code_and_abbreviation(text: str, expected: list[str]) -> None:
    assert detect_jurisdictions(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Can I sell edibles in Canada?", ["CAN"]),
        ("Ontario and Quebec retail rules", ["CA-ON", "CA-QC"]),
        ("opening a store in New Mexico, not Mexico", ["NM", "MEX"]),
        ("U.S. Virgin Islands licensing", ["VI"]),
        ("cannabis clubs in Germany", ["DEU"]),
        ("Georgia low-THC oil registry", ["GA"]),
        ("we sell in PR and on the west coast", []),
    ],
)
def test_territories_canada_and_other_countries_are_spotted_by_name(
    text: str, expected: list[str]
) -> None:
    assert detect_jurisdictions(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("little rock budtender, whats the max a patient can buy", ["AR"]),
        ("walking around in hartford vs locked in my trunk", ["CT"]),
        ("looking at a spot in the mat-su", ["AK"]),
        ("mississauga doesnt have weed stores right?", ["CA-ON"]),
        ("is rec legal there? going to san juan", ["PR"]),
        ("bc min age for cannabis?", ["CA-BC"]),
        ("my kid can buy in calgary but not in BC?", ["CA-AB", "CA-BC"]),
        ("what does AB 1234 change in california", ["CA"]),
        ("the upload is 5 MB", []),
        ("de customer wants an ounce plus a cart", ["DE"]),
        ("ok customer asked about edibles", []),
        ("la customer asks how much they can carry", []),  # Los Angeles as often
        # a city qualified by the state after it is that state's city
        ("new shop in vancouver, WA - excise?", ["WA"]),
        ("renting in east van, can i grow on the patio", ["CA-BC"]),
    ],
)
def test_cities_and_province_codes_name_their_jurisdiction(text: str, expected: list[str]) -> None:
    assert detect_jurisdictions(text) == expected


def test_canadas_law_applies_in_its_provinces_and_not_in_states() -> None:
    assert with_national_law(["CA-QC"]) == {"CA-QC", "CAN"}
    assert with_national_law(["MI"]) == {"MI"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("pr med patient, am i allowed to smoke the flower?", ["PR"]),
        ("vi dispensary hours?", ["VI"]),
        ("PR campaign ideas for a dispensary opening", []),
        ("pr agency for our brand?", []),
        ("as patients we want to know the limit", []),
    ],
)
def test_a_territory_code_counts_only_heading_a_message_about_the_trade(
    text: str, expected: list[str]
) -> None:
    assert detect_jurisdictions(text) == expected


def test_mass_compared_with_a_state_after_a_comma_is_massachusetts() -> None:
    from trichome.knowledge.jurisdictions import detect_jurisdictions

    assert detect_jurisdictions("compare plant limits per household, mass vs rhode island") == [
        "MA",
        "RI",
    ]
    assert detect_jurisdictions("weigh the jar first, mass vs volume matters here") == []


@pytest.mark.parametrize(
    ("text", "codes"),
    [
        ("ok, and for our tincture?", []),
        ("oh, and what about vapes?", []),
        ("ok - home grow limit?", ["OK"]),
        ("oh: possession limit?", ["OH"]),
    ],
)
def test_an_interjection_opening_a_reply_names_no_state(text: str, codes: list[str]) -> None:
    assert detect_jurisdictions(text) == codes


def test_place_names_read_as_official_names_ask_no_topic_of_their_own() -> None:
    text = "renting in east van. the USDA rule?"
    assert with_official_names(text) == "renting in British Columbia. the USDA rule?"
