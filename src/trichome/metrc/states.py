"""The states that run Metrc v2, and the base URL of each (production or Metrc's sandbox)."""

from __future__ import annotations

# From the OpenMetrc v2 specification's server list. Alaska still runs Metrc v1 (api-ak).
METRC_V2_STATES: frozenset[str] = frozenset(
    {
        "AL", "CA", "CO", "DC", "GU", "KY", "LA", "MA", "MD", "ME", "MI", "MN",
        "MO", "MS", "MT", "NJ", "NV", "OH", "OK", "OR", "RI", "SD", "WV",
    }
)  # fmt: skip


def normalise_state(state: str) -> str:
    """The two-letter code of a Metrc v2 state, upper-cased.

    Raises:
        ValueError: the state does not run Metrc v2.
    """
    code = state.strip().upper()
    if code not in METRC_V2_STATES:
        known = ", ".join(sorted(METRC_V2_STATES))
        hint = " Alaska still runs Metrc v1." if code == "AK" else ""
        raise ValueError(f"{state!r} does not run Metrc v2; the states that do are {known}.{hint}")
    return code


def base_url(state: str, sandbox: bool = False) -> str:
    """The API base URL of a state: production `https://api-xx.metrc.com`, or Metrc's sandbox.

    Raises:
        ValueError: the state does not run Metrc v2.
    """
    code = normalise_state(state).lower()
    prefix = "sandbox-api" if sandbox else "api"
    return f"https://{prefix}-{code}.metrc.com"
