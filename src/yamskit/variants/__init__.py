"""The variants shipped with yamskit, one module each.

Every module here exposes ``VARIANTS``: a mapping from registry name to a factory
that takes the variant's keyword-only options. `yamskit.registry` finds them.
"""
