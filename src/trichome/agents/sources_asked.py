"""Questions that ask where a rule is written: its code section, statute or regulation.

"Ok and which code section?" after California's edible cap, "what statute is that in?",
"cite the reg": the asker wants the law's own references, so the answer leads with every
primary source the rule rests on (a statute beside the regulation that carries it out),
not only the first one the sources list names.
"""

from __future__ import annotations

import re

from trichome.knowledge.packs import Fact

_ASKS_SOURCE = re.compile(
    r"\b(?:which|what)(?: exact| specific)? (?:code )?(?:section|sec\.?|statute|regulation|reg|"
    r"rule number|subsection|cfr)s?\b|"
    r"\b(?:which|what) (?:law|code)\b(?= (?:is (?:that|it|this)|says|sets|section))|"
    r"\b(?:cite|citation|citations|cited)\b|\bsection numbers?\b|"
    r"\bwhere (?:is|does) (?:that|this|it|the \w+(?: \w+)?) (?:written|come from|say|in the "
    r"(?:law|statute|code|regs?|regulations))\b|"
    r"\b(?:in|from) (?:the )?statute itself\b|\bstatute or (?:a |the )?(?:reg|regulation|rule)\b|"
    r"\b(?:reg|regulation|rule) or (?:the |a )?statute\b|\blegal (?:basis|authority|citation)\b",
    re.IGNORECASE,
)


def asks_source(turn: str) -> bool:
    """Whether a turn asks which statute, regulation or section a rule is in."""
    return bool(_ASKS_SOURCE.search(turn))


def where_written(fact: Fact) -> str:
    """The sentence naming every primary source of a fact with its section."""
    primary = [source for source in fact.sources if source.kind == "primary"] or list(fact.sources)
    named = "; ".join(f"{source.title}, {source.section}" for source in primary)
    return f"Where it is written: {named}."
