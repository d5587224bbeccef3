"""The words of a text as retrieval compares them: lower-cased, the trade's spellings
written one way, stop words dropped, Snowball stems, shorthand mapped to the packs' words;
and whether a source supports a sentence."""

from __future__ import annotations

import re
import threading
from functools import lru_cache

import snowballstemmer

from trichome.knowledge.topic_phrases import FORKLIFT_TALK

_TOKEN = re.compile(r"[a-z0-9]+(?:\.[0-9]+)?")
STOPWORDS = frozenset(
    [
        "a",
        "about",
        "above",
        "after",
        "again",
        "all",
        "also",
        "am",
        "an",
        "and",
        "any",
        "are",
        "as",
        "at",
        "be",
        "because",
        "been",
        "before",
        "being",
        "below",
        "between",
        "both",
        "but",
        "by",
        "can",
        "could",
        "did",
        "do",
        "does",
        "doing",
        "down",
        "during",
        "each",
        "few",
        "for",
        "from",
        "further",
        "had",
        "has",
        "have",
        "having",
        "he",
        "her",
        "here",
        "hers",
        "him",
        "his",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "itself",
        "just",
        "me",
        "more",
        "most",
        "my",
        "no",
        "nor",
        "not",
        "now",
        "of",
        "off",
        "on",
        "once",
        "only",
        "or",
        "other",
        "our",
        "ours",
        "out",
        "over",
        "own",
        "same",
        "she",
        "should",
        "so",
        "some",
        "such",
        "than",
        "that",
        "the",
        "their",
        "theirs",
        "them",
        "then",
        "there",
        "these",
        "they",
        "this",
        "those",
        "through",
        "to",
        "too",
        "under",
        "until",
        "up",
        "very",
        "was",
        "we",
        "were",
        "what",
        # What is left of a contraction once the apostrophe splits it ("what's", "don't").
        "s",
        "t",
        "re",
        "ve",
        "ll",
        "d",
        "m",
        "when",
        "where",
        "which",
        "while",
        "who",
        "whom",
        "why",
        "will",
        "with",
        "would",
        "you",
        "your",
        "yours",
        "please",
        "tell",
        "know",
        "need",
        "want",
        "get",
        "got",
        "like",
        "thanks",
        "thank",
        "hi",
        "hello",
        "hey",
        "much",
        "many",
        # Fillers of chat and forum writing: never what a question is about.
        "actually",
        "really",
        "basically",
        "literally",
        "honestly",
        "anyone",
        "someone",
        "guys",
        "lol",
        "pls",
        "plz",
        "ok",
        "okay",
        "kinda",
        "mostly",  # a hedge: "known mostly from" is not "at most"
        "gonna",
        "wanna",
        # Chat words rare in the packs, so a question's "rarest word" when they stand in it
        # ("some stuff", "a couple of things", "general ballpark"): never what it asks about.
        "im",
        "think",
        "thing",
        "things",
        "stuff",
        "something",
        "anything",
        "couple",
        "little",
        "question",
        "wondering",
        "ballpark",
        # "out driving around": filler carrying no subject
        "around",
    ]
)

# Trade shorthand mapped to the stem of the word the packs spell out.
SYNONYMS = {
    "decarb": "decarboxyl",
    "decarbox": "decarboxyl",
    "coa": "certif",
    # Buying and selling are one rule seen from either side of the counter.
    "buy": "purchas",
    "bought": "purchas",
    "sell": "purchas",
    "sale": "purchas",
    "sold": "purchas",
    "transact": "purchas",  # a transaction limit is a limit on one sale
    "custom": "consum",  # "customer" stems to "custom"
    "bp": "boil",  # boiling point
    "giveaway": "promot",  # a giveaway is a promotion in the rules' words
    "freebi": "promot",
    "promo": "promot",  # trade shorthand for a promotion
    "dispo": "dispensari",  # trade shorthand for a dispensary ("dispos")
    # where an advert runs, in the placement rules' words
    "tv": "televis",
    "bus": "transit",
    "buse": "transit",
    # who hears or sees an advert is its audience in the rules' words
    "listen": "audienc",
    "viewer": "audienc",
    "readership": "audienc",
    # a brand's mascot is a cartoon character in the youth-appeal rules' words, and "kandy"
    # is the spelling of candy those rules name
    "mascot": "cartoon",
    "kandi": "candi",
    "patron": "consum",
    "licenc": "licens",  # Canada's "licence" is the US "license"
    "sampler": "sampl",  # the sampler is the sampling agent
    "driver": "drive",  # "who may drive deliveries" asks who may be a delivery driver
    # How fast a reaction runs: "at the same speed" asks which is faster.
    "speed": "fast",
    "faster": "fast",
    "slower": "fast",
    # "what happens when THCA turns into THC": the packs say it converts
    "turn": "convert",
    "temp": "temperatur",  # "what temp should i decarb at": the packs write temperature
    # "if someone dies on the job": a worker's death is a fatality in OSHA's words
    "die": "fatal",
    "death": "fatal",
}
# A cited sentence is supported when its source holds its figures and this share of its
# content words.
MIN_SUPPORT = 0.5
_FIGURE = re.compile(r"\d+(?:\.\d+)?")


# snowballstemmer's stemmers keep the word being stemmed in the object: two threads sharing
# one garble each other's words (answers are prepared in worker threads). One per thread.
_STEMMERS = threading.local()


@lru_cache(maxsize=65536)
def stem(token: str) -> str:
    """The Snowball (Porter 2) stem of a lower-case word; numbers stay as they are."""
    if token[0].isdigit():
        return token
    stemmer = getattr(_STEMMERS, "english", None)
    if stemmer is None:
        stemmer = _STEMMERS.english = snowballstemmer.stemmer("english")
    stemmed: str = stemmer.stemWord(token)
    return stemmed


# The trade's spellings of one thing, written the packs' way before words are split.
_PHRASES = tuple(
    (re.compile(pattern), replacement)
    for pattern, replacement in (
        # One word each, so "d8" finds "delta-8" and not every fact with an 8 in it.
        (r"(?:δ|∆|\bd|\bdelta)[- ]?(8|9|10)\b", r"delta\1"),
        (r"\bthc-a\b", "thca"),
        (r"\b4/20\b|\b420\b", "420 promotion"),
        (r"\bpre[- ]?roll(?:s|ed)?\b", "preroll"),
        # a joint at the counter is a pre-roll; a joint venture or committee is not
        (r"\bjoints?\b(?! (?:venture|committee|commission|resolution|account))", "preroll"),
        (r"\bcarts?\b", "cartridge"),
        # a gummy, a brownie or a chocolate is an edible in the rules' and studies' words
        (r"\b(gumm(?:y|ies)|brownies?|chocolates?|cookies?)\b", r"\1 edible"),
        # "a tv spot", "radio commercials": a broadcast advert in the rules' words
        (r"\b(tv|radio|television|streaming) (?:spots?|commercials?|ads?)\b", r"\1 broadcast ad"),
        (r"\brec\b|\brecreational\b", "adult-use"),
        (r"\bring(?:ing)? (?:it |that |them )?up\b", "sell"),  # at the till
        # "how much can i have on me": the statutes' "on their person"
        (r"\bon (?:me|my person|him|her|them|you|ya|u)\b", "on person"),
        # "how much can they walk out with / carry around": what the statutes call possessing
        (
            r"\bwalk(?:ing)? (?:around|out|about) with\b|\bcarry(?:ing)? (?:it )?around\b|"
            r"\b(?:legally|can (?:i|we|they|you|he|she|a \w+)) (?:legally )?carry\b",
            "possess",
        ),
        # "what has to be in the ad", "anything that needs to go on our ads": what a rule says
        # an advertisement must include
        (
            r"\b(?:has|have|needs?|got) to (?:be|go|appear|show) (?:in|on) (?:the |an |a |our |"
            r"every |each |any )?(?:[a-z]+ )?(?:ad|advert|advertisement)s?\b",
            "must include in advertisement",
        ),
        # a chemical's other names: tocopheryl acetate is vitamin E acetate
        (r"\btocopher(?:yl|ol) acetate\b", "vitamin e acetate"),
        # "shelf life of a gummy": how long a product keeps is its stability in storage
        (
            r"\bshelf[- ]?li(?:fe|ves)\b|\bhow long (?:does|do|will|can) (?:an? |the |my |our )?"
            r"[\w-]+ (?:last|keep|stay good)\b",
            "shelf life storage stability",
        ),
        # "any fire concern?", "fire hazard": what the safety data call flammable
        (r"\bfire (?:risk|hazard|concern|danger|issue)s?\b", "flammable fire risk"),
        # "keep at my house", "at our apartment": the statutes' home or residence
        (r"\bat (?:my|the|our|his|her|their|your) (?:house|apartment|place|crib)\b", "at home"),
        # "does someone from our farm need to be there", "one of our staff on site": the
        # rules' representative of the licensee, present
        (
            r"\b(?:(?:someone|somebody|anyone|anybody|one of us) (?:from|at|of|on) (?:our|my) "
            r"(?:farm|company|team|business|grow|operation|crew|staff|side)|one of (?:our|my) "
            r"(?:own )?(?:people|staff|team|employees|crew|guys))\b(?: (?:on[- ]?site|there|on "
            r"hand)\b)?",
            "representative present",
        ),
        (r"\b(?:be|stay|remain) (?:there|on[- ]?site|on hand|in attendance)\b", "be present"),
        # the statutes' "usable cannabis" is what the counter calls flower
        (r"\b(us(?:e)?able (?:cannabis|marijuana|marihuana))\b", r"\1 flower"),
        # "the line between hemp and weed", "hemp vs marijuana": what the hemp definition
        # draws, whichever word for marijuana the asker uses
        (
            r"\b(?:line|difference|distinction|cut-?off|threshold|boundary|limit)s? between "
            r"hemp and (?:marijuana|marihuana|weed|pot|cannabis)\b|\b(?:marijuana|marihuana|"
            r"weed|pot|cannabis) and hemp\b|\bhemp (?:vs\.?|versus|or) (?:marijuana|marihuana|"
            r"weed|pot)\b|\b(?:marijuana|marihuana|weed|pot) (?:vs\.?|versus|or) hemp\b",
            "hemp definition hemp marijuana",
        ),
        # "clipped a rack with the lift", "our hi-lo": a forklift in the packs' words
        (FORKLIFT_TALK, r"\g<0> forklift"),
        # a grower "cutting" or "chopping" the crop is harvesting it (not a sample's cut)
        (
            r"\b(?:cut(?:s|ting)?|chop(?:s|ped|ping)?)(?: down)? (?:my|our|the|his|her|their|"
            r"this|that) (hemp|crop|field|plants|lot|grow)\b|\bchop day\b",
            r"harvest \1",
        ),
    )
)


# British "-ise" spellings written the American way ("itemised", "authorisation"), so the
# stemmer gives both one stem.
_BRITISH = re.compile(r"(?<=[a-z]{3})is(e|ed|es|ing|ation|ations)$")


_CLAUSE_END = re.compile(r"(?<=[.;])\s+")


def clauses(text: str) -> list[str]:
    """A fact's text cut at its full stops and semicolons, so a test can ask whether two things
    are said in one statement rather than anywhere in the fact."""
    return _CLAUSE_END.split(text)


def tokenize(text: str) -> list[str]:
    """Lower-cased, stemmed content words of a text."""
    lowered = text.lower()
    for pattern, replacement in _PHRASES:
        lowered = pattern.sub(replacement, lowered)
    stems = (
        stem(_BRITISH.sub(r"iz\1", token))
        for token in _TOKEN.findall(lowered)
        if token not in STOPWORDS
    )
    return [SYNONYMS.get(word, word) for word in stems]


def supported(span: str, source_text: str) -> bool:
    """Whether a source holds a sentence's figures and most of its content words."""
    words = set(tokenize(span))
    if not words:
        return False
    if not set(_FIGURE.findall(span)) <= set(_FIGURE.findall(source_text)):
        return False
    return len(words & set(tokenize(source_text))) / len(words) >= MIN_SUPPORT


def glossary_key(term: str) -> str:
    """A term as a glossary looks it up: lower case, without a plural s, and without the
    dots and hyphens people write acronyms with ("THC-A", "B.H.O.")."""
    return re.sub(r"[.-]", "", term.strip().lower()).rstrip("s")


def glossary_names(title: str) -> set[str]:
    """What a glossary entry defines, from its title: "Glossary: BHO (butane hash oil)"
    defines "bho" and "butane hash oil" (as `glossary_key` writes them)."""
    defined = title.split(":", 1)[-1]
    names = [defined.split("(", 1)[0], *re.findall(r"\(([^)]*)\)", defined)]
    names += re.split(r"\s+(?:and|or|vs\.?|versus)\s+", names[0])
    return {glossary_key(name) for name in names if name.strip()}
