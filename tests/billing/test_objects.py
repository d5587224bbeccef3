"""Reading Stripe's objects in the shapes of older and newer API versions."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.stripe_events import (
    NEXT_PERIOD,
    PERIOD,
    PRICE_OPERATOR,
    PRICE_PRO,
    at,
    checkout_session,
    invoice,
    new_ids,
    subscription,
)
from trichome.billing.objects import (
    MalformedObject,
    read_checkout_session,
    read_invoice,
    read_subscription,
)


@pytest.mark.parametrize("legacy", [False, True], ids=["period-on-items", "period-on-subscription"])
def test_a_subscription_is_read_in_either_api_shape(legacy: bool) -> None:
    subscription_id, customer = new_ids()
    state = read_subscription(
        subscription(
            subscription_id,
            customer=customer,
            price=PRICE_OPERATOR,
            status="past_due",
            cancel_at_period_end=True,
            metadata={"organization_id": "org_1"},
            legacy=legacy,
        )
    )
    assert state.subscription_id == subscription_id and state.customer_id == customer
    assert state.status == "past_due" and state.price_ids == (PRICE_OPERATOR,)
    assert (state.period_start, state.period_end) == (at(PERIOD[0]), at(PERIOD[1]))
    assert state.cancel_at_period_end and state.organization_id == "org_1"
    assert state.ended_at is None


def test_expanded_fields_and_several_items_are_read() -> None:
    subscription_id, customer = new_ids()
    body = subscription(subscription_id, customer=customer, price=PRICE_PRO)
    body["customer"] = {"id": customer, "object": "customer"}
    seats = {**body["items"]["data"][0], "price": "price_extra_seat"}
    seats["current_period_end"] = NEXT_PERIOD[1]
    seats["current_period_start"] = NEXT_PERIOD[0]
    body["items"]["data"].append(seats)
    state = read_subscription(body)
    assert state.customer_id == customer
    assert state.price_ids == (PRICE_PRO, "price_extra_seat")
    assert state.period_end == at(NEXT_PERIOD[1])


def test_a_subscription_without_id_or_status_is_malformed() -> None:
    with pytest.raises(MalformedObject):
        read_subscription({"object": "subscription", "id": "sub_1"})


def test_a_checkout_names_the_organisation_and_the_price() -> None:
    subscription_id, customer = new_ids()
    session = read_checkout_session(
        checkout_session(
            organization_id="org_1", subscription_id=subscription_id, customer=customer
        )
    )
    assert (session.organization_id, session.subscription_id, session.customer_id) == (
        "org_1",
        subscription_id,
        customer,
    )
    assert session.price_ids == (PRICE_PRO,) and session.paid and session.is_subscription
    assert session.subscription is None
    by_metadata = read_checkout_session(
        checkout_session(
            organization_id="org_2",
            subscription_id=subscription_id,
            customer=customer,
            use_metadata=True,
        )
    )
    assert by_metadata.organization_id == "org_2"


def test_a_checkout_with_its_subscription_expanded_or_line_items_uses_them() -> None:
    subscription_id, customer = new_ids()
    body = checkout_session(
        organization_id="org_1", subscription_id=subscription_id, customer=customer, price=None
    )
    body["line_items"] = {"object": "list", "data": [{"price": {"id": PRICE_OPERATOR}}]}
    assert read_checkout_session(body).price_ids == (PRICE_OPERATOR,)
    body["subscription"] = subscription(subscription_id, customer=customer, price=PRICE_PRO)
    expanded = read_checkout_session(body)
    assert expanded.subscription_id == subscription_id
    assert expanded.subscription is not None and expanded.price_ids == (PRICE_PRO,)


def test_a_payment_checkout_is_not_a_subscription_checkout() -> None:
    body = checkout_session(organization_id="org_1", subscription_id="sub_1", customer="cus_1")
    body.update(mode="payment", subscription=None, payment_status="unpaid")
    session = read_checkout_session(body)
    assert not session.is_subscription and not session.paid and session.subscription_id is None


@pytest.mark.parametrize("legacy", [False, True], ids=["parent", "top-level"])
def test_an_invoice_is_read_in_either_api_shape(legacy: bool) -> None:
    subscription_id, customer = new_ids()
    read = read_invoice(invoice(subscription_id=subscription_id, customer=customer, legacy=legacy))
    assert read.subscription_id == subscription_id and read.customer_id == customer
    assert (read.period_start, read.period_end) == (at(NEXT_PERIOD[0]), at(NEXT_PERIOD[1]))
    assert (read.amount_paid, read.currency) == (4900, "usd")


def test_an_invoice_period_is_its_latest_line() -> None:
    subscription_id, customer = new_ids()
    body = invoice(subscription_id=subscription_id, customer=customer)
    proration = {
        **body["lines"]["data"][0],
        "period": {"start": PERIOD[0] + 86_400, "end": PERIOD[1]},
    }
    body["lines"]["data"].insert(0, proration)
    read = read_invoice(body)
    assert read.period_end == at(NEXT_PERIOD[1])


def test_a_one_off_invoice_has_no_subscription() -> None:
    read = read_invoice(
        {"id": "in_1", "object": "invoice", "customer": "cus_1", "lines": {"data": []}}
    )
    assert read.subscription_id is None and read.period_end is None
    with pytest.raises(MalformedObject):
        read_invoice({"object": "invoice"})


_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.text(max_size=300),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
_fields = ["id", "status", "customer", "items", "data", "price", "plan", "current_period_start",
           "current_period_end", "metadata", "subscription", "lines", "period", "start", "end",
           "parent", "subscription_details", "amount_paid", "currency", "mode", "payment_status",
           "client_reference_id", "line_items", "ended_at", "cancel_at_period_end"]  # fmt: skip
_stripe_like = st.recursive(
    _json,
    lambda children: st.dictionaries(st.sampled_from(_fields), children, max_size=6),
    max_leaves=25,
)


@settings(max_examples=200, deadline=None)
@given(data=st.dictionaries(st.sampled_from(_fields), _stripe_like, max_size=8))
def test_any_object_reads_or_is_malformed_never_crashes(data: dict[str, Any]) -> None:
    for read in (read_subscription, read_checkout_session, read_invoice):
        with contextlib.suppress(MalformedObject):
            read(data)
