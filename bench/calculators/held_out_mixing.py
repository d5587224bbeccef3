"""A third held-out set: batch scaling, tolerance windows and dilution, never used by the tests.

Written for issue 20 after three misreads the lead found with fresh phrasings (a recipe for
50 gummies scaled to 1200 asked for a potency; "plus or minus 15%" read as -15%; a tincture
diluted from 25 to 10 mg/mL asked for the THC in the bottle), before the readers were changed
for them. Scaling recipes with one or several ingredients, to a new piece count or a new
batch size; a symmetric tolerance in every spelling; dilution from a starting amount and
concentration to a target one, in mL (mg/mL) and in g (% or mg/g), and chains of a dilution
with the number of doses in the result.

Every expected number is worked out here with plain arithmetic, separately from the
calculators, with the formula beside it:
- scaling: new amount = amount × new batch ÷ old batch;
- window: claim × (1 - t) to claim × (1 + t);
- dilution: C1 × V1 = C2 × V2, so V2 = V1 × C1 ÷ C2 and the diluent to add is V2 - V1;
- doses in the diluted lot: V2 ÷ dose volume.
A result with several parts (each ingredient, the low end of a window, the final volume) is
compared through the calculation's named detail.
"""

from __future__ import annotations

from bench.calculators.held_out import HeldOut, one


def diluted(start: float, c1: float, c2: float) -> float:
    """V2 = V1 × C1 ÷ C2 (C1 × V1 = C2 × V2)."""
    return start * c1 / c2


ANSWERABLE: list[HeldOut] = [
    # Batch scaling: one ingredient, the amount asked for.
    one(
        "recipe makes 50 gummies with 5 g of distillate, we need 1200 gummies, how much distillate",
        5 * 1200 / 50,
    ),
    one("our recipe uses 3 g of rosin for 40 brownies. how much rosin for 100 brownies?", 7.5),
    one(
        "we use 1.2 g of distillate per 60 gummies. how much distillate for a run of 5000 gummies",
        1.2 * 5000 / 60,
    ),
    one(
        "a batch of 4 kg of gummy mass takes 12 g of distillate; we're making a 10 kg batch, how "
        "much distillate",
        12 * 10 / 4,
    ),
    one(
        "batch of 3 kg takes 45 ml of terpene blend. new batch size is 7.5 kg, how much terps?",
        45 * 7.5 / 3,
    ),
    one(
        "recipe for 24 cookies needs 10 g of cannabutter, I'm baking 60 cookies. how much "
        "cannabutter",
        10 * 60 / 24,
    ),
    one(
        "2.4 g of 88% distillate makes 100 chocolates. scale up to 750 chocolates, how much "
        "distillate?",
        2.4 * 750 / 100,
    ),
    one("recipe makes 30 mints with 600 mg of isolate. how much isolate for 450 mints", 9000),
    # Batch scaling: several ingredients, each one scaled (compared by name).
    one(
        "our recipe: 500 g of sugar, 30 g of gelatin and 2.5 g of distillate makes 100 gummies. "
        "how much of each for 750 gummies",
        500 * 7.5,
        "sugar",
    ),
    one(
        "our recipe: 500 g of sugar, 30 g of gelatin and 2.5 g of distillate makes 100 gummies. "
        "how much of each for 750 gummies",
        2.5 * 7.5,
        "distillate",
    ),
    one(
        "our 200 piece batch takes 4.4 g of distillate and 900 g of sugar, scale it to 350 pieces",
        4.4 * 350 / 200,
        "distillate",
    ),
    one(
        "our 200 piece batch takes 4.4 g of distillate and 900 g of sugar, scale it to 350 pieces",
        900 * 350 / 200,
        "sugar",
    ),
    one(
        "a 2 L batch of syrup uses 1.5 g of distillate and 20 ml of flavor. we want a 5 L batch, "
        "how much of each?",
        20 * 5 / 2,
        "flavor",
    ),
    one(
        "recipe for 16 brownies: 2 cups of flour, 0.5 cup of cannabutter. making 40 brownies, "
        "what do i need",
        0.5 * 40 / 16,
        "cannabutter",
    ),
    one(
        "half the recipe please: 12 g of distillate and 800 g of sugar",
        12 / 2,
        "distillate",
    ),
    # Tolerance windows: every spelling of a symmetric ±.
    one(
        "label says 10 mg, state allows plus or minus 15%, whats the passing window",
        10 * 0.85,
        "low",
    ),
    one(
        "label says 10 mg, state allows plus or minus 15%, whats the passing window",
        10 * 1.15,
        "high",
    ),
    one("10mg gummy ±15%, what range passes", 8.5, "low"),
    one("+/- 15% on a 5 mg label, what's the acceptable range", 5 * 1.15, "high"),
    one("+/-15 percent on a 100 mg package, what is the window", 85, "low"),
    one("we have to be within 15% of a 20 mg claim, what's the window", 17, "low"),
    one(
        "colorado allows +/- 15% on potency. our chocolate is labeled 100mg, lowest and highest "
        "it can test?",
        115,
        "high",
    ),
    one("allowed variance is plus/minus 10 percent, label claim 25 mg. range?", 22.5, "low"),
    one("5 mg per piece with a tolerance of ± 20%, passing window?", 4, "low"),
    one("what's the window for a 50 mg label at plus or minus 10 %", 55, "high"),
    one(
        "labeled 10 mg, tested 8.2 mg, the rule is plus or minus 15%. what's the window, do we "
        "pass",
        8.5,
        "low",
    ),
    # Dilution from a starting amount and concentration (mL, mg/mL).
    one(
        "we have 40 mL of tincture at 25 mg/mL and want to dilute to 10 mg/mL, how much mct to add",
        diluted(40, 25, 10) - 40,
    ),
    one(
        "we have 40 mL of tincture at 25 mg/mL and want to dilute to 10 mg/mL, what's the final "
        "volume",
        diluted(40, 25, 10),
        "final",
    ),
    one(
        "I've got 30 ml at 50 mg/ml. how much carrier oil to bring it down to 20 mg/ml",
        diluted(30, 50, 20) - 30,
    ),
    one(
        "120 mL of 100 mg/mL stock, we want it at 40 mg/mL. how much MCT do we add?",
        diluted(120, 100, 40) - 120,
    ),
    one(
        "dilute 15 ml of 60mg/ml oil down to 15 mg/ml - how much oil goes in",
        diluted(15, 60, 15) - 15,
    ),
    one(
        "have a 1 L jug of syrup at 8 mg/mL, need it at 5 mg/mL, how much plain syrup to add",
        diluted(1, 8, 5) - 1,  # in L, the unit the jug was given in
    ),
    # Dilution in mass terms (g at %, g at mg/g).
    one(
        "we have 500 g of distillate at 90% thc and want to dilute it to 75%, how much mct",
        diluted(500, 90, 75) - 500,
    ),
    one(
        "I have 200 g of oil at 60 percent and need it at 40 percent, how much carrier to add",
        diluted(200, 60, 40) - 200,
    ),
    one(
        "50 g of infused coconut oil at 20 mg/g, want 5 mg/g, how much plain oil to add",
        diluted(50, 20, 5) - 50,
    ),
    one(
        "cutting 80 g of 85% distillate down to 70% - what's the total weight after",
        diluted(80, 85, 70),
        "final",
    ),
    one(
        "300g of isolate slurry at 40 mg/g, thin it to 25 mg/g. final weight?",
        diluted(300, 40, 25),
        "final",
    ),
    # Chains: a dilution, then the doses in the result.
    one(
        "dilute 40 mL of 25 mg/mL tincture to 10 mg/mL, then how many 1 mL doses is that",
        diluted(40, 25, 10) / 1,
    ),
    one(
        "30 mL at 50 mg/mL, cut it down to 20 mg/mL with mct, how many 0.5 ml servings do we get",
        diluted(30, 50, 20) / 0.5,
    ),
    one(
        "we have 60 ml of 30 mg/ml tincture and will dilute it to 10 mg/ml. how many 30 ml "
        "bottles can we fill",
        diluted(60, 30, 10) / 30,
    ),
    one(
        "take 250 ml of 12 mg/ml syrup down to 5 mg/ml, how many 2 ml doses",
        diluted(250, 12, 5) / 2,
    ),
]

FOLLOW_UPS: list[HeldOut] = [
    HeldOut(
        (
            "we have 40 mL of tincture at 25 mg/mL and want to dilute to 10 mg/mL, how much mct "
            "to add",
            "what if we only go down to 20 mg/mL?",
        ),
        diluted(40, 25, 20) - 40,
    ),
    HeldOut(
        (
            "label says 10 mg, state allows plus or minus 15%, whats the passing window",
            "and for a 5 mg label?",
        ),
        5 * 0.85,
        "low",
    ),
]

MISSING: list[HeldOut] = [
    one("recipe makes 50 gummies with 5 g of distillate, how much for the big batch?", None),
    one("label says 10 mg, whats the passing window", None),
    one("we have 40 mL of tincture at 25 mg/mL and want to dilute it, how much mct to add", None),
    one("we want to dilute our 40 mL tincture to 10 mg/mL, how much mct to add", None),
    one("how much carrier to bring 90% distillate down to 75%", None),
    one("dilute 25 mg/mL tincture to 10 mg/mL, how many 1 mL doses", None),
]
