"""Metrc v2's documented operations, as the data file lists them."""

from __future__ import annotations

from trichome.metrc.operations import catalogue, match, path_shape


def test_the_catalogue_is_the_union_of_the_states_collections() -> None:
    found = catalogue()
    assert len(found.states) == 28
    assert len(found.operations) == 274
    assert len({operation.category for operation in found.operations}) == 26
    keys = [(operation.method, operation.path) for operation in found.operations]
    assert len(set(keys)) == len(keys)


def test_state_differences_are_recorded() -> None:
    by_key = {(op.method, op.path): op for op in catalogue().operations}
    assert by_key[("PUT", "/plants/v2/adjust")].states == ("ME", "OR")
    retail = by_key[("GET", "/retailid/v2/allotment")].states
    assert "CO" not in retail
    assert "MI" in retail
    assert by_key[("GET", "/packages/v2/active")].states == ()


def test_a_literal_segment_beats_a_placeholder() -> None:
    assert [op.name for op in match("GET", "/packages/v2/active")] == ["GetActive"]
    assert {op.name for op in match("GET", "/packages/v2/12")} == {
        "GetPackageById",
        "GetPackageByLabel",
    }
    assert [op.name for op in match("DELETE", "/sublocations/v2/4")] == ["Archive"]
    assert match("PATCH", "/packages/v2/active") == []


def test_path_shapes_drop_placeholder_names() -> None:
    assert path_shape("/plants/v2/waste/{id}/plant") == "/plants/v2/waste/{}/plant"
    assert path_shape("/employees/v2/") == "/employees/v2"
