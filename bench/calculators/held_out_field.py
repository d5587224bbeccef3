"""A second held-out set: questions as growers, budtenders, extractors and home cooks write
them, never used by the tests.

Written for issue 20's third round, before the readers were changed for it: counter slang
("a quarter", "an eighth", "1/8 oz", "half g", "a p"), kitchen measures (tsp, tbsp, cups,
sticks, fl oz), °F, typos and glued units; conversations whose inputs arrive over several
turns or are changed by a later turn; the humidity or temperature a target VPD needs; and
questions with an input missing, which must be answered with a question.

Every expected number is worked out here with plain arithmetic, separately from the
calculators, with the formula beside it. Conventions: THC = delta-9 + 0.877 × THCA; an
eighth, a quarter and a half of flower are 3.5, 7 and 14 g (the trade's 28 g ounce, and
"1/8 oz" is how a menu writes an eighth); a pound is 453.59237 g; kitchen measures are US
customary (1 cup = 16 tbsp = 48 tsp, a stick of butter is half a cup); a US fluid ounce is
29.5735295625 mL; saturation vapour pressure is Tetens' formula as FAO-56 (chapter 3,
eq. 11) writes it, and its inverse is that formula solved for T.
"""

from __future__ import annotations

import math

from bench.calculators.held_out import HeldOut, one

FACTOR = 0.877
POUND_G = 453.59237
FLOZ_ML = 29.5735295625


def svp(celsius: float) -> float:
    """Saturation vapour pressure in kPa (Tetens, FAO-56 chapter 3 eq. 11)."""
    return 0.6108 * math.exp(17.27 * celsius / (celsius + 237.3))


def svp_temperature(kpa: float) -> float:
    """The temperature (°C) at which the saturation vapour pressure is `kpa`: Tetens solved
    for T, T = 237.3 · ln(e/0.6108) / (17.27 - ln(e/0.6108))."""
    x = math.log(kpa / 0.6108)
    return 237.3 * x / (17.27 - x)


def f_to_c(fahrenheit: float) -> float:
    return (fahrenheit - 32) * 5 / 9


ANSWERABLE: list[HeldOut] = [
    # At the counter.
    one("how many mg thc in a quarter of 26% flower", 7000 * 0.26),
    one("customer wants to know mg in a 1/8 oz of 19.5% bud", 3500 * 0.195),
    one("half g dab of 78% wax, how many mg is that", 500 * 0.78),
    one("hwo many milligrams thc in a half oz of 24 percent", 14000 * 0.24),
    one("if a 1/8 is $35, whats that per gram", 35 / 3.5),
    one("quarter ounce for 60 bucks, price per g?", 60 / 7),
    one("paid 1,650 for a p, what's my cost per gram", 1650 / POUND_G),
    one("how many servings in a 350mg choc bar if each serving is 10mg?", 350 / 10),
    # In the kitchen.
    one("I'm using 1/4 oz of 18% bud in 1 cup of butter. How many mg per tsp?", 7000 * 0.18 / 48),
    one(
        "made canna oil w/ 3.5g of 20% thca flower in 1/2 cup coconut oil. mg per teaspoon?",
        3500 * 0.20 * FACTOR / 24,  # 1/2 cup = 24 tsp; THCA counted as THC at 0.877
    ),
    one(
        "recipe calls for 2 tbsp of my cannabutter. butter is 1 cup with 10 grams of 15% in it. "
        "how much thc in the recipe",
        10000 * 0.15 / 16 * 2,  # 1 cup = 16 tbsp
    ),
    one(
        "infused 5 grams of 70% rosin into 250 mL of olive oil, how many mg per mL",
        5000 * 0.7 / 250,
    ),
    one(
        "brownie batch: 1 stick of butter with 7g of 22% in it, 16 brownies. mg per brownie?",
        7000 * 0.22 / 16,
    ),
    one("tincture: 1000mg in a 1 fl oz bottle, mg per ml?", 1000 / FLOZ_ML),
    one(
        "30 mL bottle has 1,500 mg CBD, dropper is 0.5 ml. mg per dropper?",
        1500 / 30 * 0.5,
        "per_dropper",
    ),
    # In the lab and the kitchen of a manufacturer.
    one(
        "running 2500 gummies @ 5mg w/ 88.5% disty, figure 10% loss. grams?",
        2500 * 5 / 0.885 / 0.9 / 1000,  # mass = N × dose ÷ potency ÷ (1 - loss)
    ),
    one(
        "how many grams of 95% distillate to make 40 brownies with 25 mg each",
        40 * 25 / 0.95 / 1000,
    ),
    one(
        "i want each cookie at 10mg, batch of 3 dozen, using 80% oil. how much oil in grams?",
        36 * 10 / 0.8 / 1000,
    ),
    one("pressed 448g of hash and got 302 g rosin, what's my return", 302 / 448 * 100),
    one("blend 250g 92% disty with 750g 80% - final %?", (250 * 92 + 750 * 80) / 1000),
    one(
        "I have 600 g of distillate at 93%, how much terpenes do I add to get it to 88%",
        600 * 93 / 88 - 600,  # carrier = m × (c1/c2 - 1)
    ),
    one("decarbing a half gram of thca isolate — how many mg thc?", 500 * FACTOR),
    one("decarb 28g of 25% THCA flower, how much thc in mg", 28000 * 0.25 * FACTOR),
    one("100 mg/ml stock, need 250 ml at 4 mg/ml for seltzer, how much stock", 250 * 4 / 100),
    one("diluting 20 mg/ml to 5mg/ml, final volume 1 L, how many mL of stock?", 1000 * 5 / 20),
    one(
        "decarbed 14 g of 24% THCA shake at 240°F for 40 min, figure 80% conversion. total mg THC?",
        14000 * 0.24 * FACTOR * 0.8,
    ),
    one("dosing 75 gummies w/ 1.2g of 86%thc distillate, mg per gummy?", 1200 * 0.86 / 75),
    one("2.5g of 90% in 50 choc squares, whats the dose", 2500 * 0.9 / 50),
    # Reading a COA.
    one("hemp coa: d9 THC 0.12%, THCa 0.25%, are we over 0.3?", 0.12 + 0.25 * FACTOR),
    one("THCa - 31.2 %, Δ9 - 0.9 %. total", 0.9 + 31.2 * FACTOR),
    one("CBDA 12.5 percent, CBD 1.1 percent, total cbd pls", 1.1 + 12.5 * FACTOR),
    one(
        "lab gave us 248.6 mg/g THCA and 6.2 mg/g delta 9, what's total THC in %",
        (6.2 + 248.6 * FACTOR) / 10,  # 10 mg/g = 1%
    ),
    one(
        "label says 100mg/package, 10 pieces. Lab came back 9.2 mg per piece. within 10%?",
        9.2 / 10 * 100,  # the lab's result as a share of the 10 mg claim
    ),
    one(
        "our gummies are labeled 5mg and the state allows 10% either way, what's the range",
        4.5,
        "low",
    ),
    # In the grow.
    one("whats the vpd at 78°F and 60% RH", svp(f_to_c(78)) * 0.4),
    one(
        "temp 82 F, humidity 50, leaf 2 degrees cooler. leaf vpd?",
        svp(f_to_c(80)) - svp(f_to_c(82)) * 0.5,  # leaf VPD = SVP(leaf) - SVP(air) × RH
    ),
    one(
        "what RH should I set to get 1.2 kPa VPD at 26C?",
        100 * (1 - 1.2 / svp(26)),  # RH = 100 × (1 - VPD / SVP(T))
    ),
    one(
        "want a leaf vpd of 1.0 at 80°F room temp, leaves run 3°F cooler. what humidity",
        100 * (svp(f_to_c(77)) - 1.0) / svp(f_to_c(80)),  # RH = 100 × (SVP(leaf) - VPD) / SVP(air)
    ),
    one(
        "at 55% rh what temperature gives me a vpd of 1.1",
        svp_temperature(1.1 / 0.45),  # SVP(T) = VPD / (1 - RH), then Tetens solved for T
    ),
    one(
        "target vpd 0.8 kpa in veg, my humidity is 70%, what temp should the room be",
        svp_temperature(0.8 / 0.3),
    ),
    one("running 700 umol for 12 hrs, dli?", 700 * 12 * 3600 / 1e6),
    one("pulled 3.2 lbs dry from a 4x4 ft tent, grams per sq ft?", 3.2 * POUND_G / 16),
    one("1.8 kilos dry under 2 x 1000w, whats my g/w", 1800 / 2000),
    one(
        "we harvested 85 lb wet, usually lose 75 percent drying. dry weight in grams?",
        85 * 0.25 * POUND_G,
    ),
    # Conversions.
    one("how many grams in a quarter pound", POUND_G / 4),
    one("how many tsp in 1/4 cup", 12),
    one("500 mL in fl oz?", 500 / FLOZ_ML),
]

_BROWNIES = "I infused 7 g of 22% flower into butter for brownies"

FOLLOW_UPS: list[HeldOut] = [
    HeldOut((_BROWNIES, "24 brownies, how much per brownie?"), 7000 * 0.22 / 24),
    HeldOut(
        (_BROWNIES, "24 brownies, how much per brownie?", "what if I cut them into 36?"),
        7000 * 0.22 / 36,
    ),
    HeldOut(
        (_BROWNIES, "24 brownies, how much per brownie?", "what if I used 10 g instead?"),
        10000 * 0.22 / 24,
    ),
    HeldOut(
        (
            "making 200 gummies at 10 mg with 90% disty, how much do i need",
            "actually the disty is 85%",
        ),
        200 * 10 / 0.85 / 1000,
    ),
    HeldOut(("how much thc in an eighth of 22% flower", "and a quarter?"), 7000 * 0.22),
    HeldOut(("how much thc in an eighth of 22% flower", "what if it's 28%?"), 3500 * 0.28),
    HeldOut(
        (
            "I've got 10 grams of 80% rosin going into 1 cup of coconut oil",
            "how much per tsp?",
            "and per tbsp?",
        ),
        10000 * 0.8 / 16,
    ),
    HeldOut(("vpd at 77F and 55% rh?", "what if i drop the temp to 72F"), svp(f_to_c(72)) * 0.45),
    HeldOut(("what humidity for 1.2 kpa vpd at 25c", "and at 28c?"), 100 * (1 - 1.2 / svp(28))),
    HeldOut(("tincture 30ml 600mg, mg per ml?", "what if it's a 60 ml bottle"), 600 / 60),
    HeldOut(
        ("making 100 cookies, 10mg each", "using 75% oil", "how many grams?"),
        100 * 10 / 0.75 / 1000,
    ),
    HeldOut(("mg thc in 2 g of 85% disty?", "and 500 mg of it?"), 500 * 0.85),
]

MISSING: list[HeldOut] = [
    one("how much thc in a quarter", None),
    one("what RH for a 1.2 vpd?", None),
    one("I want a vpd of 1.0 kPa, what temp should I run", None),
    one("butter infused with 7 g of 20% bud, mg per tsp?", None),
    one("24 brownies, how much thc in each", None),
    one("making gummies at 10mg each with 90% disty how many grams do i need", None),
    HeldOut(("I infused 7 g of flower into 1 cup of butter", "how much per tbsp?"), None),
    one("price per gram if I pay 2000", None),
    one("dose per gummy, 2 g of distillate in a batch of 60", None),
    one("what's the leaf vpd with leaves 2 degrees cooler at 60% rh", None),
]
