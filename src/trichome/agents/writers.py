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
    "programme": "marketing", "brief": "marketing", "pitch": "marketing",
    # the checks a critique runs (appeal to minors, claims, urging use) are an ad's
    "critique": "marketing", "drill plan": "operations",
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
# Another business's people are not the staff: "a dispensary team that tested our app", "our
# bank relationship manager", "their buyers' managers".
_TO_STAFF = re.compile(
    r"(?<!\ba )(?<!\ban )(?<!\btheir )(?<!\bbank )(?<!\brelationship )(?<!\baccount )"
    r"(?<!\bbranch )(?<!\bproperty )(?<!\bbuilding )(?<!\bclient )(?<!\bclient's )"
    r"(?<!\bdispensary )(?<!\bstore )(?<!\bpartner )"
    rf"\b{_STAFF}\b",
    re.IGNORECASE,
)
# Who the asker is ("i'm with the pos vendor", "we're the lab"): not who the text is for.
_SELF_INTRO = re.compile(
    r"\b(?:i'?m|i am|we'?re|we are) (?:with|from|at|on|part of|the|an?) [^.,;:!?]*", re.IGNORECASE
)
# Correspondence of the asker's own with someone outside the business who is neither a
# customer nor a supplier (a bank, a landlord, an official, a partner who helped), or about
# the asker's own absence: nobody's specialty, so the main agent writes it.
_OUTSIDE = re.compile(
    r"\b(?:to|for|thank(?:s|ing)?) (?:an? |the |our |my |that |this )?(?:[\w'-]+ ){0,2}?"
    r"(?:banks?|bankers?|credit unions?|landlords?|property managers?|inspectors?|sampl(?:er|ing "
    r"agent)s?|regulators?|officials?|officers?|council ?members?|insurers?|investors?|lenders?|"
    r"accountants?|attorneys?|lawyers?|beta[- ]testers?)\b|"
    r"\b(?:dispensary|store|shop|client|partner) (?:team|staff|crew)\b.{0,40}\b(?:that|who) "
    r"(?:\w+ ){0,2}?(?:tested|tried|piloted|helped|hosted|referred)\b|"
    r"\b(?:out[- ]of[- ](?:the[- ])?office|ooo|away|vacation|holiday|auto[- ]?)(?: auto)?[- ]?"
    r"(?:reply|replies|responder|response|message|email)\b",
    re.IGNORECASE,
)
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
    brief = _SELF_INTRO.sub(" ", brief)  # "i'm with the pos vendor": the writer, not the reader
    if kind in _EITHER_AUDIENCE and _FOR_STAFF.search(brief):
        return "operations"
    if kind in _WRITER:
        return _WRITER[kind]
    if kind in _EITHER_AUDIENCE and _OUTSIDE.search(brief):
        return "main_agent"  # "our bank's account manager", whatever the email mentions
    if _TO_CUSTOMERS.search(brief):
        return "marketing"
    if _TO_STAFF.search(brief):
        return "operations"
    return None
