"""Liberator (リーベラトール ～剣と魔法と影の支配者～): cards, missions and the table as a state machine.

Modules, one job each:

- :mod:`~meikyu.systems.liberator.effects` — the special-effect notation (``即:捨``, ``付:P+1``, ``追:C`` …)
- :mod:`~meikyu.systems.liberator.cards` — card data (jobs, actions, feats, obstacles, enhancements) and loading
- :mod:`~meikyu.systems.liberator.cardmaking` — the card-making rules: validator and a power-row designer
- :mod:`~meikyu.systems.liberator.character` — creation, hand and discard, experience use (R-LB-13)
- :mod:`~meikyu.systems.liberator.mission` — evaluation table, the seeded mission generator
- :mod:`~meikyu.systems.liberator.state` / :mod:`~meikyu.systems.liberator.rules` — the table (R-LB-01…12, 14);
  the machine behind it: ``machine`` (step), ``context``, ``flow``, ``setup_phase``, ``turn``, ``abilities``,
  ``checks``, ``answers``, ``experience``, ``legal``, ``guards``
- :mod:`~meikyu.systems.liberator.odds` — exact odds of removing chosen obstacles this turn

Nothing is loaded at import time; data files are read on first use.
"""

from __future__ import annotations

from meikyu.i18n import register_catalog

register_catalog("lb.", "meikyu.systems.liberator.i18n")

ID = "liberator"
NAMES = ("Liberator", "lb", "liberator", "リーベラトール", "리베라토르")
DEFAULT_LANG = "ja"
