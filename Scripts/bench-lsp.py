#!/usr/bin/env python3
"""Times the language server as real editors drive it, through its pipe.

    Scripts/bench-lsp.py [--builds debug,release] [--workspaces one,spread] [--clients neovim,emacs]
                         [--package DIR] [--interval 0.1] [--no-huge]

A team's package (Scripts/lib/team_package.py: a copy of Examples/Cart outside the repository
with step definitions for the ../shared/bench corpus) is built in each configuration and its
runner started as the README's editor setups start it: `.build/CONFIGURATION/cart-specs lsp`
in the package folder, rooted there. Two workspaces: one feature file of 5,000 scenarios
(`one`), and 20,000 scenarios in 2,000 files (`spread`, typing in one of them).

In one file the editor types two steps character by character, first at a typist's pace (one
keystroke each --interval seconds), then as a burst (no pause). Each keystroke sends what the
client sends, without waiting for answers, so several requests are in flight at once:
  neovim (0.11, the README's setup): didChange, textDocument/semanticTokens/full, completion
  emacs  (eglot):                    didChange, textDocument/hover, completion
(eglot also asks for documentHighlight where a server offers it; this one does not). Figures,
in milliseconds, over every keystroke: completion median and 95th percentile, hover or semantic
tokens median and 95th percentile, keystroke to the diagnostics that reflect it (median, 95th),
and an edit made after a pause to the diagnostics that reflect it (median of 5); the server's
peak resident memory (VmHWM in /proc). A diagnostic reflects a keystroke when the typed line's
"Undefined step" quotes that keystroke's text or a later one, or is gone once the step is
complete. Then a 50 MB document: the outline answered, and a completion asked meanwhile."""
import argparse
import json
import os
import statistics
import subprocess
import sys
import threading
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
TYPED = ['the user searches for "red shoes"', 'the user adds 3 units of "tea set" to the cart']
WAIT = 120  # seconds an answer may take before it counts as never given

CLIENTS = {
    "neovim": {
        "languageId": "cucumber",
        "clientInfo": {"name": "Neovim", "version": "0.11.4"},
        "capabilities": {
            "textDocument": {
                "synchronization": {"didSave": True, "dynamicRegistration": False, "willSave": True},
                "completion": {"completionItem": {"snippetSupport": True, "insertReplaceSupport": True,
                                                  "resolveSupport": {"properties": ["additionalTextEdits"]}},
                               "contextSupport": True},
                "hover": {"contentFormat": ["markdown", "plaintext"]},
                "semanticTokens": {"requests": {"full": {"delta": True}, "range": False},
                                   "tokenTypes": [], "tokenModifiers": [], "formats": ["relative"],
                                   "multilineTokenSupport": False, "overlappingTokenSupport": True,
                                   "serverCancelSupport": False, "augmentsSyntaxTokens": True},
                "publishDiagnostics": {"relatedInformation": True, "tagSupport": {"valueSet": [1, 2]},
                                       "dataSupport": True},
                "documentSymbol": {"hierarchicalDocumentSymbolSupport": True},
            },
            "workspace": {"workspaceFolders": True, "configuration": True,
                          "didChangeWatchedFiles": {"dynamicRegistration": False}},
            "window": {"workDoneProgress": True, "showDocument": {"support": True}},
            "general": {"positionEncodings": ["utf-16"]},
        },
        # After each keystroke, besides didChange.
        "requests": ["textDocument/semanticTokens/full", "textDocument/completion"],
    },
    "emacs": {
        "languageId": "gherkin",
        "clientInfo": {"name": "Eglot"},
        "capabilities": {
            "textDocument": {
                "synchronization": {"dynamicRegistration": False, "willSave": True, "willSaveWaitUntil": True,
                                    "didSave": True},
                "completion": {"dynamicRegistration": False, "completionItem": {"snippetSupport": False,
                                                                                "deprecatedSupport": True,
                                                                                "tagSupport": {"valueSet": [1]}},
                               "contextSupport": True},
                "hover": {"dynamicRegistration": False, "contentFormat": ["plaintext"]},
                "documentHighlight": {"dynamicRegistration": False},
                "publishDiagnostics": {"relatedInformation": False, "codeDescriptionSupport": False,
                                       "tagSupport": {"valueSet": [1, 2]}},
            },
            "workspace": {"applyEdit": True, "executeCommand": {"dynamicRegistration": False},
                          "workspaceEdit": {"documentChanges": True},
                          "didChangeWatchedFiles": {"dynamicRegistration": True}, "symbol": {"dynamicRegistration": False},
                          "configuration": True, "workspaceFolders": True},
            "experimental": {},
        },
        "requests": ["textDocument/hover", "textDocument/completion"],
    },
}


class Server:
    """The runner's language server, read on a thread of its own: each answer and each
    published diagnostic is stamped as it arrives."""

    def __init__(self, command, folder):
        self.process = subprocess.Popen(command, cwd=folder, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL)
        self.next_id = 0
        self.lock = threading.Condition()
        self.answers = {}  # id -> (time, message)
        self.published = []  # (time, uri, diagnostics)
        self.reader = threading.Thread(target=self.read, daemon=True)
        self.reader.start()

    def read(self):
        stream = self.process.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    with self.lock:
                        self.closed = True
                        self.lock.notify_all()
                    return
                if line in (b"\r\n", b"\n"):
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            message = json.loads(stream.read(length))
            now = time.perf_counter()
            with self.lock:
                if "id" in message and "method" not in message:
                    self.answers[message["id"]] = (now, message)
                elif message.get("method") == "textDocument/publishDiagnostics":
                    self.published.append((now, message["params"]["uri"], message["params"]["diagnostics"]))
                elif "id" in message:
                    # A request of the server's (registering file watching, configuration): answered as
                    # the editors answer it.
                    self.send({"jsonrpc": "2.0", "id": message["id"], "result": None})
                self.lock.notify_all()

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def request(self, method, params):
        self.next_id += 1
        sent = time.perf_counter()
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.next_id, sent

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def answer(self, id, timeout=WAIT):
        """The time the answer to ID arrived, and the answer; None when it never came."""
        with self.lock:
            self.lock.wait_for(lambda: id in self.answers or getattr(self, "closed", False), timeout)
            return self.answers.get(id)

    def diagnostics_after(self, since, uri, accept, timeout=WAIT):
        """The time of the first diagnostics for URI published after SINCE that ACCEPT takes."""
        def found():
            return next((t for t, u, d in self.published if t >= since and u == uri and accept(d)), None)
        with self.lock:
            self.lock.wait_for(lambda: found() is not None or getattr(self, "closed", False), timeout)
            return found()

    def peak_memory_mb(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) // 1024
        return 0

    def stop(self):
        id, _ = self.request("shutdown", None)
        self.answer(id, 30)
        self.notify("exit", None)
        try:
            return self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return "killed"


def progress(text):
    sys.stderr.write(f"  {text}\n")
    sys.stderr.flush()


def undefined_texts(diagnostics, line):
    """The step texts the diagnostics at LINE call undefined."""
    texts = []
    for diagnostic in diagnostics:
        message = diagnostic.get("message", "")
        prefix = "Undefined step: no step definition matches '"
        if diagnostic["range"]["start"]["line"] == line and message.startswith(prefix):
            rest = message[len(prefix):]
            texts.append(rest.split("'")[0])  # the typed steps have no apostrophe
    return texts


def milliseconds(values):
    return [v * 1000 for v in values if v is not None]


def percentile(values, fraction):
    ordered = sorted(values)
    if not ordered:
        return None
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


class Session:
    """One editor's session: the server started in the package, the typed file opened."""

    def __init__(self, runner, package, client, typed_file):
        self.client = CLIENTS[client]
        self.server = Server([runner, "lsp"], package)
        self.uri = "file://" + typed_file
        root = "file://" + package
        started = time.perf_counter()
        id, _ = self.server.request("initialize", {
            "processId": os.getpid(), "clientInfo": self.client["clientInfo"], "rootUri": root, "rootPath": package,
            "workspaceFolders": [{"uri": root, "name": os.path.basename(package)}],
            "capabilities": self.client["capabilities"], "initializationOptions": {}})
        if self.server.answer(id) is None:
            raise SystemExit(f"{runner} did not answer initialize")
        self.server.notify("initialized", {})
        self.text = open(typed_file, encoding="utf-8").read()
        self.lines = self.text.split("\n")
        self.version = 1
        self.server.notify("textDocument/didOpen", {"textDocument": {
            "uri": self.uri, "languageId": self.client["languageId"], "version": 1, "text": self.text}})
        for method in self.client["requests"]:
            if method != "textDocument/completion":
                self.ask(method, {"line": 0, "character": 0})
        self.opened = (self.server.diagnostics_after(started, self.uri, lambda d: True) or float("nan")) - started
        self.completion, self.other, self.keystroke_diagnostics, self.edit_diagnostics = [], [], [], []
        self.failed = 0
        self.refused = {}  # error code -> how many answers were errors (-32801: content modified)

    def ask(self, method, position):
        params = {"textDocument": {"uri": self.uri}}
        if method != "textDocument/semanticTokens/full":
            params["position"] = position
        if method == "textDocument/completion":
            params["context"] = {"triggerKind": 1}
        return self.server.request(method, params)

    def change(self, line, start, end, text):
        """A range edit on one line, as both clients send a keystroke."""
        self.version += 1
        self.server.notify("textDocument/didChange", {
            "textDocument": {"uri": self.uri, "version": self.version},
            "contentChanges": [{"range": {"start": {"line": line, "character": start},
                                          "end": {"line": line, "character": end}}, "text": text}]})
        old = self.lines[line]
        self.lines[line:line + 1] = (old[:start] + text + old[end:]).split("\n")
        return time.perf_counter()

    def insertion_line(self, fraction):
        """The line after a scenario's header about FRACTION of the way through the file."""
        start = int(len(self.lines) * fraction)
        for index in range(start, len(self.lines)):
            stripped = self.lines[index].lstrip()
            if stripped.startswith("Scenario:") and not stripped.startswith("Scenario Outline"):
                return index + 1, " " * (len(self.lines[index]) - len(stripped) + 2)
        raise SystemExit("no scenario to type in")

    def type_step(self, step, fraction, interval):
        """Types STEP into a new line, a keystroke each INTERVAL seconds (0: a burst)."""
        line, indent = self.insertion_line(fraction)
        self.change(line, 0, 0, indent + "And \n")
        time.sleep(0.5)
        column = len(indent) + 4
        keystrokes = []  # (sent, text so far, [(id, sent, method)])
        begun = time.perf_counter()
        for count in range(1, len(step) + 1):
            if interval:
                time.sleep(max(0, begun + count * interval - time.perf_counter()))
            sent = self.change(line, column + count - 1, column + count - 1, step[count - 1])
            position = {"line": line, "character": column + count}
            asked = [self.ask(method, position) + (method,) for method in self.client["requests"]]
            keystrokes.append((sent, step[:count], asked))
        progress(f"typed {len(step)} keys in {time.perf_counter() - begun:.1f} s")
        for sent, text, asked in keystrokes:
            for id, asked_at, method in asked:
                answer = self.server.answer(id)
                if answer is None:
                    self.failed += 1
                elif "error" in answer[1]:
                    self.refused[answer[1]["error"].get("code")] = self.refused.get(answer[1]["error"].get("code"), 0) + 1
                latency = None if answer is None else answer[0] - asked_at
                (self.completion if method == "textDocument/completion" else self.other).append(latency)
        progress(f"answered after {time.perf_counter() - begun:.1f} s")
        # Keystroke to the diagnostics that reflect it or a later keystroke.
        texts = [text for _, text, _ in keystrokes]
        for index, (sent, text, _) in enumerate(keystrokes):
            def reflects(diagnostics, index=index):
                quoted = undefined_texts(diagnostics, line)
                if not quoted:
                    return True  # the complete step is defined: only the last keystroke gives that
                return any(q in texts[index:-1] for q in quoted)
            arrived = self.server.diagnostics_after(sent, self.uri, reflects)
            self.keystroke_diagnostics.append(None if arrived is None else arrived - sent)
        progress(f"diagnostics after {time.perf_counter() - begun:.1f} s")
        return line

    def edits_after_pause(self, line, rounds=5):
        """An edit made after a pause: a step made undefined and defined again, each in turn."""
        text = self.lines[line]
        for round in range(rounds * 2):
            time.sleep(1.0)
            undefine = round % 2 == 0
            sent = self.change(line, len(text), len(text) + (0 if undefine else 1), "x" if undefine else "")
            arrived = self.server.diagnostics_after(
                sent, self.uri, lambda d: bool(undefined_texts(d, line)) == undefine)
            self.edit_diagnostics.append(None if arrived is None else arrived - sent)

    def close(self):
        memory = self.server.peak_memory_mb()
        status = self.server.stop()
        return memory, status


def summary(values):
    ms = milliseconds(values)
    missing = len(values) - len(ms)
    if not ms:
        return "-"
    text = f"{statistics.median(ms):.0f} / {percentile(ms, 0.95):.0f}"
    return text + (f" ({missing} unanswered)" if missing else "")


def build(package, configuration):
    result = subprocess.run([sys.executable, os.path.join(ROOT, "Scripts", "lib", "team_package.py"), ROOT,
                             package, "build", configuration], capture_output=True, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        raise SystemExit(f"the team package did not build ({configuration})")
    return result.stdout.strip().split("\n")[-1]


def workspace(package, layout):
    result = subprocess.run([sys.executable, os.path.join(ROOT, "Scripts", "lib", "team_package.py"), ROOT,
                             package, "corpus", layout], capture_output=True, text=True, check=True)
    return result.stdout.strip().split("\n")[-1]


def huge_document(runner, package, typed):
    """A 50 MB document opened: its outline, and a completion in another file asked meanwhile."""
    session = Session(runner, package, "neovim", typed)
    line, indent = session.insertion_line(0.5)
    huge = "Feature: Huge\n" + "  Scenario: s\n    Given the user waits 1.50 seconds\n" * (50 * 1024 * 1024 // 52)
    uri = "file://" + os.path.join(package, "Features", "huge.feature")
    session.server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "cucumber",
                                                                    "version": 1, "text": huge}})
    outline, outline_sent = session.server.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    completion, completion_sent = session.ask("textDocument/completion", {"line": line, "character": len(indent)})
    answers = [session.server.answer(outline), session.server.answer(completion)]
    memory, _ = session.close()
    times = [None if a is None else a[0] - s for a, s in zip(answers, [outline_sent, completion_sent])]
    return times, memory


def main():
    options = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    options.add_argument("--builds", default="debug,release")
    options.add_argument("--workspaces", default="one,spread")
    options.add_argument("--clients", default="neovim,emacs")
    options.add_argument("--package", default=os.path.join(os.environ.get("TMPDIR", "/tmp"), "specs-lsp-bench"))
    options.add_argument("--interval", type=float, default=0.1)
    options.add_argument("--no-huge", action="store_true")
    arguments = options.parse_args()
    names = {"one": "5,000 in one file", "spread": "20,000 in 2,000 files"}
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    print(f"{os.uname().machine}, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start; "
          f"specs {commit}; package {arguments.package}; ms: median / 95th percentile")
    print("| build | workspace | client | typing | completion | hover or tokens | keystroke → diagnostics "
          "| edit → diagnostics | open → diagnostics | peak RSS |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    huge = []
    for configuration in arguments.builds.split(","):
        runner = build(arguments.package, configuration)
        for layout in arguments.workspaces.split(","):
            typed = workspace(arguments.package, layout)
            for client in arguments.clients.split(","):
                session = Session(runner, arguments.package, client, typed)
                rows = []
                for step, fraction, interval in [(TYPED[0], 0.5, arguments.interval), (TYPED[1], 0.25, 0)]:
                    mark = (len(session.completion), len(session.other), len(session.keystroke_diagnostics))
                    line = session.type_step(step, fraction, interval)
                    rows.append((interval, line, mark))
                session.edits_after_pause(rows[-1][1])  # the last typed line: the earlier one has moved
                memory, status = session.close()
                for index, (interval, line, mark) in enumerate(rows):
                    end = rows[index + 1][2] if index + 1 < len(rows) else (None, None, None)
                    pace = f"{interval * 1000:.0f} ms a key" if interval else "burst"
                    other = "hover" if client == "emacs" else "tokens"
                    print(f"| {configuration} | {names[layout]} | {client} | {pace} "
                          f"| {summary(session.completion[mark[0]:end[0]])} "
                          f"| {other} {summary(session.other[mark[1]:end[1]])} "
                          f"| {summary(session.keystroke_diagnostics[mark[2]:end[2]])} "
                          f"| {summary(session.edit_diagnostics) if index == 0 else ''} "
                          f"| {session.opened * 1000:.0f} | {memory} MB |", flush=True)
                if session.failed or session.refused or status != 0:
                    print(f"  ({session.failed} requests unanswered; answered with an error, by code: "
                          f"{session.refused}; exit status {status})")
        if not arguments.no_huge:
            typed = workspace(arguments.package, "one")
            huge.append((configuration, *huge_document(runner, arguments.package, typed)))
    for configuration, (outline, completion), memory in huge:
        show = lambda t: "never" if t is None else f"{t * 1000:.0f} ms"
        print(f"{configuration}, 50 MB document: outline {show(outline)}, a completion asked meanwhile "
              f"{show(completion)}, peak RSS {memory} MB")


if __name__ == "__main__":
    main()
