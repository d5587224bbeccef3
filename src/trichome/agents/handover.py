"""The specialist whose packs hold the answer the main agent found.

The main agent reads every specialist's packs to triage. When the router leaves a question
with it ("leaf temp optimum for photosynthesis?", "unrelated, but the co2 osha limit?") and
every fact that answers comes from one specialist's packs, that specialist answers: the
question is its subject, whatever words the router leaned on.
"""

from __future__ import annotations

from dataclasses import replace

from trichome.agents.engine import AnswerRequest
from trichome.agents.registry import AGENTS, MAIN_AGENT, Agent
from trichome.knowledge.retrieval import KnowledgeBase
from trichome.plans import PublicModel


def owner_of(
    request: AnswerRequest, knowledge: KnowledgeBase, model: PublicModel, settled: object = None
) -> tuple[Agent, AnswerRequest]:
    """The request's agent, or, when it is the main agent and every fact the answer would
    give comes from one specialist's packs, that specialist (if `model` includes it), with
    the request handed to it. `settled` (a note, a template, a quiet reply): the choice is
    made already."""
    agent = request.agent
    if agent.name != MAIN_AGENT or settled or request.out_of_scope or request.uncovered_states:
        return agent, request  # a decline or an admission stays the main agent's
    if request.calculation or request.sop or request.draft:
        return agent, request  # answered by a sum or a document, not by a specialist's facts
    owners: set[str] = set()
    for passage in request.answerable():
        place = passage.fact.jurisdiction
        if place is not None and place not in request.jurisdictions:
            return agent, request  # a place's rule, no place named: the main agent asks which
        pack = knowledge.packs.get(passage.fact.pack_id)
        if pack is None:
            return agent, request  # the asker's own documents or a web page: no specialist's
        owners.update(pack.agents)
    if len(owners) != 1:
        return agent, request  # nothing answers, or several agents' facts: the main agent's
    owner = AGENTS.get(owners.pop())
    if owner is None or not owner.available_on(model):
        return agent, request
    return owner, replace(request, agent=owner)
