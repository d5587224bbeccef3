"""What a conversation asks, read once and used by every engine: the jurisdictions whose
rules apply (and where the asker lives, when that differs), the topics, the product, and
the kind of request, with a follow-up keeping what the earlier turns established."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from trichome.agents.asides import programme_words
from trichome.agents.asked_aspects import asks_phase_change
from trichome.agents.asked_terms import asked_terms
from trichome.agents.chatter import asks_for_a_piece, asks_what_assistant_does, is_chatter
from trichome.agents.definitions_asked import defined_term
from trichome.agents.follow_ups import follow_up_topics, search_text, with_form_caps
from trichome.agents.residence import kept_province, named_as_residence, split_residence
from trichome.agents.router import question_text
from trichome.agents.scope import scope_of
from trichome.knowledge.federal_topics import FEDERAL_SAFETY_TOPICS, federal_pack_topics
from trichome.knowledge.jurisdictions import (
    CANADA,
    FEDERAL,
    detect_jurisdictions,
    is_us_state,
    with_national_law,
    without_jurisdictions,
)
from trichome.knowledge.topics import Topic, detect_topics


class RequestKind(StrEnum):
    """What the user wants back, which decides the answer's shape."""

    FACT = "fact"
    YES_NO = "yes-no"
    NUMBER = "number"
    DRAFT = "draft"  # a procedure or document to write, or one to critique
    COMPARISON = "comparison"
    SMALL_TALK = "small-talk"
    OUT_OF_SCOPE = "out-of-scope"  # see `Understanding.scope`


@dataclass(frozen=True, slots=True)
class Understanding:
    """The reading of the latest turn in the light of the earlier ones.

    `jurisdictions` are the ones whose rules apply, in the order named; `residence` the
    ones only named as where the asker lives or comes from ("I'm from Ohio, buying in
    Michigan": Michigan's rules apply, Ohio is the residence). `inherited` says the
    jurisdictions came from an earlier turn because the latest named none.
    """

    jurisdictions: tuple[str, ...]
    residence: tuple[str, ...]
    product: str | None
    kind: RequestKind
    inherited: bool = False
    topics: tuple[Topic, ...] = ()
    # Why an out-of-scope request is one: "poisoning" (a pet or child ate a product),
    # "medical", "legal", "financial", "fraud", "evasion" (misleading a regulator or the tax
    # office), "forecast", "live" (a system's status right now), "private" (one's own file
    # with the regulator or tracking account), "personal-data" (people's contact details),
    # "credentials" (an account's key or password), "referral" (a professional) or "off-topic".
    scope: str | None = None
    # The term a request for a definition asks about ("what's BHO?", "rso = ?").
    defines: str | None = None
    # The programme named, if one: "adult-use" ("rec"), "medical" ("patient", "mmj"), "hemp".
    program: str | None = None
    # Every product form the request names (its latest turn's, else an earlier turn's):
    # "a thc seltzer ... beverages vs regular edibles" names a beverage and an edible.
    products: frozenset[str] = frozenset()
    # The latest turn asks a second question in another clause ("who regulates MD, and
    # what track and trace do they use?"): each of its topics is asked, not only the first.
    asks_more: bool = False
    # The latest turn asks about a federal report on cash or suspicious money (the IRS's Form
    # 8300, a bank's CTR or SAR under the Bank Secrecy Act).
    money_report: bool = False
    # The question asks where a substance boils or turns supercritical: chemistry, the
    # formulation scientist's, whoever runs the extractor ("when does co2 go supercritical?").
    phase_change: bool = False

    @property
    def rule_topics(self) -> tuple[Topic, ...]:
        """The topics asked about whose answer depends on the jurisdiction; when the question
        asks who the regulator is ("who do I call about my grow licence?"), only that."""
        rules = tuple(topic for topic in self.topics if topic.rule)
        asks_who = tuple(topic for topic in rules if topic.name == "regulator")
        return rules if self.asks_more else asks_who or rules

    @property
    def federal_topics(self) -> frozenset[str]:
        """The pack topics whose federal facts answer this question in any US state named."""
        return federal_pack_topics(self.rule_topics)

    @property
    def state(self) -> str | None:
        """The first applicable jurisdiction other than federal, if any."""
        return next((code for code in self.jurisdictions if code != FEDERAL), None)


_PRODUCTS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, re.compile(pattern, re.IGNORECASE))
    for name, pattern in (
        ("beverage", r"\b(beverages?|drinks?|seltzers?|sodas?|shots?)\b"),
        ("edible", r"\b(edibles?|gumm(?:y|ies)|chocolates?|brownies?|cookies?|candy|candies|"
         r"mints?|lozenges?|baked goods?|infused butter|cannabutter|infused products?)\b"),
        ("vape", r"\b(vapes?|carts?|cartridges?|pens?|disposables?|vaporizers?)\b"),
        ("concentrate", r"\b(concentrates?|wax|shatter|rosin|resin|distillate|badder|budder|"
         r"crumble|diamonds|hash|kief|dabs?|extracts?)\b"),
        ("tincture", r"\b(tinctures?|oils? drops?|sublingual)\b"),
        ("capsule", r"\b(capsules?|softgels?|tablets?|pills?)\b"),
        ("topical", r"\b(topicals?|lotions?|balms?|creams?|salves?|patch(?:es)?|rubs?)\b"),
        ("pre-roll", r"\b(pre-?rolls?|joints?|blunts?)\b"),
        ("flower", r"\b(flower|bud|buds|nugs?|eighths?|ounces? of (?:weed|bud|flower))\b"),
        ("seed-clone", r"\b(seeds?|clones?|immature plants?|teens)\b"),
    )
)  # fmt: skip
_DRAFT = re.compile(
    r"\b(write|draft|create|make|generate|put together|build|give)\b.{0,40}\b(sop|procedure|"
    r"policy|plan|template|checklist|form|log|script|copy|post|caption|email|letter|manual|"
    r"training|invite|invitation|flyer|blurb|announcement|newsletter|memo)s?\b|\bsop\b|\b(critique|review|proofread|check|audit)\b.{0,30}\b(my|our|this)\b",
    re.IGNORECASE,
)
_COMPARISON = re.compile(
    r"\b(compare|comparison|versus|vs\.?|difference between|differ|which states?|"
    r"what states?|every state|all states|state by state|each state)\b",
    re.IGNORECASE,
)
_NUMBER = re.compile(
    r"\b(how (?:much|many|long|often|old|far|big)|what(?:'s| is| are)? the (?:max|maximum|"
    r"minimum|min|limit|cap|percentage|amount|rate)|limit|max|cap|percent|ratio|biggest|largest)\b|"
    # "whats the most thc the package can have", "the highest mg a gummy may hold": the
    # largest amount something is allowed, asked as a figure
    r"\bthe (?:most|highest|greatest|lowest|least|strongest)\b[^.?!]{0,40}\b(?:can|may|could|"
    r"is allowed to|are allowed to)\b[^.?!]{0,20}\b(?:have|hold|contain|carry|be|go|put in)\b|"
    r"\b(?:the )?(?:most|highest|lowest|least) (?:amount of |number of )?(?:thc|cbd|mg|"
    r"milligrams?|grams?|ounces?|oz|potency|plants?|servings?)\b|"
    # "what % tax": a percent sign asks for a figure wherever it stands.
    r"(?<![\d.])%",
    re.IGNORECASE,
)
# A yes/no question opens a clause: "can I ...", "I'm from Ohio, can I ...".
_YES_NO = re.compile(
    r"(?:^|[,.;:!?]\s*)(?:\W*(?:so|ok|okay|hey|hi|quick question|question)\W+)*(?:can|could|"
    r"may|is|are|am|do|does|did|should|must|will|would|have|has)\b",
    re.IGNORECASE,
)
# "Now adapt it for Nevada", "same for vapes": the earlier request again, changed.
_AGAIN = re.compile(
    r"^\W*(?:(?:and|ok|okay|now|so|but)\W+)*(?:adapt|redo|do (?:it|that|the same)|same|"
    r"what about|how about|and for|now for|change it|make it)\b",
    re.IGNORECASE,
)
_SMALL_TALK_WORD = (
    # a letter drawn out as people type it: "heyy", "hiii", "helloooo", "yooo", "thankss"
    r"(?:h+i+|hel+o+|he+y+a?|hiya|howdy|y+o+|thanks+|thank (?:you+|u+)|thx+|thnx|thanx|ty|"
    r"tysm|cheers|"
    r"good (?:morning|afternoon|evening)|"
    r"gm|who are you|what can you do|ok|okay|alright|all right|cool|great|nice|awesome|perfect|"
    r"what'?s good|whats good|wyd|how goes it|"
    # "how r u doing today", "hows it going", "what's up": asking after the assistant
    r"how(?:'?s| is) (?:it going|your day|things|life)|what'?s up|wh?ass?up|sup|"
    r"how (?:are|r) (?:you|u|ya)(?: doing| doin'?)?|how(?:'?re| you) (?:you )?doing|"
    r"(?:today|tonight|this (?:morning|afternoon|evening))|"
    r"got it|bye|later|cya|peace|lol|haha|that helped|helped a ton|that's all|thats all|"
    r"are you (?:a )?(?:real )?(?:person|human|bot|robot|an ai|ai)"
    r"(?: or (?:a |an )?(?:person|human|bot|robot|ai))?)"
)
# A message made only of greetings, thanks and acknowledgements ("cool thanks!!").
_SMALL_TALK = re.compile(
    rf"^\W*{_SMALL_TALK_WORD}(?:\W+(?:{_SMALL_TALK_WORD}|there|again|so much|a lot|a ton|"
    r"man|dude|buddy|all|you|guys|going|been|for|now))*\W*$",
    re.IGNORECASE,
)

_THANKS = r"(?:thanks|thank (?:you|u)|thx|thnx|thanx|ty|tysm|cheers|much appreciated)"
# "perfect, thanks a ton, that settles the argument with my manager lol": thanks first, then
# chatter; small talk when it asks nothing and names no place, topic or figure (checked by
# the caller).
_THANKS_FIRST = re.compile(
    r"^\W*(?:(?:ok|okay|cool|great|nice|awesome|perfect|got it|sweet|amazing)\W+)*"
    rf"{_THANKS}\b[^?\d]*$|"
    # "perfect, thats exactly what i needed, thanks!!": the thanks last
    rf"^[^?\d]{{0,80}}\b{_THANKS}(?: (?:so much|a lot|"
    r"a ton|again|man|dude|all))?\W*$",
    re.IGNORECASE,
)

_MONEY_REPORT = re.compile(
    r"\b(?:form )?8300s?\b|\bctrs?\b|\bsars?\b|\bcurrency transaction reports?\b|"
    r"\bsuspicious activity reports?\b|\bfincen\b|\bbank secrecy act\b|\bbsa\b",
    re.IGNORECASE,
)
# A second question joined to the first: "..., and what track and trace do they use".
_SECOND_QUESTION = re.compile(
    r"\b(?:and|also|plus)\W+(?:(?:also|then)\W+)?(?:what|which|how|is there|are there|"
    r"do(?:es)? (?:they|we|i|you))\b|\?\s*\w.*\?",
    re.IGNORECASE,
)


def _places(codes: Sequence[str]) -> set[str]:
    """The places whose rules differ: Ontario and Health Canada, or Texas and federal law,
    are one place's rules (its own and the national law over it), not a comparison."""
    named = set(codes)
    others = named - {CANADA, FEDERAL}
    national = {CANADA} & with_national_law(others) | (
        {FEDERAL} if any(map(is_us_state, others)) else set()
    )
    return named - national if others else named


# "for extracts (not edibles)", "vapes, not carts": a form named only to be set aside.
_SET_ASIDE = re.compile(
    r"\((?:not|except|excluding|other than) [^)]{0,40}\)|"
    r"(?:,|\bbut) (?:not|except|excluding) (?:the |our )?[\w-]+",
    re.IGNORECASE,
)


def products_of(text: str) -> frozenset[str]:
    """Every product type a text names (not those it sets aside: "(not edibles)")."""
    text = _SET_ASIDE.sub(" ", text)
    return frozenset(name for name, pattern in _PRODUCTS if pattern.search(text))


def product_of(text: str) -> str | None:
    """The product type a text is about, if it names one."""
    text = _SET_ASIDE.sub(" ", text)
    for name, pattern in _PRODUCTS:
        if pattern.search(text):
            return name
    return None


_PROGRAMS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, re.compile(pattern, re.IGNORECASE))
    for name, pattern in (
        (
            # not a doctor's "rec" (recommendation): "a special rec from their doctor"
            "adult-use",
            r"(?<!special )(?<!doctor's )(?<!doctors )\brec\b(?! (?:from|by) (?:a|the|their|his|"
            r"her|my|your|our) (?:doctor|physician|provider|practitioner))|\brecreational\b|"
            r"\badult[- ]use\b|\b21\+|\bi-502\b",
        ),
        (
            "medical",
            r"\bmed\b|\bmedical\b|\bpatients?\b|\bmmj\b|\bcard ?holders?\b|\bcaregivers?\b",
        ),
        (
            "hemp",
            r"\bhemp\b|\bdelta[- ]?8\b|\bd8\b|\bdelta[- ]?10\b|\bthca flower\b|"
            r"\bhhc\b|\bthc-?o\b|\bhemp-derived\b|"
            # "cbd gummies", "a cbd shop": hemp's consumables, not a patient's low-THC oil
            r"\bcbd (?:gumm(?:y|ies)|oils?|products?|shops?|stores?|edibles?|tinctures?|drinks?|"
            r"beverages?|flower|isolate|vapes?|carts?|lotions?|topicals?|pet treats?)\b",
        ),
    )
)


def program_of(text: str) -> str | None:
    """The one programme a text is about ("rec" is adult-use), or None when it names none
    or several (a comparison); not "we run a hemp shop", nor "(not a patient)"."""
    named = [name for name, pattern in _PROGRAMS if pattern.search(programme_words(text))]
    return named[0] if len(named) == 1 else None


def kind_of(text: str, applicable: int | None = None) -> RequestKind:
    """The kind of request a turn makes; `applicable` is how many jurisdictions' rules it
    asks about (by default, every one it names)."""
    if applicable is None:
        applicable = len(detect_jurisdictions(text))
    if _SMALL_TALK.match(text) or is_chatter(text):
        return RequestKind.SMALL_TALK
    if (
        _THANKS_FIRST.match(text)
        and not detect_jurisdictions(text)
        and not detect_topics(text)
        and not _DRAFT.search(text)  # "thanks. now draft an email to our POS vendor"
    ):
        return RequestKind.SMALL_TALK
    if asks_what_assistant_does(text):
        return RequestKind.SMALL_TALK
    if (scope := scope_of(text)) is not None:
        if scope == "off-topic" and asks_for_a_piece(text):
            return RequestKind.SMALL_TALK  # "a haiku about curing buds": chat, not refused
        return RequestKind.OUT_OF_SCOPE
    if _DRAFT.search(text):
        return RequestKind.DRAFT
    if _COMPARISON.search(text) or applicable > 1:
        return RequestKind.COMPARISON
    if _NUMBER.search(text):
        return RequestKind.NUMBER
    if _YES_NO.search(text.strip()):
        return RequestKind.YES_NO
    return RequestKind.FACT


def understand(user_turns: Sequence[str]) -> Understanding:
    """Read the latest user turn; a follow-up that names no jurisdiction or product keeps
    those of the latest earlier turn that named one ("Now adapt it for Nevada" changes
    only the jurisdiction; "what about vapes?" only the product)."""
    if not user_turns:
        return Understanding((), (), None, RequestKind.SMALL_TALK)
    latest = user_turns[-1]
    applicable, residence = split_residence(latest)
    inherited = False
    if (province := kept_province(user_turns)) is not None:
        applicable, residence, inherited = province, [], True
    if (
        applicable
        and len(user_turns) > 1
        and all(named_as_residence(latest, code) for code in applicable)
    ):
        # "and if they drove in from indiana?": where the buyer comes from; the rules are
        # still those of the place the conversation is about.
        kept = next(
            (found for turn in reversed(user_turns[:-1]) if (found := split_residence(turn)[0])),
            [],
        )
        if kept and not set(kept) & set(applicable):
            applicable, residence = list(kept), list(applicable)
            inherited = True
    product = product_of(latest)
    products = products_of(latest)
    for earlier in reversed(user_turns[:-1]):
        if applicable and product is not None:
            break
        if not applicable:
            applicable, residence = split_residence(earlier)
            inherited = bool(applicable)
        if product is None:
            product = product_of(earlier)
            products = products_of(earlier)
    kind = kind_of(latest, len(_places(applicable)))
    if len(user_turns) > 1 and _AGAIN.match(latest):
        earlier_turn = user_turns[-2]
        kind = kind_of(earlier_turn, len(split_residence(earlier_turn)[0]))
        if kind is RequestKind.COMPARISON and len(applicable) < 2:
            kind = RequestKind.FACT
    swapped = len(user_turns) > 1 and bool(products_of(latest) - products_of(user_turns[-2]))
    topics = follow_up_topics(latest, user_turns[:-1], swapped)  # "and in virginia?"
    topics = with_form_caps(topics, products)
    if any(term.kind == "substance" for term in asked_terms(latest)):
        # "trialling hexane for a hemp oil line. n-hexane's PEL?": the substance's limits only
        topics = tuple(topic for topic in topics if topic.name in FEDERAL_SAFETY_TOPICS)
    scope = scope_of(latest) if kind is RequestKind.OUT_OF_SCOPE else None
    return Understanding(
        tuple(applicable),
        tuple(residence),
        product,
        kind,
        inherited,
        topics,
        scope,
        defined_term(latest) if kind is not RequestKind.OUT_OF_SCOPE else None,
        program_of(latest),
        products,
        bool(_SECOND_QUESTION.search(latest)),
        bool(_MONEY_REPORT.search(latest)),
        asks_phase_change(question_text(user_turns)),
    )


def search_query(user_turns: Sequence[str], question: str, understanding: Understanding) -> str:
    """What to search the packs with. Where the asker lives is not what the question asks
    about ("I'm from Ohio, how much can I buy in Michigan?" searches Michigan's facts for
    "how much ... buy"), but it makes the asker a visitor, whose rule may differ."""
    searched = search_text(user_turns, question, understanding.topics, understanding.inherited)
    query = without_jurisdictions(searched, understanding.residence)
    return f"{query}\nnon-resident visitor" if understanding.residence else query


# "three of us rent a house in richmond, is 12 ok?": the asker's own case, in a place named.
_OWN_PLACE = re.compile(
    r"\b(?:i|i'?m|me|my|we|we'?re|us|our)\b.{0,80}\b(?:in|at|from|near)\b|"
    r"\b(?:apartment|house|store|shop|grow|dispensary) in\b",
    re.IGNORECASE,
)


def names_own_place(text: str) -> bool:
    """Whether a question tells of the asker's own case in a place it names."""
    return bool(_OWN_PLACE.search(text))
