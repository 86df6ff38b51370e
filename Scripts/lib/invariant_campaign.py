"""The invariant campaign: seeded suites, shard plans and faults, run through the real
executables, checked against what the generator knows.

The invariant, after every run and every merge (`specs report`):

    exit 0  if and only if  every selected scenario ran exactly once and passed,
    and every output agrees (the summary's verdict line, JUnit's failures and errors and
    its test count, NDJSON testRunFinished.success, the HTML book's verdict band, the
    rerun file empty iff passed and naming every scenario that did not pass).

What ran is never taken from the tool under test: every generated scenario's first step
appends `ID:start` and its last step `ID:end` to a ledger file (the fixture runner's
step `a step that records {string}`), so a scenario ran and passed exactly once when the
ledgers of the streams given hold one start and one end of it. Which faults and shard
plans were applied is the generator's own record.

A `--dry-run` runs nothing by design: its own exit code and book are not judged, only that its
summary, JUnit, NDJSON and rerun file agree with its exit; a merge of its stream is judged in full.
A run the campaign killed with SIGKILL is not judged (it wrote nothing after the kill); its stream
is, in the merge. A hanging scenario fails by `--timeout 0.5`.

A shard run's selection is read from its own stream's testCase messages (what it planned), checked
against its ledger; whether the shards together ran the whole suite once is the merge's check, against
the generator's suite.

Each case is a function of (seed, case number) alone; signals are sent once the run's ledger holds a
seeded number of lines, so their moment, like durations, still varies with the machine's timing. A
violation prints the seed, the case and the command that replays the case alone (its folder kept,
its commands printed).
"""

import argparse
import collections
import concurrent.futures
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import xml.etree.ElementTree as ET

# The fixture runner's steps (Sources/misbehaving-specs/main.swift), by how the scenario ends.
KIND_STEPS = {
    "pass": ["a step that passes", "a step matched by a pattern", "a step with 2 groups"],
    "fail": ["a step that fails"],
    "crash": ["a step that calls fatalError", "a step that unwraps nil"],
    "exit": ["a step that calls exit 0", "a step that calls exit 1", "a step that calls exit 3"],
    "hang": [
        "a step that sleeps its thread for 30 s",
        "a step that waits on a semaphore nobody signals",
        "a step that spins",
    ],
    "pending": ["a pending step"],
    "undefined": ["a step nobody defined"],
    "ambiguous": ["an ambiguous step"],
}
MIXED_WEIGHTS = {
    "pass": 50, "fail": 10, "crash": 6, "exit": 6, "hang": 3, "pending": 6, "undefined": 6, "ambiguous": 6,
}
TIMEOUT = "0.5"  # seconds a hanging step runs before the run fails it
PROCESS_LIMIT = 30  # seconds any one process of a case may take before it counts as hanging

# One perturbation a case applies (at most one in the default form, so a violation names its cause).
SINGLE_PERTURBATIONS = [
    "none", "none", "sigkill", "sigterm", "cut-stream", "full-disk-run", "full-disk-report",
    "broken-definitions", "dry-run",
]
SHARD_PERTURBATIONS = [
    "none", "none", "missing-shard", "repeated-shard", "mixed-durations", "older-durations", "dry-shard",
    "broken-definitions-shard", "sigkill-shard", "sigterm-shard", "cut-stream", "full-disk-shard",
    "full-disk-report",
]

TESTS_SWIFT = """import XCTest

final class CampaignTests: XCTestCase {
    func test_campaign_scenario_is_verified() {}
}
"""
XUNIT = """<?xml version="1.0" encoding="UTF-8"?>
<testsuites><testsuite name="CampaignTests" tests="1" failures="0">
<testcase classname="CampaignTests.CampaignTests" name="test_campaign_scenario_is_verified" time="0.01"></testcase>
</testsuite></testsuites>
"""
LINK = "@xctest:CampaignTests/test_campaign_scenario_is_verified"


# ---------------------------------------------------------------------------------------
# Suites


class Scenario:
    """One scenario or example row: its ledger id, its file and line, how it ends."""

    def __init__(self, ident, path, line, kind):
        self.ident, self.path, self.line, self.kind = ident, path, line, kind


def kind_step(rng, kind, ident):
    text = rng.choice(KIND_STEPS[kind])
    return f"{text} {ident}" if kind == "undefined" else text


def generate_suite(rng, mixed, salt=""):
    """Feature files as {path: text} and their scenarios; `mixed` suites hold every kind."""
    files, scenarios = {}, []
    for file_index in range(rng.randint(1, 3)):
        path = f"Features/f{file_index}.feature"
        lines = [LINK, f"Feature: file {file_index}{salt}", ""]
        for scenario_index in range(rng.randint(1, 5)):
            ident = f"f{file_index}s{scenario_index}"

            def kind():
                return rng.choices(list(MIXED_WEIGHTS), list(MIXED_WEIGHTS.values()))[0] if mixed else "pass"

            sleep = rng.choice([0, 0, 5, 20, 60])
            if rng.random() < 0.25:
                rows = [(row, kind()) for row in range(rng.randint(2, 3))]
                lines.append(f"  Scenario Outline: outline {ident}{salt}")
                lines.append(f'    Given a step that records "{ident}r<row>:start"')
                if sleep:
                    lines.append(f"    And a step that sleeps for {sleep} ms")
                lines.append("    And <step>")
                lines.append(f'    Then a step that records "{ident}r<row>:end"')
                lines.append("    Examples:")
                lines.append("      | row | step |")
                for row, row_kind in rows:
                    lines.append(f"      | {row} | {kind_step(rng, row_kind, ident)} |")
                    scenarios.append(Scenario(f"{ident}r{row}", path, len(lines), row_kind))
            else:
                scenario_kind = kind()
                lines.append(f"  Scenario: scenario {ident}{salt}")
                scenarios.append(Scenario(ident, path, len(lines), scenario_kind))
                lines.append(f'    Given a step that records "{ident}:start"')
                if sleep:
                    lines.append(f"    And a step that sleeps for {sleep} ms")
                lines.append(f"    And {kind_step(rng, scenario_kind, ident)}")
                lines.append(f'    Then a step that records "{ident}:end"')
            lines.append("")
        files[path] = "\n".join(lines)
    return files, scenarios


def write_project(root, files):
    for path, text in list(files.items()) + [
        ("Tests/CampaignTests/CampaignTests.swift", TESTS_SWIFT), ("xunit.xml", XUNIT),
    ]:
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as handle:
            handle.write(text)
    os.makedirs(os.path.join(root, "out"), exist_ok=True)


# ---------------------------------------------------------------------------------------
# Processes


class Process:
    """One finished process of a case: what was asked, how it ended, what it printed."""

    def __init__(self, name, argv, env, code, signaled, stdout, stderr, timed_out, signal_sent):
        self.name, self.argv, self.env = name, argv, env
        self.code, self.signaled, self.stdout, self.stderr = code, signaled, stdout, stderr
        self.timed_out, self.signal_sent = timed_out, signal_sent


def ledger_lines(path):
    try:
        with open(path) as handle:
            return handle.read().split()
    except FileNotFoundError:
        return []


def run_process(case, name, argv, env_extra, fault=None, cwd=None):
    """Runs argv in the case's folder (or `cwd`); `fault` is (signal, ledger lines to wait for, delay)."""
    cwd = cwd or case.root
    env = dict(os.environ)
    env.update({"NO_COLOR": "1"})
    env.pop("GITHUB_ACTIONS", None)
    env.update(env_extra)
    stdout_path = os.path.join(cwd, "out", f"{name}.stdout")
    stderr_path = os.path.join(cwd, "out", f"{name}.stderr")
    case.commands.append((cwd, env_extra, argv))
    with open(stdout_path, "wb") as out, open(stderr_path, "wb") as err:
        process = subprocess.Popen(
            argv, cwd=cwd, env=env, stdout=out, stderr=err, stdin=subprocess.DEVNULL, start_new_session=True)
        signal_sent = None
        timed_out = False
        started = time.monotonic()
        try:
            if fault:
                number, wait_lines, delay = fault
                ledger = env_extra.get("SPECS_FIXTURE_LEDGER")
                while process.poll() is None and len(ledger_lines(ledger)) < wait_lines:
                    if time.monotonic() - started > PROCESS_LIMIT:
                        break
                    time.sleep(0.005)
                time.sleep(delay)
                if process.poll() is None:
                    os.kill(process.pid, number)
                    signal_sent = number
            try:
                process.wait(timeout=max(1, PROCESS_LIMIT - (time.monotonic() - started)))
            except subprocess.TimeoutExpired:
                timed_out = True
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        finally:
            # Workers a killed runner left behind end with the case.
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
    code = process.returncode
    signaled = code < 0
    with open(stdout_path, "rb") as handle:
        stdout = handle.read().decode("utf-8", "replace")
    with open(stderr_path, "rb") as handle:
        stderr = handle.read().decode("utf-8", "replace")
    return Process(name, argv, env_extra, code, signaled, stdout, stderr, timed_out, signal_sent)


# ---------------------------------------------------------------------------------------
# Reading the outputs


def read_text(path):
    try:
        with open(path, "rb") as handle:
            return handle.read().decode("utf-8", "replace")
    except (FileNotFoundError, IsADirectoryError):
        return None


def planned_ids(stream_text):
    """The ledger ids of the test cases a stream planned (its testCase messages)."""
    pickles, planned = {}, []
    for line in stream_text.splitlines():
        try:
            envelope = json.loads(line)
        except ValueError:
            continue
        if "pickle" in envelope:
            steps = envelope["pickle"].get("steps", [])
            match = re.search(r'"([^"]+):start"', steps[0]["text"]) if steps else None
            if match:
                pickles[envelope["pickle"]["id"]] = match.group(1)
        elif "testCase" in envelope:
            ident = pickles.get(envelope["testCase"].get("pickleId"))
            if ident:
                planned.append(ident)
    return planned


def stream_success(stream_text):
    for line in reversed(stream_text.splitlines()):
        try:
            envelope = json.loads(line)
        except ValueError:
            continue
        if "testRunFinished" in envelope:
            return bool(envelope["testRunFinished"].get("success", False))
    return None


def summary_verdict(stdout):
    for line in reversed(stdout.splitlines()):
        if line.startswith("PASSED"):
            return "PASSED"
        if line.startswith("FAILED"):
            return "FAILED"
    return None


def junit_counts(text):
    root = ET.fromstring(text)
    suites = [root] if root.tag == "testsuite" else list(root.iter("testsuite"))
    cases = list(root.iter("testcase"))
    failures = sum(int(suite.get("failures", "0")) for suite in suites)
    errors = sum(int(suite.get("errors", "0")) for suite in suites)
    tests = sum(int(suite.get("tests", "0")) for suite in suites)
    # The verdict's own testcases (a file that does not parse, `run` with the problems no
    # scenario shows) carry a failure of the run, not a scenario: not counted against the suite.
    verdict_cases = sum(
        1 for case in cases if any(child.get("type") in ("verdict", "parse error") for child in case))
    return tests - verdict_cases, failures, errors, len(cases) - verdict_cases


def rerun_places(text):
    places = set()
    for line in text.split():
        parts = line.split(":")
        for number in parts[1:]:
            if number.isdigit():
                places.add((parts[0], int(number)))
    return places


# ---------------------------------------------------------------------------------------
# A case


class Case:
    def __init__(self, seed, number, workdir, max_faults):
        self.seed, self.number = seed, number
        self.rng = random.Random(f"{seed}:{number}")
        self.root = os.path.join(workdir, f"case-{number}")
        self.commands = []
        self.violations = []  # (check, perturbations, detail)
        self.max_faults = max_faults
        self.bin = None

    def violate(self, check, perturbations, detail):
        """Records a broken promise: what it is, and the perturbations of the run or merge that broke it."""
        label = "+".join(perturbations) if perturbations else "none"
        self.violations.append((check, label, detail))


REPORT_KINDS = ["junit", "html", "rerun", "message"]


def report_arguments(prefix, full_disk=None):
    """The formats every run and merge writes; `full_disk` sends one of them to /dev/full."""
    arguments = ["--tests-dir", "Tests", "--xunit", "xunit.xml", "--format", "summary"]
    extension = {"junit": "xml", "html": "html", "rerun": "rerun", "message": "ndjson"}
    for kind in REPORT_KINDS:
        target = "/dev/full" if kind == full_disk else f"out/{prefix}.{extension[kind]}"
        arguments += ["--format", f"{kind}:{target}"]
    return arguments


class Outcome:
    """A run's or a merge's process and what the generator knows of it."""

    def __init__(self, process, prefix, kind, perturbations):
        self.process, self.prefix, self.kind, self.perturbations = process, prefix, kind, perturbations
        self.dry = False
        self.stream_fault = None  # why its stream cannot be whole, if it cannot
        self.ledger = []
        self.selected = None  # ids the run was to run (None: unknown)
        self.full_disk = None
        self.ended_early = False

    def path(self, extension):
        return f"out/{self.prefix}.{extension}"


def check_outcome(case, outcome, suite, expected_pass, not_passed, selected_count, must_name, scenarios_pass=False):
    """The invariant for one run or merge: its exit code against the truth, its outputs against its exit.

    `scenarios_pass`: every selected scenario ran once and passed, and only the report sent to
    /dev/full stands between the run and exit 0. Then exit 2 is the verdict, and every other
    report says the run failed: a report that cannot be written is known before any report shows
    the verdict. A rerun file to /dev/full of such a run is empty, which writes.
    """
    process = outcome.process
    name = outcome.kind
    tags = outcome.perturbations
    root = case.root

    def violate(check, detail):
        where = f"{outcome.prefix}: " + (f"{outcome.full_disk} to /dev/full; " if outcome.full_disk else "")
        case.violate(check, tags, where + str(detail))

    if process.timed_out:
        violate(f"{name}: does not end within {PROCESS_LIMIT} s", " ".join(process.argv))
        return
    if process.signaled and process.signal_sent is None:
        violate(f"{name}: crashes", f"signal {-process.code}: " + process.stderr[-400:])
        return
    if process.signaled:
        return  # killed by the campaign: nothing it wrote is to be read as its verdict
    code = process.code
    if code not in (0, 1, 2, 130, 143):
        violate(f"{name}: exits with an undocumented code", f"exit {code}: " + process.stderr[-400:])
    passed = code == 0
    report_only = outcome.full_disk is not None and scenarios_pass and code in (0, 2)
    if report_only and outcome.full_disk == "rerun":
        expected_pass = passed
    elif report_only and code != 2:
        violate(f"{name}: a report sent to /dev/full does not fail it with exit 2", f"exit {code}")
    if not outcome.dry:
        if passed and not expected_pass:
            violate(
                f"{name}: exits 0 while not every selected scenario ran exactly once and passed",
                f"did not pass or ran twice: {sorted(not_passed)[:8]}")
        if expected_pass and not passed:
            violate(
                f"{name}: fails although every selected scenario ran exactly once and passed",
                f"exit {code}: " + process.stderr[-400:])
    verdict = summary_verdict(process.stdout)
    if verdict is None and passed:
        violate(f"{name}: exits 0 without a PASSED line", process.stdout[-300:])
    if verdict is not None and (verdict == "PASSED") != passed:
        violate(f"{name}: summary's verdict line disagrees with the exit code", f"{verdict}, exit {code}")
    if outcome.full_disk != "junit":
        junit = read_text(os.path.join(root, outcome.path("xml")))
        if junit is None and passed:
            violate(f"{name}: exits 0 without writing a report", "JUnit report")
        elif junit:
            try:
                tests, failures, errors, cases = junit_counts(junit)
                if (failures + errors == 0) != passed:
                    violate(
                        f"{name}: JUnit failures and errors disagree with the exit code",
                        f"tests={tests} failures={failures} errors={errors}, exit {code}")
                if tests > len(suite) or cases > len(suite):
                    violate(
                        f"{name}: JUnit counts more tests than the suite has scenarios",
                        f"tests={tests} testcases={cases} suite={len(suite)}")
                if passed and not outcome.dry and selected_count is not None and tests != selected_count:
                    violate(
                        f"{name}: exits 0 with a JUnit test count other than the selected scenarios'",
                        f"tests={tests} selected={selected_count}")
            except (ET.ParseError, ValueError) as error:
                violate(f"{name}: JUnit report is not well-formed XML", str(error))
    if outcome.full_disk != "message":
        stream = read_text(os.path.join(root, outcome.path("ndjson")))
        if stream is None and passed:
            violate(f"{name}: exits 0 without writing a report", "message stream")
        elif stream is not None:
            success = stream_success(stream)
            if success is None:
                violate(f"{name}: message stream ends without testRunFinished", f"exit {code}")
            elif success != passed:
                violate(
                    f"{name}: NDJSON testRunFinished.success disagrees with the exit code",
                    f"success {str(success).lower()}, exit {code}")
    if outcome.full_disk != "html" and not outcome.dry:
        html = read_text(os.path.join(root, outcome.path("html")))
        if html is None and passed:
            violate(f"{name}: exits 0 without writing a report", "HTML book")
        elif html is not None:
            band = re.search(r'class="verdict (good|bad)"', html)
            if band is None:
                violate(f"{name}: HTML book has no verdict band", "")
            elif (band.group(1) == "good") != passed:
                violate(
                    f"{name}: HTML book's verdict band disagrees with the exit code",
                    f'"verdict {band.group(1)}", exit {code}')
    if outcome.full_disk != "rerun":
        rerun = read_text(os.path.join(root, outcome.path("rerun")))
        if rerun is None and passed:
            violate(f"{name}: exits 0 without writing a report", "rerun file")
        elif rerun is not None:
            empty = rerun.strip() == ""
            if empty != passed and not (outcome.dry and passed):
                violate(
                    f"{name}: rerun file's emptiness disagrees with the exit code",
                    f"{'empty' if empty else 'not empty'}, exit {code}")
            # A rerun file with a `# FAILED:` note is refused by `specs @FILE` (the suite must
            # run again): it leaves nothing out. One without must name every scenario.
            refused = any(line.startswith("# FAILED:") for line in rerun.splitlines())
            if not passed and not outcome.dry and not refused:
                places = rerun_places(rerun)
                by_id = {scenario.ident: scenario for scenario in suite}
                missing = [
                    ident for ident in sorted(must_name)
                    if ident in by_id and (by_id[ident].path, by_id[ident].line) not in places
                ]
                if missing:
                    violate(
                        f"{name}: rerun file leaves out scenarios that did not pass",
                        f"{len(missing)} left out, e.g. {missing[:4]}, exit {code}")


def ran_once_and_passed(ledger, ident):
    return ledger.count(f"{ident}:start") == 1 and ledger.count(f"{ident}:end") == 1


def signal_landed(process):
    return process.signal_sent is not None and (process.signaled or process.code in (130, 143))


def run_case(case, binary):
    rng = case.rng
    mixed = rng.random() < 0.5
    files, suite = generate_suite(rng, mixed)
    os.makedirs(case.root, exist_ok=True)
    write_project(case.root, files)
    suite_ids = [scenario.ident for scenario in suite]
    case.suite = suite
    sharded = len(suite) >= 2 and rng.random() < 0.6
    faults = 1 if case.max_faults <= 1 else rng.randint(1, case.max_faults)
    pool = SHARD_PERTURBATIONS if sharded else SINGLE_PERTURBATIONS
    perturbations = sorted({rng.choice(pool) for _ in range(faults)} - ({"none"} if faults > 1 else set()))
    if not perturbations:
        perturbations = ["none"]
    case.perturbations = perturbations
    options = []
    if rng.random() < 0.4:
        options += ["--parallel", str(rng.randint(2, 3))]
    if rng.random() < 0.3:
        options += ["--order", rng.choice(["reverse", f"random:{rng.randint(1, 999)}"])]
    common = [binary, "Features", "--timeout", TIMEOUT] + options
    counter = [0]

    def one_run(kind, extra, perturbation_tags, signal_fault=None, dry=False, broken=False, full_disk=None,
                selected=None):
        counter[0] += 1
        prefix = f"run{counter[0]}"
        ledger = os.path.join(case.root, "out", f"{prefix}.ledger")
        env = {"SPECS_FIXTURE_LEDGER": ledger}
        if broken:
            env["SPECS_FIXTURE_BROKEN_DEFINITIONS"] = "1"
        fault = None
        if signal_fault:
            lines = rng.randint(0, 2 * len(suite))
            fault = (signal_fault, lines, rng.choice([0, 0.005, 0.02, 0.05]))
        argv = common + extra + (["--dry-run"] if dry else []) + report_arguments(prefix, full_disk)
        process = run_process(case, prefix, argv, env, fault)
        outcome = Outcome(process, prefix, kind, perturbation_tags)
        outcome.dry, outcome.full_disk, outcome.extra = dry, full_disk, extra
        outcome.ledger = ledger_lines(ledger)
        stream = read_text(os.path.join(case.root, outcome.path("ndjson")))
        if process.signaled and stream is not None and stream.endswith("\n") and stream_success(stream) is not None:
            pass  # SIGKILL after the stream was whole: the run had finished, only its exit was cut
        elif process.signaled or signal_landed(process):
            outcome.stream_fault = "signal"
        elif dry:
            outcome.stream_fault = "dry run"
        elif broken:
            outcome.stream_fault = "definitions"
        elif full_disk == "message" or stream is None:
            outcome.stream_fault = "no stream"
        if selected is not None:
            outcome.selected = selected
        elif stream is not None and outcome.stream_fault != "signal":
            outcome.selected = planned_ids(stream) or None
        return outcome

    def judge_run(outcome, broken=False):
        selected = outcome.selected
        if selected is None:
            selected_ids = sorted({line.rsplit(":", 1)[0] for line in outcome.ledger})
        else:
            selected_ids = selected
        not_passed = {ident for ident in selected_ids if not ran_once_and_passed(outcome.ledger, ident)}
        stray = {line.rsplit(":", 1)[0] for line in outcome.ledger} - set(selected_ids)
        expected = (
            not outcome.dry and not broken and outcome.full_disk is None
            and not signal_landed(outcome.process) and selected is not None and len(selected) > 0
            and len(set(selected)) == len(selected) and not not_passed and not stray)
        # A run whose own stream went to /dev/full cannot say what it selected: what it ran is judged.
        known = selected if selected is not None else (selected_ids if outcome.full_disk == "message" else None)
        scenarios_pass = (
            not outcome.dry and not broken and not signal_landed(outcome.process) and known is not None
            and len(known) > 0 and len(set(known)) == len(known) and not not_passed and not stray)
        check_outcome(
            case, outcome, suite, expected, not_passed | stray, len(selected) if selected is not None else None,
            must_name=not_passed if selected is not None else set(), scenarios_pass=scenarios_pass)
        if (
            outcome.perturbations == ["none"] and not outcome.dry and selected is not None
            and outcome.process.code in (0, 1)
        ):
            # The generator's own account: in a run without faults, a scenario ends iff it is of a passing kind.
            kinds = {scenario.ident: scenario.kind for scenario in suite}
            wrong = [ident for ident in selected if (kinds[ident] == "pass") == (ident in not_passed)]
            if wrong:
                case.violate("campaign: the fixture's scenarios did not end as generated", outcome.perturbations, wrong)

    def merge(streams, tags, stream_outcomes, full_disk=None, cut=None):
        counter[0] += 1
        prefix = f"merge{counter[0]}"
        argv = [binary, "report"] + streams + report_arguments(prefix, full_disk)
        process = run_process(case, prefix, argv, {})
        outcome = Outcome(process, prefix, "merge", tags)
        outcome.full_disk = full_disk
        ledger = [line for run in stream_outcomes for line in run.ledger]
        not_passed = {ident for ident in suite_ids if not ran_once_and_passed(ledger, ident)}
        intact = all(run.stream_fault is None for run in stream_outcomes) and cut is None
        # A run that could not write its JUnit or its book failed (exit 2), and its stream says
        # so (testRunFinished.success false): a merge of it reads that and fails too.
        report_failed = any(run.full_disk in ("junit", "html") for run in stream_outcomes)
        expected = intact and full_disk is None and not report_failed and not not_passed
        # The rerun file must name what passed in no whole stream; what ran in a stream that was
        # cut, killed or otherwise not whole may or may not show in it, so it is not required.
        whole = [line for run in stream_outcomes if run.stream_fault is None and run is not cut for line in run.ledger]
        seen_elsewhere = {
            line.rsplit(":", 1)[0] for run in stream_outcomes if run.stream_fault or run is cut for line in run.ledger}
        must_name = {ident for ident in suite_ids if f"{ident}:end" not in whole} - seen_elsewhere
        check_outcome(
            case, outcome, suite, expected, not_passed, len(suite), must_name, scenarios_pass=intact and not not_passed)

    def cut_stream(outcome):
        path = os.path.join(case.root, outcome.path("ndjson"))
        data = open(path, "rb").read()
        if len(data) < 2:
            return
        keep = rng.randint(0, len(data) - 2)
        with open(path, "wb") as handle:
            handle.write(data[:keep])
        outcome.stream_fault = f"cut at byte {keep} of {len(data)}"

    if not sharded:
        p = perturbations
        signal_fault = signal.SIGKILL if "sigkill" in p else signal.SIGTERM if "sigterm" in p else None
        full_disk = rng.choice(REPORT_KINDS) if "full-disk-run" in p else None
        run = one_run(
            "run", [], p, signal_fault=signal_fault, dry="dry-run" in p, broken="broken-definitions" in p,
            full_disk=full_disk, selected=suite_ids)
        judge_run(run, broken="broken-definitions" in p)
        if os.path.exists(os.path.join(case.root, run.path("ndjson"))):
            cut = None
            if "cut-stream" in p:
                cut_stream(run)
                cut = run
            merge(
                [run.path("ndjson")], p, [run],
                full_disk=rng.choice(REPORT_KINDS) if "full-disk-report" in p else None, cut=cut)
        return

    p = perturbations
    shards = rng.randint(2, min(4, len(suite)))
    durations = None
    older = None
    if "mixed-durations" in p or "older-durations" in p or rng.random() < 0.3:
        # A whole run first: "this run"'s durations (itself a run the invariant holds for).
        whole = one_run("run", [], ["none"], selected=suite_ids)
        judge_run(whole)
        durations = whole.path("ndjson")
    if "older-durations" in p:
        # "Another run": the suite as it was, some scenarios since renamed, with other durations.
        older_root = os.path.join(case.root, "older")
        older_files, older_suite = generate_suite(random.Random(f"{case.seed}:{case.number}:older"), False, " (old)")
        write_project(older_root, older_files)
        os.makedirs(os.path.join(older_root, "out"), exist_ok=True)
        older_argv = [binary, "Features", "--format", "message:older.ndjson"]
        older_env = {"SPECS_FIXTURE_LEDGER": os.path.join(older_root, "ledger")}
        run_process(case, "older", older_argv, older_env, cwd=older_root)
        older = "older/older.ndjson"
        if rng.random() < 0.5 and durations:
            older = [durations, older]  # this run and the old one, as a cache of several files holds
    outcomes = []
    lost = rng.randrange(shards)
    special = rng.randrange(shards)
    for index in range(1, shards + 1):
        extra = ["--shard", f"{index}/{shards}"]
        if durations and not ("mixed-durations" in p and index - 1 == special):
            extra += ["--shard-durations", durations]
        if "older-durations" in p and index - 1 == special:
            extra = ["--shard", f"{index}/{shards}"]
            for source in older if isinstance(older, list) else [older]:
                extra += ["--shard-durations", source]
        is_special = index - 1 == special
        signal_fault = None
        if is_special and "sigkill-shard" in p:
            signal_fault = signal.SIGKILL
        if is_special and "sigterm-shard" in p:
            signal_fault = signal.SIGTERM
        broken = is_special and "broken-definitions-shard" in p
        run_tags = [tag for tag in p if tag.endswith("-shard") or tag.endswith("-durations")] if is_special else []
        outcome = one_run(
            "run", extra, run_tags or ["shard"], signal_fault=signal_fault, dry=is_special and "dry-shard" in p,
            broken=broken, full_disk=rng.choice(REPORT_KINDS) if is_special and "full-disk-shard" in p else None)
        judge_run(outcome, broken=broken)
        outcomes.append(outcome)
    given = []
    for index, outcome in enumerate(outcomes):
        if "missing-shard" in p and index == lost:
            continue
        if os.path.exists(os.path.join(case.root, outcome.path("ndjson"))):
            given.append(outcome)
    if "repeated-shard" in p:
        repeated = outcomes[lost]
        if rng.random() < 0.5 or not os.path.exists(os.path.join(case.root, repeated.path("ndjson"))):
            given.append(repeated)  # the same file twice
        else:
            # The shard run again (a CI system retrying one job): a stream of its own.
            given.append(one_run("run", repeated.extra, ["shard"]))
    cut = None
    if "cut-stream" in p and given:
        cut = rng.choice(given)
        cut_stream(cut)
    rng.shuffle(given)
    merge(
        [outcome.path("ndjson") for outcome in given], p, given,
        full_disk=rng.choice(REPORT_KINDS) if "full-disk-report" in p else None, cut=cut)


# ---------------------------------------------------------------------------------------
# The campaign


def shell_quote(text):
    return text if re.fullmatch(r"[A-Za-z0-9_./:=@+-]+", text) else "'" + text.replace("'", "'\\''") + "'"


def execute(seed, number, workdir, binary, max_faults, keep):
    case = Case(seed, number, workdir, max_faults)
    try:
        run_case(case, binary)
    except Exception as error:  # the campaign's own failure is a finding too, never a silent pass
        case.violations.append(("campaign: a case could not be carried out", type(error).__name__, repr(error)))
    if not keep and not case.violations:
        shutil.rmtree(case.root, ignore_errors=True)
    return case


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=200)
    parser.add_argument("--seed", type=int, default=55)
    parser.add_argument("--case", type=int, help="run this case alone, keep its folder and print its commands")
    parser.add_argument("--first", type=int, default=0, help="the first case number")
    parser.add_argument("--jobs", type=int, default=4, help="cases at once (they mostly wait on timeouts and sleeps)")
    parser.add_argument("--bin", required=True, help="the folder with the built misbehaving-specs")
    parser.add_argument("--faults", type=int, default=1, help="perturbations per case at most (1: each violation has one cause)")
    parser.add_argument("--expected", help="the violation classes that are known; any other, or one of these missing, fails")
    parser.add_argument("--workdir", help="where the cases' folders go (default: a new temporary folder)")
    parser.add_argument("--keep", action="store_true", help="keep every case's folder")
    parser.add_argument("--json", help="write the classes, counts and replays here")
    options = parser.parse_args(argv)
    binary = os.path.join(os.path.abspath(options.bin), "misbehaving-specs")
    if not os.access(binary, os.X_OK):
        print(f"error: {binary} is not built (swift build --product misbehaving-specs)", file=sys.stderr)
        return 2
    workdir = options.workdir or tempfile.mkdtemp(prefix=f"specs-campaign-{options.seed}-")
    os.makedirs(workdir, exist_ok=True)
    replay = f"Scripts/invariant-campaign.sh --seed {options.seed}"
    if options.faults != 1:
        replay += f" --faults {options.faults}"
    if options.case is not None:
        case = execute(options.seed, options.case, workdir, binary, options.faults, True)
        print(f"case {options.case} of seed {options.seed}: {'+'.join(case.perturbations) if hasattr(case, 'perturbations') else '?'}, "
              f"{len(getattr(case, 'suite', []))} scenarios, in {case.root}")
        for cwd, env, command in case.commands:
            prefix = " ".join(f"{key}={shell_quote(value)}" for key, value in env.items())
            print(f"  (cd {cwd} && {prefix + ' ' if prefix else ''}{' '.join(shell_quote(arg) for arg in command)})")
        for check, label, detail in case.violations:
            print(f"VIOLATION {check} [{label}]: {detail}")
        print("no violation" if not case.violations else f"{len(case.violations)} violation(s)")
        return 1 if case.violations else 0

    started = time.monotonic()
    # (check, perturbations) -> [count, (size, case number, detail) of the smallest case]
    classes = collections.OrderedDict()
    done = 0
    commands = 0
    numbers = range(options.first, options.first + options.cases)
    with concurrent.futures.ThreadPoolExecutor(max_workers=options.jobs) as pool:
        for case in pool.map(
            lambda number: execute(options.seed, number, workdir, binary, options.faults, options.keep), numbers
        ):
            done += 1
            commands += len(case.commands)
            size = len(getattr(case, "suite", [])) + len(case.commands) * 3
            for check, label, detail in case.violations:
                entry = classes.setdefault((check, label), [0, None])
                entry[0] += 1
                if entry[1] is None or size < entry[1][0]:
                    entry[1] = (size, case.number, detail)
            if done % 500 == 0:
                print(f"... {done} cases, {len(classes)} violation classes, "
                      f"{time.monotonic() - started:.0f} s", flush=True)
    elapsed = time.monotonic() - started
    violations = sum(entry[0] for entry in classes.values())
    checks = collections.OrderedDict()
    for (check, label), entry in sorted(classes.items()):
        checks.setdefault(check, []).append((label, entry))
    print(f"{options.cases} cases (seed {options.seed}, cases {options.first}..{options.first + options.cases - 1}, "
          f"{options.jobs} at once), {commands} commands, in {elapsed:.1f} s: "
          + ("no violation of the invariant" if not violations else
             f"{violations} violations of {len(checks)} checks in {len(classes)} classes (check, perturbation)"))
    for check, labels in checks.items():
        print(f"{sum(entry[0] for _, entry in labels):6d}  {check}")
        for label, (count, (size, number, detail)) in labels:
            print(f"{count:10d}  [{label}] {replay} --case {number}    # {str(detail)[:150]}")
    if options.json:
        with open(options.json, "w") as handle:
            json.dump({
                "seed": options.seed, "cases": options.cases, "first": options.first, "seconds": round(elapsed, 1),
                "violations": violations,
                "classes": [
                    {"check": check, "perturbations": label, "count": count, "replay": f"{replay} --case {number}",
                     "detail": str(detail)}
                    for (check, label), (count, (_, number, detail)) in sorted(classes.items())],
            }, handle, indent=1)
    if not options.keep:
        shutil.rmtree(workdir, ignore_errors=True)
    if options.expected is None:
        return 1 if classes else 0
    expected, intermittent = {}, set()
    with open(options.expected) as handle:
        for line in handle:
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            check, _, words = line.partition("  # ")
            check = check.strip()
            if check.startswith("? "):
                check = check[2:].strip()
                intermittent.add(check)
            expected[check] = words.strip()
    # A line names a check, or a check and one perturbation (`check [label]`): then only that class.
    present = {check for check in checks} | {f"{check} [{label}]" for check, labels in checks.items() for label, _ in labels}
    unexpected = [
        (check, label, number) for check, labels in checks.items() for label, (_, (_, number, _)) in labels
        if check not in expected and f"{check} [{label}]" not in expected]
    gone = [key for key in expected if key not in present and key not in intermittent]
    for key in intermittent - present:
        print(f"note: the intermittent {key} did not happen in these cases (it depends on timing)")
    for check, label, number in unexpected:
        print(f"FAILED: a violation {options.expected} does not list: {check} [{label}]\n"
              f"  replay: {replay} --case {number}")
    for key in gone:
        print(f"FAILED: {key} no longer happens in these {options.cases} cases: delete its line from {options.expected}")
    if unexpected or gone:
        return 1
    print(f"every violation is a known one of {options.expected} ({len(expected)} classes); the rest of the invariant holds")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
