import base64
import hashlib

from trichome.accounts.keys import KEY_PREFIX, generate_key, hash_key, looks_like_key


def test_a_key_carries_32_random_bytes_behind_a_recognisable_prefix() -> None:
    material = generate_key()
    assert material.secret.startswith(KEY_PREFIX)
    random_part = material.secret[len(KEY_PREFIX) :]
    assert len(base64.urlsafe_b64decode(random_part + "=" * (-len(random_part) % 4))) == 32


def test_keys_do_not_repeat() -> None:
    assert len({generate_key().secret for _ in range(1000)}) == 1000


def test_only_the_hash_prefix_and_last_four_are_kept_for_storage() -> None:
    material = generate_key()
    assert material.key_hash == hashlib.sha256(material.secret.encode()).hexdigest()
    assert material.key_hash == hash_key(material.secret)
    assert material.secret.startswith(material.prefix)
    assert material.secret.endswith(material.last4)
    assert len(material.last4) == 4
    assert material.secret not in (material.prefix, material.key_hash)


def test_shape_check_rejects_what_cannot_be_a_key() -> None:
    assert looks_like_key(generate_key().secret)
    assert not looks_like_key("sk-1234")
    assert not looks_like_key("trk_short")
    assert not looks_like_key("trk_" + "a" * 500)
