"""Shared test helpers: card shorthands and position builders."""
