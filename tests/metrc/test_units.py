"""The client's pure parts: states, Retry-After, error bodies, envelopes, windows, merging."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from trichome.metrc import METRC_V2_STATES, MetrcCredentials, RetryPolicy, base_url
from trichome.metrc.errors import error_for_response, parse_error_body
from trichome.metrc.paging import date_windows, deduplicate, read_page
from trichome.metrc.retry import parse_retry_after
from trichome.metrc.writes import chunks, merge_write_results


def test_states_and_base_urls() -> None:
    assert len(METRC_V2_STATES) == 23 and "AK" not in METRC_V2_STATES
    assert base_url("co") == "https://api-co.metrc.com"
    assert base_url("MA", sandbox=True) == "https://sandbox-api-ma.metrc.com"
    with pytest.raises(ValueError, match="Alaska still runs Metrc v1"):
        base_url("AK")
    with pytest.raises(ValueError, match="does not run Metrc v2"):
        base_url("WA")


def test_retry_after_forms() -> None:
    now = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)
    assert parse_retry_after("3") == 3.0
    assert parse_retry_after("Wed, 01 May 2024 12:00:10 GMT", now) == 10.0
    assert parse_retry_after("Wed, 01 May 2024 11:00:00 GMT", now) == 0.0
    assert parse_retry_after("soon") is None
    assert parse_retry_after(None) is None


def test_backoff_grows_and_is_capped_with_jitter_inside_bounds() -> None:
    policy = RetryPolicy(base_delay=1.0, max_delay=5.0, jitter=0.5)
    assert policy.backoff(1, rng=lambda: 0.0) == 0.5
    assert policy.backoff(2, rng=lambda: 1.0) == 2.0
    assert policy.backoff(10, rng=lambda: 1.0) == 5.0


def test_error_bodies() -> None:
    summary, rows = parse_error_body(b'[{"Row": 2, "Message": "Bad date."}, "Loose text"]')
    assert summary is None and [(r.row, r.message) for r in rows] == [
        (2, "Bad date."),
        (None, "Loose text"),
    ]
    summary, rows = parse_error_body(
        b'{"Message": "The request is invalid.", "ModelState": {"request[0].Name": ["Required."]}}'
    )
    assert summary == "The request is invalid." and rows[0].message == "request[0].Name: Required."
    assert parse_error_body(b"<html>oops</html>") == (None, [])
    assert parse_error_body(b"plain words") == ("plain words", [])
    assert parse_error_body(b"") == (None, [])


def test_error_messages_are_sentences() -> None:
    error = error_for_response(
        404, b"", method="GET", path="/plants/v2/active", license_number="L-1"
    )
    assert error.message.startswith("Metrc found nothing at GET /plants/v2/active for licence L-1")
    assert "Metrc gave no reason." in error.message


def test_envelope_and_plain_array() -> None:
    page = read_page({"Data": [1, 2], "PageSize": 2, "TotalPages": 4})
    assert (page.records, page.total_pages, page.page_size) == ([1, 2], 4, 2)
    page = read_page({"Data": [1], "Total": 41, "PageSize": 20})  # no TotalPages: computed
    assert page.total_pages == 3
    assert read_page([{"Id": 1}]).records == [{"Id": 1}]
    assert read_page({"0": "a", "1": "b", "10": "c", "2": "d"}).records == ["a", "b", "d", "c"]
    assert read_page(None).records == []
    with pytest.raises(ValueError):
        read_page("text")


def test_windows() -> None:
    start = datetime(2024, 1, 1, tzinfo=UTC)
    assert date_windows(None, None) == []
    assert date_windows(start, start) == [(start, start)]
    windows = date_windows(start, start + timedelta(hours=49))
    assert [upper - lower for lower, upper in windows] == [
        timedelta(hours=24), timedelta(hours=24), timedelta(hours=1),
    ]  # fmt: skip
    now = start + timedelta(hours=10)
    assert date_windows(start, None, now=now) == [(start, now)]


def test_deduplicate_keeps_records_without_ids() -> None:
    records = [{"Id": 1, "v": 1}, {"Name": "x"}, {"Id": 1, "v": 2}, {"Name": "x"}, "s"]
    assert deduplicate(records) == [{"Id": 1, "v": 2}, {"Name": "x"}, {"Name": "x"}, "s"]


def test_chunks_and_merging() -> None:
    assert [len(c) for c in chunks(list(range(21)))] == [10, 10, 1]
    merged = merge_write_results(
        [{"Ids": [1], "Warnings": None}, None, {"Ids": [2, 3], "Warnings": "careful"}, ["odd"]]
    )
    assert merged == {"Ids": [1, 2, 3], "Warnings": ["careful"], "Responses": [["odd"]]}


def test_credentials_validate_without_echoing_keys() -> None:
    with pytest.raises(ValueError) as caught:
        MetrcCredentials("", "secret-user-key")
    assert "secret-user-key" not in str(caught.value)
