"""The words that mark a turn as a follow-up to an earlier calculation ("what if it tests at
92%?", "they came down to 1450", "retest came back 0.31%"), and those that ask for a number
without giving one ("how much per tbsp?")."""

from __future__ import annotations

import re

FOLLOW_UP = re.compile(
    r"^\s*(?:and\s+|but\s+|ok(?:ay)?,?\s+|so\s+)?(?:what\s+(?:if|about|abt)|how\s+about|same\s+"
    r"(?:thing|but|with|for)|now\s+(?:with|at|for|\d)|instead|redo|again|and\s+(?:at|with|for|if)|"
    r"at\s+\d|with\s+\d|if\s+(?:it|i|we|the)|make\s+(?:it|them)|change|say\s+it|suppose|"
    r"it'?s\s+\d|it\s+is|actually|using\s|use\s|per\s|each\b|in\s+(?:mg|milligrams?|grams?|g|ml|"
    r"oz|ounces?|kg|lbs?|pounds?|%|percent|cups?|tbsps?|tablespoons?|tsps?|teaspoons?|zips?|"
    r"eighths?)\b|cut(?:ting)?\s|(?:split|divid\w*|slic\w*|portion\w*)\s+(?:it\s+|them\s+)?into\s|"
    r"into\s+\d|only\s|(?:drop|raise|bump|lower|up|go)\s+"
    r"(?:it|the|to|up|down)|switch|\d)",
    re.IGNORECASE,
)

# "retest came back THCA 0.31%, same d9", "and the highest?": words that lean on the earlier
# question wherever they stand in a short turn.
FOLLOW_UP_ANYWHERE = re.compile(
    r"\bsame\s+(?:d9|delta|thc|thca|cbd|cbda|potency|weight|dose|mass|amount|ratio|loss|"
    r"efficiency|batch|bottle|recipe|one|as\s+before)\b|\bre-?test(?:ed|s)?\b|"
    # "next batch came back 10.8", "this one comes in at 92": another test result
    r"\b(?:came|comes?|coming)\s+(?:back|in)\s+(?:at\s+|as\s+)?[\d.]|"
    # "they came down to 1450", "he dropped it to 1,500": a figure given before, revised
    r"\b(?:came|comes?|went|goes|dropped|lowered|raised|bumped|knocked|brought|talked|cut)\s+"
    r"(?:it\s+|that\s+|them\s+|him\s+|her\s+|the\s+price\s+)?(?:down\s+|up\s+)?to\s+\$?\s*[\d.]|"
    # "now he says 1.4k", "now they want 1400", "he's asking 1500 now": a price quoted anew
    r"\bnow\s+(?:he|she|they|it|the\s+\w+)(?:'s|\s+(?:says|said|wants|asks|quotes|is))\s+"
    r"(?:asking\s+|at\s+)?\$?\s*[\d.]|\b(?:asking|quoting|wants)\s+\$?\s*[\d.]+\s*k?\s+now\b|"
    # "she also wants a 7 g quarter", "how much is left after that": more, on the earlier
    r"\balso\b(?=[^.?!]{0,30}\d)|\bafter\s+(?:that|those|this)\b|"
    # "second lot is 4 kg at 0.41%": the other lot of a blend begun before
    r"\b(?:second|2nd|other)\s+(?:lot|batch|one|material)\b(?=[^.?!]{0,30}\d)|"
    # "what does each one come out to if we split it evenly": the earlier amount, divided
    r"\b(?:split|divide|share)\s+(?:it|them|that|those|this)\s+(?:up\s+)?(?:evenly|equally)\b|"
    r"\bwhat\s+(?:does|do|would|will)\s+each\s+(?:\w+\s+)?(?:come|work)\s+out\s+to\b|"
    # "already got two eighths, how many more grams": what is left of a limit given before
    r"\balready\b(?=[^?!]{0,60}\bhow\s+(?:many|much)\s+more\b)|"
    # "thca is actually 21.4", "the lab reissued it", "typo, should be 0.4": a correction
    r"\b(?:is|was|are|were|it'?s)\s+(?:actually|really)\b|\b(?:correction|corrected|re-?issued|"
    r"typo|i\s+meant|should\s+(?:be|have\s+been|read))\b|"
    r"^\s*(?:and\s+|but\s+|ok(?:ay)?,?\s+|so\s+)?(?:the\s+)?(?:highest|lowest|high\s+end|"
    r"low\s+end|top\s+end|bottom\s+end|max(?:imum)?|min(?:imum)?|upper|lower)\b|"
    # "sorry, those are mg/g", "the numbers were in mg/g": the earlier numbers' unit, told late
    r"\b(?:those|these|they|them|the\s+(?:numbers|values|results))\s+(?:are|were|was|is)\s+"
    r"(?:all\s+)?(?:in\s+)?(?:mg\s*/\s*g|milligrams?\s+per\s+gram)\b|"
    # "i'm a resident", "visiting from ohio": the buyer's residence a limit was asked for
    r"^\s*(?:(?:i'?m|i\s+am|we'?re|they'?re|he'?s|she'?s|yes|no|nope|yeah)\W*\s*)*(?:an?\s+)?"
    r"(?:non-?\s?resident|resident|visiting|visitor|tourist|out[- ]of[- ]state(?:r)?|local)\b",
    re.IGNORECASE,
)
# A short turn that asks for a number without giving one ("how much per tbsp?", "in grams?").
CALCULATION_ASK = re.compile(
    r"how\s+(?:much|many)|\bper\s+\w|\beach\b|\bin\s+(?:mg|milligrams?|grams?|g|ml|mls|oz|"
    r"ounces?|kg|kilos?|lbs?|pounds?|%|percent|litres?|liters?|°?\s?[cf]|cups?|tbsps?|"
    r"tablespoons?|tsps?|teaspoons?|zips?|eighths?)\b|\bdose\b|\btotal\b|"
    r"\bneed(?:ed)?\b|\brequired\b|\bhow\s+strong\b|\bvarian(?:ce|t)\b|\bdeviation\b|\bscal(?:e|ing)\b|"
    r"\bhow\s+far\s+off\b|\bweigh\s+out\b|\bwhat\s+(?:do|should)\s+(?:i|we)\s+(?:weigh|use|add|put\s+in)\b",
    re.IGNORECASE,
)
# "forgot the 15% excise ... total with both?": a turn that names the earlier figures as part
# of its own, a follow-up however long it runs.
BACK_REFERENCE = re.compile(
    r"\b(?:total|price|cost|pay|owe)\s+(?:with|incl\w*|after|for)\s+both\b|"
    r"\bboth\s+(?:taxes|rates|fees|charges)\b|"
    r"\b(?:forgot|forgotten|left\s+out|missed)\s+(?:about\s+)?(?:the|to\s+(?:add|mention|include))\b",
    re.IGNORECASE,
)
