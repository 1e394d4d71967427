"""
WSGI config for avalon_site project.

It exposes the WSGI callable as a module-level variable named ``application``.

For more information on this file, see
https://docs.djangoproject.com/en/5.2/howto/deployment/wsgi/
"""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "avalon_site.settings")

application = get_wsgi_application()

from avalon_site.serving import warm_up  # noqa: E402

warm_up()
