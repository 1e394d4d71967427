"""
WSGI config for avalon_site project.

It exposes the WSGI callable as a module-level variable named ``application``.

For more information on this file, see
https://docs.djangoproject.com/en/5.2/howto/deployment/wsgi/
"""

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "avalon_site.settings")

# As django.core.wsgi.get_wsgi_application, with its requests freed as they end.
django.setup(set_prefix=False)

from avalon_site.serving import RequestsFreedWSGIHandler, warm_up  # noqa: E402

application = RequestsFreedWSGIHandler()

warm_up()
