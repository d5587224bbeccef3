"""What the agents say to a message that asks for no fact: small talk, and a request
outside what they answer (with who can help instead)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from trichome.agents.chatter import ENCOURAGEMENT, asks_for_a_piece
from trichome.agents.engine import AnswerRequest
from trichome.agents.focus import describe_foci
from trichome.agents.registry import AGENTS, MAIN_AGENT
from trichome.knowledge.directory import load_directory

_THANKS = re.compile(
    r"\b(thanks|thank (?:you|u)|thx|thnx|thanx|ty|tysm|cheers|helped|appreciated?)\b",
    re.IGNORECASE,
)
_HARD_DAY = re.compile(
    r"\b(?:killed|wiped|exhausted|fried|slammed|long|brutal|rough|crazy|worst|awful|terrible|"
    r"venting|vent)\b",
    re.IGNORECASE,
)
_LAUGH = re.compile(r"^\W*(?:lol|lmao|lmfao|rofl|haha|hehe)", re.IGNORECASE)
_BYE = re.compile(r"\b(bye|that's all|thats all)\b", re.IGNORECASE)


# The offline engine's own few pieces: it picks one, it does not compose. Haiku by what
# they are about (the first subject the message names), and clean jokes of the shop.
_HAIKU = (
    (
        re.compile(r"trichome|frost|resin|kief", re.IGNORECASE),
        "Frosted glass on leaves\ntiny towers hold the oil\nharvest waits on them",
    ),
    (
        re.compile(r"terp|aroma|smell|nose", re.IGNORECASE),
        "Lemon, pine and spice\neach jar exhales when opened\nthe nose knows the strain",
    ),
    (
        re.compile(r"cur(?:e|ed|ing)|dry|jar|burp", re.IGNORECASE),
        "Slow days in the dark\nburping jars at sixty-two\npatience turns to smoke",
    ),
)
_ANY_HAIKU = (
    "Green rows under lights\nthe grow room hums through the night\nbuds swell toward harvest"
)
_JOKES = (
    "Why did the budtender bring a ladder to work? Someone asked for the top-shelf stuff.",
    "What did the cured bud say to the fresh one? Give it two weeks in a jar and you'll "
    "mellow out too.",
    "Why don't grow rooms ever get lonely? Everyone in there is a little attached to the plants.",
)
_JOKE = re.compile(r"\b(?:jokes?|puns?|riddles?|limericks?)\b", re.IGNORECASE)
_OFFLINE = (
    "I'm running offline, so I pick from a few pieces written in advance rather than write "
    "a new one:"
)


def piece_reply(message: str) -> str:
    """A joke or a haiku about the trade, from the engine's own few, said to be so."""
    if _JOKE.search(message):
        return f"{_OFFLINE}\n\n{_JOKES[len(message) % len(_JOKES)]}"
    haiku = next((text for pattern, text in _HAIKU if pattern.search(message)), _ANY_HAIKU)
    return f"{_OFFLINE}\n\n{haiku}"


def small_talk_reply(message: str) -> str:
    """A short, friendly reply to a greeting, a thanks or a goodbye; a joke or a haiku
    about the trade when one is asked for."""
    if asks_for_a_piece(message):
        return piece_reply(message)
    offer = (
        "Ask me about state cannabis rules, formulation and dosing maths, running the "
        "facility, or marketing that stays within the rules."
    )
    if ENCOURAGEMENT.search(message):
        return (
            "Hang in there: long, careful days are the ones that keep a shop running right, "
            "and whatever is still open today can be picked up fresh tomorrow. Take a "
            f"breather; you've earned it. {offer}"
        )
    if _HARD_DAY.search(message):
        return f"Sounds like a big one: well done to the team for getting through it. {offer}"
    if _BYE.search(message):
        return "Good luck with it. Come back any time you have a question."
    if _THANKS.search(message):
        return f"Glad it helped. {offer}"
    if _LAUGH.match(message):
        return f"Ha, that made me smile. {offer}"
    return f"Hi! I'm Trichome, an AI assistant for the cannabis trade. {offer}"


_WHO_INSTEAD = {
    "poisoning": (
        "An animal or a child that ate cannabis needs a professional's judgement, not a sum "
        "of milligrams: what is dangerous depends on the body, the product and the time "
        "since. For a pet, call your veterinarian or an emergency vet now, or the ASPCA "
        "Animal Poison Control Center at (888) 426-4435. For a person, call Poison Help at "
        "1-800-222-1222, or 911 if they are hard to wake or have trouble breathing."
    ),
    "medical": (
        "I can't advise on dosing or safety for a person's health: please ask a doctor or "
        "pharmacist who knows the patient and their medicines. I can explain product "
        "labels, potency and serving maths."
    ),
    "legal": (
        "I can't advise on a legal case or whether to bring or fight one: please talk to a "
        "licensed attorney in your state (the state bar's lawyer referral service can help "
        "you find one). I can explain what a state's published rules say."
    ),
    "financial": (
        "I don't give investment, tax-preparation or market-forecast advice, and I have no "
        "data on other companies' finances: a licensed financial adviser or CPA who works "
        "with cannabis businesses can help. I can explain the rules and the maths of the "
        "trade."
    ),
    "fraud": (
        "I won't help misstate test results, hide cannabis from police or the state's tracking, or "
        "keep an owner or record from what the regulator is shown: it puts consumers at "
        "risk and licences in jeopardy. If a result looks wrong, ask the lab about a retest "
        "under your state's rules; for who must be disclosed, talk to your compliance "
        "counsel."
    ),
    "evasion": (
        "I won't help word, structure or steer something so a regulator or the tax office is "
        "misled or can't act (a health claim dressed up to slip past the FDA, a sale "
        "disguised as a gift, a compliance sample picked or diluted to pass), nor design a "
        "product or advert to appeal to children, which the licensed markets' rules forbid: "
        "it puts the licence and the people involved at risk. I can explain what the rule "
        "itself says, and your compliance counsel or CPA can say what is allowed."
    ),
    "forecast": (
        "I can't predict what will happen: not a future lab result or harvest, nor what "
        "lawmakers, courts or regulators will decide. My sources state the rules as they "
        "are; for a change in the law, watch the regulator's and the legislature's own "
        "announcements, and plan with your attorney or CPA. I can tell you what a rule "
        "says today, read a COA or work out total THC."
    ),
    "valuation": (
        "I can't say what a licence or a business is worth: a price turns on the market, the "
        "books and the buyer, and no rule states it. A business broker or appraiser who "
        "values cannabis businesses, with your CPA, can; selling or transferring a licence "
        "also needs the regulator's approval, so ask it what a change of ownership takes."
    ),
    "employment": (
        "I can't tell whether dismissing or disciplining one employee is safe from a claim: "
        "that turns on the facts, your policies and employment law. Please talk to an "
        "employment lawyer (the state bar's lawyer referral service can help) or your "
        "state's labour department. I can explain what a state's published cannabis rules say."
    ),
    "private": (
        "I can't see your own records: an application, permit or licence file, a regulator's "
        "inspection notes, or what your own tracking account (Metrc, BioTrack) shows. Only the "
        "regulator that holds the file can tell you where it stands or give you a copy (ask "
        "its licensing office), and your account is read in the tracking system itself. I "
        "can explain what the published rules require."
    ),
    "personal-data": (
        "I can't look up whether a person holds a medical card or is on a registry, nor give "
        "out people's phone numbers, addresses or other contact details or lists of patients "
        "or customers: those records are private, and patient registries are confidential by "
        "law. Only the person, or a court through its own process, can get them from the "
        "registry. For marketing, build your own list from customers who opted in."
    ),
    "credentials": (
        "I can't look up or hand out an API key, password or login for any account: only "
        "the account's holder has it. If your own key is lost, your account administrator "
        "can issue a new one in the tracking system, or ask the vendor's support (for "
        "Metrc, your state's Metrc support)."
    ),
    "referral": (
        "I don't recommend particular lawyers, accountants, consultants or doctors: no "
        "source I hold rates them. The state bar's lawyer referral service, or the CPA "
        "society, can point you to ones who work with cannabis businesses; for a doctor "
        "who certifies patients, the medical programme's regulator explains how to find a "
        "registered practitioner. I can explain what a state's published rules say."
    ),
    "competitor": (
        "I can't get another business's sales, records, recipes or suppliers: they are that "
        "business's own, and tracking data is seen only by the licensee and the regulator. "
        "I can explain the published rules and the maths of making your own product."
    ),
    "drug-test": (
        "I can't tell whether one person will pass or fail a drug test: that turns on the "
        "product's real contents, the body and the test's cutoff. Ask the programme's "
        "medical review officer or your employer's policy; a pilot or other safety-sensitive "
        "worker answers to their federal agency's rules."
    ),
    "live": (
        "I can't see whether a system is up right now: I answer from sourced rules, not live "
        "status. Check the system's own status page or support line (for Metrc, your state's "
        "Metrc support)."
    ),
    "off-topic": (
        "That's outside what I do: I answer questions about the cannabis trade (state "
        "rules, formulation and dosing maths, running the facility, and marketing)."
    ),
}


# Reasons whose answer only the regulator holds or announces (a decision to come, a file,
# a registry, a transfer): the reply names the regulator of each place asked about.
_REGULATOR_KNOWS = frozenset({"forecast", "private", "personal-data", "valuation"})


def out_of_scope_reply(reason: str, jurisdictions: Sequence[str] = ()) -> str:
    """What the agents say to a request outside what they answer, and who can help (the
    regulator of each place in `jurisdictions`, when only a regulator holds the answer)."""
    reply = _WHO_INSTEAD.get(reason, _WHO_INSTEAD["off-topic"])
    if reason not in _REGULATOR_KNOWS:
        return reply
    directory = load_directory()
    asks = [directory.where_to_ask(code) for code in jurisdictions if directory.get(code)]
    return " ".join([reply, *asks])


def uncovered_reply(request: AnswerRequest) -> str:
    """What an agent says when no sourced fact answers: which thing asked about it has no
    fact on, when the question names one (a fact on a neighbouring thing is not offered in
    its place), and where to look instead."""
    agent = request.agent
    named = f" on {describe_foci(request.focus)}" if request.focus else ""
    if agent.name == MAIN_AGENT:
        specialists = ", ".join(a.title for name, a in AGENTS.items() if name != MAIN_AGENT)
        return (
            "I'm Trichome's main agent. I answer from sourced knowledge packs for the cannabis "
            f"trade and hand specialist questions to the {specialists}. I don't have a sourced "
            f'answer{named} to that message. Try a specific question, for example: "What is '
            'the THC limit per serving for edibles in Michigan?" or "What is the '
            'decarboxylation factor for THCA?"'
        )
    if request.focus:
        return (
            f"My knowledge packs as the {agent.title} hold no sourced fact{named} that answers "
            f"that question, so I won't guess. Where to look: {agent.where_to_look}."
        )
    return (
        f"My knowledge packs as the {agent.title} don't cover that question, so I won't guess. "
        f"Where to look: {agent.where_to_look}."
    )
