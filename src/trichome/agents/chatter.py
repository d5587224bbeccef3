"""Chatter: a short social message that asks for nothing ("good morning!! opening shift,
coffee #2 lol", "happy friday team bot", "ok im out, talk tomorrow", "honestly you're better
than our last consultant", "ugh 4/20 weekend nearly killed us", "what kind of stuff can you
help me with"). Such a message gets a friendly reply, not a search of the packs for its
words."""

from __future__ import annotations

import re

from trichome.knowledge.jurisdictions import detect_jurisdictions
from trichome.knowledge.topics import detect_topics

# Greetings, wishes, farewells, compliments and questions about what the assistant does.
_SOCIAL = re.compile(
    r"\b(?:good (?:morning|afternoon|evening|night)|morning all|(?<![a-z] )mornin[g']?|"
    r"happy (?:mon|tues|wednes|thurs|fri|satur|sun)day|happy (?:holidays|new year|420|4/20)|"
    r"have a (?:good|great|nice) (?:one|day|night|weekend|shift)|"
    r"(?:talk|ttyl|see|catch) (?:you |ya |u )?(?:tomorrow|later|soon|monday|next week)|"
    r"i'?m (?:out|off|heading out|done for (?:the|to)day)|signing off|"
    r"(?:you'?re|you are|ur|u r) (?:(?:way|so|much|honestly|really|actually|pretty|super|"
    r"kinda|quite) )?"
    r"(?:better|great|awesome|amazing|the best|a lifesaver|so helpful|smart|funny|faster|"
    r"quicker|smarter|more helpful)|"
    r"love (?:this|you|it)|"
    # letting off steam about a hard shift: it asks for nothing
    r"(?:nearly|almost|about|basically) killed (?:me|us|(?:our|the) (?:whole )?(?:team|crew|"
    r"staff))|wiped (?:me|us) out|"
    r"(?:so|totally|completely) (?:exhausted|wiped|fried|dead)|(?:what a|such a|long|brutal|"
    r"crazy|rough) (?:day|week|shift|weekend|night)|(?:we|i) (?:got|were|was|are|am) slammed|"
    # a quiet day, nerves or a joke about one's own mess: "dead slow at the shop today",
    # "lowkey freaking out, just needed to say it", "hahaha kill me"
    r"(?:dead|super|so|real) (?:slow|quiet|dead)|(?:slow|quiet|dead) (?:day|morning|night|shift)|"
    r"freaking out|stressed (?:out|af)|(?:so |super )?nervous|just (?:needed|wanted) to "
    r"(?:say|vent|tell|get)|venting|kill me|send help|"
    # a weary complaint about the work: "this industry is exhausting", "so over it",
    # "burnt out on compliance", "sick of paperwork"
    r"(?:is|are|been|getting|feel(?:s|ing)?|so|really|honestly|just) (?:so |really |just |beyond )?"
    r"(?:exhausting|draining|exhausted|drained|overwhelm(?:ed|ing)|burn[et] out|"
    r"demoralizing|soul[- ]crushing|a nightmare|too much)|"
    r"(?:so|really|totally) over (?:it|this)|(?:sick|tired) of (?:it|this|all)\b.{0,40}|"
    r"fed up|at my wits'? end|"
    # thanks or a goodbye in another language
    r"merci(?: beaucoup)?|bonne (?:soir[eé]e|journ[eé]e|nuit)|gracias|muchas gracias|"
    r"buenas (?:noches|tardes)|danke(?: sch[oö]n)?|"
    r"what (?:kind of |sort of )?(?:stuff|things|questions) (?:can|could|do) (?:you|u)\b)"
    # whole words: "morning" opens a greeting, "the morning walk" is part of a request
    r"(?!\w)",
    re.IGNORECASE,
)
# Anything that asks for a fact or a figure is not chatter, however friendly its opening.
_ASKS = re.compile(
    r"\b(?:how (?:much|many|long)|what(?:'s| is| are)? the|can i|can we|is it|are we|"
    # a document asked for: "give me a checklist for the morning walk"
    r"give (?:me|us)|write|draft|create|make (?:me|us)|build|outline|checklist|template|sop|"
    r"ideas?|captions?|need (?:a|an|some|two|three|\d+)|"
    r"limit|legal|allowed|rules?|tax|why|should|do (?:we|i) (?:need|have)|does|is there|"
    # "exactly what i needed": thanks, not a question
    r"are there|what (?!kind|sort|stuff|things|questions|an?\b|(?:i|we) (?:needed|wanted|"
    r"was after|were after|was looking for|were looking for)\b)"
    r"\w+|\d+ ?(?:mg|g|oz|%|grams?|ounces?))\b",
    re.IGNORECASE,
)
# "ugh long day at the shop, 4 callouts and a line out the door lol" runs to 15 words
_MAX_WORDS = 18
# A message that opens laughing and asks nothing ("haha the dog stole a clone again", "lmao
# our new trimmer named every plant"): a story told for the fun of it. Asking for help or a
# fix ("lol how do i stop stretch?", "haha any tips") is a question, not chatter.
_LAUGHING = re.compile(r"^\W*(?:lol|lmao|lmfao|rofl|haha\w*|hehe\w*)\b", re.IGNORECASE)
_WANTS_SOMETHING = re.compile(
    r"\?|\b(?:how|help|tips?|advice|fix|suggest\w*|recommend\w*|please|pls|can (?:you|u))\b",
    re.IGNORECASE,
)


# Encouragement asked for after a hard shift ("say something to cheer me up", "i need a pep
# talk"): a social request, whatever figures the story around it tells ("3 grams off").
ENCOURAGEMENT = re.compile(
    r"\b(?:cheer (?:me|us|her|him|them|the (?:team|crew)) up|pep talk|(?:say|tell me|give me) "
    r"(?:something|a few words|some words) (?:nice|kind|encouraging|positive|uplifting|"
    r"motivating|to (?:cheer|motivate|encourage))|make me (?:feel better|smile|laugh)|"
    r"(?:need|want|could use) (?:some |a (?:little|bit of) )?(?:encouragement|motivation|"
    r"good vibes|pick-?me-?up))\b",
    re.IGNORECASE,
)
_FACT_ASKED = re.compile(
    r"\b(?:how (?:much|many|long|do|to|can)|what(?:'s| is| are)? the|can (?:i|we)|is it|legal|"
    r"allowed|limits?|rules?|required|write|draft|email|caption)\b",
    re.IGNORECASE,
)
_ENCOURAGEMENT_MAX_WORDS = 40


# A message that says it asks nothing ("not even a question, just venting") or thanks for
# an answer with a story around it ("that helped a ton, thank u!! saved me a call to our
# lawyer lol"): told at any length a vent runs to, it is chat unless it asks something.
_ASKS_NOTHING = re.compile(
    r"\b(?:not (?:even |really )?(?:a|asking a|asking any) questions?|no questions? (?:here|"
    r"really|today)|just (?:venting|ranting|sharing)|(?:needed|had|wanted) to vent)\b",
    re.IGNORECASE,
)
_THANKED = re.compile(
    r"\b(?:thanks|thank (?:you|u|ya)|thx|tysm|much appreciated|"
    r"appreciate (?:it|that|you|u|ya|y'?all))\b",
    re.IGNORECASE,
)
_TOLD_MAX_WORDS = 60


def _says_it_asks_nothing(text: str) -> bool:
    """Whether a message, of any length a vent or a thanks runs to, says it asks nothing or
    thanks for an answer, with no question, request or topic of the trade's rules in it."""
    if "?" in text or _ASKS.search(text) or len(text.split()) > _TOLD_MAX_WORDS:
        return False
    thanks = _THANKED.search(text) and len(text.split()) <= _MAX_WORDS + 12
    return bool(_ASKS_NOTHING.search(text) or (thanks and not detect_topics(text)))


def is_chatter(text: str) -> bool:
    """Whether a message is a short social one that asks for nothing: it names no place, or
    names one only in passing ("snowing sideways in duluth lol"), with no question and no
    topic of the trade's rules; or one asking only to be cheered up; or one saying it asks
    nothing ("just venting") or thanking for an answer with a story around it."""
    if (
        ENCOURAGEMENT.search(text)
        and not _FACT_ASKED.search(text)
        and len(text.split()) <= _ENCOURAGEMENT_MAX_WORDS
    ) or _says_it_asks_nothing(text):
        return True
    social = _SOCIAL.search(text) or (_LAUGHING.match(text) and not _WANTS_SOMETHING.search(text))
    if len(text.split()) > _MAX_WORDS or not social or _ASKS.search(text):
        return False
    return not detect_jurisdictions(text) or ("?" not in text and not detect_topics(text))


# "what can you help me with?": small talk when short, naming no place or topic (see caller).
_ABOUT_THE_ASSISTANT = re.compile(
    r"\bwhat (?:(?:kind|sort|type)s? of (?:stuff|things|questions) |kinda (?:stuff|things|"
    r"questions) )?(?:can|could|do) (?:you|u) "
    r"(?:actually |really )?(?:help(?: me| us| a (?:dispensary|shop|store|grow|business))?"
    r"(?: out)?(?: with)?|do|know)\b|\bwhat (?:are|r) (?:you|u)(?: exactly| actually)?\s*\?|"
    r"\bhow (?:do(?:es)? (?:this|it|you) work|do i use (?:this|you))\b|"
    r"\b(?:first (?:day|time) (?:using|on|with)|new (?:here|to this))\b|"
    # who or what the assistant is: "who am i talking to?", "are you a bot or a person?"
    r"\bwho (?:exactly |actually |even )?(?:am i|are we) "
    r"(?:talking|chatting|speaking) (?:to|with)\b|"
    r"\b(?:who|what) (?:are|r) (?:you|u)\b(?! (?:allowed|required|supposed|going))|"
    r"\b(?:are|r) (?:you|u) (?:an? |even |actually |really )*(?:real|human|person|bot|robot|"
    r"machine|ai|a\.i\.|chatbot|computer|program|llm)\b|"
    r"\bis this (?:an? )?(?:real (?:person|human)|bot|robot|ai|chatbot|human)\b",
    re.IGNORECASE,
)
_ASSISTANT_SMALL_TALK_MAX_WORDS = 14
_SENTENCE_END = re.compile(r"(?<=[?.!])\s+")


def asks_what_assistant_does(text: str) -> bool:
    """ "what can you help me with? i run a small grow in arkansas": the question is about
    the assistant, in a sentence naming no place; the rest only introduces the asker."""
    if detect_topics(text) or len(text.split()) > 2 * _ASSISTANT_SMALL_TALK_MAX_WORDS:
        return False
    return any(
        _ABOUT_THE_ASSISTANT.search(sentence)
        and len(sentence.split()) <= _ASSISTANT_SMALL_TALK_MAX_WORDS
        and not detect_jurisdictions(sentence)
        for sentence in _SENTENCE_END.split(text)
    )


# A joke, a haiku or a short poem asked for about the trade ("tell me a dumb weed joke",
# "write a haiku about curing buds"): small talk the offline engine answers from its own
# few pieces, not a fact. About something else ("a poem about my cat") it is off-topic.
_PIECE = re.compile(
    r"\b(?:jokes?|puns?|riddles?|haikus?|poems?|limericks?|rhymes?|verses?)\b", re.IGNORECASE
)
_OF_THE_PLANT = re.compile(
    r"\b(?:cannabis|marijuana|weed|pot|stoners?|buds?|nugs?|trichomes?|terpenes?|terps?|"
    r"cur(?:e|ed|ing)|dry(?:ing)?|harvests?|grow(?: rooms?)?|plants?|strains?|kush|hemp|"
    r"dispensar(?:y|ies)|budtend(?:ers?|ing)|420|4/20|joints?|pre-?rolls?|edibles?|"
    r"gumm(?:y|ies)|dabs?|rosin|hash|kief|flower)\b",
    re.IGNORECASE,
)
# "... and then tell me the ethanol flash point": a question rides along, so it is no chat.
_MORE_ASKED = re.compile(
    r"\?|\b(?:and|then|also|plus)\b.{0,20}\b(?:tell|give|what|whats|how|explain)\b",
    re.IGNORECASE,
)


def asks_for_a_piece(text: str) -> bool:
    """Whether a message asks only for a joke, a haiku or a short poem about the trade."""
    return bool(_PIECE.search(text) and _OF_THE_PLANT.search(text) and not _MORE_ASKED.search(text))
