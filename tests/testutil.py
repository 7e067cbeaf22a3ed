# SPDX-License-Identifier: GPL-2.0-or-later
"""Helpers shared by the Python tests under tests/ (import it after putting
tests/ on sys.path)."""

import importlib.machinery
import importlib.util
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load_module(path, name=None):
    """A Python file that is not named like a module (scripts/tile-gdb,
    tests/qemu/boot-test.py), loaded as one; path is relative to the
    repository root."""
    name = name or os.path.basename(path).replace("-", "_").replace(".py", "")
    loader = importlib.machinery.SourceFileLoader(name, os.path.join(ROOT, path))
    spec = importlib.util.spec_from_loader(name, loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod
