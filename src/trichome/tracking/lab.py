"""Lab-testing states of packages and harvests, and what each means for selling.

Metrc lists fourteen states (GET /labtests/v2/states). Only a pass, a pass on retest, or
a state where no test is required clears product for sale; a failure stays a failure
until a retest passes; the rest are waiting on a test or in a step between tests.
"""

from __future__ import annotations

from enum import StrEnum


class LabState(StrEnum):
    """A lab-testing state, spelled as Metrc spells it."""

    NOT_SUBMITTED = "NotSubmitted"
    SUBMITTED_FOR_TESTING = "SubmittedForTesting"
    TEST_FAILED = "TestFailed"
    TEST_PASSED = "TestPassed"
    TESTING_IN_PROGRESS = "TestingInProgress"
    AWAITING_CONFIRMATION = "AwaitingConfirmation"
    RETEST_FAILED = "RetestFailed"
    RETEST_PASSED = "RetestPassed"
    REMEDIATED = "Remediated"
    SELECTED_FOR_RANDOM_TESTING = "SelectedForRandomTesting"
    NOT_REQUIRED = "NotRequired"
    PROCESS_VALIDATED = "ProcessValidated"
    DECONTAMINATED = "Decontaminated"
    R_AND_D_COMPLETED = "RandDCompleted"


LAB_STATES: tuple[str, ...] = tuple(state.value for state in LabState)
# Product in these states may be sold or transferred as far as testing goes.
CLEARED = frozenset({LabState.TEST_PASSED, LabState.RETEST_PASSED, LabState.NOT_REQUIRED})
# Cleared by a test (NotRequired is cleared without one, so it has no result to expire).
PASSED = frozenset({LabState.TEST_PASSED, LabState.RETEST_PASSED})
FAILED = frozenset({LabState.TEST_FAILED, LabState.RETEST_FAILED})
# Sent to a lab (or picked for a random test) and not answered yet.
AWAITING = frozenset(
    {
        LabState.SUBMITTED_FOR_TESTING,
        LabState.TESTING_IN_PROGRESS,
        LabState.AWAITING_CONFIRMATION,
        LabState.SELECTED_FOR_RANDOM_TESTING,
    }
)
# A history that shows a failure: failed, or treated after a failure and retested.
FAILED_ONCE = frozenset(
    {
        LabState.TEST_FAILED,
        LabState.RETEST_FAILED,
        LabState.REMEDIATED,
        LabState.DECONTAMINATED,
        LabState.RETEST_PASSED,
    }
)


def lab_state(value: object) -> str:
    """A state as text; a missing state is NotSubmitted (unknown states are kept as given)."""
    text = str(value or "").strip()
    return text or LabState.NOT_SUBMITTED.value


def cleared(state: object) -> bool:
    """Whether a state lets product be sold: passed, passed on retest, or no test required."""
    return lab_state(state) in CLEARED


def passed(state: object) -> bool:
    """Whether a state is a passed test (first time or on retest)."""
    return lab_state(state) in PASSED


def failed(state: object) -> bool:
    """Whether a state is a failed test not yet retested."""
    return lab_state(state) in FAILED


def awaiting(state: object) -> bool:
    """Whether a state waits on a lab."""
    return lab_state(state) in AWAITING
