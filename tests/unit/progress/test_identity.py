"""Learner ids: anonymous in the link, hashed from an OIDC login, checked on the way in."""

from __future__ import annotations

import base64
import hashlib
import hmac

import pytest

from tests.unit.progress.conftest import ADA, BEN, CY
from tests.unit.progress.test_store import MALFORMED_LEARNERS
from toolcall_lab.progress import (
    InvalidKey,
    is_anonymous_learner_id,
    is_valid_learner_id,
    learner_id_from_link,
    learner_id_from_oidc,
    new_learner_id,
)


def test_new_ids_are_22_url_safe_characters_and_all_different() -> None:
    ids = {new_learner_id() for _ in range(1000)}
    assert len(ids) == 1000
    for learner in ids:
        assert len(learner) == 22 and is_anonymous_learner_id(learner)
        assert len(base64.urlsafe_b64decode(learner + "==")) == 16


def test_the_fixtures_ids_are_valid() -> None:
    assert all(is_valid_learner_id(i) for i in (ADA, BEN, CY))


@pytest.mark.parametrize("value", MALFORMED_LEARNERS)
def test_malformed_ids_are_not_valid_and_not_taken_from_a_link(value: object) -> None:
    assert not is_valid_learner_id(value)
    assert learner_id_from_link(value) is None


def test_the_oidc_id_is_the_hash_of_issuer_and_subject() -> None:
    # By hand: sha256("https://accounts.example.org" NUL "12345"), first 16 bytes, URL-safe base64.
    digest = hashlib.sha256(b"https://accounts.example.org\x0012345").digest()[:16]
    expected = "oidc." + base64.urlsafe_b64encode(digest).decode().rstrip("=")
    assert learner_id_from_oidc("https://accounts.example.org", "12345") == expected
    assert is_valid_learner_id(expected) and not is_anonymous_learner_id(expected)


def test_oidc_ids_are_stable_keyed_and_never_contain_the_subject() -> None:
    issuer, subject = "https://login.school.example", "ada@school.example"
    plain = learner_id_from_oidc(issuer, subject)
    assert plain == learner_id_from_oidc(issuer, subject)  # the same person, the same id, every login
    assert "ada" not in plain and "school" not in plain
    keyed = learner_id_from_oidc(issuer, subject, key=b"server secret")
    digest = hmac.new(b"server secret", issuer.encode() + b"\x00" + subject.encode(), hashlib.sha256).digest()
    assert keyed == "oidc." + base64.urlsafe_b64encode(digest[:16]).decode().rstrip("=") != plain
    # The NUL between the parts: ("ab", "c") and ("a", "bc") are different people.
    assert learner_id_from_oidc("ab", "c") != learner_id_from_oidc("a", "bc")
    assert learner_id_from_oidc("https://other.example", subject) != plain


def test_an_oidc_id_is_not_accepted_from_a_link() -> None:
    oidc = learner_id_from_oidc("https://accounts.example.org", "12345")
    assert learner_id_from_link(oidc) is None
    assert learner_id_from_link(ADA) == ADA


@pytest.mark.parametrize(("issuer", "subject"), [("", "x"), ("https://i", "")])
def test_an_empty_issuer_or_subject_is_refused(issuer: str, subject: str) -> None:
    with pytest.raises(InvalidKey):
        learner_id_from_oidc(issuer, subject)
