"""The fourth held-out set: written by helper hsetc without reading the calculators.

Written without reading the calculators, their tests or the other sets' cases, from issue 20's
list of calculations, in the voices of budtenders, extractors, edible makers, home cooks,
growers, hemp farmers, QA managers, beverage formulators, cart fillers and buyers (Slack,
forum posts, texts with typos, stories that bury the numbers, pasted COA rows, kitchen units).
Each expected value is worked out by hand in a comment beside it. Conventions: total THC (or
CBD) = neutral + 0.877 x acid; the hemp limit is 0.3% total THC and a hemp question expects the
total THC % (the verdict is in the question's wording, the number is what is compared); a
flower ounce, zip or "oz" is the trade's 28 g unless the question says 28.35, an eighth 3.5 g,
a quarter 7 g, a half 14 g, a QP 112 g; a pound is 453.59237 g unless stated; 1 cup = 16 tbsp
= 48 tsp; a dropper is 1 mL unless stated; a process loss of L% means only (100 - L)% of the
input reaches the product, so the input is divided by (1 - L); a decarb efficiency E scales
the theoretical 0.877; terpene % is of the final blend or of the distillate as each question
says; a variance window is relative to the label claim; a count of pieces is whole pieces,
rounded down (issue 20). The number a case expects is the one asked for, in the unit asked for.
"""

from __future__ import annotations

from bench.calculators.held_out import FACTOR, POUND_G, HeldOut, one

TRADE_OZ_G = 28.0

TOTALS: list[HeldOut] = [
    # 0.9 + 0.877 x 26.3 = 0.9 + 23.0651 = 23.9651 %
    one(
        "yo the COA for the Runtz came back. THCa 26.3% / D9 .9%. what do we print for total thc",
        0.9 + 26.3 * FACTOR,
    ),
    # 0.05 + 0.877 x 0.29 = 0.05 + 0.25433 = 0.30433 % (over 0.3: not hemp)
    one(
        "Hemp lot HL-0412: Δ9-THC 0.05 %, THCA 0.29 %. Does it pass the 0.3% total THC test?",
        0.05 + 0.29 * FACTOR,
    ),
    # 0.11 + 0.877 x 0.18 = 0.11 + 0.15786 = 0.26786 % (under 0.3)
    one(
        "field 3 came back d9 0.11%, thca 0.18% — are we good to harvest or is it hot? whats "
        "the total thc",
        0.11 + 0.18 * FACTOR,
    ),
    # 6.2 + 0.877 x 241.7 = 6.2 + 211.9709 = 218.1709 mg/g
    one(
        "potency from the lab in mg/g: THCA 241.7, Δ9-THC 6.2. total THC in mg/g?",
        6.2 + 241.7 * FACTOR,
    ),
    # (9 + 0.877 x 112) mg/g = 107.224 mg/g = 10.7224 %
    one("Total CBD please: CBDA 112 mg/g, CBD 9 mg/g. Answer in percent", (9 + 112 * FACTOR) / 10),
    # 0.62 + 0.877 x 31.04 = 0.62 + 27.22208 = 27.84208 %
    one(
        "Analyte | Result (%)\nTHCa | 31.04\nΔ9-THC | 0.62\nCBGa | 1.10\nCBG | 0.08\n\nTotal "
        "THC for the label?",
        0.62 + 31.04 * FACTOR,
    ),
    # 0.4 + 0.877 x 28.9 = 0.4 + 25.3453 = 25.7453 %
    one(
        "so my buddy grows in his garage, 4 plants under a 600w, and his lemon cherry came back "
        "from the "
        "lab at 28.9% thca and 0.4 d9 and now he's telling everyone it's 29%. what's the actual "
        "total thc",
        0.4 + 28.9 * FACTOR,
    ),
    # 0.8 + 0.877 x 19.6 = 0.8 + 17.1892 = 17.9892 %
    one(
        "Our Ontario lab writes decimal commas: THCA 19,6 % and Δ9-THC 0,8 %. Total THC?",
        0.8 + 19.6 * FACTOR,
    ),
    # 0.04 + 0.877 x 0.22 = 0.04 + 0.19294 = 0.23294 %
    one(
        "Hemp COA: CBD-A 9.8%, CBD 0.4%, THCA 0.22%, d9 0.04%. Compliant on total THC? just "
        "need the total thc number",
        0.04 + 0.22 * FACTOR,
    ),
    # 0.2 + 0.877 x 0.15 = 0.2 + 0.13155 = 0.33155 %
    one(
        "d9 thc 0.2 and thca 0.15 in our hemp flower, is total thc under the 0.3 limit?",
        0.2 + 0.15 * FACTOR,
    ),
    # 4.6 + 0.877 x 71.2 = 4.6 + 62.4424 = 67.0424 %
    one("Total THC on a sauce batch: THCA 71.2%, Δ9 4.6%", 4.6 + 71.2 * FACTOR),
    # 1.3 + 0.877 x 23.8 = 1.3 + 20.8726 = 22.1726 %
    one("lab sayz thc-a 23.8 n d9 1.3, total??", 1.3 + 23.8 * FACTOR),
    # 0.35 + 0.877 x 14.6 = 0.35 + 12.8042 = 13.1542 % total CBD
    one("CBD flower: CBDa 14.6%, CBD 0.35%, what's total CBD", 0.35 + 14.6 * FACTOR),
]

PACKAGE_MG: list[HeldOut] = [
    # 3.5 g x 270 mg/g = 945 mg
    one("how much thc is in an eighth of the 27% flower, in mg", 3.5 * 270),
    # 1 g x 913 mg/g = 913 mg
    one("1g cart, disty tested 91.3% THC. mg per cart?", 913),
    # 0.5 g x 245 mg/g = 122.5 mg
    one("Half-gram preroll at 24.5% total THC — how many mg of THC is that", 0.5 * 245),
    # 28 g x 210 mg/g = 5880 mg
    one("customer asking how many milligrams are in a zip of the 21% stuff", 28 * 210),
    # 3.5 g x 780 mg/g = 2730 mg
    one("jar of 3.5 g live rosin at 78% THC, how many mg?", 3.5 * 780),
    # 12 fl oz x 0.42 mg/fl oz = 5.04 mg
    one("Beverage spec: 0.42 mg THC per fl oz, 12 fl oz can. mg in the can?", 12 * 0.42),
    # 7 g x 190 mg/g = 1330 mg
    one("quarter of 19% flower, how much THC total in mg", 7 * 190),
    # 2 g x 825 mg/g = 1650 mg
    one("2g disposable filled with 82.5% distillate — total THC mg on the box?", 2 * 825),
]

DECARB: list[HeldOut] = [
    # 500 x 0.877 = 438.5 mg
    one("decarbing 500 mg THCA, theoretical THC in mg?", 500 * FACTOR),
    # 2400 g x 0.877 x 0.95 = 1999.56 g
    one(
        "2.4 kg of THCa isolate going in the reactor, decarb at 95% efficiency — THC out in grams?",
        2400 * FACTOR * 0.95,
    ),
    # 40 g x (1 - 0.877) = 40 x 0.123 = 4.92 g lost as CO2
    one(
        "How much mass do I lose decarbing 40 g of THCA crystal (the CO2 that comes off), in grams",
        40 * (1 - FACTOR),
    ),
    # 18 g x 0.877 = 15.786 g
    one(
        "I put 18 g of THCA in the oven, how many grams of THC should come out if it all converts",
        18 * FACTOR,
    ),
    # 14000 mg x 0.22 x 0.877 = 2701.16 mg
    one(
        "decarbing 14 g of flower at 22% THCA for edibles. theoretical mg of THC after decarb?",
        14000 * 0.22 * FACTOR,
    ),
    # 120 g x 0.877 x 0.9 = 94.716 g
    one(
        "lab tech here, 120 g THCA diamonds, our decarb runs ~90% efficient. expected g THC?",
        120 * FACTOR * 0.9,
    ),
    # 3 kg x (1 - 0.877) = 0.369 kg = 369 g
    one(
        "If 3 kg of THCA fully decarboxylates, how many grams of mass is lost?", 3000 * (1 - FACTOR)
    ),
]

DOSE_PER_PIECE: list[HeldOut] = [
    # 1200 / 120 = 10 mg
    one("1200 mg THC going into 120 gummies, mg each?", 1200 / 120),
    # 480 / 24 = 20 mg
    one(
        "brownies: 9x13 pan cut into 24 squares and I put 480 mg in the batter. per square?",
        480 / 24,
    ),
    # 100 / 16 = 6.25 mg
    one("chocolate bar is 100 mg total and breaks into 16 squares, mg per square", 100 / 16),
    # 2100 mg x 0.88 / 60 = 1848 / 60 = 30.8 mg
    one("put 2.1 grams of 88% distillate in 60 gummies, what's each one", 2100 * 0.88 / 60),
    # 12 tbsp x 40 mg = 480 mg; 480 / 36 = 13.333 mg
    one(
        "made cookies with 3/4 cup of butter that tested 40 mg per tbsp, got 36 cookies. mg per "
        "cookie?",
        12 * 40 / 36,
    ),
    # 250 mg / 10 = 25 mg
    one("Rice crispy treats, 250mg total, cut em in 10. per piece?", 250 / 10),
]

CONCENTRATE: list[HeldOut] = [
    # 200 x 10 = 2000 mg THC; 2000 / 0.92 = 2173.913 mg = 2.173913 g
    one(
        "need 200 gummies at 10 mg, disty is 92%. how many grams of disty?", 200 * 10 / 0.92 / 1000
    ),
    # 500 x 5 = 2500 mg; / 0.895 = 2793.30; / (1 - 0.12) = 3174.20 mg = 3.17420 g
    one(
        "500 chocolates @ 5 mg, distillate is 89.5% THC, we expect 12% process loss. grams of "
        "distillate needed?",
        500 * 5 / 0.895 / 0.88 / 1000,
    ),
    # 1000 x 2.5 = 2500 mg CBD; / 0.99 = 2525.25 mg = 2.52525 g
    one(
        "need 1000 pieces at 2.5mg CBD each using 99% isolate, how many g of isolate",
        1000 * 2.5 / 0.99 / 1000,
    ),
    # 48 x 25 = 1200 mg; / 0.65 = 1846.15 mg
    one("how much RSO at 65% to dose 48 caps at 25 mg, answer in mg", 48 * 25 / 0.65),
    # 400 x 10 = 4000 mg; / 0.85 = 4705.88; / 0.95 = 4953.56 mg = 4.95356 g
    one(
        "gummy batch for 400 pieces at 10 mg, disty 85%, about 5% lost in the pot and molds. "
        "grams disty?",
        400 * 10 / 0.85 / 0.95 / 1000,
    ),
    # 3000 x 5 = 15000 mg; / 0.9 = 16666.67 mg = 16.6667 g
    one(
        "Beverage run: 3,000 cans at 5 mg, water-soluble base is 90% THC by weight. grams of base?",
        3000 * 5 / 0.9 / 1000,
    ),
]

SERVINGS: list[HeldOut] = [
    # 100 / 10 = 10
    one("100 mg package, 10 mg servings, how many servings", 100 / 10),
    # 1500 / 25 = 60
    one("tincture is 1500 mg in 30 mL, I dose 25 mg, how many doses in the bottle", 1500 / 25),
    # 10 / 2.5 = 4
    one("a 355 mL seltzer with 10 mg total; how many 2.5 mg servings is that", 10 / 2.5),
    # 1 g x 850 mg/g = 850 mg; 850 / 5 = 170
    one("1g cart at 85%. If a session is about 5 mg how many sessions per cart", 850 / 5),
]

INFUSION: list[HeldOut] = [
    # 7000 mg x 0.20 = 1400 mg; 1 cup = 16 tbsp; 1400 / 16 = 87.5 mg/tbsp
    one(
        "Infusing 7 g flower, 20% total THC (already decarbed), into 1 cup butter, assume 100% "
        "extraction. mg per tablespoon?",
        7000 * 0.20 / 16,
    ),
    # 14000 x 0.18 x 0.8 = 2016 mg; 2 cups = 96 tsp; 2016 / 96 = 21 mg/tsp
    one(
        "14g of 18% THC into 2 cups coconut oil, 80% extraction, mg per tsp",
        14000 * 0.18 * 0.8 / 96,
    ),
    # 7000 x 0.24 x 0.877 = 1473.36 mg; 1/2 cup = 8 tbsp; 1473.36 / 8 = 184.17 mg/tbsp
    one(
        "quarter oz of bud tested 24% THCA, decarb it (use 0.877) and it all goes into 1/2 cup "
        "butter. "
        "per tbsp, assuming full extraction",
        7000 * 0.24 * FACTOR / 8,
    ),
    # 3500 x 0.20 = 700 mg in 1 cup; 1/4 cup = 700 x 0.25 = 175 mg
    one(
        "I have 1 cup of cannabutter made with 3.5 g of 20% THC flower. recipe uses 1/4 cup. mg "
        "in the recipe",
        700 * 0.25,
    ),
    # 10000 x 0.15 = 1500 mg; / 250 mL = 6 mg/mL
    one("canna oil: 10 g flower at 15% THC in 250 mL olive oil. mg per mL", 10000 * 0.15 / 250),
    # 500 mg / 8 tbsp = 62.5 mg/tbsp
    one("500 mg of disty into 1 stick of butter (8 tbsp), per tbsp", 500 / 8),
    # 28000 x 0.17 x 0.75 = 3570 mg; 1 cup = 48 tsp; 3570 / 48 = 74.375 mg/tsp
    one(
        "ok so i have 1 cup of oil infused with an oz of 17% THC flower, call it 75% "
        "efficiency, how much in a teaspoon",
        28000 * 0.17 * 0.75 / 48,
    ),
    # 1000 mg / 32 tbsp (2 cups) = 31.25 mg/tbsp
    one(
        "1 gram of 100% THC isolate (1000 mg) stirred into 2 cups of honey. mg per tablespoon?",
        1000 / 32,
    ),
]

TINCTURE: list[HeldOut] = [
    # 900 / 30 = 30 mg/mL
    one("30 mL bottle, 900 mg THC. mg per mL", 900 / 30),
    # 1500 / 30 = 50 mg/mL; 1 mL dropper -> 50 mg
    one("1500mg CBD in a 30 mL bottle, mg per full dropper (1 mL)", 1500 / 30),
    # 1200 / 60 = 20 mg/mL; x 0.5 mL = 10 mg
    one("60 mL tincture with 1200 mg, the dropper holds 0.5 mL, mg per dropper", 1200 / 60 * 0.5),
    # 2000 / 60 x 0.25 = 8.3333 mg
    one("tincture label 2000 mg per 60 mL, how much in a quarter mL", 2000 / 60 * 0.25),
    # 1000 mg / 15 mL = 66.667 mg/mL
    one("half oz dropper bottle (15 mL) holding 1000mg THC, what's mg per mL", 1000 / 15),
]

DILUTION: list[HeldOut] = [
    # V1 = C2 V2 / C1 = 2 x 250 / 40 = 12.5 mL
    one("stock is 40 mg/mL, want 250 mL at 2 mg/mL, mL of stock?", 2 * 250 / 40),
    # V2 = 30 x 100 / 10 = 300 mL; carrier to add = 300 - 100 = 200 mL
    one(
        "have 100 mL of 30 mg/mL, want to cut it to 10 mg/mL, how much MCT do I add",
        30 * 100 / 10 - 100,
    ),
    # m1 = 0.75 x 500 / 0.90 = 416.667 g
    one(
        "distillate 90%, need 500 g at 75% by cutting with a 0% carrier. grams of distillate",
        0.75 * 500 / 0.90,
    ),
    # V1 = 25 x 20 / 1000 = 0.5 L
    one(
        "C1V1: 1000 ppm nano emulsion, need 20 L of drink base at 25 ppm. liters of emulsion?",
        25 * 20 / 1000,
    ),
    # C2 = 100 x 10 / 40 = 25 mg/mL
    one(
        "I've got 10 mL of 100 mg/mL and I top it up to 40 mL with carrier, final mg/mL?",
        100 * 10 / 40,
    ),
]

BLENDING: list[HeldOut] = [
    # m_A = 1000 x (85 - 70) / (92 - 70) = 681.818 g
    one(
        "blend 92% disty with 70% disty to get 1000 g at 85%. how many g of the 92?",
        1000 * (85 - 70) / (92 - 70),
    ),
    # (500 x 88 + 300 x 62) / 800 = (44000 + 18600) / 800 = 78.25 %
    one("mixing 500 g of 88% with 300 g of 62%, final potency?", (500 * 88 + 300 * 62) / 800),
    # (2 x 18 + 3 x 24) / 5 = 108 / 5 = 21.6 %
    one(
        "Have 2 kg 18% flower and 3 kg 24% flower going into preroll grind, blended %?",
        (2 * 18 + 3 * 24) / 5,
    ),
    # m_iso = 200 x (75 - 60) / (99 - 60) = 3000 / 39 = 76.923 g
    one(
        "blend 99% CBD isolate with 60% broad spectrum to get 200 g at 75%. grams of isolate",
        200 * (75 - 60) / (99 - 60),
    ),
    # m_22 = 10 x (18 - 14) / (22 - 14) = 5 lb
    one(
        "need the 22% and the 14% shake mixed to hit 18% for 10 lb total, lbs of the 22",
        10 * (18 - 14) / (22 - 14),
    ),
]

TERPENES: list[HeldOut] = [
    # terps = 92 x 0.08 / (1 - 0.08) = 7.36 / 0.92 = 8 g (8% of the final blend)
    one(
        "adding terps at 8% of the final blend weight to 92 g disty, g of terps?", 92 * 0.08 / 0.92
    ),
    # 250 x 0.05 = 12.5 g (5% of the distillate's weight)
    one("add 5% terps by weight of the distillate, 250 g of disty. grams terps", 250 * 0.05),
    # 500 x 6 / 94 = 31.915 g (6% of the total)
    one(
        "terps need to be 6% of the total formula, I have 500 g distillate. how much terp?",
        500 * 6 / 94,
    ),
    # 4.2 / (4.2 + 55.8) = 4.2 / 60 = 7 % w/w of the blend
    one(
        "mixed 4.2 g terpenes into 55.8 g distillate, what % w/w of the blend is terps",
        4.2 / 60 * 100,
    ),
    # 1.5 / 18.5 x 100 = 8.1081 % of the distillate
    one(
        "cart filler q: 1.5 g terps into 18.5 g of disty, what percent is that of the "
        "distillate weight",
        1.5 / 18.5 * 100,
    ),
]

SCALING: list[HeldOut] = [
    # 3 g x 300 / 48 = 18.75 g
    one("recipe: 48 gummies uses 3 g disty. scaling to 300 gummies, how much disty", 3 * 300 / 48),
    # 12 kg x 7500 / 2000 = 45 kg
    one("batch sheet: 12 kg base makes 2000 units, need 7500 units. kg of base", 12 * 7500 / 2000),
    # 1.2 L x 250 / 40 = 7.5 L
    one("our tincture SOP: 1.2 L MCT per 40 bottles. for 250 bottles?", 1.2 * 250 / 40),
    # 1/3 cup x 40 / 16 = 0.8333 cup
    one(
        "brownie recipe for 16 servings uses 1/3 cup cannabutter, I want 40 servings — cups of "
        "butter?",
        40 / 16 / 3,
    ),
]

CONVERSIONS: list[HeldOut] = [
    # 28.349523125 g (stated: the avoirdupois ounce)
    one("how many grams in an ounce, the true 28.35 one not the trade 28", 28.349523125),
    # 112 / 3.5 = 32 eighths
    one("how many eighths in a QP", 112 / 3.5),
    # 2.5 x 453.59237 = 1133.98 g
    one("grams in 2.5 lb", 2.5 * POUND_G),
    # 14 g
    one("a half zip is how many grams", TRADE_OZ_G / 2),
    # 1500 / 453.59237 = 3.30693 lb
    one("1.5 kg is how many pounds", 1500 / POUND_G),
    # 1000 / 28 = 35.714 oz
    one("how many trade ounces (28 g) in a kilo", 1000 / TRADE_OZ_G),
    # 3/4 cup x 16 = 12 tbsp
    one("3/4 cup of butter is how many tablespoons", 0.75 * 16),
]

YIELD: list[HeldOut] = [
    # 18 x 28 = 504 g; 4 x 4 = 16 sq ft; 504 / 16 = 31.5 g/sq ft
    one("4x4 tent pulled 18 oz dry. grams per sq ft?", 18 * 28 / 16),
    # 3.2 x 453.59237 = 1451.4956 g; / 2000 W = 0.725748 g/W
    one("2 x 1000w DE pulled 3.2 lb dry, g per watt", 3.2 * POUND_G / 2000),
    # 1450 / 480 = 3.02083 g/W
    one("harvested 1,450 g off a 480 W LED, gpw?", 1450 / 480),
    # 85 x 453.59237 = 38555.35 g; 20 x 30 = 600 sq ft; = 64.2589 g/sq ft
    one(
        "flower room is 20 ft by 30 ft, we pulled 85 lb dry. grams per square foot",
        85 * POUND_G / 600,
    ),
    # 1.1 x 453.59237 / 25 = 19.958 g/sq ft
    one("5x5 got me 1.1 lbs this run, whats that per square foot in grams", 1.1 * POUND_G / 25),
]

DRY_WEIGHT: list[HeldOut] = [
    # 40 x (1 - 0.75) = 10 lb
    one("chopped 40 lb wet, we usually lose 75% to the dry. dry lbs?", 40 * 0.25),
    # 3200 x (1 - 0.78) = 704 g
    one("wet weight 3200 g, 78% moisture loss, dry grams", 3200 * 0.22),
    # 12000 x (1 - 0.80) = 2400 lb
    one(
        "hemp: 12,000 lb of wet biomass per acre and it loses 80% of its weight drying. dry lb "
        "per acre?",
        12000 * 0.2,
    ),
]

PRICE: list[HeldOut] = [
    # 1600 / 453.59237 = 3.52740 $/g
    one("paid 1,600 for a pound, what's that per gram", 1600 / POUND_G),
    # 150 / 453.59237 = 0.330694 $/g
    one("bought 10 lb of trim at $150/lb, $ per gram?", 150 / POUND_G),
    # 120 / 28 = 4.2857 $/g
    one("zip for 120, per g?", 120 / 28),
    # 400 / 112 = 3.5714 $/g
    one("QP at 400 — per gram?", 400 / 112),
]

VARIANCE: list[HeldOut] = [
    # 10 x (1 - 0.15) = 8.5 mg
    one("label 10 mg, ±15% variance allowed, lowest mg that still passes", 10 * 0.85),
    # 100 x 1.10 = 110 mg
    one("100 mg package, state allows 10% either way, highest it can test at", 100 * 1.1),
    # 25 x 0.80 = 20 %
    one("flower labeled 25% THC, tolerance ±20% relative, lower bound in %", 25 * 0.8),
    # 5 x 1.10 = 5.5 mg
    one("label claim 5 mg per serving, 10% tolerance, what's the upper bound", 5 * 1.1),
]

CHAINS: list[HeldOut] = [
    # total = 0.5 + 0.877 x 21 = 18.917 %; 300 g x 189.17 mg/g = 56751 mg
    one(
        "We've got 300 g flower at 21% THCA and 0.5% d9. Total THC mg in the whole batch?",
        300 * (0.5 + 21 * FACTOR) * 10,
    ),
    # 8000 x 0.22 = 1760 mg in 1 cup; 1/2 cup = 880 mg; / 24 = 36.667 mg
    one(
        "8 g of 22% THC flower into 1 cup butter (full extraction), then 1/2 cup of that butter "
        "into 24 brownies. mg per brownie?",
        8000 * 0.22 * 0.5 / 24,
    ),
    # 453.59237 g x 200 mg/g = 90718.47 mg; x 0.8 = 72574.78 mg; / 10 = 7257.48, so 7257
    # whole gummies (issue 20: counts of pieces are whole, rounded down; was 7257.48, which
    # the 0.1% tolerance let pass either way)
    one(
        "1 lb of trim at 20% THC, our extraction recovers 80% of it. how many 10 mg gummies can "
        "that make?",
        7257,
    ),
    # 10 lb wet x 0.25 = 2.5 lb dry; 2.5 x 1200 = $3000
    one(
        "10 lb wet, lose 75% drying, sells at $1,200/lb dry. how many dollars is the dry weight "
        "worth?",
        2.5 * 1200,
    ),
    # total = 0.9 + 0.877 x 23.2 = 21.2464 %; eighth 3.5 g x 212.464 mg/g = 743.624 mg
    one(
        "batch came back 0.9% d9 and 23.2% thca. how many mg of total THC in an eighth of it?",
        3.5 * (0.9 + 23.2 * FACTOR) * 10,
    ),
    # 5 g x 0.877 = 4.385 g = 4385 mg THC; / 30 mL = 146.167 mg/mL
    one(
        "decarb 5 g of THCA isolate fully and dissolve it all into 30 mL MCT. mg THC per mL?",
        5000 * FACTOR / 30,
    ),
]

ANSWERABLE: list[HeldOut] = [
    *TOTALS,
    *PACKAGE_MG,
    *DECARB,
    *DOSE_PER_PIECE,
    *CONCENTRATE,
    *SERVINGS,
    *INFUSION,
    *TINCTURE,
    *DILUTION,
    *BLENDING,
    *TERPENES,
    *SCALING,
    *CONVERSIONS,
    *YIELD,
    *DRY_WEIGHT,
    *PRICE,
    *VARIANCE,
    *CHAINS,
]

FOLLOW_UPS: list[HeldOut] = [
    # 0.7 + 0.877 x 25.3 = 0.7 + 22.1881 = 22.8881 %
    HeldOut(
        ("COA: THCA 24.1%, d9 0.7%. total thc?", "what if the retest comes back at 25.3% THCA?"),
        0.7 + 25.3 * FACTOR,
    ),
    # 2000 mg / 0.88 = 2272.73 mg = 2.27273 g
    HeldOut(
        ("need 200 gummies at 10mg from 92% disty, how many grams?", "what if it tests at 88%?"),
        2000 / 0.88 / 1000,
    ),
    # 0.5 g x 860 mg/g = 430 mg
    HeldOut(("1g cart of 86% disty, mg thc?", "and a half gram one?"), 0.5 * 860),
    # 600 / 30 = 20 mg/mL; x 0.75 mL = 15 mg
    HeldOut(
        ("tincture: 600 mg in 30 mL, per mL?", "and per dropper if the dropper is 0.75 mL?"),
        600 / 30 * 0.75,
    ),
    # 1400 mg / 48 tsp = 29.1667 mg/tsp
    HeldOut(
        (
            "7g of 20% THC flower into a cup of butter, all of it extracts. per tbsp?",
            "what about per tsp",
        ),
        1400 / 48,
    ),
    # V1 = 4 x 500 / 60 = 33.333 mL
    HeldOut(
        (
            "dilute 60 mg/mL stock to 250 mL at 4 mg/mL: mL of stock?",
            "and if I want 500 mL instead?",
        ),
        4 * 500 / 60,
    ),
    # m_90 = 2000 x (80 - 70) / (90 - 70) = 1000 g
    HeldOut(
        ("blend 90% with 70% to an 82% target, 2 kg total: grams of the 90?", "target 80% now"),
        2000 * 10 / 20,
    ),
    # 0.06 + 0.877 x 0.27 = 0.06 + 0.23679 = 0.29679 %
    HeldOut(
        ("hemp COA d9 0.08, thca 0.21. total thc?", "retest came back d9 0.06, thca 0.27. now?"),
        0.06 + 0.27 * FACTOR,
    ),
    # 2500 / 0.89 / 0.9 = 3121.10 mg = 3.12110 g
    HeldOut(
        ("500 chocolates at 5mg using 89% disty, grams of disty?", "now add 10% process loss"),
        500 * 5 / 0.89 / 0.9 / 1000,
    ),
    # 1250 / 453.59237 = 2.75578 $/g
    HeldOut(("paid $1400/lb, per gram?", "and if he does me 1250 for it?"), 1250 / POUND_G),
    # 16 x 28 = 448 g; / 320 W = 1.4 g/W
    HeldOut(("4x4 pulled 16 oz, grams per sq ft?", "and per watt, it's a 320 W bar"), 448 / 320),
    # 40 x (1 - 0.72) = 11.2 lb
    HeldOut(("40 lb wet, 75% loss, dry lb?", "what if it only loses 72%"), 40 * 0.28),
    # 10 x 1.1 = 11 mg
    HeldOut(("label 10 mg, ±10% allowed. lowest passing?", "and the highest?"), 10 * 1.1),
    # 900 / 30 = 30 mg/mL; x 0.5 mL = 15 mg
    HeldOut(
        ("making a tincture", "900 mg THC into 30 mL of MCT", "mg per 0.5 mL dropper?"),
        900 / 30 * 0.5,
    ),
    # 14 g x 230 mg/g = 3220 mg
    HeldOut(("eighth of 23% flower, mg thc?", "what about a quarter", "and a half oz"), 14 * 230),
    # 95 x 0.05 = 4.75 g
    HeldOut(
        (
            "terps at 5% of the final blend with 95 g disty — grams?",
            "what if it's 5% of the distillate weight instead",
        ),
        95 * 0.05,
    ),
    # 3 g x 1000 / 48 = 62.5 g
    HeldOut(
        ("recipe for 48 gummies uses 3 g disty, scale to 300", "now 1000 gummies"), 3 * 1000 / 48
    ),
    # 25 x 0.877 x 0.9 = 19.7325 g
    HeldOut(
        ("decarb 25 g THCA, theoretical THC in grams", "at 90% efficiency?"), 25 * FACTOR * 0.9
    ),
    # 14000 x 0.18 x 0.7 = 1764 mg; / 96 tsp = 18.375 mg/tsp
    HeldOut(
        (
            "14 g flower at 18% THC into 2 cups oil, full extraction, per tsp?",
            "with 70% extraction efficiency instead",
        ),
        14000 * 0.18 * 0.7 / 96,
    ),
    # 100 / 2.5 = 40 servings
    HeldOut(("servings in a 100 mg package at 10 mg each", "what if I do 2.5 mg doses"), 100 / 2.5),
    # (500 x 88 + 500 x 62) / 1000 = 75 %
    HeldOut(
        ("blend 500 g of 88% with 300 g of 62%, final %?", "add another 200 g of the 62%"),
        (500 * 88 + 500 * 62) / 1000,
    ),
    # 3000 g / 28 g = 107.143 zips
    HeldOut(
        ("how many eighths in a pound (453.6 g)?", "and how many 28 g zips in 3 kg"), 3000 / 28
    ),
]

MISSING: list[HeldOut] = [
    one("what's the total THC? THCA came back pretty high on this one", None),
    one("how many mg thc in an eighth", None),
    one("Total THC: THCA 112%, d9 0.5%", None),  # over 100 %
    one("need 200 gummies at 10 mg each, how much distillate do I weigh out", None),  # no potency
    one("decarb -5 g of THCA, how much THC comes out", None),  # negative mass
    one("dilute our stock down to 10 mg/mL, need 30 mL of it. how much stock?", None),  # no C1
    one(
        "blend 90% and 70% disty to hit 95%, how much of each for 1 kg", None
    ),  # target out of range
    one("infusing 7 g of flower into a cup of butter, mg per tbsp?", None),  # no potency
    one("tincture is a 30 mL bottle, mg per dropper?", None),  # no mg
    one("how many 10 mg servings in this package", None),  # no package total
    one("paid $1,500, what's my price per gram", None),  # no quantity
    one("4x4 tent pulled 1.2 lb, grams per watt?", None),  # no wattage
    one("dry weight from 40 lb wet?", None),  # no moisture loss
    one(
        "label says 10 mg, what's the lowest it can test and still pass?", None
    ),  # no tolerance, no state
    one("adding terps at 5% of the blend, how many grams of terps?", None),  # no distillate mass
    one("scale this recipe up to 300 gummies please", None),  # no base recipe
    one("flower is -3.5 g at 20% THC, mg thc?", None),  # negative mass
    one("hemp flower 0.25% THCA, d9 wasn't on the report. total THC?", None),  # d9 unknown, never 0
    one(
        "dilute 50 mg/mL to 80 mg/mL with MCT, I need 30 mL. how much stock?", None
    ),  # cannot concentrate
    one("moisture loss 120% on 10 lb wet, dry weight?", None),  # over 100 %
    one("cut the pan into 24, how many mg per piece?", None),  # no total
    one("yield per square foot? pulled 2.4 lb dry", None),  # no area
    one(
        "concentrate for 100 pieces at 10 mg with 90% disty and 110% process loss?", None
    ),  # loss over 100 %
    one("infuse 500 mg into butter, mg per tbsp?", None),  # no butter amount
    one("blend 88% disty with 62% disty, what's the final potency", None),  # no masses
    one("decarb 10 g THCA at 140% efficiency, how much THC", None),  # efficiency over 100 %
    HeldOut(("tincture time, 30 mL bottle of MCT", "what's the mg per dropper"), None),  # no mg
    HeldOut(
        ("making gummies at 10 mg each", "how much disty do I need for them?"), None
    ),  # no count or potency
    HeldOut(("COA back on the Zkittlez", "what's total thc"), None),  # no numbers at all
]
