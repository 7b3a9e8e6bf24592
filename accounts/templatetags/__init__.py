"""The people's template tags: ``policy``, the permission policy in templates
(``{% load policy %}``, ``{% if obj in user|may:"submit record" %}``).
"""
