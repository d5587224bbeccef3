"""Trying an organisation's stored track-and-trace connection from the dashboard: one call,
where the tool server would make it (Metrc's facilities with the stored keys; a BioTrack
login to the state's system, or the sandbox's), answered in a sentence that never holds a
secret."""

from __future__ import annotations

from dataclasses import dataclass

from trichome.accounts.biotrack_logins import StoredBioTrackLogin
from trichome.accounts.metrc_keys import StoredMetrcKeys
from trichome.config import Settings
from trichome.metrc import MetrcClient
from trichome.metrc.errors import MetrcAuthError, MetrcError
from trichome.metrc.retry import RetryPolicy
from trichome.services.toolserver.biotrack_access import biotrack_url
from trichome.tracking.biotrack import (
    BioTrackClient,
    BioTrackCredentials,
    BioTrackError,
    BioTrackLoginError,
    Retry,
)

# One attempt, not the tools' retries: a person is waiting for the page.
TIMEOUT_SECONDS = 20.0


@dataclass(frozen=True, slots=True)
class CheckResult:
    """What trying a connection found: whether it worked, in words, and the licences seen."""

    ok: bool
    message: str
    licences: tuple[str, ...] = ()


def _clean(message: str, secrets: tuple[str, ...]) -> str:
    for secret in secrets:
        if len(secret) >= 4:
            message = message.replace(secret, "…")
    return message


async def check_metrc(settings: Settings, stored: StoredMetrcKeys) -> CheckResult:
    """List the facilities the stored keys reach, at their base URL (else the server's)."""
    base_url = (stored.base_url or settings.metrc_url).rstrip("/")
    client = MetrcClient(
        base_url,
        read_timeout=TIMEOUT_SECONDS,
        connect_timeout=TIMEOUT_SECONDS,
        retry=RetryPolicy(max_attempts=1),
    )
    secrets = stored.credentials.secrets()
    try:
        facilities = await client.facilities(credentials=stored.credentials)
    except MetrcAuthError as error:
        return CheckResult(False, f"Metrc refused the keys: {_clean(error.message, secrets)}")
    except MetrcError as error:
        return CheckResult(False, f"Metrc could not be used: {_clean(error.message, secrets)}")
    finally:
        await client.aclose()
    licences = tuple(
        str((facility.get("License") or {}).get("Number") or "")
        for facility in facilities
        if isinstance(facility, dict)
    )
    licences = tuple(licence for licence in licences if licence)
    count = len(licences)
    return CheckResult(
        True,
        f"Metrc answered: the keys reach {count} facilit{'y' if count == 1 else 'ies'}.",
        licences,
    )


async def check_biotrack(settings: Settings, stored: StoredBioTrackLogin) -> CheckResult:
    """Log in to the state's BioTrack system (or the configured URL) with the stored login."""
    credentials = BioTrackCredentials(stored.license_number, stored.username, stored.password)
    try:
        client = BioTrackClient.for_state(
            stored.state,
            credentials,
            url=biotrack_url(settings),
            timeout=TIMEOUT_SECONDS,
            retry=Retry(attempts=1),
        )
    except BioTrackError as error:
        return CheckResult(False, f"BioTrack cannot be reached: {error.message}")
    try:
        await client.login()
    except BioTrackLoginError as error:
        error.redact(credentials.secrets())
        return CheckResult(False, f"BioTrack refused the login: {error.message}")
    except BioTrackError as error:
        error.redact(credentials.secrets())
        return CheckResult(False, f"BioTrack could not be used: {error.message}")
    finally:
        await client.aclose()
    return CheckResult(
        True,
        f"BioTrack accepted the login for licence {stored.license_number} ({stored.state}).",
        (stored.license_number,),
    )
