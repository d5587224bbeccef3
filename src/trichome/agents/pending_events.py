"""Aspects that ask when something happens or how a vote went, not what a rule says.

"When will Nebraska's first dispensaries open?" shares almost every word with the act that
set up the commission licensing them, and "did Florida's 2026 amendment pass?" with the
2024 amendment that failed: offered as the answer, either is a confident wrong one with a
citation. The law that sets up a programme is not the day its first store opened, and one
year's ballot is not another's. Only a fact giving the date (or, for a vote, the result of
the year asked) answers; with none, the answer admits the gap and names the regulator
(`asked_aspects` reads these beside its own).
"""

from __future__ import annotations

from trichome.agents.aspect import Aspect, aspect

_BEGINS = r"(?:open|opens|opened|opening|launch(?:es|ed|ing)?|start(?:s|ed|ing)?|begin(?:s|ning)?|"
_BEGINS += r"began|begun|go live|went live|commenc(?:e|es|ed|ing))"
_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
_DATE = rf"(?:\b(?:19|20)\d\d\b|\b{_MONTH}\b\.? \d|\b\d{{1,2}} {_MONTH}\b)"
_NOT_APPLYING = r"(?![^.;]{0,25}\b(?:applications?|comments?|bids?)\b)"
_VOTED_ON = (
    r"(?:ballot|amendment|initiative|referendum|ballot (?:measure|question)|"
    r"(?:question|issue|prop(?:osition)?|measure) \d+)"
)

PENDING_ASPECTS: tuple[Aspect, ...] = (
    aspect(
        # "when will the first dispensaries open?", "when do rec sales start?", "when did the
        # first adult-use store open on st thomas?", "opening date for sales?"
        "opening-date",
        rf"\bwhen (?:will|would|do|does|did|is|are|can|should)\b[^.?!]{{0,60}}\b{_BEGINS}\b|"
        r"\b(?:opening|launch|start|go-live) dates?\b|\bhow soon\b[^.?!]{0,40}\b(?:open|sales)\b",
        # a date beside the word for the start: "sales began on 1 July 2023", "the first
        # store opened in March 2024"
        # (not a window for applications opening)
        rf"\b{_BEGINS}\b{_NOT_APPLYING}[^.;]{{0,60}}{_DATE}|{_DATE}[^.;]{{0,40}}\b{_BEGINS}\b"
        + _NOT_APPLYING,
    ),
    aspect(
        # "did the 2026 rec amendment pass?", "how did question 4 do on the ballot?"
        "ballot-result",
        rf"\b{_VOTED_ON}\b[^.?!]{{0,60}}\b(?:pass|passed|fail|failed|approved|rejected|adopted|"
        r"won|lost|result|results|outcome)\b|"
        rf"\b(?:did|has|will|would)\b[^.?!]{{0,60}}\b{_VOTED_ON}\b[^.?!]{{0,30}}\b(?:pass|fail|"
        r"win|lose|get approved|make (?:it )?(?:on(?:to)? )?the ballot)\b",
        r"\b(?:passed|failed|approved|rejected|adopted|defeated|not adopted|fell short)\b|"
        r"\b\d+(?:\.\d+)? ?% of (?:the )?votes?\b",
        of_the_year=True,
    ),
)
