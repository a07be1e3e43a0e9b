"""The variants built into scorekeeper: :data:`BUILT_IN`, the one list of them in code (the
registry, :mod:`scorekeeper.core.variants`, loads each when first asked for).

Kept in a module of its own that imports nothing, so that telling whether a session's variant is
a built-in one (`sessions` over a database of older sessions, which record no package) loads no
variant and none of the rule book's machinery.
"""

#: The variants built in, in the order ``rules`` lists them: id -> the module whose ``VARIANT``
#: is the variant. Adding a built-in variant adds its line here (docs/plugins.md).
BUILT_IN: dict[str, str] = {
    "rummy500": "scorekeeper.core.variants.rummy500",
    "rum500": "scorekeeper.core.variants.rum500",
    "carousel": "scorekeeper.core.variants.carousel",
    "crazy": "scorekeeper.core.variants.crazy",
    "gin": "scorekeeper.core.variants.gin",
    "contract": "scorekeeper.core.variants.contract",
    "indian": "scorekeeper.core.variants.indian",
    "canasta": "scorekeeper.core.variants.canasta",
}
