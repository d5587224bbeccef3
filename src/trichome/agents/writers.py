"""Who writes a document asked for: the agent whose work its class is, or whoever it is
written to (a note to the customers is marketing's, a memo to the staff operations')."""

from __future__ import annotations

import re

# Who writes each class of document (the router's labels): promotion is marketing's,
# running the shop (staff, training, records, hiring) operations', a developer's release
# notes the main agent's; an email or a message goes by who it is written to.
_WRITER = {
    "social post": "marketing", "copy": "marketing", "name ideas": "marketing",
    "press release": "marketing", "FAQ": "marketing", "job post": "operations",
    "quiz": "operations", "agenda": "operations", "checklist": "operations",
    "log sheet": "operations", "changelog entry": "main_agent", "form": "operations",
    "invitation": "marketing", "training outline": "operations", "data layout": "operations",
    "template": "operations", "plan": "marketing", "policy": "operations",
}  # fmt: skip
# Classes that may be written for the staff as well as for the public: a blurb, a note.
_EITHER_AUDIENCE = frozenset({"copy", "email", "message"})
_TO_CUSTOMERS = re.compile(
    r"\b(?:customers?|members?|loyalty|subscribers?|followers?|patients|shoppers|reviews?|"
    r"reviewers?|clients?)\b",
    re.IGNORECASE,
)
_STAFF = (
    r"(?:staff|team|employees?|everyone|budtenders?|crew|shift|managers?|drivers?|"
    r"(?:testing )?lab|vendors?|suppliers?|contractors?|new hires?|trimmers?)"
)
_TO_STAFF = re.compile(rf"\b{_STAFF}\b", re.IGNORECASE)
# Written to the staff, whoever else it mentions: "a staff memo to check every customer's
# ID", "a 'welcome to the delivery team' blurb for new drivers", "a note for all budtenders".
_FOR_STAFF = re.compile(
    rf"\b(?:staff|team|employee|crew|shift|internal) (?:memo|note|notice|announcement|update|"
    rf"email|message|blurb)|\bwelcome to the (?:\w+ )?team\b|"
    rf"\b(?:memo|blurb|note|notice|announcement|email|message|reminder|polic(?:y|ie)|"
    rf"guideline|handbook|code of conduct)s? (?:to|for) "
    rf"(?:the |our |all |every |each |new |the new )*{_STAFF}\b",
    re.IGNORECASE,
)


def writer_of(kind: str, brief: str) -> str | None:
    """The agent that writes a document of class `kind` asked for in `brief`, or None when
    its class and its audience name no one writer."""
    if kind in _EITHER_AUDIENCE and _FOR_STAFF.search(brief):
        return "operations"
    if kind in _WRITER:
        return _WRITER[kind]
    if _TO_CUSTOMERS.search(brief):
        return "marketing"
    if _TO_STAFF.search(brief):
        return "operations"
    return None
