"""Mother plants against Metrc's documentation (as test_sandbox_records): the Massachusetts
cultivator MA-4's mothers, held and destroyed (sandbox/seed/mothers.py), and a mother made
through PUT /plants/v2/growthphase, each list with the fields and types of its documented
fixture (tests/metrc/fixtures/documented), no more and no fewer.

Only Massachusetts licences of Metrc's sandbox may track mother plants as a growth phase
(`CanTrackMotherPlantsAsGrowthPhase`, F8ai/metrc-mcp scripts/facility-capabilities.json), so
these run on the sandbox told it is in Massachusetts, where MA-4 is served; a Colorado
licence is refused with a 401 naming the flag, and MA-4 is no licence of the Colorado user.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.metrc.documented.test_sandbox_records import documented, same_types
from tests.metrc.documented.test_sandbox_shapes import fields
from tests.support.sandbox import (
    AS_OF,
    CULTIVATOR,
    remove_database,
    sandbox_client,
    seeded_database,
)
from trichome.config import Settings
from trichome.metrc import MetrcAuthError, MetrcClient, MetrcValidationError

pytestmark = pytest.mark.anyio
MA_CULTIVATOR = "SF-SBX-MA-4-3301"
LAST_DAY = AS_OF - timedelta(days=1)
FLAG = "CanTrackMotherPlantsAsGrowthPhase"


@pytest.fixture(scope="module")
def year(tmp_path_factory: pytest.TempPathFactory, template_dir: Path) -> Iterator[Settings]:
    settings = seeded_database(tmp_path_factory.mktemp("mothers"), template_dir)
    yield settings
    remove_database(settings)


@pytest.fixture
async def massachusetts(year: Settings) -> AsyncIterator[MetrcClient]:
    async with sandbox_client(year.model_copy(update={"sandbox_state": "MA"})) as sandbox:
        yield sandbox


@pytest.fixture
async def writable(own_year: Settings) -> AsyncIterator[MetrcClient]:
    """The sandbox in Massachusetts on a year of the test's own (tests/metrc/conftest.py)."""
    async with sandbox_client(own_year.model_copy(update={"sandbox_state": "MA"})) as sandbox:
        yield sandbox


@pytest.fixture
async def colorado(year: Settings) -> AsyncIterator[MetrcClient]:
    async with sandbox_client(year) as sandbox:
        yield sandbox


def _held_to(served: list[dict[str, Any]], name: str) -> None:
    assert fields(served) == documented(name), name
    assert same_types(served, name) == [], name


async def test_the_seeded_mothers_have_the_documented_fields_and_types(
    massachusetts: MetrcClient,
) -> None:
    """bruno Plants/GetMotherPlants, GetMotherInactivePlants and GetMotherOnHoldPlants: every
    record is in the Mother phase, dated by MotherPlantDate; the destroyed one reads
    Destroyed, the held one IsOnHold."""
    mothers = await massachusetts.plants_mother(MA_CULTIVATOR)
    ended = await massachusetts.plants_mother_inactive(MA_CULTIVATOR)
    held = await massachusetts.plants_mother_onhold(MA_CULTIVATOR)

    _held_to(mothers, "plants_mother")
    _held_to(ended, "plants_mother_inactive")
    _held_to(held, "plants_mother_onhold")
    every = [*mothers, *ended, *held]
    assert {p["GrowthPhase"] for p in every} == {"Mother"}
    assert all(p["MotherPlantDate"] and p["FloweringDate"] is None for p in every)
    assert [p["State"] for p in ended] == ["Destroyed"]
    assert str(ended[0]["DestroyedDate"]) < str(LAST_DAY)
    assert {p["IsOnHold"] for p in held} == {True} and not any(p["IsOnHold"] for p in mothers)
    assert len({p["Id"] for p in every}) == len(every) == 4


async def test_mothers_are_in_no_other_plant_list(massachusetts: MetrcClient) -> None:
    """A mother is read from the mother lists only; the licence's other plants stay
    vegetative."""
    mothers = {p["Id"] for p in await massachusetts.plants_mother(MA_CULTIVATOR)}
    vegetative = await massachusetts.plants_vegetative(MA_CULTIVATOR)
    others = [
        *vegetative,
        *await massachusetts.plants_flowering(MA_CULTIVATOR),
        *await massachusetts.plants_inactive(MA_CULTIVATOR),
        *await massachusetts.plants_onhold(MA_CULTIVATOR),
    ]

    assert vegetative and not mothers & {p["Id"] for p in others}
    assert {p["GrowthPhase"] for p in others} == {"Vegetative"}


async def test_a_mother_made_through_the_growth_phase_write_is_read_back(
    writable: MetrcClient,
) -> None:
    """bruno Plants/UpdateGrowthPhase with GrowthPhase "Mother": the plant leaves the
    vegetative list for the mother list, dated by the write's GrowthDate and in its new
    location, with the fields and types of GetMotherPlants."""
    plant = (await writable.plants_vegetative(MA_CULTIVATOR))[0]
    phases = await writable.plant_growth_phases(MA_CULTIVATOR)
    await writable.change_plants_growth_phase(MA_CULTIVATOR, [{
        "Id": None, "Label": plant["Label"], "GrowthPhase": "Mother",
        "NewLocation": "Mother Room", "NewSublocation": None, "GrowthDate": str(LAST_DAY),
    }])  # fmt: skip
    mothers = await writable.plants_mother(MA_CULTIVATOR)
    (made,) = [p for p in mothers if p["Label"] == plant["Label"]]

    assert phases == ["Vegetative", "Flowering", "Mother"]
    _held_to(mothers, "plants_mother")
    assert made["MotherPlantDate"] == str(LAST_DAY) and made["LocationName"] == "Mother Room"
    assert plant["Label"] not in {
        p["Label"] for p in await writable.plants_vegetative(MA_CULTIVATOR)
    }


async def test_a_destroyed_mother_is_an_inactive_mother(writable: MetrcClient) -> None:
    """DELETE /plants/v2 on a mother: it is read from /plants/v2/mother/inactive, Destroyed,
    with the day and note of the write, and not from /plants/v2/inactive."""
    mother = (await writable.plants_mother(MA_CULTIVATOR))[0]
    await writable.destroy_plants(MA_CULTIVATOR, [{
        "Id": None, "Label": mother["Label"], "WasteMethodName": "Compost",
        "WasteMaterialMixed": "Soil", "WasteWeight": 2.0, "WasteUnitOfMeasureName": "Kilograms",
        "WasteReasonName": "Unhealthy", "ReasonNote": "Spent mother", "ActualDate": str(LAST_DAY),
    }])  # fmt: skip
    ended = await writable.plants_mother_inactive(MA_CULTIVATOR)
    (gone,) = [p for p in ended if p["Label"] == mother["Label"]]

    _held_to(ended, "plants_mother_inactive")
    assert (gone["State"], gone["DestroyedNote"]) == ("Destroyed", "Spent mother")
    assert gone["DestroyedDate"] == str(LAST_DAY)
    assert mother["Label"] not in {
        p["Label"] for p in await writable.plants_inactive(MA_CULTIVATOR)
    }


async def test_a_licence_without_the_flag_is_refused_naming_it(colorado: MetrcClient) -> None:
    """A Colorado cultivation may not track mothers: its mother lists and a change to the
    Mother phase are a 401 naming the flag, and its growth phases are the two of Metrc's
    example (bruno Plants/GetGrowthPhases)."""
    plant = (await colorado.plants_vegetative(CULTIVATOR))[0]

    for read in (colorado.plants_mother, colorado.plants_mother_inactive,
                 colorado.plants_mother_onhold):  # fmt: skip
        with pytest.raises(MetrcAuthError, match=FLAG):
            await read(CULTIVATOR)
    with pytest.raises(MetrcAuthError, match=FLAG):
        await colorado.change_plants_growth_phase(CULTIVATOR, [{
            "Label": plant["Label"], "GrowthPhase": "Mother", "NewLocation": "Veg Room A",
            "GrowthDate": str(LAST_DAY),
        }])  # fmt: skip
    assert await colorado.plant_growth_phases(CULTIVATOR) == ["Vegetative", "Flowering"]
    assert plant["Label"] in {p["Label"] for p in await colorado.plants_vegetative(CULTIVATOR)}


async def test_the_massachusetts_licence_is_served_in_massachusetts_only(
    colorado: MetrcClient, massachusetts: MetrcClient
) -> None:
    """The Colorado user holds the five Colorado licences; the sandbox told it is in
    Massachusetts lists MA-4 too, with the flags Metrc's sandbox gives it."""
    here = {f["License"]["Number"] for f in await colorado.facilities()}
    there = {f["License"]["Number"]: f for f in await massachusetts.facilities()}

    assert MA_CULTIVATOR not in here and set(there) == here | {MA_CULTIVATOR}
    with pytest.raises(MetrcAuthError, match="does not have access"):
        await colorado.plants_vegetative(MA_CULTIVATOR)
    flags = there[MA_CULTIVATOR]["FacilityType"]
    assert flags[FLAG] is True and flags["CanGrowPlants"] is True
    assert flags["CanPackageWaste"] is False
    assert [f for f in there.values() if f["FacilityType"][FLAG]] == [there[MA_CULTIVATOR]]


async def test_a_flowering_plant_cannot_become_a_mother(writable: MetrcClient) -> None:
    plant = (await writable.plants_vegetative(MA_CULTIVATOR))[-1]
    await writable.change_plants_growth_phase(MA_CULTIVATOR, [{
        "Label": plant["Label"], "GrowthPhase": "Flowering", "NewLocation": "Veg Room",
        "GrowthDate": str(LAST_DAY),
    }])  # fmt: skip

    with pytest.raises(MetrcValidationError, match="cannot go back to mother"):
        await writable.change_plants_growth_phase(MA_CULTIVATOR, [{
            "Label": plant["Label"], "GrowthPhase": "Mother", "NewLocation": "Mother Room",
            "GrowthDate": str(LAST_DAY),
        }])  # fmt: skip
