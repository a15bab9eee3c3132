"""Shared pytest configuration: hypothesis profiles, the strategy cache, and the Dask cluster of the cluster tests.

``HYPOTHESIS_PROFILE=ci`` (set by .ci/run's full run) runs more examples, derandomized so CI
is reproducible; the default ``dev`` profile (the README's quick run) tries 20 examples where a
test does not set its own number; ``mutation`` is small and derandomized for mutation runs.
"""

import json
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.configuration import set_hypothesis_home_dir

# What hypothesis keeps between runs (its examples, its Unicode tables) lives in the
# temporary folder, not in the work tree: the suite writes nothing inside the checkout.
set_hypothesis_home_dir(Path(tempfile.gettempdir()) / f"yamskit-hypothesis-{os.getuid()}")
# The full run's 100 examples a property are Hypothesis's own default; 150 took the full run
# (with coverage, on CI's 2 cores) past the 45 minutes .ci/run is allowed.
settings.register_profile(
    "ci",
    max_examples=100,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "dev",
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
# Mutation runs (docs/how-to/mutation-testing.md): few examples, always the same ones, so a
# mutant's verdict does not depend on luck and the run stays short.
settings.register_profile(
    "mutation",
    max_examples=25,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


#: Written by mutmut's recording run (in mutmut's ``mutants/`` copy): the functions that run
#: while yamskit and the test modules are imported (see `pytest_collection_finish`).
_IMPORT_TIME = Path(__file__).parent.parent / "mutation-import-time.json"


def _needs_fresh_import(mutant: str) -> bool:
    """Whether a mutant's function runs at import time, so its tests must import yamskit again.

    Every other mutant is switched on when its function is called (mutmut's trampolines read
    the mutant's name at each call), so the modules the forked process already holds serve,
    and the run saves the second or two that importing yamskit and the tests again costs.
    ``YAMSKIT_MUTATION_FRESH=1`` (or no record of the import-time functions) imports afresh
    for every mutant: the way to recheck survivors (``python mutation/run.py`` does).
    """
    if os.environ.get("YAMSKIT_MUTATION_FRESH") == "1" or not _IMPORT_TIME.is_file():
        return True
    function = mutant.partition("__mutmut_")[0]
    return function in json.loads(_IMPORT_TIME.read_text(encoding="utf-8"))


def pytest_configure(config: object) -> None:
    """Under a mutation run, import yamskit afresh so the mutant also builds the import-time tables.

    mutmut forks each mutant's test run from a process that has already imported yamskit,
    so the rule tables built at import time (category tables, variant rows) would come from
    the original code and a mutant in the functions that build them could never be caught.
    Forgetting those modules makes the test modules import yamskit again, with the mutant on
    (and, while mutmut records which tests reach which function, with that recording on).
    Only the mutants of functions that run at import time need this (`_needs_fresh_import`).
    """
    mode = os.environ.get("MUTANT_UNDER_TEST", "")
    if mode != "stats" and ("__mutmut_" not in mode or not _needs_fresh_import(mode)):
        return
    stale = [name for name in sys.modules if name.split(".")[0] == "yamskit" or name.startswith("tests.")]
    for name in stale:
        if name != "tests.conftest":
            del sys.modules[name]


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Under a mutation run, a mutant that breaks importing yamskit fails the run, like a failing test.

    pytest reports errors while collecting as "interrupted" (exit code 2), which mutmut would
    count as a run stopped by the user rather than a mutant caught.
    """
    mutant = "__mutmut_" in os.environ.get("MUTANT_UNDER_TEST", "")
    if mutant and exitstatus == pytest.ExitCode.INTERRUPTED and session.testsfailed:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_collection_finish(session: pytest.Session) -> None:
    """Under mutmut's recording run, credit what importing yamskit ran to every collected test.

    mutmut runs for each mutant only the tests that reached the mutated function. What runs
    while the test modules import yamskit (building category tables, the board's lines, the
    variants some test modules create at module level) would otherwise be credited to the first
    test alone, and a mutant there would be tried against that one test.
    """
    if os.environ.get("MUTANT_UNDER_TEST", "") != "stats":
        return
    from mutmut.state import state

    reached = set(state()._stats)
    state()._stats.clear()
    known = json.loads(_IMPORT_TIME.read_text(encoding="utf-8")) if _IMPORT_TIME.is_file() else []
    _IMPORT_TIME.write_text(json.dumps(sorted(reached.union(known)), indent=0), encoding="utf-8")
    for item in session.items:
        nodeid = item.nodeid.removeprefix("mutants/")
        for name in reached:
            state().tests_by_mangled_function_name[name].add(nodeid)


@pytest.fixture(autouse=True, scope="session")
def _strategy_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Solved strategies go to a folder of the session, never to the user's cache.

    `yamskit.bots.player` and `yamskit advise` keep what they solve in ``$YAMSKIT_CACHE``
    (else ``~/.cache/yamskit``); pointing it at a temporary folder for the whole suite keeps
    every test from writing in the home folder and from reading what a user or an earlier
    run left there (subprocesses of the CLI tests inherit it).
    """
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("YAMSKIT_CACHE", str(tmp_path_factory.mktemp("strategy-cache")))
        yield


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """A real `distributed.LocalCluster` of two worker processes, one per test module (skipped without Dask)."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, host="127.0.0.1"
    ) as local:
        yield local


#: What a copy of the checkout leaves out: version control, caches and earlier builds.
_NOT_SOURCE = (
    ".git",
    "build",
    "dist",
    "site",
    "mutants",
    "*.egg-info",
    "__pycache__",
    ".*_cache",
    ".hypothesis",
    ".venv",
)


@pytest.fixture(scope="session")
def source_tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the checkout in a temporary folder, for the tests that build it.

    Building a wheel or an sdist writes ``build/`` and ``*.egg-info`` beside the sources;
    building the copy keeps the checkout untouched.
    """
    root = Path(__file__).resolve().parents[1]
    copy = tmp_path_factory.mktemp("source") / "yamskit"
    shutil.copytree(root, copy, ignore=shutil.ignore_patterns(*_NOT_SOURCE))
    return copy


#: Long single checks the README's quick run (``-m "not slow"``) leaves to the full run, each
#: with its cost on this project's 2-core machine; what they check is also checked, on shorter
#: games, in the quick run. (Whole tests carry their ``slow`` marker where they are written.)
SLOW_CASES = {
    "tests/variants/classic/test_playout.py::test_classic_machine::runTest": "17 s: the stateful classic machine",
    "tests/web/test_page.py::test_every_variant_plays_to_the_end_through_the_page[competitive-1v1]": "10 s",
    "tests/web/test_page.py::test_every_variant_plays_to_the_end_through_the_page[yam-master-None]": "7 s",
    "tests/variants/competitive/test_play.py::test_1v1_random_game_with_every_check_at_every_step": "10 s",
    "tests/variants/challenge/test_playout.py::test_solo_game_checked_at_every_step": "10 s",
    "tests/test_history.py::test_a_long_history_pickles_and_is_freed_without_recursion": "8 s",
    "tests/position/test_exhaustive_yam_master.py::test_the_checks_accept_exactly_the_reachable_turn_starts"
    "[9 turns, the top row: rows of five]": "7 s",
    "tests/position/test_witness_playouts.py::test_every_state_of_a_random_game_is_accepted_and_its_witness_"
    "reaches_it[competitive-{'mode': '2v2'}-4]": "6 s",
    "tests/position/test_position.py::test_every_state_of_a_playout_can_be_set_up_by_name[competitive-options2-3]": (
        "6 s"
    ),
    "tests/position/test_exhaustive_yamslam.py::test_the_checks_accept_exactly_the_reachable_states"
    "[standard, 2 players, up to 3 chips out]": "6 s",
    "tests/variants/competitive/test_play.py::test_endgame_with_every_check_at_every_step[2v2]": "10 s",
    "tests/variants/yam_master/test_playout.py::test_eager_games_end_every_way_and_keep_the_invariants": "6 s",
    "tests/records/test_records.py::test_corrupted_records_are_invalid_at_the_first_illegal_move[yam-master]": "6 s",
    "tests/variants/yamslam/test_playout.py::test_any_game_conserves_chips_and_ends": "5 s",
    "tests/variants/challenge/test_playout.py::test_multiplayer_games_end_with_every_box_filled[2-5]": "5 s",
    "tests/variants/competitive/test_play.py::TestCompetitiveMachine::runTest": "5 s",
    # (after the Kniffel and Generala presets and the dice tables took the quick run to 5 min 34 s)
    "tests/test_docs.py::test_python_blocks_run[docs/playground.md]": "12 s: also run in the page, in a browser",
    "tests/cli/test_saves.py::test_resume_continues_the_saved_game_with_its_bots_levels_and_dice": "10 s",
    "tests/variants/yam_master/test_playout.py::test_random_games_keep_the_step_invariants_to_the_end[options1-15-6]": (
        "7 s"
    ),
    "tests/variants/competitive/test_play.py::test_endgame_with_every_check_at_every_step[1v1v1]": "7 s",
    "tests/notation/test_notation.py::test_notation_round_trips_games_full_of_five_of_a_kind[classic-options2-1]": (
        "7 s"
    ),
    "tests/notation/test_notation.py::test_notation_round_trips_games_full_of_five_of_a_kind[classic-options0-1]": (
        "6 s"
    ),
    "tests/notation/test_notation.py::test_notation_round_trips_every_reachable_state[challenge-{}]": "6 s",
    # (the Balut preset: 28 boxes a player)
    "tests/notation/test_notation.py::test_notation_round_trips_every_reachable_state[balut-{}]": "17 s",
    "tests/notation/test_notation.py::test_notation_round_trips_games_full_of_five_of_a_kind[balut-options11-2]": (
        "6 s"
    ),
    "tests/variants/challenge/test_playout.py::test_multiplayer_games_end_with_every_box_filled[3-17]": "6 s",
    "tests/variants/yatzy/test_playout.py::test_yatzy_machine::runTest": "6 s",
    "tests/notation/test_notation.py::test_notation_round_trips_every_reachable_state"
    "[yam-master-{'removed': 'out', 'max_turns': 80}]": "6 s",
    "tests/notation/test_notation.py::test_notation_round_trips_every_reachable_state[yamslam-{'mode': 'team'}]": (
        "6 s"
    ),
    "tests/variants/yamslam/test_playout.py::test_random_games_check_every_step[team]": "5 s",
    "tests/notation/test_notation.py::test_notation_round_trips_every_reachable_state[maxi-yatzy-{}]": "5 s",
}


#: Tests whose many repetitions (whole games, fuzzing, exhaustive or oracle sweeps) cost most
#: under coverage tracing in the full run, each with its traced seconds (2 cores, 2026-12-04,
#: when the full run's tests took 29 min 28 s and the landed .ci/run 61 min, past its 45). The
#: lines they reach are reached by the rest of the suite too, so they run untraced like the slow
#: cases (pytest-cov's ``no_cover``): about 900 s of work traced, some 2.5 times less untraced.
#: They still run, at the full run's strength; only the coverage report leaves them out (the
#: floor is met without them). Keyed by test function, every parameter included;
#: tests/test_conftest.py checks that each key names a test that exists.
UNTRACED = {
    "tests/bots/test_expert.py::test_expert_plays_whole_games_of_every_setup_legally": "69 s",
    "tests/records/test_fuzz.py::test_any_action_anywhere_in_any_variant_gives_a_report": "66 s",
    "tests/test_legal_fast.py::test_fast_legal_ids_equal_the_generate_and_test_reference": "62 s",
    "tests/records/test_records.py::test_corrupted_records_are_invalid_at_the_first_illegal_move": "51 s",
    "tests/svg/test_svg.py::test_every_picture_of_a_random_game_holds_the_numbers_of_its_state": "51 s",
    "tests/rl/test_openspiel.py::test_random_sim_test_passes": "50 s",
    "tests/bots/test_duel_sheet.py::test_the_player_plays_every_mode_legally_and_alike_for_a_seed": "47 s",
    "tests/solver/test_distribution_oracle.py::test_distribution_is_that_of_the_bot": "37 s",
    "tests/notation/test_notation.py::test_notation_round_trips_every_reachable_state": "33 s",
    "tests/rl/test_scorer.py::test_the_scorer_agrees_with_the_result_at_every_state": "30 s",
    "tests/solver/test_solver.py::test_forced_joker_positions_equal_brute_force": "24 s",
    "tests/solver/test_solver.py::test_solver_equals_exact_brute_force_expectimax_on_small_games": "22 s",
    "tests/variants/maxi_yatzy/test_playout.py::test_random_games_keep_every_invariant_at_every_step": "22 s",
    "tests/rl/test_rewards.py::test_pettingzoo_every_agents_rewards_add_up_to_its_final_score": "19 s",
    "tests/variants/generala/test_playout.py::test_generala_machine::runTest": "18 s",
    "tests/position/test_exhaustive_scorecard.py::test_the_checks_accept_exactly_the_reachable_turn_starts": "17 s",
    "tests/solver/test_store.py::test_start_values_equal_the_oracle_for_every_cap": "17 s",
    "tests/test_legal_fast.py::test_apply_accepts_exactly_the_legal_ids": "16 s",
    "tests/solver/test_distribution_served.py::test_distribution_equals_the_served_oracle": "16 s",
    "tests/bots/test_expert.py::test_the_expert_level_plays_whole_games_reproducibly": "16 s",
    "tests/solver/test_target.py::test_equals_the_oracle": "14 s",
    "tests/solver/test_generala.py::test_positions_near_the_end_equal_the_engine": "14 s",
    "tests/rl/test_gymnasium.py::test_seeded_resets_give_identical_episodes": "14 s",
    "tests/notation/test_action_text.py::test_every_legal_action_reads_back_from_both_texts": "14 s",
    "tests/solver/test_distribution_oracle.py::test_distribution_equals_oracle": "14 s",
    "tests/position/test_witness_playouts.py::"
    "test_every_state_of_a_random_game_is_accepted_and_its_witness_reaches_it": "13 s",
    "tests/rl/test_rewards.py::test_gym_score_rewards_add_up_to_the_final_score_over_50_episodes": "13 s",
    "tests/position/test_exhaustive_yamslam.py::test_the_checks_accept_exactly_the_reachable_states": "13 s",
    "tests/test_api_fuzz.py::test_a_constructor_and_what_a_state_makes_of_its_value_raise_only_yamskit_errors": "11 s",
    "tests/variants/balut/test_playout.py::test_random_games_keep_every_invariant_at_every_step": "11 s",
    "tests/bots/test_duel_sheet.py::test_the_column_weights_are_finite_and_positive_through_a_whole_game": "11 s",
    "tests/solver/test_store_sim.py::test_each_game_is_the_game_best_action_plays": "11 s",
    "tests/rl/test_frameworks.py::test_sb3_contrib_action_masker_and_maskable_ppo_train_a_few_thousand_steps": "9 s",
    "tests/test_playout_records.py::test_a_seeded_game_writes_what_it_wrote_before_the_refactoring": "8 s",
    "tests/solver/test_target.py::test_games_through_the_api_reach_the_target_as_often_as_stated": "8 s",
    "tests/variants/classic/test_playout.py::test_random_games_keep_every_invariant_at_every_step": "8 s",
    "tests/rl/test_gymnasium.py::test_an_observer_kept_through_a_game_gives_the_vectors_of_a_fresh_one": "8 s",
    "tests/solver/test_served_oracle.py::test_solver_equals_served_oracle": "8 s",
    "tests/variants/yacht/test_playout.py::test_random_games_keep_every_invariant_at_every_step": "8 s",
    "tests/position/test_exhaustive_yam_master.py::test_the_checks_accept_exactly_the_reachable_turn_starts": "8 s",
    "tests/records/test_records.py::test_any_game_round_trips_through_a_record_and_json": "7 s",
    "tests/test_registry_names.py::test_every_spelling_of_every_builtin_name_is_that_variant": "7 s",
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.nodeid in SLOW_CASES:
            item.add_marker(pytest.mark.slow)
        if item.get_closest_marker("slow") is not None or item.nodeid.split("[")[0] in UNTRACED:
            # The long cases replay whole games, sessions and sdists whose lines the quick cases
            # already reach; under line and branch tracing they ran about seven times slower
            # (the classic state machine: 15 s untraced, 106 s traced), which took .ci/run past
            # its 45 minutes. They run untraced (pytest-cov's no_cover); the coverage floor is
            # met by the rest (.ci/run). So do the functions of UNTRACED, for the same reason.
            item.add_marker(pytest.mark.no_cover)


@pytest.hookimpl(wrapper=True, trylast=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """Run a ``no_cover`` test with no coverage tracer at all, under pytest-xdist too.

    pytest-cov's marker pauses only its own measurement. In an xdist worker (pytest-cov 7.1,
    pytest-xdist 3.8) the plugin starts two: the worker's, and one more when it reads ``-n``
    at start-up; pausing the first resumes the second, which goes on tracing every line.
    ``sys.gettrace()`` inside a marked test was still coverage's tracer, and the "untraced"
    tests of the full run ran traced (the classic state machine: 16 s alone, 54 s in
    ``pytest -n 2 --cov``). This wrapper runs inside pytest-cov's pause: it stops every
    measurement still started and starts them again, in their order, once the test is done.
    """
    if item.get_closest_marker("no_cover") is None or "coverage" not in sys.modules:
        return (yield)
    import coverage

    stopped = []
    while (measurement := coverage.Coverage.current()) is not None:
        measurement.stop()
        stopped.append(measurement)
    try:
        return (yield)
    finally:
        for measurement in reversed(stopped):
            measurement.start()
