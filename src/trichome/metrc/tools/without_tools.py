"""Metrc v2 operations the client and the sandbox implement but no tool offers, on purpose,
and why. docs/metrc-coverage.md shows the reason in the operation's row, and a test fails when
a tool reaches one of them (then it leaves this list) or when one is not a documented operation.
"""

from __future__ import annotations

# (method, path template as operations.toml spells it) -> why no tool offers it.
WITHOUT_TOOLS: dict[tuple[str, str], str] = {
    ("POST", "/sandbox/v2/integrator/setup"): (
        "a vendor's one-off on Metrc's own sandbox (it makes a sandbox user for an integrator "
        "key); it does nothing on a state's live server and no operator asks for it"
    ),
    ("PUT", "/plants/v2/adjust"): (
        "only Maine's and Oregon's collections have it, and Metrc's documentation does not say "
        "whether AdjustCount is the new count or the change, so a tool could not say what it "
        "would do; the Colorado sandbox refuses it as Metrc does outside those states"
    ),
}
