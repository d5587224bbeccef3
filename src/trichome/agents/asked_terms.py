"""The term a question asks about by name, which the fact answering it must hold.

Some questions say outright which thing they ask about, and a fact on the same topic that
does not name it answers a neighbouring question, however many of the question's other
words it shares. Two such shapes are read here, whatever the subject:

- a definition asked: "what THC % makes something a 'cannabis concentrate'?", "what counts
  as a microbusiness?", "how is 'adult-use' defined?". A fact that lists concentrates among
  extracts does not define the term; only one that names the term asked can.
- a figure named to be explained: "why do labs multiply THCA by 0.877?", "where does the
  0.877 factor come from?". A fact on lab limits that shares "labs" and "multiply" with the
  question is not about that number; only one stating it can say where it comes from.

Measured amounts in a story ("our field came back 0.4 on the retest") are not asked about:
only a figure the question points at as a factor or a number to explain is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from trichome.knowledge.packs import Fact
from trichome.knowledge.words import tokenize

# Straight or curly quotes around the term.
_QUOTED = "['\"\u2018\u201c]([^'\"\u2019\u201d?]{2,60})['\"\u2019\u201d]"
_ARTICLE = r"(?:(?:a|an|the)\s+)?"
# What a bare term asked to be defined may be: up to four words, up to where the question
# goes on ("... in Canada?", "... under the Act").
_BARE = (
    r"([a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)(?=\s*(?:[?.,;:!]|$|\s(?:in|under|for|by|per|and)\b))"
)
# Only "what ..." questions and "definition of" ask for a definition: "does that count as
# advertising?" asks whether one thing is another, which a fact may answer in its own words.
_WHAT = r"\bwhat(?:'s|s|\s+is|\s+are)?\s+(?:[\w%$-]+\s+){0,4}?"
_DEFINITION_CUES = (
    rf"{_WHAT}makes?\s+(?:something|anything|a\s+product|a\s+\w+|them)\s+{_ARTICLE}",
    rf"{_WHAT}(?:counts?|qualif(?:y|ies)|is\s+classed|is\s+classified)\s+as\s+{_ARTICLE}",
    rf"\bwhat(?:'s|s|\s+is|\s+are)\s+considered\s+{_ARTICLE}",
    rf"\b(?:legal\s+)?definition\s+of\s+{_ARTICLE}",
    r"\bhow\s+(?:does|do)\s+[\w\s]{1,30}?\s+define\s+",
)
_DEFINITION = tuple(
    re.compile(cue + f"(?:{_QUOTED}|{_BARE})", re.IGNORECASE) for cue in _DEFINITION_CUES
)
# "how is 'adult-use' defined", "what is 'x' defined as"
_DEFINED_AFTER = re.compile(rf"{_QUOTED}\s+(?:is\s+|are\s+)?defined\b", re.IGNORECASE)

# A bare decimal figure (no unit after it), the figure of a factor or ratio.
_UNIT = r"(?:%|percent\b|mg\b|milligrams?\b|g\b|grams?\b|oz\b|ounces?\b|ml\b|kg\b|lbs?\b|pounds?\b)"
_FIGURE = rf"(?<![\d.])(\d*\.\d+)(?![\d.])(?!\s*{_UNIT})"
_FIGURE_ASKED = (
    # "multiply THCA by 0.877", "divided by 0.877", "times 0.877"
    re.compile(
        rf"\b(?:multipl\w*|divid\w*|times|scal\w*)\b[^?.!]{{0,40}}?\b(?:by\s+)?{_FIGURE}",
        re.IGNORECASE,
    ),
    # "the 0.877 factor", "0.877 conversion", "a 0.877 multiplier"
    re.compile(
        rf"{_FIGURE}\s+(?:conversion\s+)?(?:factor|multiplier|ratio|coefficient|constant|number)\b",
        re.IGNORECASE,
    ),
    # "factor of 0.877", "where does 0.877 come from", "what is 0.877"
    re.compile(
        rf"\b(?:factor|multiplier|ratio|coefficient|constant)\s+(?:of\s+)?{_FIGURE}", re.IGNORECASE
    ),
    re.compile(
        rf"\b(?:where\s+does|why\s+is|what\s+is|what's)\s+(?:the\s+|that\s+)?{_FIGURE}",
        re.IGNORECASE,
    ),
    # "why it's 0.877 and not 1", "why is it 0.877": the figure itself questioned
    re.compile(rf"\bwhy\s+(?:is\s+(?:it|that)|it'?s|it\s+is|that'?s|that\s+is)\s+{_FIGURE}", re.I),
    # asked indirectly: "asked where the 0.877 comes from"
    re.compile(rf"\bwhere\s+(?:the\s+|that\s+|this\s+)?{_FIGURE}\s+(?:comes?|came)\s+from\b", re.I),
)
# A term quoted, then how it is worked out asked ("illinois taxes by 'adjusted' thc. how is
# that adjusted number worked out?"): the fact must say what the term is, not only use it.
_QUOTED_THEN_HOW = re.compile(
    rf"{_QUOTED}.{{0,80}}?\bhow (?:is|are|do (?:you|they|we|i)|does (?:it|the state|one))\b"
    r"[^?]{0,40}?\b(?:worked out|work (?:it|that) out|calculat\w*|comput\w*|determin\w*|"
    r"figured|figure (?:it|that) out|defined|define|measured|derived)\b",
    re.IGNORECASE,
)
# A word to be printed or said on a product or in an ad ("can we put 'organic' on the label",
# "ok to use the word craft on our jars?"): a label or ad rule that never names the word does
# not say whether it may be used; only a fact naming it does.
_CLAIM_ASKED = (
    re.compile(
        r"\b(?:put|print|say|use|write|claim|call\s+(?:it|them|our\s+[\w-]+(?:\s+[\w-]+)?)|"
        rf"(?:label|market|advertise|sell|brand)\s+(?:it|them)\s+as)\s+{_QUOTED}",
        re.IGNORECASE,
    ),
    re.compile(
        r"\b(?:use|put|print|say|write|include)\s+the\s+(?:word|term|phrase|claim)\s+"
        r"['\"\u2018\u201c]?([a-z][\w-]{2,30})",
        re.IGNORECASE,
    ),
)
# A solvent's or a gas's own safety or physical figure asked ("the LEL of propane", "ethanol's
# flash point", "IDLH for CO2"): a fact about another gas, or about gas detection at large,
# gives a neighbouring figure, so only a fact about the substance named answers.
_SUBSTANCES = (
    r"propane|n-?butane|isobutane|butane|lpg|ethanol|isopropanol|isopropyl alcohol|ipa|"
    r"methanol|hexane|heptane|pentane|acetone|carbon dioxide|co2|carbon monoxide|nitrogen|"
    r"ammonia|ethyl acetate|limonene|myrcene|linalool|(?:alpha-|beta-)?pinene|caryophyllene|"
    r"terpinolene|humulene|ocimene|bisabolol"
)
# A substance as named, "n-" before a straight-chain alkane or not ("n-hexane" is hexane).
_SUBSTANCE = rf"(?:n-)?(?:{_SUBSTANCES})"
_PROPERTIES = (
    r"lels?|uels?|pels?|rels?|idlh|tlv|stel|(?:lower|upper) (?:explosive|flammab\w*) limit|"
    r"flash ?points?|boiling points?|auto-?ignition (?:temp\w*|points?)|exposure limits?|"
    r"explosive limits?|flammab\w* limits?|vapou?r pressure|vapou?r density"
)
_PROPERTY_ASKED = (
    re.compile(
        rf"\b(?P<figure>{_PROPERTIES})\s+(?:of|for|on)\s+(?:the\s+|pure\s+)?"
        rf"(?P<substance>{_SUBSTANCE})\b",
        re.IGNORECASE,
    ),
    re.compile(
        rf"(?<![\w-])(?P<substance>{_SUBSTANCE})(?:'s|\u2019s)?\s+(?P<figure>{_PROPERTIES})\b",
        re.IGNORECASE,
    ),
    # "at what temp does myrcene boil", "what temperature does n-butane actually boil at"
    re.compile(
        rf"\bwhat (?:temp\w*|degree\w*) (?:does|do|will|would) (?:the |pure )?"
        rf"(?P<substance>{_SUBSTANCE})\s+(?:\w+\s+)?(?P<figure>boil)\b",
        re.IGNORECASE,
    ),
)
# Names of one substance: "CO2" is carbon dioxide, "n-butane" butane, "IPA" isopropanol.
_SAME_SUBSTANCE = {
    "carbon dioxide": "co2", "n-butane": "butane", "nbutane": "butane", "ipa": "isopropanol",
    "isopropyl alcohol": "isopropanol", "n-hexane": "hexane", "nhexane": "hexane",
}  # fmt: skip


def _one_name(name: str) -> str:
    plain = " ".join(name.lower().split())
    return _SAME_SUBSTANCE.get(plain, plain).removeprefix("n-")


_MORE_THAN_ONE_ASKED = re.compile(
    r"\?[^?]*\w[^?]*\?|\b(?:and|also|plus)\W+(?:what|whats|how|which|is|are|does|do)\b",
    re.IGNORECASE,
)
_PROPERTY_NAMED = re.compile(rf"\b(?:{_PROPERTIES})\b", re.IGNORECASE)
_SUBSTANCE_NAMED = re.compile(rf"(?<![\w-]){_SUBSTANCE}\b", re.IGNORECASE)
# A sentence of a fact that defines something ("X means ...", "is defined as", "refers to").
_DEFINING = re.compile(
    r"[^.]*\b(?:means?|meaning|defined|defines?|definition|refers? to|is any|are any|"
    r"classed as|classified as)\b[^.]*",
    re.IGNORECASE,
)
# A defined term that is only a question word or a pronoun is no term.
_NOT_A_TERM = frozenset({"it", "this", "that", "them", "something", "one", "what", "which"})


@dataclass(frozen=True, slots=True)
class AskedTerm:
    """A term the question asks about by name, as retrieval's words, in order."""

    text: str
    words: tuple[str, ...]
    kind: str  # "definition", "figure", "claim" or "substance" (whose own figure is asked)
    # For a substance, the words of the figure asked of it ("lel", "flash point").
    figure: tuple[str, ...] = ()

    def held_by(self, fact: Fact) -> bool:
        """Whether the fact names the term: its words in a row in the title, the text or
        one keyword (so "cannabis concentrate" is not matched by "cannabis extract (...,
        concentrates)"). A definition asked is held only where the fact is about the term
        (its title or a keyword) or its text defines it: "0.25 g of cannabis concentrates"
        in an equivalence table uses the term, it does not say what it is."""
        if self.kind == "substance":
            # the fact about propane, titled with it first: not a blend's ("LPG (a
            # propane-butane blend)") nor one naming it in passing
            first = _SUBSTANCE_NAMED.search(fact.title)
            if first is not None:
                return _one_name(first.group(0)) == _one_name(self.text)
            return any(self._in(keyword) for keyword in fact.keywords)
        if any(self._in(part) for part in (fact.title, *fact.keywords)):
            return True
        if self.kind == "definition":
            # "... 24 grams of concentrated cannabis (separated resin, or ...)": defined in
            # parentheses where it is used (not examples: "(such as vape oil ...)"), or in a
            # sentence that says what it means
            glossed = re.search(
                rf"\b{re.escape(self.text)}s?\s*\((?![^)]*\b(?:such as|e\.g\.|for example)\b)",
                fact.text,
                re.IGNORECASE,
            )
            return glossed is not None or any(
                self._in(sentence) for sentence in _DEFINING.findall(fact.text)
            )
        return self._in(fact.text)

    def _in(self, part: str) -> bool:
        tokens = tokenize(part)
        width = len(self.words)
        return any(
            tuple(tokens[i : i + width]) == self.words for i in range(len(tokens) - width + 1)
        )


def _term(words: str, kind: str) -> AskedTerm | None:
    tokens = tuple(tokenize(words))
    if not tokens or set(tokens) <= _NOT_A_TERM:
        return None
    return AskedTerm(" ".join(words.split()).lower(), tokens, kind)


@lru_cache(maxsize=512)
def asked_terms(question: str) -> tuple[AskedTerm, ...]:
    """The terms a question asks to be defined or explained by name (none for most)."""
    found: list[AskedTerm] = []
    for pattern in _DEFINITION:
        for match in pattern.finditer(question):
            term = _term(match.group(1) or match.group(2) or "", "definition")
            if term is not None:
                found.append(term)
    for match in _QUOTED_THEN_HOW.finditer(question):
        if (term := _term(match.group(1), "definition")) is not None:
            found.append(term)
    for match in _DEFINED_AFTER.finditer(question):
        if (term := _term(match.group(1), "definition")) is not None:
            found.append(term)
    for pattern in _FIGURE_ASKED:
        for match in pattern.finditer(question):
            if (term := _term(match.group(1), "figure")) is not None:
                found.append(term)
    for pattern in _CLAIM_ASKED:
        for match in pattern.finditer(question):
            # one word ('organic'), not a claim told whole ('helps with anxiety and sleep',
            # 'the purest flower'), which the rule on such claims answers in its own words
            if len(match.group(1).split()) == 1 and (term := _term(match.group(1), "claim")):
                found.append(term)
    found.extend(_substance_asked(question))
    found.extend(_contrast_asked(question))
    return tuple({term.words: term for term in found}.values())


def _substance_asked(question: str) -> list[AskedTerm]:
    """The one substance whose own figure the question asks ("LEL for propane?"); none when
    it asks more than one thing ("butane LEL? and what's a class 1 recall") or names other
    substances ("butane lel? what about propane"), whose facts answer too."""
    named = {_one_name(found.group(0)) for found in _SUBSTANCE_NAMED.finditer(question)}
    if len(named) != 1 or _MORE_THAN_ONE_ASKED.search(question):
        return []
    for pattern in _PROPERTY_ASKED:
        match = pattern.search(question)
        if match is not None and (term := _term(match.group("substance"), "substance")) is not None:
            figure = tuple(tokenize(match.group("figure")))
            return [AskedTerm(term.text, term.words, term.kind, figure)]
    # the figure asked apart from the one substance named: "what niosh rel does n-hexane have?"
    property_named = _PROPERTY_NAMED.search(question)
    substance = _SUBSTANCE_NAMED.search(question)
    if property_named and substance and (term := _term(substance.group(0), "substance")):
        figure = tuple(tokenize(property_named.group(0)))
        return [AskedTerm(term.text, term.words, term.kind, figure)]
    return []


# Two of the trade's things set side by side ("whats the difference between thca and thc",
# "live resin vs rosin, which is which?"): a fact naming only one of them, or neither, says
# nothing of how they differ.
_THING = (
    r"thc-?a|thca|thc|delta[- ]?9(?: thc)?|delta[- ]?8(?: thc)?|d9|d8|cbd-?a|cbda|cbd|cbn|cbg|"
    r"cbga|thcv|hhc|live resin|cured resin|live rosin|hash rosin|rosin|resin|distillate|shatter|"
    r"badder|budder|wax|diamonds|sauce|bho|rso|hash|kief|isolate|full[- ]spectrum|"
    r"broad[- ]spectrum|indica|sativa|hemp|marijuana|terpenes?|flavonoids?"
)
_CONTRAST = (
    re.compile(
        rf"\bdiff(?:erence|erent)?s?\s+(?:between\s+)?(?P<one>{_THING})\s+(?:and|&|vs\.?|versus)\s+"
        rf"(?P<two>{_THING})\b",
        re.IGNORECASE,
    ),
    re.compile(
        rf"^\W*(?P<one>{_THING})\s+(?:vs\.?|versus|or)\s+(?P<two>{_THING})\b(?=[^?]*\b(?:diff\w*|"
        r"which is which|same thing)\b|\s*\?)",
        re.IGNORECASE,
    ),
    re.compile(
        rf"\bhow (?:is|are|does|do) (?:the )?(?P<one>{_THING})\s+(?:\w+\s+){{0,2}}?diff\w*\s+"
        rf"(?:from|than|to)\s+(?P<two>{_THING})\b",
        re.IGNORECASE,
    ),
)


def _contrast_asked(question: str) -> list[AskedTerm]:
    """The two things a question asks to tell apart, when it names two of the trade's."""
    for pattern in _CONTRAST:
        match = pattern.search(question)
        if match is None:
            continue
        one, two = _term(match.group("one"), "contrast"), _term(match.group("two"), "contrast")
        if one is not None and two is not None and one.words != two.words:
            return [one, two]
    return []


def contrasts(terms: tuple[AskedTerm, ...]) -> bool:
    """Whether the terms are two things the question asks to tell apart."""
    return len(terms) == 2 and all(term.kind == "contrast" for term in terms)


# A figure asked of a substance named earlier: "what are the IDLH and the LEL for it?".
_PROPERTY_OF_IT = re.compile(
    rf"\b(?P<figure>{_PROPERTIES})\b[^?.!]{{0,40}}?\b(?:for|of|on)\s+(?:it|that|this)\b|"
    rf"\bits\s+(?P<own>{_PROPERTIES})\b|"
    # "and the LEL?", "what about the IDLH" after the PEL of ethanol was asked
    rf"^\W*(?:and|what about|how about|plus|also)\s+(?:the\s+)?(?P<bare>{_PROPERTIES})\b",
    re.IGNORECASE,
)


@lru_cache(maxsize=512)
def asked_in_conversation(question: str, user_turns: tuple[str, ...]) -> tuple[AskedTerm, ...]:
    """The terms a question asks about (`asked_terms`), and for a figure its latest turn
    asks of "it" the substance the latest earlier turn naming one named: "and the LEL for
    it?" after "the PEL for n-hexane" is answered by a fact about n-hexane alone."""
    asked = asked_terms(question)
    latest = user_turns[-1] if user_turns else question
    match = _PROPERTY_OF_IT.search(latest)
    if (
        match is None
        or _SUBSTANCE_NAMED.search(latest)
        or any(term.kind == "substance" for term in asked)
    ):
        return asked
    for turn in reversed(user_turns[:-1]):
        named = {_one_name(found.group(0)) for found in _SUBSTANCE_NAMED.finditer(turn)}
        if not named:
            continue
        term = _term(named.pop(), "substance") if len(named) == 1 else None
        if term is None:
            return asked
        figure = tuple(tokenize(match.group("figure") or match.group("own") or match.group("bare")))
        return (*asked, AskedTerm(term.text, term.words, term.kind, figure))
    return asked


def holds_asked_terms(fact: Fact, terms: tuple[AskedTerm, ...]) -> bool:
    """Whether the fact names every term the question asks about by name."""
    return all(term.held_by(fact) for term in terms)


def describe_asked(terms: tuple[AskedTerm, ...]) -> str:
    """The terms asked, for an answer saying the sources do not cover them."""
    return " or ".join(dict.fromkeys(term.text for term in terms))
