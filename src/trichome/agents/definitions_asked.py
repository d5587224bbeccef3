"""A request for a definition, in the words people use: the whole message asks what a short
term is, means or stands for ("what's BHO?", "rso = ?", "what does LOQ stand for on my lab
report"), in shop talk and texting too ("wtf is thca", "whats RSO stand for", "wth does
bho mean lol")."""

from __future__ import annotations

import re

# "what is" and its shorthand and slang: "whats", "wat is", "wtf is", "what the heck is".
_WHAT_IS = (
    r"(?:what(?:'s| is| are|s)|wh?at(?:'s| is| are)|wut(?:'s| is| are)|"
    r"(?:wtf|wth|tf)(?:'s| is| are| even is)?|what exactly (?:is|are)|"
    r"what (?:the |tf |in the )?(?:heck|hell|fuck|f|frick|eff)(?:'s| is| are)|"
    r"define|meaning of)"
)
# "what does", in the same registers: "wtf does", "what the hell does", "whats" (as in
# "whats RSO stand for"), "what's".
_WHAT_DOES = (
    r"(?:what|wat|wut|wtf|wth|what (?:the )?(?:heck|hell|fuck|f|frick|eff))"
    r"(?: does| do|'s|s| is)?"
)
# Words after the term that ask nothing more: "wtf is thca lol", "what is rso exactly".
_FILLER = (
    r"(?:\s+(?:lol|lmao|haha|exactly|anyway|anyways|again|even|actually|tho|though|bro|man|"
    r"dude|fr|rn|lmk|pls|please|now))*"
)
_QUOTE_OPEN = "[\"'\u201c\u2018]?"
_QUOTE_CLOSE = "[\"'\u201d\u2019]?"
_DEFINITION = re.compile(
    # "what does LOQ stand for on my lab report", "whats RSO stand for", "wth does bho mean"
    rf"^\s*{_WHAT_DOES} {_QUOTE_OPEN}(?P<acronym>[\w./-]{{2,20}}(?: [\w./-]+){{0,2}}?)"
    rf"{_QUOTE_CLOSE} (?:even )?(?:stands? for|mean|means)"
    rf"(?: (?:on|in) (?:a|an|the|my|our|this) [\w -]{{2,20}})?{_FILLER}\s*\??\s*$|"
    # "what's a COA", "wtf is thca", "define total thc", "meaning of bho"
    rf"^\s*{_WHAT_IS}\s+(?:a |an |the )?(?P<term>[\w./-]+(?: [\w./-]+){{0,2}}?){_FILLER}"
    r"\s*\??\s*$|"
    # "bho = ?", "rso means?", "thca stands for?"
    r"^\s*(?P<symbol>[\w./-]{2,20})\s*(?:=|means|stands? for)\s*\??\s*$",
    re.IGNORECASE,
)


def defined_term(text: str) -> str | None:
    """The term a message asks to have defined, if it asks for a definition."""
    match = _DEFINITION.match(text)
    if match is None:
        return None
    return match.group("acronym") or match.group("term") or match.group("symbol")
