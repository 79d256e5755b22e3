"""The table layer: seats, views and menus for every system, under every face (API, web, terminal).

See :mod:`meikyu.table.base` for the shapes and :mod:`meikyu.table.registry` for the kinds.
This package imports systems, never ``api``, ``store``, ``web`` or ``cli``.
"""

from meikyu.i18n import register_catalog

register_catalog("table.", "meikyu.table.i18n")
