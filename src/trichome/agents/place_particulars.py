"""Aspects that ask a particular of places rather than a rule: which localities did
something, how many stores are open, when a store opens, the total tax with local taxes.

"Which Ohio cities have voted to ban dispensaries?" shares almost every word with Ohio's rule
that a city may ban them; "how many dispensaries are open on Maui right now?" with Hawaii's
allocation of licences by county; "is the Summerside store open Sundays?" with the rule that
names the island's stores; "total tax including local?" with the state's own rate. Offered
as the answer, each is a confident wrong one with a citation: the power is not the list of
those who used it, a cap is not a count of open doors, and the state's rate is not the sum
a buyer pays. Only a fact stating the particular answers; with none, the answer admits the
gap and names the regulator (`asked_aspects` reads these beside its own).
"""

from __future__ import annotations

from trichome.agents.aspect import Aspect, aspect

_PLACES = (
    r"(?:counties|cities|towns|townships|villages|boroughs|municipalit(?:y|ies)|communities|"
    r"parishes|localit(?:y|ies)|jurisdictions|first nations)"
)
# What a place did: "have banned", "voted to", "opted in", not what it may do.
# "which cities in LA county still ban delivery?": what they do now, as well.
_DONE = (
    r"(?:have|has|had|did|voted|banned|opted|prohibited|allowed|adopted|passed|approved|"
    r"enacted|said (?:yes|no)|(?:still )?(?:ban|bans|prohibit|prohibits|allow|allows|permit|"
    r"permits))"
)
_STORES = (
    r"(?:stores?|shops?|dispensar(?:y|ies)|locations?|storefronts?|retailers?|outlets?|"
    r"atcs?|(?:treatment )?cent(?:er|re)s?|permits?|licen[cs]es?)"
)
_WEEKDAY = r"(?:sundays?|saturdays?|mondays?|weekends?|holidays?|christmas|new year'?s?)"
_LOCAL = r"(?:local|city|county|municipal|town|parish)"

PLACE_ASPECTS: tuple[Aspect, ...] = (
    aspect(
        # "which florida counties have banned them?", "which towns opted in? list them"
        "places-list",
        rf"\b(?:which|what)\s+(?:[\w-]+ ){{0,2}}?{_PLACES}\b[^.?!]{{0,60}}?\b{_DONE}\b|"
        rf"\blist (?:of |all )?(?:the )?(?:[\w-]+ ){{0,2}}?{_PLACES}\b",
        # a list given as one ("the following towns", "counties that have ... include"), not
        # the one or two a rule cites as examples
        rf"\b(?:the following|these|list of) (?:[\w-]+ ){{0,2}}?{_PLACES}\b|"
        rf"\b{_PLACES}\b[^.]{{0,60}}\b(?:include|including|are|were) *:",
    ),
    aspect(
        # "how many dispensaries are open on maui right now?", "has the board licensed any
        # stores yet?": how many doors are open, not how many licences a rule allows
        "open-count",
        rf"\bhow many\b[^.?!]{{0,50}}\b{_STORES}\b[^.?!]{{0,30}}\b(?:are|is|were)\s+"
        r"(?:\w+\s+)?(?:open|operating|in operation|in business|licensed)\b|"
        r"\bhow many\b[^.?!]{0,60}\b(?:right now|currently|today|so far|to date|as of now)\b|"
        # "how many NSLC locations sell cannabis in halifax?", "has a store opened in iqaluit"
        rf"\bhow many\b[^.?!]{{0,40}}\b{_STORES}\b[^.?!]{{0,10}}\b(?:sell|sells|selling|carry|"
        r"carries|stock|stocks)\b|"
        rf"\b(?:has|have)\b (?:(?:a|an|the|any) )?(?:[\w-]+ ){{0,2}}?{_STORES}\b[^.?!]{{0,15}}"
        r"\b(?:opened|open(?:ed)? up|launched|started (?:selling|sales))\b|"
        rf"\b(?:has|have)\b[^.?!]{{0,60}}\b(?:licensed|issued|opened|approved|awarded)\b"
        r"[^.?!]{0,30}\bany\b[^.?!]{0,40}\b(?:yet|so far|to date)\b",
        r"\b\d[\d,]*\b[^.]{0,60}\b(?:(?:are|were) (?:now |currently )?(?:open|operating|in "
        r"operation)|have (?:opened|been licensed|been issued))\b|\b(?:as of|to date|so far)\b"
        r"[^.]{0,60}\b\d",
    ),
    aspect(
        # "is the summerside store open sundays?", "hours on holidays?", "which ATC is open
        # latest": a store's own hours, or the hours a rule lets stores sell
        "store-hours",
        rf"\bopen\b[^.?!]{{0,20}}\b(?:{_WEEKDAY}|late|latest|earliest|overnight|24 ?(?:hours|7))\b|"
        rf"\bhours\b[^.?!]{{0,12}}\b(?:on |over |for )?{_WEEKDAY}|"
        r"\b(?:opening|business|store|operating|trading|retail) hours\b|\bhours of "
        r"(?:operation|business|sale)\b|\bwhat time\b[^.?!]{0,40}\b(?:open|close)s?\b",
        r"\b\d{1,2}(?::\d\d)? ?(?:a\.?m\.?|p\.?m\.?)|\bmidnight\b|\bhours of (?:sale|operation)\b|"
        r"\b(?:open|close|closed|sell|sales?)\b[^.]{0,30}\b(?:sundays?|holidays?|christmas)\b",
    ),
    aspect(
        # "total tax rate on a sale including local?", "combined rate with the city tax": the
        # sum a buyer pays, not the state's own rate beside it
        "combined-tax",
        rf"\b(?:total|combined|overall|all[- ]in|effective)\b[^.?!]{{0,40}}\btax(?:es)?\b"
        rf"[^.?!]{{0,60}}\b(?:includ\w*|with|plus|and|\+) (?:the |any )?{_LOCAL}\b|"
        rf"\btax(?:es)? (?:rate )?includ\w* (?:the |any )?{_LOCAL}\b",
        r"\b(?:total|combined|overall|altogether|in all)\b[^.]{0,40}\d+(?:\.\d+)? ?%|"
        r"\d+(?:\.\d+)? ?%[^.]{0,40}\b(?:in total|combined|altogether|in all)\b",
    ),
)
