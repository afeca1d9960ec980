"""The class's public address: what a join link points at, and which hosts students' phones cannot reach."""

from __future__ import annotations

import pytest

from toolcall_lab.classroom import join_link
from toolcall_lab.classroom.address import (
    PUBLIC_URL_ENV,
    configured_base,
    is_unreachable,
    public_base,
    short_link,
    unreachable_host,
)


@pytest.mark.parametrize(
    ("typed", "base"),
    [
        ("https://lab.example.edu", "https://lab.example.edu/"),
        ("  HTTPS://Lab.Example.EDU:8443/course  ", "https://lab.example.edu:8443/course/"),
        ("192.168.1.20:8501", "http://192.168.1.20:8501/"),
        ("http://[fe80::1]:8501/", "http://[fe80::1]:8501/"),
        ("https://lab.example.edu/?class=OLD&x=1#top", "https://lab.example.edu/"),
        ("https://ada:secret@lab.example.edu/", "https://lab.example.edu/"),
    ],
)
def test_a_typed_address_becomes_the_base_of_the_join_link(typed, base):
    assert public_base(typed) == base


@pytest.mark.parametrize(
    "typed", ["", "   ", "ftp://lab.example.edu", "javascript:alert(1)", "https://", "http://a b/", "x" * 400, None]
)
def test_what_is_not_an_http_address_is_refused(typed):
    assert public_base(typed) is None


def test_the_environment_names_the_public_address():
    assert configured_base({PUBLIC_URL_ENV: "lab.example.edu"}) == "http://lab.example.edu/"
    assert configured_base({PUBLIC_URL_ENV: "not a url"}) is None
    assert configured_base({}) is None


@pytest.mark.parametrize(
    "host",
    [
        "localhost",
        "LOCALHOST.",
        "lab.localhost",
        "127.0.0.1",
        "127.9.8.7",
        "::1",
        "[::1]",
        "169.254.10.20",
        "fe80::1",
        "fe80::1%eth0",
        "febf::1",
        "::ffff:127.0.0.1",
        "0.0.0.0",
    ],
)
def test_loopback_and_link_local_hosts_are_unreachable(host):
    assert is_unreachable(host)


@pytest.mark.parametrize(
    "host", ["192.168.1.20", "10.0.0.5", "172.16.0.1", "lab.example.edu", "2001:db8::1", "fec0::1", "128.0.0.1"]
)
def test_network_hosts_are_reachable(host):
    assert not is_unreachable(host)


def test_the_join_link_built_from_streamlits_local_url_is_flagged():
    link = join_link("http://127.0.0.1:8599/stage_4_tool_call", "stage_4_tool_call", "ABC234", "en")
    assert link == "http://127.0.0.1:8599/?class=ABC234&lang=en"
    assert unreachable_host(link) == "127.0.0.1"
    assert unreachable_host(join_link("http://[::1]:8599/", "", "ABC234", "en")) == "::1"


def test_the_join_link_built_from_a_public_address_is_not_flagged():
    base = public_base("https://lab.example.edu/course")
    link = join_link(base, "", "ABC234", "zh")
    assert link == "https://lab.example.edu/course/?class=ABC234&lang=zh"
    assert unreachable_host(link) is None
    assert unreachable_host("/?class=ABC234&lang=zh") is None  # a relative link names no host


def test_the_short_link_is_what_a_student_types():
    assert short_link("https://lab.example.edu/course/?class=ABC234&lang=en") == "lab.example.edu/course/?class=ABC234"
    assert short_link("/?class=ABC234&lang=zh") == "/?class=ABC234"
