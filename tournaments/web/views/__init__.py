"""Page views, one module per page group; every change goes through a feature service."""
