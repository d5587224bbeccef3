"""Whose offence a question asks about: the seller's, when it asks the penalty for selling
or giving cannabis to someone under age.

"what's the penalty for selling to a 20 year old?" asks what the seller (the shop, the
budtender) faces. A fact stating the under-age buyer's own offence ("a person under 21 who
shows false identification commits an offence") shares its words (sell and buy are one rule
seen from either side of the counter, and the packs' words treat them as one), but it answers
the other side's question: offered as the answer it is a confident wrong one with a citation.
Only a fact stating an offence or a sanction for selling, giving or furnishing to someone
under age answers; with none, the answer admits the gap and names the regulator.
"""

from __future__ import annotations

import re

from trichome.knowledge.words import clauses

# Someone under the age of sale: "a minor", "a 20 year old", "someone under 21", "kids";
# not "under 21 usc 860" (a title of the U.S. Code cited).
_NOT_A_CODE = r"(?!\s*(?:u\.?s\.?c|usc|c\.?f\.?r|cfr)\b)"
_UNDER_AGE = (
    r"(?:minors?|kids?|teens?|teenagers?|juveniles?|youths?|underage\w*|under[- ]?age\w*|"
    r"(?:1\d|20)[- ]?(?:year|yr)s?[- ]?olds?|(?:someone|somebody|anyone|people|persons?|"
    rf"customers?|buyers?|kids?) under (?:the age of )?(?:18|19|21){_NOT_A_CODE}|"
    rf"under[- ](?:18|19|21)s?{_NOT_A_CODE})"
)
_SELLING = (
    r"(?:sell\w*|sold|sales? to|furnish\w*|suppl(?:y|ies|ied|ying)|provid\w*|"
    r"giv(?:e|es|en|ing)|gave|distribut\w*|serv(?:e|es|ed|ing)|transfer\w*|deliver\w*|"
    r"hand(?:s|ed|ing)? (?:it |over )?)"
)
# The question asks what befalls the seller: a penalty, a fine, a charge, what happens.
_CONSEQUENCE = (
    r"(?:penalt(?:y|ies)|fines?|fined|charged?|charges|jail|prison|punish\w*|consequences?|"
    r"what happens|in trouble|sanctions?|crime|offen[cs]e|misdemeanou?r|felony|lose (?:our|my|the) "
    r"licen[cs]e)"
)
_ASKS_SELLERS_OFFENCE = re.compile(
    rf"\b{_CONSEQUENCE}\b[^?]{{0,60}}\b{_SELLING}\b[^.?!]{{0,40}}\b{_UNDER_AGE}\b|"
    rf"\b{_SELLING}\b[^.?!]{{0,40}}\b{_UNDER_AGE}\b[^?]{{0,60}}\b{_CONSEQUENCE}\b|"
    rf"\b{_CONSEQUENCE}\b[^?]{{0,30}}\b(?:if|when) (?:we|i|you|they|a (?:shop|store|budtender)|"
    rf"(?:my|our) \w+) {_SELLING}\b",
    re.IGNORECASE,
)
# A sentence of a fact stating an offence or a sanction ...
_SANCTION = re.compile(
    r"\bpenalt(?:y|ies)\b|\bfine[sd]?\b|\bmisdemeanou?rs?\b|\bfelon(?:y|ies)\b|\bjail\b|"
    r"\bprison\b|\bimprison|\bsuspen(?:d|sion)\b|\brevo(?:ke|cation|ked)\b|\bsanctions?\b|"
    r"\bcrimes?\b|\boffen[cs]es?\b|\bguilty\b",
    re.IGNORECASE,
)
# ... for selling or giving to someone under age.
_SELLING_TO_UNDER_AGE = re.compile(
    rf"\b{_SELLING}\b[^.;]{{0,60}}\b{_UNDER_AGE}\b|"
    r"\b(?:sell|sale|furnish|give|provide|distribute|deliver)\w*\b[^.;]{0,60}\b(?:person|anyone|"
    r"someone|individual)s? (?:who is |who are )?(?:under|younger than|less than) "
    r"(?:the age of )?(?:18|19|21)\b",
    re.IGNORECASE,
)


def asks_sellers_offence(question: str) -> bool:
    """Whether a question asks what a seller faces for selling or giving to someone under
    age ("penalty for selling to a 20 year old?")."""
    return bool(_ASKS_SELLERS_OFFENCE.search(question))


def states_sellers_offence(text: str) -> bool:
    """Whether a fact states an offence or sanction for selling or giving to someone under
    age, in one sentence (not the under-age buyer's own offence beside a duty to check ID)."""
    return any(
        _SANCTION.search(sentence) and _SELLING_TO_UNDER_AGE.search(sentence)
        for sentence in clauses(text)
    )


def answers_the_side_asked(question: str, text: str) -> bool:
    """Whether a fact answers the side a penalty question asks: for the seller's offence,
    only a fact stating it; any other question, any fact."""
    return not question or not asks_sellers_offence(question) or states_sellers_offence(text)
