"""The GM's seat management: every seat's link listed again, new links, spectators added mid-game.

Links are kept sealed with the GM's token (:mod:`meikyu.store.seals`); a link is listed only when its sealed
copy opens to the token the seat holds now (a game made before links were kept lists none: the GM issues a new
one). A **spectator** seat (``spectator:<name>``) sees what every player sees in public and may talk in
public; the rules give it no action and no whisper reaches it. :class:`Seats` is a part of
:class:`meikyu.store.service.Games`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from meikyu.errors import InputError
from meikyu.store import seals
from meikyu.store.tokens import hash_token, matches, new_token
from meikyu.table import talk

if TYPE_CHECKING:
    from meikyu.store.base import Store
    from meikyu.store.loaded import Loaded

GM = "gm"
MAX_NAME = 20
_BAD_NAME = re.compile(r"[\x00-\x1f\x7f:/#?%\\]")


def role_of(seat: str) -> str:
    """``gm``, ``spectator`` or ``player``."""
    return GM if seat == GM else "spectator" if seat.startswith(talk.SPECTATOR) else "player"


class Seats:
    """Seat links and spectators (:class:`~meikyu.store.service.Games` supplies the rest)."""

    if TYPE_CHECKING:
        store: Store

        def load(self, game_id: str, use_snapshots: bool = True) -> Loaded: ...

        def all_seats(self, game: Loaded) -> list[str]: ...

        def replace_token(self, game_id: str, by_seat: str, seat: str) -> str: ...

    def seal_links(self, game_id: str, gm_token: str, tokens: dict[str, str]) -> None:
        """Keep ``tokens`` (seat → token) sealed with the GM's token."""
        self.store.set_sealed_links(game_id, {seat: seals.seal(gm_token, game_id, seat, token)
                                              for seat, token in tokens.items() if seat != GM})

    def seat_list(self, game_id: str, seat: str, gm_token: str, lang: str) -> list[dict[str, Any]]:
        """Every seat (GM only): ``seat``, ``name``, ``role`` and ``token`` when its link is kept."""
        from meikyu.store.refusals import Forbidden

        if seat != GM:
            raise Forbidden("games.error.gm_only")
        game = self.load(game_id)
        hashes = self.store.token_hashes(game_id)
        sealed = self.store.sealed_links(game_id)
        out = []
        for s in self.all_seats(game):
            token = gm_token if s == GM else seals.unseal(gm_token, game_id, s, sealed.get(s, ""))
            known = token is not None and s in hashes and matches(token, hashes[s])
            out.append({"seat": s, "name": talk.seat_name(game.kind, game.state, s, lang), "role": role_of(s),
                        "token": token if known else None})
        return out

    def new_link(self, game_id: str, by_seat: str, gm_token: str, seat: str) -> str:
        """A new token for ``seat`` (GM only; the old one stops at once), kept sealed. A new GM link seals
        every other kept link again with it."""
        kept: dict[str, str] = {}
        if seat == GM and by_seat == GM:
            kept = {s["seat"]: s["token"] for s in self.seat_list(game_id, GM, gm_token, "en")
                    if s["token"] and s["seat"] != GM}
        token = self.replace_token(game_id, by_seat, seat)
        if seat == GM:
            self.seal_links(game_id, token, kept)
        else:
            self.seal_links(game_id, gm_token, {seat: token})
        return token

    def add_spectator(self, game_id: str, by_seat: str, gm_token: str, name: Any) -> tuple[str, str]:
        """A spectator seat called ``name`` (GM only): its seat and token."""
        from meikyu.store.refusals import Forbidden, Refused

        if by_seat != GM:
            raise Forbidden("games.error.gm_only")
        if not isinstance(name, str) or not 0 < len(name.strip()) <= MAX_NAME or _BAD_NAME.search(name):
            raise InputError("games.error.spectator_name", most=MAX_NAME)
        seat = talk.SPECTATOR + name.strip()
        game = self.load(game_id)
        if seat in self.all_seats(game):
            raise Refused(InputError("games.error.seat_taken", name=name.strip()))
        token = new_token()
        self.store.set_token_hash(game_id, seat, hash_token(token))
        self.seal_links(game_id, gm_token, {seat: token})
        return seat, token
