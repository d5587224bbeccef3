"""Access tokens from the auth provider: the tests sign their own, good and bad."""

from __future__ import annotations

import asyncio
import base64
import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import jwt
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from sqlalchemy import select

from tests.conftest import reconfigured
from tests.services.chat.test_limits import random_ip, serving
from trichome.accounts.tokens import AccessTokenVerifier, InvalidAccessToken
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.models import Membership, Organization, User

pytestmark = pytest.mark.anyio

SECRET = "s" * 48
ISSUER = "https://auth.example.test/"
AUDIENCE = "trichome-api"
RSA_KEY = rsa.generate_private_key(public_exponent=65537, key_size=2048)
EC_KEY = ec.generate_private_key(ec.SECP256R1())


def claims(**overrides: Any) -> dict[str, Any]:
    now = int(time.time())
    base = {"sub": "google-oauth2|42", "email": "grower@example.test", "iss": ISSUER, "aud": AUDIENCE,
            "iat": now, "exp": now + 600}  # fmt: skip
    base.update(overrides)
    return {k: v for k, v in base.items() if v is not None}


def hs256(**overrides: Any) -> str:
    return jwt.encode(claims(**overrides), SECRET, algorithm="HS256")


def rs256(kid: str = "rsa-1", **overrides: Any) -> str:
    return jwt.encode(claims(**overrides), RSA_KEY, algorithm="RS256", headers={"kid": kid})


def es256(kid: str = "ec-1", **overrides: Any) -> str:
    return jwt.encode(claims(**overrides), EC_KEY, algorithm="ES256", headers={"kid": kid})


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class Jwks:
    """A JWKS document served over HTTP on 127.0.0.1, counting its fetches."""

    def __init__(self) -> None:
        rsa_jwk = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(RSA_KEY.public_key()))
        ec_jwk = json.loads(jwt.algorithms.ECAlgorithm.to_jwk(EC_KEY.public_key()))
        self.document = {
            "keys": [
                rsa_jwk | {"kid": "rsa-1", "use": "sig"},
                ec_jwk | {"kid": "ec-1", "use": "sig"},
            ]
        }
        self.fetches = 0
        self.delay = 0.0  # seconds the provider takes to answer
        self.url = ""


@pytest.fixture(scope="module")
def jwks() -> Iterator[Jwks]:
    served = Jwks()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            served.fetches += 1
            time.sleep(served.delay)
            body = json.dumps(served.document).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    served.url = f"http://127.0.0.1:{server.server_address[1]}/.well-known/jwks.json"
    yield served
    server.shutdown()
    server.server_close()


@pytest.fixture
def token_settings(settings: Settings, jwks: Jwks) -> Settings:
    return reconfigured(
        settings, jwt_secret=SECRET, jwks_url=jwks.url, jwt_issuer=ISSUER, jwt_audience=AUDIENCE
    )


async def verify(settings: Settings, token: str) -> str:
    verifier = AccessTokenVerifier(settings)
    try:
        return (await verifier.verify(token)).subject
    finally:
        await verifier.aclose()


async def refused(settings: Settings, token: str) -> str:
    with pytest.raises(InvalidAccessToken) as error:
        await verify(settings, token)
    return str(error.value)


async def test_valid_tokens_of_every_accepted_algorithm(token_settings: Settings) -> None:
    for token in (hs256(), rs256(), es256()):
        assert await verify(token_settings, token) == "google-oauth2|42"


async def test_the_name_comes_from_the_name_claim_or_the_providers_profile(
    token_settings: Settings,
) -> None:
    verifier = AccessTokenVerifier(token_settings)
    try:
        named = await verifier.verify(hs256(name=" Dana Diaz "))
        profile = await verifier.verify(rs256(user_metadata={"full_name": "Lee Park"}))
        fallback = await verifier.verify(es256(user_metadata={"name": "Sam Roe", "full_name": 7}))
        nameless = await verifier.verify(hs256(name="   ", user_metadata="Lee"))
    finally:
        await verifier.aclose()
    assert (named.name, profile.name, fallback.name) == ("Dana Diaz", "Lee Park", "Sam Roe")
    assert nameless.name is None


async def test_expired_premature_and_misaddressed_tokens_are_refused(
    token_settings: Settings,
) -> None:
    now = int(time.time())
    assert "expired" in await refused(token_settings, hs256(exp=now - 120))
    assert "not valid yet" in await refused(token_settings, rs256(nbf=now + 600))
    assert "audience" in await refused(token_settings, hs256(aud="someone-else"))
    assert "issuer" in await refused(token_settings, es256(iss="https://evil.example/"))
    assert "invalid" in await refused(token_settings, hs256(exp=None))  # exp is required


async def test_tampered_tokens_are_refused(token_settings: Settings) -> None:
    header, payload, signature = rs256().split(".")
    forged = json.loads(base64.urlsafe_b64decode(payload + "=="))
    forged["sub"] = "admin"
    tampered = f"{header}.{_b64(json.dumps(forged).encode())}.{signature}"
    assert "invalid" in await refused(token_settings, tampered)
    assert "malformed" in await refused(token_settings, "not.a.token")


async def test_alg_none_is_refused(token_settings: Settings) -> None:
    unsigned = jwt.encode(claims(), None, algorithm="none")
    assert "'none'" in await refused(token_settings, unsigned)


async def test_hs256_signed_with_the_rsa_public_key_is_refused(token_settings: Settings) -> None:
    public_pem = RSA_KEY.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    header = _b64(json.dumps({"alg": "HS256", "typ": "JWT", "kid": "rsa-1"}).encode())
    payload = _b64(json.dumps(claims()).encode())
    import hashlib
    import hmac

    signature = _b64(hmac.new(public_pem, f"{header}.{payload}".encode(), hashlib.sha256).digest())
    assert "invalid" in await refused(token_settings, f"{header}.{payload}.{signature}")
    without_secret = reconfigured(token_settings, jwt_secret=None)
    assert "not accepted" in await refused(without_secret, f"{header}.{payload}.{signature}")


async def test_an_algorithm_that_does_not_match_its_key_is_refused(
    token_settings: Settings,
) -> None:
    # An ES256 token naming the RSA key.
    header = _b64(json.dumps({"alg": "ES256", "typ": "JWT", "kid": "rsa-1"}).encode())
    body = es256().split(".", 1)[1]
    assert "does not match" in await refused(token_settings, f"{header}.{body}")


async def test_an_unknown_kid_refreshes_the_keys_once(token_settings: Settings, jwks: Jwks) -> None:
    verifier = AccessTokenVerifier(token_settings)
    try:
        await verifier.verify(rs256())
        fetched = jwks.fetches
        for _ in range(3):
            with pytest.raises(InvalidAccessToken, match="unknown key"):
                await verifier.verify(rs256(kid="rotated-2"))
        assert jwks.fetches == fetched  # refreshed at most once per 30 seconds
    finally:
        await verifier.aclose()


async def test_a_burst_on_a_cold_cache_costs_one_fetch_shared_by_everyone(
    token_settings: Settings, jwks: Jwks
) -> None:
    verifier = AccessTokenVerifier(token_settings)
    jwks.delay, before = 0.5, jwks.fetches
    try:
        forged = [verifier.verify(rs256(kid=f"forged-{n}")) for n in range(100)]
        genuine = [verifier.verify(rs256(sub=f"user-{n}")) for n in range(5)]
        results = await asyncio.gather(*forged, *genuine, return_exceptions=True)
        assert all(isinstance(r, InvalidAccessToken) for r in results[:100])
        assert [getattr(r, "subject", r) for r in results[100:]] == [f"user-{n}" for n in range(5)]
        assert jwks.fetches - before == 1
        # Unknown kids keep being refused from the negative cache, with no fetch.
        with pytest.raises(InvalidAccessToken, match="unknown key"):
            await verifier.verify(rs256(kid="forged-again"))
        assert jwks.fetches - before == 1
    finally:
        jwks.delay = 0.0
        await verifier.aclose()


async def test_a_first_token_creates_the_user_and_a_personal_free_organisation(
    token_settings: Settings,
) -> None:
    question = {
        "model": "free-agent",
        "stream": False,
        "messages": [{"role": "user", "content": "hello"}],
    }
    async with serving(token_settings) as connect, connect(random_ip()) as client:
        first = await client.post(
            "/v1/chat/completions", json=question, headers={"Authorization": f"Bearer {hs256()}"}
        )
        again = await client.get(
            "/v1/models", headers={"Authorization": f"Bearer {rs256(email='new@example.test')}"}
        )
        too_high = await client.post("/v1/chat/completions", json=question | {"model": "pro-agent"},
                                     headers={"Authorization": f"Bearer {es256(email='new@example.test')}"})  # fmt: skip
        bad = await client.get("/v1/models", headers={"Authorization": f"Bearer {hs256(aud='x')}"})
        renamed = await client.get(
            "/v1/models",
            headers={"Authorization": f"Bearer {hs256(name='New Grower', email=None)}"},
        )
    assert first.status_code == 200
    assert [m["id"] for m in again.json()["data"]] == ["free-agent"]
    assert too_high.status_code == 403
    assert bad.status_code == 401 and bad.json()["error"]["code"] == "invalid_access_token"
    assert "audience" in bad.json()["error"]["message"]
    engine = create_engine(token_settings)
    async with create_sessionmaker(engine)() as session:
        (user,) = (await session.scalars(select(User))).all()
        (membership,) = (await session.scalars(select(Membership))).all()
        organization = await session.get(Organization, user.default_organization_id)
    await engine.dispose()
    assert user.subject == "google-oauth2|42" and user.email == "new@example.test"
    assert renamed.status_code == 200 and user.name == "New Grower"  # recorded, email kept
    assert organization is not None and organization.tier == "free"
    assert (membership.user_id, membership.organization_id, membership.role) == (
        user.id,
        organization.id,
        "owner",
    )


def test_settings_refuse_short_secrets_and_unscoped_tokens() -> None:
    with pytest.raises(ValueError, match="32 bytes"):
        Settings(jwt_secret="short", jwt_issuer=ISSUER, jwt_audience=AUDIENCE)
    with pytest.raises(ValueError, match="ISSUER"):
        Settings(jwt_secret=SECRET)
