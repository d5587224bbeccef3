"""A street-phrased held-out set: questions as operators, budtenders and home cooks type them
in forums, texts and Slack, never used by the tests.

Written for issue 20 before reading the readers: lowercase, typos, slang ("a zip", "z",
"an 8th", "half oz", "g"), numbers in words, glued units ("10mg", "85%thc", "1.5g"), COA
lines pasted as text, numbers buried in a story, chains, kitchen measures, follow-ups, and
inputs that are missing, contradictory or impossible (these must get a question).

Expected numbers are plain arithmetic written beside each case. Conventions: total THC =
delta-9 + 0.877 x THCA (CBD likewise); a zip/ounce is the trade's 28 g, an eighth 3.5 g,
a pound 453.59237 g; US kitchen measures (1 cup = 16 tbsp = 48 tsp, a stick is 1/2 cup);
decarb theoretical THC = 0.877 x THCA mass; C1V1 = C2V2.
"""

from __future__ import annotations

from bench.calculators.held_out import HeldOut, one

FACTOR = 0.877
POUND_G = 453.59237

ANSWERABLE: list[HeldOut] = [
    # Total THC / CBD from COA lines.
    one("coa says thca 24.5% and d9 0.6% whats total thc", 0.6 + 24.5 * FACTOR),
    one("lab back: THCa 19.8 %, Δ9-THC 0.41 %. total?", 0.41 + 19.8 * FACTOR),
    one("total thc if thc-a is 221 mg/g and delta9 is 6 mg/g", 6 + 221 * FACTOR),  # mg/g
    one(
        "Analyte  Result\nTHCA  23.40 %\nD9-THC  0.55 %\nCBDA  0.05 %\ntotal thc??",
        0.55 + 23.40 * FACTOR,
    ),
    one("cbda 12% cbd 0.8% total cbd pls", 0.8 + 12 * FACTOR),
    one("hemp sample came back thca 0.28% d9 0.05% - total thc", 0.05 + 0.28 * FACTOR),
    one("our og kush tested 1.0% delta-9 thc and 20.0% thca, total thc?", 1.0 + 20.0 * FACTOR),
    # mg in a package.
    one("how many mg of thc in an 8th of 22% flower", 3500 * 0.22),
    one("mg thc in a zip of 20%", 28000 * 0.20),
    one("how much thc is in a half oz of 25 percent bud", 14000 * 0.25),
    one("1.5g of 85%thc wax = how many mg", 1500 * 0.85),
    one("a gram of 90% disty how many mg thc", 1000 * 0.90),
    one("mg in a 2g preroll at 18%?", 2000 * 0.18),
    # Decarb.
    one("1,000 mg of thca decarbed, theoretical thc?", 1000 * FACTOR),
    one("decarb 5 g thca isolate, how much thc do i get in theory", 5 * FACTOR),
    one("if i decarb 10g of thca at 90% efficiency how much thc", 10 * FACTOR * 0.9),
    # Dose per piece.
    one("500mg in a batch of 50 gummies, mg per gummy?", 500 / 50),
    one("i put 800 mg into 16 brownies how strong is each one", 800 / 16),
    one("2 g of 90% distillate into 100 gummies, mg each?", 2000 * 0.9 / 100),
    # Concentrate needed.
    one(
        "making 200 gummies at 10mg each with 85% disty, how many grams do i need",
        200 * 10 / 0.85 / 1000,
    ),
    one(
        "need 100 pieces @ 5mg with 90% distillate and 10% loss, grams of disty?",
        100 * 5 / 0.9 / 0.9 / 1000,
    ),
    # Servings.
    one("how many servings in a 100mg bar at 10mg a serving", 100 / 10),
    one("pack of 20 gummies at 5mg each, servings of 10mg?", 20 * 5 / 10),
    # Infusion, kitchen.
    one("7g of 20% flower into 1 cup butter, mg per tbsp?", 7000 * 0.20 / 16),
    one("an eighth of 18% into a stick of butter. mg per tsp", 3500 * 0.18 / 24),
    one("14 g at 15% in 2 cups of coconut oil mg per teaspoon", 14000 * 0.15 / 96),
    # Tincture.
    one("30ml tincture with 1000mg, mg per ml?", 1000 / 30),
    one("1500 mg in a 30 ml bottle, dropper is 1 ml, how much per dropper", 1500 / 30),
    one("60ml bottle 600mg thc, whats in a half ml dropper", 600 / 60 * 0.5),
    # Dilution.
    one("50 mg/mL stock, need 30 mL at 10 mg/mL, how much stock?", 10 * 30 / 50),
    one(
        "dilute 100mg/ml down to 25mg/ml, want 200ml total, how many ml of the 100?", 25 * 200 / 100
    ),
    # Blending.
    one("blend 60g of 80% disty with 40g of 92%, what potency", (60 * 80 + 40 * 92) / 100),
    one("mixing 1 kg of 85% with 500 g of 70%, final %?", (1000 * 85 + 500 * 70) / 1500),
    # Terpenes.
    one("adding 5 g terps to 95 g distillate, terp % of the blend?", 5 / 100 * 100),
    one("want 8% terps in a 100 g blend, how many grams terps", 8),
    # Batch scaling.
    one(
        "recipe makes 24 cookies with 240mg, scale to 60 cookies same dose, total mg?",
        240 / 24 * 60,
    ),
    # Conversions.
    one("how many grams in a pound", POUND_G),
    one("how many grams in 3 zips", 3 * 28),
    one("2 ounces in grams (the 28 g kind)", 56),
    # Yield.
    one("pulled 4 lbs off 600 watts, grams per watt?", 4 * POUND_G / 600),
    one("got 1200 g from a 4x4 tent, g per sq ft", 1200 / 16),
    # Dry from wet.
    one("harvested 10 kg wet, lose 75% moisture, dry weight?", 10 * 0.25),
    one("wet weight 5 lb, 80 percent loss, how much dry in grams", 5 * POUND_G * 0.2),
    # Price per gram.
    one("paying 1800 a pound, whats that per g", 1800 / POUND_G),
    one("a zip for 200 bucks price per gram", 200 / 28),
    # Variance window.
    one("label says 10mg, allowed variance 10%, lowest acceptable?", 9, "low"),
    one("label claim 100 mg with +/-15% what's the top of the window", 115, "high"),
    # Numbers in words.
    one("ten gummies with a hundred mg total, each one has how much", 100 / 10),
    one("twenty eight grams of twenty percent flower, mg thc", 28000 * 0.2),
    # Added for issue 20 (second pass), written before running them: more of the same voice.
    # Total THC from pasted tables with both a % and a mg/g column; the % column is read.
    one(
        # 0.62 + 0.877 x 25.10 = 22.6327
        "Analyte | % | mg/g\nTHCa | 25.10 | 251.0\nΔ9-THC | 0.62 | 6.2\nCBG | 1.02 | 10.2\n"
        "total thc pls",
        0.62 + 25.10 * FACTOR,
    ),
    one(
        # mg/g column first: 4.1 + 0.877 x 198.7 = 178.3599 mg/g -> as % 17.83599
        "Cannabinoid   mg/g   %\nTHCA   198.7   19.87\nd9-THC   4.1   0.41\nCBD   ND   ND\n"
        "whats the total thc %",
        0.41 + 19.87 * FACTOR,
    ),
    one(
        # hemp: 0.04 + 0.877 x 0.29 = 0.29433 % (under 0.3)
        "hemp coa\nTHCA\t0.29%\nD9 THC\t0.04%\nCBDA\t11.2%\nis total thc under .3",
        0.04 + 0.29 * FACTOR,
    ),
    one("thc-a 31.2% d-9 .9% whats the total", 0.9 + 31.2 * FACTOR),  # 28.2624
    one("total cbd? cbd-a 9.4 and cbd 0.3 (both %)", 0.3 + 9.4 * FACTOR),  # 8.5438
    one("lab numbers: THCa 180mg/g, THC 3mg/g. total thc in mg/g", 3 + 180 * FACTOR),  # 160.86
    # mg in a package; an ounce/zip is the trade's 28 g.
    one("how much thc in an oz of 21% flower in mg", 28000 * 0.21),  # 5880
    one("quarter of 24% how many mg thc", 7000 * 0.24),  # 7 g x 24% = 1680
    one("a .5g cart at 92 percent, mg thc?", 500 * 0.92),  # 460
    one("how many mg thc in a 1g preroll thats 27%", 1000 * 0.27),  # 270
    one("two eighths of 19% flower, total mg thc", 7000 * 0.19),  # 1330
    one("1/8 oz of 30% = how many mgs", 3500 * 0.30),  # 1050
    # Decarb.
    one("theoretical thc from 2.5g of thca crystalline?", 2500 * FACTOR, "thc_mg"),  # 2192.5 mg
    one("decarb 500mg thca, about 85% conversion, how much thc", 500 * FACTOR * 0.85),  # 372.725
    # Dose per piece.
    one("put 1200mg in 60 gummies whats each one", 1200 / 60),  # 20
    one("3g of 80% rosin into 48 chocolates, mg per choc?", 3000 * 0.8 / 48),  # 50
    one("a 1000mg batch split into 25 cookies mg per cookie", 1000 / 25),  # 40
    one("450 mg in 9 pieces, each piece is?", 450 / 9),  # 50
    # Concentrate needed.
    one(
        "how many grams of 92% distillate to make 500 gummies @ 10mg",
        500 * 10 / 0.92 / 1000,  # 5000 mg / 0.92 = 5434.78 mg = 5.43478 g
    ),
    one(
        "need 300 brownies at 25 mg each, using 75% rosin, how much rosin in grams",
        300 * 25 / 0.75 / 1000,  # 7500 / 0.75 = 10000 mg = 10 g
    ),
    # Servings from pieces.
    one("bag has 10 gummies at 10mg each, how many 5mg servings", 10 * 10 / 5),  # 20
    one("how many servings in a 50mg chocolate bar if a serving is 2.5mg", 50 / 2.5),  # 20
    one("tin of 30 mints @ 2mg, servings at 5mg each?", 30 * 2 / 5),  # 12
    # Infusion, kitchen measures.
    one("10g of 22% into 2 sticks of butter, mg per tbsp", 10000 * 0.22 / 16),  # 1 cup=16 tbsp
    one("3.5 g of 16% flower in half a cup of oil, mg per tsp?", 3500 * 0.16 / 24),  # 24 tsp
    one("28g of 12% trim in 4 cups butter mg per tablespoon", 28000 * 0.12 / 64),  # 52.5
    # Tincture.
    one("2000mg in a 60ml bottle whats a ml", 2000 / 60),  # 33.333
    one("30 ml bottle 750 mg, 0.5ml dropper how many mg per dropper", 750 / 30 * 0.5),  # 12.5
    one("1 oz tincture bottle (30 ml) with 300mg thc, mg/ml?", 300 / 30),  # 10
    # Dilution.
    one("have 200 mg/ml oil, want 500 ml at 20 mg/ml, how much of the 200", 20 * 500 / 200),  # 50
    one("stock is 40mg/ml, i need 100ml at 8mg/ml how many ml stock", 8 * 100 / 40),  # 20
    # Blending.
    one("mix 200g 88% with 300g 72% what do i get", (200 * 88 + 300 * 72) / 500),  # 78.4
    one("blending 2kg of 60% and 1kg of 90% final potency", (2000 * 60 + 1000 * 90) / 3000),  # 70
    # Terpenes.
    one("add 3 g terps to 97 g disty, whats the terp % of the total", 3 / 100 * 100),  # 3
    one("7% terps in 50 g total, grams of terps?", 0.07 * 50),  # 3.5
    # Batch scaling.
    one(
        "recipe: 30 gummies with 300mg. scaling up to 90 gummies, total mg needed",
        300 / 30 * 90,  # 900
    ),
    # Conversions.
    one("half pound in grams (trade 28g oz)", 8 * 28),  # 224
    one("how many grams is 4 oz if an oz is 28", 4 * 28),  # 112
    one("how many eighths in a zip", 28 / 3.5),  # 8
    # Yield and dry weight.
    one("3 lb off a 1000w light, g/w?", 3 * POUND_G / 1000),  # 1.36078
    one("got 2.4 kg out of a 5x10 room what's that per sq ft", 2400 / 50),  # 48
    one("20 lbs wet at 78% water loss, dry lbs?", 20 * 0.22),  # 4.4 lb
    # Price.
    one("qp for 700, per gram?", 700 / 112),  # a QP = 4 x 28 g = 112 g
    one("paying 2400/lb whats the gram price", 2400 / POUND_G),  # 5.29109
    # Variance.
    one("label 5mg, +/- 20%, whats the lowest it can test", 4, "low"),  # 5 x 0.8
    one("claimed 250mg, tolerance 10 percent, max allowed?", 275, "high"),  # 250 x 1.1
    # Numbers in words.
    one("five grams of ninety percent distillate, how many mg", 4500),  # 5000 x 0.9
]

FOLLOW_UPS: list[HeldOut] = [
    HeldOut(("mg thc in an 8th of 20% flower", "what if it tests at 25%?"), 3500 * 0.25),
    HeldOut(
        ("1 g of 85% disty into 50 gummies, mg each", "what if it tests at 92%?"), 1000 * 0.92 / 50
    ),
    HeldOut(("thca 20% d9 1%", "total thc?"), 1 + 20 * FACTOR),
    HeldOut(("tincture 30ml 900mg mg per ml", "and if the bottle is 60ml"), 900 / 60),
    HeldOut(("7 g of 20% into 1 cup butter", "mg per tbsp?"), 7000 * 0.2 / 16),
]

MISSING: list[HeldOut] = [
    one("how much thc in a zip", None),
    one("mg per gummy for a batch of 40", None),
    one("total thc if thca is 120%", None),
    one("how many grams of disty for 100 gummies", None),
    one("dry weight from 10 kg wet?", None),
    one("price per gram from a pound", None),
    one("dilute my 50 mg/ml stock to 10 mg/ml", None),
    one("blend 60 g of 80% with some 92%, what potency", None),
    one("-5 g of 20% flower, mg thc?", None),
    one("mg per tbsp of my butter", None),
    one("tincture mg per dropper, 30 ml bottle", None),
    one("grams per watt from a 600 w light", None),
    one("label says 10 mg, what's the window", None),
    one("decarb at 90% efficiency, how much thc", None),
    one("servings in a 100 mg bar", None),
    one("flower tested 150% thc, mg in an eighth?", None),
    one("terp % if i add 5 g terps", None),
    one("scale the recipe to 60 cookies", None),
    one("how many mg in a 2 g preroll", None),
    one("is my hemp under 0.3%", None),
    # Added for issue 20 (second pass): one input missing, impossible or contradictory.
    one("how many mg thc in an eighth", None),  # no potency
    one("mg per gummy if i use 85% disty", None),  # no amount, no count
    one("total thc, d9 is 0.8%", None),  # no THCA
    one("how much butter for my 7g", None),  # no target strength
    one("dilute to 5mg/ml, i want 100ml", None),  # no stock strength
    one("whats the dry weight, 70% moisture loss", None),  # no wet weight
    one("how much per gram if i pay 900", None),  # 900 for what amount
    one("thca 20% and thca 25%, total thc?", None),  # contradictory
    one("mg per dropper for 1000 mg tincture", None),  # no bottle volume
    one("0 gummies with 100mg, mg each", None),  # zero pieces
    one("how many servings in this pack of gummies", None),  # no mg, no serving
    one("g per watt, pulled 2 lbs", None),  # no wattage
]
