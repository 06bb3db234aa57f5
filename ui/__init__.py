"""The app layer: one module per job (see the README's layout section)."""
