"""What a figure asked for is counted over, and whether a fact gives a figure counted so.

"How many mg can they walk out with in one sale?" asks a sale's limit; a fact giving a
package's cap (100 mg per package) or a serving's is on the same topic and holds milligrams,
yet answers another question. Likewise "what's a 30 day supply?" is not answered by a
per-serving cap, and "how much can I keep at home?" not by a count of plants. A question
asking one of these scopes is answered only by a fact stating a figure over it; when none
does, the agents say so instead of answering a neighbour.
"""

from __future__ import annotations

import re

from trichome.agents.figures import SERVING, asks_per_serving, gives_per_serving

SALE, PACKAGE, SUPPLY, HOME = "sale", "package", "supply", "home"
# What a person may hold anywhere ("WA per sale vs MT possession"): a scope only beside
# another, since a possession question on its own is answered by any possession fact.
HELD = "held"
_ASKS_HELD = re.compile(
    r"\bpossess(?:ion|ing)?\b|\bcarry(?:ing)?\b|\bon (?:me|my person|them|you|her|him)\b|"
    r"\bin public\b|\bwalk around with\b|"
    r"\b(?:have|hold|keep)\b[^.?!]{0,20}\bat (?:once|one time|any (?:one |given )?time)\b",
    re.IGNORECASE,
)

_ASKS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (scope, re.compile(pattern, re.IGNORECASE))
    for scope, pattern in (
        (
            SUPPLY,
            r"\b(?:\d+|ten|thirty)[- ]?days?(?:'s?)? supply\b|\badequate supply\b|"
            r"\blegal dosage limit\b|\b(?:in|left in|per|over|within) (?:their|her|his|the|a|"
            r"my|your|any) (?:\d+|ten|thirty)[- ]?days?\b|\bper month\b",
        ),
        (
            SALE,
            r"\b(?:per|in (?:a|one)|a single|one|single|each) (?:sale|transaction|purchase|"
            r"visit|trip)\b|\bwalk (?:out|away) with\b",
        ),
        (
            HOME,
            r"\b(?:keep|kept|keeping|have|store|stor(?:ed|ing)|stash(?:ed)?|hold)\b[^.?!]{0,25}"
            r"\b(?:at (?:home|the house|my place)|in (?:my|our|the|your) (?:house|home|"
            r"residence|apartment))\b",
        ),
        (
            PACKAGE,
            r"\bper (?:package|pack|container|box|tin|jar|bag)\b|"
            r"\b(?:package|pack|container) (?:cap|limit|max(?:imum)?)\b|"
            # "the cap on one gummy and on the whole pack"
            r"\b(?:whole|entire|full) (?:package|pack|container|box|tin|jar|bag)\b",
        ),
    )
)

_WEIGHT = (
    r"(?:\d[\d.,]*\s*(?:oz|ounces?|pounds?|lbs?|g|grams?)\b|"
    r"\b(?:one|two|three|four|five|six|eight|ten|twelve)\s+(?:ounces?|pounds?)\b)"
)
_GIVES: dict[str, re.Pattern[str]] = {
    SUPPLY: re.compile(
        r"\bsupply\b|\b\d+[- ]days?\b|consecutive days|\bper month\b|\bmonthly\b|"
        r"legal dosage limit",
        re.IGNORECASE,
    ),
    SALE: re.compile(
        r"\btransactions?\b|\bper (?:visit|day|purchase|sale)\b|\bat (?:one|a) time\b|"
        r"\bbusiness day\b|\b(?:single|one|each|a) (?:sale|purchase|visit)\b|"
        r"\bpurchase limits?\b|\b(?:may|can|to) (?:\w+ly )?(?:buy|purchase|obtain)\b|"
        r"\b(?:buy|purchase|obtain)s? (?:up to|no more|at most)\b|\bbought\b|\bsingle day\b|"
        r"\b(?:sell|sold|dispensed?)\b[^.;]{0,30}\b(?:customer|consumer|patient|person|buyer)s?\b",
        re.IGNORECASE,
    ),
    # a weight kept at a residence, not a count of plants grown there
    HOME: re.compile(
        rf"\b(?:residence|home|house|dwelling)\b[^;]{{0,160}}{_WEIGHT}|"
        rf"{_WEIGHT}[^;]{{0,160}}\b(?:residence|home|house|dwelling)\b",
        re.IGNORECASE,
    ),
    PACKAGE: re.compile(r"\bpackages?\b|\bcontainers?\b|\bpacks?\b|\bper unit\b", re.IGNORECASE),
    HELD: re.compile(
        r"\bpossess(?:ion)?\b|\bon (?:their|the|his|her) person\b|\bcarry\b|\bin public\b",
        re.IGNORECASE,
    ),
}


# Plants kept at home ("how many mature plants can i have at home", "keep growing at home")
# are a home grow's count, not a weight stored at the residence.
_PLANTS = re.compile(r"\bplants?\b|\bgrow(?:s|ing)?\b", re.IGNORECASE)


def _found_scopes(question: str) -> list[str]:
    found = [scope for scope, pattern in _ASKS if pattern.search(question)]
    if HOME in found and _PLANTS.search(question):
        found.remove(HOME)
    if found and HOME not in found and _ASKS_HELD.search(question):
        found.append(HELD)  # "per sale vs possession": two figures, one of each
    return found


# The rule topics whose facts state a limit over one of these scopes; a tax "per sale" or a
# fee "per year" is another kind of figure.
LIMIT_TOPICS = frozenset(
    {
        "purchase-limits",
        "possession-limits",
        "edible-thc-limits",
        "concentrate-thc-limits",
        "home-grow",
    }
)


def asked_scope(question: str, topics: frozenset[str] | None) -> str | None:
    """What the figure asked for is counted over, when a question on a limit says it: a
    sale, a package, a supply over days, or what may be kept at home (only one: a question
    naming two asks two figures, each answered by its own fact)."""
    if not (topics and topics & LIMIT_TOPICS):
        return None
    found = _found_scopes(question)
    if asks_per_serving(question):
        found.append(SERVING)  # "per serving and per pack?": two figures asked
    return found[0] if len(found) == 1 and found[0] != SERVING else None


def asked_scopes(question: str, topics: frozenset[str] | None) -> frozenset[str]:
    """Every scope a question on a limit asks a figure over: "max thc per serving and per
    package?" asks two figures, a serving's and a package's."""
    if not (topics and topics & LIMIT_TOPICS):
        return frozenset()
    found = set(_found_scopes(question))
    return frozenset(found | ({SERVING} if asks_per_serving(question) else set()))


def gives_any_scope(text: str, scopes: frozenset[str]) -> bool:
    """Whether a fact's text gives a figure over one of these scopes."""
    return any(
        gives_per_serving(text) if scope == SERVING else gives_scope(text, scope)
        for scope in scopes
    )


def gives_scope(text: str, scope: str) -> bool:
    """Whether a fact's text gives a figure counted over that scope."""
    return bool(_GIVES[scope].search(text))


def gives_a_part_asked(topic: str, text: str, scopes: frozenset[str]) -> bool:
    """Whether a limit fact gives one of the figures a question asks over two or more
    scopes ("the most per piece and per bag?"): it answers that part in its own words."""
    return len(scopes) > 1 and topic in LIMIT_TOPICS and gives_any_scope(text, scopes)
