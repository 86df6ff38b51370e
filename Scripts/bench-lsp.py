#!/usr/bin/env python3
"""Times the language server as an editor meets it, through its pipe.

    Scripts/bench-lsp.py RUNNER [rounds]     (RUNNER: .build/debug/specs, .build/release/specs, ...)

On a 2,000-scenario feature file: a keystroke (a range edit) then completion, the keystroke
to fresh diagnostics, and the outline; medians of the rounds, in milliseconds. Then a 50 MB
document: the time until it is answered, and the server's peak memory. Every figure is a
whole exchange over the pipe, as an editor waits for it."""
import json
import os
import resource
import statistics
import subprocess
import sys
import time

runner = sys.argv[1]
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 20


class Server:
    def __init__(self):
        self.process = subprocess.Popen([runner, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL)
        self.next_id = 0

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.next_id

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def receive(self):
        length = 0
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise SystemExit("the server closed its output")
            if line in (b"\r\n", b"\n"):
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        return json.loads(self.process.stdout.read(length))

    def until(self, predicate):
        while True:
            message = self.receive()
            if predicate(message):
                return message

    def response(self, id):
        return self.until(lambda m: m.get("id") == id)

    def diagnostics(self, uri):
        return self.until(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                          and m["params"]["uri"] == uri)

    def stop(self):
        self.response(self.request("shutdown", {}))
        self.notify("exit", {})
        return self.process.wait(timeout=30)


def ms(seconds):
    return f"{seconds * 1000:.0f}"


server = Server()
server.response(server.request("initialize", {"capabilities": {}}))
server.notify("initialized", {})
scenarios = "".join(f"\n  Scenario: s{i}\n    Given a step that passes\n    And a step that prints \"{i}\"\n"
                    for i in range(2000))
text = "Feature: Large\n" + scenarios
uri = "file:///bench/large.feature"
server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "cucumber", "version": 1,
                                                          "text": text}})
server.diagnostics(uri)
lines = text.count("\n")
completion, diagnostics, outline = [], [], []
for round in range(rounds):
    # A keystroke at the end of the file: "    Given a s", typed one character more each round.
    position = {"line": lines + round, "character": 0}
    edit = {"range": {"start": position, "end": position}, "text": "    Given a step that p\n"}
    started = time.perf_counter()
    server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": round + 2},
                                             "contentChanges": [edit]})
    id = server.request("textDocument/completion", {"textDocument": {"uri": uri},
                                                    "position": {"line": lines + round, "character": 23}})
    server.response(id)
    completion.append(time.perf_counter() - started)
    server.diagnostics(uri)
    diagnostics.append(time.perf_counter() - started)
    started = time.perf_counter()
    server.response(server.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}}))
    outline.append(time.perf_counter() - started)
print(f"2,000 scenarios ({len(text) // 1024} KB), median of {rounds}: keystroke to completion "
      f"{ms(statistics.median(completion))} ms, keystroke to fresh diagnostics {ms(statistics.median(diagnostics))} ms, "
      f"outline {ms(statistics.median(outline))} ms")

huge = "Feature: Huge\n" + "  Scenario: s\n    Given a step that passes\n" * (50 * 1024 * 1024 // 45)
started = time.perf_counter()
server.notify("textDocument/didOpen", {"textDocument": {"uri": "file:///bench/huge.feature", "languageId": "cucumber",
                                                          "version": 1, "text": huge}})
answer = server.diagnostics("file:///bench/huge.feature")
answered = time.perf_counter() - started
started = time.perf_counter()
server.response(server.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 2, "character": 6}}))
after = time.perf_counter() - started
status = server.stop()
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
codes = [d.get("code") for d in answer["params"]["diagnostics"]]
print(f"50 MB document: answered in {answered:.2f} s ({codes}), the next request in {ms(after)} ms, "
      f"server peak {peak} MB, exit status {status} after shutdown/exit")
