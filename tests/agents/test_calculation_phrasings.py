"""Templates × values × unit spellings: every phrasing reaches the right calculator with the
right numbers. Expected results are worked out here, simply and separately from the
calculators (the held-out phrasings in bench/calculators are never used here)."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest

from trichome.agents.calculation_requests import recognise
from trichome.agents.calculators import StateEdibleLimits

GRAMS_PER_OUNCE = 28.349523125  # avoirdupois, exact by definition
GRAMS_PER_POUND = 453.59237
ML_PER_CUP = 236.5882365  # US customary cup
THCA_FACTOR = 0.877


@dataclass(frozen=True)
class Case:
    question: str
    expected: float
    detail: str | None = None  # compare a named detail instead of the result value

    def __str__(self) -> str:
        return self.question


def cycle(options: tuple[str, ...]) -> Iterator[str]:
    return itertools.cycle(options)


def build(
    templates: tuple[str, ...],
    values: tuple[dict[str, float], ...],
    expected: Callable[[dict[str, float]], float],
    spellings: dict[str, tuple[str, ...]] | None = None,
    detail: str | None = None,
) -> list[Case]:
    """Every template with every set of values, unit spellings taken in turn."""
    cases = []
    turns = {name: cycle(options) for name, options in (spellings or {}).items()}
    for template, value in itertools.product(templates, values):
        words = {name: next(turn) for name, turn in turns.items()}
        shown = {k: f"{v:g}" for k, v in value.items()}
        cases.append(Case(template.format(**shown, **words), expected(value), detail))
    return cases


TOTAL_THC = build(
    (
        "A flower COA shows {d9}% {neutral} and {a}% {acid}. Total THC?",
        "{acid} {a}%, {neutral} {d9}% - what's the total THC?",
        "coa: {a}% {acid} / {d9}% {neutral}. total thc please",
        "Lab results came back {neutral} at {d9}% and {acid} at {a}%, what is total THC",
        "what's total THC if {acid} is {a}% and {neutral} is {d9}%?",
        "{a}%{acid} and {d9}%{neutral}, total potency?",
        "my {acid} is {a} percent and {neutral} {d9} percent. what does that come to in total THC",
        "Total THC for a batch testing {d9}% {neutral} / {a}% {acid}?",
        "hemp coa {neutral} {d9}% {acid} {a}%, total thc?",
        "{neutral} {d9} {acid} {a}, total thc?",
    ),
    (
        {"d9": 1.0, "a": 20.0},
        {"d9": 0.6, "a": 24.5},
        {"d9": 0.8, "a": 24.3},
        {"d9": 2.1, "a": 31},
        {"d9": 0.15, "a": 0.22},
    ),
    lambda v: v["d9"] + THCA_FACTOR * v["a"],
    {
        "neutral": ("delta-9 THC", "Δ9-THC", "d9", "THC", "delta 9", "D9-THC", "delta-9"),
        "acid": ("THCA", "THC-A", "THCa", "thca", "Δ9-THCA"),
    },
)
TOTAL_CBD = build(
    (
        "total cbd with {a}% {acid} and {n}% CBD",
        "{acid} {a}% and CBD {n}%: total CBD?",
    ),
    ({"a": 12, "n": 0.5}, {"a": 8.4, "n": 1.2}, {"a": 15, "n": 0.3}),
    lambda v: v["n"] + THCA_FACTOR * v["a"],
    {"acid": ("CBDA", "CBD-A", "CBDa")},
)
TOTAL_MG_PER_G = build(
    (
        "COA in mg/g: {acid} {a} mg/g, {neutral} {d9} mg/g. Total THC?",
        "{a} mg/g {acid} and {d9} mg/g {neutral}, total thc?",
    ),
    ({"a": 200, "d9": 10}, {"a": 245, "d9": 6}, {"a": 180.5, "d9": 4.2}),
    lambda v: v["d9"] + THCA_FACTOR * v["a"],
    {"neutral": ("delta-9 THC", "d9"), "acid": ("THCA", "THCa")},
)
INFUSION = build(
    (
        "how much {p}% distillate for {n} gummies at {d} {mg}?",
        "How much {p}% distillate do I need for {n} gummies at {d}{mg} each?",
        "I need {n} capsules at {d} {mg} each using {p}% distillate, how many grams?",
        "need to make {n} chocolates dosed at {d} {mg} with {p}% oil, how much oil do I need",
        "{n} cookies at {d} {mg} per cookie, distillate is {p}%, how much do I need?",
        "Batch of {n} gummies, {d}{mg} each. Our distillate tests {p}%. How many grams go in?",
        "how many grams of {p}% distillate to make {n} mints at {d} {mg} a piece?",
        "1:1 gummy, {d}{mg} each of thc. {n} gummies. how much thc distillate at {p}%?",
    ),
    (
        {"n": 200, "d": 10, "p": 85},
        {"n": 1000, "d": 5, "p": 92.5},
        {"n": 48, "d": 2.5, "p": 70},
        {"n": 3000, "d": 100, "p": 88},
    ),
    lambda v: v["n"] * v["d"] / (v["p"] / 100) / 1000,
    {"mg": ("mg", "mgs", "milligrams", "MG")},
)
INFUSION_WITH_LOSS = build(
    (
        "how much {p}% distillate for {n} gummies at {d} mg with {l}% loss?",
        "I lose about {l}% in the kettle. How much {p}% distillate do I need for {n} gummies at {d} mg?",
    ),
    ({"n": 200, "d": 10, "p": 85, "l": 10}, {"n": 500, "d": 5, "p": 90, "l": 7.5}),
    lambda v: v["n"] * v["d"] / (1 - v["l"] / 100) / (v["p"] / 100) / 1000,
)
DOSE = build(
    (
        "{m} {g} of {p}% distillate into {n} gummies",
        "putting {m}{g} of {p}% distillate into {n} gummies, dose per gummy?",
        "if I mix {m} {g} of {p}% oil into {n} brownies how many mg each",
        "{n} pieces made with {m} {g} of {p}% distillate - mg per piece?",
        "what's the dose per chocolate if {m} {g} of {p}% distillate goes into {n} chocolates",
    ),
    ({"m": 10, "p": 80, "n": 100}, {"m": 2.5, "p": 91, "n": 250}, {"m": 1, "p": 65, "n": 40}),
    lambda v: v["m"] * 1000 * v["p"] / 100 / v["n"],
    {"g": ("g", "grams", "gram", "gs", "gms")},
)
DOSE_FROM_TOTAL = build(
    (
        "{t} mg of THC total split into {n} gummies, how much in each?",
        "a batch with {t} mg THC in total makes {n} pieces, mg per piece?",
        "{t}mg chocolate bar scored into {n} squares. per square mg?",
        "a {t} mg bar broken into {n} pieces, how much in each piece",
    ),
    ({"t": 1000, "n": 40}, {"t": 2500, "n": 100}, {"t": 600, "n": 60}),
    lambda v: v["t"] / v["n"],
)
DECARB = build(
    (
        "{m} {mg} of THCA decarboxylated: theoretical THC?",
        "how much THC do I get if I decarb {m} {mg} of THCA",
        "decarbing {m}{mg} of thca isolate, theoretical yield of thc?",
    ),
    ({"m": 1000}, {"m": 250}, {"m": 3500}),
    lambda v: v["m"] * THCA_FACTOR,
    {"mg": ("mg", "milligrams", "mgs")},
)
DECARB_GRAMS = build(
    (
        "decarb {m} {g} of THCA at {e}% efficiency, how much THC?",
        "{m} {g} THCA diamonds, decarb conversion efficiency around {e}% - how much thc will I get",
    ),
    ({"m": 10, "e": 90}, {"m": 2.5, "e": 95}, {"m": 28, "e": 85}),
    lambda v: v["m"] * THCA_FACTOR * v["e"] / 100,  # in grams, the unit the question used
    {"g": ("g", "grams")},
)
PRODUCT = build(
    (
        "how many mg of THC in a {m} {g} cart at {p}%?",
        "How much THC is in {m}{g} of {p}% flower, in mg?",
        "{m} {g} of {p}% wax - how many milligrams of thc is that",
    ),
    ({"m": 1, "p": 85}, {"m": 3.5, "p": 22}, {"m": 0.5, "p": 90.5}),
    lambda v: v["m"] * 1000 * v["p"] / 100,
    {"g": ("g", "gram", "grams")},
)
SERVINGS = build(
    (
        "how many servings in a {pk} mg package at {s} mg per serving",
        "{pk}mg package, {s} mg servings - how many servings?",
        "a {pk} mg pack with {s} mg per serving, how many servings is that",
        "servings per package: {pk} mg package, {s} mg a serving?",
        "{pk} mg thc beverage bottle, customers pour {s} mg shots. how many shots per bottle",
        "{pk}mg chocolate bar, each square {s}mg, how many squares",
    ),
    ({"pk": 100, "s": 5}, {"pk": 100, "s": 10}, {"pk": 50, "s": 2.5}),
    lambda v: v["pk"] / v["s"],
)
KITCHEN = build(
    (
        "I infused {m} grams of {p}% flower into {c} {cup} of butter, how many mg per tablespoon?",
        "{m} g of {p}% bud in {c} {cup} of coconut oil: mg of THC per tbsp?",
    ),
    ({"m": 7, "p": 18, "c": 1}, {"m": 14, "p": 20, "c": 2}, {"m": 3.5, "p": 25, "c": 0.5}),
    lambda v: v["m"] * 1000 * v["p"] / 100 / (v["c"] * ML_PER_CUP) * ML_PER_CUP / 16,
    {"cup": ("cup", "cups", "cup")},
)
KITCHEN_TSP = build(
    ("{m} g of {p}% flower into {c} cups of oil, mg per teaspoon?",),
    ({"m": 7, "p": 18, "c": 1}, {"m": 10, "p": 22, "c": 2}),
    lambda v: v["m"] * 1000 * v["p"] / 100 / (v["c"] * 48),
)
TINCTURE = build(
    (
        "{t} mg in a {v} {ml} tincture, mg per dropper?",
        "tincture bottle is {v}{ml} with {t}mg THC, how many mg per ml",
        "{t} mg of thc in {v} {ml} of MCT - what's that per mL?",
        "what is the mg/ml of a {v} {ml} tincture with {t} mg in it",
    ),
    ({"t": 1000, "v": 30}, {"t": 500, "v": 15}, {"t": 1500, "v": 60}),
    lambda v: v["t"] / v["v"],
    {"ml": ("ml", "mL", "mls")},
)
C1V1 = build(
    (
        "{c1} mg/mL stock, need {v2} mL at {c2} mg/mL",
        "diluting a {c1} mg/ml stock to {c2} mg/ml, I want {v2} ml - how much stock?",
        "I have a {c1}mg/mL stock solution and need {v2} mL of {c2}mg/mL",
    ),
    (
        {"c1": 50, "c2": 10, "v2": 30},
        {"c1": 100, "c2": 25, "v2": 200},
        {"c1": 40, "c2": 5, "v2": 60},
    ),
    lambda v: v["c2"] * v["v2"] / v["c1"],
)
DILUTION = build(
    (
        "dilute {m} {g} of {c}% distillate to {t}%",
        "I want to cut {m}{g} of {c}% oil down to {t}%, how much carrier?",
    ),
    ({"m": 20, "c": 90, "t": 70}, {"m": 100, "c": 85, "t": 60}, {"m": 7, "c": 95, "t": 50}),
    lambda v: v["m"] * v["c"] / v["t"] - v["m"],
    {"g": ("g", "grams")},
)
BLEND = build(
    (
        "mix {m1} g of {p1}% with {m2} g of {p2}% distillate, what potency?",
        "blend {m1}g of {p1}% distillate and {m2}g of {p2}% distillate - final %?",
        "If I combine {m1} grams at {p1}% with {m2} grams at {p2}%, what's the blend potency",
    ),
    (
        {"m1": 40, "p1": 90, "m2": 60, "p2": 70},
        {"m1": 250, "p1": 88, "m2": 250, "p2": 60},
        {"m1": 10, "p1": 95, "m2": 30, "p2": 45},
    ),
    lambda v: (v["m1"] * v["p1"] + v["m2"] * v["p2"]) / (v["m1"] + v["m2"]),
)
BLEND_TARGET = build(
    (
        "blend {p1}% and {p2}% distillate to hit {t}%, need {m} g total - how much of the {p1}%?",
        "I need {m} g at {t}% from {p1}% and {p2}% distillate, how much {p1}% do I blend in?",
    ),
    ({"p1": 92, "p2": 65, "t": 80, "m": 500}, {"p1": 90, "p2": 70, "t": 85, "m": 100}),
    lambda v: v["m"] * (v["t"] - v["p2"]) / (v["p1"] - v["p2"]),
)
TERPENES = build(
    (
        "add terpenes at {t}% of the final blend to {m} g of distillate",
        "how many grams of terps for {m}g of distillate at {t}% of the total mix?",
    ),
    ({"m": 30, "t": 8}, {"m": 100, "t": 5}, {"m": 950, "t": 10}),
    lambda v: v["m"] * v["t"] / (100 - v["t"]),
)
TERPENES_OF_BASE = build(
    (
        "terps at {t}% of the distillate weight, {m} g of distillate - how much terps?",
        "{m} g distillate, add terpenes at {t}% by distillate weight",
    ),
    ({"m": 30, "t": 8}, {"m": 100, "t": 5}),
    lambda v: v["m"] * v["t"] / 100,
)
CONVERT = build(
    (
        "convert {a} {oz} to grams",
        "how many grams in {a} {oz}",
        "{a} {oz} in g?",
    ),
    ({"a": 1}, {"a": 3.5}, {"a": 0.25}),
    lambda v: v["a"] * GRAMS_PER_OUNCE,
    {"oz": ("oz", "ounces", "ounce", "ozs")},
)
CONVERT_OTHERS = [
    Case("convert 3.5 g to oz", 3.5 / GRAMS_PER_OUNCE),
    Case("how many grams in a pound", GRAMS_PER_POUND),
    Case("how many grams in an eighth", 3.5),
    Case("how many eighths in an ounce", 8),
    Case("how many grams in a quarter", 7),
    Case("convert 2.5 kg to lb", 2500 / GRAMS_PER_POUND),
    Case("convert 3500 mg to g", 3.5),
    Case("convert 100 ml to g with a density of 0.92", 92),
    Case("how many tablespoons in a cup", 16),
    Case("how many teaspoons in 2 tablespoons", 6),
    Case("convert 1 l to ml", 1000),
    Case("how many ml in 1 fl oz", 29.5735295625),
]
YIELD = build(
    (
        "harvested {lb} {lbs} dry from {a} sq ft, grams per square foot?",
        "{lb} {lbs} of dry flower off {a} square feet of canopy - g per sq ft?",
    ),
    ({"lb": 12, "a": 1000}, {"lb": 50, "a": 2500}, {"lb": 3, "a": 120}),
    lambda v: v["lb"] * GRAMS_PER_POUND / v["a"],
    {"lbs": ("lb", "lbs", "pounds")},
)
YIELD_WATTS = build(
    (
        "we pulled {g} g dry under {w} watts, what's our grams per watt?",
        "{g} grams dried from a {w} W room, g/w?",
    ),
    ({"g": 5000, "w": 10000}, {"g": 1200, "w": 1000}, {"g": 720, "w": 600}),
    lambda v: v["g"] / v["w"],
)
DRY = build(
    (
        "{w} lb wet, loses {l}% in drying, dry weight?",
        "we chopped {w} lbs wet; if it loses {l}% of its weight drying, what will it weigh dry",
    ),
    ({"w": 100, "l": 75}, {"w": 40, "l": 80}, {"w": 250, "l": 78}),
    lambda v: v["w"] * (1 - v["l"] / 100),
)
PRICE = build(
    (
        "paying ${p} a pound, what's that per gram?",
        "${p}/lb - price per gram?",
        "if a pound costs ${p}, what is the cost per gram",
    ),
    ({"p": 1200}, {"p": 800}, {"p": 2000}),
    lambda v: v["p"] / GRAMS_PER_POUND,
)
VARIANCE = build(
    (
        "label says {c} mg per piece, variance +/- {t}%, what range passes?",
        "{c} mg label claim with a {t}% tolerance, what's the allowed window?",
    ),
    ({"c": 10, "t": 15}, {"c": 100, "t": 10}, {"c": 5, "t": 20}),
    lambda v: v["c"] * (1 - v["t"] / 100),
    detail="low",
)
CHAINS = build(
    (
        "COA says {a}% THCA and {d9}% delta-9 THC. How many mg of THC in a {m} g eighth?",
        "an eighth is {m} g: at {a}% THCA and {d9}% d9, how many mg THC total?",
    ),
    ({"a": 20, "d9": 1, "m": 3.5}, {"a": 25, "d9": 0.5, "m": 3.5}),
    lambda v: v["m"] * 1000 * (v["d9"] + THCA_FACTOR * v["a"]) / 100,
)
DECARB_CHAIN = build(
    ("decarb {m} mg of THCA at {e}% efficiency and split it into {n} gummies, mg each?",),
    ({"m": 1000, "e": 90, "n": 50}, {"m": 5000, "e": 95, "n": 100}),
    lambda v: v["m"] * THCA_FACTOR * v["e"] / 100 / v["n"],
)
PRICE_OUNCE = build(
    (
        "${p} an ounce, what is that per gram?",
        "I pay ${p} per oz, price per gram?",
    ),
    ({"p": 200}, {"p": 150}, {"p": 320}),
    lambda v: v["p"] / GRAMS_PER_OUNCE,
)
PRICE_KILO = build(
    ("${p} per kilo, what's the price per gram?", "a kg costs ${p}: cost per gram?"),
    ({"p": 2500}, {"p": 4000}),
    lambda v: v["p"] / 1000,
)
CONVERT_POUNDS = build(
    ("convert {a} {lb} to grams", "how many grams in {a} {lb}", "{a} {lb} in g?"),
    ({"a": 1}, {"a": 2.5}, {"a": 0.25}),
    lambda v: v["a"] * GRAMS_PER_POUND,
    {"lb": ("lb", "lbs", "pounds", "pound")},
)
CONVERT_KILOS = build(
    ("convert {a} kg to {lb}", "{a} kg in {lb}?"),
    ({"a": 1}, {"a": 10}, {"a": 2.2}),
    lambda v: v["a"] * 1000 / GRAMS_PER_POUND,
    {"lb": ("lb", "lbs", "pounds")},
)
DRY_MOISTURE = build(
    (
        "{w} lb wet at {m1}% moisture, dried down to {m2}% moisture - dry weight?",
        "fresh frozen is {w} lbs at {m1}% water; what is it dry at {m2}% moisture",
    ),
    ({"w": 100, "m1": 80, "m2": 10}, {"w": 50, "m1": 75, "m2": 12}, {"w": 20, "m1": 78, "m2": 11}),
    lambda v: v["w"] * (1 - v["m1"] / 100) / (1 - v["m2"] / 100),
)
DECARB_MORE = build(
    (
        "theoretical THC from {m} {g} of THCA?",
        "if I activate {m} {g} of thca how much thc is that in theory",
    ),
    ({"m": 1}, {"m": 5}, {"m": 0.5}),
    lambda v: v["m"] * THCA_FACTOR,  # in grams, the unit the question used
    {"g": ("g", "grams", "gram")},
)
WORDS = [
    Case("how much 85% distillate for two hundred gummies at ten mg each?", 200 * 10 / 0.85 / 1000),
    Case("how much 85% distillate for 1,000 gummies at 10mg?", 1000 * 10 / 0.85 / 1000),
    Case("how much 85% distillate for 1k gummies at 10 mg", 1000 * 10 / 0.85 / 1000),
    Case("how much 90% distillate for a dozen cookies at 25 mg", 12 * 25 / 0.9 / 1000),
    Case("half a gram of 90% distillate into ten gummies, mg each?", 500 * 0.9 / 10),
    Case("how many mg of THC in a gram of 85% distillate", 850),
    Case(
        "how much 85 percent distillate for 200 gummies at 10 milligrams each",
        200 * 10 / 0.85 / 1000,
    ),
    Case("24,5% THCA and 0,6% delta-9 THC, total THC?", 0.6 + 24.5 * THCA_FACTOR),
]
COA_TABLES = [
    Case(
        "Here's my COA, what's total THC?\nAnalyte    LOD    LOQ    Result (%)    Result (mg/g)\n"
        "THCa    0.01    0.03    24.51    245.1\nΔ9-THC    0.01    0.03    0.62    6.2\n"
        "CBD    0.01    0.03    ND    ND\nCBG    0.01    0.03    0.45    4.5",
        0.62 + 24.51 * THCA_FACTOR,
    ),
    Case(
        "total thc from this?\nTHCA | 21.3% \nD9-THC | 0.9%\nCBN | ND",
        0.9 + 21.3 * THCA_FACTOR,
    ),
    Case(
        "Cannabinoid\tmg/g\tpercent\nTHCA\t180.0\t18.0\ndelta-9 THC\t7.0\t0.7\nCBD\tND\tND\nTotal THC?",
        0.7 + 18.0 * THCA_FACTOR,
    ),
]

LABEL_SHARE = build(
    (
        "gummy labeled {c} mg came back at {m} mg from the lab. what % of label is that",
        "label claim {c}mg per piece, lab result {m}mg, what percent of label?",
    ),
    ({"c": 10, "m": 8.3}, {"c": 5, "m": 5.6}),
    lambda v: v["m"] / v["c"] * 100,
)
FILL_POTENCY = build(
    (
        "cart fill is {d}% distillate {t}% terps, distillate tests {p}%. whats the final thc % of the oil",
        "blend is {d}% distillate and {t}% terpenes, disty is {p}% thc, what's the thc % in the cart",
    ),
    ({"d": 90, "t": 10, "p": 92}, {"d": 85, "t": 15, "p": 95}),
    lambda v: v["d"] * v["p"] / 100,
)
TOTAL_CBG = [
    *build(
        ("cbg flower, lab shows {a}% cbga and basically no cbg. potential cbg after decarb?",),
        ({"a": 8}, {"a": 12.5}),
        lambda v: 0.878 * v["a"],  # 316.48 / 360.49 g/mol, CBG over CBGA
    ),
    *build(
        ("coa: cbga {a}%, cbg {n}%. total cbg?",),
        ({"a": 8, "n": 0.2}, {"a": 12.5, "n": 0.4}),
        lambda v: v["n"] + 0.878 * v["a"],
    ),
]
DECARB_SCALED = build(
    ("scaling decarb on {m} g thca crystalline, how much thc do we end up with?",),
    ({"m": 1000}, {"m": 250}),
    lambda v: v["m"] * THCA_FACTOR,
)
HEMP_MU = build(
    (
        "lab reported {r}% d9 dry weight with a measurement uncertainty of +/- {m}. is that lot ok",
        "hemp lot came back {r}% thc, MU +/- {m}%, are we ok?",
    ),
    ({"r": 0.35, "m": 0.06}, {"r": 0.42, "m": 0.05}),
    lambda v: v["r"] - v["m"],  # 7 CFR 990.1: the low end of the range is what is compared
)
DLI_WORDS = build(
    ("mothers under {p} umol for {h}h, is that a lot? whats the daily total",),
    ({"p": 700, "h": 18}, {"p": 450, "h": 16}),
    lambda v: v["p"] * v["h"] * 3600 / 1_000_000,
)
TABLE: list[Case] = [
    *TOTAL_THC, *TOTAL_CBD, *TOTAL_MG_PER_G, *INFUSION, *INFUSION_WITH_LOSS, *DOSE,
    *DOSE_FROM_TOTAL, *DECARB, *DECARB_GRAMS, *PRODUCT, *SERVINGS, *KITCHEN, *KITCHEN_TSP,
    *TINCTURE, *C1V1, *DILUTION, *BLEND, *BLEND_TARGET, *TERPENES, *TERPENES_OF_BASE, *CONVERT,
    *CONVERT_OTHERS, *YIELD, *YIELD_WATTS, *DRY, *PRICE, *VARIANCE, *CHAINS, *DECARB_CHAIN,
    *WORDS, *COA_TABLES, *PRICE_OUNCE, *PRICE_KILO, *CONVERT_POUNDS, *CONVERT_KILOS,
    *DRY_MOISTURE, *DECARB_MORE, *LABEL_SHARE, *FILL_POTENCY, *TOTAL_CBG, *DECARB_SCALED, *HEMP_MU, *DLI_WORDS,
]  # fmt: skip


def test_the_table_is_large_and_distinct() -> None:
    assert len(TABLE) >= 300
    assert len({case.question for case in TABLE}) == len(TABLE)


@pytest.mark.parametrize("case", TABLE, ids=str)
def test_each_phrasing_gets_the_right_number(case: Case) -> None:
    found = recognise(case.question)
    assert found is not None, "no calculation recognised"
    assert found.calculation is not None, f"no number: {found.refusal}"
    got = found.calculation.details[case.detail] if case.detail else found.calculation.value
    assert math.isclose(got, case.expected, rel_tol=1e-6), found.calculation.summary


MISSING = [
    "how much distillate do I need for 200 gummies at 10 mg each?",
    "I put 10 g of distillate into 100 gummies, how many mg each?",
    "how many mg of THC in a 1 g cart?",
    "how many servings in a 100 mg package?",
    "dilute 20 g of 90% distillate, how much carrier?",
    "1000 mg in a tincture, mg per dropper?",
    "I infused 7 g of flower into 1 cup of butter, how many mg per tablespoon?",
    "100 lb wet, what will it weigh dry?",
    "we harvested 12 lb dry, what's our grams per watt?",
    "label says 10 mg, what range passes the potency variance?",
    "how much terpenes should I add to 30 g of distillate?",
    "mix 90% and 70% distillate, what's the blend potency?",
    "how much 85% distillate do I need for gummies at 10 mg each?",
    "how much THC will I get from decarbing THCA at 90% efficiency?",
]


@pytest.mark.parametrize("question", MISSING)
def test_a_missing_input_gets_a_question_and_no_number(question: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is None, "expected a question"
    assert found.asks and found.refusal and "?" in found.refusal


IMPOSSIBLE = [
    "how much 85% distillate for 0 gummies at 10 mg",
    "how much 150% distillate for 10 gummies at 10 mg",
    "10 g of 80% distillate into -5 gummies",
    "convert 100 ml to g",
    "A COA shows 60% THC and 50% THCA, total THC?",
    "-3 g of 85% distillate into 10 gummies",
    "dilute 20 g of 70% distillate to 80%",
    "decarb 1000 mg of THCA at 120% efficiency, how much THC?",
    "100 lb wet, loses 100% in drying, dry weight?",
    "blend 90% and 70% distillate to hit 95%, need 100 g total",
    "how much 85% distillate for 10.5 gummies at 10 mg",
]


@pytest.mark.parametrize("question", IMPOSSIBLE)
def test_an_impossible_input_is_explained_without_a_number(question: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is None and found.refusal
    assert not found.asks


CONTRADICTORY = [
    "how much 85% distillate for 200 gummies at 10 mg, the distillate is 90%",
    "A COA shows 20% THCA, THCA 25%, 1% delta-9 THC. total THC?",
]


@pytest.mark.parametrize("question", CONTRADICTORY)
def test_two_values_for_one_input_get_a_question(question: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is None and found.asks
    assert "Which one" in (found.refusal or "")


def test_the_hemp_limit_gives_a_verdict() -> None:
    over = recognise("hemp COA: 0.12% delta-9 THC and 0.4% THCA, is it compliant?")
    under = recognise("our hemp came back 0.05% d9 and 0.25% THCa, does it pass?")
    assert over is not None and over.calculation is not None
    assert under is not None and under.calculation is not None
    assert over.calculation.verdict is not None and over.calculation.verdict.startswith("FAILS")
    assert under.calculation.verdict is not None and under.calculation.verdict.startswith("PASSES")
    assert "7 CFR 990.1" in over.calculation.verdict


def test_a_state_cap_gives_a_verdict() -> None:
    limits = StateEdibleLimits("Colorado", 10, 100, ())
    found = recognise("10 gummies at 15 mg each, is that legal?", "CO", lambda _: limits)
    assert found is not None and found.calculation is not None
    assert found.calculation.verdict and "breaks Colorado" in found.calculation.verdict


def test_a_range_is_worked_at_both_ends() -> None:
    found = recognise("8-10 mg per gummy from 85% distillate, how much for 1,000 gummies?")
    assert found is not None and found.calculation is not None
    low, high = found.calculation.details["low"], found.calculation.details["high"]
    assert math.isclose(low, 8 / 0.85) and math.isclose(high, 10 / 0.85)


@pytest.mark.parametrize(
    "question",
    [
        "What are the labelling rules for edibles in Michigan?",
        "What is the THC limit per serving for edibles in Colorado?",
        "How do I decarb at 115 C for 40 minutes?",
        "We sell 1 oz of flower to 21+ customers",
        "hello",
        "What is the decarboxylation factor for THCA?",
        "Do I need a license to sell 10 mg gummies in Michigan?",
    ],
)
def test_questions_without_a_calculation_are_left_alone(question: str) -> None:
    assert recognise(question) is None


def test_a_hemp_result_within_its_uncertainty_of_the_limit_is_acceptable() -> None:
    within = recognise("hemp lot 0.35% thc, measurement uncertainty +/- 0.06, is that lot ok?")
    above = recognise("hemp lot 0.42% thc, measurement uncertainty +/- 0.05, is that lot ok?")
    assert within is not None and within.calculation is not None
    assert above is not None and above.calculation is not None
    assert (within.calculation.verdict or "").startswith("WITHIN")
    assert (above.calculation.verdict or "").startswith("ABOVE")
