"""Seat links kept so that only the GM can read them again: each seat's token sealed with a key made from
the GM's token.

The store keeps tokens only as hashes, so a link shown once was lost for good if its player lost it. A sealed
copy lets the GM page list every link again: the key is an HMAC of the GM's token (256 random bits the store
never holds) over the game, the seat and a fresh nonce, and the token is XORed with a SHAKE-256 stream of that
key. Without the GM's token, the store's copy says nothing; a fresh nonce per sealing means two sealings of one
seat never share a stream (a leaked old link tells nothing of its replacement).

>>> box = seal("gm-token", "g1", "pc:a", "player-token")
>>> unseal("gm-token", "g1", "pc:a", box), unseal("another", "g1", "pc:a", box) == "player-token"
('player-token', False)
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets


def _stream(gm_token: str, game_id: str, seat: str, nonce: bytes, size: int) -> bytes:
    key = hmac.new(gm_token.encode("utf-8", "surrogatepass"),
                   b"meikyu seat link\0" + game_id.encode() + b"\0" + seat.encode() + b"\0" + nonce,
                   hashlib.sha256).digest()
    return hashlib.shake_256(key).digest(size)


def seal(gm_token: str, game_id: str, seat: str, token: str) -> str:
    data = token.encode("utf-8")
    nonce = secrets.token_bytes(16)
    stream = _stream(gm_token, game_id, seat, nonce, len(data))
    return base64.urlsafe_b64encode(nonce + bytes(a ^ b for a, b in zip(data, stream, strict=True))).decode()


def unseal(gm_token: str, game_id: str, seat: str, sealed: str) -> str | None:
    """The token, or None when ``sealed`` is not readable (another GM token, damaged)."""
    try:
        raw = base64.urlsafe_b64decode(sealed.encode())
    except ValueError:
        return None
    nonce, body = raw[:16], raw[16:]
    stream = _stream(gm_token, game_id, seat, nonce, len(body))
    try:
        return bytes(a ^ b for a, b in zip(body, stream, strict=True)).decode("utf-8")
    except UnicodeDecodeError:
        return None
