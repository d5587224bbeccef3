"""What every answer engine takes and yields: the prepared request, the engine protocol."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from trichome.agents.allowance import Given
from trichome.agents.asked_aspects import asked_aspects, states_aspects
from trichome.agents.asked_attributes import asks_market_price, gives_market_price
from trichome.agents.asked_measures import asked_measure_first
from trichome.agents.asked_sentences import holds_asked_sentence
from trichome.agents.asked_terms import asked_in_conversation, contrasts, holds_asked_terms
from trichome.agents.calculation_requests import RecognisedCalculation
from trichome.agents.code_identifiers import lists_identifier, named_identifiers
from trichome.agents.counting import (
    gives_a_count,
    gives_the_count,
    leads_in_the_unit_asked,
    leads_with_the_measure,
    mentions,
)
from trichome.agents.drafting import Draft
from trichome.agents.figure_origins import asks_origin_of_figure, derives, explaining_first
from trichome.agents.figure_scopes import gives_a_part_asked, gives_scope
from trichome.agents.figures import gives_per_serving, gives_tolerance, gives_units
from trichome.agents.focus import Focus, about_a_focus, names_a_focus, names_the_focus
from trichome.agents.gaps import Gap
from trichome.agents.offences import states_offence
from trichome.agents.product_forms import about_forms, titles_asked_figure
from trichome.agents.registry import Agent
from trichome.agents.variance import VarianceCheck
from trichome.knowledge.federal_topics import FEDERAL_IN_EVERY_STATE, OSHA_EQUIPMENT_TOPICS
from trichome.knowledge.jurisdictions import FEDERAL, is_us_state, with_national_law
from trichome.knowledge.packs import Fact
from trichome.knowledge.retrieval import RELEVANT_COVERAGE, Passage
from trichome.knowledge.sops import FilledSop
from trichome.llm.base import AnswerEvent, ChatTurn, GenerationOptions


class ServerTools(Protocol):
    """Tools the server runs itself during an answer (the tool server's Metrc tools)."""

    @property
    def definitions(self) -> tuple[dict[str, Any], ...]:
        """OpenAI function-tool definitions."""
        ...

    @property
    def names(self) -> frozenset[str]:
        """The tool names, to tell their calls from the client's."""
        ...

    async def run(self, name: str, arguments: str) -> str:
        """Run one call; its JSON result (an error object when it failed)."""
        ...


def binds_in(
    fact: Fact, named: set[str], federal_topics: frozenset[str] = FEDERAL_IN_EVERY_STATE
) -> bool:
    """Whether a federal fact binds in a US state named: on a pack topic federal law governs
    there (the hemp definition; with `federal_topics` of the question, also 280E, FinCEN's
    SAR duties, OSHA's limits). A fact of no jurisdiction on such a topic holds everywhere
    in the US too (the general packs' 280E, a solvent's exposure limits)."""
    return (
        fact.jurisdiction in (FEDERAL, None)
        and fact.topic in federal_topics
        and any(is_us_state(code) for code in named)
    )


def _federal_everywhere(fact: Fact, asked: frozenset[str]) -> bool:
    """Whether a fact is federal law binding in every US state (hemp), or general on a topic
    asked that federal law governs everywhere (OSHA's fit tests, in a story naming no place)."""
    if fact.jurisdiction == FEDERAL:
        return fact.topic in FEDERAL_IN_EVERY_STATE
    return fact.jurisdiction is None and fact.topic in asked & OSHA_EQUIPMENT_TOPICS


# The pack id of web pages read for an answer (`/v1/responses` with web search): chosen for
# the question already, so a place it names does not hold them to the general facts' bar.
WEB_PAGES = "web"
# The pack id of passages of the asking organisation's own files (`trichome.documents`):
# found for the question in that organisation's files alone, so they too are not held to
# the general facts' bar when the question names a place.
OWN_DOCUMENTS = "own-documents"
# A fact covering this share of the question answers it without the question's rarest
# word; below it, the rarest word must be there (a weak match on common words is chance).
KEY_TERM_OPTIONAL_COVERAGE = 0.5
# A fact holding this share of the question's words that the packs know (and this many of
# them) answers a question that names no place, however many other words tell its story.
KNOWN_WORDS_ANSWER = 0.5
KNOWN_WORDS_COVERAGE = 0.25
KNOWN_WORDS_MATCHED = 3
# A figure in a fact's text, in digits or words, or an explicit "no limit".
_HAS_FIGURE = re.compile(
    r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|no limit|no cap)\b"
)


@dataclass(frozen=True, slots=True)
class DocumentReport:
    """An answer worked out from the organisation's own files rather than found in them
    (its certificates of analysis read and checked against a state's limits): the text,
    citing `[n]`, and the facts those numbers name, one per file, sourced to the file."""

    text: str
    facts: tuple[Fact, ...]

    def passages(self) -> tuple[Passage, ...]:
        """The report's facts as the passages an answer is written from, numbered alike."""
        return tuple(Passage(fact, score=1.0, coverage=1.0) for fact in self.facts)


@dataclass(frozen=True, slots=True)
class AnswerRequest:
    """Everything an engine needs to answer: the agent, the conversation and the passages."""

    public_model: str
    agent: Agent
    question: str
    messages: tuple[ChatTurn, ...]
    passages: tuple[Passage, ...]
    jurisdictions: tuple[str, ...]
    options: GenerationOptions = field(default_factory=GenerationOptions)
    # The upstream model chosen by the caller's endpoint; None means the deployment's.
    upstream_model: str | None = None
    # A calculation the question asks for, worked out by the calculators, and the sourced
    # facts it was checked against.
    calculation: RecognisedCalculation | None = None
    calculation_facts: tuple[Fact, ...] = ()
    # A standard operating procedure asked for, filled in for the user's state.
    sop: FilledSop | None = None
    # Another document asked for (a caption, an email, a checklist): its outline.
    draft: Draft | None = None
    # States the question names that the agent's packs hold no facts for, and those they do.
    uncovered_states: tuple[str, ...] = ()
    covered_states: tuple[str, ...] = ()
    # The passages were kept to the topic the question asks about (a rule question): a
    # fact of the named jurisdiction on that topic answers it even in other words.
    on_topic: bool = False
    # The question compares jurisdictions or options: facts beside the lead belong.
    comparison: bool = False
    # The pack topics a rule question asks about ("possession + home grow?" asks two).
    asked_topics: frozenset[str] = frozenset()
    # Those of them federal law governs in every US state (`federal_pack_topics`): a federal
    # fact on one answers for any state named ("280E for our Colorado shop?").
    federal_topics: frozenset[str] = FEDERAL_IN_EVERY_STATE
    # Each rule topic asked, as the pack topics answering it: "how much can I keep at home
    # and how many plants?" asks two, and the answer needs a fact for each.
    topic_groups: tuple[frozenset[str], ...] = ()
    # A greeting, a thanks or an acknowledgement: it asks for no fact.
    small_talk: bool = False
    # Why the request is outside what the agents answer ("medical", "legal", ...), if it is.
    out_of_scope: str | None = None
    # What to say about the uncovered jurisdictions: who to ask, and their status.
    gap: Gap | None = None
    # A state's potency variance rule worked out on the question's numbers.
    variance: VarianceCheck | None = None
    # What a "how many ...?" question counts ("licence", "plant"), if it is one.
    counted: str | None = None
    # What the counted thing is of ("camera" in "how many days of camera footage?").
    counted_subject: tuple[str, ...] = ()
    # The product forms the question asks about ("beverage", "capsule", ...).
    products: frozenset[str] = frozenset()
    # The question asks for a figure ("max thc per capsule?"): a fact giving none is
    # about something else.
    asks_number: bool = False
    # The units the figure asked for is in ("what % tax", "max mg per gummy"): a fact
    # giving figures in none of them gives another figure.
    figure_units: frozenset[str] = frozenset()
    # The figure asked is one serving's ("serving cap?", "per gummy?").
    per_serving: bool = False
    # The price a tax question gives ("$60 eighth, how much excise?"): the rate is applied.
    tax_price: float | None = None
    # What the figure asked is counted over ("in one sale", "a 30 day supply", "at home"):
    # a fact giving it over something else (a package's cap, plants) answers another question.
    figure_scope: str | None = None
    # Each scope the question asks a figure over, when it asks two or more ("per serving
    # and per package"): a fact of the place giving one of them answers its part.
    figure_scopes: frozenset[str] = frozenset()
    # The question asks an allowed variance or range: a fact stating none does not answer.
    tolerance: bool = False
    # The amount a "how much is left?" question says is already bought or held.
    already: Given | None = None
    # The specific things the question is about (an analyte, a food, a rule object): a fact
    # naming none of them is about something else, however many words it shares.
    focus: tuple[Focus, ...] = ()
    # A document or procedure to write ("draft a loyalty welcome email"): its own words
    # (welcome, birthday bonus) are what a fact must hold, whatever thing it is about.
    drafting: bool = False
    # The organisation's certificates of analysis checked for the question ("which of our
    # COAs failed microbials?"): the answer, and its files as the only sources.
    report: DocumentReport | None = None
    # The question asks which offence an amount is ("what degree is 6 oz?"): only facts
    # stating offences answer it, not the legal personal limits.
    offence: bool = False
    # The latest turn asks where the rule is written ("which code section?"): the answer
    # leads with every primary source of its lead fact.
    asks_source: bool = False

    def answerable(self) -> tuple[Passage, ...]:
        """The passages relevant enough to answer from, best first: those covering enough
        of the question, or, for a rule question naming a jurisdiction, on its topic."""
        if self.report is not None:
            return self.report.passages()
        named = with_national_law(self.jurisdictions)
        usable = tuple(p for p in self.passages if self._answers(p, named))
        if self.figure_units:
            # "what % tax?" is not answered by facts in dollars or dates alone; a question on
            # two topics ("the thc % ceiling and how much can a patient have?") asks the unit
            # of one part only, so there any fact in the unit lets the others answer theirs.
            giving = tuple(p for p in usable if gives_units(p.fact.text, self.figure_units))
            usable = usable if giving and len(self.topic_groups) > 1 else giving
        if self.per_serving and not any(gives_per_serving(p.fact.text) for p in usable):
            return ()  # "serving cap?" is not answered by a package's cap alone
        if self.tolerance:
            usable = tuple(p for p in usable if gives_tolerance(p.fact.text))
        elif usable and gives_tolerance(usable[0].fact.title):
            # "edible limit in michigan?" is led by the cap, not the ±15% a serving may vary
            # by: a fact on the same topic about the rule itself goes first
            lead = next((p for p in usable[1:] if p.fact.topic == usable[0].fact.topic
                         and not gives_tolerance(p.fact.title)), None)  # fmt: skip
            if lead is not None:
                usable = (lead, *(p for p in usable if p is not lead))
        if self.figure_scope is not None:
            # "how many mg in one sale?" is not answered by a package's cap: only facts giving
            # a figure over the scope asked answer, and with none the question is admitted.
            return tuple(p for p in usable if gives_scope(p.fact.text, self.figure_scope))
        # "where does the 0.877 come from?": the fact deriving it leads, not one using it;
        # "what temp should i decarb at?": one giving a temperature
        return explaining_first(self.question, asked_measure_first(self.question, usable))

    def _answers(self, passage: Passage, named: set[str]) -> bool:
        turns = tuple(
            turn.content for turn in self.messages if turn.role == "user" and turn.content
        )
        asked = asked_in_conversation(self.question, turns)
        if asked and not holds_asked_terms(passage.fact, asked):
            return False  # "what makes something a 'cannabis concentrate'?": not an extract rule
        if self.focus and not names_a_focus(passage.fact, self.focus):
            return False  # "myrcene's boiling point?" is not answered by a short-path fact
        if self.offence and not states_offence(passage.fact.text):
            return False  # "when is it a third-degree crime?" is not answered by 2 oz legal
        if (
            self.counted
            and not gives_a_count(passage.fact.text, self.counted)
            and not self._own_figure_in_its_unit(passage, named)
        ):
            return False  # "how many licences?" is not answered by a fact giving no number
        if self.counted_subject and not mentions(passage.fact, self.counted_subject):
            return False  # days of camera footage are not a waste rule's days
        if asks_market_price(self.question) and not gives_market_price(passage.fact.text):
            return False  # "average wholesale price per pound?" is not answered by a fee
        aspects = asked_aspects(self.question)
        if not states_aspects(passage.fact.text, aspects, self.question, passage.fact.title):
            return False  # "penalty for driving high?" is not answered by a label warning
        if self.asks_number and not _HAS_FIGURE.search(passage.fact.text):
            return False  # "max THC per capsule?" is not answered by a packaging-design rule
        if not about_forms(passage.fact, self.products):
            return False  # an edible package's cap does not answer for a beverage
        if any(term.kind == "substance" and set(term.figure) <= passage.terms for term in asked):
            return True  # "LEL for propane?" after a story: the fact about propane, with "LEL"
        if not named and lists_identifier(passage.fact, named_identifiers(self.question)):
            return True  # "my cpa keeps saying 280E kills us, what does it say?": 280E's fact
        if contrasts(asked) and not named and passage.fact.jurisdiction is None:
            return True  # "whats the difference between thca and thc": a fact naming both
        if not named and asked and asks_origin_of_figure(self.question) and derives(passage.fact):
            return True  # "where does that 0.877 come from?" in a long story: the derivation
        jurisdiction = passage.fact.jurisdiction
        # Federal law's facts are general knowledge in the packs (no jurisdiction of their own).
        of_named = (
            jurisdiction in named
            or (jurisdiction is None and FEDERAL in named)
            # the federal hemp rule holds in Wyoming too, beside Wyoming's own
            # and so do 280E, FinCEN's SAR duties and OSHA's limits, asked of a state's business
            or binds_in(passage.fact, named, self.federal_topics)
            # a hemp rule asked with no place named: the federal one binds in every state
            or (not named and _federal_everywhere(passage.fact, self.federal_topics))
        )
        if self.on_topic and of_named:
            # A fact of the named jurisdiction on the topic asked answers in other words.
            return (
                passage.answers_on_topic
                or (
                    # "how many plants can he have?" buried in a long story: the place's fact on
                    # the topic giving a number of the thing counted answers it
                    gives_the_count(passage.fact.text, self.counted)
                )
                # "how much can he walk around with?" in one: its lead fact giving an amount
                or leads_with_the_measure(passage, self.passages, self.counted)
                or leads_in_the_unit_asked(passage, self.passages, self.figure_units)
                # "'Kandy Klouds' for our gummies?": the place's fact on the topic about the
                # very thing named (its title or keywords say candy) answers it
                or names_the_focus(passage, self.focus)
                or titles_asked_figure(passage.fact, self.products)
                or gives_a_part_asked(passage.fact.topic, passage.fact.text, self.figure_scopes)
            )
        if (
            named - {FEDERAL}
            and jurisdiction is None
            and passage.fact.pack_id not in (WEB_PAGES, OWN_DOCUMENTS)
        ):
            # A question about a place that a general fact answers must be mostly about
            # what the fact says: "when did Kentucky's programme start?" is not answered by
            # a fact that shares "start" with it.
            return passage.coverage >= KEY_TERM_OPTIONAL_COVERAGE and passage.shares_enough_words
        if (
            not named
            and passage.known_coverage >= KNOWN_WORDS_ANSWER
            and passage.coverage >= KNOWN_WORDS_COVERAGE
            and passage.matched_terms >= KNOWN_WORDS_MATCHED
            and (passage.has_key_term or about_a_focus(passage.fact, self.focus))
        ):
            # The question is told in a story ("trying to set my rotovap so i dont strip
            # it"): words no fact holds lower its coverage, but the fact holds most of what
            # the packs could know of it, and the question's telling word or its subject.
            return True
        if (
            not named
            and about_a_focus(passage.fact, self.focus)
            and holds_asked_sentence(passage.fact, self.question)
        ):
            # "... for THCA everyone uses 0.877. what's the factor for CBG from CBGA?": a fact
            # about the thing asked holding most of the sentence that asks it
            return True
        return (
            passage.coverage >= RELEVANT_COVERAGE
            and passage.shares_enough_words
            # a fact about the thing asked holds the question's telling word, whichever
            # rarer word ("moving from whiteboards") it lacks
            and (
                passage.has_key_term
                or (not self.drafting and about_a_focus(passage.fact, self.focus))
                or bool(asked)  # it names the term asked, the question's telling word
                # it states the aspect asked ("took 2 gummies, when will it kick in?": onset)
                or bool(aspects)
                or passage.coverage >= KEY_TERM_OPTIONAL_COVERAGE
            )
        )

    def _own_figure_in_its_unit(self, passage: Passage, named: set[str]) -> bool:
        """Whether, in a comparison, the fact gives a place's own rule on the topic asked in
        a unit other than the one asked: "THC % ceiling, Texas vs Georgia?" is answered by
        Georgia's 5 percent and by Texas' 10 mg per dosage unit, each place in its own unit."""
        return (
            self.comparison
            and self.on_topic
            and passage.answers_on_topic
            and passage.fact.jurisdiction in named
            and bool(_HAS_FIGURE.search(passage.fact.text))
        )

    # Tools the engine runs on the server's side (LLM engines only).
    server_tools: ServerTools | None = None


class UnsupportedOption(Exception):
    """A request setting the engine cannot honour; the caller gets a 400 naming it."""

    def __init__(self, param: str, message: str) -> None:
        super().__init__(message)
        self.param = param
        self.message = message


class AnswerEngine(Protocol):
    """Writes the answer for a prepared request, as a stream of events ending in `Finished`."""

    name: str

    def stream(
        self, request: AnswerRequest, *, incremental: bool = True
    ) -> AsyncIterator[AnswerEvent]:
        """The answer as events; raises UpstreamError when it cannot be produced.

        `incremental` false says the caller wants the whole answer at once, so an engine
        may fetch it in one piece.
        """
        ...

    def check_options(self, options: GenerationOptions) -> None:
        """Refuse the settings this engine cannot honour.

        Raises:
            UnsupportedOption: the first setting it cannot honour.
        """
        ...

    async def check(self) -> str | None:
        """None when the engine can answer, else the reason it cannot (for `/health`)."""
        ...

    async def aclose(self) -> None:
        """Release connections."""
        ...
