"""The table layer's shared shapes: seats, menu items and the :class:`TableKind` protocol.

A *table kind* is one way a system is played at a table (Meikyuu Kingdom's ``battle``, the
gamebook's ``reading`` …). It sets a game up, says who sits at it (``seats``), who may take each
action (``seats_for``), what each seat may see (``view``, ``events_for``, ``prompt``) and what each
seat may do (``menu``). Faces — the HTTP games API, the web table, the terminal runners, bots —
ask the kind and never look inside a system's state.

>>> item = MenuItem("roll", {"@type": "RollCreation"}, "roll 2D6", "reader", "check", seat="reader")
>>> item.to_data()["key"], item.to_data()["odds"]
('roll', None)
>>> odds_data(Fraction(29, 36))
{'success': '29/36', 'success_pct': 80.56}
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol, TypeVar

from meikyu.engine import Action, Event, Rules

GM = "gm"
"""The GM's seat. Players sit at ``pc:<character id>`` (MK), ``player:<id>`` (Liberator), ``reader`` (gamebook)."""

KINDS_OF_ITEM: tuple[str, ...] = ("move", "attack", "support", "interrupt", "hope", "prompt", "check", "gm",
                                  "other")
"""The menu item kinds, in the order a page shows them inside one group."""


@dataclass(frozen=True)
class MenuItem:
    """One legal action offered to a seat.

    ``key`` stays the same while the action stays legal (never a list position); ``action`` is
    ``rules.actions.dump(action)``, what a client posts back verbatim; ``group`` is whose it is
    (a character or player id, ``"gm"`` or ``""``); ``kind`` one of :data:`KINDS_OF_ITEM`;
    ``odds`` the exact odds of the check that follows, when the project can compute them cheaply;
    ``seat`` the seat the action belongs to — when it differs from the seat asking (a GM acting for
    an absent player), the label says so too. ``form``, when given, names fields of ``action`` the
    client fills in before posting it (a count, a name, a room): ``{field: {"type": "int", "min": 0,
    "max": 40} | {"type": "text"} | {"type": "json"} | {"type": "choice", "options": [{"value": …, "label":
    …}]}}`` (``json``: any value, typed as JSON — a number, true/false — or as a bare word, read as text;
    with ``follows: [choice, …]`` and ``defaults`` — nested by those choices' values — the page shows the
    chosen entry of ``defaults`` each time one of the choices changes: a GM ruling's field's value now),
    each with an optional ``label`` in the seat's language (a text with ``optional`` may stay empty);
    ``action`` then holds a default for each. The rules check whatever is posted. ``confirm``, when given,
    is what a page asks before posting the item (in the seat's language): it cannot be taken back (but by the
    GM's undo) or it affects everyone — a surrender, giving a scenario up, a kingdom disaster it sets off
    (with the chance of the disaster table's worst results), a phase ended with players' actions left.
    """

    key: str
    action: dict[str, Any]
    label: str
    group: str
    kind: str
    odds: dict[str, Any] | None = None
    seat: str = ""
    form: dict[str, Any] | None = None
    confirm: str | None = None

    def to_data(self) -> dict[str, Any]:
        """The item as plain data (sharing ``action``, ``odds`` and ``form`` with the item: read, don't
        mutate). A field-by-field dict: :func:`dataclasses.asdict` deep-copies, which cost more than
        building the menu."""
        out: dict[str, Any] = {"key": self.key, "action": self.action, "label": self.label, "group": self.group,
                               "kind": self.kind, "odds": self.odds, "seat": self.seat, "form": self.form}
        if self.confirm:  # only where asked: most items have none, and every answer carries the menu
            out["confirm"] = self.confirm
        return out


class TableKind(Protocol):
    """One (system, kind) a table can play; see the module docstring and ``TABLE_CONTRACT.md``."""

    system: str
    kind: str
    rules: Rules[Any]

    def setup(self, setup: str | dict[str, Any], lang: str) -> Any: ...

    def seats(self, state: Any) -> list[str]: ...

    def seats_for(self, state: Any, action: Action) -> frozenset[str]: ...

    def view(self, state: Any, seat: str, lang: str) -> dict[str, Any]: ...

    def events_for(self, state_before: Any, state_after: Any, events: Sequence[Event], seat: str,
                   lang: str) -> list[dict[str, Any]]: ...

    def menu(self, state: Any, seat: str, lang: str) -> list[MenuItem]: ...

    def prompt(self, state: Any, seat: str, lang: str) -> dict[str, Any] | None: ...


def odds_data(success: Fraction, **more: Fraction) -> dict[str, Any]:
    """Exact odds as plain data: fractions as strings, percentages rounded to two places.

    >>> odds_data(Fraction(1, 2), critical=Fraction(1, 36))["critical_pct"]
    2.78
    """
    out: dict[str, Any] = {}
    for name, value in {"success": success, **more}.items():
        out[name] = f"{value.numerator}/{value.denominator}"
        out[f"{name}_pct"] = round(float(value) * 100, 2)
    return out


def sort_menu(items: Sequence[MenuItem]) -> list[MenuItem]:
    """Items grouped by ``group`` (first appearance order) then by kind (:data:`KINDS_OF_ITEM` order),
    keeping the rules' own order inside each kind (the recommended action first)."""
    groups: dict[str, int] = {}
    for item in items:
        groups.setdefault(item.group, len(groups))
    rank = {k: i for i, k in enumerate(KINDS_OF_ITEM)}
    order = sorted(range(len(items)), key=lambda i: (groups[items[i].group], rank.get(items[i].kind, 99), i))
    return [items[i] for i in order]


_Kind = TypeVar("_Kind")
_Out = TypeVar("_Out")
KEPT_PER_METHOD = 256
"""How many (state, arguments) answers :func:`per_state` keeps per method."""


def per_state(method: Callable[..., list[_Out]]) -> Callable[..., list[_Out]]:
    """Remember ``method(kind, state, *args)`` for the states last asked about, so one version's menu is
    built once however often it is asked for (the answer, the prompt built from it, each push). States are
    immutable values: the key is the state object itself (its ``id``, with the state held so the id cannot
    be reused) and the other arguments, never the state's contents, so a look-up costs nothing. Each call
    returns a new list of the same (frozen) items.

    >>> class Kind:
    ...     calls = 0
    ...     @per_state
    ...     def menu(self, state, seat, lang):
    ...         Kind.calls += 1
    ...         return [seat]
    >>> state = object()
    >>> Kind().menu(state, "gm", "en"), Kind().menu(state, "gm", "en"), Kind.calls
    (['gm'], ['gm'], 1)
    """
    kept: OrderedDict[tuple[Any, ...], tuple[Any, list[_Out]]] = OrderedDict()
    lock = threading.Lock()

    @functools.wraps(method)
    def remembered(self: Any, state: Any, *args: Any) -> list[_Out]:
        key = (id(state), *args)
        with lock:
            hit = kept.get(key)
            if hit is not None and hit[0] is state:
                kept.move_to_end(key)
                return list(hit[1])
        out = method(self, state, *args)
        with lock:
            kept[key] = (state, out)
            while len(kept) > KEPT_PER_METHOD:
                kept.popitem(last=False)
        return list(out)

    return remembered
