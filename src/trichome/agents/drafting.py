"""Documents drafted on request that are not standard operating procedures: a caption, an
email, a staff message, a job post, a checklist, a log sheet, a quiz, an agenda, a press
release. Offline, the grounded engine answers such a request with a fill-in outline of the
document class, carrying the details the user gave; it asserts no rule as a fact, so it
cites nothing. (A procedure asked for is the SOP library's, filled with the state's rules.)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

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


# Each document class: the words that name it, and its outline (one line a part).
_CLASSES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "press release",
        r"press release|media release|news release",
        (
            "Headline: [what is new, in under ten words]",
            "Dateline: [city, state, date]",
            "Lead paragraph: [who, what, when, where, in two sentences]",
            "Quote: [one line from the owner or manager]",
            "Details: [opening hours, address, what visitors can expect]",
            "About us: [two sentences on the business and its licence]",
            "Media contact: [name, email, phone]",
        ),
    ),
    (
        "job post",
        r"job (?:post(?:ing)?|listing|ad|description)|hiring post|help wanted|"
        r"(?:post(?:ing)?|listing|ad) for (?:an? )?(?:[\w-]+ ){0,3}(?:budtenders?|drivers?|"
        r"managers?|techs?|technicians?|trimmers?|guards?|leads?|associates?|cashiers?|"
        r"growers?|positions?|roles?)",
        (
            "Job title: [role, part time or full time]",
            "About us: [one or two sentences on the store and its team]",
            "What you'll do: [three to five duties]",
            "Schedule: [days and hours]",
            "Requirements: [minimum age, experience, any permit or badge the state requires]",
            "Nice to have: [skills that help]",
            "How to apply: [where to send a resume, by when]",
        ),
    ),
    (
        "changelog entry",
        r"change ?log|release notes?",
        (
            "Version and date: [x.y.z, YYYY-MM-DD]",
            "Added: [the new capability, in one sentence a user understands]",
            "How to use it: [the endpoint or setting, with a link to the docs]",
            "Notes: [limits, anything deprecated, who to contact]",
        ),
    ),
    (
        "quiz",
        r"quiz|test questions|questionnaire",
        (
            "Question 1: [question]  A) [ ]  B) [ ]  C) [ ]  Answer: [ ]",
            "Question 2: [question]  A) [ ]  B) [ ]  C) [ ]  Answer: [ ]",
            "Question 3: [question]  A) [ ]  B) [ ]  C) [ ]  Answer: [ ]",
            "Question 4: [question]  A) [ ]  B) [ ]  C) [ ]  Answer: [ ]",
            "Question 5: [question]  A) [ ]  B) [ ]  C) [ ]  Answer: [ ]",
            "Pass mark and sign-off: [score needed, trainee, trainer, date]",
        ),
    ),
    (
        "agenda",
        r"agenda",
        (
            "Welcome and purpose: [5 min]",
            "Actions from last meeting: [owners report back]",
            "Main topics: [one line each, with the time given to each]",
            "Open questions and risks: [what needs a decision]",
            "Actions, owners and deadlines: [agreed before closing]",
            "Next meeting: [date and time]",
        ),
    ),
    (
        "form",
        r"(?:request|sign-?up|intake|sign-?in|feedback|incident|application|order|swap|"
        r"time-?off|leave) forms?|forms? with (?:just )?the fields|fields for|"
        # "a shift handoff template", "a fill-in-the-blank sheet"
        r"(?:hand-?off|handover|shift change|shift report|end of shift) (?:templates?|sheets?|"
        r"forms?|notes?)|fill[- ]in[- ]the[- ]blanks?(?: templates?| forms?| sheets?)?",
        (
            "Title: [what the form is for]",
            "Fields: [one a line, each with a blank: name, date, the details asked for]",
            "Reason or notes: [a line or two of free text]",
            "Approval: [who approves, signature, date]",
            "Filing: [where the completed form goes and how long it is kept]",
        ),
    ),
    (
        "invitation",
        r"invites?|invitations?|save the dates?|rsvp",
        (
            "Headline: [the event's name, and who it is for]",
            "When and where: [date, time, address, parking or access notes]",
            "What to expect: [agenda, who will be there, what to bring]",
            "Who may come: [industry only, 21+ with ID, or as your licence allows]",
            "RSVP: [how and by when to reply]",
        ),
    ),
    (
        "log sheet",
        r"\blogs?\b|log ?sheet|\blogging\b|tracker|tracking sheet|spreadsheet|register|"
        r"(?:template|blank) table|table for",
        (
            "Header: [area or equipment, month, who keeps this log]",
            "Columns: Date | Time | Item or area | What was done | Done by (initials) | "
            "Checked by | Notes or corrective action",
            "Rows: [one a day or a task; blank rows to fill in]",
            "Review: [who reviews the log, how often, and signs it]",
        ),
    ),
    (
        "checklist",
        r"check ?list|to-?do list",
        (
            "Before you start: [ ] [first item]  [ ] [second item]",
            "Main checks: [ ] [item]  [ ] [item]  [ ] [item]",
            "Records: [ ] [what to write down or enter in the system]",
            "Sign-off: [name, date, time; who to tell if a check fails]",
        ),
    ),
    (
        "FAQ",
        r"\bfaqs?\b|q ?& ?a|questions and answers",
        (
            "Title: [who the card is for]",
            "Q: [first question a customer asks]  A: [short answer in plain words]",
            "Q: [second question]  A: [answer]",
            "Q: [third question]  A: [answer]",
            "Footer: [where to ask for more help; the warnings your state requires]",
        ),
    ),
    (
        "name ideas",
        r"names? (?:ideas?|options|suggestions)|names? for|brand names?|"
        r"taglines?|slogans?",
        (
            "What the name should say: [the product, its mood, who it is for]",
            "What to avoid: [anything that appeals to children, candy look-alikes, health "
            "claims, names of existing brands]",
            "Ideas: [as many names as you asked for, one a line, each with why it fits]",
            "Check each: [trademark search, state packaging and advertising rules]",
        ),
    ),
    (
        "email",
        r"e-?mails?|letters?|(?:thank[- ]you )?notes?|replies|reply|responses?|"
        r"memos?|(?:recall |customer |public )notices?",
        (
            "Subject: [one line that says what it is about]",
            "Greeting: [name or group]",
            "Opening: [why you are writing, in one sentence]",
            "Details: [the facts: dates, batch or order numbers, what happened]",
            "What you ask or offer: [the next step, with a date]",
            "Sign-off: [name, role, contact]",
        ),
    ),
    (
        "message",
        r"text(?: blast| message)?s?|sms|slack(?: message| msg)?|msgs?|messages?|"
        r"announcements?|push notifications?|blasts?",
        (
            "Opening: [who it is for, in a few words]",
            "Key point: [the one thing to know or do]",
            "Details: [dates, times, conditions]",
            "Closing: [who to ask; for a marketing text, an opt-out line such as "
            "'Reply STOP to opt out']",
        ),
    ),
    (
        "social post",
        r"captions?|posts?|instagram|\big\b|tweets?|facebook|tiktok|reels?|"
        r"stories|story|hashtags?",
        (
            "Hook: [a first line that stops the scroll]",
            "Body: [one or two lines with the details]",
            "Call to action: [visit, order ahead, follow]",
            "Required lines: [age gate such as '21+ only' and the warnings your state's "
            "advertising rules require]",
            "Hashtags: [a few, none that target minors]",
        ),
    ),
    (
        "sign",
        r"chalk ?board|sandwich board|a-frame(?: sign)?|(?:window|door|menu) (?:sign|board)",
        (
            "Line 1: [the joke, pun or message, short enough to read walking past]",
            "Line 2: [the offer or welcome, if any]",
            "Keep it clean: [nothing that appeals to minors, no health claims, no "
            "consumption shown]",
            "Required lines: [the age statement your state's signage rules require]",
        ),
    ),
    (
        "copy",
        r"(?:product |menu )?descriptions?|(?:menu |web |ad )?copy|paragraphs?|intros?|"
        r"blurbs?|bios?|newsletters?|flyers?|signs?|scripts?|speech(?:es)?|talking points|"
        r"public comments?|testimony",
        (
            "Opening line: [what it is and why it stands out]",
            "Details: [flavour, format, strength per serving, size]",
            "Closing line: [how to enjoy it responsibly, or the call to action]",
            "Required lines: [the warnings and age statement your state requires]",
        ),
    ),
)
_NAMES = tuple(
    (kind, re.compile(rf"\b(?:{pattern})\b", re.IGNORECASE), outline)
    for kind, pattern, outline in _CLASSES
)
# Asking for one written: "write me", "draft a", "need an email", "give me 10", "outline".
_ASKS = re.compile(
    r"\b(?:write|draft|compose|create|make|put together|come up with|brainstorm|outline|"
    r"give me|need|want|help me (?:write|with|turn|put|prepare|draft)|can you do|whip up|prep|"
    r"turn (?:my|our|these|this) .{0,30}\binto|"
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
    r"when|where|why|anything|whether)\b",
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
    # A question quoted for the draft, or a list of its columns ("...: sample id, who
    # pulled it, lab"), asks nothing.
    own_words = _LISTED.sub(" ", _QUOTED.sub(" ", text))
    if _POLITE_REQUEST.match(own_words):
        own_words = own_words.rstrip().rstrip("?")
    if _ASKS_A_RULE.search(own_words) or _ASKS_ANYTHING.search(own_words):
        return None
    # the details in brackets are the document's content, not a rule asked ("a recall
    # notice (batch 0412, failed pesticide retest) for our oregon stores")
    bare = _BRACKETED.sub(" ", text)
    if detect_jurisdictions(text) and any(topic.rule for topic in detect_topics(bare)):
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
    if found is not None or len(user_turns) < 2 or not _ONE_MORE.search(latest):
        return found
    if _ASKS_A_RULE.search(latest) or _ASKS_ANYTHING.search(latest):
        return None
    earlier = drafting_request(user_turns[-2])
    if earlier is None:
        return None
    outline = next(parts for kind, _, parts in _NAMES if kind == earlier.kind)
    return Draft(earlier.kind, latest, _outline(earlier.kind, latest, outline))


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
