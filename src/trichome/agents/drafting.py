"""Documents drafted on request that are not standard operating procedures: a caption, an
email, a staff message, a job post, a checklist, a log sheet, a quiz, an agenda, a press
release. Offline, the grounded engine answers such a request with a fill-in outline of the
document class, carrying the details the user gave; it asserts no rule as a fact, so it
cites nothing. (A procedure asked for is the SOP library's, filled with the state's rules.)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from trichome.agents.document_outlines import DOCUMENT_CLASSES
from trichome.agents.router import RouteDecision
from trichome.agents.writers import writer_of
from trichome.knowledge.jurisdictions import detect_jurisdictions
from trichome.knowledge.topics import detect_topics


@dataclass(frozen=True, slots=True)
class Draft:
    """A document asked for: its class ("email", "checklist"), the brief and the outline."""

    kind: str
    brief: str
    text: str


# Documents whose words state no rule (a letter, a brand story, a post, a house policy): the
# writer the router is sure of writes them, whatever rule topic their subject touches ("our
# family hemp farm in vermont" is the story's subject).
STATES_NO_RULE = frozenset(
    {"email", "message", "copy", "social post", "name ideas", "press release", "invitation",
     "greeting", "policy", "critique"}
)  # fmt: skip

_NAMES = tuple(
    (kind, re.compile(rf"\b(?:{pattern})\b", re.IGNORECASE), outline)
    for kind, pattern, outline in DOCUMENT_CLASSES
)
# Asking for one written: "write me", "draft a", "need an email", "give me 10", "outline".
_ASKS = re.compile(
    r"\b(?:write|draft|compose|create|make|put together|come up with|brainstorm|outline|design|"
    r"sketch|mock up|lay out|"
    r"give me|need|want|help me (?:write|with|turn|put|prepare|draft)|can you do|whip up|prep|"
    # and in French: "rédige un court courriel", "écris un petit mot"
    r"r[ée]dige[rz]?|[ée]cri(?:re|s|vez)|pr[ée]pare[rz]?|"
    r"turn (?:my|our|these|this) .{0,30}\binto|"
    # "now turn that into a checklist", "make it into a one-pager": the answer just given
    r"(?:turn|make|convert|put|format|reformat) (?:that|it|this|them|those|the above|all (?:that|"
    r"this))(?: info| list| answer)? (?:into|as)|"
    r"tell me an? (?:\w+ )?(?:joke|pun|riddle))\b",
    re.IGNORECASE,
)
# Or the message opens on the document: "caption for ...", "5 question quiz for ...",
# "quick slack msg reminding ...", "and a closing checklist too".
_OPENS_ON = re.compile(
    r"^\W*(?:(?:and|also|plus|ok|okay|now|so|pls|please)\W+)*(?:an?\W+|the\W+|some\W+)?"
    r"(?:(?!(?:for|in|on|about|from|with|to|by|at)\b)[\w'&-]+\W+){0,5}?$",
    re.IGNORECASE,
)
# A question about a document ("can we post a caption with a leaf in michigan?", "what
# must a job post say?") asks for a rule, not a draft.
_ASKS_A_RULE = re.compile(
    # not "can you draft a short email ...": a request put politely
    r"^\W*(?:(?:so|ok|okay|hey|quick question)\W+)*(?:(?:can|could|would)(?! (?:you|u)"
    r"(?: please| pls| just)? (?:draft|write|compose|create|make|put together|whip up|"
    r"help me|give me|turn|prep))|may|is|are|am|do|does|did|"
    r"should|must|will|would|has|have|what|whats|what's|which|when|where|why|how|who)\b|"
    r"\b(?:allowed|legal|illegal|permitted|prohibited|tax|taxes|taxed|excise|vs|"
    r"versus|compare)\b|"
    # "what's required", "is a permit required to ...", not a detail ("weekends required")
    r"\b(?:is|are|be|what'?s|whats|anything|everything) (?:\w+ )?required\b|"
    r"\brequired (?:to|for|by|under)\b",
    re.IGNORECASE,
)


# A question word opening a clause ("..., what must it include"), not a relative one
# ("an email to customers who bought batch 2291").
_ASKS_ANYTHING = re.compile(
    r"\?|(?:^|[,.;:!\u2013\u2014]|\s-)\s*(?:(?:and|so|also|but)\s+)?(?:what|whats|which|how|who|"
    r"when|where|why|anything|whether)\b|"
    # a sentence that opens on a yes/no question, its mark left off: "... a post. does the
    # ftc make them say they were paid" (not "can you draft ...", a request)
    r"[.;!]\s+(?:(?:and|so|but|also)\s+)?(?:do|does|did|is|are|must|should|may|has|have|"
    r"can|could|will|would)\s+(?!(?:you|u|ya)\b)(?:the|we|i|they|our|my|he|she|it|there|any|"
    r"an?|these|those|this|that)\b",
    re.IGNORECASE,
)


# Text in quotes: the words to go in the document ("FAQ answer for 'do you take cards?'").
_QUOTED = re.compile(
    r"(?<!\w)'[^']+'(?!\w)|\"[^\"]+\"|\u201c[^\u201d]+\u201d|\u2018[^\u2019]+\u2019"
)

# A list after a colon, three items or more, with no question mark: the document's parts.
_LISTED = re.compile(r"(?::|\s[-\u2013\u2014]\s)[^:?]*,[^:?]*,[^:?]*$")
# "can you write a caption for our 4/20 sale?": a request put as a question
_POLITE_REQUEST = re.compile(
    r"^\W*(?:can|could|would|will) (?:you|u)(?: please| pls| just)? (?:draft|write|compose|"
    r"create|make|put together|whip up|help me|give me|turn|prep)\b[^?]*\?\s*$",
    re.IGNORECASE,
)


def drafting_request(text: str) -> Draft | None:
    """The document a message asks to have written, or None when it asks for none: a
    message that asks anything ("anything special before we text people promos?"), or
    names a place and a rule of it ("email blast for our NJ sale, remind them of the
    per-visit limit"), wants the rule, which the sourced facts answer."""
    revision = _revision(text)
    if revision is not None:
        return revision
    # A question quoted for the draft, or a list of its columns ("...: sample id, who
    # pulled it, lab"), asks nothing.
    own_words = _LISTED.sub(" ", _QUOTED.sub(" ", text))
    if _POLITE_REQUEST.match(own_words):
        own_words = own_words.rstrip().rstrip("?")
    if _ASKS_A_RULE.search(own_words) or _ASKS_ANYTHING.search(own_words):
        return None
    # the details in brackets are the document's content, not a rule asked ("a recall
    # notice (batch 0412, failed pesticide retest) for our oregon stores")
    # and neither is what the brief rules out ("no health claims", "sans promotion") nor the
    # document's own name ("an instagram caption" names no advertising rule asked)
    # nor the day it is for ("a caption for our 4/20 event": the occasion of a post, not a
    # question about promotions)
    bare = _OCCASION.sub(" ", _RULED_OUT.sub(" ", _BRACKETED.sub(" ", text)))
    bare = _AUDIENCE.sub(" ", _OWN_BUSINESS.sub(" ", bare))
    named = next((found for _, pattern, _ in _NAMES if (found := pattern.search(bare))), None)
    if named is not None:
        bare = f"{bare[: named.start()]} {bare[named.end() :]}"
    # a letter to a bank, a landlord or a regulator is about its subject, asking no rule
    addressed = named is not None and _ADDRESSED.search(text) is not None
    if (
        detect_jurisdictions(text)
        and not addressed
        and any(topic.rule for topic in detect_topics(bare))
    ):
        return None
    # "turn my notes into a speech": the document is what the notes are turned into
    into = _TURNED_INTO.search(text)
    if into is not None and _ASKS.search(text):
        for kind, pattern, outline in _NAMES:
            if pattern.search(text, into.end()):
                return Draft(kind, text.strip(), _outline(kind, text.strip(), outline))
    for kind, pattern, outline in _NAMES:
        found = pattern.search(text)
        if found is None:
            continue
        if not (_ASKS.search(text) or _OPENS_ON.match(text[: found.start()])):
            continue
        return Draft(kind, text.strip(), _outline(kind, text.strip(), outline))
    return None


_BRACKETED = re.compile(r"\([^()]*\)")
# Correspondence addressed to an outside party: "an intro email to a credit union", "a
# letter to our landlord", "a note to the state's enforcement division".
_ADDRESSED = re.compile(
    r"\b(?:e-?mails?|letters?|notes?|memos?|messages?|intros?|pitch(?:es)?|replies|reply)\b"
    r".{0,12}?\bto (?:an? |the |our |my )?(?:[\w'-]+ ){0,2}?(?:banks?|bankers?|credit unions?|"
    r"landlords?|property managers?|vendors?|suppliers?|distributors?|regulators?|"
    r"inspectors?|city|council|county|commission|agency|department|insurers?|investors?|"
    r"lenders?|accountants?|attorneys?|lawyers?)\b",
    re.IGNORECASE,
)
# What a brief rules out: "no prices, no health claims", "nothing cartoon-y", "sans promotion".
_RULED_OUT = re.compile(
    r"\b(?:no|nothing|without|avoid(?:ing)?|never|sans|pas de)\b[^,.;:!?()]*", re.IGNORECASE
)
# The asker's own business described ("our family hemp farm in vermont", "my two shops in
# denver"): the document's subject, not a rule asked of the place.
_OWN_BUSINESS = re.compile(
    r"\b(?:our|my) (?:[\w'-]+ ){0,3}?(?:farms?|shops?|stores?|dispensar(?:y|ies)|brands?|"
    r"business(?:es)?|company|grows?|kitchens?|bakery|lounges?|(?:product )?lines?)\b"
    r"(?: in [\w .'-]+?(?=[,.;:!?]|$))?",
    re.IGNORECASE,
)
# Who the document is for ("to our loyalty members", "for all our subscribers"): its readers,
# not a loyalty or advertising rule asked.
_AUDIENCE = re.compile(
    r"\b(?:to|for) (?:our|my|all|all our|the) (?:[\w'-]+ ){0,2}?(?:members|customers|"
    r"subscribers|followers|patients|clients|shoppers|regulars)\b",
    re.IGNORECASE,
)
_OCCASION = re.compile(r"(?<![\w/-])(?:4/20|4-20|420)(?![\w/-])", re.IGNORECASE)
_FIGURES = re.compile(r"\d")
_TURNED_INTO = re.compile(
    r"\b(?:turn|make|shape|work|rewrite|convert)\b.{0,60}?\binto\b", re.IGNORECASE
)


# A follow-up asking for one more of the document just drafted: "and a closing one too,
# same style", "another version for weekends", "same format for the back office".
_ONE_MORE = re.compile(
    r"\b(?:one|version) too\b|\bsame (?:style|format|layout|template)\b|"
    r"\banother (?:one|version)\b|^\W*(?:and|now|also|ok|okay)?\W*(?:an?|the) [\w-]+ one\b",
    re.IGNORECASE,
)


def conversation_draft(user_turns: list[str] | tuple[str, ...]) -> Draft | None:
    """The document the latest user turn asks for; for a turn that asks for one more like
    the one before ("and a closing one too, same style"), the earlier turn's class of
    document with the new brief."""
    if not user_turns:
        return None
    latest = user_turns[-1].strip()
    found = drafting_request(latest)
    if found is None and len(user_turns) >= 2 and _REWORK_EARLIER.search(latest):
        return _reworked(user_turns[:-1], latest)
    if found is not None or len(user_turns) < 2 or not _ONE_MORE.search(latest):
        return found
    if _ASKS_A_RULE.search(latest) or _ASKS_ANYTHING.search(latest):
        return None
    earlier = drafting_request(user_turns[-2])
    if earlier is None:
        return None
    outline = next(parts for kind, _, parts in _NAMES if kind == earlier.kind)
    return Draft(earlier.kind, latest, _outline(earlier.kind, latest, outline))


# A change to the draft just given: "make it shorter and add a disclaimer", "more casual",
# "now for nevada", "add the 21+ line", "drop the emojis", "try again". Not a question.
_REWORK_EARLIER = re.compile(
    r"^\W*(?:(?:ok|okay|cool|nice|great|good|thanks|thx|love it|perfect|hmm|now|pls|please|"
    r"can you|could you|can u|but|and)\W+)*(?:make (?:it|that|this|them)|shorten|tighten|"
    r"add (?:a|an|the|some|our|in)\b|drop (?:the|a)\b|remove (?:the|a)\b|cut (?:the|it)\b|"
    r"change (?:the|it)\b|swap (?:the|out)\b|redo (?:it|that)|rewrite (?:it|that)|"
    r"try again|one more try|more (?:casual|formal|fun|playful|professional|punchy|"
    r"friendly|upbeat|serious)|less (?:salesy|formal|wordy|corporate|cheesy)|"
    r"(?:now |same thing |same )?(?:for|in) (?:nevada|michigan|colorado|california|"
    r"[a-z]{2}\b))(?![^?]*\?)",
    re.IGNORECASE,
)


def _reworked(earlier_turns: list[str] | tuple[str, ...], change: str) -> Draft | None:
    """The latest draft of the conversation asked for again with the change the user asks
    ("make it shorter"): its class of document, its brief and the change as a line."""
    for turn in reversed(earlier_turns):
        earlier = drafting_request(turn.strip())
        if earlier is not None and earlier.kind not in ("critique", "rewrite"):
            parts = next(parts for kind, _, parts in _NAMES if kind == earlier.kind)
            brief = f"{earlier.brief} (changed: {change})"
            return Draft(earlier.kind, brief, _outline(earlier.kind, brief, parts))
    return None


# Words of the user's own to rework or judge: "rewrite this to sound friendlier: '...'",
# "critique this tagline: '...' too much?". Offline, the engine cannot reword freely: it
# gives the shape of a reworked text, or the checks a text should pass, with the words.
_REVISE = re.compile(
    r"^\W*(?:(?:pls|please|can you|could you|can u|hey)\W+)*(?P<verb>rewrite|re-?word|"
    r"rephrase|reformulate|punch up|tighten|soften|polish|critique|review|proofread|"
    r"roast|give (?:me )?feedback on)\b.{0,60}?(?::|'|\"|\u201c|\u2018)",
    re.IGNORECASE,
)
# How many versions are wanted ("give me 3 alternatives"): a count of drafts, not a figure.
_VERSIONS_ASKED = re.compile(
    r"\b\d+\s+(?:[a-z]+\s+)?(?:alternatives?|options?|versions?|ideas?|"
    r"variations?|takes?|rewrites?|suggestions?)\b",
    re.IGNORECASE,
)
_JUDGING = frozenset({"critique", "review", "proofread", "roast", "give feedback on"})
_REWORK_PARTS = (
    "Keep: [the point or rule the text must still make]",
    "Open warmly: [a welcome or a thanks before the ask]",
    "Say why: [one short reason, so the ask reads as care, not a threat]",
    "Close: [a thank-you or an offer of help]",
)
_CRITIQUE_PARTS = (
    "Audience: [would it appeal to anyone under 21: slang, cartoons, candy words?]",
    "Claims: [does it promise an effect, a cure or a health benefit?]",
    "Use: [does it urge using more, or using to escape problems?]",
    "Rules: [check it against your state's advertising rules and each platform's policy: "
    "name your state and ask me for them]",
)


def _revision(text: str) -> Draft | None:
    """A request to rework or judge words the user gives, when it names no place's rule."""
    found = _REVISE.match(text)
    # "critique my label math: ... 9.1 mg, we're in colorado, do we relabel?" asks a rule
    # "critique this tagline for our virginia hemp seltzer brand": the brand's home is where
    # the words will run, not a rule asked of it
    own_words = _VERSIONS_ASKED.sub(" ", _QUOTED.sub(" ", text))
    placed = detect_jurisdictions(_OWN_BUSINESS.sub(" ", own_words))
    if found is None or placed or _FIGURES.search(own_words):
        return None
    verb = " ".join(found.group("verb").lower().split())
    judging = verb in _JUDGING
    kind, parts = ("critique", _CRITIQUE_PARTS) if judging else ("rewrite", _REWORK_PARTS)
    lines = "\n".join(f"- {part}" for part in parts)
    doing = "the checks to run it through" if judging else "the shape of a reworked version"
    return Draft(
        kind,
        text.strip(),
        f"Running offline, I don't rework wording freely; here is {doing}, to apply to "
        f"your text.\n\nYour text: {text.strip()}\n\n{lines}",
    )


def _outline(kind: str, brief: str, parts: tuple[str, ...]) -> str:
    lines = "\n".join(f"- {part}" for part in parts)
    return (
        f"Here is an outline for your {kind}, to fill in and adapt.\n\n"
        f"Your brief: {brief}\n\n{lines}\n\n"
        "I have not checked it against any rule: before it goes out, ask me what your "
        "state's rules require for it (age statements, warnings, claims to avoid)."
    )


def routed_to_writer(route: RouteDecision, draft: Draft | None) -> RouteDecision:
    """The route for a document asked for: to the agent that writes its class, sure of it;
    the router's pick when no draft is asked for or its class has no one writer."""
    writer = writer_of(draft.kind, draft.brief) if draft is not None else None
    if writer is None or writer == route.agent:
        return route
    return RouteDecision(writer, max(route.confidence, 0.5), route.agent)
