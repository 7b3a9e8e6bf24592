"""The compiled part of the project: the exact matcher behind the Dutch pairings.

Everything else is declared in pyproject.toml. The extension is optional: when it cannot be built
(no C compiler), the install goes on and the pairings use networkx's pure-Python matcher
(tournaments/pairing/matching.py chooses).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "tournaments.pairing._blossom",
            sources=["native/blossom.c"],
            extra_compile_args=["-O3", "-std=gnu99", "-Wall", "-Wextra", "-Wno-unused-parameter"],
            optional=True,
        )
    ]
)
