"""A plant's growth phase, and the state (the list it is read from) each phase gives it.

Metrc's plants are vegetative or flowering (bruno Plants/GetGrowthPhases, "the growth phases
supported by a specified Facility"). A facility type that may track mother plants as a growth
phase (`CanTrackMotherPlantsAsGrowthPhase`: only Massachusetts licences of Metrc's sandbox,
F8ai/metrc-mcp scripts/facility-capabilities.json) has a third, Mother: PUT
/plants/v2/growthphase with GrowthPhase "Mother" dates the plant's MotherPlantDate and moves
it to GET /plants/v2/mother; destroyed, it is read from /plants/v2/mother/inactive, and held by
the state from /plants/v2/mother/onhold (bruno Plants/GetMotherPlants,
GetMotherInactivePlants, GetMotherOnHoldPlants, whose records keep GrowthPhase "Mother").
"""

from __future__ import annotations

from datetime import date

from trichome.sandbox.documents import day
from trichome.sandbox.facilities import Facility
from trichome.sandbox.reference import GROWTH_PHASES, MOTHER_PHASE
from trichome.sandbox.store import Record

TRACKS_MOTHERS = "CanTrackMotherPlantsAsGrowthPhase"
EVERY_PHASE = (*GROWTH_PHASES, MOTHER_PHASE)
# The states of a plant still growing: the vegetative, flowering and mother lists.
GROWING = ("vegetative", "flowering", "mother")
_DATED = {"Vegetative": "VegetativeDate", "Flowering": "FloweringDate", "Mother": "MotherPlantDate"}


def phases(facility: Facility) -> tuple[str, ...]:
    """The growth phases a facility's plants may be in."""
    return EVERY_PHASE if facility.can(TRACKS_MOTHERS) else GROWTH_PHASES


def change_phase(plant: Record, phase: str, on: date) -> None:
    """A growing plant enters a growth phase on a day (PUT /plants/v2/growthphase)."""
    plant.state, plant.data["GrowthPhase"] = phase.lower(), phase
    plant.data[_DATED[phase]] = day(on)


def is_mother(plant: Record) -> bool:
    """Whether a plant is (or was, when it ended) in the mother phase."""
    return bool(plant.data.get("GrowthPhase") == MOTHER_PHASE)


def ended(plant: Record) -> str:
    """The state of a plant destroyed or merged away: a mother keeps to the mother lists."""
    return "mother-inactive" if is_mother(plant) else "inactive"


def destroy(plant: Record, on: date, note: str | None) -> None:
    """A growing plant destroyed on a day (DELETE /plants/v2): its State reads Destroyed, as in
    Metrc's examples of inactive plants (bruno Plants/GetMotherInactivePlants)."""
    plant.state = ended(plant)
    plant.data.update({"State": "Destroyed", "DestroyedDate": day(on), "DestroyedNote": note})


def held(plant: Record) -> str:
    """The state of a plant the state holds."""
    return "mother-onhold" if is_mother(plant) else "onhold"
