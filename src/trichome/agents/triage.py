"""Which agent answers: the router's pick, corrected by what the question is understood to ask.

The router reads words; some questions are a specialist's whatever their words lean to. A
procedure asked for is written by operations from its template ("a compliant SOP for
transport in New Jersey"). A rule of a named place is the compliance specialist's
("minnesota home grow - how many plants?" leans to cultivation by its words), and so is any
question naming a place that the router could not place with a specialist: the main agent's
packs hold no state's rules, so sending "providence - can i give my buddy some?" there
only guarantees a refusal.
"""

from __future__ import annotations

from trichome.agents.registry import AGENTS, MAIN_AGENT, Agent, upgrade_note
from trichome.agents.router import RouteDecision
from trichome.agents.understanding import RequestKind, Understanding
from trichome.knowledge.sops import SopTemplate
from trichome.plans import PublicModel

OPERATIONS = "operations"
COMPLIANCE = "compliance"
MARKETING = "marketing"
FORMULATION = "formulation"
# Rule topics another specialist answers too (transport, waste, tracking, batches,
# packaging, records and workplace safety: operations; advertising: marketing).
NOT_ONLY_COMPLIANCE = frozenset(
    {"advertising", "transport", "waste", "track-and-trace", "batch-size", "packaging",
     "record-keeping", "workplace-safety", "exposure-limits", "safety-equipment"}
)  # fmt: skip
# OSHA's duties on a shop floor, the EHS work of operations (the router data's rule 12):
# injury logs, noise, exposure limits, respirators, lockout, eyewash, extinguishers, forklifts.
WORKPLACE_TOPICS = frozenset({"workplace-safety", "exposure-limits", "safety-equipment"})
_NO_FACT_WANTED = (RequestKind.SMALL_TALK, RequestKind.OUT_OF_SCOPE)
UNSURE_BELOW = 0.6
_SHOP_AGENTS = frozenset({OPERATIONS, "marketing", "formulation"})


def _compliance_asked(topics: set[str]) -> bool:
    """Whether rule topics make a question the compliance specialist's: one only it answers
    (possession, home grow, taxes ...), and no advertising (the marketing specialist's,
    with its own packs of the advertising rules)."""
    return bool(topics - NOT_ONLY_COMPLIANCE) and "advertising" not in topics


def specialist(
    route: RouteDecision,
    model: PublicModel,
    understanding: Understanding,
    template: SopTemplate | None,
    upgrade_url: str,
    drafting: bool = False,
    correspondence: bool = False,
) -> tuple[Agent, tuple[str, ...]]:
    """The agent that answers and the notes it adds (an upgrade note when the model lacks
    the specialist the router picked and the main agent answers instead); `drafting`: a
    document is asked for, whose writer `route` already names; `correspondence`: it is a
    document that states no rule (an email, a post, a brand story: `STATES_NO_RULE`)."""
    routed = AGENTS[route.agent]
    notes: tuple[str, ...]
    if not routed.available_on(model):
        agent, notes = AGENTS[MAIN_AGENT], (upgrade_note(routed, upgrade_url),)
    else:
        agent, notes = routed, ()
    main = AGENTS[MAIN_AGENT]
    if understanding.kind in _NO_FACT_WANTED and template is None:
        # A greeting, a thanks or a request outside the trade (a stock tip, a court case,
        # the weather) is the main agent's to answer, whatever words lean elsewhere.
        return main, ()
    operations = AGENTS[OPERATIONS]
    if template is not None:
        if agent is not operations and operations.available_on(model):
            return operations, ()
        return agent, notes
    if understanding.money_report and agent.name in _SHOP_AGENTS and not drafting:
        # "paid 6k cash monday and 5k tuesday, no 8300 needed?": a federal cash report, the
        # main agent's (the router data's rule 11), whatever shop words lean elsewhere
        return main, ()
    formulation = AGENTS[FORMULATION]
    chemist = formulation.available_on(model) and not drafting
    if understanding.phase_change and agent.name in (OPERATIONS, MAIN_AGENT) and chemist:
        # "new to our co2 extractor, when does co2 go supercritical?": a substance's boiling
        # or critical point is chemistry (the router data's convention), whoever runs the kit
        return formulation, ()
    compliance = AGENTS[COMPLIANCE]
    marketing = AGENTS[MARKETING]
    ads_only = {topic.name for topic in understanding.rule_topics} == {"advertising"}
    pitched = agent.name in (COMPLIANCE, *_SHOP_AGENTS)  # not the main agent's triage
    if pitched and ads_only and not drafting and marketing.available_on(model):
        # What an ad may say, where it may run and who must see it is the marketing
        # specialist's (the router data's rule 1), which reads every state's advertising
        # rules: "what share of a podcast's listeners must be 21+", "must paid influencers
        # disclose it", however legal the words, or "can we say our uv-treated flower is
        # cleaner", however much its words lean to the grow room
        return marketing, ()
    asked = {topic.name for topic in understanding.rule_topics}
    if (
        agent is compliance
        and asked
        and asked <= WORKPLACE_TOPICS
        and not drafting
        and operations.available_on(model)
    ):
        # "does a new hire need a medical evaluation before the respirator fit test?": OSHA's
        # duty, the EHS work operations' packs hold, however legal its words
        return operations, ()
    # A state named, or federal hemp law: "is our thca flower fine federally?" asks the
    # federal hemp rule, which compliance reads (federal tax or banking is the main agent's).
    placed = understanding.state or (understanding.jurisdictions and "hemp" in asked)
    if agent is compliance or not compliance.available_on(model) or not placed:
        return agent, notes
    rule_asked = _compliance_asked({topic.name for topic in understanding.rule_topics})
    unplaced = agent.name == MAIN_AGENT and understanding.kind not in _NO_FACT_WANTED
    # A place named and words that lean nowhere firmly ("utah: the purchase window resets
    # every how many days?"): what a place allows is the compliance specialist's.
    unsure = route.confidence < UNSURE_BELOW and not (
        drafting or understanding.kind is RequestKind.DRAFT
    )
    if correspondence and (not unsure or agent.name == MAIN_AGENT):
        # "now write our POS vendor an email to update the limits": the writer the router is
        # sure of writes it, whatever rule the conversation was about (not a checklist of
        # the rules, which compliance's facts fill); a note to a bank, a landlord or an
        # official is the main agent's, whatever place or crop its story names
        return agent, notes
    if rule_asked or unplaced or (unsure and "advertising" not in asked):
        return compliance, ()
    return agent, notes


# The calculators that work out a grow room or a harvest (operations'); "convert" and
# "price_per_gram" and "sales_tax" are anyone's.
_OPERATIONS_CALCULATIONS = frozenset(
    {"vpd", "daily_light_integral", "ppfd_for_dli", "humidity_for_vpd", "temperature_for_vpd",
     "dry_weight", "cultivation_yield"}
)  # fmt: skip
_ANYONES_CALCULATIONS = frozenset({"convert", "price_per_gram", "sales_tax"})
# Calculations that apply a state's limit (what is left of it, an amount's equivalent).
_RULE_CALCULATION = "purchase_limit"


def calculating_specialist(
    agent: Agent, calculation: str | None, understanding: Understanding, model: PublicModel
) -> Agent:
    """The specialist whose maths a worked calculation is, when no rule is asked ("how
    many 10 mg servings in a 100 mg bar?" is formulation's, a leaf VPD operations'):
    otherwise the agent already chosen."""
    if calculation is None or understanding.rule_topics or understanding.kind in _NO_FACT_WANTED:
        return agent
    parts = set(calculation.split("+"))
    if parts <= _ANYONES_CALCULATIONS or all(p.startswith(_RULE_CALCULATION) for p in parts):
        return agent  # what a purchase limit leaves is the law's sum, not a recipe's
    wanted = (
        OPERATIONS if parts - _ANYONES_CALCULATIONS <= _OPERATIONS_CALCULATIONS else FORMULATION
    )
    specialist_agent = AGENTS[wanted]
    if agent.name in (OPERATIONS, FORMULATION) or not specialist_agent.available_on(model):
        return agent
    return specialist_agent


def second_opinion(route: RouteDecision, state: str | None, rule_asked: bool) -> str | None:
    """The agent asked when an unsure pick's packs know nothing: the router's runner-up, or
    in place of the main agent, the compliance specialist for a place's rule, and nobody for a
    question that asks no rule ("what kpis should our kitchen track", "plan our 710 promos"):
    the specialist's own advice answers that better than whatever general fact the main
    agent's packs share a few words with."""
    if route.runner_up != MAIN_AGENT:
        return route.runner_up
    if state:
        return COMPLIANCE
    return MAIN_AGENT if rule_asked else None


def abstains_instead(pick: Agent, runner_up: Agent) -> bool:
    """Whether the runner-up gives the abstention when neither its packs nor an unsure
    pick's answer the question: the main agent does, in place of a specialist other than
    compliance (whose gap names the regulator): "the moncton store's hours on holidays?" is
    no marketing question however the router leans."""
    return runner_up.name == MAIN_AGENT and pick.name != COMPLIANCE
