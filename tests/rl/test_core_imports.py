"""The core never imports the RL stack; yamskit.rl says how to get it when it is missing."""

from __future__ import annotations

import subprocess
import sys


def test_the_core_imports_none_of_numpy_gymnasium_pettingzoo_pyspiel() -> None:
    code = (
        "import sys\n"
        "import yamskit, yamskit.bots, yamskit.bots.simulate, yamskit.records, yamskit.cli, yamskit.serialization\n"
        "for name in yamskit.variant_names():\n"
        "    for n in (2, 1, 4, 3):\n"
        "        try:\n"
        "            game = yamskit.variant(name).new_game(players=['A', 'B', 'C', 'D'][:n], seed=1)\n"
        "        except yamskit.RuleConfigError:\n"
        "            continue\n"
        "        game.legal_action_mask()\n"
        "        break\n"
        "print(sorted(m for m in ('numpy', 'gymnasium', 'pettingzoo', 'pyspiel') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_importing_yamskit_rl_without_the_extra_names_the_extra() -> None:
    code = (
        "import sys\n"
        "sys.modules['gymnasium'] = None\n"
        "try:\n"
        "    import yamskit.rl\n"
        "except ImportError as error:\n"
        "    print(error)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "pip install 'yamskit[rl]'" in out
