"""Seat tokens: long random secrets, of which the store keeps only a hash.

A token carries 256 bits from :func:`secrets.token_urlsafe`, so a plain SHA-256 is enough (no slow
password hash is needed for a secret nobody chose); comparisons take constant time.

>>> token = new_token()
>>> len(token) >= 43, matches(token, hash_token(token)), matches("guess", hash_token(token))
(True, True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import string


def new_token() -> str:
    return secrets.token_urlsafe(32)


_ID_LETTERS = string.ascii_letters + string.digits


def new_game_id() -> str:
    """A short random id for URLs and commands: 12 letters and digits (never a leading ``-``); not a secret,
    the tokens are."""
    return "".join(secrets.choice(_ID_LETTERS) for _ in range(12))


def seat_url(game_id: str, token: str) -> str:
    """The seat's link: the token sits in the fragment, which browsers never send to a server.

    >>> seat_url("g1", "t0k")
    '/play/g1#token=t0k'
    """
    return f"/play/{game_id}#token={token}"


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def matches(token: str, token_hash: str) -> bool:
    return hmac.compare_digest(hash_token(token), token_hash)


def seat_for(token: str, hashes: dict[str, str]) -> str | None:
    """The seat whose hash the token matches (every seat is compared, so timing tells nothing)."""
    found = None
    digest = hash_token(token)
    for seat, stored in hashes.items():
        if hmac.compare_digest(digest, stored):
            found = seat
    return found
