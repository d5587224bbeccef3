"""The inputs a calculation can ask for, as data: a key the caller can act on (the state's
variance rule supplies a missing "tolerance", never a missing "label_claim") and the words
the question to the user is built from.

A reader raises `ask(question, LABEL_CLAIM)`; the `MissingInput` it gets carries the key in
`inputs`, and `RecognisedCalculation.missing` hands it on, so no caller has to search the
asking text for a word.
"""

from __future__ import annotations

LABEL_CLAIM = "label_claim"
TOLERANCE = "tolerance"
POTENCY = "potency"
THCA = "thca"
DELTA9 = "delta9"
THCA_MASS = "thca_mass"

# key -> how the question to the user names it
WORDING: dict[str, str] = {
    LABEL_CLAIM: "the label claim (mg or %) the window is around",
    TOLERANCE: "the variance allowed around the label (±%)",
    POTENCY: "the product's potency (% THC)",
    THCA: "the THCA value from the COA (0 if it reports none)",
    DELTA9: "the delta-9 THC result from the COA (%; 0 if it reports none)",
    THCA_MASS: "how much THCA you start with (its mass)",
}


def wording(key: str) -> str:
    """How the question to the user names an input; a reader's own description of an input
    with no key yet is used as it is."""
    return WORDING.get(key, key)
