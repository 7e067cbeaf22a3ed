# SPDX-License-Identifier: GPL-2.0-or-later
"""Load a sibling generator (gen-*.py) as a module, for the generators that
build on another's program writer and model."""

import importlib.util
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def load(name):
    spec = importlib.util.spec_from_file_location(name.replace("-", "_"),
                                                  os.path.join(HERE, name + ".py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod
