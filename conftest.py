"""Collection guards for the doctests under src/: modules needing an extra that is not installed are skipped."""

from importlib.util import find_spec

collect_ignore_glob: list[str] = []
if find_spec("gymnasium") is None or find_spec("numpy") is None:
    collect_ignore_glob.append("src/yamskit/rl/*.py")
if find_spec("pettingzoo") is None:
    collect_ignore_glob.append("src/yamskit/rl/pettingzoo.py")
if find_spec("pyspiel") is None:
    collect_ignore_glob.append("src/yamskit/rl/openspiel.py")
