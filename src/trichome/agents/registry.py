"""The agents: who answers what, from which packs, on which public models."""

from __future__ import annotations

from dataclasses import dataclass

from trichome.plans import FREE_AGENT, OPERATOR_AGENT, PRO_AGENT, PublicModel, tiers_for

MAIN_AGENT = "main_agent"


@dataclass(frozen=True, slots=True)
class Agent:
    """An agent: its prompt, the packs it reads, and the cheapest public model that includes it."""

    name: str
    title: str
    scope: str
    min_model: PublicModel
    where_to_look: str
    # Topics this agent also reads from other agents' packs (marketing needs each
    # state's advertising, promotion and packaging rules, which live in the compliance packs).
    borrowed_topics: frozenset[str] = frozenset()
    # Whether its answers are state rules, so that a state it has no rules for must be
    # said plainly rather than answered from other states' facts.
    answers_state_rules: bool = False
    # Topics it reads from other agents' packs only for a question asking about them (a
    # free gram handed out "because gifting is legal" asks the state's gift rule, filed
    # with possession limits); its index for any other question stays its own.
    borrowed_when_asked: frozenset[str] = frozenset()

    def borrows(self, asked: frozenset[str] | None) -> frozenset[str]:
        """The topics this agent reads from other agents' packs for a question on `asked`."""
        return self.borrowed_topics | (self.borrowed_when_asked & (asked or frozenset()))

    @property
    def system_prompt(self) -> str:
        """Instructions for an LLM answering as this agent."""
        return (
            f"You are Trichome's {self.title}, an assistant for licensed cannabis businesses. "
            f"Your scope: {self.scope}. Answer precisely and briefly. Use the numbered sources "
            "below for every rule, number and limit, citing them as [1], [2]; never state a "
            "regulatory number that is not in a source. When the sources do not cover the "
            "question, say so plainly and point to where the answer can be found. When a rule "
            "differs by state and the user has not named one, say which states you have rules "
            "for, or ask."
        )

    def available_on(self, model: PublicModel) -> bool:
        """Whether a caller of `model` may be answered by this agent."""
        return model.min_tier.rank >= self.min_model.min_tier.rank


AGENTS: dict[str, Agent] = {
    agent.name: agent
    for agent in (
        Agent(
            MAIN_AGENT,
            "main agent",
            "general questions about the cannabis trade and about Trichome, and triage to the "
            "compliance, formulation, operations and marketing specialists",
            FREE_AGENT,
            "your state's cannabis regulator and the Trichome documentation",
        ),
        Agent(
            "compliance",
            "compliance specialist",
            "state and federal cannabis regulation: potency and purchase limits, labelling, "
            "packaging, testing, transport, waste, track-and-trace duties and licensing",
            FREE_AGENT,
            "the current regulations on your state regulator's website (the cannabis control "
            "board or commission) and, for hemp, USDA's hemp programme rules in 7 CFR Part 990",
            # a state's rule on giveaways and deals, kept in the marketing packs, is a rule
            frozenset({"promotions"}),
            answers_state_rules=True,
            # federal law asked of a state's business: 280E, kept with the general federal
            # facts, OSHA's rules, kept with operations' safety facts, and the FDA's acidified-
            # food rule, kept with formulation's edible facts
            borrowed_when_asked=frozenset(
                {
                    "acidified-foods",
                    "federal-tax",
                    "injury-records",
                    "injury-reporting",
                    "occupational-noise",
                    "solvent-safety",
                    "worker-health",
                }
            ),
        ),
        Agent(
            "formulation",
            "formulation scientist",
            "cannabinoid and terpene science, decarboxylation, extraction and post-processing, "
            "edibles, tinctures and topicals, dosing, stability and certificates of analysis",
            FREE_AGENT,
            "peer-reviewed literature (PubMed), your testing lab, and your extraction "
            "equipment's manufacturer",
        ),
        Agent(
            "operations",
            "operations specialist",
            "standard operating procedures, inventory, staffing, scheduling and training, "
            "cultivation, extraction and facility operations, QA/QC, equipment, security, "
            "environmental health and safety, cost and throughput, and the track-and-trace "
            "workflow",
            PRO_AGENT,
            "your state's regulations, OSHA and NFPA guidance, and your track-and-trace "
            "system's documentation",
            frozenset(
                {
                    "track-and-trace",
                    "transport-manifest",
                    "waste-disposal",
                    "batch-size",
                    "packaging",
                }
            ),
            # the FDA's acidified-food rule asked of a kitchen ("what ph for a shelf-stable
            # sauce?"), kept with formulation's edible facts
            borrowed_when_asked=frozenset({"acidified-foods"}),
        ),
        Agent(
            "marketing",
            "marketing specialist",
            "brand and positioning, market and competitor research, customer segments, "
            "loyalty and retention, menus and product copy, merchandising and displays, "
            "promotions and pricing, events and vendor days, social, email and SMS, wholesale "
            "pitches to dispensaries, packaging design and naming, and the advertising rules "
            "that govern them",
            PRO_AGENT,
            "your state's advertising rules and each platform's advertising policy",
            # a promotion's terms and a product's look (shapes, mascots, package design)
            # are marketing's questions, answered by the states' rules on them
            frozenset({"advertising", "promotions", "packaging"}),
            answers_state_rules=True,
            borrowed_when_asked=frozenset({"possession-limits"}),
        ),
    )
}


def agents_for_model(model: PublicModel) -> list[Agent]:
    """The agents a caller of `model` may be answered by."""
    return [agent for agent in AGENTS.values() if agent.available_on(model)]


def upgrade_note(agent: Agent, upgrade_url: str) -> str:
    """The line main_agent adds when it answers in place of a specialist the model lacks."""
    return (
        f"This question is for the {agent.title}, which is available on {agent.min_model.id} "
        f"({tiers_for(agent.min_model)} tier and above). Upgrade at {upgrade_url} to ask it "
        "directly; above is what the main agent can say."
    )


__all__ = ["AGENTS", "MAIN_AGENT", "OPERATOR_AGENT", "Agent", "agents_for_model", "upgrade_note"]
