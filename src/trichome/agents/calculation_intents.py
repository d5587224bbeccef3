"""Which calculation a question asks for, and its inputs taken from the quantities read.

Each reader (in `equivalency_units`, `purchase_limit_readers`, `itemised_totals`,
`stated_equivalences`, `batch_pieces`, `multi_blends`,
`potency_readers`,
`lab_readers`, `extraction_returns`, `formulation_readers`, `serving_readers`, `kitchen_readers`,
`tincture_readers`,
`mixing_readers`, `blend_readers`, `operations_readers`, `yield_readers`, `grow_room_readers`,
`terpene_additions`, `terpene_readers`, `variance_readers`, `tax_readers`, `package_caps`,
`cap_pieces`,
`remaining_amounts`, `drying_readers`, `drink_strengths`, `ounce_prices`, `thc_prices`,
`price_readers`, `bag_weights`, `piece_masses`, `piece_concentrates`, `coa_chains`, `taken_doses`,
`pieces_for_amounts`, `pack_masses`, and last
`calculation_gaps`) looks for the words of one calculation, fills its inputs from the
quantities (`quantities.read`), and either returns the worked calculation, returns None (not
this calculation), or raises:
`MissingInput` with the question to ask when an input is missing or two readings contradict
each other, `CalculationError` when an input is impossible.
Readers run in the order below; the first that recognises its calculation answers.
"""

from __future__ import annotations

from collections.abc import Callable

from trichome.agents import (
    bag_weights,
    batch_pieces,
    cap_pieces,
    coa_chains,
    drink_strengths,
    equivalency_units,
    extraction_returns,
    itemised_totals,
    kitchen_targets,
    multi_blends,
    ounce_prices,
    pack_masses,
    package_caps,
    package_doses,
    piece_concentrates,
    piece_masses,
    pieces_for_amounts,
    remaining_amounts,
    signed_variance,
    stated_equivalences,
    taken_doses,
    terpene_additions,
    thc_prices,
    unit_questions,
)
from trichome.agents import blend_readers as blends
from trichome.agents import calculation_gaps as gaps
from trichome.agents import cap_readers as caps
from trichome.agents import decarb_readers as decarb
from trichome.agents import drying_readers as drying
from trichome.agents import formulation_readers as formulation
from trichome.agents import grow_room_readers as grow_room
from trichome.agents import kitchen_readers as kitchen
from trichome.agents import lab_readers as lab
from trichome.agents import mixing_readers as mixing
from trichome.agents import operations_readers as operations
from trichome.agents import potency_readers as potency
from trichome.agents import price_readers as prices
from trichome.agents import product_contents as products
from trichome.agents import purchase_limit_readers as purchase_limits
from trichome.agents import serving_readers as serving
from trichome.agents import tax_readers as taxes
from trichome.agents import terpene_readers as terpenes
from trichome.agents import tincture_readers as tinctures
from trichome.agents import variance_readers as variances
from trichome.agents import yield_readers as yields
from trichome.agents.calculation_questions import Question
from trichome.agents.calculators import Calculation, StateEdibleLimits
from trichome.agents.quantities import read

READERS: tuple[Callable[[Question], Calculation | None], ...] = (
    grow_room.vpd,
    grow_room.dli,
    equivalency_units.equivalency_units,
    purchase_limits.purchase_limit,
    itemised_totals.itemised_total,
    stated_equivalences.stated_equivalent,
    stated_equivalences.stated_limit_left,
    multi_blends.multi_blend,
    operations.conversion,
    unit_questions.amount_then_unit,
    operations.pieces_from_mass,
    piece_masses.pieces_by_weight,
    taxes.tax,
    ounce_prices.ounce_price,
    thc_prices.price_per_thc,
    prices.price,
    lab.label_check,
    lab.hemp_uncertainty,
    signed_variance.signed_variance,
    bag_weights.bag_weight,
    variances.variance,
    lab.potency_basis,
    lab.dry_basis,
    extraction_returns.extraction_return,
    yields.grow_yield,
    yields.per_plant,
    remaining_amounts.after_loss,
    drying.moisture_lost,
    drying.trim_lost,
    operations.dry,
    formulation.scaling,
    formulation.share_by_weight,
    terpene_additions.terpene_addition,
    terpenes.terpene_reintroduction,
    mixing.dilution,
    serving.servings_by_volume,
    serving.drinks,
    drink_strengths.strength_by_volume,
    tinctures.stock_dosing,
    tinctures.droppers_at_strength,
    tinctures.tincture_design,
    tinctures.tincture,
    kitchen_targets.flower_for_strength,
    kitchen.kitchen,
    blends.blending,
    decarb.decarboxylation,
    decarb.acid_per_gram,
    coa_chains.coa_then_dose,
    potency.total,
    caps.at_the_cap,
    cap_pieces.units_under_cap,
    cap_pieces.pack_of_counted_pieces,
    caps.servings_at_both_caps,
    package_caps.over_package_cap,
    taken_doses.dose_taken,
    batch_pieces.pieces_from_batch_total,
    serving.servings,
    package_doses.dose_per_package,
    piece_concentrates.concentrate_per_piece,
    formulation.infusion_or_dose,
    products.product_content,
    pieces_for_amounts.pieces_for_amount,
    pack_masses.mass_of_counted_pieces,
    gaps.missing_input,  # last: a calculation named with too few inputs to recognise
)


def first_calculation(question: Question) -> Calculation | None:
    """The calculation the question asks for, worked out; None when it asks for none.

    Raises:
        MissingInput: an input is missing or given twice with different values.
        CalculationError: an input is impossible.
    """
    for reader in READERS:
        found = reader(question)
        if found is not None:
            return found
    return None


def question_for(
    text: str, state: str | None, limits_for: Callable[[str], StateEdibleLimits | None]
) -> Question:
    """A normalised text's quantities, ready for the readers."""
    return Question(text, read(text), state, limits_for)
