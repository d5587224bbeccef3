"""Passages of the asking organisation's own files beside the packs' facts.

The caller hands `AgentService.prepare` the organisation's index (`ChatRequest.documents`,
built by `trichome.documents.index` from that organisation's files only). Its passages that
cover enough of the question join the packs' passages: first when the question speaks of the
asker's own papers ("our SOP", "my COA", a file's name) or when they cover it better than
any fact, after the facts otherwise. The scores of two indexes are not comparable, so the
order is decided by coverage (the share of the question a passage holds), which is."""

from __future__ import annotations

import re
from collections.abc import Sequence

from trichome.agents.engine import OWN_DOCUMENTS
from trichome.knowledge.packs import Fact
from trichome.knowledge.retrieval import RELEVANT_COVERAGE, FactIndex, Passage

# The organisation's passages an answer may draw on.
OWN_PASSAGES = 4
# Words by which a question asks about the asker's own papers.
_OWN_PAPERS = re.compile(
    r"\b(?:our|my|we|us|mine|ours|uploaded|attached|(?:the|this|that) (?:file|document|pdf|"
    r"sop|coa|certificate|spreadsheet|policy|procedure|licen[cs]e|manual))\b",
    re.IGNORECASE,
)
# Words by which a question asks for a new document rather than what one says.
_DRAFT = re.compile(
    r"\b(?:write|draft|create|make|generate|prepare|template|rewrite|update)\b", re.IGNORECASE
)


def _relevant(passage: Passage) -> bool:
    return passage.coverage >= RELEVANT_COVERAGE and passage.shares_enough_words


def asks_about_own_papers(question: str) -> bool:
    """Whether a question speaks of the asker's own documents."""
    return _OWN_PAPERS.search(question) is not None


def own_passages(documents: FactIndex | None, question: str) -> list[Passage]:
    """The organisation's passages covering enough of the question, best first."""
    if documents is None:
        return []
    return [p for p in documents.search(question, limit=OWN_PASSAGES) if _relevant(p)]


def reads_own_papers(own: Sequence[Passage], question: str) -> bool:
    """Whether the question asks what the organisation's own papers say (and one of them
    has an answer) rather than for a new procedure to be drafted."""
    return bool(own) and asks_about_own_papers(question) and not _DRAFT.search(question)


def with_own_documents(
    passages: Sequence[Passage], own: Sequence[Passage], question: str
) -> list[Passage]:
    """The packs' passages with the organisation's relevant passages added (see above)."""
    if not own:
        return list(passages)
    best_fact = max((p.coverage for p in passages if _relevant(p)), default=0.0)
    if asks_about_own_papers(question) or own[0].coverage > best_fact:
        return [*own, *passages]
    return [*passages, *own]


def is_own(fact: Fact) -> bool:
    """Whether a fact is a passage of the organisation's own files."""
    return fact.pack_id == OWN_DOCUMENTS


def the_other_side(
    usable: Sequence[Passage], chosen: Sequence[Fact], asks_rule: bool
) -> Fact | None:
    """Beside an answer led by a fact, the best passage of the organisation's files; beside
    one led by its file, for a question on a rule ("does our transport SOP meet New Jersey's
    rule?"), the best fact of the packs. None when there is none or it is already chosen."""
    if not chosen:
        return None
    lead_is_own = is_own(chosen[0])
    if lead_is_own and not asks_rule:
        return None
    for passage in usable:
        if is_own(passage.fact) != lead_is_own and passage.fact not in chosen:
            return passage.fact
    return None
