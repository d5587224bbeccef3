"""Answering one BioTrack request: check its envelope ("API": "4.0", an action, a live
session), run the action, and shape the answer `success` 1 or 0 as BioTrack does.

Every answer is a JSON object; a refusal is `{"success": 0, "error": ..., "errorcode": ...}`.
A write's answer carries its `transactionid` and `sessiontime`; a request with a `nonce`
that wrote something is kept, so `nonce_replay` can give the same answer again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from trichome.sandbox.biotrack import inventory, plants, qa, sales, setup, sync, transfers
from trichome.sandbox.biotrack.calls import Call
from trichome.sandbox.biotrack.inputs import flag, text
from trichome.sandbox.biotrack.reference import (
    BAD_REQUEST,
    INVALID,
    LICENSEES,
    NO_PRIVILEGE,
    Licensee,
)
from trichome.sandbox.biotrack.store import MAX_REPLIES, BioTrackError, BioTrackStore

API_VERSION = "4.0"
Action = Callable[[Call], dict[str, Any]]
ACTIONS: dict[str, Action] = {
    **setup.ACTIONS,
    **plants.ACTIONS,
    **inventory.ACTIONS,
    **transfers.ACTIONS,
    **qa.ACTIONS,
    **sales.ACTIONS,
    **sync.ACTIONS,
}
# Every action a client may name (login and nonce_replay are answered here).
ACTION_NAMES = frozenset({*ACTIONS, "login", "nonce_replay"})


def refusal(error: str, code: int | None) -> dict[str, Any]:
    """A `success: 0` answer (no errorcode when BioTrack gives none)."""
    answer: dict[str, Any] = {"success": 0, "error": error}
    if code is not None:
        answer["errorcode"] = code
    return answer


def _licensee(number: str) -> Licensee | None:
    for licensee in LICENSEES.values():
        if number in (licensee.location, licensee.ubi):
            return licensee
    return None


def login(store: BioTrackStore, body: dict[str, Any]) -> dict[str, Any]:
    """Open a session for a licence number, user name and password."""
    number = text(body, "license_number", required=False)
    if not number:
        raise BioTrackError("Company identifier not provided (license_number).")
    licensee = _licensee(number)
    username = text(body, "username", required=False)
    password = body.get("password")
    if licensee is None or username != licensee.username or password != licensee.password:
        # BioTrack gives no errorcode for a failed log-in.
        raise BioTrackError("Invalid username or password.", None)
    session = store.open_session(licensee, username, flag(body, "training"))
    return {"success": 1, "sessionid": session.sessionid, "admin": 1, "time": store.now()}


def run(store: BioTrackStore, licensee: Licensee, body: dict[str, Any], now: int) -> dict[str, Any]:
    """Run one action as a licensee at time `now` (the seed calls this directly).

    Raises:
        BioTrackError: the action refused the request; nothing was changed.
    """
    action = ACTIONS[body["action"]]
    call = Call(store, licensee, body, now)
    answer = action(call)
    result: dict[str, Any] = {"success": 1, **answer}
    if call.transaction_id is not None:
        result["transactionid"] = call.transaction_id
        result["sessiontime"] = now
    return result


def answer(store: BioTrackStore, body: Any) -> dict[str, Any]:
    """The answer to one request body, refusals included."""
    try:
        return _answer(store, body)
    except BioTrackError as refused:
        return refusal(refused.message, refused.code)


def _answer(store: BioTrackStore, body: Any) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise BioTrackError("The request must be a JSON object.", BAD_REQUEST)
    if str(body.get("API")) != API_VERSION:
        raise BioTrackError('Invalid API version: send "API": "4.0".', BAD_REQUEST)
    action = body.get("action")
    if not isinstance(action, str) or action not in ACTION_NAMES:
        raise BioTrackError(f"Invalid action: {str(action)[:60]}.", NO_PRIVILEGE)
    if action == "login":
        return login(store, body)
    session = store.session(body.get("sessionid"))
    nonce = text(body, "nonce", required=False)
    if action == "nonce_replay":
        kept = store.replies.get((session.licensee.location, nonce)) if nonce else None
        if kept is None:
            raise BioTrackError("No result was found for the specified nonce.", INVALID)
        return kept
    result = run(store, session.licensee, body, store.now())
    if nonce and "transactionid" in result:
        store.replies[(session.licensee.location, nonce)] = result
        if len(store.replies) > MAX_REPLIES:
            del store.replies[next(iter(store.replies))]
    return result
