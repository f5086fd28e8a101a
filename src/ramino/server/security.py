"""What a browser is told and what another site may not do: security headers on every page,
the same-origin check on the WebSocket and on every state-changing request, and the names
that may be shown to other players.

- :class:`SecurityHeaders` adds a Content-Security-Policy (the pages load nothing from another
  site and run no inline script), ``X-Frame-Options: DENY``, ``nosniff`` and a same-origin
  referrer policy to every HTTP answer.  The tournament pages (``/tournament``) carry their
  clock script and print styles inline, so there inline scripts and styles are allowed.
- :class:`SameOrigin` refuses a WebSocket handshake or a POST (PUT, PATCH, DELETE) whose
  ``Origin`` is another site: a page elsewhere cannot sign a visitor in, make tables, mint bot
  tokens or play with the visitor's cookies.  A request with no ``Origin`` (a program: a bot,
  ``curl``) is let through: only browsers send it, and they always send it cross-site.
- :func:`shown_name_problem` refuses control and formatting characters (bidirectional
  overrides, zero-width marks) in the names other players read.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

TOURNAMENT_PREFIX = "/tournament"
# worker-src and manifest-src name what default-src already allows, so that the score
# keeper's service worker and web app manifest (same origin only) are explicit.
_POLICY = ("default-src 'self'; script-src 'self'{inline}; style-src 'self'{inline}; "
           "img-src 'self' data:; font-src 'self'; connect-src 'self'; worker-src 'self'; "
           "manifest-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
           "frame-ancestors 'none'")
CSP = _POLICY.format(inline="")
CSP_INLINE = _POLICY.format(inline=" 'unsafe-inline'")
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
# Unicode categories refused in a shown name: controls, formats (U+202E RIGHT-TO-LEFT
# OVERRIDE, U+200B ZERO WIDTH SPACE…), surrogates, private use, unassigned, line separators.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def shown_name_problem(name: str) -> str | None:
    """Why ``name`` may not be shown to other players, or None."""
    for char in name:
        if unicodedata.category(char) in REFUSED_CATEGORIES:
            return (f"a name may not hold control or formatting characters "
                    f"(U+{ord(char):04X})")
    return None


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


class SecurityHeaders:
    """Add the security headers to every HTTP answer that does not set them itself."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = str(scope.get("path", ""))
        inline = path == TOURNAMENT_PREFIX or path.startswith(TOURNAMENT_PREFIX + "/")
        added = [(b"content-security-policy", (CSP_INLINE if inline else CSP).encode()),
                 (b"x-frame-options", b"DENY"),
                 (b"x-content-type-options", b"nosniff"),
                 (b"referrer-policy", b"same-origin")]

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {bytes(k).lower() for k, _ in headers}
                headers += [(k, v) for k, v in added if k not in present]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)


class SameOrigin:
    """Refuse cross-site WebSocket handshakes and state-changing requests.

    A request's ``Origin`` must name the host it was sent to (its ``Host`` header) or one of
    ``allowed`` (full origins such as ``https://club.example``, for a proxy that rewrites the
    host)."""

    def __init__(self, app: ASGIApp, allowed: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed = {origin.rstrip("/").lower() for origin in allowed}

    def allows(self, origin: str, host: str | None) -> bool:
        origin = origin.strip().rstrip("/").lower()
        if origin in self.allowed:
            return True
        if origin == "null" or host is None:
            return False
        return urlsplit(origin).netloc == host.strip().lower()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        guarded = kind == "websocket" or (kind == "http" and scope["method"] not in SAFE_METHODS)
        origin = _header(scope, b"origin") if guarded else None
        if origin is None or self.allows(origin, _header(scope, b"host")):
            await self.app(scope, receive, send)
            return
        if kind == "websocket":
            await receive()  # websocket.connect
            await send({"type": "websocket.close", "code": 1008,
                        "reason": "cross-site WebSocket refused"})
            return
        body = json.dumps({"detail": f"cross-site request refused: origin {origin[:100]!r} "
                                     "is not this site"}).encode()
        await send({"type": "http.response.start", "status": 403,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
