"""The class's public address: what the join link and its QR code point at, and whether phones can reach it.

Streamlit prints two addresses when it starts: a "Local URL" (``http://localhost:8501``) that only the
computer running the lab can open, and a "Network URL" that other devices on the same network can.
A teacher who opens the first one and starts a class would give 40 phones a link to themselves.
So the join link is built from, in this order:

1. the public address the teacher typed in the Class box (this session only);
2. the server's :data:`PUBLIC_URL_ENV` (``LAB_PUBLIC_URL=https://lab.example.edu/``);
3. the address the teacher's browser shows.

and :func:`unreachable_host` tells the page when that address is a loopback or link-local host
(``127.0.0.0/8``, ``::1``, ``localhost``, ``169.254.0.0/16``, ``fe80::/10``), so the teacher is warned.

>>> public_base("lab.example.edu:8501/course/?x=1")
'http://lab.example.edu:8501/course/'
>>> public_base("ftp://lab.example.edu") is None
True
>>> unreachable_host("http://127.0.0.1:8599/?class=ABC234&lang=en")
'127.0.0.1'
>>> unreachable_host("http://192.168.1.20:8501/?class=ABC234") is None
True
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from urllib.parse import urlsplit, urlunsplit

#: The environment variable that names the lab's public address (the join link and QR code use it).
PUBLIC_URL_ENV = "LAB_PUBLIC_URL"
#: The longest public address accepted (a URL a projector can show).
MAX_URL_CHARS = 300


def public_base(text: object) -> str | None:
    """A typed or configured public address as the base of a join link, or ``None`` when it is not one.

    Accepts ``http://`` and ``https://`` addresses with a host (a bare ``host:port`` is read as ``http://``);
    keeps the scheme, host, port and path (ending in ``/``); drops any query, fragment and user info.

    >>> public_base(" https://LAB.example.edu ")
    'https://lab.example.edu/'
    >>> public_base("https://user:pw@lab.example.edu/x")
    'https://lab.example.edu/x/'
    >>> [public_base(v) for v in ("", "https://", "javascript:alert(1)", 42)]
    [None, None, None, None]
    """
    if not isinstance(text, str):
        return None
    raw = text.strip()
    if not raw or len(raw) > MAX_URL_CHARS or any(ch.isspace() or ord(ch) < 32 for ch in raw):
        return None
    if "://" not in raw:
        if ":" in raw.split("/", 1)[0] and not raw.split("/", 1)[0].rsplit(":", 1)[-1].isdigit():
            return None  # "javascript:…", "mailto:…": a scheme, not a host and port
        raw = "http://" + raw
    try:
        parts = urlsplit(raw)
        port = parts.port
    except ValueError:
        return None
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        return None
    host = parts.hostname.lower()
    if ":" in host:  # an IPv6 literal goes back in brackets
        host = f"[{host}]"
    netloc = host if port is None else f"{host}:{port}"
    path = parts.path if parts.path.endswith("/") else parts.path + "/"
    return urlunsplit((parts.scheme.lower(), netloc, path, "", ""))


def configured_base(env: Mapping[str, str]) -> str | None:
    """The server's public address (:data:`PUBLIC_URL_ENV`), or ``None`` when unset or not an address.

    >>> configured_base({"LAB_PUBLIC_URL": "https://lab.example.edu/"}), configured_base({})
    ('https://lab.example.edu/', None)
    """
    return public_base(env.get(PUBLIC_URL_ENV))


def is_unreachable(host: str) -> bool:
    """True for a host only this computer can reach: loopback or link-local, by name or by number.

    >>> [is_unreachable(h) for h in ("localhost", "app.localhost", "::1", "127.8.0.1", "169.254.3.4", "fe80::1")]
    [True, True, True, True, True, True]
    >>> [is_unreachable(h) for h in ("10.0.0.5", "lab.example.edu", "2001:db8::1", "0.0.0.0")]
    [False, False, False, True]
    """
    name = host.strip().strip("[]").lower().rstrip(".")
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        ip = ipaddress.ip_address(name.split("%", 1)[0])  # an IPv6 zone (fe80::1%eth0) is not part of the address
    except ValueError:
        return False
    mapped = ip.ipv4_mapped if isinstance(ip, ipaddress.IPv6Address) else None
    ip = mapped or ip
    return ip.is_loopback or ip.is_link_local or ip.is_unspecified


def unreachable_host(link: str) -> str | None:
    """The host of ``link`` when students' devices cannot reach it (see :func:`is_unreachable`), else ``None``.

    A relative link (``/?class=…``, the address unknown) names no host: ``None``.
    """
    try:
        host = urlsplit(link).hostname
    except ValueError:
        return None
    return host if host and is_unreachable(host) else None


def short_link(link: str) -> str:
    """The join link as a person types it: without ``http://`` / ``https://`` and the ``lang`` parameter.

    >>> short_link("https://lab.example.edu/?class=ABC234&lang=en")
    'lab.example.edu/?class=ABC234'
    """
    parts = urlsplit(link)
    query = "&".join(p for p in parts.query.split("&") if p and not p.startswith("lang="))
    text = urlunsplit(("", parts.netloc, parts.path, query, "")).removeprefix("//")
    return text
