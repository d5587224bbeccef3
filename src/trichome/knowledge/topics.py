"""The topics questions ask about, and the pack topics whose facts answer each.

A question's topic decides which facts may answer it (home grow in Vermont is not answered
by a Vermont fact on potency reporting). A rule topic's answer depends on the jurisdiction:
a named one with no fact on the topic is a gap to admit, not to answer from another fact.

Triggers (and `topic_wording`'s) are written the way people ask, not in the packs' words."""

from __future__ import annotations

import re
from dataclasses import dataclass

from trichome.knowledge import topic_phrases as phrases
from trichome.knowledge.topic_wording import MORE_WORDING


@dataclass(frozen=True, slots=True)
class Topic:
    """A topic a question can ask about: what signals it and which pack topics answer it."""

    name: str
    triggers: re.Pattern[str]
    answered_by: frozenset[str]
    rule: bool  # the answer depends on the jurisdiction


def _topic(name: str, triggers: str, answered_by: tuple[str, ...], *, rule: bool) -> Topic:
    triggers = "|".join(filter(None, (triggers, MORE_WORDING.get(name))))
    return Topic(name, re.compile(triggers, re.IGNORECASE), frozenset(answered_by), rule)


TOPICS: tuple[Topic, ...] = (
    _topic("label-tolerance", phrases.LABEL_TOLERANCE, phrases.LABEL_TOLERANCE_ANSWERS, rule=True),
    _topic(
        # what a label must carry ("designing the back panel for an edible, what thc dose info
        # has to be on there?"): the label rule answers, not the product's dose cap
        "label-contents",
        r"\b(?:back|front|side|information) panel\b|\b(?:has|have|needs?) to (?:be |go |appear )?"
        r"(?:on|printed on) (?:there|it|the (?:pack|package|packaging|box|jar|container|tin|"
        r"label))\b|\bwhat (?:goes|must go|has to go) on (?:the |a |our )?(?:label|pack|package)|"
        r"\blabels? (?:must|has to|have to|needs? to) (?:show|include|say|carry|list)\b",
        ("labelling", "warnings", "universal-symbol"),
        rule=True,
    ),
    _topic(  # not across possession words: "edibles possession cap in mg" is what one may hold
        "edible-thc-limits",
        rf"{phrases.EDIBLE}\b(?:(?!possess).){{0,50}}\b{phrases.AMOUNT}|"
        rf"\b{phrases.AMOUNT}\b.{{0,50}}\b{phrases.EDIBLE}|per serving|"
        r"per[- ]package|serving size|servings? cap|package cap|"
        rf"{phrases.EDIBLE}\b.{{0,20}}\b(?:package|serving|pack|bag|box) (?:limit|cap|max)|"
        + phrases.HELD_PER_CONTAINER,
        ("edible-thc-limits", "dose-accuracy", "edibles"),
        rule=True,
    ),
    _topic(
        "concentrate-thc-limits",
        # Not "concentrate possession limit" or "how much wax can I buy, max?": amounts held
        # or bought are possession and purchase limits.
        r"(?:concentrates?|vapes?|carts?|cartridges?|wax|shatter|extracts?)\b"
        r"(?:(?!possess|carry|purchas|buy|bought)[^.?!]){0,40}"
        r"\b(?:limit|cap|max|thc %|potency cap)|"
        r"\b(?:max|maximum|cap on|limit on) (?:thc|potency|mg)\b.{0,40}\b(?:concentrates?|vapes?|"
        r"carts?|cartridges?|wax|shatter|extracts?)\b|"
        r"\bthc ?(?:%|percent(?:age)?|content|level) (?:ceiling|cap|limit|max)|"
        # "biggest single unit of concentrate we can package"
        r"\b(?:biggest|largest|max(?:imum)?) (?:single )?(?:unit|package|size)\b[^.?!]{0,20}"
        r"\b(?:concentrates?|wax|shatter|extracts?)\b|" + phrases.THC_CEILING + "|"
        r"(?:concentrates?|vapes?|carts?|cartridges?|wax|shatter|extracts?|distillate|rosin)\b"
        r"[^.?!]{0,30}\b(?:tests?|testing|tested|comes? (?:back|in)) (?:out )?(?:at )?\d+ ?%",
        ("concentrate-thc-limits",),
        rule=True,
    ),
    _topic(
        "purchase-limits",
        r"purchase limits?|buy(?:ing)? limits?|how much (?:\w+ )?(?:can|may|could) "
        r"(?:i|you|we|a customer|customers|an adult|adults|someone|a patient|patients) "
        r"(?:buy|purchase|get|sell|pick up)|how much (?:\w+ )?(?:can|may|could) (?:a |the |one )?"
        r"(?:dispensar(?:y|ies)|stores?|shops?|pharmac(?:y|ies)|retailers?) (?:give|sell|dispense)|"
        r"in (?:one|a) (?:go|trip|visit|day|transaction)|per[- ](?:transaction|visit|day|sale|"
        r"purchase|order)\b|(?:each|every) (?:sale|transaction|order)\b|"
        r"daily limit|"
        r"sell (?:to )?(?:one|a|an|each)(?: adult| single)? (?:customer|person|adult)|"
        # shop talk at the till: "how much flower can i ring up in a single sale"
        r"\bring (?:up|them up)\b|(?:single|one) (?:sale|transaction|purchase)\b|"
        r"\bwalk (?:out|away) with\b|\bleft in (?:their|her|his|the|my|a) [^.?!]{0,12}\bday\b|"
        # "i have an oregon medical card. can i buy at a hawaii dispensary?": who may buy
        r"\b(?:card|visiting|visitors?|tourists?|out[- ]of[- ]state|non-?residents?)\b[^?]{0,80}"
        r"\b(?:can|may) (?:i|we|they|s?he) (?:still |legally )?(?:buy|purchase)\b|"
        # a patient's supply is what may be bought as well as held
        r"\b(?:\d+|ten|thirty|ninety)[- ]?days?(?:'s?)? supply\b|\badequate supply\b|"
        r"\blegal dosage limit\b|"
        r"how (?:much|many)\b.{0,40}\b(?:buy|purchase)\b",
        ("purchase-limits",),
        rule=True,
    ),
    _topic(
        "possession-limits",
        r"possess|possession|"
        # not a shop "carrying" a product, nor a driver or vehicle carrying papers
        r"(?<!shop )(?<!store )(?<!stores )(?<!retailer )(?<!dispensary )(?<!we )(?<!they )"
        r"(?<!driver )(?<!drivers )(?<!vehicle )(?<!truck )carry|"
        r"on (?:me|my person|them|you|her|him)\b|in public|keep at home|home storage|"
        # held at home (not "keep growing at home"), a patient's supply, "legal dosage limit"
        r"\b(?:keep|kept|keeping|have|store|stor(?:ed|ing)|stash(?:ed)?|hold)\b(?:(?!\bgrow|"
        r"\bplants?\b)[^.?!]){0,25}"
        r"\b(?:at (?:home|the house|my place)|in (?:my|our|the|your) (?:house|home|residence|"
        r"apartment))\b|\b(?:\d+|ten|thirty)[- ]?days?(?:'s?)? supply\b|\badequate supply\b|"
        r"\blegal dosage limit\b|" + phrases.GIFTING + "|" + phrases.DRIED_EQUIVALENT + r"|"
        # "how much concentrate am i allowed"; offences graded by the amount held
        r"\bhow much (?:\w+ )?(?:am i|are we|is (?:a|my|the) (?:patient|customer|person)) "
        r"(?:allowed|permitted)\b|\b(?:first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th)[- ]"
        r"degree\b|\bmisdemeanou?r\b|personal (?:use )?(?:amount|limit)|legal amount|"
        + phrases.AMOUNTS_HELD,
        ("possession-limits",),
        rule=True,
    ),
    _topic(
        "home-grow",
        phrases.HOME_GROW + r"|"
        r"grow(?:ing)? (?:at home|my own|our own|your own|their own|his own|her own|"
        r"plants at home)|"
        r"grow(?:ing)? at (?:my|our|your|his|her|their) (?:own )?(?:address|place|house|"
        r"residence|property)\b|"
        r"plants? (?:per|in a|at) (?:household|house|person|adult|residence|home)|"
        r"how many (?:mature |immature |flowering )?plants (?:can|may|could) (?:i|you|we|"
        r"a household|an adult|adults|a person)|"
        r"how many plants (?:in|for)\b(?! (?:a|an|the|each|one|per|my|our|your|this|that)\b)|"
        r"personal cultivation|" + phrases.PLANT_LIMITS + r"|" + phrases.PLANTS_PER_PERSON + r"|"
        r"(?:can|may|could) (?:i|we|you|they) (?:legally |also |each |still )?grow\b"
        r"(?! (?:room|tent))|" + phrases.PATIENT_GROWS + r"|"
        r"grow(?:ing)? (?:\d+|a few|a couple(?: of)?|two|three|four|five|six) "
        r"(?:plants?\b|$|[?.!,])",
        ("home-grow",),
        rule=True,
    ),
    # making one's own hash, rosin or extract at home, which a plant count does not answer
    _topic("home-extraction", phrases.HOME_EXTRACTION, ("home-extraction",), rule=True),
    _topic(
        "minimum-age",
        r"\b(?:minimum|legal|min\.?) (?:ages?|buying ages?)\b|how old (?:do|must|does)|"
        r"\bwhat age\b|\bage (?:do|must) (?:you|u|i|we|they|customers?) (?:have|need|be)\b|"
        r"\b(?:1[0-9]|2[01]) ?(?:yo|y/o|yrs?(?: old)?|years? old)\b|" + phrases.UNDER_AN_AGE + "|"
        r"\b(?:i'?m|i am|we'?re|we are|(?:s?he|they)(?:'s|'re| is| are)) (?:only |just )?"
        r"(?:1[6-9]|20)\b(?! ?(?:mg|g|grams?|oz|%|plants?|days?|hours?))|"
        r"\bage (?:limit|requirement|to (?:buy|purchase|use|enter))|" + phrases.ID_KEPT,
        ("minimum-age",),
        rule=True,
    ),
    _topic(
        "batch-size",
        r"batch size|lot size|harvest batch|how big (?:can|may) a (?:batch|lot)",
        ("batch-size",),
        rule=True,
    ),
    _topic(
        "universal-symbol",
        r"universal symbol|thc symbol|warning symbol|the symbol",
        ("universal-symbol", "labelling"),
        rule=True,
    ),
    _topic(
        "labelling",
        # not a bank's SAR labels ("the SAR labels"), nor a tag on a plant ("label my plants")
        r"(?<!sar )(?<!sars )\blabel(?:s|ing|ling|led|ed)?\b(?! (?:my |our |your |the |each |"
        r"every |all )?(?:\w+ )?plants?\b)|\bwarnings?\b|principal display",
        ("labelling", "warnings", "universal-symbol"),
        rule=True,
    ),
    _topic("packaging", phrases.PACKAGING, ("packaging",), rule=True),
    _topic("acidified-foods", phrases.ACIDIFIED_FOODS, ("acidified-foods",), rule=True),
    # what makes a sealed edible or drink safe to sell ("water activity", "hermetically sealed")
    _topic("food-safety", "", ("food-safety",), rule=True),
    _topic(
        "lab-testing",
        r"lab tests?|testing lab|required tests?|what (?:do|does) .{0,20}test for|pesticides?|"
        r"microbial|heavy metals?|mycotoxins?|\baction limits?|fail(?:s|ed)? (?:a |the |its )?"
        r"(?:lab|test|testing)|retest|hemp test(?:s|ing)?\b|pre-?harvest test|compliance test",
        ("lab-testing", "action-limits", "release-testing", "hemp-testing"),
        rule=True,
    ),
    _topic("mailing", phrases.MAILING, ("mailing",), rule=True),
    _topic(
        "transport",
        phrases.TRANSPORT + r"|" + phrases.VEHICLES,
        ("transport-manifest", "transport-sop"),
        rule=True,
    ),
    _topic(
        "delivery",
        r"\bdeliver(?:y|ies|ing)?\b|courier|"
        # a driver carrying goods to customers' orders is a retailer's delivery, not
        # transport between licensees ("head out loaded before any orders come in")
        r"\bdrivers?\b.{0,80}\b(?:orders?|customers?|sell(?:ing)? on the road)\b",
        ("delivery",),
        rule=True,
    ),
    _topic(
        "waste",
        r"\bwaste\b|destroy|destruction|dispos(?:e|al|ing)|unusable",
        ("waste-disposal", "waste-sop"),
        rule=True,
    ),
    _topic(
        "track-and-trace",
        r"metrc|biotrack|track[- ]?and[- ]?trace|seed[- ]to[- ]sale|uid tags?|plant tags?|"
        r"rfid|inventory tracking|\bccrs\b|\bcts\b|" + phrases.TRACEABILITY,
        ("track-and-trace", "inventory-reconciliation", "record-keeping", "batch-records"),
        rule=True,
    ),
    _topic(
        "advertising",
        # "customer testimonials": what a promotion may carry
        r"advertis|\bads?\b|billboards?|marketing (?:rules|laws|restrictions)|promot|"
        r"testimonials?|"
        r"giveaways?|give away" + phrases.NOT_OF_MY_OWN + r"|"
        r"free (?:pre-?rolls?|joints?|grams?|samples?|products?|weed|stuff)|"
        r"coupons?|4/20|(?<!o\.s\. )(?<!§ )\b420\b(?!\s*\(|\.\d)|influencers?|social media|"
        r"instagram|tiktok|facebook|sponsor|audience|text messag|\bsms\b|email marketing|loyalty|"
        # "can we market gummies to teens?": who a product is marketed to is an advertising rule
        r"\bmarket(?:s|ed|ing)?\b(?: [\w-]+){0,3} (?:to|towards?|at) (?:[\w-]+ )?(?:kids|"
        r"children|teens|teenagers|minors|youth|young|students|college|tourists|women|men|"
        r"veterans|seniors|patients)\b",
        (
            "advertising",
            "promotions",
            "audience-composition",
            "placement",
            "ad-platforms",
            "compliant-copy",
            "youth-appeal",
            "health-claims",
            "loyalty",
            "sms",
            "email",
        ),
        rule=True,
    ),
    # how near a school or church a business may be: the siting rules, which the packs file
    # under local control or licensing ("can i open a dispensary near a church")
    _topic("siting", phrases.SITING, ("local-control", "licensing"), rule=True),
    _topic(
        "local-control",
        r"opt(?:ed|s)?[- ](?:out|in)|local (?:ban|control|approval|zoning)|zoning|municipal|"
        r"\b(?:an?|the|our|my|your|their|any|every|each|which|local|some|most|many)\s+"
        r"(?:[a-z-]+\s+)?(?:towns?|cit(?:y|ies)|count(?:y|ies)|boroughs?|villages?|"
        r"(?:city |town )?councils?|quorum courts?)\b"
        r".{0,40}\b(?:ban|block|prohibit|say no|keep out|refuse|vote|approve|allow|object|oppose|"
        r"reject|(?:do(?:es)?n'?t|does not|do not|won'?t|will not) (?:want|like|support))|"
        r"\b(?:any|which|every|my) (?:county|counties|town|city)\b",
        ("local-control",),
        rule=True,
    ),
    _topic(
        "licensing",
        phrases.LICENSING + r"|apply for|application|"
        r"open (?:a|an|my|our) (?:\w+ )?(?:dispensary|store|shop|grow|business)",
        ("licensing",),
        rule=True,
    ),
    _topic(
        "tax",
        r"\btax(?:es|ed)?\b|excise|\b280e\b|\bexempt(?:ion)? from (?:the |paying )?\d[\d.]*\s?%",
        ("tax", "federal-tax"),
        rule=True,
    ),
    _topic("federal-tax", phrases.FEDERAL_TAX, ("federal-tax",), rule=True),
    _topic("social-equity", phrases.SOCIAL_EQUITY, ("social-equity",), rule=True),
    _topic(
        "consumption",
        r"consumption (?:lounge|site|area|licen)|lounges?|smoke (?:in|at) (?:a|the) |"
        r"public consumption|where can (?:i|you|we) (?:smoke|consume|use)|"
        + phrases.ON_PREMISES_USE
        + r"|"
        r"(?<![-\w])(?:smoke|eat|vape|consume|toke|use (?:it|weed|cannabis|marijuana|pot))\b"
        r".{0,30}\b(?:on the (?:sidewalk|street|beach)|"
        r"in (?:a |the |my |your |our |their |his |her )?(?:park|car|vehicle|public)|"
        r"at (?:a |the )?(?:bar|concert|patio|festival))",
        ("consumption",),
        rule=True,
    ),
    _topic("exposure-limits", phrases.EXPOSURE_LIMITS, phrases.EXPOSURE_LIMITS_ANSWERS, rule=True),
    _topic(
        "safety-equipment", phrases.SAFETY_EQUIPMENT, phrases.SAFETY_EQUIPMENT_ANSWERS, rule=True
    ),
    _topic(
        "workplace-safety", phrases.WORKPLACE_SAFETY, phrases.WORKPLACE_SAFETY_ANSWERS, rule=True
    ),
    _topic("record-keeping", phrases.RECORD_KEEPING, phrases.RECORD_KEEPING_ANSWERS, rule=True),
    _topic(
        "regulator",
        r"who (?:actually |now |currently )?(?:regulates|licenses|licences|oversees|enforces|"
        r"runs|issues|hands out|gives out|approves)|"
        r"who(?:'s| is) (?:issuing|licensing|regulating|in charge)|"
        r"who (?:do|does|should) .{0,40}\b(?:report to|answer to|apply (?:to|with))|"
        r"\bapply with\b|\bis it still (?:the )?(?:[a-z]{2,5}|dept|department|board|"
        r"commission|division|office)\b.{0,40}\b(?:licens|regulat|in charge|or did)|"
        r"which (?:(?:federal|state|provincial|government) )?"
        r"(?:agenc(?:y|ies)|departments?|boards?|offices?|bod(?:y|ies))\b|"
        r"\bregulators?\b|regulatory (?:agency|body)|"
        r"\b(?:the|which|what) (?:\w+ )?(?:state|government|cannabis|marijuana) "
        r"(?:agency|department|commission|board)\b(?! (?:of|for) (?:health|revenue|agriculture)\b)|"
        r"who (?:do|should) (?:i|we) (?:call|contact|ask|talk to|apply to)|"
        r"where (?:do|should) (?:i|we) apply",
        ("regulators",),
        rule=True,
    ),
    _topic(
        "legal-status",
        r"\b(?:vote[sd]? to|did \w+ (?:ever |finally )?)legali[sz]e\b|"
        r"is (?:weed|cannabis|marijuana|pot|it|rec|recreational|medical|adult[- ]use) "
        r"(?:even |still |now )?legal|"
        r"legal (?:yet|now)|"
        r"recreational|adult[- ]use (?:legal|status|sales)|medical (?:program|card|marijuana)|"
        r"can i (?:even )?buy|dispensar(?:y|ies) open",
        ("legal-landscape", "regulators", "federal-scheduling"),
        rule=True,
    ),
    _topic(
        "hemp",
        r"\bhemp\b|delta[- ]?8|\bd8\b|thca flower|farm bill|0\.3 ?%|intoxicating hemp",
        ("hemp", "hemp-definition", "hemp-testing"),
        rule=True,
    ),
    _topic(
        "federal-scheduling",
        r"schedul(?:e|ed|ing) (?:i|iii|1|3)\b|reschedul|\bdea\b|controlled substances act|"
        r"federal(?:ly)? legal",
        ("federal-scheduling", "legal-landscape"),
        rule=True,
    ),
    _topic(
        "banking",
        r"\bbank(?:s|ing)?\b|bank account|credit cards?|payment process|fincen|"
        r"safe(?:r)? (?:banking )?act|\bcredit unions?\b|" + phrases.CASH_REPORTS,
        ("banking",),
        rule=True,
    ),
)
BY_NAME = {topic.name: topic for topic in TOPICS}


_GLUED_UNIT = re.compile(r"(\d)(mg|g|ml|oz|lbs?)\b", re.IGNORECASE)


def detect_topics(text: str) -> tuple[Topic, ...]:
    """The topics a text asks about, in the order they are first mentioned. A topic read
    only inside another's words is not asked about on its own: "package cap for edibles"
    asks about edible caps, not about packaging."""
    text = _GLUED_UNIT.sub(r"\1 \2", text)  # "5mg gummies" reads as "5 mg gummies"
    found = []
    for topic in TOPICS:
        match = topic.triggers.search(text)
        if match is not None:
            found.append((match.start(), match.end(), topic))
    kept = [
        (start, end, topic)
        for start, end, topic in found
        if not any(
            other is not topic and s <= start and end <= e and (e - s) > (end - start)
            for s, e, other in found
        )
    ]
    kept.sort(key=lambda item: item[0])
    names = {topic.name for _, _, topic in kept}
    # "what % tax on adult use sales", "medical card - how much can I buy": the programme's
    # words name whose rule it is; the other topic is what is asked.
    if (
        "legal-status" in names
        and not _STATUS_ASKED.search(text)
        and any(t.rule and t.name not in ("legal-status", "regulator") for _, _, t in kept)
    ):
        names.discard("legal-status")
        kept = [item for item in kept if item[2].name != "legal-status"]
    return tuple(topic for _, _, topic in kept if not DISPLACED_BY.get(topic.name, set()) & names)


# Words that ask whether cannabis is legal somewhere, not only name a programme.
_STATUS_ASKED = re.compile(phrases.STATUS_ASKED, re.IGNORECASE)


def asks_status(text: str) -> bool:
    """Whether a text asks if cannabis is legal somewhere, not only names a programme
    ("do medical card holders pay it too?" names one)."""
    return bool(_STATUS_ASKED.search(text))


DISPLACED_BY = phrases.DISPLACED_BY


def answering_topics(topics: tuple[Topic, ...]) -> frozenset[str]:
    """The pack topics whose facts may answer a question on these topics."""
    return frozenset().union(*(topic.answered_by for topic in topics)) if topics else frozenset()


def most_specific(topics: tuple[Topic, ...]) -> Topic | None:
    """Of the topics a question asks about, the narrowest: the first in `TOPICS`, which
    lists them narrow before broad ("package cap for edibles" asks about edible limits
    before packaging)."""
    return min(topics, key=lambda topic: TOPICS.index(BY_NAME[topic.name]), default=None)
