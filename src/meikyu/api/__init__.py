"""The HTTP face of meikyu: a bcdice-api v2 compatible server (``meikyu serve``).

Nothing heavy is imported here, so ``meikyu.api.cli`` can be hooked into the CLI without pulling in
the web framework; :func:`meikyu.api.app.create_app` builds the ASGI application.

>>> from meikyu.api.config import ApiConfig
>>> ApiConfig().max_body_bytes
65536
"""

from meikyu.i18n import register_catalog

register_catalog("api.", "meikyu.api.i18n")
