"""The sentence a question asks in, apart from the story told around it.

"formulator, working with a CBGA isolate for the first time. for THCA everyone uses 0.877.
what's the equivalent factor to get max CBG from CBGA after decarb?" asks in its last
sentence; the story's words, which no fact about CBG holds, lower a fact's coverage of the
whole message, not of what is asked.
"""

from __future__ import annotations

import re

from trichome.knowledge.packs import Fact
from trichome.knowledge.words import tokenize

# A sentence ends at ".", "!" or "?" before a space (not the point of "0.877").
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
# A fact about the thing asked holding this share of the asked sentence's words, and this
# many of them, answers it.
ASKED_SHARE = 0.5
ASKED_MATCHED = 3


def asked_sentence(text: str) -> str:
    """The last sentence of a text ending in a question mark, else its last sentence."""
    sentences = [part.strip() for part in _SENTENCE_END.split(text) if part.strip()]
    asking = [sentence for sentence in sentences if sentence.endswith("?")]
    return (asking or sentences or [text])[-1]


def holds_asked_sentence(fact: Fact, question: str) -> bool:
    """Whether a fact holds most of the words of the sentence the question asks in."""
    asked = set(tokenize(asked_sentence(question)))
    held = asked & set(tokenize(" ".join((fact.title, fact.text, *fact.keywords))))
    return len(held) >= ASKED_MATCHED and len(held) >= ASKED_SHARE * len(asked)
