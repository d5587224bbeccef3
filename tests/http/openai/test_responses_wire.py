"""The Responses request parser: whatever a client puts in a field, the answer is the echo of
a valid request or a 400 naming that field, never an exception of another kind (a 500)."""

from __future__ import annotations

import json
from typing import Any

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trichome.http.errors import ApiError
from trichome.http.openai.responses import (
    allowed_domains,
    input_turns,
    parse_responses_request,
    search_choice,
)
from trichome.http.openai.responses_output import response_object

VALID = {"model": "operator-agent", "input": "What is the decarboxylation factor for THCA?"}
FIELDS = [
    "model",
    "input",
    "instructions",
    "stream",
    "tools",
    "tool_choice",
    "temperature",
    "top_p",
    "max_output_tokens",
    "metadata",
    "include",
    "store",
    "previous_response_id",
    "background",
    "parallel_tool_calls",
    "user",
    "truncation",
]

scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text()
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)
# Objects shaped like the ones the parser looks into, with a `type` of any JSON kind.
typed_objects = st.fixed_dictionaries(
    {"type": json_values},
    optional={
        "role": json_values,
        "content": json_values | st.lists(st.fixed_dictionaries({"type": json_values}), max_size=2),
        "text": json_values,
        "filters": json_values | st.fixed_dictionaries({"allowed_domains": json_values}),
    },
)
field_values = json_values | typed_objects | st.lists(typed_objects, min_size=1, max_size=3)


def understood(body: dict[str, Any]) -> bytes:
    """Run the whole request through the parser and echo it, as the route does."""
    # The standard library writes integers of any size, as a client may.
    request = parse_responses_request(json.dumps(body).encode())
    input_turns(request)
    search_choice(request)
    allowed_domains(request)
    echoed = response_object(
        request,
        response_id="resp_1",
        created_at=0,
        model=request.model,
        status="completed",
        output=[],
        metadata={},
    )
    return orjson.dumps(echoed)


@settings(max_examples=400, deadline=None, database=None, derandomize=True)
@given(field=st.sampled_from(FIELDS), value=field_values)
def test_any_value_of_any_field_is_understood_or_a_400_naming_it(field: str, value: Any) -> None:
    try:
        understood({**VALID, field: value})
    except ApiError as error:
        assert error.status == 400
        assert error.param is not None and error.param.startswith(field), error.body()
        assert error.message


@pytest.mark.parametrize("kind", [{}, [], 1, True])
@pytest.mark.parametrize(
    ("body", "param"),
    [
        ({"tool_choice": {"type": "KIND"}}, "tool_choice.type"),
        ({"tools": [{"type": "KIND"}]}, "tools[0].type"),
        ({"input": [{"type": "KIND", "role": "user", "content": "hi"}]}, "input[0].type"),
        (
            {"input": [{"role": "user", "content": [{"type": "KIND", "text": "hi"}]}]},
            "input[0].content[0].type",
        ),
    ],
)
def test_a_type_that_is_not_a_string_is_a_400_on_that_type(
    body: dict[str, Any], param: str, kind: Any
) -> None:
    malformed = json.loads(json.dumps(body).replace('"KIND"', json.dumps(kind)))
    with pytest.raises(ApiError) as raised:
        understood({**VALID, **malformed})
    error = raised.value
    assert (error.status, error.param) == (400, param)
    assert error.body()["error"]["code"] == "invalid_type"
