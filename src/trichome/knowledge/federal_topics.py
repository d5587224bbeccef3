"""The topics federal law governs in every US state, whichever state a question names.

"We're a Colorado dispensary, can we deduct rent under 280E?", "Michigan credit union here,
what does FinCEN expect for SARs?", "do we need an OSHA 300 log for our Washington grow?":
each names a state, but the rule asked is federal and binds there as in every state, so the
federal fact answers (after the state's own fact on the same aspect, where the packs hold
one). What makes a fact federal for such a question is the topic asked, not its wording: a
question on a state's own law ("Colorado's excise tax") is answered by that state's facts
only, though the pack topics answering it include the federal income tax.
"""

from __future__ import annotations

from collections.abc import Iterable

from trichome.knowledge.topics import Topic

# Pack topics on which federal law binds in every US state beside the state's own rule,
# whatever the question asks: the federal hemp definition (0.3% total THC; 0.4 mg a
# container from 12 Nov 2026), and what the US mail carries.
FEDERAL_IN_EVERY_STATE = frozenset({"hemp", "hemp-definition", "hemp-testing", "mailing"})

# Question topics that federal law governs in every state: income tax under IRC 280E, a
# bank's duties under the Bank Secrecy Act (FinCEN), workplace safety under the OSH Act
# (injury logs and reporting, noise, emergency action plans, OSHA's and NIOSH's exposure
# limits, its equipment standards: respirators, lockout, eyewash, extinguishers, forklifts),
# hemp (USDA, 7 CFR Part 990) and the mail.
FEDERAL_QUESTION_TOPICS = frozenset(
    {"federal-tax", "banking", "workplace-safety", "exposure-limits", "safety-equipment", "hemp",
     "mailing"}
)  # fmt: skip

# Of those, the workplace-safety ones a substance's own figure is asked under ("n-hexane's
# PEL?"): kept when a story's other topics are dropped.
FEDERAL_SAFETY_TOPICS = frozenset({"workplace-safety", "exposure-limits"})

# Pack topics whose facts of no state's own are federal law or a federal agency's figures
# (an OSHA PEL, a NIOSH limit): not a case report that merely happened in the US (the
# Massachusetts asthma death filed under worker health).
# Pack topics holding OSHA's equipment standards, which bind at every US workplace alike, so
# a fact of no place answers a question naming none (unlike 280E's or FinCEN's general
# facts, asked beside predictions and one's own case).
OSHA_EQUIPMENT_TOPICS = frozenset(
    {"respiratory-protection", "lockout-tagout", "emergency-eyewash", "fire-extinguishers",
     "powered-industrial-trucks", "fall-protection", "hazard-communication",
     "personal-protective-equipment"}
)  # fmt: skip
FEDERAL_LAW_TOPICS = (
    FEDERAL_IN_EVERY_STATE
    | {
        "federal-tax",
        "banking",
        "injury-records",
        "injury-reporting",
        "occupational-noise",
        "emergency-action-plans",
        "solvent-safety",
    }
    | OSHA_EQUIPMENT_TOPICS
)


def federal_pack_topics(asked: Iterable[Topic]) -> frozenset[str]:
    """The pack topics whose federal facts answer, in any US state, a question on the
    topics `asked`."""
    governed = [topic.answered_by for topic in asked if topic.name in FEDERAL_QUESTION_TOPICS]
    return FEDERAL_IN_EVERY_STATE | (FEDERAL_LAW_TOPICS & frozenset().union(*governed))
