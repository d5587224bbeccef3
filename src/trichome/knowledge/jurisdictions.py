"""Jurisdictions: codes and names (US states, DC, territories and federal; Canada and its
provinces; other countries people ask about), and spotting the ones a text mentions."""

from __future__ import annotations

import re
from collections.abc import Iterable

from trichome.knowledge.code_words import names_british_columbia, names_north_dakota
from trichome.knowledge.place_aliases import ALIASES as _ALIASES
from trichome.knowledge.places import find_places, without_homonym_cities

STATE_NAMES: dict[str, str] = {
    "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California",
    "CO": "Colorado", "CT": "Connecticut", "DE": "Delaware", "DC": "District of Columbia",
    "FL": "Florida", "GA": "Georgia", "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois",
    "IN": "Indiana", "IA": "Iowa", "KS": "Kansas", "KY": "Kentucky", "LA": "Louisiana",
    "ME": "Maine", "MD": "Maryland", "MA": "Massachusetts", "MI": "Michigan", "MN": "Minnesota",
    "MS": "Mississippi", "MO": "Missouri", "MT": "Montana", "NE": "Nebraska", "NV": "Nevada",
    "NH": "New Hampshire", "NJ": "New Jersey", "NM": "New Mexico", "NY": "New York",
    "NC": "North Carolina", "ND": "North Dakota", "OH": "Ohio", "OK": "Oklahoma", "OR": "Oregon",
    "PA": "Pennsylvania", "RI": "Rhode Island", "SC": "South Carolina", "SD": "South Dakota",
    "TN": "Tennessee", "TX": "Texas", "UT": "Utah", "VT": "Vermont", "VA": "Virginia",
    "WA": "Washington", "WV": "West Virginia", "WI": "Wisconsin", "WY": "Wyoming",
}  # fmt: skip
FEDERAL = "US"
TERRITORY_NAMES: dict[str, str] = {
    "PR": "Puerto Rico", "GU": "Guam", "VI": "the U.S. Virgin Islands",
    "MP": "the Northern Mariana Islands", "AS": "American Samoa",
}  # fmt: skip
CANADA = "CAN"
PROVINCE_NAMES: dict[str, str] = {
    "CA-AB": "Alberta", "CA-BC": "British Columbia", "CA-MB": "Manitoba",
    "CA-NB": "New Brunswick", "CA-NL": "Newfoundland and Labrador", "CA-NS": "Nova Scotia",
    "CA-NT": "the Northwest Territories", "CA-NU": "Nunavut", "CA-ON": "Ontario",
    "CA-PE": "Prince Edward Island", "CA-QC": "Quebec", "CA-SK": "Saskatchewan",
    "CA-YT": "Yukon",
}  # fmt: skip
# Other countries people ask about, by ISO 3166-1 alpha-3 code ("Georgia" stays the state).
COUNTRY_NAMES: dict[str, str] = {
    CANADA: "Canada", "MEX": "Mexico", "DEU": "Germany", "URY": "Uruguay", "THA": "Thailand",
    "NLD": "the Netherlands", "GBR": "the United Kingdom", "AUS": "Australia",
    "COL": "Colombia", "ISR": "Israel", "ZAF": "South Africa", "CHE": "Switzerland",
    "MLT": "Malta", "JPN": "Japan", "CZE": "the Czech Republic", "LUX": "Luxembourg",
}  # fmt: skip
JURISDICTION_NAMES: dict[str, str] = {
    **STATE_NAMES, **TERRITORY_NAMES, FEDERAL: "Federal", **PROVINCE_NAMES, **COUNTRY_NAMES
}  # fmt: skip

# Province codes that are not English words count when written in capitals ("BC", "QC") away
# from numbers ("AB 1234" is a bill, "5 MB" a size), or opening the message ("bc min age?").
_PROVINCE_CODES = {"BC": "CA-BC", "QC": "CA-QC", "NS": "CA-NS", "NB": "CA-NB", "MB": "CA-MB",
                   "SK": "CA-SK", "NL": "CA-NL", "AB": "CA-AB"}  # fmt: skip
# Territory codes that head a message in lower case ("pr med patient, ..."); not "as" or
# "mp", which open English sentences.
_TERRITORY_HEADINGS = frozenset({"PR", "GU", "VI"})
# Two-letter codes that are also common English words count only when written in capitals.
_AMBIGUOUS_CODES = {"IN", "OR", "ME", "OK", "HI", "ID", "OH", "LA", "PA", "MA", "CO", "DE", "AL"}


def _plain(name: str) -> str:
    return name.lower().removeprefix("the ")


_NAME_TO_CODE = {
    _plain(name): code for code, name in JURISDICTION_NAMES.items() if code != FEDERAL
} | _ALIASES
# A state's or province's possessive typed without its apostrophe: "washingtons excise rate".
_NAME_TO_CODE |= {
    f"{_plain(name)}s": code
    for code, name in (STATE_NAMES | PROVINCE_NAMES).items()
    if not name.endswith("s")
}
_NAME_PATTERN = re.compile(
    r"(?<![\w.])("
    + "|".join(sorted((re.escape(name) for name in _NAME_TO_CODE), key=len, reverse=True))
    + r")(?!\w)\.?",
    re.IGNORECASE,
)
_CODE_PATTERN = re.compile(r"\b([A-Za-z]{2})\b")
# Federal law's words, and USDA's hemp programme's (7 CFR 990's sampling agent, pre-harvest sample)
_FEDERAL_PATTERN = re.compile(
    # a federal agency's guidance named: "fincen's SAR guidance" (not 280E, named as often
    # beside a forecast or one's own tax plans as to ask what it says)
    r"\b(federal(?:ly)?|farm bill|usda|hemp rule|nationwide|congress|sampling agents?|"
    r"fincen(?:'s)?|bank secrecy act|"
    r"pre-?harvest (?:thc )?(?:samples?|sampling|tests?)|(?:got|were|was|been) sampled\b"
    r"(?=[^?]{0,80}\bharvest))\b",
    re.IGNORECASE,
)


def jurisdiction_name(code: str) -> str:
    """The name to write in a sentence ("Michigan", "the U.S. Virgin Islands", "Canada")."""
    return JURISDICTION_NAMES.get(code, code)


# Aliases that are also English words: they name a state only when capitalised ("Mass."),
# or lower-case where only a place fits: after "in", "and", "vs" ... and before the end of
# the clause ("how much can I keep at home in mass?", "and mass?"), never in "mass balance".
_WORD_ALIASES = frozenset({"mass", "ill", "wash", "ore", "bk", "lax", "ord", "flint"})
_BEFORE_A_PLACE = re.compile(r"\b(?:in|into|and|or|for|from|to|vs|versus)\s+$", re.IGNORECASE)
# A programme, shop or home named right after the alias: "mass rec customer", "ill
# dispensary", "bk apartment" (where one lives is a place, never a word's sense).
_PROGRAMME_AFTER = re.compile(
    r"\s+(?:rec|recreational|med|medical|adult[- ]use|mmj|dispensar(?:y|ies)|budtenders?|"
    r"apartments?|apt|condos?|brownstones?|walk-?ups?)\b",
    re.IGNORECASE,
)
# Who or what is somewhere: "we're an MTC (medical) in mass sponsoring ...", "a dispensary
# licensed in mass", not a measure ("we weigh it in mass", "mass balance").
_BUSINESS_IN = re.compile(
    r"\b(?:we'?re|we are|i'?m|i am|based|located|licen[cs]ed|operating|registered|"
    r"dispensar(?:y|ies)|shops?|stores?|mtcs?|retailers?|licensees?|brands?|business|company|"
    r"growers?|cultivators?)\b(?![^.?!,;]{0,30}\b(?:measur\w*|weigh\w*|express\w*|report\w*|"
    r"record\w*|calculat\w*|units?)\b)[^.?!,;]{0,30}\bin\s+$",
    re.IGNORECASE,
)
_COMPARED_WITH = re.compile(r"\s+(?:vs\.?|versus)\s", re.IGNORECASE)
_CLAUSE_ENDS = re.compile(r"\s*(?:$|[?.!,;:)]|(?:vs|versus|or|and)\b)", re.IGNORECASE)


def _names_a_place(text: str, match: re.Match[str]) -> bool:
    name = match.group(1)
    if name[0].isupper():
        return True
    before = text[: match.start(1)]
    if not before.strip() and _HEADING_AFTER.match(text, match.end(1)):
        return True  # heading the message: "mass rec - daily limit?"
    if _PROGRAMME_AFTER.match(text, match.end(1)):
        return True  # "mass rec customer", "our mass dispensary": no word is read so
    if _BUSINESS_IN.search(before):
        return True  # "we're an MTC in mass sponsoring an event": where the business is
    compared = _COMPARED_WITH.match(text, match.end(1))
    if compared and re.search(r"[,;:]\s*$", before) and _NAME_PATTERN.match(text, compared.end()):
        return True  # "compare plant limits, mass vs rhode island"
    alone_or_after_a_link = not before.strip() or _BEFORE_A_PLACE.search(before)
    return bool(alone_or_after_a_link and _CLAUSE_ENDS.match(text, match.end(1)))


def is_us_state(code: str) -> bool:
    """A US state or DC (the jurisdictions whose rules the compliance packs hold)."""
    return code in STATE_NAMES


def with_national_law(codes: Iterable[str]) -> set[str]:
    """The codes, plus Canada for a province or territory named: the Cannabis Act and its
    regulations apply there too, so Canada's facts answer for it."""
    named = set(codes)
    return named | {CANADA} if any(code in PROVINCE_NAMES for code in named) else named


def is_american(code: str) -> bool:
    """A US state, DC, territory, or the US federal government: where US federal law
    applies too."""
    return code in STATE_NAMES or code in TERRITORY_NAMES or code == FEDERAL


def find_jurisdictions(text: str) -> list[tuple[int, int, str]]:
    """Every mention of a jurisdiction in a text: (start, end, code), in order.

    "Washington D.C." and "District of Columbia" name DC; a bare "Washington" names WA.
    Two-letter codes count when they are USPS state codes, and the ones that are also
    English words ("OR", "ME", "IN") only when written in capitals; so do the short names
    that are words ("Mass", "Ill", "Wash", "Ore").
    """
    found: list[tuple[int, int, str]] = []
    for match in _NAME_PATTERN.finditer(text):
        name = match.group(1)
        if name.lower() in _WORD_ALIASES and not _names_a_place(text, match):
            continue  # "mass balance", "ill", "wash", "ore": words
        code = _NAME_TO_CODE[name.lower()]
        if code == "WA" and re.match(r"\s*,?\s*d\.?\s?c\b", text[match.end(1) :], re.IGNORECASE):
            code = "DC"
        found.append((match.start(), match.end(), code))
    for match in _CODE_PATTERN.finditer(text):
        token = match.group(1)
        code = token.upper()
        if code in _PROVINCE_CODES:
            if _province_code(text, match):
                found.append((match.start(), match.end(), _PROVINCE_CODES[code]))
            continue
        if (
            code in _TERRITORY_HEADINGS
            and token != code
            and _WHO_OR_WHAT_AFTER.match(text, match.end())
        ):
            # "pr med patient, ...", "gu dispensary": a territory heading the message.
            if not text[: match.start()].strip():
                found.append((match.start(), match.end(), code))
            continue
        if code not in STATE_NAMES:
            continue
        if code == "ND" and not names_north_dakota(
            text, match, heading=_opens_the_message(text, match)
        ):
            continue  # "coa says ND for delta 9": not detected
        if token != code and code in _AMBIGUOUS_CODES and not _opens_the_message(text, match):
            continue
        if code == "ID" and _identification(text, match):
            continue
        if code == "IN" and _EMPHASISED_IN.match(text, match.end()):
            continue  # "put anything specific IN the ad": the word, shouted
        if code in _AMBIGUOUS_CODES and _SHOUTED.match(text, match.end()):
            continue  # "'BEST THC IN MANHATTAN'": a word of a line in capitals
        if code == "LA" and _CALIFORNIA.search(text):
            continue  # "visiting LA from texas ... in california": Los Angeles
        if code == "LA" and _LOS_ANGELES.match(text, match.end()) and not _LOUISIANA.search(text):
            # "our LA shop", "LA dispensary": the city; Louisiana's outlets are pharmacies
            found.append((match.start(), match.end(), "CA"))
            continue

        found.append((match.start(), match.end(), code))
    if all(code == CANADA for _, _, code in found):
        # A city, borough or county for its state, when no state is named ("a shop in
        # brooklyn"): a named state wins, and an ambiguous place ("richmond") names none.
        # Canada named beside a city of it ("winnipeg, like the rest of canada") names
        # no province, so the city still names its own.
        found.extend(
            (start, end, code)
            for start, end, code in find_places(text)
            if code and (not found or code in PROVINCE_NAMES)
        )
    # "washington: she lives in vancouver" is Vancouver, Washington, not BC
    found = without_homonym_cities(text, found, _OFFICIAL_NAMES)
    if not found and (implied := _CANADIAN_TRADE.search(text)) is not None:
        # "small town LP ... under the federal act": a licensed producer is Canada's word
        found.append((implied.start(), implied.end(), CANADA))
    return _with_federal(text, found)


_OFFICIAL_NAMES = frozenset(name.lower() for name in {**STATE_NAMES, **PROVINCE_NAMES}.values())


def canada_by_trade_words(text: str) -> bool:
    """Whether a text names Canada only by its trade's words ("an LP I know"), not by a
    place's name: a follow-up saying so keeps the province the conversation is about."""
    if _CANADIAN_TRADE.search(text) is None:
        return False
    return all(code in (CANADA, FEDERAL) for _, _, code in find_jurisdictions(text)) and not (
        _NAMES_CANADA.search(text)
    )


_CALIFORNIA = re.compile(r"\bcalifornia\b|\bcali\b|\bcalif\b", re.IGNORECASE)
# "LA" naming a shop, brand or area is Los Angeles; a Louisiana word beside it keeps it the
# state ("LA pharmacy", "nola").
_LOS_ANGELES = re.compile(
    r"[- ](?:shops?|stores?|dispensar(?:y|ies)|dispos?|brands?|retailers?|storefronts?|"
    r"delivery|area|county|based|locations?|pop-?ups?)\b",
    re.IGNORECASE,
)
_LOUISIANA = re.compile(
    r"\blouisiana\b|\bnola\b|\bnew orleans\b|\bbaton rouge\b|\bshreveport\b|\bpharmac",
    re.IGNORECASE,
)
_NAMES_CANADA = re.compile(r"\bcanad(?:a|ian)\b", re.IGNORECASE)


def _with_federal(text: str, found: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    federal = _FEDERAL_PATTERN.search(text)
    canadian_only = found and all(code == CANADA or code in PROVINCE_NAMES for _, _, code in found)
    if federal is not None and not (canadian_only and _BARE_FEDERAL.fullmatch(federal.group(1))):
        # "a canadian lp at the federal max": Canada's federal rules, not the US's
        found.append((federal.start(), federal.end(), FEDERAL))
    return sorted(found)


# Words only Canada's trade uses for itself: a licensed producer ("LP", "an lp"), the
# Cannabis Act without a state's name before it.
_CANADIAN_TRADE = re.compile(
    r"\bLPs?\b(?! ?(?:gas|tanks?|propane))|\b(?:an?|our|the|small|big|micro|licensed) "
    r"(?:\w+ )?lps?\b(?! ?(?:gas|tanks?|propane))|\blicensed producers?\b|"
    r"(?<![a-z] )\bthe (?:federal )?cannabis act\b|"
    # "under the federal cannabis act": the US has no federal cannabis act; Canada's is one
    r"\b(?i:federal cannabis act)\b"
)
_BARE_FEDERAL = re.compile(r"federal(?:ly)?|nationwide", re.IGNORECASE)


# After a code opening the message: its punctuation, perhaps after a word or two naming the
# kind of business or programme ("ma retail: ...", "oh med - ...").
_HEADING_AFTER = re.compile(
    r"(?:\s+(?:rec|med|medical|adult[- ]use|retail|dispensary|store|home|grow|cultivation|"
    r"processor|lab|delivery|hemp|mmj|patients?|edibles?|possession|purchase|tax(?:es)?|"
    r"licen[cs]ing|packaging|label(?:l)?ing|testing|ads?|advertising|transport|waste|"
    r"questions?|q)){0,3}"
    r"\s*[-:\u2013\u2014,+]",
    re.IGNORECASE,
)


# Codes that are no English word opening a message ("de customer wants ...", "pa grower
# here"), unlike "hi", "ok", "oh", "in", "or", "me" and "id" (and "la", as often Los
# Angeles as Louisiana).
# Codes that open a reply as interjections ("ok, and for tinctures?", "oh, and vapes?"):
# a comma after them is no heading's.
_INTERJECTIONS = frozenset({"OK", "OH", "HI"})
_NOT_OPENING_WORDS = {"DE", "PA", "MA", "CO", "AL"}  # not "la": Los Angeles as often
_WHO_OR_WHAT_AFTER = re.compile(
    r"\s+(?:customers?|budtenders?|patients?|rec|med|medical|adult[- ]use|dispensar(?:y|ies)|"
    r"retail(?:er)?|stores?|shops?|growers?|cultivators?|processors?|operators?|guy|here|"
    r"residents?|consumers?|question|licen[cs]es?|licen[cs]ees?)\b",
    re.IGNORECASE,
)


def _opens_the_message(text: str, match: re.Match[str]) -> bool:
    """A lower-case code that opens the message as its heading ("oh - home grow?",
    "de: possession", "de customer wants ..."): a state, where mid-sentence it would be a
    word."""
    if text[: match.start()].strip():
        return False
    code = match.group(1).upper()
    heading = _HEADING_AFTER.match(text, match.end())
    if heading and not (code in _INTERJECTIONS and heading.group().endswith(",")):
        return True  # not "ok, for our tincture ...": an interjection, not Oklahoma
    return code in _NOT_OPENING_WORDS and bool(_WHO_OR_WHAT_AFTER.match(text, match.end()))


# "IN the ad itself", "IN our store": a capitalised "in" before an article or a possessive
# is the word, stressed; Indiana is not followed by "the".
_EMPHASISED_IN = re.compile(
    r"\s+(?:the|a|an|our|my|your|their|his|her|its|it|this|that|these|those|there|here)\b"
)
# A word in capitals of four letters or more right after the code: ad copy in capitals
# ("IN MANHATTAN"), where "Portland, OR" has its capitals before it.
_SHOUTED = re.compile(r"\s+[A-Z]{4,}\b")
# "ID" in the trade is mostly identification: "ID check SOP", "photo ID", "scan their ID".
_ID_DOCUMENT_AFTER = re.compile(
    r"\s*(?:checks?|checking|checker|scan\w*|cards?|verification|verif\w*|badges?|"
    r"requirements?|numbers?|#|s\b|'s\b|and\s+age|at\s+the\s+door)",
    re.IGNORECASE,
)
_ID_DOCUMENT_BEFORE = re.compile(
    r"(?:photo|valid|government|gov|state|an|the|their|his|her|your|our|my|customers?'?s?|"
    r"check(?:ing)?|scan(?:ning)?|fake|no|with|show(?:ing)?|without|expired|acceptable|"
    r"proper|military|tribal|door|ask(?:s|ed|ing)? for|proof of|/)\s*$",
    re.IGNORECASE,
)


def _identification(text: str, match: re.Match[str]) -> bool:
    """Whether a capitalised "ID" means identification, not Idaho."""
    return bool(
        _ID_DOCUMENT_AFTER.match(text, match.end())
        or _ID_DOCUMENT_BEFORE.search(text[: match.start()])
    )


def _province_code(text: str, match: re.Match[str]) -> bool:
    near_a_number = re.search(r"\d\s*$", text[: match.start()]) or re.match(
        r"\s*[-#]?\s*\d", text[match.end() :]
    )
    opens = not text[: match.start()].strip()
    if near_a_number:
        return False
    if match.group(1).lower() == "bc" and not match.group(1).isupper():
        return names_british_columbia(text, match, opens=opens)  # not "bc" = because
    return opens or match.group(1).isupper()


def detect_jurisdictions(text: str) -> list[str]:
    """Codes of the jurisdictions a text names, in order of first mention."""
    ordered: list[str] = []
    for _, _, code in find_jurisdictions(text):
        if code not in ordered:
            ordered.append(code)
    return ordered


def with_official_names(text: str) -> str:
    """The text with each place it names written by its official name: a place's name says
    where, never what is asked ("renting in east van" is British Columbia, not a vehicle).
    Federal law's words ("USDA", "the DEA") stay: they name the programme asked about."""
    parts: list[str] = []
    position = 0
    for start, end, code in sorted(find_jurisdictions(text)):
        if start >= position and code != FEDERAL:
            # the full stop read with a name ("Mass.", "duluth.") still ends its sentence
            stop = "." if text[start:end].endswith(".") else ""
            parts += [text[position:start], jurisdiction_name(code), stop]
            position = end
    return "".join([*parts, text[position:]])


def without_jurisdictions(text: str, codes: Iterable[str]) -> str:
    """The text with its mentions of these jurisdictions taken out."""
    dropped = set(codes)
    kept: list[str] = []
    position = 0
    for start, end, code in find_jurisdictions(text):
        if code in dropped and start >= position:
            kept.append(text[position:start])
            position = end
    kept.append(text[position:])
    return " ".join(part.strip() for part in kept if part.strip())
