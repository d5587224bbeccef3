"""Two-letter place codes that are also words people write: "ND" on a certificate of
analysis is "not detected" ("coa says ND for delta 9"), and "bc" in a message is as often
"because" ("can i sell edibles bc my friend does") as British Columbia ("licensed in bc",
"bc rules"). Each names its place only where the words around it read as a place.
"""

from __future__ import annotations

import re

# A preposition of place right before the code: "licensed in bc", "moving to ND".
_PLACE_BEFORE = re.compile(
    r"\b(?:in|into|from|to|across|within|throughout|outside|out of|for|the state of|"
    r"province of)\s+$",
    re.IGNORECASE,
)
# A second place in a list or comparison: "colorado and bc", "alberta vs bc".
_LISTED_BEFORE = re.compile(r"\b(?:and|or|vs\.?|versus)\s+$", re.IGNORECASE)
# What a place has, right after the code: "bc rules", "ND dispensary", "a bc lp".
_PLACE_AFTER = re.compile(
    r"\s+(?:rules?|laws?|regs|regulations?|requirements?|legislation|government|gov|"
    r"programs?|programmes?|rec|recreational|med|medical|mmj|adult[- ]use|hemp|"
    r"dispensar(?:y|ies)|stores?|shops?|retail(?:ers?)?|lps?|licen[cs]\w*|producers?|"
    r"growers?|cultivators?|processors?|shoppers?|customers?|patients?|residents?|"
    r"consumers?|budtenders?|brands?|compan(?:y|ies)|business(?:es)?|cannabis|weed|"
    r"marijuana|purchase|possession|home grow|min(?:imum)? age|age|tax(?:es)?|excise|"
    r"limits?|liquor|craft|micro\w*|labs?|health department|department)\b",
    re.IGNORECASE,
)
# Where a clause ends after a code read alone: "and bc?", "how about nd."
_CLAUSE_ENDS = re.compile(r"\s*(?:$|[?.!,;:)])")
# What follows "because": a subject or a clause ("bc i'm new", "bc my friend does").
_BECAUSE_AFTER = re.compile(
    r"\s+(?:i|i'?m|im|i'?ve|ive|i'?d|me|my|we|we'?re|were|our|us|it|its|it'?s|the|they|"
    r"they'?re|theyre|their|them|he|she|his|her|you|you'?re|your|u|ur|of|that|thats|"
    r"that'?s|this|these|those|there|there'?s|theres|someone|somebody|people|everyone|"
    r"everybody|nobody|apparently|idk|a|an|no|not|all|some|when|if|then|now|like|lol)\b",
    re.IGNORECASE,
)
# A certificate of analysis or a lab result in the message: there "ND" is "not detected".
_LAB_RESULT = re.compile(
    r"\b(?:coas?|c\.o\.a\.?|certificates? of analysis|lods?|loqs?|lab|labs|tests?|tested|"
    r"testing|results?|detect\w*|analytes?|assays?|pesticides?|solvents?|metals?|microbials?|"
    r"mycotoxins?|potency|ppm|ppb|delta[- ]?\d+|d\d+|thca?|cbda?|cbn|cbg|terpenes?)\b|"
    r"<\s*lo[dq]\b",
    re.IGNORECASE,
)

# A code asked to be defined: "what does ND mean", "what's ND stand for".
_DEFINED = re.compile(r"\bwhat(?:'?s| is| does| do)\s+[\"'\u201c\u2018]?$", re.IGNORECASE)
_DEFINED_AFTER = re.compile(r"[\"'\u201d\u2019]?\s+(?:mean|means|stand|stands)\b", re.IGNORECASE)
_HEADING_MARK = re.compile(r"\s*[-:\u2013\u2014]")


def reads_as_place(text: str, start: int, end: int) -> bool:
    """Whether the code at `text[start:end]` stands where only a place fits: after a
    preposition of place, or before something a place has ("bc rules", "ND dispensary")."""
    return bool(_PLACE_BEFORE.search(text[:start]) or _PLACE_AFTER.match(text, end))


def names_north_dakota(text: str, match: re.Match[str], *, heading: bool) -> bool:
    """Whether "ND" or "nd" names North Dakota: where it reads as a place, or heads the
    message; else, beside a lab result ("coa says ND for delta 9", "ND vs <LOQ") it is
    "not detected", and elsewhere only the capitals name the state ("how much in ND")."""
    start, end = match.span(1)
    if _DEFINED.search(text[:start]) and _DEFINED_AFTER.match(text, end):
        return False  # "what does ND mean?": the term asked, not a place
    lab = bool(_LAB_RESULT.search(text))
    if reads_as_place(text, start, end) or (heading and not lab):
        return True
    if lab:
        # a heading before a colon or a dash still names it ("ND: do labs test for mold?")
        return heading and bool(_HEADING_MARK.match(text, end))
    if match.group(1).isupper():
        return True
    return bool(_LISTED_BEFORE.search(text[:start]) and _CLAUSE_ENDS.match(text, end))


def names_british_columbia(text: str, match: re.Match[str], *, opens: bool) -> bool:
    """Whether a lower-case "bc" names British Columbia: where it reads as a place ("licensed
    in bc", "bc rules", "colorado and bc?"), or heading the message ("bc min age?"), never
    as "because" ("bc i'm new", "grow it bc my doctor said so")."""
    start, end = match.span(1)
    if _PLACE_BEFORE.search(text[:start]) and not _BECAUSE_AFTER.match(text, end):
        return True  # "licensed in bc, what ...", not "... in a hurry bc we close at 9"
    if _BECAUSE_AFTER.match(text, end):
        return False
    if _PLACE_AFTER.match(text, end) or opens:
        return True
    return bool(_LISTED_BEFORE.search(text[:start]) and _CLAUSE_ENDS.match(text, end))
