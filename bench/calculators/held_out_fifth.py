"""The fifth held-out set: written by helper h20set without reading the calculators.

Written from issue 20's list of calculations only (not the calculators, their readers, their
tests or the other sets' cases), in the voices of extractors, edible makers, home cooks,
growers, hemp farmers, QA managers, beverage formulators, cart fillers and buyers. Each expected
value is worked out by hand in the comment beside it. Conventions: total THC (or CBD) = neutral
+ 0.877 x acid, and ND (not detected) counts as 0 while a row that is blank or missing is an
input to ask for; a hemp question expects the total THC in % (the verdict against 0.3% is in the
wording, the number is what is compared); a trade ounce or zip is 28 g, a quarter 7 g, a half
14 g, a QP 112 g and an eighth 3.5 g unless the question says 28.35; a pound is 453.59237 g
unless the question states another basis; 1 cup = 16 tbsp = 48 tsp; a dropper is 1 mL unless
stated; a process loss of L% means only (100 - L)% reaches the product; a decarb efficiency E
scales the theoretical 0.877; terpene % is of the final blend or of the distillate as each
question says; a potency-variance window is relative to the label claim; a moisture loss of
M% leaves (100 - M)% of the wet weight; a count of pieces (pre-rolls, carts, gummies, servings)
is whole pieces, rounded down, while a mass or volume is not rounded. The number a case expects
is the one asked for, in the unit asked for.
"""

from __future__ import annotations

from bench.calculators.held_out import FACTOR, FLOZ_ML, OUNCE_G, POUND_G, HeldOut, one

TOTAL_THC: list[HeldOut] = [
    # 0.41 + 24.9 x 0.877 = 0.41 + 21.8373 = 22.2473 %
    one("coa just landed for the Runtz: thca 24.9% / d9 0.41%. total thc?", 0.41 + 24.9 * FACTOR),
    # 6.2 + 198 x 0.877 = 6.2 + 173.646 = 179.846 mg/g
    one("THCa 198mg/g, Δ9 6.2mg/g. total THC in mg/g?", 6.2 + 198 * FACTOR),
    # 0.07 + 0.28 x 0.877 = 0.07 + 0.24556 = 0.31556 % (hot)
    one(
        "pre-harvest hemp test just came back, delta 9 at 0.07% and thca 0.28%. are we good or "
        "did we go hot?",
        0.07 + 0.28 * FACTOR,
    ),
    # 0.05 + 0.19 x 0.877 = 0.05 + 0.16663 = 0.21663 %
    one("Sample results (percent): d9 0.05, THCA 0.19. Compliant as hemp?", 0.05 + 0.19 * FACTOR),
    # mg/g: 0.6 + 2.9 x 0.877 = 0.6 + 2.5433 = 3.1433 mg/g = 0.31433 %
    one(
        "Analyte | Result (mg/g)\nTHCA | 2.9\nΔ9-THC | 0.6\nCBDA | 118.4\nCBD | 4.1\n"
        "what's the total THC % on this one, and is it hemp under the 0.3% rule?",
        (0.6 + 2.9 * FACTOR) / 10,
    ),
    # 0.9 + 12.6 x 0.877 = 0.9 + 11.0502 = 11.9502 %
    one("cbda 12.6 percent, cbd 0.9 percent. total cbd", 0.9 + 12.6 * FACTOR),
    # 3 + 141 x 0.877 = 3 + 123.657 = 126.657 mg/g
    one(
        "CBD-A 141 mg/g and CBD 3 mg/g on the isolate feedstock, total CBD in mg/g?",
        3 + 141 * FACTOR,
    ),
    # 1 + 22 x 0.877 = 1 + 19.294 = 20.294 %
    one("thca twenty-two percent and delta nine one percent, whats the total", 1 + 22 * FACTOR),
    # 0.9 + 17.3 x 0.877 = 0.9 + 15.1721 = 16.0721 %
    one(
        "So my buddy finally took his outdoor to the lab, waited like three weeks, and the sheet "
        "says THCA 17.3% and d9-THC 0.9%. He keeps telling everyone it's 18%. What's the actual "
        "total THC?",
        0.9 + 17.3 * FACTOR,
    ),
    # 0.3 + 26.2 x 0.877 = 0.3 + 22.9774 = 23.2774 %
    one("THCa:26.2%  D9:0.3%  total?", 0.3 + 26.2 * FACTOR),
    # ND counts as 0: 21.7 x 0.877 = 19.0309 %
    one("COA: THCA 21.7%, Δ9-THC ND. total THC?", 21.7 * FACTOR),
    # 2.1 + 1.4 x 0.877 = 2.1 + 1.2278 = 3.3278 mg/g = 0.33278 %
    one(
        "hemp flower, 2.1 mg/g d9 thc and 1.4 mg/g thca. under 0.3%? give me the total thc %",
        (2.1 + 1.4 * FACTOR) / 10,
    ),
    # 0.04 + 0.29 x 0.877 = 0.04 + 0.25433 = 0.29433 % (passes)
    one(
        "Our Lifter came back CBDA 15.8%, CBD 0.7%, THCA 0.29%, D9 0.04%. Total THC for the hemp "
        "check?",
        0.04 + 0.29 * FACTOR,
    ),
    # 0.7 + 15.8 x 0.877 = 0.7 + 13.8566 = 14.5566 %
    one(
        "Our Lifter came back CBDA 15.8%, CBD 0.7%, THCA 0.29%, D9 0.04%. What's the total CBD "
        "for the label?",
        0.7 + 15.8 * FACTOR,
    ),
    # 0.62 + 19.44 x 0.877 = 0.62 + 17.04888 = 17.66888 %
    one("Δ9-THC 0.62 %, THC-A 19.44 % -> total THC?", 0.62 + 19.44 * FACTOR),
    # 1.2 + 31.5 x 0.877 = 1.2 + 27.6255 = 28.8255 %
    one(
        "lab says 31.5% THCA and 1.2% delta-9 on the diamonds batch, what's total",
        1.2 + 31.5 * FACTOR,
    ),
    # 0.11 + 0.16 x 0.877 = 0.11 + 0.14032 = 0.25032 %
    one(
        "farmer here. state sampled our field last week, results: Delta-9 THC 0.11%, THCA 0.16%. "
        "do we pass the 0.3 total thc test",
        0.11 + 0.16 * FACTOR,
    ),
]

MG_IN_PACKAGE: list[HeldOut] = [
    # 500 mg x 0.885 = 442.5 mg
    one("500mg cart at 88.5% thc, how many mg of thc is in it?", 500 * 0.885),
    # 3.5 g x 0.27 = 0.945 g = 945 mg
    one("an eighth (3.5g) of flower testing 27% total thc, how many mg of THC in the jar", 945),
    # 5 x 0.5 g = 2.5 g; 2500 mg x 0.22 = 550 mg
    one("pack of 5 half-gram prerolls, flower is 22% total THC. total mg THC in the pack?", 550),
    # 1000 mg x 0.742 = 742 mg
    one("a gram of live resin at 74.2% thc = how many mg thc", 742),
    # 7000 mg x 0.19 = 1330 mg
    one("quarter (7 g) of 19% flower, mg of thc?", 1330),
    # 300 mg x 0.91 = 273 mg
    one("our 0.3 g disposable tests 91% THC, mg per device?", 273),
    # 2 g x 812 mg/g = 1624 mg
    one("2g of badder at 812 mg/g. total mg thc in the jar?", 1624),
    # 453.59237 g x 0.18 = 81.64663 g
    one("1 lb of flower at 18% total THC, how many grams of THC is that", POUND_G * 0.18),
]

DECARB: list[HeldOut] = [
    # 5 g x 0.877 = 4.385 g
    one("How much THC do I get from 5 g of THCA isolate, fully decarbed? grams pls", 5 * FACTOR),
    # 40 g x 0.99 = 39.6 g THCA; 39.6 x 0.877 x 0.95 = 32.99274 g
    one(
        "decarbing 40g of 99% pure thca crystalline, figure 95% conversion. "
        "grams of thc at the end?",
        40 * 0.99 * FACTOR * 0.95,
    ),
    # THCA 250 x 0.48 = 120 g; CO2 lost 120 x (1 - 0.877) = 120 x 0.123 = 14.76 g
    one(
        "putting 250 g of kief in the oven, THCA is 48% of it. how many grams does it lose to CO2 "
        "on a full decarb (count only the CO2)?",
        250 * 0.48 * (1 - FACTOR),
    ),
    # 2500 mg x 0.877 = 2192.5 mg
    one("theoretical THC from 2,500 mg THCA?", 2500 * FACTOR),
    # 1500 g x 0.877 = 1315.5 g
    one("1.5 kilos of pure THCA diamonds, what do they weigh in grams after full decarb", 1315.5),
    # 10000 mg x 0.877 x 0.88 = 7717.6 mg
    one("decarbed 10g thca at 88% efficiency, how much thc in mg", 10000 * FACTOR * 0.88),
    # 1 - 0.877 = 0.123 -> 12.3 %
    one("what percent of its mass does THCA lose when it fully decarbs", 12.3),
]

DOSE_AND_NEED: list[HeldOut] = [
    # 960 / 48 = 20 mg
    one("made a tray of 48 brownies with 960 mg THC total. mg each?", 20),
    # 1200 / 100 = 12 mg
    one("One hundred gummies, twelve hundred mg in the whole batch. dose per gummy?", 12),
    # 2000 mg x 0.78 = 1560 mg; 1560 / 36 = 43.333 mg
    one("sheet of 36 squares and I put 2 grams of 78% distillate in it. mg per square?", 1560 / 36),
    # 100 / 16 = 6.25 mg
    one("Chocolate bar is 100mg total, 16 squares, mg per square?", 6.25),
    # 100 / 20 = 5 mg
    one("tin of 20 mints, label says 100 mg thc per tin. per mint?", 5),
    # 200 x 10 = 2000 mg; 2000 / 0.9 = 2222.22 mg = 2.22222 g
    one(
        "need 200 gummies at 10mg each using 90% distillate. how much distillate in grams?",
        2000 / 0.9 / 1000,
    ),
    # 1000 x 5 = 5000 mg; 5000 / 0.855 = 5847.95; / 0.9 = 6497.73 mg = 6.49773 g
    one(
        "1000 pieces @ 5mg, distillate is 85.5%, and we lose about 10% in the process. grams of "
        "distillate?",
        5000 / 0.855 / 0.9 / 1000,
    ),
    # 60 x 25 = 1500 mg; 1500 / 0.92 = 1630.43 mg
    one("how many mg of 92% oil do i need for 60 caps at 25 mg each", 1500 / 0.92),
    # 320 x 10 = 3200 mg; / 0.71 = 4507.04; / 0.85 = 5302.40 mg = 5.30240 g
    one(
        "batch of 320 chocolates at 10mg per, my rosin tests 71%, and I lose about 15% in the "
        "melanger. how much rosin in grams?",
        3200 / 0.71 / 0.85 / 1000,
    ),
    # 2400 x 10 = 24000 mg; / 0.95 = 25263.16 mg = 25.26316 g
    one(
        "Making 2,400 10mg gummies with 95% thc isolate, no loss. grams of isolate?",
        24000 / 0.95 / 1000,
    ),
    # 150 x 12 = 1800 mg; 1800 / 800 mg/g = 2.25 g
    one(
        "need 12 mg each in 150 cookies using 800mg/g distillate. how many grams of distillate",
        2.25,
    ),
    # 4000 mg x 0.82 = 3280; x 0.9 = 2952 mg; / 80 = 36.9 mg
    one(
        "dumped 4 g of 82% distillate into a batch of 80 gummies, figure 10% loss. mg per gummy?",
        4000 * 0.82 * 0.9 / 80,
    ),
]

SERVINGS: list[HeldOut] = [
    # 100 / 10 = 10 servings
    one("Colorado: 100 mg pack with 10 mg servings, how many servings is that?", 10),
    # 200 / 10 = 20 servings (over the 100 mg package cap)
    one(
        "we want to sell a 200 mg chocolate bar in Colorado broken into 10mg squares - how many "
        "servings is that, and is it legal?",
        20,
    ),
    # 250 / 5 = 50 servings
    one("packing 250 mg of THC per tin in 5 mg mints. how many servings per tin?", 50),
    # 100 / 2.5 = 40 servings
    one("How many servings in a 100mg THC pack if each serving is 2.5 mg?", 40),
    # 100 mg package cap / 5 mg = 20 pieces
    one(
        "Washington edibles: 5 mg gummies. what's the most pieces we can put in one package "
        "under the state's package cap?",
        20,
    ),
]

KITCHEN: list[HeldOut] = [
    # 14000 mg x 0.20 = 2800 mg; 1 cup = 16 tbsp; 2800 / 16 = 175 mg
    one(
        "infused 1 cup of butter with 14 g of flower at 20% total THC, assume it all goes into the "
        "butter. mg thc per tablespoon?",
        175,
    ),
    # 7000 x 0.18 = 1260 mg; 2 cups = 96 tsp; 1260 / 96 = 13.125 mg
    one("7 grams of 18% total THC bud into 2 cups coconut oil, 100% transfer. mg per tsp?", 13.125),
    # 14000 x 0.22 = 3080; x 0.8 = 2464 mg; / 16 tbsp = 154 mg
    one(
        "made cannabutter: half ounce (14g) of 22% thc flower in 1 cup butter, figure 80% "
        "extraction. mg per tbsp?",
        154,
    ),
    # 3500 x 0.9 = 3150 mg; 2 cups = 96 tsp; 3150 / 96 = 32.8125 mg
    one(
        "I've got 2 cups of olive oil infused with 3.5g of 90% distillate. mg per teaspoon?",
        32.8125,
    ),
    # 5000 x 0.15 = 750 mg; 1/2 cup = 24 tsp; 750 / 24 = 31.25 mg
    one(
        "1/2 cup butter with 5 grams of 15% (total thc) trim, all extracted. mg thc per tsp", 31.25
    ),
    # 2400 mg per cup x 1/4 = 600 mg
    one(
        "recipe uses 1/4 cup of my butter, which has 2400 mg thc per cup. "
        "how much thc is in the recipe?",
        600,
    ),
    # 3 tbsp = 9 tsp; 9 x 40 = 360 mg
    one("3 tbsp of infused oil at 40 mg per tsp, mg total?", 360),
    # 10000 x 0.20 = 2000 mg; 2000 / 24 = 83.333 mg
    one(
        "infused 1 cup butter w/ 10 g flower at 20% total thc, then baked 24 cookies with all of "
        "it (full transfer). mg per cookie?",
        2000 / 24,
    ),
    # 1/2 cup = 8 tbsp; 8 x 180 = 1440 mg; / 16 = 90 mg
    one("Brownies: 1/2 cup cannabutter at 180 mg/tbsp, cut into 16. mg per brownie?", 90),
]

TINCTURE: list[HeldOut] = [
    # 1500 / 30 = 50 mg/mL
    one("30 mL tincture bottle with 1500 mg CBD. mg per mL?", 50),
    # 1000 / 30 = 33.333 mg per 1 mL dropper
    one("1000mg thc in a 30ml bottle, 1 mL dropper, mg per dropper?", 1000 / 30),
    # 600 / 60 = 10 mg/mL; x 0.5 mL = 5 mg
    one("60ml bottle, 600 mg CBD, half-ml dropper. mg per dropper?", 5),
    # 25 x 30 = 750 mg
    one("tincture labeled 25 mg/mL, how much in the whole 30 ml bottle?", 750),
    # 5 mg x 30 mL = 150 mg
    one(
        "I want 5 mg per dropper (1 mL droppers), bottle is 30 mL. "
        "how many mg of THC go in the bottle?",
        150,
    ),
    # 1 fl oz = 29.5735 mL; 1200 / 29.5735 = 40.5765 mg/mL
    one(
        "One fluid ounce tincture with 1,200 mg CBD. mg per mL? (use 29.57 mL to the fl oz)",
        1200 / FLOZ_ML,
    ),
    # 3000 / 60 = 50 mg per 1 mL dropper
    one("2 oz tincture (60 ml) with 3000mg, 1ml droppers, how many mg per full dropper", 50),
    # 60 mL / 1 mL = 60 droppers
    one("tincture is 1800mg in 60ml, dropper holds 1 ml. how many full droppers per bottle?", 60),
    # 2000 mg x 0.877 = 1754 mg; 1754 / 30 = 58.4667 mg/mL
    one(
        "decarb 2 g of pure THCA isolate, then dissolve all of it in a 30 mL tincture. mg/mL?",
        2000 * FACTOR / 30,
    ),
]

DILUTION: list[HeldOut] = [
    # V1 = 250 x 2 / 40 = 12.5 mL
    one("have a 40 mg/mL stock, want 250 mL at 2 mg/mL. how many mL of stock?", 12.5),
    # V1 = 500 x 5 / 1000 = 2.5 mL
    one("how much 1000mg/ml concentrate do I need to make 500 ml of 5 mg/ml syrup", 2.5),
    # m1 = 100 x 70 / 90 = 77.778 g
    one(
        "distillate is 90% thc, want to cut it to 70% with MCT. for 100g of finished 70% oil, how "
        "much distillate (g)?",
        100 * 70 / 90,
    ),
    # final = 10 x 92 / 80 = 11.5 g; carrier = 11.5 - 10 = 1.5 g
    one("how many grams of carrier do I add to 10 g of 92% oil to bring it down to 80%?", 1.5),
    # V1 = 1000 mL x 5 / 200 = 25 mL
    one("C1 = 200 mg/mL, V2 = 1 L, C2 = 5 mg/mL. V1 in mL?", 25),
    # 10 mg / 20 mg/mL = 0.5 mL
    one(
        "nano emulsion is 20 mg/mL. each 355 mL can needs 10 mg. how many mL of emulsion per can?",
        0.5,
    ),
    # V2 = 1 x 25 / 5 = 5 mL
    one("diluting 1 mL of a 25 mg/mL solution down to 5 mg/mL, what's the final volume in mL", 5),
    # 50 x 90 / 75 = 60 g; 60 / 0.5 = 120 carts
    one(
        "cutting 50 g of 90% disty down to 75% with MCT, then filling 0.5 g carts. how many carts?",
        120,
    ),
    # V1 = 2000 mL x 0.25 / 50 = 10 mL
    one(
        "beverage run: 2 liters of lemonade at 0.25 mg/mL (so 2.5 mg per 10 ml shot). emulsion "
        "stock is 50mg/ml. how many mL of stock?",
        10,
    ),
]

BLENDING: list[HeldOut] = [
    # (300 x 85 + 200 x 60) / 500 = (25500 + 12000) / 500 = 75 %
    one("mix 300g of 85% distillate with 200g of 60% crude, what's the blend potency?", 75),
    # x (92 - 80) = 500 (80 - 70) -> x = 5000 / 12 = 416.667 g
    one("how much 92% disty do I add to 500 g of 70% to hit 80%?", 5000 / 12),
    # (55 + 75) / 2 = 65 %
    one("blending 1kg of 55% with 1kg of 75%. potency?", 65),
    # 90a + 65 (1000 - a) = 80000 -> 25a = 15000 -> a = 600 g
    one("I have 65% and 90% distillate, need 1000 g at 80%. how much of the 90% goes in?", 600),
    # (40 x 88 + 10 x 45) / 50 = (3520 + 450) / 50 = 79.4 %
    one("cart batch: 40g of 88% disty + 10g of 45% live resin sauce. final thc %?", 79.4),
    # (2 x 800 + 3 x 600) / 5 = (1600 + 1800) / 5 = 680 mg/g
    one("combining 2 kg of oil at 800 mg/g with 3 kg at 600 mg/g, what's the mix in mg/g", 680),
]

TERPENES: list[HeldOut] = [
    # t / (100 + t) = 0.08 -> t = 8 / 0.92 = 8.69565 g
    one(
        "want terps at 8% of the final blend, have 100 g distillate. how many grams of terps?",
        8 / 0.92,
    ),
    # 100 x 0.08 = 8 g
    one("adding terps at 8% of the distillate weight, 100 g of disty. grams of terps?", 8),
    # t = 250 x 5 / 95 = 13.1579 g
    one("250g disty, terpenes to be 5% by weight of the total mix. g terps?", 250 * 5 / 95),
    # 6 / (94 + 6) = 6 %
    one("added 6 g terps to 94 g distillate, what % terps is the blend?", 6),
    # 1000 mg x 0.12 = 120 mg
    one("how many mg of terps for a 1 g cart fill at 12% of the final blend?", 120),
    # 93 x (1 - 0.07) = 93 x 0.93 = 86.49 %
    one(
        "distillate is 93% THC, terps go in at 7% of the final blend. what's the cart's THC%?",
        93 * 0.93,
    ),
]

SCALING: list[HeldOut] = [
    # 4 g x 1000 / 40 = 100 g
    one("recipe: 40 gummies take 4g distillate. scaling to 1,000 gummies, grams distillate?", 100),
    # 180 x 12 / 5 = 432 g
    one(
        "our 5 kg batch calls for 180 g of the infused syrup. scale to 12 kg, how much syrup?", 432
    ),
    # 900 x 2000 / 30 = 60000 mg
    one(
        "scaling the tincture recipe from 30 ml up to 2 liters. "
        "it calls for 900 mg CBD isolate. mg at 2L?",
        60000,
    ),
    # 3 x 150 / 60 = 7.5 cups
    one("batch of 60 brownies uses 3 cups flour, how many cups for 150?", 7.5),
]

CONVERSIONS: list[HeldOut] = [
    # 4 x 28 = 112 g
    one("how many grams in a QP, trade math (28 g oz)?", 112),
    # 2 x 28 = 56 g
    one("2 zips in grams (28 g zips)", 56),
    # 453.59237 / 3.5 = 129.598 eighths
    one("how many eighths in a pound? eighth = 3.5 g, pound = 453.59 g", POUND_G / 3.5),
    # 1 oz = 28.349523 g
    one("convert 1 oz to grams exactly (avoirdupois, the 28.35 one)", OUNCE_G),
    # 1000 / 28 = 35.714 trade ounces
    one("a kilo is how many trade ounces (28 g)?", 1000 / 28),
    # 5000 / 453.59237 = 11.0231 lb
    one("how many pounds is 5 kg", 5000 / POUND_G),
    # 3.5 x 453.59237 = 1587.573 g
    one("3.5 lbs in grams?", 3.5 * POUND_G),
    # 453.59237 / 1 = 453.59, so 453 whole prerolls. Changed for issue 20 (was 453.59): a
    # count of pre-rolls is a count of physical pieces, whole and rounded down, as the
    # seventh and sixth sets expect; a mass (the eighths in a pound above) is not rounded.
    one("how many 1g prerolls can i roll from 1 lb of trim? (lb = 453.6 g, no loss)", 453),
    # 14 g
    one("half oz in grams, trade math", 14),
    # 28.35 / 3.5 = 8.1 eighths
    one("How many eighths in an ounce if the ounce is 28.35g?", 8.1),
    # 812 mg/g = 81.2 %
    one("812 mg/g is what percent?", 81.2),
    # 24.6 % = 246 mg/g
    one("flower tests 24.6%. what's that in mg/g?", 246),
]

GROW: list[HeldOut] = [
    # 18 x 453.59237 = 8164.663 g; / 1200 = 6.80389 g/sq ft
    one("pulled 18 lbs dry out of a 1,200 sq ft canopy. grams per sq ft?", 18 * POUND_G / 1200),
    # 1.5 x 453.59237 = 680.3886 g; 4 x 8 = 32 sq ft; / 32 = 21.2621 g/sq ft
    one("4x8 tent yielded 1.5 lb dry, whats that in g per sq ft?", 1.5 * POUND_G / 32),
    # 4 x 600 W = 2400 W; 2640 / 2400 = 1.1 g/W
    one("harvested 2,640 g under four 600W LEDs, g per watt?", 1.1),
    # 14 x 28.349523 = 396.893 g; / 480 = 0.826861 g/W
    one("got 14 ounces (28.35 g oz) under a 480 watt light. grams per watt?", 14 * OUNCE_G / 480),
    # 55 x 453.59237 = 24947.58 g; 40 x 1000 = 40000 W; 0.623690 g/W
    one("room yields 55 lb dry per harvest under 40 lights x 1000W. g/W?", 55 * POUND_G / 40000),
    # 120 x (1 - 0.75) = 30 lb
    one("harvested 120 lb wet, expecting 75% moisture loss. dry weight in lb?", 30),
    # 10 x (1 - 0.78) = 2.2 kg
    one("10 kg wet, loses 78% in drying, how many kg dry?", 2.2),
    # 3600 x (1 - 0.8) = 720 g
    one("hung 3,600 g wet yesterday. buds lose about 80% of their weight drying. grams dry?", 720),
    # 500 x 0.22 = 110 lb
    one("wet weight 500 lb of hemp, it dries down to 22% of wet weight. dry lbs?", 110),
    # 40 lb x 0.25 = 10 lb = 4535.9237 g
    one("40 lb wet, 75% loss in the dry room. dry weight in grams?", 10 * POUND_G),
]

PRICE_AND_VARIANCE: list[HeldOut] = [
    # 1200 / 453.59237 = 2.64555 $/g
    one("paying $1,200 a pound, what's that per gram?", 1200 / POUND_G),
    # 900 / 453.59237 = 1.98416 $/g
    one("wholesale 900/lb for smalls, $ per g?", 900 / POUND_G),
    # 40 / 453.59237 = 0.0881849 $/g
    one("biomass at $40 per lb, per gram?", 40 / POUND_G),
    # 16 x 28 = 448 g; 2400 / 448 = 5.35714 $/g
    one("$2400/lb, price per gram using a 448 g pound (16 trade oz)", 2400 / 448),
    # 180 / 28 = 6.42857 $/g
    one("zip for $180 (28 g), per gram?", 180 / 28),
    # 350 / 112 = 3.125 $/g
    one("QP at 350 (112 g). per gram", 3.125),
    # 10 x (1 - 0.15) = 8.5 mg
    one("label says 10mg per gummy, state allows ±15%. what's the low end?", 8.5),
    # 25 x 1.10 = 27.5 %
    one("label claim 25% THC, allowed variance 10% of the claim. highest passing result?", 27.5),
    # 100 x 0.9 = 90 mg
    one("100mg package, ±10% tolerance, lowest result that still passes?", 90),
    # (5.9 - 5) / 5 = 0.18 -> 18 %
    one("claim is 5mg, tested 5.9mg. how far off the label is that, in percent?", 18),
    # 1000 x 1.2 = 1200 mg
    one("labelled 1000 mg CBD per bottle, allowable variance 20%. upper limit in mg?", 1200),
]

CHAINS: list[HeldOut] = [
    # total = 1 + 20 x 0.877 = 18.54 %; 3500 x 0.1854 = 648.9 mg
    one(
        "flower coa: THCA 20%, d9 1%. how many mg of total thc in a 3.5 g eighth?",
        3500 * (1 + 20 * FACTOR) / 100,
    ),
    # 90 x (1 - 0.75) = 22.5 lb = 22.5 x 453.59237 = 10205.828 g; / 1000 = 10.2058 g/sq ft
    one(
        "pulled 90 lb wet off 1,000 sq ft, 75% moisture loss. dry grams per sq ft?",
        22.5 * POUND_G / 1000,
    ),
    # 50 g x 0.877 = 43.85 g THC; 10% lost: 43.85 x 0.9 = 39.465 g
    one(
        "decarb 50 g of pure THCA, then we lose 10% of what's left on the glassware. grams of THC "
        "we actually recover?",
        50 * FACTOR * 0.9,
    ),
    # 90 x 0.92 = 82.8 % (terps 8% of final blend); 1000 mg fill x 0.828 = 828 mg
    one(
        "1 g carts: 90% distillate with terps at 8% of the final blend. mg THC per cart?",
        1000 * 0.90 * 0.92,
    ),
]

ANSWERABLE: list[HeldOut] = [
    *TOTAL_THC,
    *MG_IN_PACKAGE,
    *DECARB,
    *DOSE_AND_NEED,
    *SERVINGS,
    *KITCHEN,
    *TINCTURE,
    *DILUTION,
    *BLENDING,
    *TERPENES,
    *SCALING,
    *CONVERSIONS,
    *GROW,
    *PRICE_AND_VARIANCE,
    *CHAINS,
]

FOLLOW_UPS: list[HeldOut] = [
    # 0.5 + 25 x 0.877 = 0.5 + 21.925 = 22.425 %
    HeldOut(
        ("THCA 22% d9 0.5%, total thc?", "what if the thca is 25% instead?"), 0.5 + 25 * FACTOR
    ),
    # 500 x 5 = 2500 mg; / 0.9 = 2777.78 mg = 2.77778 g
    HeldOut(
        (
            "need 500 gummies at 10 mg with 90% distillate, how many grams?",
            "what about at 5 mg each?",
        ),
        2500 / 0.9 / 1000,
    ),
    # (200 x 85 + 300 x 70) / 500 = (17000 + 21000) / 500 = 76 %
    HeldOut(
        ("blend 200 g of 85% with 300 g of 60%, potency?", "and if the second one is 70%?"), 76
    ),
    # 7000 x 0.2 = 1400 mg; 2 cups = 32 tbsp; 1400 / 32 = 43.75 mg
    HeldOut(
        (
            "1 cup butter with 7 g of 20% total thc flower, all extracted. mg per tbsp?",
            "what if I use 2 cups of butter",
        ),
        43.75,
    ),
    # 1000 / 60 = 16.667 mg/mL
    HeldOut(("30 ml bottle with 1000 mg, mg per ml?", "make it a 60 ml bottle"), 1000 / 60),
    # 0.08 + 0.27 x 0.877 = 0.08 + 0.23679 = 0.31679 %
    HeldOut(
        ("hemp test: d9 0.08% thca 0.22%, are we ok?", "retest came back thca 0.27%"),
        0.08 + 0.27 * FACTOR,
    ),
    # 950 / 453.59237 = 2.09441 $/g
    HeldOut(("$1100/lb, per gram?", "what about at $950"), 950 / POUND_G),
    # 20 x 0.877 x 0.9 = 15.786 g
    HeldOut(("decarb 20 g thca, grams of thc?", "at 90% efficiency?"), 20 * FACTOR * 0.9),
    # 80 x (1 - 0.8) = 16 lb
    HeldOut(("dry weight from 80 lb wet at 75% loss", "what if it's 80% loss"), 16),
    # 10 x 1.15 = 11.5 mg
    HeldOut(("label 10 mg, ±15% - low end?", "and the high end?"), 11.5),
    # V1 = 1000 x 5 / 100 = 50 mL
    HeldOut(
        ("stock 100 mg/ml, need 200 ml at 5 mg/ml, how much stock?", "and for 1 liter? (in mL)"), 50
    ),
    # 15 x 453.59237 = 6803.886 g; / 900 = 7.55987 g/sq ft
    HeldOut(
        ("12 lb dry from 900 sq ft, grams per sq ft?", "what if we got 15 lb"), 15 * POUND_G / 900
    ),
    # 200 x 0.06 = 12 g
    HeldOut(
        (
            "terps at 6% of the final blend for 200 g disty, how much terps?",
            "what if it's 6% of the distillate weight instead",
        ),
        12,
    ),
]

MISSING: list[HeldOut] = [
    one("how many mg of thc in my 1g cart?", None),  # no potency
    one("need 300 gummies at 10mg, how much distillate do I weigh out?", None),  # no potency
    one("The COA only shows THCA 23.1%; the delta-9 row is blank. Total THC?", None),  # d9 blank
    one("brownies: cut the pan into 24 pieces. mg per piece?", None),  # no total mg
    one("how much stock to make 100 ml at 5 mg/ml?", None),  # no stock concentration
    one("blend 200 g of 80% with some 60%, what's the potency?", None),  # no mass of the 60%
    one("cannabutter with 1 cup of butter, how many mg per tbsp?", None),  # no flower or potency
    one("tincture, 30 mL bottle, mg per dropper?", None),  # no mg in the bottle
    one("what's my price per gram if I'm buying by the pound?", None),  # no price
    one("grams per watt for my 4x4?", None),  # no yield, no wattage
    one("dry weight from 50 lb wet?", None),  # no moisture loss
    one("mix 300 g of 85% distillate with 200 g of crude, blend potency?", None),  # no crude %
    one("THCA 112%, d9 1%, total thc?", None),  # impossible: over 100%
    one("need 100 gummies at 10mg using distillate at 140% potency, grams?", None),  # impossible
    one("decarb -5 g thca, how much thc?", None),  # impossible: negative mass
    one("terps at 7% of the final blend, how many grams?", None),  # no distillate mass
]
