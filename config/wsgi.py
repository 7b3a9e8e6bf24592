"""The WSGI application (gunicorn's workers): Django's, the process's loaded objects then kept out
of the garbage collector's full passes (``config.memory``)."""

import os

from django.core.wsgi import get_wsgi_application

from config.memory import settle

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()
settle()
