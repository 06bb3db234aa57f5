"""Each feature with state of its own keeps it in its own module here, and declares its address.

A feature module holds its ``Slot``s (what the session keeps) and its ``PageState`` (what its page
reads from and writes to the address); ``ui.session`` keeps only what every page shares. The
registry (``ui.features.registry.STATES``) lists them; app.py hands it to the session's start,
history and address.
"""
