"""Where the asker lives, told apart from where the rules asked about apply: "I'm from
Ohio, how much can I buy in Michigan?" asks Michigan's rule for a visitor from Ohio."""

from __future__ import annotations

import re
from collections.abc import Sequence

from trichome.knowledge.jurisdictions import (
    CANADA,
    PROVINCE_NAMES,
    canada_by_trade_words,
    detect_jurisdictions,
    find_jurisdictions,
)

# "from X", "X resident", "resident of X", "I live in X": where the asker is from.
_RESIDENCE_BEFORE = re.compile(
    r"\b(?:i'?m (?:\d\d,? )?from|i am (?:\d\d,? )?from|we'?re from|coming from|"
    r"visiting from|visiting (?:[\w.'-]+ ){1,3}from|here (?:for (?:a |an |the )?\w+ )?from|"
    r"from out of|(?:drove|drives|driving|drive|came|comes|coming|flew|flying|"
    r"travel(?:l?ed|l?ing)?)(?: in| up| down| over| here| across)? from|in from|"
    r"resident of|residents of|i live in|we live in|living in|my home state(?: is)?|"
    # someone else from elsewhere: "my 19 yo cousin from ottawa wants to buy in montreal"
    # (not a move, "moving from phoenix to virginia beach", which asks what changes)
    r"(?:cousin|friend|buddy|brother|sister|son|daughter|nephew|niece|guest|visitor|tourist|"
    r"customer|roommate|coworker|co-worker|partner|wife|husband|girlfriend|boyfriend|someone|"
    r"somebody|anyone|anybody|guy|gal|lady|man|woman|person|people|folks|buyer|patient)s? "
    r"(?:\w+ )?from)"
    r"\s+(?:the\s+)?$",
    re.IGNORECASE,
)
# "an oregon medical card", "my california rec": a card from home, carried elsewhere; and
# "indiana plates in the lot": cars from home, their drivers visitors.
_RESIDENCE_AFTER = re.compile(
    r"^\.?\s+(?:resident|residents|license|licence|id|(?:medical |med |mmj |rec |patient )?"
    r"(?:card|cardholder)|rec\b(?!\w)|(?:license |licence )?plates\b)",
    re.IGNORECASE,
)


# "a 100mg brownie like the ones in colorado", "the kind they sell in michigan": a place
# named only as where a product like the asker's is sold, whose rules are not asked.
_MODEL_BEFORE = re.compile(
    r"\b(?:like|same as|just like|similar to) (?:the |those )?(?:ones?|kind|type|those|"
    r"they (?:have|sell|make|do)|you (?:see|get|find))(?: (?:they )?(?:sold|sell|made|make|"
    r"have|get|see))? (?:in|out in|over in|down in|back in)\s+$|"
    r"\b(?:the )?(?:kind|type|ones?) (?:they|you) (?:sell|have|make|get|see) (?:in|out in|over in)"
    r"\s+$",
    re.IGNORECASE,
)


def _named_as_model(text: str, code: str) -> bool:
    """Every mention of `code` names it only as where a product like the asker's is sold."""
    mentions = [start for start, _, found in find_jurisdictions(text) if found == code]
    return bool(mentions) and all(
        _MODEL_BEFORE.search(text[max(0, start - 45) : start]) for start in mentions
    )


def split_residence(text: str) -> tuple[list[str], list[str]]:
    """The jurisdictions a text names, split into those whose rules apply and those named
    only as the asker's residence. A residence is recognised only beside another
    jurisdiction: a lone "I'm from Ohio" asks about Ohio; so is a place named only as the
    model of a product ("like the ones in colorado"), which is then neither."""
    named = detect_jurisdictions(text)
    if len(named) > 1 and (unmodelled := [c for c in named if not _named_as_model(text, c)]):
        named = unmodelled
    if len(named) < 2:
        return named, []
    residence = [code for code in named if named_as_residence(text, code)]
    applicable = [code for code in named if code not in residence]
    if not applicable:  # every mention read as a residence: trust none of them
        return named, []
    ruling = [code for code in applicable if _named_as_rules(text, code)]
    if len(ruling) == 1 and len(applicable) > 1:
        # "drop off an order over the nevada line, any problem under CA rules?": the rules
        # asked are California's; Nevada is where the order goes, not whose rule applies
        residence += [code for code in applicable if code not in ruling]
        return ruling, residence
    return applicable, residence


# "under CA rules", "per Oregon law", "California's regs": whose rules the question asks.
_RULES_BEFORE = re.compile(r"\b(?:under|per|according to|by)\s+(?:the\s+)?$", re.IGNORECASE)
_RULES_AFTER = re.compile(
    r"^(?:'s)?\s+(?:state\s+)?(?:rules?|laws?|regs|regulations?|statutes?|code)\b", re.IGNORECASE
)


def _named_as_rules(text: str, code: str) -> bool:
    """Some mention of `code` names it as the maker of the rules asked about."""
    return any(
        found == code
        and _RULES_BEFORE.search(text[max(0, start - 20) : start])
        and _RULES_AFTER.match(text[end : end + 30])
        for start, end, found in find_jurisdictions(text)
    )


# "moving to grand rapids in january from toledo": the place left behind, after the place
# moved to; unless the question weighs the two ("how do they compare?").
_MOVED_FROM = re.compile(
    r"\b(?:moving|move|moved|relocating|relocate|relocated|transferring|heading) (?:up |down |"
    r"over |back )?to\b[^.?!;]{1,50}?\bfrom\s+(?:the\s+)?$",
    re.IGNORECASE,
)
# "new to minnesota (moved from wisconsin)": a home left behind, named with no place moved to
# after it, beside the place the question is about.
_LEFT_FROM = re.compile(
    r"\b(?:moved|relocated)(?: here| up| down| over| back)? from\s+(?:the\s+)?$", re.IGNORECASE
)
_MOVED_TO_AFTER = re.compile(r"^\s+(?:to|into)\b", re.IGNORECASE)
_WEIGHED = re.compile(
    r"\b(?:compare[sd]?|comparison|vs\.?|versus|difference|differ|change|changes|"
    r"different)\b",
    re.IGNORECASE,
)


def named_as_residence(text: str, code: str) -> bool:
    """Every mention of `code` reads as where the asker lives or comes from."""
    for start, end, found in find_jurisdictions(text):
        if found != code:
            continue
        before = text[max(0, start - 40) : start]
        after = text[end : end + 20]
        if not (
            _RESIDENCE_BEFORE.search(before)
            or _RESIDENCE_AFTER.match(after)
            or (_MOVED_FROM.search(text[max(0, start - 80) : start]) and not _WEIGHED.search(text))
            or (
                _LEFT_FROM.search(before)
                and not _MOVED_TO_AFTER.match(after)
                and not _WEIGHED.search(text)
            )
        ):
            return False
    return True


def kept_province(user_turns: Sequence[str]) -> list[str] | None:
    """The Canadian places of an earlier turn, when the latest names Canada only by its
    trade's words ("... in hamilton ontario / can i buy straight from an LP i know?" is
    still Ontario); None otherwise."""
    if len(user_turns) < 2 or not canada_by_trade_words(user_turns[-1]):
        return None
    kept = next(
        (found for turn in reversed(user_turns[:-1]) if (found := split_residence(turn)[0])),
        [],
    )
    if kept and all(code == CANADA or code in PROVINCE_NAMES for code in kept):
        return list(kept)
    return None
