"""A pet or a child that ate or got into cannabis: a poisoning, not a sum.

"my lab just ate 3 of our 10mg gummies, he's 70 lbs, how much thc is dangerous for him?"
carries the numbers of a dose calculation, but its answer is a veterinarian's (or, for a
child, poison control's): whether the amount is dangerous to that body. Worked out as "3 ×
10 mg = 30 mg THC", it reads like an answer to what was asked. Such a message is declined
with who to call, and no calculation is made from its numbers.
"""

from __future__ import annotations

import re

_EATER = (
    r"(?:dog|doggo|pup|puppy|cat|kitty|kitten|lab|labrador|retriever|golden|shepherd|"
    r"pitbull|pit|beagle|poodle|terrier|pet|ferret|rabbit|bunny|parrot|horse|"
    r"kid|kiddo|son|daughter|toddler|baby|child|nephew|niece|\d+[- ]?(?:year|yr)[- ]?old)"
)
_ATE = (
    r"(?:ate|eaten|has eaten|got into|gotten into|swallowed|chewed (?:up|through)|"
    r"snatched|stole|scarfed|gobbled|licked up|ingested|found and ate)"
)
_PRODUCT = (
    r"(?:edibles?|gumm(?:y|ies)|brownies?|cookies?|chocolates?|candy|candies|weed|cannabis|"
    r"marijuana|thc|pot|buds?|flower|joints?|roach(?:es)?|pre-?rolls?|stash|vape|cart|"
    r"tincture|oil|rso|butter|\d+ (?:of|mg))"
)
# "my lab just ate 3 of our 10mg gummies", "our dog got into the edibles", "customer said
# her toddler swallowed a gummy": an eater, what it did, and a product within a few words.
POISONING = rf"\b{_EATER}\b.{{0,30}}\b{_ATE}\b.{{0,60}}\b{_PRODUCT}\b"
_POISONING = re.compile(POISONING, re.IGNORECASE)


def asks_about_poisoning(text: str) -> bool:
    """Whether a message tells of a pet or child that ate or got into a product."""
    return bool(_POISONING.search(text))
