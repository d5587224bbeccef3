"""A second fresh held-out set: how people really ask, to see whether the calculators generalise.

Written without reading the calculators, their tests or the other held-out sets (only the
format of `held_out.py`). Emails to a lab, Slack from the extraction room, forum posts, texts
from the grow: typos, slang, numbers in words, decimal commas, pasted COA rows with LOD/LOQ
columns, stories with dates, prices and batch numbers that are not inputs, chains of two or
three steps. Where a phrase has two readings the question names the one meant (which ounce or
pound, % of the blend or of the distillate, which bound of a window, what share a loss is).

Conventions: a flower ounce, "zip" or "z" is the trade's 28 g unless the question says
otherwise; an eighth is 3.5 g; a pound ("elbow", "p") is 453.59237 g unless stated; total THC
= delta-9 + 0.877 x THCA (and CBD likewise); 1 cup = 16 tbsp = 48 tsp = 236.5882365 mL; a
dropper holds 1 mL unless stated; a decarb or extraction efficiency multiplies the
theoretical amount; a "loss" of L% leaves (1 - L) of the input. Each expected number is the
plain arithmetic in the comment beside its case; None means an input is missing or
impossible and the answer must ask or explain, with no number.
"""

from __future__ import annotations

from bench.calculators.held_out import HeldOut, one

FACTOR = 0.877  # THCA -> THC (and CBDA -> CBD) molar mass ratio, 314.47 / 358.48
TRADE_OUNCE_G = 28.0
OUNCE_G = 28.349523125  # avoirdupois ounce
EIGHTH_G = 3.5
POUND_G = 453.59237
CUP_ML = 236.5882365
TBSP_ML = CUP_ML / 16
TSP_ML = CUP_ML / 48
FLOZ_ML = CUP_ML / 8
SQ_FT_PER_M2 = 1 / 0.09290304  # 1 ft = 0.3048 m exactly

TOTAL_THC: list[HeldOut] = [
    # 0.6 + 24.8 x 0.877 = 22.3496 %
    one(
        "yo coa back on the zkittlez run. thca 24,8% and d9 0,6%. whats total thc",
        0.6 + 24.8 * FACTOR,
    ),
    # COA pasted with LOD/LOQ and mg/g columns: 0.71 + 19.42 x 0.877 = 17.74134 %
    one(
        "Pasting the potency table from the COA, can you give me total THC in %?\n"
        "Analyte   LOD (%)  LOQ (%)  Result (%)  Result (mg/g)\n"
        "THCa      0.010    0.030    19.42       194.2\n"
        "Δ9-THC    0.010    0.030    0.71        7.1\n"
        "CBDa      0.010    0.030    0.05        0.5\n"
        "CBG       0.010    0.030    0.88        8.8",
        0.71 + 19.42 * FACTOR,
    ),
    # 0.9 + 14.2 x 0.877 = 13.3534 %
    one("hemp flower for the CBD line: CBDa 14.2%, CBD 0.9%. total CBD?", 0.9 + 14.2 * FACTOR),
    # 0.07 + 0.26 x 0.877 = 0.29802 % total THC, under 0.3 %: still hemp
    one(
        "Compliance question on lot H-2291 (3 acres, harvested 10/14/2026): the pre-harvest "
        "test shows delta-9 THC 0.07% and THCA 0.26% on a dry weight basis. Does it pass the "
        "0.3% total THC hemp limit?",
        0.07 + 0.26 * FACTOR,
    ),
    # 0.11 + 0.33 x 0.877 = 0.39941 %: over 0.3 %, hot
    one("our hemp came back d9 .11 and thc-a .33 … are we hot??", 0.11 + 0.33 * FACTOR),
    # 4.6 + 231 x 0.877 = 207.187 mg/g
    one(
        "lab reports in mg/g: THCA 231 mg/g, D9-THC 4.6 mg/g. total THC in mg/g please",
        4.6 + 231 * FACTOR,
    ),
    # (12 + 180 x 0.877) mg/g / 10 = 16.986 %
    one(
        "THCa 180 mg/g and d9 12 mg/g on the cert - what is that as a total THC percentage?",
        (12 + 180 * FACTOR) / 10,
    ),
    # 1 + 21 x 0.877 = 19.417 %
    one(
        "Customer at the counter is asking: the jar says THCA twenty-one percent and delta nine "
        "one percent. What's the actual total THC?",
        1 + 21 * FACTOR,
    ),
    # story with a price, batch number and date: 0.4 + 26.3 x 0.877 = 23.4651 %
    one(
        "We paid $2,400 for batch #4471 on 3/12 and the rep swears it's 30%+. COA says THCA "
        "26.3%, Δ9 0.4%, CBG 1.1%. What's total THC really?",
        0.4 + 26.3 * FACTOR,
    ),
    # 310 + 48 x 0.877 = 352.096 mg/g
    one(
        "crude for the tincture line: CBD-A 48 mg/g, CBD 310 mg/g. total CBD in mg/g?",
        310 + 48 * FACTOR,
    ),
    # 0.2 + 0.9 x 0.877 = 0.9893 %: over the stated 0.3 % cap
    one(
        "pre-roll material sold as hemp: THCa 0.9%, d9 THC 0.2%. state says 0.3% total thc max. "
        "are we ok to ship?",
        0.2 + 0.9 * FACTOR,
    ),
    # d9 stated as zero: 0.00 + 22.1 x 0.877 = 19.3817 %
    one("THCA 22.1% and delta-9 tested 0.00%. total thc?", 22.1 * FACTOR),
]

PACKAGE_MG: list[HeldOut] = [
    # 3500 mg x 0.27 = 945 mg
    one("how much thc is in an 8th of 27% flower (27 is the total thc on the label)", 3500 * 0.27),
    # trade zip 28 g: 28000 x 0.22 = 6160 mg
    one("mg of thc in a zip of 22% total thc bud?", 28000 * 0.22),
    # 500 mg x 0.885 = 442.5 mg
    one("half gram cart, 88,5% THC. how many mg thc in it", 500 * 0.885),
    # 1000 mg x 0.91 = 910 mg
    one("1g disty cart at 91% total thc, how many milligrams of thc per cart?", 1000 * 0.91),
    # 1200 mg x 0.31 = 372 mg
    one("Our 1.2 g infused pre-rolls test 31% total THC. THC per pre-roll in mg?", 1200 * 0.31),
    # 2 g x 780 mg/g = 1560 mg
    one("2 gram jar of badder labelled 780 mg/g total THC. total mg of thc in the jar?", 2 * 780),
    # glued units, 0.1 g dab: 100 mg x 0.72 = 72 mg
    one("how many mg thc in a .1g dab of 72%thc shatter", 100 * 0.72),
    # 7 g x 0.19 = 1330 mg
    one("a quarter (7g) of 19% total THC — mg of THC?", 7000 * 0.19),
    # chain with total THC: 3500 mg x (0.8 + 22 x 0.877) / 100 = 703.29 mg
    one(
        "bag says THCA 22%, delta 9 0.8%. it's an eighth. how many mg of THC total in the bag?",
        3500 * (0.8 + 22 * FACTOR) / 100,
    ),
]

DECARB: list[HeldOut] = [
    # 1500 x 0.877 = 1315.5 mg
    one("1,500 mg of THCA isolate decarbed. theoretical THC?", 1500 * FACTOR),
    # 28 g x 0.99 x 0.877 = 24.31044 g
    one(
        "decarbing 28 g of THCa diamonds (99% THCA). max grams of THC, full conversion?",
        28 * 0.99 * FACTOR,
    ),
    # 10 g x 0.877 x 0.90 = 7.893 g
    one(
        "if i decarb 10 g THCa crystalline at 90% efficiency how many g of thc do i get",
        10 * FACTOR * 0.9,
    ),
    # mass lost as CO2: 500 g x (1 - 0.877) = 61.5 g
    one(
        "How much weight do we lose as CO2 decarbing 500 g of THCA, assuming it all converts?",
        500 * (1 - FACTOR),
    ),
    # 2000 g x 0.123 = 246 g lost
    one("2 kilos thca powder, full decarb. how many grams go off as co2", 2000 * (1 - FACTOR)),
    # 3500 mg x 0.25 x 0.877 = 767.375 mg
    one(
        "3.5g of 25% THCA bud in the oven, full conversion. theoretical THC from the THCA, mg?",
        3500 * 0.25 * FACTOR,
    ),
    # 500 x 0.877 x 0.85 = 372.725 mg
    one(
        "five hundred milligrams of thca, decarbed at eighty five percent efficiency. how much thc",
        500 * FACTOR * 0.85,
    ),
    # 20 g x 0.877 x 0.95 = 16.663 g
    one("THC from 20g THCA at 95% conversion?", 20 * FACTOR * 0.95),
]

DOSE_PER_PIECE: list[HeldOut] = [
    # 800 / 40 = 20 mg
    one("made a batch of 40 gummies with 800 mg thc total. mg each?", 800 / 40),
    # 420 / 16 = 26.25 mg
    one(
        "canna-butter brownies, the whole pan has 420 mg. cut into 16 squares, mg per square?",
        420 / 16,
    ),
    # 1000 mg x 0.70 / 60 = 11.6667 mg
    one(
        "rso syringe is 1 g at 70% thc. split into 60 rice-grain doses, whats each dose in mg",
        1000 * 0.7 / 60,
    ),
    # 1000 / 50 = 20 mg
    one("1000mg RSO split into 50 caps → per cap?", 1000 / 50),
    # 100 / 12 = 8.3333 mg
    one("chocolate bar is 100 mg, it snaps into twelve squares. per square?", 100 / 12),
    # chain: 2000 mg x 0.90 / 60 = 30 mg
    one("put 2 g of 90% distillate into 60 gummies. how many mg thc per gummy", 2000 * 0.9 / 60),
    # story: 540 mg over 3 x 36 = 108 mints = 5 mg
    one(
        "Batch #882 on 11/02: 3 trays of 36 mints, 540 mg THC in the whole batch, the mold cost "
        "us $64. What's each mint?",
        540 / (3 * 36),
    ),
    # chain: 14000 mg x 0.18 x 0.75 / 24 = 78.75 mg
    one(
        "infused 14 g of 18% total thc flower, figure 75% of it makes it into the butter, made "
        "24 cookies. mg per cookie?",
        14000 * 0.18 * 0.75 / 24,
    ),
]

CONCENTRATE_NEEDED: list[HeldOut] = [
    # 200 x 10 mg / 0.85 = 2352.94 mg = 2.35294 g
    one(
        "Need 200 gummies at 10 mg each using 85% distillate. How many grams of disty?",
        200 * 10 / 0.85 / 1000,
    ),
    # loss leaves 92 %: 500 x 5 / 0.92 / 0.92 = 2953.69 mg = 2.95369 g
    one(
        "500 pieces at 5 mg each with 92% distillate, and the depositor loses 8% (only 92% of "
        "what goes in ends up in the gummies). grams of distillate?",
        500 * 5 / 0.92 / 0.92 / 1000,
    ),
    # 30 x 25 / 0.65 = 1153.85 mg = 1.15385 g
    one("how many grams of rso (65% thc) for 30 caps at 25 mg?", 30 * 25 / 0.65 / 1000),
    # 5 % loss leaves 95 %: 1000 x 2.5 / 0.882 / 0.95 = 2983.65 mg = 2.98365 g
    one(
        "Product dev: 1,000 chocolates x 2.5 mg, distillate tests 88.2%, process loss about 5% "
        "(5% of the THC never makes it into product). Grams of distillate to weigh out?",
        1000 * 2.5 / 0.882 / 0.95 / 1000,
    ),
    # glued units: 60 x 10 / 0.85 = 705.882 mg = 0.705882 g
    one("need 60 gummies @ 10mg from 85%thc disty, grams of disty?", 60 * 10 / 0.85 / 1000),
    # 1200 x 2 / 0.60 = 4000 mg = 4 g
    one(
        "Twelve hundred mints at 2 mg, using 60% live resin, no loss. grams?", 1200 * 2 / 0.6 / 1000
    ),
    # 150 x 10 / 0.934 = 1606.00 mg = 1.60600 g
    one(
        "need 150 gummies à 10 mg, our distillate is 93,4 %. how many gram?",
        150 * 10 / 0.934 / 1000,
    ),
    # 250 x 2 / 0.995 = 502.513 mg
    one(
        "pet chews: 250 chews at 2 mg CBD each, isolate is 99.5% CBD. how many mg of isolate?",
        250 * 2 / 0.995,
    ),
]

SERVINGS: list[HeldOut] = [
    # 100 / 10 = 10 servings
    one("100mg bar, 10mg a serving — how many servings per bar?", 100 / 10),
    # 100 / 20 = 5 mg per mint, at the 5 mg cap
    one(
        "tin of 20 mints with 100 mg total thc. how much per mint, and is that under our 5 mg "
        "per serving cap?",
        100 / 20,
    ),
    # 1000 / 25 = 40 servings
    one("a 1000 mg tincture with a 25 mg serving, how many servings in the bottle?", 1000 / 25),
    # 120 / 10 = 12 mg per serving, over the stated 10 mg cap
    one(
        "Compliance check: state cap is 10 mg THC per serving. Planned 10-pack with 120 mg total "
        "THC, one piece per serving. mg per serving?",
        120 / 10,
    ),
    # 250 / 25 = 10 mg per serving
    one("250 mg thc cookie scored into 25 servings, each serving is?", 250 / 25),
    # 30 / 0.5 = 60 servings
    one("30 mL tincture bottle, serving size 0.5 mL. number of servings?", 30 / 0.5),
    # 16 fl oz / 4 fl oz = 4 servings; 20 / 4 = 5 mg per serving
    one(
        "16 fl oz seltzer can with 20 mg THC in the can, serving size is 4 fl oz. mg per serving?",
        20 / (16 / 4),
    ),
]

INFUSION: list[HeldOut] = [
    # 7000 x 0.20 / 16 = 87.5 mg per tbsp
    one(
        "Putting 7 grams of 20% total THC flower into 1 cup of butter, assume it all extracts. "
        "mg per tablespoon?",
        7000 * 0.2 / 16,
    ),
    # 28000 x 0.12 x 0.80 / 96 tsp = 28 mg per tsp
    one(
        "canna-butter: 1 oz (28 g) of trim at 12% total thc in 2 cups of butter, figure 80% "
        "extraction. how many mg per teaspoon",
        28000 * 0.12 * 0.8 / 96,
    ),
    # 3500 x 0.22 x 0.877 / 24 tsp = 28.1371 mg per tsp
    one(
        "coconut oil infusion - half a cup of oil, 3.5 g of flower at 22% THCA and 0% "
        "delta-9, fully decarbed and 100% extraction. mg per tsp?",
        3500 * 0.22 * FACTOR / 24,
    ),
    # 5000 x 0.18 x 0.70 / 250 mL x 14.7868 mL = 37.2627 mg per tbsp
    one(
        "made olive oil with 5g of 18% total THC in 250 ml of oil, 70% extraction. mg per "
        "tablespoon?",
        5000 * 0.18 * 0.7 / 250 * TBSP_ML,
    ),
    # 1000 x 0.80 / 12 tsp = 66.6667 mg per tsp
    one(
        "1/4 cup of butter with 1g of 80% distillate stirred in. mg per teaspoon?", 1000 * 0.8 / 12
    ),
    # 14000 x 0.15 x 0.60 / 12 tbsp = 105 mg per tbsp
    one(
        "3/4 cup oil, 14 g flower at 15% total thc, my machine is about 60% efficient. per tbsp?",
        14000 * 0.15 * 0.6 / 12,
    ),
    # 10000 x 0.16 x 0.50 / 4 cups = 200 mg per cup
    one(
        "How much THC per cup of canna milk? I used 10 g of 16% total THC flower in 4 cups of "
        "milk, and I assume half of it makes it into the milk.",
        10000 * 0.16 * 0.5 / 4,
    ),
]

TINCTURE: list[HeldOut] = [
    # 600 / 30 = 20 mg/mL
    one("600 mg thc in a 30 ml bottle, mg per ml?", 600 / 30),
    # 1500 / 30 x 1 mL = 50 mg per dropper
    one("1500mg CBD / 30mL bottle, dropper is 1 mL - per dropper?", 1500 / 30),
    # 2000 x 0.90 / 60 = 30 mg per 1 mL dropper
    one(
        "tincture: 2 g distillate at 90% in 60 mL MCT. mg in a full dropper (1 ml)?",
        2000 * 0.9 / 60,
    ),
    # 1000 / 30 x 0.75 = 25 mg per dropper
    one("our droppers hold 0.75 mL. 1000 mg in 30 mL. mg per dropper?", 1000 / 30 * 0.75),
    # 1500 / (2 x 29.5735 mL) = 25.3606 mg/mL
    one("fifteen hundred mg in a 2 fl oz bottle. what's the mg per mL", 1500 / (2 * FLOZ_ML)),
    # 3000 / 60 x 0.5 = 25 mg
    one("half a dropper (0.5 mL) of a 3000mg/60ml tincture is how many mg", 3000 / 60 * 0.5),
    # 750 / 15 = 50 mg/mL
    one("mg/ml for 750 mg in 15 ml?", 750 / 15),
]

DILUTION: list[HeldOut] = [
    # V1 = 5 x 120 / 40 = 15 mL
    one(
        "I've got a 40 mg/ml stock tincture and want 120 ml at 5 mg/ml. how many ml of stock?",
        5 * 120 / 40,
    ),
    # m1 = 600 x 500 / 900 = 333.333 g
    one(
        "cutting 900 mg/g distillate down to 600 mg/g for carts, need 500 g finished. grams of "
        "distillate?",
        600 * 500 / 900,
    ),
    # V1 = 2.5 x 2000 / 100 = 50 mL
    one(
        "Beverage R&D: emulsion stock is 100 mg/mL, target 2.5 mg/mL in a 2 liter batch. mL of "
        "stock?",
        2.5 * 2000 / 100,
    ),
    # V1 = 10 x 60 / 25 = 24 mL
    one("how much 25 mg/mL oil to make 60 mL of 10mg/mL?", 10 * 60 / 25),
    # m1 = 80 x 1000 / 95 = 842.105 g
    one("cut 95% disty to 80% with MCT, 1 kg final. how many grams of the 95?", 80 * 1000 / 95),
    # V1 = 0.5 x 4000 / 20 = 100 mL
    one(
        "I need 4 liters at 0,5 mg/ml from a 20 mg/ml concentrate, how many ml of concentrate",
        0.5 * 4000 / 20,
    ),
    # V1 = 1 x 500 / 30 = 16.6667 mL
    one("Want 500 mL at 1 mg/mL out of our 30 mg/mL nano. mL of nano?", 1 * 500 / 30),
]

BLENDING: list[HeldOut] = [
    # (300 x 85 + 200 x 70) / 500 = 79 %
    one("mixing 300 g of 85% disty with 200 g of 70%. final potency?", (300 * 85 + 200 * 70) / 500),
    # x x 92 + (1000 - x) x 74 = 85 x 1000 -> x = 11000 / 18 = 611.111 g
    one(
        "got 92% and 74% distillate. need 1 kg at 85%. how many grams of the 92?",
        (85 - 74) * 1000 / (92 - 74),
    ),
    # (2 x 18 + 1 x 24) / 3 = 20 %
    one(
        "blending 2 lb of 18% flower with 1 lb of 24% flower for pre-rolls - what's the blend %?",
        (2 * 18 + 1 * 24) / 3,
    ),
    # 400 x 65 + y x 90 = 75 (400 + y) -> y = 400 x 10 / 15 = 266.667 g
    one(
        "have 400g of 65% oil and want to bring it up to 75% with our 90% disty. how much 90 "
        "do i add?",
        400 * (75 - 65) / (90 - 75),
    ),
    # x x 45 + (10 - x) x 12 = 20 x 10 -> x = 80 / 33 = 2.42424 lb
    one(
        "blend kief at 45% with trim at 12% to get 20% for 10 lbs of mix. how many lbs of kief",
        10 * (20 - 12) / (45 - 12),
    ),
    # (1.2 x 78.5 + 0.8 x 88) / 2.0 = 82.3 %
    one("mixing 1,2 kg at 78,5 % with 0,8 kg at 88 %, resulting %?", (1.2 * 78.5 + 0.8 * 88) / 2.0),
    # 500 x 0.45 + y x 0.15 = 0.29 (500 + y) -> y = 500 x 0.16 / 0.14 = 571.429 lb
    one(
        "we have 500 lb of biomass at 0.45% total THC and some at 0.15%. how many lb of the "
        "0.15% do we blend in to land at 0.29%?",
        500 * (0.45 - 0.29) / (0.29 - 0.15),
    ),
]

TERPENES: list[HeldOut] = [
    # % of the final blend: 500 x 0.08 / 0.92 = 43.4783 g
    one(
        "500 g of distillate, want terps at 8% of the final blend (terps + disty). grams of terps?",
        500 * 0.08 / 0.92,
    ),
    # % of the distillate: 250 x 0.05 = 12.5 g
    one("add terpenes at 5% of the distillate weight to 250 g disty. how many g", 250 * 0.05),
    # 1000 g finished oil x 0.10 = 100 g
    one(
        "1 kg of finished cart oil at 10% w/w terps in the finished oil — grams of terpenes?",
        1000 * 0.10,
    ),
    # % of the final mix: 88 x 0.12 / 0.88 = 12 g
    one(
        "I want the terps to be 12% of the final mix and I have 88 g distillate. terp grams?",
        88 * 0.12 / 0.88,
    ),
    # % of the distillate: 1500 x 0.07 = 105 g
    one("terp load 7% by weight of the distillate, 1,5 kg of disty. grams of terps?", 1500 * 0.07),
    # 6 / (6 + 94) = 6 % of the blend
    one("if I add 6 g terps to 94 g disty what % of the blend is terps", 6 / (6 + 94) * 100),
]

BATCH_SCALING: list[HeldOut] = [
    # 480 x 300 / 24 = 6000 mg
    one(
        "recipe for 24 gummies uses 480 mg distillate. scaling to 300 gummies, mg of distillate?",
        480 * 300 / 24,
    ),
    # 0.5 cup x 120 / 16 = 3.75 cups
    one(
        "brownie recipe makes 16 and takes 1/2 cup canna butter. need 120 brownies for the "
        "event, how many cups of butter?",
        0.5 * 120 / 16,
    ),
    # 62.5 g x 18 / 5 = 225 g
    one("scale our 5 kg gummy batch (62.5 g distillate) up to 18 kg. distillate?", 62.5 * 18 / 5),
    # 1.8 g x 150 / 2 = 135 g
    one(
        "Pilot run: 2 L of syrup takes 1.8 g of 90% distillate. Production run is 150 L. How many "
        "grams of distillate?",
        1.8 * 150 / 2,
    ),
    # 3 g x 1000 / 60 = 50 g
    one("batch for 60 caps uses 3 g rso; we're doing 1,000 caps. grams of rso?", 3 * 1000 / 60),
    # 40 g x 2.5 = 100 g
    one("multiply the batch by 2.5 - it calls for 40 g of gelatin. how much gelatin now", 40 * 2.5),
]

CONVERSIONS: list[HeldOut] = [
    # 28 g
    one("how many grams in a zip", TRADE_OUNCE_G),
    # 3 x 28.349523125 = 85.0486 g
    one("3 oz in grams? use the real 28.35 g ounce, not the street 28", 3 * OUNCE_G),
    # 4 x 28 / 3.5 = 32 eighths
    one(
        "how many 8ths are in a qp (we count a qp as 4 zips = 112 g)?", 4 * TRADE_OUNCE_G / EIGHTH_G
    ),
    # 453.59237 / 2 = 226.796 g
    one("grams in a half pound?", POUND_G / 2),
    # 2200 / 453.59237 = 4.85017 lb
    one("2.2 kilos is how many lb", 2200 / POUND_G),
    # 1.5 x 453.59237 / 28 = 24.2996 zips
    one("I have 1.5 lbs, how many 28 g zips is that", 1.5 * POUND_G / TRADE_OUNCE_G),
    # an elbow is a pound: 453.59237 g
    one("an elbow in grams?", POUND_G),
    # 2 x 28 / 3.5 = 16 eighths
    one("how many eighths can i bag from 2 z's", 2 * TRADE_OUNCE_G / EIGHTH_G),
    # 28 / 2 = 14 g
    one("half ounce in grams (trade ounce)", TRADE_OUNCE_G / 2),
]

YIELD: list[HeldOut] = [
    # 4.2 x 453.59237 / (4 x 8) = 59.5340 g/sq ft
    one("pulled 4.2 lb dry out of a 4x8 ft tent. grams per sq ft?", 4.2 * POUND_G / 32),
    # 150 / (20 x 30) = 0.25 lb/sq ft
    one("Flower room canopy 20' x 30', gave us 150 lbs dry. lbs per square foot?", 150 / (20 * 30)),
    # 540 / 600 = 0.9 g/W
    one("600W LED, harvest was 540 g dry. g/W?", 540 / 600),
    # 1.9 x 453.59237 / 2000 = 0.430913 g/W
    one("two 1000 watt DEs, 1.9 lb dry total. grams per watt", 1.9 * POUND_G / 2000),
    # 13 x 28 / 480 = 0.758333 g/W
    one("13 zips dry under a 480w light, whats my g per watt", 13 * TRADE_OUNCE_G / 480),
    # 8000 / 100 = 80 g/sq ft
    one("100 sq ft of canopy and 8 kg dry, g per sq ft?", 8000 / 100),
    # 6000 g / (10 m² x 10.7639) = 55.7418 g/sq ft
    one(
        "room is 10 m² of canopy and we got 6 kg dry. grams per square foot?",
        6000 / (10 * SQ_FT_PER_M2),
    ),
]

DRY_WEIGHT: list[HeldOut] = [
    # 60 x (1 - 0.75) = 15 lb
    one("harvested 60 lb wet, expecting 75% weight loss drying. dry weight?", 60 * 0.25),
    # 12.5 x (1 - 0.78) = 2.75 kg
    one("wet 12,5 kg, moisture loss 78 %. dry kg?", 12.5 * (1 - 0.78)),
    # 2400 x 0.20 = 480 g
    one("chopped 3 plants, 2400 g wet total, they lose about 80% drying. dry grams?", 2400 * 0.2),
    # 900 x 0.25 = 225 g
    one(
        "how much dry from 900 grams of wet bud if it loses three quarters of its weight",
        900 * 0.25,
    ),
    # 40 x (1 - 0.72) = 11.2 lb
    one("wet weight 40 lbs, drying loss 72%, dry lbs?", 40 * (1 - 0.72)),
    # chain: 20 x 0.25 x 453.59237 / 28 = 80.9986 zips
    one(
        "20 lb wet, 75% loss in the dry room. how many 28 g zips is that dry?",
        20 * 0.25 * POUND_G / 28,
    ),
    # chain: 3 x 453.59237 x 0.25 / 3.5 = 97.1984 eighths
    one(
        "3 lb wet off the balcony, loses 75% drying, how many eighths dry", 3 * POUND_G * 0.25 / 3.5
    ),
]

PRICE: list[HeldOut] = [
    # 1800 / 453.59237 = 3.96832 $/g
    one("paying $1,800 a pound, what's that per gram", 1800 / POUND_G),
    # 2000 / 453.59237 = 4.40925 $/g
    one("elbow for 2k, per g?", 2000 / POUND_G),
    # 950 / 453.59237 = 2.09439 $/g
    one("Quote from the farm: biomass at $950/lb. per gram?", 950 / POUND_G),
    # 450 / (453.59237 / 4) = 3.96832 $/g
    one("qp is $450 (a quarter of a 453.6 g pound), price per gram?", 450 / (POUND_G / 4)),
    # 1150 / 453.59237 = 2.53532 $/g
    one(
        "disty broker emailed on the 9th: eleven hundred fifty dollars per pound, 50 lb minimum. "
        "what's the price per gram?",
        1150 / POUND_G,
    ),
]

VARIANCE: list[HeldOut] = [
    # 10 x (1 - 0.10) = 9 mg
    one(
        "label says 10 mg per gummy and our state allows ±10%. what's the lowest a gummy can "
        "test and still pass?",
        10 * 0.9,
    ),
    # 100 x 1.15 = 115 mg
    one(
        "Label claim 100 mg per package, tolerance plus or minus 15 %. Highest passing result?",
        100 * 1.15,
    ),
    # 85 x (1 - 0.10) = 76.5 %
    one(
        "our carts are labelled 85% THC and the state allows 10% relative variance. lowest "
        "acceptable test result in %?",
        85 * 0.9,
    ),
    # 25 x 0.80 = 20 mg/mL
    one("labelled 25 mg CBD per mL, variance window ±20%. lower bound?", 25 * 0.8),
    # 5 x 1.15 = 5.75 mg
    one("5 mg mints with a ±15% window, what's the max it can test at", 5 * 1.15),
]

ANSWERABLE: list[HeldOut] = [
    *TOTAL_THC,
    *PACKAGE_MG,
    *DECARB,
    *DOSE_PER_PIECE,
    *CONCENTRATE_NEEDED,
    *SERVINGS,
    *INFUSION,
    *TINCTURE,
    *DILUTION,
    *BLENDING,
    *TERPENES,
    *BATCH_SCALING,
    *CONVERSIONS,
    *YIELD,
    *DRY_WEIGHT,
    *PRICE,
    *VARIANCE,
]

FOLLOW_UPS: list[HeldOut] = [
    # 0.5 + 23.0 x 0.877 = 20.671 %
    HeldOut(
        ("total thc for THCA 21.4 and d9 0.5?", "and if the THCA comes back 23.0 on the retest?"),
        0.5 + 23 * FACTOR,
    ),
    # 100 x 5 / 0.90 = 555.556 mg = 0.555556 g
    HeldOut(
        (
            "How many grams of disty for 100 gummies at 10mg each? it's 90% distillate",
            "what if we do 5 mg gummies instead",
        ),
        100 * 5 / 0.9 / 1000,
    ),
    # 600 / 30 x 0.5 = 10 mg
    HeldOut(
        ("600mg in a 30ml tincture, mg per ml?", "and per dropper if the dropper is 0.5 ml?"),
        600 / 30 * 0.5,
    ),
    # 8 x (1 - 0.70) = 2.4 kg
    HeldOut(
        ("8 kg wet, 75% moisture loss, dry weight in kg?", "ok and if it only loses 70%?"), 8 * 0.3
    ),
    # 1450 / 453.59237 = 3.19671 $/g
    HeldOut(("$1,600/lb — per gram?", "what about at $1,450?"), 1450 / POUND_G),
    # 28000 x 0.24 = 6720 mg
    HeldOut(("mg thc in an eighth at 24% total thc?", "and a zip?"), 28000 * 0.24),
    # 800 x (1 - 0.877) = 98.4 mg lost as CO2
    HeldOut(
        ("decarbing 800 mg THCA, theoretical THC?", "and how many mg of mass is lost as CO2?"),
        800 * (1 - FACTOR),
    ),
    # 400 / 50 = 8 mg
    HeldOut(
        ("40 gummies, 400 mg total, mg per gummy?", "what if I cut it into 50 instead"), 400 / 50
    ),
    # (300 x 90 + 250 x 70) / 550 = 80.9091 %
    HeldOut(
        ("blend 300 g of 90% with 200 g of 70%, final %?", "and if it's 250 g of the 70?"),
        (300 * 90 + 250 * 70) / 550,
    ),
    # 5 x 250 / 50 = 25 mL
    HeldOut(
        ("50 mg/ml stock to make 100 ml at 5 mg/ml — ml of stock?", "and for 250 ml?"), 5 * 250 / 50
    ),
    # 270 / (3 x 3) = 30 g/sq ft
    HeldOut(("300 W light, 270 g dry, g/W?", "what's that per sq ft, the tent is 3x3 ft"), 270 / 9),
    # 7000 x 0.20 / 48 = 29.1667 mg per tsp
    HeldOut(
        (
            "7 g of 20% total thc into 1 cup butter, full extraction, mg per tbsp?",
            "and per teaspoon?",
        ),
        7000 * 0.2 / 48,
    ),
    # 0.05 + 0.29 x 0.877 = 0.30433 %: now over 0.3 %
    HeldOut(
        (
            "hemp lot: d9 0.05%, THCA 0.25%. are we under 0.3% total?",
            "lab retest says THCA 0.29%. now?",
        ),
        0.05 + 0.29 * FACTOR,
    ),
    # 10 x 1.15 = 11.5 mg
    HeldOut(("label says 10 mg, ±15% allowed, lowest passing?", "and the highest?"), 10 * 1.15),
    # 500 x 0.06 = 30 g
    HeldOut(
        (
            "500 g distillate, terps at 6% of the final blend, how many g of terps?",
            "what if it's 6% of the distillate weight instead",
        ),
        500 * 0.06,
    ),
    # 2 tbsp x 60 / 12 = 10 tbsp = 10 / 16 cup = 0.625 cup
    HeldOut(
        (
            "recipe: 12 cookies use 2 tbsp canna-butter. scaling to 60 cookies, how many tbsp?",
            "and how many cups is that",
        ),
        2 * 60 / 12 / 16,
    ),
    # 2 x 28.349523125 = 56.699 g
    HeldOut(("grams in 2 oz, trade ounce?", "and with the 28.35 g ounce?"), 2 * OUNCE_G),
    # 200 / 5 = 40 servings
    HeldOut(
        ("100 mg chocolate bar, 5 mg servings, how many servings", "and if the bar is 200 mg?"),
        200 / 5,
    ),
    # three turns: 3500 x (0.6 + 19.8 x 0.877) / 100 = 628.761 mg
    HeldOut(
        (
            "THCA 19.8, d9 0.6 — total thc?",
            "how many mg is that in a 1 g preroll",
            "and in an eighth?",
        ),
        3500 * (0.6 + 19.8 * FACTOR) / 100,
    ),
    # 10 x 0.877 x 0.88 = 7.7176 g
    HeldOut(
        ("decarb 10 g THCA at full conversion, grams of thc?", "at 88% efficiency?"),
        10 * FACTOR * 0.88,
    ),
    # loss leaves 90 %: 500 x 10 / 0.88 / 0.90 = 6313.13 mg = 6.31313 g
    HeldOut(
        (
            "need 500 gummies at 10 mg from 88% distillate. grams?",
            "now add a 10% process loss (90% makes it into the gummies)",
        ),
        500 * 10 / 0.88 / 0.9 / 1000,
    ),
    # three turns, the last asks only the price: 1400 / 453.59237 = 3.08647 $/g
    HeldOut(
        (
            "60 lb wet coming down tomorrow, we usually lose 78% drying. dry lbs?",
            "buyer offered $1,400 a pound dry",
            "so what's that per gram?",
        ),
        1400 / POUND_G,
    ),
]

MISSING: list[HeldOut] = [
    one("total thc? the COA shows delta-9 0.8% and that's all i have in front of me", None),
    one("how many mg of thc in an eighth?", None),  # no potency
    one("THCA 112% and d9 1%, total thc?", None),  # over 100 %
    one("need gummies at 10 mg each from 90% distillate. how many grams do i need?", None),  # count
    one("decarbing -5 g of THCA, how much THC do I get", None),  # negative mass
    one("mg per gummy? I put 700 mg into the batch", None),  # no piece count
    one("making a tincture with 1200 mg, what's the mg per dropper", None),  # no volume
    one("dilute our 50 mg/ml stock down to 10 mg/ml, how much stock do i use", None),  # no volume
    one("dilute 10 mg/ml stock to get 30 ml at 50 mg/ml — ml of stock?", None),  # target > stock
    one("blend 90% and 70% disty to hit 95%, 1 kg total. how much of each?", None),  # unreachable
    one("how much terps do I add to 500 g of distillate?", None),  # no terpene share
    one("grams per watt? pulled 14 zips out of the tent", None),  # no wattage
    one("what's the dry weight from 40 lb wet?", None),  # no moisture loss
    one("wet 40 lb, loses 110% moisture drying. dry weight?", None),  # loss over 100 %
    one("bought a pound of smalls, what's my price per gram?", None),  # no price
    one("label claim 10 mg per piece, what's the lowest it can test and pass?", None),  # no window
    one("7 g of flower into a cup of butter, mg per tbsp?", None),  # no potency
    one("how many servings in the package? a serving is 10 mg", None),  # no package total
    one("scale the gummy recipe up to 300 pieces, how much distillate?", None),  # no base recipe
    one("decarb 10 g of THCA at 130% efficiency, how many grams of THC", None),  # over 100 %
    one("yield per sq ft? we got 3 lb dry this run", None),  # no area
    one("hemp sample, THCA 0.25%. pass or fail at 0.3% total?", None),  # no delta-9
    one("disty for 100 gummies at 10 mg each, how many grams", None),  # no potency
    one("1 g cart at 145% thc, how many mg?", None),  # over 100 %
    one("blend 300 g of 85% with some 70%, what's the final %?", None),  # no second mass
    one("how many ml of stock for 100 ml at 5 mg/ml?", None),  # no stock concentration
    one("30 ml tincture bottle, how many mg per dropper?", None),  # no mg in the bottle
    one(
        "1 cup butter, 3.5 g of 20% total thc flower, 150% extraction efficiency. mg per tbsp?",
        None,
    ),  # over 100 %
]
